// Generated from registry.toml by `cargo run --release -p gpukit-gen` — do not edit.
// Every curve, and the one list of them that drives instantiations and
// exports: X(tag, id) for each curve, ids as in the C ABI.
#pragma once

#include "bn254_g1.cuh"
#include "bls12_381_g1.cuh"
#include "bls12_381_g2.cuh"
#include "bls12_377_g1.cuh"
#include "secp256k1.cuh"
#include "banderwagon.cuh"

#define GPUKIT_CURVES(X) \
    X(bn254_g1, 1)       \
    X(bls12_381_g1, 2)   \
    X(bls12_381_g2, 3)   \
    X(bls12_377_g1, 4)   \
    X(secp256k1, 5)      \
    X(banderwagon, 6)
