//! Every status the Rust API can return for bad input, with the offending
//! index in the message; stamped per curve.

mod common;

use ark_ec::AffineRepr;
use ark_ff::{BigInteger, Field, PrimeField};
use common::*;
use gpukit::encoding::{
    decode_points, encode_points, encode_points_in, encode_scalars, PointCheck,
};
use gpukit::{Backend, Bases, Config, Curve, InputForm, Status, Validation};

type Base<C> = <<C as Curve>::Affine as AffineRepr>::BaseField;

fn expect_status<T: std::fmt::Debug>(r: Result<T, gpukit::Error>, status: Status, needle: &str) {
    let e = r.expect_err("an error");
    assert_eq!(e.status(), status, "{e}");
    assert!(
        e.message().contains(needle),
        "message {:?} lacks {needle:?}",
        e.message()
    );
}

fn with_config(validation: Validation) -> Config {
    Config {
        validation,
        ..Config::default()
    }
}

fn off_curve<C: Curve>() {
    let mut rng = SeededRng::new(0x6f66_6663 + C::ID as u64);
    let points = random_points::<C>(&mut rng, 300);
    let scalars = encode_scalars::<C>(&random_scalars::<C>(&mut rng, 300));
    let mut bytes = encode_points::<C>(&points);
    move_y::<C>(&mut bytes, 257);
    for v in [Validation::Default, Validation::OnCurve, Validation::Full] {
        for backend in [Backend::Serial, Backend::Cpu, Backend::Auto] {
            let config = Config {
                backend,
                ..with_config(v)
            };
            expect_status(
                gpukit::msm_bytes(C::ID, &bytes, &scalars, &config),
                Status::PointNotOnCurve,
                "point 257",
            );
        }
    }
    // TRUSTED skips the check: the host backends answer (a meaningless
    // point); a GPU answers, or refuses its own result when that is off
    // the curve, as a device error, never another status.
    for backend in [Backend::Serial, Backend::Cpu] {
        let config = Config {
            backend,
            ..with_config(Validation::Trusted)
        };
        gpukit::msm_bytes(C::ID, &bytes, &scalars, &config).expect("trusted skips the check");
    }
    if gpukit::gpu_count() > 0 {
        let config = Config {
            backend: Backend::Gpu,
            ..with_config(Validation::Trusted)
        };
        if let Err(e) = gpukit::msm_bytes(C::ID, &bytes, &scalars, &config) {
            assert_eq!(e.status(), Status::Device, "{e}");
            assert!(e.message().contains("not on the curve"), "{e}");
        }
    }
    // The typed API checks too (a point made with new_unchecked).
    let typed = decode_points::<C>(&bytes, InputForm::Canonical, PointCheck::None).unwrap();
    let s = random_scalars::<C>(&mut rng, 300);
    expect_status(
        gpukit::msm::<C>(&typed, &s),
        Status::PointNotOnCurve,
        "point 257",
    );
    expect_status(
        Bases::<C>::new(&typed, &Config::default()),
        Status::PointNotOnCurve,
        "point 257",
    );
    expect_status(
        gpukit::encoding::decode_point::<C>(
            &bytes[257 * C::ID.point_bytes()..258 * C::ID.point_bytes()],
        ),
        Status::PointNotOnCurve,
        "point 0",
    );
}

fn bad_encoding<C: Curve>() {
    let mut rng = SeededRng::new(0x656e_636f + C::ID as u64);
    let points = random_points::<C>(&mut rng, 4);
    let scalars = encode_scalars::<C>(&random_scalars::<C>(&mut rng, 4));
    let pb = C::ID.point_bytes();
    let fb = C::ID.field_bytes();
    let modulus = <Base<C> as Field>::BasePrimeField::MODULUS.to_bytes_le();
    for form in [InputForm::Canonical, InputForm::Montgomery] {
        // x = all ones (> p), y = p exactly (the first base-prime-field slot).
        for (offset, fill) in [(0, None), (fb, Some(&modulus))] {
            let mut bytes = encode_points_in::<C>(&points, form);
            let slot = &mut bytes[2 * pb + offset..2 * pb + offset + modulus.len()];
            match fill {
                None => slot.fill(0xFF),
                Some(m) => slot.copy_from_slice(m),
            }
            for v in [Validation::OnCurve, Validation::Trusted] {
                let config = Config {
                    input_form: form,
                    ..with_config(v)
                };
                expect_status(
                    gpukit::msm_bytes(C::ID, &bytes, &scalars, &config),
                    Status::BadEncoding,
                    "point 2",
                );
            }
        }
    }
}

