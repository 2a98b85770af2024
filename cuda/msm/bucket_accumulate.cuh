// Bucket accumulation, balanced by items instead of by buckets.
//
// The sorted pairs of a window group (zero digits sorted past the valid ones)
// are cut into equal runs of K consecutive items, one run per thread, with
// as many threads as the GPU keeps resident at once: a single wave. A thread
// walks its run and sums each bucket's stretch of it. A bucket that lies
// wholly inside the run is written out complete; one cut by the run's start
// leaves the thread's head partial, one cut by its end the tail partial.
// Every thread thus does the same K mixed additions whatever the bucket sizes
// (a bucket holding every point, all scalars equal, costs what random
// scalars cost), with no per-bucket bookkeeping in the hot loop, and
// finish_cut_buckets then adds at most two partials per thread.
//
// A bucket b spanning runs t1 < t2 (t = item / K) is the tail of t1, the
// whole run of every t in between and the head of t2, so its sum is
// tail[t1] + Σ_{t1 < t <= t2} head[t]; a bucket inside one run was written
// whole by that run.
#pragma once
#include "../curve_traits.cuh"
#include <algorithm>
#include "device_buffer.cuh"
#include "point_calls.cuh"
#include "recode.cuh"
#include "trace.cuh"
#include "wide_access.cuh"

namespace gpukit {

constexpr uint32_t NO_BUCKET = UINT32_MAX;

// Items per run: the valid pairs spread over `threads` runs.
__device__ __forceinline__ uint32_t run_length(uint32_t valid, uint32_t threads) {
    return uint32_t((size_t(valid) + threads - 1) / threads);
}

// Where each bucket's items lie: [start, start + count), with count = 0 for
// buckets no pair names; `valid` (one device word) is the number of pairs
// with a non-zero digit, all sorted before the zero-digit ones.
struct bucket_items {
    device_buffer<uint32_t> start;
    device_buffer<uint32_t> count;
    device_buffer<uint32_t> valid;
};

// Each run's partial sums of the buckets it shares with its neighbours, and
// the list of the runs with a tail (in no particular order), the only ones
// finish_cut_buckets has work for.
template <class bucket_t>
struct cut_partials {
    bucket_t* head_sum;
    uint32_t* head_bucket;  // NO_BUCKET when the run starts a bucket
    bucket_t* tail_sum;
    uint32_t* tail_bucket;  // NO_BUCKET when the run ends with a bucket
    uint32_t* tail_runs;
    uint32_t* tail_count;   // entries of tail_runs, zeroed before the accumulation
};

// Registers per thread of the accumulation, from the curve file: the mixed
// addition is bound by the multiply pipe, which needs several warps per
// scheduler to hide its carry chains, and the registers decide how many fit
// (blocks are one warp, so that every register saved can count).
template <class C>
constexpr int accumulate_registers() {
    return curve_traits<C>::ACCUMULATE_REGISTERS;
}

template <class C>
__global__ void __maxnreg__(accumulate_registers<C>()) accumulate_runs(const typename curve_traits<C>::affine_t* bases, const uint32_t* sorted_keys,
                                const uint32_t* sorted_values, const uint32_t* valid_count, uint32_t threads,
                                typename curve_traits<C>::bucket_t* bucket_sums,
                                cut_partials<typename curve_traits<C>::bucket_t> cut) {
    using affine_t = typename curve_traits<C>::affine_t;
    using bucket_t = typename curve_traits<C>::bucket_t;
    const uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= threads) return;
    const uint32_t valid = *valid_count, K = run_length(valid, threads);
    const size_t start = size_t(t) * K;
    const uint32_t lo = start < valid ? uint32_t(start) : valid;
    const uint32_t hi = valid - lo > K ? lo + K : valid;
    uint32_t head = NO_BUCKET, tail = NO_BUCKET;
    if (lo < hi) {
        uint32_t bucket = sorted_keys[lo];
        // The first stretch is a head when its bucket began in an earlier run.
        bool in_head = lo > 0 && sorted_keys[lo - 1] == bucket;
        bool open = false;
        bucket_t acc = bucket_t::identity();
        for (uint32_t p = lo; p < hi; p++) {
            const uint32_t v = sorted_values[p];
            const affine_t point = load_wide(bases + (v & ~NEGATE_BIT));
            acc = acc.add_affine((v & NEGATE_BIT) ? point.neg() : point);
            open = true;
            const uint32_t next = p + 1 < valid ? sorted_keys[p + 1] : NO_BUCKET;
            if (next == bucket) continue;
            // The bucket's last item: its stretch in this run is complete.
            if (in_head) {
                store_wide(cut.head_sum + t, acc);
                head = bucket;
            } else {
                store_wide(bucket_sums + bucket, acc);
            }
            in_head = false;
            open = false;
            acc = bucket_t::identity();
            bucket = next;
        }
        // The run ended inside a bucket that goes on past it.
        if (open) {
            if (in_head) {
                store_wide(cut.head_sum + t, acc);
                head = bucket;
            } else {
                store_wide(cut.tail_sum + t, acc);
                tail = bucket;
            }
        }
    }
    cut.head_bucket[t] = head;
    cut.tail_bucket[t] = tail;
    if (tail != NO_BUCKET) cut.tail_runs[atomicAdd(cut.tail_count, 1u)] = t;
}

