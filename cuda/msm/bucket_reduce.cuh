// Bucket reduction: each window's sum  W = Σ_{j=1..M} j·V_j  over its M
// bucket sums V_j, then the windows combined as  Σ_w 2^(c·w)·W_w.
//
// The values are cut into chunks of K (plan/reduction.cuh's chunk_length:
// as many chunks as a share of the device's wave of threads): j = t·K + i
// with i = 1..K, so
//   W = Σ_t (a_t + t·K·r_t),   a_t = Σ_i i·V_(tK+i),   r_t = Σ_i V_(tK+i).
// One thread walks each chunk from the top with a running sum r and an
// accumulator a (r += V; a += r): 2K additions give both (weigh_chunks).
// A second thread per chunk then weighs r_t by t·K, double-and-add over the
// bits of t·K, adds a_t, and its warp sums the 32 chunks' results
// (chunk_warp_sums); warps of the window sums add those, 32 a warp, level
// after level (sum_per_window). About 2 additions per bucket and, per
// chunk, log2(M) doublings and half as many additions. (Until v10 the
// offsets recursed: the r_t were reduced as values of their own, chunk by
// chunk, level after level; the upper levels' 2K-deep chains ran on few
// threads, 2048, 64 and 2 of them for 2^21 buckets, at their latency: ~3.7
// ms of BLS12-381's 9.4.) Groups of few buckets, where the chains' latency
// is what counts, weigh each bucket directly instead (weigh_buckets) or by
// planes.
#pragma once
#include "../curve_traits.cuh"
#include <algorithm>
#include <vector>
#include "../ec/point_calls.cuh"
#include "../ec/spread_sum.cuh"
#include "../ec/wide_access.cuh"
#include "../runtime/device_buffer.cuh"
#include "../runtime/occupancy.cuh"
#include "plan/reduction.cuh"
#include "plan/spread.cuh"
#include "recode.cuh"

namespace gpukit {

// Threads per block of weigh_chunks: its launch bound, and the block the
// reduction launches it in and counts its wave by.
constexpr uint32_t WEIGH_CHUNKS_BLOCK = 64;

// Chunk t (of K buckets) of every window w of a group: bucket sums V_j
// (j = 1..B) at sums[w·B + j - 1], absent (the identity) where
// present[w·B + j - 1] is 0 (bucket_runs.cuh's ends, or a carried flag).
// Writes a_t to weighted[w·T + t] and r_t to plain[w·T + t], T a window's
// chunk slots (chunk_slots; the identity in the slots past its last chunk).
// Not held to the accumulation's 128 registers on 8-limb fields any more
// (BN254: 156, where 128 spilled 136 bytes a thread): the chunks are as many
// as chunk_warp_sums' wave holds, fewer than this kernel's 6 blocks an SM
// (v24c capped it for 8 blocks when the chunks filled its own wave).
template <class C>
__global__ void __launch_bounds__(WEIGH_CHUNKS_BLOCK)
    weigh_chunks(const typename curve_traits<C>::bucket_t* sums, const uint32_t* present, uint32_t B, uint32_t K,
                 uint32_t T, uint32_t group, typename curve_traits<C>::bucket_t* weighted,
                 typename curve_traits<C>::bucket_t* plain) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    const uint32_t id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= group * T) return;
    const uint32_t w = id / T, t = id % T;
    const size_t base = size_t(w) * B - 1;
    bucket_t running = bucket_t::identity(), acc = bucket_t::identity();
    if (size_t(t) * K < B) {
        const uint32_t lo = t * K + 1, hi = min(B, lo + K - 1);
        for (uint32_t j = hi; j >= lo; j--) {
            if (present[base + j]) running = add_points(running, load_wide(sums + base + j));
            acc = add_points(acc, running);
        }
    }
    store_wide(weighted + id, acc);
    store_wide(plain + id, running);
}

