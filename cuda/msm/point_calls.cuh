// Full additions and doublings outside the hot loop (partial sums, the bucket
// reduction, the window combination) go through one out-of-line copy per
// curve. Inlining the formula into every cold kernel multiplied ptxas time
// (minutes per curve for Fp2 points) for no measurable gain: these kernels
// do a small fraction of the MSM's additions.
#pragma once
#include <cstdint>
#include <cstring>

namespace gpukit {

template <class P>
__device__ __noinline__ P add_points(const P& a, const P& b) {
    return a.add(b);
}

template <class P>
__device__ __noinline__ P double_point(const P& a) {
    return a.dbl();
}

// Lane 0 gets the sum of the 32 lanes' points (5 shuffle rounds, word by word).
// Every lane of the warp must call it.
template <class bucket_t>
__device__ bucket_t warp_sum(bucket_t acc) {
    constexpr int WORDS = sizeof(bucket_t) / sizeof(uint32_t);
    for (int offset = 16; offset > 0; offset >>= 1) {
        uint32_t words[WORDS];
        memcpy(words, &acc, sizeof acc);
        for (int k = 0; k < WORDS; k++) words[k] = __shfl_down_sync(0xffffffffu, words[k], offset);
        bucket_t other;
        memcpy(&other, words, sizeof other);
        if ((threadIdx.x & 31) + offset < 32) acc = add_points(acc, other);
    }
    return acc;
}

}  // namespace gpukit
