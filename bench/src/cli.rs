//! Command line: `gpukit-bench [OPTIONS]` benchmarks, `gpukit-bench
//! calibrate [OPTIONS]` measures crossovers and windows.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use gpukit::CurveId;

use crate::curves;
use crate::systems::System;

/// Default seed of the random inputs ("gpukit" in ASCII).
pub const DEFAULT_SEED: u64 = 0x6770_756b_6974;

#[derive(Debug, Parser)]
#[command(
    name = "gpukit-bench",
    version,
    about = "Times gpukit's MSM backends against arkworks, blst, sppark and c-kzg"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub bench: BenchArgs,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Measure the serial/cpu and cpu/gpu crossovers and the best GPU window
    /// per size; writes <out>/tuning.rs and <out>/CROSSOVER.md.
    Calibrate(CalibrateArgs),
    /// Merge the bench.csv files of earlier runs into one set of CSV, JSON and
    /// plots in --out, and print the table.
    Report(ReportArgs),
    /// Time batches of MSMs over one resident basis (`count` MSMs of 2^log-n
    /// points each) against arkworks running the vectors in parallel, and
    /// KZG blobs against c-kzg.
    Batch(BatchArgs),
}

#[derive(Debug, Args)]
pub struct BatchArgs {
    /// Shapes COUNTxLOG_N per curve, e.g. banderwagon:65536x8,bls12_381_g1:1024x12.
    #[arg(long, value_delimiter = ',', required = true)]
    pub shapes: Vec<String>,
    /// Skip arkworks (its batch takes seconds to minutes on large shapes); as if --peers left it out.
    #[arg(long)]
    pub no_arkworks: bool,
    /// Peers of the batch: arkworks (every shape), c-kzg (the KZG blob shape,
    /// bls12_381_g1:COUNTx12), all, or none.
    #[arg(long, default_value = "all", value_parser = parse_batch_peers)]
    pub peers: BatchPeers,
    #[command(flatten)]
    pub common: CommonArgs,
}

#[derive(Debug, Args)]
pub struct ReportArgs {
    /// bench.csv files written by earlier runs.
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,
    /// Output folder.
    #[arg(long, default_value = "bench-out")]
    pub out: PathBuf,
}

/// The peers of `batch`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BatchPeers {
    pub arkworks: bool,
    pub c_kzg: bool,
}

/// A list of curves: gpukit snake names, comma-separated, or `all`.
#[derive(Debug, Clone, PartialEq)]
pub struct Curves(pub Vec<CurveId>);

/// A list of log2 sizes: `10..=20`, `10..20`, `10,12,16` or `16`.
#[derive(Debug, Clone, PartialEq)]
pub struct LogSizes(pub Vec<u32>);

/// A list of systems, from `--backends` or `--peers`.
#[derive(Debug, Clone, PartialEq)]
pub struct Systems(pub Vec<System>);

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Curves: comma-separated snake names (bn254_g1,bls12_381_g2,…: gpukit::CurveId::name) or all.
    #[arg(long, default_value = "all", value_parser = parse_curves)]
    pub curves: Curves,
    /// log2 of the MSM sizes: a range (10..=20) or a list (10,12,16).
    #[arg(long = "log-n", default_value = "10..=16", value_parser = parse_log_sizes)]
    pub log_n: LogSizes,
    /// gpukit backends: auto (the dispatcher's choice), serial, cpu, gpu, gpu-wire (the GPU
    /// through the wire format, as the C ABI calls it), gpu-wire-compressed (the same with
    /// compressed points that the device decompresses: BN254, BLS12-381 G1, BLS12-377 G1, secp256k1), or
    /// all (= serial,cpu,gpu).
    #[arg(long, default_value = "auto", value_parser = parse_backends)]
    pub backends: Systems,
    /// Peers checked against gpukit: arkworks, blst (BLS12-381 G1), sppark (GPU; needs the
    /// `sppark` build feature), all, or none.
    #[arg(long, default_value = "arkworks", value_parser = parse_peers)]
    pub peers: Systems,
    /// Also time the GPU systems with resident bases (uploaded once, outside the timing).
    #[arg(long)]
    pub resident: bool,
    #[command(flatten)]
    pub common: CommonArgs,
    /// Explicit Pippenger window for gpukit (0 = gpukit's choice).
    #[arg(long, default_value_t = 0)]
    pub window: u32,
    /// gpukit-serial is skipped above this log2 size (one scalar multiplication per point).
    #[arg(long, default_value_t = 16)]
    pub serial_max_log_n: u32,
    /// Small preset for a first look: BN254 and BLS12-381 G1 at 2^8, 2^10, 2^12,
    /// 3 repetitions (replaces --curves, --log-n and --reps when those are not given).
    #[arg(long)]
    pub quick: bool,
}

