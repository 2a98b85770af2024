//! Fallible host allocation: every buffer whose size comes from the caller
//! is reserved through here, so that running out of memory (an address-space
//! limit, a cgroup, a 32-bit host) returns `GPUKIT_ERR_OUT_OF_MEMORY` with
//! the size that failed instead of aborting the embedding process, which is
//! what Rust's infallible `Vec` growth does.
//!
//! What this cannot catch: the Linux kernel's overcommit. With the default
//! heuristic, a reservation that fits the address space succeeds and the
//! pages are only committed when touched; if physical memory then runs out,
//! the OOM killer ends a process instead. Only a limit that the allocator
//! sees (`RLIMIT_AS`, `vm.overcommit_memory = 2`, a failing `mmap`) turns
//! into a status.

use crate::error::{Error, Status};

/// The error for a failed allocation of `count` items of `T` for `what`.
pub(crate) fn oom<T>(count: usize, what: &str) -> Error {
    let size = std::mem::size_of::<T>();
    match count.checked_mul(size) {
        Some(bytes) if size == 1 => Error::new(
            Status::OutOfMemory,
            format!("{what}: allocation of {bytes} bytes failed"),
        ),
        Some(bytes) => Error::new(
            Status::OutOfMemory,
            format!("{what}: allocation of {bytes} bytes ({count} × {size}) failed"),
        ),
        None => Error::new(
            Status::OutOfMemory,
            format!("{what}: {count} × {size} bytes exceeds the address space"),
        ),
    }
}

/// An empty vector with room for `count` items, or `OutOfMemory`.
pub(crate) fn try_vec<T>(count: usize, what: &str) -> Result<Vec<T>, Error> {
    let mut v = Vec::new();
    v.try_reserve_exact(count)
        .map_err(|_| oom::<T>(count, what))?;
    Ok(v)
}

/// `count` copies of `value`, or `OutOfMemory`.
pub(crate) fn try_filled<T: Clone>(count: usize, value: T, what: &str) -> Result<Vec<T>, Error> {
    let mut v = try_vec(count, what)?;
    v.resize(count, value);
    Ok(v)
}

/// Reserves `bytes` and frees them at once: a probe, before a computation
/// whose own allocations are not ours to make fallible (arkworks' MSM), that
/// the address space has room for them now. A later allocation by another
/// thread can still take that room; the probe bounds the common case, a
/// call far too large for the host.
pub(crate) fn probe(bytes: usize, what: &str) -> Result<(), Error> {
    try_vec::<u8>(bytes, what).map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn impossible_sizes_are_out_of_memory_with_the_size() {
        let e = try_vec::<[u8; 96]>(usize::MAX / 128, "decoded points").unwrap_err();
        assert_eq!(e.status(), Status::OutOfMemory);
        let want = format!("allocation of {} bytes", (usize::MAX / 128) * 96);
        assert!(
            e.message().contains("decoded points") && e.message().contains(&want),
            "{e}"
        );
        let e = try_vec::<u64>(usize::MAX, "pairs").unwrap_err();
        assert!(e.message().contains("exceeds the address space"), "{e}");
        assert_eq!(
            probe(isize::MAX as usize, "probe").unwrap_err().status(),
            Status::OutOfMemory
        );
        assert_eq!(try_filled(3, 7u8, "small").unwrap(), vec![7, 7, 7]);
        assert_eq!(try_vec::<u8>(10, "small").unwrap().capacity(), 10);
    }
}
