// extern "C" entry points that run the MSM planners (cuda/msm/plan/) on the
// host (built by g++ through cc in build.rs, like host_shim.cpp): window
// choice, passes, the reduction's sizes, scalar parts, the device split and the
// fixed-base layout. Lists are written to a caller's buffer of `cap`
// entries; the call returns how many there are (at most cap are written), or
// SIZE_MAX when the planner could not allocate.
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "../../msm/plan/devices.cuh"
#include "../../msm/plan/fixed_base.cuh"
#include "../../msm/plan/parts.cuh"
#include "../../msm/plan/passes.cuh"
#include "../../msm/plan/reduction.cuh"
#include "../../msm/plan/shape.cuh"
#include "../../msm/plan/small.cuh"
#include "../../msm/plan/windows.cuh"

using namespace gpukit;

// The Rust side mirrors these structs field by field (src/plan.rs).
static_assert(std::is_standard_layout<scalar_part>::value && sizeof(scalar_part) == 5 * sizeof(uint32_t),
              "scalar_part layout");
static_assert(std::is_standard_layout<device_slice>::value && sizeof(device_slice) == 3 * sizeof(uint32_t),
              "device_slice layout");
static_assert(std::is_standard_layout<fixed_base_layout>::value && sizeof(fixed_base_layout) == 4 * sizeof(uint32_t),
              "fixed_base_layout layout");

namespace {

// Copies a planner's list out, at most `cap` entries; never throws.
template <class T, class Plan>
size_t list_out(Plan plan, T* out, size_t cap) {
    try {
        const std::vector<T> list = plan();
        for (size_t i = 0; i < list.size() && i < cap; i++) out[i] = list[i];
        return list.size();
    } catch (...) {
        return SIZE_MAX;
    }
}

}  // namespace

// The planners' constants, for the tests' boundaries.
struct gpukit_plan_constants {
    uint64_t max_pairs_per_pass, max_buckets_per_pass;
    uint32_t min_chunk, warp_sum_values, direct_weight_max_buckets;
    uint32_t pipeline_min_points, fixed_window_pipeline_min_points, lead_window_drop, fixed_base_max_digit_bits;
    part_ramp pippenger_ramp, fixed_base_ramp;
    uint32_t lead_share_min, lead_share_max;
};

extern "C" gpukit_plan_constants gpukit_plan_constants_get() {
    return {MAX_PAIRS_PER_PASS, MAX_BUCKETS_PER_PASS, MIN_CHUNK, WARP_SUM_VALUES, DIRECT_WEIGHT_MAX_BUCKETS,
            PIPELINE_MIN_POINTS, FIXED_WINDOW_PIPELINE_MIN_POINTS, LEAD_WINDOW_DROP, FIXED_BASE_MAX_DIGIT_BITS,
            PIPPENGER_RAMP, FIXED_BASE_RAMP, LEAD_SHARE_MIN, LEAD_SHARE_MAX};
}

extern "C" uint32_t gpukit_plan_window_count(uint32_t scalar_bits, uint32_t c) { return window_count(scalar_bits, c); }

extern "C" uint32_t gpukit_plan_buckets_per_window(uint32_t c) { return buckets_per_window(c); }

// msm_shape's derived counts: windows, sets, units, pairs per unit, set shift.
struct gpukit_plan_shape_counts {
    uint32_t windows, sets, units, set_shift;
    uint64_t pairs_per_unit;
};

extern "C" gpukit_plan_shape_counts gpukit_plan_shape(uint32_t n, uint32_t batch, uint32_t c, uint32_t copies,
                                                      uint32_t scalar_bits) {
    const msm_shape s{n, batch, c, copies, n};
    return {s.windows(scalar_bits), s.sets(scalar_bits), s.units(scalar_bits), s.set_shift(), s.pairs_per_unit()};
}

extern "C" double gpukit_plan_window_cost(uint32_t scalar_bits, uint32_t c, size_t n, uint32_t copies) {
    return window_cost(scalar_bits, c, n, copies);
}

extern "C" uint32_t gpukit_plan_auto_window(uint32_t scalar_bits, uint32_t max_window, size_t n) {
    return auto_window(scalar_bits, max_window, n);
}

// copies[c] is copies_for(c), for c = 0..max_window.
extern "C" uint32_t gpukit_plan_auto_precomputed_window(uint32_t scalar_bits, uint32_t max_window, size_t n,
                                                        const uint32_t* copies) {
    return auto_precomputed_window(scalar_bits, max_window, n, [copies](uint32_t c) { return copies[c]; });
}

