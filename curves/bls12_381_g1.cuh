// Generated from registry.toml by `cargo run --release -p gpukit-gen` — do not edit.
// BLS12-381 G1, y² = x³ + 4 over Fp.
// Constants only, from draft-irtf-cfrg-pairing-friendly-curves / ark-bls12-381 0.5.
// The test crate (cuda/tests, test `constants`) checks each against arkworks.
#pragma once
#include <cstdint>

#include "../cuda/curve_traits.cuh"
#include "../cuda/ec/sw.cuh"
#include "fields.cuh"

namespace gpukit {

// The curve's tag, the template argument of the generic MSM.
struct bls12_381_g1 {};

struct bls12_381_g1_coeffs {
    // b = 4
    static constexpr uint32_t B[12] = {
        0x00000004, 0x00000000, 0x00000000, 0x00000000,
        0x00000000, 0x00000000, 0x00000000, 0x00000000,
        0x00000000, 0x00000000, 0x00000000, 0x00000000,
    };
};

// The endomorphism φ(x, y) = (β·x, y), which is λ·P on the prime-order subgroup,
// and the split k = k1 + k2·λ mod r by the basis (n11, n12; n21, n22) of
// {(a, b): a + b·λ ≡ 0 mod r} (cuda/ec/glv.cuh, tools/gen/src/glv.rs).
struct bls12_381_g1_glv {
    // β
    //   = 793479390729215512621379701633421447060886740281060493010456487427281649075476305620758731620350
    //   = 0x5f19672fdf76ce51ba69c6076a0f77eaddb3a93be6f89688de17d813620a00022e01fffffffefffe
    static constexpr uint32_t BETA[12] = {
        0xfffefffe, 0x2e01ffff, 0x620a0002, 0xde17d813,
        0xe6f89688, 0xddb3a93b, 0x6a0f77ea, 0xba69c607,
        0xdf76ce51, 0x5f19672f, 0x00000000, 0x00000000,
    };
    // λ (the tests' check: φ(P) = λ·P)
    //   = 52435875175126190479447740508185965837461563690374988244538805122978187051009
    //   = 0x73eda753299d7d483339d80809a1d804a7780001fffcb7fcfffffffe00000001
    static constexpr uint32_t LAMBDA[8] = {
        0x00000001, 0xfffffffe, 0xfffcb7fc, 0xa7780001,
        0x09a1d804, 0x3339d808, 0x299d7d48, 0x73eda753,
    };
    // |k1|, |k2| < 2^SPLIT_BITS: below |n11| + |n21| + 1 and |n12| + |n22| + 1.
    static constexpr uint32_t SPLIT_BITS = 128;
    // c1 = ±⌊k·G1 / 2^SHIFT⌋ ≈ k·n22 / r, c2 = ±⌊k·G2 / 2^SHIFT⌋ ≈ −k·n12 / r.
    static constexpr uint32_t SHIFT = 400;
    static constexpr bool C1_NEGATIVE = true, C2_NEGATIVE = false;
    // φ = λ on every curve point (the group has prime order), not only the subgroup.
    static constexpr bool PRIME_ORDER = false;
    static constexpr uint32_t G1[9] = {
        0xe40697a3, 0x72d6818b, 0xc027a1a8, 0xb4b927ad,
        0xee2e034e, 0xe522f6cf, 0xaadd63f6, 0xecf1e01f,
        0x00017c6b,
    };
    static constexpr uint32_t G2[9] = {
        0x8ed36504, 0xdcb707e0, 0x377c38b5, 0x94edfede,
        0x00023550, 0x00000000, 0x00000000, 0x00000000,
        0x00000000,
    };
    // n11 = -228988810152649578064853576960394133504
    static constexpr bool N11_NEGATIVE = true;
    static constexpr uint32_t N11[5] = {
        0x00000000, 0x00000001, 0x0001a402, 0xac45a401,
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
    // n22 = -228988810152649578064853576960394133503
    static constexpr bool N22_NEGATIVE = true;
    static constexpr uint32_t N22[5] = {
        0xffffffff, 0x00000000, 0x0001a402, 0xac45a401,
        0x00000000,
    };
};

template <>
struct curve_traits<bls12_381_g1> {
    using field_t = mont_field<bls12_381_fp>;
    using affine_t = sw_affine<field_t, bls12_381_g1_coeffs>;
    using bucket_t = xyzz<field_t, bls12_381_g1_coeffs>;
    using glv = bls12_381_g1_glv;
    static constexpr uint8_t ID = 2;
    static constexpr uint32_t SCALAR_BITS = 255;
    // r, the order of the prime-order subgroup
    //   = 52435875175126190479447740508185965837690552500527637822603658699938581184513
    //   = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001
    static constexpr uint32_t SCALAR_MODULUS[8] = {
        0x00000001, 0xffffffff, 0xfffe5bfe, 0x53bda402,
        0x09a1d805, 0x3339d808, 0x299d7d48, 0x73eda753,
    };
    static constexpr uint32_t POINT_BYTES = 96;
    static constexpr uint32_t MAX_WINDOW = 24;
    // Register cap of the bucket accumulation kernel (cuda/msm/bucket_accumulate.cuh),
    // from ptxas -v and the H100: 168 keeps 3 warps per scheduler (each of an SM's 4
    // schedulers has 16384 registers) without spills (ptxas takes 150 under it). The madd
    // sweep is flat from 3 warps up (1.44e9/s at 3, 1.46e9 at 8); 128 would spill.
    static constexpr int ACCUMULATE_REGISTERS = 168;
    static constexpr const char* NAME = "bls12_381_g1";
};

}  // namespace gpukit
