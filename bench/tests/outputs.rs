//! A tiny real run (serial and CPU backends, arkworks and blst, n = 2^6..2^8)
//! must write CSV and JSON with the documented columns, agree with itself
//! when read back, and draw the plots; a tiny calibration must write
//! tuning.rs in the form the library includes.

use std::path::Path;
use std::time::Duration;

use gpukit::{CurveId, Validation};
use gpukit_bench::calibrate;
use gpukit_bench::env_info::Host;
use gpukit_bench::record::{self, status, COLUMNS};
use gpukit_bench::run;
use gpukit_bench::stats::Plan;
use gpukit_bench::systems::{GpukitOptions, System};

const PLAN: Plan = Plan {
    warmup: 1,
    reps: 2,
    budget: Duration::from_secs(5),
};
const OPTS: GpukitOptions = GpukitOptions {
    window_c: 0,
    validation: Validation::Trusted,
    precompute: 0,
    fixed_base: 0,
    page_locked: false,
};

/// A benchmark run of `systems` on `curves` at the sizes 2^`log_n`, with
/// the tests' plan and options, writing into `out`.
fn tiny_run(
    out: &Path,
    curves: &[CurveId],
    log_n: &[u32],
    systems: &[System],
    seed: u64,
) -> run::Report {
    let settings = run::Settings {
        curves: curves.to_vec(),
        log_n: log_n.to_vec(),
        systems: systems.to_vec(),
        plan: PLAN,
        gpukit: OPTS,
        seed,
        serial_max_log_n: 16,
        out: out.to_path_buf(),
        deadline: None,
    };
    run::run(&settings, &Host::detect()).unwrap()
}

fn is_png(path: &Path) -> bool {
    let bytes = std::fs::read(path).unwrap_or_default();
    bytes.len() > 1000 && bytes.starts_with(b"\x89PNG\r\n\x1a\n")
}

#[test]
fn tiny_run_writes_checked_csv_json_and_plots() {
    let dir = tempfile::tempdir().unwrap();
    let report = tiny_run(
        dir.path(),
        &[CurveId::Bn254G1, CurveId::Bls12_381G1],
        &[6, 7, 8],
        &[
            System::Arkworks,
            System::Blst,
            System::GpukitSerial,
            System::GpukitCpu,
        ],
        11,
    );

    // blst has BLS12-381 G1 only: 3 sizes × (3 systems + 3 systems + blst).
    assert_eq!(report.rows.len(), 3 * 3 + 3 * 4);
    for r in &report.rows {
        assert_eq!(r.status, status::OK, "{r:?}");
        let (min, med, max) = (r.min_ms.unwrap(), r.median_ms.unwrap(), r.max_ms.unwrap());
        assert!(0.0 < min && min <= med && med <= max, "{r:?}");
        assert_eq!(r.n, 1 << r.log_n);
        assert!(r.reps >= 1 && r.reps <= PLAN.reps);
        assert!(r.speedup_vs_arkworks.is_some(), "{r:?}");
        if r.system == "arkworks" {
            assert_eq!(r.speedup_vs_arkworks, Some(1.0));
        }
        assert!(!r.git_commit.is_empty() && !r.cpu_model.is_empty() && r.cpu_cores > 0);
    }
    assert!(report
        .rows
        .iter()
        .any(|r| r.system == "blst" && r.curve == "bls12_381_g1"));

    let csv = dir.path().join("bench.csv");
    let header = std::fs::read_to_string(&csv)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    assert_eq!(header, COLUMNS.join(","));
    assert_eq!(record::read_csv(&csv).unwrap(), report.rows);

    let json = dir.path().join("bench.json");
    let value: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let objects = value.as_array().unwrap();
    assert_eq!(objects.len(), report.rows.len());
    for o in objects {
        let keys: Vec<&str> = o.as_object().unwrap().keys().map(String::as_str).collect();
        let mut expected = COLUMNS.to_vec();
        expected.sort_unstable();
        let mut keys = keys;
        keys.sort_unstable();
        assert_eq!(keys, expected);
    }
    assert_eq!(record::read_json(&json).unwrap(), report.rows);

    for name in ["time_bn254_g1.png", "time_bls12_381_g1.png", "speedup.png"] {
        let path = dir.path().join(name);
        assert!(is_png(&path), "{name} missing or not a PNG");
        assert!(report.files.contains(&path));
    }
}

