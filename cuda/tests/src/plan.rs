//! Safe wrappers over shim/plan_shim.cpp: the MSM planners of
//! cuda/msm/plan/ (window choice, passes, the reduction's sizes, scalar parts,
//! the device split, the fixed-base layout), compiled by the host C++
//! compiler. The structs mirror the C++ ones field by field.

/// The planners' constants (MAX_PAIRS_PER_PASS, MIN_CHUNK, ...).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Constants {
    pub max_pairs_per_pass: u64,
    pub max_buckets_per_pass: u64,
    pub min_chunk: u32,
    pub warp_sum_values: u32,
    pub direct_weight_max_buckets: u32,
    pub pipeline_min_points: u32,
    pub fixed_window_pipeline_min_points: u32,
    pub lead_window_drop: u32,
    pub fixed_base_max_digit_bits: u32,
    pub pippenger_ramp: PartRamp,
    pub fixed_base_ramp: PartRamp,
    pub lead_share_min: u32,
    pub lead_share_max: u32,
}

/// part_ramp: a large batch's first part is a `lead_share`-th of the
/// others, and each part after it at most `growth` times the one before.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PartRamp {
    pub lead_share: u32,
    pub growth: u32,
}

/// msm_shape's derived counts for one scalar width.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShapeCounts {
    pub windows: u32,
    pub sets: u32,
    pub units: u32,
    pub set_shift: u32,
    pub pairs_per_unit: u64,
}

/// scalar_part: the vectors and points of one part, and its window.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ScalarPart {
    pub first_vector: u32,
    pub vectors: u32,
    pub first: u32,
    pub count: u32,
    pub c: u32,
}

/// device_slice: one device's contiguous share of the points.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DeviceSlice {
    pub device: i32,
    pub offset: u32,
    pub count: u32,
}

/// fixed_base_layout: digits of `digit_bits`, `windows` windows of
/// `entries` multiples, `row` bases.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FixedBaseLayout {
    pub digit_bits: u32,
    pub windows: u32,
    pub entries: u32,
    pub row: u32,
}

