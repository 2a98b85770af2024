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

template <>
struct curve_traits<bn254_g1> {
    using field_t = mont_field<bn254_fp>;
    using affine_t = sw_affine<field_t, bn254_g1_coeffs>;
    using bucket_t = xyzz<field_t, bn254_g1_coeffs>;
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
