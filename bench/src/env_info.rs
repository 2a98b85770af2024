//! Where a run happened: host CPU, GPU, driver and CUDA versions, the
//! commit the binary was built from, and when.
//!
//! gpukit's public API reports only the device count, so the device facts
//! come from `nvidia-smi` (name, driver version, the driver's CUDA version)
//! and, in a build with the `sppark` feature, from the CUDA runtime the bench
//! itself links (device name and driver version when nvidia-smi is missing,
//! and the runtime version the binary carries).

use std::process::Command;

use serde::{Deserialize, Serialize};

/// The machine facts every row carries.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Host {
    pub cpu_model: String,
    pub cpu_cores: usize,
    pub device_name: String,
    pub driver_version: String,
    pub cuda_version: String,
    pub cuda_runtime: String,
    pub git_commit: String,
}

impl Host {
    pub fn detect() -> Host {
        let mut host = Host {
            cpu_model: cpu_model(),
            cpu_cores: std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1),
            git_commit: env!("GPUKIT_BENCH_GIT_COMMIT").to_string(),
            ..Host::default()
        };
        if gpukit::gpu_count() > 0 || crate::peers::sppark::device_count() > 0 {
            from_nvidia_smi(&mut host);
            from_cuda_runtime(&mut host);
        }
        host
    }
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string())
}

fn run(cmd: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(cmd).args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// First GPU's name and driver version from the query interface; the CUDA
/// version from the banner ("CUDA Version: 13.0"), which the query lacks.
fn from_nvidia_smi(host: &mut Host) {
    if let Some(q) = run(
        "nvidia-smi",
        &["--query-gpu=name,driver_version", "--format=csv,noheader"],
    ) {
        if let Some((name, driver)) = q.lines().next().and_then(|l| l.split_once(',')) {
            host.device_name = name.trim().to_string();
            host.driver_version = driver.trim().to_string();
        }
    }
    if let Some(banner) = run("nvidia-smi", &[]) {
        host.cuda_version = parse_cuda_version(&banner).unwrap_or_default();
    }
}

/// "CUDA Version: 13.0" in nvidia-smi's banner.
pub fn parse_cuda_version(banner: &str) -> Option<String> {
    let rest = &banner[banner.find("CUDA Version:")? + "CUDA Version:".len()..];
    rest.split_whitespace()
        .next()
        .map(|v| v.trim_end_matches('|').to_string())
}

#[cfg(feature = "sppark")]
fn from_cuda_runtime(host: &mut Host) {
    use std::ffi::{c_char, c_int, CStr};
    extern "C" {
        fn bench_cuda_device_info(
            device: c_int,
            name: *mut c_char,
            name_len: usize,
            driver: *mut c_int,
            runtime: *mut c_int,
        ) -> c_int;
    }
    let mut name = [0 as c_char; 256];
    let (mut driver, mut runtime) = (0, 0);
    // SAFETY: the buffer's length is passed; the C side NUL-terminates it.
    let code = unsafe {
        bench_cuda_device_info(0, name.as_mut_ptr(), name.len(), &mut driver, &mut runtime)
    };
    if code != 0 {
        return;
    }
    let version = |v: c_int| format!("{}.{}", v / 1000, (v % 1000) / 10);
    host.cuda_runtime = version(runtime);
    if host.device_name.is_empty() {
        // SAFETY: NUL-terminated by the C side.
        host.device_name = unsafe { CStr::from_ptr(name.as_ptr()) }
            .to_string_lossy()
            .into_owned();
    }
    if host.cuda_version.is_empty() {
        host.cuda_version = version(driver);
    }
}

#[cfg(not(feature = "sppark"))]
fn from_cuda_runtime(_host: &mut Host) {}

/// Seconds since the Unix epoch as an RFC 3339 UTC time (no time-zone
/// database needed).
pub fn timestamp_utc(secs: u64) -> String {
    let days = secs / 86_400;
    let rem = secs % 86_400;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        (rem % 3600) / 60,
        rem % 60
    )
}

/// Now, as [`timestamp_utc`].
pub fn now_utc() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    timestamp_utc(secs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(timestamp_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(timestamp_utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(timestamp_utc(1_795_453_199), "2026-11-23T16:59:59Z");
    }

    #[test]
    fn cuda_version_from_banner() {
        let banner =
            "| NVIDIA-SMI 580.65.06   Driver Version: 580.65.06   CUDA Version: 13.0     |";
        assert_eq!(parse_cuda_version(banner).as_deref(), Some("13.0"));
        assert_eq!(parse_cuda_version("no gpu"), None);
    }
}
