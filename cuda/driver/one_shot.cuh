// The one-shot MSM (points and scalars from host memory) on one device of
// the set: its slice uploaded, decoded and checked, in passes that fit.
#pragma once
#include <algorithm>
#include "../msm/glv_msm.cuh"
#include "../msm/pippenger.cuh"
#include "../runtime/device_buffer.cuh"
#include "device_set.cuh"
#include "upload.cuh"

namespace gpukit {

// One device's share of a one-shot MSM of n points: its slice [offset,
// offset + count) of the points and scalars is uploaded, decoded and
// checked, in as many passes as its memory needs.
template <class C>
typename curve_traits<C>::bucket_t slice_msm(const uint8_t* points, const uint8_t* scalars, uint32_t n,
                                             uint32_t offset, uint32_t count, uint32_t c, point_layout points_layout,
                                             point_check check, scalar_layout scalars_layout, cudaStream_t stream) {
    using T = curve_traits<C>;
    using affine_t = typename T::affine_t;
    using bucket_t = typename T::bucket_t;
    const size_t budget = work_budget();
    const size_t per_point = sizeof(affine_t) + 32;
    const uint32_t chunk = points_per_pass<C>(count, c, 1, per_point, budget);
    bucket_t total = bucket_t::identity();
    for (uint32_t done = 0; done < count; done += chunk) {
        const uint32_t m = std::min(chunk, count - done), first = offset + done;
        device_buffer<affine_t> d_points(m, stream);
        device_buffer<uint32_t> d_scalars(size_t(m) * 8, stream);
        // The inputs' checks are read once, with the pass's result: one
        // synchronisation per pass, which is most of a small call's fixed
        // cost. Bad scalars are zeroed, so the pass runs in bounds anyway.
        const device_buffer<decode_report> report = new_report(stream);
        const scalar_rows rows{scalar_vectors{scalars, nullptr, n, 1}, 1, m, 0, first};
        enqueue_scalars<C>(d_scalars.get(), rows, scalars_layout, report.get(), stream);
        enqueue_points<C>(d_points.get(), points + size_t(first) * points_layout.stride, m, points_layout, check,
                          report.get(), stream);
        // A small pass on a curve with an endomorphism is split (glv_msm.cuh).
        const bool split = splits_by_glv<C>(m, c, check);
        const msm_shape shape = split ? glv_split_shape(m, c) : msm_shape{m, 1, c, 1, m};
        const uint32_t bits = split ? glv_bits<C>() : T::SCALAR_BITS;
        device_buffer<bucket_t> unit_sums(shape.units(bits), stream);
        if (split)
            enqueue_glv_msm<C>(d_points.get(), d_scalars.get(), m, c, unit_sums.get(), stream);
        else
            enqueue_msm<C>(d_points.get(), d_scalars.get(), shape, budget - size_t(m) * per_point, unit_sums.get(),
                           stream);
        const decode_report checked = read_report(report, stream);
        trace_mark("read checks");
        // Scalars first: the CPU backends report a bad scalar before a bad
        // point. A compressed call's points first: the host decodes them
        // before it reads a scalar (src/formats/mod.rs), which also settles
        // a scalar fault here that a later pass's point would have preceded.
        if (points_layout.is_compressed()) raise_compressed_report(checked, first, points_layout);
        raise_scalar_report(checked, rows);
        raise_point_report(checked, first);
        total = total.add(finish_msm<C>(unit_sums, shape, stream, bits)[0]);
    }
    return total;
}

}  // namespace gpukit
