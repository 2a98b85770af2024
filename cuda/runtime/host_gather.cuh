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
#include "spin_wait.cuh"

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
// A job is a count of items that every thread, the caller's included,
// claims one at a time in increasing order, so that the caller starts at
// once and a helper still waking finds fewer items instead of holding the
// job up: on the H200 host eight threads gathered 2 MiB in 118 µs after
// 2 ms idle and in 44 µs right after another job, and 87 µs 20 µs after
// warm() (bench/NOTES.md v39). The caller waits only for items claimed, so
// a helper that wakes after the last claim never delays it. Helpers spin for
// SPIN after each job and after warm(), which a call sends ahead of its
// first copy; then they sleep.
class gather_pool {
  public:
    using clock = std::chrono::steady_clock;
    static constexpr clock::duration SPIN = std::chrono::microseconds(300);

    // Threads that fail to start leave a smaller pool, never a broken one.
    // A pool is never destroyed: its threads wait for work until exit.
    explicit gather_pool(unsigned threads) {
        for (unsigned k = 1; k < threads; k++) {
            try {
                helpers_.emplace_back([this] { serve(); });
            } catch (const std::system_error&) {
                break;
            }
        }
    }
    gather_pool(const gather_pool&) = delete;
    gather_pool& operator=(const gather_pool&) = delete;
    // Threads a job runs on, the caller's included.
    unsigned threads() const { return unsigned(helpers_.size()) + 1; }

    // Runs work(i) once for every i < count (below 2^32) on the
    // pool's threads, the calling one's included. The calling thread runs
    // poll(), where given, before each item it claims, while it waits for
    // the helpers' last items, and once after every item has returned;
    // run() then returns. work must not throw.
    void run(size_t count, const std::function<void(size_t)>& work, const std::function<void()>& poll = nullptr) {
        std::lock_guard<std::mutex> turn(turn_);
        {
            std::lock_guard<std::mutex> lock(mutex_);
            work_ = &work;
            finished_.store(0, std::memory_order_relaxed);
            // The count and the next index in one word: a claim is one
            // compare-and-swap, and a helper still looking at the job before
            // can only claim this job's items, never an index past its count.
            claim_.store(uint64_t(count) << 32, std::memory_order_release);
            spin_for_a_while();
            generation_.fetch_add(1, std::memory_order_release);
        }
        wake_.notify_all();
        for (size_t i = 0;;) {
            if (poll) poll();
            if (!claim(i)) break;
            work(i);
            finished_.fetch_add(1, std::memory_order_release);
        }
        // The helpers' last items: each one a few µs, running already.
        for (unsigned k = 0; finished_.load(std::memory_order_acquire) < count; k++) {
            if (poll) poll();
            if (k < 4096)
                spin_pause();
            else
                std::this_thread::yield();
        }
        if (poll) poll();
        spin_for_a_while();
    }

    // Wakes the helpers to spin for SPIN, so that a job posted meanwhile
    // starts on every thread at once.
    void warm() {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            spin_for_a_while();
        }
        wake_.notify_all();
    }

  private:
    void spin_for_a_while() {
        spin_until_.store((clock::now() + SPIN).time_since_epoch().count(), std::memory_order_relaxed);
    }
    bool spinning() const {
        return clock::now().time_since_epoch().count() < spin_until_.load(std::memory_order_relaxed);
    }
    // The next item of the current job, if one is left.
    bool claim(size_t& item) {
        uint64_t word = claim_.load(std::memory_order_acquire);
        while (uint32_t(word) < uint32_t(word >> 32)) {
            if (claim_.compare_exchange_weak(word, word + 1, std::memory_order_acq_rel, std::memory_order_acquire)) {
                item = uint32_t(word);
                return true;
            }
        }
        return false;
    }
    void serve() {
        uint64_t seen = 0;
        for (;;) {
            // A job's words are written before its generation is released.
            while (generation_.load(std::memory_order_acquire) == seen) {
                if (spinning()) {
                    spin_pause();
                    continue;
                }
                std::unique_lock<std::mutex> lock(mutex_);
                wake_.wait(lock, [&] { return generation_.load(std::memory_order_relaxed) != seen || spinning(); });
            }
            seen = generation_.load(std::memory_order_acquire);
            // A claimed item keeps its job's caller waiting, so work_ is
            // still that job's when it is read.
            for (size_t i = 0; claim(i);) {
                (*work_)(i);
                finished_.fetch_add(1, std::memory_order_release);
            }
        }
    }
    std::mutex turn_, mutex_;
    std::condition_variable wake_;
    const std::function<void(size_t)>* work_ = nullptr;
    std::atomic<uint64_t> claim_{0}, generation_{0};
    std::atomic<size_t> finished_{0};
    std::atomic<clock::rep> spin_until_{0};
    std::vector<std::thread> helpers_;
};

// Bytes a gather item takes by default for a gather of `len` bytes on
// `threads` threads: whole lines of 64 bytes (a line written by two threads
// would be streamed in pieces), at least 64 KiB, so that claiming costs
// nothing, and a quarter of a thread's share, so that a thread's reads and
// writes run on for long and a slow thread still holds up little.
inline size_t gather_item_bytes(size_t len, unsigned threads) {
    constexpr size_t MIN = size_t(64) << 10;
    const size_t quarter_share = len / (4 * size_t(std::max(threads, 1u)));
    return std::max(MIN, (quarter_share + MIN - 1) / MIN * MIN);
}

// gather_rows on every thread of `pool`, in items of `item` bytes (a
// multiple of 64; 0 takes gather_item_bytes). Where `ready` is given, the
// calling thread calls ready(at, bytes) for every piece [at, at + bytes)
// of `piece` bytes (whole items; the last piece shorter) in order, as soon
// as the piece is gathered, so that its copy to the device starts while
// later pieces are gathered.
template <class Row>
void parallel_gather(gather_pool& pool, uint8_t* dst, const Row& row, size_t row_bytes, size_t from, size_t len,
                     bool streamed, size_t item = 0, size_t piece = 0,
                     const std::function<void(size_t, size_t)>& ready = nullptr) {
    if (len == 0) return;
    if (item == 0) item = gather_item_bytes(len, pool.threads());
    const size_t items = (len + item - 1) / item;
    const size_t per_piece = ready ? std::max<size_t>(1, piece / item) : items;
    const size_t pieces = (items + per_piece - 1) / per_piece;
    const auto bytes_of = [&](size_t first, size_t count) { return std::min(count * item, len - first * item); };
    std::vector<std::atomic<uint32_t>> gathered(ready ? pieces : 0);
    size_t handed = 0;
    const auto hand_ready_pieces = [&] {
        while (handed < pieces) {
            const size_t first = handed * per_piece, count = std::min(per_piece, items - first);
            if (gathered[handed].load(std::memory_order_acquire) < count) return;
            ready(first * item, bytes_of(first, count));
            handed++;
        }
    };
    pool.run(
        items,
        [&](size_t i) {
            gather_rows(dst + i * item, row, row_bytes, from + i * item, bytes_of(i, 1), streamed);
            if (ready) gathered[i / per_piece].fetch_add(1, std::memory_order_release);
        },
        ready ? std::function<void()>(hand_ready_pieces) : nullptr);
}

}  // namespace gpukit
