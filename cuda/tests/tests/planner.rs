//! The MSM planners of cuda/msm/plan/ on the host (shim/plan_shim.cpp, g++):
//! window choice, passes, the reduction's sizes, scalar parts, the device split
//! and the fixed-base layout. No GPU needed; exhaustive over small ranges,
//! with a few large values.

use gpukit_cuda_tests::plan::{self, ScalarPart};
use gpukit_cuda_tests::{constant, curve_name};

/// Sizes of a bucket sum on the device: xyzz over 8 and 12 limbs, and
/// BLS12-381 G2's xyzz over Fp2.
const BUCKET_BYTES: [usize; 3] = [128, 192, 384];

/// (curve id, SCALAR_BITS, MAX_WINDOW) of every curve the headers define.
fn curves() -> Vec<(u8, u32, u32)> {
    let one = |id, which| constant(id, which).expect("the constant applies to every curve")[0];
    (1u8..)
        .take_while(|&id| curve_name(id).is_some())
        .map(|id| {
            (
                id,
                one(id, gpukit_cuda_tests::constant::SCALAR_BITS),
                one(id, gpukit_cuda_tests::constant::MAX_WINDOW),
            )
        })
        .collect()
}

/// Every n from 2^0 to 2^26: the powers of two and the points between.
fn sizes() -> Vec<usize> {
    let mut n = Vec::new();
    for k in 0..=26u32 {
        let p = 1usize << k;
        n.extend([p, p + p / 3, p + p / 2]);
    }
    n.sort_unstable();
    n.dedup();
    n
}

/// The first c in 1..=max_window of least cost.
fn argmin(max_window: u32, cost: impl Fn(u32) -> f64) -> u32 {
    (2..=max_window).fold(1, |best, c| if cost(c) < cost(best) { c } else { best })
}

#[test]
fn every_curve_is_listed() {
    let curves = curves();
    assert_eq!(curves.len(), 6, "{curves:?}");
    for (id, bits, max_window) in curves {
        assert!(
            (250..=256).contains(&bits),
            "curve {id}: {bits} scalar bits"
        );
        assert!(
            (16..=24).contains(&max_window),
            "curve {id}: max window {max_window}"
        );
    }
}

#[test]
fn window_count_is_bits_plus_one_over_c_rounded_up() {
    for bits in 1..=384u32 {
        for c in 1..=24u32 {
            let w = plan::window_count(bits, c);
            // Signed digits carry one bit past the top: w windows hold bits + 1.
            assert!(w * c > bits, "bits {bits}, c {c}: {w} windows");
            assert!((w - 1) * c < bits + 1, "bits {bits}, c {c}: {w} windows");
        }
    }
    assert_eq!(plan::window_count(254, 16), 16);
    assert_eq!(plan::window_count(255, 16), 16);
    assert_eq!(plan::window_count(256, 16), 17);
    assert_eq!(plan::window_count(253, 13), 20);
    assert_eq!(plan::window_count(255, 1), 256);
    assert_eq!(plan::window_count(254, 24), 11);
}

#[test]
fn buckets_per_window_is_half_the_digits() {
    for c in 1..=32u32 {
        assert_eq!(plan::buckets_per_window(c), 1u32 << (c - 1), "c {c}");
    }
}

#[test]
fn shape_folds_copies_into_sets() {
    for bits in [253u32, 254, 255, 256] {
        for c in 1..=24u32 {
            let windows = plan::window_count(bits, c);
            for copies in 1..=windows + 1 {
                for (n, batch) in [(0u32, 1u32), (1, 1), (1000, 3), (1 << 24, 7)] {
                    let s = plan::shape(n, batch, c, copies, bits);
                    assert_eq!(s.windows, windows);
                    // sets = ceil(windows / copies): enough sets, none spare.
                    assert!(s.sets * copies >= windows, "{s:?}, copies {copies}");
                    assert!((s.sets - 1) * copies < windows, "{s:?}, copies {copies}");
                    assert_eq!(s.units, batch * s.sets);
                    assert_eq!(s.pairs_per_unit, u64::from(n) * u64::from(copies));
                    assert_eq!(s.set_shift, c * copies);
                }
            }
        }
    }
}

#[test]
fn window_cost_clamps_copies_to_the_windows() {
    for bits in [253u32, 254, 255] {
        for c in 1..=24u32 {
            let windows = plan::window_count(bits, c);
            for n in [0usize, 1, 1000, 1 << 20, 1 << 26] {
                let none = plan::window_cost(bits, c, n, 1);
                assert_eq!(plan::window_cost(bits, c, n, 0), none, "c {c}, n {n}");
                let all = plan::window_cost(bits, c, n, windows);
                assert_eq!(
                    plan::window_cost(bits, c, n, windows + 5),
                    all,
                    "c {c}, n {n}"
                );
                assert!(none > 0.0 && all > 0.0);
                // Folding windows into one set drops reductions, never adds work.
                assert!(all <= none, "c {c}, n {n}: {all} > {none}");
            }
            // The cost grows with n.
            let costs: Vec<f64> = sizes()
                .iter()
                .map(|&n| plan::window_cost(bits, c, n, 1))
                .collect();
            assert!(costs.windows(2).all(|p| p[0] < p[1]), "c {c}");
        }
    }
}

#[test]
fn auto_window_is_the_first_argmin_of_window_cost() {
    for bits in [253u32, 254, 255, 256] {
        for max_window in 1..=24u32 {
            for n in sizes() {
                let c = plan::auto_window(bits, max_window, n);
                assert!(
                    (1..=max_window).contains(&c),
                    "bits {bits}, max {max_window}, n {n}: c {c}"
                );
                let best = argmin(max_window, |c| plan::window_cost(bits, c, n, 1));
                assert_eq!(c, best, "bits {bits}, max {max_window}, n {n}");
            }
        }
    }
}

#[test]
fn auto_window_grows_with_n() {
    for (id, bits, max_window) in curves() {
        for bits in [bits, 253, 254, 255] {
            let chosen: Vec<(usize, u32)> = sizes()
                .into_iter()
                .map(|n| (n, plan::auto_window(bits, max_window, n)))
                .collect();
            for pair in chosen.windows(2) {
                assert!(
                    pair[0].1 <= pair[1].1,
                    "curve {id}, bits {bits}: c {} at n {} but {} at n {}",
                    pair[0].1,
                    pair[0].0,
                    pair[1].1,
                    pair[1].0
                );
            }
            // Tiny inputs take a narrow window, 2^26 points a wide one.
            assert!(chosen[0].1 <= 4, "curve {id}: {:?}", chosen[0]);
            assert!(
                chosen.last().unwrap().1 >= 16,
                "curve {id}: {:?}",
                chosen.last()
            );
        }
    }
}

