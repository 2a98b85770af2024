//! The one-shot batch (`gpukit::msm_batch_bytes`, `gpukit::msm_batch`,
//! `gpukit_msm_batch`): every result byte-equal to the one-shot MSM of its
//! vector and equal to arkworks, in both point-set modes, on the serial,
//! CPU and Auto backends (and the GPU where one is visible), with the
//! edge cases and every error status; stamped per curve.

mod common;

use ark_ec::AffineRepr;
use ark_ff::Zero;
use common::*;
use gpukit::encoding::{decode_point, encode_points_in, encode_scalars_in};
use gpukit::ffi::{gpukit_config, gpukit_config_default, gpukit_msm_batch, gpukit_msm_ex};
use gpukit::{
    Backend, Bases, Config, Curve, CurveId, InputForm, PointFormat, PointSets, ScalarOrder, Status,
    Validation,
};

/// Point sets and scalar vectors.
type Inputs<C> = (
    Vec<Vec<<C as Curve>::Affine>>,
    Vec<Vec<<C as Curve>::Scalar>>,
);

/// n points with the identity at index 1, and per-vector scalars with a
/// zero at index 0 of every vector (so that both reach every backend).
fn inputs<C: Curve>(rng: &mut SeededRng, sets: usize, n: usize, batch: usize) -> Inputs<C> {
    let points = (0..sets)
        .map(|_| {
            let mut p = random_points::<C>(rng, n);
            if n > 1 {
                p[1] = C::Affine::zero();
            }
            p
        })
        .collect();
    let scalars = (0..batch)
        .map(|_| {
            let mut s = random_scalars::<C>(rng, n);
            if n > 0 {
                s[0] = C::Scalar::zero();
            }
            s
        })
        .collect();
    (points, scalars)
}

/// The configs every batch is checked on: serial, CPU (arkworks' window
/// and an explicit one), Auto, blinded, and the GPU where there is one.
fn configs() -> Vec<Config> {
    let mut v = host_configs(&[5]);
    v.push(Config {
        blinded: true,
        ..Config::default()
    });
    v.extend(all_backends().into_iter().skip(3));
    v
}

fn big_endian(scalars: &[u8]) -> Vec<u8> {
    scalars
        .chunks_exact(32)
        .flat_map(|s| s.iter().rev().copied())
        .collect()
}

fn bytes_match_one_shot<C: Curve>() {
    let mut rng = SeededRng::new(0x6261_7463 + C::ID as u64);
    let pb = C::ID.point_bytes();
    for config in configs() {
        // n = 33 and 70: not multiples of 32; 1: one point; 0: no points.
        for (n, batch) in [(0, 3), (1, 2), (33, 3), (70, 4), (33, 1), (5, 0)] {
            for sets in [1, batch] {
                let (points, scalars) = inputs::<C>(&mut rng, sets, n, batch);
                for form in [InputForm::Canonical, InputForm::Montgomery] {
                    for order in [ScalarOrder::LittleEndian, ScalarOrder::BigEndian] {
                        let config = Config {
                            input_form: form,
                            scalar_order: order,
                            ..config
                        };
                        let wire_points: Vec<u8> = points
                            .iter()
                            .flat_map(|p| encode_points_in::<C>(p, form))
                            .collect();
                        let mut wire_scalars: Vec<u8> = scalars
                            .iter()
                            .flat_map(|s| encode_scalars_in::<C>(s, form))
                            .collect();
                        if order == ScalarOrder::BigEndian {
                            wire_scalars = big_endian(&wire_scalars);
                        }
                        let what = format!("n={n} batch={batch} sets={sets} {config:?}");
                        let out = gpukit::msm_batch_bytes(
                            C::ID,
                            &wire_points,
                            sets,
                            &wire_scalars,
                            n,
                            batch,
                            &config,
                        )
                        .unwrap_or_else(|e| panic!("{what}: {e}"));
                        assert_eq!(out.len(), batch * pb, "{what}");
                        for j in 0..batch {
                            let set = if sets == 1 { 0 } else { j };
                            let one = gpukit::msm_bytes(
                                C::ID,
                                &wire_points[set * n * pb..][..n * pb],
                                &wire_scalars[j * n * 32..][..n * 32],
                                &config,
                            )
                            .unwrap();
                            assert_eq!(out[j * pb..][..pb], one, "{what}: MSM {j}");
                            assert_eq!(
                                decode_point::<C>(&one).unwrap(),
                                reference::<C>(&points[set], &scalars[j]),
                                "{what}: MSM {j}"
                            );
                        }
                    }
                }
            }
        }
    }
}

