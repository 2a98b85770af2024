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
//! the time of an unblinded call, and two extra scalar vectors of memory.
//!
//! The halves, and the random bytes they are drawn from, are wiped
//! (`zeroize`) when dropped. Points outside the prime-order subgroup break
//! the identity MSM(a) + MSM(b) = MSM(k) (it holds mod r only), so blinded
//! calls check the subgroup (see `dispatch::config_check`).

use crate::alloc;
use crate::error::{Error, Status};
use ark_ff::PrimeField;
use rayon::prelude::*;
use zeroize::{Zeroize, Zeroizing};

/// Random bytes per share: 64 bytes reduced mod r (< 2^256) gives a
/// distribution within 2^-256 of uniform.
const DRAW_BYTES: usize = 64;

/// Scalars drawn per getrandom call: one syscall per 1024 scalars.
const DRAW_CHUNK: usize = 1024;

/// The two halves of a split; both are wiped when dropped.
pub type Halves<S> = (Zeroizing<Vec<S>>, Zeroizing<Vec<S>>);

/// Splits `k` into (a, b) with a uniform and a + b = k elementwise.
pub fn split<S: PrimeField + Zeroize>(k: &[S]) -> Result<Halves<S>, Error> {
    let mut a = Zeroizing::new(alloc::try_filled(
        k.len(),
        S::zero(),
        "the blinding halves",
    )?);
    a.par_chunks_mut(DRAW_CHUNK).try_for_each(|chunk| {
        let mut buf = Zeroizing::new([0u8; DRAW_CHUNK * DRAW_BYTES]);
        let buf = &mut buf[..chunk.len() * DRAW_BYTES];
        getrandom::getrandom(buf).map_err(|e| {
            Error::new(
                Status::Internal,
                format!("the OS random number generator failed: {e}"),
            )
        })?;
        for (a, r) in chunk.iter_mut().zip(buf.chunks_exact(DRAW_BYTES)) {
            *a = S::from_le_bytes_mod_order(r);
        }
        Ok::<(), Error>(())
    })?;
    let mut b = Zeroizing::new(alloc::try_filled(
        k.len(),
        S::zero(),
        "the blinding halves",
    )?);
    b.par_iter_mut()
        .zip(k.par_iter().zip(a.par_iter()))
        .for_each(|(b, (k, a))| *b = *k - a);
    Ok((a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two splits of the same scalars draw different halves, each pair
    /// summing to the scalars; no half is the scalar itself or zero (a
    /// uniform draw that is has probability 2^-250).
    fn splits_differ_between_calls<S: PrimeField + Zeroize>() {
        let mut rng = ark_std::test_rng();
        let k: Vec<S> = (0..300).map(|_| S::rand(&mut rng)).collect();
        let (a1, b1) = split(&k).unwrap();
        let (a2, b2) = split(&k).unwrap();
        assert_ne!(*a1, *a2);
        assert_ne!(*b1, *b2);
        for i in 0..k.len() {
            assert_eq!(a1[i] + b1[i], k[i]);
            assert_eq!(a2[i] + b2[i], k[i]);
        }
        assert!(a1.iter().zip(&k).all(|(a, k)| a != k && !a.is_zero()));
    }

    macro_rules! stamp {
        ($(($marker:ident, $snake:ident, $id:literal, $affine:ty, $proj:ty, $scalar:ty, $display:literal)),* $(,)?) => {$(
            #[test]
            fn $snake() {
                splits_differ_between_calls::<$scalar>()
            }
        )*};
    }
    crate::for_each_curve!(stamp);
}
