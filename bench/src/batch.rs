//! `gpukit-bench batch`: many MSMs over one resident basis, the shapes real
//! provers run (a Verkle client's 256-point commitments, EIP-4844 blobs of
//! 4096 points, a PLONK prover's polynomials), timed as one
//! `Bases::msm_batch` call with the scalars read from host memory inside the
//! timing, against arkworks running the same vectors in parallel on the
//! host's cores; then the same batch through the wire format, as a C caller
//! runs it (`BasesBytes::msm_batch`, what `gpukit_bases_msm_batch` calls:
//! canonical scalars packed in one buffer, results as wire points), once
//! with little-endian and once with big-endian scalars. Every
//! gpukit result is checked equal to arkworks' (or, without the arkworks
//! peer, only between repetitions).
//!
//! The KZG blob shape (`bls12_381_g1:COUNTx12`) runs on Ethereum's mainnet
//! setup, as c-kzg orders it, for every system; with the `c-kzg` peer it
//! adds the call a KZG client makes (compressed setup, big-endian blobs,
//! compressed commitments) and c-kzg's `blob_to_kzg_commitment` over the
//! same blobs on every core, its commitments checked equal to gpukit's,
//! byte for byte, before its time counts.

use std::fmt::Write as _;
use std::process::ExitCode;

use ark_ec::{CurveGroup, VariableBaseMSM};
use ark_serialize::CanonicalDeserialize;
use gpukit::{BasesBytes, CurveId, PointFormat, ScalarOrder};
use rayon::prelude::*;
use serde::Serialize;

