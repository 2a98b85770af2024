// Generated from registry.toml by `cargo run --release -p gpukit-gen` — do not edit.
// secp256k1, y² = x³ + 7 over p = 2^256 - 2^32 - 977.
// Constants only, from SEC 2 v2 §2.4.1 / ark-secp256k1 0.5.
// The test crate (cuda/tests, test `constants`) checks each against arkworks.
#pragma once
#include <cstdint>

#include "../cuda/curve_traits.cuh"
#include "../cuda/ec/sw.cuh"
#include "fields.cuh"

namespace gpukit {

// The curve's tag, the template argument of the generic MSM.
struct secp256k1 {};

struct secp256k1_coeffs {
    // b = 7
    static constexpr uint32_t B[8] = {
        0x00000007, 0x00000000, 0x00000000, 0x00000000,
        0x00000000, 0x00000000, 0x00000000, 0x00000000,
    };
};

// The endomorphism φ(x, y) = (β·x, y), which is λ·P on the prime-order subgroup,
// and the split k = k1 + k2·λ mod r by the basis (n11, n12; n21, n22) of
// {(a, b): a + b·λ ≡ 0 mod r} (cuda/ec/glv.cuh, tools/gen/src/glv.rs).
struct secp256k1_glv {
    // β
    //   = 55594575648329892869085402983802832744385952214688224221778511981742606582254
    //   = 0x7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee
    static constexpr uint32_t BETA[8] = {
        0x719501ee, 0xc1396c28, 0x12f58995, 0x9cf04975,
        0xac3434e9, 0x6e64479e, 0x657c0710, 0x7ae96a2b,
    };
    // λ (the tests' check: φ(P) = λ·P)
    //   = 37718080363155996902926221483475020450927657555482586988616620542887997980018
    //   = 0x5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72
    static constexpr uint32_t LAMBDA[8] = {
        0x1b23bd72, 0xdf02967c, 0x20816678, 0x122e22ea,
        0x8812645a, 0xa5261c02, 0xc05c30e0, 0x5363ad4c,
    };
    // |k1|, |k2| < 2^SPLIT_BITS: below |n11| + |n21| + 1 and |n12| + |n22| + 1.
    static constexpr uint32_t SPLIT_BITS = 129;
    // c1 = ±⌊k·G1 / 2^SHIFT⌋ ≈ k·n22 / r, c2 = ±⌊k·G2 / 2^SHIFT⌋ ≈ −k·n12 / r.
    static constexpr uint32_t SHIFT = 400;
    static constexpr bool C1_NEGATIVE = false, C2_NEGATIVE = false;
    // φ = λ on every curve point (the group has prime order), not only the subgroup.
    static constexpr bool PRIME_ORDER = true;
    static constexpr uint32_t G1[9] = {
        0xb030ea81, 0x209a45db, 0xca7fe893, 0x8a1471e8,
        0xeb153daa, 0x90e49284, 0x6bcde86c, 0xd221a7d4,
        0x00003086,
    };
    static constexpr uint32_t G2[9] = {
        0x7f714668, 0xb4ae8ac4, 0x06c61571, 0x08ac9df5,
        0xe4c42212, 0x7fa90abf, 0x88286f54, 0x7ed6010e,
        0x0000e443,
    };
    // n11 = 64502973549206556628585045361533709077
    static constexpr bool N11_NEGATIVE = false;
    static constexpr uint32_t N11[5] = {
        0x9284eb15, 0xe86c90e4, 0xa7d46bcd, 0x3086d221,
        0x00000000,
    };
    // n12 = -303414439467246543595250775667605759171
    static constexpr bool N12_NEGATIVE = true;
    static constexpr uint32_t N12[5] = {
        0x0abfe4c3, 0x6f547fa9, 0x010e8828, 0xe4437ed6,
        0x00000000,
    };
    // n21 = 367917413016453100223835821029139468248
    static constexpr bool N21_NEGATIVE = false;
    static constexpr uint32_t N21[5] = {
        0x9d44cfd8, 0x57c1108d, 0xa8e2f3f6, 0x14ca50f7,
        0x00000001,
    };
    // n22 = 64502973549206556628585045361533709077
    static constexpr bool N22_NEGATIVE = false;
    static constexpr uint32_t N22[5] = {
        0x9284eb15, 0xe86c90e4, 0xa7d46bcd, 0x3086d221,
        0x00000000,
    };
};

template <>
struct curve_traits<secp256k1> {
    using field_t = mont_field<secp256k1_fp>;
    using affine_t = sw_affine<field_t, secp256k1_coeffs>;
    using bucket_t = xyzz<field_t, secp256k1_coeffs>;
    using glv = secp256k1_glv;
    static constexpr uint8_t ID = 5;
    static constexpr uint32_t SCALAR_BITS = 256;
    // r, the order of the prime-order subgroup
    //   = 115792089237316195423570985008687907852837564279074904382605163141518161494337
    //   = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141
    static constexpr uint32_t SCALAR_MODULUS[8] = {
        0xd0364141, 0xbfd25e8c, 0xaf48a03b, 0xbaaedce6,
        0xfffffffe, 0xffffffff, 0xffffffff, 0xffffffff,
    };
    static constexpr uint32_t POINT_BYTES = 64;
    static constexpr uint32_t MAX_WINDOW = 24;
    // Register cap of the bucket accumulation kernel (cuda/msm/bucket_accumulate.cuh),
    // from ptxas -v: ptxas needs 117 (no spills); 128 keeps 4 warps per scheduler.
    static constexpr int ACCUMULATE_REGISTERS = 128;
    static constexpr const char* NAME = "secp256k1";
};

}  // namespace gpukit
