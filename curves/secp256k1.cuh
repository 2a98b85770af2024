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

template <>
struct curve_traits<secp256k1> {
    using field_t = mont_field<secp256k1_fp>;
    using affine_t = sw_affine<field_t, secp256k1_coeffs>;
    using bucket_t = xyzz<field_t, secp256k1_coeffs>;
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
