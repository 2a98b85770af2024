// Compressed points decompressed where they are read (issue 16): one record
// in, an affine point in Montgomery form out, with the status the host
// codecs (src/formats/) give the same bytes. Host and device code alike,
// so that the check shim runs it under g++ against arkworks; the kernel
// that runs it over a call's points is decode.cuh's decompress_points.
//
// The formats, each as src/formats/ reads it (the README's "Point formats"):
//   ZCASH     x big-endian (BLS12-381 G1's 48 bytes; G2's 96, x = c1 || c0,
//             which read as one big-endian integer gives fp2's words, c0's
//             then c1's); byte 0's top bits: compressed (must be set),
//             infinity (then every other bit zero), sort (y is the larger
//             root); bad flags, x ≥ p (either coordinate of G2's) and an x
//             with no point: BAD_ENCODING.
//   SEC1      0x02 (even y) or 0x03 (odd y), then x big-endian; all zero
//             bytes: the identity; another prefix or x ≥ p: BAD_ENCODING, an
//             x with no point: NO_POINT.
//   X_ONLY    BIP340: x big-endian, the even y; zeros, faults as SEC1.
//   ARKWORKS  arkworks' compressed form (BN254 G1, BLS12-377 G1): x
//             little-endian; the last byte's bit 7 picks the larger y,
//             bit 6 the identity (both set: BAD_ENCODING; with bit 6, x is
//             read and must be < p, then ignored); x ≥ p and an x with no
//             point: BAD_ENCODING.
//   BANDERWAGON  the Banderwagon element's 32 bytes (Verkle spec, go-ipa):
//             x big-endian, y² = (1 − a·x²)/(1 − d·x²), the larger y (zero
//             bytes: (0, −1), a representative of the identity); x ≥ p:
//             BAD_ENCODING, an x with no point: NO_POINT, and where the
//             call checks points (any level but TRUSTED), 1 − a·x² not a
//             square: NOT_IN_SUBGROUP (the spec's subgroup check, which is
//             the decoder's own here: no other point check follows).
//   BANDERWAGON_UNCOMPRESSED  go-ipa's 64 bytes, x ‖ y big-endian, either
//             representative: x or y ≥ p: BAD_ENCODING; where the call
//             checks points, off the curve: NO_POINT (the host's
//             NOT_ON_CURVE), then 1 − a·x² not a square: NOT_IN_SUBGROUP,
//             as src/formats/banderwagon.rs read_uncompressed. No root, one
//             exponentiation (the Legendre symbol) when checked.
// "Larger" is y > (p − 1)/2 as canonical integers; in Fp2, arkworks' order:
// c1's, or c0's where c1 = 0 (sqrt_fp2.cuh). Which curve reads which
// format is the host's table (src/formats/codec.rs); a format applies here
// to a curve whose field and point type have its shape
// (`compressed_format::fits`), all derived from the modulus. Square roots
// are field_sqrt's (sqrt.cuh): one exponentiation where p ≡ 3 mod 4,
// Tonelli–Shanks where p ≡ 1 mod 4 (BLS12-377, Bandersnatch); in Fp2 two
// or three exponentiations in Fp (sqrt_fp2.cuh).
#pragma once
#include <cstdint>

#include "../curve_traits.cuh"
#include "../ec/edwards.cuh"
#include "../ec/sw.cuh"
#include "../ff/inverse_bgcd.cuh"
#include "../ff/mont_field.cuh"
#include "../ff/sqrt.cuh"
#include "../ff/sqrt_fp2.cuh"

namespace gpukit {

// The `point_format` of the entry points (src/gpu.rs `DeviceFormat`).
enum point_format : uint32_t {
    POINT_RECORDS = 0,  // wire points or arkworks' structs (point_layout.cuh)
    POINT_ZCASH = 1,
    POINT_SEC1 = 2,
    POINT_X_ONLY = 3,
    POINT_ARKWORKS = 4,
    POINT_BANDERWAGON = 5,
    POINT_BANDERWAGON_UNCOMPRESSED = 6,
};

enum decompress_status : uint32_t {
    DECOMPRESS_OK = 0,
    DECOMPRESS_BAD_ENCODING = 1,  // STATUS_BAD_ENCODING
    DECOMPRESS_NO_POINT = 2,      // STATUS_POINT_NOT_ON_CURVE: SEC1, x-only and Banderwagon's x without a point
    DECOMPRESS_NOT_IN_SUBGROUP = 3,  // STATUS_POINT_NOT_IN_SUBGROUP: Banderwagon's check, when asked
};

// Record size and whether FORMAT applies to curve C: the point type the
// format is for (short Weierstrass, or twisted Edwards for Banderwagon), a
// prime field (any odd p: field_sqrt has a root for each) or for ZCash
// also Fp2 (BLS12-381 G2; sqrt_fp2.cuh asserts the shape it needs), x of
// the format's width, and free top bits for the format's flags.
template <class C, uint32_t FORMAT>
struct compressed_format {
    using T = curve_traits<C>;
    using F = typename T::field_t;
    using Fp = typename prime_field_of<F>::type;