use crate::cli::BatchArgs;
use crate::curves::BenchCurve;
use crate::inputs;
use crate::peers::kzg;
use crate::stats::{measure, Plan, Summary};
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
    let mut json = Vec::new();
    let mut failed = false;
    println!(
        "{:<14} {:>7} {:>6} {:<33} {:>11} {:>11}  status",
        "curve", "count", "log_n", "system", "median ms", "min ms"
    );
    for shape in &shapes {
        let rows = with_curve!(shape.curve, C => run_shape::<C>(shape, args, plan, opts, args.common.seed));
        for (system, summary, status) in rows {
            let (median, min, max) = summary.map_or((f64::NAN, f64::NAN, f64::NAN), |s| {
                (s.median_ms, s.min_ms, s.max_ms)
            });
            println!(
                "{:<14} {:>7} {:>6} {:<33} {:>11.2} {:>11.2}  {status}",
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
            json.push(JsonRow {
                curve: shape.curve.name(),
                count: shape.count,
                log_n: shape.log_n,
                system,
                median_ms: summary.map(|s| s.median_ms),
                min_ms: summary.map(|s| s.min_ms),
                max_ms: summary.map(|s| s.max_ms),
                status,
            });
        }
    }
    std::fs::create_dir_all(&args.common.out)?;
    let path = args.common.out.join("batch.csv");
    std::fs::write(&path, csv)?;
    println!("wrote {}", path.display());
    let path = args.common.out.join("batch.json");
    std::fs::write(&path, serde_json::to_string_pretty(&json)?)?;
    println!("wrote {}", path.display());
    Ok(if failed {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// One row of batch.json: batch.csv's columns, a time `null` where the
/// system failed or disagreed.
#[derive(Serialize)]
struct JsonRow {
    curve: &'static str,
    count: usize,
    log_n: u32,
    system: &'static str,
    median_ms: Option<f64>,
    min_ms: Option<f64>,
    max_ms: Option<f64>,
    status: String,
}

type Row = (&'static str, Option<Summary>, String);

/// Whether a shape is the KZG blob shape: BLS12-381 G1, 4096 points.
fn is_blob_shape(shape: &Shape) -> bool {
    shape.curve == CurveId::Bls12_381G1 && shape.log_n == kzg::BLOB_LOG_N
}

fn run_shape<C: BenchCurve>(
    shape: &Shape,
    args: &BatchArgs,
    plan: &Plan,
    opts: &GpukitOptions,
    seed: u64,
) -> Vec<Row> {
    let n = 1usize << shape.log_n;
    let seed = seed ^ (C::ID as u64).rotate_right(8);
    let blobs = is_blob_shape(shape);
    let points = if blobs {
        match kzg::basis::<C::Affine>() {
            Ok(p) => p,
            Err(e) => return vec![("inputs", None, e)],
        }
    } else {
        inputs::points::<C>(n, seed)
    };
    let flat = inputs::scalars::<C>(n * shape.count, seed ^ 0x5eed);
    let vectors: Vec<Vec<C::Scalar>> = flat.chunks_exact(n).map(<[C::Scalar]>::to_vec).collect();
    let mut rows = Vec::new();
    let reference = if args.no_arkworks || !args.peers.arkworks {
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
    // A failed row does not end the shape: the rows after it (c-kzg, whose
    // check falls back to gpukit's CPU backend) still run, without a GPU too.
    match resident_bases::<C>(&points, opts) {
        Ok(bases) => {
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
            // Dropped here: one basis's tables at a time on the device.
        }
        Err(e) => rows.push(("gpukit-gpu-resident", None, e)),
    }
    for order in [ScalarOrder::LittleEndian, ScalarOrder::BigEndian] {
        let wire_points = gpukit::encoding::encode_points::<C>(&points);
        let (row, _) = run_wire::<C>(
            &wire_points,
            PointFormat::Uncompressed,
            &flat,
            order,
            shape,
            plan,
            opts,
            reference.as_deref(),
        );
        rows.push(row);
    }
    // The basis compressed, as setups are published (not for blobs, whose
    // compressed row is the mainnet setup's below): `BasesBytes::new`
    // decompresses it on the device where the format and the checks allow
    // (bench/NOTES.md, v19d); its time goes to stderr with the others'.
    if !blobs {
        if let Some(compressor) = crate::compressed::of::<C>() {
            let (row, _) = run_wire::<C>(
                &compressor.encode_all(&points),
                PointFormat::Compressed,
                &flat,
                ScalarOrder::LittleEndian,
                shape,
                plan,
                opts,
                reference.as_deref(),
            );
            rows.push(row);
        }
    }
    if blobs && args.peers.c_kzg {
        // The KZG client's call: the setup as published, the blobs as
        // they are held, commitments as c-kzg writes them.
        let (row, commitments) = run_wire::<C>(
            &kzg::blob_basis(),
            PointFormat::Compressed,
            &flat,
            ScalarOrder::BigEndian,
            shape,
            plan,
            opts,
            reference.as_deref(),
        );
        rows.push(row);
        rows.push(run_c_kzg::<C>(&flat, shape, plan, commitments));
    }
    rows
}

/// c-kzg's commitments of the blobs `scalars` holds, on all cores; checked
/// equal to `gpukit`'s compressed commitments (those of the timed gpukit
/// row, or when it did not run, as without a GPU, of an untimed gpukit
/// batch on the CPU backend) before its time counts.
fn run_c_kzg<C: BenchCurve>(
    scalars: &[C::Scalar],
    shape: &Shape,
    plan: &Plan,
    gpukit: Option<Vec<u8>>,
) -> Row {
    const SYSTEM: &str = "c-kzg";
    let blob_bytes = kzg::blob_bytes(scalars);
    let want = match gpukit {
        Some(w) => w,
        None => {
            let config = gpukit::Config {
                backend: gpukit::Backend::Cpu,
                point_format: PointFormat::Compressed,
                scalar_order: ScalarOrder::BigEndian,
                ..gpukit::Config::default()
            };
            let n = 1usize << shape.log_n;
            match gpukit::msm_batch_bytes(
                C::ID,
                &kzg::blob_basis(),
                1,
                &blob_bytes,
                n,
                shape.count,
                &config,
            ) {
                Ok(w) => w,
                Err(e) => return (SYSTEM, None, format!("gpukit's CPU check: {e}")),
            }
        }
    };
    let peer = match kzg::CKzg::new(&blob_bytes) {
        Ok(p) => p,
        Err(e) => return (SYSTEM, None, e),
    };
    drop(blob_bytes);
    match measure(plan, &mut || peer.commit_all()) {
        Ok(m) if m.result == want => (SYSTEM, Some(m.summary()), "ok".to_string()),
        Ok(m) => {
            let blob = m
                .result
                .chunks_exact(kzg::POINT_BYTES)
                .zip(want.chunks_exact(kzg::POINT_BYTES))
                .position(|(a, b)| a != b);
            eprintln!("c-kzg disagrees with gpukit: first at blob {blob:?}");
            (SYSTEM, None, "MISMATCH with gpukit".to_string())
        }
        Err(e) => (SYSTEM, None, e),
    }
}

/// The batch through the byte API: the C ABI's path, with the scalars
/// little-endian (the wire format) or big-endian (as EIP-4844 blobs hold
/// them; the device reverses them), points and results in `format`
/// (`points` already encoded so). Returns the row and, when every run
/// agreed with arkworks (or arkworks did not run), the encoded results.
#[allow(clippy::too_many_arguments)]
fn run_wire<C: BenchCurve>(
    points: &[u8],
    format: PointFormat,
    scalars: &[C::Scalar],
    order: ScalarOrder,
    shape: &Shape,
    plan: &Plan,
    opts: &GpukitOptions,
    reference: Option<&[C::Affine]>,
) -> (Row, Option<Vec<u8>>) {
    let system = match (format, order) {
        (PointFormat::Uncompressed, ScalarOrder::LittleEndian) => "gpukit-gpu-resident-wire",
        (PointFormat::Uncompressed, ScalarOrder::BigEndian) => "gpukit-gpu-resident-wire-be",
        (_, ScalarOrder::LittleEndian) => "gpukit-gpu-resident-compressed",
        (_, ScalarOrder::BigEndian) => "gpukit-gpu-resident-compressed-be",
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
        point_format: format,
        ..opts.config(gpukit::Backend::Gpu)
    };
    let started = std::time::Instant::now();
    let bases = match BasesBytes::new(C::ID, points, &config) {
        Ok(b) => b,
        Err(e) => return ((system, None, e.to_string()), None),
    };
    eprintln!(
        "{} bases_new ({system}) of {} points: {:.1} ms",
        C::ID.name(),
        bases.len(),
        started.elapsed().as_secs_f64() * 1e3
    );
    let mut call = || {
        bases
            .msm_batch(&wire_scalars, n, shape.count)
            .map_err(|e| e.to_string())
    };
    match measure(plan, &mut call) {
        Ok(m) => {
            let agrees = match reference {
                Some(want) => decode_results::<C>(&m.result, format).as_deref() == Some(want),
                None => true,
            };
            match agrees {
                true => (
                    (system, Some(m.summary()), "ok".to_string()),
                    Some(m.result),
                ),
                false => (
                    (
                        system,
                        Some(m.summary()),
                        "MISMATCH with arkworks".to_string(),
                    ),
                    None,
                ),
            }
        }
        Err(e) => ((system, None, e), None),
    }
}

/// Result points of the byte API as arkworks points: the wire format, or
/// (compressed) arkworks' compressed form, which is the ZCash form gpukit
/// writes for the BLS12 curves. `None` when one does not decode.
fn decode_results<C: BenchCurve>(bytes: &[u8], format: PointFormat) -> Option<Vec<C::Affine>> {
    let size = format.point_bytes(C::ID).ok()?;
    let compressor = crate::compressed::of::<C>();
    bytes
        .chunks_exact(size)
        .map(|mut p| match (format, &compressor) {
            (PointFormat::Uncompressed, _) => gpukit::encoding::decode_point::<C>(p).ok(),
            (_, Some(compressor)) => compressor.decode(p).ok(),
            (_, None) => C::Affine::deserialize_compressed(&mut p).ok(),
        })
        .collect()
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
