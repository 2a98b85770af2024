// Bucket reduction: each window's sum  W = Σ_{j=1..M} j·V_j  over its M
// bucket sums V_j, then the windows combined as  Σ_w 2^(c·w)·W_w.
//
// The values are cut into chunks of K: j = t·K + i with i = 1..K, so
//   W = Σ_t a_t + K·Σ_{t>=1} t·r_t,   a_t = Σ_i i·V_(tK+i),   r_t = Σ_i V_(tK+i).
// One thread walks each chunk from the top with a running sum r and an
// accumulator a (r += V; a += r): 2K additions give both. The second term is
// the same problem over the T - 1 values r_1..r_(T-1), so levels recurse
// until one has a single chunk, and
//   W = A_0 + K·(A_1 + K·(A_2 + ...)),   A_l = Σ_t a_t of level l.
// A level costs 2 additions per value and the next has 1/K as many values:
// about 2.1 additions per bucket in all, with no per-chunk scalar multiple
// (the c doublings that weighting each chunk by its offset took before).
// Groups of few buckets, where the chains' latency is what counts, weigh
// each bucket directly instead (weigh_buckets).
#pragma once
#include "../curve_traits.cuh"
#include <vector>
#include "device_buffer.cuh"
#include "plan/reduction.cuh"
#include "point_calls.cuh"
#include "recode.cuh"
#include "wide_access.cuh"

namespace gpukit {

// One level for every window w of a group: values V_j (j = 1..M) at
// values[w·stride + j - 1], absent (the identity) where `present` is given and
// present[w·stride + j - 1] is 0. Chunk t of window w writes a_t to
// weighted[w·T + t] and r_t to plain[w·T + t], T = chunks_of(M).
template <class C>
__global__ void weigh_chunks(const typename curve_traits<C>::bucket_t* values, const uint32_t* present, size_t stride,
                             uint32_t M, uint32_t group, typename curve_traits<C>::bucket_t* weighted,
                             typename curve_traits<C>::bucket_t* plain) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    const uint32_t T = chunks_of(M);
    const uint32_t id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= group * T) return;
    const uint32_t w = id / T, t = id % T;
    const uint32_t lo = t * CHUNK + 1, hi = min(M, lo + CHUNK - 1);
    const size_t base = size_t(w) * stride - 1;
    bucket_t running = bucket_t::identity(), acc = bucket_t::identity();
    for (uint32_t j = hi; j >= lo; j--) {
        if (!present || present[base + j]) running = add_points(running, load_wide(values + base + j));
        acc = add_points(acc, running);
    }
    store_wide(weighted + id, acc);
    store_wide(plain + id, running);
}

// out[w] = A_(L-1) folded down to A_0 by  acc = K·acc + A_l,  where
// level_sums[l·group + w] holds A_l of window w; one thread per window.
template <class C>
__global__ void fold_levels(const typename curve_traits<C>::bucket_t* level_sums, uint32_t levels, uint32_t group,
                            typename curve_traits<C>::bucket_t* out) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    const uint32_t w = blockIdx.x * blockDim.x + threadIdx.x;
    if (w >= group) return;
    bucket_t acc = load_wide(level_sums + size_t(levels - 1) * group + w);
    for (uint32_t l = levels - 1; l-- > 0;) {
        for (uint32_t k = 1; k < CHUNK; k <<= 1) acc = double_point(acc);
        acc = add_points(acc, load_wide(level_sums + size_t(l) * group + w));
    }
    store_wide(out + w, acc);
}

// out[w·slices + s] = Σ of slice s of in[w·chunks ..+ chunks], slices of
// ceil(chunks / slices) values; one block per (window, slice), blockIdx.x =
// w·slices + s.
template <class C>
__global__ void sum_slices(const typename curve_traits<C>::bucket_t* in, uint32_t chunks, uint32_t slices,
                           typename curve_traits<C>::bucket_t* out) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    __shared__ bucket_t warp_total[WINDOW_SUM_THREADS / 32];
    const uint32_t w = blockIdx.x / slices, s = blockIdx.x % slices;
    const uint32_t warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const uint32_t per_slice = (chunks + slices - 1) / slices;
    const uint32_t lo = s * per_slice, hi = min(chunks, lo + per_slice);
    bucket_t acc = bucket_t::identity();
    for (uint32_t t = lo + threadIdx.x; t < hi; t += WINDOW_SUM_THREADS)
        acc = add_points(acc, load_wide(in + size_t(w) * chunks + t));
    acc = warp_sum(acc);
    if (lane == 0) warp_total[warp] = acc;
    __syncthreads();
    if (warp != 0) return;
    acc = lane < WINDOW_SUM_THREADS / 32 ? warp_total[lane] : bucket_t::identity();
    acc = warp_sum(acc);
    if (lane == 0) store_wide(out + blockIdx.x, acc);
}

