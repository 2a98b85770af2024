//! Regression tests of issue 17: the blinded MSM never disagrees with the
//! plain one (it checks the subgroup), no input panics (the Banderwagon
//! points at infinity of the Edwards model, off-curve points under
//! TRUSTED), the blinding's halves differ between calls, and the batch
//! size errors. The out-of-memory, fork and environment cases run in child
//! processes: tests/process.rs.

mod common;

use ark_ec::AffineRepr;
use ark_ff::One;
use common::*;
use gpukit::encoding::{decode_point, encode_points, encode_scalars};
use gpukit::ffi::consts::*;
use gpukit::ffi::*;
use gpukit::{Bases, BasesBytes, Config, Curve, Status, Validation};
use std::ffi::CStr;
use std::ptr::null_mut;

fn last_error() -> String {
    // SAFETY: gpukit_last_error returns a valid NUL-terminated string.
    unsafe { CStr::from_ptr(gpukit_last_error()) }
        .to_string_lossy()
        .into_owned()
}

/// gpukit_msm_ex on wire inputs; the status and the output bytes.
fn msm_ex(curve: u8, points: &[u8], scalars: &[u8], config: &gpukit_config) -> (i32, Vec<u8>) {
    let n = scalars.len() / 32;
    let mut out = vec![0u8; gpukit_point_bytes(curve) as usize];
    // SAFETY: n points, n scalars, one output point; config is valid.
    let status = unsafe {
        gpukit_msm_ex(
            curve,
            points.as_ptr(),
            scalars.as_ptr(),
            out.as_mut_ptr(),
            n as u32,
            config,
        )
    };
    (status, out)
}

/// On a curve with a cofactor, the blinded MSM refuses a point with a
/// small-order component at every validation level but TRUSTED, on every
/// path (one-shot, _ex, typed, resident bases); on the others it equals the
/// plain MSM.
fn blinded_checks_the_subgroup<C: Curve>()
where
    C::Affine: OffSubgroup,
{
    let mut rng = SeededRng::new(0x626c_6e64 + C::ID as u64);
    let mut points = random_points::<C>(&mut rng, 6);
    let scalars = random_scalars::<C>(&mut rng, 6);
    let bad = C::Affine::off_subgroup();
    if let Some(bad) = bad {
        points[3] = bad;
    }
    let (pb, sb) = (encode_points::<C>(&points), encode_scalars::<C>(&scalars));
    let plain = naive::<C>(&points, &scalars);
    let id = C::ID as u8;
    let mut out = vec![0u8; C::ID.point_bytes()];
    // Repeated: before the fix the blinded answer was wrong in most runs, not all.
    for _ in 0..4 {
        // SAFETY: 6 points, 6 scalars, one output point.
        let status = unsafe {
            gpukit_pippenger_msm_blinded(id, pb.as_ptr(), sb.as_ptr(), out.as_mut_ptr(), 6, 0)
        };
        match bad {
            Some(_) => {
                assert_eq!(status, GPUKIT_ERR_POINT_NOT_IN_SUBGROUP, "{}", last_error());
                assert!(last_error().contains("point 3"), "{}", last_error());
            }
            None => {
                assert_eq!(status, GPUKIT_OK, "{}", last_error());
                assert_eq!(decode_point::<C>(&out).unwrap(), plain);
            }
        }
        for validation in [
            GPUKIT_VALIDATE_DEFAULT,
            GPUKIT_VALIDATE_ON_CURVE,
            GPUKIT_VALIDATE_FULL,
        ] {
            for backend in [
                GPUKIT_BACKEND_AUTO,
                GPUKIT_BACKEND_SERIAL,
                GPUKIT_BACKEND_CPU,
            ] {
                for window_c in [0, 5] {
                    let config = gpukit_config {
                        validation,
                        backend,
                        window_c,
                        blinded: 1,
                        ..gpukit_config_default()
                    };
                    let (status, out) = msm_ex(id, &pb, &sb, &config);
                    match bad {
                        Some(_) => {
                            assert_eq!(status, GPUKIT_ERR_POINT_NOT_IN_SUBGROUP, "{config:?}")
                        }
                        None => assert_eq!(
                            (status, decode_point::<C>(&out).unwrap()),
                            (GPUKIT_OK, plain)
                        ),
                    }
                }
            }
        }
    }
    let blinded = Config {
        blinded: true,
        validation: Validation::OnCurve,
        ..Config::default()
    };
    let typed = gpukit::msm_with::<C>(&points, &scalars, &blinded);
    let bases = Bases::<C>::new(&points, &blinded).and_then(|b| b.msm(&scalars));
    let wire = BasesBytes::new(C::ID, &pb, &blinded).and_then(|b| b.msm(&sb));
    match bad {
        Some(_) => {
            assert_eq!(typed.unwrap_err().status(), Status::PointNotInSubgroup);
            assert_eq!(bases.unwrap_err().status(), Status::PointNotInSubgroup);
            assert_eq!(wire.unwrap_err().status(), Status::PointNotInSubgroup);
            // The plain call still accepts it (OnCurve) and answers.
            let (status, out) = msm_ex(id, &pb, &sb, &gpukit_config_default());
            assert_eq!(
                (status, decode_point::<C>(&out).unwrap()),
                (GPUKIT_OK, plain)
            );
        }
        None => {
            assert_eq!(typed.unwrap(), plain);
            assert_eq!(bases.unwrap(), plain);
            assert_eq!(decode_point::<C>(&wire.unwrap()).unwrap(), plain);
        }
    }
    // TRUSTED: the caller vouches for the subgroup; whatever the answer, no panic.
    let trusted = gpukit_config {
        validation: GPUKIT_VALIDATE_TRUSTED,
        blinded: 1,
        ..gpukit_config_default()
    };
    let (status, _) = msm_ex(id, &pb, &sb, &trusted);
    assert_ne!(status, GPUKIT_ERR_INTERNAL, "{}", last_error());
}

