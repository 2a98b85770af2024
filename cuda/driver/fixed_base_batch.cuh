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

// sums[v] += more[v] for v < count.
template <class C>
__global__ void add_vector_sums(typename curve_traits<C>::bucket_t* sums,
                                const typename curve_traits<C>::bucket_t* more, uint32_t count) {
    const uint32_t v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= count) return;
    store_wide(sums + v, add_points(load_wide(sums + v), load_wide(more + v)));
}

// One device's share of the MSMs of `scalars` over its fixed-base table: the
// points [0, count) of its slice, which starts at point `offset` of each
// scalar vector. Leaves one sum per vector in sums[0, batch) on `stream`,
// where they stay: a batch of 65,536 Verkle commitments read its 8 MiB of
// sums back part by part and sent them to the device again to be encoded,
// ~5 ms of pageable copies in a ~60 ms call (bench/NOTES.md v41a).
template <class C>
void enqueue_fixed_base_batch(const typename curve_traits<C>::affine_t* table, const fixed_base_layout& l,
                              const scalar_vectors& scalars, uint32_t count, uint32_t offset,
                              scalar_layout scalars_layout, typename curve_traits<C>::bucket_t* sums,
                              cudaStream_t stream) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    // A part's scalars take at most a sixteenth of the free memory: two
    // buffers of them, and the partial sums beside.
    const uint32_t chunk = uint32_t(std::max<size_t>(1, std::min<size_t>(work_budget() / 16 / 32, 1u << 26)));
    // A lone vector keeps the quarter lead it had before lone_lead_share,
    // whose model counts Pippenger pairs, not table lookups.
    const std::vector<scalar_part> parts =
        plan_parts(count, chunk, scalars.batch, l.digit_bits, true, FIXED_BASE_RAMP, LEAD_SHARE_MIN);
    run_scalar_parts<C>(parts, scalars, offset, scalars_layout, stream,
                        [&](size_t k, const uint32_t* part_scalars) {
                            const scalar_part& p = parts[k];
                            bucket_t* mine = sums + p.first_vector;
                            // plan_parts covers each vector's points in order, so
                            // the part that starts at point 0 is the first to
                            // reach its vectors: it writes their sums, and a
                            // later part of the same vectors adds to them.
                            const bool first = p.first == 0;
                            const device_buffer<bucket_t> more(first ? 0 : p.vectors, stream);
                            enqueue_fixed_base<C>(table, l, part_scalars, p.first, p.count, p.vectors,
                                                  first ? mine : more.get(), stream);
                            if (first) return;
                            add_vector_sums<C><<<blocks_for(p.vectors, 64), 64, 0, stream>>>(mine, more.get(),
                                                                                             p.vectors);
                            GPUKIT_LAUNCHED("add_vector_sums");
                        });
}

// enqueue_fixed_base_batch's sums read back: one per vector, after a wait
// (a call over several devices adds them on the host).
template <class C>
std::vector<typename curve_traits<C>::bucket_t> fixed_base_batch(const typename curve_traits<C>::affine_t* table,
                                                               const fixed_base_layout& l,
                                                               const scalar_vectors& scalars, uint32_t count,
                                                               uint32_t offset, scalar_layout scalars_layout,
                                                               cudaStream_t stream) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    const device_buffer<bucket_t> sums(scalars.batch, stream);
    enqueue_fixed_base_batch<C>(table, l, scalars, count, offset, scalars_layout, sums.get(), stream);
    std::vector<bucket_t> host(scalars.batch);
    GPUKIT_CUDA(cudaMemcpyAsync(host.data(), sums.get(), sums.bytes(), cudaMemcpyDeviceToHost, stream));
    GPUKIT_CUDA(cudaStreamSynchronize(stream));
    return host;
}

}  // namespace gpukit
