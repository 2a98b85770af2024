//! The compressed forms arkworks reads and writes: for BLS12-381 G1 and G2
//! the ZCash serialization that c-kzg, blst and the Ethereum specs use
//! (x big-endian, the first byte's three top bits flagging compression,
//! the identity and the larger y), checked against the generators' known
//! bytes below; for BN254 and BLS12-377 arkworks' own (x little-endian, the
//! last byte's two top bits flagging the identity and the larger y).
//! Decompression always finds y on the curve; the subgroup check runs when
//! the call's validation asks for it.

use crate::config::InputForm;
use crate::encoding::{PointCheck, PointFault, WirePoint};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize, Compress, Validate};

/// Bytes of `P`'s compressed form.
pub fn size<P: WirePoint + CanonicalSerialize>() -> usize {
    P::zero().compressed_size()
}

/// Compressed → wire. Bad flags, x ≥ p and an x with no curve point are all
/// `BadEncoding`: arkworks reports them alike.
pub fn decode<P: WirePoint + CanonicalDeserialize>(
    bytes: &[u8],
    check: PointCheck,
    out: &mut [u8],
) -> Result<(), PointFault> {
    let p = P::deserialize_with_mode(bytes, Compress::Yes, Validate::No)
        .map_err(|_| PointFault::BadEncoding)?;
    if check == PointCheck::Subgroup {
        WirePoint::check(&p, check)?;
    }
    p.write(InputForm::Canonical, out);
    Ok(())
}

/// Wire → compressed.
pub fn encode<P: WirePoint + CanonicalSerialize>(
    wire: &[u8],
    out: &mut [u8],
) -> Result<(), PointFault> {
    let p = P::read(wire, InputForm::Canonical, PointCheck::None)?;
    p.serialize_compressed(out)
        .map_err(|_| PointFault::BadEncoding)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::be::hex;
    use ark_ec::AffineRepr;

    fn round_trip<P: WirePoint + CanonicalSerialize + CanonicalDeserialize>(p: P, known: &str) {
        // arkworks' uncompressed size is x || y: the wire format's size.
        let mut wire = vec![0u8; P::zero().uncompressed_size()];
        p.write(InputForm::Canonical, &mut wire);
        let mut out = vec![0u8; size::<P>()];
        encode::<P>(&wire, &mut out).unwrap();
        assert_eq!(out, hex(known));
        let mut back = vec![0u8; wire.len()];
        decode::<P>(&out, PointCheck::Subgroup, &mut back).unwrap();
        assert_eq!(back, wire);
    }

    /// The ZCash bytes of the BLS12-381 generators and the identity, as
    /// the ZCash and Ethereum specifications print them.
    #[test]
    fn bls12_381_is_zcash() {
        round_trip(
            ark_bls12_381::G1Affine::generator(),
            "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb",
        );
        round_trip(
            ark_bls12_381::G2Affine::generator(),
            "93e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e\
             024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8",
        );
        let mut identity = "c0".to_string();
        identity.push_str(&"00".repeat(47));
        round_trip(ark_bls12_381::G1Affine::zero(), &identity);
    }
}
