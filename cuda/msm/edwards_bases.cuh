// Resident bases in a short Weierstrass curve's twisted Edwards model
// (ec/edwards_model.cuh): the shifted copies of shifted_bases.cuh, each
// written as the model's entries. The copies are built in short Weierstrass
// form one at a time in a buffer of two, so that beside the table (144-byte
// entries on BLS12-377, against 96) the build holds two copies' worth of
// points, not a whole second table.
#pragma once
#include <algorithm>

#include "../ec/edwards_model.cuh"
#include "../ec/wide_access.cuh"
#include "../ff/invert_together.cuh"
#include "../runtime/device_buffer.cuh"
#include "shifted_bases.cuh"

namespace gpukit {

// to[i] = the model's entry of from[i]. Thread t converts the points
// i = t + g·threads for g < group (strided, so that a warp reads
// neighbouring points) with one inversion (Montgomery's trick, 3 more
// multiplications a point), as shift_bases does: an inversion a point cost
// ~4 s of a 2^24-point BLS12-377 table's 12 copies on the H100
// (bench/NOTES.md, v23a).
template <class C>
__global__ void edwards_entries(const typename curve_traits<C>::affine_t* from,
                                typename edwards_map<C>::entry_t* to, uint32_t count, uint32_t threads,
                                uint32_t group) {
    using map = edwards_map<C>;
    using F = typename map::F;
    const uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= threads) return;
    const uint32_t mine = min(group, (count - t + threads - 1) / threads);
    const auto point = [&](uint32_t g) { return load_wide(from + t + size_t(g) * threads); };
    invert_together<SHIFT_GROUP, F>(
        mine, [&](uint32_t g) { return map::denominator(point(g)); },
        [&](uint32_t g, const F& own) { store_wide(to + t + size_t(g) * threads, map::entry_given(point(g), own)); });
}

template <class C>
void convert_to_edwards(const typename curve_traits<C>::affine_t* from, typename edwards_map<C>::entry_t* to,
                        uint32_t count, cudaStream_t stream) {
    constexpr uint32_t BLOCK = 64;
    const uint32_t group = shift_group(count);
    const uint32_t threads = (count + group - 1) / group;
    edwards_entries<C><<<blocks_for(threads, BLOCK), BLOCK, 0, stream>>>(from, to, count, threads, group);
    GPUKIT_LAUNCHED("edwards_entries");
}

// Fills `table` (copies · count entries, copy k of base i at
// table[k·count + i]) from the `count` decoded bases at the front of
// `scratch`, a buffer of 2·count short Weierstrass points that the build
// uses up.
template <class C>
void build_edwards_table(typename curve_traits<C>::affine_t* scratch, typename edwards_map<C>::entry_t* table,
                         uint32_t count, uint32_t copies, uint32_t c, cudaStream_t stream) {
    using affine_t = typename curve_traits<C>::affine_t;
    if (count == 0) return;
    convert_to_edwards<C>(scratch, table, count, stream);
    for (uint32_t k = 1; k < copies; k++) {
        // scratch[count + i] = 2^c·scratch[i], then it becomes the next source.
        precompute_shifts<C>(scratch, count, 2, c, stream);
        convert_to_edwards<C>(scratch + count, table + size_t(k) * count, count, stream);
        GPUKIT_CUDA(cudaMemcpyAsync(scratch, scratch + count, size_t(count) * sizeof(affine_t),
                                    cudaMemcpyDeviceToDevice, stream));
    }
    GPUKIT_CUDA(cudaStreamSynchronize(stream));
}

}  // namespace gpukit
