// Host-to-device copies of large inputs through pinned staging buffers.
//
// A copy from pageable memory ran at 6.1 GB/s on the H100 host against
// 47 GB/s from pinned memory (scripts/device-profile.sh): the 512 MB of
// scalars of a 2^24-point MSM took 85–135 ms, a third of the whole call.
// Here host threads (a pool of them a device, host_gather.cuh) copy the
// source chunk by chunk into two pinned buffers in turn while the copy
// engine moves the other one to the device, so the upload runs at the
// host's parallel memcpy rate. The buffers are kept in a process-wide pool
// (pinning memory costs milliseconds) and each call takes its own pair, so
// concurrent calls never share one.
#pragma once
#include <cuda_runtime.h>
#include <algorithm>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>
#include "device_buffer.cuh"
#include "env.cuh"
#include "host_gather.cuh"
#include "kept.cuh"
#include "page_locked.cuh"
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
        if (std::optional<std::unique_ptr<pair>> kept_pair = instance().free_.take()) return std::move(*kept_pair);
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

    static void give_back(std::unique_ptr<pair> p) { instance().free_.give_back(std::move(p)); }

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
    kept<std::unique_ptr<pair>> free_;
};

// The gather pool of the calling thread's current device, started on first
// use: one a device, so that the slices of a call spread over several GPUs
// gather side by side instead of taking turns in one (two H200s' 512 MiB
// halves: 63 GB/s together through a pool of 8 each, 51 through one of 16;
// bench/NOTES.md v34c). The host's cores shared among the devices, at most
// 16 a pool: a gathering thread is bound by its memory latency, not the bus
// (on a two-H200 host 8 threads copied 512 MiB at 34 GB/s, 16 at 49, 32 at
// 63; two pools of 8 at once 44.5 together, of 16 67), and the pools work
// only while the call that woke them waits for its upload (v43).
// GPUKIT_GATHER_THREADS (read once per process) sets a pool's threads, for
// benchmarks.
inline gather_pool& device_gather_pool() {
    constexpr int MAX_POOLS = 64;
    static std::mutex mutex;
    // Never destroyed: their threads wait for work until exit.
    static gather_pool* pools[MAX_POOLS] = {};
    int device = 0;
    if (cudaGetDevice(&device) != cudaSuccess || device < 0 || device >= MAX_POOLS) device = 0;
    cudaGetLastError();
    std::lock_guard<std::mutex> lock(mutex);
    if (!pools[device]) {
        int devices = 1;
        if (cudaGetDeviceCount(&devices) != cudaSuccess || devices < 1) devices = 1;
        cudaGetLastError();
        const unsigned share = std::thread::hardware_concurrency() / unsigned(devices);
        const size_t threads = env_count("GPUKIT_GATHER_THREADS", std::max(1u, std::min(16u, share)));
        pools[device] = new gather_pool(unsigned(std::max<size_t>(1, std::min<size_t>(64, threads))));
    }
    return *pools[device];
}

// From this many bytes one row goes through the pinned buffers. The
// driver copies pageable memory at 6–12 GB/s (one thread's memcpy into its
// own staging): a 2^16-point call's 2 MiB of scalars and 4 MiB of points
// took 490 µs on the H200 host, against ~200 through the pool's streamed
// gather in one piece each (bench/NOTES.md v34a; v24b's 4 MiB was measured
// with plain stores, whose pieces copied at half speed). Below, the
// pageable copy's few tens of µs beat waking the pool.
constexpr size_t PINNED_COPY_MIN_BYTES = size_t(1) << 20;

// GPUKIT_PINNED_COPY_MIN (bytes, read once per process) sets
// PINNED_COPY_MIN_BYTES, for benchmarks: 0 stages every copy.
inline size_t pinned_copy_min_bytes() {
    static const size_t bytes = env_count("GPUKIT_PINNED_COPY_MIN", PINNED_COPY_MIN_BYTES);
    return bytes;
}
// Below this many bytes the calling thread gathers a staged copy alone.
constexpr size_t PARALLEL_GATHER_MIN_BYTES = size_t(1) << 20;
// Wakes the current device's gather pool ahead of an upload whose largest
// row has `bytes` (a copy of one row), where staged_upload::copy will
// gather it in parallel: its helpers spin when the first piece comes
// instead of waking from sleep then (gather_pool::warm).
inline void warm_gather_pool(size_t bytes) {
    if (bytes >= pinned_copy_min_bytes() && bytes >= PARALLEL_GATHER_MIN_BYTES) device_gather_pool().warm();
}

