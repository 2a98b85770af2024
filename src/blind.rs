//! Scalar blinding for secret scalars.
//!
//! Pippenger's running time and memory-access pattern depend on the scalars:
//! which buckets fill, how many digits are zero, how long the scalars are
//! (arkworks even switches algorithm for small scalars). A blinded MSM
//! splits every scalar as kᵢ = aᵢ + bᵢ (mod r), with aᵢ drawn uniformly from
//! the operating system's CSPRNG (`getrandom`) on every call and
//! bᵢ = kᵢ − aᵢ, and returns MSM(P, a) + MSM(P, b). Each of the two MSMs
//! sees scalars that are, on their own, uniformly distributed and
//! independent of k.
//!
//! Threat model: an observer of coarse side channels of one MSM — its
//! running time, power draw, memory or PCIe traffic volume, bucket
//! occupancy, a GPU profiler's kernel timings — learns nothing about k,
//! because the distribution of what each MSM processes does not depend on
//! k. Not covered: an attacker who recovers the *exact* digits of both
//! aᵢ and bᵢ (e.g. fine-grained cache-line tracing of both runs) can add
//! them; the points are not blinded (they are public in the uses this is
//! for: commitment keys, SRS); the result itself is, of course, exact.
//!
//! Cost: two full MSMs plus n random draws and n subtractions — about 2×
//! the time of an unblinded call, and one extra scalar vector of memory.

use crate::error::{Error, Status};
use ark_ff::PrimeField;
use rayon::prelude::*;

/// Random bytes per share: 64 bytes reduced mod r (< 2^256) gives a
/// distribution within 2^-256 of uniform.
const DRAW_BYTES: usize = 64;

/// Scalars drawn per getrandom call: one syscall per 1024 scalars.
const DRAW_CHUNK: usize = 1024;

/// Splits `k` into (a, b) with a uniform and a + b = k elementwise.
pub fn split<S: PrimeField>(k: &[S]) -> Result<(Vec<S>, Vec<S>), Error> {
    let a: Vec<S> = k
        .par_chunks(DRAW_CHUNK)
        .map(|chunk| {
            let mut buf = vec![0u8; chunk.len() * DRAW_BYTES];
            getrandom::getrandom(&mut buf).map_err(|e| {
                Error::new(Status::Internal, format!("the OS random number generator failed: {e}"))
            })?;
            Ok(buf.chunks_exact(DRAW_BYTES).map(S::from_le_bytes_mod_order).collect::<Vec<S>>())
        })
        .collect::<Result<Vec<Vec<S>>, Error>>()?
        .concat();
    let b = k.par_iter().zip(&a).map(|(k, a)| *k - a).collect();
    Ok((a, b))
}
