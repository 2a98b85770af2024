// CIOS Montgomery multiplication on PTX carry chains (device only).
//
// Each round i of CIOS adds a·b_i and then m·p (m = t0·INV) to the
// accumulator t and shifts it down one word. A 32×32-bit product has a low
// and a high half, into t_j and t_(j+1); each addition is two carry chains,
// one over the products of even j and one over those of odd j, each taking
// a product's two halves in turn (mul_add_pairs), the odd ones into an
// accumulator of their own (mont_mul_ptx says how the two take turns). PTX
// exposes the carry flag through the .cc / madc forms.
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

// acc += the products x_j·y for j = J0, J0 + 2, ... below J_END, each
// product's low and high halves into consecutive words of one chain, which
// ptxas turns into one IMAD.WIDE.U32.X (a 64-bit product added to a register
// pair, carry in and out): x_J0·y into acc_0, acc_1, the next into acc_2,
// acc_3, and so on. The chain's carry then runs into the TOP words above the
// last pair, which the caller's bound says suffice (the last link writes no
// carry flag, so a carry beyond them would be lost: the host model of
// cuda/tests counts such carries). A multiplication takes the products of
// even j and of odd j in two such chains into two accumulators, so that
// every pair sits on an even register: in one accumulator the odd pairs
// straddle the even ones, and ptxas re-paired the words with a MOV apiece
// (bench/NOTES.md, v15d). CARRY_IN: the first link takes the carry flag as
// it stands (set by the instruction just before) into acc_0.
template <int J0, int J_END, int TOP, bool CARRY_IN = false>
__device__ __forceinline__ void mul_add_pairs(uint32_t* acc, const uint32_t* x, uint32_t y) {
    static_assert(J0 < J_END, "at least one product");
    static_assert(TOP >= 0 && TOP <= 2, "at most two carry words");
    constexpr int count = (J_END - J0 + 1) / 2;
    constexpr int last = J0 + 2 * (count - 1);  // its pair: acc_(2·count − 2), acc_(2·count − 1)
    constexpr int top = 2 * count;              // the first word above it
#pragma unroll
    for (int j = J0; j < J_END; j += 2) {
        uint32_t& lo_word = acc[j - J0];
        uint32_t& hi_word = acc[j - J0 + 1];
        if (j == J0 && !CARRY_IN) {
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

// t /= 2^32 on CIOS's two accumulators (mont_mul_ptx says how they take
// turns): o, read from its word 2, becomes the even one, e the odd one.
template <int N>
__device__ __forceinline__ void shift_accumulators(uint32_t* e, uint32_t* o) {
    uint32_t next_e[N + 3];
#pragma unroll
    for (int j = 0; j < N + 1; ++j) next_e[j] = o[j + 2];
    next_e[N + 1] = next_e[N + 2] = 0;
#pragma unroll
    for (int j = 0; j < N + 2; ++j) o[j] = e[j];
    o[N + 2] = 0;
#pragma unroll
    for (int j = 0; j < N + 3; ++j) e[j] = next_e[j];
}

// r (N words) = e + o read one word on (o's word k at position k − 1), the
// carry word returned: the value CIOS's two accumulators hold after their
// last round.
template <int N>
__device__ __forceinline__ uint32_t merge_accumulators(uint32_t* r, const uint32_t* e, const uint32_t* o) {
    r[0] = ptx::add_cc(e[0], o[1]);
#pragma unroll
    for (int j = 1; j < N; ++j) r[j] = ptx::addc_cc(e[j], o[j + 1]);
    return ptx::addc(e[N], o[N + 1]);
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
// Only position 0 has a word in both (e_0 and o_1); o_1 is added into e_0
// before m = t_0·INV is taken, its carry going into the odd chain's first
// link (o_2, position 1). The shift by one word
// then swaps the roles: e's word k is at position k − 1 (e_0, the word the
// round cleared, is 0), so e becomes the odd accumulator as it stands, and
// o's word k + 2 is at position k, so o, read two words on, becomes the
// even one. The copies of shift_accumulators are register renames in the
// unrolled code.
template <int N, bool FULL_WIDTH>
__device__ __forceinline__ uint32_t mont_mul_ptx(uint32_t* r, const uint32_t* a, const uint32_t* b,
                                                 const uint32_t* p, uint32_t inv) {
    constexpr int EVEN_TOP = FULL_WIDTH ? 2 : 1, ODD_TOP = FULL_WIDTH ? 1 : 0;
    uint32_t e[N + 3], o[N + 3];
#pragma unroll
    for (int j = 0; j < N + 3; ++j) e[j] = o[j] = 0;
#pragma unroll
    for (int i = 0; i < N; ++i) {
        mul_add_pairs<0, N, EVEN_TOP>(e, a, b[i]);          // t += a·b_i, even j
        e[0] = ptx::add_cc(e[0], o[1]);                     // position 0 in one word,
        mul_add_pairs<1, N, ODD_TOP, true>(o + 2, a, b[i]); // its carry into o_2; odd j
        const uint32_t m = e[0] * inv;                      // t + m·p ≡ 0 mod 2^32
        mul_add_pairs<0, N, EVEN_TOP>(e, p, m);             // t += m·p: e_0 is now 0
        mul_add_pairs<1, N, ODD_TOP>(o + 2, p, m);
        shift_accumulators<N>(e, o);                        // t /= 2^32
    }
    return merge_accumulators<N>(r, e, o);  // t < 2p: position N is 0 or 1
}

// Row I of the squaring's cross products, a_I·a_j for j > I, and the rows
// after it: j = I+1, I+3, ... at the odd positions 2I+1, 2I+3, ... (co's
// words from 2I+2), j = I+2, I+4, ... at the even ones (ce's words from
// 2I+2). A chain whose last j is N − 1 ends at position N + I and takes no
// carry word; one whose last j is N − 2 takes one, at position N + I.
template <int N, int I>
__device__ __forceinline__ void cross_rows(uint32_t* ce, uint32_t* co, const uint32_t* a) {
    if constexpr (I < N - 1) {
        constexpr int odd_top = (N - 1 - (I + 1)) % 2 == 0 ? 0 : 1;
        mul_add_pairs<I + 1, N, odd_top>(co + 2 * I + 2, a, a[I]);
        if constexpr (I + 2 < N) {
            constexpr int even_top = (N - 1 - (I + 2)) % 2 == 0 ? 0 : 1;
            mul_add_pairs<I + 2, N, even_top>(ce + 2 * I + 2, a, a[I]);
        }
        cross_rows<N, I + 1>(ce, co, a);
    }
}

// r (N words) and the returned carry word hold a²·2^(-32N) mod p, < 2p, for
// a < p. Squaring in two passes (SOS, Koç–Acar–Kaliski §3) where CIOS
// interleaves them: the square's 2N words first, each cross product a_i·a_j
// (i < j) computed once and the sum doubled, then the diagonal a_i²: N(N+1)/2
// IMAD.WIDE where a·b takes N². Its low half T_l is then reduced by CIOS's
// rounds alone, (T_l + M·p)/2^(32N) ≤ p for the M that clears it, and the
// high half T_h added: T_h + (T_l + M·p)/2^(32N) = (a² + M·p)/2^(32N)
// < (p² + 2^(32N)·p)/2^(32N) < 2p, the bound mont_mul_ptx gives. In all
// N(N+1)/2 + N² IMAD.WIDE against 2N²: 222 against 288 at 12 limbs, 100
// against 128 at 8.
//
// The cross products go, as mont_mul_ptx's, into two accumulators so that
// each product's pair of words is an even register pair: `ce` (word k at
// position k) takes those at an even position i + j, `co` (word k at
// position k − 1) those at an odd one; row i is a chain of each parity.
// After row i the cross sum is at most (Σ_(k≤i) a_k·2^(32k))·a <
// 2^(32(N+i+1)), and each accumulator holds a non-negative part of it: no
// chain carries past position N + i.
template <int N, bool FULL_WIDTH>
__device__ __forceinline__ uint32_t mont_sqr_ptx(uint32_t* r, const uint32_t* a, const uint32_t* p, uint32_t inv) {
    uint32_t ce[2 * N + 1], co[2 * N + 1];
#pragma unroll
    for (int j = 0; j < 2 * N + 1; ++j) ce[j] = co[j] = 0;
    cross_rows<N, 0>(ce, co, a);
    uint32_t t[2 * N];
    // The cross sum, position by position (below 2^(32(2N−1)): the chain
    // ends at position 2N − 2), then doubled (below a²/2 < 2^(64N−1): the
    // doubling fits 2N words).
    t[0] = ptx::add_cc(ce[0], co[1]);
#pragma unroll
    for (int k = 1; k < 2 * N - 2; ++k) t[k] = ptx::addc_cc(ce[k], co[k + 1]);
    t[2 * N - 2] = ptx::addc(ce[2 * N - 2], co[2 * N - 1]);
    t[0] = ptx::add_cc(t[0], t[0]);
#pragma unroll
    for (int k = 1; k < 2 * N - 1; ++k) t[k] = ptx::addc_cc(t[k], t[k]);
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
    // (T_l + M·p)/2^(32N) by CIOS's reduction rounds on the two accumulators
    // of mont_mul_ptx (the same bounds: T_l < 2^(32N) and m·p < 2^(32N)·p).
    constexpr int EVEN_TOP = FULL_WIDTH ? 2 : 1, ODD_TOP = FULL_WIDTH ? 1 : 0;
    uint32_t e[N + 3], o[N + 3];
#pragma unroll
    for (int j = 0; j < N + 3; ++j) {
        e[j] = j < N ? t[j] : 0;
        o[j] = 0;
    }
#pragma unroll
    for (int i = 0; i < N; ++i) {
        e[0] = ptx::add_cc(e[0], o[1]);  // position 0 in one word, its carry into o_2
        const uint32_t m = e[0] * inv;   // mul.lo leaves the carry flag to the chain below
        mul_add_pairs<1, N, ODD_TOP, true>(o + 2, p, m);
        mul_add_pairs<0, N, EVEN_TOP>(e, p, m);  // e_0 is now 0
        shift_accumulators<N>(e, o);
    }
    // + T_h: (T_l + M·p)/2^(32N) ≤ p, so the sum is below 2p and its carry
    // word is 0 or 1.
    uint32_t u[N + 1];
    u[N] = merge_accumulators<N>(u, e, o);
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
