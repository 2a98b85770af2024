//! Load test: N threads for T seconds mixing one-shot, blinded, resident-bases
//! and batch calls over all six curves through the C ABI, valid and invalid
//! inputs, every result checked against arkworks and every invalid input
//! against its status; host memory (VmRSS) sampled each second and
//! required flat.
//!
//! ```text
//! cargo run --release --example stress -- [--threads N] [--seconds T] [--max-n N] [--seed S]
//! ```
//!
//! Exits non-zero on any wrong result or status, or when the resident set
//! after the warm-up grows by more than 25% + 64 MiB (a leak).

use ark_ec::{AffineRepr, CurveGroup, VariableBaseMSM};
use ark_ff::UniformRand;
use gpukit::encoding::{decode_point, encode_points, encode_scalars};
use gpukit::ffi::consts::*;
use gpukit::ffi::*;
use gpukit::Curve;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use std::ffi::CStr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Resident bases per curve, shared by every thread (the ABI promises
/// concurrent use of one handle).
const BASES: usize = 256;

struct Shared {
    /// Per curve id: the bases handle and its points.
    bases: Vec<Option<(usize, Vec<u8>)>>,
    max_n: usize,
    calls: AtomicU64,
    failures: AtomicU64,
    stop: AtomicBool,
}

fn last_error() -> String {
    // SAFETY: gpukit_last_error returns a valid NUL-terminated string.
    unsafe { CStr::from_ptr(gpukit_last_error()) }
        .to_string_lossy()
        .into_owned()
}

fn fail(shared: &Shared, what: String) {
    shared.failures.fetch_add(1, Ordering::Relaxed);
    eprintln!("stress: FAILED: {what}");
}

/// Pseudo-random points: multiples of the generator by small random
/// scalars, summed in a running chain (cheap to make).
fn points<C: Curve>(rng: &mut ChaCha20Rng, n: usize) -> Vec<C::Affine> {
    let g = C::Affine::generator().into_group();
    let step = g * C::Scalar::from(rng.gen::<u64>());
    let mut acc = g * C::Scalar::from(rng.gen::<u64>());
    let all: Vec<C::Projective> = (0..n)
        .map(|_| {
            acc += step;
            acc
        })
        .collect();
    C::Projective::normalize_batch(&all)
}

fn reference<C: Curve>(points: &[C::Affine], scalars: &[C::Scalar]) -> C::Affine {
    C::Projective::msm(points, scalars)
        .expect("equal lengths")
        .into_affine()
}

/// One random call on curve C; checks its outcome.
fn one_call<C: Curve>(shared: &Shared, rng: &mut ChaCha20Rng) {
    let id = C::ID as u8;
    let pb_len = C::ID.point_bytes();
    let kind = rng.gen_range(0..4);
    let invalid = rng.gen_bool(0.2);
    let n = rng.gen_range(1..=shared.max_n.min(BASES));
    let scalars: Vec<C::Scalar> = (0..n).map(|_| C::Scalar::rand(rng)).collect();
    let mut sb = encode_scalars::<C>(&scalars);
    let bad_index = rng.gen_range(0..n);
    let mut out = vec![0u8; pb_len];
    let (status, expected_status, expected, label) = match kind {
        // One-shot (_ex with a random backend and window) or blinded.
        0 | 1 => {
            let pts = points::<C>(rng, n);
            let mut pb = encode_points::<C>(&pts);
            let expected_status = if invalid {
                if rng.gen_bool(0.5) {
                    sb[bad_index * 32..bad_index * 32 + 32].fill(0xff);
                    GPUKIT_ERR_SCALAR_OUT_OF_RANGE
                } else {
                    // y ± 1 (its lowest bit flipped): off the curve, still canonical
                    // (y = p − 1 has probability ~2^-254).
                    pb[bad_index * pb_len + pb_len / 2] ^= 1;
                    GPUKIT_ERR_POINT_NOT_ON_CURVE
                }
            } else {
                GPUKIT_OK
            };
            let config = gpukit_config {
                backend: [
                    GPUKIT_BACKEND_AUTO,
                    GPUKIT_BACKEND_SERIAL,
                    GPUKIT_BACKEND_CPU,
                ][rng.gen_range(0..3)],
                window_c: [0, 0, 3, 8, 13][rng.gen_range(0..5)],
                blinded: (kind == 1) as u32,
                ..gpukit_config_default()
            };
            // SAFETY: n points, n scalars, one output point; config is valid.
            let status = unsafe {
                gpukit_msm_ex(
                    id,
                    pb.as_ptr(),
                    sb.as_ptr(),
                    out.as_mut_ptr(),
                    n as u32,
                    &config,
                )
            };
            let label = format!("{} msm_ex n={n} {config:?}", C::ID.name());
            (
                status,
                expected_status,
                vec![reference::<C>(&pts, &scalars)],
                label,
            )
        }
        // Resident bases: one MSM, or a batch of 1..4.
        _ => {
            let (handle, base_bytes) = shared.bases[id as usize]
                .as_ref()
                .expect("bases made at start");
            let handle = *handle as *const gpukit_bases;
            let pts = gpukit::encoding::decode_points::<C>(
                &base_bytes[..n * pb_len],
                gpukit::InputForm::Canonical,
                gpukit::encoding::PointCheck::None,
            )
            .expect("our own encoding");
            let batch = if kind == 2 { 1 } else { rng.gen_range(1..=4) };
            let all: Vec<Vec<C::Scalar>> = (0..batch)
                .map(|j| {
                    if j == 0 {
                        scalars.clone()
                    } else {
                        (0..n).map(|_| C::Scalar::rand(rng)).collect()
                    }
                })
                .collect();
            let mut wire: Vec<u8> = all.iter().flat_map(|s| encode_scalars::<C>(s)).collect();
            let (n_call, expected_status) = if invalid {
                if rng.gen_bool(0.5) {
                    wire[bad_index * 32..bad_index * 32 + 32].fill(0xff);
                    (n, GPUKIT_ERR_SCALAR_OUT_OF_RANGE)
                } else {
                    (BASES + 1, GPUKIT_ERR_SIZE_MISMATCH)
                }
            } else {
                (n, GPUKIT_OK)
            };
            out = vec![0u8; batch * pb_len];
            // SAFETY: the handle is live; wire holds batch·n scalars (n_call > n fails on
            // the size check before reading); out holds batch points.
            let status = unsafe {
                gpukit_bases_msm_batch(
                    handle,
                    wire.as_ptr(),
                    n_call as u32,
                    batch as u32,
                    out.as_mut_ptr(),
                )
            };
            let expected = all.iter().map(|s| reference::<C>(&pts, s)).collect();
            (
                status,
                expected_status,
                expected,
                format!("{} bases batch={batch} n={n}", C::ID.name()),
            )
        }
    };
    shared.calls.fetch_add(1, Ordering::Relaxed);
    if status != expected_status {
        return fail(
            shared,
            format!(
                "{label}: status {status}, expected {expected_status}: {}",
                last_error()
            ),
        );
    }
    if status == GPUKIT_OK {
        for (j, want) in expected.iter().enumerate() {
            let got = decode_point::<C>(&out[j * pb_len..(j + 1) * pb_len]);
            if got.as_ref() != Ok(want) {
                return fail(shared, format!("{label}: result {j} differs from arkworks"));
            }
        }
    } else if last_error().is_empty() {
        fail(
            shared,
            format!("{label}: status {status} without a message"),
        );
    }
}

fn make_bases<C: Curve>(rng: &mut ChaCha20Rng) -> (usize, Vec<u8>) {
    let bytes = encode_points::<C>(&points::<C>(rng, BASES));
    let mut handle = std::ptr::null_mut();
    // SAFETY: BASES points; NULL config = defaults; handle is writable.
    let status = unsafe {
        gpukit_bases_new(
            C::ID as u8,
            bytes.as_ptr(),
            BASES as u32,
            std::ptr::null(),
            &mut handle,
        )
    };
    assert_eq!(status, GPUKIT_OK, "bases_new: {}", last_error());
    (handle as usize, bytes)
}

macro_rules! by_curve {
    ($(($marker:ident, $snake:ident, $id:literal, $($rest:tt)*)),* $(,)?) => {
        fn call_on(id: u8, shared: &Shared, rng: &mut ChaCha20Rng) {
            match id {
                $($id => one_call::<gpukit::curves::$marker>(shared, rng),)*
                _ => unreachable!(),
            }
        }
        fn bases_for(id: u8, rng: &mut ChaCha20Rng) -> (usize, Vec<u8>) {
            match id {
                $($id => make_bases::<gpukit::curves::$marker>(rng),)*
                _ => unreachable!(),
            }
        }
    };
}
gpukit::for_each_curve!(by_curve);

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
        })
        .unwrap_or(0)
}

