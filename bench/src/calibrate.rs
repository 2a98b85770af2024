//! `gpukit-bench calibrate`: per curve, the size from which the multi-core
//! CPU backend beats the serial one, the size from which the GPU beats the
//! CPU (one-shot calls, uploads included, as the dispatcher sees them), and
//! the fastest explicit window per size on the GPU (one-shot calls, the
//! path the table serves), and on resident bases with precomputed copies
//! (calibrate_resident.rs). Writes `tuning.rs` in the form the library's
//! dispatcher includes, and `CROSSOVER.md`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use gpukit::{Backend, CurveId};

use crate::calibrate_resident::{best_resident_windows, MIN_RESIDENT_LOG_N};
use crate::curves::BenchCurve;
use crate::env_info::{self, Host};
use crate::inputs::Inputs;
use crate::record::{self, Row};
use crate::stats::{measure, Plan};
use crate::systems::GpukitOptions;
use gpukit::with_curve;

/// Highest log2 size the window table covers (`GPU_BEST_WINDOW[..][26]`).
pub const MAX_TABLE_LOG_N: u32 = 26;
/// Smallest and largest window tried.
pub(crate) const MIN_WINDOW: u32 = 4;
pub(crate) const MAX_WINDOW: u32 = 22;
/// Windows tried at log2 n = k: from k − SPAN_BELOW to k − 1, within the bounds
/// above (a window of k bits or more has more buckets than points). GPU
/// Pippenger implementations land inside: sppark picks log2(1.5·n) − 8.
const SPAN_BELOW: u32 = 10;

#[derive(Debug, Clone)]
pub struct Settings {
    pub curves: Vec<CurveId>,
    pub serial_log_n: Vec<u32>,
    pub gpu_log_n: Vec<u32>,
    pub window_log_n: Vec<u32>,
    /// Sizes of the resident bases' window sweep (from 2^13).
    pub resident_window_log_n: Vec<u32>,
    pub plan: Plan,
    pub gpukit: GpukitOptions,
    pub seed: u64,
    pub out: PathBuf,
    /// No new measurement starts after this instant.
    pub deadline: Option<Instant>,
    /// The command line, for the generated file's header.
    pub command: String,
}

/// Medians (ms) of two backends per size, and where the second overtakes.
#[derive(Debug, Clone, Default)]
pub struct Crossover {
    /// (log2 n, median of the small-n backend, median of the large-n backend).
    pub points: Vec<(u32, f64, f64)>,
    /// Smallest measured n from which the large-n backend is faster at
    /// every measured size; None when it never is.
    pub n: Option<usize>,
}

impl Crossover {
    fn from_points(points: Vec<(u32, f64, f64)>) -> Crossover {
        let mut n = None;
        for &(k, small, large) in points.iter().rev() {
            if large < small {
                n = Some(1usize << k);
            } else {
                break;
            }
        }
        Crossover { points, n }
    }
}

/// One size's window sweep: (log2 n, [(window, median ms)], best window).
pub type WindowSweep = (u32, Vec<(u32, f64)>, u32);

/// What one curve's calibration found.
#[derive(Debug, Clone)]
pub struct CurveResult {
    pub curve: CurveId,
    pub serial_cpu: Crossover,
    pub cpu_gpu: Option<Crossover>,
    /// One sweep per measured size.
    pub windows: Vec<WindowSweep>,
    /// One sweep per measured size on resident bases (window 0: the
    /// device's own choice).
    pub resident_windows: Vec<WindowSweep>,
}

