// Square roots in a prime field whose modulus is 3 mod 4, and the two
// orderings the point serializations pick a root by (parity, and "the
// larger of y and −y"). Everything is derived from F's modulus at compile
// time; a field with p ≡ 1 mod 4 does not compile here (it needs
// Tonelli–Shanks).
//
// With p ≡ 3 mod 4, a square a has the root a^((p+1)/4): its square is
// a^((p+1)/2) = a · a^((p−1)/2) = a by Euler's criterion. For a non-square
// the same power squares to −a, so one comparison tells the two apart
// (Cohen, "A Course in Computational Algebraic Number Theory", §1.5.1).
#pragma once
#include <cstdint>

#include "common.cuh"
#include "mont_field.cuh"

namespace gpukit {

template <class F>
struct sqrt_3mod4 {
    static constexpr int N = F::N;
    using limbs_t = typename F::limbs_t;

    static_assert((F::MOD.w[0] & 3u) == 3u, "sqrt_3mod4 needs p ≡ 3 (mod 4)");

    // (p + 1) / 4 = floor(p / 4) + 1 (p ≡ 3 mod 4), which cannot overflow N
    // words as p + 1 could.
    static constexpr limbs_t make_exponent() {
        limbs_t e{};
        for (int i = 0; i < N; ++i) {
            const uint32_t hi = i + 1 < N ? F::MOD.w[i + 1] : 0u;
            e.w[i] = (F::MOD.w[i] >> 2) | (hi << 30);
        }
        uint64_t c = 1;
        for (int i = 0; i < N; ++i) {
            c += e.w[i];
            e.w[i] = uint32_t(c);
            c >>= 32;
        }
        return e;
    }
    static constexpr limbs_t EXPONENT = make_exponent();

    // (p − 1) / 2 = floor(p / 2) (p odd): y is the larger root iff y > HALF.
    static constexpr limbs_t make_half() {
        limbs_t h{};
        for (int i = 0; i < N; ++i) {
            const uint32_t hi = i + 1 < N ? F::MOD.w[i + 1] : 0u;
            h.w[i] = (F::MOD.w[i] >> 1) | (hi << 31);
        }
        return h;
    }
    static constexpr limbs_t HALF = make_half();

    // A root of a in *root, and whether a is a square (0 has the root 0).
    // Which of the two roots comes out is unspecified: callers pick theirs
    // with is_odd or is_larger. Square-and-multiply over the exponent's
    // bits, left to right; about 32N squarings and 16N multiplications.
    GPUKIT_HD_COLD static bool sqrt(const F& a, F* root) {
        constexpr limbs_t e = EXPONENT;
        F r = F::one();
        for (int i = 32 * N - 1; i >= 0; --i) {
            r = r.sqr();
            if ((e.w[i / 32] >> (i % 32)) & 1u) r = r * a;
        }
        *root = r;
        return r.sqr() == a;
    }

    // The canonical integer of y is odd (SEC1's 0x03, BIP340's rejected y).
    GPUKIT_HDI static bool is_odd(const F& y) {
        uint32_t w[N];
        y.to_canonical(w);
        return (w[0] & 1u) != 0;
    }

    // y > (p − 1)/2 as canonical integers, i.e. y > −y: ZCash's sort flag and
    // arkworks' "negative" y (the larger of the two roots).
    GPUKIT_HDI static bool is_larger(const F& y) {
        constexpr limbs_t h = HALF;
        uint32_t w[N];
        y.to_canonical(w);
        // h − w borrows iff w > h.
        uint32_t borrow = 0;
        for (int i = 0; i < N; ++i) borrow = uint32_t((uint64_t(h.w[i]) - w[i] - borrow) >> 63);
        return borrow != 0;
    }
};

}  // namespace gpukit
