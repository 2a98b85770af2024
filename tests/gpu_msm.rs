//! The GPU backend against arkworks, for every curve: sizes from 1 to 2^24
//! (2^26 for BLS12-377 G1), explicit windows, resident bases (with the
//! pipelined scalar upload), the edge cases, and the errors the device raises.
//!
//! Run on a machine with a GPU (scripts/device-check.sh does). Without one
//! each test prints a notice and passes, unless GPUKIT_REQUIRE_GPU=1, which
//! turns a missing GPU into a failure. Sizes above 2^20 run only with
//! GPUKIT_GPU_LARGE=1: they need a large host and minutes.
//!
//! Two oracles: arkworks' multi-core VariableBaseMSM on random points, and
//! for the large sizes the closed form over the points P_i = (i+1)·G, whose
//! MSM is (Σ k_i·(i+1))·G — one field sum and one scalar multiplication.

mod common;

use ark_ec::{AffineRepr, CurveGroup, VariableBaseMSM};
use ark_ff::{Field, PrimeField, UniformRand, Zero};
use common::gpu_present;
use gpukit::{Backend, Bases, Config, Curve, Status, Validation};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use rayon::prelude::*;

fn large_enabled() -> bool {
    std::env::var("GPUKIT_GPU_LARGE").as_deref() == Ok("1")
}

fn gpu_config(window_c: u32) -> Config {
    Config {
        backend: Backend::Gpu,
        window_c,
        ..Config::default()
    }
}

fn seed_rng(label: &str) -> ChaCha20Rng {
    let seed = label.bytes().fold(0xcbf29ce484222325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100000001b3)
    });
    eprintln!("{label}: seed {seed:#x}");
    ChaCha20Rng::seed_from_u64(seed)
}

/// Random points: random multiples of the generator, computed in parallel.
fn random_points<C: Curve>(rng: &mut ChaCha20Rng, n: usize) -> Vec<C::Affine> {
    let seeds: Vec<u64> = (0..n).map(|_| rng.gen()).collect();
    let proj: Vec<C::Projective> = seeds
        .par_iter()
        .map(|&s| C::Affine::generator() * C::Scalar::rand(&mut ChaCha20Rng::seed_from_u64(s)))
        .collect();
    C::Projective::normalize_batch(&proj)
}

fn random_scalars<C: Curve>(rng: &mut ChaCha20Rng, n: usize) -> Vec<C::Scalar> {
    (0..n).map(|_| C::Scalar::rand(rng)).collect()
}

fn reference<C: Curve>(points: &[C::Affine], scalars: &[C::Scalar]) -> C::Affine {
    C::Projective::msm(points, scalars)
        .expect("equal lengths")
        .into_affine()
}

/// P_i = (i+1)·G for i < n, by running sums in parallel blocks.
fn generator_multiples<C: Curve>(n: usize) -> Vec<C::Affine> {
    const BLOCK: usize = 1 << 14;
    let g = C::Affine::generator();
    let blocks: Vec<Vec<C::Affine>> = (0..n.div_ceil(BLOCK))
        .into_par_iter()
        .map(|b| {
            let lo = b * BLOCK;
            let hi = (lo + BLOCK).min(n);
            let mut acc = g * C::Scalar::from((lo + 1) as u64);
            let mut proj = Vec::with_capacity(hi - lo);
            for _ in lo..hi {
                proj.push(acc);
                acc += g;
            }
            C::Projective::normalize_batch(&proj)
        })
        .collect();
    blocks.concat()
}

fn closed_form<C: Curve>(scalars: &[C::Scalar]) -> C::Affine {
    let weight: C::Scalar = scalars
        .par_iter()
        .enumerate()
        .map(|(i, k)| *k * C::Scalar::from((i + 1) as u64))
        .sum();
    (C::Affine::generator() * weight).into_affine()
}

fn check_random<C: Curve>(n: usize, window_c: u32) {
    let mut rng = seed_rng(&format!("{}-random-{n}-c{window_c}", C::ID.name()));
    let points = random_points::<C>(&mut rng, n);
    let scalars = random_scalars::<C>(&mut rng, n);
    check_against_reference::<C>(
        &points,
        &scalars,
        window_c,
        &format!("random n={n} c={window_c}"),
    );
}

fn check_against_reference<C: Curve>(
    points: &[C::Affine],
    scalars: &[C::Scalar],
    window_c: u32,
    what: &str,
) {
    let want = reference::<C>(points, scalars);
    let got = gpukit::msm_with::<C>(points, scalars, &gpu_config(window_c))
        .unwrap_or_else(|e| panic!("{} {what}: {e}", C::ID.name()));
    assert_eq!(
        got,
        want,
        "{} {what}: typed API (Montgomery input)",
        C::ID.name()
    );
    // The wire path: canonical bytes in, canonical bytes out.
    let bytes = gpukit::msm_bytes(
        C::ID,
        &gpukit::encoding::encode_points::<C>(points),
        &gpukit::encoding::encode_scalars::<C>(scalars),
        &gpu_config(window_c),
    )
    .unwrap_or_else(|e| panic!("{} {what} (bytes): {e}", C::ID.name()));
    assert_eq!(
        bytes,
        gpukit::encoding::encode_points::<C>(&[want]),
        "{} {what}: wire API",
        C::ID.name()
    );
}

fn check_closed_form<C: Curve>(log_n: u32) {
    let n = 1usize << log_n;
    let mut rng = seed_rng(&format!("{}-closed-{log_n}", C::ID.name()));
    let points = generator_multiples::<C>(n);
    let scalars: Vec<C::Scalar> = {
        let seeds: Vec<u64> = (0..64).map(|_| rng.gen()).collect();
        seeds
            .par_iter()
            .flat_map_iter(|&s| {
                let mut r = ChaCha20Rng::seed_from_u64(s);
                (0..n / 64).map(move |_| C::Scalar::rand(&mut r))
            })
            .collect()
    };
    let want = closed_form::<C>(&scalars);
    let started = std::time::Instant::now();
    let got = gpukit::msm_with::<C>(&points, &scalars, &gpu_config(0)).expect("gpu msm");
    eprintln!(
        "{} 2^{log_n}: {:?} (one-shot, points included)",
        C::ID.name(),
        started.elapsed()
    );
    assert_eq!(got, want, "{} closed form 2^{log_n}", C::ID.name());
    // The points are multiples of the generator by construction: the host's
    // subgroup check (the Full default) would take minutes at 2^26, and the
    // other tests cover it.
    let trusted = Config {
        validation: Validation::Trusted,
        ..gpu_config(0)
    };
    let bases = Bases::<C>::new(&points, &trusted).expect("resident bases");
    let started = std::time::Instant::now();
    let got = bases.msm(&scalars).expect("resident msm");
    eprintln!(
        "{} 2^{log_n}: {:?} (resident bases)",
        C::ID.name(),
        started.elapsed()
    );
    assert_eq!(
        got,
        want,
        "{} closed form 2^{log_n}, resident bases",
        C::ID.name()
    );
}

