// Modular inversion by a binary extended GCD with batched updates, for a
// mont_field (Montgomery form in and out: a·R ↦ a^{-1}·R, 0 ↦ 0).
//
// Algorithm: T. Pornin, "Optimized Binary GCD for Modular Inversion", IACR
// ePrint 2020/972, algorithm 2, with k = 32 for 32-bit integer units. The
// plain binary GCD keeps a ≡ u·y, b ≡ v·y (mod p), b odd, and per iteration:
// if a is odd, swap (a, u) with (b, v) when a < b, then a -= b, u -= v; then
// a /= 2, u /= 2 (mod p). It ends with a = 0, b = gcd = 1, v = y^{-1}.
// Pornin's version runs 31 iterations on 64-bit approximations of a and b
// (their low 31 bits, exact, and their top 33 bits, aligned on the longer of
// the two), records them as a 2x2 matrix of small signed factors, and only
// then applies the matrix to the N-word a, b, u, v with a few word-by-limb
// multiply-adds. The inner iterations are 64-bit integer work (two 32-bit
// registers), with no N-word operation: that is where the speed comes from.
//
// Bounds (the comments at each step below give the details):
// - Factors: after t iterations each row (f, g) of the matrix has
//   |f| + |g| <= 2^t (a swap permutes rows, a -= b adds them, a /= 2 doubles
//   the other row), so after 31 iterations |f|, |g| <= 2^31: each factor is
//   one word (magnitude and sign), f·x + g·y of N-word x, y fits N + 1
//   words, and every multiply-add step |f|·x_i + t_i + carry < 2^64.
// - Exactness: the low 31 bits of the approximations are exact, and each
//   iteration consumes one (the parity test, then the halving), so the
//   matrix applied to the true a, b gives integers divisible by 2^31.
//   Where the top bits misjudged a < b, the new a or b comes out negative
//   and is negated with its row of factors; gcd and oddness of b are kept.
// - Iterations: Pornin proves (ePrint 2020/972, §3) that with these
//   approximations the iterations still reach a = 0 within 2·len(p) - 1 of
//   them, like the exact algorithm; once a and b fit 64 bits the
//   approximations are the exact values. So ⌈(2·len(p) - 1)/31⌉ groups
//   suffice: 17 for a 254-bit p (BN254), 25 for 381 bits (BLS12-381). The
//   worst inputs are Montgomery words 2^k with k near len(p) (k halvings of
//   a, then a full GCD of 1 and p): on the host they take exactly 17 and 25
//   groups, and no input tried took more. The loop stops as soon as a = 0
//   and is capped at twice the bound.
// - u, v are divided by 2^31 mod p after each group (a 31-bit Montgomery
//   reduction), so a ≡ u·y, b ≡ v·y hold exactly after each group and the
//   number of groups does not matter to the result. Starting from u = R² mod
//   p instead of 1 keeps a·R² ≡ u·y: with y = x·R the end result is
//   v = R²·(x·R)^{-1} = x^{-1}·R, the Montgomery form of x^{-1}, with no
//   correcting multiplication.
//
// Variable time: the number of groups depends on the input, and the loop
// stops early. The inputs are bucket denominators of an MSM (and affine
// conversions of public results), not secrets; the MSM's other branches
// (empty buckets, the doubling case of an addition) already depend on the
// data. The constant-time Fermat inverse() stays in mont_field.
//
// Cost (sm_90 PTX of this file, 64-bit operations counted twice): a group
// is 31 iterations of ~27 instructions (parity, 64-bit compare, conditional
// swaps, 64-bit subtract and shift), ~110-160 to extract the approximations,
// and ~630 (N = 8) or ~900 (N = 12) to apply the matrix to a, b, u, v; a
// CIOS multiplication is ~360 (N = 8) or ~730 (N = 12). Random inputs take
// 11-13 groups at 254 bits and 16-19 at 381 (a warp waits for its slowest
// lane). fieldmul_throughput (cuda/tests) measured it on the H100 at 37.9
// multiplications' time for N = 8 and 30.7 for N = 12, against Fermat's
// 378 and 625 (bench/NOTES.md, v8).
#pragma once
#include <cstdint>

#include "mont_field.cuh"

