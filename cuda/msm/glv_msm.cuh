// A small one-shot MSM split by the curve's endomorphism (ec/glv.cuh):
// scalar i of n becomes |k1| over ±P_i (slot i) and |k2| over ±φ(P_i) (slot
// n + i), and the small path (small_msm.cuh) runs 2n scalars of SPLIT_BITS:
// as many pairs, half the windows, so half the host's chain of doublings
// that combines them (finish_msm at SPLIT_BITS; 252 BN254 doublings took
// 0.14–0.16 ms of a 0.4–0.5 ms call at 2^10 on the H100's host,
// bench/NOTES.md v28a). Only the small path splits: through the sorted
// pipeline, at the windows calibrated for whole scalars, the split ran
// slower from 2^11 to 2^14 and at 2^20 (twice the items a bucket; v29a).
#pragma once
#include "../ec/glv.cuh"
#include "../runtime/env.cuh"
#include "../runtime/status.cuh"
#include "small_msm.cuh"

namespace gpukit {

// GPUKIT_GLV=0 (read once per process) keeps small one-shot scalars whole
// on the curves with an endomorphism, for benchmarks.
inline bool glv_enabled() {
    static const bool enabled = !env_is_zero("GPUKIT_GLV");
    return enabled;
}

// Whether a one-shot pass of n points at window c on curve C is split: the
// curve has the endomorphism and it is enabled; φ = λ holds on every point
// it will take (the group has prime order, or `check` keeps the points in
// the prime-order subgroup: on a BLS curve's points outside it the split
// would not be k·P, which arkworks computes); and the split fits the small
// path (small_glv_fits).
template <class C>
bool splits_by_glv(uint32_t n, uint32_t c, point_check check) {
    if constexpr (has_glv<C>()) {
        const bool every_point = curve_traits<C>::glv::PRIME_ORDER || check == CHECK_SUBGROUP;
        return glv_enabled() && every_point && small_glv_fits(n, c, small_msm_max_pairs());
    }
    return false;
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

// Enqueues the MSM of n points (canonical scalars) at window c through its
// split (splits_by_glv) on `stream`: unit u's sum in unit_sums[u]
// (glv_split_shape(n, c).units(glv_bits<C>()) of them), for finish_msm at
// glv_bits<C>().
template <class C>
void enqueue_glv_msm(const typename curve_traits<C>::affine_t* bases, const uint32_t* scalars, uint32_t n,
                     uint32_t c, typename curve_traits<C>::bucket_t* unit_sums, cudaStream_t stream) {
    using affine_t = typename curve_traits<C>::affine_t;
    constexpr uint32_t BLOCK = 128;
    if constexpr (has_glv<C>()) {
        device_buffer<affine_t> split_bases(size_t(2) * n, stream);
        device_buffer<uint32_t> split_scalars(size_t(2) * n * 8, stream);
        split_scalars_glv<C><<<blocks_for(n, BLOCK), BLOCK, 0, stream>>>(bases, scalars, n, split_bases.get(),
                                                                        split_scalars.get());
        GPUKIT_LAUNCHED("split_scalars_glv");
        trace_mark("split scalars");
        enqueue_small_msm<C, glv_bits<C>()>(split_bases.get(), split_scalars.get(), glv_split_shape(n, c),
                                            unit_sums, stream);
    } else {
        fail(STATUS_INTERNAL, std::string("no endomorphism for ") + curve_traits<C>::NAME);
    }
}

}  // namespace gpukit