mod ffi {
    use super::{Constants, DeviceSlice, FixedBaseLayout, PartRamp, ScalarPart, ShapeCounts};
    extern "C" {
        pub fn gpukit_plan_constants_get() -> Constants;
        pub fn gpukit_plan_window_count(scalar_bits: u32, c: u32) -> u32;
        pub fn gpukit_plan_buckets_per_window(c: u32) -> u32;
        pub fn gpukit_plan_shape(
            n: u32,
            batch: u32,
            c: u32,
            copies: u32,
            scalar_bits: u32,
        ) -> ShapeCounts;
        pub fn gpukit_plan_window_cost(scalar_bits: u32, c: u32, n: usize, copies: u32) -> f64;
        pub fn gpukit_plan_auto_window(scalar_bits: u32, max_window: u32, n: usize) -> u32;
        pub fn gpukit_plan_auto_precomputed_window(
            scalar_bits: u32,
            max_window: u32,
            n: usize,
            copies: *const u32,
        ) -> u32;
        pub fn gpukit_plan_group_bytes(
            unit_pairs: usize,
            c: u32,
            group: u32,
            bucket_bytes: usize,
        ) -> usize;
        pub fn gpukit_plan_units_per_pass(
            unit_pairs: usize,
            c: u32,
            units: u32,
            bucket_bytes: usize,
            budget: usize,
        ) -> u32;
        pub fn gpukit_plan_chunks_of(values: u32, chunk: u32) -> u32;
        pub fn gpukit_plan_chunk_length(buckets: u32, group: u32, resident: usize) -> u32;
        pub fn gpukit_plan_reduce_bytes(buckets: u32, group: u32, bucket_bytes: usize) -> usize;
        pub fn gpukit_plan_weighs_directly(buckets: u32, group: u32) -> bool;
        pub fn gpukit_plan_weighs_by_planes(buckets: u32, group: u32, spreads: bool) -> bool;
        pub fn gpukit_plan_plane_count(buckets: u32) -> u32;
        pub fn gpukit_plan_plane_lanes(buckets: u32) -> u32;
        pub fn gpukit_plan_plane_ways(buckets: u32) -> u32;
        pub fn gpukit_plan_planes_in_one_stage(buckets: u32) -> bool;
        pub fn gpukit_plan_small_msm_fits(
            n: u32,
            batch: u32,
            c: u32,
            copies: u32,
            max_pairs: usize,
        ) -> bool;
        pub fn gpukit_plan_small_segments(per_unit: usize, least: usize) -> u32;
        pub fn gpukit_plan_idle_segments(
            segments: u32,
            per_unit: usize,
            buckets: usize,
            sub_partitions: usize,
        ) -> u32;
        pub fn gpukit_plan_small_glv_fits(n: u32, c: u32, max_pairs: usize) -> bool;
        pub fn gpukit_plan_small_segment_pairs() -> usize;
        pub fn gpukit_plan_narrow_keys(
            n: u32,
            c: u32,
            copies: u32,
            stride: u32,
            group: u32,
            shift: *mut u32,
        ) -> bool;
        pub fn gpukit_plan_small_max_pairs() -> usize;
        pub fn gpukit_plan_small_max_window() -> u32;
        pub fn gpukit_plan_small_window() -> u32;
        pub fn gpukit_plan_top_window_bits(scalar_bits: u32, c: u32) -> u32;
        pub fn gpukit_plan_glv_small_window(split_bits: u32) -> u32;
        pub fn gpukit_plan_glv_sorted_window(split_bits: u32, n: u32) -> u32;
        pub fn gpukit_plan_parts(
            count: u32,
            chunk: u32,
            batch: u32,
            c: u32,
            window_fixed: bool,
            ramp: PartRamp,
            lead_share: u32,
            out: *mut ScalarPart,
            cap: usize,
        ) -> usize;
        pub fn gpukit_plan_lone_lead_share(
            pairs_per_point: u32,
            point_bytes: u32,
            locked: bool,
        ) -> u32;
        pub fn gpukit_plan_lead_share_by_steps(
            count: u32,
            pairs_per_point: u32,
            rule_share: f64,
            upload_ns: f64,
            wave: u32,
            point_bytes: u32,
        ) -> f64;
        pub fn gpukit_plan_locked_scalar_upload_ns() -> f64;
        pub fn gpukit_plan_one_shot_parts(
            m: u32,
            c: u32,
            k: u32,
            min_points: u32,
            out: *mut ScalarPart,
            cap: usize,
        ) -> usize;
        pub fn gpukit_plan_one_shot_bounds(
            min_points: *mut u32,
            auto_min_points: *mut u32,
            auto_max_parts: *mut u32,
        );
        pub fn gpukit_plan_one_shot_auto_most_parts(m: u32) -> u32;
        pub fn gpukit_plan_largest_part(parts: *const ScalarPart, count: usize) -> usize;
        pub fn gpukit_plan_shares_buckets(a: *const ScalarPart, next: *const ScalarPart) -> bool;
        pub fn gpukit_plan_split_over_devices(
            devices: *const i32,
            k: usize,
            n: u32,
            out: *mut DeviceSlice,
            cap: usize,
        ) -> usize;
        pub fn gpukit_plan_fixed_base_layout(
            scalar_bits: u32,
            digit_bits: u32,
            row: u32,
        ) -> FixedBaseLayout;
        pub fn gpukit_plan_fixed_base_index(l: FixedBaseLayout, j: u32, e: u32, i: u32) -> usize;
        pub fn gpukit_plan_fixed_base_entry_count(l: FixedBaseLayout) -> usize;
        pub fn gpukit_plan_fixed_base_bytes(
            l: FixedBaseLayout,
            affine_bytes: usize,
            entry_bytes: usize,
        ) -> usize;
        pub fn gpukit_plan_fixed_base_digits(
            scalar_bits: u32,
            row: u32,
            affine_bytes: usize,
            entry_bytes: usize,
            allowance: usize,
            lowest: u32,
        ) -> u32;
    }
}

/// Calls a list planner twice: once for the length, once to fill a buffer
/// of that length (`fill(out, cap)` returns the list's length, writing at
/// most cap entries).
fn list<T: Default + Clone>(fill: impl Fn(*mut T, usize) -> usize) -> Vec<T> {
    let len = fill(std::ptr::null_mut(), 0);
    assert_ne!(len, usize::MAX, "the planner could not allocate");
    let mut out = vec![T::default(); len];
    let again = fill(out.as_mut_ptr(), out.len());
    assert_eq!(again, len, "the planner is not deterministic");
    out
}