fn check_edge_cases<C: Curve>() {
    let mut rng = seed_rng(&format!("{}-edges", C::ID.name()));
    let n = 1000;
    let points = random_points::<C>(&mut rng, n);
    let minus_one = -C::Scalar::ONE;

    let zeros = vec![C::Scalar::zero(); n];
    check_against_reference::<C>(&points, &zeros, 0, "zero scalars");
    check_against_reference::<C>(&points, &vec![minus_one; n], 0, "every scalar r-1");
    let same = C::Scalar::rand(&mut rng);
    check_against_reference::<C>(&points, &vec![same; n], 0, "every scalar equal");
    // One bucket per window holds all 2^16 points: the load balancer's case.
    let many = random_points::<C>(&mut rng, 1 << 16);
    // A vector, not an array: 2^16 scalars overflow a test thread's stack.
    #[allow(clippy::useless_vec)]
    check_against_reference::<C>(&many, &vec![same; 1 << 16], 0, "2^16 equal scalars");

    let mut with_identity = points.clone();
    for p in with_identity.iter_mut().step_by(3) {
        *p = C::Affine::zero();
    }
    check_against_reference::<C>(
        &with_identity,
        &random_scalars::<C>(&mut rng, n),
        0,
        "identity points",
    );
    check_against_reference::<C>(
        &[C::Affine::zero(); 40],
        &random_scalars::<C>(&mut rng, 40),
        0,
        "all identity",
    );

    let repeated = vec![points[0]; n];
    check_against_reference::<C>(
        &repeated,
        &random_scalars::<C>(&mut rng, n),
        0,
        "repeated point",
    );

    // P and -P with equal scalars cancel; the same point twice doubles inside a bucket.
    let mut pairs = Vec::new();
    let mut ks = Vec::new();
    for &p in &points[..100] {
        let k = C::Scalar::rand(&mut rng);
        let minus = (-p.into_group()).into_affine();
        pairs.extend([p, minus, p, p]);
        ks.extend([k, k, k, -k]);
    }
    check_against_reference::<C>(&pairs, &ks, 0, "cancelling pairs");

    let small: Vec<C::Scalar> = (0..n as u64).map(C::Scalar::from).collect();
    check_against_reference::<C>(&points, &small, 0, "small scalars");
    let large: Vec<C::Scalar> = (0..n as u64)
        .map(|i| minus_one - C::Scalar::from(i))
        .collect();
    check_against_reference::<C>(&points, &large, 0, "large scalars");
    for n in [1, 2, 3, 31, 33, 63, 65] {
        check_random::<C>(n, 0);
    }
}

/// One-shot calls under the subgroup check (`Validation::Full`), where the
/// BLS curves' G1 split their scalars by the endomorphism too (BN254 G1 and
/// secp256k1 split under every validation; cuda/msm/glv_msm.cuh): the
/// split's sizes on the small path up to its bound of 2^12 points, past it
/// through the sorted pipeline, in parts from 2^17; its windows, and the
/// scalars and points whose halves or sums are special, on both paths.
fn check_glv_split<C: Curve>() {
    let mut rng = seed_rng(&format!("{}-glv", C::ID.name()));
    let full = |window_c| Config {
        validation: Validation::Full,
        ..gpu_config(window_c)
    };
    let check = |points: &[C::Affine], scalars: &[C::Scalar], window_c: u32, what: &str| {
        let got = gpukit::msm_with::<C>(points, scalars, &full(window_c))
            .unwrap_or_else(|e| panic!("{} {what}: {e}", C::ID.name()));
        assert_eq!(
            got,
            reference::<C>(points, scalars),
            "{} split, {what}",
            C::ID.name()
        );
    };
    // Across the bounds of the split's segments (2^11 and 2^12 pairs), of
    // the small path's split (2^12 points) and of the one-shot parts (2^17);
    // `sizes` takes 2^20 and `large_sizes` the whole scalars past it.
    for n in [
        1,
        2,
        3,
        33,
        255,
        1000,
        1024,
        2047,
        2048,
        2049,
        3000,
        4095,
        4096,
        4097,
        (1 << 13) + 1,
        1 << 16,
        (1 << 17) + 5,
    ] {
        let points = random_points::<C>(&mut rng, n);
        check(
            &points,
            &random_scalars::<C>(&mut rng, n),
            0,
            &format!("random n={n}"),
        );
    }
    // Four segments, every item in one bucket of each unit; and through the
    // sorted pipeline, one bucket a window holding every half.
    for n in [4096, 1 << 14] {
        let points = random_points::<C>(&mut rng, n);
        check(
            &points,
            &vec![C::Scalar::rand(&mut rng); n],
            0,
            &format!("every scalar equal, n={n}"),
        );
    }
    // The small path's windows, then the sorted pipeline's.
    for (n, windows) in [
        (600, &[1, 2, 3, 4, 5, 6, 8, 10][..]),
        (5000, &[4, 7, 11, 13, 16][..]),
    ] {
        let points = random_points::<C>(&mut rng, n);
        for &c in windows {
            check(
                &points,
                &random_scalars::<C>(&mut rng, n),
                c,
                &format!("random n={n} c={c}"),
            );
        }
    }
    for n in [600, 5000] {
        check_glv_edges::<C>(&mut rng, n, &check);
    }
}

/// The split's special scalars and points over `n` random points, checked
/// by `check` (points, scalars, window, what).
fn check_glv_edges<C: Curve>(
    rng: &mut ChaCha20Rng,
    n: usize,
    check: &impl Fn(&[C::Affine], &[C::Scalar], u32, &str),
) {
    let points = random_points::<C>(rng, n);
    let minus_one = -C::Scalar::ONE;
    let what = |case: &str| format!("{case}, n={n}");
    check(
        &points,
        &vec![C::Scalar::zero(); n],
        0,
        &what("zero scalars"),
    );
    check(&points, &vec![minus_one; n], 0, &what("every scalar r-1"));
    check(
        &points,
        &vec![C::Scalar::rand(rng); n],
        0,
        &what("every scalar equal"),
    );
    // Scalars near 2^128 and r/2, where a half's top window and sign turn.
    let two = C::Scalar::from(2u64);
    let edges: Vec<C::Scalar> = (0..n as u64)
        .map(|i| match i % 4 {
            0 => two.pow([128]) - C::Scalar::from(i),
            1 => two.pow([127]) + C::Scalar::from(i),
            2 => minus_one * two.inverse().unwrap() + C::Scalar::from(i),
            _ => C::Scalar::from(i),
        })
        .collect();
    check(
        &points,
        &edges,
        0,
        &what("scalars near 2^127, 2^128 and r/2"),
    );
    let mut with_identity = points.clone();
    for p in with_identity.iter_mut().step_by(3) {
        *p = C::Affine::zero();
    }
    check(
        &with_identity,
        &random_scalars::<C>(rng, n),
        0,
        &what("identity points"),
    );
    check(
        &vec![points[0]; n],
        &random_scalars::<C>(rng, n),
        0,
        &what("repeated point"),
    );
    let (mut pairs, mut ks) = (Vec::new(), Vec::new());
    for &p in &points[..n / 4] {
        let k = C::Scalar::rand(rng);
        pairs.extend([p, (-p.into_group()).into_affine(), p, p]);
        ks.extend([k, k, k, -k]);
    }
    check(&pairs, &ks, 0, &what("cancelling pairs"));
}

