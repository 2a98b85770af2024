// Bucket accumulation with load balancing.
//
// A bucket's items (at level 0 the sorted points, later the partial sums of
// the level below) are cut into segments of at most SEGMENT items; one thread
// sums one segment. Buckets of very different sizes thus cost the same per
// item, and a bucket holding every point (all scalars equal) is summed by
// n/SEGMENT threads, then by a log_SEGMENT(n)-deep tree of further levels,
// instead of serialising the GPU on one thread.
#pragma once
#include "../curve_traits.cuh"
#include <algorithm>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_reduce.cuh>
#include "device_buffer.cuh"
#include "point_calls.cuh"
#include "recode.cuh"

namespace gpukit {

// 32 items per thread: long enough that the per-segment overhead (a binary
// search, one store of a bucket) is small against the additions, short
// enough that a 2^24-point MSM still launches millions of threads.
constexpr uint32_t SEGMENT = 32;

// Where each bucket's items lie: [start, start + count).
struct bucket_items {
    device_buffer<uint32_t> start;
    device_buffer<uint32_t> count;
};

static __global__ void segment_counts(const uint32_t* item_count, uint32_t num_buckets, uint32_t* seg_count) {
    uint32_t b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b < num_buckets) seg_count[b] = (item_count[b] + SEGMENT - 1) / SEGMENT;
}

static __global__ void range_lengths(const uint32_t* start, uint32_t* end_to_count, uint32_t num_buckets) {
    uint32_t b = blockIdx.x * blockDim.x + threadIdx.x;
    if (b < num_buckets) end_to_count[b] -= start[b];
}

// The bucket whose segments include `seg`: the last bucket whose first segment
// is <= seg. Empty buckets share their offset with the next bucket, and the
// search lands past them on the bucket that owns the segment.
__device__ __forceinline__ uint32_t owning_bucket(const uint32_t* seg_offset, uint32_t num_buckets, uint32_t seg) {
    uint32_t lo = 0, hi = num_buckets;  // invariant: seg_offset[lo] <= seg < seg_offset[hi] (virtual)
    while (hi - lo > 1) {
        uint32_t mid = (lo + hi) >> 1;
        if (seg_offset[mid] <= seg) lo = mid;
        else hi = mid;
    }
    return lo;
}

// The items [first, last) that segment `seg` sums: its bucket's items cut
// into runs of SEGMENT.
struct segment_items {
    uint32_t first, last;
};

__device__ __forceinline__ segment_items items_of_segment(const uint32_t* item_start, const uint32_t* item_count,
                                                          const uint32_t* seg_offset, uint32_t num_buckets,
                                                          uint32_t seg) {
    uint32_t b = owning_bucket(seg_offset, num_buckets, seg);
    uint32_t first = item_start[b] + (seg - seg_offset[b]) * SEGMENT;
    return {first, min(first + SEGMENT, item_start[b] + item_count[b])};
}

// Level 0: sums the signed points named by the sorted pair values.
template <class C>
__global__ void accumulate_points(const typename curve_traits<C>::affine_t* bases, const uint32_t* sorted_values,
                                  const uint32_t* item_start, const uint32_t* item_count, const uint32_t* seg_offset,
                                  uint32_t num_buckets, uint32_t num_segments,
                                  typename curve_traits<C>::bucket_t* seg_sums) {
    using affine_t = typename curve_traits<C>::affine_t;
    using bucket_t = typename curve_traits<C>::bucket_t;
    uint32_t seg = blockIdx.x * blockDim.x + threadIdx.x;
    if (seg >= num_segments) return;
    const segment_items items = items_of_segment(item_start, item_count, seg_offset, num_buckets, seg);
    bucket_t acc = bucket_t::identity();
    for (uint32_t p = items.first; p < items.last; p++) {
        uint32_t v = sorted_values[p];
        affine_t point = bases[v & ~NEGATE_BIT];
        if (v & NEGATE_BIT) point = point.neg();
        acc = acc.add_affine(point);
    }
    seg_sums[seg] = acc;
}