pub fn constants() -> Constants {
    // SAFETY: no arguments; returns a struct by value.
    unsafe { ffi::gpukit_plan_constants_get() }
}

/// window_count(scalar_bits, c); c ≥ 1.
pub fn window_count(scalar_bits: u32, c: u32) -> u32 {
    assert!(c >= 1);
    // SAFETY: pure arithmetic on values.
    unsafe { ffi::gpukit_plan_window_count(scalar_bits, c) }
}

/// buckets_per_window(c) = 2^(c-1); 1 ≤ c ≤ 32.
pub fn buckets_per_window(c: u32) -> u32 {
    assert!((1..=32).contains(&c));
    // SAFETY: pure arithmetic on values.
    unsafe { ffi::gpukit_plan_buckets_per_window(c) }
}

/// msm_shape{n, batch, c, copies, n}'s counts; c ≥ 1, copies ≥ 1.
pub fn shape(n: u32, batch: u32, c: u32, copies: u32, scalar_bits: u32) -> ShapeCounts {
    assert!(c >= 1 && copies >= 1);
    // SAFETY: pure arithmetic on values.
    unsafe { ffi::gpukit_plan_shape(n, batch, c, copies, scalar_bits) }
}

/// window_cost: the model's cost of window c, in mixed additions.
pub fn window_cost(scalar_bits: u32, c: u32, n: usize, copies: u32) -> f64 {
    assert!((1..=32).contains(&c));
    // SAFETY: pure arithmetic on values.
    unsafe { ffi::gpukit_plan_window_cost(scalar_bits, c, n, copies) }
}

/// auto_window: the c in 1..=max_window of least window_cost.
pub fn auto_window(scalar_bits: u32, max_window: u32, n: usize) -> u32 {
    assert!(max_window <= 32);
    // SAFETY: pure arithmetic on values.
    unsafe { ffi::gpukit_plan_auto_window(scalar_bits, max_window, n) }
}

/// auto_precomputed_window with copies_for(c) = copies[c]; `copies` covers
/// c = 0..=max_window.
pub fn auto_precomputed_window(scalar_bits: u32, max_window: u32, n: usize, copies: &[u32]) -> u32 {
    assert!(max_window <= 32 && copies.len() > max_window as usize);
    // SAFETY: the shim reads copies[c] for c ≤ max_window, in bounds.
    unsafe { ffi::gpukit_plan_auto_precomputed_window(scalar_bits, max_window, n, copies.as_ptr()) }
}

/// group_bytes: device bytes of one pass over `group` units.
pub fn group_bytes(unit_pairs: usize, c: u32, group: u32, bucket_bytes: usize) -> usize {
    assert!((1..=32).contains(&c));
    // SAFETY: pure arithmetic on values (a vector inside, caught).
    let bytes = unsafe { ffi::gpukit_plan_group_bytes(unit_pairs, c, group, bucket_bytes) };
    assert_ne!(bytes, usize::MAX, "the planner could not allocate");
    bytes
}

/// units_per_pass: the most units one pass can take within `budget`.
pub fn units_per_pass(
    unit_pairs: usize,
    c: u32,
    units: u32,
    bucket_bytes: usize,
    budget: usize,
) -> u32 {
    assert!((1..=32).contains(&c));
    // SAFETY: pure arithmetic on values (a vector inside, caught).
    unsafe { ffi::gpukit_plan_units_per_pass(unit_pairs, c, units, bucket_bytes, budget) }
}

/// chunks_of: chunks of `chunk` values that `values` fill.
pub fn chunks_of(values: u32, chunk: u32) -> u32 {
    assert!(chunk > 0);
    // SAFETY: pure arithmetic on values.
    unsafe { ffi::gpukit_plan_chunks_of(values, chunk) }
}

/// chunk_length: the reduction's chunk length for `group` windows of
/// `buckets` buckets when the device runs `resident` threads at once.
pub fn chunk_length(buckets: u32, group: u32, resident: usize) -> u32 {
    // SAFETY: pure arithmetic on values.
    unsafe { ffi::gpukit_plan_chunk_length(buckets, group, resident) }
}

