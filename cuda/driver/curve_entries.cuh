// What the CUDA backend does for one curve, declared once and instantiated per
// curve in a translation unit that build.rs writes into OUT_DIR (one per
// curve, so that the curves compile in parallel). Everything throws
// gpukit_error.
#pragma once
#include <cstddef>
#include <cstdint>
#include "point_check.cuh"
#include "point_layout.cuh"
#include "scalar_layout.cuh"
#include "scalar_vectors.cuh"

namespace gpukit {

struct resident_bases;

template <class C>
struct curve_entries {
    // One MSM, spread over the devices of `devices` (bit mask, 0 = all);
    // `out` gets the wire result. Points and scalars are laid out as
    // `points_layout` and `scalars_layout` say, and checked as `check` says.
    // The window is the caller's `window_c`, or where that is 0 the device's
    // choice, which takes the calibrated `tuned_c` (0 = none) for scalars it
    // does not split (one_shot_window).
    static void msm(const uint8_t* points, const uint8_t* scalars, uint32_t n, uint32_t window_c, uint32_t tuned_c,
                    point_layout points_layout, point_check check, scalar_layout scalars_layout, uint32_t devices,
                    uint8_t* out);
    // Uploads, decodes and checks n bases once (`in_subgroup`: they are
    // known to lie in the prime-order subgroup, checked before), and stores either
    // fixed-base tables of `fixed_base`-bit digits (0 = chosen for small
    // bases when the other two are automatic, 1 = none) or `precompute`
    // shifted copies of each (0 = as many as half the free memory holds,
    // 1 = none) for window `window_c` (0 = chosen for n).
    static resident_bases* bases_new(const uint8_t* points, uint32_t n, point_layout layout, point_check check,
                                     bool in_subgroup, uint32_t devices, uint32_t precompute, uint32_t window_c,
                                     uint32_t fixed_base);
    // Decompresses n packed records of a compressed `layout` on the
    // devices of `devices` (each its slice) into n wire points at `out`;
    // `check` runs the format's own checks (and CHECK_SUBGROUP the
    // prime-order subgroup's). Faulty records give the host codec's
    // statuses and messages, the lowest index first.
    static void decompress(const uint8_t* points, uint32_t n, point_layout layout, point_check check,
                           uint32_t devices, uint8_t* out);
    // The MSMs of `scalars` (scalars.batch vectors) over the first n
    // resident bases.
    static void bases_msm(const resident_bases& bases, const scalar_vectors& scalars, uint32_t window_c,
                          scalar_layout scalars_layout, uint8_t* out);
};

}  // namespace gpukit