/// The blinded MSM (scalars split into two uniform halves, src/blind.rs)
/// equals the plain one on every host backend.
fn blinded_equals_plain<C: Curve>() {
    let mut rng = SeededRng::new(0x7370_6c74 + C::ID as u64);
    let k = random_scalars::<C>(&mut rng, 300);
    let points = random_points::<C>(&mut rng, 300);
    let plain = reference::<C>(&points, &k);
    for config in host_configs(&[7]) {
        let blinded = Config {
            blinded: true,
            ..config
        };
        assert_eq!(
            gpukit::msm_with::<C>(&points, &k, &blinded).unwrap(),
            plain,
            "{blinded:?}"
        );
    }
}

macro_rules! stamp {
    ($(($marker:ident, $snake:ident, $($rest:tt)*)),* $(,)?) => {$(
        mod $snake {
            type C = gpukit::curves::$marker;
            #[test]
            fn blinded_checks_the_subgroup() { super::blinded_checks_the_subgroup::<C>() }
            #[test]
            fn blinded_equals_plain() { super::blinded_equals_plain::<C>() }
        }
    )*};
}
gpukit::for_each_curve!(stamp);

type Bw = gpukit::curves::Banderwagon;
type BwAffine = <Bw as Curve>::Affine;

/// T0: the Banderwagon point of the invalid-input files (y = 2), on the
/// curve, outside the prime-order subgroup.
fn t0() -> BwAffine {
    let wire = hex(
        "a7eced88f0b047257790568216fe16c4c4336ba03663526ea8f20721099dd44c0200000000000000000000000000000000000000000000000000000000000000",
    );
    let t0 = decode_point::<Bw>(&wire).expect("on the curve");
    assert!(!t0.is_in_correct_subgroup_assuming_on_curve());
    t0
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// The panics: T0 + (r−1)·T0 = r·T0 is a point at infinity of the
/// Edwards model (no affine form); it is reported as T0's fault, never as
/// a panic, on every host backend and window.
#[test]
fn banderwagon_sum_at_infinity_is_a_status() {
    let t0 = t0();
    let pb = encode_points::<Bw>(&[t0, t0]);
    let r_minus_1 = minus_one::<<Bw as Curve>::Scalar>();
    let sb = encode_scalars::<Bw>(&[One::one(), r_minus_1]);
    for backend in [
        GPUKIT_BACKEND_AUTO,
        GPUKIT_BACKEND_SERIAL,
        GPUKIT_BACKEND_CPU,
    ] {
        for window_c in [0, 1, 4, 16] {
            let config = gpukit_config {
                backend,
                window_c,
                ..gpukit_config_default()
            };
            let (status, _) = msm_ex(6, &pb, &sb, &config);
            assert_eq!(
                status,
                GPUKIT_ERR_POINT_NOT_IN_SUBGROUP,
                "{config:?}: {}",
                last_error()
            );
            assert!(last_error().contains("point 0"), "{}", last_error());
        }
    }
    let typed = gpukit::msm::<Bw>(&[t0, t0], &[One::one(), r_minus_1]);
    assert_eq!(typed.unwrap_err().status(), Status::PointNotInSubgroup);
    let bases = Bases::<Bw>::new(
        &[t0, t0],
        &Config {
            validation: Validation::OnCurve,
            ..Config::default()
        },
    )
    .unwrap();
    assert_eq!(
        bases.msm(&[One::one(), r_minus_1]).unwrap_err().status(),
        Status::PointNotInSubgroup
    );
    // A sum with an affine form still answers: T0 + T0.
    let sb = encode_scalars::<Bw>(&[One::one(), One::one()]);
    let (status, out) = msm_ex(6, &pb, &sb, &gpukit_config_default());
    assert_eq!(status, GPUKIT_OK, "{}", last_error());
    assert_eq!(
        decode_point::<Bw>(&out).unwrap(),
        naive::<Bw>(&[t0, t0], &[One::one(), One::one()])
    );
}

/// The blinded call on [T0] with scalar 0 (the plain call answers the identity).
#[test]
fn banderwagon_blinded_zero_scalar() {
    let pb = encode_points::<Bw>(&[t0()]);
    let sb = [0u8; 32];
    let mut out = [0u8; 64];
    // SAFETY: one point, one scalar, one output point.
    let status = unsafe {
        gpukit_pippenger_msm_blinded(6, pb.as_ptr(), sb.as_ptr(), out.as_mut_ptr(), 1, 0)
    };
    assert_eq!(status, GPUKIT_ERR_POINT_NOT_IN_SUBGROUP, "{}", last_error());
    // SAFETY: as above.
    let status =
        unsafe { gpukit_pippenger_msm(6, pb.as_ptr(), sb.as_ptr(), out.as_mut_ptr(), 1, 0) };
    assert_eq!(status, GPUKIT_OK, "{}", last_error());
    assert_eq!(decode_point::<Bw>(&out).unwrap(), BwAffine::zero());
}

/// The off-curve point (0, 0) under TRUSTED: an answer or the point's
/// fault, never a panic, for a range of scalars and every host backend.
#[test]
fn banderwagon_trusted_off_curve_is_not_a_panic() {
    let pb = [0u8; 64];
    let mut rng = SeededRng::new(0x7472_7573);
    let mut scalars: Vec<<Bw as Curve>::Scalar> = (1..4u64).map(Into::into).collect();
    scalars.extend(random_scalars::<Bw>(&mut rng, 3));
    let mut faults = 0;
    for s in scalars {
        // (0, 0) with scalar s, and the generator with scalar 1.
        let pb = [
            pb.as_slice(),
            &encode_points::<Bw>(&[BwAffine::generator()]),
        ]
        .concat();
        let sb = encode_scalars::<Bw>(&[s, One::one()]);
        for backend in [
            GPUKIT_BACKEND_AUTO,
            GPUKIT_BACKEND_SERIAL,
            GPUKIT_BACKEND_CPU,
        ] {
            for window_c in [0, 3] {
                let config = gpukit_config {
                    backend,
                    window_c,
                    validation: GPUKIT_VALIDATE_TRUSTED,
                    ..gpukit_config_default()
                };
                let (status, _) = msm_ex(6, &pb, &sb, &config);
                assert!(
                    status == GPUKIT_OK || status == GPUKIT_ERR_POINT_NOT_ON_CURVE,
                    "{config:?}: {status} {}",
                    last_error()
                );
                faults += (status == GPUKIT_ERR_POINT_NOT_ON_CURVE) as usize;
            }
        }
    }
    assert!(
        faults > 0,
        "(0, 0) never reached a point at infinity: the test no longer covers the case"
    );
}

/// n·batch·32 overflowing, with n beyond the bases: the size error for n,
/// not OUT_OF_MEMORY; the overflow itself is a size error too.
#[test]
fn bases_batch_sizes_are_size_errors() {
    type Bn = gpukit::curves::Bn254G1;
    let mut rng = SeededRng::new(0x6261_7463);
    let points = random_points::<Bn>(&mut rng, 4);
    let pb = encode_points::<Bn>(&points);
    let mut bases = null_mut();
    // SAFETY: 4 points; NULL config = defaults; bases is writable.
    assert_eq!(
        unsafe { gpukit_bases_new(1, pb.as_ptr(), 4, std::ptr::null(), &mut bases) },
        GPUKIT_OK
    );
    let scalars = [0u8; 32];
    let mut out = [0u8; 64];
    // SAFETY: the call fails before reading scalars or writing out.
    let status = unsafe {
        gpukit_bases_msm_batch(
            bases,
            scalars.as_ptr(),
            u32::MAX,
            u32::MAX,
            out.as_mut_ptr(),
        )
    };
    assert_eq!(status, GPUKIT_ERR_SIZE_MISMATCH, "{}", last_error());
    assert!(
        last_error().contains("only 4 resident bases"),
        "{}",
        last_error()
    );
    // SAFETY: as above.
    let status = unsafe { gpukit_bases_msm(bases, scalars.as_ptr(), 5, out.as_mut_ptr()) };
    assert_eq!(status, GPUKIT_ERR_SIZE_MISMATCH, "{}", last_error());
    // SAFETY: one MSM of one scalar (zero): the identity.
    let status = unsafe { gpukit_bases_msm_batch(bases, scalars.as_ptr(), 1, 1, out.as_mut_ptr()) };
    assert_eq!((status, out), (GPUKIT_OK, [0u8; 64]));
    // SAFETY: from gpukit_bases_new.
    unsafe { gpukit_bases_free(bases) };
    // The byte API: a batch whose byte count overflows is a size mismatch.
    let bytes = BasesBytes::new(gpukit::CurveId::Bn254G1, &pb, &Config::default()).unwrap();
    let e = bytes.msm_batch(&[], 4, usize::MAX / 8).unwrap_err();
    assert_eq!(e.status(), Status::SizeMismatch, "{e}");
}
