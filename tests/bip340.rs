//! BIP340 batch verification as a Bitcoin node would run it through gpukit:
//! signatures and x-only keys made and checked by the `k256` crate, then
//! verified together by ONE MSM whose points go in exactly as k256 writes
//! them (`PointFormat::XOnly`) and whose scalars are k256's big-endian
//! bytes (`ScalarOrder::BigEndian`), on every backend here.
//!
//! BIP340, "Batch Verification": with weights a_1 = 1 and a_2..a_u random,
//! the batch is valid iff
//!     (Σ a_i·s_i)·G = Σ a_i·R_i + Σ a_i·e_i·P_i,
//! e_i = int(hash_BIP0340/challenge(r_i || P_i || m_i)) mod n, where R_i and
//! P_i are the points with even y of the x-only r_i and P_i. As one MSM:
//! points [G, R_1..R_u, P_1..P_u], scalars [−Σ a_i·s_i, a_1..a_u,
//! a_1·e_1..a_u·e_u]; a valid batch sums to the identity.

mod common;

use common::*;
use gpukit::{Config, CurveId, PointFormat, ScalarOrder, Status};
use k256::elliptic_curve::ops::Reduce;
use k256::elliptic_curve::sec1::ToEncodedPoint;
use k256::elliptic_curve::{Field, PrimeField};
use k256::schnorr::{Signature, SigningKey};
use k256::{Scalar, U256};
use rand::RngCore;
use sha2::{Digest, Sha256};

const SIGNATURES: usize = 64;
/// Bytes of an x-only key, of r, of s and of a message (BIP340 signs 32-byte messages).
const BYTES: usize = 32;
/// The result of a batch that verifies. The config has no separate result
/// format, so the result is x-only too; the identity has no x, and the
/// x-only codec writes it as 32 zero bytes (src/formats/sec1.rs), which no
/// point has: x = 0 would need y² = 7, not a square mod p.
const IDENTITY_X_ONLY: [u8; BYTES] = [0; BYTES];

/// One signed message, as a verifier receives it.
#[derive(Clone)]
struct Signed {
    key: [u8; BYTES],
    message: [u8; BYTES],
    signature: [u8; 2 * BYTES],
}

impl Signed {
    fn r(&self) -> &[u8] {
        &self.signature[..BYTES]
    }

    fn s(&self) -> Scalar {
        let bytes: [u8; BYTES] = self.signature[BYTES..].try_into().unwrap();
        Option::from(Scalar::from_repr(bytes.into())).expect("s < n")
    }

    /// e = int(hash_BIP0340/challenge(r || P || m)) mod n, the tagged hash
    /// SHA256(SHA256(tag) || SHA256(tag) || data) of BIP340.
    fn challenge(&self) -> Scalar {
        let tag = Sha256::digest(b"BIP0340/challenge");
        let hash = Sha256::new()
            .chain_update(tag)
            .chain_update(tag)
            .chain_update(self.r())
            .chain_update(self.key)
            .chain_update(self.message)
            .finalize();
        <Scalar as Reduce<U256>>::reduce_bytes(&hash)
    }

    /// k256's verifier: the answer the batch must agree with.
    fn k256_accepts(&self) -> bool {
        let key = k256::schnorr::VerifyingKey::from_bytes(&self.key).expect("an x-only key");
        let signature = Signature::try_from(&self.signature[..]).expect("64 bytes");
        key.verify_raw(&self.message, &signature).is_ok()
    }
}

/// Seeded keys signing seeded random 32-byte messages, each signature
/// checked by k256.
fn sign_all(rng: &mut SeededRng) -> Vec<Signed> {
    (0..SIGNATURES)
        .map(|_| {
            let key = SigningKey::random(&mut rng.rng);
            let mut message = [0u8; BYTES];
            let mut aux = [0u8; BYTES];
            rng.rng.fill_bytes(&mut message);
            rng.rng.fill_bytes(&mut aux);
            let signature = key.sign_raw(&message, &aux).expect("a signature");
            let signed = Signed {
                key: key.verifying_key().to_bytes().into(),
                message,
                signature: signature.to_bytes(),
            };
            assert!(signed.k256_accepts());
            signed
        })
        .collect()
}

/// The x-only form of the generator, from k256: its x, big-endian; G's y
/// is even, so the x-only form decodes to G itself.
fn generator_x_only() -> [u8; BYTES] {
    let g = k256::AffinePoint::GENERATOR.to_encoded_point(true);
    assert_eq!(g.as_bytes()[0], 0x02, "G has an even y");
    g.as_bytes()[1..].try_into().unwrap()
}