namespace gpukit {
namespace detail {

// A factor of the update matrix as the wide multiplications take it:
// magnitude and sign, the value is ±mag with |value| <= 2^31.
struct bgcd_factor {
    uint32_t mag;  // |value| <= 2^31
    uint32_t neg;  // all ones for a negative value, else 0
};

// The inner loop keeps a factor modulo 2^32. The factors lie in
// [-2^31 + 1, 2^31] (|f| + |g| <= 2^31, and |f| = 2^31 only in a row
// (±2^31, 0); -2^31 would need two earlier rows with g = 0, a singular
// matrix, but the matrix has determinant ±2^j), so the word 0x80000000
// means +2^31 and every other word its two's-complement value.
GPUKIT_HDI bgcd_factor bgcd_make_factor(uint32_t w) {
    const uint32_t neg = 0u - uint32_t(w > 0x80000000u);
    return {(w ^ neg) - neg, neg};
}

// -f. For f = 0 the sign does not matter to bgcd_lin_comb.
GPUKIT_HDI bgcd_factor bgcd_negate(bgcd_factor f) { return {f.mag, ~f.neg}; }

// a·b + c, a 32x32->64 multiply-add (one IMAD.WIDE.U32 on the device).
GPUKIT_HDI uint64_t bgcd_mad_wide(uint32_t a, uint32_t b, uint64_t c) {
#if defined(__CUDA_ARCH__)
    uint64_t r;
    asm("mad.wide.u32 %0, %1, %2, %3;" : "=l"(r) : "r"(a), "r"(b), "l"(c));
    return r;
#else
    return uint64_t(a) * b + c;
#endif
}

// The low word of (hi:lo) >> 31 (one funnel shift on the device).
GPUKIT_HDI uint32_t bgcd_shr31(uint32_t lo, uint32_t hi) {
#if defined(__CUDA_ARCH__)
    return __funnelshift_r(lo, hi, 31);
#else
    return (lo >> 31) | (hi << 1);
#endif
}

// t (N words) and the returned top word (signed, |top| < 2^31) hold
// f·x + g·y for |f| + |g| <= 2^31 and x, y < 2^(32N): then
// |f·x + g·y| < 2^(32N + 31), so N + 1 words in two's complement hold it
// and the sum can be formed modulo 2^(32(N + 1)). The device has no
// signed-by-unsigned wide multiply, so a negative factor multiplies the
// complement: with ~x = 2^(32N) - 1 - x (N words),
//   -|f|·x = |f|·~x + |f| - |f|·2^(32N),
// one XOR per word, |f| as the carry into the lowest word and |f| off the
// top word. Each step is one 32x32->64 multiply-add: |f|·w + t + c
// <= 2^31·(2^32 - 1) + 2·(2^32 - 1) < 2^64.
template <int N>
GPUKIT_HDI int64_t bgcd_lin_comb(uint32_t* t, const uint32_t* x, const uint32_t* y, bgcd_factor f, bgcd_factor g) {
    const uint32_t fc = f.mag & f.neg, gc = g.mag & g.neg;
    uint64_t c = fc;
    GPUKIT_UNROLL
    for (int i = 0; i < N; ++i) {
        c = bgcd_mad_wide(f.mag, x[i] ^ f.neg, c);
        t[i] = uint32_t(c);
        c >>= 32;
    }
    uint32_t top = uint32_t(c) - fc;
    c = gc;
    GPUKIT_UNROLL
    for (int i = 0; i < N; ++i) {
        c = bgcd_mad_wide(g.mag, y[i] ^ g.neg, c + t[i]);
        t[i] = uint32_t(c);
        c >>= 32;
    }
    top += uint32_t(c) - gc;  // modulo 2^32: the exact sum fits N + 1 words
    return int64_t(int32_t(top));
}

// The 64-bit approximation of x for a window whose top word is `top` (>= 2)
// and whose leading zero count is s: the top 33 bits of the
// (32·top + 32 - s)-bit window, above the exact low 31 bits of x.
template <int N>
GPUKIT_HDI uint64_t bgcd_approx(const uint32_t* x, int top, int s) {
    uint32_t w2 = 0, w1 = 0, w0 = 0;
    GPUKIT_UNROLL
    for (int i = 2; i < N; ++i) {
        // Selects, not a dynamic index: an indexed register array would go
        // to local memory on the device.
        if (i == top) {
            w2 = x[i];
            w1 = x[i - 1];
            w0 = x[i - 2];
        }
    }
    // s <= clz(w2), so the shift loses no bit; a 64-bit shift by 32 is 0.
    const uint64_t hi = (((uint64_t(w2) << 32) | w1) << s) | (uint64_t(w0) >> (32 - s));
    return ((hi >> 31) << 31) | (x[0] & 0x7fffffffu);
}

// out = (f·u + g·v) / 2^31 mod p for u, v < p and |f| + |g| <= 2^31: a
// 31-bit Montgomery reduction. With |t| <= 2^31·(p - 1) and q < 2^31,
// t + q·p is in (-2^31·p, 2^32·p), so the quotient r is in (-p, 2p): one
// correction, +p or -p, brings it to [0, p). out may alias v (not u).
template <class F>
GPUKIT_HDI void bgcd_update_mod(uint32_t* out, const uint32_t* u, const uint32_t* v, bgcd_factor f, bgcd_factor g) {
    constexpr int N = F::N;
    constexpr typename F::limbs_t p = F::MOD;
    uint32_t t[N];
    const int64_t ht = bgcd_lin_comb<N>(t, u, v, f, g);
    const uint32_t q = (t[0] * F::INV) & 0x7fffffffu;  // t + q·p ≡ 0 mod 2^31
    uint64_t c = 0;
    GPUKIT_UNROLL
    for (int i = 0; i < N; ++i) {
        c = bgcd_mad_wide(q, p.w[i], uint64_t(t[i]) + (c >> 32));  // < 2^64
        t[i] = uint32_t(c);
    }
    const int64_t hs = ht + int64_t(c >> 32);  // in [-2^31, 2^32)
    uint32_t r[N];
    GPUKIT_UNROLL
    for (int i = 0; i < N; ++i) {
        const uint32_t next = i + 1 < N ? t[i + 1] : uint32_t(hs);
        r[i] = bgcd_shr31(t[i], next);
    }
    const int64_t rtop = hs >> 31;  // -1, 0 or 1: the word above r's N words
    const uint32_t add_p = 0u - uint32_t(rtop < 0);  // r + p, in (0, p)
    c = 0;
    GPUKIT_UNROLL
    for (int i = 0; i < N; ++i) {
        c = uint64_t(r[i]) + (p.w[i] & add_p) + (c >> 32);
        r[i] = uint32_t(c);
    }
    F::reduce_once(out, r, uint32_t(rtop > 0));  // r < 2p
}

// Leading zeros of a nonzero word.
GPUKIT_HDI int clz32(uint32_t x) {
#if defined(__CUDA_ARCH__)
    return __clz(int(x));
#else
    return __builtin_clz(x);
#endif
}
GPUKIT_HD constexpr int clz32_constexpr(uint32_t x) {
    int n = 0;
    while (n < 32 && !(x >> (31 - n) & 1u)) ++n;
    return n;
}

}  // namespace detail

// groups, where given, receives the number of 31-iteration groups run (for
// checking the bound above on the host).
template <class F>
GPUKIT_HD F inverse_bgcd(const F& y, int* groups = nullptr) {
    constexpr int N = F::N;
    constexpr typename F::limbs_t p = F::MOD;
    constexpr typename F::limbs_t r2 = F::R2;
    constexpr int BITS = 32 * (N - 1) + 32 - detail::clz32_constexpr(p.w[N - 1]);
    constexpr int GROUPS = (2 * BITS - 1 + 30) / 31;

    if (groups) *groups = 0;
    uint32_t a[N], b[N], u[N], v[N];
    GPUKIT_UNROLL
    for (int i = 0; i < N; ++i) {
        a[i] = y.v[i];
        b[i] = p.w[i];
        u[i] = r2.w[i];  // a·R² ≡ u·y (mod p)
        v[i] = 0;        // b·R² ≡ v·y (mod p)
    }

    for (int group = 0; group < 2 * GROUPS; ++group) {
        uint32_t nz = 0;
        GPUKIT_UNROLL
        for (int i = 0; i < N; ++i) nz |= a[i];
        if (nz == 0) break;
        if (groups) *groups = group + 1;

        // Approximations. The window is the length of the longer of a, b.
        int top = 0;
        GPUKIT_UNROLL
        for (int i = 1; i < N; ++i)
            if (a[i] | b[i]) top = i;
        uint64_t xa, xb;
        if (top < 2) {  // both fit 64 bits: exact values
            xa = (uint64_t(a[1]) << 32) | a[0];
            xb = (uint64_t(b[1]) << 32) | b[0];
        } else {
            uint32_t lead = 0;
            GPUKIT_UNROLL
            for (int i = 2; i < N; ++i)
                if (i == top) lead = a[i] | b[i];
            const int s = detail::clz32(lead);
            xa = detail::bgcd_approx<N>(a, top, s);
            xb = detail::bgcd_approx<N>(b, top, s);
        }

        // 31 iterations on the approximations. Invariant after j of them:
        // 2^j·a_j = f0·a + g0·b and 2^j·b_j = f1·a + g1·b (exactly in the
        // low bits, approximately above). Branch-free: the 32 lanes of a
        // warp run the same instructions on different data.
        uint32_t f0 = 1, g0 = 0, f1 = 0, g1 = 1;
        for (int j = 0; j < 31; ++j) {
            const bool odd = (xa & 1) != 0;
            const bool swap = odd && xa < xb;
            const uint64_t ta = swap ? xb : xa, tb = swap ? xa : xb;
            const uint32_t tf0 = swap ? f1 : f0, tf1 = swap ? f0 : f1;
            const uint32_t tg0 = swap ? g1 : g0, tg1 = swap ? g0 : g1;
            xa = odd ? ta - tb : ta;  // ta >= tb after the swap
            f0 = odd ? tf0 - tf1 : tf0;
            g0 = odd ? tg0 - tg1 : tg0;
            xb = tb;
            f1 = tf1;
            g1 = tg1;
            xa >>= 1;  // xa is even here
            f1 += f1;  // b_j is unchanged: its row doubles with the scale
            g1 += g1;
        }
        detail::bgcd_factor F0 = detail::bgcd_make_factor(f0), G0 = detail::bgcd_make_factor(g0);
        detail::bgcd_factor F1 = detail::bgcd_make_factor(f1), G1 = detail::bgcd_make_factor(g1);

        // a, b <- (f0·a + g0·b) / 2^31, (f1·a + g1·b) / 2^31: exact
        // divisions; |result| <= max(a, b) < 2^(32N), so N words and a sign.
        uint32_t ta[N], tb[N];
        const int64_t ha = detail::bgcd_lin_comb<N>(ta, a, b, F0, G0);
        const int64_t hb = detail::bgcd_lin_comb<N>(tb, a, b, F1, G1);
        const uint32_t na = 0u - uint32_t(ha < 0), nb = 0u - uint32_t(hb < 0);  // all ones: negate
        uint32_t ca = na & 1u, cb = nb & 1u;
        GPUKIT_UNROLL
        for (int i = 0; i < N; ++i) {
            const uint32_t next_a = i + 1 < N ? ta[i + 1] : uint32_t(ha);
            const uint32_t next_b = i + 1 < N ? tb[i + 1] : uint32_t(hb);
            // two's-complement negation: complement, plus 1 in the carry
            const uint64_t sa = uint64_t(detail::bgcd_shr31(ta[i], next_a) ^ na) + ca;
            const uint64_t sb = uint64_t(detail::bgcd_shr31(tb[i], next_b) ^ nb) + cb;
            a[i] = uint32_t(sa);
            b[i] = uint32_t(sb);
            ca = uint32_t(sa >> 32);
            cb = uint32_t(sb >> 32);
        }
        if (na) {
            F0 = detail::bgcd_negate(F0);
            G0 = detail::bgcd_negate(G0);
        }
        if (nb) {
            F1 = detail::bgcd_negate(F1);
            G1 = detail::bgcd_negate(G1);
        }

        uint32_t nu[N];
        detail::bgcd_update_mod<F>(nu, u, v, F0, G0);
        detail::bgcd_update_mod<F>(v, u, v, F1, G1);
        GPUKIT_UNROLL
        for (int i = 0; i < N; ++i) u[i] = nu[i];
    }
    // a = 0, b = 1 and v·y ≡ R² (mod p): v = x^{-1}·R for y = x·R; v = 0 for y = 0.
    return F::from_montgomery(v);
}

}  // namespace gpukit
