// A short Weierstrass curve's twisted Edwards model with a = -1, for curves
// whose traits name one (`edwards_model`, curves/<curve>.cuh): BLS12-377 G1,
// y² = x³ + 1. Its bases accumulate there in 7 multiplications a mixed
// addition (edwards.cuh, te_cached) instead of XYZZ's 10.
//
// The model is arkworks' (ark-bls12-377, g1.rs), reached through the
// Montgomery form at the 2-torsion point (-1, 0): with s = 1/√3,
// (u, v) = (s·(x + 1), s·y) lies on s·v² = u³ - 3s·u² + u, then
// (u/v, (u - 1)/(u + 1)) on a₁·X² + Y² = 1 + d₁·X²·Y², and x = t·X with
// t = √(-a₁) gives a = -1. So
//   to the model:   x_e = t·(x + 1)/y,  y_e = (s·(x + 1) - 1)/(s·(x + 1) + 1)
//   and back:       u = (1 + y_e)/(1 - y_e),  x = u/s - 1,  y = t·u/(s·x_e).
// The map is a group isomorphism away from the points where a denominator
// vanishes (y = 0, s·(x + 1) = -1; x_e = 0 or y_e = 1 on the way back): the
// identity, which maps to (0, 1) by definition, and points of order 2 or 4,
// none of them in the prime-order subgroup. d is a square, so the model's
// unified formulas are exact only there too (edwards.cuh): it serves only
// bases known to lie in the subgroup (checked by their upload, CHECK_SUBGROUP,
// or before it; cuda/driver/curve_entries_impl.cuh, edwards_bases).
#pragma once
#include <type_traits>

#include "../curve_traits.cuh"
#include "edwards.cuh"
#include "sw.cuh"

namespace gpukit {

// Whether curve C has a twisted Edwards model.
template <class C, class = void>
struct has_edwards_model : std::false_type {};
template <class C>
struct has_edwards_model<C, std::void_t<typename curve_traits<C>::edwards_model>> : std::true_type {};

template <class E>
struct cached_coeffs;
template <class F, class MC>
struct cached_coeffs<te_cached<F, MC>> {
    using type = MC;
};

template <class A>
struct sw_coeffs;
template <class F, class SC>
struct sw_coeffs<sw_affine<F, SC>> {
    using type = SC;
};

template <class C>
struct edwards_map {
    using sw_traits = curve_traits<C>;
    using model_traits = curve_traits<typename sw_traits::edwards_model>;
    using F = typename sw_traits::field_t;
    using sw_point = typename sw_traits::affine_t;
    using sw_bucket = typename sw_traits::bucket_t;
    using entry_t = typename model_traits::affine_t;
    using edwards_bucket = typename model_traits::bucket_t;
    using coeffs = typename cached_coeffs<entry_t>::type;

    // The map's base point (-1, 0) is the root of x³ + b for b = 1.
    GPUKIT_HD static constexpr bool b_is_one() {
        for (int i = 0; i < F::N; ++i)
            if (sw_coeffs<sw_point>::type::B[i] != (i == 0 ? 1u : 0u)) return false;
        return true;
    }
    static_assert(b_is_one(), "the map is written for y² = x³ + 1, whose 2-torsion point is (-1, 0)");

    GPUKIT_HDI static F map_s() {
        constexpr F s = F::constant(coeffs::MAP_S);
        return s;
    }
    GPUKIT_HDI static F map_t() {
        constexpr F t = F::constant(coeffs::MAP_T);
        return t;
    }

    // The one denominator of P's image, y·(s·(x + 1) + 1), so that many
    // points can share one inversion (Montgomery's trick); 1 for the
    // identity, whose image needs none.
    GPUKIT_HDI static F denominator(const sw_point& p) {
        if (p.is_identity()) return F::one();
        return p.y * (map_s() * (p.x + F::one()) + F::one());
    }

    // The model's entry of P given the inverse of its denominator (the
    // identity's is (0, 1)'s).
    GPUKIT_HD static entry_t entry_given(const sw_point& p, const F& inv) {
        if (p.is_identity()) return entry_t::identity();
        const F w = p.x + F::one();
        const F sw = map_s() * w;
        const F x = map_t() * w * (sw + F::one()) * inv;
        const F y = (sw - F::one()) * p.y * inv;
        return entry_t::from_affine(typename entry_t::affine_t{x, y});
    }

    GPUKIT_HD static entry_t entry(const sw_point& p) { return entry_given(p, denominator(p).inverse()); }

    // An extended point (X : Y : T : Z) of the model as an XYZZ point,
    // without an inversion: with m = s·(Z - Y) and λ = m·X,
    //   x = ((Z + Y) - m)/m = X_w/λ², X_w = ((Z + Y) - m)·m·X²
    //   y = t·(Z + Y)·Z/(m·X) = Y_w/λ³, Y_w = t·(Z + Y)·Z·m²·X²
    // and ZZ = λ², ZZZ = λ³. The identity (X = 0) gives λ = 0, ZZ = 0: XYZZ's
    // identity.
    GPUKIT_HD static sw_bucket to_weierstrass(const edwards_bucket& e) {
        const F m = map_s() * (e.z - e.y);
        const F zy = e.z + e.y;
        const F lambda = m * e.x;
        const F xx = e.x.sqr();
        const F ll = lambda.sqr();
        sw_bucket r;
        r.x = (zy - m) * m * xx;
        r.y = map_t() * zy * e.z * m.sqr() * xx;
        r.zz = ll;
        r.zzz = ll * lambda;
        return r;
    }
};

}  // namespace gpukit