fn check_windows<C: Curve>() {
    // 1..=10 reach the small path (one to sixteen buckets a lane in its
    // weighing); 11 reduces its windows' 2^10 buckets by planes in two
    // stages (bucket_reduce.cuh plane_totals), 13's 2^12 too where the sums
    // spread (else by chunks), 16 and up by chunks.
    for c in [1, 2, 3, 5, 6, 7, 8, 10, 11, 13, 16, 20, 24] {
        check_random::<C>(300, c);
    }
    let err = gpukit::msm_with::<C>(
        &[C::Affine::generator()],
        &[C::Scalar::ONE],
        &gpu_config(25),
    )
    .unwrap_err();
    assert_eq!(err.status(), Status::BadWindow);
}

fn check_sizes<C: Curve>() {
    for log_n in (10..=20).step_by(2) {
        check_random::<C>(1 << log_n, 0);
    }
}

fn check_resident<C: Curve>() {
    let mut rng = seed_rng(&format!("{}-resident", C::ID.name()));
    let points = random_points::<C>(&mut rng, 5000);
    // Pippenger's resident path; fixed-base tables have tests of their own.
    let config = Config {
        fixed_base: 1,
        ..gpu_config(0)
    };
    let bases = Bases::<C>::new(&points, &config).expect("resident bases");
    let batch: Vec<Vec<C::Scalar>> = [5000, 5000, 5000]
        .iter()
        .map(|&n| random_scalars::<C>(&mut rng, n))
        .collect();
    let got = bases.msm_batch(&batch).expect("batch");
    for (k, got) in batch.iter().zip(got) {
        assert_eq!(
            got,
            reference::<C>(&points, k),
            "{} resident batch",
            C::ID.name()
        );
    }
    let prefix = random_scalars::<C>(&mut rng, 777);
    assert_eq!(
        bases.msm(&prefix).unwrap(),
        reference::<C>(&points[..777], &prefix),
        "resident prefix"
    );
}

/// Resident MSMs of at least 2^21 points upload their scalars in parts while
/// the GPU works (cuda/driver/scalar_pipeline.cuh): a lone vector, and a
/// batch's first vector, is cut into a quarter and the rest, and a batch
/// uploads each vector during the previous part's MSM. n is odd, so the parts
/// are unequal and none is a multiple of 32. A lone vector on precomputed
/// copies (a fixed window) is cut from 2^19 points (cuda/msm/plan/parts.cuh).
fn check_pipelined_resident<C: Curve>() {
    let n = (1 << 19) + 5;
    let points = generator_multiples::<C>(n);
    let bases = Bases::<C>::new(&points, &gpu_config(0)).expect("resident bases");
    let scalars = random_scalars::<C>(
        &mut seed_rng(&format!("{}-pipelined-2^19", C::ID.name())),
        n,
    );
    assert_eq!(
        bases.msm(&scalars).unwrap(),
        closed_form::<C>(&scalars),
        "{} pipelined 2^19",
        C::ID.name()
    );
    // Auto tables (the lead quarter keeps the tables' window) and none (the
    // quarter runs two bits narrower), unchecked; and auto tables under the
    // bases' default validation, whose subgroup check puts BLS12-377 G1's
    // in its twisted Edwards model (cuda/ec/edwards_model.cuh).
    for (precompute, validation) in [
        (0, Validation::Trusted),
        (1, Validation::Trusted),
        (0, Validation::Default),
    ] {
        check_pipelined_resident_with::<C>(precompute, validation);
    }
}

fn check_pipelined_resident_with<C: Curve>(precompute: u32, validation: Validation) {
    let n = (1 << 21) + 3;
    let mut rng = seed_rng(&format!(
        "{}-pipelined-{precompute}-{validation:?}",
        C::ID.name()
    ));
    let points = generator_multiples::<C>(n);
    let config = Config {
        validation,
        precompute,
        ..gpu_config(0)
    };
    let bases = Bases::<C>::new(&points, &config).expect("resident bases");
    let batch: Vec<Vec<C::Scalar>> = (0..3).map(|_| random_scalars::<C>(&mut rng, n)).collect();
    assert_eq!(
        bases.msm(&batch[0]).unwrap(),
        closed_form::<C>(&batch[0]),
        "{} pipelined",
        C::ID.name()
    );
    let got = bases.msm_batch(&batch).expect("pipelined batch");
    for (k, got) in batch.iter().zip(got) {
        assert_eq!(got, closed_form::<C>(k), "{} pipelined batch", C::ID.name());
    }
    // A scalar >= r in the second part is reported with its index, after the
    // first part's MSM has been started.
    let wire_bases = gpukit::BasesBytes::new(
        C::ID,
        &gpukit::encoding::encode_points::<C>(&points),
        &config,
    )
    .expect("wire bases");
    let mut scalars = gpukit::encoding::encode_scalars::<C>(&batch[1]);
    let bad = n - 2;
    scalars[bad * 32..bad * 32 + 32].fill(0xff);
    let err = wire_bases.msm(&scalars).unwrap_err();
    assert_eq!(err.status(), Status::ScalarOutOfRange, "{}", err);
    assert!(err.message().contains(&bad.to_string()), "{}", err);
    // In a batch, the same scalar in the first vector's rest (the part after
    // its lead quarter) is reported with its vector and index.
    let mut rows = scalars.clone();
    rows.extend(gpukit::encoding::encode_scalars::<C>(&batch[2]));
    let err = wire_bases.msm_batch(&rows, n, 2).unwrap_err();
    assert_eq!(err.status(), Status::ScalarOutOfRange, "{}", err);
    assert!(err.message().contains(&bad.to_string()), "{}", err);
    assert!(err.message().contains("vector 0"), "{}", err);
    // The bases stay usable after the error.
    assert_eq!(
        wire_bases
            .msm(&gpukit::encoding::encode_scalars::<C>(&batch[2]))
            .unwrap(),
        gpukit::encoding::encode_points::<C>(&[closed_form::<C>(&batch[2])]),
        "{} after an error",
        C::ID.name()
    );
}

/// Bases that stress precomputed tables: identity and repeated bases, and
/// a base next to its negation (cancellation with equal scalars).
fn stress_points<C: Curve>(rng: &mut ChaCha20Rng, n: usize) -> Vec<C::Affine> {
    let mut points = random_points::<C>(rng, n);
    for p in points.iter_mut().skip(7).step_by(97) {
        *p = C::Affine::zero();
    }
    for i in 0..50 {
        points[1000 + 2 * i] = points[i];
        points[1001 + 2 * i] = (-points[i].into_group()).into_affine();
    }
    points
}

