//! The compressed point formats (ZCash for BLS12-381 G1/G2, arkworks' for
//! BN254 and BLS12-377, SEC1 and BIP340 for secp256k1, Banderwagon's 32
//! bytes): an MSM over encoded points, one-shot, on resident bases and as
//! a batch, gives the encoding of arkworks' result on every backend; bad
//! encodings are reported by index; the subgroup check follows the
//! validation level; every backend gives every input the same answer,
//! which on a GPU machine checks the device's decompression against the
//! host codecs. (Banderwagon's spec vectors: tests/banderwagon.rs.)

mod common;

use ark_ec::AffineRepr;
use ark_ff::{BigInteger, PrimeField};
use ark_serialize::CanonicalSerialize;
use common::*;
use gpukit::encoding::encode_scalars;
use gpukit::{curves, BasesBytes, Config, Curve, PointFormat, ScalarOrder, Status, Validation};

/// A reference encoder: arkworks' compressed serialization.
fn arkworks_compressed<C: Curve>(p: &C::Affine) -> Vec<u8> {
    let mut out = Vec::new();
    p.serialize_compressed(&mut out).unwrap();
    out
}

/// SEC1 compressed and BIP340 x-only, written out from the coordinates.
fn sec1(p: &ark_secp256k1::Affine, x_only: bool) -> Vec<u8> {
    let Some((x, y)) = p.xy() else {
        return vec![0; if x_only { 32 } else { 33 }];
    };
    let mut out = match x_only {
        true => vec![],
        false => vec![if y.into_bigint().is_odd() { 3 } else { 2 }],
    };
    out.extend(x.into_bigint().to_bytes_be());
    out
}

fn encode_all<C: Curve>(points: &[C::Affine], encode: &dyn Fn(&C::Affine) -> Vec<u8>) -> Vec<u8> {
    points.iter().flat_map(encode).collect()
}

/// MSMs over `format`-encoded points against arkworks' results, encoded the
/// same way; identity points and a zero result included.
fn check_format<C: Curve>(format: PointFormat, encode: &dyn Fn(&C::Affine) -> Vec<u8>) {
    let what = format!("{} {format:?}", C::ID.name());
    let size = format.point_bytes(C::ID).unwrap();
    let mut rng = SeededRng::new(0x666d_7400 + C::ID as u64);
    let n = 131;
    let mut points = random_points::<C>(&mut rng, n);
    points[17] = C::Affine::zero();
    let encoded = encode_all::<C>(&points, encode);
    assert_eq!(encoded.len(), n * size, "{what}");
    let scalars = random_scalars::<C>(&mut rng, n);
    let expected = encode(&reference::<C>(&points, &scalars));
    let wire_scalars = encode_scalars::<C>(&scalars);
    for base in all_backends() {
        let config = Config {
            point_format: format,
            ..base
        };
        let got = gpukit::msm_bytes(C::ID, &encoded, &wire_scalars, &config)
            .unwrap_or_else(|e| panic!("{what} {:?}: {e}", base.backend));
        assert_eq!(got, expected, "{what} {:?}", base.backend);
        let bases = BasesBytes::new(C::ID, &encoded, &config).unwrap();
        assert_eq!(
            bases.msm(&wire_scalars).unwrap(),
            expected,
            "{what} resident"
        );
        // A batch: the vector, then all zeros (the identity's encoding).
        let mut two = wire_scalars.clone();
        two.extend(vec![0u8; wire_scalars.len()]);
        let mut both = expected.clone();
        both.extend(encode(&C::Affine::zero()));
        assert_eq!(bases.msm_batch(&two, n, 2).unwrap(), both, "{what} batch");
        // A batch of 70 (its results encoded on several threads): vector j
        // is the first 3 scalars times j + 1.
        let (count, len) = (70, 3);
        let mut many = Vec::new();
        let mut want = Vec::new();
        for j in 0..count {
            let k: Vec<C::Scalar> = scalars[..len]
                .iter()
                .map(|s| *s * C::Scalar::from(j as u64 + 1))
                .collect();
            many.extend(encode_scalars::<C>(&k));
            want.extend(encode(&reference::<C>(&points[..len], &k)));
        }
        assert_eq!(
            bases.msm_batch(&many, len, count).unwrap(),
            want,
            "{what} batch of {count}"
        );
    }
    // Big-endian scalars with an encoded basis: an EIP-4844-style call.
    let big = Config {
        point_format: format,
        scalar_order: ScalarOrder::BigEndian,
        ..Config::default()
    };
    let be: Vec<u8> = wire_scalars
        .chunks_exact(32)
        .flat_map(|s| s.iter().rev().copied())
        .collect();
    assert_eq!(
        gpukit::msm_bytes(C::ID, &encoded, &be, &big).unwrap(),
        expected,
        "{what} big-endian"
    );
    // Every byte of point 7 set: flags, x ≥ p or both; reported by index.
    let mut bad = encoded.clone();
    bad[7 * size..8 * size].fill(0xff);
    let config = Config {
        point_format: format,
        ..Config::default()
    };
    let e = gpukit::msm_bytes(C::ID, &bad, &wire_scalars, &config).unwrap_err();
    assert_eq!(e.status(), Status::BadEncoding, "{what}: {e}");
    assert!(e.message().contains("point 7"), "{what}: {e}");
}

