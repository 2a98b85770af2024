// Quadratic extension F[u]/(u² - β) of a mont_field F, for BLS12-381 G2
// (β = -1). P supplies `static constexpr int NONRESIDUE` (β, a small signed
// integer that is a non-square in F). Elements are c0 + c1·u; words and
// encodings are c0's words then c1's (WORDS = 2·F::N), as arkworks orders them.
#pragma once
#include <cstdint>

#include "common.cuh"
#include "mont_field.cuh"

namespace gpukit {

template <class F, class P>
struct fp2 {
    static constexpr int N = F::N;
    static constexpr uint32_t WORDS = 2 * F::WORDS;
    static constexpr int BETA = P::NONRESIDUE;
    static_assert(BETA != 0, "u² = 0 is not a field extension");

    F c0, c1;

    GPUKIT_HDI static fp2 zero() { return fp2{F::zero(), F::zero()}; }
    GPUKIT_HDI static fp2 one() { return fp2{F::one(), F::zero()}; }
    GPUKIT_HD static constexpr fp2 constant(const uint32_t* w) {
        return fp2{F::constant(w), F::constant(w + N)};
    }
    GPUKIT_HDI static bool is_canonical(const uint32_t* w) {
        return F::is_canonical(w) && F::is_canonical(w + N);
    }
    GPUKIT_HDI static fp2 from_canonical(const uint32_t* w) {
        return fp2{F::from_canonical(w), F::from_canonical(w + N)};
    }
    GPUKIT_HDI static fp2 from_montgomery(const uint32_t* w) {
        return fp2{F::from_montgomery(w), F::from_montgomery(w + N)};
    }
    GPUKIT_HDI void to_canonical(uint32_t* w) const {
        c0.to_canonical(w);
        c1.to_canonical(w + N);
    }

    // β·x. β = -1 (BLS12-381) is a negation; any other β costs one
    // multiplication by the constant β.
    GPUKIT_HDI static F mul_by_nonresidue(const F& x) {
        if constexpr (BETA == -1) {
            return x.neg();
        } else {
            constexpr uint32_t mag[F::N] = {uint32_t(BETA < 0 ? -BETA : BETA)};
            constexpr F b = F::constant(mag);
            return BETA < 0 ? (x * b).neg() : x * b;
        }
    }

    GPUKIT_HDI friend fp2 operator+(const fp2& a, const fp2& b) { return fp2{a.c0 + b.c0, a.c1 + b.c1}; }
    GPUKIT_HDI friend fp2 operator-(const fp2& a, const fp2& b) { return fp2{a.c0 - b.c0, a.c1 - b.c1}; }
    // Karatsuba: three base multiplications instead of four.
    GPUKIT_HDI friend fp2 operator*(const fp2& a, const fp2& b) {
        F v0 = a.c0 * b.c0;                                  // a0·b0
        F v1 = a.c1 * b.c1;                                  // a1·b1
        F s = (a.c0 + a.c1) * (b.c0 + b.c1);                 // (a0+a1)(b0+b1)
        return fp2{v0 + mul_by_nonresidue(v1), s - v0 - v1};  // (v0 + β·v1, a0·b1 + a1·b0)
    }
    GPUKIT_HDI fp2& operator+=(const fp2& b) { return *this = *this + b; }
    GPUKIT_HDI fp2& operator-=(const fp2& b) { return *this = *this - b; }
    GPUKIT_HDI fp2& operator*=(const fp2& b) { return *this = *this * b; }

    // (a0 + a1·u)² = a0² + β·a1² + 2·a0·a1·u. For β = -1 the real part is
    // (a0 + a1)(a0 - a1): two multiplications in all.
    GPUKIT_HDI fp2 sqr() const {
        F m = c0 * c1;
        if constexpr (BETA == -1) {
            return fp2{(c0 + c1) * (c0 - c1), m.dbl()};
        } else {
            return fp2{c0.sqr() + mul_by_nonresidue(c1.sqr()), m.dbl()};
        }
    }
    GPUKIT_HDI fp2 dbl() const { return fp2{c0.dbl(), c1.dbl()}; }
    GPUKIT_HDI fp2 neg() const { return fp2{c0.neg(), c1.neg()}; }
    GPUKIT_HDI bool is_zero() const { return c0.is_zero() && c1.is_zero(); }
    GPUKIT_HDI friend bool operator==(const fp2& a, const fp2& b) { return a.c0 == b.c0 && a.c1 == b.c1; }
    GPUKIT_HDI friend bool operator!=(const fp2& a, const fp2& b) { return !(a == b); }

    // (a0 + a1·u)^{-1} = (a0 - a1·u) / (a0² - β·a1²); the norm is in F and
    // nonzero for a != 0 because β is a non-square. 0 maps to 0 (F's inverse).
    GPUKIT_HD_COLD fp2 inverse() const {
        F norm = c0.sqr() - mul_by_nonresidue(c1.sqr());
        F t = norm.inverse();
        return fp2{c0 * t, (c1 * t).neg()};
    }
};

// The prime field an element's coordinates lie in: F itself for a prime
// field, the base field of an fp2 (the ZCash format's flag bits are in it).
template <class F>
struct prime_field_of {
    using type = F;
};
template <class F, class P>
struct prime_field_of<fp2<F, P>> {
    using type = F;
};

}  // namespace gpukit
