//! `gpukit-bench batch`: many MSMs over one resident basis, the shapes real
//! provers run (a Verkle client's 256-point commitments, EIP-4844 blobs of
//! 4096 points, a PLONK prover's polynomials), timed as one
//! `Bases::msm_batch` call with the scalars read from host memory inside the
//! timing, against arkworks running the same vectors in parallel on the
//! host's cores; then the same batch through the wire format, as a C caller
//! runs it (`BasesBytes::msm_batch`, what `gpukit_bases_msm_batch` calls:
//! canonical scalars packed in one buffer, results as wire points), once
//! with little-endian and once with big-endian scalars. Every
//! gpukit result is checked equal to arkworks' (or, with `--no-arkworks`,
//! only between repetitions).

use std::fmt::Write as _;
use std::process::ExitCode;

use ark_ec::{CurveGroup, VariableBaseMSM};
use gpukit::{BasesBytes, CurveId, ScalarOrder};
use rayon::prelude::*;

use crate::cli::BatchArgs;
use crate::curves::BenchCurve;
use crate::inputs;
use crate::stats::{measure, Plan};
use crate::systems::{resident_bases, GpukitOptions};
use gpukit::with_curve;

/// One shape: `count` MSMs of 2^log_n points on `curve`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Shape {
    pub curve: CurveId,
    pub count: usize,
    pub log_n: u32,
}

/// Parses `curve:COUNTxLOG_N`.
pub fn parse_shape(text: &str) -> Result<Shape, String> {
    let (curve, shape) = text
        .split_once(':')
        .ok_or_else(|| format!("{text:?}: expected curve:COUNTxLOG_N"))?;
    let curve = crate::curves::by_name(curve).ok_or_else(|| format!("unknown curve {curve:?}"))?;
    let (count, log_n) = shape
        .split_once('x')
        .ok_or_else(|| format!("{shape:?}: expected COUNTxLOG_N"))?;
    let count = count.parse().map_err(|e| format!("count {count:?}: {e}"))?;
    let log_n = log_n.parse().map_err(|e| format!("log_n {log_n:?}: {e}"))?;
    Ok(Shape {
        curve,
        count,
        log_n,
    })
}

