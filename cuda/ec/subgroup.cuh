// The prime-order subgroup check of a short Weierstrass point on the
// device: r·P = O, by double-and-add over the non-adjacent form (NAF) of
// r. It needs no per-curve constant but r (no endomorphism, whose
// constants and proof differ per group), and it holds for any point on
// the curve: the XYZZ formulas branch on P = Q and P = −Q (sw.cuh), so
// every intermediate multiple is exact whatever P's order, and r·P = O
// exactly when P's order divides r — when P lies in the subgroup of prime
// order r, since r² divides none of these curves' group orders.
// Edwards curves are left out: their addition law is complete on the
// prime-order subgroup only, so multiples of a point outside it can meet
// the model's points at infinity and pass for the identity.
//
// Cost: about SCALAR_BITS doublings and a mixed addition a non-zero NAF
// digit (a third of them on average; BLS12-381's r: 254 doublings and 59
// additions), ~2,900 field multiplications a point: ~0.11 s
// for 2^20 BLS12-381 G1 points at the H100's multiplication rate, where the
// host's check took ~8 s (bench/NOTES.md v20a, which measured ~0.16 s).
#pragma once
#include <cstdint>

#include "../curve_traits.cuh"
#include "../ff/common.cuh"
#include "sw.cuh"

namespace gpukit {

// An integer k (at most 8 words) beside 3k, from which k's NAF is read:
// the NAF digit of 2^j is bit j+1 of 3k minus bit j+1 of k, since
// Σ_j (bit_{j+1}(3k) − bit_{j+1}(k))·2^j = ⌊3k/2⌋ − ⌊k/2⌋ = k, and no two
// adjacent digits of that form are non-zero (Reitwiesner's recoding).
struct naf_source {
    uint32_t k[9];
    uint32_t k3[9];
    int top;  // the highest set bit of 3k: the NAF has digits 0 .. top − 1

    GPUKIT_HD constexpr int digit(int j) const {
        return int((k3[(j + 1) / 32] >> ((j + 1) % 32)) & 1u) - int((k[(j + 1) / 32] >> ((j + 1) % 32)) & 1u);
    }
};

GPUKIT_HD constexpr naf_source naf_source_of(const uint32_t (&k)[8]) {
    naf_source s{};
    uint64_t carry = 0;
    for (int i = 0; i < 8; ++i) {
        s.k[i] = k[i];
        const uint64_t t = 3ull * k[i] + carry;
        s.k3[i] = uint32_t(t);
        carry = t >> 32;
    }
    s.k[8] = 0;
    s.k3[8] = uint32_t(carry);
    s.top = 9 * 32 - 1;
    while (s.top > 0 && !((s.k3[s.top / 32] >> (s.top % 32)) & 1u)) --s.top;
    return s;
}

// r·p = O for the affine point p, with B its XYZZ bucket type; r as
// `order` gives it. The top digit, top − 1, is 1 (3r has a bit above r's
// top bit), so the sum starts at p itself.
template <class B>
GPUKIT_HD_COLD bool order_divides(const typename B::affine_t& p, const naf_source& order) {
    const typename B::affine_t minus = p.neg();
    B acc = B::from_affine(p);
    for (int j = order.top - 2; j >= 0; --j) {
        acc = acc.dbl();
        const int d = order.digit(j);
        if (d > 0) acc = acc.add_affine(p);
        if (d < 0) acc = acc.add_affine(minus);
    }
    return acc.is_identity();
}

// Whether the device has curve C's subgroup check: its points are short
// Weierstrass (see the top of this file).
template <class C>
GPUKIT_HD constexpr bool has_subgroup_check() {
    return is_sw_affine<typename curve_traits<C>::affine_t>::value;
}

// Whether the affine point p of curve C (on the curve) lies in its
// subgroup of prime order r (curve_traits<C>::SCALAR_MODULUS): short
// Weierstrass curves only (see the top of this file).
template <class C>
GPUKIT_HD bool in_prime_order_subgroup(const typename curve_traits<C>::affine_t& p) {
    static_assert(has_subgroup_check<C>(), "short Weierstrass curves only");
    constexpr naf_source r = naf_source_of(curve_traits<C>::SCALAR_MODULUS);
    return order_divides<typename curve_traits<C>::bucket_t>(p, r);
}

}  // namespace gpukit
