// The small MSM: one vector of few points, where the sorted pipeline's
// latency is the cost, not its work. A 2^10-point call spent ~0.37 ms on
// the device in some fifteen launches (the sort, the bucket ranges, the cut
// buckets' finish and the reduction's levels), most of it dependent
// additions at their latency, ~10 µs each (bench/NOTES.md, v18a). Here the
// recoded pairs stay unsorted and two kernels do the rest:
//   small_bucket_sums: one warp per (unit, bucket, segment) reads a
//     segment of the unit's keys (plan/small.cuh small_segments and
//     idle_segments), gathers
//     the pairs of its bucket and adds them spread over its 32 lanes, then
//     sums the lanes: ceil(items / (32·segments)) + 5 dependent additions.
//     A bucket holding many of the unit's items is the call's latency
//     (every scalar equal; a top window of one or two bits, as BLS12-377's
//     at c = 4 or BLS12-381's and secp256k1's at c = 5, splits the unit
//     between two buckets), which is why the path stops at SMALL_MAX_PAIRS
//     and why a long unit is cut into segments;
//   small_unit_sums: one warp per unit adds each bucket's segments and
//     weighs its B bucket sums without a doubling chain (below): up to 32
//     buckets, one a lane, in log2(segments) + 2·log2(B) dependent
//     additions; more, m = B / 32 a lane, in m·(2 + log2(segments)) + 11
//     + log2(m).
// The lanes' sums and the weighing leave most lanes idle, and a warp's
// addition costs its products in sequence however few lanes work: on XYZZ
// points they spread each level's products over the lanes
// (ec/spread_sum.cuh), four rounds of one product an addition instead of 14.
// The host combines the units as after the pipeline (pending_msm_sums).
#pragma once
#include "../curve_traits.cuh"
#include "../ec/glv.cuh"
#include "../ec/point_calls.cuh"
#include "../ec/spread_sum.cuh"
#include "../ec/wide_access.cuh"
#include "../runtime/device_buffer.cuh"
#include "../runtime/occupancy.cuh"
#include "../runtime/trace.cuh"
#include "plan/small.cuh"
#include "plan/spread.cuh"
#include "recode.cuh"

namespace gpukit {

// Keys a lane reads at once: independent loads in flight instead of one
// load's latency per 32 keys.
constexpr uint32_t SMALL_KEY_BATCH = 8;
// Pair values a warp gathers in shared memory before its lanes add them
// (room for two batches of the warp's keys): the lanes take them
// round-robin, so a bucket's items spread evenly over the lanes wherever
// they lie among the unit's pairs.
constexpr uint32_t SMALL_GATHER = 2 * 32 * SMALL_KEY_BATCH;

// The point of a small-path pair's value: the base at its index, φ of it
// (ec/glv.cuh) where the value carries `endo_bit` (ENDO_BIT for the split's
// pairs of glv_msm.cuh's recode_glv_halves, 0 for every other value),
// negated where it carries NEGATE_BIT.
template <class C>
__device__ __forceinline__ typename curve_traits<C>::affine_t pair_point(const typename curve_traits<C>::affine_t* bases,
                                                                        uint32_t v, uint32_t endo_bit) {
    typename curve_traits<C>::affine_t point = load_wide(bases + (v & ~(NEGATE_BIT | endo_bit)));
    if constexpr (has_glv_t<C>::value) {
        if (v & endo_bit) point = endomorphism<C>(point);
    }
    return (v & NEGATE_BIT) ? point.neg() : point;
}

// bucket_sums[g·segments + s], g = u·B + b: the sum of unit u's pairs in
// bucket b (recode_scalars' keys of a pass with first = 0, in `format`)
// among its segment s of keys, the identity where there are none. Unit u's
// pairs are [u·per_unit, (u+1)·per_unit) of keys/values; segment s is
// [s·per_unit/segments, (s+1)·per_unit/segments) of them. Their values
// name their points as pair_point reads them.
template <class C>
__global__ void __launch_bounds__(spread_block_warps<typename curve_traits<C>::bucket_t>() * 32)
    small_bucket_sums(const typename curve_traits<C>::affine_t* bases, const uint32_t* keys, const uint32_t* values,
                      uint32_t per_unit, uint32_t B, pair_keys format, uint32_t buckets, uint32_t segments,
                      uint32_t endo_bit, bool spread_sums, typename curve_traits<C>::bucket_t* bucket_sums) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    constexpr uint32_t WARPS = spread_block_warps<bucket_t>();
    __shared__ uint32_t gathered[WARPS][SMALL_GATHER];
    __shared__ spread_space_for<bucket_t> spread[WARPS];
    const uint32_t warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const uint32_t slot = blockIdx.x * WARPS + warp, g = slot / segments, segment = slot % segments;
    if (g >= buckets) return;  // the whole warp
    const size_t first = size_t(g / B) * per_unit;
    const uint32_t lo = uint32_t(uint64_t(per_unit) * segment / segments);
    const uint32_t hi = uint32_t(uint64_t(per_unit) * (segment + 1) / segments);
    const uint32_t target = format.key_of_index(g);
    uint32_t* list = gathered[warp];
    bucket_t acc = bucket_t::identity();
    uint32_t filled = 0;
    constexpr uint32_t STRIDE = 32 * SMALL_KEY_BATCH;
    for (uint32_t start = lo; start < hi; start += STRIDE) {
        uint32_t key[SMALL_KEY_BATCH];
#pragma unroll
        for (uint32_t q = 0; q < SMALL_KEY_BATCH; q++) {
            const uint32_t i = start + q * 32 + lane;
            key[q] = i < hi ? keys[first + i] : ~target;
        }
#pragma unroll
        for (uint32_t q = 0; q < SMALL_KEY_BATCH; q++) {
            const bool match = key[q] == target;
            const uint32_t ballot = __ballot_sync(0xffffffffu, match);
            if (match) list[filled + __popc(ballot & ((1u << lane) - 1))] = values[first + start + q * 32 + lane];
            filled += __popc(ballot);
        }
        // Room for the next batch always remains, so a batch never overflows.
        if (filled > SMALL_GATHER - STRIDE || start + STRIDE >= hi) {
            __syncwarp();
            for (uint32_t k = lane; k < filled; k += 32) acc = acc.add_affine(pair_point<C>(bases, list[k], endo_bit));
            __syncwarp();
            filled = 0;
        }
    }
    acc = spread_warp_sum(acc, spread[warp], spread_sums);
    if (lane == 0) store_wide(bucket_sums + slot, acc);
}

