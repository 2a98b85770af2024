//! The planner: decides once per call, from the config, the environment
//! and the devices, which engine runs an MSM, with which window and on
//! which GPUs; and which point checks the call's validation level asks for.

use crate::codec::PointCheck;
use crate::config::{Backend, Config, Validation, MAX_FIXED_BASE_DIGITS};
use crate::curve::CurveId;
use crate::error::{Error, Status};
use crate::gpu;
use std::ffi::OsString;

/// The serial/CPU crossovers measured with `cargo run --release --example
/// calibrate_cpu -- crossover` on the development machine (2 vCPUs of a
/// shared x86-64 cloud VM): the smallest power of two n from which the CPU
/// backend (arkworks' Pippenger on rayon) stayed faster than the serial
/// backend, median of 5 runs. Rayon's fork-join overhead is what the serial
/// backend saves, so the crossover is tiny; the times were noisy (±30%).
const DEV_SERIAL_CROSSOVER: [(CurveId, usize); 6] = [
    (CurveId::Bn254G1, 2),
    (CurveId::Bls12_381G1, 4),
    (CurveId::Bls12_381G2, 2),
    (CurveId::Bls12_377G1, 2),
    (CurveId::Secp256k1, 4),
    (CurveId::Banderwagon, 8),
];

/// The serial crossover of a curve measured nowhere: the middle of the
/// measured ones.
const DEFAULT_SERIAL_CROSSOVER: usize = 4;

/// The GPU crossover of a curve the calibration did not measure: 2^12, the
/// order of the measured ones.
const DEFAULT_GPU_CROSSOVER: usize = 1 << 12;

/// The calibrated value of `curve` in `table` (src/tuning.rs, keyed by
/// curve), `None` where the calibration did not measure it (no entry, or
/// 0): a curve added after the last calibration gets the defaults.
fn calibrated<T: Copy + Into<usize>>(table: &[(CurveId, T)], curve: CurveId) -> Option<usize> {
    table
        .iter()
        .find(|(c, _)| *c == curve)
        .map(|&(_, v)| v.into())
        .filter(|&v| v != 0)
}

/// Below this many points the serial backend beats Pippenger on all cores:
/// the GPU host's calibration (`gpukit-bench calibrate`, 16 cores,
/// src/tuning.rs) where it measured the curve, else the development
/// machine's measurement, else a default.
pub fn serial_crossover(curve: CurveId) -> usize {
    calibrated(crate::tuning::SERIAL_CROSSOVER, curve)
        .or_else(|| {
            DEV_SERIAL_CROSSOVER
                .iter()
                .find(|(c, _)| *c == curve)
                .map(|&(_, n)| n)
        })
        .unwrap_or(DEFAULT_SERIAL_CROSSOVER)
}

/// Smallest n that auto-dispatch sends to the GPU: the H100 calibration
/// (`gpukit-bench calibrate`, src/tuning.rs) where it measured the curve,
/// else a default.
pub fn gpu_crossover(curve: CurveId) -> usize {
    calibrated(crate::tuning::GPU_CROSSOVER, curve).unwrap_or(DEFAULT_GPU_CROSSOVER)
}

/// The GPU window for n points when the caller leaves it to the library:
/// the best window the calibration measured at n's power of two, or 0 (the
/// CUDA side's cost model) where it measured none.
pub fn gpu_window(curve: CurveId, n: usize) -> u32 {
    table_window(crate::tuning::GPU_BEST_WINDOW, curve, n)
}

/// The entry of a window table (src/tuning.rs) at n's power of two, 0
/// where there is none.
fn table_window(table: &[(CurveId, [u8; 27])], curve: CurveId, n: usize) -> u32 {
    let log_n = usize::BITS - 1 - n.max(1).leading_zeros();
    table
        .iter()
        .find(|(c, _)| *c == curve)
        .and_then(|(_, row)| row.get(log_n as usize))
        .map_or(0, |&c| u32::from(c))
}

/// The window for the shifted copies of resident bases of n points: the
/// one `plan` asks (`window_c`), else, where the copies are left to the
/// device too (`precompute` 0), the window the calibration measured
/// fastest on resident bases of the largest device slice's size; 0 (the
/// device's cost model, cuda/msm/plan/windows.cuh) where it measured none
/// or found the model's own choice fastest. An explicit copy count keeps
/// the model: the table was measured with as many copies as fit. The table
/// starts above the bases that take fixed-base tables by default (2^12
/// points), which an explicit window would turn off.
pub(crate) fn resident_window(curve: CurveId, n: usize, plan: &Plan, config: &Config) -> u32 {
    resident_window_with(curve, n, plan, config, gpu::device_count())
}

