/* Generated from registry.toml by `cargo run --release -p gpukit-gen` — do not edit. */
/* The curves of the ABI, once: X(snake name, id, edwards), where edwards is 1
   for a twisted Edwards curve, whose identity is (0, 1) rather than zero bytes. */
#ifndef GPUKIT_CTESTS_CURVES_H
#define GPUKIT_CTESTS_CURVES_H
#include "gpukit.h"

#define CTEST_CURVES(X)                           \
    X(bn254_g1, GPUKIT_CURVE_BN254_G1, 0)         \
    X(bls12_381_g1, GPUKIT_CURVE_BLS12_381_G1, 0) \
    X(bls12_381_g2, GPUKIT_CURVE_BLS12_381_G2, 0) \
    X(bls12_377_g1, GPUKIT_CURVE_BLS12_377_G1, 0) \
    X(secp256k1, GPUKIT_CURVE_SECP256K1, 0)       \
    X(banderwagon, GPUKIT_CURVE_BANDERWAGON, 1)

#define CTEST_CURVE_COUNT 6
#endif