/// copies_for(c) as a table over c = 0..=max_window.
fn copies_table(max_window: u32, f: impl Fn(u32) -> u32) -> Vec<u32> {
    (0..=max_window)
        .map(|c| if c == 0 { 1 } else { f(c) })
        .collect()
}

#[test]
fn auto_precomputed_window_without_copies_is_auto_window() {
    for bits in [253u32, 254, 255] {
        for max_window in [1u32, 2, 8, 16, 24] {
            let table = copies_table(max_window, |_| 1);
            for n in sizes() {
                assert_eq!(
                    plan::auto_precomputed_window(bits, max_window, n, &table),
                    plan::auto_window(bits, max_window, n),
                    "bits {bits}, max {max_window}, n {n}"
                );
            }
        }
    }
}

#[test]
fn auto_precomputed_window_is_the_first_argmin_with_copies() {
    for bits in [253u32, 254, 255] {
        let max_window = 24;
        // One copy per window, a fixed number of copies, and what a memory
        // budget of 2^28 points allows at n points (at least one).
        for n in sizes() {
            let tables = [
                copies_table(max_window, |c| plan::window_count(bits, c)),
                copies_table(max_window, |_| 4),
                copies_table(max_window, |c| {
                    let fit = ((1usize << 28) / n.max(1)).max(1) as u32;
                    fit.min(plan::window_count(bits, c))
                }),
            ];
            for table in &tables {
                let c = plan::auto_precomputed_window(bits, max_window, n, table);
                let best = argmin(max_window, |c| {
                    plan::window_cost(bits, c, n, table[c as usize])
                });
                assert_eq!(c, best, "bits {bits}, n {n}, copies {table:?}");
            }
        }
    }
}

#[test]
fn every_window_precomputed_widens_the_window() {
    for (id, bits, max_window) in curves() {
        let every = copies_table(max_window, |c| plan::window_count(bits, c));
        for n in sizes().into_iter().filter(|&n| n >= 1 << 12) {
            let plain = plan::auto_window(bits, max_window, n);
            let stored = plan::auto_precomputed_window(bits, max_window, n, &every);
            assert!(stored >= plain, "curve {id}, n {n}: {stored} < {plain}");
        }
    }
    // window_plan's note: BN254 at 2^24 with every window stored picks
    // c = 20 to 22, against 16 to 18 without copies.
    let every = copies_table(24, |c| plan::window_count(254, c));
    let stored = plan::auto_precomputed_window(254, 24, 1 << 24, &every);
    let plain = plan::auto_window(254, 24, 1 << 24);
    assert!((20..=22).contains(&stored), "stored {stored}");
    assert!((16..=18).contains(&plain), "plain {plain}");
}

#[test]
fn chunks_of_rounds_up() {
    for k in [1u32, 7, 8, 32, 41, 1 << 12] {
        for v in 0..=100_000u32 {
            assert_eq!(plan::chunks_of(v, k), v.div_ceil(k), "{v} / {k}");
        }
        for v in [1u32 << 24, (1 << 31) - 1, 1 << 31] {
            assert_eq!(plan::chunks_of(v, k), v.div_ceil(k), "{v} / {k}");
        }
    }
}

#[test]
fn chunk_length_fills_one_wave_with_the_shortest_chunks() {
    let min = plan::constants().min_chunk;
    assert!(min >= 1);
    // Waves of the H100 (132 SMs) at 4 to 8 blocks of 64, and others.
    let residents = [
        1usize,
        63,
        4096,
        132 * 4 * 64,
        132 * 6 * 64,
        132 * 8 * 64,
        1 << 20,
    ];
    let groups = [1u32, 2, 3, 12, 128, 512, 4096, 65_536];
    for buckets in bucket_counts()
        .into_iter()
        .step_by(211)
        .chain([1 << 21, 1 << 23])
    {
        for group in groups {
            for resident in residents {
                let why = format!("{buckets} buckets, group {group}, resident {resident}");
                let k = plan::chunk_length(buckets, group, resident);
                assert!(k >= min, "{why}: {k}");
                let per_window = (resident / group as usize).max(1);
                let chunks = plan::chunks_of(buckets, k) as usize;
                // Every window's chunks fit its share of the wave (one
                // chunk a window at least)...
                assert!(chunks <= per_window, "{why}: {k} gives {chunks} chunks");
                // ... and no shorter chunk above the minimum does.
                if k > min {
                    assert!(
                        plan::chunks_of(buckets, k - 1) as usize > per_window,
                        "{why}: {k} is not the shortest"
                    );
                }
                // The reduction's buffers are sized for the shortest chunks.
                assert!(chunks <= plan::chunks_of(buckets, min) as usize, "{why}");
            }
        }
    }
}

/// Every bucket count the pipeline reduces, and more: 1..=70_000 and the
/// powers of two up to 2^31 with their neighbours.
fn bucket_counts() -> Vec<u32> {
    let mut b: Vec<u32> = (1..=70_000).collect();
    for k in 0..=31u32 {
        let p = 1u32 << k;
        b.extend([p - 1, p, p + 1]);
    }
    b.retain(|&b| b >= 1);
    b.sort_unstable();
    b.dedup();
    b
}

/// The most bucket sums that reduce_windows (bucket_reduce.cuh) holds at
/// once for a group of windows of B buckets, per window: the planes' parts
/// and totals; the direct path's weighted buckets and the levels of their
/// warps' sums; the chunk path's weighted and plain chunk sums in whole
/// warps, the warps' sums and their levels.
fn reduce_peak(buckets: u32, group: u32) -> usize {
    if plan::weighs_by_planes(buckets, group, true) {
        let (count, _, ways, _) = plan::planes(buckets);
        return (count * (ways + 1)) as usize;
    }
    let per_warp = plan::constants().warp_sum_values as usize;
    let levels = |mut values: usize| {
        let mut held = 0;
        while values > 1 {
            values = values.div_ceil(per_warp);
            held += values;
        }
        held
    };
    if plan::weighs_directly(buckets, group) {
        return buckets as usize + levels(buckets as usize);
    }
    // At the shortest chunks chunk_length picks: the most of them.
    let chunks = plan::chunks_of(buckets, plan::constants().min_chunk) as usize;
    let slots = chunks.div_ceil(per_warp) * per_warp;
    2 * slots + slots / per_warp + levels(slots / per_warp)
}

