// One small MSM over resident bases on the small path (msm/small_msm.cuh),
// split by the endomorphism where the bases allow it, as a one-shot call of
// the same size runs, without the points' upload. The bases' tables and the
// pipelined parts (scalar_pipeline.cuh, fixed_base_batch.cuh) are for
// batches and large vectors: on an H200 one vector of 2^10 BN254 points
// took 0.76–0.93 ms over the fixed-base tables (gathers from 64 GB of
// them) where a one-shot call over the same points took 0.26–0.32
// (bench/NOTES.md v36d).
#pragma once
#include "../msm/glv_msm.cuh"
#include "../msm/pippenger.cuh"
#include "../runtime/device_buffer.cuh"
#include "../runtime/result_reads.cuh"
#include "upload.cuh"

namespace gpukit {

// One device's share of one vector of scalars (scalars.batch = 1) over its
// resident bases: the points [0, count) of its slice, which starts at point
// `offset` of the vector, at window c, its scalars `split` by the
// endomorphism (glv_route::small) or whole (small_msm_fits). The scalars
// are uploaded and checked on `stream`, and the check and the unit sums are
// read with one wait.
template <class C>
typename curve_traits<C>::bucket_t resident_small_msm(const typename curve_traits<C>::affine_t* bases,
                                                      const scalar_vectors& scalars, uint32_t count,
                                                      uint32_t offset, uint32_t c, bool split,
                                                      scalar_layout scalars_layout, cudaStream_t stream) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    const device_buffer<decode_report> report = new_report(stream);
    device_buffer<uint32_t> d_scalars(size_t(count) * 8, stream);
    const scalar_rows rows{scalars, 1, count, 0, offset};
    {
        staged_upload upload(stream);
        enqueue_scalars<C>(upload, d_scalars.get(), rows, scalars_layout, report.get());
        upload.finish();
    }
    const uint32_t bits = split ? glv_bits<C>() : curve_traits<C>::SCALAR_BITS;
    const msm_shape shape = split ? glv_split_shape(count, c) : msm_shape{count, 1, c, 1, count};
    device_buffer<bucket_t> unit_sums(shape.units(bits), stream);
    if (split)
        enqueue_glv_msm<C>(bases, d_scalars.get(), count, c, unit_sums.get(), stream);
    else
        enqueue_small_msm<C>(bases, d_scalars.get(), shape, unit_sums.get(), stream);
    result_reads reads(stream);
    const decode_report* checked = reads.read(report.get(), 1);
    const pending_msm_sums<C> sums(unit_sums, shape, stream, reads, bits);
    reads.wait();
    trace_mark("read checks and unit sums");
    raise_scalar_report(checked[0], rows);
    return sums.take()[0];
}

}  // namespace gpukit