/// The stress scalars of n points, by name: random, all equal to `same`,
/// zeros, r - 1, and random with cancelling pairs (scalars 1000 + 2i and
/// 1001 + 2i equal to scalar i for i < 50, where n has room for them).
fn stress_scalars<C: Curve>(
    rng: &mut ChaCha20Rng,
    n: usize,
    same: C::Scalar,
) -> [(&'static str, Vec<C::Scalar>); 5] {
    let mut cancelling = random_scalars::<C>(rng, n);
    for i in 0..50.min(n.saturating_sub(1100) / 2) {
        cancelling[1000 + 2 * i] = cancelling[i];
        cancelling[1001 + 2 * i] = cancelling[i];
    }
    [
        ("random", random_scalars::<C>(rng, n)),
        ("equal", vec![same; n]),
        ("zero", vec![C::Scalar::zero(); n]),
        ("r - 1", vec![-C::Scalar::ONE; n]),
        ("cancelling", cancelling),
    ]
}

/// `bases` over `points` against arkworks: a batch of random scalars, all
/// scalars equal, zeros, r - 1, cancelling pairs (the same base twice also
/// doubles), then prefixes of the bases and single points.
fn check_stress_scalars<C: Curve>(
    bases: &Bases<C>,
    points: &[C::Affine],
    rng: &mut ChaCha20Rng,
    what: &str,
) {
    let same = C::Scalar::rand(rng);
    let batch: Vec<Vec<C::Scalar>> = stress_scalars::<C>(rng, points.len(), same)
        .into_iter()
        .map(|(_, k)| k)
        .collect();
    let got = bases
        .msm_batch(&batch)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    for (j, (k, got)) in batch.iter().zip(got).enumerate() {
        assert_eq!(got, reference::<C>(points, k), "{what}: vector {j}");
    }
    for m in [1, 2, 33, 777] {
        let k = random_scalars::<C>(rng, m);
        assert_eq!(
            bases.msm(&k).unwrap(),
            reference::<C>(&points[..m], &k),
            "{what}: prefix {m}"
        );
    }
}

/// Held by the tests that build automatic fixed-base tables: each takes half
/// of the device's free memory, so two built at once by parallel tests
/// (one curve each) can leave the later one's allocation short.
static AUTO_TABLES: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// One vector over resident bases short enough for the small path runs it
/// (cuda/driver/resident_small.cuh), split by the endomorphism where the
/// bases were checked into the prime-order subgroup (the default, `Full`)
/// and whole where they were not (`OnCurve` on the curves with a
/// cofactor), over automatic fixed-base tables (4096 bases), shifted
/// copies (`fixed_base: 1`) and explicitly asked tables, which keep the
/// call: stress bases and scalars (identities, repeats, cancelling pairs,
/// zeros, r − 1, every scalar equal) at lengths around the small path's
/// bounds, and a bad scalar reported with its index.
fn check_resident_small<C: Curve>() {
    let _tables = AUTO_TABLES.lock().unwrap_or_else(|e| e.into_inner());
    let mut rng = seed_rng(&format!("{}-resident-small", C::ID.name()));
    let points = stress_points::<C>(&mut rng, 1 << 12);
    let configs = [
        (Validation::Full, 0),
        (Validation::OnCurve, 0),
        (Validation::Full, 1),
        (Validation::Full, 8),
    ];
    for (validation, fixed_base) in configs {
        let config = Config {
            validation,
            fixed_base,
            ..gpu_config(0)
        };
        let what = format!(
            "{} resident small {validation:?} fixed_base {fixed_base}",
            C::ID.name()
        );
        let bases = Bases::<C>::new(&points, &config).unwrap_or_else(|e| panic!("{what}: {e}"));
        let same = C::Scalar::rand(&mut rng);
        for n in [1, 2, 31, 1025, 2048, 2049, 4096] {
            for (kind, k) in stress_scalars::<C>(&mut rng, n, same) {
                let got = bases
                    .msm(&k)
                    .unwrap_or_else(|e| panic!("{what}: n {n} {kind}: {e}"));
                assert_eq!(
                    got,
                    reference::<C>(&points[..n], &k),
                    "{what}: n {n} {kind}"
                );
            }
        }
        // A batch of three short vectors: on the small path one by one
        // (RESIDENT_SMALL_MAX_VECTORS in cuda/driver/curve_entries_impl.cuh).
        let batch = vec![
            random_scalars::<C>(&mut rng, 1025),
            vec![same; 1025],
            vec![-C::Scalar::ONE; 1025],
        ];
        let got = bases
            .msm_batch(&batch)
            .unwrap_or_else(|e| panic!("{what}: batch: {e}"));
        for (j, (k, got)) in batch.iter().zip(got).enumerate() {
            assert_eq!(
                got,
                reference::<C>(&points[..1025], k),
                "{what}: batch vector {j}"
            );
        }
        let wire_bases = gpukit::BasesBytes::new(
            C::ID,
            &gpukit::encoding::encode_points::<C>(&points),
            &config,
        )
        .unwrap_or_else(|e| panic!("{what}: {e}"));
        let k = random_scalars::<C>(&mut rng, 1000);
        let mut scalars = gpukit::encoding::encode_scalars::<C>(&k);
        scalars[617 * 32..618 * 32].fill(0xff);
        let err = wire_bases.msm(&scalars).unwrap_err();
        assert_eq!(err.status(), Status::ScalarOutOfRange, "{what}: {err}");
        assert!(err.message().contains("617"), "{what}: {err}");
        // In a batch of three 500-point vectors: point 117 of vector 1.
        let mut rows = gpukit::encoding::encode_scalars::<C>(&random_scalars::<C>(&mut rng, 1500));
        rows[617 * 32..618 * 32].fill(0xff);
        let err = wire_bases.msm_batch(&rows, 500, 3).unwrap_err();
        assert_eq!(err.status(), Status::ScalarOutOfRange, "{what}: {err}");
        assert!(
            err.message().contains("vector 1, point 117"),
            "{what}: {err}"
        );
        assert_eq!(
            wire_bases
                .msm(&gpukit::encoding::encode_scalars::<C>(&k[..999]))
                .unwrap(),
            gpukit::encoding::encode_points::<C>(&[reference::<C>(&points[..999], &k[..999])]),
            "{what}: after an error"
        );
    }
}

fn windows_of<C: Curve>(c: u32) -> u32 {
    (C::Scalar::MODULUS_BIT_SIZE + c) / c
}

/// Resident bases with precomputed shifted copies (cuda/msm/shifted_bases.cuh):
/// none, two, a window's worth at an explicit window, and the automatic
/// choice, each on the stress inputs.
fn check_precomputed<C: Curve>() {
    let mut rng = seed_rng(&format!("{}-precomputed", C::ID.name()));
    let n = 3001;
    let points = stress_points::<C>(&mut rng, n);
    for (precompute, window_c) in [(1, 0), (2, 0), (0, 7), (0, 0)] {
        let config = Config {
            precompute,
            window_c,
            fixed_base: 1,
            ..gpu_config(0)
        };
        let what = format!("{} precompute {precompute} window {window_c}", C::ID.name());
        let bases = Bases::<C>::new(&points, &config).unwrap_or_else(|e| panic!("{what}: {e}"));
        let tables = bases.device_tables().expect("GPU bases");
        assert_eq!(tables.multiples, 1, "{what}");
        match (precompute, window_c) {
            (1, _) => assert_eq!((tables.copies, tables.window), (1, 0), "{what}"),
            (2, _) => assert_eq!(tables.copies, 2, "{what}"),
            (_, 7) => assert_eq!(
                (tables.copies, tables.window),
                (windows_of::<C>(7), 7),
                "{what}"
            ),
            _ => assert!(
                tables.copies > 1 && tables.copies <= windows_of::<C>(tables.window),
                "{what}: {tables:?}"
            ),
        }
        let point_bytes = std::mem::size_of::<C::Affine>() as u64;
        assert!(
            tables.device_bytes >= u64::from(tables.copies) * n as u64 * (point_bytes / 2),
            "{what}: {tables:?}"
        );
        check_stress_scalars::<C>(&bases, &points, &mut rng, &what);
    }
}

/// Resident bases left to the library's choices at a size the calibrated
/// resident windows cover (src/tuning.rs GPU_RESIDENT_WINDOW, from 2^13
/// points): their copies at the table's window, on the stress inputs.
fn check_resident_table_window<C: Curve>() {
    let mut rng = seed_rng(&format!("{}-resident-table", C::ID.name()));
    let n = (1 << 13) + 77;
    let points = stress_points::<C>(&mut rng, n);
    let bases = Bases::<C>::new(&points, &gpu_config(0)).expect("resident bases");
    let tables = bases.device_tables().expect("GPU bases");
    let what = format!("{} open at {n}: {tables:?}", C::ID.name());
    assert!(tables.copies > 1 && tables.multiples == 1, "{what}");
    check_stress_scalars::<C>(&bases, &points, &mut rng, &what);
}

/// Resident bases with a copy per window at the windows whose one set of
/// buckets is reduced by planes (bucket_reduce.cuh): c = 10 in one stage,
/// 11, 13, 16 and, where the sums spread, 17 (2^16 buckets, 8 a lane) in
/// two; and c = 19 beside them, whose 2^18 buckets go by chunks (a share of
/// the wave's threads, warps' sums of 32 chunks), on the stress inputs.
fn check_plane_windows<C: Curve>() {
    let mut rng = seed_rng(&format!("{}-plane-windows", C::ID.name()));
    let points = stress_points::<C>(&mut rng, 3001);
    for window_c in [10, 11, 13, 16, 17, 19] {
        let config = Config {
            precompute: windows_of::<C>(window_c),
            window_c,
            fixed_base: 1,
            ..gpu_config(0)
        };
        let what = format!("{} planes at window {window_c}", C::ID.name());
        let bases = Bases::<C>::new(&points, &config).unwrap_or_else(|e| panic!("{what}: {e}"));
        let tables = bases.device_tables().expect("GPU bases");
        assert_eq!(
            (tables.copies, tables.window),
            (windows_of::<C>(window_c), window_c),
            "{what}"
        );
        check_stress_scalars::<C>(&bases, &points, &mut rng, &what);
    }
}

/// Shifted copies of a basis large enough that each thread of shift_bases
/// converts a group of bases with one inversion (more than 2 · 512 bases per
/// SM): identity bases, a base next to its negation and a count that is no
/// multiple of the group keep every group's shared inversion honest.
fn check_grouped_shifts<C: Curve>() {
    let n = (1 << 18) + 5;
    let mut points = generator_multiples::<C>(n);
    for p in points.iter_mut().skip(3).step_by(1001) {
        *p = C::Affine::zero();
    }
    points[n - 1] = (-points[n - 2].into_group()).into_affine();
    let mut rng = seed_rng(&format!("{}-grouped-shifts", C::ID.name()));
    let scalars = random_scalars::<C>(&mut rng, n);
    let expected = reference::<C>(&points, &scalars);
    // Unchecked, and checked by default: BLS12-377 G1's subgroup-checked
    // bases convert to its twisted Edwards model in the same groups
    // (cuda/msm/edwards_bases.cuh).
    for validation in [Validation::Trusted, Validation::Default] {
        let config = Config {
            validation,
            fixed_base: 1,
            ..gpu_config(0)
        };
        let bases = Bases::<C>::new(&points, &config).expect("resident bases");
        let tables = bases.device_tables().expect("GPU bases");
        assert!(tables.copies > 1, "{}: {tables:?}", C::ID.name());
        assert_eq!(
            bases.msm(&scalars).unwrap(),
            expected,
            "{} grouped shifts, {validation:?}",
            C::ID.name()
        );
    }
}

/// Fixed-base tables (cuda/msm/fixed_base_tables.cuh, fixed_base_msm.cuh)
/// at explicit digit widths: 2 (a table entry per digit sign only, the most
/// windows), 5, and 9 under an explicit Pippenger window (the call runs on
/// the tables' plain row), each on the stress inputs, then a batch of 300
/// short vectors (many vectors, few bases per thread), bases in equal and
/// opposite pairs, and 17-bit digits, the widest, on 64 bases.
fn check_fixed_base<C: Curve>() {
    let mut rng = seed_rng(&format!("{}-fixed-base", C::ID.name()));
    let points = stress_points::<C>(&mut rng, 3001);
    for (digits, window_c) in [(2, 0), (5, 0), (9, 7)] {
        let config = Config {
            fixed_base: digits,
            window_c,
            ..gpu_config(0)
        };
        let what = format!("{} fixed base {digits} window {window_c}", C::ID.name());
        let bases = Bases::<C>::new(&points, &config).unwrap_or_else(|e| panic!("{what}: {e}"));
        let tables = bases.device_tables().expect("GPU bases");
        assert_eq!(
            (tables.copies, tables.window, tables.multiples),
            (windows_of::<C>(digits), digits, 1 << (digits - 1)),
            "{what}"
        );
        check_stress_scalars::<C>(&bases, &points, &mut rng, &what);
    }
    check_fixed_base_batch::<C>(&points, 5, &mut rng);
    check_fixed_base_pairs::<C>(&mut rng);
    // The widest digits (2^16 multiples a window) on 64 bases: a batch.
    let widest = random_points::<C>(&mut rng, 64);
    check_fixed_base_batch::<C>(&widest, 17, &mut rng);
}

/// Bases in equal and opposite pairs (P, P, Q, -Q, ...) under 5-bit tables,
/// with scalars that make a thread's running sum meet the next table entry:
/// all ones (the second P of a pair doubles the first), all twos, and equal
/// random scalars (the -Q cancels the Q), so that the fixed-base kernel's
/// mixed additions take their doubling and cancelling branches.
fn check_fixed_base_pairs<C: Curve>(rng: &mut ChaCha20Rng) {
    let mut points = Vec::new();
    for (i, p) in random_points::<C>(rng, 32).into_iter().enumerate() {
        let twin = if i % 2 == 0 {
            p
        } else {
            (-p.into_group()).into_affine()
        };
        points.extend([p, twin]);
    }
    let config = Config {
        fixed_base: 5,
        ..gpu_config(0)
    };
    let bases = Bases::<C>::new(&points, &config).expect("resident bases");
    let two = C::Scalar::ONE + C::Scalar::ONE;
    let repeated: Vec<C::Scalar> = random_scalars::<C>(rng, 32)
        .into_iter()
        .flat_map(|k| [k, k])
        .collect();
    let batch = vec![vec![C::Scalar::ONE; 64], vec![two; 64], repeated];
    let got = bases.msm_batch(&batch).expect("fixed-base pairs");
    for (j, (k, got)) in batch.iter().zip(got).enumerate() {
        assert_eq!(
            got,
            reference::<C>(&points, k),
            "{} fixed-base pairs, vector {j}",
            C::ID.name()
        );
    }
}

/// The automatic choice for bases of at most 2^12 points: tables of 8 to 17
/// bit digits, then the stress inputs and a batch.
fn check_fixed_base_auto<C: Curve>() {
    let _tables = AUTO_TABLES.lock().unwrap_or_else(|e| e.into_inner());
    let mut rng = seed_rng(&format!("{}-fixed-base-auto", C::ID.name()));
    let points = stress_points::<C>(&mut rng, 3001);
    let bases = Bases::<C>::new(&points, &gpu_config(0)).expect("resident bases");
    let tables = bases.device_tables().expect("GPU bases");
    let what = format!("{} automatic fixed base {tables:?}", C::ID.name());
    assert!((8..=17).contains(&tables.window), "{what}");
    assert_eq!(
        (tables.copies, tables.multiples),
        (windows_of::<C>(tables.window), 1 << (tables.window - 1)),
        "{what}"
    );
    check_stress_scalars::<C>(&bases, &points, &mut rng, &what);
    check_fixed_base_batch::<C>(&points, 0, &mut rng);
}

/// 300 vectors of 64 scalars over fixed-base tables of `digits`-bit digits
/// (0 = automatic), against arkworks.
fn check_fixed_base_batch<C: Curve>(points: &[C::Affine], digits: u32, rng: &mut ChaCha20Rng) {
    let config = Config {
        fixed_base: digits,
        ..gpu_config(0)
    };
    let bases = Bases::<C>::new(points, &config).expect("resident bases");
    let batch: Vec<Vec<C::Scalar>> = (0..300).map(|_| random_scalars::<C>(rng, 64)).collect();
    let got = bases.msm_batch(&batch).expect("fixed-base batch");
    let want: Vec<C::Affine> = batch
        .par_iter()
        .map(|k| reference::<C>(&points[..64], k))
        .collect();
    assert_eq!(
        got,
        want,
        "{} fixed-base batch, digits {digits}",
        C::ID.name()
    );
}

/// One vector of 2^19 points over 2-bit fixed-base tables (8.6 GB for
/// BN254): from FIXED_WINDOW_PIPELINE_MIN_POINTS the scalars go up in the
/// first quarter and the rest, and the rest's sum is added to the quarter's
/// on the device (fixed_base_batch.cuh, add_vector_sums); then a batch of
/// 16 vectors, whose sums are encoded where they were made, with a bad
/// scalar in vector 9 named by vector and point.
fn check_fixed_base_long_vector<C: Curve>() {
    let _tables = AUTO_TABLES.lock().unwrap_or_else(|e| e.into_inner());
    let mut rng = seed_rng(&format!("{}-fixed-base-long", C::ID.name()));
    let n = 1 << 19;
    let points = random_points::<C>(&mut rng, n);
    let config = Config {
        fixed_base: 2,
        ..gpu_config(0)
    };
    let bases = Bases::<C>::new(&points, &config).expect("resident bases");
    let scalars = random_scalars::<C>(&mut rng, n);
    assert_eq!(
        bases.msm(&scalars).expect("a long vector over tables"),
        reference::<C>(&points, &scalars),
        "{} fixed-base 2^19",
        C::ID.name()
    );
    let (count, len) = (16, 64);
    let batch: Vec<Vec<C::Scalar>> = (0..count)
        .map(|_| random_scalars::<C>(&mut rng, len))
        .collect();
    let got = bases.msm_batch(&batch).expect("a batch over tables");
    for (j, (got, k)) in got.iter().zip(&batch).enumerate() {
        assert_eq!(
            *got,
            reference::<C>(&points[..len], k),
            "{} fixed-base batch, vector {j}",
            C::ID.name()
        );
    }
    let wire = gpukit::BasesBytes::new(
        C::ID,
        &gpukit::encoding::encode_points::<C>(&points[..len]),
        &config,
    )
    .expect("wire bases");
    let mut bytes = gpukit::encoding::encode_scalars::<C>(&batch.concat());
    let (vector, point) = (9, 17);
    let at = (vector * len + point) * 32;
    bytes[at..at + 32].copy_from_slice(&modulus_bytes::<C>()[..32]);
    let err = wire.msm_batch(&bytes, len, count).unwrap_err();
    assert_eq!(err.status(), Status::ScalarOutOfRange, "{}", err);
    assert!(
        err.message().contains(&format!("vector {vector}")),
        "{}",
        err
    );
}

/// Batches over one set of resident bases run as one pipeline (the vector in
/// the sort key): counts 1 to 4096, n from 1 up, with and without tables,
/// and a bad scalar in the middle of a batch named by vector and point.
fn check_batches<C: Curve>() {
    let mut rng = seed_rng(&format!("{}-batches", C::ID.name()));
    let points = random_points::<C>(&mut rng, 1 << 12);
    for precompute in [0, 1] {
        let config = Config {
            precompute,
            fixed_base: 1,
            ..gpu_config(0)
        };
        let bases = Bases::<C>::new(&points, &config).expect("resident bases");
        for (count, n) in [
            (1, 1),
            (2, 64),
            (3, 1 << 12),
            (255, 100),
            (4096, 8),
            (64, 1 << 12),
        ] {
            let what = format!(
                "{} batch {count} x {n}, precompute {precompute}",
                C::ID.name()
            );
            let batch: Vec<Vec<C::Scalar>> = (0..count)
                .map(|_| random_scalars::<C>(&mut rng, n))
                .collect();
            let got = bases
                .msm_batch(&batch)
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            assert_eq!(got.len(), count, "{what}");
            let want: Vec<C::Affine> = batch
                .par_iter()
                .map(|k| reference::<C>(&points[..n], k))
                .collect();
            for (j, (got, want)) in got.iter().zip(&want).enumerate() {
                assert_eq!(got, want, "{what}: vector {j}");
            }
        }
        let wire = gpukit::BasesBytes::new(
            C::ID,
            &gpukit::encoding::encode_points::<C>(&points),
            &config,
        )
        .expect("wire bases");
        let (count, n) = (40, 300);
        let mut scalars =
            gpukit::encoding::encode_scalars::<C>(&random_scalars::<C>(&mut rng, count * n));
        let (vector, point) = (17, 123);
        let at = (vector * n + point) * 32;
        scalars[at..at + 32].fill(0xff);
        let err = wire.msm_batch(&scalars, n, count).unwrap_err();
        assert_eq!(err.status(), Status::ScalarOutOfRange, "{}", err);
        assert!(
            err.message().contains(&(vector * n + point).to_string()),
            "{}",
            err
        );
        assert!(
            err.message().contains(&format!("vector {vector}")),
            "{}",
            err
        );
    }
}

/// The group order r in little-endian bytes: the smallest scalar out of range.
fn modulus_bytes<C: Curve>() -> Vec<u8> {
    let r = <C::Scalar as PrimeField>::MODULUS;
    r.as_ref().iter().flat_map(|l| l.to_le_bytes()).collect()
}

fn check_device_errors<C: Curve>() {
    let mut rng = seed_rng(&format!("{}-errors", C::ID.name()));
    let points = random_points::<C>(&mut rng, 64);
    let scalars = random_scalars::<C>(&mut rng, 64);
    let mut wire = gpukit::encoding::encode_points::<C>(&points);
    let scalar_bytes = gpukit::encoding::encode_scalars::<C>(&scalars);
    let pb = C::ID.point_bytes();
    // Flip one bit of y of point 17: off the curve.
    wire[17 * pb + pb - 9] ^= 0x10;
    let err = gpukit::msm_bytes(C::ID, &wire, &scalar_bytes, &gpu_config(0)).unwrap_err();
    assert_eq!(err.status(), Status::PointNotOnCurve, "{}", err);
    assert!(err.message().contains("17"), "{}", err);
    // A coordinate of all ones is >= p for every field here.
    let mut wire = gpukit::encoding::encode_points::<C>(&points);
    let fb = C::ID.field_bytes();
    wire[5 * pb..5 * pb + fb].fill(0xff);
    let err = gpukit::msm_bytes(C::ID, &wire, &scalar_bytes, &gpu_config(0)).unwrap_err();
    assert_eq!(err.status(), Status::BadEncoding, "{}", err);
    // r itself is out of range.
    let mut bad_scalars = scalar_bytes.clone();
    let r_bytes = modulus_bytes::<C>();
    bad_scalars[9 * 32..10 * 32].copy_from_slice(&r_bytes[..32]);
    let err = gpukit::msm_bytes(
        C::ID,
        &gpukit::encoding::encode_points::<C>(&points),
        &bad_scalars,
        &gpu_config(0),
    )
    .unwrap_err();
    assert_eq!(err.status(), Status::ScalarOutOfRange, "{}", err);
}

/// One-shot passes in parts, each uploaded while the part before runs its
/// MSM and handing its bucket sums on to the next (cuda/driver/one_shot.cuh):
/// under GPUKIT_ONE_SHOT_PARTS=8, as scripts/device-check.sh runs it, two,
/// three and eight parts of sizes that do not divide evenly, identities,
/// repeats and cancelling pairs across the parts' edges, and bad inputs in
/// later parts, reported by their index in the call. Without it the passes
/// stay whole (the automatic rule cuts from 2^20 points, which `sizes`
/// reaches) and the same answers hold.
fn check_one_shot_parts<C: Curve>() {
    let mut rng = seed_rng(&format!("{}-one-shot-parts", C::ID.name()));
    for n in [(1 << 15) + 3, 3 * (1 << 14) + 7, (1 << 17) + 1] {
        check_random::<C>(n, 0);
    }
    let n = 1 << 16;
    let mut points = random_points::<C>(&mut rng, n);
    let mut scalars = random_scalars::<C>(&mut rng, n);
    for edge in [n / 4, n / 2, 3 * n / 4] {
        let (p, k) = (points[edge], C::Scalar::rand(&mut rng));
        for i in edge - 4..edge + 4 {
            points[i] = p;
            scalars[i] = if i % 2 == 0 { k } else { -k };
        }
        for p in &mut points[edge + 4..edge + 8] {
            *p = C::Affine::zero();
        }
        let repeated = points[edge - 13];
        points[edge - 12..edge - 4].fill(repeated);
    }
    check_against_reference::<C>(&points, &scalars, 0, "special points at the parts' edges");

    // Three parts of 16,387 or 16,388 points.
    let n = 3 * (1 << 14) + 7;
    let points = random_points::<C>(&mut rng, n);
    let scalars = gpukit::encoding::encode_scalars::<C>(&random_scalars::<C>(&mut rng, n));
    let pb = C::ID.point_bytes();
    let fb = C::ID.field_bytes();
    let r_bytes = modulus_bytes::<C>();
    let mut bad_scalars = scalars.clone();
    bad_scalars[40_000 * 32..40_001 * 32].copy_from_slice(&r_bytes[..32]);
    let mut off_curve = gpukit::encoding::encode_points::<C>(&points);
    for i in [20_000, 45_000] {
        off_curve[i * pb + pb - 9] ^= 0x10;
    }
    // A bad scalar in the third part goes before a bad point in the second,
    // as the CPU backends report.
    let err = gpukit::msm_bytes(C::ID, &off_curve, &bad_scalars, &gpu_config(0)).unwrap_err();
    assert_eq!(err.status(), Status::ScalarOutOfRange, "{err}");
    assert!(err.message().contains("scalar 40000 "), "{err}");
    let err = gpukit::msm_bytes(C::ID, &off_curve, &scalars, &gpu_config(0)).unwrap_err();
    assert_eq!(err.status(), Status::PointNotOnCurve, "{err}");
    assert!(err.message().contains("point 20000 "), "{err}");
    // With point 20,000 mended, the lowest faulty point counts whatever its
    // fault: 30,000's coordinate >= p (second part) before 45,000 off the
    // curve (third).
    let mut wire = off_curve.clone();
    wire[30_000 * pb..30_000 * pb + fb].fill(0xff);
    wire[20_000 * pb + pb - 9] ^= 0x10;
    let err = gpukit::msm_bytes(C::ID, &wire, &scalars, &gpu_config(0)).unwrap_err();
    assert_eq!(err.status(), Status::BadEncoding, "{err}");
    assert!(err.message().contains("point 30000"), "{err}");
}

/// One MSM's input: points and scalars.
type Case<C> = (Vec<<C as Curve>::Affine>, Vec<<C as Curve>::Scalar>);

fn check_concurrent<C: Curve>() {
    let mut rng = seed_rng(&format!("{}-threads", C::ID.name()));
    let cases: Vec<Case<C>> = (0..8)
        .map(|i| {
            let n = 2000 + 37 * i;
            (
                random_points::<C>(&mut rng, n),
                random_scalars::<C>(&mut rng, n),
            )
        })
        .collect();
    std::thread::scope(|s| {
        for (points, scalars) in &cases {
            s.spawn(move || {
                let got =
                    gpukit::msm_with::<C>(points, scalars, &gpu_config(0)).expect("concurrent msm");
                assert_eq!(
                    got,
                    reference::<C>(points, scalars),
                    "{} concurrent",
                    C::ID.name()
                );
            });
        }
    });
}

/// The closed-form sizes of a curve (log2 n): registry.toml's
/// `gpu_test_large_log_n`, bounded by the device's memory and time.
/// BLS12-377 G1's resident bases take its twisted Edwards model (144-byte
/// table entries instead of 96, cuda/ec/edwards_model.cuh) wherever every
/// point is known to lie in the prime-order subgroup: checked by the upload
/// (typed and wire bases under the default validation) or while the device
/// decompressed them (arkworks-compressed bases); unchecked ones keep the
/// short Weierstrass tables. Every result equals arkworks'.
#[test]
fn bls12_377_g1_bases_take_the_edwards_model_where_checked() {
    use ark_serialize::CanonicalSerialize;
    use gpukit::{curves::Bls12_377G1 as C, BasesBytes, PointFormat};
    if !gpu_present() {
        return;
    }
    let compressed = |p: &<C as Curve>::Affine| {
        let mut out = Vec::new();
        p.serialize_compressed(&mut out).unwrap();
        out
    };
    let mut rng = seed_rng("bls12_377_g1-edwards-model");
    let n = 3001;
    let points = stress_points::<C>(&mut rng, n);
    let scalars = random_scalars::<C>(&mut rng, n);
    let sum = reference::<C>(&points, &scalars);
    let wire_scalars = gpukit::encoding::encode_scalars::<C>(&scalars);
    let config = |validation, point_format| Config {
        validation,
        point_format,
        fixed_base: 1,
        ..gpu_config(0)
    };
    for (what, validation, format, entry_bytes) in [
        (
            "wire, default",
            Validation::Default,
            PointFormat::Uncompressed,
            144,
        ),
        (
            "compressed, default",
            Validation::Default,
            PointFormat::Compressed,
            144,
        ),
        (
            "wire, trusted",
            Validation::Trusted,
            PointFormat::Uncompressed,
            96,
        ),
        (
            "compressed, on the curve",
            Validation::OnCurve,
            PointFormat::Compressed,
            96,
        ),
    ] {
        let (bytes, want) = match format {
            PointFormat::Compressed => (
                points.iter().flat_map(compressed).collect(),
                compressed(&sum),
            ),
            _ => (
                gpukit::encoding::encode_points::<C>(&points),
                gpukit::encoding::encode_points::<C>(&[sum]),
            ),
        };
        let bases = BasesBytes::new(C::ID, &bytes, &config(validation, format))
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        let tables = bases.device_tables().expect("GPU bases");
        assert_eq!(
            tables.device_bytes,
            u64::from(tables.copies) * n as u64 * entry_bytes,
            "{what}: {tables:?}"
        );
        assert_eq!(bases.msm(&wire_scalars).unwrap(), want, "{what}");
    }
    let typed = Bases::<C>::new(
        &points,
        &config(Validation::Default, PointFormat::Uncompressed),
    )
    .unwrap();
    let tables = typed.device_tables().expect("GPU bases");
    assert_eq!(
        tables.device_bytes,
        u64::from(tables.copies) * n as u64 * 144,
        "typed: {tables:?}"
    );
    assert_eq!(typed.msm(&scalars).unwrap(), sum, "typed");
}

fn large_log_n(curve: gpukit::CurveId) -> Vec<u32> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/registry.toml");
    let registry: toml::Table = std::fs::read_to_string(path)
        .expect("registry.toml")
        .parse()
        .expect("registry.toml parses");
    let entry = registry["curve"]
        .as_array()
        .expect("[[curve]] tables")
        .iter()
        .find(|c| c["name"].as_str() == Some(curve.name()))
        .expect("every curve is in the registry");
    entry["gpu_test_large_log_n"]
        .as_array()
        .expect("gpu_test_large_log_n")
        .iter()
        .map(|k| k.as_integer().expect("a log2 size") as u32)
        .collect()
}