// Bytes a piece of a staged copy of `bytes` takes: the copy itself below a
// staging buffer, else whole buffers.
inline size_t staged_chunk(size_t bytes) { return std::min(bytes, staging_pool::CHUNK); }

// How staged pieces go to the device, for benchmarks
// (GPUKIT_GATHER_TRANSFERS, read once per process): `0` one transfer a
// piece, `all` transfers also for the whole buffers of an upload in parts
// (see transfer_bytes); unset, automatic.
enum class transfer_mode { automatic, off, everywhere };
inline transfer_mode transfer_override() {
    static const transfer_mode mode = [] {
        if (env_is_zero("GPUKIT_GATHER_TRANSFERS")) return transfer_mode::off;
        if (env_is("GPUKIT_GATHER_TRANSFERS", "all")) return transfer_mode::everywhere;
        return transfer_mode::automatic;
    }();
    return mode;
}

// The smallest transfer of a piece cut into several: BN254 one-shot
// 2^14–2^16, whose 1–4 MiB copies went in 256–512 KiB transfers, ran
// 0.02–0.07 ms slower than with one transfer a copy (bench/NOTES.md v40).
// GPUKIT_TRANSFER_MIN (bytes, read once per process) sets it, for
// benchmarks.
constexpr size_t TRANSFER_MIN_BYTES = size_t(4) << 20;
inline size_t transfer_min_bytes() {
    static const size_t bytes = env_count("GPUKIT_TRANSFER_MIN", TRANSFER_MIN_BYTES);
    return bytes;
}

// A piece gathered in parallel, in items of `item` bytes, goes to the
// device in transfers of this many bytes (whole items), each as soon as its
// bytes are gathered, so that the copy engine starts after the first
// transfer's gather instead of the whole piece's and the two overlap: an
// eighth of the piece, at least transfer_min_bytes(). Resident calls'
// scalars, 32 MiB pieces whose upload the MSM waits for, gained 0.15–0.8 ms
// at 2^20–2^24 (v40). `in_parts`: a whole buffer of an upload in parts,
// each copied while the part before runs its MSM, where the pieces already
// overlap one another: one transfer. Transfers there made BLS12-381 G1
// one-shot 2^22–2^24 1.5–5 ms slower (perhaps the copy engine reading
// lines that plain stores had just left in the gathering cores' caches,
// which v34a measured at half speed).
inline size_t transfer_bytes(size_t piece, size_t item, bool in_parts) {
    const transfer_mode mode = transfer_override();
    if (mode == transfer_mode::off || (in_parts && mode == transfer_mode::automatic)) return piece;
    const size_t eighth = std::max(piece / 8, transfer_min_bytes());
    return (eighth + item - 1) / item * item;
}

// Bytes of a gather item of a piece of `bytes` on `threads` threads:
// gather_item_bytes, or GPUKIT_GATHER_ITEM (bytes, rounded up to whole
// lines; read once per process) for benchmarks.
inline size_t staged_item_bytes(size_t bytes, unsigned threads) {
    static const size_t forced = (env_count("GPUKIT_GATHER_ITEM", 0) + 63) / 64 * 64;
    return forced ? forced : gather_item_bytes(bytes, threads);
}

// Whether a staged copy of `bytes` is gathered by non-temporal stores
// (stream_copy): below a staging buffer, where the source is likely in the
// host's caches and the piece would otherwise sit dirty in the gathering
// cores' own; a copy of whole buffers from memory keeps plain stores, whose
// buffers stay in the shared cache for the copy engine (1 GiB from memory
// staged at 50 GB/s plainly, 36–41 streamed; v34a).
inline bool streamed_gather(size_t bytes) { return bytes < staging_pool::CHUNK; }

