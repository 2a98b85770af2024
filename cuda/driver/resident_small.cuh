// A few short MSMs over resident bases on the small path (msm/small_msm.cuh),
// split by the endomorphism where the bases allow it, as a one-shot call of
// the same size runs, without the points' upload. The bases' tables and the
// pipelined parts (scalar_pipeline.cuh, fixed_base_batch.cuh) are for
// larger batches and vectors: on an H200 one vector of 2^10 BN254 points
// took 0.76–0.93 ms over the fixed-base tables (gathers from 64 GB of
// them) where a one-shot call over the same points took 0.26–0.32
// (bench/NOTES.md v36d); here 0.25–0.27 (v37b).
#pragma once
#include <vector>
#include "../msm/glv_msm.cuh"
#include "../msm/pippenger.cuh"
#include "../runtime/device_buffer.cuh"
#include "../runtime/result_reads.cuh"
#include "upload.cuh"

namespace gpukit {

// One device's share of `scalars.batch` short vectors (at most
// resident_small_max_vectors, curve_entries_impl.cuh) over its resident bases: the points [0, count) of its slice, which starts
// at point `offset` of each vector, at window c, the scalars `split` by the
// endomorphism (glv_route::small) or whole (small_msm_fits). The vectors'
// scalars are uploaded and checked together on `stream`, each vector runs
// the small path in turn, and the check and every vector's unit sums are
// read with one wait. Returns one sum per vector.
template <class C>
std::vector<typename curve_traits<C>::bucket_t> resident_small_msm(const typename curve_traits<C>::affine_t* bases,
                                                                   const scalar_vectors& scalars, uint32_t count,
                                                                   uint32_t offset, uint32_t c, bool split,
                                                                   scalar_layout scalars_layout, cudaStream_t stream) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    const uint32_t batch = scalars.batch;
    const device_buffer<decode_report> report = new_report(stream);
    device_buffer<uint32_t> d_scalars(size_t(batch) * count * 8, stream);
    const scalar_rows rows{scalars, batch, count, 0, offset};
    {
        staged_upload upload(stream);
        enqueue_scalars<C>(upload, d_scalars.get(), rows, scalars_layout, report.get());
        upload.finish();
    }
    const uint32_t bits = split ? glv_bits<C>() : curve_traits<C>::SCALAR_BITS;
    const msm_shape shape = split ? glv_split_shape(count, c) : msm_shape{count, 1, c, 1, count};
    std::vector<device_buffer<bucket_t>> unit_sums;
    unit_sums.reserve(batch);
    for (uint32_t v = 0; v < batch; v++) {
        unit_sums.emplace_back(shape.units(bits), stream);
        const uint32_t* mine = d_scalars.get() + size_t(v) * count * 8;
        if (split)
            enqueue_glv_msm<C>(bases, mine, count, c, unit_sums.back().get(), stream);
        else
            enqueue_small_msm<C>(bases, mine, shape, unit_sums.back().get(), stream);
    }
    result_reads reads(stream);
    const decode_report* checked = reads.read(report.get(), 1);
    std::vector<pending_msm_sums<C>> pending;
    pending.reserve(batch);
    for (uint32_t v = 0; v < batch; v++) pending.emplace_back(unit_sums[v], shape, stream, reads, bits);
    reads.wait();
    trace_mark("read checks and unit sums");
    raise_scalar_report(checked[0], rows);
    std::vector<bucket_t> sums;
    sums.reserve(batch);
    for (const pending_msm_sums<C>& p : pending) sums.push_back(p.take()[0]);
    return sums;
}

}  // namespace gpukit
