//! The benchmark: every (curve, size, system) case timed on the same inputs,
//! each result checked against gpukit's, then CSV, JSON, plots and the table.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use gpukit::{Backend, CurveId};
use indicatif::{ProgressBar, ProgressStyle};

use crate::curves::BenchCurve;
use crate::env_info::{self, Host};
use crate::inputs::Inputs;
use crate::record::{self, status, Row};
use crate::stats::{measure, Measured, Plan};
use crate::systems::{prepare, GpukitOptions, System};
use crate::{plot, table};
use gpukit::with_curve;

/// Everything one benchmark run needs, independent of the command line.
#[derive(Debug, Clone)]
pub struct Settings {
    pub curves: Vec<CurveId>,
    /// Ascending log2 sizes.
    pub log_n: Vec<u32>,
    pub systems: Vec<System>,
    pub plan: Plan,
    pub gpukit: GpukitOptions,
    pub seed: u64,
    pub serial_max_log_n: u32,
    pub out: PathBuf,
    /// No case starts after this instant.
    pub deadline: Option<Instant>,
}

/// The rows of a run and the files it wrote.
#[derive(Debug)]
pub struct Report {
    pub rows: Vec<Row>,
    pub files: Vec<PathBuf>,
}

/// Progress on stderr (drawn only on a terminal) and notes that always print.
struct Progress {
    bar: ProgressBar,
    said: BTreeSet<String>,
}

impl Progress {
    fn new(total: u64) -> Progress {
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template("{elapsed_precise} [{bar:30}] {pos}/{len} {msg}")
                .expect("static template")
                .progress_chars("=> "),
        );
        Progress {
            bar,
            said: BTreeSet::new(),
        }
    }

    fn note(&self, msg: &str) {
        self.bar.suspend(|| eprintln!("{msg}"));
    }

    /// Prints `msg` the first time only.
    fn note_once(&mut self, msg: String) {
        if self.said.insert(msg.clone()) {
            self.note(&msg);
        }
    }
}

/// Runs every case, writes `bench.csv`, `bench.json`, `bench.md` and the plots into
/// `settings.out`, and returns the rows (table printing is the caller's).
pub fn run(settings: &Settings, host: &Host) -> Result<Report, Box<dyn std::error::Error>> {
    let mut systems: Vec<System> = settings.systems.clone();
    // gpukit first: the first gpukit result of a case is what the others are checked against.
    systems.sort();
    let mut progress =
        Progress::new((settings.curves.len() * settings.log_n.len() * systems.len()) as u64);
    let skipped: Vec<&str> = systems
        .iter()
        .filter(|s| !s.device_available())
        .map(|s| s.name())
        .collect();
    if !skipped.is_empty() {
        progress.note(&format!(
            "no CUDA device for {}: skipped",
            skipped.join(", ")
        ));
    }
    systems.retain(|s| s.device_available());
    let timestamp = env_info::now_utc();
    let mut rows = Vec::new();
    for &curve in &settings.curves {
        with_curve!(curve, C => run_curve::<C>(settings, &systems, host, &timestamp, &mut progress, &mut rows));
    }
    progress.bar.finish_and_clear();
    record::fill_speedups(&mut rows);
    let files = write_outputs(&settings.out, &rows)?;
    Ok(Report { rows, files })
}

fn run_curve<C: BenchCurve>(
    settings: &Settings,
    systems: &[System],
    host: &Host,
    timestamp: &str,
    progress: &mut Progress,
    rows: &mut Vec<Row>,
) {
    let max = *settings.log_n.last().expect("at least one size");
    let t = Instant::now();
    let inputs = Inputs::<C>::new(1 << max, settings.seed);
    progress.note(&format!(
        "{}: 2^{max} points and scalars generated in {:.2} s",
        C::ID.name(),
        t.elapsed().as_secs_f64()
    ));
    for &log_n in &settings.log_n {
        let (points, scalars) = inputs.prefix(1 << log_n);
        let mut reference: Option<(String, C::Affine)> = None;
        for &system in systems {
            progress
                .bar
                .set_message(format!("{} 2^{log_n} {system}", C::ID.name()));
            progress.bar.inc(1);
            if settings.deadline.is_some_and(|d| Instant::now() > d) {
                progress.note_once("deadline reached: the remaining cases are not run".into());
                continue;
            }
            if system == System::GpukitSerial && log_n > settings.serial_max_log_n {
                progress.note_once(format!(
                    "gpukit-serial skipped above 2^{} (--serial-max-log-n)",
                    settings.serial_max_log_n
                ));
                continue;
            }
            let mut row = Row::new(host, timestamp, C::ID.name(), log_n, system.name());
            row.resident = system.resident();
            row.window_c = if system.is_gpukit() {
                settings.gpukit.window_c
            } else {
                0
            };
            row.warmup = settings.plan.warmup;
            let measured = match prepare::<C>(system, points, scalars, &settings.gpukit) {
                None => {
                    progress.note_once(format!("{system} has no {}: skipped", C::ID.name()));
                    continue;
                }
                Some(Err(e)) => Err(e),
                Some(Ok(mut timed)) => measure(&settings.plan, &mut *timed),
            };
            match measured {
                Err(e) => {
                    progress.note(&format!("ERROR {} 2^{log_n} {system}: {e}", C::ID.name()));
                    row.status = status::ERROR.into();
                    row.note = e;
                }
                Ok(m) => {
                    if reference.is_none() {
                        reference = if system.is_gpukit() {
                            Some((system.name().to_string(), m.result))
                        } else {
                            gpukit_reference::<C>(points, scalars, &settings.gpukit)
                        };
                    }
                    if let Some(alarm) = judge(&mut row, &m, reference.as_ref()) {
                        progress.note(&format!(
                            "\n!!!!!!!! MISMATCH {} 2^{log_n}: {alarm}\n",
                            C::ID.name()
                        ));
                    }
                }
            }
            rows.push(row);
        }
    }
}

