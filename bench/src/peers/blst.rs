//! blst's multi-threaded Pippenger for BLS12-381 G1 (`MultiPoint::mult` on
//! a slice of `blst_p1_affine`, which spreads the work over blst's thread
//! pool of one thread per core).
//!
//! blst keeps field elements in Montgomery form with R = 2^384, the same
//! limbs as arkworks' Fq, so points are copied limb for limb; scalars go in
//! as canonical little-endian bytes (one conversion out of Montgomery form
//! each). Both conversions are inside the timed call, as gpukit's are.

use ark_bls12_381::{Fq, Fr, G1Affine};
use ark_ec::AffineRepr;
use ark_ff::{BigInt, PrimeField};
use blst::{blst_fp, blst_p1, blst_p1_affine, blst_p1_to_affine, MultiPoint};
use rayon::prelude::*;

/// BLS12-381 G1 scalars are 255-bit.
const SCALAR_BITS: usize = 255;

/// Σ kᵢ·Pᵢ computed by blst.
pub fn msm(points: &[G1Affine], scalars: &[Fr]) -> G1Affine {
    let affines: Vec<blst_p1_affine> = points.par_iter().map(to_blst).collect();
    let mut bytes = vec![0u8; scalars.len() * 32];
    bytes
        .par_chunks_mut(32)
        .zip(scalars.par_iter())
        .for_each(|(out, s)| {
            for (o, limb) in out.chunks_mut(8).zip(s.into_bigint().0) {
                o.copy_from_slice(&limb.to_le_bytes());
            }
        });
    let sum: blst_p1 = affines.as_slice().mult(&bytes, SCALAR_BITS);
    from_blst(&sum)
}

fn to_blst(p: &G1Affine) -> blst_p1_affine {
    // blst's identity in affine form is (0, 0), as arkworks' x, y are for it.
    match p.xy() {
        Some((x, y)) => blst_p1_affine {
            x: blst_fp { l: x.0 .0 },
            y: blst_fp { l: y.0 .0 },
        },
        None => blst_p1_affine::default(),
    }
}

fn from_blst(p: &blst_p1) -> G1Affine {
    let mut a = blst_p1_affine::default();
    // SAFETY: both pointers are valid, blst writes one affine point.
    unsafe { blst_p1_to_affine(&mut a, p) };
    if a.x.l == [0; 6] && a.y.l == [0; 6] {
        return G1Affine::identity();
    }
    let x = Fq::new_unchecked(BigInt(a.x.l));
    let y = Fq::new_unchecked(BigInt(a.y.l));
    G1Affine::new_unchecked(x, y)
}
