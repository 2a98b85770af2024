// CIOS Montgomery multiplication on PTX carry chains (device only).
//
// Each round i of CIOS adds a·b_i and then m·p (m = t0·INV) to the
// accumulator t and shifts it down one word. A 32×32-bit product has a low
// and a high half, into t_j and t_(j+1); each addition is two carry chains,
// one over the products of even j and one over those of odd j, each taking
// a product's two halves in turn (mul_add_pairs), the odd ones into an
// accumulator of their own (mont_mul_ptx says how the two take turns). PTX exposes the
// carry flag through the .cc / madc forms.
//
// The chains are separate asm statements, ordered by `volatile`; the loops
// are fully unrolled, so no compiler-generated instruction that could touch
// the carry flag sits between two links of a chain (the device tests run
// every operation against arkworks).
#pragma once
#include <cstdint>

namespace gpukit {
namespace detail {
// The instructions, one asm statement each. The host tests compile the
// templates below against a model of them and of the carry flag instead
// (cuda/tests/shim/ptx_model.cpp, GPUKIT_PTX_CARRY_MODEL), so that a chain
// that drops a carry fails without a GPU.
#if !defined(GPUKIT_PTX_CARRY_MODEL)
namespace ptx {

__device__ __forceinline__ uint32_t mad_lo_cc(uint32_t a, uint32_t b, uint32_t c) {
    uint32_t r;
    asm volatile("mad.lo.cc.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
}
__device__ __forceinline__ uint32_t madc_lo_cc(uint32_t a, uint32_t b, uint32_t c) {
    uint32_t r;
    asm volatile("madc.lo.cc.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
}
__device__ __forceinline__ uint32_t mad_hi_cc(uint32_t a, uint32_t b, uint32_t c) {
    uint32_t r;
    asm volatile("mad.hi.cc.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
}
__device__ __forceinline__ uint32_t madc_hi_cc(uint32_t a, uint32_t b, uint32_t c) {
    uint32_t r;
    asm volatile("madc.hi.cc.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
}
__device__ __forceinline__ uint32_t add_cc(uint32_t a, uint32_t b) {
    uint32_t r;
    asm volatile("add.cc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
    return r;
}
__device__ __forceinline__ uint32_t addc_cc(uint32_t a, uint32_t b) {
    uint32_t r;
    asm volatile("addc.cc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
    return r;
}
__device__ __forceinline__ uint32_t addc(uint32_t a, uint32_t b) {
    uint32_t r;
    asm volatile("addc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
    return r;
}
__device__ __forceinline__ uint32_t sub_cc(uint32_t a, uint32_t b) {
    uint32_t r;
    asm volatile("sub.cc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
    return r;
}
__device__ __forceinline__ uint32_t subc_cc(uint32_t a, uint32_t b) {
    uint32_t r;
    asm volatile("subc.cc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
    return r;
}
__device__ __forceinline__ uint32_t subc(uint32_t a, uint32_t b) {
    uint32_t r;
    asm volatile("subc.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
    return r;
}

__device__ __forceinline__ uint32_t madc_hi(uint32_t a, uint32_t b, uint32_t c) {
    uint32_t r;
    asm volatile("madc.hi.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
}
__device__ __forceinline__ uint32_t mad_hi(uint32_t a, uint32_t b, uint32_t c) {
    uint32_t r;
    asm volatile("mad.hi.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
}

}  // namespace ptx
#endif

// acc += the products x_j·y of one parity of j, each product's low and high
// halves into consecutive words of one chain, which ptxas turns into one
// IMAD.WIDE.U32.X (a 64-bit product added to a register pair, carry in and
// out). ODD = 0: j = 0, 2, ..., N − 2 into acc_j, acc_(j+1). ODD = 1:
// j = 1, 3, ..., N − 1 into acc_(j−1), acc_j (an accumulator counted from
// word 1). The chain's carry then runs into the TOP words above the last
// pair, which the caller's bound says suffice (the last link writes no
// carry flag, so a carry beyond them would be lost: the host model of
// cuda/tests counts such carries). Keeping the odd products apart keeps
// every pair on an even register: in one accumulator the odd pairs straddle
// the even ones, and ptxas re-paired the words with a MOV apiece
// (bench/NOTES.md, v15d). CARRY_IN: the first link takes the carry flag as
// it stands (set by the instruction just before) into acc_0.
template <int N, int ODD, int TOP, bool CARRY_IN = false>
__device__ __forceinline__ void mul_add_pairs(uint32_t* acc, const uint32_t* x, uint32_t y) {
    static_assert(N % 2 == 0, "the products pair up into even and odd chains");
    static_assert(TOP >= 0 && TOP <= 2, "at most two carry words");
    constexpr int last = N - 2 + ODD;  // the last j of this parity; its pair is acc_(N−2), acc_(N−1)
    constexpr int top = N;             // the first word above it
#pragma unroll
    for (int j = ODD; j < N; j += 2) {
        uint32_t& lo_word = acc[j - ODD];
        uint32_t& hi_word = acc[j - ODD + 1];
        if (j == ODD && !CARRY_IN) {
            lo_word = ptx::mad_lo_cc(x[j], y, lo_word);
        } else {
            lo_word = ptx::madc_lo_cc(x[j], y, lo_word);
        }
        if (j == last && TOP == 0) {
            hi_word = ptx::madc_hi(x[j], y, hi_word);
        } else {
            hi_word = ptx::madc_hi_cc(x[j], y, hi_word);
        }
    }
    if constexpr (TOP == 1) {
        acc[top] = ptx::addc(acc[top], 0);
    } else if constexpr (TOP == 2) {
        acc[top] = ptx::addc_cc(acc[top], 0);
        acc[top + 1] = ptx::addc(acc[top + 1], 0);
    }
}

// t (N+2 words) += x·y in one accumulator: mul_add_pairs' two chains, the
// odd one straddling the even one's register pairs (ptxas re-pairs them
// with MOVs). The squaring's reduction, one row a round, takes it: there
// the odd accumulator's merge, a row's worth of additions, cost more.
template <int N>
__device__ __forceinline__ void mul_add_row(uint32_t* t, const uint32_t* x, uint32_t y) {
    static_assert(N % 2 == 0, "the products pair up into even and odd chains");
    t[0] = ptx::mad_lo_cc(x[0], y, t[0]);
    t[1] = ptx::madc_hi_cc(x[0], y, t[1]);
#pragma unroll
    for (int j = 2; j < N; j += 2) {
        t[j] = ptx::madc_lo_cc(x[j], y, t[j]);
        t[j + 1] = ptx::madc_hi_cc(x[j], y, t[j + 1]);
    }
    t[N] = ptx::addc_cc(t[N], 0);
    t[N + 1] = ptx::addc(t[N + 1], 0);
    t[1] = ptx::mad_lo_cc(x[1], y, t[1]);
    t[2] = ptx::madc_hi_cc(x[1], y, t[2]);
#pragma unroll
    for (int j = 3; j < N; j += 2) {
        t[j] = ptx::madc_lo_cc(x[j], y, t[j]);
        t[j + 1] = ptx::madc_hi_cc(x[j], y, t[j + 1]);
    }
    t[N + 1] = ptx::addc(t[N + 1], 0);
}

// r (N words) and the returned carry word hold a·b·2^(-32N) mod p, < 2p, for
// a, b < p. Same bounds as the portable CIOS (detail::cios_rounds): at
// the end of each round t < 2p, so before its shift t < 2p·2^32, below
// 2^(32(N+1)) where p < 2^(32N−1) and below 2^(32(N+1)+1) where p is
// FULL_WIDTH (secp256k1's): position N + 1 is then 0 or 1, and else always
// 0, so that the chains carry into it only for a FULL_WIDTH p.
//
// t lives in two accumulators, so that every product's pair of words is an
// even register pair without a merge of the two each round: `e`, word k at
// position k, takes the products of even j, and `o`, word k at position
// k − 1, those of odd j (at positions j, j + 1: its words j + 1, j + 2).
// Both hold non-negative parts of t, so each stays below t's bound: e fits
// words 0..N (and N + 1 for a FULL_WIDTH p), o words 1..N+1 (and N + 2).
// Only position 0 has a word in both (e_0 and o_1); o_1 is added into e_0 before m = t_0·INV is taken, its carry going
// into the odd chain's first link (o_2, position 1). The shift by one word
// then swaps the roles: e's word k is at position k − 1 (e_0, the word the
// round cleared, is 0), so e becomes the odd accumulator as it stands, and
// o's word k + 2 is at position k, so o, read two words on, becomes the
// even one. The copies below are register renames in the unrolled code.
template <int N, bool FULL_WIDTH>
__device__ __forceinline__ uint32_t mont_mul_ptx(uint32_t* r, const uint32_t* a, const uint32_t* b,
                                                 const uint32_t* p, uint32_t inv) {
    constexpr int EVEN_TOP = FULL_WIDTH ? 2 : 1, ODD_TOP = FULL_WIDTH ? 1 : 0;
    uint32_t e[N + 3], o[N + 3];
#pragma unroll
    for (int j = 0; j < N + 3; ++j) e[j] = o[j] = 0;
#pragma unroll
    for (int i = 0; i < N; ++i) {
        mul_add_pairs<N, 0, EVEN_TOP>(e, a, b[i]);          // t += a·b_i, even j
        e[0] = ptx::add_cc(e[0], o[1]);                     // position 0 in one word,
        mul_add_pairs<N, 1, ODD_TOP, true>(o + 2, a, b[i]); // its carry into o_2; odd j
        const uint32_t m = e[0] * inv;                      // t + m·p ≡ 0 mod 2^32
        mul_add_pairs<N, 0, EVEN_TOP>(e, p, m);             // t += m·p: e_0 is now 0
        mul_add_pairs<N, 1, ODD_TOP>(o + 2, p, m);
        uint32_t next_e[N + 3];  // t /= 2^32
#pragma unroll
        for (int j = 0; j < N + 1; ++j) next_e[j] = o[j + 2];
        next_e[N + 1] = next_e[N + 2] = 0;
#pragma unroll
        for (int j = 0; j < N + 2; ++j) o[j] = e[j];
        o[N + 2] = 0;
#pragma unroll
        for (int j = 0; j < N + 3; ++j) e[j] = next_e[j];
    }
    // t = e + o read one word on; t < 2p, so position N is 0 or 1.
    r[0] = ptx::add_cc(e[0], o[1]);
#pragma unroll
    for (int j = 1; j < N; ++j) r[j] = ptx::addc_cc(e[j], o[j + 1]);
    return ptx::addc(e[N], o[N + 1]);
}

// r (N words) and the returned carry word hold a²·2^(-32N) mod p, < 2p, for
// a < p. Squaring in two passes (SOS, Koç–Acar–Kaliski §3) where CIOS
// interleaves them: the square's 2N words first, each cross product a_i·a_j
// (i < j) computed once and the sum doubled, then the diagonal a_i²; that is
// N(N+1)/2 low and high products where a·b takes N² of each. Its low half
// T_l is then reduced by CIOS's rounds alone, (T_l + M·p)/2^(32N) ≤ p for
// the M that clears it, and the high half T_h added: T_h + (T_l + M·p)/2^(32N)
// = (a² + M·p)/2^(32N) < (p² + 2^(32N)·p)/2^(32N) < 2p, the bound mont_mul_ptx
// gives. 8 limbs: 208 multiplies against 264, 12 limbs: 444 against 588.
template <int N>
__device__ __forceinline__ uint32_t mont_sqr_ptx(uint32_t* r, const uint32_t* a, const uint32_t* p, uint32_t inv) {
    uint32_t t[2 * N];
#pragma unroll
    for (int j = 0; j < 2 * N; ++j) t[j] = 0;
    // Row i adds a_i·(a_(i+1) .. a_(N-1))·2^(32(2i+1)). After row i the sum is
    // at most (Σ_(k≤i) a_k·2^(32k))·a < 2^(32(N+i+1)), so it fits t_0..t_(N+i):
    // the high chain never carries out of t_(N+i).
#pragma unroll
    for (int i = 0; i < N - 1; ++i) {
        t[2 * i + 1] = ptx::mad_lo_cc(a[i], a[i + 1], t[2 * i + 1]);
#pragma unroll
        for (int j = i + 2; j < N; ++j) t[i + j] = ptx::madc_lo_cc(a[i], a[j], t[i + j]);
        t[i + N] = ptx::addc(t[i + N], 0);
        if (i == N - 2) {
            t[2 * N - 2] = ptx::mad_hi(a[i], a[i + 1], t[2 * N - 2]);
        } else {
            t[2 * i + 2] = ptx::mad_hi_cc(a[i], a[i + 1], t[2 * i + 2]);
#pragma unroll
            for (int j = i + 2; j < N - 1; ++j) t[i + j + 1] = ptx::madc_hi_cc(a[i], a[j], t[i + j + 1]);
            t[i + N] = ptx::madc_hi(a[i], a[N - 1], t[i + N]);
        }
    }
    // Doubled: the cross products are below a²/2 < 2^(64N-1), so the shift
    // fits 2N words.
    t[1] = ptx::add_cc(t[1], t[1]);
#pragma unroll
    for (int j = 2; j < 2 * N - 1; ++j) t[j] = ptx::addc_cc(t[j], t[j]);
    t[2 * N - 1] = ptx::addc(0, 0);
    // The diagonal, one chain; the total a² < 2^(64N) carries out of nothing.
    t[0] = ptx::mad_lo_cc(a[0], a[0], t[0]);
    t[1] = ptx::madc_hi_cc(a[0], a[0], t[1]);
#pragma unroll
    for (int i = 1; i < N - 1; ++i) {
        t[2 * i] = ptx::madc_lo_cc(a[i], a[i], t[2 * i]);
        t[2 * i + 1] = ptx::madc_hi_cc(a[i], a[i], t[2 * i + 1]);
    }
    t[2 * N - 2] = ptx::madc_lo_cc(a[N - 1], a[N - 1], t[2 * N - 2]);
    t[2 * N - 1] = ptx::madc_hi(a[N - 1], a[N - 1], t[2 * N - 1]);
    // (T_l + M·p)/2^(32N) by CIOS's reduction rounds on N+2 words.
    uint32_t u[N + 2];
#pragma unroll
    for (int j = 0; j < N; ++j) u[j] = t[j];
    u[N] = 0;
    u[N + 1] = 0;
#pragma unroll
    for (int i = 0; i < N; ++i) {
        uint32_t m = u[0] * inv;
        mul_add_row<N>(u, p, m);
#pragma unroll
        for (int j = 0; j < N + 1; ++j) u[j] = u[j + 1];
        u[N + 1] = 0;
    }
    // + T_h: u ≤ p, so the sum is below 2p and its carry word is 0 or 1.
    r[0] = ptx::add_cc(u[0], t[N]);
#pragma unroll
    for (int j = 1; j < N; ++j) r[j] = ptx::addc_cc(u[j], t[N + j]);
    return ptx::addc(u[N], 0);
}

// d = a - b word by word; returns all ones where it borrowed out of the top
// word, else 0.
template <int N>
__device__ __forceinline__ uint32_t sub_words_ptx(uint32_t* d, const uint32_t* a, const uint32_t* b) {
    d[0] = ptx::sub_cc(a[0], b[0]);
#pragma unroll
    for (int j = 1; j < N; ++j) d[j] = ptx::subc_cc(a[j], b[j]);
    return ptx::subc(0, 0);
}

// r = t - p if (hi:t) >= p else t, for (hi:t) < 2p (see mont_field::reduce_once).
template <int N>
__device__ __forceinline__ void reduce_once_ptx(uint32_t* r, const uint32_t* t, uint32_t hi, const uint32_t* p) {
    uint32_t s[N];
    const uint32_t borrow = sub_words_ptx<N>(s, t, p) & 1u;
    const uint32_t take_s = 0u - (hi | (borrow ^ 1u));
#pragma unroll
    for (int j = 0; j < N; ++j) r[j] = (s[j] & take_s) | (t[j] & ~take_s);
}

// Additions and subtractions mod p on the same carry chains: one IADD3 per
// word and chain, where the portable 64-bit code (mont_field's host path)
// compiles to three or four instructions per word (the borrow taken from the
// sign of a 64-bit difference by shifts). They are most of the instructions
// of a point addition outside its multiplications (bench/NOTES.md, v13b).

// r = a + b mod p, for a, b < p.
template <int N>
__device__ __forceinline__ void add_mod_ptx(uint32_t* r, const uint32_t* a, const uint32_t* b, const uint32_t* p) {
    uint32_t s[N];
    s[0] = ptx::add_cc(a[0], b[0]);
#pragma unroll
    for (int j = 1; j < N; ++j) s[j] = ptx::addc_cc(a[j], b[j]);
    const uint32_t hi = ptx::addc(0, 0);
    reduce_once_ptx<N>(r, s, hi, p);
}

// r = a - b mod p, for a, b < p: the difference, plus p where it borrowed.
template <int N>
__device__ __forceinline__ void sub_mod_ptx(uint32_t* r, const uint32_t* a, const uint32_t* b, const uint32_t* p) {
    uint32_t d[N];
    const uint32_t borrowed = sub_words_ptx<N>(d, a, b);
    uint32_t q[N];
#pragma unroll
    for (int j = 0; j < N; ++j) q[j] = p[j] & borrowed;
    r[0] = ptx::add_cc(d[0], q[0]);
#pragma unroll
    for (int j = 1; j < N - 1; ++j) r[j] = ptx::addc_cc(d[j], q[j]);
    r[N - 1] = ptx::addc(d[N - 1], q[N - 1]);  // the carry out is the borrow's wrap
}

// r = p - a, or 0 for a = 0 (p itself is not a reduced value), for a < p
// (p - a does not borrow).
template <int N>
__device__ __forceinline__ void neg_mod_ptx(uint32_t* r, const uint32_t* a, const uint32_t* p) {
    uint32_t nonzero = 0;
#pragma unroll
    for (int j = 0; j < N; ++j) nonzero |= a[j];
    const uint32_t keep = 0u - uint32_t(nonzero != 0);
    uint32_t d[N];
    sub_words_ptx<N>(d, p, a);
#pragma unroll
    for (int j = 0; j < N; ++j) r[j] = d[j] & keep;
}

}  // namespace detail
}  // namespace gpukit
