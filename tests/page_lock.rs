//! Page-locked inputs (`gpukit::page_lock`, the C ABI's gpukit_host_register):
//! GPU calls whose points or scalars lie in a locked range upload them by
//! DMA (cuda/runtime/page_locked.cuh); every result must still equal
//! arkworks', for every curve, one-shot (typed and wire) and over resident
//! bases, where a copy lies wholly inside a range, runs past its end, or is
//! one of a batch's rows. And the registration's own errors.
//!
//! Without a GPU the GPU cases print a notice and pass (GPUKIT_REQUIRE_GPU=1
//! makes that a failure); locking must then answer NoDevice.

mod common;

use common::{gpu_present, random_points, random_scalars, reference, SeededRng};
use gpukit::ffi::{gpukit_host_register, gpukit_host_unregister};
use gpukit::{page_lock, Backend, Bases, BasesBytes, Config, Curve, Status};
use std::ffi::c_void;

fn gpu() -> Config {
    Config {
        backend: Backend::Gpu,
        ..Config::default()
    }
}

/// Registers a sub-range through the C ABI (the safe guard's exclusive
/// borrow cannot leave the rest of its buffer readable).
fn register(bytes: &[u8]) -> i32 {
    // SAFETY: `bytes` outlives the registration (each test unregisters it).
    unsafe { gpukit_host_register(bytes.as_ptr().cast(), bytes.len()) }
}

fn unregister(bytes: &[u8]) -> i32 {
    // SAFETY: only compared with the registered ranges.
    unsafe { gpukit_host_unregister(bytes.as_ptr().cast::<c_void>()) }
}

/// One-shot calls, typed and wire, on page-locked inputs: above the staged
/// copies' 1 MiB (2^16 + 3 points: n not a multiple of 32) and below it.
fn check_one_shot<C: Curve>() {
    let mut rng = SeededRng::new(0x9a6e_10c3 ^ C::ID as u64);
    for n in [100, (1 << 16) + 3] {
        let what = format!("{} one-shot {n}", C::ID.name());
        let mut points = random_points::<C>(&mut rng, n);
        let mut scalars = random_scalars::<C>(&mut rng, n);
        let want = reference::<C>(&points, &scalars);
        let mut wire_points = gpukit::encoding::encode_points::<C>(&points);
        let mut wire_scalars = gpukit::encoding::encode_scalars::<C>(&scalars);
        {
            let p = page_lock(&mut points).expect("lock points");
            let s = page_lock(&mut scalars).expect("lock scalars");
            assert_eq!(
                gpukit::msm_with::<C>(&p, &s, &gpu()).unwrap(),
                want,
                "{what} typed"
            );
            p.unlock().expect("unlock points");
        }
        let p = page_lock(&mut wire_points).expect("lock wire points");
        let s = page_lock(&mut wire_scalars).expect("lock wire scalars");
        let got = gpukit::msm_bytes(C::ID, &p, &s, &gpu()).unwrap();
        assert_eq!(
            got,
            gpukit::encoding::encode_points::<C>(&[want]),
            "{what} wire"
        );
    }
}

/// Resident bases' scalars page-locked: a lone vector (cut into a lead
/// quarter and the rest from 2^19 on precomputed copies), a prefix, a copy
/// that runs past the locked half (gathered), and a wire batch whose
/// vectors are rows of one locked buffer.
fn check_resident<C: Curve>() {
    let mut rng = SeededRng::new(0x3e51_d7a1 ^ C::ID as u64);
    let n = (1 << 19) + 5;
    let points = random_points::<C>(&mut rng, n);
    let bases = Bases::<C>::new(&points, &gpu()).expect("resident bases");
    let mut scalars = random_scalars::<C>(&mut rng, n);
    let want = reference::<C>(&points, &scalars);
    let want_prefix = reference::<C>(&points[..777], &scalars[..777]);
    {
        let s = page_lock(&mut scalars).expect("lock scalars");
        assert_eq!(bases.msm(&s).unwrap(), want, "{} resident", C::ID.name());
        assert_eq!(
            bases.msm(&s[..777]).unwrap(),
            want_prefix,
            "{} resident prefix",
            C::ID.name()
        );
    }
    let wire = BasesBytes::new(
        C::ID,
        &gpukit::encoding::encode_points::<C>(&points),
        &gpu(),
    )
    .expect("wire bases");
    let bytes = gpukit::encoding::encode_scalars::<C>(&scalars);
    assert_eq!(
        register(&bytes[..bytes.len() / 2]),
        0,
        "lock the first half"
    );
    let got = wire.msm(&bytes).unwrap();
    assert_eq!(
        unregister(&bytes[..bytes.len() / 2]),
        0,
        "unlock the first half"
    );
    assert_eq!(
        got,
        gpukit::encoding::encode_points::<C>(&[want]),
        "{} half locked",
        C::ID.name()
    );

    let (count, m) = (4, (1 << 15) + 1);
    let batch: Vec<Vec<C::Scalar>> = (0..count)
        .map(|_| random_scalars::<C>(&mut rng, m))
        .collect();
    let mut rows: Vec<u8> = batch
        .iter()
        .flat_map(|k| gpukit::encoding::encode_scalars::<C>(k))
        .collect();
    let locked = page_lock(&mut rows).expect("lock the batch");
    let got = wire.msm_batch(&locked, m, count).unwrap();
    for (j, k) in batch.iter().enumerate() {
        assert_eq!(
            got[j * C::ID.point_bytes()..(j + 1) * C::ID.point_bytes()],
            gpukit::encoding::encode_points::<C>(&[reference::<C>(&points[..m], k)]),
            "{} locked batch, vector {j}",
            C::ID.name()
        );
    }
}

