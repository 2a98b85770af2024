// extern "C" entry point that runs the host gathers of
// cuda/runtime/host_gather.cuh (built by g++ through cc in build.rs, like
// plan_shim.cpp): packed bytes from strided rows, on a pool of the asked
// size, with plain or non-temporal stores.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <mutex>

#include "../../runtime/host_gather.cuh"

using namespace gpukit;

// Bytes [from, from + len) of the rows packed one after another, row j of
// row_bytes starting at base + j·stride, written to dst by a pool of
// `threads` (1 to 16; each size started once and kept, as the library's
// pools are never destroyed). Returns 0, or -1 for a pool size out of range
// or a failure.
static gather_pool* pool_of(uint32_t threads) {
    constexpr uint32_t MAX_THREADS = 16;
    static std::mutex mutex;
    static gather_pool* pools[MAX_THREADS + 1] = {};
    if (threads < 1 || threads > MAX_THREADS) return nullptr;
    std::lock_guard<std::mutex> lock(mutex);
    if (!pools[threads]) pools[threads] = new gather_pool(threads);
    return pools[threads];
}

extern "C" int gpukit_check_gather(uint32_t threads, int streamed, const uint8_t* base, size_t stride,
                                   size_t row_bytes, size_t from, size_t len, uint8_t* dst) {
    if (row_bytes == 0) return -1;
    try {
        gather_pool* pool = pool_of(threads);
        if (!pool) return -1;
        const auto row = [base, stride](size_t j) { return base + j * stride; };
        parallel_gather(*pool, dst, row, row_bytes, from, len, streamed != 0);
        return 0;
    } catch (...) {
        return -1;
    }
}

// Wakes the pool of `threads` to spin (gather_pool::warm). Returns 0, or -1
// for a pool size out of range or a failure.
extern "C" int gpukit_check_gather_warm(uint32_t threads) {
    try {
        gather_pool* pool = pool_of(threads);
        if (!pool) return -1;
        pool->warm();
        return 0;
    } catch (...) {
        return -1;
    }
}

// As gpukit_check_gather, in items of `item` bytes, with pieces of `piece`
// bytes handed on as they are gathered (parallel_gather's `ready`): for each, its start and length go to
// starts[k] and lengths[k] (k < capacity; *handed counts them all) and its
// bytes, as they are when it is handed on, to the same place in `snapshot`.
// Returns 0, or -1 for a pool size out of range or a failure.
extern "C" int gpukit_check_gather_pieces(uint32_t threads, int streamed, const uint8_t* base, size_t stride,
                                          size_t row_bytes, size_t from, size_t len, size_t item, size_t piece,
                                          uint8_t* dst,
                                          uint8_t* snapshot, size_t* starts, size_t* lengths, size_t capacity,
                                          size_t* handed) {
    if (row_bytes == 0 || item == 0 || item % 64 != 0) return -1;
    try {
        gather_pool* pool = pool_of(threads);
        if (!pool) return -1;
        const auto row = [base, stride](size_t j) { return base + j * stride; };
        size_t count = 0;
        const auto ready = [&](size_t at, size_t bytes) {
            if (count < capacity) {
                starts[count] = at;
                lengths[count] = bytes;
            }
            count++;
            // The bytes handed on must stay in [0, len).
            if (at <= len && bytes <= len - at) std::memcpy(snapshot + at, dst + at, bytes);
        };
        parallel_gather(*pool, dst, row, row_bytes, from, len, streamed != 0, item, piece, ready);
        *handed = count;
        return 0;
    } catch (...) {
        return -1;
    }
}
