// Full additions and doublings outside the hot loop (partial sums, the bucket
// reduction): inlined for points of up to INLINE_POINT_BYTES. They were all
// out of line while an inlined formula carried every field multiplication's
// code, which multiplied ptxas time and passed points through the stack; now
// that the multiplication itself is a call (mont_field.cuh), the formula is a
// few thousand instructions of glue and runs from registers. Wider points
// (Fp2 coordinates: 384-byte buckets) keep the call: two of them inlined with
// the formula's temporaries spill over 1 KB per thread.
#pragma once
#include <cstdint>
#include <cstring>

namespace gpukit {

constexpr size_t INLINE_POINT_BYTES = 256;

template <class P>
__device__ __noinline__ P add_points_call(const P& a, const P& b) {
    return a.add(b);
}

template <class P>
__device__ __forceinline__ P add_points(const P& a, const P& b) {
    if constexpr (sizeof(P) <= INLINE_POINT_BYTES) {
        return a.add(b);
    } else {
        return add_points_call(a, b);
    }
}

// Doublings are rare outside the exceptional P + P branch (the reduction's
// chunk offsets take ~log2(B) a chunk), so they stay a call (dbl() is out of line).
template <class P>
__device__ __forceinline__ P double_point(const P& a) {
    return a.dbl();
}

// The point of lane (this lane + offset), word by word; every lane of the
// warp must call it.
template <class bucket_t>
__device__ __forceinline__ bucket_t shuffle_down_point(const bucket_t& p, uint32_t offset) {
    constexpr int WORDS = sizeof(bucket_t) / sizeof(uint32_t);
    uint32_t words[WORDS];
    memcpy(words, &p, sizeof p);
    for (int k = 0; k < WORDS; k++) words[k] = __shfl_down_sync(0xffffffffu, words[k], offset);
    bucket_t other;
    memcpy(&other, words, sizeof other);
    return other;
}

// Lane 0 gets the sum of the first `lanes` lanes' points (a power of two up
// to 32: log2(lanes) shuffle rounds). Every lane of the warp must call it.
template <class bucket_t>
__device__ bucket_t warp_sum(bucket_t acc, uint32_t lanes = 32) {
    for (uint32_t offset = lanes / 2; offset > 0; offset >>= 1) {
        const bucket_t other = shuffle_down_point(acc, offset);
        if ((threadIdx.x & 31) + offset < 32) acc = add_points(acc, other);
    }
    return acc;
}

// Lane j < lanes gets the sum of lanes j..lanes-1's points (a power of two
// up to 32: log2(lanes) shuffle rounds). Every lane of the warp must call it.
template <class bucket_t>
__device__ bucket_t warp_suffix_sum(bucket_t acc, uint32_t lanes) {
    for (uint32_t offset = 1; offset < lanes; offset <<= 1) {
        const bucket_t other = shuffle_down_point(acc, offset);
        if ((threadIdx.x & 31) + offset < lanes) acc = add_points(acc, other);
    }
    return acc;
}

}  // namespace gpukit
