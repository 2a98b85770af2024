// Orders the (bucket, point) pairs of a window group by bucket with CUB's
// radix sort, then finds where each bucket's items end in the sorted pairs.
#pragma once
#include <cub/device/device_radix_sort.cuh>
#include "../runtime/device_buffer.cuh"
#include "plan/passes.cuh"
#include "recode.cuh"

namespace gpukit {

// Sorts `count` pairs by their keys' c low bits (`format`: pair_keys or
// narrow_pair_keys): each unit's bucket one stretch, the zero digits last.
// On return the sorted pairs are in keys.Current() / values.Current().
// The count goes to CUB as 32 bits (a pass holds fewer than 2^31 pairs,
// plan/passes.cuh): CUB sizes its offsets by the count's type, and its H100
// tuning of 64-bit offsets takes 17 items a thread instead of 23 (12
// instead of 17 with 16-bit keys).
template <class F>
void sort_pairs(cub::DoubleBuffer<typename F::key_t>& keys, cub::DoubleBuffer<uint32_t>& values, size_t count,
                F format, cudaStream_t stream) {
    if (count >= MAX_PAIRS_PER_PASS) fail(STATUS_INTERNAL, "a pass of 2^31 pairs or more");
    const int end_bit = int(format.c);
    size_t temp_bytes = 0;
    GPUKIT_CUDA(cub::DeviceRadixSort::SortPairs(nullptr, temp_bytes, keys, values, uint32_t(count), 0, end_bit,
                                                stream));
    device_buffer<uint8_t> temp(temp_bytes, stream);
    GPUKIT_CUDA(cub::DeviceRadixSort::SortPairs(temp.get(), temp_bytes, keys, values, uint32_t(count), 0, end_bit,
                                                stream));
}

// For every bucket present in the sorted keys, the end of its range at its
// index (pair_keys::bucket_index); buckets that no pair names keep the
// zeros the caller cleared them to. Also writes *valid, the number of pairs
// with a bucket: the zero digits' keys sort after them.
static __global__ void bucket_ends(const uint32_t* sorted_keys, size_t count, pair_keys format, uint32_t* end,
                                   uint32_t* valid) {
    size_t p = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (p >= count) return;
    uint32_t k = sorted_keys[p];
    bool has_bucket = !format.is_skip(k), previous_has_bucket = p > 0 && !format.is_skip(sorted_keys[p - 1]);
    if (p == 0 && !has_bucket) *valid = 0;
    if (previous_has_bucket && !has_bucket) *valid = uint32_t(p);
    if (!has_bucket) return;
    if (p + 1 == count) *valid = uint32_t(count);
    if (p + 1 == count || sorted_keys[p + 1] != k) end[format.bucket_index(k)] = uint32_t(p + 1);
}

// *valid = the number of sorted pairs before the first zero digit's key, by
// one warp probing 32 positions a round: ~log32(count) dependent loads
// instead of a pass over every key, for the batch-affine accumulation, whose
// lane layout writes the buckets' ends itself (lane_layout.cuh).
template <class F>
__global__ void count_valid_pairs(const typename F::key_t* sorted_keys, size_t count, F format, uint32_t* valid) {
    const uint32_t lane = threadIdx.x;
    // Invariant: every key before lo has a bucket; every key from hi on is a skip.
    size_t lo = 0, hi = count;
    while (hi > lo) {
        const size_t step = (hi - lo + 31) / 32;
        const size_t probe = lo + size_t(lane) * step;
        const bool skip = probe >= hi || format.is_skip(sorted_keys[probe]);
        const uint32_t skips = __ballot_sync(0xffffffffu, skip);
        // The probes rise with the lane and the keys with a bucket come
        // first, so the skips are the top lanes: the answer lies after the
        // last probe with a bucket and at or before the first skip.
        const uint32_t first = skips ? uint32_t(__ffs(skips) - 1) : 32u;
        const size_t at_first = lo + size_t(first) * step;
        const size_t new_hi = first < 32 && at_first < hi ? at_first : hi;
        lo = first > 0 ? lo + size_t(first - 1) * step + 1 : lo;
        hi = new_hi;
    }
    if (lane == 0) *valid = uint32_t(lo);
}

}  // namespace gpukit
