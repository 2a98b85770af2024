// 128-bit loads and stores of points. Field elements are arrays of uint32_t,
// so the compiler only knows 4-byte alignment and moves a BN254 affine point
// with 16 separate 32-bit loads; in the accumulation every one of them is a
// scattered gather that occupies the load/store unit for a full warp's worth
// of cache lines. Every point type is a multiple of 16 bytes and every array
// of them comes from the device allocator (256-byte aligned), so each element
// is 16-byte aligned and four times fewer, wider accesses do.
#pragma once
#include <cstring>

namespace gpukit {

template <class T>
__device__ __forceinline__ T load_wide(const T* p) {
    static_assert(sizeof(T) % 16 == 0, "wide access needs a multiple of 16 bytes");
    constexpr int K = sizeof(T) / 16;
    const uint4* src = reinterpret_cast<const uint4*>(p);
    uint4 words[K];
#pragma unroll
    for (int k = 0; k < K; k++) words[k] = __ldg(src + k);
    T out;
    memcpy(&out, words, sizeof out);
    return out;
}

template <class T>
__device__ __forceinline__ void store_wide(T* p, const T& value) {
    static_assert(sizeof(T) % 16 == 0, "wide access needs a multiple of 16 bytes");
    constexpr int K = sizeof(T) / 16;
    uint4 words[K];
    memcpy(words, &value, sizeof value);
    uint4* dst = reinterpret_cast<uint4*>(p);
#pragma unroll
    for (int k = 0; k < K; k++) dst[k] = words[k];
}

}  // namespace gpukit