// One upload from host memory on `stream`: one or several copies, in order,
// of rows of row_bytes each (row j at row(j)), packed one after another at
// each copy's destination. A copy of one row below pinned_copy_min_bytes()
// goes straight from pageable memory; any other is gathered piece by piece
// into the two pinned buffers in turn (by the current device's gather
// pool), each piece copied to the device while the next is gathered (in
// transfers as its bytes are gathered: transfer_bytes), so
// that many short rows (the vectors of a typed batch, 8 KiB each for
// Verkle) cost one device copy per piece instead of one each. The pieces
// of consecutive copies follow one another without a wait: a wait after
// each copy would leave its last piece's transfer and the next copy's
// first gather unoverlapped (a one-shot call's scalars and points, and its
// parts, are one upload: bench/NOTES.md v33a). A copy's rows may be reused
// once copy() returns, but for rows in a range the caller page-locked,
// which go by DMA from where they lie (copy_direct) and are read until
// finish() or the destructor; the pinned buffers go back to the pool once
// the last piece has left them (finish(), or the destructor, which never
// throws).
//
// The kernels that read the copies (decodes) may run on a stream of their
// own, `kernels`: then hand_over() makes them wait for the copies so far,
// and no copy ever waits behind a kernel in stream order. A one-shot call's
// parts upload while the part before runs its MSM, whose blocks fill the
// device: a decode between two copies on one stream waited for an SM, and
// every later copy, and the host gathering into the buffer that copy would
// free, with it (BN254 2^24: 1.5 GB gathered at 29 GB/s in the call against
// 50 alone; v34b).
class staged_upload {
  public:
    explicit staged_upload(cudaStream_t stream, cudaStream_t kernels = nullptr)
        : stream_(stream), kernels_(kernels ? kernels : stream) {}
    staged_upload(const staged_upload&) = delete;
    staged_upload& operator=(const staged_upload&) = delete;
    ~staged_upload() { release(); }

    // The stream the copies run on.
    cudaStream_t stream() const { return stream_; }
    // The stream the kernels that read the copies run on.
    cudaStream_t kernel_stream() const { return kernels_; }

    // Makes the kernel stream wait for every copy enqueued so far.
    void hand_over() { order(stream_, kernels_, copied_); }
    // Makes later copies wait for every kernel enqueued so far (before a
    // device buffer those kernels read is refilled or freed).
    void wait_for_kernels() { order(kernels_, stream_, computed_); }