fn typed_matches_arkworks<C: Curve>() {
    let mut rng = SeededRng::new(0x7479_7065 + C::ID as u64);
    for config in configs() {
        for (n, batch) in [(0, 2), (1, 3), (33, 3), (40, 1), (7, 0)] {
            let (points, scalars) = inputs::<C>(&mut rng, batch.max(1), n, batch);
            let what = format!("n={n} batch={batch} {config:?}");
            let shared =
                gpukit::msm_batch::<C>(PointSets::Shared(&points[0]), &scalars, &config).unwrap();
            let per =
                gpukit::msm_batch::<C>(PointSets::PerMsm(&points[..batch]), &scalars, &config)
                    .unwrap();
            assert_eq!((shared.len(), per.len()), (batch, batch), "{what}");
            for j in 0..batch {
                assert_eq!(
                    shared[j],
                    reference::<C>(&points[0], &scalars[j]),
                    "{what}: shared {j}"
                );
                assert_eq!(
                    per[j],
                    reference::<C>(&points[j], &scalars[j]),
                    "{what}: per-MSM {j}"
                );
            }
        }
    }
}

/// The one-shot default is ON_CURVE, not the resident bases' FULL: a point
/// outside the subgroup passes by default and fails with `Full`, named
/// with its set.
fn validation_defaults_to_on_curve<C: Curve>()
where
    C::Affine: OffSubgroup,
{
    let Some(odd) = C::Affine::off_subgroup() else {
        assert!(cofactor_is_one::<C>());
        return;
    };
    let mut rng = SeededRng::new(0x7375_6267 + C::ID as u64);
    let (mut points, scalars) = inputs::<C>(&mut rng, 3, 10, 3);
    points[2][6] = odd;
    let wire: Vec<u8> = points
        .iter()
        .flat_map(|p| encode_points_in::<C>(p, InputForm::Canonical))
        .collect();
    let shared = &wire[2 * 10 * C::ID.point_bytes()..];
    let flat: Vec<u8> = scalars
        .iter()
        .flat_map(|s| encode_scalars_in::<C>(s, InputForm::Canonical))
        .collect();
    for config in host_configs(&[]) {
        gpukit::msm_batch_bytes(C::ID, &wire, 3, &flat, 10, 3, &config).unwrap();
        gpukit::msm_batch_bytes(C::ID, shared, 1, &flat, 10, 3, &config).unwrap();
        gpukit::msm_batch::<C>(PointSets::Shared(&points[2]), &scalars, &config).unwrap();
        let full = Config {
            validation: Validation::Full,
            ..config
        };
        let e = gpukit::msm_batch_bytes(C::ID, &wire, 3, &flat, 10, 3, &full).unwrap_err();
        assert_eq!(e.status(), Status::PointNotInSubgroup, "{e}");
        assert!(e.message().starts_with("MSM 2: point 6 "), "{e}");
        for e in [
            gpukit::msm_batch_bytes(C::ID, shared, 1, &flat, 10, 3, &full).unwrap_err(),
            gpukit::msm_batch::<C>(PointSets::Shared(&points[2]), &scalars, &full).unwrap_err(),
        ] {
            assert_eq!(e.status(), Status::PointNotInSubgroup, "{e}");
            assert!(
                e.message().starts_with("the shared point set: point 6 "),
                "{e}"
            );
        }
    }
}

fn expect(r: Result<Vec<u8>, gpukit::Error>, status: Status, needle: &str) {
    let e = r.expect_err("an error");
    assert_eq!(e.status(), status, "{e}");
    assert!(e.message().contains(needle), "{e} lacks {needle:?}");
}

