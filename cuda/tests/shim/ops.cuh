// The operations that the tests run on one input each, written once for the
// host shim (host_shim.cpp, g++) and the device shim (device_shim.cu, one
// thread per input). All words are canonical (not Montgomery) except where
// an op says otherwise, so that Rust compares them with arkworks directly.
//
// Layouts, W = field_t::WORDS:
//   field ops  a, b, out: W words per element
//   point ops  a, b, out: 4·W words per element (POINT_STRIDE); an affine
//              point is x||y in the first 2·W words, a bucket point is its
//              four coordinates (xyzz: X, Y, ZZ, ZZZ; Edwards: X, Y, T, Z)
//   flags      out[0] of the element's slot is 1 or 0
#pragma once
#include <cstdint>

#include "../../../curves/all.cuh"
#include "../../driver/compressed.cuh"
#include "../../ec/subgroup.cuh"
#include "../../ff/inverse_bgcd.cuh"
#include "../../ff/sqrt.cuh"
#include "../../ff/sqrt_fp2.cuh"

namespace gpukit {
namespace check {

enum field_op : uint32_t {
    FP_ADD = 0,
    FP_SUB = 1,
    FP_MUL = 2,
    FP_SQR = 3,
    FP_DBL = 4,
    FP_NEG = 5,
    FP_INV = 6,
    FP_TO_MONT = 7,        // out = Montgomery words of a
    FP_FROM_MONT = 8,      // a is Montgomery words; out = canonical
    FP_IS_CANONICAL = 9,   // a is any words; flag a < p
    FP_EQ = 10,            // flag a == b
    FP_IS_ZERO = 11,       // flag a == 0
    FP_MUL_PORTABLE = 12,  // a·b by the 32-bit-limb CIOS (GPUKIT_PORTABLE_MUL's)
    FP_INV_BGCD = 13,      // a^{-1} by the binary GCD (inverse_bgcd.cuh); 0 for 0
    FP_SQRT = 14,          // a root of a (sqrt.cuh, sqrt_fp2.cuh), or all-ones words (not < p) for a non-square
    FP_IS_LARGER = 15,     // flag a > −a: a > (p − 1)/2, in Fp2 arkworks' order (c1 first)
    FP_IS_ODD = 16,        // flag a odd
    FP_IS_SQUARE = 17,     // flag a is a non-zero square (Euler's criterion, sqrt.cuh)
    FP_MUL_HOST_U128 = 18, // a·b by the host's 128-bit CIOS, not MULX/ADX (host only, prime fields)
    FP_OPS = 19,
};

enum point_op : uint32_t {
    PT_ADD_AFFINE = 0,     // a bucket, b affine: out affine (a + b)
    PT_ADD = 1,            // a, b buckets: out affine (a + b)
    PT_DBL = 2,            // a bucket: out affine (2a)
    PT_TO_AFFINE = 3,      // a bucket: out affine
    PT_NEG = 4,            // a affine: out affine (-a)
    PT_NEG_BUCKET = 5,     // a bucket: out affine (-a)
    PT_ON_CURVE = 6,       // a affine: flag
    PT_IS_IDENTITY = 7,    // a affine: flag
    PT_BUCKET_IS_IDENTITY = 8,  // a bucket: flag
    PT_IN_SUBGROUP = 9,    // a affine (on the curve): flag r·a = O; short Weierstrass curves only
    PT_OPS = 10,
    // Warp ops (device only): each warp takes 32 consecutive elements
    // (count a multiple of 32), the sums of cuda/ec/spread_sum.cuh.
    PT_WARP_SUM = 16,         // a buckets: out affine, the warp's 32 summed on lane 0, a elsewhere
    PT_WARP_SUFFIX_SUM = 17,  // a buckets: lane j < 16 out affine Σ_{j ≤ l < 16} a_l, a elsewhere
    PT_LANE_ADD = 18,         // a, b buckets: lanes 1..15 out affine a + b, a elsewhere
};

template <class F>
GPUKIT_HD F load(const uint32_t* w) {
    return F::from_canonical(w);
}

template <class C>
struct ops {
    using T = curve_traits<C>;
    using F = typename T::field_t;
    using A = typename T::affine_t;
    using B = typename T::bucket_t;
    static constexpr uint32_t W = F::WORDS;
    static constexpr uint32_t POINT_STRIDE = 4 * W;

    GPUKIT_HD static A load_affine(const uint32_t* w) { return A{load<F>(w), load<F>(w + W)}; }
    GPUKIT_HD static B load_bucket(const uint32_t* w) {
        return B{load<F>(w), load<F>(w + W), load<F>(w + 2 * W), load<F>(w + 3 * W)};
    }
    GPUKIT_HD static void store_affine(const A& p, uint32_t* out) {
        p.x.to_canonical(out);
        p.y.to_canonical(out + W);
    }