/// Runs the calibration, writes `tuning.rs`, `CROSSOVER.md` and
/// `calibration.csv` into `settings.out`, and returns what it found.
pub fn run(
    settings: &Settings,
    host: &Host,
) -> Result<(Vec<CurveResult>, Vec<PathBuf>), Box<dyn std::error::Error>> {
    if let Some(k) = settings.window_log_n.iter().find(|k| **k > MAX_TABLE_LOG_N) {
        return Err(format!("window sizes go up to 2^{MAX_TABLE_LOG_N}, not 2^{k}").into());
    }
    if let Some(k) = settings
        .resident_window_log_n
        .iter()
        .find(|k| !(MIN_RESIDENT_LOG_N..=MAX_TABLE_LOG_N).contains(*k))
    {
        return Err(format!(
            "resident window sizes go from 2^{MIN_RESIDENT_LOG_N} to 2^{MAX_TABLE_LOG_N}, not 2^{k}"
        )
        .into());
    }
    let gpu = gpukit::gpu_count() > 0;
    if !gpu {
        eprintln!("no CUDA device: measuring the serial/cpu crossover only");
    }
    let timestamp = env_info::now_utc();
    let mut rows = Vec::new();
    let mut results = Vec::new();
    for &curve in &settings.curves {
        // A failing curve is left out of the tables instead of losing the others.
        match with_curve!(curve, C => calibrate_curve::<C>(settings, gpu, host, &timestamp, &mut rows))
        {
            Ok(r) => results.push(r),
            Err(e) => eprintln!(
                "{}: calibration failed, left out of the tables: {e}",
                curve.name()
            ),
        }
    }
    std::fs::create_dir_all(&settings.out)?;
    let tuning = settings.out.join("tuning.rs");
    std::fs::write(&tuning, tuning_rs(&results, settings, host, &timestamp))?;
    let md = settings.out.join("CROSSOVER.md");
    std::fs::write(&md, crossover_md(&results, settings, host, &timestamp))?;
    let csv = settings.out.join("calibration.csv");
    record::write_csv(&csv, &rows)?;
    Ok((results, vec![tuning, md, csv]))
}

fn calibrate_curve<C: BenchCurve>(
    settings: &Settings,
    gpu: bool,
    host: &Host,
    timestamp: &str,
    rows: &mut Vec<Row>,
) -> Result<CurveResult, String> {
    let name = C::ID.name();
    let mut sizes = settings.serial_log_n.clone();
    if gpu {
        sizes.extend(&settings.gpu_log_n);
        sizes.extend(&settings.window_log_n);
        sizes.extend(&settings.resident_window_log_n);
    }
    let max = sizes.into_iter().max().unwrap_or(0);
    let inputs = Inputs::<C>::new(1 << max, settings.seed);
    let mut time = |backend: Backend, window_c: u32, k: u32, label: &str| -> Result<f64, String> {
        let (p, s) = inputs.prefix(1 << k);
        let config = GpukitOptions {
            window_c,
            ..settings.gpukit
        }
        .config(backend);
        let m = measure(&settings.plan, &mut || {
            gpukit::msm_with::<C>(p, s, &config).map_err(|e| e.to_string())
        })?;
        rows.push(timed_row(
            host,
            timestamp,
            name,
            k,
            label,
            window_c,
            &settings.plan,
            &m.times,
        ));
        Ok(m.summary().median_ms)
    };
    eprintln!("{name}: serial vs cpu at 2^{:?}", settings.serial_log_n);
    let mut serial_points = Vec::new();
    for k in until_deadline(settings, &settings.serial_log_n) {
        serial_points.push((
            k,
            time(Backend::Serial, 0, k, "gpukit-serial")?,
            time(Backend::Cpu, 0, k, "gpukit-cpu")?,
        ));
    }
    let cpu_gpu = if gpu {
        eprintln!("{name}: cpu vs gpu at 2^{:?}", settings.gpu_log_n);
        let mut points = Vec::new();
        for k in until_deadline(settings, &settings.gpu_log_n) {
            points.push((
                k,
                time(Backend::Cpu, 0, k, "gpukit-cpu")?,
                time(Backend::Gpu, 0, k, "gpukit-gpu")?,
            ));
        }
        Some(Crossover::from_points(points))
    } else {
        None
    };
    let (windows, resident_windows) = if gpu {
        (
            best_windows::<C>(settings, &inputs, host, timestamp, rows)?,
            best_resident_windows::<C>(settings, &inputs, host, timestamp, rows)?,
        )
    } else {
        (Vec::new(), Vec::new())
    };
    Ok(CurveResult {
        curve: C::ID,
        serial_cpu: Crossover::from_points(serial_points),
        cpu_gpu,
        windows,
        resident_windows,
    })
}

