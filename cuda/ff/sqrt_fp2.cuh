// Square roots in Fp2 = Fp[u]/(u² + 1) (fp2.cuh with β = −1, p ≡ 3 mod 4:
// BLS12-381 G2's field), and the order ZCash's sort flag picks a root by.
// `field_sqrt<fp2<F, P>>` is this, so that a decoder calls the same names
// over either field.
//
// The complex method (Adj and Rodríguez-Henríquez, "Square root computation
// over even extension fields", ePrint 2012/685, algorithm 8): for
// a = a0 + a1·u with a1 ≠ 0, let α be a root of the norm a0² + a1² in Fp;
// then 2(a0 + α) or 2(a0 − α) is a square d (their product −4·a1² is not,
// since −1 is not), and with the same sign of α,
//     √a = (a + α) / √d.
// (Its square is (a² + 2αa + α²)/d = a·(a + 2α + ā)/d, since α² = a·ā,
// and a + ā + 2α = d.) The power t = d^((p−3)/4) gives the test and the
// inverse root at once: t²·d = d^((p−1)/2) is 1 exactly where d is a
// square, and then t = 1/√d (√d = t·d, as in sqrt.cuh). A non-square norm
// means a non-square a (the norm of a square is a square), and a square
// norm always leads to a root as above.
//
// Cost: one exponentiation in Fp for the norm's root, one or two (half the
// squares need the other sign of α) for t; a in Fp takes one.
#pragma once
#include <cstdint>

#include "fp2.cuh"
#include "sqrt.cuh"

namespace gpukit {

template <class F, class P>
struct sqrt_fp2 {
    using E = fp2<F, P>;
    using base = sqrt_3mod4<F>;  // asserts p ≡ 3 (mod 4)
    using limbs_t = typename F::limbs_t;

    static_assert(E::BETA == -1, "sqrt_fp2 is written for u² = −1");

    // (p − 3)/4 = floor(p / 4) (p ≡ 3 mod 4): t above.
    static constexpr limbs_t INVERSE_EXPONENT = root_order<F>::modulus_over_power_of_two(2);

    // A root of a in *root where a is a square (0 has the root 0), and
    // whether it is; *root is left as it was for a non-square. Which of the
    // two roots comes out is unspecified: callers pick theirs with
    // is_larger.
    GPUKIT_HD_COLD static bool sqrt(const E& a, E* root) {
        constexpr limbs_t root_exponent = base::EXPONENT;  // (p + 1)/4
        constexpr limbs_t inverse_root = INVERSE_EXPONENT;
        if (a.c1.is_zero()) {
            // r = a0^((p+1)/4) squares to a0 or, for a non-square a0, to −a0
            // (sqrt.cuh): then (r·u)² = −r² = a0. Fp is all squares in Fp2.
            const F r = root_order<F>::pow(a.c0, root_exponent);
            *root = r.sqr() == a.c0 ? E{r, F::zero()} : E{F::zero(), r};
            return true;
        }
        F alpha;
        if (!base::sqrt(a.c0.sqr() + a.c1.sqr(), &alpha)) return false;  // the norm a0² − β·a1²
        F d = (a.c0 + alpha).dbl();  // 2(a0 + α) ≠ 0: a1 ≠ 0
        F t = root_order<F>::pow(d, inverse_root);
        if (t.sqr() * d != F::one()) {
            alpha = alpha.neg();
            d = (a.c0 + alpha).dbl();
            t = root_order<F>::pow(d, inverse_root);
        }
        *root = E{t * (a.c0 + alpha), t * a.c1};  // (a + α)/√d
        return true;
    }

    // y > −y in arkworks' order of Fp2 (QuadExtField's Ord: c1 first, then
    // c0), which ZCash's sort flag and get_point_from_x's "greatest" use:
    // c1's "larger" (sqrt.cuh), or c0's where c1 = 0 (= −c1).
    GPUKIT_HDI static bool is_larger(const E& y) {
        return y.c1.is_zero() ? base::is_larger(y.c0) : base::is_larger(y.c1);
    }
};

template <class F, class P>
struct sqrt_for<fp2<F, P>> {
    using type = sqrt_fp2<F, P>;
};

}  // namespace gpukit