#[test]
fn reduce_bytes_cover_every_buffer() {
    for c in 1..=24u32 {
        let buckets = plan::buckets_per_window(c);
        for group in [1u32, 2, 3, 7, 16, 17, 64, 255] {
            for bytes in BUCKET_BYTES {
                let need = reduce_peak(buckets, group) * group as usize * bytes;
                let have = plan::reduce_bytes(buckets, group, bytes);
                assert!(
                    have >= need,
                    "c {c}, group {group}, {bytes} B: {have} < {need}"
                );
            }
        }
    }
    for buckets in bucket_counts().into_iter().step_by(97) {
        let need = reduce_peak(buckets, 3) * 3 * 128;
        let have = plan::reduce_bytes(buckets, 3, 128);
        assert!(have >= need, "{buckets} buckets: {have} < {need}");
    }
}

#[test]
fn small_path_takes_one_vector_of_few_pairs() {
    let (max_pairs, max_window) = small_limits_checked();
    let n = max_pairs as u32;
    for c in 1..=24u32 {
        let window_ok = c <= max_window;
        assert_eq!(
            plan::small_msm_fits(n, 1, c, 1, max_pairs),
            window_ok,
            "c {c}"
        );
        assert!(!plan::small_msm_fits(n + 1, 1, c, 1, max_pairs), "c {c}");
        assert!(
            !plan::small_msm_fits(1, 2, c, 1, max_pairs),
            "c {c}: a batch"
        );
        assert_eq!(
            plan::small_msm_fits(1, 1, c, 1, max_pairs),
            window_ok,
            "c {c}"
        );
    }
    // Precomputed copies count: a unit holds n·copies pairs.
    assert!(plan::small_msm_fits(n / 4, 1, 5, 4, max_pairs));
    assert!(!plan::small_msm_fits(n / 4 + 1, 1, 5, 4, max_pairs));
    // GPUKIT_SMALL_MSM=0 turns it off.
    assert!(!plan::small_msm_fits(1, 1, 5, 1, 0));
}

#[test]
fn small_path_segments_hold_enough_keys() {
    let least = plan::small_segment_pairs();
    for least in [least, 512, 2048] {
        let mut last = 1;
        for per_unit in (0..=1usize << 13).step_by(7) {
            let segments = plan::small_segments(per_unit, least);
            assert!(
                [1, 2, 4].contains(&segments),
                "{per_unit} pairs: {segments} segments"
            );
            assert!(
                segments >= last,
                "{per_unit} pairs: fewer segments than a shorter unit"
            );
            if segments > 1 {
                assert!(
                    per_unit / segments as usize >= least,
                    "{per_unit} pairs: short segments"
                );
            }
            last = segments;
        }
        assert_eq!(plan::small_segments(4 * least, least), 4);
    }
}

#[test]
fn sorted_split_window_has_the_fullest_top_window() {
    // BN254's and BLS12-377's halves (127 bits), BLS12-381's (128) and
    // secp256k1's (129).
    for (bits, below, from) in [(127, 8, 16), (128, 10, 13), (129, 10, 13)] {
        assert_eq!(plan::glv_sorted_window(bits, 1 << 13), below, "{bits} bits");
        assert_eq!(
            plan::glv_sorted_window(bits, (1 << 18) - 1),
            below,
            "{bits} bits"
        );
        assert_eq!(plan::glv_sorted_window(bits, 1 << 18), from, "{bits} bits");
        assert_eq!(plan::glv_sorted_window(bits, 1 << 20), from, "{bits} bits");
    }
    for bits in 100..=140 {
        for (n, lo) in [(5000, 8), (1 << 18, 13)] {
            let c = plan::glv_sorted_window(bits, n);
            assert!((lo..=lo + 3).contains(&c), "{bits} bits: c = {c}");
            // No window of the range has a fuller top window, nor one as
            // full with fewer windows.
            let share = |c: u32| f64::from(plan::top_window_bits(bits, c)) / f64::from(c);
            for other in lo..=lo + 3 {
                assert!(share(other) <= share(c), "{bits} bits: {other} beats {c}");
                if share(other) == share(c) {
                    assert!(
                        other <= c,
                        "{bits} bits: {other} ties {c} with fewer windows"
                    );
                }
            }
        }
    }
}

#[test]
fn idle_sub_partitions_take_more_segments() {
    // An H100's or H200's 132 SMs, four sub-partitions each.
    let sub_partitions = 528;
    // BN254's split at 2^10 (c = 4): 32 units of 8 buckets, 2,048 keys each.
    assert_eq!(plan::idle_segments(1, 2048, 256, sub_partitions), 2);
    // secp256k1's at c = 5: 26 units of 16 buckets would overfill the device.
    assert_eq!(plan::idle_segments(1, 2048, 416, sub_partitions), 1);
    // Segments keep 1,024 keys: BN254's split at 2^9 stays whole.
    assert_eq!(plan::idle_segments(1, 1024, 256, sub_partitions), 1);
    // Never more than four, never fewer than given.
    assert_eq!(plan::idle_segments(1, 1 << 20, 1, sub_partitions), 4);
    for segments in [1, 2, 4] {
        for per_unit in [0, 1000, 2048, 4096, 8192, 1 << 16] {
            for buckets in [1, 8, 100, 264, 528, 4096] {
                let got = plan::idle_segments(segments, per_unit, buckets, sub_partitions);
                assert!(got >= segments && got <= 4.max(segments));
                if got > segments {
                    assert!(buckets * got as usize <= sub_partitions);
                    assert!(per_unit / got as usize >= 1024);
                }
            }
        }
    }
}

#[test]
fn small_path_splits_twice_what_it_takes_whole() {
    let (max_pairs, max_window) = small_limits_checked();
    let n = 2 * max_pairs as u32;
    for c in 1..=24u32 {
        assert_eq!(
            plan::small_glv_fits(n, c, max_pairs),
            c <= max_window,
            "c {c}"
        );
        assert_eq!(
            plan::small_glv_fits(1, c, max_pairs),
            c <= max_window,
            "c {c}"
        );
        assert!(!plan::small_glv_fits(n + 1, c, max_pairs), "c {c}");
    }
    assert!(
        !plan::small_glv_fits(1, 5, 0),
        "GPUKIT_SMALL_MSM=0 turns it off"
    );
    assert!(!plan::small_glv_fits(u32::MAX, 4, usize::MAX));
    // Its units of 2n pairs are cut into segments of at least the default
    // segment's keys, four at most.
    let least = plan::small_segment_pairs();
    assert!(plan::small_segments(2 * n as usize, least) <= 4);
    assert!(2 * n as usize / plan::small_segments(2 * n as usize, least) as usize <= max_pairs);
}

