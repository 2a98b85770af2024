// Twisted Edwards points a·x² + y² = 1 + d·x²·y² (Bandersnatch: a = -5).
// C supplies `static constexpr uint32_t A[F::WORDS]` and `D[F::WORDS]`, a and
// d as canonical words (a = p - 5).
//
// Buckets are extended coordinates (X : Y : T : Z), x = X/Z, y = Y/Z,
// T = X·Y/Z, from Hisil, Wong, Carter, Dawson, "Twisted Edwards Curves
// Revisited", ASIACRYPT 2008; formulas as named in the EFD,
// https://hyperelliptic.org/EFD/g1p/auto-twisted-extended.html:
// add-2008-hwcd, madd-2008-hwcd, dbl-2008-hwcd.
//
// These formulas are unified (the same code adds P + P, P + (-P), and the
// identity (0, 1) on either side). They fail only when P + Q or P - Q is one
// of the points at infinity of the desingularised curve, which have order 2
// or 4 (HWCD §3). For Bandersnatch neither a nor d is a square, so such
// points exist over F_p; but the inputs lie in G ∪ (G + T), G the subgroup
// of prime order r and T = (0, -1) (Banderwagon elements may be represented
// either way), so every P ± Q has order dividing 2r, and the one element of
// order 2 there is T itself, an affine point. The tests check P + P,
// P + (-P) and the identity on both sides explicitly.
//
// Every operation returns a new value and leaves its operands unchanged.
#pragma once
#include <cstdint>
#include <type_traits>

#include "../ff/common.cuh"

namespace gpukit {

// a as a small signed integer, where the curve file gives one (A_SMALL):
// a·v is then a few additions instead of a multiplication (Bandersnatch:
// a = -5 saves one multiplication of the eleven in a mixed addition, and
// one of the doubling's nine).
template <class C, class = void>
struct small_coeff_a {
    static constexpr bool known = false;
};
template <class C>
struct small_coeff_a<C, std::void_t<decltype(C::A_SMALL)>> {
    static constexpr bool known = true;
    static constexpr int value = C::A_SMALL;
};

// k·v for a compile-time k >= 1 by doublings and additions.
template <int K, class F>
GPUKIT_HDI F small_multiple(const F& v) {
    static_assert(K >= 1, "a positive multiple");
    if constexpr (K == 1) return v;
    else if constexpr (K % 2 == 0) return small_multiple<K / 2>(v).dbl();
    else return small_multiple<K - 1>(v) + v;
}

template <class F, class C>
struct te_affine {
    F x, y;

    GPUKIT_HDI static F coeff_a() {
        constexpr F a = F::constant(C::A);
        return a;
    }
    GPUKIT_HDI static F coeff_d() {
        constexpr F d = F::constant(C::D);
        return d;
    }
    // a·v: additions where a is a small integer, else a multiplication.
    GPUKIT_HDI static F times_a(const F& v) {
        if constexpr (small_coeff_a<C>::known) {
            constexpr int k = small_coeff_a<C>::value;
            static_assert(k != 0 && a_matches_small(), "A_SMALL must equal A (mod p)");
            const F m = small_multiple<(k < 0 ? -k : k)>(v);
            return k < 0 ? m.neg() : m;
        } else {
            return coeff_a() * v;
        }
    }
    // A_SMALL ≡ A (mod p), at compile time: A must be the canonical words of
    // A_SMALL (p − |A_SMALL| when negative).
    GPUKIT_HD static constexpr bool a_matches_small() {
        if constexpr (small_coeff_a<C>::known) {
            constexpr int k = small_coeff_a<C>::value;
            typename F::limbs_t magnitude{};
            magnitude.w[0] = uint32_t(k < 0 ? -k : k);
            const typename F::limbs_t a = k < 0 ? detail::sub_words(F::MOD, magnitude) : magnitude;
            for (int i = 0; i < F::N; ++i)
                if (a.w[i] != C::A[i]) return false;
        }
        return true;
    }
    GPUKIT_HDI static te_affine identity() { return te_affine{F::zero(), F::one()}; }
    GPUKIT_HDI bool is_identity() const { return x.is_zero() && y == F::one(); }
    GPUKIT_HDI te_affine neg() const { return te_affine{x.neg(), y}; }
    // a·x² + y² = 1 + d·x²·y² (the identity satisfies it).
    GPUKIT_HDI bool on_curve() const {
        F xx = x.sqr(), yy = y.sqr();
        return times_a(xx) + yy == F::one() + coeff_d() * xx * yy;
    }
};

// Whether A is a twisted Edwards affine point type (sw.cuh's is_sw_affine).
template <class A>
struct is_te_affine : std::false_type {};
template <class F, class C>
struct is_te_affine<te_affine<F, C>> : std::true_type {};

// An affine point with k = d·x·y kept beside it: the entries of fixed-base
// tables (fixed_base_tables.cuh), each added many times, pay for k once
// when the table is built instead of two multiplications (x·y, then d) in
// every addition. 96 bytes on a 256-bit field instead of 64.
template <class F, class C>
struct te_precomputed {
    using affine_t = te_affine<F, C>;
    F x, y, k;