/// The compressed wire system runs where gpukit has a device and the curve
/// a format the device decompresses (BN254 here, not BLS12-377), checked
/// like every system; without a device it is skipped with a note, as the
/// other GPU systems are, and the case's other systems still run.
#[test]
fn the_compressed_wire_system_runs_or_is_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let report = tiny_run(
        dir.path(),
        &[CurveId::Bn254G1, CurveId::Bls12_377G1],
        &[6],
        &[System::GpukitCpu, System::GpukitGpuWireCompressed],
        12,
    );
    let mut expected = vec![("bn254_g1", "gpukit-cpu"), ("bls12_377_g1", "gpukit-cpu")];
    if gpukit::gpu_count() > 0 {
        expected.insert(1, ("bn254_g1", "gpukit-gpu-wire-compressed"));
    }
    let rows: Vec<(&str, &str)> = report
        .rows
        .iter()
        .map(|r| (r.curve.as_str(), r.system.as_str()))
        .collect();
    assert_eq!(rows, expected);
    for r in &report.rows {
        assert_eq!(r.status, status::OK, "{r:?}");
    }
}

#[test]
fn tiny_calibration_writes_tuning_rs() {
    let dir = tempfile::tempdir().unwrap();
    let settings = calibrate::Settings {
        curves: vec![CurveId::Secp256k1],
        serial_log_n: vec![0, 1, 2, 3],
        gpu_log_n: vec![8],
        window_log_n: vec![10],
        resident_window_log_n: vec![13],
        plan: PLAN,
        gpukit: OPTS,
        seed: 3,
        out: dir.path().to_path_buf(),
        deadline: None,
        command: "gpukit-bench calibrate (test)".into(),
    };
    let (results, files) = calibrate::run(&settings, &Host::detect()).unwrap();
    assert_eq!(results.len(), 1);
    assert_eq!(results[0].serial_cpu.points.len(), 4);
    assert_eq!(files.len(), 3);

    let text = std::fs::read_to_string(dir.path().join("tuning.rs")).unwrap();
    let code: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with("//") && !l.is_empty())
        .collect();
    assert!(text.starts_with("// Generated by `gpukit-bench calibrate`"));
    assert!(text.contains("// Command: gpukit-bench calibrate (test)"));
    // Only secp256k1 was measured: one entry per table, keyed by the curve;
    // a crossover is a power of two no larger than twice the largest size.
    assert_eq!(code[0], "use crate::curve::CurveId;");
    assert_eq!(
        code[1],
        "pub const SERIAL_CROSSOVER: &[(CurveId, usize)] = &["
    );
    let serial: usize = code[2]
        .strip_prefix("    (CurveId::Secp256k1, ")
        .and_then(|v| v.strip_suffix("),"))
        .unwrap()
        .parse()
        .unwrap();
    assert!(serial.is_power_of_two() && serial <= 16);
    assert_eq!(code[3], "];");
    assert_eq!(code[4], "pub const GPU_CROSSOVER: &[(CurveId, usize)] = &[");
    assert!(code[5].starts_with("    (CurveId::Secp256k1, "));
    assert_eq!(code[6], "];");
    // Then the two window tables, one secp256k1 row of 27 entries each.
    let resident = code
        .iter()
        .position(|l| *l == "pub const GPU_RESIDENT_WINDOW: &[(CurveId, [u8; 27])] = &[")
        .unwrap();
    for (start, end, name) in [
        (7, resident, "GPU_BEST_WINDOW"),
        (resident, code.len(), "GPU_RESIDENT_WINDOW"),
    ] {
        let table = &code[start..end];
        assert_eq!(
            table[0],
            format!("pub const {name}: &[(CurveId, [u8; 27])] = &[")
        );
        assert_eq!(
            table[1..4],
            ["    (", "        CurveId::Secp256k1,", "        ["]
        );
        let windows: Vec<&str> = table[4..table.len() - 3]
            .iter()
            .flat_map(|l| l.trim().split_terminator(','))
            .map(str::trim)
            .collect();
        assert_eq!(windows.len(), 27, "{name}");
        assert!(windows.iter().all(|w| w.parse::<u8>().is_ok()));
        assert_eq!(table[table.len() - 3..], ["        ],", "    ),", "];"]);
    }
    assert!(std::fs::read_to_string(dir.path().join("CROSSOVER.md"))
        .unwrap()
        .contains("| secp256k1 |"));
}
