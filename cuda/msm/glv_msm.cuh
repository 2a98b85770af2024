// A one-shot MSM split by the curve's endomorphism (ec/glv.cuh): scalar i
// of n becomes |k1| over ±P_i (slot i) and |k2| over ±φ(P_i) (slot n + i),
// and 2n scalars of SPLIT_BITS run instead: as many pairs, half the
// windows, so half the host's chain of doublings that combines them
// (pending_msm_sums at SPLIT_BITS; 252 BN254 doublings took 0.14–0.16 ms of a
// 0.4–0.5 ms call at 2^10 on the H100's host, bench/NOTES.md v28a) and half
// the buckets to reduce. Small passes run the split on the small path
// (small_msm.cuh); larger ones, up to glv_sorted_max_points, through the
// sorted pipeline (driver/one_shot.cuh), part by part, or sorted from the
// scalars alone before the points' copy where the pass is one part.
#pragma once
#include <algorithm>
#include "../ec/glv.cuh"
#include "../runtime/env.cuh"
#include "../runtime/status.cuh"
#include "bucket_accumulate.cuh"
#include "bucket_reduce.cuh"
#include "bucket_sort.cuh"
#include "plan/passes.cuh"
#include "small_msm.cuh"

namespace gpukit {

// GPUKIT_GLV=0 (read once per process) keeps one-shot scalars whole on the
// curves with an endomorphism, for benchmarks.
inline bool glv_enabled() {
    static const bool enabled = !env_is_zero("GPUKIT_GLV");
    return enabled;
}

// Where a one-shot pass's scalars go: whole, or split onto the small path or
// through the sorted pipeline.
enum class glv_route { whole, small, sorted };

// Points up to which a one-shot pass past the small path is split through
// the sorted pipeline (plan/windows.cuh glv_sorted_window). Half the
// windows halve the host's combination and the reduction's buckets: on an
// H200 BN254 one-shot calls at 2^18 took 2.67–2.75 ms split against
// 3.01–3.25 whole, and at 2^20 8.0–8.7 against 8.6–8.7, at whole scalars'
// calibrated windows (bench/NOTES.md v35a); larger passes were not
// measured.
constexpr uint32_t GLV_SORTED_MAX_POINTS = 1u << 20;

// GPUKIT_GLV_SORTED_MAX (read once per process) sets GLV_SORTED_MAX_POINTS,
// for benchmarks: 0 keeps every pass past the small path whole.
inline uint32_t glv_sorted_max_points() {
    static const uint32_t most = uint32_t(std::min<size_t>(
        env_count("GPUKIT_GLV_SORTED_MAX", GLV_SORTED_MAX_POINTS), size_t(1) << 30));
    return most;
}

// The route of a one-shot pass of n points at window c on curve C: split
// where the curve has the endomorphism and it is enabled, and φ = λ holds on
// every point it will take (the group has prime order, or `check` keeps the
// points in the prime-order subgroup: on a BLS curve's points outside it the
// split would not be k·P, which arkworks computes); onto the small path
// where the split fits it (small_glv_fits), else through the sorted
// pipeline up to glv_sorted_max_points.
template <class C>
glv_route glv_route_for(uint32_t n, uint32_t c, point_check check) {
    if constexpr (has_glv<C>()) {
        const bool every_point = curve_traits<C>::glv::PRIME_ORDER || check == CHECK_SUBGROUP;
        if (!glv_enabled() || !every_point) return glv_route::whole;
        if (small_glv_fits(n, c, small_msm_max_pairs())) return glv_route::small;
        if (n <= glv_sorted_max_points()) return glv_route::sorted;
    }
    return glv_route::whole;
}

template <class C>
__global__ void split_scalars_glv(const typename curve_traits<C>::affine_t* bases, const uint32_t* scalars,
                                  uint32_t n, typename curve_traits<C>::affine_t* split_bases,
                                  uint32_t* split_scalars) {
    using affine_t = typename curve_traits<C>::affine_t;
    const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    glv_half k1, k2;
    glv_split_scalar<typename curve_traits<C>::glv>(scalars + size_t(i) * 8, k1, k2);
    const affine_t p = load_wide(bases + i), q = endomorphism<C>(p);
    store_wide(split_bases + i, k1.negative ? p.neg() : p);
    store_wide(split_bases + n + i, k2.negative ? q.neg() : q);
    for (uint32_t w = 0; w < 8; w++) {
        split_scalars[size_t(i) * 8 + w] = k1.magnitude[w];
        split_scalars[size_t(n + i) * 8 + w] = k2.magnitude[w];
    }
}

// Enqueues on `stream` the split of n points and their canonical scalars
// into split_bases and split_scalars (2n of each).
template <class C>
void enqueue_glv_split(const typename curve_traits<C>::affine_t* bases, const uint32_t* scalars, uint32_t n,
                       typename curve_traits<C>::affine_t* split_bases, uint32_t* split_scalars,
                       cudaStream_t stream) {
    constexpr uint32_t BLOCK = 128;
    if constexpr (has_glv<C>()) {
        split_scalars_glv<C><<<blocks_for(n, BLOCK), BLOCK, 0, stream>>>(bases, scalars, n, split_bases,
                                                                        split_scalars);
        GPUKIT_LAUNCHED("split_scalars_glv");
        trace_mark("split scalars");
    } else {
        fail(STATUS_INTERNAL, std::string("no endomorphism for ") + curve_traits<C>::NAME);
    }
}

// The split's pairs, recoded as the scalars are split and without writing
// the halves' points: half h of scalar i takes slot h·n + i of each unit
// (recode_scalars' layout over glv_split_shape), its value i for the first
// half and phi_base + i for the φ half, with NEGATE_BIT where the half's
// sign and its digit's differ. On the small path phi_base is ENDO_BIT, and
// its gather applies φ (one product a pair, pair_point); through the sorted
// pipeline it is n, the φ copies' place behind the points (phi_points).
// Against split_scalars_glv and recode_scalars: one launch and the halves'
// scalars fewer, no wait for the points, and on the small path no halves'
// points (128 KiB of BN254 at 2^10) and no φ copies of resident bases. One
// thread a scalar.
template <class C>
__global__ void recode_glv_halves(const uint32_t* scalars, uint32_t n, uint32_t c, uint32_t sets,
                                  uint32_t phi_base, uint32_t* keys, uint32_t* values) {
    const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    glv_half halves[2];
    glv_split_scalar<typename curve_traits<C>::glv>(scalars + size_t(i) * 8, halves[0], halves[1]);
    const pair_keys format{c};
    const uint32_t half_range = 1u << (c - 1);
    for (uint32_t h = 0; h < 2; h++) {
        uint32_t carry = 0;
        for (uint32_t w = 0; w < sets; w++) {
            const uint32_t raw = scalar_bits_at(halves[h].magnitude, w * c, c) + carry;
            const bool negative = raw > half_range;
            carry = negative;
            const uint32_t magnitude = negative ? (1u << c) - raw : raw;
            const size_t at = (size_t(w) * 2 + h) * n + i;
            keys[at] = magnitude == 0 ? format.skip(w) : format.key(w, magnitude - 1);
            values[at] = ((h ? phi_base : 0u) + i) | (negative != halves[h].negative ? NEGATE_BIT : 0u);
        }
    }
}

// Enqueues recode_glv_halves over n canonical scalars at window c, `sets`
// windows, into keys and values on `stream`.
template <class C>
void enqueue_recode_glv_halves(const uint32_t* scalars, uint32_t n, uint32_t c, uint32_t sets, uint32_t phi_base,
                               uint32_t* keys, uint32_t* values, cudaStream_t stream) {
    constexpr uint32_t BLOCK = 128;
    if constexpr (has_glv<C>()) {
        recode_glv_halves<C><<<blocks_for(n, BLOCK), BLOCK, 0, stream>>>(scalars, n, c, sets, phi_base, keys, values);
        GPUKIT_LAUNCHED("recode_glv_halves");
        trace_mark("split and recode");
    } else {
        fail(STATUS_INTERNAL, std::string("no endomorphism for ") + curve_traits<C>::NAME);
    }
}

// The split's pairs of one vector on the small path (glv_route::small):
// recode_glv_halves' keys and values, from the scalars alone.
struct glv_small_pairs {
    msm_shape shape;
    device_buffer<uint32_t> keys, values;
};

// Enqueues the split and recoding of n canonical scalars at window c on
// `stream`. A one-shot call enqueues it before its points' copy, so that the
// device recodes while the host is still copying the points.
template <class C>
glv_small_pairs enqueue_glv_recode(const uint32_t* scalars, uint32_t n, uint32_t c, cudaStream_t stream) {
    constexpr uint32_t BITS = glv_bits<C>();
    const msm_shape shape = glv_split_shape(n, c);
    const size_t pairs = shape.pairs_per_unit() * shape.units(BITS);
    glv_small_pairs out{shape, device_buffer<uint32_t>(pairs, stream), device_buffer<uint32_t>(pairs, stream)};
    enqueue_recode_glv_halves<C>(scalars, n, c, shape.sets(BITS), ENDO_BIT, out.keys.get(), out.values.get(), stream);
    return out;
}

// GPUKIT_GLV_EARLY_SORT=0 (read once per process) sorts a one-part split
// pass after its points' copy (split_scalars_glv, as parts do), for
// benchmarks.
inline bool glv_early_sort_enabled() {
    static const bool enabled = !env_is_zero("GPUKIT_GLV_EARLY_SORT");
    return enabled;
}

// Whether a one-shot split pass of n points at window c, taken whole
// (one part) through the sorted pipeline, sorts its pairs before its points'
// copy (enqueue_glv_sorted_recode): where its pairs accumulate in XYZZ (the
// batch-affine accumulation lays its pairs out in lanes, in buffers of
// pair_buffer_slots and often with narrow keys, for which the early pairs'
// buffers are not made), and one pass of every unit fits `budget`.
template <class C>
bool glv_sorts_early(uint32_t n, uint32_t c, size_t budget) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    const msm_shape shape = glv_split_shape(n, c);
    const uint32_t units = shape.units(glv_bits<C>());
    return glv_early_sort_enabled() && affine_accumulation_threads<C>(shape.pairs_per_unit() * units) == 0 &&
           units_per_pass(shape.pairs_per_unit(), c, units, sizeof(bucket_t), budget) >= units;
}