    GPUKIT_HDI static te_precomputed from_affine(const affine_t& p) {
        return te_precomputed{p.x, p.y, affine_t::coeff_d() * (p.x * p.y)};
    }
    GPUKIT_HDI te_precomputed neg() const { return te_precomputed{x.neg(), y, k.neg()}; }  // d·(-x)·y = -k
};

// An affine point of a curve with a = -1 as (y - x, y + x, 2d·x·y): the
// entries of a short Weierstrass curve's resident bases in its twisted
// Edwards model (edwards_model.cuh), added by madd-2008-hwcd-3 in 7
// multiplications, against 8 with te_precomputed and XYZZ's 10. 144 bytes
// on a 384-bit field.
template <class F, class C>
struct te_cached {
    using affine_t = te_affine<F, C>;
    F y_minus_x, y_plus_x, k;

    GPUKIT_HDI static te_cached from_affine(const affine_t& p) {
        return te_cached{p.y - p.x, p.y + p.x, (affine_t::coeff_d() * (p.x * p.y)).dbl()};
    }
    // (0, 1): (1, 1, 0).
    GPUKIT_HDI static te_cached identity() { return te_cached{F::one(), F::one(), F::zero()}; }
    // -(x, y) = (-x, y) swaps y - x and y + x and negates 2d·x·y.
    GPUKIT_HDI te_cached neg() const { return te_cached{y_plus_x, y_minus_x, k.neg()}; }
};

template <class F, class C>
struct te_extended {
    using affine_t = te_affine<F, C>;
    using field_t = F;
    F x, y, t, z;

    GPUKIT_HDI static te_extended identity() { return te_extended{F::zero(), F::one(), F::zero(), F::one()}; }
    // (0 : Z : 0 : Z) for any Z != 0.
    GPUKIT_HDI bool is_identity() const { return x.is_zero() && y == z; }
    GPUKIT_HDI static te_extended from_affine(const affine_t& p) {
        return te_extended{p.x, p.y, p.x * p.y, F::one()};
    }
    GPUKIT_HDI te_extended neg() const { return te_extended{x.neg(), y, t.neg(), z}; }

    // madd-2008-hwcd with T2·d given (te_precomputed): 8M and a·A by
    // additions. The same unified formula as add_affine, so the identity
    // (0, 1, 0) and P + (-P) need no branch.
    GPUKIT_HD te_extended add_affine(const te_precomputed<F, C>& q) const {
        F a = x * q.x;                               // A = X1·X2
        F b = y * q.y;                               // B = Y1·Y2
        F c = t * q.k;                               // C = T1·d·T2, d·T2 = k2
        const F& d = z;                              // D = Z1 (Z2 = 1)
        F e = (x + y) * (q.x + q.y) - a - b;         // E = (X1+Y1)·(X2+Y2) - A - B
        F f = d - c;                                 // F = D - C
        F g = d + c;                                 // G = D + C
        F h = b - affine_t::times_a(a);              // H = B - a·A
        return te_extended{e * f, g * h, e * h, f * g};  // X3 = E·F, Y3 = G·H, T3 = E·H, Z3 = F·G
    }