fn scalar_out_of_range<C: Curve>() {
    let mut rng = SeededRng::new(0x7363_616c + C::ID as u64);
    let points = encode_points::<C>(&random_points::<C>(&mut rng, 3));
    let good = encode_scalars::<C>(&random_scalars::<C>(&mut rng, 3));
    let r = C::Scalar::MODULUS.to_bytes_le();
    for bad in [r.clone(), vec![0xFF; 32]] {
        let mut scalars = good.clone();
        scalars[32..64].copy_from_slice(&bad);
        for v in [Validation::OnCurve, Validation::Trusted] {
            for form in [InputForm::Canonical, InputForm::Montgomery] {
                let config = Config {
                    input_form: form,
                    ..with_config(v)
                };
                let points = encode_points_in::<C>(
                    &decode_points::<C>(&points, InputForm::Canonical, PointCheck::OnCurve)
                        .unwrap(),
                    form,
                );
                expect_status(
                    gpukit::msm_bytes(C::ID, &points, &scalars, &config),
                    Status::ScalarOutOfRange,
                    "scalar 1",
                );
            }
        }
    }
    // r − 1 is the largest accepted scalar.
    let mut scalars = good.clone();
    let mut r_minus_1 = C::Scalar::MODULUS;
    r_minus_1.sub_with_borrow(&1u64.into());
    scalars[32..64].copy_from_slice(&r_minus_1.to_bytes_le());
    gpukit::msm_bytes(C::ID, &points, &scalars, &Config::default()).expect("r - 1 is in range");
}

fn not_in_subgroup<C: Curve>()
where
    C::Affine: OffSubgroup,
{
    let Some(bad) = C::Affine::off_subgroup() else {
        assert!(
            cofactor_is_one::<C>(),
            "no off-subgroup point found on a curve with a cofactor"
        );
        return;
    };
    assert!(!cofactor_is_one::<C>());
    let mut rng = SeededRng::new(0x7375_6267 + C::ID as u64);
    let mut points = random_points::<C>(&mut rng, 5);
    points[3] = bad;
    let s = random_scalars::<C>(&mut rng, 5);
    let (pb, sb) = (encode_points::<C>(&points), encode_scalars::<C>(&s));
    expect_status(
        gpukit::msm_bytes(C::ID, &pb, &sb, &with_config(Validation::Full)),
        Status::PointNotInSubgroup,
        "point 3",
    );
    expect_status(
        gpukit::msm_with::<C>(&points, &s, &with_config(Validation::Full)),
        Status::PointNotInSubgroup,
        "point 3",
    );
    // One-shot default is OnCurve: accepted, and computed like arkworks does.
    let got = gpukit::msm_bytes(C::ID, &pb, &sb, &Config::default()).unwrap();
    assert_eq!(
        gpukit::encoding::decode_point::<C>(&got).unwrap(),
        naive::<C>(&points, &s)
    );
    // Resident bases default to Full.
    expect_status(
        Bases::<C>::new(&points, &Config::default()),
        Status::PointNotInSubgroup,
        "point 3",
    );
    expect_status(
        gpukit::BasesBytes::new(C::ID, &pb, &Config::default()),
        Status::PointNotInSubgroup,
        "point 3",
    );
    Bases::<C>::new(&points, &with_config(Validation::OnCurve))
        .expect("OnCurve bases skip the subgroup check");
}

/// The subgroup check on every backend, one-shot (typed, wire, blinded)
/// and for resident bases (typed, wire): a point outside the subgroup alone,
/// before a point off the curve, and after one; the same status and
/// message everywhere, for the lowest faulty index. On the GPU (when there
/// is one) the BLS curves' check is the device's r·P = O, the others' the
/// host's; on the host backends, arkworks'.
fn subgroup_faults_agree_on_every_backend<C: Curve>()
where
    C::Affine: OffSubgroup,
{
    let Some(bad) = C::Affine::off_subgroup() else {
        return;
    };
    let mut rng = SeededRng::new(0x6167_7265 + C::ID as u64);
    let n = 300;
    let good = random_points::<C>(&mut rng, n);
    let s = random_scalars::<C>(&mut rng, n);
    let sb = encode_scalars::<C>(&s);
    let mut backends = vec![Backend::Serial, Backend::Cpu];
    if gpukit::gpu_count() > 0 {
        backends.push(Backend::Gpu);
    }
    for (outside, off) in [(120, None), (120, Some(250)), (250, Some(120))] {
        let mut points = good.clone();
        points[outside] = bad;
        let mut bytes = encode_points::<C>(&points);
        if let Some(i) = off {
            move_y::<C>(&mut bytes, i);
        }
        let typed = decode_points::<C>(&bytes, InputForm::Canonical, PointCheck::None).unwrap();
        let (status, first) = match off {
            Some(i) if i < outside => (Status::PointNotOnCurve, i),
            _ => (Status::PointNotInSubgroup, outside),
        };
        let needle = format!("point {first}");
        let mut messages = Vec::new();
        for &backend in &backends {
            let full = Config {
                backend,
                ..with_config(Validation::Full)
            };
            let blinded = Config {
                backend,
                blinded: true,
                ..Config::default()
            };
            for r in [
                gpukit::msm_bytes(C::ID, &bytes, &sb, &full).map(drop),
                gpukit::msm_with::<C>(&typed, &s, &full).map(drop),
                gpukit::msm_bytes(C::ID, &bytes, &sb, &blinded).map(drop),
                Bases::<C>::new(&typed, &full).map(drop),
                gpukit::BasesBytes::new(C::ID, &bytes, &full).map(drop),
            ] {
                let e = r.expect_err("a faulty point");
                assert_eq!(e.status(), status, "{backend:?}: {e}");
                assert!(e.message().contains(&needle), "{backend:?}: {e}");
                messages.push(e.message().to_string());
            }
        }
        assert!(messages.windows(2).all(|m| m[0] == m[1]), "{messages:?}");
    }
}

