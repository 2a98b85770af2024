//! Writes the known-answer files of the point formats,
//! tests/kat/formats/<curve>_<format>.kat, read by the C tests
//! (ctests/test_formats.c) and tests/kat.rs. Like examples/gen_kat.rs: the
//! inputs are drawn from ChaCha20Rng seeded with FORMAT_KAT_SEED + the
//! file's index in FILES, the results computed by arkworks and checked
//! against a naive Σ kᵢ·Pᵢ, so the files are reproducible:
//!
//!     cargo run --release --example gen_format_kat
//!
//! The file format is gen_kat's (`n`, `points`, `scalars`, `result`; hex),
//! with the points and the result in the format's encoding and the scalars
//! canonical little-endian. The encodings are written here from arkworks'
//! coordinates as each standard defines them (ZCash's through arkworks'
//! own serializer), not by gpukit's codecs, which the files check.

mod kat_support;

use ark_serialize::CanonicalSerialize;
use gpukit::ark::ark_ec::AffineRepr;
use gpukit::ark::ark_ed_on_bls12_381_bandersnatch::{EdwardsAffine, Fq as BandersnatchFq};
use gpukit::ark::ark_ff::{AdditiveGroup, BigInteger, PrimeField};
use gpukit::ark::ark_secp256k1;
use gpukit::encoding::encode_scalars;
use gpukit::{curves, Curve};
use kat_support::{checked_msm, hex, random_points, random_scalars};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use std::fmt::Write as _;
use std::path::Path;

/// The documented seed: the inputs of FILES[i] come from
/// `ChaCha20Rng::seed_from_u64(FORMAT_KAT_SEED + i)`.
const FORMAT_KAT_SEED: u64 = 0x6770_756b_6974_0100;

/// The files, in seed order: name, and how the format says it.
const FILES: [(&str, &str); 7] = [
    (
        "bls12_381_g1_compressed",
        "ZCash's 48-byte compressed BLS12-381 G1 points (arkworks' serialize_compressed)",
    ),
    (
        "secp256k1_compressed",
        "SEC1 compressed secp256k1 points: 0x02 (even y) or 0x03 (odd y), then x \
         big-endian; the identity 33 zero bytes",
    ),
    (
        "secp256k1_x_only",
        "BIP340 x-only secp256k1 points: x big-endian, the points with the even y; \
         the identity 32 zero bytes",
    ),
    (
        "banderwagon_compressed",
        "Banderwagon's 32-byte serialization: x big-endian of the representative \
         whose y > (p-1)/2; the identity 32 zero bytes",
    ),
    (
        "bn254_g1_compressed",
        "arkworks' 32-byte compressed BN254 G1 points (serialize_compressed): x \
         little-endian, the last byte's bit 7 for y > (p-1)/2, bit 6 for the identity",
    ),
    (
        "bls12_377_g1_compressed",
        "arkworks' 48-byte compressed BLS12-377 G1 points (serialize_compressed): x \
         little-endian, the last byte's bit 7 for y > (p-1)/2, bit 6 for the identity",
    ),
    (
        "bls12_381_g2_compressed",
        "ZCash's 96-byte compressed BLS12-381 G2 points (arkworks' serialize_compressed): \
         x = c1 || c0, each big-endian",
    ),
];

/// arkworks' own compressed serialization: ZCash's for BLS12-381, its
/// little-endian form with two flag bits for BN254 and BLS12-377.
fn arkworks<C: Curve>(p: &C::Affine) -> Vec<u8> {
    let mut out = Vec::new();
    p.serialize_compressed(&mut out).expect("write to Vec");
    out
}

fn is_odd(y: &ark_secp256k1::Fq) -> bool {
    y.into_bigint().is_odd()
}

fn sec1(p: &ark_secp256k1::Affine) -> Vec<u8> {
    match p.xy() {
        None => vec![0; 33],
        Some((x, y)) => [vec![2 + is_odd(&y) as u8], x.into_bigint().to_bytes_be()].concat(),
    }
}

fn x_only(p: &ark_secp256k1::Affine) -> Vec<u8> {
    match p.xy() {
        None => vec![0; 32],
        Some((x, _)) => x.into_bigint().to_bytes_be(),
    }
}

/// BIP340 keys stand for the point with the even y: the inputs are those.
fn even_y(p: ark_secp256k1::Affine) -> ark_secp256k1::Affine {
    match p.xy() {
        Some((_, y)) if is_odd(&y) => -p,
        _ => p,
    }
}