    // madd-2008-hwcd-3 (a = -1), Z2 = 1: 7M. Unified like add_affine.
    GPUKIT_HD te_extended add_affine(const te_cached<F, C>& q) const {
        static_assert(small_coeff_a<C>::known && small_coeff_a<C>::value == -1, "madd-2008-hwcd-3 needs a = -1");
        F a = (y - x) * q.y_minus_x;                 // A = (Y1-X1)·(Y2-X2)
        F b = (y + x) * q.y_plus_x;                  // B = (Y1+X1)·(Y2+X2)
        F c = t * q.k;                               // C = T1·2d·T2
        F d = z.dbl();                               // D = 2·Z1
        F e = b - a;                                 // E = B - A
        F f = d - c;                                 // F = D - C
        F g = d + c;                                 // G = D + C
        F h = b + a;                                 // H = B + A
        return te_extended{e * f, g * h, e * h, f * g};  // X3 = E·F, Y3 = G·H, T3 = E·H, Z3 = F·G
    }

    // add-2008-hwcd: 9M + the multiplications by the constants a and d.
    GPUKIT_HD te_extended add(const te_extended& q) const {
        F a = x * q.x;                               // A = X1·X2
        F b = y * q.y;                               // B = Y1·Y2
        F c = t * affine_t::coeff_d() * q.t;         // C = T1·d·T2
        F d = z * q.z;                               // D = Z1·Z2
        F e = (x + y) * (q.x + q.y) - a - b;         // E = (X1+Y1)·(X2+Y2) - A - B
        F f = d - c;                                 // F = D - C
        F g = d + c;                                 // G = D + C
        F h = b - affine_t::times_a(a);              // H = B - a·A
        return te_extended{e * f, g * h, e * h, f * g};  // X3 = E·F, Y3 = G·H, T3 = E·H, Z3 = F·G
    }

    // madd-2008-hwcd: Z2 = 1; the affine point carries no T, so d·T2 =
    // d·x2·y2 costs two more multiplications than the precomputed form.
    GPUKIT_HD te_extended add_affine(const affine_t& q) const {
        return add_affine(te_precomputed<F, C>::from_affine(q));
    }

    // dbl-2008-hwcd: 4M + 4S + the multiplication by a; T1 is not read.
    GPUKIT_HD te_extended dbl() const {
        F a = x.sqr();                               // A = X1²
        F b = y.sqr();                               // B = Y1²
        F c = z.sqr().dbl();                         // C = 2·Z1²
        F d = affine_t::times_a(a);                  // D = a·A
        F e = (x + y).sqr() - a - b;                 // E = (X1+Y1)² - A - B
        F g = d + b;                                 // G = D + B
        F f = g - c;                                 // F = G - C
        F h = d - b;                                 // H = D - B
        return te_extended{e * f, g * h, e * h, f * g};  // X3 = E·F, Y3 = G·H, T3 = E·H, Z3 = F·G
    }

    // x = X/Z, y = Y/Z (Z != 0 on every reachable point).
    GPUKIT_HD_COLD affine_t to_affine() const { return to_affine_given(denominator().inverse()); }

    // The value whose inverse to_affine_given takes, so that many points
    // can share one inversion (Montgomery's trick).
    GPUKIT_HDI F denominator() const { return z; }
    GPUKIT_HDI affine_t to_affine_given(const F& zi) const { return affine_t{x * zi, y * zi}; }
};

}  // namespace gpukit