    template <class Row>
    void copy(void* dst, const Row& row, size_t rows, size_t row_bytes) {
        const size_t bytes = rows * row_bytes;
        if (bytes == 0) return;
        if (const std::vector<locked_span> spans = page_locked(row, rows, row_bytes); !spans.empty()) {
            copy_direct(dst, row, row_bytes, spans);
            return;
        }
        if ((rows > 1 || bytes >= pinned_copy_min_bytes()) && !staging_ && !refused_) take_staging();
        if (!staging_) {
            for (size_t j = 0; j < rows; j++)
                GPUKIT_CUDA(cudaMemcpyAsync(static_cast<uint8_t*>(dst) + j * row_bytes, row(j), row_bytes,
                                            cudaMemcpyHostToDevice, stream_));
            return;
        }
        // A short copy (the rows of a small typed batch) stays on this
        // thread: waking the pool costs more.
        const bool alone = bytes < PARALLEL_GATHER_MIN_BYTES, streamed = streamed_gather(bytes);
        const size_t chunk = staged_chunk(bytes);
        auto* d = static_cast<uint8_t*>(dst);
        for (size_t off = 0; err_ == cudaSuccess && off < bytes; off += chunk, pieces_++) {
            const size_t len = std::min(chunk, bytes - off);
            const size_t b = pieces_ % 2;
            // The buffer's previous piece (two pieces back) must have left it.
            if (pieces_ >= 2) err_ = cudaEventSynchronize(done_[b]);
            if (err_ != cudaSuccess) break;
            uint8_t* buffer = staging_->buffer[b];
            const auto transfer = [&](size_t at, size_t n) {
                if (err_ == cudaSuccess)
                    err_ = cudaMemcpyAsync(d + off + at, buffer + at, n, cudaMemcpyHostToDevice, stream_);
            };
            if (alone) {
                gather_rows(buffer, row, row_bytes, off, len, streamed);
                transfer(0, len);
            } else {
                const size_t item = staged_item_bytes(len, pool_->threads());
                const bool in_parts = !streamed && kernels_ != stream_;
                parallel_gather(*pool_, buffer, row, row_bytes, off, len, streamed, item,
                                transfer_bytes(len, item, in_parts), transfer);
            }
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

    // The locked pages of each row's range where every row lies in a range
    // the caller page-locked (page_locked.cuh), else none: copy() then sends
    // the rows by DMA straight from them. Short rows (a typed batch's
    // vectors, 8 KiB each for Verkle) are gathered even then: a copy each
    // would cost a driver call each.
    template <class Row>
    static std::vector<locked_span> page_locked(const Row& row, size_t rows, size_t row_bytes) {
        const page_locked_ranges& ranges = page_locked_ranges::instance();
        if (!ranges.any() || (rows > 1 && row_bytes < PINNED_COPY_MIN_BYTES)) return {};
        std::vector<locked_span> spans(rows);
        for (size_t j = 0; j < rows; j++)
            if (!ranges.find(row(j), row_bytes, spans[j])) return {};
        return spans;
    }

  private:
    // Each row's locked pages by one DMA copy, straight from the caller's
    // memory, and its bytes on the pages it shares with its neighbours (less
    // than a page at either end) from pageable memory. The copy engine reads
    // the locked pages after copy() returns: release() waits for the last
    // copy, so that no call returns while its input is still read.
    template <class Row>
    void copy_direct(void* dst, const Row& row, size_t row_bytes, const std::vector<locked_span>& spans) {
        if (!direct_) direct_.emplace();
        try {
            for (size_t j = 0; j < spans.size(); j++) {
                auto* d = static_cast<uint8_t*>(dst) + j * row_bytes;
                const uintptr_t s = reinterpret_cast<uintptr_t>(row(j)), e = s + row_bytes;
                const uintptr_t lo = std::clamp(spans[j].begin, s, e), hi = std::clamp(spans[j].end, lo, e);
                const auto send = [&](uintptr_t from, uintptr_t to) {
                    if (to > from)
                        GPUKIT_CUDA(cudaMemcpyAsync(d + (from - s), reinterpret_cast<const void*>(from), to - from,
                                                    cudaMemcpyHostToDevice, stream_));
                };
                send(lo, hi);
                send(s, lo);
                send(hi, e);
            }
        } catch (...) {
            // The rows before the failed one may still be in flight.
            cudaStreamSynchronize(stream_);
            throw;
        }
        direct_->record(stream_);
    }
    // `to` waits for the work enqueued on `from` so far (nothing where they
    // are one stream).
    void order(cudaStream_t from, cudaStream_t to, std::optional<event_handle>& event) {
        if (from == to) return;
        if (!event) event.emplace();
        event->record(from);
        event->wait_in(to);
    }
    void take_staging() {
        staging_ = staging_pool::take();
        refused_ = !staging_;
        if (!staging_) return;
        pool_ = &device_gather_pool();
        for (cudaEvent_t& e : done_)
            if (cudaEventCreateWithFlags(&e, cudaEventDisableTiming) != cudaSuccess) err_ = cudaErrorMemoryAllocation;
    }
    cudaError_t release() {
        cudaError_t drained = direct_ ? cudaEventSynchronize(direct_->get()) : cudaSuccess;
        direct_.reset();
        // After a failed piece its event may not have been recorded: then
        // the whole stream.
        if (staging_ && pieces_ > 0 && drained == cudaSuccess)
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

    cudaStream_t stream_, kernels_;
    gather_pool* pool_ = nullptr;
    std::optional<event_handle> copied_, computed_, direct_;
    std::unique_ptr<staging_pool::pair> staging_;
    bool refused_ = false;
    cudaEvent_t done_[2] = {nullptr, nullptr};
    size_t pieces_ = 0;
    cudaError_t err_ = cudaSuccess;
};

}  // namespace gpukit
