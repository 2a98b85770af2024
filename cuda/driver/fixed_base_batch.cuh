// Batches of MSMs over one device's fixed-base table (fixed_base_msm.cuh),
// their scalars uploaded in parts that overlap the previous part's work.
#pragma once
#include <algorithm>
#include <vector>
#include "../msm/fixed_base_msm.cuh"
#include "../runtime/device_buffer.cuh"
#include "device_set.cuh"
#include "scalar_pipeline.cuh"

namespace gpukit {

// One device's share of the MSMs of `scalars` over its fixed-base table: the points
// [0, count) of its slice, which starts at point `offset` of each scalar
// vector. Returns one sum per vector.
template <class C>
std::vector<typename curve_traits<C>::bucket_t> fixed_base_batch(const typename curve_traits<C>::affine_t* table,
                                                               const fixed_base_layout& l,
                                                               const scalar_vectors& scalars, uint32_t count,
                                                               uint32_t offset, scalar_layout scalars_layout,
                                                               cudaStream_t stream) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    const uint32_t batch = scalars.batch;
    // A part's scalars take at most a sixteenth of the free memory: two
    // buffers of them, and the partial sums beside.
    const uint32_t chunk = uint32_t(std::max<size_t>(1, std::min<size_t>(work_budget() / 16 / 32, 1u << 26)));
    const std::vector<scalar_part> parts = plan_parts(count, chunk, batch, l.digit_bits, true, FIXED_BASE_RAMP);
    std::vector<device_buffer<bucket_t>> part_sums;
    run_scalar_parts<C>(parts, scalars, offset, scalars_layout, stream,
                        [&](size_t k, const uint32_t* part_scalars) {
                            const scalar_part& p = parts[k];
                            part_sums.emplace_back(p.vectors, stream);
                            enqueue_fixed_base<C>(table, l, part_scalars, p.first, p.count, p.vectors,
                                                  part_sums.back().get(), stream);
                        });
    vector_sums<bucket_t> sums(batch);
    for (size_t k = 0; k < parts.size(); k++) {
        std::vector<bucket_t> host(parts[k].vectors);
        GPUKIT_CUDA(cudaMemcpyAsync(host.data(), part_sums[k].get(), part_sums[k].bytes(), cudaMemcpyDeviceToHost,
                                    stream));
        GPUKIT_CUDA(cudaStreamSynchronize(stream));
        for (uint32_t j = 0; j < parts[k].vectors; j++) sums.add(parts[k].first_vector + j, host[j]);
    }
    return sums.take();
}

}  // namespace gpukit
