// Square roots in a prime field, the Legendre test, and the two orderings
// the point serializations pick a root by (parity, and "the larger of y
// and −y"). Everything is derived from F's modulus at compile time.
// `field_sqrt<F>` is the one to call: it picks the method from p, so a
// decoder need not care which shape its field has.
//
// p ≡ 3 mod 4 (BN254, BLS12-381, secp256k1): a square a has the root
// a^((p+1)/4): its square is a^((p+1)/2) = a · a^((p−1)/2) = a by Euler's
// criterion. For a non-square the same power squares to −a, so one
// comparison tells the two apart (Cohen, "A Course in Computational
// Algebraic Number Theory", §1.5.1).
//
// p ≡ 1 mod 4 (BLS12-377's base field, 2-adicity 46; BLS12-381's scalar
// field under Bandersnatch, 2-adicity 32): Tonelli–Shanks (Cohen §1.5.1,
// algorithm 1.5.1), with p − 1 = 2^S·T, T odd, and z = g^T for the least
// non-square g, a generator of the 2-Sylow subgroup. Variable time: the
// number of squarings depends on the input. The inputs are public points
// being decompressed, never secrets.
#pragma once
#include <cstdint>
#include <type_traits>

#include "common.cuh"
#include "mont_field.cuh"

namespace gpukit {

// What every odd prime field has: (p − 1)/2, and the tests built on it.
template <class F>
struct root_order {
    static constexpr int N = F::N;
    using limbs_t = typename F::limbs_t;

    // floor(p / 2^k) for 0 < k < 32N: every exponent below is one (p odd).
    static constexpr limbs_t modulus_over_power_of_two(int k) {
        limbs_t e{};
        for (int i = 0; i < N; ++i) {
            const int lo = i + k / 32, bit = k % 32;
            const uint32_t a = lo < N ? F::MOD.w[lo] : 0u, b = lo + 1 < N ? F::MOD.w[lo + 1] : 0u;
            e.w[i] = bit ? (a >> bit) | (b << (32 - bit)) : a;
        }
        return e;
    }

    // (p − 1) / 2 = floor(p / 2): y is the larger root iff y > HALF.
    static constexpr limbs_t HALF = modulus_over_power_of_two(1);

    // a^e by square-and-multiply over e's bits, left to right, from the
    // highest set bit (leading zero bits would square 1 for nothing).
    GPUKIT_HD static F pow(const F& a, const limbs_t& e) {
        int top = 32 * N - 1;
        while (top > 0 && !((e.w[top / 32] >> (top % 32)) & 1u)) --top;
        F r = F::one();
        for (int i = top; i >= 0; --i) {
            r = r.sqr();
            if ((e.w[i / 32] >> (i % 32)) & 1u) r = r * a;
        }
        return r;
    }

    // Whether a is a non-zero square: a^((p−1)/2) = 1 (Euler's criterion;
    // it is −1 for a non-square, 0 for 0). Banderwagon's subgroup check.
    GPUKIT_HD_COLD static bool is_square(const F& a) {
        constexpr limbs_t h = HALF;
        return pow(a, h) == F::one();
    }

    // The canonical integer of y is odd (SEC1's 0x03, BIP340's rejected y).
    GPUKIT_HDI static bool is_odd(const F& y) {
        uint32_t w[N];
        y.to_canonical(w);
        return (w[0] & 1u) != 0;
    }

    // y > (p − 1)/2 as canonical integers, i.e. y > −y: ZCash's sort flag,
    // arkworks' "negative" y and Banderwagon's "lexicographically largest"
    // (the larger of the two roots).
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

template <class F>
struct sqrt_3mod4 : root_order<F> {
    static constexpr int N = F::N;
    using limbs_t = typename F::limbs_t;

    static_assert((F::MOD.w[0] & 3u) == 3u, "sqrt_3mod4 needs p ≡ 3 (mod 4)");

    // (p + 1) / 4 = floor(p / 4) + 1 (p ≡ 3 mod 4), which cannot overflow N
    // words as p + 1 could.
    static constexpr limbs_t make_exponent() {
        limbs_t e = root_order<F>::modulus_over_power_of_two(2);
        uint64_t c = 1;
        for (int i = 0; i < N; ++i) {
            c += e.w[i];
            e.w[i] = uint32_t(c);
            c >>= 32;
        }
        return e;
    }
    static constexpr limbs_t EXPONENT = make_exponent();

    // A root of a in *root, and whether a is a square (0 has the root 0).
    // Which of the two roots comes out is unspecified: callers pick theirs
    // with is_odd or is_larger. About 32N squarings and 16N multiplications.
    GPUKIT_HD_COLD static bool sqrt(const F& a, F* root) {
        constexpr limbs_t e = EXPONENT;
        const F r = root_order<F>::pow(a, e);
        *root = r;
        return r.sqr() == a;
    }
};

template <class F>
struct sqrt_tonelli_shanks : root_order<F> {
    static constexpr int N = F::N;
    using limbs_t = typename F::limbs_t;

