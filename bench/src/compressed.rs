//! Compressed points for `gpukit-gpu-wire-compressed`: the formats that
//! gpukit's device decompresses in a one-shot MSM (issue 16; the
//! `device` formats of src/formats/codec.rs), each written and read here
//! with arkworks, so that the bench checks gpukit's codec rather than
//! borrowing it.

use ark_ec::short_weierstrass::Affine;
use ark_ec::AffineRepr;
use ark_ff::{BigInteger, PrimeField};
use ark_secp256k1::Config as Secp256k1;
use rayon::prelude::*;

use gpukit::{Curve, CurveId};

use crate::curves::same_type;

/// One curve's compressed format: the encoder of its points and the
/// decoder of gpukit's result in the same format.
pub struct Compressor<A> {
    encode: fn(&A, &mut Vec<u8>),
    decode: fn(&[u8]) -> Result<A, String>,
}

impl<A: Sync> Compressor<A> {
    /// `points` one after another, on all cores.
    pub fn encode_all(&self, points: &[A]) -> Vec<u8> {
        points
            .par_iter()
            .flat_map_iter(|p| {
                let mut out = Vec::new();
                (self.encode)(p, &mut out);
                out
            })
            .collect()
    }

    /// The result point gpukit wrote.
    pub fn decode(&self, bytes: &[u8]) -> Result<A, String> {
        (self.decode)(bytes)
    }
}

/// The compressed format of curve C that the device decompresses, or
/// `None` where the bench has no encoder of its own for it: Banderwagon
/// (its 32-byte form is decompressed on the device, but arkworks has no
/// Banderwagon serialization to check gpukit's codec against).
pub fn of<C: Curve>() -> Option<Compressor<C::Affine>> {
    match C::ID {
        // ZCash's form is arkworks' compressed serialization of BLS12-381
        // G1 and G2; BN254's and BLS12-377's compressed formats are
        // arkworks' own.
        CurveId::Bn254G1 | CurveId::Bls12_381G1 | CurveId::Bls12_381G2 | CurveId::Bls12_377G1 => {
            Some(Compressor {
                encode: arkworks_encode::<C::Affine>,
                decode: arkworks_decode::<C::Affine>,
            })
        }
        CurveId::Secp256k1 => same_type(Compressor::<Affine<Secp256k1>> {
            encode: sec1_encode,
            decode: sec1_decode,
        }),
        _ => None,
    }
}

fn arkworks_encode<A: AffineRepr>(point: &A, out: &mut Vec<u8>) {
    point
        .serialize_compressed(out)
        .expect("a Vec takes any length");
}

/// Unchecked: the y it derives from x puts the point on the curve, and the
/// bench compares the point with the reference anyway; the subgroup check
/// would put a scalar multiplication inside the timing.
fn arkworks_decode<A: AffineRepr>(mut bytes: &[u8]) -> Result<A, String> {
    A::deserialize_compressed_unchecked(&mut bytes).map_err(|e| format!("the result: {e}"))
}

/// SEC1's 33 bytes: 0x02 (y even) or 0x03 (y odd), then x big-endian; zero
/// bytes for the identity.
const SEC1_BYTES: usize = 33;

fn sec1_encode(point: &Affine<Secp256k1>, out: &mut Vec<u8>) {
    match point.xy() {
        None => out.extend_from_slice(&[0; SEC1_BYTES]),
        Some((x, y)) => {
            out.push(if y.into_bigint().is_odd() { 0x03 } else { 0x02 });
            out.extend(x.into_bigint().to_bytes_be());
        }
    }
}

fn sec1_decode(bytes: &[u8]) -> Result<Affine<Secp256k1>, String> {
    if bytes.len() != SEC1_BYTES {
        return Err(format!(
            "the result: {} bytes, not {SEC1_BYTES}",
            bytes.len()
        ));
    }
    if bytes.iter().all(|&b| b == 0) {
        return Ok(Affine::identity());
    }
    let odd = match bytes[0] {
        0x02 => false,
        0x03 => true,
        prefix => return Err(format!("the result: SEC1 prefix {prefix:#04x}")),
    };
    let x = ark_secp256k1::Fq::from_be_bytes_mod_order(&bytes[1..]);
    let (a, b) = Affine::<Secp256k1>::get_ys_from_x_unchecked(x)
        .ok_or("the result: its x is not the x of a curve point")?;
    let y = if a.into_bigint().is_odd() == odd {
        a
    } else {
        b
    };
    Ok(Affine::new_unchecked(x, y))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ec::{CurveGroup, VariableBaseMSM};
    use gpukit::{with_curve, Backend, Config, PointFormat};

    /// The encodings are the ones gpukit reads, and the decoder reads
    /// gpukit's result: 300 random points and the identity, compressed
    /// here, through gpukit's CPU backend, decoded here, equal the arkworks
    /// MSM; so is an MSM whose sum is the identity. Exactly the curves
    /// whose compressed points the device decompresses have a compressor.
    #[test]
    fn gpukit_reads_and_writes_these_encodings() {
        fn check<C: Curve>() -> bool {
            let Some(compressor) = of::<C>() else {
                return false;
            };
            let mut points = crate::inputs::points::<C>(300, 7);
            points.push(C::Affine::zero());
            let scalars = crate::inputs::scalars::<C>(points.len(), 8);
            let zeros = vec![<C::Scalar as ark_ff::Zero>::zero(); points.len()];
            let config = Config {
                backend: Backend::Cpu,
                point_format: PointFormat::Compressed,
                ..Config::default()
            };
            let compressed = compressor.encode_all(&points);
            for k in [&scalars, &zeros] {
                let wire = gpukit::encoding::encode_scalars::<C>(k);
                let out = gpukit::msm_bytes(C::ID, &compressed, &wire, &config)
                    .unwrap_or_else(|e| panic!("{}: {e}", C::ID.name()));
                let want = C::Projective::msm(&points, k).unwrap().into_affine();
                assert_eq!(compressor.decode(&out).unwrap(), want, "{}", C::ID.name());
            }
            true
        }
        let with: Vec<CurveId> = CurveId::ALL
            .iter()
            .copied()
            .filter(|&curve| with_curve!(curve, C => check::<C>()))
            .collect();
        assert_eq!(
            with,
            [
                CurveId::Bn254G1,
                CurveId::Bls12_381G1,
                CurveId::Bls12_381G2,
                CurveId::Bls12_377G1,
                CurveId::Secp256k1
            ]
        );
    }
}