/// Runs every shape and prints one table row each; writes batch.csv in --out.
pub fn run(
    args: &BatchArgs,
    plan: &Plan,
    opts: &GpukitOptions,
) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let shapes: Vec<Shape> = args
        .shapes
        .iter()
        .map(|s| parse_shape(s))
        .collect::<Result<_, _>>()?;
    let mut csv = String::from("curve,count,log_n,system,median_ms,min_ms,max_ms,status\n");
    let mut failed = false;
    println!(
        "{:<14} {:>7} {:>6} {:<28} {:>11} {:>11}  status",
        "curve", "count", "log_n", "system", "median ms", "min ms"
    );
    for shape in &shapes {
        let rows = with_curve!(shape.curve, C => run_shape::<C>(shape, args, plan, opts, args.common.seed));
        for (system, summary, status) in rows {
            let (median, min, max) = summary.map_or((f64::NAN, f64::NAN, f64::NAN), |s| {
                (s.median_ms, s.min_ms, s.max_ms)
            });
            println!(
                "{:<14} {:>7} {:>6} {:<28} {:>11.2} {:>11.2}  {status}",
                shape.curve.name(),
                shape.count,
                shape.log_n,
                system,
                median,
                min
            );
            failed |= status != "ok";
            writeln!(
                csv,
                "{},{},{},{system},{median:.4},{min:.4},{max:.4},{status}",
                shape.curve.name(),
                shape.count,
                shape.log_n
            )?;
        }
    }
    std::fs::create_dir_all(&args.common.out)?;
    let path = args.common.out.join("batch.csv");
    std::fs::write(&path, csv)?;
    println!("wrote {}", path.display());
    Ok(if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

type Row = (&'static str, Option<crate::stats::Summary>, String);

fn run_shape<C: BenchCurve>(
    shape: &Shape,
    args: &BatchArgs,
    plan: &Plan,
    opts: &GpukitOptions,
    seed: u64,
) -> Vec<Row> {
    let n = 1usize << shape.log_n;
    let seed = seed ^ (C::ID as u64).rotate_right(8);
    let points = inputs::points::<C>(n, seed);
    let flat = inputs::scalars::<C>(n * shape.count, seed ^ 0x5eed);
    let vectors: Vec<Vec<C::Scalar>> = flat.chunks_exact(n).map(<[C::Scalar]>::to_vec).collect();
    let mut rows = Vec::new();
    let reference = if args.no_arkworks {
        None
    } else {
        let mut arkworks = || -> Result<Vec<C::Affine>, String> {
            Ok(vectors
                .par_iter()
                .map(|k| {
                    C::Projective::msm(&points, k)
                        .expect("equal lengths")
                        .into_affine()
                })
                .collect())
        };
        match measure(plan, &mut arkworks) {
            Ok(m) => {
                rows.push(("arkworks", Some(m.summary()), "ok".to_string()));
                Some(m.result)
            }
            Err(e) => {
                rows.push(("arkworks", None, e));
                None
            }
        }
    };
    let bases = match resident_bases::<C>(&points, opts) {
        Ok(b) => b,
        Err(e) => {
            rows.push(("gpukit-gpu-resident", None, e));
            return rows;
        }
    };
    let mut gpukit = || bases.msm_batch(&vectors).map_err(|e| e.to_string());
    match measure(plan, &mut gpukit) {
        Ok(m) => {
            let status = match &reference {
                Some(want) if *want != m.result => "MISMATCH with arkworks".to_string(),
                _ => "ok".to_string(),
            };
            rows.push(("gpukit-gpu-resident", Some(m.summary()), status));
        }
        Err(e) => rows.push(("gpukit-gpu-resident", None, e)),
    }
    // One basis's tables at a time on the device.
    drop(bases);
    for order in [ScalarOrder::LittleEndian, ScalarOrder::BigEndian] {
        rows.push(run_wire::<C>(
            &points,
            &flat,
            order,
            shape,
            plan,
            opts,
            reference.as_deref(),
        ));
    }
    rows
}

/// The batch through the wire format: the C ABI's path, with the scalars
/// little-endian (the wire format) or big-endian (as EIP-4844 blobs hold
/// them; the device reverses them).
fn run_wire<C: BenchCurve>(
    points: &[C::Affine],
    scalars: &[C::Scalar],
    order: ScalarOrder,
    shape: &Shape,
    plan: &Plan,
    opts: &GpukitOptions,
    reference: Option<&[C::Affine]>,
) -> Row {
    let system = match order {
        ScalarOrder::LittleEndian => "gpukit-gpu-resident-wire",
        ScalarOrder::BigEndian => "gpukit-gpu-resident-wire-be",
    };
    let n = 1usize << shape.log_n;
    let mut wire_scalars = gpukit::encoding::encode_scalars::<C>(scalars);
    if order == ScalarOrder::BigEndian {
        wire_scalars
            .par_chunks_exact_mut(gpukit::SCALAR_BYTES)
            .for_each(|s| s.reverse());
    }
    let config = gpukit::Config {
        scalar_order: order,
        ..opts.config(gpukit::Backend::Gpu)
    };
    let bases = match BasesBytes::new(
        C::ID,
        &gpukit::encoding::encode_points::<C>(points),
        &config,
    ) {
        Ok(b) => b,
        Err(e) => return (system, None, e.to_string()),
    };
    let mut call = || {
        bases
            .msm_batch(&wire_scalars, n, shape.count)
            .map_err(|e| e.to_string())
    };
    match measure(plan, &mut call) {
        Ok(m) => {
            let status = match reference {
                Some(want) => {
                    let got: Result<Vec<C::Affine>, _> = m
                        .result
                        .chunks_exact(C::ID.point_bytes())
                        .map(gpukit::encoding::decode_point::<C>)
                        .collect();
                    match got {
                        Ok(got) if got == want => "ok".to_string(),
                        _ => "MISMATCH with arkworks".to_string(),
                    }
                }
                None => "ok".to_string(),
            };
            (system, Some(m.summary()), status)
        }
        Err(e) => (system, None, e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_parse() {
        assert_eq!(
            parse_shape("banderwagon:65536x8"),
            Ok(Shape {
                curve: CurveId::Banderwagon,
                count: 65536,
                log_n: 8
            })
        );
        assert_eq!(
            parse_shape("bls12_381_g1:1024x12"),
            Ok(Shape {
                curve: CurveId::Bls12_381G1,
                count: 1024,
                log_n: 12
            })
        );
        for bad in [
            "bn254_g1",
            "nope:1x2",
            "bn254_g1:12",
            "bn254_g1:ax2",
            "bn254_g1:1xb",
        ] {
            assert!(parse_shape(bad).is_err(), "{bad}");
        }
    }
}
