// Generated from registry.toml by `cargo run --release -p gpukit-gen` — do not edit.
// BLS12-381 G2, y² = x³ + 4(1 + u) over Fp2 (the M-twist).
// Constants only, from draft-irtf-cfrg-pairing-friendly-curves / ark-bls12-381 0.5.
// The test crate (cuda/tests, test `constants`) checks each against arkworks.
#pragma once
#include <cstdint>

#include "../cuda/curve_traits.cuh"
#include "../cuda/ec/sw.cuh"
#include "fields.cuh"

namespace gpukit {

// The curve's tag, the template argument of the generic MSM.
struct bls12_381_g2 {};

struct bls12_381_g2_coeffs {
    // b = 4 + 4·u: c0 words, then c1 words
    static constexpr uint32_t B[24] = {
        0x00000004, 0x00000000, 0x00000000, 0x00000000,
        0x00000000, 0x00000000, 0x00000000, 0x00000000,
        0x00000000, 0x00000000, 0x00000000, 0x00000000,
        0x00000004, 0x00000000, 0x00000000, 0x00000000,
        0x00000000, 0x00000000, 0x00000000, 0x00000000,
        0x00000000, 0x00000000, 0x00000000, 0x00000000,
    };
};

template <>
struct curve_traits<bls12_381_g2> {
    using field_t = fp2<mont_field<bls12_381_fp>, bls12_381_fp2>;
    using affine_t = sw_affine<field_t, bls12_381_g2_coeffs>;
    using bucket_t = xyzz<field_t, bls12_381_g2_coeffs>;
    static constexpr uint8_t ID = 3;
    static constexpr uint32_t SCALAR_BITS = 255;
    // r, the order of the prime-order subgroup
    //   = 52435875175126190479447740508185965837690552500527637822603658699938581184513
    //   = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001
    static constexpr uint32_t SCALAR_MODULUS[8] = {
        0x00000001, 0xffffffff, 0xfffe5bfe, 0x53bda402,
        0x09a1d805, 0x3339d808, 0x299d7d48, 0x73eda753,
    };
    static constexpr uint32_t POINT_BYTES = 192;
    static constexpr uint32_t MAX_WINDOW = 24;
    // Register cap of the bucket accumulation kernel (cuda/msm/bucket_accumulate.cuh),
    // from ptxas -v and the H100: 255: no cap (Fp2 points need every register).
    static constexpr int ACCUMULATE_REGISTERS = 255;
    static constexpr const char* NAME = "bls12_381_g2";
};

}  // namespace gpukit
