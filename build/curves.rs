// Generated from registry.toml by `cargo run --release -p gpukit-gen` — do not edit.
// The curves' snake names in id order, for the build scripts (build.rs,
// cuda/tests/build.rs) that write one CUDA translation unit per curve.

pub const CURVES: &[&str] = &[
    "bn254_g1",
    "bls12_381_g1",
    "bls12_381_g2",
    "bls12_377_g1",
    "secp256k1",
    "banderwagon",
];
