//! Banderwagon as Verkle clients hold it: the CRS generated from its seed
//! as the Verkle spec defines it, accepted as resident bases with the
//! default validation in either representative, and commitments equal to
//! the spec's serialization (go-ipa's known answers).

mod common;

use ark_ec::twisted_edwards::TECurveConfig;
use ark_ed_on_bls12_381_bandersnatch::{EdwardsAffine, EdwardsConfig, Fq, Fr};
use ark_ff::{BigInteger, Field, PrimeField};
use common::*;
use gpukit::encoding::encode_scalars;
use gpukit::{curves, Backend, BasesBytes, Config, CurveId, PointFormat, Status, Validation};
use sha2::{Digest, Sha256};

const SEED: &[u8] = b"eth_verkle_oct_2021";
/// go-ipa's ipa/ipa_test.go TestCRSGeneration: points 0 and 255 and the
/// SHA-256 of all 256 serializations.
const FIRST: &str = "01587ad1336675eb912550ec2a28eb8923b824b490dd2ba82e48f14590a298a0";
const LAST: &str = "3de2be346b539395b0c0de56a5ccca54a317f1b5c80107b0802af9a62276a4d8";
const ALL_SHA256: &str = "1fcaea10bf24f750200e06fa473c76ff0468007291fa548e2d99f09ba9256fdb";
/// go-ipa's TestIPAProofConsistency: the commitment to 1..=32 repeated 8 times.
const COMMITMENT: &str = "1b9dff8f5ebbac250d291dfe90e36283a227c64b113c37f1bfb9e7a743cdb128";

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn config(format: PointFormat, backend: Backend) -> Config {
    Config {
        point_format: format,
        backend,
        ..Default::default()
    }
}

/// The serialization of the element with this 32-byte encoding, or `None`
/// where it is none: a one-point MSM with scalar 1 decodes and re-encodes.
fn element(bytes: &[u8]) -> Option<Vec<u8>> {
    let one = encode_scalars::<curves::Banderwagon>(&[Fr::from(1u8)]);
    let c = config(PointFormat::Compressed, Backend::Serial);
    gpukit::msm_bytes(CurveId::Banderwagon, bytes, &one, &c).ok()
}

/// The spec's CRS: x = SHA-256(seed || i as u64 big-endian) mod p, big-endian,
/// kept when it decodes as a Banderwagon element.
fn crs() -> Vec<Vec<u8>> {
    (0u64..)
        .filter_map(|i| {
            let hash = Sha256::new()
                .chain_update(SEED)
                .chain_update(i.to_be_bytes())
                .finalize();
            let x = Fq::from_be_bytes_mod_order(&hash);
            element(&x.into_bigint().to_bytes_be())
        })
        .take(256)
        .collect()
}

/// Lifts a 32-byte serialization to the Edwards point whose y is
/// lexicographically largest (the test's own decompression).
fn lift(bytes: &[u8]) -> EdwardsAffine {
    let x = Fq::from_be_bytes_mod_order(bytes);
    let (a, d) = (EdwardsConfig::COEFF_A, EdwardsConfig::COEFF_D);
    let y = ((Fq::from(1u8) - a * x * x) / (Fq::from(1u8) - d * x * x))
        .sqrt()
        .unwrap();
    let half = Fq::MODULUS_MINUS_ONE_DIV_TWO;
    let y = if y.into_bigint() > half { y } else { -y };
    EdwardsAffine::new_unchecked(x, y)
}

fn be64(p: &EdwardsAffine) -> Vec<u8> {
    [
        p.x.into_bigint().to_bytes_be(),
        p.y.into_bigint().to_bytes_be(),
    ]
    .concat()
}

#[test]
fn crs_from_the_seed_matches_the_spec() {
    let crs = crs();
    assert_eq!(hex(&crs[0]), FIRST);
    assert_eq!(hex(&crs[255]), LAST);
    assert_eq!(hex(&Sha256::digest(crs.concat())), ALL_SHA256);
}

