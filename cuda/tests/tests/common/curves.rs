// Generated from registry.toml by `cargo run --release -p gpukit-gen` — do not edit.
// The curves as the check shims see them: `sw_curve!` / `te_curve!`
// (common/mod.rs) define each one's `TestCurve` from its arkworks
// configuration and scalar field, its scalar bits, point bytes and
// maximum window.

use super::*;

sw_curve!(
    bn254_g1,
    1,
    ark_bn254::g1::Config,
    ark_bn254::Fr,
    254,
    64,
    24
);
sw_curve!(
    bls12_381_g1,
    2,
    ark_bls12_381::g1::Config,
    ark_bls12_381::Fr,
    255,
    96,
    24
);
sw_curve!(
    bls12_381_g2,
    3,
    ark_bls12_381::g2::Config,
    ark_bls12_381::Fr,
    255,
    192,
    24
);
sw_curve!(
    bls12_377_g1,
    4,
    ark_bls12_377::g1::Config,
    ark_bls12_377::Fr,
    253,
    96,
    24
);
sw_curve!(
    secp256k1,
    5,
    ark_secp256k1::Config,
    ark_secp256k1::Fr,
    256,
    64,
    24
);
te_curve!(
    banderwagon,
    6,
    ark_ed_on_bls12_381_bandersnatch::BandersnatchConfig,
    ark_ed_on_bls12_381_bandersnatch::Fr,
    253,
    64,
    24
);

/// Calls `$m!(curve_type)` for every curve, in id order.
#[macro_export]
macro_rules! for_each_curve {
    ($m:ident) => {
        $m!(bn254_g1);
        $m!(bls12_381_g1);
        $m!(bls12_381_g2);
        $m!(bls12_377_g1);
        $m!(secp256k1);
        $m!(banderwagon);
    };
}