/// y + 1 for wire point i (an integer increment of y, or of y.c0 for Fp2):
/// on the curve only if 2y + 1 = 0, and still canonical unless y = p − 1.
fn move_y<C: Curve>(bytes: &mut [u8], i: usize) {
    let fb = C::ID.field_bytes();
    let at = i * C::ID.point_bytes() + fb;
    for byte in &mut bytes[at..at + fb] {
        *byte = byte.wrapping_add(1);
        if *byte != 0 {
            break;
        }
    }
}

fn bad_window_and_sizes<C: Curve>() {
    let mut rng = SeededRng::new(0x7769_6e64 + C::ID as u64);
    let points = random_points::<C>(&mut rng, 8);
    let scalars = random_scalars::<C>(&mut rng, 8);
    let over = Config {
        window_c: C::ID.max_window() + 1,
        ..Config::default()
    };
    expect_status(
        gpukit::msm_with::<C>(&points, &scalars, &over),
        Status::BadWindow,
        "window_c 25",
    );
    expect_status(
        gpukit::msm_with::<C>(&points, &scalars[..7], &Config::default()),
        Status::SizeMismatch,
        "8 points but 7",
    );
    let (pb, sb) = (encode_points::<C>(&points), encode_scalars::<C>(&scalars));
    expect_status(
        gpukit::msm_bytes(C::ID, &pb[1..], &sb, &Config::default()),
        Status::SizeMismatch,
        "point bytes",
    );
    expect_status(
        gpukit::msm_bytes(C::ID, &pb, &sb[1..], &Config::default()),
        Status::SizeMismatch,
        "multiple of 32",
    );
    let bases = Bases::<C>::new(&points[..4], &Config::default()).unwrap();
    expect_status(
        bases.msm(&scalars[..5]),
        Status::SizeMismatch,
        "only 4 resident",
    );
    let bytes =
        gpukit::BasesBytes::new(C::ID, &pb[..4 * C::ID.point_bytes()], &Config::default()).unwrap();
    expect_status(
        bytes.msm(&sb[..5 * 32]),
        Status::SizeMismatch,
        "only 4 resident",
    );
    expect_status(
        bytes.msm_batch(&sb[..4 * 32], 2, 3),
        Status::SizeMismatch,
        "need 192 scalar bytes",
    );
}

fn forced_gpu_without_device<C: Curve>() {
    if gpukit::gpu_count() > 0 {
        return;
    }
    let mut rng = SeededRng::new(7);
    let points = random_points::<C>(&mut rng, 2);
    let scalars = random_scalars::<C>(&mut rng, 2);
    let gpu = Config {
        backend: Backend::Gpu,
        ..Config::default()
    };
    expect_status(
        gpukit::msm_with::<C>(&points, &scalars, &gpu),
        Status::NoDevice,
        "GPU",
    );
    expect_status(Bases::<C>::new(&points, &gpu), Status::NoDevice, "GPU");
}

macro_rules! stamp {
    ($(($marker:ident, $snake:ident, $($rest:tt)*)),* $(,)?) => {$(
        mod $snake {
            type C = gpukit::curves::$marker;
            #[test]
            fn off_curve() { super::off_curve::<C>() }
            #[test]
            fn bad_encoding() { super::bad_encoding::<C>() }
            #[test]
            fn scalar_out_of_range() { super::scalar_out_of_range::<C>() }
            #[test]
            fn not_in_subgroup() { super::not_in_subgroup::<C>() }
            #[test]
            fn subgroup_faults_agree_on_every_backend() {
                super::subgroup_faults_agree_on_every_backend::<C>()
            }
            #[test]
            fn bad_window_and_sizes() { super::bad_window_and_sizes::<C>() }
            #[test]
            fn forced_gpu_without_device() { super::forced_gpu_without_device::<C>() }
        }
    )*};
}
gpukit::for_each_curve!(stamp);