fn banderwagon(p: &EdwardsAffine) -> Vec<u8> {
    let x = match p.y.into_bigint() > BandersnatchFq::MODULUS_MINUS_ONE_DIV_TWO {
        true => p.x,
        false => -p.x,
    };
    x.into_bigint().to_bytes_be()
}

/// The points a format's inputs stand for, and their encoding.
struct Format<'a, C: Curve> {
    representative: &'a dyn Fn(C::Affine) -> C::Affine,
    encode: &'a dyn Fn(&C::Affine) -> Vec<u8>,
}

fn case<C: Curve>(
    out: &mut String,
    format: &Format<C>,
    what: &str,
    points: &[C::Affine],
    scalars: &[C::Scalar],
) {
    let points: Vec<C::Affine> = points.iter().map(|p| (format.representative)(*p)).collect();
    let expected = checked_msm::<C>(what, &points, scalars);
    let encoded: Vec<u8> = points.iter().flat_map(format.encode).collect();
    writeln!(out, "# {what}").unwrap();
    writeln!(out, "n {}", points.len()).unwrap();
    writeln!(out, "points {}", hex(&encoded)).unwrap();
    writeln!(out, "scalars {}", hex(&encode_scalars::<C>(scalars))).unwrap();
    writeln!(out, "result {}", hex(&(format.encode)(&expected))).unwrap();
    out.push('\n');
}

fn generate<C: Curve>(index: usize, format: &Format<C>) -> String {
    let seed = FORMAT_KAT_SEED + index as u64;
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let (name, what) = FILES[index];
    let mut out = String::new();
    writeln!(
        out,
        "# gpukit known-answer MSMs in the point format {name}:"
    )
    .unwrap();
    writeln!(out, "# {what}.").unwrap();
    writeln!(out, "# Generated by `cargo run --release --example gen_format_kat` (ChaCha20Rng seed {seed:#x});").unwrap();
    writeln!(out, "# results computed by arkworks 0.5 and checked against a naive sum. Scalars canonical little-endian.").unwrap();
    out.push('\n');
    for n in [1, 3, 33] {
        let points = random_points::<C>(&mut rng, n);
        let scalars = random_scalars::<C>(&mut rng, n);
        case(
            &mut out,
            format,
            &format!("random, n = {n}"),
            &points,
            &scalars,
        );
    }
    let mut points = random_points::<C>(&mut rng, 5);
    case(
        &mut out,
        format,
        "zero scalars",
        &points,
        &[C::Scalar::ZERO; 5],
    );
    let small: Vec<C::Scalar> = (1..=5u64).map(C::Scalar::from).collect();
    case(&mut out, format, "small scalars 1..5", &points, &small);
    points[1] = C::Affine::zero();
    let scalars = random_scalars::<C>(&mut rng, 5);
    case(&mut out, format, "an identity point", &points, &scalars);
    out
}

/// The formats whose inputs stand for the points themselves.
fn same<P>(p: P) -> P {
    p
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/kat/formats");
    std::fs::create_dir_all(&dir).expect("create tests/kat/formats");
    let files = [
        generate::<curves::Bls12_381G1>(
            0,
            &Format {
                representative: &same,
                encode: &arkworks::<curves::Bls12_381G1>,
            },
        ),
        generate::<curves::Secp256k1>(
            1,
            &Format {
                representative: &same,
                encode: &sec1,
            },
        ),
        generate::<curves::Secp256k1>(
            2,
            &Format {
                representative: &even_y,
                encode: &x_only,
            },
        ),
        generate::<curves::Banderwagon>(
            3,
            &Format {
                representative: &same,
                encode: &banderwagon,
            },
        ),
        generate::<curves::Bn254G1>(
            4,
            &Format {
                representative: &same,
                encode: &arkworks::<curves::Bn254G1>,
            },
        ),
        generate::<curves::Bls12_377G1>(
            5,
            &Format {
                representative: &same,
                encode: &arkworks::<curves::Bls12_377G1>,
            },
        ),
        generate::<curves::Bls12_381G2>(
            6,
            &Format {
                representative: &same,
                encode: &arkworks::<curves::Bls12_381G2>,
            },
        ),
    ];
    for ((name, _), text) in FILES.iter().zip(files) {
        let path = dir.join(format!("{name}.kat"));
        std::fs::write(&path, &text).expect("write a .kat file");
        println!("{}: {} bytes", path.display(), text.len());
    }
}