// out[w·T/32 + k] = Σ over chunks t = 32k … 32k + 31 of window w of
// weighted[w·T + t] + (t·K)·plain[w·T + t]: each lane weighs its chunk's
// plain sum by double-and-add from the top bit of t·K, then the warp sums
// its 32 chunks (T a window's chunk slots, a multiple of 32).
template <class C>
__global__ void __launch_bounds__(spread_block_warps<typename curve_traits<C>::bucket_t>() * 32)
    chunk_warp_sums(const typename curve_traits<C>::bucket_t* weighted, const typename curve_traits<C>::bucket_t* plain,
                    uint32_t T, uint32_t K, uint32_t group, bool spread_sums,
                    typename curve_traits<C>::bucket_t* out) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    constexpr uint32_t WARPS = spread_block_warps<bucket_t>();
    __shared__ spread_space_for<bucket_t> spread[WARPS];
    const uint32_t warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const size_t slot = size_t(blockIdx.x) * WARPS + warp, id = slot * WARP_SUM_VALUES + lane;
    if (slot >= size_t(group) * T / WARP_SUM_VALUES) return;  // the whole warp
    bucket_t sum = load_wide(weighted + id);
    const uint32_t offset = uint32_t(id % T) * K;  // < B + 32·K, far below 2^31
    const bucket_t r = load_wide(plain + id);
    if (offset != 0 && !r.is_identity()) {
        bucket_t acc = r;
        for (int bit = 30 - __clz(offset); bit >= 0; bit--) {
            acc = double_point(acc);
            if ((offset >> bit) & 1) acc = add_points(acc, r);
        }
        sum = add_points(sum, acc);
    }
    sum = spread_warp_sum(sum, spread[warp], spread_sums);
    if (lane == 0) store_wide(out + slot, sum);
}

// out[w·ceil(values / 32) + k] = Σ of in[w·values + 32k …] (32 values, or
// those left): one warp a sum, one value a lane.
template <class C>
__global__ void __launch_bounds__(spread_block_warps<typename curve_traits<C>::bucket_t>() * 32)
    sum_warps(const typename curve_traits<C>::bucket_t* in, uint32_t values, uint32_t group, bool spread_sums,
              typename curve_traits<C>::bucket_t* out) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    constexpr uint32_t WARPS = spread_block_warps<bucket_t>();
    __shared__ spread_space_for<bucket_t> spread[WARPS];
    const uint32_t warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const uint32_t per_window = (values + WARP_SUM_VALUES - 1) / WARP_SUM_VALUES;
    const uint32_t slot = blockIdx.x * WARPS + warp;
    if (slot >= group * per_window) return;  // the whole warp
    const uint32_t w = slot / per_window, i = slot % per_window * WARP_SUM_VALUES + lane;
    bucket_t acc = i < values ? load_wide(in + size_t(w) * values + i) : bucket_t::identity();
    acc = spread_warp_sum(acc, spread[warp], spread_sums);
    if (lane == 0) store_wide(out + slot, acc);
}

// out[w] = Σ_t in[w·values + t] for `group` windows: warps of 32 values,
// level after level (each a launch), the last writing out.
template <class C>
void sum_per_window(const typename curve_traits<C>::bucket_t* in, uint32_t values, uint32_t group,
                    typename curve_traits<C>::bucket_t* out, cudaStream_t stream) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    constexpr uint32_t WARPS = spread_block_warps<bucket_t>();
    const bool spread_sums = spread_sums_on();
    device_buffer<bucket_t> level;
    while (true) {
        const uint32_t sums = (values + WARP_SUM_VALUES - 1) / WARP_SUM_VALUES;
        device_buffer<bucket_t> next;
        if (sums > 1) next = device_buffer<bucket_t>(size_t(group) * sums, stream);
        sum_warps<C><<<blocks_for(size_t(group) * sums, WARPS), WARPS * 32, 0, stream>>>(
            in, values, group, spread_sums, sums > 1 ? next.get() : out);
        GPUKIT_LAUNCHED("sum_warps");
        if (sums == 1) return;
        // Stream-ordered: the level just read is freed after the launch that read it.
        level = std::move(next);
        in = level.get(), values = sums;
    }
}

