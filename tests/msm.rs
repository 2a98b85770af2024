//! Every backend against arkworks, for random inputs of many sizes and for
//! the edge cases Pippenger implementations get wrong. Written once,
//! stamped per curve from the curve list.

mod common;

use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::{One, PrimeField, UniformRand, Zero};
use common::*;
use gpukit::encoding::{
    decode_point, encode_points, encode_points_in, encode_scalars, encode_scalars_in,
    scalars_montgomery,
};
use gpukit::{Backend, Config, Curve, InputForm};

const SIZES: [usize; 8] = [0, 1, 2, 3, 31, 33, 1000, 4097];

/// Checks one MSM against `expected` on the typed API for every host
/// config (serial only when `serial`; the GPU too when present) and on the
/// byte API for the default config and the first explicit window.
fn check_all<C: Curve>(
    points: &[C::Affine],
    scalars: &[C::Scalar],
    expected: C::Affine,
    windows: &[u32],
    serial: bool,
) {
    let n = points.len();
    let configs = host_configs(windows)
        .into_iter()
        .chain(all_backends().into_iter().skip(3))
        // Without serial (large n), Auto is left to the byte API below.
        .filter(|c| serial || (c.backend != Backend::Serial && c.backend != Backend::Auto));
    for config in configs {
        let typed = gpukit::msm_with::<C>(points, scalars, &config)
            .unwrap_or_else(|e| panic!("n={n} {config:?}: {e}"));
        assert_eq!(typed, expected, "typed n={n} {config:?}");
    }
    let point_bytes = encode_points::<C>(points);
    let scalar_bytes = encode_scalars::<C>(scalars);
    let explicit = windows.first().map(|&c| Config {
        backend: Backend::Cpu,
        window_c: c,
        ..Config::default()
    });
    for config in std::iter::once(Config::default()).chain(explicit) {
        let bytes = gpukit::msm_bytes(C::ID, &point_bytes, &scalar_bytes, &config)
            .unwrap_or_else(|e| panic!("bytes n={n} {config:?}: {e}"));
        assert_eq!(
            decode_point::<C>(&bytes).unwrap(),
            expected,
            "bytes n={n} {config:?}"
        );
    }
}

fn random_sizes<C: Curve>() {
    let mut rng = SeededRng::new(0x6d73_6d00 + C::ID as u64);
    for n in SIZES {
        let points = random_points::<C>(&mut rng, n);
        let scalars = random_scalars::<C>(&mut rng, n);
        let expected = reference::<C>(&points, &scalars);
        if n <= 33 {
            assert_eq!(
                expected,
                naive::<C>(&points, &scalars),
                "arkworks vs naive, n={n}"
            );
        }
        // Every explicit window on the small sizes (c = 1: 256 windows;
        // c = 24: one bucket per point); a few on the larger ones, where
        // the serial backend is also skipped (it is the slow oracle).
        let windows: &[u32] = match n {
            0..=33 => &[1, 2, 5, 13, 24],
            34..=1000 => &[5, 24],
            _ => &[13],
        };
        check_all::<C>(&points, &scalars, expected, windows, n <= 1000);
    }
}

const EDGE_WINDOWS: [u32; 5] = [1, 2, 5, 13, 24];

fn edge_cases<C: Curve>() {
    let mut rng = SeededRng::new(0x6564_6765 + C::ID as u64);
    let n = 40;
    let points = random_points::<C>(&mut rng, n);
    let scalars = random_scalars::<C>(&mut rng, n);
    let sum: C::Projective = points.iter().map(|p| p.into_group()).sum();
    let check = |p: &[C::Affine], s: &[C::Scalar], expected: C::Affine| {
        assert_eq!(naive::<C>(p, s), expected, "the oracle itself");
        check_all::<C>(p, s, expected, &EDGE_WINDOWS, true);
    };

    // zero scalars
    check(&points, &vec![C::Scalar::zero(); n], C::Affine::zero());
    // r − 1 everywhere: −Σ P
    check(
        &points,
        &vec![minus_one::<C::Scalar>(); n],
        (-sum).into_affine(),
    );
    // all scalars equal
    let k = C::Scalar::rand(&mut rng.rng);
    check(&points, &vec![k; n], (sum * k).into_affine());
    // identity points among random ones
    let mut with_zero = points.clone();
    for i in (0..n).step_by(3) {
        with_zero[i] = C::Affine::zero();
    }
    check(&with_zero, &scalars, naive::<C>(&with_zero, &scalars));
    // all identity
    check(&vec![C::Affine::zero(); n], &scalars, C::Affine::zero());
    // one point repeated (every bucket sums equal points: doubling inside additions)
    let repeated = vec![points[0]; n];
    check(&repeated, &scalars, naive::<C>(&repeated, &scalars));
    // P and −P with the same scalar cancel
    let mut pm = points[..n / 2].to_vec();
    pm.extend(
        points[..n / 2]
            .iter()
            .map(|p| (-p.into_group()).into_affine()),
    );
    let halves: Vec<_> = scalars[..n / 2]
        .iter()
        .chain(&scalars[..n / 2])
        .copied()
        .collect();
    check(&pm, &halves, C::Affine::zero());
    // small scalars 0..n, and large ones r − 1 − i
    let small: Vec<C::Scalar> = (0..n as u64).map(C::Scalar::from).collect();
    check(&points, &small, naive::<C>(&points, &small));
    let large: Vec<C::Scalar> = small.iter().map(|s| minus_one::<C::Scalar>() - s).collect();
    check(&points, &large, naive::<C>(&points, &large));
    // scalar 1 and a single point
    check(&points[..1], &[C::Scalar::one()], points[0]);
}