    // Returns false for an unknown op. Forced inline, so that a kernel built
    // for one constant op keeps only that case of the switch.
    GPUKIT_HDI static bool field(uint32_t op, const uint32_t* a, const uint32_t* b, uint32_t* out) {
        switch (op) {
            case FP_ADD: (load<F>(a) + load<F>(b)).to_canonical(out); return true;
            case FP_SUB: (load<F>(a) - load<F>(b)).to_canonical(out); return true;
            case FP_MUL: (load<F>(a) * load<F>(b)).to_canonical(out); return true;
            case FP_SQR: load<F>(a).sqr().to_canonical(out); return true;
            case FP_DBL: load<F>(a).dbl().to_canonical(out); return true;
            case FP_NEG: load<F>(a).neg().to_canonical(out); return true;
            case FP_INV: load<F>(a).inverse().to_canonical(out); return true;
            case FP_TO_MONT: {
                F x = load<F>(a);
                const uint32_t* raw = reinterpret_cast<const uint32_t*>(&x);
                for (uint32_t i = 0; i < W; ++i) out[i] = raw[i];
                return true;
            }
            case FP_FROM_MONT: F::from_montgomery(a).to_canonical(out); return true;
            case FP_IS_CANONICAL: out[0] = F::is_canonical(a); return true;
            case FP_EQ: out[0] = load<F>(a) == load<F>(b); return true;
            case FP_IS_ZERO: out[0] = load<F>(a).is_zero(); return true;
            case FP_MUL_PORTABLE:
                // Prime fields only (Fp2 multiplies through its base field's).
                if constexpr (F::WORDS == uint32_t(F::N)) {
                    F r;
                    F::mul_portable(r.v, load<F>(a).v, load<F>(b).v);
                    r.to_canonical(out);
                    return true;
                }
                return false;
            case FP_MUL_HOST_U128:
#if !defined(__CUDA_ARCH__)
                // Prime fields only, like FP_MUL_PORTABLE; FP_MUL takes
                // MULX/ADX where the CPU has them (mont_host_adx.cuh).
                if constexpr (F::WORDS == uint32_t(F::N)) {
                    F r;
                    F::mul_host64(r.v, load<F>(a).v, load<F>(b).v, false);
                    r.to_canonical(out);
                    return true;
                }
#endif
                return false;
            case FP_INV_BGCD:
                // Prime fields only, like FP_MUL_PORTABLE.
                if constexpr (F::WORDS == uint32_t(F::N)) {
                    inverse_bgcd(load<F>(a)).to_canonical(out);
                    return true;
                }
                return false;
            case FP_SQRT: {
                // field_sqrt picks a^((p+1)/4) or Tonelli–Shanks from p, and
                // in Fp2 the complex method (sqrt_fp2.cuh).
                F r;
                if (field_sqrt<F>::sqrt(load<F>(a), &r)) {
                    r.to_canonical(out);
                } else {
                    for (uint32_t i = 0; i < W; ++i) out[i] = 0xffffffffu;
                }
                return true;
            }
            case FP_IS_LARGER: out[0] = field_sqrt<F>::is_larger(load<F>(a)); return true;
            case FP_IS_ODD:
            case FP_IS_SQUARE:
                // Prime fields only (the decoders over Fp2 need neither).
                if constexpr (is_prime_field<F>::value) {
                    using S = field_sqrt<F>;
                    out[0] = op == FP_IS_ODD ? S::is_odd(load<F>(a)) : S::is_square(load<F>(a));
                    return true;
                }
                return false;
            default: return false;
        }
    }

    // Record bytes of FORMAT (compressed.cuh) for this curve; 0 where it does
    // not apply.
    GPUKIT_HD static constexpr uint32_t record_bytes(uint32_t format) {
        switch (format) {
            case POINT_ZCASH: return compressed_record<POINT_ZCASH>();
            case POINT_SEC1: return compressed_record<POINT_SEC1>();
            case POINT_X_ONLY: return compressed_record<POINT_X_ONLY>();
            case POINT_ARKWORKS: return compressed_record<POINT_ARKWORKS>();
            case POINT_BANDERWAGON: return compressed_record<POINT_BANDERWAGON>();
            case POINT_BANDERWAGON_UNCOMPRESSED: return compressed_record<POINT_BANDERWAGON_UNCOMPRESSED>();
            default: return 0;
        }
    }
    template <uint32_t FORMAT>
    GPUKIT_HD static constexpr uint32_t compressed_record() {
        if constexpr (compressed_format<C, FORMAT>::fits)
            return compressed_format<C, FORMAT>::RECORD_BYTES;
        else
            return 0;
    }

    // One compressed record: out gets the point x||y (canonical, 2·W words;
    // the identity as the affine type's: zeros, or (0, 1) on Edwards
    // curves), status its decompress_status; `check` as decode's.
    template <uint32_t FORMAT>
    GPUKIT_HD static void decompress(const uint8_t* rec, bool check, uint32_t* out, uint32_t* status) {
        if constexpr (compressed_format<C, FORMAT>::fits) {
            A p;
            *status = decompressor<C, FORMAT>::decode(rec, check, &p);
            store_affine(p, out);
        }
    }

    GPUKIT_HDI static bool point(uint32_t op, const uint32_t* a, const uint32_t* b, uint32_t* out) {
        switch (op) {
            case PT_ADD_AFFINE: store_affine(load_bucket(a).add_affine(load_affine(b)).to_affine(), out); return true;
            case PT_ADD: store_affine(load_bucket(a).add(load_bucket(b)).to_affine(), out); return true;
            case PT_DBL: store_affine(load_bucket(a).dbl().to_affine(), out); return true;
            case PT_TO_AFFINE: store_affine(load_bucket(a).to_affine(), out); return true;
            case PT_NEG: store_affine(load_affine(a).neg(), out); return true;
            case PT_NEG_BUCKET: store_affine(load_bucket(a).neg().to_affine(), out); return true;
            case PT_ON_CURVE: out[0] = load_affine(a).on_curve(); return true;
            case PT_IS_IDENTITY: out[0] = load_affine(a).is_identity(); return true;
            case PT_BUCKET_IS_IDENTITY: out[0] = load_bucket(a).is_identity(); return true;
            case PT_IN_SUBGROUP:
                if constexpr (has_subgroup_check<C>()) {
                    out[0] = in_prime_order_subgroup<C>(load_affine(a));
                    return true;
                }
                return false;
            default: return false;
        }
    }
};

}  // namespace check
}  // namespace gpukit