    // Bits of the prime field's top word that p leaves free (never set in
    // x < p): in Fp2, of each coordinate, the first of which holds ZCash's
    // flags.
    static constexpr uint32_t free_top_bits() {
        uint32_t top = Fp::MOD.w[Fp::N - 1], free = 0;
        while (free < 32 && !(top >> (31 - free) & 1u)) free++;
        return free;
    }
    static constexpr bool prime = is_prime_field<F>::value;
    static constexpr bool sw_any = is_sw_affine<typename T::affine_t>::value;  // over Fp or Fp2
    static constexpr bool sw = prime && sw_any;
    static constexpr bool te = prime && is_te_affine<typename T::affine_t>::value;
    static constexpr uint32_t X_BYTES = 4 * F::WORDS;
    // ZCash's x: one 48-byte coordinate, G1's, or two, G2's.
    static constexpr bool fits = FORMAT == POINT_ZCASH         ? sw_any && 4 * Fp::WORDS == 48 && free_top_bits() >= 3
                                 : FORMAT == POINT_SEC1        ? sw && X_BYTES == 32
                                 : FORMAT == POINT_X_ONLY      ? sw && X_BYTES == 32
                                 : FORMAT == POINT_ARKWORKS    ? sw && free_top_bits() >= 2
                                 : FORMAT == POINT_BANDERWAGON ? te && X_BYTES == 32
                                 : FORMAT == POINT_BANDERWAGON_UNCOMPRESSED ? te && X_BYTES == 32
                                                                            : false;
    static constexpr uint32_t RECORD_BYTES = FORMAT == POINT_SEC1                       ? X_BYTES + 1
                                             : FORMAT == POINT_BANDERWAGON_UNCOMPRESSED ? 2 * X_BYTES
                                                                                        : X_BYTES;
};

template <class C, uint32_t FORMAT>
struct decompressor {
    using T = curve_traits<C>;
    using F = typename T::field_t;
    using affine_t = typename T::affine_t;
    using roots = field_sqrt<F>;
    static constexpr uint32_t W = F::WORDS;
    static constexpr uint32_t X_BYTES = compressed_format<C, FORMAT>::X_BYTES;
    static constexpr uint32_t RECORD_BYTES = compressed_format<C, FORMAT>::RECORD_BYTES;
    static_assert(compressed_format<C, FORMAT>::fits, "the format does not apply to this curve");

    // Words of a big-endian / little-endian integer of X_BYTES bytes.
    GPUKIT_HDI static void read_be(const uint8_t* b, uint32_t* w) {
        for (uint32_t i = 0; i < W; ++i) {
            const uint8_t* q = b + X_BYTES - 4 * (i + 1);
            w[i] = uint32_t(q[0]) << 24 | uint32_t(q[1]) << 16 | uint32_t(q[2]) << 8 | q[3];
        }
    }
    GPUKIT_HDI static void read_le(const uint8_t* b, uint32_t* w) {
        for (uint32_t i = 0; i < W; ++i) {
            const uint8_t* q = b + 4 * i;
            w[i] = uint32_t(q[3]) << 24 | uint32_t(q[2]) << 16 | uint32_t(q[1]) << 8 | q[0];
        }
    }

    // The point with this x (canonical words) whose y is odd / the larger
    // root when `pick` is set (by LARGER), else even / the smaller. A
    // template argument, so that Fp2 (which has no parity) compiles only
    // the order it has. `no_point` is the status of an x with no point.
    template <bool LARGER>
    GPUKIT_HDI static decompress_status lift(const uint32_t* xw, bool pick, decompress_status no_point,
                                             affine_t* out) {
        static_assert(is_sw_affine<affine_t>::value, "y² = x³ + b");
        if (!F::is_canonical(xw)) return DECOMPRESS_BAD_ENCODING;
        const F x = F::from_canonical(xw);
        const F y2 = x.sqr() * x + affine_t::coeff_b();  // x³ + b (a = 0)
        F y;
        if (!roots::sqrt(y2, &y)) return no_point;
        // y = 0 is its own negation: either pick gives it.
        bool has;
        if constexpr (LARGER) {
            has = roots::is_larger(y);
        } else {
            has = roots::is_odd(y);
        }
        if (has != pick) y = y.neg();
        *out = affine_t{x, y};
        return DECOMPRESS_OK;
    }