#[test]
fn top_window_holds_what_the_lower_windows_leave() {
    for bits in 1..=400u32 {
        for c in 1..=24u32 {
            let top = plan::top_window_bits(bits, c);
            let windows = plan::window_count(bits, c);
            assert!((1..=c).contains(&top), "{bits} bits, c {c}: {top}");
            assert_eq!((windows - 1) * c + top, bits + 1, "{bits} bits, c {c}");
        }
    }
}

#[test]
fn split_window_favours_the_fuller_top_window() {
    for bits in 1..=300u32 {
        let c = plan::glv_small_window(bits);
        assert!(c == 4 || c == 5, "{bits} bits: c {c}");
        let other = 9 - c;
        assert!(
            plan::top_window_bits(bits, c) >= plan::top_window_bits(bits, other),
            "{bits} bits: c {c}"
        );
    }
    // The halves measured on the H100 (bench/NOTES.md, v29e): BN254's and
    // BLS12-377's 127 bits at c = 4; BLS12-381's 128 and secp256k1's 129 at
    // c = 5.
    assert_eq!(plan::glv_small_window(127), 4);
    assert_eq!(plan::glv_small_window(128), 5);
    assert_eq!(plan::glv_small_window(129), 5);
}

// The small path's limits, within what its kernels take: pair indices in
// 32 bits, and at most 16 buckets a lane in the weighing (c <= 10); its own
// window one it takes.
fn small_limits_checked() -> (usize, u32) {
    let (max_pairs, max_window, window) = plan::small_limits();
    assert!(max_pairs >= 1 && max_pairs < u32::MAX as usize);
    assert!((1..=10).contains(&max_window));
    assert!((1..=max_window).contains(&window));
    (max_pairs, max_window)
}

#[test]
fn weighs_directly_up_to_the_limit() {
    let limit = plan::constants().direct_weight_max_buckets;
    assert!(limit.is_power_of_two());
    for group in 1..=100u32 {
        let most = limit / group;
        assert!(plan::weighs_directly(most, group), "group {group}");
        assert!(!plan::weighs_directly(most + 1, group), "group {group}");
        for c in 1..=24u32 {
            let b = plan::buckets_per_window(c);
            assert_eq!(
                plan::weighs_directly(b, group),
                u64::from(b) * u64::from(group) <= u64::from(limit),
                "c {c}, group {group}"
            );
        }
    }
    assert!(plan::weighs_directly(limit, 1));
    assert!(!plan::weighs_directly(limit + 1, 1));
    // The product is taken in 64 bits.
    assert!(!plan::weighs_directly(1 << 31, 1 << 31));
    assert!(!plan::weighs_directly(1 << 16, 1 << 16));
}

/// The planes' kernels (bucket_reduce.cuh plane_sums, plane_totals,
/// add_planes): c planes for 2^(c-1) buckets, on a power of two of lanes
/// that add_planes' warp holds; up to c = 10 in one stage, whose parts that
/// warp holds too, each lane of plane_sums adding at most four buckets in
/// sequence; past it in two, at most four members a lane in plane_sums up
/// to c = 16 and four parts a lane in plane_totals; the parts and totals
/// fit reduce_bytes; planes wherever the buckets would be weighed directly,
/// and past that for two stages by their additions (PLANE_MAX_ADDITIONS)
/// where the sums spread.
#[test]
fn planes_fit_their_warps() {
    for c in 1..=24u32 {
        let b = plan::buckets_per_window(c);
        let (count, lanes, ways, one_stage) = plan::planes(b);
        assert_eq!(count, c, "c {c}");
        assert_eq!(one_stage, c <= 10, "c {c}");
        assert!(
            lanes.is_power_of_two() && lanes >= c && lanes < 2 * c.max(1) && lanes <= 32,
            "c {c}"
        );
        let members = (b / 2).max(1);
        let mut last = true;
        for group in [1u32, 2, 16, 17, 20, 64, 255, 4096] {
            let planes = plan::weighs_by_planes(b, group, true);
            // Sums that do not spread keep the direct path's bound.
            assert_eq!(
                plan::weighs_by_planes(b, group, false),
                plan::weighs_directly(b, group),
                "c {c}, group {group}"
            );
            if plan::weighs_directly(b, group) {
                assert!(planes, "c {c}, group {group}");
            }
            if one_stage {
                assert_eq!(
                    planes,
                    plan::weighs_directly(b, group),
                    "c {c}, group {group}"
                );
            }
            // Fewer windows never leave the planes.
            assert!(last || !planes, "c {c}, group {group}");
            last = planes;
            if !planes {
                continue;
            }
            assert!(ways >= 1, "c {c}");
            if c <= 16 {
                assert!(members.div_ceil(32 * ways) <= 4, "c {c}");
            }
            let held = if one_stage {
                assert!(lanes * ways <= 32, "c {c}");
                count * ways
            } else {
                assert!(ways.div_ceil(32) <= 4, "c {c}");
                count * ways + count
            };
            for bytes in BUCKET_BYTES {
                assert!(
                    group as usize * held as usize * bytes <= plan::reduce_bytes(b, group, bytes),
                    "c {c}, group {group}"
                );
            }
        }
    }
    // A window of 2^15 buckets (c = 16, the widest weighed directly): 128
    // parts of 128 members a plane.
    assert_eq!(plan::planes(1 << 15), (16, 16, 128, false));
    assert_eq!(plan::planes(1 << 9), (10, 16, 2, true));
    // Past the direct path, by the planes' additions (bench/NOTES.md v53d):
    // resident c = 17 (557K) and one-shot c = 13 in 20 windows (532K) take
    // planes where the sums spread, c = 18 (1.18M) and c = 14 in 19 windows
    // (1.09M) chunks, and one-stage windows in a large batch's group keep
    // the direct bound.
    let on = |c: u32, group| plan::weighs_by_planes(plan::buckets_per_window(c), group, true);
    assert!(on(17, 1) && on(13, 20) && on(12, 22));
    assert!(!on(18, 1) && !on(14, 19) && !on(13, 40));
    assert!(!on(5, 4096) && !on(10, 65));
}

#[test]
fn group_bytes_grow_with_the_group_and_the_pairs() {
    for c in [1u32, 8, 13, 16, 20, 24] {
        for bytes in BUCKET_BYTES {
            for unit_pairs in [0usize, 1, 1000, 1 << 16, 1 << 22] {
                let b = plan::buckets_per_window(c);
                let mut last = 0;
                for group in 1..=40u32 {
                    let g = plan::group_bytes(unit_pairs, c, group, bytes);
                    // Within one reduction path; where a group stops weighing
                    // its buckets directly the reduction's bytes drop.
                    if plan::weighs_directly(b, group) == plan::weighs_directly(b, group - 1) {
                        assert!(g > last, "c {c}, pairs {unit_pairs}, group {group}");
                    }
                    // The slack, the sums and the reduction are part of it.
                    let buckets = b as usize * group as usize;
                    assert!(g >= (64 << 20) + buckets * bytes);
                    assert!(g >= plan::reduce_bytes(b, group, bytes));
                    last = g;
                }
                assert!(
                    plan::group_bytes(unit_pairs + 1, c, 3, bytes)
                        > plan::group_bytes(unit_pairs, c, 3, bytes)
                );
            }
        }
    }
}

