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

namespace gpukit {

__host__ __device__ constexpr uint32_t window_count(uint32_t scalar_bits, uint32_t c) {
    return (scalar_bits + 1 + c - 1) / c;
}

__host__ __device__ constexpr uint32_t buckets_per_window(uint32_t c) { return 1u << (c - 1); }

// The point index of a pair, with its sign in the top bit (n < 2^31).
constexpr uint32_t NEGATE_BIT = 0x80000000u;

// Bits [pos, pos + c) of a 256-bit little-endian scalar; bits past 256 are 0.
__device__ __forceinline__ uint32_t scalar_bits_at(const uint32_t* s, uint32_t pos, uint32_t c) {
    uint32_t word = pos >> 5, shift = pos & 31;
    uint64_t lo = word < 8 ? s[word] : 0;
    uint64_t hi = word + 1 < 8 ? s[word + 1] : 0;
    // c <= 24 and shift <= 31, so the window fits in the 64-bit pair.
    return uint32_t(((hi << 32) | lo) >> shift) & ((1u << c) - 1);
}

// Writes the pairs of windows [first_window, first_window + group) for every
// scalar: key = window-in-group * 2^(c-1) + bucket, or `group * 2^(c-1)`
// (sorted past every bucket, then ignored) for a zero digit. The layout is
// window-major so that the stores of a warp are contiguous.
static __global__ void recode_scalars(const uint32_t* scalars, uint32_t n, uint32_t c, uint32_t first_window,
                               uint32_t group, uint32_t* keys, uint32_t* values) {
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const uint32_t* s = scalars + size_t(i) * 8;
    const uint32_t half = 1u << (c - 1), B = buckets_per_window(c);
    const uint32_t skip = group * B;
    uint32_t carry = 0;
    for (uint32_t w = 0; w < first_window + group; w++) {
        uint32_t v = scalar_bits_at(s, w * c, c) + carry;
        bool negative = v > half;
        carry = negative;
        uint32_t magnitude = negative ? (1u << c) - v : v;
        if (w < first_window) continue;
        size_t at = size_t(w - first_window) * n + i;
        keys[at] = magnitude == 0 ? skip : (w - first_window) * B + (magnitude - 1);
        values[at] = i | (negative ? NEGATE_BIT : 0u);
    }
}

}  // namespace gpukit