#[test]
fn bn254_g1_compressed() {
    check_format::<curves::Bn254G1>(
        PointFormat::Compressed,
        &arkworks_compressed::<curves::Bn254G1>,
    );
}

#[test]
fn bls12_381_g1_zcash() {
    check_format::<curves::Bls12_381G1>(
        PointFormat::Compressed,
        &arkworks_compressed::<curves::Bls12_381G1>,
    );
}

#[test]
fn bls12_381_g2_zcash() {
    check_format::<curves::Bls12_381G2>(
        PointFormat::Compressed,
        &arkworks_compressed::<curves::Bls12_381G2>,
    );
}

#[test]
fn bls12_377_g1_compressed() {
    check_format::<curves::Bls12_377G1>(
        PointFormat::Compressed,
        &arkworks_compressed::<curves::Bls12_377G1>,
    );
}

/// Banderwagon's 32 bytes: x of the representative whose y is the larger.
fn banderwagon_bytes(p: &ark_ed_on_bls12_381_bandersnatch::EdwardsAffine) -> Vec<u8> {
    use ark_ed_on_bls12_381_bandersnatch::Fq;
    let x = match p.y.into_bigint() > Fq::MODULUS_MINUS_ONE_DIV_TWO {
        true => p.x,
        false => -p.x,
    };
    x.into_bigint().to_bytes_be()
}

#[test]
fn banderwagon_compressed() {
    check_format::<curves::Banderwagon>(PointFormat::Compressed, &banderwagon_bytes);
}

/// go-ipa's 64 bytes: x ‖ y of the representative whose y is the larger,
/// as results are written.
fn banderwagon_pair_bytes(p: &ark_ed_on_bls12_381_bandersnatch::EdwardsAffine) -> Vec<u8> {
    use ark_ed_on_bls12_381_bandersnatch::Fq;
    let (x, y) = match p.y.into_bigint() > Fq::MODULUS_MINUS_ONE_DIV_TWO {
        true => (p.x, p.y),
        false => (-p.x, -p.y),
    };
    [x.into_bigint().to_bytes_be(), y.into_bigint().to_bytes_be()].concat()
}

#[test]
fn banderwagon_uncompressed() {
    check_format::<curves::Banderwagon>(
        PointFormat::BanderwagonUncompressed,
        &banderwagon_pair_bytes,
    );
}

#[test]
fn secp256k1_sec1() {
    check_format::<curves::Secp256k1>(PointFormat::Compressed, &|p| sec1(p, false));
}

/// BIP340 keys: x alone, read as the point with the even y; the result is
/// written as its x, so the reference is the MSM over the even-y points.
#[test]
fn secp256k1_x_only() {
    type C = curves::Secp256k1;
    let mut rng = SeededRng::new(340);
    let points: Vec<_> = random_points::<C>(&mut rng, 70)
        .into_iter()
        .map(|p| match p.y.into_bigint().is_odd() {
            true => -p,
            false => p,
        })
        .collect();
    let keys = encode_all::<C>(&points, &|p| sec1(p, true));
    let scalars = random_scalars::<C>(&mut rng, 70);
    let config = Config {
        point_format: PointFormat::XOnly,
        ..Config::default()
    };
    let got = gpukit::msm_bytes(C::ID, &keys, &encode_scalars::<C>(&scalars), &config).unwrap();
    assert_eq!(got, sec1(&reference::<C>(&points, &scalars), true));
    // x = 5 lifts to no point: not on the curve, by index.
    let mut bad = keys.clone();
    bad[3 * 32..4 * 32].fill(0);
    bad[4 * 32 - 1] = 5;
    let e = gpukit::msm_bytes(C::ID, &bad, &encode_scalars::<C>(&scalars), &config).unwrap_err();
    assert_eq!(e.status(), Status::PointNotOnCurve, "{e}");
    assert!(e.message().contains("point 3"), "{e}");
}