/// reduce_bytes: device bytes of the reduction of `group` windows.
pub fn reduce_bytes(buckets: u32, group: u32, bucket_bytes: usize) -> usize {
    // SAFETY: pure arithmetic on values (a vector inside, caught).
    let bytes = unsafe { ffi::gpukit_plan_reduce_bytes(buckets, group, bucket_bytes) };
    assert_ne!(bytes, usize::MAX, "the planner could not allocate");
    bytes
}

pub fn weighs_directly(buckets: u32, group: u32) -> bool {
    // SAFETY: pure arithmetic on values.
    unsafe { ffi::gpukit_plan_weighs_directly(buckets, group) }
}

/// weighs_by_planes: whether reduce_windows sums the windows' bit planes
/// (bucket_reduce.cuh plane_sums) instead of weighing every bucket, on a
/// curve whose sums spread over the warp (`spreads`) or not.
pub fn weighs_by_planes(buckets: u32, group: u32, spreads: bool) -> bool {
    // SAFETY: pure arithmetic on values.
    unsafe { ffi::gpukit_plan_weighs_by_planes(buckets, group, spreads) }
}

/// The planes of a window of `buckets` buckets, the lanes add_planes gives
/// them, the warps plane_sums sums each one over, and whether each warp
/// doubles its own part (one stage) or plane_totals sums the parts first:
/// (count, lanes, ways, one stage).
pub fn planes(buckets: u32) -> (u32, u32, u32, bool) {
    // SAFETY: pure arithmetic on values.
    unsafe {
        (
            ffi::gpukit_plan_plane_count(buckets),
            ffi::gpukit_plan_plane_lanes(buckets),
            ffi::gpukit_plan_plane_ways(buckets),
            ffi::gpukit_plan_planes_in_one_stage(buckets),
        )
    }
}

/// small_msm_fits: whether an MSM of this shape takes the small path
/// (cuda/msm/small_msm.cuh) with at most `max_pairs` pairs a unit.
pub fn small_msm_fits(n: u32, batch: u32, c: u32, copies: u32, max_pairs: usize) -> bool {
    assert!(c >= 1 && copies >= 1);
    // SAFETY: pure arithmetic on values.
    unsafe { ffi::gpukit_plan_small_msm_fits(n, batch, c, copies, max_pairs) }
}

/// small_segments: the segments the small path cuts a unit of `per_unit`
/// pairs into at `least` keys a segment or more.
pub fn small_segments(per_unit: usize, least: usize) -> u32 {
    // SAFETY: pure arithmetic on values.
    unsafe { ffi::gpukit_plan_small_segments(per_unit, least) }
}

/// idle_segments: `segments` doubled while the bucket warps leave
/// sub-partitions idle.
pub fn idle_segments(segments: u32, per_unit: usize, buckets: usize, sub_partitions: usize) -> u32 {
    // SAFETY: pure arithmetic on values.
    unsafe { ffi::gpukit_plan_idle_segments(segments, per_unit, buckets, sub_partitions) }
}

/// SMALL_SEGMENT_PAIRS: the fewest keys a segment holds by default.
pub fn small_segment_pairs() -> usize {
    // SAFETY: returns a constant.
    unsafe { ffi::gpukit_plan_small_segment_pairs() }
}

/// small_glv_fits: whether a one-shot pass of n points at window c, split by
/// the curve's endomorphism, takes the small path (2n pairs a unit, at most
/// four times `max_pairs`).
pub fn small_glv_fits(n: u32, c: u32, max_pairs: usize) -> bool {
    // SAFETY: pure arithmetic on values.
    unsafe { ffi::gpukit_plan_small_glv_fits(n, c, max_pairs) }
}

/// top_window_bits: the bits the top window of `scalar_bits`-bit scalars
/// holds at window c, the signed digits' carry included.
pub fn top_window_bits(scalar_bits: u32, c: u32) -> u32 {
    assert!(scalar_bits >= 1 && c >= 1);
    // SAFETY: pure arithmetic on values.
    unsafe { ffi::gpukit_plan_top_window_bits(scalar_bits, c) }
}