/// Whether `group` units pass every limit of units_per_pass.
fn fits(unit_pairs: usize, c: u32, group: u32, bytes: usize, budget: usize) -> bool {
    let k = plan::constants();
    plan::group_bytes(unit_pairs, c, group, bytes) <= budget
        && (unit_pairs as u64) * u64::from(group) < k.max_pairs_per_pass
        && u64::from(group) * u64::from(plan::buckets_per_window(c)) < k.max_buckets_per_pass
}

#[test]
fn units_per_pass_fit_the_budget() {
    for c in [1u32, 8, 12, 16, 20, 24] {
        for unit_pairs in [1usize, 1000, 1 << 16, 1 << 20, 1 << 24] {
            for units in [1u32, 2, 3, 17, 64] {
                for bytes in [128usize, 384] {
                    // Budgets at, just below and just past every group's size.
                    let mut budgets = vec![0usize, 1 << 20, 64 << 20];
                    for g in 1..=units {
                        let b = plan::group_bytes(unit_pairs, c, g, bytes);
                        budgets.extend([b - 1, b, b + 1]);
                    }
                    for budget in budgets {
                        let g = plan::units_per_pass(unit_pairs, c, units, bytes, budget);
                        let why = format!("c {c}, pairs {unit_pairs}, units {units}, {bytes} B, budget {budget}: {g}");
                        assert!(g <= units, "{why}");
                        if g == 0 {
                            assert!(!fits(unit_pairs, c, 1, bytes, budget), "{why}");
                            continue;
                        }
                        assert!(fits(unit_pairs, c, g, bytes, budget), "{why}");
                        if fits(unit_pairs, c, units, bytes, budget) {
                            assert_eq!(g, units, "{why}");
                        }
                        // The search halves, so it may stop short of the
                        // largest group that fits, but never by half.
                        let largest = (g..=units)
                            .rev()
                            .find(|&h| fits(unit_pairs, c, h, bytes, budget))
                            .unwrap();
                        assert!(2 * g > largest, "{why}, largest {largest}");
                    }
                }
            }
        }
    }
}

#[test]
fn units_per_pass_keep_positions_and_keys_in_32_bits() {
    let huge = usize::MAX / 4;
    // 2^30 pairs a unit: two units would reach 2^31 sorted positions.
    assert_eq!(plan::units_per_pass(1 << 30, 16, 4, 128, huge), 1);
    assert_eq!(plan::units_per_pass((1 << 31) - 1, 16, 4, 128, huge), 1);
    assert_eq!(plan::units_per_pass(1 << 31, 16, 4, 128, huge), 0);
    // 2^23 buckets a unit at c = 24: a key holds the unit above 24 bits, so
    // at most 127 units keep the keys below 2^31 (the laid-out keys' flag).
    let g = plan::units_per_pass(1, 24, 1000, 128, huge);
    assert!((64..=127).contains(&g), "{g}");
    assert_eq!(plan::units_per_pass(1, 24, 127, 128, huge), 127);
    assert_eq!(plan::units_per_pass(1, 24, 128, 128, huge), 65);
}

#[test]
fn narrow_keys_pack_the_copy_the_unit_and_the_sign_in_one_value() {
    let mut fitted = 0;
    for c in [1, 4, 8, 13, 16, 17, 20, 24] {
        for (n, copies) in [
            (1u32, 1u32),
            (2, 1),
            (1000, 3),
            (1 << 14, 20),
            (1 << 20, 16),
            (1 << 24, 12),
            (1 << 28, 9),
        ] {
            for stride in [n, n + 1, n.next_power_of_two() * 2] {
                for group in [1, 2, 3, 512, 513, 1 << 12, 1 << 20] {
                    let (fits, shift) = plan::narrow_keys(n, c, copies, stride, group);
                    // The largest copy index lies below the unit's bits.
                    let top_index = u64::from(copies) * u64::from(stride) - 1;
                    assert!(
                        shift >= 1 && top_index >> shift == 0,
                        "{n} {copies} {stride}: shift {shift}"
                    );
                    assert!(
                        shift == 1 || top_index >> (shift - 1) == 1,
                        "{n} {copies} {stride}: shift {shift} too wide"
                    );
                    // The largest unit, shifted, stays below the sign bit.
                    let unit_bits = 32 - (group - 1).leading_zeros();
                    let room = c <= 16 && shift + unit_bits <= 31;
                    assert_eq!(
                        fits, room,
                        "c {c} n {n} copies {copies} stride {stride} group {group}"
                    );
                    if fits {
                        let packed = top_index | (u64::from(group - 1) << shift);
                        assert!(packed < 1 << 31, "{packed:#x}");
                        fitted += 1;
                    }
                }
            }
        }
    }
    assert!(fitted > 100, "{fitted}");
    // The PLONK-like batch's passes (512 vectors of 2^14 points, 20 copies at
    // c = 13) and a lone 2^24-point vector at c = 16 take narrow keys.
    assert!(plan::narrow_keys(1 << 14, 13, 20, 1 << 14, 512).0);
    assert!(plan::narrow_keys(1 << 24, 16, 16, 1 << 24, 1).0);
}

/// Checks that `parts` cover every (vector, point) of `batch` vectors of
/// `count` points exactly once, in order: vector by vector, points rising.
fn assert_covers(parts: &[ScalarPart], count: u32, batch: u32, why: &str) {
    let (mut v, mut i) = (0u32, 0u32);
    for p in parts {
        assert!(p.vectors >= 1, "{why}: {p:?}");
        for w in p.first_vector..p.first_vector + p.vectors {
            assert_eq!((w, p.first), (v, i), "{why}: {p:?} out of order");
            assert!(p.first + p.count <= count, "{why}: {p:?}");
            i += p.count;
            if i == count {
                (v, i) = (v + 1, 0);
            } else {
                assert_eq!(p.vectors, 1, "{why}: {p:?} cuts several vectors");
            }
        }
    }
    assert_eq!((v, i), (batch, 0), "{why}: not every point is covered");
}

