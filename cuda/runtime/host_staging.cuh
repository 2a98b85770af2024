// Host-to-device copies of large inputs through pinned staging buffers.
//
// A copy from pageable memory ran at 6.1 GB/s on the H100 host against
// 47 GB/s from pinned memory (scripts/device-profile.sh): the 512 MB of
// scalars of a 2^24-point MSM took 85–135 ms, a third of the whole call.
// Here host threads (a pool of them, gather_pool) copy the source chunk by
// chunk into two pinned buffers in turn while the copy engine moves the
// other one to the device, so the upload runs at the host's parallel memcpy
// rate. The buffers are kept in a process-wide pool (pinning memory costs
// milliseconds) and each call takes its own pair, so concurrent calls never
// share one.
#pragma once
#include <cuda_runtime.h>
#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>
#include "status.cuh"

namespace gpukit {

class staging_pool {
  public:
    // 32 MiB per buffer: large enough that a copy's fixed cost is small,
    // small enough that the first chunk's unoverlapped memcpy is short.
    static constexpr size_t CHUNK = size_t(32) << 20;

    struct pair {
        uint8_t* buffer[2] = {nullptr, nullptr};
    };

    // A pair of pinned buffers, or nullptr where pinned memory is refused
    // (the caller then copies from pageable memory).
    static std::unique_ptr<pair> take() {
        {
            std::lock_guard<std::mutex> lock(instance().mutex_);
            auto& free = instance().free_;
            if (!free.empty()) {
                std::unique_ptr<pair> p = std::move(free.back());
                free.pop_back();
                return p;
            }
        }
        auto p = std::make_unique<pair>();
        for (uint8_t*& b : p->buffer) {
            if (cudaHostAlloc(reinterpret_cast<void**>(&b), CHUNK, cudaHostAllocPortable) != cudaSuccess) {
                cudaGetLastError();
                release_buffers(*p);
                return nullptr;
            }
        }
        return p;
    }

    static void give_back(std::unique_ptr<pair> p) {
        std::lock_guard<std::mutex> lock(instance().mutex_);
        instance().free_.push_back(std::move(p));
    }

  private:
    static staging_pool& instance() {
        // Never destroyed: other static destructors may still copy at exit.
        static staging_pool* pool = new staging_pool;
        return *pool;
    }
    static void release_buffers(pair& p) {
        for (uint8_t*& b : p.buffer) {
            if (b) cudaFreeHost(b);
            b = nullptr;
        }
    }
    std::mutex mutex_;
    std::vector<std::unique_ptr<pair>> free_;
};

// Packed bytes [from, from + len) of `rows` rows of row_bytes each, row j
// at row(j), copied to dst.
template <class Row>
void gather_rows(uint8_t* dst, const Row& row, size_t row_bytes, size_t from, size_t len) {
    while (len > 0) {
        const size_t j = from / row_bytes, in = from % row_bytes, take = std::min(len, row_bytes - in);
        std::memcpy(dst, row(j) + in, take);
        dst += take;
        from += take;
        len -= take;
    }
}

// Host threads that gather a chunk's slices side by side, started once per
// process: spawned anew for every 32 MiB chunk they cost more than the copy
// (on the H100 host, 512 MB gathered by 8 threads spawned per chunk ran at
// 31 GB/s, by 8 kept waiting at 47 GB/s; bench/NOTES.md, v14c). Half the
// host's cores, at most 8: one thread saturates far below the memory bus, a
// few more reach it, and the prover calling us has threads of its own. One
// job at a time: concurrent calls take turns, each bound by the memory bus.
class gather_pool {
  public:
    static gather_pool& instance() {
        // Never destroyed (as staging_pool): its threads wait for work until exit.
        static gather_pool* pool = new gather_pool(std::max(1u, std::min(8u, std::thread::hardware_concurrency() / 2)));
        return *pool;
    }
    // Threads a job runs on, the caller's included.
    unsigned threads() const { return unsigned(helpers_.size()) + 1; }
    // Runs job(k) for every k < threads(), k = 0 on the calling thread, and
    // returns once every one has returned.
    void run(const std::function<void(unsigned)>& job) {
        std::lock_guard<std::mutex> turn(turn_);
        {
            std::lock_guard<std::mutex> lock(mutex_);
            job_ = &job;
            pending_ = unsigned(helpers_.size());
            generation_++;
        }
        wake_.notify_all();
        job(0);
        std::unique_lock<std::mutex> lock(mutex_);
        finished_.wait(lock, [&] { return pending_ == 0; });
    }