/// glv_sorted_window: the split's window through the sorted pipeline
/// where the call leaves it open.
pub fn glv_sorted_window(split_bits: u32, n: u32) -> u32 {
    // SAFETY: pure arithmetic on values.
    unsafe { ffi::gpukit_plan_glv_sorted_window(split_bits, n) }
}

/// glv_small_window: the split's window where the call leaves it open.
pub fn glv_small_window(split_bits: u32) -> u32 {
    assert!(split_bits >= 1);
    // SAFETY: pure arithmetic on values.
    unsafe { ffi::gpukit_plan_glv_small_window(split_bits) }
}

/// narrow_keys_fit and narrow_unit_shift (cuda/msm/plan/shape.cuh): whether a
/// pass of `group` units over bases with `copies` copies `stride` apart can
/// sort 16-bit keys, and the bit of a pair's value where its unit starts.
pub fn narrow_keys(n: u32, c: u32, copies: u32, stride: u32, group: u32) -> (bool, u32) {
    assert!(c >= 1 && copies >= 1 && stride >= n);
    let mut shift = 0;
    // SAFETY: pure arithmetic on values; `shift` is a valid u32 to write.
    let fits = unsafe { ffi::gpukit_plan_narrow_keys(n, c, copies, stride, group, &mut shift) };
    (fits, shift)
}

/// SMALL_MAX_PAIRS, SMALL_MAX_WINDOW and SMALL_WINDOW, the small path's
/// defaults.
pub fn small_limits() -> (usize, u32, u32) {
    // SAFETY: no arguments.
    unsafe {
        (
            ffi::gpukit_plan_small_max_pairs(),
            ffi::gpukit_plan_small_max_window(),
            ffi::gpukit_plan_small_window(),
        )
    }
}

/// plan_parts: one device's slice of `count` points for `batch` vectors,
/// at most `chunk` (≥ 1) scalars a part, a lone vector led by its
/// `lead_share`-th.
pub fn plan_parts(
    count: u32,
    chunk: u32,
    batch: u32,
    c: u32,
    window_fixed: bool,
    ramp: PartRamp,
    lead_share: u32,
) -> Vec<ScalarPart> {
    assert!(chunk >= 1, "a zero chunk never finishes a vector");
    // SAFETY: the shim writes at most cap entries to out (none when cap is 0).
    list(|out, cap| unsafe {
        ffi::gpukit_plan_parts(
            count,
            chunk,
            batch,
            c,
            window_fixed,
            ramp,
            lead_share,
            out,
            cap,
        )
    })
}

/// lone_lead_share: the share of a lone vector that leads, for a lead
/// window of `pairs_per_point` pairs, points of `point_bytes` and scalars
/// page-locked or not.
pub fn lone_lead_share(pairs_per_point: u32, point_bytes: u32, locked: bool) -> u32 {
    // SAFETY: pure arithmetic on values.
    unsafe { ffi::gpukit_plan_lone_lead_share(pairs_per_point, point_bytes, locked) }
}

/// lead_share_by_steps: the lead's share of a lone vector of `count` points
/// of `pairs_per_point` pairs by the accumulation's whole steps, over a
/// wave of `wave` threads, from the rule's `rule_share`, scalars uploaded
/// at `upload_ns` each.
pub fn lead_share_by_steps(
    count: u32,
    pairs_per_point: u32,
    rule_share: f64,
    upload_ns: f64,
    wave: u32,
    point_bytes: u32,
) -> f64 {
    // SAFETY: pure arithmetic on values.
    unsafe {
        ffi::gpukit_plan_lead_share_by_steps(
            count,
            pairs_per_point,
            rule_share,
            upload_ns,
            wave,
            point_bytes,
        )
    }
}

/// A page-locked scalar's upload, ns (LOCKED_SCALAR_UPLOAD_NS).
pub fn locked_scalar_upload_ns() -> f64 {
    // SAFETY: returns a constant.
    unsafe { ffi::gpukit_plan_locked_scalar_upload_ns() }
}

/// plan_one_shot_parts: a one-shot pass of m points at window c cut into
/// k parts of at least `min_points` (fewer where m is short of them).
pub fn plan_one_shot_parts(m: u32, c: u32, k: u32, min_points: u32) -> Vec<ScalarPart> {
    // SAFETY: the shim writes at most cap entries to out (none when cap is 0).
    list(|out, cap| unsafe { ffi::gpukit_plan_one_shot_parts(m, c, k, min_points, out, cap) })
}

