// The sizes of the bucket reduction (bucket_reduce.cuh): the chunks, when a
// group weighs its buckets directly, and the device bytes it needs.
// Host only, apart from chunks_of, which the kernels share; g++ compiles it
// for the host tests (cuda/tests/shim/plan_shim.cpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include "../../ff/common.cuh"

namespace gpukit {

// Buckets per chunk: a power of two, so that a chunk's offset t·K has
// log2(K) low zero bits (pure doublings in add_chunk_offsets).
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
// That is ~1.5·log2(B) additions a bucket instead of the chunks' ~2, but
// only ~log2(B) of them in sequence instead of 2·CHUNK and then ~1.5·log2(B)
// more for the chunk's offset. Small MSMs are latency: a dependent addition
// takes ~8 µs on one H100 thread, so the chunks' 64-deep chains were most of
// a 2^16-point call's 0.7 ms of reduction, while 2^15 buckets' extra
// additions are ~0.1 ms of throughput.
constexpr uint32_t DIRECT_WEIGHT_MAX_BUCKETS = 1u << 15;

inline bool weighs_directly(uint32_t buckets, uint32_t group) {
    return size_t(buckets) * group <= DIRECT_WEIGHT_MAX_BUCKETS;
}

// Device bytes reduce_windows needs for a group of windows of B buckets.
inline size_t reduce_bytes(uint32_t buckets, uint32_t group, size_t bucket_bytes) {
    if (weighs_directly(buckets, group)) {
        const size_t slices = (buckets + WINDOW_SUM_SLICE - 1) / WINDOW_SUM_SLICE;
        return (size_t(buckets) + slices) * group * bucket_bytes;
    }
    // The chunks' weighted and plain sums, and the slices' sums.
    const size_t chunks = chunks_of(buckets), slices = (chunks + WINDOW_SUM_SLICE - 1) / WINDOW_SUM_SLICE;
    return (2 * chunks + slices) * group * bucket_bytes;
}

}  // namespace gpukit