macro_rules! gpu_suite {
    ($(($marker:ident, $snake:ident, $id:literal, $affine:ty, $proj:ty, $scalar:ty, $display:literal)),* $(,)?) => {$(
        mod $snake {
            use super::*;
            type C = gpukit::curves::$marker;
            #[test] fn edge_cases() { if gpu_present() { check_edge_cases::<C>() } }
            #[test] fn windows() { if gpu_present() { check_windows::<C>() } }
            #[test] fn glv_split() { if gpu_present() { check_glv_split::<C>() } }
            #[test] fn sizes() { if gpu_present() { check_sizes::<C>() } }
            #[test] fn resident_bases() { if gpu_present() { check_resident::<C>() } }
            #[test] fn resident_small() { if gpu_present() { check_resident_small::<C>() } }
            #[test] fn pipelined_resident() { if gpu_present() { check_pipelined_resident::<C>() } }
            #[test] fn precomputed_bases() { if gpu_present() { check_precomputed::<C>() } }
            #[test] fn resident_table_window() { if gpu_present() { check_resident_table_window::<C>() } }
            #[test] fn plane_windows() { if gpu_present() { check_plane_windows::<C>() } }
            #[test] fn grouped_shifts() { if gpu_present() { check_grouped_shifts::<C>() } }
            #[test] fn fixed_base_tables() { if gpu_present() { check_fixed_base::<C>() } }
            #[test] fn fixed_base_auto() { if gpu_present() { check_fixed_base_auto::<C>() } }
            #[test] fn batches() { if gpu_present() { check_batches::<C>() } }
            #[test] fn device_errors() { if gpu_present() { check_device_errors::<C>() } }
            #[test] fn one_shot_parts() { if gpu_present() { check_one_shot_parts::<C>() } }
            #[test] fn concurrent_calls() { if gpu_present() { check_concurrent::<C>() } }
            #[test] fn large_sizes() {
                if gpu_present() && large_enabled() {
                    for log_n in large_log_n(C::ID) {
                        check_closed_form::<C>(log_n);
                    }
                }
            }
        }
    )*};
}
gpukit::for_each_curve!(gpu_suite);

// BN254 alone: the other curves' 2-bit tables of 2^19 points take 13–26 GB.
#[test]
fn bn254_fixed_base_long_vector() {
    if gpu_present() {
        check_fixed_base_long_vector::<gpukit::curves::Bn254G1>()
    }
}