/// A BLS12-381 G1 point outside the prime-order subgroup passes ON_CURVE
/// (the one-shot default) and fails FULL (the bases' default).
#[test]
fn bls12_381_subgroup_check_follows_validation() {
    type C = curves::Bls12_381G1;
    let outside = ark_bls12_381::G1Affine::off_subgroup().expect("BLS12-381 G1 has a cofactor");
    let mut rng = SeededRng::new(381);
    let mut points = random_points::<C>(&mut rng, 9);
    points[4] = outside;
    let encoded = encode_all::<C>(&points, &arkworks_compressed::<C>);
    let scalars = encode_scalars::<C>(&random_scalars::<C>(&mut rng, 9));
    let on_curve = Config {
        point_format: PointFormat::Compressed,
        ..Config::default()
    };
    assert!(gpukit::msm_bytes(C::ID, &encoded, &scalars, &on_curve).is_ok());
    let full = Config {
        validation: Validation::Full,
        ..on_curve
    };
    let e = gpukit::msm_bytes(C::ID, &encoded, &scalars, &full).unwrap_err();
    assert_eq!(e.status(), Status::PointNotInSubgroup, "{e}");
    assert!(e.message().contains("point 4"), "{e}");
    let e = BasesBytes::new(C::ID, &encoded, &on_curve)
        .map(|_| ())
        .unwrap_err();
    assert_eq!(e.status(), Status::PointNotInSubgroup, "{e}");
}

/// The sizes the C ABI reports, and the formats a curve does not have.
#[test]
fn sizes_and_unknown_pairs() {
    use gpukit::CurveId as Id;
    let size = |c, f: PointFormat| f.point_bytes(c).ok();
    assert_eq!(size(Id::Bn254G1, PointFormat::Compressed), Some(32));
    assert_eq!(size(Id::Bls12_381G1, PointFormat::Compressed), Some(48));
    assert_eq!(size(Id::Bls12_381G2, PointFormat::Compressed), Some(96));
    assert_eq!(size(Id::Bls12_377G1, PointFormat::Compressed), Some(48));
    assert_eq!(size(Id::Secp256k1, PointFormat::Compressed), Some(33));
    assert_eq!(size(Id::Secp256k1, PointFormat::XOnly), Some(32));
    assert_eq!(size(Id::Bn254G1, PointFormat::XOnly), None);
    assert_eq!(
        size(Id::Bls12_381G1, PointFormat::BanderwagonUncompressed),
        None
    );
    for (curve, format) in [(1u8, 3u32), (6, 3), (5, 2)] {
        assert_eq!(gpukit::ffi::gpukit_format_point_bytes(curve, format), 0);
    }
    assert_eq!(gpukit::ffi::gpukit_format_point_bytes(2, 1), 48);
}

/// An x with no point on the curve, as `encode` writes a point's x: the
/// first small x whose x³ + b is not a square.
fn x_without_point<C: Curve>() -> <C::Affine as AffineRepr>::BaseField
where
    C::Affine: AffineRepr<Config: ark_ec::short_weierstrass::SWCurveConfig>,
{
    use ark_ec::short_weierstrass::Affine;
    (1u64..)
        .map(<C::Affine as AffineRepr>::BaseField::from)
        .find(|x| {
            Affine::<<C::Affine as AffineRepr>::Config>::get_point_from_x_unchecked(*x, false)
                .is_none()
        })
        .unwrap()
}

/// A point outside the subgroup, as encoded, and whether a call fails on
/// it under a validation level, blinded or not.
type Outside<'a> = (Vec<u8>, &'a dyn Fn(Validation, bool) -> bool);