fn errors<C: Curve>() {
    let mut rng = SeededRng::new(0x6572_7273 + C::ID as u64);
    let pb = C::ID.point_bytes();
    let (points, scalars) = inputs::<C>(&mut rng, 3, 8, 3);
    let wire: Vec<u8> = points
        .iter()
        .flat_map(|p| encode_points_in::<C>(p, InputForm::Canonical))
        .collect();
    let one_set = &wire[..8 * pb];
    let flat: Vec<u8> = scalars
        .iter()
        .flat_map(|s| encode_scalars_in::<C>(s, InputForm::Canonical))
        .collect();
    let cfg = Config::default();
    let batch = |p: &[u8], sets, s: &[u8], n, b, c: &Config| {
        gpukit::msm_batch_bytes(C::ID, p, sets, s, n, b, c)
    };
    // point_sets neither 1 nor batch.
    expect(
        batch(&wire[..16 * pb], 2, &flat, 8, 3, &cfg),
        Status::SizeMismatch,
        "2 point sets for 3 MSMs",
    );
    // Buffers that do not match, and sizes that overflow.
    expect(batch(&wire, 1, &flat, 8, 3, &cfg), Status::SizeMismatch, "");
    expect(
        batch(&wire, 3, &flat[32..], 8, 3, &cfg),
        Status::SizeMismatch,
        "",
    );
    expect(
        batch(one_set, 1, &flat, usize::MAX / 4, 3, &cfg),
        Status::SizeMismatch,
        "",
    );
    // No points but more identities than the address space (or memory)
    // holds: errors, not an abort. 2^44 identities of at least 64 bytes
    // are 2^50 bytes, beyond x86-64's 47-bit user address space.
    expect(
        batch(&[], 1, &[], 0, usize::MAX / 2, &cfg),
        Status::SizeMismatch,
        "overflow",
    );
    expect(
        batch(&[], 1, &[], 0, 1 << 44, &cfg),
        Status::OutOfMemory,
        "",
    );
    // Config errors come before the inputs' (here an off-curve point).
    let mut bad_point = wire.clone();
    bad_point[(2 * 8 + 5) * pb] ^= 1;
    let window = Config {
        window_c: C::ID.max_window() + 1,
        ..cfg
    };
    expect(
        batch(&bad_point, 3, &flat, 8, 3, &window),
        Status::BadWindow,
        "window_c",
    );
    let format = Config {
        input_form: InputForm::Montgomery,
        point_format: PointFormat::BanderwagonUncompressed,
        ..cfg
    };
    expect(batch(&[], 1, &[], 0, 2, &format), Status::BadConfig, "");
    // A bad point: named by its set and index (bit 0 of x flipped: off the
    // curve, or an x with no point in a compressed format).
    for backend in [Backend::Serial, Backend::Cpu, Backend::Auto] {
        let c = Config { backend, ..cfg };
        let e = batch(&bad_point, 3, &flat, 8, 3, &c).unwrap_err();
        assert_eq!(e.status(), Status::PointNotOnCurve, "{e}");
        assert!(e.message().starts_with("MSM 2: point 5 "), "{e}");
        let e = batch(&bad_point[16 * pb..], 1, &flat, 8, 3, &c).unwrap_err();
        assert_eq!(e.status(), Status::PointNotOnCurve, "{e}");
        assert!(
            e.message().starts_with("the shared point set: point 5 "),
            "{e}"
        );
        // A scalar ≥ r: its index in the whole buffer (MSM 1's scalar 3),
        // before the bad point, in both modes.
        let mut bad_scalar = flat.clone();
        bad_scalar[(8 + 3) * 32..][..32].fill(0xff);
        for (p, sets) in [(&bad_point[..], 3), (&bad_point[16 * pb..], 1)] {
            expect(
                batch(p, sets, &bad_scalar, 8, 3, &c),
                Status::ScalarOutOfRange,
                "scalar 11 ",
            );
        }
    }
    // The typed call's shapes.
    let short = vec![scalars[0].clone(), scalars[1][..7].to_vec()];
    let e = gpukit::msm_batch::<C>(PointSets::Shared(&points[0]), &short, &cfg).unwrap_err();
    assert_eq!(e.status(), Status::SizeMismatch, "{e}");
    assert!(e.message().starts_with("MSM 1: "), "{e}");
    let e = gpukit::msm_batch::<C>(PointSets::PerMsm(&points[..2]), &scalars, &cfg).unwrap_err();
    assert_eq!(e.status(), Status::SizeMismatch, "{e}");
    // GPU forced without a device: no fallback.
    if gpukit::gpu_count() == 0 {
        let gpu = Config {
            backend: Backend::Gpu,
            ..cfg
        };
        for sets in [1, 3] {
            expect(
                batch(&wire[..sets * 8 * pb], sets, &flat, 8, 3, &gpu),
                Status::NoDevice,
                "",
            );
        }
    }
}

