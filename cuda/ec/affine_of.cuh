// A result point in affine coordinates, for its encoding. Over a prime field
// the inversion is the binary GCD's (ff/inverse_bgcd.cuh, ~38 products' time
// at 254 bits and ~31 at 381, against Fermat's 378 and 625: bench/NOTES.md
// v8), whose time varies with its input: the points it normalises are an
// MSM's results, which the call returns. On the host a BN254 call of 2^10
// points spent ~10 µs of its ~0.2 ms in Fermat's inverse (bench/NOTES.md
// v38c). Fp2 coordinates (BLS12-381 G2) keep inverse().
#pragma once
#include "../ff/inverse_bgcd.cuh"
#include "../ff/mont_field.cuh"

namespace gpukit {

template <class B>
GPUKIT_HD typename B::affine_t affine_of(const B& p) {
    using F = typename B::field_t;
    if (p.is_identity()) return B::affine_t::identity();
    if constexpr (is_prime_field<F>::value)
        return p.to_affine_given(inverse_bgcd(p.denominator()));
    else
        return p.to_affine();
}

}  // namespace gpukit