/// Every backend gives every input the same answer, byte for byte and
/// error for error (status and message): valid points, a bad encoding, an
/// x with no point, two faulty points (the lower index wins), a bad scalar
/// with a faulty point after it (the point wins: the host decodes points
/// first), a bad scalar alone, and where the curve has a cofactor a point
/// outside the subgroup, alone and before a bad encoding, under every
/// validation level, blinded or not, for one-shot calls and for resident
/// bases. With a GPU this checks the device's decompression against the
/// host codecs; here it checks the host backends against each other.
fn check_errors_agree<C: Curve>(
    format: PointFormat,
    encode: &dyn Fn(&C::Affine) -> Vec<u8>,
    no_point: Vec<u8>,
    outside: Option<Outside<'_>>,
) {
    let what = format!("{} {format:?}", C::ID.name());
    let size = format.point_bytes(C::ID).unwrap();
    let mut rng = SeededRng::new(0x6572_7200 + C::ID as u64);
    let n = 64;
    let points = encode_all::<C>(&random_points::<C>(&mut rng, n), encode);
    let scalars = encode_scalars::<C>(&random_scalars::<C>(&mut rng, n));
    let with = |bytes: &[u8], at: &[(usize, &[u8])]| {
        let mut v = bytes.to_vec();
        for (i, b) in at {
            v[i * size..(i + 1) * size].copy_from_slice(b);
        }
        v
    };
    let bad = vec![0xffu8; size];
    let mut bad_scalars = scalars.clone();
    bad_scalars[3 * 32..4 * 32].fill(0xff);
    let mut cases: Vec<(&str, Vec<u8>, &[u8])> = vec![
        ("valid", points.clone(), &scalars),
        ("bad encoding", with(&points, &[(20, &bad)]), &scalars),
        ("no point", with(&points, &[(20, &no_point)]), &scalars),
        (
            "two faults",
            with(&points, &[(9, &no_point), (30, &bad)]),
            &scalars,
        ),
        (
            "scalar, then point",
            with(&points, &[(40, &bad)]),
            &bad_scalars,
        ),
        ("scalar", points.clone(), &bad_scalars),
    ];
    if let Some((point, _)) = &outside {
        cases.push(("outside", with(&points, &[(12, point)]), &scalars));
        cases.push((
            "outside, then bad",
            with(&points, &[(12, point), (30, &bad)]),
            &scalars,
        ));
    }
    for validation in [
        Validation::Default,
        Validation::Trusted,
        Validation::OnCurve,
        Validation::Full,
    ] {
        for blinded in [false, true] {
            for (case, points, scalars) in &cases {
                let on_every_backend =
                    |call: &dyn Fn(&Config) -> Result<Vec<u8>, gpukit::Error>| {
                        all_backends()
                            .into_iter()
                            .map(|base| {
                                let config = Config {
                                    point_format: format,
                                    validation,
                                    blinded,
                                    ..base
                                };
                                let got = call(&config)
                                    .map_err(|e| (e.status(), e.message().to_string()));
                                (base.backend, got)
                            })
                            .collect::<Vec<_>>()
                    };
                let answers =
                    on_every_backend(&|config| gpukit::msm_bytes(C::ID, points, scalars, config));
                for (backend, got) in &answers[1..] {
                    // A blinded sum over a point outside the subgroup that
                    // no check stopped is a·P + b·P for random a + b ≡ k
                    // (mod r), not k·P: the results differ, the statuses not.
                    let unchecked_blind = blinded && *case == "outside" && got.is_ok();
                    if unchecked_blind {
                        assert!(answers[0].1.is_ok(), "{what} {case}: {backend:?}");
                        continue;
                    }
                    assert_eq!(
                        got, &answers[0].1,
                        "{what} {case}, {validation:?}, blinded {blinded}: {backend:?} vs {:?}",
                        answers[0].0
                    );
                }
                let fails = match (*case, &outside) {
                    ("valid", _) => false,
                    ("outside", Some((_, fails))) => fails(validation, blinded),
                    _ => true,
                };
                assert_eq!(
                    answers[0].1.is_err(),
                    fails,
                    "{what} {case}, {validation:?}, blinded {blinded}: {:?}",
                    answers[0].1
                );
                if *case == "outside" && fails {
                    let (status, message) = answers[0].1.as_ref().unwrap_err();
                    assert_eq!(*status, Status::PointNotInSubgroup, "{what}: {message}");
                    assert!(message.starts_with("point 12 "), "{what}: {message}");
                }
                // Resident bases of the same points (decompressed by the
                // device where they go to a GPU) fail alike on every
                // backend; no tables, so that only the decoding is timed.
                let resident = on_every_backend(&|config| {
                    let plain = Config {
                        precompute: 1,
                        fixed_base: 1,
                        ..*config
                    };
                    BasesBytes::new(C::ID, points, &plain).map(|b| b.len().to_le_bytes().to_vec())
                });
                for (backend, got) in &resident[1..] {
                    assert_eq!(
                        got, &resident[0].1,
                        "{what} {case} resident, {validation:?}, blinded {blinded}: {backend:?} vs {:?}",
                        resident[0].0
                    );
                }
            }
        }
    }
    // The messages name the lowest faulty index, in the host codec's words.
    let config = Config {
        point_format: format,
        ..Config::default()
    };
    let e = gpukit::msm_bytes(C::ID, &cases[3].1, &scalars, &config).unwrap_err();
    assert!(e.message().starts_with("point 9: "), "{what}: {e}");
    let e = gpukit::msm_bytes(C::ID, &cases[4].1, &bad_scalars, &config).unwrap_err();
    assert!(e.message().starts_with("point 40: "), "{what}: {e}");
}

