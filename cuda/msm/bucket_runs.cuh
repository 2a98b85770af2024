// The runs the bucket accumulation cuts the sorted pairs into, and what a
// run leaves for finish_cut_buckets: shared by the XYZZ accumulation
// (bucket_accumulate.cuh) and the batch-affine one
// (bucket_accumulate_affine.cuh).
//
// The sorted pairs of a window group (zero digits sorted past the valid ones)
// are cut into equal runs of consecutive items, one run per thread. A bucket
// that lies wholly inside a run is written out complete by it; one cut by the
// run's start leaves the run's head partial, one cut by its end the tail
// partial. A bucket b spanning runs t1 < t2 is the tail of t1, the whole run
// of every t in between and the head of t2, so its sum is
// tail[t1] + Σ_{t1 < t <= t2} head[t].
#pragma once
#include <cstddef>
#include <cstdint>
#include "../runtime/device_buffer.cuh"

namespace gpukit {

constexpr uint32_t NO_BUCKET = UINT32_MAX;

// Items per run: the valid pairs spread over `runs` runs.
__device__ __forceinline__ uint32_t run_length(uint32_t valid, uint32_t runs) {
    return uint32_t((size_t(valid) + runs - 1) / runs);
}

// Items per thread when each of `threads` threads walks `lanes` consecutive
// runs (the batch-affine accumulation; 1 for the XYZZ one).
__device__ __forceinline__ uint32_t thread_run_length(uint32_t valid, uint32_t threads, uint32_t lanes) {
    return lanes * run_length(valid, threads * lanes);
}

// Where each bucket's items end: end[b] is one past bucket b's last sorted
// item, 0 for buckets no pair names (so a bucket has items where it is
// non-zero: the reduction needs no more, and finish_cut_buckets only the
// run that holds the end); `valid` (one device word) is the number of pairs
// with a non-zero digit, all sorted before the zero-digit ones.
struct bucket_items {
    device_buffer<uint32_t> end;
    device_buffer<uint32_t> valid;
};

// Classes of the cut buckets that reach too many runs for their tail's
// thread (bucket_accumulate.cuh): class k gives a bucket a group of
// CUT_GROUP_MIN_LANES << k lanes of a warp (4, 8, 16, 32).
constexpr uint32_t CUT_GROUP_CLASSES = 4;
constexpr uint32_t CUT_GROUP_MIN_LANES = 4;

// Each thread's partial sums of the buckets it shares with its neighbours,
// the list of the threads with a tail (in no particular order), the only
// ones finish_cut_buckets has work for, and, per group class, the list of
// those whose bucket reaches too far for the thread alone, which it leaves
// to finish_grouped_cut_buckets.
template <class bucket_t>
struct cut_partials {
    bucket_t* head_sum;
    uint32_t* head_bucket;  // NO_BUCKET when the thread's run starts a bucket
    bucket_t* tail_sum;
    uint32_t* tail_bucket;  // NO_BUCKET when the thread's run ends with a bucket
    uint32_t* tail_runs;
    uint32_t* tail_count;     // entries of tail_runs, zeroed before the accumulation
    uint32_t* grouped_runs;   // class k's list at grouped_runs + k·grouped_stride
    uint32_t* grouped_count;  // CUT_GROUP_CLASSES entries, zeroed before the accumulation
    uint32_t grouped_stride;  // room of each class's list: the threads that can have a tail
};

}  // namespace gpukit
