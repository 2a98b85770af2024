//! Page-locked host memory: inputs that GPU calls upload by DMA.
//!
//! A GPU call gathers the caller's points and scalars into gpukit's own
//! page-locked staging buffers before the copy engine sends them: the host
//! reads them, writes them and the copy engine reads them again. From a
//! range the caller page-locked once ([`page_lock`]) the device copies them
//! straight, one pass over host memory. On two H200s (bench/NOTES.md v47)
//! a resident 2^24 BN254 MSM took 1.3 ms less on one GPU and 1.8 ms less
//! on two, and a one-shot BLS12-381 G1 one 4 ms less on two. Locking costs
//! about 2–5 ms per 64 MiB (512 MiB took 17–38 ms), so it pays for buffers
//! reused across calls: a prover's scalar buffer, a one-shot call's points.

use std::ops::{Deref, DerefMut};

use crate::error::Error;
use crate::gpu;

/// A host range page-locked for every GPU by [`page_lock`], unlocked when
/// dropped (or by [`PageLocked::unlock`], which reports a failure).
///
/// While it lives, any GPU call whose points or scalars lie inside the range
/// uploads them by DMA; calls on other memory are unchanged, and results are
/// the same either way. The guard holds the data's only borrow and derefs
/// to it, so a buffer reused across calls is refilled through the guard
/// and cannot be freed or moved while locked.
#[must_use = "the range is unlocked when the guard is dropped"]
#[derive(Debug)]
pub struct PageLocked<'a, T> {
    data: &'a mut [T],
    locked: bool,
}

/// Page-locks `data` for every visible GPU until the returned guard drops.
///
/// Empty data locks nothing. A range that overlaps one already locked is
/// [`Status::HostRegistration`](crate::Status::HostRegistration); without a
/// GPU (or in a build without CUDA) the call is
/// [`Status::NoDevice`](crate::Status::NoDevice), and locking can simply be
/// skipped: it only changes how fast inputs reach a GPU.
///
/// ```no_run
/// use gpukit::ark::ark_bn254::{Fr, G1Affine};
/// use gpukit::curves::Bn254G1;
///
/// # fn prove(bases: &gpukit::Bases<Bn254G1>, rounds: &[Vec<Fr>]) -> Result<Vec<G1Affine>, gpukit::Error> {
/// let mut buffer = vec![Fr::from(0u64); bases.len()];
/// let mut scalars = gpukit::page_lock(&mut buffer)?;
/// let mut commitments = Vec::new();
/// for round in rounds {
///     scalars[..round.len()].copy_from_slice(round);
///     commitments.push(bases.msm(&scalars[..round.len()])?);
/// }
/// # Ok(commitments)
/// # }
/// ```
pub fn page_lock<T: Copy>(data: &mut [T]) -> Result<PageLocked<'_, T>, Error> {
    let bytes = std::mem::size_of_val(data);
    lock_range(data.as_ptr().cast(), bytes)?;
    Ok(PageLocked {
        data,
        locked: bytes > 0,
    })
}

/// Page-locks the `bytes` host bytes at `start` (the C ABI's
/// gpukit_host_register); 0 bytes lock nothing.
pub(crate) fn lock_range(start: *const u8, bytes: usize) -> Result<(), Error> {
    if bytes == 0 {
        return Ok(());
    }
    gpu::host_register(start, bytes)
}

/// Unlocks the range that [`lock_range`] locked at `start`.
pub(crate) fn unlock_range(start: *const u8) -> Result<(), Error> {
    gpu::host_unregister(start)
}

impl<T> PageLocked<'_, T> {
    /// Unlocks the range now and reports the driver's answer, which `drop`
    /// cannot.
    pub fn unlock(mut self) -> Result<(), Error> {
        if !std::mem::take(&mut self.locked) {
            return Ok(());
        }
        unlock_range(self.data.as_ptr().cast())
    }
}

impl<T> Deref for PageLocked<'_, T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.data
    }
}

impl<T> DerefMut for PageLocked<'_, T> {
    fn deref_mut(&mut self) -> &mut [T] {
        self.data
    }
}

impl<T> Drop for PageLocked<'_, T> {
    fn drop(&mut self) {
        if self.locked {
            // Nothing to do on failure: the range stays locked, which costs
            // host memory but never a result.
            let _ = unlock_range(self.data.as_ptr().cast());
        }
    }
}
