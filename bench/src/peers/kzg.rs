//! c-kzg, the reference EIP-4844 library (C on blst), as the peer of the
//! KZG blob shape: `blob_to_kzg_commitment` with Ethereum's mainnet setup
//! over blobs of 4096 big-endian field elements, one blob per task on
//! rayon's pool (every core; each call runs on one thread, as a node
//! committing many blobs would spread them).

use ark_ff::{BigInteger, PrimeField};
use ark_serialize::CanonicalDeserialize;
use rayon::prelude::*;

// The setup and its blob order, shared with tests/c_kzg.rs: the library's
// API carries no test data.
#[path = "../../../tests/kzg_setup/mod.rs"]
mod kzg_setup;

use kzg_setup::BLOB_POINTS;
pub use kzg_setup::{blob_basis, POINT_BYTES};

/// A blob is 2^12 field elements.
pub const BLOB_LOG_N: u32 = BLOB_POINTS.trailing_zeros();

/// [`blob_basis`] as arkworks points (the ZCash encoding is arkworks'
/// compressed form for BLS12-381), for the systems that take arkworks'
/// slices. `A` is the curve's affine type; checked on the curve and in
/// the subgroup.
pub fn basis<A: CanonicalDeserialize + Send>() -> Result<Vec<A>, String> {
    blob_basis()
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
