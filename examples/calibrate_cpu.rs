//! Measures, per curve, on this machine (release build):
//!
//!     cargo run --release --example calibrate_cpu -- crossover
//!         the serial/CPU crossover: the smallest n (power of two up to 256)
//!         from which Pippenger on all cores beats the serial backend —
//!         the values of plan::serial_crossover;
//!     cargo run --release --example calibrate_cpu -- msm 16,20 [curves]
//!         CPU MSM time at 2^k through gpukit (Backend::Cpu) and through
//!         arkworks' VariableBaseMSM directly;
//!     cargo run --release --example calibrate_cpu -- validation [log2 n]
//!         decoding + validation cost per point at each level.
//!
//! Each time is the median of a few runs; keep runs short on shared machines.

mod timing_inputs;

use gpukit::ark::ark_ec::VariableBaseMSM;
use gpukit::encoding::{decode_points, encode_points, PointCheck};
use gpukit::{Backend, Config, Curve, CurveId, InputForm};
use std::time::Instant;
use timing_inputs::inputs;

/// Median wall time in seconds of `runs` calls of `f`.
fn median(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut t: Vec<f64> = (0..runs)
        .map(|_| {
            let s = Instant::now();
            f();
            s.elapsed().as_secs_f64()
        })
        .collect();
    t.sort_by(|a, b| a.partial_cmp(b).expect("no NaN"));
    t[runs / 2]
}

fn crossover<C: Curve>() {
    let serial = Config {
        backend: Backend::Serial,
        ..Config::default()
    };
    let cpu = Config {
        backend: Backend::Cpu,
        ..Config::default()
    };
    let mut found = None;
    let mut line = String::new();
    for log_n in 0..=8 {
        let n = 1usize << log_n;
        let (p, s) = inputs::<C>(n as u64, n);
        // Enough repetitions that each measurement is a few milliseconds.
        let reps = (256 / n).max(2);
        let ts = median(5, || {
            (0..reps).for_each(|_| {
                std::hint::black_box(gpukit::msm_with::<C>(&p, &s, &serial).expect("MSM"));
            })
        });
        let tc = median(5, || {
            (0..reps).for_each(|_| {
                std::hint::black_box(gpukit::msm_with::<C>(&p, &s, &cpu).expect("MSM"));
            })
        });
        line += &format!(
            " n={n}: {:.1}/{:.1}us",
            ts / reps as f64 * 1e6,
            tc / reps as f64 * 1e6
        );
        if tc < ts {
            found.get_or_insert(n);
        } else {
            found = None;
        }
    }
    println!(
        "{:14} serial_crossover = {:?}   (serial/cpu:{line})",
        C::ID.name(),
        found
    );
}

fn msm_times<C: Curve>(log_sizes: &[u32]) {
    for &k in log_sizes {
        let (p, s) = inputs::<C>(1 << k, 1 << k);
        let cpu = Config {
            backend: Backend::Cpu,
            ..Config::default()
        };
        let runs = if k >= 18 { 1 } else { 3 };
        let tg = median(runs, || {
            std::hint::black_box(gpukit::msm_with::<C>(&p, &s, &cpu).expect("MSM"));
        });
        let ta = median(runs, || {
            std::hint::black_box(C::Projective::msm(&p, &s).expect("MSM"));
        });
        println!(
            "{:14} 2^{k:<2} gpukit cpu {:9.1} ms   arkworks {:9.1} ms",
            C::ID.name(),
            tg * 1e3,
            ta * 1e3
        );
    }
}

fn validation<C: Curve>(log_n: u32) {
    let n = 1usize << log_n;
    let (p, _) = inputs::<C>(n as u64, n);
    let wire = encode_points::<C>(&p);
    let mut line = format!("{:14}", C::ID.name());
    for (name, check) in [
        ("trusted", PointCheck::None),
        ("on_curve", PointCheck::OnCurve),
        ("full", PointCheck::Subgroup),
    ] {
        let t = median(3, || {
            std::hint::black_box(
                decode_points::<C>(&wire, InputForm::Canonical, check).expect("valid points"),
            );
        });
        line += &format!("  {name} {:8.1} ns/pt", t / n as f64 * 1e9);
    }
    println!("{line}  ({} threads)", rayon::current_num_threads());
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = args.first().map_or("crossover", String::as_str);
    let curves: Vec<CurveId> = match args.get(2) {
        Some(list) => list
            .split(',')
            .map(|n| {
                *CurveId::ALL
                    .iter()
                    .find(|c| c.name() == n)
                    .expect("curve name")
            })
            .collect(),
        None => CurveId::ALL.to_vec(),
    };
    for curve in curves {
        macro_rules! by_curve {
            ($(($marker:ident, $snake:ident, $($rest:tt)*)),* $(,)?) => {
                match curve {
                    $(CurveId::$marker => {
                        type C = gpukit::curves::$marker;
                        match mode {
                            "crossover" => crossover::<C>(),
                            "msm" => {
                                let sizes: Vec<u32> = args.get(1).map_or("16", String::as_str)
                                    .split(',').map(|k| k.parse().expect("log2 size")).collect();
                                msm_times::<C>(&sizes)
                            }
                            "validation" => validation::<C>(args.get(1).map_or(14, |k| k.parse().expect("log2 n"))),
                            _ => panic!("mode is crossover, msm or validation"),
                        }
                    })*
                }
            };
        }
        gpukit::for_each_curve!(by_curve);
    }
}