  private:
    // Threads that fail to start leave a smaller pool, never a broken one.
    explicit gather_pool(unsigned threads) {
        for (unsigned k = 1; k < threads; k++) {
            try {
                helpers_.emplace_back([this, k] { serve(k); });
            } catch (const std::system_error&) {
                break;
            }
        }
    }
    void serve(unsigned k) {
        uint64_t seen = 0;
        for (;;) {
            const std::function<void(unsigned)>* job;
            {
                std::unique_lock<std::mutex> lock(mutex_);
                wake_.wait(lock, [&] { return generation_ != seen; });
                seen = generation_;
                job = job_;
            }
            (*job)(k);
            std::lock_guard<std::mutex> lock(mutex_);
            if (--pending_ == 0) finished_.notify_one();
        }
    }
    std::mutex turn_, mutex_;
    std::condition_variable wake_, finished_;
    const std::function<void(unsigned)>* job_ = nullptr;
    uint64_t generation_ = 0;
    unsigned pending_ = 0;
    std::vector<std::thread> helpers_;
};

// gather_rows on every thread of the gather pool, an equal slice each.
template <class Row>
void parallel_gather(uint8_t* dst, const Row& row, size_t row_bytes, size_t from, size_t len) {
    gather_pool& pool = gather_pool::instance();
    const size_t part = (len + pool.threads() - 1) / pool.threads();
    pool.run([&](unsigned k) {
        const size_t at = size_t(k) * part;
        if (at < len) gather_rows(dst + at, row, row_bytes, from + at, std::min(part, len - at));
    });
}

// From this many bytes one row goes through the pinned buffers. The
// driver copies pageable memory at 6–10 GB/s on the H100 host: the 16 MiB
// of points and 8 MiB of scalars of a 2^18-point call took ~2.5 ms of its
// ~6. v18c tried the pinned path from 1 MiB and lost, because a copy below
// a chunk was one chunk, gathered by one thread, all before its copy
// started; copies below a chunk now go in quarters (staged_chunk), gathered
// by the pool, each copied while the next is gathered: 2^18-point calls
// 25–35 % faster, 2^16 level, 2^14 (1–1.5 MiB of points) level or slower
// (bench/NOTES.md, v24b), hence 4 MiB.
constexpr size_t PINNED_COPY_MIN_BYTES = size_t(4) << 20;
// Below this many bytes the calling thread gathers a staged copy alone.
constexpr size_t PARALLEL_GATHER_MIN_BYTES = size_t(1) << 20;

// Bytes a chunk of a staged copy of `bytes` takes: a whole staging buffer
// for copies of one or more (their fixed costs small against it), else a
// quarter of the copy, at least 256 KiB, so that the first chunk's gather
// (nothing overlaps it) is short and the copy engine starts early.
inline size_t staged_chunk(size_t bytes) {
    constexpr size_t MIN_CHUNK = size_t(256) << 10;
    if (bytes >= staging_pool::CHUNK) return staging_pool::CHUNK;
    return std::max(MIN_CHUNK, (bytes / 4 + MIN_CHUNK - 1) / MIN_CHUNK * MIN_CHUNK);
}

// One upload from host memory on `stream`: one or several copies, in order,
// of rows of row_bytes each (row j at row(j)), packed one after another at
// each copy's destination. A copy of one row below PINNED_COPY_MIN_BYTES
// goes straight from pageable memory; any other is gathered piece by piece
// into the two pinned buffers in turn, each piece copied to the device
// while the next is gathered, so that many short rows (the vectors of a
// typed batch, 8 KiB each for Verkle) cost one device copy per piece
// instead of one each. The pieces of consecutive copies follow one another
// without a wait: a wait after each copy would leave its last piece's
// transfer and the next copy's first gather unoverlapped (a one-shot
// call's scalars and points, and its parts, are one upload: bench/NOTES.md
// v33a). A copy's rows may be reused once copy() returns; the pinned
// buffers go back to the pool once the last piece has left them
// (finish(), or the destructor, which never throws).
class staged_upload {
  public:
    explicit staged_upload(cudaStream_t stream) : stream_(stream) {}
    staged_upload(const staged_upload&) = delete;
    staged_upload& operator=(const staged_upload&) = delete;
    ~staged_upload() { release(); }