fn resident_window_with(
    curve: CurveId,
    n: usize,
    plan: &Plan,
    config: &Config,
    device_count: u32,
) -> u32 {
    match (plan.window_c, config.precompute) {
        (0, 0) => table_window(
            crate::tuning::GPU_RESIDENT_WINDOW,
            curve,
            largest_slice(n, plan.devices, device_count),
        ),
        (c, _) => c,
    }
}

/// Points of the largest slice when n points are spread over the GPUs that
/// `devices` selects of `device_count` (0 = every one), as the CUDA side
/// cuts them (`split_over_devices`, cuda/msm/plan/devices.cuh): each GPU
/// runs the MSM of its own slice, so the calibrated window is its size's
/// (two H200s at 2^24: Banderwagon's slices of 2^23 take 17 where the
/// whole call's table entry is 20, bench/NOTES.md v44b). A mask that
/// selects no visible GPU is the device's error to report; it counts one.
fn largest_slice(n: usize, devices: u32, device_count: u32) -> usize {
    let visible = if device_count >= 32 {
        u32::MAX
    } else {
        (1u32 << device_count) - 1
    };
    let used = match devices {
        0 => visible,
        mask => mask & visible,
    }
    .count_ones()
    .max(1) as usize;
    n.div_ceil(used)
}

/// Overrides read from the environment. Each applies only where the
/// config leaves the choice to the library (backend `Auto`, `window_c` 0,
/// `devices` 0): an explicit value in the call wins.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EnvOverrides {
    /// `GPUKIT_BACKEND`: serial | cpu | gpu | auto.
    pub backend: Option<Backend>,
    /// `GPUKIT_WINDOW`: a window size in bits (0 = auto).
    pub window_c: Option<u32>,
    /// `GPUKIT_DEVICES`: comma-separated GPU ordinals, as a bit mask.
    pub devices: Option<u32>,
}

impl EnvOverrides {
    /// Reads `GPUKIT_BACKEND`, `GPUKIT_WINDOW` and `GPUKIT_DEVICES`.
    pub fn from_env() -> Result<EnvOverrides, Error> {
        Self::parse_os(|key| std::env::var_os(key))
    }

    /// [`EnvOverrides::parse`] over raw environment values: one that is not
    /// valid UTF-8 is a `BadConfig` error like any other unparsable value.
    pub fn parse_os(lookup: impl Fn(&str) -> Option<OsString>) -> Result<EnvOverrides, Error> {
        for key in ["GPUKIT_BACKEND", "GPUKIT_WINDOW", "GPUKIT_DEVICES"] {
            if let Some(v) = lookup(key) {
                if v.to_str().is_none() {
                    return Err(Error::new(
                        Status::BadConfig,
                        format!("{key}={v:?}: not valid UTF-8"),
                    ));
                }
            }
        }
        Self::parse(|key| lookup(key).and_then(|v| v.into_string().ok()))
    }

    /// Parses the overrides from a lookup function (the environment, or a
    /// map in tests). An unparsable value is a `BadConfig` error.
    pub fn parse(lookup: impl Fn(&str) -> Option<String>) -> Result<EnvOverrides, Error> {
        let bad = |key: &str, v: &str, want: &str| {
            Error::new(Status::BadConfig, format!("{key}={v:?}: expected {want}"))
        };
        let backend = match lookup("GPUKIT_BACKEND").as_deref().map(str::trim) {
            None | Some("") => None,
            Some(v) => Some(match v.to_ascii_lowercase().as_str() {
                "auto" => Backend::Auto,
                "serial" => Backend::Serial,
                "cpu" => Backend::Cpu,
                "gpu" => Backend::Gpu,
                _ => return Err(bad("GPUKIT_BACKEND", v, "serial, cpu, gpu or auto")),
            }),
        };
        let window_c = match lookup("GPUKIT_WINDOW").as_deref().map(str::trim) {
            None | Some("") => None,
            Some(v) => Some(
                v.parse::<u32>()
                    .map_err(|_| bad("GPUKIT_WINDOW", v, "a window size in bits"))?,
            ),
        };
        let devices = match lookup("GPUKIT_DEVICES").as_deref().map(str::trim) {
            None | Some("") => None,
            Some(v) => {
                let mut mask = 0u32;
                for ordinal in v.split(',') {
                    match ordinal.trim().parse::<u32>() {
                        Ok(i) if i < 32 => mask |= 1 << i,
                        _ => {
                            return Err(bad(
                                "GPUKIT_DEVICES",
                                v,
                                "comma-separated GPU ordinals 0..31",
                            ))
                        }
                    }
                }
                Some(mask)
            }
        };
        Ok(EnvOverrides {
            backend,
            window_c,
            devices,
        })
    }
}

