// BLS12-377 G1, y² = x³ + 1 over a 377-bit field.
// Constants only, from Zexe (Bowe et al., ePrint 2018/962) / ark-bls12-377 0.5.
// The test crate (cuda/tests, test `constants`) checks each against arkworks.
#pragma once
#include <cstdint>

#include "../cuda/curve_traits.cuh"
#include "../cuda/ff/mont_field.cuh"
#include "../cuda/ec/sw.cuh"

namespace gpukit {

struct bls12_377_fp {
    // p, the base field modulus
    //   = 258664426012969094010652733694893533536393512754914660539884262666720468348340822774968888139573360124440321458177
    //   = 0x1ae3a4617c510eac63b05c06ca1493b1a22d9f300f5138f1ef3622fba094800170b5d44300000008508c00000000001
    static constexpr uint32_t MODULUS[12] = {
        0x00000001, 0x8508c000, 0x30000000, 0x170b5d44,
        0xba094800, 0x1ef3622f, 0x00f5138f, 0x1a22d9f3,
        0x6ca1493b, 0xc63b05c0, 0x17c510ea, 0x01ae3a46,
    };
};

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