    cudaStream_t stream() const { return stream_; }

    template <class Row>
    void copy(void* dst, const Row& row, size_t rows, size_t row_bytes) {
        const size_t bytes = rows * row_bytes;
        if (bytes == 0) return;
        if ((rows > 1 || bytes >= PINNED_COPY_MIN_BYTES) && !staging_ && !refused_) take_staging();
        if (!staging_) {
            for (size_t j = 0; j < rows; j++)
                GPUKIT_CUDA(cudaMemcpyAsync(static_cast<uint8_t*>(dst) + j * row_bytes, row(j), row_bytes,
                                            cudaMemcpyHostToDevice, stream_));
            return;
        }
        // A short copy (the rows of a small typed batch) stays on this
        // thread: waking the pool costs more.
        const bool alone = bytes < PARALLEL_GATHER_MIN_BYTES;
        const size_t chunk = staged_chunk(bytes);
        auto* d = static_cast<uint8_t*>(dst);
        for (size_t off = 0; err_ == cudaSuccess && off < bytes; off += chunk, pieces_++) {
            const size_t len = std::min(chunk, bytes - off);
            const size_t b = pieces_ % 2;
            // The buffer's previous piece (two pieces back) must have left it.
            if (pieces_ >= 2) err_ = cudaEventSynchronize(done_[b]);
            if (err_ != cudaSuccess) break;
            if (alone)
                gather_rows(staging_->buffer[b], row, row_bytes, off, len);
            else
                parallel_gather(staging_->buffer[b], row, row_bytes, off, len);
            err_ = cudaMemcpyAsync(d + off, staging_->buffer[b], len, cudaMemcpyHostToDevice, stream_);
            if (err_ == cudaSuccess) err_ = cudaEventRecord(done_[b], stream_);
        }
        check_cuda(err_, "staged host-to-device copy");
    }

    // Copies `bytes` from host memory at `src` to the device at `dst`.
    void copy_bytes(void* dst, const void* src, size_t bytes) {
        const auto* s = static_cast<const uint8_t*>(src);
        copy(dst, [s](size_t) { return s; }, 1, bytes);
    }

    // Waits for the last piece to leave the pinned buffers (not for the
    // stream's later work) and gives them back to the pool.
    void finish() {
        const cudaError_t drained = release();
        check_cuda(err_, "staged host-to-device copy");
        check_cuda(drained, "waiting for the staged copy");
    }

  private:
    void take_staging() {
        staging_ = staging_pool::take();
        refused_ = !staging_;
        if (!staging_) return;
        for (cudaEvent_t& e : done_)
            if (cudaEventCreateWithFlags(&e, cudaEventDisableTiming) != cudaSuccess) err_ = cudaErrorMemoryAllocation;
    }
    cudaError_t release() {
        cudaError_t drained = cudaSuccess;
        // After a failed piece its event may not have been recorded: then
        // the whole stream.
        if (staging_ && pieces_ > 0)
            drained = err_ == cudaSuccess ? cudaEventSynchronize(done_[(pieces_ - 1) % 2])
                                          : cudaStreamSynchronize(stream_);
        for (cudaEvent_t& e : done_) {
            if (e) cudaEventDestroy(e);
            e = nullptr;
        }
        // Where the wait failed the copy engine may still read the buffers:
        // they are left pinned, never handed to another call.
        if (staging_ && drained == cudaSuccess) staging_pool::give_back(std::move(staging_));
        staging_.reset();
        return drained;
    }

    cudaStream_t stream_;
    std::unique_ptr<staging_pool::pair> staging_;
    bool refused_ = false;
    cudaEvent_t done_[2] = {nullptr, nullptr};
    size_t pieces_ = 0;
    cudaError_t err_ = cudaSuccess;
};

}  // namespace gpukit