/// Options of both the benchmark and the calibration.
#[derive(Debug, Args)]
pub struct CommonArgs {
    /// Timed repetitions per case (at most; see --budget-s).
    #[arg(long, default_value_t = 5)]
    pub reps: usize,
    /// Untimed runs before the timed ones.
    #[arg(long, default_value_t = 1)]
    pub warmup: usize,
    /// Time budget per case in seconds: no new repetition starts once it is spent, and a
    /// warm-up longer than it counts as the single timed run.
    #[arg(long, default_value_t = 3.0)]
    pub budget_s: f64,
    /// Start no new case after this many seconds; what was measured is still written.
    #[arg(long)]
    pub deadline_s: Option<f64>,
    /// Output folder for CSV, JSON and PNG files.
    #[arg(long, default_value = "bench-out")]
    pub out: PathBuf,
    /// Seed of the random points and scalars.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// Run gpukit with its default point validation instead of `trusted` (the peers
    /// validate nothing, so the default compares equal work).
    #[arg(long)]
    pub validate: bool,
    /// Shifted copies per base of gpukit's resident bases (0 = auto, 1 = none).
    #[arg(long, default_value_t = 0)]
    pub precompute: u32,
    /// Fixed-base digit width of gpukit's resident bases (0 = auto, 1 = none, 2..=17).
    #[arg(long, default_value_t = 0)]
    pub fixed_base: u32,
    /// Page-lock the inputs of gpukit's GPU systems (gpukit_host_register, outside the timing),
    /// so that they upload by DMA instead of through gpukit's staging buffers.
    #[arg(long)]
    pub page_locked: bool,
}

#[derive(Debug, Args)]
pub struct CalibrateArgs {
    /// Curves to calibrate.
    #[arg(long, default_value = "all", value_parser = parse_curves)]
    pub curves: Curves,
    /// Sizes for the serial/cpu crossover.
    #[arg(long, default_value = "0..=12", value_parser = parse_log_sizes)]
    pub serial_log_n: LogSizes,
    /// Sizes for the cpu/gpu crossover (needs a GPU).
    #[arg(long, default_value = "8..=20", value_parser = parse_log_sizes)]
    pub gpu_log_n: LogSizes,
    /// Sizes for the best GPU window (needs a GPU; at most 2^26).
    #[arg(long, default_value = "10..=20", value_parser = parse_log_sizes)]
    pub window_log_n: LogSizes,
    /// Sizes for the best window of resident bases with automatic copies (needs a GPU; 2^13 to
    /// 2^26); not swept unless given.
    #[arg(long, value_parser = parse_log_sizes)]
    pub resident_window_log_n: Option<LogSizes>,
    #[command(flatten)]
    pub common: CommonArgs,
}

