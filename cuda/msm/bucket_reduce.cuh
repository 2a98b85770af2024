// Bucket reduction: each window's sum  Σ_{j=1..B} j·S_j  over its bucket sums
// S_j, then the windows combined as  Σ_w 2^(c·w)·W_w.
//
// One thread walks a chunk of CHUNK consecutive buckets [lo, hi] from the top
// with a running sum r and an accumulator a (r += S_j; a += r), which leaves
// a = Σ (j - lo + 1)·S_j and r = Σ S_j. The chunk's share of the window sum is
// a + (lo - 1)·r; the small multiple costs about c doublings, against 2·CHUNK
// additions for the walk, and the chunks run in parallel.
#pragma once
#include "../curve_traits.cuh"
#include <vector>
#include "device_buffer.cuh"
#include "point_calls.cuh"
#include "recode.cuh"
#include "wide_access.cuh"

namespace gpukit {

constexpr uint32_t CHUNK = 32;

// k·p for k >= 1, by double-and-add from the top set bit.
template <class bucket_t>
__device__ bucket_t small_multiple(const bucket_t& p, uint32_t k) {
    bucket_t acc = p;
    for (int bit = 30 - __clz(k); bit >= 0; bit--) {
        acc = double_point(acc);
        if ((k >> bit) & 1) acc = add_points(acc, p);
    }
    return acc;
}

// sums[b] is written only for buckets with items.
template <class bucket_t>
__device__ __forceinline__ bucket_t bucket_value(const bucket_t* sums, const uint32_t* count, uint32_t b) {
    return count[b] ? load_wide(sums + b) : bucket_t::identity();
}

// partials[w * chunks + t]: chunk t's share of window w of the group.
template <class C>
__global__ void reduce_chunks(const typename curve_traits<C>::bucket_t* sums, const uint32_t* count, uint32_t c,
                              uint32_t group,
                              typename curve_traits<C>::bucket_t* partials) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    const uint32_t B = buckets_per_window(c);
    const uint32_t chunks = (B + CHUNK - 1) / CHUNK;
    uint32_t id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= group * chunks) return;
    uint32_t w = id / chunks, t = id % chunks;
    // Buckets are numbered j = 1..B; bucket j sits at index j - 1.
    uint32_t lo = t * CHUNK + 1, hi = min(B, lo + CHUNK - 1);
    const uint32_t base = w * B - 1;
    bucket_t running = bucket_t::identity(), acc = bucket_t::identity();
    for (uint32_t j = hi; j >= lo; j--) {
        running = add_points(running, bucket_value(sums, count, base + j));
        acc = add_points(acc, running);
    }
    if (lo > 1) acc = add_points(acc, small_multiple(running, lo - 1));
    store_wide(partials + id, acc);
}

// Threads per window in sum_window_chunks: each adds chunks / 256 shares (8
// at c = 17), then two warp reductions: a serial depth of ~18 additions
// where one warp per window needed ~95, at one window per block.
constexpr uint32_t WINDOW_SUM_THREADS = 256;

// window_sums[w]: the sum of window w's chunk shares, one block per window.
template <class C>
__global__ void sum_window_chunks(const typename curve_traits<C>::bucket_t* partials, uint32_t chunks,
                                  typename curve_traits<C>::bucket_t* window_sums) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    __shared__ bucket_t warp_total[WINDOW_SUM_THREADS / 32];
    const uint32_t w = blockIdx.x, warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    bucket_t acc = bucket_t::identity();
    for (uint32_t t = threadIdx.x; t < chunks; t += WINDOW_SUM_THREADS)
        acc = add_points(acc, load_wide(partials + size_t(w) * chunks + t));
    acc = warp_sum(acc);
    if (lane == 0) warp_total[warp] = acc;
    __syncthreads();
    if (warp != 0) return;
    acc = lane < WINDOW_SUM_THREADS / 32 ? warp_total[lane] : bucket_t::identity();
    acc = warp_sum(acc);
    if (lane == 0) store_wide(window_sums + w, acc);
}

// Σ_w 2^(c·w)·window_sums[w], by Horner's rule from the top window, on the
// host: the ~256 doublings form one dependent chain, which a single GPU
// thread runs at its latency (~10 ms for BLS12-381) and a host core in about
// a millisecond.
template <class bucket_t>
bucket_t combine_windows(const std::vector<bucket_t>& window_sums, uint32_t c) {
    bucket_t acc = window_sums.back();
    for (size_t w = window_sums.size() - 1; w-- > 0;) {
        for (uint32_t k = 0; k < c; k++) acc = acc.dbl();
        acc = acc.add(window_sums[w]);
    }
    return acc;
}

}  // namespace gpukit
