//! Big-endian field elements, as the standard point serializations write
//! them (ZCash, SEC1, BIP340, Banderwagon).

use ark_ff::{BigInteger, PrimeField};

/// A field with a big-endian encoding of `BYTES` bytes.
pub trait BeField: Sized {
    /// Bytes of one element.
    const BYTES: usize;
    /// The element of these bytes; `None` if a component is >= p.
    fn from_be(bytes: &[u8]) -> Option<Self>;
    /// Writes the element into `out[..BYTES]`.
    fn to_be(&self, out: &mut [u8]);
}

impl<F: PrimeField> BeField for F {
    const BYTES: usize = F::MODULUS_BIT_SIZE.div_ceil(64) as usize * 8;

    fn from_be(bytes: &[u8]) -> Option<Self> {
        let mut v = F::BigInt::default();
        for (limb, chunk) in v.as_mut().iter_mut().zip(bytes.rchunks_exact(8)) {
            *limb = u64::from_be_bytes(chunk.try_into().expect("8-byte chunk"));
        }
        F::from_bigint(v)
    }

    fn to_be(&self, out: &mut [u8]) {
        out[..Self::BYTES].copy_from_slice(&self.into_bigint().to_bytes_be());
    }
}

/// Reads a prime-field element.
pub fn read_be<F: PrimeField>(bytes: &[u8]) -> Option<F> {
    F::from_be(&bytes[..<F as BeField>::BYTES])
}

/// Writes a prime-field element.
pub fn write_be<F: PrimeField>(v: &F, out: &mut [u8]) {
    v.to_be(out)
}

/// The bytes a hex string spells, for the codecs' known-answer tests.
#[cfg(test)]
pub fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}
