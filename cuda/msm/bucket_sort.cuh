// Orders the (bucket, point) pairs of a window group by bucket with CUB's
// radix sort, then finds each bucket's range in the sorted pairs.
#pragma once
#include <cub/device/device_radix_sort.cuh>
#include "../runtime/device_buffer.cuh"

namespace gpukit {

__host__ __device__ constexpr uint32_t bit_width(uint32_t x) {
    uint32_t bits = 0;
    while (x) {
        bits++;
        x >>= 1;
    }
    return bits;
}

// Sorts `count` pairs whose keys are at most `max_key`. On return the sorted
// pairs are in keys.Current() / values.Current().
inline void sort_pairs(cub::DoubleBuffer<uint32_t>& keys, cub::DoubleBuffer<uint32_t>& values, size_t count,
                       uint32_t max_key, cudaStream_t stream) {
    // Sorting only the bits a key can use saves whole passes: a 2^20-bucket
    // group needs 21 bits, three 8-bit passes instead of four.
    int end_bit = int(bit_width(max_key));
    size_t temp_bytes = 0;
    GPUKIT_CUDA(cub::DeviceRadixSort::SortPairs(nullptr, temp_bytes, keys, values, int64_t(count), 0, end_bit,
                                                stream));
    device_buffer<uint8_t> temp(temp_bytes, stream);
    GPUKIT_CUDA(cub::DeviceRadixSort::SortPairs(temp.get(), temp_bytes, keys, values, int64_t(count), 0, end_bit,
                                                stream));
}

// For every bucket key present in the sorted keys, its range [start, end);
// buckets that no pair names keep the zeros the caller cleared them to. Also
// writes *valid, the number of pairs with a bucket: zero digits (keys >=
// num_buckets) sort after them.
static __global__ void bucket_ranges(const uint32_t* sorted_keys, size_t count, uint32_t num_buckets, uint32_t* start,
                                     uint32_t* end, uint32_t* valid) {
    size_t p = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (p >= count) return;
    uint32_t k = sorted_keys[p];
    bool has_bucket = k < num_buckets, previous_has_bucket = p > 0 && sorted_keys[p - 1] < num_buckets;
    if (p == 0 && !has_bucket) *valid = 0;
    if (previous_has_bucket && !has_bucket) *valid = uint32_t(p);
    if (!has_bucket) return;
    if (p + 1 == count) *valid = uint32_t(count);
    if (p == 0 || sorted_keys[p - 1] != k) start[k] = uint32_t(p);
    if (p + 1 == count || sorted_keys[p + 1] != k) end[k] = uint32_t(p + 1);
}

// Turns the ends written by bucket_ranges into counts.
static __global__ void range_lengths(const uint32_t* start, uint32_t* end_to_count, uint32_t num_buckets) {
    uint32_t b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b < num_buckets) end_to_count[b] -= start[b];
}

}  // namespace gpukit
