// Short Weierstrass points y² = x³ + b (a = 0 for every curve here: BN254,
// BLS12-381 G1/G2, BLS12-377, secp256k1). C supplies
// `static constexpr uint32_t B[F::WORDS]`, b as canonical words.
//
// Buckets are XYZZ ("extended Jacobian") points, x = X/ZZ, y = Y/ZZZ with
// ZZ³ = ZZZ²: a mixed addition costs 8M + 2S and needs no inversion.
// Formulas from the Explicit-Formulas Database (EFD),
// https://hyperelliptic.org/EFD/g1p/auto-shortw-xyzz.html (Bernstein-Lange,
// after Izu-Takagi): madd-2008-s, add-2008-s, dbl-2008-s-1, mdbl-2008-s-1.
// The formulas are not unified: P + P and P + (-P) divide by zero, so each
// addition tests U1 = U2 first and branches to doubling or the identity.
//
// dbl() and dbl_affine() are out of line on the device (GPUKIT_HD_COLD): the
// accumulation reaches them only through the rare P == Q branch, and the
// window combination calls dbl() a few hundred times per MSM.
//
// Every operation returns a new value and leaves its operands unchanged
// (like the field's sqr()/dbl()/neg()); write `acc = acc.add_affine(p)`.
#pragma once
#include <cstdint>
#include <type_traits>

#include "../ff/common.cuh"

namespace gpukit {

template <class F, class C>
struct sw_affine {
    F x, y;

    // b in Montgomery form, folded at compile time.
    GPUKIT_HDI static F coeff_b() {
        constexpr F b = F::constant(C::B);
        return b;
    }
    // (0, 0) stands for the point at infinity: it is never on a curve with
    // b != 0, and it is the all-zero wire encoding.
    GPUKIT_HDI static sw_affine identity() { return sw_affine{F::zero(), F::zero()}; }
    GPUKIT_HDI bool is_identity() const { return x.is_zero() && y.is_zero(); }
    GPUKIT_HDI sw_affine neg() const { return sw_affine{x, y.neg()}; }  // -(0,0) = (0,0)
    // y² = x³ + b, or the identity.
    GPUKIT_HDI bool on_curve() const {
        if (is_identity()) return true;
        return y.sqr() == x.sqr() * x + coeff_b();
    }
};

// Whether A is a short Weierstrass affine point type.
template <class A>
struct is_sw_affine : std::false_type {};
template <class F, class C>
struct is_sw_affine<sw_affine<F, C>> : std::true_type {};

template <class F, class C>
struct xyzz {
    using affine_t = sw_affine<F, C>;
    using field_t = F;
    F x, y, zz, zzz;

    // Any point with ZZ = 0 is the identity; this one is all zeros.
    GPUKIT_HDI static xyzz identity() { return xyzz{F::zero(), F::zero(), F::zero(), F::zero()}; }
    GPUKIT_HDI bool is_identity() const { return zz.is_zero(); }
    GPUKIT_HDI static xyzz from_affine(const affine_t& p) {
        if (p.is_identity()) return identity();
        return xyzz{p.x, p.y, F::one(), F::one()};
    }
    GPUKIT_HDI xyzz neg() const { return xyzz{x, y.neg(), zz, zzz}; }

    // dbl-2008-s-1 (a = 0). A point with Y = 0 (order 2) gives U = 0, hence
    // ZZ3 = 0: the identity, as it should; so does the identity itself (ZZ = 0).
    GPUKIT_HD_COLD xyzz dbl() const {
        F u = y.dbl();                 // U = 2·Y1
        F v = u.sqr();                 // V = U²
        F w = u * v;                   // W = U·V
        F s = x * v;                   // S = X1·V
        F xx = x.sqr();
        F m = xx.dbl() + xx;           // M = 3·X1² (+ a·ZZ1², a = 0)
        xyzz r;
        r.x = m.sqr() - s.dbl();       // X3 = M² - 2·S
        r.y = m * (s - r.x) - w * y;   // Y3 = M·(S - X3) - W·Y1
        r.zz = v * zz;                 // ZZ3 = V·ZZ1
        r.zzz = w * zzz;               // ZZZ3 = W·ZZZ1
        return r;
    }

