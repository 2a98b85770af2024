// Host-side gathers of packed bytes from many rows, on a pool of host
// threads, for the staged uploads of host_staging.cuh. Plain C++ (no CUDA),
// so that the host checks (cuda/tests) run it without a device.
#pragma once
#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <functional>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>
#if defined(__x86_64__)
#include <emmintrin.h>
#endif

namespace gpukit {

// Copies len bytes with non-temporal stores where the host has them (x86-64):
// the lines go to memory instead of the gathering core's own caches. A
// pinned piece the copy engine then reads out of other cores' private
// caches crossed at half speed: 6 MiB gathered by 8 threads took 486 µs to
// copy against 124 µs untouched, and with these stores 123 µs (H200 host,
// bench/NOTES.md v34a). Elsewhere a plain memcpy.
inline void stream_copy(uint8_t* dst, const uint8_t* src, size_t len) {
#if defined(__x86_64__)
    const size_t head = std::min(len, size_t((16 - (reinterpret_cast<uintptr_t>(dst) & 15)) & 15));
    std::memcpy(dst, src, head);
    dst += head;
    src += head;
    len -= head;
    for (; len >= 64; len -= 64, dst += 64, src += 64) {
        const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src));
        const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + 16));
        const __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + 32));
        const __m128i d = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + 48));
        _mm_stream_si128(reinterpret_cast<__m128i*>(dst), a);
        _mm_stream_si128(reinterpret_cast<__m128i*>(dst + 16), b);
        _mm_stream_si128(reinterpret_cast<__m128i*>(dst + 32), c);
        _mm_stream_si128(reinterpret_cast<__m128i*>(dst + 48), d);
    }
    std::memcpy(dst, src, len);
    // The stores are weakly ordered: drained before the piece is handed on.
    _mm_sfence();
#else
    std::memcpy(dst, src, len);
#endif
}

// Packed bytes [from, from + len) of `rows` rows of row_bytes each, row j
// at row(j), copied to dst, by non-temporal stores where `streamed`.
template <class Row>
void gather_rows(uint8_t* dst, const Row& row, size_t row_bytes, size_t from, size_t len, bool streamed) {
    while (len > 0) {
        const size_t j = from / row_bytes, in = from % row_bytes, take = std::min(len, row_bytes - in);
        if (streamed)
            stream_copy(dst, row(j) + in, take);
        else
            std::memcpy(dst, row(j) + in, take);
        dst += take;
        from += take;
        len -= take;
    }
}

// Host threads that gather a chunk's slices side by side, started once per
// process: spawned anew for every 32 MiB chunk they cost more than the copy
// (on the H100 host, 512 MB gathered by 8 threads spawned per chunk ran at
// 31 GB/s, by 8 kept waiting at 47 GB/s; bench/NOTES.md, v14c). One job at
// a time: concurrent callers take turns, each bound by the memory bus.
// host_staging.cuh keeps one pool a device.
//
// Helpers woken from sleep start late: on the H200 host eight threads
// gathered 2 MiB in 118 µs after 2 ms idle and in 44 µs right after
// another job, and each of a 2^16-point call's two pieces paid it
// (bench/NOTES.md v39). So helpers spin for SPIN after each job and after
// warm(), which a call sends ahead of its first piece; then they sleep.
class gather_pool {
  public:
    using clock = std::chrono::steady_clock;
    static constexpr clock::duration SPIN = std::chrono::microseconds(300);

    // Threads that fail to start leave a smaller pool, never a broken one.
    // A pool is never destroyed: its threads wait for work until exit.
    explicit gather_pool(unsigned threads) {
        for (unsigned k = 1; k < threads; k++) {
            try {
                helpers_.emplace_back([this, k] { serve(k); });
            } catch (const std::system_error&) {
                break;
            }
        }
    }
    gather_pool(const gather_pool&) = delete;
    gather_pool& operator=(const gather_pool&) = delete;
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
            spin_until_.store((clock::now() + SPIN).time_since_epoch().count(), std::memory_order_relaxed);
            generation_.fetch_add(1, std::memory_order_release);
        }
        wake_.notify_all();
        job(0);
        std::unique_lock<std::mutex> lock(mutex_);
        finished_.wait(lock, [&] { return pending_ == 0; });
    }

    // Wakes the helpers to spin for SPIN, so that a job posted meanwhile
    // starts at once.
    void warm() {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            spin_until_.store((clock::now() + SPIN).time_since_epoch().count(), std::memory_order_relaxed);
        }
        wake_.notify_all();
    }

  private:
    bool spinning() const {
        return clock::now().time_since_epoch().count() < spin_until_.load(std::memory_order_relaxed);
    }
    static void relax() {
#if defined(__x86_64__)
        _mm_pause();
#else
        std::this_thread::yield();
#endif
    }
    void serve(unsigned k) {
        uint64_t seen = 0;
        for (;;) {
            // A job's pointer is written before its generation is released.
            while (generation_.load(std::memory_order_acquire) == seen) {
                if (spinning()) {
                    relax();
                    continue;
                }
                std::unique_lock<std::mutex> lock(mutex_);
                wake_.wait(lock, [&] { return generation_.load(std::memory_order_relaxed) != seen || spinning(); });
            }
            seen = generation_.load(std::memory_order_acquire);
            (*job_)(k);
            std::lock_guard<std::mutex> lock(mutex_);
            if (--pending_ == 0) finished_.notify_one();
        }
    }
    std::mutex turn_, mutex_;
    std::condition_variable wake_, finished_;
    const std::function<void(unsigned)>* job_ = nullptr;
    std::atomic<uint64_t> generation_{0};
    std::atomic<clock::rep> spin_until_{0};
    unsigned pending_ = 0;
    std::vector<std::thread> helpers_;
};

// gather_rows on every thread of `pool`, an equal slice each, whole lines
// of 64 bytes but the last (a line written by two threads would be
// streamed in pieces).
template <class Row>
void parallel_gather(gather_pool& pool, uint8_t* dst, const Row& row, size_t row_bytes, size_t from, size_t len,
                     bool streamed) {
    const size_t part = (len / pool.threads() + 63) / 64 * 64;
    pool.run([&](unsigned k) {
        const size_t at = size_t(k) * part;
        if (at >= len) return;
        const size_t take = k + 1 == pool.threads() ? len - at : std::min(part, len - at);
        gather_rows(dst + at, row, row_bytes, from + at, take, streamed);
    });
}

}  // namespace gpukit