/// The C entry: results byte-equal to gpukit_msm_ex per vector, NULL
/// buffers allowed exactly where their size is 0, and each bad argument
/// its own status.
fn c_entry<C: Curve>() {
    let mut rng = SeededRng::new(0x6361_6269 + C::ID as u64);
    let id = C::ID as u8;
    let pb = C::ID.point_bytes();
    let (n, b) = (35usize, 3usize);
    let (points, scalars) = inputs::<C>(&mut rng, b, n, b);
    let wire: Vec<u8> = points
        .iter()
        .flat_map(|p| encode_points_in::<C>(p, InputForm::Canonical))
        .collect();
    let flat: Vec<u8> = scalars
        .iter()
        .flat_map(|s| encode_scalars_in::<C>(s, InputForm::Canonical))
        .collect();
    let mut cfg = gpukit_config_default();
    cfg.backend = Backend::Cpu as u32;
    let call = |p: *const u8,
                sets: u32,
                s: *const u8,
                n: u32,
                b: u32,
                c: *const gpukit_config,
                out: *mut u8| {
        // SAFETY: every call below passes buffers of the sizes it names
        // (or sizes the entry rejects before reading).
        unsafe { gpukit_msm_batch(id, p, sets, s, n, b, c, out) }
    };
    for sets in [1, b] {
        let mut out = vec![0u8; b * pb];
        let status = call(
            wire.as_ptr(),
            sets as u32,
            flat.as_ptr(),
            n as u32,
            b as u32,
            &cfg,
            out.as_mut_ptr(),
        );
        assert_eq!(status, 0, "sets={sets}");
        for j in 0..b {
            let set = if sets == 1 { 0 } else { j };
            let mut one = vec![0u8; pb];
            // SAFETY: n points, n scalars, one result point.
            let status = unsafe {
                gpukit_msm_ex(
                    id,
                    wire[set * n * pb..].as_ptr(),
                    flat[j * n * 32..].as_ptr(),
                    one.as_mut_ptr(),
                    n as u32,
                    &cfg,
                )
            };
            assert_eq!(status, 0);
            assert_eq!(out[j * pb..][..pb], one, "sets={sets} MSM {j}");
        }
    }
    let null = std::ptr::null::<u8>();
    let defaults = std::ptr::null::<gpukit_config>();
    let mut out = vec![0u8; b * pb];
    let o = out.as_mut_ptr();
    let code = |s: Status| s.code();
    let (p, s) = (wire.as_ptr(), flat.as_ptr());
    // NULL config: the defaults.
    assert_eq!(call(p, 1, s, n as u32, b as u32, defaults, o), 0);
    assert_eq!(call(null, 1, s, 1, 1, &cfg, o), code(Status::NullPointer));
    assert_eq!(call(p, 1, null, 1, 1, &cfg, o), code(Status::NullPointer));
    let no_out = std::ptr::null_mut();
    assert_eq!(call(p, 1, s, 1, 1, &cfg, no_out), code(Status::NullPointer));
    // Unknown curves.
    let first_unknown = CurveId::ALL.len() as u8 + 1;
    for bad in [0u8, first_unknown, 255] {
        // SAFETY: rejected before any buffer is read.
        let status = unsafe { gpukit_msm_batch(bad, p, 1, s, 1, 1, &cfg, o) };
        assert_eq!(status, code(Status::UnknownCurve), "curve {bad}");
    }
    // point_sets neither 1 nor batch, and sizes whose bytes overflow
    // (with dangling pointers the entry must not read).
    assert_eq!(call(p, 2, s, 1, 3, &cfg, o), code(Status::SizeMismatch));
    assert_eq!(call(p, 0, s, 1, 3, &cfg, o), code(Status::SizeMismatch));
    let huge = u32::MAX;
    assert_eq!(
        call(p, 1, s, huge, huge, &cfg, o),
        code(Status::SizeMismatch)
    );
    assert_eq!(
        call(p, huge, s, huge, huge, &cfg, o),
        code(Status::SizeMismatch)
    );
    // A bad config field.
    let mut bad_cfg = cfg;
    bad_cfg.blinded = 2;
    assert_eq!(call(p, 1, s, 1, 1, &bad_cfg, o), code(Status::BadConfig));
    // n = 0: NULL points and scalars, every result the identity.
    out.fill(0xaa);
    let o = out.as_mut_ptr();
    assert_eq!(call(null, 1, null, 0, b as u32, &cfg, o), 0);
    let identity = gpukit::encoding::encode_point::<C>(&C::Affine::zero());
    for j in 0..b {
        assert_eq!(out[j * pb..][..pb], identity, "n = 0, MSM {j}");
    }
    // batch = 0: nothing to read or write, NULL everywhere.
    assert_eq!(call(null, 0, null, 5, 0, &cfg, no_out), 0);
    assert_eq!(call(null, 1, null, 0, 0, &cfg, no_out), 0);
}

