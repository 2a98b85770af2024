//! gpukit's own worker pool, and the panic hook that keeps gpukit's caught
//! panics off the host's stderr.
//!
//! Every public entry runs its work inside [`run`], on a rayon pool that
//! gpukit owns rather than rayon's global one, for two reasons:
//!
//! - `fork`: a forked child inherits the parent's memory but only the
//!   forking thread, so a pool that was started before the fork has no
//!   workers in the child, and the first parallel loop waits for them
//!   forever. The pool records the pid it was started in; a call from
//!   another pid (a forked child) starts a fresh pool. The old one is leaked
//!   on purpose: its threads do not exist in the child, and its memory may
//!   still be referenced by the copied state.
//! - Panics: a panic on a pool worker is identified by the thread it runs
//!   on, so the hook below can stay silent for it (the panic itself reaches
//!   the C ABI's `catch_unwind` through rayon and becomes
//!   `GPUKIT_ERR_INTERNAL` with the message).
//!
//! The hook is installed once, on the first call through the C ABI, and
//! wraps whatever hook the process had then: a panic on a gpukit worker or
//! inside a C ABI entry is silent, every other panic goes to the previous
//! hook unchanged. A host that installs its own hook *after* its first
//! gpukit call replaces this one; gpukit's caught panics then print through
//! the host's hook, and nothing else changes. Rust callers of the safe API
//! still receive a panic (there should be none: no input is known to cause
//! one), re-raised on their own thread by rayon without a message on stderr.

use crate::error::{Error, Status};
use std::cell::Cell;
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::{Arc, Once};

/// A pool and the process it was started in.
struct Pool {
    pid: u32,
    pool: Arc<rayon::ThreadPool>,
}

/// The current pool; never freed (see the module comment), so a loaded
/// pointer stays valid for the life of the process.
static POOL: AtomicPtr<Pool> = AtomicPtr::new(std::ptr::null_mut());

thread_local! {
    /// Set on gpukit's workers and inside C ABI entries: panics here are caught and reported as statuses.
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

fn current() -> Result<Arc<rayon::ThreadPool>, Error> {
    let pid = std::process::id();
    let seen = POOL.load(Ordering::Acquire);
    // SAFETY: a non-null pointer came from Box::into_raw below and is never freed.
    if let Some(p) = unsafe { seen.as_ref() } {
        if p.pid == pid {
            return Ok(p.pool.clone());
        }
    }
    let pool = build_pool()?;
    let fresh = Box::into_raw(Box::new(Pool {
        pid,
        pool: Arc::new(pool),
    }));
    match POOL.compare_exchange(seen, fresh, Ordering::AcqRel, Ordering::Acquire) {
        // SAFETY: `fresh` is ours until published, and published now: never freed.
        Ok(_) => Ok(unsafe { &*fresh }.pool.clone()),
        Err(other) => {
            // Another thread of this process published a pool first: use it.
            // SAFETY: `fresh` was never published; `other` is a published pool.
            drop(unsafe { Box::from_raw(fresh) });
            match unsafe { other.as_ref() } {
                Some(p) if p.pid == pid => Ok(p.pool.clone()),
                _ => current(),
            }
        }
    }
}

/// Address space one worker may take: its stack (2 MiB, rust's default)
/// and, on glibc, the malloc arena a thread gets on its first allocation
/// (64 MiB reserved).
const WORKER_ADDRESS_SPACE: u64 = 66 << 20;

/// Workers the pool asks for: rayon's own choice (RAYON_NUM_THREADS, else
/// one a core), at most as many as fit a quarter of a finite address-space
/// limit (`ulimit -v`) at WORKER_ADDRESS_SPACE each: under the 5 GB limit
/// of tests/process.rs `oom`, 32 workers with an arena each could not all
/// start on a 32-core host (bench/NOTES.md v46f), and the call's own
/// buffers need the rest.
fn wanted_workers() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let asked = std::env::var("RAYON_NUM_THREADS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(cores);
    asked
        .min(address_space_workers().unwrap_or(usize::MAX))
        .max(1)
}

/// Workers that fit a quarter of the process's address-space limit, if it has one.
#[cfg(unix)]
fn address_space_workers() -> Option<usize> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the limit into a valid rlimit.
    if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut limit) } != 0
        || limit.rlim_cur == libc::RLIM_INFINITY
    {
        return None;
    }
    usize::try_from(limit.rlim_cur / 4 / WORKER_ADDRESS_SPACE).ok()
}

#[cfg(not(unix))]
fn address_space_workers() -> Option<usize> {
    None
}

/// A pool of wanted_workers() workers, or of half as many again and again
/// while the threads cannot start (a limit on threads or memory), down to
/// one; OUT_OF_MEMORY where not even one starts.
fn build_pool() -> Result<rayon::ThreadPool, Error> {
    let mut workers = wanted_workers();
    loop {
        let built = rayon::ThreadPoolBuilder::new()
            .num_threads(workers)
            .thread_name(|i| format!("gpukit-cpu-{i}"))
            .start_handler(|_| QUIET.with(|q| q.set(true)))
            .build();
        match built {
            Ok(pool) => return Ok(pool),
            Err(_) if workers > 1 => workers /= 2,
            Err(e) => {
                return Err(Error::new(
                    Status::OutOfMemory,
                    format!("could not start the CPU worker threads: {e}"),
                ))
            }
        }
    }
}

/// Starts gpukit's pool where it is not running (or restarts it after a
/// fork). A call that may run its GPU part on the caller's thread starts it
/// first, before anything asks for the device, as a call run in the pool
/// does: threads started after the CUDA driver has reserved its address
/// space may not fit a tight address-space limit, and the call's host
/// fall-back needs them (tests/process.rs `oom`).
pub(crate) fn start() -> Result<(), Error> {
    current().map(drop)
}

/// Runs `f` on gpukit's pool (started, or restarted after a fork, as needed).
pub(crate) fn run<R: Send>(f: impl FnOnce() -> Result<R, Error> + Send) -> Result<R, Error> {
    current()?.install(f)
}

static HOOK: Once = Once::new();

/// Installs the quiet panic hook (once per process), chained to the
/// previous one.
pub(crate) fn install_quiet_hook() {
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(Cell::get) {
                previous(info)
            }
        }));
    });
}

/// Marks the current thread quiet while `f` runs (the C ABI's entries).
pub(crate) fn quietly<R>(f: impl FnOnce() -> R) -> R {
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            QUIET.with(|q| q.set(self.0));
        }
    }
    let _restore = Restore(QUIET.with(|q| q.replace(true)));
    f()
}