/// The backend a call runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Engine {
    Serial,
    Cpu,
    Gpu,
}

/// A resolved call: engine, window and GPU mask, with whether the engine
/// was forced (a forced GPU never falls back to the CPU).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Plan {
    pub engine: Engine,
    pub forced: bool,
    /// The window asked for (config, else environment); 0 = open. The host
    /// engines read it: 0 is arkworks' Pippenger, any other gpukit's own.
    pub window_c: u32,
    /// The window a GPU run uses: `window_c`, or where that is open the
    /// calibrated one for the largest device slice of n points (still 0,
    /// the CUDA cost model, where the calibration measured none). Kept apart
    /// from `window_c` so that a fallback to the CPU does not inherit a
    /// GPU-tuned window, and so that a one-shot call tells the device which
    /// window was asked: where it is open, the device may take its own for
    /// scalars it splits.
    pub gpu_window: u32,
    pub devices: u32,
    /// The engine that runs the call on the host where it does not run on
    /// the GPU: `engine` itself when that is a host engine, else (an
    /// unforced GPU plan that finds no device) serial or CPU by n alone, as
    /// `Auto` picks without a device, so that a batch of tiny vectors
    /// falls back to serial MSMs side by side.
    pub host: Engine,
}

impl Plan {
    /// The engine that runs the call on the host (see [`Plan::host`]).
    pub(crate) fn host_engine(&self) -> Engine {
        self.host
    }
}

/// Resolves `config` (plus the environment) for an MSM of `n` points.
pub(crate) fn plan(curve: CurveId, n: usize, config: &Config) -> Result<Plan, Error> {
    plan_batch(curve, n, 1, config)
}

/// Resolves `config` (plus the environment) for `batch` MSMs of `n` points
/// each, run together. `Auto` weighs the batch's total work: the GPU from
/// the point where n·batch reaches the curve's GPU crossover (a device
/// present), because one batched pipeline pays the fixed cost of a launch
/// once for all vectors; below that the host engines, serial or CPU by n
/// alone, since on the host every vector is an MSM of its own.
pub(crate) fn plan_batch(
    curve: CurveId,
    n: usize,
    batch: usize,
    config: &Config,
) -> Result<Plan, Error> {
    #[cfg(test)]
    PLANS.with(|n| n.set(n.get() + 1));
    plan_with(
        curve,
        n,
        batch,
        config,
        &EnvOverrides::from_env()?,
        gpu::device_count(),
    )
}

