// Generated from registry.toml by `cargo run --release -p gpukit-gen` — do not edit.
// BLS12-377 G1, y² = x³ + 1 over a 377-bit field.
// Constants only, from Zexe (Bowe et al., ePrint 2018/962) / ark-bls12-377 0.5.
// The test crate (cuda/tests, test `constants`) checks each against arkworks.
#pragma once
#include <cstdint>

#include "../cuda/curve_traits.cuh"
#include "../cuda/ec/sw.cuh"
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

template <>
struct curve_traits<bls12_377_g1> {
    using field_t = mont_field<bls12_377_fp>;
    using affine_t = sw_affine<field_t, bls12_377_g1_coeffs>;
    using bucket_t = xyzz<field_t, bls12_377_g1_coeffs>;
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

}  // namespace gpukit
