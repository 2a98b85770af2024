//! The window sweep of `gpukit-bench calibrate` on resident bases with
//! precomputed copies: per size, bases built at each candidate window (and
//! at the device's own choice), timed on calls with scalars from host
//! memory, for the library's `GPU_RESIDENT_WINDOW` table.

use gpukit::CurveId;

use crate::calibrate::{timed_row, until_deadline, Settings, WindowSweep, MAX_WINDOW, MIN_WINDOW};
use crate::curves::BenchCurve;
use crate::env_info::Host;
use crate::inputs::Inputs;
use crate::record::Row;
use crate::stats::measure;
use crate::systems::{resident_bases, GpukitOptions, HostLock};

/// Smallest size swept: bases of at most 2^12 points take fixed-base tables
/// where the window is open (cuda/driver/curve_entries_impl.cuh
/// FIXED_BASE_AUTO_MAX_POINTS), which an explicit window turns off.
pub const MIN_RESIDENT_LOG_N: u32 = 13;
/// Windows tried below log2 n: with every window's copy stored, the
/// reduction is paid once, so the best window sits just under log2 n (H200,
/// bench/NOTES.md v52b: 0–4 bits under it, e.g. every curve's 2^13 at 10,
/// BLS12-381 G1 2^16 at 13, BN254 2^24 at 22).
const SPAN_BELOW: u32 = 4;
/// The least a window must gain over the device's own choice to be taken.
/// The device's choice is timed twice, as the open window and as the
/// explicit one, and the faster counts: in one process on an H200 the two
/// differed by up to 8 % at 2^15–2^17 (the open one, timed first at each
/// size, mostly slower) and 2 % from 2^19 (bench/NOTES.md v52b).
const MIN_GAIN: f64 = 0.03;

/// The widest window whose buckets are reduced by planes in one stage
/// (cuda/msm/plan/reduction.cuh PLANE_ONE_STAGE_BUCKETS = 2^9 buckets):
/// while wider windows' buckets were weighed one by one, it beat them by
/// 12–33 % at 2^13 to 2^16 points on every curve (bench/NOTES.md v52b,
/// v53a), so it is tried below the span too, up to PLANE_WINDOW_MAX_LOG_N.
const PLANE_WINDOW: u32 = 10;
/// Largest size at which PLANE_WINDOW is tried below the span: at 2^18
/// points its 26 windows' pairs are 1.6 times c = 16's 16.
const PLANE_WINDOW_MAX_LOG_N: u32 = 18;

/// Windows tried at log2 size `k` for `curve`, besides the device's own,
/// within the one-shot sweep's bounds (at most 22: 2^21 buckets).
pub fn candidate_windows(curve: CurveId, k: u32) -> Vec<u32> {
    let top = k.min(MAX_WINDOW).min(curve.max_window());
    let low = k.saturating_sub(SPAN_BELOW).clamp(MIN_WINDOW, top);
    let plane = (k <= PLANE_WINDOW_MAX_LOG_N && PLANE_WINDOW < low).then_some(PLANE_WINDOW);
    plane.into_iter().chain(low..=top).collect()
}

/// For each size, resident bases at the device's own window (0) and at each
/// candidate, built one at a time (each takes the copies that fit the free
/// memory, as a caller's would: two sets at once would shrink the
/// second's), each timed by `settings.plan` on the same scalars (page-locked
/// where `settings.gpukit.page_locked`). The best is the fastest median
/// where it beats the device's own by MIN_GAIN, else the window the device
/// took (which may be an earlier table's: a 0 written for it would hand the
/// size to the cost model, which was not timed). Every window must give
/// the same sum.
pub fn best_resident_windows<C: BenchCurve>(
    settings: &Settings,
    inputs: &Inputs<C>,
    host: &Host,
    timestamp: &str,
    rows: &mut Vec<Row>,
) -> Result<Vec<WindowSweep>, String> {
    let name = C::ID.name();
    eprintln!(
        "{name}: GPU windows at 2^{:?}, resident bases",
        settings.resident_window_log_n
    );
    let mut sweeps = Vec::new();
    for k in until_deadline(settings, &settings.resident_window_log_n) {
        let (points, scalars) = inputs.prefix(1 << k);
        let _locked = HostLock::new(scalars, settings.gpukit.page_locked)?;
        let mut list = Vec::new();
        let mut sum = None;
        let mut own_window = 0;
        for c in std::iter::once(0).chain(candidate_windows(C::ID, k)) {
            let opts = GpukitOptions {
                window_c: c,
                ..settings.gpukit
            };
            let bases = resident_bases::<C>(points, &opts)?;
            if c == 0 {
                own_window = bases.device_tables().map_or(0, |t| t.window);
            }
            let m = measure(&settings.plan, &mut || {
                bases.msm(scalars).map_err(|e| e.to_string())
            })
            .map_err(|e| format!("{name}: 2^{k} at window {c}: {e}"))?;
            if *sum.get_or_insert(m.result) != m.result {
                return Err(format!(
                    "{name}: 2^{k} at window {c}: a sum unlike the other windows'"
                ));
            }
            rows.push(timed_row(
                host,
                timestamp,
                name,
                k,
                "gpukit-gpu-resident",
                c,
                &settings.plan,
                &m.times,
            ));
            list.push((c, m.summary().median_ms));
        }
        let best = best_window(&list, own_window);
        sweeps.push((k, list, best));
    }
    Ok(sweeps)
}

/// The window of the fastest median in `list` where it beats the device's
/// own choice (window 0, and `own_window` where that was timed explicitly
/// too) by MIN_GAIN, else `own_window`.
fn best_window(list: &[(u32, f64)], own_window: u32) -> u32 {
    let own = list
        .iter()
        .filter(|w| w.0 == 0 || w.0 == own_window)
        .map(|w| w.1)
        .fold(f64::INFINITY, f64::min);
    list.iter()
        .filter(|w| w.0 != 0 && w.0 != own_window)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .filter(|w| w.1 < own * (1.0 - MIN_GAIN))
        .map_or(own_window, |w| w.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_is_taken_only_past_the_gain() {
        assert_eq!(best_window(&[(0, 1.0), (10, 0.6), (11, 0.9)], 12), 10);
        assert_eq!(best_window(&[(0, 1.0), (10, 0.98), (11, 1.2)], 12), 12);
        assert_eq!(best_window(&[(0, 0.5), (10, 0.6)], 12), 12);
        assert_eq!(best_window(&[], 0), 0);
        // The device's own window timed explicitly counts as its own.
        assert_eq!(best_window(&[(0, 1.0), (12, 0.7), (13, 0.9)], 12), 12);
        assert_eq!(best_window(&[(0, 1.0), (12, 0.9), (13, 0.88)], 12), 12);
        assert_eq!(best_window(&[(0, 1.0), (12, 0.9), (13, 0.8)], 12), 13);
    }

    #[test]
    fn candidate_windows_stay_in_bounds() {
        let bn254 = |k| candidate_windows(CurveId::Bn254G1, k);
        assert_eq!(bn254(13), [9, 10, 11, 12, 13]);
        assert_eq!(bn254(15), [10, 11, 12, 13, 14, 15]);
        assert_eq!(bn254(18), [10, 14, 15, 16, 17, 18]);
        assert_eq!(bn254(19), [15, 16, 17, 18, 19]);
        assert_eq!(bn254(24), [20, 21, 22]);
        assert_eq!(bn254(26), [22]);
        assert_eq!(candidate_windows(CurveId::Secp256k1, 5), [4, 5]);
    }
}