#[test]
fn one_shot_parts_cover_the_pass_in_equal_parts() {
    let bounds = plan::one_shot_bounds();
    let min = bounds.min_points;
    for min_points in [1, min, bounds.auto_min_points] {
        for m in [
            1u32,
            min_points.saturating_sub(1).max(1),
            min_points,
            2 * min_points - 1,
            2 * min_points,
            3 * min_points + 5,
            1 << 20,
            1 << 24,
            u32::MAX,
        ] {
            for k in [0u32, 1, 2, 3, 4, 8, 64] {
                let why = format!("m = {m}, k = {k}, parts of at least {min_points}");
                let parts = plan::plan_one_shot_parts(m, 13, k, min_points);
                let want = (m / min_points).min(k).max(1) as usize;
                assert_eq!(parts.len(), want, "{why}");
                assert_covers(&parts, m, 1, &why);
                for p in &parts {
                    assert_eq!((p.first_vector, p.vectors, p.c), (0, 1, 13), "{why}: {p:?}");
                    // Equal to a point, and none below the smallest part once cut.
                    let (count, m64, k) = (u64::from(p.count), u64::from(m), want as u64);
                    assert!(count >= m64 / k && count <= m64.div_ceil(k), "{why}: {p:?}");
                    assert!(parts.len() == 1 || p.count >= min_points, "{why}: {p:?}");
                }
                for pair in parts.windows(2) {
                    assert!(
                        plan::shares_buckets(&pair[0], &pair[1]),
                        "{why}: {pair:?} do not share their buckets"
                    );
                }
            }
        }
    }
    // The automatic rule's bounds: parts of 2^16 at least, at most four
    // (v31b, v32b), and the forced cuts' smallest part below them.
    assert_eq!(
        (bounds.auto_min_points, bounds.auto_max_parts),
        (1 << 16, 4)
    );
    assert!(min < bounds.auto_min_points);
}

#[test]
fn one_shot_auto_parts_grow_with_the_pass() {
    let bounds = plan::one_shot_bounds();
    // None below 2^17 points, two up to 2^20, then one more every 2^19 up to four.
    for (m, want) in [
        (0u32, 1u32),
        (1, 1),
        ((1 << 17) - 1, 1),
        (1 << 17, 2),
        (1 << 19, 2),
        ((1 << 20) + (1 << 18), 2),
        (3 << 19, 3),
        (1 << 21, 4),
        (1 << 24, 4),
        (u32::MAX, 4),
    ] {
        assert_eq!(plan::one_shot_auto_most_parts(m), want, "m = {m}");
    }
    // Every count it allows cuts parts no smaller than the rule's smallest.
    for log_m in 10..32 {
        let m = 1u32 << log_m;
        let k = plan::one_shot_auto_most_parts(m);
        assert!(k <= bounds.auto_max_parts, "m = 2^{log_m}: {k} parts");
        let parts = plan::plan_one_shot_parts(m, 13, k, bounds.auto_min_points);
        assert_eq!(parts.len() as u32, k, "m = 2^{log_m}");
        assert!(
            k == 1 || parts.iter().all(|p| p.count >= bounds.auto_min_points),
            "m = 2^{log_m}: {parts:?}"
        );
    }
}

// The lone vector's lead share covers the rest's upload by the lead's MSM:
// a quarter for 64-byte points, up to an eighth for larger ones, more with
// page-locked scalars (faster to upload) than gathered ones; within the
// measured range whatever the inputs.
#[test]
fn lone_lead_share_follows_the_upload() {
    let k = plan::constants();
    assert_eq!((k.lead_share_min, k.lead_share_max), (4, 8));
    // BN254 (64-byte points) at c = 22 (12 windows) and a slice's c = 20 (13).
    for pairs in [12, 13] {
        assert_eq!(plan::lone_lead_share(pairs, 64, true), 4);
        assert_eq!(plan::lone_lead_share(pairs, 64, false), 4);
    }
    // BLS12-381 G1 and BLS12-377 G1 (96-byte points), the shares v49e and
    // v50a measured best: an eighth locked, a sixth to a seventh gathered.
    assert_eq!(plan::lone_lead_share(12, 96, true), 8);
    assert_eq!(plan::lone_lead_share(13, 96, true), 8);
    assert_eq!(plan::lone_lead_share(12, 96, false), 6);
    assert_eq!(plan::lone_lead_share(13, 96, false), 7);
    for bytes in [64, 96, 192] {
        for pairs in [0, 1, 2, 12, 13, 40, 256] {
            let locked = plan::lone_lead_share(pairs, bytes, true);
            let gathered = plan::lone_lead_share(pairs, bytes, false);
            assert!((4..=8).contains(&locked) && (4..=8).contains(&gathered));
            assert!(locked >= gathered, "{pairs} pairs, {bytes} bytes");
            assert!(plan::lone_lead_share(pairs + 1, bytes, true) >= locked);
        }
    }
}

/// The lead by whole steps (v55b) on an H200's waves (132 SMs: 4 blocks of
/// 128 threads on 8 limbs, 3 on 12): BN254's one-GPU lead shrinks until the
/// lead's 64-lane steps drop from 12 to 9 while the steps' sum stays 47;
/// its two-GPU slice's until the lead's 32-lane steps drop from 13 to 9
/// while the rest stays under 22; BLS12-381 G1's one GPU keeps the rule's
/// eighth, and its two-GPU slice leads with more, ~1/7.28: the rest's
/// 64-lane steps 30 → 29 for the lead's 32-lane 9 → 10.
#[test]
fn lead_share_by_steps_fills_whole_steps() {
    let up = plan::locked_scalar_upload_ns();
    let (wave8, wave12) = (132 * 4 * 128u64, 132 * 3 * 128u64);
    let steps = |pairs: u64, slots: u64| pairs.div_ceil(slots);
    let one = plan::lead_share_by_steps(1 << 24, 12, 4.0, up, wave8 as u32, 64);
    let lead = (f64::from(1u32 << 24) / one) as u64;
    assert!((5.0..=5.5).contains(&one), "{one}");
    assert_eq!(steps(lead * 12, wave8 * 64), 9, "{one}");
    assert_eq!(steps(((1 << 24) - lead) * 12, wave8 * 64), 38, "{one}");
    let slice = plan::lead_share_by_steps(1 << 23, 13, 4.0, up, wave8 as u32, 64);
    let lead = (f64::from(1u32 << 23) / slice) as u64;
    assert!((5.5..6.0).contains(&slice), "{slice}");
    assert_eq!(steps(lead * 13, wave8 * 32), 9, "{slice}");
    assert_eq!(steps(((1 << 23) - lead) * 13, wave8 * 64), 21, "{slice}");
    assert_eq!(
        plan::lead_share_by_steps(1 << 24, 12, 8.0, up, wave12 as u32, 96),
        8.0
    );
    let bls_slice = plan::lead_share_by_steps(1 << 23, 13, 8.0, up, wave12 as u32, 96);
    let lead = (f64::from(1u32 << 23) / bls_slice) as u64;
    assert!((7.0..8.0).contains(&bls_slice), "{bls_slice}");
    assert_eq!(steps(lead * 13, wave12 * 32), 10, "{bls_slice}");
    assert_eq!(
        steps(((1 << 23) - lead) * 13, wave12 * 64),
        29,
        "{bls_slice}"
    );
    for (count, pairs, rule) in [
        (1u32 << 19, 12, 4.0),
        (1 << 21, 13, 5.0),
        (1 << 22, 12, 4.0),
    ] {
        let s = plan::lead_share_by_steps(count, pairs, rule, up, wave8 as u32, 64);
        assert!(
            (4.0..=8.0).contains(&s),
            "{count} {pairs} (rule {rule}): {s}"
        );
    }
}

