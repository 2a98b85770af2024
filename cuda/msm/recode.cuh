// Signed-digit recoding of the scalars and the (bucket, point) pairs that the
// sort orders.
//
// A window of c bits holds v in [0, 2^c) plus the carry from the window
// below. Digits above 2^(c-1) become v - 2^c with a carry into the next
// window, so every digit lies in [-2^(c-1)+1, 2^(c-1)] and a window needs only
// 2^(c-1) buckets (bucket |d|-1; the sign is applied to the point). With
// ceil((bits+1)/c) windows the top window always has v <= 2^(c-1) - 1 and so
// never carries out.
#pragma once
#include <cstdint>
#include "plan/shape.cuh"

namespace gpukit {

// The point index of a pair, with its sign in the top bit (n < 2^31).
constexpr uint32_t NEGATE_BIT = 0x80000000u;
// On the small path's split pairs (glv_msm.cuh recode_glv_halves): the
// pair's point is φ of the base at its index (n < 2^30).
constexpr uint32_t ENDO_BIT = 0x40000000u;

// A pair's key: the unit's index in the pass above the window's c low bits,
// and in those bits its bucket (below 2^(c-1)) or, for a zero digit,
// 2^(c-1). The sort orders the c low bits alone (bucket_sort.cuh): it is
// stable and the pairs come unit-major, so each unit's bucket stays one
// stretch (the units of a bucket side by side) and the zero digits go last,
// in fewer radix passes than sorting the unit's bits too (a batch of 512
// vectors at c = 13: 13 bits, two passes, instead of 22 and three).
struct pair_keys {
    using key_t = uint32_t;
    uint32_t c;
    GPUKIT_HD uint32_t key(uint32_t unit, uint32_t bucket) const { return (unit << c) | bucket; }
    GPUKIT_HD uint32_t skip(uint32_t unit) const { return (unit << c) | (1u << (c - 1)); }
    GPUKIT_HD bool is_skip(uint32_t key) const { return (key >> (c - 1)) & 1u; }
    // The pair's value: the copy's index in the bases, its sign in NEGATE_BIT.
    GPUKIT_HD uint32_t value(uint32_t copy_index, uint32_t, bool negative) const {
        return copy_index | (negative ? NEGATE_BIT : 0u);
    }
    // The bucket's index among the pass's buckets, unit·2^(c-1) + bucket,
    // where its sum and its end are kept.
    GPUKIT_HD uint32_t bucket_index(uint32_t key) const {
        return ((key >> c) << (c - 1)) | (key & ((1u << (c - 1)) - 1));
    }
    GPUKIT_HD uint32_t bucket_index(uint32_t key, uint32_t) const { return bucket_index(key); }
    // The value as the accumulation reads it: the copy's index and sign.
    GPUKIT_HD uint32_t point_value(uint32_t value) const { return value; }
    // The key of bucket index g (the inverse of bucket_index).
    GPUKIT_HD uint32_t key_of_index(uint32_t g) const {
        return key(g >> (c - 1), g & ((1u << (c - 1)) - 1));
    }
};

// The same order with 16-bit keys (c <= 16, narrow_keys_fit): the key is the
// bucket or the skip alone, and the unit rides in the value, in the bits
// from unit_shift up to NEGATE_BIT, above the copy's index. The sort moves
// 2 bytes a pair less in each of its passes and its histogram reads half
// the bytes (a batch at c = 13: ~26 bytes a pair instead of ~36; measured,
// the PLONK-like batch's sort 11.5 → 10.8 ms, 9.3 with bucket_sort.cuh's
// 32-bit count, and its recode 2.5 → 2.2; bench/NOTES.md v26); the lane
// layout takes the unit out of the value again (lane_layout.cuh), so only a
// batch-affine group takes them.
struct narrow_pair_keys {
    using key_t = uint16_t;
    uint32_t c, unit_shift;
    GPUKIT_HD uint16_t key(uint32_t, uint32_t bucket) const { return uint16_t(bucket); }
    GPUKIT_HD uint16_t skip(uint32_t) const { return uint16_t(1u << (c - 1)); }
    GPUKIT_HD bool is_skip(uint32_t key) const { return (key >> (c - 1)) & 1u; }
    GPUKIT_HD uint32_t value(uint32_t copy_index, uint32_t unit, bool negative) const {
        return copy_index | (unit << unit_shift) | (negative ? NEGATE_BIT : 0u);
    }
    GPUKIT_HD uint32_t bucket_index(uint32_t key, uint32_t value) const {
        return (((value & ~NEGATE_BIT) >> unit_shift) << (c - 1)) | (key & ((1u << (c - 1)) - 1));
    }
    GPUKIT_HD uint32_t point_value(uint32_t value) const {
        return value & (NEGATE_BIT | ((1u << unit_shift) - 1));
    }
};

// Bits [pos, pos + c) of a 256-bit little-endian scalar; bits past 256 are 0.
__device__ __forceinline__ uint32_t scalar_bits_at(const uint32_t* s, uint32_t pos, uint32_t c) {
    uint32_t word = pos >> 5, shift = pos & 31;
    uint64_t lo = word < 8 ? s[word] : 0;
    uint64_t hi = word + 1 < 8 ? s[word + 1] : 0;
    // c <= 24 and shift <= 31, so the window fits in the 64-bit pair.
    return uint32_t(((hi << 32) | lo) >> shift) & ((1u << c) - 1);
}

// Writes the pairs of units [first, first + group) for every scalar of the
// vectors they touch, in `format`: key = the key of the unit in the pass
// and the bucket, or its skip key (sorted past every bucket, then ignored)
// for a zero digit; value = the copy's index in the bases with the sign in
// NEGATE_BIT (and, in narrow keys, the unit).
// One thread per (vector, scalar), walking every window for the carries.
// The layout is unit-major, then copy, then point, so that a warp's stores
// are contiguous.
template <uint32_t SCALAR_BITS, class F>
__global__ void recode_scalars(const uint32_t* scalars, msm_shape shape, uint32_t first, uint32_t group, F format,
                               typename F::key_t* keys, uint32_t* values) {
    const size_t id = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    const uint32_t sets = shape.sets(SCALAR_BITS), first_vector = first / sets;
    const uint32_t i = uint32_t(id % shape.n), v = first_vector + uint32_t(id / shape.n);
    if (v >= shape.batch || size_t(v) * sets >= size_t(first) + group) return;
    const uint32_t* s = scalars + (size_t(v) * shape.n + i) * 8;
    const uint32_t c = shape.c, half = 1u << (c - 1);
    uint32_t carry = 0;
    // Windows past the top one (a last set with fewer than `copies`) read
    // zero bits, since scalars < 2^SCALAR_BITS, and write skipped slots.
    for (uint32_t w = 0; w < sets * shape.copies; w++) {
        const uint32_t raw = scalar_bits_at(s, w * c, c) + carry;
        const bool negative = raw > half;
        carry = negative;
        const uint32_t magnitude = negative ? (1u << c) - raw : raw;
        const uint32_t u = v * sets + w / shape.copies, k = w % shape.copies;
        if (u < first || u >= first + group) continue;
        const size_t at = (size_t(u - first) * shape.copies + k) * shape.n + i;
        keys[at] = magnitude == 0 ? format.skip(u - first) : format.key(u - first, magnitude - 1);
        values[at] = format.value(k * shape.stride + i, u - first, negative);
    }
}

}  // namespace gpukit