// Test builds only: the plans made on this thread, which the driver's
// tests read to show that a call plans once.
#[cfg(test)]
thread_local! {
    pub(crate) static PLANS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Whether `Auto` sends `batch` MSMs of `n` points to a GPU: n·batch
/// reaches the curve's crossover. A product past `usize::MAX` is more work
/// than any crossover, so it saturates instead of wrapping to a small
/// number; n = 0 is no work whatever the batch.
fn auto_gpu(curve: CurveId, n: usize, batch: usize, device_count: u32) -> bool {
    device_count > 0 && n.saturating_mul(batch) >= gpu_crossover(curve)
}

fn plan_with(
    curve: CurveId,
    n: usize,
    batch: usize,
    config: &Config,
    env: &EnvOverrides,
    device_count: u32,
) -> Result<Plan, Error> {
    let window_c = match config.window_c {
        0 => env.window_c.unwrap_or(0),
        c => c,
    };
    if window_c > curve.max_window() {
        return Err(Error::new(
            Status::BadWindow,
            format!(
                "window_c {window_c} exceeds the maximum {} for {}",
                curve.max_window(),
                curve.name()
            ),
        ));
    }
    if config.fixed_base > MAX_FIXED_BASE_DIGITS {
        return Err(Error::new(
            Status::BadConfig,
            format!(
                "fixed_base {} exceeds the widest digits, {MAX_FIXED_BASE_DIGITS}",
                config.fixed_base
            ),
        ));
    }
    let devices = match config.devices {
        0 => env.devices.unwrap_or(0),
        d => d,
    };
    let gpu_window = match window_c {
        0 => gpu_window(curve, largest_slice(n, devices, device_count)),
        c => c,
    };
    let backend = match config.backend {
        Backend::Auto => env.backend.unwrap_or(Backend::Auto),
        b => b,
    };
    let (engine, forced) = match backend {
        Backend::Serial => (Engine::Serial, true),
        Backend::Cpu => (Engine::Cpu, true),
        Backend::Gpu if device_count == 0 => {
            return Err(Error::new(
                Status::NoDevice,
                "the GPU backend was requested but no usable CUDA device is visible",
            ))
        }
        Backend::Gpu => (Engine::Gpu, true),
        // The GPU test comes first: a batch of many tiny vectors is worth a
        // pipeline even where one of its vectors would run serially. With
        // batch = 1 the order does not matter (the serial crossover lies
        // below the GPU one).
        Backend::Auto if auto_gpu(curve, n, batch, device_count) => (Engine::Gpu, false),
        Backend::Auto if n < serial_crossover(curve) => (Engine::Serial, false),
        Backend::Auto => (Engine::Cpu, false),
    };
    let host = match engine {
        Engine::Gpu if n < serial_crossover(curve) => Engine::Serial,
        Engine::Gpu => Engine::Cpu,
        host => host,
    };
    Ok(Plan {
        engine,
        forced,
        window_c,
        gpu_window,
        devices,
        host,
    })
}

/// The backend `config` resolves to for `n` points of `curve` here (never
/// `Auto`): what an MSM with this config would run on.
pub fn resolve_backend(curve: CurveId, n: usize, config: &Config) -> Result<Backend, Error> {
    Ok(match plan(curve, n, config)?.engine {
        Engine::Serial => Backend::Serial,
        Engine::Cpu => Backend::Cpu,
        Engine::Gpu => Backend::Gpu,
    })
}

/// The point checks a validation level asks for, given the call's default.
pub(crate) fn point_check(validation: Validation, default: Validation) -> PointCheck {
    let level = match validation {
        Validation::Default => default,
        v => v,
    };
    match level {
        Validation::Full => PointCheck::Subgroup,
        Validation::Trusted => PointCheck::None,
        Validation::OnCurve | Validation::Default => PointCheck::OnCurve,
    }
}

/// The point checks of a call with `config`: a blinded call raises
/// `OnCurve` (and the default) to the subgroup check, because the split
/// kᵢ = aᵢ + bᵢ holds mod r only, and MSM(a) + MSM(b) = MSM(k) needs
/// r·Pᵢ = 0 — true in the prime-order subgroup, false for a point with a
/// small-order component. `Trusted` stays unchecked: the caller vouches
/// that the points are in the subgroup (on a curve with a cofactor, a
/// blinded result for a point outside it is not MSM(k)).
pub(crate) fn config_check(config: &Config, default: Validation) -> PointCheck {
    match point_check(config.validation, default) {
        PointCheck::OnCurve if config.blinded => PointCheck::Subgroup,
        check => check,
    }
}

/// Whether a GPU error lets an `Auto` call continue on the CPU.
pub(crate) fn falls_back(plan: &Plan, err: &Error) -> bool {
    !plan.forced && err.status() == Status::NoDevice
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> EnvOverrides {
        EnvOverrides::parse(|k| {
            pairs
                .iter()
                .find(|(key, _)| *key == k)
                .map(|(_, v)| v.to_string())
        })
        .unwrap()
    }

    #[test]
    fn resident_bases_take_the_resident_table_only_when_left_open() {
        let none = EnvOverrides::default();
        let open = Config::default();
        for &curve in CurveId::ALL {
            for log_n in [12, 16, 20, 24] {
                let n = 1usize << log_n;
                let plan = plan_with(curve, n, 1, &open, &none, 2).unwrap();
                let table = |n| table_window(crate::tuning::GPU_RESIDENT_WINDOW, curve, n);
                assert_eq!(
                    resident_window_with(curve, n, &plan, &open, 2),
                    table(n / 2)
                );
                assert_eq!(resident_window_with(curve, n, &plan, &open, 1), table(n));
                let copies = Config {
                    precompute: 3,
                    ..Config::default()
                };
                assert_eq!(resident_window_with(curve, n, &plan, &copies, 1), 0);
                let asked = Config {
                    window_c: 9,
                    ..Config::default()
                };
                let plan = plan_with(curve, n, 1, &asked, &none, 2).unwrap();
                assert_eq!(resident_window_with(curve, n, &plan, &asked, 1), 9);
            }
            // Fixed-base tables serve bases of up to 2^12 points by default;
            // an explicit window would turn them off.
            for log_n in 0..=12 {
                assert_eq!(
                    table_window(crate::tuning::GPU_RESIDENT_WINDOW, curve, 1 << log_n),
                    0
                );
            }
        }
    }

    #[test]
    fn the_calibrated_window_is_the_largest_slices() {
        assert_eq!(largest_slice(1 << 24, 0, 2), 1 << 23);
        assert_eq!(largest_slice((1 << 24) + 1, 0, 2), (1 << 23) + 1);
        assert_eq!(largest_slice(1 << 24, 0b10, 2), 1 << 24);
        assert_eq!(
            largest_slice(1 << 24, 0b1011, 4),
            (1usize << 24).div_ceil(3)
        );
        // A mask past the visible GPUs, or none visible: one slice.
        assert_eq!(largest_slice(1 << 24, 0b100, 2), 1 << 24);
        assert_eq!(largest_slice(1 << 24, 0, 0), 1 << 24);
        assert_eq!(largest_slice(7, 0, 32), 1);
        let open = Config::default();
        let none = EnvOverrides::default();
        for &curve in CurveId::ALL {
            for log_n in [16, 20, 24] {
                let n = 1usize << log_n;
                let window = |devices| {
                    plan_with(curve, n, 1, &open, &none, devices)
                        .unwrap()
                        .gpu_window
                };
                assert_eq!(window(1), gpu_window(curve, n), "{curve:?} 2^{log_n}");
                assert_eq!(window(2), gpu_window(curve, n / 2), "{curve:?} 2^{log_n}");
                let asked = Config {
                    window_c: 9,
                    ..Config::default()
                };
                assert_eq!(
                    plan_with(curve, n, 1, &asked, &none, 2).unwrap().gpu_window,
                    9
                );
            }
        }
    }

    #[test]
    fn auto_picks_by_size_and_devices() {
        let c = Config::default();
        let none = EnvOverrides::default();
        for &curve in CurveId::ALL {
            let s = serial_crossover(curve);
            let g = gpu_crossover(curve);
            assert_eq!(
                plan_with(curve, s - 1, 1, &c, &none, 0).unwrap().engine,
                Engine::Serial
            );
            assert_eq!(
                plan_with(curve, s, 1, &c, &none, 0).unwrap().engine,
                Engine::Cpu
            );
            assert_eq!(
                plan_with(curve, g, 1, &c, &none, 0).unwrap().engine,
                Engine::Cpu
            );
            assert_eq!(
                plan_with(curve, g - 1, 1, &c, &none, 1).unwrap().engine,
                Engine::Cpu
            );
            let p = plan_with(curve, g, 1, &c, &none, 1).unwrap();
            assert_eq!((p.engine, p.forced), (Engine::Gpu, false));
        }
    }

    #[test]
    fn auto_weighs_the_batch_total() {
        let c = Config::default();
        let none = EnvOverrides::default();
        let engine = |curve, n, batch, devices| {
            plan_with(curve, n, batch, &c, &none, devices)
                .unwrap()
                .engine
        };
        for &curve in CurveId::ALL {
            let g = gpu_crossover(curve);
            let s = serial_crossover(curve);
            // A Verkle-like basis: 256 points (or fewer, where the crossover
            // is lower), batches on both sides of the crossover.
            let n = 256.min(g / 2).max(s);
            let at = g.div_ceil(n);
            assert_eq!(engine(curve, n, at, 1), Engine::Gpu, "{curve:?}");
            assert_eq!(engine(curve, n, at - 1, 1), Engine::Cpu, "{curve:?}");
            assert_eq!(engine(curve, n, at, 0), Engine::Cpu, "{curve:?}");
            // Vectors below the serial crossover: serial on the host, the
            // GPU once the batch is large enough.
            assert_eq!(engine(curve, s - 1, 1, 1), Engine::Serial);
            assert_eq!(engine(curve, s - 1, g, 1), Engine::Gpu);
            // Its fall-back without a device: the vectors' own engine.
            let host = |n, batch| plan_with(curve, n, batch, &c, &none, 1).unwrap().host;
            assert_eq!(host(s - 1, g), Engine::Serial, "{curve:?}");
            assert_eq!(host(g, 1), Engine::Cpu, "{curve:?}");
            // No work: never the GPU, however large the batch.
            assert_eq!(engine(curve, 0, usize::MAX, 1), Engine::Serial);
            // n·batch past usize::MAX saturates to "more than the crossover"
            // instead of wrapping to a small product.
            let half = 1usize << (usize::BITS / 2);
            assert_eq!(half.wrapping_mul(half), 0);
            assert_eq!(engine(curve, half, half, 1), Engine::Gpu);
            assert_eq!(engine(curve, usize::MAX, 2, 1), Engine::Gpu);
            assert_eq!(engine(curve, half, half, 0), Engine::Cpu);
        }
        // A forced backend is not weighed.
        let cpu = Config {
            backend: Backend::Cpu,
            ..Config::default()
        };
        let p = plan_with(CurveId::Bn254G1, 256, 1 << 16, &cpu, &none, 1).unwrap();
        assert_eq!((p.engine, p.forced), (Engine::Cpu, true));
    }

    #[test]
    fn an_uncalibrated_curve_gets_the_defaults() {
        // A table without the curve (as after adding one), and an entry of 0.
        assert_eq!(
            calibrated(&[(CurveId::Bn254G1, 512usize)], CurveId::Banderwagon),
            None
        );
        assert_eq!(
            calibrated(&[(CurveId::Banderwagon, 0u8)], CurveId::Banderwagon),
            None
        );
        assert_eq!(
            calibrated(&[(CurveId::Bn254G1, 9u8)], CurveId::Bn254G1),
            Some(9)
        );
    }

    #[test]
    fn forced_gpu_without_device_is_an_error() {
        let c = Config {
            backend: Backend::Gpu,
            ..Config::default()
        };
        let e = plan_with(
            CurveId::Bn254G1,
            1 << 20,
            1,
            &c,
            &EnvOverrides::default(),
            0,
        )
        .unwrap_err();
        assert_eq!(e.status(), Status::NoDevice);
        let e = plan_with(
            CurveId::Bn254G1,
            4,
            1,
            &Config::default(),
            &env(&[("GPUKIT_BACKEND", "gpu")]),
            0,
        )
        .unwrap_err();
        assert_eq!(e.status(), Status::NoDevice);
    }

    #[test]
    fn environment_fills_only_what_the_config_leaves_open() {
        let e = env(&[
            ("GPUKIT_BACKEND", "serial"),
            ("GPUKIT_WINDOW", "7"),
            ("GPUKIT_DEVICES", "0, 2"),
        ]);
        assert_eq!(
            e,
            EnvOverrides {
                backend: Some(Backend::Serial),
                window_c: Some(7),
                devices: Some(0b101)
            }
        );
        let p = plan_with(CurveId::Secp256k1, 1 << 16, 1, &Config::default(), &e, 1).unwrap();
        assert_eq!(
            p,
            Plan {
                engine: Engine::Serial,
                forced: true,
                window_c: 7,
                gpu_window: 7,
                devices: 0b101,
                host: Engine::Serial,
            }
        );
        let explicit = Config {
            backend: Backend::Cpu,
            window_c: 3,
            devices: 2,
            ..Config::default()
        };
        let p = plan_with(CurveId::Secp256k1, 1 << 16, 1, &explicit, &e, 1).unwrap();
        assert_eq!(
            p,
            Plan {
                engine: Engine::Cpu,
                forced: true,
                window_c: 3,
                gpu_window: 3,
                devices: 2,
                host: Engine::Cpu,
            }
        );
    }

    #[test]
    fn bad_environment_values_are_errors() {
        for (k, v) in [
            ("GPUKIT_BACKEND", "fast"),
            ("GPUKIT_WINDOW", "x"),
            ("GPUKIT_DEVICES", "0,32"),
        ] {
            let e = EnvOverrides::parse(|key| (key == k).then(|| v.to_string())).unwrap_err();
            assert_eq!(e.status(), Status::BadConfig, "{k}={v}");
        }
        let e = plan_with(
            CurveId::Bn254G1,
            10,
            1,
            &Config::default(),
            &env(&[("GPUKIT_WINDOW", "25")]),
            0,
        )
        .unwrap_err();
        assert_eq!(e.status(), Status::BadWindow);
    }
}