// out[w] = Σ_t in[w·chunks + t] for `group` windows: one block per window,
// after a first launch over slices where a window has many chunks.
template <class C>
void sum_per_window(const typename curve_traits<C>::bucket_t* in, uint32_t chunks, uint32_t group,
                    typename curve_traits<C>::bucket_t* out, cudaStream_t stream) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    const uint32_t slices = (chunks + WINDOW_SUM_SLICE - 1) / WINDOW_SUM_SLICE;
    if (slices <= 1) {
        sum_slices<C><<<group, WINDOW_SUM_THREADS, 0, stream>>>(in, chunks, 1, out);
        GPUKIT_LAUNCHED("sum_slices");
        return;
    }
    device_buffer<bucket_t> partial(size_t(group) * slices, stream);
    sum_slices<C><<<group * slices, WINDOW_SUM_THREADS, 0, stream>>>(in, chunks, slices, partial.get());
    GPUKIT_LAUNCHED("sum_slices");
    sum_slices<C><<<group, WINDOW_SUM_THREADS, 0, stream>>>(partial.get(), slices, 1, out);
    GPUKIT_LAUNCHED("sum_slices");
}

// weighted[w·B + j - 1] = j·S_j for every bucket j = 1..B of the group's
// windows (the identity where count is 0); one thread per bucket.
template <class C>
__global__ void weigh_buckets(const typename curve_traits<C>::bucket_t* sums, const uint32_t* count, uint32_t B,
                              uint32_t group, typename curve_traits<C>::bucket_t* weighted) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    const size_t id = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (id >= size_t(group) * B) return;
    const uint32_t j = uint32_t(id % B) + 1;
    bucket_t acc = bucket_t::identity();
    if (count[id]) {
        const bucket_t s = load_wide(sums + id);
        acc = s;
        // From the bit below j's top bit down: acc = 2·acc (+ s).
        for (int bit = 30 - __clz(j); bit >= 0; bit--) {
            acc = double_point(acc);
            if ((j >> bit) & 1) acc = add_points(acc, s);
        }
    }
    store_wide(weighted + id, acc);
}

// window_sums[w] = Σ_j j·S_j over window w's buckets S_1..S_B at
// sums[w·B + j - 1] (present where count is non-zero), for the group's windows.
template <class C>
void reduce_windows(const typename curve_traits<C>::bucket_t* sums, const uint32_t* count, uint32_t B, uint32_t group,
                    typename curve_traits<C>::bucket_t* window_sums, cudaStream_t stream) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    constexpr uint32_t BLOCK = 64;
    if (weighs_directly(B, group)) {
        device_buffer<bucket_t> weighted(size_t(group) * B, stream);
        weigh_buckets<C><<<blocks_for(weighted.size(), BLOCK), BLOCK, 0, stream>>>(sums, count, B, group,
                                                                                   weighted.get());
        GPUKIT_LAUNCHED("weigh_buckets");
        sum_per_window<C>(weighted.get(), B, group, window_sums, stream);
        return;
    }
    const std::vector<uint32_t> chunks = level_chunks(B);
    const uint32_t levels = uint32_t(chunks.size());
    device_buffer<bucket_t> level_sums(size_t(levels) * group, stream);
    std::vector<device_buffer<bucket_t>> plain;
    const bucket_t* values = sums;
    const uint32_t* present = count;
    size_t stride = B;
    uint32_t M = B;
    for (uint32_t l = 0; l < levels; l++) {
        const uint32_t T = chunks[l];
        device_buffer<bucket_t> weighted(size_t(group) * T, stream);
        plain.emplace_back(size_t(group) * T, stream);
        weigh_chunks<C><<<blocks_for(size_t(group) * T, BLOCK), BLOCK, 0, stream>>>(values, present, stride, M, group,
                                                                                    weighted.get(), plain[l].get());
        GPUKIT_LAUNCHED("weigh_chunks");
        sum_per_window<C>(weighted.get(), T, group, level_sums.get() + size_t(l) * group, stream);
        // The next level weighs r_1..r_(T-1): this level's running sums past the first.
        values = plain[l].get() + 1;
        present = nullptr;
        stride = T;
        M = T - 1;
    }
    fold_levels<C><<<blocks_for(group, 32), 32, 0, stream>>>(level_sums.get(), levels, group, window_sums);
    GPUKIT_LAUNCHED("fold_levels");
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
