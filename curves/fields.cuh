// Generated from registry.toml by `cargo run --release -p gpukit-gen` — do not edit.
// The base fields of every curve (registry.toml's [[field]] tables): each
// modulus p as little-endian u32 words, from which mont_field derives R, R²
// and -p^-1 at compile time; and the quadratic extensions over them.
// The test crate (cuda/tests, test `constants`) checks each against arkworks.
#pragma once
#include <cstdint>

#include "../cuda/ff/mont_field.cuh"
#include "../cuda/ff/fp2.cuh"

namespace gpukit {

// From EIP-196 / ark-bn254 0.5.
struct bn254_fp {
    // p, the base field modulus
    //   = 21888242871839275222246405745257275088696311157297823662689037894645226208583
    //   = 0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47
    static constexpr uint32_t MODULUS[8] = {
        0xd87cfd47, 0x3c208c16, 0x6871ca8d, 0x97816a91,
        0x8181585d, 0xb85045b6, 0xe131a029, 0x30644e72,
    };
};

// From draft-irtf-cfrg-pairing-friendly-curves / ark-bls12-381 0.5.
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

// From Zexe (Bowe et al., ePrint 2018/962) / ark-bls12-377 0.5.
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

// From SEC 2 v2 §2.4.1 / ark-secp256k1 0.5.
// p is a full 256-bit modulus (top bit set): mont_field keeps the carry word of a + b and
// of the CIOS result (FULL_WIDTH).
struct secp256k1_fp {
    // p = 2^256 - 2^32 - 977
    //   = 115792089237316195423570985008687907853269984665640564039457584007908834671663
    //   = 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f
    static constexpr uint32_t MODULUS[8] = {
        0xfffffc2f, 0xfffffffe, 0xffffffff, 0xffffffff,
        0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff,
    };
};

// From Masoumi-Simkin, "Bandersnatch" (ePrint 2021/1152) / ark-ed-on-bls12-381-bandersnatch 0.5.
struct bandersnatch_fp {
    // p = the BLS12-381 scalar field modulus
    //   = 52435875175126190479447740508185965837690552500527637822603658699938581184513
    //   = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001
    static constexpr uint32_t MODULUS[8] = {
        0x00000001, 0xffffffff, 0xfffe5bfe, 0x53bda402,
        0x09a1d805, 0x3339d808, 0x299d7d48, 0x73eda753,
    };
};

}  // namespace gpukit