// One warp per run with a tail (from cut.tail_runs): it owns the bucket it
// cuts and adds the heads of the runs the bucket reaches, 32 at a time (all
// scalars equal make one bucket span every run of its window). A warp for
// every run was 16K blocks of mostly idle warps in every call (a run has a
// tail only where a bucket crosses it: at most one per bucket), ~0.3 ms of
// a 2^10-point MSM.
template <class C>
__global__ void finish_cut_buckets(const uint32_t* item_start, const uint32_t* item_count,
                                   const uint32_t* valid_count, uint32_t threads,
                                   cut_partials<typename curve_traits<C>::bucket_t> cut,
                                   typename curve_traits<C>::bucket_t* bucket_sums) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    const uint32_t w = uint32_t((size_t(blockIdx.x) * blockDim.x + threadIdx.x) / 32), lane = threadIdx.x & 31;
    if (w >= *cut.tail_count) return;
    const uint32_t t = cut.tail_runs[w], b = cut.tail_bucket[t];
    const uint32_t K = run_length(*valid_count, threads);
    const uint32_t last_run = (item_start[b] + item_count[b] - 1) / K;
    if (last_run == t + 1) {  // the common case: the bucket reaches into the next run only
        if (lane == 0) store_wide(bucket_sums + b, add_points(load_wide(cut.tail_sum + t), load_wide(cut.head_sum + t + 1)));
        return;
    }
    bucket_t acc = lane == 0 ? load_wide(cut.tail_sum + t) : bucket_t::identity();
    for (uint32_t r = t + 1 + lane; r <= last_run; r += 32) acc = add_points(acc, load_wide(cut.head_sum + r));
    acc = warp_sum(acc);
    if (lane == 0) store_wide(bucket_sums + b, acc);
}

// Threads of the accumulation: what every SM holds at once, so that the
// equal runs end together, or fewer for a small group.
template <class C>
uint32_t accumulation_threads(size_t pairs, uint32_t block) {
    int device = 0, sms = 0, blocks_per_sm = 0;
    GPUKIT_CUDA(cudaGetDevice(&device));
    GPUKIT_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    GPUKIT_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_sm, accumulate_runs<C>, int(block), 0));
    const size_t resident = size_t(std::max(sms, 1)) * size_t(std::max(blocks_per_sm, 1)) * block;
    return uint32_t(std::max<size_t>(1, std::min(resident, pairs)));
}

// Sums every bucket of a window group into sums[bucket] (left unwritten for
// buckets with no items: the reduction reads their count).
template <class C>
void accumulate_buckets(const typename curve_traits<C>::affine_t* bases, const uint32_t* sorted_keys,
                        const uint32_t* sorted_values, size_t pairs, const bucket_items& items,
                        typename curve_traits<C>::bucket_t* sums, cudaStream_t stream) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    constexpr uint32_t BLOCK = 32;
    const uint32_t threads = accumulation_threads<C>(pairs, BLOCK);
    device_buffer<bucket_t> head_sum(threads, stream), tail_sum(threads, stream);
    device_buffer<uint32_t> head_bucket(threads, stream), tail_bucket(threads, stream);
    device_buffer<uint32_t> tail_runs(threads, stream), tail_count(1, stream);
    GPUKIT_CUDA(cudaMemsetAsync(tail_count.get(), 0, tail_count.bytes(), stream));
    const cut_partials<bucket_t> cut{head_sum.get(),  head_bucket.get(), tail_sum.get(),
                                     tail_bucket.get(), tail_runs.get(),   tail_count.get()};
    accumulate_runs<C><<<blocks_for(threads, BLOCK), BLOCK, 0, stream>>>(bases, sorted_keys, sorted_values,
                                                                        items.valid.get(), threads, sums, cut);
    GPUKIT_LAUNCHED("accumulate_runs");
    trace_mark("accumulate runs");
    // A run with a tail cuts a bucket that no other run's tail cuts.
    const size_t tails = std::min<size_t>(threads, items.start.size());
    finish_cut_buckets<C><<<blocks_for(tails * 32, 128), 128, 0, stream>>>(
        items.start.get(), items.count.get(), items.valid.get(), threads, cut, sums);
    GPUKIT_LAUNCHED("finish_cut_buckets");
    trace_mark("finish cut buckets");
}

}  // namespace gpukit
