//! c-kzg, the reference EIP-4844 library (C on blst), as the peer of the
//! KZG blob shape: `blob_to_kzg_commitment` with Ethereum's mainnet setup
//! over blobs of 4096 big-endian field elements, one blob per task on
//! rayon's pool (every core; each call runs on one thread, as a node
//! committing many blobs would spread them).

use ark_ff::{BigInteger, PrimeField};
use ark_serialize::CanonicalDeserialize;
use rayon::prelude::*;

/// A blob is 2^12 field elements.
pub const BLOB_LOG_N: u32 = 12;
const BLOB_POINTS: usize = 1 << BLOB_LOG_N;
/// A compressed BLS12-381 G1 point (and a commitment).
pub const POINT_BYTES: usize = 48;

/// The mainnet setup's G1 points in Lagrange form, 48-byte compressed, in
/// the published order: c-kzg's embedded `g1_lagrange_bytes.bin`
/// (tests/c_kzg.rs says why the repository carries a copy).
const G1_LAGRANGE: &[u8] = include_bytes!("../../../tests/kat/kzg_mainnet_g1_lagrange.bin");

/// The basis blobs are committed to, compressed: the specs'
/// `bit_reversal_permutation(KZG_SETUP_G1_LAGRANGE)` (c-kzg permutes the
/// same way when it loads the setup).
pub fn basis_compressed() -> Vec<u8> {
    let bits = BLOB_LOG_N;
    (0..BLOB_POINTS)
        .flat_map(|i| {
            let j = i.reverse_bits() >> (usize::BITS - bits);
            &G1_LAGRANGE[j * POINT_BYTES..(j + 1) * POINT_BYTES]
        })
        .copied()
        .collect()
}

/// The same basis as arkworks points (the ZCash encoding is arkworks'
/// compressed form for BLS12-381), for the systems that take arkworks'
/// slices. `A` is the curve's affine type; checked on the curve and in
/// the subgroup.
pub fn basis<A: CanonicalDeserialize + Send>() -> Result<Vec<A>, String> {
    basis_compressed()
        .par_chunks_exact(POINT_BYTES)
        .map(|mut p| A::deserialize_compressed(&mut p))
        .collect::<Result<_, _>>()
        .map_err(|e| format!("the mainnet KZG setup does not decode: {e}"))
}

/// The blobs of `scalars` (a multiple of 4096): each element as the 32
/// big-endian bytes a blob holds.
pub fn blob_bytes<S: PrimeField>(scalars: &[S]) -> Vec<u8> {
    scalars
        .par_iter()
        .flat_map_iter(|s| s.into_bigint().to_bytes_be())
        .collect()
}

/// c-kzg's blobs and its loaded mainnet settings: everything its timed
/// call needs, built outside the timing.
pub struct CKzg {
    settings: &'static c_kzg::KzgSettings,
    blobs: Vec<c_kzg::Blob>,
}

impl CKzg {
    /// From the packed big-endian blobs of [`blob_bytes`].
    pub fn new(blob_bytes: &[u8]) -> Result<CKzg, String> {
        let blobs = blob_bytes
            .chunks_exact(c_kzg::BYTES_PER_BLOB)
            .map(|b| c_kzg::Blob::from_bytes(b).map_err(|e| format!("c-kzg blob: {e:?}")))
            .collect::<Result<_, _>>()?;
        // Loading decompresses and checks the setup (a pairing check):
        // once per process for a node, so not inside the timing.
        Ok(CKzg {
            settings: c_kzg::ethereum_kzg_settings(0),
            blobs,
        })
    }

    /// The timed call: every blob's commitment, 48 compressed bytes each,
    /// one after another.
    pub fn commit_all(&self) -> Result<Vec<u8>, String> {
        let commitments: Vec<c_kzg::Bytes48> = self
            .blobs
            .par_iter()
            .map(|blob| {
                self.settings
                    .blob_to_kzg_commitment(blob)
                    .map(|c| c.to_bytes())
                    .map_err(|e| format!("c-kzg: {e:?}"))
            })
            .collect::<Result<_, _>>()?;
        Ok(commitments.iter().flat_map(|c| c.iter().copied()).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_bls12_381::{Fr, G1Affine, G1Projective};
    use ark_ec::{CurveGroup, VariableBaseMSM};
    use ark_serialize::CanonicalSerialize;
    use ark_std::UniformRand;
    use rand::SeedableRng;

    /// The peer's commitments are arkworks' MSMs over [`basis`], compressed:
    /// the basis is in c-kzg's order and the blobs hold what the scalars say.
    #[test]
    fn commitments_are_msms_over_the_basis() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(4844);
        let scalars: Vec<Fr> = (0..2 * BLOB_POINTS).map(|_| Fr::rand(&mut rng)).collect();
        let basis = basis::<G1Affine>().unwrap();
        let want: Vec<u8> = scalars
            .chunks_exact(BLOB_POINTS)
            .flat_map(|blob| {
                let mut out = Vec::new();
                G1Projective::msm(&basis, blob)
                    .unwrap()
                    .into_affine()
                    .serialize_compressed(&mut out)
                    .unwrap();
                out
            })
            .collect();
        let peer = CKzg::new(&blob_bytes(&scalars)).unwrap();
        assert_eq!(peer.commit_all().unwrap(), want);
    }
}
