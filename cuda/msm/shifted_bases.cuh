// Precomputed multiples of resident bases: copy k of a base P is
// 2^(k·c)·P, so that window w = s·copies + k of a scalar can add its digit
// times copy k into the bucket set s shared by `copies` windows
// (recode.cuh). Each copy is c doublings of the previous one, then a
// conversion back to affine form, which the accumulation's mixed additions
// need. The conversion's inversion (Fermat: ~1.5·log2 p multiplications)
// cost more than the c doublings, so a thread converts a group of up to
// SHIFT_GROUP bases with one inversion (Montgomery's trick: 3 more
// multiplications each).
#pragma once
#include <algorithm>

#include "../curve_traits.cuh"
#include "../ec/point_calls.cuh"
#include "../ec/wide_access.cuh"
#include "../ff/invert_together.cuh"
#include "../runtime/device_buffer.cuh"
#include "../runtime/occupancy.cuh"

namespace gpukit {

// Bases per inversion: 16 brings its share to ~1/16 of an inversion per base
// (below the doublings' cost for every c ≥ 4), while the group's points stay
// a few KB of local memory per thread.
constexpr uint32_t SHIFT_GROUP = 16;

// Bases per thread for `count` of them: grouped only once every SM has 512
// threads to run, so that small tables (a fixed-base basis of 256 points)
// keep one base per thread, for latency.
inline uint32_t shift_group(uint32_t count) {
    const uint32_t wide = multiprocessors() * 512;
    return std::min(SHIFT_GROUP, std::max<uint32_t>(1, count / wide));
}

// table[k·count + i] = 2^(k·c)·table[i] for k = 1..copies-1. Thread t takes
// the bases i = t + g·threads for g < group (strided, so that a warp reads
// neighbouring bases).
template <class C>
__global__ void shift_bases(typename curve_traits<C>::affine_t* table, uint32_t count, uint32_t copies, uint32_t c,
                            uint32_t threads, uint32_t group) {
    using affine_t = typename curve_traits<C>::affine_t;
    using bucket_t = typename curve_traits<C>::bucket_t;
    using field_t = typename bucket_t::field_t;
    const uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= threads) return;
    const uint32_t mine = min(group, (count - t + threads - 1) / threads);
    bucket_t points[SHIFT_GROUP];
    for (uint32_t k = 1; k < copies; k++) {
        const affine_t* from = table + size_t(k - 1) * count;
        affine_t* to = table + size_t(k) * count;
        for (uint32_t g = 0; g < mine; g++) {
            bucket_t q = bucket_t::from_affine(load_wide(from + t + size_t(g) * threads));
            for (uint32_t j = 0; j < c; j++) q = double_point(q);
            points[g] = q;
        }
        // denominator() is 1 for the identity, so every value is invertible.
        invert_together<SHIFT_GROUP, field_t>(
            mine, [&](uint32_t g) { return points[g].denominator(); },
            [&](uint32_t g, const field_t& own) {
                store_wide(to + t + size_t(g) * threads, points[g].to_affine_given(own));
            });
    }
}

// Fills copies 1..copies-1 of a table whose copy 0 holds `count` bases.
template <class C>
void precompute_shifts(typename curve_traits<C>::affine_t* table, uint32_t count, uint32_t copies, uint32_t c,
                       cudaStream_t stream) {
    if (copies < 2 || count == 0) return;
    constexpr uint32_t BLOCK = 64;
    const uint32_t group = shift_group(count);
    const uint32_t threads = (count + group - 1) / group;
    shift_bases<C><<<blocks_for(threads, BLOCK), BLOCK, 0, stream>>>(table, count, copies, c, threads, group);
    GPUKIT_LAUNCHED("shift_bases");
    GPUKIT_CUDA(cudaStreamSynchronize(stream));
}

}  // namespace gpukit