    static_assert((F::MOD.w[0] & 3u) == 1u, "Tonelli–Shanks is for p ≡ 1 (mod 4); sqrt_3mod4 is faster otherwise");

    // S, the 2-adicity: the trailing zero bits of p − 1.
    static constexpr int make_two_adicity() {
        limbs_t m = F::MOD;
        m.w[0] &= ~1u;  // p − 1 (p odd)
        int s = 0;
        while (!((m.w[s / 32] >> (s % 32)) & 1u)) ++s;
        return s;
    }
    static constexpr int S = make_two_adicity();

    // (T − 1)/2 = floor(p / 2^(S+1)), T = (p − 1)/2^S odd: a^((T−1)/2)
    // gives both a^T and a^((T+1)/2) with two more multiplications.
    static constexpr limbs_t EXPONENT = root_order<F>::modulus_over_power_of_two(S + 1);

    // T itself (2·EXPONENT + 1), for the root of unity.
    static constexpr limbs_t make_trace() {
        limbs_t t{};
        uint32_t carry = 1;
        for (int i = 0; i < N; ++i) {
            t.w[i] = (EXPONENT.w[i] << 1) | carry;
            carry = EXPONENT.w[i] >> 31;
        }
        return t;
    }

    // The Montgomery form of a small integer k < p: k·R mod p.
    static constexpr limbs_t small(uint32_t k) {
        limbs_t v{};
        v.w[0] = k;
        return detail::mod_shift(v, 32 * N, F::MOD);
    }

    // g, the least non-square: the least prime (a product of squares is a
    // square) whose Euler power a^((p−1)/2) is not 1. For both fields it is
    // small (a handful of exponentiations at compile time).
    static constexpr uint32_t make_nonresidue() {
        const limbs_t one = F::R1, half = root_order<F>::HALF;
        for (uint32_t g = 2;; ++g) {
            bool prime = true;
            for (uint32_t d = 2; d * d <= g; ++d) prime = prime && g % d != 0;
            if (!prime) continue;
            const limbs_t e = detail::mont_pow_constexpr(small(g), half, one, F::MOD, F::INV);
            bool is_one = true;
            for (int i = 0; i < N; ++i) is_one = is_one && e.w[i] == one.w[i];
            if (!is_one) return g;
        }
    }
    static constexpr uint32_t NONRESIDUE = make_nonresidue();

    // z = g^T in Montgomery form: a primitive 2^S-th root of unity
    // (g^((p−1)/2) = −1, so z^(2^(S−1)) = −1). The cuda/tests constants test
    // recomputes it with arkworks.
    static constexpr limbs_t ROOT_OF_UNITY =
        detail::mont_pow_constexpr(small(NONRESIDUE), make_trace(), F::R1, F::MOD, F::INV);

    // A root of a in *root, and whether a is a square (0 has the root 0);
    // which root is unspecified, as for sqrt_3mod4.
    //
    // With w = a^((T−1)/2): x = a·w = a^((T+1)/2) and b = x·w = a^T, so
    // x² = a·b throughout, and b lies in the 2-Sylow subgroup, as z does
    // with order 2^m (m = S at first). While b ≠ 1: find the least i with
    // b^(2^i) = 1 (a non-square has b of order 2^S: no i < S, which is
    // the only way the test fails), then c = z^(2^(m−i−1)), x ← x·c,
    // z ← c², b ← b·c², m ← i. b's order drops each round, so at most S
    // rounds; on random squares about S²/4 squarings in all, beside the
    // exponentiation's 32N.
    GPUKIT_HD_COLD static bool sqrt(const F& a, F* root) {
        constexpr limbs_t e = EXPONENT;
        constexpr limbs_t z0 = ROOT_OF_UNITY;
        const F one = F::one();
        const F w = root_order<F>::pow(a, e);
        F x = a * w;
        F b = x * w;
        F z = F::from_montgomery(z0.w);
        int m = S;
        *root = x;
        if (a.is_zero()) return true;
        while (b != one) {
            int i = 1;
            F b2 = b.sqr();
            while (b2 != one) {
                if (++i == m) return false;  // b^(2^(m−1)) ≠ 1: a is no square
                b2 = b2.sqr();
            }
            F c = z;
            for (int j = 0; j < m - i - 1; ++j) c = c.sqr();
            z = c.sqr();
            b = b * z;
            x = x * c;
            m = i;
        }
        *root = x;
        return true;
    }
};

// The square root of prime field F: a^((p+1)/4) where p ≡ 3 mod 4, else
// Tonelli–Shanks. Both give sqrt, is_square, is_odd and is_larger. A struct,
// not an alias, so that sqrt_fp2.cuh can add the quadratic extension
// (sqrt and is_larger only).
template <class F>
struct sqrt_for {
    using type = typename std::conditional<(F::MOD.w[0] & 3u) == 3u, sqrt_3mod4<F>, sqrt_tonelli_shanks<F>>::type;
};
template <class F>
using field_sqrt = typename sqrt_for<F>::type;

}  // namespace gpukit