    // mdbl-2008-s-1 (a = 0): 2·q for an affine q (ZZ1 = ZZZ1 = 1).
    GPUKIT_HD_COLD static xyzz dbl_affine(const affine_t& q) {
        if (q.is_identity()) return identity();
        F u = q.y.dbl();               // U = 2·Y1
        F v = u.sqr();                 // V = U²
        F w = u * v;                   // W = U·V
        F s = q.x * v;                 // S = X1·V
        F xx = q.x.sqr();
        F m = xx.dbl() + xx;           // M = 3·X1²
        xyzz r;
        r.x = m.sqr() - s.dbl();       // X3 = M² - 2·S
        r.y = m * (s - r.x) - w * q.y; // Y3 = M·(S - X3) - W·Y1
        r.zz = v;                      // ZZ3 = V
        r.zzz = w;                     // ZZZ3 = W
        return r;
    }

    // madd-2008-s: this + q, q affine (ZZ2 = ZZZ2 = 1).
    GPUKIT_HD xyzz add_affine(const affine_t& q) const {
        if (q.is_identity()) return *this;
        if (is_identity()) return from_affine(q);
        F u2 = q.x * zz;               // U2 = X2·ZZ1
        F s2 = q.y * zzz;              // S2 = Y2·ZZZ1
        F p = u2 - x;                  // P = U2 - X1
        F r = s2 - y;                  // R = S2 - Y1
        if (p.is_zero()) {             // same x: q = this or q = -this
            return r.is_zero() ? dbl_affine(q) : identity();
        }
        F pp = p.sqr();                // PP = P²
        F ppp = p * pp;                // PPP = P·PP
        F q1 = x * pp;                 // Q = X1·PP
        xyzz o;
        o.x = r.sqr() - ppp - q1.dbl();    // X3 = R² - PPP - 2·Q
        o.y = r * (q1 - o.x) - y * ppp;    // Y3 = R·(Q - X3) - Y1·PPP
        o.zz = zz * pp;                    // ZZ3 = ZZ1·PP
        o.zzz = zzz * ppp;                 // ZZZ3 = ZZZ1·PPP
        return o;
    }

    // add-2008-s: this + q, both XYZZ.
    GPUKIT_HD xyzz add(const xyzz& q) const {
        if (q.is_identity()) return *this;
        if (is_identity()) return q;
        F u1 = x * q.zz;               // U1 = X1·ZZ2
        F u2 = q.x * zz;               // U2 = X2·ZZ1
        F s1 = y * q.zzz;              // S1 = Y1·ZZZ2
        F s2 = q.y * zzz;              // S2 = Y2·ZZZ1
        F p = u2 - u1;                 // P = U2 - U1
        F r = s2 - s1;                 // R = S2 - S1
        if (p.is_zero()) {             // same x: q = this or q = -this
            return r.is_zero() ? dbl() : identity();
        }
        F pp = p.sqr();                // PP = P²
        F ppp = p * pp;                // PPP = P·PP
        F q1 = u1 * pp;                // Q = U1·PP
        xyzz o;
        o.x = r.sqr() - ppp - q1.dbl();    // X3 = R² - PPP - 2·Q
        o.y = r * (q1 - o.x) - s1 * ppp;   // Y3 = R·(Q - X3) - S1·PPP
        o.zz = zz * q.zz * pp;             // ZZ3 = ZZ1·ZZ2·PP
        o.zzz = zzz * q.zzz * ppp;         // ZZZ3 = ZZZ1·ZZZ2·PPP
        return o;
    }

    // x = X/ZZ, y = Y/ZZZ with one inversion: t = 1/(ZZ·ZZZ), then
    // 1/ZZ = t·ZZZ and 1/ZZZ = t·ZZ. The identity maps to (0, 0).
    GPUKIT_HD_COLD affine_t to_affine() const { return to_affine_given(denominator().inverse()); }

    // The value whose inverse to_affine_given takes, so that many points
    // can share one inversion (Montgomery's trick); 1 for the identity,
    // which must not zero the shared product.
    GPUKIT_HDI F denominator() const { return is_identity() ? F::one() : zz * zzz; }
    GPUKIT_HDI affine_t to_affine_given(const F& t) const {
        if (is_identity()) return affine_t::identity();
        return affine_t{x * (t * zzz), y * (t * zz)};
    }
};

// Whether B is an XYZZ point type.
template <class B>
struct is_xyzz : std::false_type {};
template <class F, class C>
struct is_xyzz<xyzz<F, C>> : std::true_type {};

}  // namespace gpukit
