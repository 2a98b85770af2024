// Exposes what the headers derived or declared for each curve, so that the
// Rust test `constants` can compare every number with arkworks.
#pragma once
#include <cstdint>

#include "ops.cuh"

namespace gpukit {
namespace check {

enum constant_id : uint32_t {
    K_MODULUS = 0,        // base prime field p (G2: the Fp under Fp2)
    K_R = 1,              // R mod p
    K_R2 = 2,             // R² mod p
    K_INV = 3,            // -p^{-1} mod 2^32
    K_SCALAR_MODULUS = 4, // r
    K_SCALAR_BITS = 5,
    K_POINT_BYTES = 6,
    K_MAX_WINDOW = 7,
    K_ID = 8,
    K_FIELD_WORDS = 9,    // field_t::WORDS
    K_COEFF_B = 10,       // short Weierstrass b, canonical field_t words
    K_COEFF_A = 11,       // Edwards a
    K_COEFF_D = 12,       // Edwards d
    K_NONRESIDUE = 13,    // Fp2's β as a signed 32-bit integer
    // Tonelli–Shanks (sqrt.cuh), prime fields with p ≡ 1 mod 4 only:
    K_TWO_ADICITY = 14,   // S, p − 1 = 2^S·T with T odd
    K_SQRT_NONRESIDUE = 15,  // g, the least non-square
    K_ROOT_OF_UNITY = 16,    // z = g^T, canonical field_t words
};

template <class F>
struct prime_field_of {
    using type = F;
    static constexpr bool EXTENSION = false;
    static constexpr int BETA = 0;
};
template <class F, class P>
struct prime_field_of<fp2<F, P>> {
    using type = F;
    static constexpr bool EXTENSION = true;
    static constexpr int BETA = fp2<F, P>::BETA;
};

template <class F>
int copy_words(const uint32_t* w, uint32_t n, uint32_t* out, uint32_t cap) {
    if (n > cap) return -1;
    for (uint32_t i = 0; i < n; ++i) out[i] = w[i];
    return int(n);
}

inline int one_word(uint32_t v, uint32_t* out, uint32_t cap) {
    if (cap < 1) return -1;
    out[0] = v;
    return 1;
}

template <class F, class C>
int coefficient(const sw_affine<F, C>*, uint32_t which, uint32_t* out, uint32_t cap) {
    if (which != K_COEFF_B || cap < F::WORDS) return -1;
    sw_affine<F, C>::coeff_b().to_canonical(out);
    return int(F::WORDS);
}

template <class F, class C>
int coefficient(const te_affine<F, C>*, uint32_t which, uint32_t* out, uint32_t cap) {
    if (cap < F::WORDS) return -1;
    if (which == K_COEFF_A) {
        te_affine<F, C>::coeff_a().to_canonical(out);
    } else if (which == K_COEFF_D) {
        te_affine<F, C>::coeff_d().to_canonical(out);
    } else {
        return -1;
    }
    return int(F::WORDS);
}

// Tonelli–Shanks' constants of F, where field_sqrt takes that method.
template <class F>
int tonelli_shanks_constant(uint32_t which, uint32_t* out, uint32_t cap) {
    if constexpr (is_prime_field<F>::value) {
        if constexpr ((F::MOD.w[0] & 3u) == 1u) {
            using S = sqrt_tonelli_shanks<F>;
            if (which == K_TWO_ADICITY) return one_word(uint32_t(S::S), out, cap);
            if (which == K_SQRT_NONRESIDUE) return one_word(S::NONRESIDUE, out, cap);
            if (cap < F::WORDS) return -1;
            constexpr typename F::limbs_t z = S::ROOT_OF_UNITY;
            F::from_montgomery(z.w).to_canonical(out);
            return int(F::WORDS);
        }
    }
    return -1;
}

// Number of words written, or -1 (unknown or inapplicable constant, or cap too small).
template <class C>
int constant(uint32_t which, uint32_t* out, uint32_t cap) {
    using T = curve_traits<C>;
    using F = typename T::field_t;
    using Fp = typename prime_field_of<F>::type;
    switch (which) {
        case K_MODULUS: return copy_words<Fp>(Fp::MOD.w, Fp::N, out, cap);
        case K_R: return copy_words<Fp>(Fp::R1.w, Fp::N, out, cap);
        case K_R2: return copy_words<Fp>(Fp::R2.w, Fp::N, out, cap);
        case K_INV: return one_word(Fp::INV, out, cap);
        case K_SCALAR_MODULUS: return copy_words<Fp>(T::SCALAR_MODULUS, 8, out, cap);
        case K_SCALAR_BITS: return one_word(T::SCALAR_BITS, out, cap);
        case K_POINT_BYTES: return one_word(T::POINT_BYTES, out, cap);
        case K_MAX_WINDOW: return one_word(T::MAX_WINDOW, out, cap);
        case K_ID: return one_word(T::ID, out, cap);
        case K_FIELD_WORDS: return one_word(F::WORDS, out, cap);
        case K_NONRESIDUE:
            if (!prime_field_of<F>::EXTENSION) return -1;
            return one_word(uint32_t(prime_field_of<F>::BETA), out, cap);
        case K_TWO_ADICITY:
        case K_SQRT_NONRESIDUE:
        case K_ROOT_OF_UNITY: return tonelli_shanks_constant<F>(which, out, cap);
        default:
            return coefficient(static_cast<const typename T::affine_t*>(nullptr), which, out, cap);
    }
}

}  // namespace check
}  // namespace gpukit