extern "C" size_t gpukit_plan_group_bytes(size_t unit_pairs, uint32_t c, uint32_t group, size_t bucket_bytes) {
    try {
        return group_bytes(unit_pairs, c, group, bucket_bytes);
    } catch (...) {
        return SIZE_MAX;
    }
}

extern "C" uint32_t gpukit_plan_units_per_pass(size_t unit_pairs, uint32_t c, uint32_t units, size_t bucket_bytes,
                                               size_t budget) {
    try {
        return units_per_pass(unit_pairs, c, units, bucket_bytes, budget);
    } catch (...) {
        return UINT32_MAX;
    }
}

extern "C" uint32_t gpukit_plan_chunks_of(uint32_t values, uint32_t chunk) { return chunks_of(values, chunk); }

extern "C" uint32_t gpukit_plan_chunk_length(uint32_t buckets, uint32_t group, size_t resident) {
    return chunk_length(buckets, group, resident);
}

extern "C" size_t gpukit_plan_reduce_bytes(uint32_t buckets, uint32_t group, size_t bucket_bytes) {
    try {
        return reduce_bytes(buckets, group, bucket_bytes);
    } catch (...) {
        return SIZE_MAX;
    }
}

extern "C" bool gpukit_plan_weighs_directly(uint32_t buckets, uint32_t group) {
    return weighs_directly(buckets, group);
}

extern "C" bool gpukit_plan_weighs_by_planes(uint32_t buckets, uint32_t group, bool spreads) {
    return weighs_by_planes(buckets, group, spreads);
}

extern "C" uint32_t gpukit_plan_plane_count(uint32_t buckets) { return plane_count(buckets); }

extern "C" uint32_t gpukit_plan_plane_lanes(uint32_t buckets) { return plane_lanes(buckets); }

extern "C" uint32_t gpukit_plan_plane_ways(uint32_t buckets) { return plane_ways(buckets); }

extern "C" bool gpukit_plan_planes_in_one_stage(uint32_t buckets) { return planes_in_one_stage(buckets); }

extern "C" bool gpukit_plan_small_msm_fits(uint32_t n, uint32_t batch, uint32_t c, uint32_t copies,
                                           size_t max_pairs) {
    return small_msm_fits(msm_shape{n, batch, c, copies, n}, max_pairs);
}

extern "C" uint32_t gpukit_plan_small_segments(size_t per_unit, size_t least) {
    return small_segments(per_unit, least);
}

extern "C" uint32_t gpukit_plan_idle_segments(uint32_t segments, size_t per_unit, size_t buckets,
                                              size_t sub_partitions) {
    return idle_segments(segments, per_unit, buckets, sub_partitions);
}

extern "C" size_t gpukit_plan_small_segment_pairs() { return SMALL_SEGMENT_PAIRS; }

extern "C" bool gpukit_plan_small_glv_fits(uint32_t n, uint32_t c, size_t max_pairs) {
    return small_glv_fits(n, c, max_pairs);
}

// narrow_keys_fit for a pass of `group` units, with narrow_unit_shift in *shift.
extern "C" bool gpukit_plan_narrow_keys(uint32_t n, uint32_t c, uint32_t copies, uint32_t stride, uint32_t group,
                                        uint32_t* shift) {
    const msm_shape s{n, 1, c, copies, stride};
    *shift = narrow_unit_shift(s);
    return narrow_keys_fit(s, group);
}

extern "C" size_t gpukit_plan_small_max_pairs() { return SMALL_MAX_PAIRS; }

extern "C" uint32_t gpukit_plan_small_max_window() { return SMALL_MAX_WINDOW; }

extern "C" uint32_t gpukit_plan_small_window() { return SMALL_WINDOW; }

extern "C" uint32_t gpukit_plan_top_window_bits(uint32_t scalar_bits, uint32_t c) {
    return top_window_bits(scalar_bits, c);
}

extern "C" uint32_t gpukit_plan_glv_small_window(uint32_t split_bits) { return glv_small_window(split_bits); }

extern "C" uint32_t gpukit_plan_glv_sorted_window(uint32_t split_bits, uint32_t n) {
    return glv_sorted_window(split_bits, n);
}

