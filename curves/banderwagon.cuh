// Generated from registry.toml by `cargo run --release -p gpukit-gen` — do not edit.
// Bandersnatch, -5·x² + y² = 1 + d·x²·y² over the BLS12-381 scalar field. Banderwagon is
// its quotient by the 2-torsion point (0, -1); the MSM works on Bandersnatch
// representatives.
// Constants only, from Masoumi-Simkin, "Bandersnatch" (ePrint 2021/1152) /
// ark-ed-on-bls12-381-bandersnatch 0.5.
// The test crate (cuda/tests, test `constants`) checks each against arkworks.
#pragma once
#include <cstdint>

#include "../cuda/curve_traits.cuh"
#include "../cuda/ec/edwards.cuh"
#include "fields.cuh"

namespace gpukit {

// The curve's tag, the template argument of the generic MSM.
struct banderwagon {};

struct banderwagon_coeffs {
    // a = -5 = p - 5
    static constexpr uint32_t A[8] = {
        0xfffffffc, 0xfffffffe, 0xfffe5bfe, 0x53bda402,
        0x09a1d805, 0x3339d808, 0x299d7d48, 0x73eda753,
    };
    // The same a as a small integer: a·v becomes additions (cuda/ec/edwards.cuh
    // checks at compile time that it equals A).
    static constexpr int A_SMALL = -5;
    // d
    //   = 45022363124591815672509500913686876175488063829319466900776701791074614335719
    //   = 0x6389c12633c267cbc66e3bf86be3b6d8cb66677177e54f92b369f2f5188d58e7
    static constexpr uint32_t D[8] = {
        0x188d58e7, 0xb369f2f5, 0x77e54f92, 0xcb666771,
        0x6be3b6d8, 0xc66e3bf8, 0x33c267cb, 0x6389c126,
    };
};

template <>
struct curve_traits<banderwagon> {
    using field_t = mont_field<bandersnatch_fp>;
    using affine_t = te_affine<field_t, banderwagon_coeffs>;
    using bucket_t = te_extended<field_t, banderwagon_coeffs>;
    static constexpr uint8_t ID = 6;
    static constexpr uint32_t SCALAR_BITS = 253;
    // r, the order of the prime-order subgroup
    //   = 13108968793781547619861935127046491459309155893440570251786403306729687672801
    //   = 0x1cfb69d4ca675f520cce760202687600ff8f87007419047174fd06b52876e7e1
    static constexpr uint32_t SCALAR_MODULUS[8] = {
        0x2876e7e1, 0x74fd06b5, 0x74190471, 0xff8f8700,
        0x02687600, 0x0cce7602, 0xca675f52, 0x1cfb69d4,
    };
    static constexpr uint32_t POINT_BYTES = 64;
    static constexpr uint32_t MAX_WINDOW = 24;
    // Register cap of the bucket accumulation kernel (cuda/msm/bucket_accumulate.cuh),
    // from ptxas -v: ptxas needs 116 (no spills); 128 keeps 4 warps per scheduler.
    static constexpr int ACCUMULATE_REGISTERS = 128;
    static constexpr const char* NAME = "banderwagon";
};

}  // namespace gpukit
