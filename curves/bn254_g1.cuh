// Generated from registry.toml by `cargo run --release -p gpukit-gen` — do not edit.
// BN254 G1 (alt_bn128), y² = x³ + 3 over a 254-bit field.
// Constants only, from EIP-196 / ark-bn254 0.5.
// The test crate (cuda/tests, test `constants`) checks each against arkworks.
#pragma once
#include <cstdint>

#include "../cuda/curve_traits.cuh"
#include "../cuda/ec/sw.cuh"
#include "fields.cuh"

namespace gpukit {

// The curve's tag, the template argument of the generic MSM.
struct bn254_g1 {};

struct bn254_g1_coeffs {
    // b = 3
    static constexpr uint32_t B[8] = {
        0x00000003, 0x00000000, 0x00000000, 0x00000000,
        0x00000000, 0x00000000, 0x00000000, 0x00000000,
    };
};

// The endomorphism φ(x, y) = (β·x, y), which is λ·P on the prime-order subgroup,
// and the split k = k1 + k2·λ mod r by the basis (n11, n12; n21, n22) of
// {(a, b): a + b·λ ≡ 0 mod r} (cuda/ec/glv.cuh, tools/gen/src/glv.rs).
struct bn254_g1_glv {
    // β
    //   = 21888242871839275220042445260109153167277707414472061641714758635765020556616
    //   = 0x30644e72e131a0295e6dd9e7e0acccb0c28f069fbb966e3de4bd44e5607cfd48
    static constexpr uint32_t BETA[8] = {
        0x607cfd48, 0xe4bd44e5, 0xbb966e3d, 0xc28f069f,
        0xe0acccb0, 0x5e6dd9e7, 0xe131a029, 0x30644e72,
    };
    // λ (the tests' check: φ(P) = λ·P)
    //   = 21888242871839275217838484774961031246154997185409878258781734729429964517155
    //   = 0x30644e72e131a029048b6e193fd84104cc37a73fec2bc5e9b8ca0b2d36636f23
    static constexpr uint32_t LAMBDA[8] = {
        0x36636f23, 0xb8ca0b2d, 0xec2bc5e9, 0xcc37a73f,
        0x3fd84104, 0x048b6e19, 0xe131a029, 0x30644e72,
    };
    // |k1|, |k2| < 2^SPLIT_BITS: below |n11| + |n21| + 1 and |n12| + |n22| + 1.
    static constexpr uint32_t SPLIT_BITS = 127;
    // c1 = ±⌊k·G1 / 2^SHIFT⌋ ≈ k·n22 / r, c2 = ±⌊k·G2 / 2^SHIFT⌋ ≈ −k·n12 / r.
    static constexpr uint32_t SHIFT = 400;
    static constexpr bool C1_NEGATIVE = false, C2_NEGATIVE = false;
    // φ = λ on every curve point (the group has prime order), not only the subgroup.
    static constexpr bool PRIME_ORDER = true;
    static constexpr uint32_t G1[9] = {
        0x9a5ea8ff, 0x4843cb4b, 0x95cc163b, 0x540fd5e4,
        0x6565149d, 0xfd0300ff, 0xd2d25398, 0xf014a773,
        0x00024cce,
    };
    static constexpr uint32_t G2[9] = {
        0xba642e3f, 0xd32d2faf, 0x6ef28fa7, 0xc714773a,
        0xb3d76eb9, 0x232ec7e0, 0x0002d91d, 0x00000000,
        0x00000000,
    };
    // n11 = 147946756881789319000765030803803410728
    static constexpr bool N11_NEGATIVE = false;
    static constexpr uint32_t N11[5] = {
        0x7d4f1128, 0x8211bbeb, 0xeeb859fc, 0x6f4d8248,
        0x00000000,
    };
    // n12 = -9931322734385697763
    static constexpr bool N12_NEGATIVE = true;
    static constexpr uint32_t N12[5] = {
        0x94d213e3, 0x89d32568, 0x00000000, 0x00000000,
        0x00000000,
    };
    // n21 = 9931322734385697763
    static constexpr bool N21_NEGATIVE = false;
    static constexpr uint32_t N21[5] = {
        0x94d213e3, 0x89d32568, 0x00000000, 0x00000000,
        0x00000000,
    };
    // n22 = 147946756881789319010696353538189108491
    static constexpr bool N22_NEGATIVE = false;
    static constexpr uint32_t N22[5] = {
        0x1221250b, 0x0be4e154, 0xeeb859fd, 0x6f4d8248,
        0x00000000,
    };
};

template <>
struct curve_traits<bn254_g1> {
    using field_t = mont_field<bn254_fp>;
    using affine_t = sw_affine<field_t, bn254_g1_coeffs>;
    using bucket_t = xyzz<field_t, bn254_g1_coeffs>;
    using glv = bn254_g1_glv;
    static constexpr uint8_t ID = 1;
    static constexpr uint32_t SCALAR_BITS = 254;
    // r, the order of the prime-order subgroup
    //   = 21888242871839275222246405745257275088548364400416034343698204186575808495617
    //   = 0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001
    static constexpr uint32_t SCALAR_MODULUS[8] = {
        0xf0000001, 0x43e1f593, 0x79b97091, 0x2833e848,
        0x8181585d, 0xb85045b6, 0xe131a029, 0x30644e72,
    };
    static constexpr uint32_t POINT_BYTES = 64;
    static constexpr uint32_t MAX_WINDOW = 24;
    // Register cap of the bucket accumulation kernel (cuda/msm/bucket_accumulate.cuh),
    // from ptxas -v and the H100: ptxas needs 110 (no spills), and 128 keeps 4 warps per
    // scheduler (each of an SM's 4 schedulers has 16384 registers). The madd sweep gives
    // 3.19e9/s there and 3.24e9 at 5 warps: occupancy no longer limits it.
    static constexpr int ACCUMULATE_REGISTERS = 128;
    static constexpr const char* NAME = "bn254_g1";
};

}  // namespace gpukit