/// `sizes` in order, up to the first that would start past the deadline.
pub(crate) fn until_deadline<'a>(
    settings: &'a Settings,
    sizes: &'a [u32],
) -> impl Iterator<Item = u32> + 'a {
    sizes
        .iter()
        .copied()
        .take_while(move |_| !past_deadline(settings))
}

fn past_deadline(settings: &Settings) -> bool {
    let past = settings.deadline.is_some_and(|d| Instant::now() > d);
    if past {
        eprintln!("deadline reached: calibration stops here (unmeasured entries stay 0)");
    }
    past
}

/// Windows tried at log2 size `k`.
pub fn candidate_windows(k: u32) -> std::ops::RangeInclusive<u32> {
    k.saturating_sub(SPAN_BELOW).max(MIN_WINDOW)..=k.saturating_sub(1).clamp(MIN_WINDOW, MAX_WINDOW)
}

/// For each size, one-shot GPU calls at each candidate window, the path
/// the table serves: the dispatcher passes the window it picks to one-shot
/// calls and to bases without precomputed copies (bases with copies weigh
/// their own window on the device). Swept on resident plain bases instead,
/// BLS12-381 G1 at 2^24 chose c = 18 (102 ms resident) where its one-shot
/// calls ran fastest at 16 (117 ms against 122 at 18: the one-shot parts
/// merge their carried buckets, bench/NOTES.md v44a). Where a curve's
/// one-shot calls split their scalars by its endomorphism (up to 2^20
/// points on the prime-order curves, glv_msm.cuh) the device takes the
/// split's own window for them, and the entry serves bases without copies.
///
/// The windows take turns, one call each a round (`plan.warmup` untimed
/// rounds, then `plan.reps` timed ones): a one-shot call's time moves with
/// the host's copies, by up to 10 % between runs on the H200's host, and a
/// drift then weighs on every window alike instead of on the ones timed
/// during it. Every window must give the same sum.
fn best_windows<C: BenchCurve>(
    settings: &Settings,
    inputs: &Inputs<C>,
    host: &Host,
    timestamp: &str,
    rows: &mut Vec<Row>,
) -> Result<Vec<WindowSweep>, String> {
    let name = C::ID.name();
    eprintln!(
        "{name}: GPU windows at 2^{:?}, one-shot",
        settings.window_log_n
    );
    let mut sweeps = Vec::new();
    for k in until_deadline(settings, &settings.window_log_n) {
        let (points, scalars) = inputs.prefix(1 << k);
        let windows: Vec<u32> = candidate_windows(k).collect();
        let configs: Vec<_> = windows
            .iter()
            .map(|&c| {
                GpukitOptions {
                    window_c: c,
                    ..settings.gpukit
                }
                .config(Backend::Gpu)
            })
            .collect();
        let mut times = vec![Vec::new(); windows.len()];
        let mut sum = None;
        for round in 0..settings.plan.warmup + settings.plan.reps.max(1) {
            for (i, (&c, config)) in windows.iter().zip(&configs).enumerate() {
                let t = Instant::now();
                let value = gpukit::msm_with::<C>(points, scalars, config)
                    .map_err(|e| format!("{name}: 2^{k} at window {c}: {e}"))?;
                let elapsed = t.elapsed();
                if *sum.get_or_insert(value) != value {
                    return Err(format!(
                        "{name}: 2^{k} at window {c}: a sum unlike the other windows'"
                    ));
                }
                if round >= settings.plan.warmup {
                    times[i].push(elapsed);
                }
            }
        }
        let mut list = Vec::new();
        for (&c, times) in windows.iter().zip(&times) {
            rows.push(timed_row(
                host,
                timestamp,
                name,
                k,
                "gpukit-gpu-window",
                c,
                &settings.plan,
                times,
            ));
            list.push((c, crate::stats::Summary::of(times).median_ms));
        }
        let best = list
            .iter()
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map_or(0, |w| w.0);
        sweeps.push((k, list, best));
    }
    Ok(sweeps)
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn timed_row(
    host: &Host,
    timestamp: &str,
    curve: &str,
    k: u32,
    system: &str,
    window_c: u32,
    plan: &Plan,
    times: &[std::time::Duration],
) -> Row {
    let s = crate::stats::Summary::of(times);
    let mut row = Row::new(host, timestamp, curve, k, system);
    row.resident = system.ends_with("resident");
    row.window_c = window_c;
    row.warmup = plan.warmup;
    row.reps = times.len();
    row.min_ms = Some(s.min_ms);
    row.median_ms = Some(s.median_ms);
    row.max_ms = Some(s.max_ms);
    row
}

/// Where no size was fast enough, the table says "beyond the largest size
/// measured": twice that size.
fn crossover_value(c: &Crossover) -> usize {
    c.n.unwrap_or_else(|| c.points.last().map(|p| 2usize << p.0).unwrap_or(0))
}

/// `items` as rustfmt lays out a long array of short items: as many to a
/// line, at `indent`, each followed by a comma, as fit in 99 columns
/// (rustfmt counts a line's last item with the space that would follow its
/// comma against its width of 100: a line of exactly 100 is wrapped).
fn fill_lines(items: &[String], indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for item in items {
        if !line.is_empty() && indent.len() + line.len() + 1 + item.len() + 1 > 99 {
            let _ = writeln!(out, "{indent}{line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += &format!("{item},");
    }
    if !line.is_empty() {
        let _ = writeln!(out, "{indent}{line}");
    }
    out
}

/// The generated Rust source: a header comment, then the three tables,
/// keyed by curve (the curves measured, in id order), laid out as rustfmt
/// leaves them.
pub fn tuning_rs(
    results: &[CurveResult],
    settings: &Settings,
    host: &Host,
    timestamp: &str,
) -> String {
    let mut results: Vec<&CurveResult> = results.iter().collect();
    results.sort_by_key(|r| r.curve);
    let device = if host.device_name.is_empty() {
        "none (CPU crossovers only)".to_string()
    } else {
        format!(
            "{} (driver {}, CUDA {})",
            host.device_name, host.driver_version, host.cuda_version
        )
    };
    let mut s = String::new();
    let _ = writeln!(
        s,
        "// Generated by `gpukit-bench calibrate` — do not edit; re-run it to regenerate."
    );
    let _ = writeln!(s, "// Command: {}", settings.command);
    let _ = writeln!(s, "// Device:  {device}");
    let _ = writeln!(
        s,
        "// CPU:     {} ({} cores)",
        host.cpu_model, host.cpu_cores
    );
    let _ = writeln!(s, "// Date:    {timestamp} (commit {})", host.git_commit);
    let _ = writeln!(s, "// One entry per curve measured; a curve without one (not measured, or added since) gets the");
    let _ = writeln!(s, "// planner's defaults. A crossover is the smallest power-of-two n measured from which the faster");
    let _ = writeln!(s, "// backend wins at every larger measured n (twice the largest n measured if it never did).");
    let _ = writeln!(
        s,
        "// GPU_BEST_WINDOW: the best window by log2 n, 0 = not measured."
    );
    let _ = writeln!(s, "// GPU_RESIDENT_WINDOW: the best window of resident bases with automatic copies by log2 n,");
    let _ = writeln!(
        s,
        "// 0 = not measured (or, in sweeps before v53, the device's own choice was fastest)."
    );
    let _ = writeln!(s, "use crate::curve::CurveId;\n");
    let crossovers = [
        (
            "SERIAL_CROSSOVER",
            results
                .iter()
                .map(|r| (r.curve, crossover_value(&r.serial_cpu)))
                .collect::<Vec<_>>(),
        ),
        (
            "GPU_CROSSOVER",
            results
                .iter()
                .map(|r| {
                    (
                        r.curve,
                        r.cpu_gpu.as_ref().map(crossover_value).unwrap_or(0),
                    )
                })
                .collect(),
        ),
    ];
    for (name, entries) in crossovers {
        let _ = writeln!(s, "pub const {name}: &[(CurveId, usize)] = &[");
        for (curve, n) in entries {
            let _ = writeln!(s, "    (CurveId::{curve:?}, {n}),");
        }
        let _ = writeln!(s, "];");
    }
    window_table(&mut s, "GPU_BEST_WINDOW", &results, |r| &r.windows);
    window_table(&mut s, "GPU_RESIDENT_WINDOW", &results, |r| {
        &r.resident_windows
    });
    s
}

/// One window table: a row of the best window by log2 n per curve.
fn window_table(
    s: &mut String,
    name: &str,
    results: &[&CurveResult],
    sweeps: impl Fn(&CurveResult) -> &Vec<WindowSweep>,
) {
    let _ = writeln!(
        s,
        "pub const {name}: &[(CurveId, [u8; {}])] = &[",
        MAX_TABLE_LOG_N + 1
    );
    for r in results {
        let mut row = [0u8; MAX_TABLE_LOG_N as usize + 1];
        for (k, _, best) in sweeps(r) {
            row[*k as usize] = *best as u8;
        }
        let items: Vec<String> = row.iter().map(u8::to_string).collect();
        let _ = writeln!(s, "    (\n        CurveId::{:?},\n        [", r.curve);
        *s += &fill_lines(&items, "            ");
        let _ = writeln!(s, "        ],\n    ),");
    }
    let _ = writeln!(s, "];");
}

fn fmt_n(n: Option<usize>) -> String {
    match n {
        Some(n) => format!("2^{}", n.trailing_zeros()),
        None => "not reached".into(),
    }
}

/// CROSSOVER.md: the crossovers, the window table and the medians behind them.
pub fn crossover_md(
    results: &[CurveResult],
    settings: &Settings,
    host: &Host,
    timestamp: &str,
) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# Crossovers and windows\n");
    let _ = writeln!(
        s,
        "Generated by `{}` on {timestamp} (commit {}).\n",
        settings.command, host.git_commit
    );
    let _ = writeln!(s, "- CPU: {} ({} cores)", host.cpu_model, host.cpu_cores);
    if host.device_name.is_empty() {
        let _ = writeln!(s, "- GPU: none — the cpu/gpu crossover and the GPU windows were not measured on this machine");
    } else {
        let _ = writeln!(
            s,
            "- GPU: {} (driver {}, CUDA {})",
            host.device_name, host.driver_version, host.cuda_version
        );
    }
    let _ = writeln!(
        s,
        "- {} warm-up run(s), up to {} timed runs per point, medians in ms; gpukit validation `{:?}`\n",
        settings.plan.warmup, settings.plan.reps, settings.gpukit.validation
    );
    let _ = writeln!(s, "| curve | serial → cpu from n = | cpu → gpu from n = |");
    let _ = writeln!(s, "|---|---|---|");
    for r in results {
        let gpu = r
            .cpu_gpu
            .as_ref()
            .map(|c| fmt_n(c.n))
            .unwrap_or_else(|| "not measured".into());
        let _ = writeln!(
            s,
            "| {} | {} | {} |",
            r.curve.name(),
            fmt_n(r.serial_cpu.n),
            gpu
        );
    }
    for r in results {
        let _ = writeln!(s, "\n## {}\n", r.curve.name());
        let _ = writeln!(s, "| log2 n | serial ms | cpu ms |");
        let _ = writeln!(s, "|---:|---:|---:|");
        for (k, a, b) in &r.serial_cpu.points {
            let _ = writeln!(s, "| {k} | {a:.3} | {b:.3} |");
        }
        if let Some(c) = &r.cpu_gpu {
            let _ = writeln!(s, "\n| log2 n | cpu ms | gpu ms |");
            let _ = writeln!(s, "|---:|---:|---:|");
            for (k, a, b) in &c.points {
                let _ = writeln!(s, "| {k} | {a:.3} | {b:.3} |");
            }
        }
        if !r.windows.is_empty() {
            let _ = writeln!(s);
            sweep_table(&mut s, &r.windows);
        }
        if !r.resident_windows.is_empty() {
            let _ = writeln!(s, "\nResident bases (window 0: the device's own choice):\n");
            sweep_table(&mut s, &r.resident_windows);
        }
    }
    s
}

/// A window sweep's markdown table: per size, the best window and every
/// window's median.
fn sweep_table(s: &mut String, sweeps: &[WindowSweep]) {
    let _ = writeln!(s, "| log2 n | best window | medians (window: ms) |");
    let _ = writeln!(s, "|---:|---:|---|");
    for (k, list, best) in sweeps {
        let all: Vec<String> = list.iter().map(|(c, m)| format!("{c}: {m:.3}")).collect();
        let _ = writeln!(s, "| {k} | {best} | {} |", all.join(", "));
    }
}

/// Lists the files [`run`] wrote.
pub fn print_files(files: &[PathBuf], out: &Path) {
    eprintln!("calibration written to {}:", out.display());
    for f in files {
        eprintln!("  {}", f.display());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crossover_is_where_the_faster_backend_keeps_winning() {
        let c = Crossover::from_points(vec![
            (0, 1.0, 2.0),
            (1, 2.0, 1.5),
            (2, 3.0, 3.5),
            (3, 5.0, 4.0),
            (4, 9.0, 5.0),
        ]);
        assert_eq!(c.n, Some(8));
        let never = Crossover::from_points(vec![(0, 1.0, 2.0), (1, 2.0, 2.5)]);
        assert_eq!((never.n, crossover_value(&never)), (None, 4));
    }

    #[test]
    fn candidate_windows_stay_in_bounds() {
        assert_eq!(candidate_windows(2), 4..=4);
        assert_eq!(candidate_windows(10), 4..=9);
        assert_eq!(candidate_windows(16), 6..=15);
        assert_eq!(candidate_windows(26), 16..=22);
    }

    #[test]
    fn table_rows_wrap_where_rustfmt_wraps_them() {
        // secp256k1's row of v44a, as `cargo fmt` laid it out: the first
        // line stops at 98 columns, where one more item would end at 100.
        let row = [
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 5, 5, 5, 10, 10, 10, 10, 13, 15, 15, 14, 18, 18, 18,
            0, 0,
        ];
        let items: Vec<String> = row.iter().map(u32::to_string).collect();
        let indent = " ".repeat(12);
        let lines = fill_lines(&items, &indent);
        let first =
            "0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 5, 5, 5, 10, 10, 10, 10, 13, 15, 15, 14, 18, 18, 18,";
        assert_eq!(lines, format!("{indent}{first}\n{indent}0, 0,\n"));
        // A line of 99 columns stays whole.
        let mut items: Vec<String> = (0..28).map(|_| "9".to_string()).collect();
        items.extend(["10".to_string(), "9".to_string()]);
        let lines = fill_lines(&items, &indent);
        assert_eq!(lines.lines().map(str::len).collect::<Vec<_>>(), [99, 14]);
    }
}
