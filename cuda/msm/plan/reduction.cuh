// The sizes of the bucket reduction (bucket_reduce.cuh): chunks per level,
// when a group weighs its buckets directly, and the device bytes it needs.
// Host only, apart from chunks_of, which the kernels share; g++ compiles it
// for the host tests (cuda/tests/shim/plan_shim.cpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>
#include "../../ff/common.cuh"

namespace gpukit {

// Values per chunk: a power of two, so that the fold's K· is log2(K) doublings.
constexpr uint32_t CHUNK = 32;
static_assert((CHUNK & (CHUNK - 1)) == 0, "CHUNK must be a power of two");

GPUKIT_HD inline uint32_t chunks_of(uint32_t values) { return (values + CHUNK - 1) / CHUNK; }

// Threads per block in sum_slices: each adds its share of the block's
// slice, then two warp reductions.
constexpr uint32_t WINDOW_SUM_THREADS = 256;

// Values one block of sum_slices takes: 8 per thread. A window of more
// chunks is cut into slices summed by blocks of their own, then the slices'
// sums in a second launch: one block per window ran 256 serial additions a
// thread for the one 2^21-bucket set of precomputed bases (65536 chunks),
// 17 ms of a 98 ms MSM.
constexpr uint32_t WINDOW_SUM_SLICE = WINDOW_SUM_THREADS * 8;

// At most this many buckets in a group (windows × B) are weighed one by one:
// j·S_j by double-and-add on a thread per bucket, then a sum per window.
// That is ~1.5·log2(B) additions a bucket instead of the chunks' ~2.1, but
// only ~log2(B) of them in sequence instead of 2·CHUNK per level. Small
// MSMs are latency: a dependent addition takes ~8 µs on one H100 thread, so
// the chunks' 64-deep chains were most of a 2^16-point call's 0.7 ms of
// reduction, while 2^15 buckets' extra additions are ~0.1 ms of throughput.
constexpr uint32_t DIRECT_WEIGHT_MAX_BUCKETS = 1u << 15;

inline bool weighs_directly(uint32_t buckets, uint32_t group) {
    return size_t(buckets) * group <= DIRECT_WEIGHT_MAX_BUCKETS;
}

// Chunks of every level for B buckets: B/K, then (B/K - 1)/K, ... down to 1.
inline std::vector<uint32_t> level_chunks(uint32_t buckets) {
    std::vector<uint32_t> chunks{chunks_of(buckets)};
    while (chunks.back() > 1) chunks.push_back(chunks_of(chunks.back() - 1));
    return chunks;
}

// Device bytes reduce_windows needs for a group of windows of B buckets.
inline size_t reduce_bytes(uint32_t buckets, uint32_t group, size_t bucket_bytes) {
    if (weighs_directly(buckets, group)) {
        const size_t slices = (buckets + WINDOW_SUM_SLICE - 1) / WINDOW_SUM_SLICE;
        return (size_t(buckets) + slices) * group * bucket_bytes;
    }
    size_t points = 0;
    for (uint32_t t : level_chunks(buckets)) points += 2 * size_t(t) + 1;
    return points * group * bucket_bytes;
}

}  // namespace gpukit
