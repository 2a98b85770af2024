// Precomputed multiples of resident bases: copy k of a base P is
// 2^(k·c)·P, so that window w = s·copies + k of a scalar can add its digit
// times copy k into the bucket set s shared by `copies` windows
// (recode.cuh). One thread per base walks its copies: c doublings from the
// previous copy, then one inversion back to affine form, which the
// accumulation's mixed additions need.
#pragma once
#include "../curve_traits.cuh"
#include "device_buffer.cuh"
#include "point_calls.cuh"
#include "wide_access.cuh"

namespace gpukit {

// table[k·count + i] = 2^(k·c)·table[i] for k = 1..copies-1.
template <class C>
__global__ void shift_bases(typename curve_traits<C>::affine_t* table, uint32_t count, uint32_t copies, uint32_t c) {
    using affine_t = typename curve_traits<C>::affine_t;
    using bucket_t = typename curve_traits<C>::bucket_t;
    const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= count) return;
    affine_t p = load_wide(table + i);
    for (uint32_t k = 1; k < copies; k++) {
        bucket_t q = bucket_t::from_affine(p);
        for (uint32_t j = 0; j < c; j++) q = double_point(q);
        p = q.is_identity() ? affine_t::identity() : q.to_affine();
        store_wide(table + size_t(k) * count + i, p);
    }
}

// Fills copies 1..copies-1 of a table whose copy 0 holds `count` bases.
template <class C>
void precompute_shifts(typename curve_traits<C>::affine_t* table, uint32_t count, uint32_t copies, uint32_t c,
                       cudaStream_t stream) {
    if (copies < 2 || count == 0) return;
    constexpr uint32_t BLOCK = 64;
    shift_bases<C><<<blocks_for(count, BLOCK), BLOCK, 0, stream>>>(table, count, copies, c);
    GPUKIT_LAUNCHED("shift_bases");
    GPUKIT_CUDA(cudaStreamSynchronize(stream));
}

}  // namespace gpukit
