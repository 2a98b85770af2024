// Bucket sums carried from one pass to the next, so that consecutive parts
// of one MSM over the same bucket set are reduced once.
//
// The scalar pipeline cuts a large resident MSM into parts whose uploads
// overlap the GPU's work (scalar_pipeline.cuh). With precomputed copies
// every part has the call's window and one bucket set per vector, the same
// set: each part reducing its own set cost a whole reduction more per part
// (2^21 buckets at 2^24: ~4.6 ms on BN254, ~9.4 on BLS12-381 G1; bench/NOTES.md,
// v10).
// Instead a part hands its bucket sums on, and the next part adds them into
// its own (one addition per bucket, all in parallel) before the last part
// reduces.
#pragma once
#include "../curve_traits.cuh"
#include "../ec/point_calls.cuh"
#include "../ec/wide_access.cuh"
#include "../runtime/device_buffer.cuh"

namespace gpukit {

template <class C>
struct bucket_carry {
    // The bucket sums of the pass before and whether each has items (0: the
    // sum is unwritten, as bucket_accumulate.cuh leaves empty buckets); empty
    // when no pass handed any on.
    device_buffer<typename curve_traits<C>::bucket_t> sums;
    device_buffer<uint32_t> present;
    // Whether the pass being enqueued hands its sums on instead of reducing.
    bool pass_on = false;
};

// into[j] += from[j] for each of `buckets` bucket sums, where a sum is
// present when its flag is non-zero (a bucket's end, bucket_runs.cuh);
// into_present[j] then flags both.
template <class C>
__global__ void merge_bucket_sums(const typename curve_traits<C>::bucket_t* from, const uint32_t* from_present,
                                  typename curve_traits<C>::bucket_t* into, uint32_t* into_present,
                                  uint32_t buckets) {
    const uint32_t j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= buckets || from_present[j] == 0) return;
    const auto carried = load_wide(from + j);
    store_wide(into + j, into_present[j] ? add_points(load_wide(into + j), carried) : carried);
    into_present[j] = 1;
}

}  // namespace gpukit