// The sum of bucket g's `segments` partial sums (1, 2 or 4), added pairwise.
template <class bucket_t>
__device__ bucket_t bucket_total(const bucket_t* bucket_sums, size_t g, uint32_t segments) {
    const bucket_t* parts = bucket_sums + g * segments;
    bucket_t total = load_wide(parts);
    if (segments == 1) return total;
    total = add_points(total, load_wide(parts + 1));
    if (segments == 2) return total;
    return add_points(total, add_points(load_wide(parts + 2), load_wide(parts + 3)));
}

// Σ_{b<B} (b+1)·V_b over one unit's B ≤ 32 buckets (V_b the sum of bucket
// b's `segments` partial sums at sums[b·segments ..]), to lane 0; one
// bucket a lane. The lanes take the partial sums segment by segment
// (value s·B + b on lane s·B + b, a lane adding those 32 apart where there
// are more than 32), so that a bucket's segments lie B lanes apart and are
// added as a warp sum's upper levels, spread; then
//   Σ_b (b+1)·V_b = Σ_k R_k,  R_k = Σ_{b≥k} V_b,
// one suffix scan and one sum of the B lanes. On BN254's split at 2^10 (8
// buckets in 2 segments) that is 7 spread levels, where weigh_many_buckets'
// form (m = 1) took a lane's addition of the segments (14 products in
// sequence) and 7 levels (bench/NOTES.md v38b).
template <class bucket_t>
__device__ bucket_t weigh_few_buckets(const bucket_t* sums, uint32_t B, uint32_t segments,
                                      spread_space_for<bucket_t>& w, bool spread_sums) {
    const uint32_t lane = threadIdx.x % 32, values = B * segments, held = values < 32 ? values : 32;
    bucket_t acc = bucket_t::identity();
    for (uint32_t v = lane; v < values; v += 32) {
        const bucket_t part = load_wide(sums + size_t(v % B) * segments + v / B);
        acc = v < 32 ? part : add_points(acc, part);
    }
    for (uint32_t offset = held / 2; offset >= B; offset >>= 1)
        acc = spread_add_points(acc, shuffle_down_point(acc, offset), lane < offset, w, spread_sums);
    const bucket_t suffix = spread_warp_suffix_sum(acc, w, spread_sums, B);
    return spread_warp_sum(suffix, w, spread_sums, B);
}

// Σ_{b<B} (b+1)·bucket_sums[b] over one unit's B > 32 buckets, to lane 0.
// Lane j holds buckets j·m .. j·m + m − 1 (m = B / 32, a power of two) and
// sums them from the top, running: its weighted sum a_j = Σ_r (r+1)·V_(jm+r)
// and its plain sum r_j = Σ_r V_(jm+r). Then
//   Σ_b (b+1)·V_b = Σ_j (a_j + j·m·r_j) = Σ_j a_j + m·Σ_{k≥1} R_k,
// R_k = Σ_{j≥k} r_j, the lanes' suffix sums: one scan and one sum of the
// warp, and log2(m) doublings, instead of the running sum's 2B-deep chain
// or a doubling chain per bucket.
template <class bucket_t>
__device__ bucket_t weigh_many_buckets(const bucket_t* sums, uint32_t B, uint32_t segments,
                                       spread_space_for<bucket_t>& w, bool spread_sums) {
    const uint32_t lane = threadIdx.x % 32, m = B / 32;
    bucket_t running = bucket_t::identity(), weighted = bucket_t::identity();
    for (uint32_t r = m; r-- > 0;) {
        running = add_points(running, bucket_total(sums, size_t(lane) * m + r, segments));
        weighted = r + 1 == m ? running : add_points(weighted, running);
    }
    bucket_t offset = spread_warp_suffix_sum(running, w, spread_sums, 32);
    for (uint32_t k = 1; k < m; k <<= 1) offset = double_point(offset);
    const bucket_t lane_total = spread_add_points(weighted, offset, lane > 0, w, spread_sums);
    return spread_warp_sum(lane_total, w, spread_sums, 32);
}

