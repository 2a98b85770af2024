//! Warm-up, repetitions and min/median/max of one system on one case.

use std::time::{Duration, Instant};

/// How many times a case runs.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    /// Untimed runs first (page faults, thread pools, CUDA context, JIT of
    /// nothing: Rust and CUDA code is compiled ahead).
    pub warmup: usize,
    /// Timed runs at most.
    pub reps: usize,
    /// Wall-clock budget for the timed runs of one case: once spent, no more
    /// repetitions start (at least one always runs). A warm-up longer than
    /// the whole budget stands in as the single timed run, so that a 10 s
    /// arkworks MSM on 2^24 points is not run four times.
    pub budget: Duration,
}

/// The timed runs of one system on one case, and the result they agreed on.
#[derive(Debug, Clone)]
pub struct Measured<A> {
    pub times: Vec<Duration>,
    pub result: A,
    /// The warm-up run was reused as the timed run (see [`Plan::budget`]).
    pub warmup_reused: bool,
}

impl<A> Measured<A> {
    pub fn summary(&self) -> Summary {
        Summary::of(&self.times)
    }
}

/// Min, median and max in milliseconds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Summary {
    pub min_ms: f64,
    pub median_ms: f64,
    pub max_ms: f64,
}

impl Summary {
    /// Of a non-empty list of durations; the median of an even count is the
    /// mean of the middle two.
    pub fn of(times: &[Duration]) -> Summary {
        assert!(!times.is_empty(), "no timed runs");
        let mut ms: Vec<f64> = times.iter().map(|d| d.as_secs_f64() * 1e3).collect();
        ms.sort_by(f64::total_cmp);
        let mid = ms.len() / 2;
        let median = if ms.len() % 2 == 1 {
            ms[mid]
        } else {
            (ms[mid - 1] + ms[mid]) / 2.0
        };
        Summary {
            min_ms: ms[0],
            median_ms: median,
            max_ms: ms[ms.len() - 1],
        }
    }
}

/// Runs `f` by `plan`. Every run must return the same value; a run that
/// fails or disagrees with the first ends the measurement with an error.
pub fn measure<A: PartialEq>(
    plan: &Plan,
    f: &mut dyn FnMut() -> Result<A, String>,
) -> Result<Measured<A>, String> {
    let mut first: Option<A> = None;
    let mut check = |value: A| -> Result<(), String> {
        match &first {
            None => first = Some(value),
            Some(v) if *v == value => {}
            Some(_) => return Err("two runs on the same inputs returned different points".into()),
        }
        Ok(())
    };
    let mut times = Vec::with_capacity(plan.reps);
    let mut warmup_reused = false;
    for _ in 0..plan.warmup {
        let t = Instant::now();
        let value = f()?;
        let elapsed = t.elapsed();
        check(value)?;
        if elapsed > plan.budget {
            times.push(elapsed);
            warmup_reused = true;
            break;
        }
    }
    let start = Instant::now();
    while times.len() < plan.reps.max(1)
        && !(warmup_reused || (!times.is_empty() && start.elapsed() > plan.budget))
    {
        let t = Instant::now();
        let value = f()?;
        times.push(t.elapsed());
        check(value)?;
    }
    let result = first.expect("at least one run");
    Ok(Measured {
        times,
        result,
        warmup_reused,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        let ms = |v: &[u64]| {
            v.iter()
                .map(|m| Duration::from_millis(*m))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            Summary::of(&ms(&[5, 1, 3])),
            Summary {
                min_ms: 1.0,
                median_ms: 3.0,
                max_ms: 5.0
            }
        );
        assert_eq!(Summary::of(&ms(&[4, 1, 3, 10])).median_ms, 3.5);
    }

    #[test]
    fn disagreeing_runs_are_an_error() {
        let mut n = 0;
        let plan = Plan {
            warmup: 1,
            reps: 3,
            budget: Duration::from_secs(10),
        };
        let err = measure(&plan, &mut || {
            n += 1;
            Ok(n)
        });
        assert!(err.is_err());
    }

    #[test]
    fn runs_warmup_then_reps() {
        let mut calls = 0;
        let plan = Plan {
            warmup: 2,
            reps: 3,
            budget: Duration::from_secs(10),
        };
        let m = measure(&plan, &mut || {
            calls += 1;
            Ok(7)
        })
        .unwrap();
        assert_eq!(
            (calls, m.times.len(), m.result, m.warmup_reused),
            (5, 3, 7, false)
        );
    }

    #[test]
    fn slow_warmup_stands_in_for_the_timed_run() {
        let plan = Plan {
            warmup: 1,
            reps: 5,
            budget: Duration::from_millis(1),
        };
        let m = measure(&plan, &mut || {
            std::thread::sleep(Duration::from_millis(3));
            Ok(1)
        })
        .unwrap();
        assert_eq!((m.times.len(), m.warmup_reused), (1, true));
    }
}