extern "C" size_t gpukit_plan_parts(uint32_t count, uint32_t chunk, uint32_t batch, uint32_t c, bool window_fixed,
                                    part_ramp ramp, uint32_t lead_share, scalar_part* out, size_t cap) {
    return list_out<scalar_part>([&] { return plan_parts(count, chunk, batch, c, window_fixed, ramp, lead_share); },
                                 out, cap);
}

extern "C" uint32_t gpukit_plan_lone_lead_share(uint32_t pairs_per_point, uint32_t point_bytes, bool locked) {
    return lone_lead_share(pairs_per_point, point_bytes, locked);
}

// lead_share_by_steps with a part's accumulation counted over a wave of
// `wave` threads: 64 lanes a thread where each gets at least 8 items, else
// 32, else XYZZ (the device's affine_accumulation_for, whose constants are
// in device headers).
extern "C" double gpukit_plan_lead_share_by_steps(uint32_t count, uint32_t pairs_per_point, double rule_share,
                                                  double upload_ns, uint32_t wave, uint32_t point_bytes) {
    return lead_share_by_steps(count, pairs_per_point, rule_share, upload_ns, [&](size_t pairs) {
        const size_t wide = size_t(wave) * 64, narrow = size_t(wave) * 32;
        const size_t slots = pairs >= wide * 8 ? wide : pairs >= narrow * 8 ? narrow : 0;
        return accumulation_ns(pairs, slots, slots == narrow, point_bytes);
    });
}

extern "C" double gpukit_plan_locked_scalar_upload_ns() { return LOCKED_SCALAR_UPLOAD_NS; }

extern "C" size_t gpukit_plan_one_shot_parts(uint32_t m, uint32_t c, uint32_t k, uint32_t min_points,
                                             scalar_part* out, size_t cap) {
    return list_out<scalar_part>([&] { return plan_one_shot_parts(m, c, k, min_points); }, out, cap);
}

// ONE_SHOT_PART_MIN_POINTS, ONE_SHOT_AUTO_PART_MIN_POINTS, ONE_SHOT_AUTO_MAX_PARTS.
extern "C" void gpukit_plan_one_shot_bounds(uint32_t* min_points, uint32_t* auto_min_points, uint32_t* auto_max_parts) {
    *min_points = ONE_SHOT_PART_MIN_POINTS;
    *auto_min_points = ONE_SHOT_AUTO_PART_MIN_POINTS;
    *auto_max_parts = ONE_SHOT_AUTO_MAX_PARTS;
}

extern "C" uint32_t gpukit_plan_one_shot_auto_most_parts(uint32_t m) { return one_shot_auto_most_parts(m); }

extern "C" size_t gpukit_plan_largest_part(const scalar_part* parts, size_t count) {
    try {
        return largest_part(std::vector<scalar_part>(parts, parts + count));
    } catch (...) {
        return SIZE_MAX;
    }
}

extern "C" bool gpukit_plan_shares_buckets(const scalar_part* a, const scalar_part* next) {
    return shares_buckets(*a, *next);
}

extern "C" size_t gpukit_plan_split_over_devices(const int* devices, size_t k, uint32_t n, device_slice* out,
                                                 size_t cap) {
    return list_out<device_slice>(
        [&] { return split_over_devices(std::vector<int>(devices, devices + k), n); }, out, cap);
}

extern "C" fixed_base_layout gpukit_plan_fixed_base_layout(uint32_t scalar_bits, uint32_t digit_bits, uint32_t row) {
    return fixed_base_layout_for(scalar_bits, digit_bits, row);
}

extern "C" size_t gpukit_plan_fixed_base_index(fixed_base_layout l, uint32_t j, uint32_t e, uint32_t i) {
    return l.index(j, e, i);
}

extern "C" size_t gpukit_plan_fixed_base_entry_count(fixed_base_layout l) { return l.entry_count(); }

extern "C" size_t gpukit_plan_fixed_base_bytes(fixed_base_layout l, size_t affine_bytes, size_t entry_bytes) {
    return l.bytes(affine_bytes, entry_bytes);
}

extern "C" uint32_t gpukit_plan_fixed_base_digits(uint32_t scalar_bits, uint32_t row, size_t affine_bytes,
                                                  size_t entry_bytes, size_t allowance, uint32_t lowest) {
    return fitting_digit_bits(scalar_bits, row, affine_bytes, entry_bytes, allowance, lowest);
}
