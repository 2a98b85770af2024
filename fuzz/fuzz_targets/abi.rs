//! The C ABI entry points — one-shot, blinded, _ex, resident bases and
//! their batches, one-shot batches — with random curve ids, small n, windows, config fields and
//! bytes. Inputs are made valid (points k·G, scalars < r) or left as raw
//! bytes by a selector; valid calls must equal arkworks, every other call
//! must return a documented status with a message, never INTERNAL.
#![no_main]

use gpukit::ark::ark_ec::{AffineRepr, CurveGroup, VariableBaseMSM};
use gpukit::ark::ark_ff::PrimeField;
use gpukit::encoding::{
    decode_point, decode_points, decode_scalars, encode_points, encode_scalars, PointCheck,
};
use gpukit::ffi::consts::*;
use gpukit::ffi::*;
use gpukit::{Curve, InputForm};
use libfuzzer_sys::fuzz_target;
use std::ffi::CStr;

struct Input<'a> {
    data: &'a [u8],
}

impl Input<'_> {
    fn byte(&mut self) -> u8 {
        let (&b, rest) = self.data.split_first().unwrap_or((&0, &[]));
        self.data = rest;
        b
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.byte()).collect()
    }
}

fn last_error() -> String {
    // SAFETY: gpukit_last_error returns a valid NUL-terminated string.
    unsafe { CStr::from_ptr(gpukit_last_error()) }
        .to_string_lossy()
        .into_owned()
}

/// Checks a call's status: OK with the arkworks answer when `expected` is
/// known, else OK or a documented error with a message.
fn check(status: i32, out: &[u8], expected: Option<&[u8]>) {
    assert_ne!(
        status,
        GPUKIT_ERR_INTERNAL,
        "internal error: {}",
        last_error()
    );
    assert!((0..=14).contains(&status), "unknown status {status}");
    if status != GPUKIT_OK {
        assert!(
            !last_error().is_empty(),
            "status {status} without a message"
        );
    }
    if let Some(want) = expected {
        assert_eq!(status, GPUKIT_OK, "valid input refused: {}", last_error());
        assert_eq!(out, want, "differs from arkworks");
    }
}

