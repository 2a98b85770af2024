// Wire format to device form, in place: each affine point arrives as its
// canonical (or Montgomery) coordinate words and leaves in Montgomery form.
// The checks of the validation level run here, in parallel, so that a GPU
// call never pays a host pass over its points.
#pragma once
#include "../curve_traits.cuh"
#include <cstdint>

namespace gpukit {

// Indices of the first offending input, or UINT32_MAX when there is none.
struct decode_report {
    uint32_t first_non_canonical;
    uint32_t first_off_curve;
    uint32_t first_bad_scalar;
};

template <class C>
__global__ void decode_points(typename curve_traits<C>::affine_t* points, uint32_t n, bool montgomery,
                              bool check, decode_report* report) {
    using field_t = typename curve_traits<C>::field_t;
    using affine_t = typename curve_traits<C>::affine_t;
    constexpr uint32_t W = field_t::WORDS;
    static_assert(sizeof(affine_t) == 2 * W * sizeof(uint32_t), "affine point must match the wire layout");

    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const uint32_t* words = reinterpret_cast<const uint32_t*>(points + i);
    uint32_t xw[W], yw[W];
    for (uint32_t k = 0; k < W; k++) {
        xw[k] = words[k];
        yw[k] = words[W + k];
    }
    if (check && !(field_t::is_canonical(xw) && field_t::is_canonical(yw))) {
        atomicMin(&report->first_non_canonical, i);
        return;
    }
    affine_t p;
    p.x = montgomery ? field_t::from_montgomery(xw) : field_t::from_canonical(xw);
    p.y = montgomery ? field_t::from_montgomery(yw) : field_t::from_canonical(yw);
    if (check && !p.is_identity() && !p.on_curve()) atomicMin(&report->first_off_curve, i);
    points[i] = p;
}

// Scalars must be canonical (< r); they are never reduced silently.
template <class C>
__global__ void check_scalars(const uint32_t* scalars, uint32_t n, decode_report* report) {
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const uint32_t* s = scalars + size_t(i) * 8;
    // Compare from the most significant word: s < r iff at the first
    // differing word s is smaller.
    constexpr auto r = scalar_modulus<C>();
    bool less = false, decided = false;
    for (int k = 7; k >= 0; k--) {
        if (!decided && s[k] != r.w[k]) {
            less = s[k] < r.w[k];
            decided = true;
        }
    }
    if (!less) atomicMin(&report->first_bad_scalar, i);
}

}  // namespace gpukit