#[test]
fn plan_parts_cover_every_point_once() {
    let k = plan::constants();
    let min = k.pipeline_min_points;
    let ramps = [k.pippenger_ramp, k.fixed_base_ramp];
    // The fixed-base batches keep v13's lead quarter, then whole parts.
    assert_eq!(
        k.fixed_base_ramp,
        plan::PartRamp {
            lead_share: 4,
            growth: 4
        }
    );
    let fixed_min = k.fixed_window_pipeline_min_points;
    assert!(fixed_min <= min);
    let counts = [
        0u32,
        1,
        2,
        3,
        31,
        32,
        33,
        1000,
        fixed_min - 1,
        fixed_min,
        fixed_min + 1,
        min - 1,
        min,
        min + 1,
        1 << 24,
        (1 << 24) + 3,
        3 << 23,
    ];
    let chunks = [
        1u32,
        7,
        32,
        1000,
        min - 1,
        min,
        1 << 22,
        1 << 24,
        1 << 26,
        u32::MAX,
    ];
    let batches = [1u32, 2, 3, 4, 5, 6, 8, 9, 12, 13, 64, 1000];
    for count in counts {
        for chunk in chunks {
            for batch in batches {
                // Keep the plans small enough to walk.
                if count > chunk && u64::from(count / chunk) * u64::from(batch) > 100_000 {
                    continue;
                }
                for c in [1u32, 2, 3, 16, 22] {
                    for (fixed, ramp) in [false, true]
                        .into_iter()
                        .flat_map(|f| ramps.map(|r| (f, r)))
                    {
                        // The lone vector's lead share, among the rule's.
                        let share = [4, 5, 8][(count % 3) as usize];
                        let why = format!(
                            "count {count}, chunk {chunk}, batch {batch}, c {c}, fixed {fixed}, {ramp:?}, share {share}"
                        );
                        let parts = plan::plan_parts(count, chunk, batch, c, fixed, ramp, share);
                        assert_covers(&parts, count, batch, &why);
                        for p in &parts {
                            let scalars = u64::from(p.vectors) * u64::from(p.count);
                            assert!(scalars <= u64::from(chunk), "{why}: {p:?}");
                        }
                        let largest = parts
                            .iter()
                            .map(|p| p.vectors as usize * p.count as usize)
                            .max();
                        assert_eq!(plan::largest_part(&parts), largest.unwrap_or(0), "{why}");
                        // Vectors a part, as the grouping below leaves them.
                        let per = batch.min(chunk / count.max(1)).max(1);
                        let per = if u64::from(batch) * u64::from(count) >= u64::from(min) {
                            per.min((batch / 4).max(1))
                        } else {
                            per
                        };
                        // One vector a part, each large enough to pipeline: the
                        // first vector's quarter leads (a lone vector, or the
                        // ZPrize shape's 4 × 2^24); with a fixed window, whose
                        // quarter hands its bucket sums on, from fewer points.
                        let lead_min = if fixed {
                            k.fixed_window_pipeline_min_points
                        } else {
                            min
                        };
                        let lead = count <= chunk && count >= lead_min && per == 1;
                        if lead {
                            // The lead quarter, narrower unless the window is fixed.
                            let lead_c = if fixed || c <= k.lead_window_drop {
                                c
                            } else {
                                c - k.lead_window_drop
                            };
                            let want = [
                                ScalarPart {
                                    first_vector: 0,
                                    vectors: 1,
                                    first: 0,
                                    count: count / share,
                                    c: lead_c,
                                },
                                ScalarPart {
                                    first_vector: 0,
                                    vectors: 1,
                                    first: count / share,
                                    count: count - count / share,
                                    c,
                                },
                            ];
                            assert_eq!(parts[..2], want, "{why}");
                            // The other vectors follow whole, one a part.
                            assert_eq!(parts.len() as u32, batch + 1, "{why}");
                            for (v, p) in (1..).zip(&parts[2..]) {
                                let whole = ScalarPart {
                                    first_vector: v,
                                    vectors: 1,
                                    first: 0,
                                    count,
                                    c,
                                };
                                assert_eq!(*p, whole, "{why}");
                            }
                            // No bucket set carries from one vector to the next.
                            assert!(
                                parts[1..]
                                    .windows(2)
                                    .all(|w| !plan::shares_buckets(&w[0], &w[1])),
                                "{why}"
                            );
                            // With a fixed window the quarter and the rest fill
                            // one bucket set: one reduction for both.
                            assert_eq!(
                                plan::shares_buckets(&parts[0], &parts[1]),
                                lead_c == c,
                                "{why}"
                            );
                        } else {
                            assert!(parts.iter().all(|p| p.c == c), "{why}: {parts:?}");
                        }
                        if count > chunk {
                            // A vector larger than a pass: one vector a part, full passes.
                            assert_eq!(
                                parts.len() as u64,
                                u64::from(batch) * u64::from(count.div_ceil(chunk)),
                                "{why}"
                            );
                            assert!(
                                parts.iter().all(|p| p.vectors == 1 && p.first % chunk == 0),
                                "{why}"
                            );
                            // The passes of one vector share its bucket sets;
                            // a vector's last pass and the next vector's first do not.
                            for (i, w) in parts.windows(2).enumerate() {
                                assert_eq!(
                                    plan::shares_buckets(&w[0], &w[1]),
                                    w[0].first_vector == w[1].first_vector,
                                    "{why}: part {i}"
                                );
                            }
                        }
                        if !lead && count <= chunk {
                            // Parts of distinct vectors: none shares bucket sets.
                            assert!(
                                parts
                                    .windows(2)
                                    .all(|w| !plan::shares_buckets(&w[0], &w[1])),
                                "{why}"
                            );
                        }
                        let large = !lead
                            && count <= chunk
                            && u64::from(batch) * u64::from(count) >= u64::from(min);
                        if large {
                            // No part takes more than a quarter of the vectors
                            // (rounded down, at least one): four parts or more,
                            // or one per vector below four.
                            assert!(
                                parts.iter().all(|p| p.vectors <= (batch / 4).max(1)),
                                "{why}"
                            );
                            assert!(
                                parts.len() as u32 >= batch.min(4),
                                "{why}: {} parts",
                                parts.len()
                            );
                            // The first part, whose upload nothing overlaps,
                            // is a fraction of the others, and the parts grow
                            // from it by part_growth up to the others' size.
                            let lead = (per / ramp.lead_share).max(1).min(batch);
                            assert_eq!(parts[0].vectors, lead, "{why}");
                            assert!(ramp.growth > 1);
                            let mut size = lead;
                            for p in &parts[1..] {
                                size = per.min(size.saturating_mul(ramp.growth));
                                let left = batch - p.first_vector;
                                assert_eq!(p.vectors, size.min(left), "{why}: {parts:?}");
                            }
                        } else if !lead && count <= chunk && count > 0 {
                            // Small batches: as many vectors a part as the chunk takes.
                            assert_eq!(parts.len() as u32, batch.div_ceil(per), "{why}");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn split_over_devices_is_contiguous_and_balanced() {
    let ids = [3, 1, 4, 1, 5, 9, 2, 6, 5];
    let mut sizes: Vec<u32> = (0..=100).collect();
    sizes.extend([1 << 20, (1 << 24) + 7, 1 << 31, u32::MAX - 1, u32::MAX]);
    for k in 0..=ids.len() {
        let devices: Vec<i32> = (0..k).map(|i| 10 * i as i32 + ids[i]).collect();
        for &n in &sizes {
            let slices = plan::split_over_devices(&devices, n);
            let why = format!("{k} devices, n {n}: {slices:?}");
            assert_eq!(slices.len(), k.min(n as usize), "{why}");
            let mut next = 0u32;
            let mut last_device = None;
            for s in &slices {
                assert!(s.count > 0, "{why}");
                assert_eq!(s.offset, next, "{why}");
                next = s.offset + s.count;
                // Each device at most once, in the order given.
                let at = devices
                    .iter()
                    .position(|&d| d == s.device)
                    .expect("a given device");
                if let Some(last) = last_device {
                    assert!(at > last, "{why}");
                }
                last_device = Some(at);
            }
            assert_eq!(next, if k == 0 { 0 } else { n }, "{why}");
            if let (Some(lo), Some(hi)) = (
                slices.iter().map(|s| s.count).min(),
                slices.iter().map(|s| s.count).max(),
            ) {
                assert!(hi - lo <= 1, "{why}");
            }
        }
    }
}

#[test]
fn fixed_base_index_is_a_bijection() {
    let max_bits = plan::constants().fixed_base_max_digit_bits;
    assert_eq!(max_bits, 17);
    for bits in [253u32, 255] {
        for digit_bits in 1..=8u32 {
            for row in 0..=5u32 {
                let l = plan::fixed_base_layout(bits, digit_bits, row);
                assert_eq!(l.digit_bits, digit_bits);
                assert_eq!(l.windows, plan::window_count(bits, digit_bits));
                assert_eq!(l.entries, 1 << (digit_bits - 1));
                assert_eq!(l.row, row);
                let entries = l.entry_count();
                let mut seen = vec![false; entries];
                for i in 0..row {
                    for j in 0..l.windows {
                        for e in 1..=l.entries {
                            let at = l.index(j, e, i);
                            assert!(at < entries, "{l:?}: ({j}, {e}, {i}) at {at}");
                            assert!(!seen[at], "{l:?}: ({j}, {e}, {i}) at {at} twice");
                            seen[at] = true;
                            // A window's digits lie together.
                            if e > 1 {
                                assert_eq!(at, l.index(j, e - 1, i) + 1, "{l:?}");
                            }
                        }
                    }
                }
                assert!(seen.iter().all(|&s| s), "{l:?}: an entry is never indexed");
                // The plain row of affine points, then the entries.
                assert_eq!(l.bytes(64, 96), row as usize * 64 + entries * 96);
            }
        }
    }
    // Verkle's basis of 256 Banderwagon points at w = 16: 2^27 multiples.
    let verkle = plan::fixed_base_layout(253, 16, 256);
    assert_eq!(verkle.windows, 16);
    assert_eq!(verkle.entry_count(), 256 * 16 * (1 << 15));
    assert_eq!(verkle.bytes(64, 96), 256 * 64 + 256 * 16 * (1 << 15) * 96);
    // ... and at w = 17, the widest: 15 windows of 2^16 multiples.
    let verkle = plan::fixed_base_layout(253, max_bits, 256);
    assert_eq!(verkle.windows, 15);
    assert_eq!(verkle.entry_count(), 256 * 15 * (1 << 16));
}

/// The automatic digit width: the fewest windows whose table fits, at the
/// narrowest digits that give them.
#[test]
fn fixed_base_digits_take_the_fewest_windows() {
    const GB: usize = 1 << 30;
    // Banderwagon (253-bit scalars, 64-byte points, 96-byte entries), 256 bases.
    let verkle = |allowance| plan::fixed_base_digits(253, 256, 64, 96, allowance, 8);
    assert_eq!(
        verkle(40 * GB),
        17,
        "half an idle 80 GB card: 24.2 GB at 17 bits"
    );
    assert_eq!(verkle(22 * GB), 16, "24.2 GB does not fit in 22 GiB");
    assert_eq!(verkle(13 * GB), 16);
    assert_eq!(verkle(12 * GB), 15);
    // BLS12-381 G1 (255-bit scalars, 96-byte points and entries): 16 windows
    // at 16 and at 17 bits, so 17 is never worth its memory.
    let small = |allowance| plan::fixed_base_digits(255, 16, 96, 96, allowance, 8);
    assert_eq!(plan::window_count(255, 16), plan::window_count(255, 17));
    assert_eq!(small(1000 * GB), 16);
    // A 4096-point KZG setup in half an idle 80 GB card: 13 bits (32.2 GB).
    assert_eq!(plan::fixed_base_digits(255, 4096, 96, 96, 40 * GB, 8), 13);
    // Nothing fits: 0; the smallest allowance that fits the lowest width.
    let lowest = plan::fixed_base_layout(255, 8, 4096).bytes(96, 96);
    assert_eq!(plan::fixed_base_digits(255, 4096, 96, 96, lowest - 1, 8), 0);
    assert_eq!(plan::fixed_base_digits(255, 4096, 96, 96, lowest, 8), 8);
}
