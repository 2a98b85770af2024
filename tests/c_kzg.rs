//! EIP-4844 blob commitments as an Ethereum client computes them, checked
//! byte for byte against c-kzg (the reference EIP-4844 library, on blst):
//! the mainnet trusted setup's 4096 G1 Lagrange points go in as the 48-byte
//! compressed points the setup is published as (`PointFormat::Compressed`),
//! the blobs as the big-endian field elements they hold
//! (`ScalarOrder::BigEndian`), and the result comes back as the 48-byte
//! compressed commitment, with default validation, on every backend here.
//! The setup (and why the repository carries a copy) is kzg_setup/mod.rs.

mod common;
mod kzg_setup;

use ark_ff::{BigInteger, PrimeField};
use common::*;
use gpukit::{curves, BasesBytes, Config, CurveId, PointFormat, ScalarOrder};
use kzg_setup::{blob_basis, BLOB_POINTS, POINT_BYTES};

/// Blobs as clients hold them: 4096 canonical field elements of 32
/// big-endian bytes each. Seeded random ones, then the edges: all zero
/// (the commitment is the compressed identity, 0xc0 then zeros), all r − 1,
/// and a single non-zero element (a multiple of one setup point).
fn blobs(rng: &mut SeededRng, random: usize) -> Vec<Vec<u8>> {
    type Fr = <curves::Bls12_381G1 as gpukit::Curve>::Scalar;
    let encode = |elements: &[Fr]| -> Vec<u8> {
        elements
            .iter()
            .flat_map(|e| e.into_bigint().to_bytes_be())
            .collect()
    };
    let mut out: Vec<Vec<u8>> = (0..random)
        .map(|_| encode(&random_scalars::<curves::Bls12_381G1>(rng, BLOB_POINTS)))
        .collect();
    out.push(vec![0; BLOB_POINTS * 32]);
    out.push(encode(&vec![minus_one::<Fr>(); BLOB_POINTS]));
    let mut single = vec![Fr::from(0u64); BLOB_POINTS];
    single[2049] = random_scalars::<curves::Bls12_381G1>(rng, 1)[0];
    out.push(encode(&single));
    out
}

/// c-kzg's commitment of each blob: the answer.
fn c_kzg_commitments(blobs: &[Vec<u8>]) -> Vec<[u8; 48]> {
    let settings = c_kzg::ethereum_kzg_settings(0);
    blobs
        .iter()
        .map(|b| {
            let blob = c_kzg::Blob::from_bytes(b).expect("a blob of 4096 elements");
            *settings
                .blob_to_kzg_commitment(&blob)
                .expect("canonical field elements")
                .to_bytes()
        })
        .collect()
}

#[test]
fn blob_commitments_equal_c_kzg() {
    let mut rng = SeededRng::new(0x0c4b_2a4d);
    // Two random blobs and the three edges: the serial backend's 4096
    // scalar multiplications per blob bound the time on CI's two cores.
    let blobs = blobs(&mut rng, 2);
    let want = c_kzg_commitments(&blobs);
    assert_eq!(&want[2][..2], &[0xc0, 0], "c-kzg's identity");
    let basis = blob_basis();
    let scalars = blobs.concat();
    let expected = want.concat();
    for base in all_backends() {
        let config = Config {
            point_format: PointFormat::Compressed,
            scalar_order: ScalarOrder::BigEndian,
            ..base
        };
        let what = format!("{:?}", config.backend);
        // The client's setup handle: default (full) validation of the
        // compressed setup, then every blob in one batch call.
        let bases = BasesBytes::new(CurveId::Bls12_381G1, &basis, &config)
            .unwrap_or_else(|e| panic!("{what}: bases_new: {e}"));
        let got = bases
            .msm_batch(&scalars, BLOB_POINTS, blobs.len())
            .unwrap_or_else(|e| panic!("{what}: batch: {e}"));
        for (i, (got, want)) in got.chunks_exact(POINT_BYTES).zip(&want).enumerate() {
            assert_eq!(got, want, "{what}: blob {i}");
        }
        // The one-shot entries run the same code per backend as the bases
        // do; the serial one's scalar multiplications would double the
        // test's time for nothing new.
        if config.backend == gpukit::Backend::Serial {
            continue;
        }
        // One blob through the one-shot call: the same bytes.
        let one = gpukit::msm_bytes(CurveId::Bls12_381G1, &basis, &blobs[0], &config)
            .unwrap_or_else(|e| panic!("{what}: one-shot: {e}"));
        assert_eq!(one, want[0], "{what}: one-shot");
        // The batch without resident bases: gpukit_msm_batch with one
        // point set shared by every MSM.
        let shared = gpukit::msm_batch_bytes(
            CurveId::Bls12_381G1,
            &basis,
            1,
            &scalars,
            BLOB_POINTS,
            blobs.len(),
            &config,
        )
        .unwrap_or_else(|e| panic!("{what}: one-shot batch: {e}"));
        assert_eq!(shared, expected, "{what}: one-shot batch");
    }
}
