// The endomorphism of the j = 0 curves and the scalar split over it (Gallant,
// Lambert and Vanstone, 2001): φ(x, y) = (β·x, y) is λ·P on the prime-order
// subgroup, so k·P = k1·P + k2·φ(P) for any k1 + k2·λ ≡ k mod r. With a short
// basis of the lattice {(a, b): a + b·λ ≡ 0 mod r}, |k1| and |k2| have about
// half of r's bits: an MSM of n scalars becomes one of 2n scalars of half the
// windows, and the host's chain of doublings after it (Horner over the
// windows, pippenger.cuh pending_msm_sums) half as long. The per-curve constants
// (curve_traits<C>::glv) are generated from registry.toml; tools/gen/src/glv.rs
// says how they are derived and why the bound holds.
#pragma once
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include "../curve_traits.cuh"

namespace gpukit {

template <class C, class = void>
struct has_glv_t : std::false_type {};
template <class C>
struct has_glv_t<C, std::void_t<typename curve_traits<C>::glv>> : std::true_type {};
// Whether curve C has the endomorphism (curve_traits<C>::glv).
template <class C>
constexpr bool has_glv() {
    return has_glv_t<C>::value;
}

// Bits of a split half's magnitude on curve C (which has the endomorphism).
template <class C>
constexpr uint32_t glv_bits() {
    if constexpr (has_glv<C>())
        return curve_traits<C>::glv::SPLIT_BITS;
    else
        return curve_traits<C>::SCALAR_BITS;
}

// Words of the split's arithmetic: every value it forms lies below 2^159 in
// magnitude, so it computes modulo 2^160 in two's complement.
constexpr uint32_t GLV_WORDS = 5;

// One half of a split scalar: |k_j| (< 2^SPLIT_BITS) as a canonical scalar of
// 8 words, and its sign.
struct glv_half {
    uint32_t magnitude[8];
    bool negative;
};

namespace glv_detail {

// A constant array copied at compile time: the per-curve arrays are host
// statics, which device code may not read, but a constexpr copy of one is
// a value of the function that reads it (as mont_field::constant's).
template <size_t N>
struct words {
    uint32_t w[N];
};
template <size_t N>
GPUKIT_HD constexpr words<N> copy_of(const uint32_t (&a)[N]) {
    words<N> r{};
    for (size_t i = 0; i < N; i++) r.w[i] = a[i];
    return r;
}

// Bits [shift, shift + 160) of k·g, k of 8 words and g of 9.
template <uint32_t SHIFT>
GPUKIT_HD void scaled_product(const uint32_t* k, const uint32_t* g, uint32_t* out) {
    uint32_t product[8 + 9 + 1] = {};
    for (uint32_t i = 0; i < 8; i++) {
        uint64_t carry = 0;
        for (uint32_t j = 0; j < 9; j++) {
            const uint64_t v = uint64_t(k[i]) * g[j] + product[i + j] + carry;
            product[i + j] = uint32_t(v);
            carry = v >> 32;
        }
        product[i + 9] = uint32_t(carry);
    }
    constexpr uint32_t WORD = SHIFT / 32, BIT = SHIFT % 32;
    static_assert(WORD + GLV_WORDS < 8 + 9 + 1, "the quotient's words lie inside the product");
    for (uint32_t i = 0; i < GLV_WORDS; i++) {
        const uint64_t pair = (uint64_t(product[WORD + i + 1]) << 32) | product[WORD + i];
        out[i] = uint32_t(pair >> BIT);
    }
}

// acc ∓= a·b modulo 2^160.
GPUKIT_HD inline void add_product(uint32_t* acc, const uint32_t* a, const uint32_t* b, bool subtract) {
    uint32_t product[GLV_WORDS] = {};
    for (uint32_t i = 0; i < GLV_WORDS; i++) {
        uint64_t carry = 0;
        for (uint32_t j = 0; i + j < GLV_WORDS; j++) {
            const uint64_t v = uint64_t(a[i]) * b[j] + product[i + j] + carry;
            product[i + j] = uint32_t(v);
            carry = v >> 32;
        }
    }
    uint64_t carry = subtract ? 1 : 0;  // a − b = a + ~b + 1
    for (uint32_t i = 0; i < GLV_WORDS; i++) {
        const uint64_t v = uint64_t(acc[i]) + (subtract ? ~product[i] : product[i]) + carry;
        acc[i] = uint32_t(v);
        carry = v >> 32;
    }
}

// A two's complement value of 160 bits as its magnitude (8 words) and sign.
GPUKIT_HD inline glv_half to_half(const uint32_t* v) {
    glv_half h{};
    h.negative = v[GLV_WORDS - 1] >> 31;
    uint64_t carry = h.negative ? 1 : 0;
    for (uint32_t i = 0; i < GLV_WORDS; i++) {
        const uint64_t w = uint64_t(h.negative ? ~v[i] : v[i]) + carry;
        h.magnitude[i] = uint32_t(w);
        carry = w >> 32;
    }
    return h;
}

}  // namespace glv_detail

// Splits the canonical scalar k (8 words, below r) of a curve with the
// endomorphism into k1, k2 with k1 + k2·λ ≡ k mod r and |k1|, |k2| below
// 2^G::SPLIT_BITS (G = curve_traits<C>::glv). Babai's rounding:
// c1 ≈ k·n22 / r and c2 ≈ −k·n12 / r by precomputed reciprocals, then
// k1 = k − c1·n11 − c2·n21 and k2 = −c1·n12 − c2·n22.
template <class G>
GPUKIT_HD void glv_split_scalar(const uint32_t* k, glv_half& k1, glv_half& k2) {
    using namespace glv_detail;
    constexpr auto g1 = copy_of(G::G1), g2 = copy_of(G::G2);
    constexpr auto n11 = copy_of(G::N11), n12 = copy_of(G::N12), n21 = copy_of(G::N21), n22 = copy_of(G::N22);
    uint32_t c1[GLV_WORDS], c2[GLV_WORDS];
    scaled_product<G::SHIFT>(k, g1.w, c1);
    scaled_product<G::SHIFT>(k, g2.w, c2);
    uint32_t a[GLV_WORDS], b[GLV_WORDS] = {};
    for (uint32_t i = 0; i < GLV_WORDS; i++) a[i] = k[i];
    // c·n is subtracted where c and n have the same sign.
    add_product(a, c1, n11.w, G::C1_NEGATIVE == G::N11_NEGATIVE);
    add_product(a, c2, n21.w, G::C2_NEGATIVE == G::N21_NEGATIVE);
    add_product(b, c1, n12.w, G::C1_NEGATIVE == G::N12_NEGATIVE);
    add_product(b, c2, n22.w, G::C2_NEGATIVE == G::N22_NEGATIVE);
    k1 = to_half(a);
    k2 = to_half(b);
}

// φ(P) = (β·x, y); the identity (0, 0) stays itself.
template <class C>
GPUKIT_HD typename curve_traits<C>::affine_t endomorphism(const typename curve_traits<C>::affine_t& p) {
    using T = curve_traits<C>;
    constexpr typename T::field_t beta = T::field_t::constant(T::glv::BETA);
    return typename T::affine_t{p.x * beta, p.y};
}

}  // namespace gpukit