// weighted[w·B + j - 1] = j·S_j for every bucket j = 1..B of the group's
// windows (the identity where present is 0); one thread per bucket.
template <class C>
__global__ void weigh_buckets(const typename curve_traits<C>::bucket_t* sums, const uint32_t* present, uint32_t B,
                              uint32_t group, typename curve_traits<C>::bucket_t* weighted) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    const size_t id = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (id >= size_t(group) * B) return;
    const uint32_t j = uint32_t(id % B) + 1;
    bucket_t acc = bucket_t::identity();
    if (present[id]) {
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

// The reduction by planes (plan/reduction.cuh weighs_by_planes), for few
// windows of few buckets, where every dependent addition is latency: a
// window's B = 2^(c-1) bucket sums weighed through the bits of j,
//   W = Σ_j j·S_j = Σ_{b<c} 2^b·T_b,   T_b = Σ_{j with bit b set} S_j,
// each T_b a plain sum (of B/2 buckets for b < c - 1, T_{c-1} = S_B), then
// doubled b times, and the c results added. The sums' levels and the
// doublings spread their products over the warp (ec/spread_sum.cuh). On
// BN254's split at 2^16 (16 windows of 128 buckets): one addition, five
// spread levels and at most seven spread doublings a plane, three spread
// levels a window, where weigh_buckets took up to 6 doublings and 6
// additions a bucket one a lane, and a block 10 levels of sums (0.13 ms,
// bench/NOTES.md v39). Windows of more than 2^9 buckets take two stages
// (plan/reduction.cuh): plane_sums' parts undoubled, then plane_totals sums
// each plane's parts and doubles the total b times; where their sums
// spread, their groups are reduced by planes up to PLANE_MAX_ADDITIONS
// (resident bases with a copy per window up to c = 17, one-shot groups of
// 2^11–2^12 buckets a window).

// Bucket j (1 ≤ j < B) that is member i of plane b < c - 1: i with a set
// bit inserted at b.
__device__ __forceinline__ uint32_t plane_member(uint32_t i, uint32_t b) {
    return ((i >> b) << (b + 1)) | (1u << b) | (i & ((1u << b) - 1));
}

// parts[(w·c + b)·ways + k] = part k of plane b of window w of a group,
// doubled b times where `doubles` (one stage), the buckets at
// sums[w·B + j - 1] (absent where present is 0), B = 2^(c-1); one warp a
// part, whose lanes take the plane's members k·32 + lane,
// k·32 + lane + 32·ways, …, and sum the warp.
template <class C>
__global__ void __launch_bounds__(spread_block_warps<typename curve_traits<C>::bucket_t>() * 32)
    plane_sums(const typename curve_traits<C>::bucket_t* sums, const uint32_t* present, uint32_t c, uint32_t ways,
               uint32_t group, bool doubles, bool spread_sums, typename curve_traits<C>::bucket_t* parts) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    constexpr uint32_t WARPS = spread_block_warps<bucket_t>();
    __shared__ spread_space_for<bucket_t> spread[WARPS];
    const uint32_t warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const uint32_t slot = blockIdx.x * WARPS + warp;
    if (slot >= group * c * ways) return;  // the whole warp
    const uint32_t k = slot % ways, b = slot / ways % c, w = slot / ways / c;
    const uint32_t B = 1u << (c - 1), top = b + 1 == c, members = top ? 1 : B / 2;
    const size_t base = size_t(w) * B - 1;
    bucket_t acc = bucket_t::identity();
    for (uint32_t i = k * 32 + lane; i < members; i += 32 * ways) {
        const uint32_t j = top ? B : plane_member(i, b);
        if (present[base + j]) acc = add_points(acc, load_wide(sums + base + j));
    }
    acc = spread_warp_sum(acc, spread[warp], spread_sums);
    if (doubles)
        for (uint32_t d = 0; d < b; d++) acc = spread_double_points(acc, lane == 0, spread[warp], spread_sums);
    if (lane == 0) store_wide(parts + slot, acc);
}

// totals[w·c + b] = 2^b·(the sum of plane b's `ways` parts) of window w of
// a group (the two stages' second): one warp a plane, whose lanes add parts
// lane, lane + 32, …, then sum the warp and double the sum b times.
template <class C>
__global__ void __launch_bounds__(spread_block_warps<typename curve_traits<C>::bucket_t>() * 32)
    plane_totals(const typename curve_traits<C>::bucket_t* parts, uint32_t c, uint32_t ways, uint32_t group,
                 bool spread_sums, typename curve_traits<C>::bucket_t* totals) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    constexpr uint32_t WARPS = spread_block_warps<bucket_t>();
    __shared__ spread_space_for<bucket_t> spread[WARPS];
    const uint32_t warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const uint32_t plane = blockIdx.x * WARPS + warp;
    if (plane >= group * c) return;  // the whole warp
    const uint32_t b = plane % c;
    bucket_t acc = bucket_t::identity();
    for (uint32_t k = lane; k < ways; k += 32) acc = add_points(acc, load_wide(parts + size_t(plane) * ways + k));
    acc = spread_warp_sum(acc, spread[warp], spread_sums);
    for (uint32_t d = 0; d < b; d++) acc = spread_double_points(acc, lane == 0, spread[warp], spread_sums);
    if (lane == 0) store_wide(totals + plane, acc);
}