// Later levels: sums partial bucket sums of the level below.
template <class C>
__global__ void accumulate_partials(const typename curve_traits<C>::bucket_t* partials, const uint32_t* item_start,
                                    const uint32_t* item_count, const uint32_t* seg_offset, uint32_t num_buckets,
                                    uint32_t num_segments, typename curve_traits<C>::bucket_t* seg_sums) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    uint32_t seg = blockIdx.x * blockDim.x + threadIdx.x;
    if (seg >= num_segments) return;
    const segment_items items = items_of_segment(item_start, item_count, seg_offset, num_buckets, seg);
    bucket_t acc = partials[items.first];
    for (uint32_t p = items.first + 1; p < items.last; p++) acc = add_points(acc, partials[p]);
    seg_sums[seg] = acc;
}

inline uint32_t blocks_for(size_t threads, uint32_t block) { return uint32_t((threads + block - 1) / block); }

// Sums every bucket of a window group. `items` holds each bucket's range in
// the sorted pairs on entry; on return it holds, for each bucket, a range of
// length 0 (empty bucket) or 1 into `sums`, the bucket's total.
template <class C>
void accumulate_buckets(const typename curve_traits<C>::affine_t* bases, const uint32_t* sorted_values,
                        uint32_t num_buckets, bucket_items& items,
                        device_buffer<typename curve_traits<C>::bucket_t>& sums, cudaStream_t stream) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    constexpr uint32_t BLOCK = 128;
    device_buffer<uint32_t> host_visible(2, stream);  // [total segments, largest segment count]
    for (bool points_level = true;; points_level = false) {
        bucket_items next{device_buffer<uint32_t>(num_buckets, stream), device_buffer<uint32_t>(num_buckets, stream)};
        segment_counts<<<blocks_for(num_buckets, BLOCK), BLOCK, 0, stream>>>(items.count.get(), num_buckets,
                                                                             next.count.get());
        GPUKIT_LAUNCHED("segment_counts");

        size_t scan_bytes = 0, max_bytes = 0;
        GPUKIT_CUDA(cub::DeviceScan::ExclusiveSum(nullptr, scan_bytes, next.count.get(), next.start.get(),
                                                  num_buckets, stream));
        GPUKIT_CUDA(cub::DeviceReduce::Max(nullptr, max_bytes, next.count.get(), host_visible.get() + 1, num_buckets,
                                           stream));
        device_buffer<uint8_t> temp(std::max(scan_bytes, max_bytes), stream);
        GPUKIT_CUDA(cub::DeviceScan::ExclusiveSum(temp.get(), scan_bytes, next.count.get(), next.start.get(),
                                                  num_buckets, stream));
        GPUKIT_CUDA(cub::DeviceReduce::Max(temp.get(), max_bytes, next.count.get(), host_visible.get() + 1,
                                           num_buckets, stream));
        // total segments = offset of the last bucket + its count
        uint32_t last[2], host[2];
        GPUKIT_CUDA(cudaMemcpyAsync(&last[0], next.start.get() + num_buckets - 1, 4, cudaMemcpyDeviceToHost, stream));
        GPUKIT_CUDA(cudaMemcpyAsync(&last[1], next.count.get() + num_buckets - 1, 4, cudaMemcpyDeviceToHost, stream));
        GPUKIT_CUDA(cudaMemcpyAsync(&host[1], host_visible.get() + 1, 4, cudaMemcpyDeviceToHost, stream));
        GPUKIT_CUDA(cudaStreamSynchronize(stream));
        const uint32_t num_segments = last[0] + last[1], largest = host[1];

        device_buffer<bucket_t> seg_sums(num_segments, stream);
        if (num_segments > 0) {
            if (points_level) {
                accumulate_points<C><<<blocks_for(num_segments, BLOCK), BLOCK, 0, stream>>>(
                    bases, sorted_values, items.start.get(), items.count.get(), next.start.get(), num_buckets,
                    num_segments, seg_sums.get());
            } else {
                accumulate_partials<C><<<blocks_for(num_segments, BLOCK), BLOCK, 0, stream>>>(
                    sums.get(), items.start.get(), items.count.get(), next.start.get(), num_buckets, num_segments,
                    seg_sums.get());
            }
            GPUKIT_LAUNCHED("bucket accumulation");
        }
        items = std::move(next);
        sums = std::move(seg_sums);
        if (largest <= 1) return;
    }
}

}  // namespace gpukit