// The split's pairs of one pass for the sorted pipeline, sorted by bucket
// from the scalars alone (recode_glv_halves with phi_base = n). The split
// through split_scalars_glv waits for the points, which it writes out as
// 2n halves; these pairs are recoded and sorted while the host still
// copies the points (BN254 2^16: split, recode and sort 0.07 ms of device
// time), and the points then get their φ copies behind them (phi_points).
// The accumulation applying φ as it read a point instead took 9 % longer
// (0.44 → 0.48 ms at BN254 2^16, bench/NOTES.md v39).
struct glv_sorted_pairs {
    msm_shape shape;
    size_t count;
    device_buffer<uint32_t> keys_a, keys_b, values_a, values_b;
    cub::DoubleBuffer<uint32_t> keys, values;
};

// Enqueues the split, recoding and sort of n canonical scalars at window c
// on `stream` (glv_sorts_early).
template <class C>
glv_sorted_pairs enqueue_glv_sorted_recode(const uint32_t* scalars, uint32_t n, uint32_t c, cudaStream_t stream) {
    constexpr uint32_t BITS = glv_bits<C>();
    const msm_shape shape = glv_split_shape(n, c);
    const size_t count = shape.pairs_per_unit() * shape.units(BITS);
    glv_sorted_pairs out{shape, count, device_buffer<uint32_t>(count, stream), device_buffer<uint32_t>(count, stream),
                         device_buffer<uint32_t>(count, stream), device_buffer<uint32_t>(count, stream), {}, {}};
    out.keys = cub::DoubleBuffer<uint32_t>(out.keys_a.get(), out.keys_b.get());
    out.values = cub::DoubleBuffer<uint32_t>(out.values_a.get(), out.values_b.get());
    enqueue_recode_glv_halves<C>(scalars, n, c, shape.sets(BITS), n, out.keys.Current(), out.values.Current(), stream);
    sort_pairs(out.keys, out.values, count, pair_keys{c}, stream);
    trace_mark("sort");
    return out;
}

