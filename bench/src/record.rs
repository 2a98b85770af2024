//! One row per (curve, size, system): the CSV and JSON a run writes.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::env_info::Host;

/// What became of a case.
pub mod status {
    /// Timed, and the result equals gpukit's.
    pub const OK: &str = "ok";
    /// The result differs from gpukit's: times discarded.
    pub const MISMATCH: &str = "mismatch";
    /// The system failed (error message in `note`).
    pub const ERROR: &str = "error";
}

/// One case. Times are in milliseconds and empty unless `status` is "ok".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Row {
    pub timestamp: String,
    pub git_commit: String,
    pub curve: String,
    pub log_n: u32,
    pub n: u64,
    pub system: String,
    /// Bases uploaded outside the timed region.
    pub resident: bool,
    /// Explicit gpukit window (0 = gpukit's choice; peers choose their own).
    pub window_c: u32,
    pub warmup: usize,
    /// Timed runs behind min/median/max.
    pub reps: usize,
    pub min_ms: Option<f64>,
    pub median_ms: Option<f64>,
    pub max_ms: Option<f64>,
    /// arkworks' median / this system's median, same curve and size.
    pub speedup_vs_arkworks: Option<f64>,
    pub status: String,
    pub note: String,
    pub device_name: String,
    pub driver_version: String,
    pub cuda_version: String,
    pub cuda_runtime: String,
    pub cpu_model: String,
    pub cpu_cores: usize,
}

/// The columns, in order (the CSV header).
pub const COLUMNS: [&str; 22] = [
    "timestamp",
    "git_commit",
    "curve",
    "log_n",
    "n",
    "system",
    "resident",
    "window_c",
    "warmup",
    "reps",
    "min_ms",
    "median_ms",
    "max_ms",
    "speedup_vs_arkworks",
    "status",
    "note",
    "device_name",
    "driver_version",
    "cuda_version",
    "cuda_runtime",
    "cpu_model",
    "cpu_cores",
];

impl Row {
    /// A row with the machine facts filled in and no times.
    pub fn new(host: &Host, timestamp: &str, curve: &str, log_n: u32, system: &str) -> Row {
        Row {
            timestamp: timestamp.to_string(),
            git_commit: host.git_commit.clone(),
            curve: curve.to_string(),
            log_n,
            n: 1u64 << log_n,
            system: system.to_string(),
            resident: false,
            window_c: 0,
            warmup: 0,
            reps: 0,
            min_ms: None,
            median_ms: None,
            max_ms: None,
            speedup_vs_arkworks: None,
            status: status::OK.to_string(),
            note: String::new(),
            device_name: host.device_name.clone(),
            driver_version: host.driver_version.clone(),
            cuda_version: host.cuda_version.clone(),
            cuda_runtime: host.cuda_runtime.clone(),
            cpu_model: host.cpu_model.clone(),
            cpu_cores: host.cpu_cores,
        }
    }
}

/// Fills `speedup_vs_arkworks` of every timed row from the arkworks row of
/// the same curve and size.
pub fn fill_speedups(rows: &mut [Row]) {
    let baseline: Vec<(String, u32, f64)> = rows
        .iter()
        .filter(|r| r.system == "arkworks")
        .filter_map(|r| r.median_ms.map(|m| (r.curve.clone(), r.log_n, m)))
        .collect();
    for r in rows.iter_mut() {
        r.speedup_vs_arkworks = r.median_ms.and_then(|m| {
            baseline
                .iter()
                .find(|(c, l, _)| *c == r.curve && *l == r.log_n)
                .map(|(_, _, base)| base / m)
        });
    }
}

pub fn write_csv(path: &Path, rows: &[Row]) -> std::io::Result<()> {
    let mut w = csv::Writer::from_path(path)?;
    if rows.is_empty() {
        w.write_record(COLUMNS)?;
    }
    for r in rows {
        w.serialize(r)?;
    }
    w.flush()
}

pub fn read_csv(path: &Path) -> Result<Vec<Row>, csv::Error> {
    csv::Reader::from_path(path)?.deserialize().collect()
}

pub fn write_json(path: &Path, rows: &[Row]) -> std::io::Result<()> {
    let mut w = BufWriter::new(File::create(path)?);
    serde_json::to_writer_pretty(&mut w, rows)?;
    writeln!(w)?;
    w.flush()
}

pub fn read_json(path: &Path) -> serde_json::Result<Vec<Row>> {
    let text = std::fs::read_to_string(path).map_err(serde_json::Error::io)?;
    serde_json::from_str(&text)
}
