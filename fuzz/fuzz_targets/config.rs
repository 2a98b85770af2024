//! Config parsing: the C config struct's fields and the environment
//! overrides, from arbitrary values and strings. Never panics; an accepted
//! value maps back to itself, a refused one is BAD_CONFIG (or BAD_WINDOW).
#![no_main]

use gpukit::internals::EnvOverrides;
use gpukit::ffi::gpukit_config;
use gpukit::{Backend, Status};
use libfuzzer_sys::fuzz_target;
use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;

fn word(data: &[u8], i: usize) -> u32 {
    let mut b = [0u8; 4];
    for (j, x) in b.iter_mut().enumerate() {
        *x = data.get(4 * i + j).copied().unwrap_or(0);
    }
    // Small values most of the time: the interesting ones are near 0.
    let v = u32::from_le_bytes(b);
    if v & 0x8000_0000 != 0 {
        v
    } else {
        v % 8
    }
}

fuzz_target!(|data: &[u8]| {
    let raw = gpukit_config {
        backend: word(data, 0),
        window_c: word(data, 1),
        validation: word(data, 2),
        input_form: word(data, 3),
        devices: word(data, 4),
        blinded: word(data, 5),
        precompute: word(data, 6),
        fixed_base: word(data, 7),
        point_format: word(data, 8),
        scalar_order: word(data, 9),
    };
    match raw.to_config() {
        Ok(c) => {
            assert_eq!(c.backend as u32, raw.backend);
            assert_eq!(c.validation as u32, raw.validation);
            assert_eq!(c.input_form as u32, raw.input_form);
            assert_eq!(c.point_format as u32, raw.point_format);
            assert_eq!(c.scalar_order as u32, raw.scalar_order);
            assert_eq!(
                (c.window_c, c.devices, c.blinded as u32, c.precompute, c.fixed_base),
                (raw.window_c, raw.devices, raw.blinded, raw.precompute, raw.fixed_base)
            );
        }
        Err(e) => assert_eq!(e.status(), Status::BadConfig),
    }
    // The rest of the bytes: three environment values separated by 0xFE.
    let rest = data.get(40..).unwrap_or(&[]);
    let mut parts = rest
        .split(|&b| b == 0xFE)
        .map(|p| OsString::from_vec(p.to_vec()));
    let values = [parts.next(), parts.next(), parts.next()];
    let keys = ["GPUKIT_BACKEND", "GPUKIT_WINDOW", "GPUKIT_DEVICES"];
    let lookup = |k: &str| {
        keys.iter()
            .position(|x| *x == k)
            .and_then(|i| values[i].clone())
    };
    match EnvOverrides::parse_os(lookup) {
        Ok(env) => {
            if let Some(b) = env.backend {
                assert!(matches!(
                    b,
                    Backend::Auto | Backend::Serial | Backend::Cpu | Backend::Gpu
                ));
            }
            if let Some(mask) = env.devices {
                assert_ne!(mask, 0);
            }
        }
        Err(e) => assert_eq!(e.status(), Status::BadConfig),
    }
});