    // Banderwagon's x (canonical words) to the representative with the
    // larger y, as src/formats/banderwagon.rs read_compressed: the curve
    // a·x² + y² = 1 + d·x²·y² gives y² = (1 − a·x²)/(1 − d·x²). d is not a
    // square, so the denominator never vanishes; one inversion per point
    // (the binary GCD: public inputs, several times Fermat's speed). The
    // subgroup check is the spec's: 1 − a·x² a non-zero square (then the
    // point is in 2E, and so is its other representative (−x, −y)).
    GPUKIT_HDI static decompress_status lift_banderwagon(const uint32_t* xw, bool check, affine_t* out) {
        static_assert(is_te_affine<affine_t>::value, "a twisted Edwards curve");
        if (!F::is_canonical(xw)) return DECOMPRESS_BAD_ENCODING;
        const F x = F::from_canonical(xw);
        const F xx = x.sqr();
        const F num = F::one() - affine_t::times_a(xx);     // 1 − a·x²
        const F den = F::one() - affine_t::coeff_d() * xx;  // 1 − d·x²
        F y;
        if (!roots::sqrt(num * inverse_bgcd(den), &y)) return DECOMPRESS_NO_POINT;
        if (!roots::is_larger(y)) y = y.neg();  // y = 0 stays 0, as on the host
        if (check && !roots::is_square(num)) return DECOMPRESS_NOT_IN_SUBGROUP;
        *out = affine_t{x, y};
        return DECOMPRESS_OK;
    }

    // go-ipa's x ‖ y as it is, either representative, with the checks of
    // src/formats/banderwagon.rs read_uncompressed when asked: on the
    // curve, then the spec's subgroup check (as lift_banderwagon's).
    GPUKIT_HDI static decompress_status read_banderwagon_pair(const uint8_t* rec, bool check, affine_t* out) {
        static_assert(is_te_affine<affine_t>::value, "a twisted Edwards curve");
        uint32_t xw[W], yw[W];
        read_be(rec, xw);
        read_be(rec + X_BYTES, yw);
        if (!F::is_canonical(xw) || !F::is_canonical(yw)) return DECOMPRESS_BAD_ENCODING;
        const affine_t p{F::from_canonical(xw), F::from_canonical(yw)};
        if (check) {
            if (!p.on_curve()) return DECOMPRESS_NO_POINT;
            if (!roots::is_square(F::one() - affine_t::times_a(p.x.sqr()))) return DECOMPRESS_NOT_IN_SUBGROUP;
        }
        *out = p;
        return DECOMPRESS_OK;
    }

    // One record to *out; *out is the identity where the status is not OK.
    // `check` asks for the point checks that are the format's own beyond
    // decompression (Banderwagon's subgroup check, and for its 64 bytes the
    // curve's equation); the other formats have none (a decompressed point
    // is on the curve) and ignore it.
    GPUKIT_HD static decompress_status decode(const uint8_t* rec, bool check, affine_t* out) {
        *out = affine_t::identity();
        [[maybe_unused]] uint32_t xw[W];  // the 64-byte form reads its own
        if constexpr (FORMAT == POINT_BANDERWAGON_UNCOMPRESSED) {
            return read_banderwagon_pair(rec, check, out);
        } else if constexpr (FORMAT == POINT_BANDERWAGON) {
            read_be(rec, xw);
            return lift_banderwagon(xw, check, out);
        } else if constexpr (FORMAT == POINT_ZCASH) {
            const bool compressed = rec[0] >> 7 & 1u, infinity = rec[0] >> 6 & 1u, sort = rec[0] >> 5 & 1u;
            if (!compressed || (sort && infinity)) return DECOMPRESS_BAD_ENCODING;
            uint8_t b[X_BYTES];
            for (uint32_t k = 0; k < X_BYTES; ++k) b[k] = rec[k];
            b[0] &= 0x1fu;
            read_be(b, xw);
            if (infinity) {
                uint32_t any = 0;
                for (uint32_t i = 0; i < W; ++i) any |= xw[i];
                return any ? DECOMPRESS_BAD_ENCODING : DECOMPRESS_OK;
            }
            return lift<true>(xw, sort, DECOMPRESS_BAD_ENCODING, out);
        } else if constexpr (FORMAT == POINT_SEC1 || FORMAT == POINT_X_ONLY) {
            uint32_t any = 0;
            for (uint32_t k = 0; k < RECORD_BYTES; ++k) any |= rec[k];
            if (!any) return DECOMPRESS_OK;
            const uint8_t* x = rec;
            bool odd = false;
            if constexpr (FORMAT == POINT_SEC1) {
                if (rec[0] != 0x02 && rec[0] != 0x03) return DECOMPRESS_BAD_ENCODING;
                odd = rec[0] == 0x03;
                x = rec + 1;
            }
            read_be(x, xw);
            return lift<false>(xw, odd, DECOMPRESS_NO_POINT, out);
        } else {
            const uint8_t last = rec[X_BYTES - 1];
            const bool larger = last >> 7 & 1u, infinity = last >> 6 & 1u;
            if (larger && infinity) return DECOMPRESS_BAD_ENCODING;
            read_le(rec, xw);
            xw[W - 1] &= 0x3fffffffu;
            if (infinity) return F::is_canonical(xw) ? DECOMPRESS_OK : DECOMPRESS_BAD_ENCODING;
            return lift<true>(xw, larger, DECOMPRESS_BAD_ENCODING, out);
        }
    }
};

}  // namespace gpukit