/// Fills `row` from a measurement: the times when the result equals the
/// reference (gpukit's), else status `mismatch` (times discarded) or `error`
/// (no reference). Returns the message to shout on a mismatch.
pub fn judge<A: PartialEq + std::fmt::Display>(
    row: &mut Row,
    m: &Measured<A>,
    reference: Option<&(String, A)>,
) -> Option<String> {
    match reference {
        None => {
            row.status = status::ERROR.into();
            row.note = "no gpukit result to check against".into();
            None
        }
        Some((by, expected)) if *expected != m.result => {
            row.status = status::MISMATCH.into();
            row.note = format!("result differs from {by}");
            Some(format!(
                "{} returned\n  {}\nbut {by} returned\n  {expected}\n!!!!!!!! {}'s time is discarded",
                row.system, m.result, row.system
            ))
        }
        Some(_) => {
            let s = m.summary();
            row.reps = m.times.len();
            row.min_ms = Some(s.min_ms);
            row.median_ms = Some(s.median_ms);
            row.max_ms = Some(s.max_ms);
            if m.warmup_reused {
                row.note = "one run over the case budget: the warm-up is the timed run".into();
            }
            None
        }
    }
}

/// gpukit's own answer (CPU backend, untimed) for a case whose systems are
/// all peers or whose gpukit systems failed.
fn gpukit_reference<C: BenchCurve>(
    points: &[C::Affine],
    scalars: &[C::Scalar],
    opts: &GpukitOptions,
) -> Option<(String, C::Affine)> {
    gpukit::msm_with::<C>(points, scalars, &opts.config(Backend::Cpu))
        .ok()
        .map(|p| ("gpukit-cpu".to_string(), p))
}

/// `bench.csv`, `bench.json`, `bench.md` (the table in Markdown) and the PNG plots.
pub fn write_outputs(out: &Path, rows: &[Row]) -> Result<Vec<PathBuf>, Box<dyn std::error::Error>> {
    std::fs::create_dir_all(out)?;
    let csv = out.join("bench.csv");
    let json = out.join("bench.json");
    record::write_csv(&csv, rows)?;
    record::write_json(&json, rows)?;
    let md = out.join("bench.md");
    std::fs::write(&md, table::markdown(rows))?;
    let mut files = vec![csv, json, md];
    files.extend(plot::write_all(out, rows)?);
    Ok(files)
}

/// The files written, then the table (last, so it ends the output).
pub fn print_report(report: &Report) {
    for f in &report.files {
        eprintln!("wrote {}", f.display());
    }
    print!("{}", table::render(&report.rows));
}

/// Seconds as a [`Duration`] (negative = 0).
pub fn seconds(secs: f64) -> Duration {
    Duration::from_secs_f64(secs.max(0.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn measured(result: u32) -> Measured<u32> {
        Measured {
            times: vec![Duration::from_millis(2), Duration::from_millis(4)],
            result,
            warmup_reused: false,
        }
    }

    fn row() -> Row {
        Row::new(&Host::default(), "t", "bn254_g1", 10, "sppark")
    }

    #[test]
    fn matching_result_keeps_its_times() {
        let mut r = row();
        assert_eq!(
            judge(&mut r, &measured(7), Some(&("gpukit-gpu".into(), 7))),
            None
        );
        assert_eq!(
            (r.status.as_str(), r.reps, r.min_ms, r.median_ms, r.max_ms),
            ("ok", 2, Some(2.0), Some(3.0), Some(4.0))
        );
    }

    #[test]
    fn mismatch_is_loud_and_discards_the_times() {
        let mut r = row();
        let alarm = judge(&mut r, &measured(8), Some(&("gpukit-gpu".into(), 7))).unwrap();
        assert!(alarm.contains("sppark returned") && alarm.contains("gpukit-gpu returned"));
        assert_eq!(
            (r.status.as_str(), r.median_ms, r.note.as_str()),
            ("mismatch", None, "result differs from gpukit-gpu")
        );
    }

    #[test]
    fn no_reference_is_an_error() {
        let mut r = row();
        assert_eq!(judge(&mut r, &measured(8), None), None);
        assert_eq!((r.status.as_str(), r.median_ms), ("error", None));
    }
}