#[test]
fn bls12_381_g1_errors_agree_on_every_backend() {
    type C = curves::Bls12_381G1;
    let mut no_point = arkworks_compressed::<C>(&ark_bls12_381::G1Affine::generator());
    let x = x_without_point::<C>().into_bigint().to_bytes_be();
    no_point.copy_from_slice(&x);
    no_point[0] |= 0x80;
    let e = gpukit::msm_bytes(
        C::ID,
        &no_point,
        &[0u8; 32],
        &Config {
            point_format: PointFormat::Compressed,
            ..Config::default()
        },
    )
    .unwrap_err();
    assert_eq!(e.status(), Status::BadEncoding, "{e}");
    let outside = ark_bls12_381::G1Affine::off_subgroup().expect("BLS12-381 G1 has a cofactor");
    check_errors_agree::<C>(
        PointFormat::Compressed,
        &arkworks_compressed::<C>,
        no_point,
        Some((arkworks_compressed::<C>(&outside), &subgroup_checked)),
    );
}

/// BLS12-381 G2 (ZCash's 96 bytes, x = c1 || c0): the device's roots are
/// in Fp2, and its cofactor is not 1: the subgroup check stays the host's.
#[test]
fn bls12_381_g2_errors_agree_on_every_backend() {
    type C = curves::Bls12_381G2;
    let x = x_without_point::<C>();
    let mut no_point = [
        x.c1.into_bigint().to_bytes_be(),
        x.c0.into_bigint().to_bytes_be(),
    ]
    .concat();
    no_point[0] |= 0x80;
    let outside = ark_bls12_381::G2Affine::off_subgroup().expect("BLS12-381 G2 has a cofactor");
    check_errors_agree::<C>(
        PointFormat::Compressed,
        &arkworks_compressed::<C>,
        no_point,
        Some((arkworks_compressed::<C>(&outside), &subgroup_checked)),
    );
}

/// Whether a call runs the subgroup check of a short Weierstrass curve:
/// under FULL, and for blinded calls that check points at all.
fn subgroup_checked(validation: Validation, blinded: bool) -> bool {
    validation == Validation::Full || (blinded && validation != Validation::Trusted)
}

#[test]
fn bn254_g1_errors_agree_on_every_backend() {
    type C = curves::Bn254G1;
    let mut no_point = x_without_point::<C>().into_bigint().to_bytes_le();
    no_point[31] |= 0x80;
    check_errors_agree::<C>(
        PointFormat::Compressed,
        &arkworks_compressed::<C>,
        no_point,
        None,
    );
}

/// BLS12-377's p is 1 mod 4 (the device's roots are Tonelli–Shanks'), and
/// its cofactor is not 1: the subgroup check stays the host's.
#[test]
fn bls12_377_g1_errors_agree_on_every_backend() {
    type C = curves::Bls12_377G1;
    let mut no_point = x_without_point::<C>().into_bigint().to_bytes_le();
    no_point[47] |= 0x80;
    let outside = ark_bls12_377::G1Affine::off_subgroup().expect("BLS12-377 G1 has a cofactor");
    check_errors_agree::<C>(
        PointFormat::Compressed,
        &arkworks_compressed::<C>,
        no_point,
        Some((arkworks_compressed::<C>(&outside), &subgroup_checked)),
    );
}