/// The Montgomery input form gives the same result as the canonical one.
fn montgomery_input<C: Curve>() {
    let mut rng = SeededRng::new(0x6d6f_6e74 + C::ID as u64);
    for n in [1, 33, 300] {
        let mut points = random_points::<C>(&mut rng, n);
        points[0] = C::Affine::zero();
        let scalars = random_scalars::<C>(&mut rng, n);
        let expected = reference::<C>(&points, &scalars);
        let p = encode_points_in::<C>(&points, InputForm::Montgomery);
        let s = encode_scalars_in::<C>(&scalars, InputForm::Montgomery);
        // The typed GPU path hands arkworks' scalars over as they lie in
        // memory: that view must be exactly the Montgomery wire form.
        assert!(
            matches!(
                scalars_montgomery::<C>(&scalars),
                std::borrow::Cow::Borrowed(_)
            ),
            "zero-copy view"
        );
        assert_eq!(&*scalars_montgomery::<C>(&scalars), &s[..]);
        for mut config in all_backends() {
            config.input_form = InputForm::Montgomery;
            let out = gpukit::msm_bytes(C::ID, &p, &s, &config)
                .unwrap_or_else(|e| panic!("{config:?}: {e}"));
            assert_eq!(
                decode_point::<C>(&out).unwrap(),
                expected,
                "n={n} {config:?}"
            );
        }
    }
}

/// Blinded MSMs give the exact result on every backend, also with
/// adversarially structured scalars.
fn blinded<C: Curve>() {
    let mut rng = SeededRng::new(0x626c_696e + C::ID as u64);
    for n in [1, 2, 64] {
        let points = random_points::<C>(&mut rng, n);
        let mut scalars = random_scalars::<C>(&mut rng, n);
        scalars[0] = C::Scalar::zero();
        if n > 1 {
            scalars[1] = minus_one::<C::Scalar>();
        }
        let expected = reference::<C>(&points, &scalars);
        for mut config in all_backends().into_iter().chain(host_configs(&[7])) {
            config.blinded = true;
            let got = gpukit::msm_with::<C>(&points, &scalars, &config).unwrap();
            assert_eq!(got, expected, "n={n} {config:?}");
        }
        let out = gpukit::msm_bytes(
            C::ID,
            &encode_points::<C>(&points),
            &encode_scalars::<C>(&scalars),
            &Config {
                blinded: true,
                ..Config::default()
            },
        )
        .unwrap();
        assert_eq!(decode_point::<C>(&out).unwrap(), expected);
    }
}

/// gnark-crypto's closed-form oracle: points i·G and scalars i·m give
/// m·n(n+1)(2n+1)/6·G, which checks a size too large for a quick reference.
fn closed_form<C: Curve>() {
    let mut rng = SeededRng::new(0x636c_6f73 + C::ID as u64);
    let n: u64 = 5000;
    let g = C::Affine::generator().into_group();
    let m = C::Scalar::rand(&mut rng.rng);
    let mut acc = g;
    let mut points = Vec::with_capacity(n as usize);
    for _ in 0..n {
        points.push(acc);
        acc += g;
    }
    let points = C::Projective::normalize_batch(&points);
    let scalars: Vec<C::Scalar> = (1..=n).map(|i| m * C::Scalar::from(i)).collect();
    let sum_sq = C::Scalar::from(n) * C::Scalar::from(n + 1) * C::Scalar::from(2 * n + 1)
        / C::Scalar::from(6u64);
    let expected = (g * (m * sum_sq)).into_affine();
    for config in [
        Config {
            backend: Backend::Cpu,
            ..Config::default()
        },
        Config {
            backend: Backend::Cpu,
            window_c: 11,
            ..Config::default()
        },
    ] {
        assert_eq!(
            gpukit::msm_with::<C>(&points, &scalars, &config).unwrap(),
            expected,
            "{config:?}"
        );
    }
    assert_eq!(C::Scalar::MODULUS_BIT_SIZE, C::ID.scalar_bits());
}

macro_rules! stamp {
    ($(($marker:ident, $snake:ident, $($rest:tt)*)),* $(,)?) => {$(
        mod $snake {
            type C = gpukit::curves::$marker;
            #[test]
            fn random_sizes() { super::random_sizes::<C>() }
            #[test]
            fn edge_cases() { super::edge_cases::<C>() }
            #[test]
            fn montgomery_input() { super::montgomery_input::<C>() }
            #[test]
            fn blinded() { super::blinded::<C>() }
            #[test]
            fn closed_form() { super::closed_form::<C>() }
        }
    )*};
}
gpukit::for_each_curve!(stamp);