/// The batch's MSM: points [G, R_1..R_u, P_1..P_u] as x-only bytes,
/// scalars [−Σ a_i·s_i, a_1..a_u, a_1·e_1..a_u·e_u] as big-endian bytes.
fn batch_msm(batch: &[Signed], weights: &[Scalar]) -> (Vec<u8>, Vec<u8>) {
    let g_x = generator_x_only();
    let points: Vec<u8> = [&g_x[..]]
        .into_iter()
        .chain(batch.iter().map(Signed::r))
        .chain(batch.iter().map(|b| &b.key[..]))
        .flatten()
        .copied()
        .collect();
    let weighted_s: Scalar = batch.iter().zip(weights).map(|(b, a)| *a * b.s()).sum();
    let scalars: Vec<u8> = [-weighted_s]
        .into_iter()
        .chain(weights.iter().copied())
        .chain(batch.iter().zip(weights).map(|(b, a)| *a * b.challenge()))
        .flat_map(|k| k.to_bytes())
        .collect();
    (points, scalars)
}

/// a_1 = 1, the rest random (BIP340 draws them from a CSPRNG seeded with
/// the whole batch; a seeded test RNG stands in for it).
fn weights(rng: &mut SeededRng) -> Vec<Scalar> {
    std::iter::once(Scalar::ONE)
        .chain((1..SIGNATURES).map(|_| Scalar::random(&mut rng.rng)))
        .collect()
}

fn config(base: Config) -> Config {
    Config {
        point_format: PointFormat::XOnly,
        scalar_order: ScalarOrder::BigEndian,
        ..base
    }
}

fn batch_result(batch: &[Signed], weights: &[Scalar], base: Config) -> Vec<u8> {
    let (points, scalars) = batch_msm(batch, weights);
    gpukit::msm_bytes(CurveId::Secp256k1, &points, &scalars, &config(base))
        .unwrap_or_else(|e| panic!("{:?}: {e}", base.backend))
}

#[test]
fn a_valid_batch_sums_to_the_identity_on_every_backend() {
    let mut rng = SeededRng::new(340);
    let batch = sign_all(&mut rng);
    let weights = weights(&mut rng);
    for base in all_backends() {
        assert_eq!(
            batch_result(&batch, &weights, base),
            IDENTITY_X_ONLY,
            "{:?}",
            base.backend
        );
    }
}

/// One bad signature among 64 (a bit of s flipped, or a message that is
/// not the one signed): k256 rejects it, and the batch no longer sums to
/// the identity.
#[test]
fn a_batch_with_one_bad_signature_does_not() {
    let mut rng = SeededRng::new(3400);
    let batch = sign_all(&mut rng);
    let weights = weights(&mut rng);
    let mut flipped_s = batch.clone();
    flipped_s[17].signature[2 * BYTES - 1] ^= 1;
    let mut wrong_message = batch.clone();
    wrong_message[40].message[0] ^= 0x80;
    for (what, bad, index) in [
        ("flipped s", flipped_s, 17),
        ("wrong message", wrong_message, 40),
    ] {
        assert!(!bad[index].k256_accepts(), "{what}");
        for base in all_backends() {
            assert_ne!(
                batch_result(&bad, &weights, base),
                IDENTITY_X_ONLY,
                "{what} {:?}",
                base.backend
            );
        }
    }
}

/// Keys that are no x-only encoding, as the codec reports them, by index
/// in the MSM's points: x ≥ p is a bad encoding; x = 5 is below p but
/// 5³ + 7 is not a square mod p, so no point has it: not on the curve
/// (as in tests/point_formats.rs).
#[test]
fn keys_that_are_no_point_are_reported_by_index() {
    let mut rng = SeededRng::new(34);
    let batch = sign_all(&mut rng);
    let weights = weights(&mut rng);
    let (points, scalars) = batch_msm(&batch, &weights);
    let mut five = [0u8; BYTES];
    five[BYTES - 1] = 5;
    let cases = [
        (9, [0xff; BYTES], Status::BadEncoding),
        (1 + SIGNATURES + 3, five, Status::PointNotOnCurve),
    ];
    for (index, key, status) in cases {
        let mut bad = points.clone();
        bad[index * BYTES..(index + 1) * BYTES].copy_from_slice(&key);
        for base in all_backends() {
            let e =
                gpukit::msm_bytes(CurveId::Secp256k1, &bad, &scalars, &config(base)).unwrap_err();
            assert_eq!(e.status(), status, "{:?}: {e}", base.backend);
            assert!(
                e.message().contains(&format!("point {index}")),
                "{:?}: {e}",
                base.backend
            );
        }
    }
}