#[test]
fn commitments_equal_the_spec_in_every_form_and_backend() {
    let crs = crs();
    let values: Vec<Fr> = (0..256).map(|i| Fr::from(i % 32 + 1)).collect();
    let scalars = encode_scalars::<curves::Banderwagon>(&values);
    // Half the points in the other representative (−x, −y), as a client's
    // decompression may give them.
    let lifted: Vec<EdwardsAffine> = crs.iter().map(|b| lift(b)).collect();
    let mixed: Vec<u8> = lifted
        .iter()
        .enumerate()
        .flat_map(|(i, p)| match i % 2 {
            0 => be64(p),
            _ => be64(&EdwardsAffine::new_unchecked(-p.x, -p.y)),
        })
        .collect();
    // The GPU too where a device is visible (the lead's H100 run).
    let gpu = (gpukit::gpu_count() > 0).then_some(Backend::Gpu);
    for backend in [Backend::Serial, Backend::Cpu, Backend::Auto]
        .into_iter()
        .chain(gpu)
    {
        let c = config(PointFormat::Compressed, backend);
        let out = gpukit::msm_bytes(CurveId::Banderwagon, &crs.concat(), &scalars, &c).unwrap();
        assert_eq!(hex(&out), COMMITMENT, "{backend:?}");
        let bases = BasesBytes::new(CurveId::Banderwagon, &crs.concat(), &c).unwrap();
        assert_eq!(
            hex(&bases.msm(&scalars).unwrap()),
            COMMITMENT,
            "{backend:?}"
        );

        let c = config(PointFormat::BanderwagonUncompressed, backend);
        let bases = BasesBytes::new(CurveId::Banderwagon, &mixed, &c).unwrap();
        let out = bases.msm(&scalars).unwrap();
        assert_eq!(hex(&out[..32]), COMMITMENT, "{backend:?}");
        assert_eq!(out, be64(&lift(&out[..32])), "{backend:?}");
    }
}

#[test]
fn results_are_the_arkworks_sum_up_to_the_quotient() {
    let mut rng = SeededRng::new(6);
    let points = random_points::<curves::Banderwagon>(&mut rng, 300);
    let scalars = random_scalars::<curves::Banderwagon>(&mut rng, 300);
    let expected = reference::<curves::Banderwagon>(&points, &scalars);
    let input: Vec<u8> = points
        .iter()
        .enumerate()
        .flat_map(|(i, p)| match i % 3 {
            0 => be64(&EdwardsAffine::new_unchecked(-p.x, -p.y)),
            _ => be64(p),
        })
        .collect();
    let c = config(PointFormat::BanderwagonUncompressed, Backend::Cpu);
    let out = gpukit::msm_bytes(
        CurveId::Banderwagon,
        &input,
        &encode_scalars::<curves::Banderwagon>(&scalars),
        &c,
    )
    .unwrap();
    let got = lift(&out[..32]);
    let neg = EdwardsAffine::new_unchecked(-got.x, -got.y);
    assert!(got == expected || neg == expected);
}

#[test]
fn bad_banderwagon_encodings_name_the_point() {
    let crs = crs();
    let one = encode_scalars::<curves::Banderwagon>(&[Fr::from(1u8); 3]);
    let cases: [(usize, Vec<u8>, Status); 3] = [
        // x = p: not canonical.
        (1, Fq::MODULUS.to_bytes_be(), Status::BadEncoding),
        // x = 2: 1 − a·4 over 1 − d·4 is not a square.
        (
            2,
            Fq::from(2u8).into_bigint().to_bytes_be(),
            Status::PointNotOnCurve,
        ),
        // Found below: an x on the curve outside 2E.
        (0, outside_2e(), Status::PointNotInSubgroup),
    ];
    for (index, bad, status) in cases {
        let mut input = crs[..3].concat();
        input[32 * index..32 * index + 32].copy_from_slice(&bad);
        let c = config(PointFormat::Compressed, Backend::Cpu);
        let e = gpukit::msm_bytes(CurveId::Banderwagon, &input, &one, &c).unwrap_err();
        assert_eq!(e.status(), status, "{}", e.message());
        assert!(
            e.message().contains(&format!("point {index}")),
            "{}",
            e.message()
        );
        let trusted = Config {
            validation: Validation::Trusted,
            ..c
        };
        let r = gpukit::msm_bytes(CurveId::Banderwagon, &input, &one, &trusted);
        assert_eq!(r.is_ok(), status == Status::PointNotInSubgroup);
    }
    let c = config(PointFormat::Compressed, Backend::Cpu);
    let e = gpukit::msm_bytes(CurveId::Banderwagon, &[0u8; 33], &one[..32], &c).unwrap_err();
    assert_eq!(e.status(), Status::SizeMismatch);
    let e = gpukit::msm_bytes(
        CurveId::Bn254G1,
        &[0u8; 64],
        &one[..32],
        &config(PointFormat::BanderwagonUncompressed, Backend::Cpu),
    )
    .unwrap_err();
    assert_eq!(e.status(), Status::BadConfig);
}

/// The x of a curve point outside 2E: the first small x that lifts to the
/// curve but fails 1 − a·x² being a square.
fn outside_2e() -> Vec<u8> {
    let (a, d) = (EdwardsConfig::COEFF_A, EdwardsConfig::COEFF_D);
    (3u64..)
        .map(Fq::from)
        .find(|x| {
            let num = Fq::from(1u8) - a * x * x;
            let y2 = num / (Fq::from(1u8) - d * x * x);
            y2.sqrt().is_some() && num.sqrt().is_none()
        })
        .map(|x| x.into_bigint().to_bytes_be())
        .unwrap()
}