// window_sums[w] = the sum of window w's `per_window` parts (plane_sums'
// c·ways), one warp a window, one part a lane: `lanes` (a power of two at
// least per_window) summed.
template <class C>
__global__ void __launch_bounds__(spread_block_warps<typename curve_traits<C>::bucket_t>() * 32)
    add_planes(const typename curve_traits<C>::bucket_t* parts, uint32_t per_window, uint32_t lanes, uint32_t group,
               bool spread_sums, typename curve_traits<C>::bucket_t* window_sums) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    constexpr uint32_t WARPS = spread_block_warps<bucket_t>();
    __shared__ spread_space_for<bucket_t> spread[WARPS];
    const uint32_t warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const uint32_t w = blockIdx.x * WARPS + warp;
    if (w >= group) return;  // the whole warp
    bucket_t acc = lane < per_window ? load_wide(parts + size_t(w) * per_window + lane) : bucket_t::identity();
    acc = spread_warp_sum(acc, spread[warp], spread_sums, lanes);
    if (lane == 0) store_wide(window_sums + w, acc);
}

// window_sums[w] = Σ_j j·S_j over window w's buckets S_1..S_B at
// sums[w·B + j - 1] (there where present is non-zero), for the group's windows.
template <class C>
void reduce_windows(const typename curve_traits<C>::bucket_t* sums, const uint32_t* present, uint32_t B, uint32_t group,
                    typename curve_traits<C>::bucket_t* window_sums, cudaStream_t stream) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    constexpr uint32_t BLOCK = 64;
    if (weighs_by_planes(B, group, spreads_sums<bucket_t>())) {
        constexpr uint32_t WARPS = spread_block_warps<bucket_t>();
        const uint32_t c = plane_count(B), P = plane_lanes(B), ways = plane_ways(B);
        const bool spread_sums = spread_sums_on(), one_stage = planes_in_one_stage(B);
        device_buffer<bucket_t> parts(size_t(group) * c * ways, stream);
        plane_sums<C><<<blocks_for(parts.size(), WARPS), WARPS * 32, 0, stream>>>(sums, present, c, ways, group,
                                                                                   one_stage, spread_sums, parts.get());
        GPUKIT_LAUNCHED("plane_sums");
        if (one_stage) {
            add_planes<C><<<blocks_for(group, WARPS), WARPS * 32, 0, stream>>>(parts.get(), c * ways, P * ways,
                                                                                group, spread_sums, window_sums);
            GPUKIT_LAUNCHED("add_planes");
            return;
        }
        device_buffer<bucket_t> totals(size_t(group) * c, stream);
        plane_totals<C><<<blocks_for(totals.size(), WARPS), WARPS * 32, 0, stream>>>(parts.get(), c, ways, group,
                                                                                      spread_sums, totals.get());
        GPUKIT_LAUNCHED("plane_totals");
        add_planes<C><<<blocks_for(group, WARPS), WARPS * 32, 0, stream>>>(totals.get(), c, P, group, spread_sums,
                                                                            window_sums);
        GPUKIT_LAUNCHED("add_planes");
        return;
    }
    if (weighs_directly(B, group)) {
        device_buffer<bucket_t> weighted(size_t(group) * B, stream);
        weigh_buckets<C><<<blocks_for(weighted.size(), BLOCK), BLOCK, 0, stream>>>(sums, present, B, group,
                                                                                   weighted.get());
        GPUKIT_LAUNCHED("weigh_buckets");
        sum_per_window<C>(weighted.get(), B, group, window_sums, stream);
        return;
    }
    // A share of weigh_chunks' wave, as many as chunk_warp_sums' wave holds
    // (uncapped, it keeps its double-and-add in registers: BN254's 190
    // against 128 and 1.1 KB of spills, still 2.5 warps a sub-partition).
    constexpr uint32_t WARPS = spread_block_warps<bucket_t>();
    const size_t resident = std::min(resident_threads(weigh_chunks<C>, WEIGH_CHUNKS_BLOCK) / chunk_wave_share(),
                                     resident_threads(chunk_warp_sums<C>, WARPS * 32));
    const uint32_t K = chunk_length(B, group, resident), T = chunk_slots(chunks_of(B, K));
    device_buffer<bucket_t> weighted(size_t(group) * T, stream), plain(size_t(group) * T, stream);
    weigh_chunks<C><<<blocks_for(size_t(group) * T, WEIGH_CHUNKS_BLOCK), WEIGH_CHUNKS_BLOCK, 0, stream>>>(
        sums, present, B, K, T, group, weighted.get(), plain.get());
    GPUKIT_LAUNCHED("weigh_chunks");
    device_buffer<bucket_t> warp_sums(size_t(group) * T / WARP_SUM_VALUES, stream);
    chunk_warp_sums<C><<<blocks_for(warp_sums.size(), WARPS), WARPS * 32, 0, stream>>>(
        weighted.get(), plain.get(), T, K, group, spread_sums_on(), warp_sums.get());
    GPUKIT_LAUNCHED("chunk_warp_sums");
    sum_per_window<C>(warp_sums.get(), T / WARP_SUM_VALUES, group, window_sums, stream);
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