fn arg(args: &[String], name: &str, default: u64) -> u64 {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map(|v| {
            v.parse()
                .unwrap_or_else(|_| panic!("{name} takes a number, not {v}"))
        })
        .unwrap_or(default)
}

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let threads = arg(&args, "--threads", 4) as usize;
    let seconds = arg(&args, "--seconds", 30);
    let max_n = arg(&args, "--max-n", 128) as usize;
    let seed = arg(&args, "--seed", 1);
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let mut bases: Vec<Option<(usize, Vec<u8>)>> = vec![None; 7];
    for &c in gpukit::CurveId::ALL {
        bases[c as usize] = Some(bases_for(c as u8, &mut rng));
    }
    let shared = Shared {
        bases,
        max_n: max_n.max(1),
        calls: AtomicU64::new(0),
        failures: AtomicU64::new(0),
        stop: AtomicBool::new(false),
    };
    println!(
        "stress: {threads} threads, {seconds} s, n <= {max_n}, seed {seed}, {} GPU(s)",
        gpukit::gpu_count()
    );
    let start = Instant::now();
    let mut samples = Vec::new();
    std::thread::scope(|s| {
        for t in 0..threads {
            let shared = &shared;
            s.spawn(move || {
                let mut rng =
                    ChaCha20Rng::seed_from_u64(seed.wrapping_mul(1000).wrapping_add(t as u64));
                while !shared.stop.load(Ordering::Relaxed) {
                    let id = rng.gen_range(1..=6u8);
                    call_on(id, shared, &mut rng);
                }
            });
        }
        while start.elapsed() < Duration::from_secs(seconds) {
            std::thread::sleep(Duration::from_secs(1));
            samples.push(rss_kib());
        }
        shared.stop.store(true, Ordering::Relaxed);
    });
    for b in shared.bases.iter().flatten() {
        // SAFETY: from gpukit_bases_new, freed once, no thread uses it any more.
        unsafe { gpukit_bases_free(b.0 as *mut gpukit_bases) };
    }
    let calls = shared.calls.load(Ordering::Relaxed);
    let failures = shared.failures.load(Ordering::Relaxed);
    // Flat: after the first quarter (warm-up: pools, arenas), the resident
    // set does not keep growing.
    let warm = samples.get(samples.len() / 4).copied().unwrap_or(0);
    let peak_after = samples[samples.len() / 4..]
        .iter()
        .copied()
        .max()
        .unwrap_or(0);
    let last = samples.last().copied().unwrap_or(0);
    let flat = peak_after <= warm + warm / 4 + 64 * 1024;
    println!(
        "stress: {calls} calls ({:.0}/s), {failures} failures; VmRSS KiB: first {}, after warm-up {warm}, peak after {peak_after}, last {last}: {}",
        calls as f64 / start.elapsed().as_secs_f64(),
        samples.first().copied().unwrap_or(0),
        if flat { "flat" } else { "GROWING" },
    );
    if failures == 0 && flat && calls > 0 {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    }
}