fn run<C: Curve>(mut input: Input) {
    let id = C::ID as u8;
    let pb = C::ID.point_bytes();
    let op = input.byte() % 6;
    let valid = input.byte() % 4 != 0;
    let n = (input.byte() % 9) as usize;
    let mut points = Vec::new();
    let mut scalars = Vec::new();
    for _ in 0..n {
        if valid {
            let k = C::Scalar::from_le_bytes_mod_order(&input.bytes(8));
            points.extend(encode_points::<C>(&[
                (C::Affine::generator() * k).into_affine()
            ]));
            scalars.extend(encode_scalars::<C>(&[C::Scalar::from_le_bytes_mod_order(
                &input.bytes(32),
            )]));
        } else {
            points.extend(input.bytes(pb));
            scalars.extend(input.bytes(32));
        }
    }
    let window = [0, 1, 2, 5, 13, 24, 25, 100][(input.byte() % 8) as usize];
    let expected = valid.then(|| {
        let p = decode_points::<C>(&points, InputForm::Canonical, PointCheck::Subgroup).unwrap();
        let s = decode_scalars::<C>(&scalars, InputForm::Canonical).unwrap();
        encode_points::<C>(&[C::Projective::msm(&p, &s).unwrap().into_affine()])
    });
    let expected = expected.as_deref().filter(|_| window <= 24);
    let mut out = vec![0u8; pb];
    let raw = |v: &[u8]| {
        if v.is_empty() {
            std::ptr::null()
        } else {
            v.as_ptr()
        }
    };
    match op {
        0 | 1 => {
            let f = if op == 0 {
                gpukit_pippenger_msm
            } else {
                gpukit_pippenger_msm_blinded
            };
            // SAFETY: n points, n scalars, one output point.
            let status = unsafe {
                f(
                    id,
                    raw(&points),
                    raw(&scalars),
                    out.as_mut_ptr(),
                    n as u32,
                    window,
                )
            };
            check(status, &out, expected);
        }
        2 => {
            let config = gpukit_config {
                backend: (input.byte() % 5) as u32,
                window_c: window,
                validation: (input.byte() % 5) as u32,
                input_form: (input.byte() % 3) as u32,
                devices: 0,
                blinded: (input.byte() % 3) as u32,
                // Read by gpukit_bases_new only: any value is valid here.
                precompute: u32::from(input.byte() % 4),
                fixed_base: u32::from(input.byte() % 4),
                // The point formats and scalar orders have their own tests
                // (tests/banderwagon.rs, tests/scalar_order.rs).
                point_format: GPUKIT_POINT_FORMAT_UNCOMPRESSED,
                scalar_order: GPUKIT_SCALAR_LITTLE_ENDIAN,
            };
            let ok = config.backend <= GPUKIT_BACKEND_CPU
                && config.validation <= GPUKIT_VALIDATE_TRUSTED
                && config.input_form == GPUKIT_FORM_CANONICAL
                && config.blinded <= 1;
            // SAFETY: n points, n scalars, one output point; config is valid.
            let status = unsafe {
                gpukit_msm_ex(
                    id,
                    raw(&points),
                    raw(&scalars),
                    out.as_mut_ptr(),
                    n as u32,
                    &config,
                )
            };
            check(status, &out, expected.filter(|_| ok));
        }
        5 => {
            // The n points as the one shared set, or repeated as one set per MSM.
            let batch = (input.byte() % 4) as usize;
            let sets = if input.byte() % 2 == 1 { batch } else { 1 };
            let all_points = points.repeat(sets);
            let wire: Vec<u8> = if valid {
                (0..batch * n)
                    .flat_map(|_| {
                        encode_scalars::<C>(&[C::Scalar::from_le_bytes_mod_order(&input.bytes(32))])
                    })
                    .collect()
            } else {
                input.bytes(batch * n * 32)
            };
            let mut outs = vec![0u8; batch * pb];
            // SAFETY: sets·n points, batch·n scalars, batch output points; NULL config = defaults.
            let status = unsafe {
                gpukit_msm_batch(
                    id,
                    raw(&all_points),
                    sets as u32,
                    raw(&wire),
                    n as u32,
                    batch as u32,
                    std::ptr::null(),
                    outs.as_mut_ptr(),
                )
            };
            let want = valid.then(|| {
                let p =
                    decode_points::<C>(&points, InputForm::Canonical, PointCheck::None).unwrap();
                (0..batch)
                    .flat_map(|j| {
                        let s = decode_scalars::<C>(
                            &wire[j * n * 32..(j + 1) * n * 32],
                            InputForm::Canonical,
                        )
                        .unwrap();
                        let q = match n {
                            0 => C::Affine::zero(),
                            _ => C::Projective::msm(&p, &s).unwrap().into_affine(),
                        };
                        encode_points::<C>(&[q])
                    })
                    .collect::<Vec<u8>>()
            });
            check(status, &outs, want.as_deref());
        }
        _ => {
            let mut bases = std::ptr::null_mut();
            // SAFETY: n points; NULL config = defaults; bases is writable.
            let status = unsafe {
                gpukit_bases_new(id, raw(&points), n as u32, std::ptr::null(), &mut bases)
            };
            check(status, &out, None);
            assert!(
                !valid || status == GPUKIT_OK,
                "valid bases refused: {}",
                last_error()
            );
            if status != GPUKIT_OK {
                assert!(bases.is_null());
                return;
            }
            let batch = (input.byte() % 4) as usize;
            let m = (input.byte() as usize) % (n + 2);
            let wire: Vec<u8> = if valid {
                (0..batch * m)
                    .flat_map(|_| {
                        encode_scalars::<C>(&[C::Scalar::from_le_bytes_mod_order(&input.bytes(32))])
                    })
                    .collect()
            } else {
                input.bytes(batch * m * 32)
            };
            let mut outs = vec![0u8; batch * pb];
            // SAFETY: a live handle; batch·m scalars; batch output points (m > n fails first).
            let status = unsafe {
                gpukit_bases_msm_batch(bases, raw(&wire), m as u32, batch as u32, outs.as_mut_ptr())
            };
            if valid && m <= n {
                let p =
                    decode_points::<C>(&points[..m * pb], InputForm::Canonical, PointCheck::None)
                        .unwrap();
                let want: Vec<u8> = wire
                    .chunks(32 * m.max(1))
                    .take(batch)
                    .flat_map(|s| {
                        let s = decode_scalars::<C>(&s[..32 * m], InputForm::Canonical).unwrap();
                        encode_points::<C>(&[C::Projective::msm(&p, &s).unwrap().into_affine()])
                    })
                    .collect();
                let want = if m == 0 {
                    encode_points::<C>(&vec![C::Affine::zero(); batch])
                } else {
                    want
                };
                check(status, &outs, Some(&want));
                for j in 0..batch {
                    decode_point::<C>(&outs[j * pb..(j + 1) * pb]).expect("a valid result point");
                }
            } else {
                check(status, &outs, None);
            }
            // SAFETY: from gpukit_bases_new, freed once.
            unsafe { gpukit_bases_free(bases) };
        }
    }
}

macro_rules! by_curve {
    ($(($marker:ident, $snake:ident, $id:literal, $($rest:tt)*)),* $(,)?) => {
        fn dispatch(id: u8, input: Input) -> bool {
            match id {
                $($id => run::<gpukit::curves::$marker>(input),)*
                _ => return false,
            }
            true
        }
    };
}
gpukit::for_each_curve!(by_curve);

fuzz_target!(|data: &[u8]| {
    let mut input = Input { data };
    let id = input.byte() % 8;
    if !dispatch(id, input) {
        // An unknown curve id is refused before anything is read.
        let mut out = [0u8; 192];
        // SAFETY: NULL inputs with n = 0; out has room for any point.
        let status = unsafe {
            gpukit_pippenger_msm(
                id,
                std::ptr::null(),
                std::ptr::null(),
                out.as_mut_ptr(),
                0,
                0,
            )
        };
        assert_eq!(status, GPUKIT_ERR_UNKNOWN_CURVE);
    }
});