/// Banderwagon's 32 bytes: x = 2 lifts to no point, and the first x on the
/// curve outside 2E fails every level but TRUSTED (the decoder's own
/// check, which the device runs as well).
#[test]
fn banderwagon_errors_agree_on_every_backend() {
    use ark_ec::twisted_edwards::TECurveConfig;
    use ark_ed_on_bls12_381_bandersnatch::{EdwardsConfig, Fq};
    use ark_ff::Field;
    type C = curves::Banderwagon;
    let (a, d) = (EdwardsConfig::COEFF_A, EdwardsConfig::COEFF_D);
    let one = Fq::from(1u8);
    let no_point = Fq::from(2u8).into_bigint().to_bytes_be();
    let outside = (3u64..)
        .map(Fq::from)
        .find(|x| {
            let num = one - a * x * x;
            (num / (one - d * x * x)).sqrt().is_some() && num.sqrt().is_none()
        })
        .unwrap();
    check_errors_agree::<C>(
        PointFormat::Compressed,
        &banderwagon_bytes,
        no_point,
        Some((outside.into_bigint().to_bytes_be(), &|v, _| {
            v != Validation::Trusted
        })),
    );
}

/// Banderwagon's 64 bytes: y = p (a bad encoding at every level), and a
/// point on the curve outside 2E, which fails every level but TRUSTED; a
/// pair off the curve fails every checked level with the same status and
/// words on every backend (the device decodes the form too).
#[test]
fn banderwagon_uncompressed_errors_agree_on_every_backend() {
    use ark_ec::twisted_edwards::TECurveConfig;
    use ark_ed_on_bls12_381_bandersnatch::{EdwardsConfig, Fq};
    use ark_ff::Field;
    type C = curves::Banderwagon;
    let (a, d) = (EdwardsConfig::COEFF_A, EdwardsConfig::COEFF_D);
    let one = Fq::from(1u8);
    let pair =
        |x: Fq, y: Fq| [x.into_bigint().to_bytes_be(), y.into_bigint().to_bytes_be()].concat();
    let g = <C as Curve>::Affine::generator();
    let bad = [g.x.into_bigint().to_bytes_be(), Fq::MODULUS.to_bytes_be()].concat();
    let (x, y) = (3u64..)
        .map(Fq::from)
        .find_map(|x| {
            let num = one - a * x * x;
            let y = (num / (one - d * x * x)).sqrt()?;
            num.sqrt().is_none().then_some((x, y))
        })
        .unwrap();
    check_errors_agree::<C>(
        PointFormat::BanderwagonUncompressed,
        &banderwagon_pair_bytes,
        bad,
        Some((pair(x, y), &|v, _| v != Validation::Trusted)),
    );
    let mut rng = SeededRng::new(0x6277_3634);
    let points = random_points::<C>(&mut rng, 40);
    let mut encoded: Vec<u8> = points.iter().flat_map(banderwagon_pair_bytes).collect();
    encoded[5 * 64..6 * 64].copy_from_slice(&pair(g.x, g.y + one));
    let scalars = encode_scalars::<C>(&random_scalars::<C>(&mut rng, 40));
    for validation in [Validation::Default, Validation::OnCurve, Validation::Full] {
        for base in all_backends() {
            let config = Config {
                point_format: PointFormat::BanderwagonUncompressed,
                validation,
                ..base
            };
            let e = gpukit::msm_bytes(C::ID, &encoded, &scalars, &config).unwrap_err();
            assert_eq!(
                e.status(),
                Status::PointNotOnCurve,
                "{:?}: {e}",
                base.backend
            );
            assert!(
                e.message().starts_with("point 5: "),
                "{:?}: {e}",
                base.backend
            );
            let e = BasesBytes::new(C::ID, &encoded, &config).unwrap_err();
            assert_eq!(
                e.status(),
                Status::PointNotOnCurve,
                "{:?}: {e}",
                base.backend
            );
        }
    }
}

#[test]
fn secp256k1_errors_agree_on_every_backend() {
    type C = curves::Secp256k1;
    let x = x_without_point::<C>().into_bigint().to_bytes_be();
    let sec1_no_point = [vec![0x03], x.clone()].concat();
    check_errors_agree::<C>(
        PointFormat::Compressed,
        &|p| sec1(p, false),
        sec1_no_point,
        None,
    );
    check_errors_agree::<C>(PointFormat::XOnly, &|p| sec1(p, true), x, None);
}