pub fn parse_curves(s: &str) -> Result<Curves, String> {
    if s == "all" {
        return Ok(Curves(curves::ALL.to_vec()));
    }
    let list = s
        .split(',')
        .map(|name| curves::by_name(name.trim()).ok_or_else(|| format!("unknown curve `{name}`")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Curves(dedup(list)))
}

pub fn parse_log_sizes(s: &str) -> Result<LogSizes, String> {
    let num = |t: &str| {
        t.trim()
            .parse::<u32>()
            .map_err(|e| format!("bad log2 size `{t}`: {e}"))
    };
    let list: Vec<u32> = if let Some((a, b)) = s.split_once("..=") {
        (num(a)?..=num(b)?).collect()
    } else if let Some((a, b)) = s.split_once("..") {
        (num(a)?..num(b)?).collect()
    } else {
        s.split(',').map(num).collect::<Result<_, _>>()?
    };
    if list.is_empty() {
        return Err(format!("`{s}` is an empty range"));
    }
    if let Some(big) = list.iter().find(|k| **k > 30) {
        return Err(format!("log2 size {big} is too large (at most 30)"));
    }
    let mut list = dedup(list);
    list.sort_unstable();
    Ok(LogSizes(list))
}

fn parse_systems(s: &str, known: &[(&str, &[System])]) -> Result<Systems, String> {
    let mut out = Vec::new();
    for word in s.split(',').map(str::trim) {
        match known.iter().find(|(k, _)| *k == word) {
            Some((_, systems)) => out.extend_from_slice(systems),
            None => {
                let names: Vec<&str> = known.iter().map(|(k, _)| *k).collect();
                return Err(format!("unknown `{word}` (one of {})", names.join(", ")));
            }
        }
    }
    Ok(Systems(dedup(out)))
}

pub fn parse_backends(s: &str) -> Result<Systems, String> {
    parse_systems(
        s,
        &[
            ("auto", &[System::GpukitAuto]),
            ("serial", &[System::GpukitSerial]),
            ("cpu", &[System::GpukitCpu]),
            ("gpu", &[System::GpukitGpu]),
            ("gpu-wire", &[System::GpukitGpuWire]),
            ("gpu-wire-compressed", &[System::GpukitGpuWireCompressed]),
            (
                "all",
                &[System::GpukitSerial, System::GpukitCpu, System::GpukitGpu],
            ),
        ],
    )
}

pub fn parse_peers(s: &str) -> Result<Systems, String> {
    parse_systems(
        s,
        &[
            ("arkworks", &[System::Arkworks]),
            ("blst", &[System::Blst]),
            ("sppark", &[System::Sppark]),
            ("all", &[System::Arkworks, System::Blst, System::Sppark]),
            ("none", &[]),
        ],
    )
}

pub fn parse_batch_peers(s: &str) -> Result<BatchPeers, String> {
    let mut peers = BatchPeers {
        arkworks: false,
        c_kzg: false,
    };
    for word in s.split(',').map(str::trim) {
        match word {
            "arkworks" => peers.arkworks = true,
            "c-kzg" => peers.c_kzg = true,
            "all" => {
                peers.arkworks = true;
                peers.c_kzg = true;
            }
            "none" => {}
            _ => {
                return Err(format!(
                    "unknown `{word}` (one of arkworks, c-kzg, all, none)"
                ))
            }
        }
    }
    Ok(peers)
}

fn dedup<T: PartialEq>(list: Vec<T>) -> Vec<T> {
    let mut out: Vec<T> = Vec::with_capacity(list.len());
    for x in list {
        if !out.contains(&x) {
            out.push(x);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_sizes() {
        assert_eq!(parse_log_sizes("10..=12").unwrap().0, vec![10, 11, 12]);
        assert_eq!(parse_log_sizes("10..12").unwrap().0, vec![10, 11]);
        assert_eq!(parse_log_sizes("16,10,16").unwrap().0, vec![10, 16]);
        assert!(parse_log_sizes("12..10").is_err());
        assert!(parse_log_sizes("31").is_err());
        assert!(parse_log_sizes("x").is_err());
    }

    #[test]
    fn curve_lists() {
        assert_eq!(parse_curves("all").unwrap().0.len(), 6);
        assert_eq!(
            parse_curves("bn254_g1,bn254_g1").unwrap().0,
            vec![CurveId::Bn254G1]
        );
        assert!(parse_curves("bn254").is_err());
    }

    #[test]
    fn system_lists() {
        assert_eq!(
            parse_backends("all").unwrap().0,
            vec![System::GpukitSerial, System::GpukitCpu, System::GpukitGpu]
        );
        assert_eq!(parse_peers("none").unwrap().0, vec![]);
        assert!(parse_peers("icicle").is_err());
        assert_eq!(
            parse_batch_peers("c-kzg").unwrap(),
            BatchPeers {
                arkworks: false,
                c_kzg: true
            }
        );
        assert_eq!(
            parse_batch_peers("all").unwrap(),
            parse_batch_peers("c-kzg,arkworks").unwrap()
        );
        assert_eq!(
            parse_batch_peers("none").unwrap(),
            BatchPeers {
                arkworks: false,
                c_kzg: false
            }
        );
        assert!(parse_batch_peers("go-ipa").is_err());
    }
}
