// BLS12-381 base field Fp (381 bits) and Fp2 = Fp[u]/(u² + 1), shared by G1 and G2.
// Constants only, from draft-irtf-cfrg-pairing-friendly-curves / ark-bls12-381 0.5.
// The test crate (cuda/tests, test `constants`) checks each against arkworks.
#pragma once
#include <cstdint>

#include "../cuda/ff/mont_field.cuh"
#include "../cuda/ff/fp2.cuh"

namespace gpukit {

struct bls12_381_fp {
    // p, the base field modulus
    //   = 4002409555221667393417789825735904156556882819939007885332058136124031650490837864442687629129015664037894272559787
    //   = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab
    static constexpr uint32_t MODULUS[12] = {
        0xffffaaab, 0xb9feffff, 0xb153ffff, 0x1eabfffe,
        0xf6b0f624, 0x6730d2a0, 0xf38512bf, 0x64774b84,
        0x434bacd7, 0x4b1ba7b6, 0x397fe69a, 0x1a0111ea,
    };
};

// u² = β = -1 (p ≡ 3 mod 4, so -1 is a non-square).
struct bls12_381_fp2 {
    static constexpr int NONRESIDUE = -1;
};

using bls12_381_fp_t = mont_field<bls12_381_fp>;
using bls12_381_fp2_t = fp2<bls12_381_fp_t, bls12_381_fp2>;

}  // namespace gpukit
