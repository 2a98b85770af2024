//! Generated from registry.toml by `cargo run --release -p gpukit-gen` — do not edit.
//! The curves in id order: (snake name, Go constant, arkworks affine type).

macro_rules! curves {
    ($m:ident) => {
        $m! {
            ("bn254_g1", "BN254G1", ark_bn254::G1Affine),
            ("bls12_381_g1", "BLS12381G1", ark_bls12_381::G1Affine),
            ("bls12_381_g2", "BLS12381G2", ark_bls12_381::G2Affine),
            ("bls12_377_g1", "BLS12377G1", ark_bls12_377::G1Affine),
            ("secp256k1", "Secp256k1", ark_secp256k1::Affine),
            ("banderwagon", "Banderwagon", ark_ed_on_bls12_381_bandersnatch::EdwardsAffine),
        }
    };
}
pub(crate) use curves;