// points[n + i] = φ(points[i]) for i < n: the φ half's points of the
// early-sorted pairs.
template <class C>
__global__ void phi_points(typename curve_traits<C>::affine_t* points, uint32_t n) {
    const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    if constexpr (has_glv_t<C>::value) store_wide(points + n + i, endomorphism<C>(load_wide(points + i)));
}

// Enqueues the rest of the sorted pipeline over `pairs` and their n points
// at `points`, which has room for 2n (the φ copies go behind them), on
// `stream`: unit u's sum in unit_sums[u] (pairs.shape.units(glv_bits<C>())
// of them), for pending_msm_sums at glv_bits<C>().
template <class C>
void enqueue_glv_sorted_sums(typename curve_traits<C>::affine_t* points, glv_sorted_pairs& pairs,
                             typename curve_traits<C>::bucket_t* unit_sums, cudaStream_t stream) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    constexpr uint32_t BLOCK = 256;
    const uint32_t n = pairs.shape.n / 2;
    phi_points<C><<<blocks_for(n, BLOCK), BLOCK, 0, stream>>>(points, n);
    GPUKIT_LAUNCHED("phi_points");
    trace_mark("phi points");
    const uint32_t units = pairs.shape.units(glv_bits<C>()), B = buckets_per_window(pairs.shape.c);
    bucket_items items{device_buffer<uint32_t>(size_t(units) * B, stream), device_buffer<uint32_t>(1, stream)};
    GPUKIT_CUDA(cudaMemsetAsync(items.end.get(), 0, items.end.bytes(), stream));
    device_buffer<bucket_t> sums(size_t(units) * B, stream);
    accumulate_buckets<C>(points, pairs.keys, pairs.values, pairs.count, pair_keys{pairs.shape.c}, items, sums.get(),
                          stream);
    reduce_windows<C>(sums.get(), items.end.get(), B, units, unit_sums, stream);
    trace_mark("reduce windows");
}

// Enqueues the small path's sums of `pairs` over their points `bases` on
// `stream`: unit u's sum in unit_sums[u] (pairs.shape.units(glv_bits<C>())
// of them), for pending_msm_sums at glv_bits<C>().
template <class C>
void enqueue_glv_sums(const typename curve_traits<C>::affine_t* bases, const glv_small_pairs& pairs,
                      typename curve_traits<C>::bucket_t* unit_sums, cudaStream_t stream) {
    enqueue_small_sums<C, glv_bits<C>()>(bases, pairs.keys.get(), pairs.values.get(), pairs.shape, ENDO_BIT,
                                         unit_sums, stream);
}

// Enqueues the MSM of n points (canonical scalars) at window c through its
// split on the small path on `stream`, as enqueue_glv_recode and
// enqueue_glv_sums.
template <class C>
void enqueue_glv_msm(const typename curve_traits<C>::affine_t* bases, const uint32_t* scalars, uint32_t n,
                     uint32_t c, typename curve_traits<C>::bucket_t* unit_sums, cudaStream_t stream) {
    const glv_small_pairs pairs = enqueue_glv_recode<C>(scalars, n, c, stream);
    enqueue_glv_sums<C>(bases, pairs, unit_sums, stream);
}

}  // namespace gpukit