// unit_sums[u] = Σ_{b<B} (b+1)·bucket_sums[u·B + b], one warp per unit
// (B a power of two).
template <class C>
__global__ void __launch_bounds__(spread_block_warps<typename curve_traits<C>::bucket_t>() * 32)
    small_unit_sums(const typename curve_traits<C>::bucket_t* bucket_sums, uint32_t B, uint32_t units,
                    uint32_t segments, bool spread_sums, typename curve_traits<C>::bucket_t* unit_sums) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    constexpr uint32_t WARPS = spread_block_warps<bucket_t>();
    __shared__ spread_space_for<bucket_t> spread[WARPS];
    const uint32_t warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    const uint32_t u = blockIdx.x * WARPS + warp;
    if (u >= units) return;  // the whole warp
    const bucket_t* sums = bucket_sums + size_t(u) * B * segments;
    const bucket_t total = B <= 32 ? weigh_few_buckets(sums, B, segments, spread[warp], spread_sums)
                                   : weigh_many_buckets(sums, B, segments, spread[warp], spread_sums);
    if (lane == 0) store_wide(unit_sums + u, total);
}

// Enqueues on `stream` the sums of the pairs of an MSM of `shape`
// (small_msm_fits) over scalars of BITS bits, recoded unsorted into keys and
// values (recode_scalars with first = 0, or recode_glv_halves with
// `endo_bit`): unit u's sum in unit_sums[u], as enqueue_msm leaves it.
template <class C, uint32_t BITS>
void enqueue_small_sums(const typename curve_traits<C>::affine_t* bases, const uint32_t* keys, const uint32_t* values,
                        const msm_shape& shape, uint32_t endo_bit, typename curve_traits<C>::bucket_t* unit_sums,
                        cudaStream_t stream) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    constexpr uint32_t BLOCK = spread_block_warps<bucket_t>() * 32;
    const uint32_t units = shape.units(BITS), B = buckets_per_window(shape.c);
    const size_t per_unit = shape.pairs_per_unit();
    const uint32_t buckets = units * B;
    // An SM has four sub-partitions (warp schedulers, each with its multiplier).
    const uint32_t segments = idle_segments(small_segments(per_unit, small_segment_pairs()), per_unit, buckets,
                                            size_t(multiprocessors()) * 4);
    device_buffer<bucket_t> bucket_sums(size_t(buckets) * segments, stream);
    const bool spread_sums = spread_sums_on();
    small_bucket_sums<C><<<blocks_for(size_t(buckets) * segments * 32, BLOCK), BLOCK, 0, stream>>>(
        bases, keys, values, uint32_t(per_unit), B, pair_keys{shape.c}, buckets, segments, endo_bit, spread_sums,
        bucket_sums.get());
    GPUKIT_LAUNCHED("small_bucket_sums");
    trace_mark("small bucket sums");
    small_unit_sums<C><<<blocks_for(size_t(units) * 32, BLOCK), BLOCK, 0, stream>>>(bucket_sums.get(), B, units,
                                                                                    segments, spread_sums, unit_sums);
    GPUKIT_LAUNCHED("small_unit_sums");
    trace_mark("small unit sums");
}

// Enqueues the MSM of `shape` (small_msm_fits) over scalars of BITS bits
// on `stream`: unit u's sum in unit_sums[u], as enqueue_msm leaves it.
template <class C, uint32_t BITS = curve_traits<C>::SCALAR_BITS>
void enqueue_small_msm(const typename curve_traits<C>::affine_t* bases, const uint32_t* scalars,
                       const msm_shape& shape, typename curve_traits<C>::bucket_t* unit_sums, cudaStream_t stream) {
    const size_t pairs = shape.pairs_per_unit() * shape.units(BITS);
    device_buffer<uint32_t> keys(pairs, stream), values(pairs, stream);
    recode_scalars<BITS><<<blocks_for(size_t(shape.batch) * shape.n, 256), 256, 0, stream>>>(
        scalars, shape, 0, shape.units(BITS), pair_keys{shape.c}, keys.get(), values.get());
    GPUKIT_LAUNCHED("recode_scalars");
    trace_mark("recode");
    enqueue_small_sums<C, BITS>(bases, keys.get(), values.get(), shape, 0, unit_sums, stream);
}

}  // namespace gpukit
