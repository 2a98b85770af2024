// Wire format to device form, in place: each affine point arrives as its
// canonical (or Montgomery) coordinate words and leaves in Montgomery form;
// each scalar leaves as its canonical integer.
// The checks of the validation level run here, in parallel, so that a GPU
// call never pays a host pass over its points.
#pragma once
#include "../curve_traits.cuh"
#include "../ec/subgroup.cuh"
#include "../ff/mont_field.cuh"
#include "compressed.cuh"
#include "point_check.cuh"
#include "point_layout.cuh"
#include "scalar_layout.cuh"
#include <cstdint>

namespace gpukit {

// Indices of the first offending input, or UINT32_MAX when there is none.
struct decode_report {
    uint32_t first_non_canonical;
    uint32_t first_off_curve;
    uint32_t first_bad_scalar;
    // Compressed points (compressed.cuh): a record the format rejects, an
    // x with no point where the format calls that "not on the curve"; and
    // a point outside the subgroup where the format checks it (Banderwagon)
    // or the call asks for CHECK_SUBGROUP (any records).
    uint32_t first_bad_encoding;
    uint32_t first_no_point;
    uint32_t first_not_in_subgroup;
};

// Point i of `src` (records as `layout` says) to dst[i] in Montgomery form;
// offending indices (numbered from `first`) go to `report`. Coordinates are
// always checked canonical (< p), at every validation level, as the host
// decoder does: that costs two comparisons, and it lets a TRUSTED call skip
// any host pass. `check_on_curve` adds the curve equation, and SUBGROUP
// (with it) the prime-order subgroup check of a point on the curve: each
// point's first fault only, in the host decoder's order. A non-canonical
// point leaves the identity, so that later kernels read defined values.
// In place when src is dst and the records are wire points: each thread
// reads its point whole before it writes it.
template <class C, bool SUBGROUP>
__global__ void decode_points(const uint8_t* src, point_layout layout, typename curve_traits<C>::affine_t* dst,
                              uint32_t n, uint32_t first, bool check_on_curve, decode_report* report) {
    using field_t = typename curve_traits<C>::field_t;
    using affine_t = typename curve_traits<C>::affine_t;
    constexpr uint32_t W = field_t::WORDS;
    static_assert(sizeof(affine_t) == 2 * W * sizeof(uint32_t), "affine point must match the wire layout");

    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const uint8_t* record = src + size_t(i) * layout.stride;
    if (layout.has_flag() && record[layout.flag]) {
        dst[i] = affine_t::identity();
        return;
    }
    // Records are at least 4-byte aligned: wire points are packed words,
    // arkworks' structs are aligned to their 8-byte limbs.
    const uint32_t* words = reinterpret_cast<const uint32_t*>(record);
    uint32_t xw[W], yw[W];
    for (uint32_t k = 0; k < W; k++) {
        xw[k] = words[k];
        yw[k] = words[W + k];
    }
    if (!(field_t::is_canonical(xw) && field_t::is_canonical(yw))) {
        atomicMin(&report->first_non_canonical, first + i);
        dst[i] = affine_t::identity();
        return;
    }
    affine_t p;
    p.x = layout.montgomery ? field_t::from_montgomery(xw) : field_t::from_canonical(xw);
    p.y = layout.montgomery ? field_t::from_montgomery(yw) : field_t::from_canonical(yw);
    if (check_on_curve && !p.is_identity()) {
        if (!p.on_curve()) {
            atomicMin(&report->first_off_curve, first + i);
        } else if constexpr (SUBGROUP) {
            if (!in_prime_order_subgroup<C>(p)) atomicMin(&report->first_not_in_subgroup, first + i);
        }
    }
    dst[i] = p;
}

// Compressed record i of `records` (RECORD_BYTES each, packed) to dst[i] in
// Montgomery form; a record that fails goes to `report` (numbered from
// `first`) and leaves the identity, so that work enqueued before the report
// is read stays well defined. `check` runs the format's own point checks
// (decompressor::decode), and SUBGROUP (with it) the prime-order subgroup
// check of each point decoded. Records are read a byte at a time: SEC1's
// are 33 bytes, so no wider access is aligned.
template <class C, uint32_t FORMAT, bool SUBGROUP>
__global__ void decompress_points(const uint8_t* records, typename curve_traits<C>::affine_t* dst, uint32_t n,
                                  uint32_t first, bool check, decode_report* report) {
    using D = decompressor<C, FORMAT>;
    const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint8_t rec[D::RECORD_BYTES];
    const uint8_t* src = records + size_t(i) * D::RECORD_BYTES;
    for (uint32_t k = 0; k < D::RECORD_BYTES; ++k) rec[k] = src[k];
    typename curve_traits<C>::affine_t p;
    decompress_status s = D::decode(rec, check, &p);
    if constexpr (SUBGROUP) {
        if (s == DECOMPRESS_OK && !p.is_identity() && !in_prime_order_subgroup<C>(p)) {
            s = DECOMPRESS_NOT_IN_SUBGROUP;
            p = decltype(p)::identity();
        }
    }
    if (s == DECOMPRESS_BAD_ENCODING) atomicMin(&report->first_bad_encoding, first + i);
    if (s == DECOMPRESS_NO_POINT) atomicMin(&report->first_no_point, first + i);
    if (s == DECOMPRESS_NOT_IN_SUBGROUP) atomicMin(&report->first_not_in_subgroup, first + i);
    dst[i] = p;
}

// The scalar field of curve C, for the one operation scalars need on the
// device: Montgomery limbs (arkworks' in-memory layout) to the canonical
// integer. Its modulus is the curve's r; every constant is derived from it.
template <class C>
struct scalar_field_params {
    static constexpr uint32_t MODULUS[8] = {
        curve_traits<C>::SCALAR_MODULUS[0], curve_traits<C>::SCALAR_MODULUS[1], curve_traits<C>::SCALAR_MODULUS[2],
        curve_traits<C>::SCALAR_MODULUS[3], curve_traits<C>::SCALAR_MODULUS[4], curve_traits<C>::SCALAR_MODULUS[5],
        curve_traits<C>::SCALAR_MODULUS[6], curve_traits<C>::SCALAR_MODULUS[7],
    };
};

template <class C>
using scalar_field = mont_field<scalar_field_params<C>>;

// Scalars, canonical or in Montgomery form, in either byte order, must be
// below r: they are never reduced silently. They leave as canonical
// little-endian integers: a big-endian one is reversed (word k of the
// integer is word 7 − k, its bytes swapped), a Montgomery one multiplied
// once in Fr, so that a typed call hands arkworks' scalars over as they lie
// in memory instead of converting 2^24 of them on the host.
template <class C>
__global__ void decode_scalars(uint32_t* scalars, uint32_t n, scalar_layout layout, decode_report* report) {
    using fr_t = scalar_field<C>;
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint4* s = reinterpret_cast<uint4*>(scalars + size_t(i) * 8);
    uint4 lo = s[0], hi = s[1];
    uint32_t w[8] = {lo.x, lo.y, lo.z, lo.w, hi.x, hi.y, hi.z, hi.w};
    if (layout.big_endian) {
        uint32_t r[8];
        for (uint32_t k = 0; k < 8; k++) r[k] = __byte_perm(w[7 - k], 0, 0x0123);
        for (uint32_t k = 0; k < 8; k++) w[k] = r[k];
    }
    if (!fr_t::is_canonical(w)) {
        atomicMin(&report->first_bad_scalar, i);
        // Zeroed: work enqueued before the report is read must stay in bounds.
        s[0] = s[1] = make_uint4(0, 0, 0, 0);
        return;
    }
    if (!layout.montgomery && !layout.big_endian) return;
    if (layout.montgomery) fr_t::from_montgomery(w).to_canonical(w);
    s[0] = make_uint4(w[0], w[1], w[2], w[3]);
    s[1] = make_uint4(w[4], w[5], w[6], w[7]);
}

}  // namespace gpukit
