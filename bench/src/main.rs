//! `gpukit-bench`: see the crate's README for what each timed region holds.

use std::process::ExitCode;
use std::time::Instant;

use clap::parser::ValueSource;
use clap::{ArgMatches, CommandFactory, FromArgMatches};
use gpukit::{CurveId, Validation};

use gpukit_bench::cli::{BenchArgs, CalibrateArgs, Cli, Command, CommonArgs, ReportArgs};
use gpukit_bench::env_info::Host;
use gpukit_bench::stats::Plan;
use gpukit_bench::systems::{GpukitOptions, System};
use gpukit_bench::{batch, calibrate, record, run};

/// What `--quick` runs when the options it replaces are left at their defaults.
const QUICK_CURVES: [CurveId; 2] = [CurveId::Bn254G1, CurveId::Bls12_381G1];
const QUICK_LOG_N: [u32; 3] = [8, 10, 12];
const QUICK_REPS: usize = 3;

fn plan(c: &CommonArgs) -> Plan {
    Plan {
        warmup: c.warmup,
        reps: c.reps.max(1),
        budget: run::seconds(c.budget_s),
    }
}

fn deadline(c: &CommonArgs) -> Option<Instant> {
    c.deadline_s.map(|s| Instant::now() + run::seconds(s))
}

fn gpukit_options(c: &CommonArgs, window_c: u32) -> GpukitOptions {
    GpukitOptions {
        window_c,
        precompute: c.precompute,
        fixed_base: c.fixed_base,
        page_locked: c.page_locked,
        validation: if c.validate {
            Validation::Default
        } else {
            Validation::Trusted
        },
    }
}

fn defaulted(m: &ArgMatches, id: &str) -> bool {
    m.value_source(id) == Some(ValueSource::DefaultValue)
}

fn bench_settings(a: &BenchArgs, m: &ArgMatches) -> run::Settings {
    let mut curves = a.curves.0.clone();
    let mut log_n = a.log_n.0.clone();
    let mut plan = plan(&a.common);
    if a.quick {
        if defaulted(m, "curves") {
            curves = QUICK_CURVES.to_vec();
        }
        if defaulted(m, "log_n") {
            log_n = QUICK_LOG_N.to_vec();
        }
        if defaulted(m, "reps") {
            plan.reps = QUICK_REPS;
        }
    }
    let mut systems: Vec<System> = a.backends.0.iter().chain(&a.peers.0).copied().collect();
    if a.resident {
        if systems.contains(&System::GpukitGpu) {
            systems.push(System::GpukitGpuResident);
        }
        if systems.contains(&System::Sppark) {
            systems.push(System::SpparkResident);
        }
    }
    run::Settings {
        curves,
        log_n,
        systems,
        plan,
        gpukit: gpukit_options(&a.common, a.window),
        seed: a.common.seed,
        serial_max_log_n: a.serial_max_log_n,
        out: a.common.out.clone(),
        deadline: deadline(&a.common),
    }
}

fn calibrate_settings(a: &CalibrateArgs) -> calibrate::Settings {
    let args: Vec<String> = std::env::args().skip(1).collect();
    calibrate::Settings {
        curves: a.curves.0.clone(),
        serial_log_n: a.serial_log_n.0.clone(),
        gpu_log_n: a.gpu_log_n.0.clone(),
        window_log_n: a.window_log_n.0.clone(),
        resident_window_log_n: a
            .resident_window_log_n
            .as_ref()
            .map_or_else(Vec::new, |l| l.0.clone()),
        plan: plan(&a.common),
        gpukit: gpukit_options(&a.common, 0),
        seed: a.common.seed,
        out: a.common.out.clone(),
        deadline: deadline(&a.common),
        command: format!("gpukit-bench {}", args.join(" ")),
    }
}

fn main() -> ExitCode {
    let matches = Cli::command().get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(c) => c,
        Err(e) => e.exit(),
    };
    let host = Host::detect();
    let result = match &cli.command {
        Some(Command::Calibrate(a)) => {
            let settings = calibrate_settings(a);
            calibrate::run(&settings, &host).map(|(_, files)| {
                calibrate::print_files(&files, &settings.out);
                ExitCode::SUCCESS
            })
        }
        Some(Command::Report(a)) => merge(a).map(|report| finish(&report)),
        Some(Command::Batch(a)) => batch::run(a, &plan(&a.common), &gpukit_options(&a.common, 0)),
        None => {
            let settings = bench_settings(&cli.bench, &matches);
            run::run(&settings, &host).map(|report| finish(&report))
        }
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("gpukit-bench: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Prints the files and the table; exit status 2 when a case failed or a
/// peer disagreed with gpukit, so scripts notice.
fn finish(report: &run::Report) -> ExitCode {
    run::print_report(report);
    let bad = report
        .rows
        .iter()
        .filter(|r| r.status != record::status::OK)
        .count();
    if bad == 0 {
        return ExitCode::SUCCESS;
    }
    eprintln!("{bad} case(s) failed or mismatched: see the status column");
    ExitCode::from(2)
}

fn merge(a: &ReportArgs) -> Result<run::Report, Box<dyn std::error::Error>> {
    let mut rows = Vec::new();
    for path in &a.inputs {
        rows.extend(record::read_csv(path).map_err(|e| format!("{}: {e}", path.display()))?);
    }
    let files = run::write_outputs(&a.out, &rows)?;
    Ok(run::Report { rows, files })
}
