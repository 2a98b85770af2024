//! Ethereum's mainnet KZG setup in the order blobs are committed to it,
//! shared by tests/c_kzg.rs and the bench's c-kzg peer
//! (bench/src/peers/kzg.rs includes this file by `#[path]`), so the test
//! and the benchmark commit to the same basis.
//!
//! `../kat/kzg_mainnet_g1_lagrange.bin` is the setup's G1 Lagrange section
//! exactly as c-kzg embeds it (its `g1_lagrange_bytes.bin`, the points of
//! its `trusted_setup.txt` in file order; SHA-256 52c7615a…de960b). c-kzg
//! keeps its copy private and loads it into settings whose points are not
//! public, so the repository carries its own; equality with
//! `ethereum_kzg_settings`' commitments (tests/c_kzg.rs) is what shows it
//! is the same setup.

/// A blob's field elements, and so the setup's points.
pub const BLOB_POINTS: usize = 4096;
/// A compressed BLS12-381 G1 point (and a commitment).
pub const POINT_BYTES: usize = 48;

/// The setup's G1 points in Lagrange form, 48-byte compressed, in the order
/// of the published setup.
const G1_LAGRANGE: &[u8] = include_bytes!("../kat/kzg_mainnet_g1_lagrange.bin");
const _: () = assert!(G1_LAGRANGE.len() == BLOB_POINTS * POINT_BYTES);

/// The basis a blob is committed to, compressed. The consensus specs define
/// `blob_to_kzg_commitment(blob) = g1_lincomb(bit_reversal_permutation(
/// KZG_SETUP_G1_LAGRANGE), blob)` (c-kzg permutes at load time), so
/// position i holds setup point reverse_bits(i): a reordering of whole
/// encoded points, done once per setup, not a conversion of any of them.
pub fn blob_basis() -> Vec<u8> {
    let bits = BLOB_POINTS.trailing_zeros();
    (0..BLOB_POINTS)
        .flat_map(|i| {
            let j = i.reverse_bits() >> (usize::BITS - bits);
            &G1_LAGRANGE[j * POINT_BYTES..(j + 1) * POINT_BYTES]
        })
        .copied()
        .collect()
}
