//! Big-endian scalars give the little-endian scalars' results, one-shot,
//! on resident bases and in batches, on every backend (the GPU reverses
//! them on the device), also as Montgomery limbs; an out-of-range
//! big-endian scalar is still reported by its index.

mod common;

use common::*;
use gpukit::encoding::{encode_points, encode_points_in, encode_scalars, encode_scalars_in};
use gpukit::ffi::gpukit_config_default;
use gpukit::{Backend, BasesBytes, Config, Curve, InputForm, ScalarOrder, Status};

fn reversed(scalars: &[u8]) -> Vec<u8> {
    scalars
        .chunks_exact(32)
        .flat_map(|s| s.iter().rev().copied())
        .collect()
}

/// The backends to run: the host ones, AUTO, and the GPU where there is
/// one (the device reverses big-endian scalars itself).
fn backends() -> Vec<Backend> {
    let mut out = vec![Backend::Serial, Backend::Cpu, Backend::Auto];
    if gpukit::gpu_count() > 0 {
        out.push(Backend::Gpu);
    }
    out
}

fn check<C: Curve>() {
    let mut rng = SeededRng::new(44);
    let (n, batch) = (100, 3);
    let typed_points = random_points::<C>(&mut rng, n * batch);
    let typed_scalars = random_scalars::<C>(&mut rng, n * batch);
    let points = encode_points::<C>(&typed_points);
    let le = encode_scalars::<C>(&typed_scalars);
    let be = reversed(&le);
    let pb = C::ID.point_bytes();
    // Every backend's results are compared with the host's on
    // little-endian scalars.
    let host = Config {
        backend: Backend::Cpu,
        ..Default::default()
    };
    let expected = gpukit::msm_bytes(C::ID, &points, &le, &host).unwrap();
    let expected_batch = bases_batch::<C>(&points[..n * pb], &le, n, batch, &host);
    let expected_sets =
        gpukit::msm_batch_bytes(C::ID, &points, batch, &le, n, batch, &host).unwrap();
    for backend in backends() {
        let little = Config {
            backend,
            ..Default::default()
        };
        let big = Config {
            scalar_order: ScalarOrder::BigEndian,
            ..little
        };
        assert_eq!(
            gpukit::msm_bytes(C::ID, &points, &le, &little).unwrap(),
            expected,
            "{backend:?}"
        );
        assert_eq!(
            gpukit::msm_bytes(C::ID, &points, &be, &big).unwrap(),
            expected,
            "{backend:?}"
        );
        // Montgomery limbs written big-endian: both layouts undone.
        let montgomery = Config {
            input_form: InputForm::Montgomery,
            ..big
        };
        assert_eq!(
            gpukit::msm_bytes(
                C::ID,
                &encode_points_in::<C>(&typed_points, InputForm::Montgomery),
                &reversed(&encode_scalars_in::<C>(
                    &typed_scalars,
                    InputForm::Montgomery
                )),
                &montgomery,
            )
            .unwrap(),
            expected,
            "{backend:?}, Montgomery"
        );
        let bases = BasesBytes::new(C::ID, &points, &big).unwrap();
        assert_eq!(bases.msm(&be).unwrap(), expected, "{backend:?}");

        // Batches: resident bases, one shared set, one set per MSM.
        assert_eq!(
            bases_batch::<C>(&points[..n * pb], &be, n, batch, &big),
            expected_batch,
            "{backend:?}"
        );
        assert_eq!(
            gpukit::msm_batch_bytes(C::ID, &points[..n * pb], 1, &be, n, batch, &big).unwrap(),
            expected_batch,
            "{backend:?}"
        );
        assert_eq!(
            gpukit::msm_batch_bytes(C::ID, &points, batch, &be, n, batch, &big).unwrap(),
            expected_sets,
            "{backend:?}"
        );

        // A big-endian scalar >= r is reported by its index, one-shot and
        // in the middle of a batch (vector 2, scalar 7).
        let mut bad = be.clone();
        bad[32 * 7..32 * 8].fill(0xff);
        let e = gpukit::msm_bytes(C::ID, &points, &bad, &big).unwrap_err();
        assert_eq!(e.status(), Status::ScalarOutOfRange);
        assert!(e.message().contains("scalar 7"), "{}", e.message());
        let mut bad = be.clone();
        bad[32 * (2 * n + 7)..][..32].fill(0xff);
        let bases = BasesBytes::new(C::ID, &points[..n * pb], &big).unwrap();
        let e = bases.msm_batch(&bad, n, batch).unwrap_err();
        assert_eq!(e.status(), Status::ScalarOutOfRange, "{backend:?}");
        let index = format!("scalar {}", 2 * n + 7);
        assert!(e.message().contains(&index), "{backend:?}: {}", e.message());
        let e =
            gpukit::msm_batch_bytes(C::ID, &points[..n * pb], 1, &bad, n, batch, &big).unwrap_err();
        assert_eq!(e.status(), Status::ScalarOutOfRange, "{backend:?}");
        assert!(e.message().contains(&index), "{backend:?}: {}", e.message());
    }
}

/// `batch` MSMs of n scalars on resident bases made with `config`.
fn bases_batch<C: Curve>(
    points: &[u8],
    scalars: &[u8],
    n: usize,
    batch: usize,
    config: &Config,
) -> Vec<u8> {
    BasesBytes::new(C::ID, points, config)
        .unwrap()
        .msm_batch(scalars, n, batch)
        .unwrap()
}

macro_rules! stamp {
    ($(($marker:ident, $snake:ident, $($rest:tt)*)),* $(,)?) => {$(
        mod $snake {
            #[test]
            fn big_endian_scalars() { super::check::<gpukit::curves::$marker>() }
        }
    )*};
}
gpukit::for_each_curve!(stamp);

#[test]
fn unknown_scalar_order_is_a_config_error() {
    let mut c = gpukit_config_default();
    c.scalar_order = 2;
    assert_eq!(c.to_config().unwrap_err().status(), Status::BadConfig);
}