/// The one-shot cut's bounds: the smallest part any cut takes, the
/// automatic rule's smallest part and its most parts.
#[derive(Debug, Clone, Copy)]
pub struct OneShotBounds {
    pub min_points: u32,
    pub auto_min_points: u32,
    pub auto_max_parts: u32,
}

pub fn one_shot_bounds() -> OneShotBounds {
    let mut b = OneShotBounds {
        min_points: 0,
        auto_min_points: 0,
        auto_max_parts: 0,
    };
    // SAFETY: the shim writes one u32 through each pointer.
    unsafe {
        ffi::gpukit_plan_one_shot_bounds(
            &mut b.min_points,
            &mut b.auto_min_points,
            &mut b.auto_max_parts,
        )
    };
    b
}

/// one_shot_auto_most_parts: the most parts the automatic rule cuts a
/// one-shot pass of m points into.
pub fn one_shot_auto_most_parts(m: u32) -> u32 {
    // SAFETY: a pure function of its argument.
    unsafe { ffi::gpukit_plan_one_shot_auto_most_parts(m) }
}

/// largest_part: the most scalars (vectors × points) of any part.
pub fn largest_part(parts: &[ScalarPart]) -> usize {
    // SAFETY: the shim reads parts.len() entries.
    let largest = unsafe { ffi::gpukit_plan_largest_part(parts.as_ptr(), parts.len()) };
    assert_ne!(largest, usize::MAX, "the planner could not allocate");
    largest
}

/// shares_buckets: whether part `a` hands its bucket sums on to `next`.
pub fn shares_buckets(a: &ScalarPart, next: &ScalarPart) -> bool {
    // SAFETY: the shim reads one part through each pointer.
    unsafe { ffi::gpukit_plan_shares_buckets(a, next) }
}

/// split_over_devices: n points over `devices`, one contiguous slice each.
pub fn split_over_devices(devices: &[i32], n: u32) -> Vec<DeviceSlice> {
    // SAFETY: the shim reads devices.len() entries and writes at most cap.
    list(|out, cap| unsafe {
        ffi::gpukit_plan_split_over_devices(devices.as_ptr(), devices.len(), n, out, cap)
    })
}

/// fixed_base_layout_for(scalar_bits, digit_bits, row); 1 ≤ digit_bits ≤ 32.
pub fn fixed_base_layout(scalar_bits: u32, digit_bits: u32, row: u32) -> FixedBaseLayout {
    assert!((1..=32).contains(&digit_bits));
    // SAFETY: pure arithmetic on values.
    unsafe { ffi::gpukit_plan_fixed_base_layout(scalar_bits, digit_bits, row) }
}

/// fitting_digit_bits: the digit width of an automatic table of `row` bases
/// in `allowance` bytes (0 when none fits).
pub fn fixed_base_digits(
    scalar_bits: u32,
    row: u32,
    affine_bytes: usize,
    entry_bytes: usize,
    allowance: usize,
    lowest: u32,
) -> u32 {
    assert!(lowest >= 1);
    // SAFETY: pure arithmetic on values.
    unsafe {
        ffi::gpukit_plan_fixed_base_digits(
            scalar_bits,
            row,
            affine_bytes,
            entry_bytes,
            allowance,
            lowest,
        )
    }
}

impl FixedBaseLayout {
    /// Where entry e (1..=entries) of window j of base i lies among the entries.
    pub fn index(self, j: u32, e: u32, i: u32) -> usize {
        // SAFETY: pure arithmetic on values.
        unsafe { ffi::gpukit_plan_fixed_base_index(self, j, e, i) }
    }

    /// Entries the table holds after its plain row: every multiple.
    pub fn entry_count(self) -> usize {
        // SAFETY: pure arithmetic on values.
        unsafe { ffi::gpukit_plan_fixed_base_entry_count(self) }
    }

    /// The table's bytes: the plain row of affine points, then the entries.
    pub fn bytes(self, affine_bytes: usize, entry_bytes: usize) -> usize {
        // SAFETY: pure arithmetic on values.
        unsafe { ffi::gpukit_plan_fixed_base_bytes(self, affine_bytes, entry_bytes) }
    }
}