/// A batch large enough for the GPU over bases kept on the host: with a
/// device (Auto) it uploads them and `device_tables` says so; without one
/// they stay on the host and say so, and the results are right either way.
fn lazy_upload<C: Curve>() {
    let mut rng = SeededRng::new(0x6c61_7a79 + C::ID as u64);
    let n = 16;
    let points = random_points::<C>(&mut rng, n);
    let bases = Bases::<C>::new(&points, &Config::default()).unwrap();
    let crossover = 1 << 12; // at least every curve's GPU crossover
    assert_eq!(bases.device_tables(), None);
    let scalars: Vec<Vec<C::Scalar>> = (0..crossover / n)
        .map(|_| random_scalars::<C>(&mut rng, n))
        .collect();
    let got = bases.msm_batch(&scalars[..2]).unwrap();
    assert_eq!(bases.device_tables(), None, "2 small MSMs stay on the host");
    assert_eq!(got[1], reference::<C>(&points, &scalars[1]));
    let got = bases.msm_batch(&scalars).unwrap();
    assert_eq!(bases.on_device(), gpukit::gpu_count() > 0);
    assert_eq!(bases.device_tables().is_some(), gpukit::gpu_count() > 0);
    for j in [0, scalars.len() / 2, scalars.len() - 1] {
        assert_eq!(got[j], reference::<C>(&points, &scalars[j]), "MSM {j}");
    }
}

macro_rules! stamp {
    ($(($marker:ident, $snake:ident, $($rest:tt)*)),* $(,)?) => {$(
        mod $snake {
            type C = gpukit::curves::$marker;
            #[test]
            fn bytes_match_one_shot() { super::bytes_match_one_shot::<C>() }
            #[test]
            fn typed_matches_arkworks() { super::typed_matches_arkworks::<C>() }
            #[test]
            fn validation_defaults_to_on_curve() { super::validation_defaults_to_on_curve::<C>() }
            #[test]
            fn errors() { super::errors::<C>() }
            #[test]
            fn c_entry() { super::c_entry::<C>() }
            #[test]
            fn lazy_upload() { super::lazy_upload::<C>() }
        }
    )*};
}
gpukit::for_each_curve!(stamp);
