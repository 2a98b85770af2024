//! Seeded random inputs, fast enough that 2^24 points do not dominate a run.
//!
//! Points: each chunk of 2^12 starts at a random multiple of the generator
//! and walks by adding one of 64 random table points (chosen by the seeded
//! stream) per step; the chunk is then normalised to affine with one batch
//! inversion. One mixed addition and three multiplications per point instead
//! of a full scalar multiplication; no linear relation between the points is
//! known to anyone, which is all an MSM benchmark needs. Scalars are uniform
//! in Fr. Chunks are independent ChaCha20 streams, so the inputs depend on
//! the seed alone — not on the thread count — and the first n of a larger
//! set are the inputs of size n.

use ark_ec::{CurveGroup, PrimeGroup};
use ark_ff::UniformRand;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use rayon::prelude::*;

use gpukit::Curve;

const CHUNK: usize = 1 << 12;
const TABLE: usize = 64;

/// Stream ids, so points and scalars of one seed never share a stream.
const STREAM_TABLE: u64 = 1 << 62;
const STREAM_POINTS: u64 = 1 << 61;
const STREAM_SCALARS: u64 = 1 << 60;

fn rng(seed: u64, stream: u64) -> ChaCha20Rng {
    let mut r = ChaCha20Rng::seed_from_u64(seed);
    r.set_stream(stream);
    r
}

/// `n` random points of curve `C` from `seed`.
pub fn points<C: Curve>(n: usize, seed: u64) -> Vec<C::Affine> {
    let g = C::Projective::generator();
    let mut trng = rng(seed, STREAM_TABLE);
    let table: Vec<C::Affine> = C::Projective::normalize_batch(
        &(0..TABLE)
            .map(|_| g * C::Scalar::rand(&mut trng))
            .collect::<Vec<_>>(),
    );
    let mut out = Vec::with_capacity(n);
    let chunks: Vec<Vec<C::Affine>> = (0..n.div_ceil(CHUNK))
        .into_par_iter()
        .map(|i| {
            let len = CHUNK.min(n - i * CHUNK);
            let mut r = rng(seed, STREAM_POINTS | i as u64);
            let mut acc = g * C::Scalar::rand(&mut r);
            let walk: Vec<C::Projective> = (0..len)
                .map(|_| {
                    acc += table[r.gen_range(0..TABLE)];
                    acc
                })
                .collect();
            C::Projective::normalize_batch(&walk)
        })
        .collect();
    for c in chunks {
        out.extend(c);
    }
    out
}

/// `n` uniform scalars of curve `C` from `seed`.
pub fn scalars<C: Curve>(n: usize, seed: u64) -> Vec<C::Scalar> {
    let chunks: Vec<Vec<C::Scalar>> = (0..n.div_ceil(CHUNK))
        .into_par_iter()
        .map(|i| {
            let len = CHUNK.min(n - i * CHUNK);
            let mut r = rng(seed, STREAM_SCALARS | i as u64);
            (0..len).map(|_| C::Scalar::rand(&mut r)).collect()
        })
        .collect();
    chunks.concat()
}

/// Points and scalars of one curve, generated once at the largest size of a
/// run; each case uses a prefix.
pub struct Inputs<C: Curve> {
    pub points: Vec<C::Affine>,
    pub scalars: Vec<C::Scalar>,
}

impl<C: Curve> Inputs<C> {
    /// The seed is mixed with the curve id so that curves differ.
    pub fn new(n: usize, seed: u64) -> Self {
        let seed = seed ^ (C::ID as u64).rotate_right(8);
        Inputs {
            points: points::<C>(n, seed),
            scalars: scalars::<C>(n, seed),
        }
    }

    pub fn prefix(&self, n: usize) -> (&[C::Affine], &[C::Scalar]) {
        (&self.points[..n], &self.scalars[..n])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ec::VariableBaseMSM;
    use gpukit::curves::{Banderwagon, Bn254G1};

    #[test]
    fn inputs_depend_on_the_seed_only_and_prefixes_agree() {
        let a = Inputs::<Bn254G1>::new(CHUNK + 5, 7);
        let b = Inputs::<Bn254G1>::new(10, 7);
        assert_eq!(&a.points[..10], &b.points[..]);
        assert_eq!(&a.scalars[..10], &b.scalars[..]);
        let c = Inputs::<Bn254G1>::new(10, 8);
        assert_ne!(c.points, b.points);
    }

    #[test]
    fn points_are_valid_group_elements() {
        let p = points::<Banderwagon>(100, 1);
        assert!(p
            .iter()
            .all(|q| q.is_on_curve() && q.is_in_correct_subgroup_assuming_on_curve()));
        let p = points::<Bn254G1>(100, 1);
        assert!(p.iter().all(|q| q.is_on_curve()));
        let s = scalars::<Bn254G1>(100, 1);
        assert!(<Bn254G1 as Curve>::Projective::msm(&p, &s).is_ok());
    }
}
