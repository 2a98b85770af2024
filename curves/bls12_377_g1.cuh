// Generated from registry.toml by `cargo run --release -p gpukit-gen` — do not edit.
// BLS12-377 G1, y² = x³ + 1 over a 377-bit field.
// Constants only, from Zexe (Bowe et al., ePrint 2018/962) / ark-bls12-377 0.5.
// The test crate (cuda/tests, test `constants`) checks each against arkworks.
#pragma once
#include <cstdint>

#include "../cuda/curve_traits.cuh"
#include "../cuda/ec/sw.cuh"
#include "../cuda/ec/edwards.cuh"
#include "fields.cuh"

namespace gpukit {

// The curve's tag, the template argument of the generic MSM.
struct bls12_377_g1 {};

struct bls12_377_g1_coeffs {
    // b = 1
    static constexpr uint32_t B[12] = {
        0x00000001, 0x00000000, 0x00000000, 0x00000000,
        0x00000000, 0x00000000, 0x00000000, 0x00000000,
        0x00000000, 0x00000000, 0x00000000, 0x00000000,
    };
};

// The endomorphism φ(x, y) = (β·x, y), which is λ·P on the prime-order subgroup,
// and the split k = k1 + k2·λ mod r by the basis (n11, n12; n21, n22) of
// {(a, b): a + b·λ ≡ 0 mod r} (cuda/ec/glv.cuh, tools/gen/src/glv.rs).
struct bls12_377_g1_glv {
    // β
    //   = 258664426012969093929703085429980814127835149614277183275038967946009968870203535512256352201271898244626862047231
    //   = 0x1ae3a4617c510eabc8756ba8f8c524eb8882a75cc9bc8e359064ee822fb5bffd1e945779fffffffffffffffffffffff
    static constexpr uint32_t BETA[12] = {
        0xffffffff, 0xffffffff, 0x9fffffff, 0xd1e94577,
        0x22fb5bff, 0x59064ee8, 0xcc9bc8e3, 0xb8882a75,
        0x8f8c524e, 0xbc8756ba, 0x17c510ea, 0x01ae3a46,
    };
    // λ (the tests' check: φ(P) = λ·P)
    //   = 8444461749428370424248824938781546531284005582649182570233710176290576793600
    //   = 0x12ab655e9a2ca55660b44d1e5c37b00114885f32400000000000000000000000
    static constexpr uint32_t LAMBDA[8] = {
        0x00000000, 0x00000000, 0x40000000, 0x14885f32,
        0x5c37b001, 0x60b44d1e, 0x9a2ca556, 0x12ab655e,
    };
    // |k1|, |k2| < 2^SPLIT_BITS: below |n11| + |n21| + 1 and |n12| + |n22| + 1.
    static constexpr uint32_t SPLIT_BITS = 127;
    // c1 = ±⌊k·G1 / 2^SHIFT⌋ ≈ k·n22 / r, c2 = ±⌊k·G2 / 2^SHIFT⌋ ≈ −k·n12 / r.
    static constexpr uint32_t SHIFT = 400;
    static constexpr bool C1_NEGATIVE = true, C2_NEGATIVE = false;
    // φ = λ on every curve point (the group has prime order), not only the subgroup.
    static constexpr bool PRIME_ORDER = false;
    static constexpr uint32_t G1[9] = {
        0xbab75c7c, 0x0dbcd180, 0x9efc237e, 0xb4d66c5a,
        0x181e7d14, 0xed32af90, 0x71607f72, 0xaa969fd3,
        0x0003b3f7,
    };
    static constexpr uint32_t G2[9] = {
        0x523f4286, 0x927eaa01, 0x27b93947, 0x47b102cb,
        0x000db652, 0x00000000, 0x00000000, 0x00000000,
        0x00000000,
    };
    // n11 = -91893752504881257701523279626832445441
    static constexpr bool N11_NEGATIVE = true;
    static constexpr uint32_t N11[5] = {
        0x00000001, 0x0a118000, 0x90000001, 0x452217cc,
        0x00000000,
    };
    // n12 = -1
    static constexpr bool N12_NEGATIVE = true;
    static constexpr uint32_t N12[5] = {
        0x00000001, 0x00000000, 0x00000000, 0x00000000,
        0x00000000,
    };
    // n21 = 1
    static constexpr bool N21_NEGATIVE = false;
    static constexpr uint32_t N21[5] = {
        0x00000001, 0x00000000, 0x00000000, 0x00000000,
        0x00000000,
    };
    // n22 = -91893752504881257701523279626832445440
    static constexpr bool N22_NEGATIVE = true;
    static constexpr uint32_t N22[5] = {
        0x00000000, 0x0a118000, 0x90000001, 0x452217cc,
        0x00000000,
    };
};

// The tag of the curve's twisted Edwards model (below).
struct bls12_377_g1_edwards;

template <>
struct curve_traits<bls12_377_g1> {
    using field_t = mont_field<bls12_377_fp>;
    using affine_t = sw_affine<field_t, bls12_377_g1_coeffs>;
    using bucket_t = xyzz<field_t, bls12_377_g1_coeffs>;
    using edwards_model = bls12_377_g1_edwards;
    using glv = bls12_377_g1_glv;
    static constexpr uint8_t ID = 4;
    static constexpr uint32_t SCALAR_BITS = 253;
    // r, the order of the prime-order subgroup
    //   = 8444461749428370424248824938781546531375899335154063827935233455917409239041
    //   = 0x12ab655e9a2ca55660b44d1e5c37b00159aa76fed00000010a11800000000001
    static constexpr uint32_t SCALAR_MODULUS[8] = {
        0x00000001, 0x0a118000, 0xd0000001, 0x59aa76fe,
        0x5c37b001, 0x60b44d1e, 0x9a2ca556, 0x12ab655e,
    };
    static constexpr uint32_t POINT_BYTES = 96;
    static constexpr uint32_t MAX_WINDOW = 24;
    // Register cap of the bucket accumulation kernel (cuda/msm/bucket_accumulate.cuh),
    // from ptxas -v: ptxas needs 159 (no spills); 168 keeps 3 warps per scheduler, where
    // the 12-limb madd sweep is already flat.
    static constexpr int ACCUMULATE_REGISTERS = 168;
    static constexpr const char* NAME = "bls12_377_g1";
};

// BLS12-377 G1's twisted Edwards model, -x² + y² = 1 + d·x²·y², for resident bases in the
// prime-order subgroup.
struct bls12_377_g1_edwards {};

struct bls12_377_g1_edwards_coeffs {
    // a = -1 = p - 1
    static constexpr uint32_t A[12] = {
        0x00000000, 0x8508c000, 0x30000000, 0x170b5d44,
        0xba094800, 0x1ef3622f, 0x00f5138f, 0x1a22d9f3,
        0x6ca1493b, 0xc63b05c0, 0x17c510ea, 0x01ae3a46,
    };
    // The same a as a small integer (cuda/ec/edwards.cuh checks that it equals A).
    static constexpr int A_SMALL = -1;
    // d
    //   = 122268283598675559488486339158635529096981886914877139579534153582033676785385790730042363341236035746924960903179
    //   = 0xcb5d5818b4d2796505bb385732fe3a1bbc34cc60d19690bf8b2d97f059909cb9aeca3c3871e9f27016092b426b700b
    static constexpr uint32_t D[12] = {
        0x426b700b, 0x7016092b, 0x3871e9f2, 0xb9aeca3c,
        0xf059909c, 0xbf8b2d97, 0x60d19690, 0x1bbc34cc,
        0x5732fe3a, 0x6505bb38, 0x18b4d279, 0x00cb5d58,
    };
    // s = 1/√3, the Montgomery form's B (cuda/ec/edwards_model.cuh)
    //   = 10189023633222963290707194929886294091415157242906428298294512798502806398782149227503530278436336312243746741931
    //   = 0x10f272020f118a1dc07a44b1eeea84d7a504665d66cc8c0ff643cca95ccc0d0f793b8504b428d43401d618f0339eab
    static constexpr uint32_t MAP_S[12] = {
        0xf0339eab, 0x3401d618, 0x04b428d4, 0x0f793b85,
        0xa95ccc0d, 0x0ff643cc, 0x5d66cc8c, 0xd7a50466,
        0xb1eeea84, 0x1dc07a44, 0x020f118a, 0x0010f272,
    };
    // t = √(-a₁), the scaling to a = -1
    //   = 23560188534917577818843641916571445935985386319233886518929971599490231428764380923487987729215299304184915158756
    //   = 0x272fd56ac5c6690cec22e65036018380d743e1f6c15c7cab82b31405cf8a307af39509df5027b6450ae9206343e6e4
    static constexpr uint32_t MAP_T[12] = {
        0x6343e6e4, 0x450ae920, 0xdf5027b6, 0x7af39509,
        0x05cf8a30, 0xab82b314, 0xf6c15c7c, 0x80d743e1,
        0x50360183, 0x0cec22e6, 0x6ac5c669, 0x00272fd5,
    };
};

template <>
struct curve_traits<bls12_377_g1_edwards> {
    using field_t = mont_field<bls12_377_fp>;
    using affine_t = te_cached<field_t, bls12_377_g1_edwards_coeffs>;
    using bucket_t = te_extended<field_t, bls12_377_g1_edwards_coeffs>;
    static constexpr uint8_t ID = 4;
    static constexpr uint32_t SCALAR_BITS = 253;
    // r, the order of the prime-order subgroup
    //   = 8444461749428370424248824938781546531375899335154063827935233455917409239041
    //   = 0x12ab655e9a2ca55660b44d1e5c37b00159aa76fed00000010a11800000000001
    static constexpr uint32_t SCALAR_MODULUS[8] = {
        0x00000001, 0x0a118000, 0xd0000001, 0x59aa76fe,
        0x5c37b001, 0x60b44d1e, 0x9a2ca556, 0x12ab655e,
    };
    static constexpr uint32_t POINT_BYTES = 96;
    static constexpr uint32_t MAX_WINDOW = 24;
    // Register cap of the bucket accumulation kernel (cuda/msm/bucket_accumulate.cuh),
    // as the curve's own: 168 keeps 3 warps per scheduler; the 12-limb Edwards madd loop
    // took 134 (bench/NOTES.md, v22b).
    static constexpr int ACCUMULATE_REGISTERS = 168;
    static constexpr const char* NAME = "bls12_377_g1_edwards";
};

}  // namespace gpukit
