//! Generated from registry.toml by `cargo run --release -p gpukit-gen` — do not edit.
//! The arkworks crates gpukit is built on, re-exported so that callers use
//! the same versions.

pub use ark_bls12_377;
pub use ark_bls12_381;
pub use ark_bn254;
pub use ark_ec;
pub use ark_ed_on_bls12_381_bandersnatch;
pub use ark_ff;
pub use ark_secp256k1;