macro_rules! page_lock_suite {
    ($(($marker:ident, $snake:ident, $id:literal, $affine:ty, $proj:ty, $scalar:ty, $display:literal)),* $(,)?) => {$(
        mod $snake {
            use super::*;
            type C = gpukit::curves::$marker;
            #[test] fn one_shot() { if gpu_present() { check_one_shot::<C>() } }
            #[test] fn resident() { if gpu_present() { check_resident::<C>() } }
        }
    )*};
}
gpukit::for_each_curve!(page_lock_suite);

#[test]
fn empty_data_locks_nothing() {
    let mut none: Vec<u64> = Vec::new();
    let locked = page_lock(&mut none).expect("nothing to lock");
    assert!(locked.is_empty());
    locked.unlock().expect("nothing to unlock");
    // SAFETY: zero bytes at a dangling pointer are never read.
    assert_eq!(
        unsafe { gpukit_host_register(std::ptr::NonNull::<u8>::dangling().as_ptr().cast(), 0) },
        0
    );
}

#[test]
fn null_pointers_are_errors() {
    // SAFETY: the C ABI checks NULL before anything else.
    unsafe {
        assert_eq!(
            gpukit_host_register(std::ptr::null(), 64),
            Status::NullPointer.code()
        );
        assert_eq!(
            gpukit_host_unregister(std::ptr::null()),
            Status::NullPointer.code()
        );
    }
}

/// Without a GPU locking answers NoDevice; with one, overlaps and unknown
/// pointers are HostRegistration and a range unlocks exactly once.
#[test]
fn registration_errors() {
    let mut data = vec![7u8; 3 << 20];
    if gpukit::gpu_count() == 0 {
        let err = page_lock(&mut data).unwrap_err();
        assert_eq!(err.status(), Status::NoDevice, "{err}");
        // A range on no whole page (nothing the driver would lock) alike.
        let err = page_lock(&mut data[..16]).unwrap_err();
        assert_eq!(err.status(), Status::NoDevice, "{err}");
        return;
    }
    let start = data.as_ptr() as usize;
    let locked = page_lock(&mut data[1 << 20..2 << 20]).expect("lock the middle MiB");
    // SAFETY: the ranges below lie inside `data`, alive for the whole test;
    // the registration fails before anything is locked.
    let (inside, across, unknown) = unsafe {
        (
            gpukit_host_register((start + (1 << 20) + 4096) as *const c_void, 4096),
            gpukit_host_register(start as *const c_void, (1 << 20) + 1),
            gpukit_host_unregister((start + (1 << 20) + 64) as *const c_void),
        )
    };
    assert_eq!(
        inside,
        Status::HostRegistration.code(),
        "a range inside a locked one"
    );
    assert_eq!(
        across,
        Status::HostRegistration.code(),
        "a range into a locked one"
    );
    assert_eq!(
        unknown,
        Status::HostRegistration.code(),
        "a pointer inside, not at the start"
    );
    // The neighbours of the locked range lock and unlock on their own.
    // SAFETY: as above.
    unsafe {
        assert_eq!(gpukit_host_register(start as *const c_void, 1 << 20), 0);
        assert_eq!(gpukit_host_unregister(start as *const c_void), 0);
        assert_eq!(
            gpukit_host_unregister(start as *const c_void),
            Status::HostRegistration.code()
        );
    }
    locked.unlock().expect("unlock");
    let again = page_lock(&mut data).expect("the whole buffer, once unlocked");
    drop(again);
    let again = page_lock(&mut data).expect("and again after the drop");
    assert_eq!(again.len(), 3 << 20);
}
