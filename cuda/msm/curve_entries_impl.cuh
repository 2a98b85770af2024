// The definitions behind curve_entries.cuh, included only by the per-curve
// instance files.
#pragma once
#include <memory>
#include "curve_entries.cuh"
#include "device_set.cuh"
#include "pippenger.cuh"
#include "resident_bases.cuh"
#include "scalar_pipeline.cuh"
#include "trace.cuh"

namespace gpukit {

template <class C>
uint32_t resolve_window(uint32_t window_c, size_t n) {
    using T = curve_traits<C>;
    if (window_c > T::MAX_WINDOW)
        fail(STATUS_BAD_WINDOW, "window_c = " + std::to_string(window_c) + " is above " + T::NAME + "'s bound " +
                                    std::to_string(T::MAX_WINDOW));
    return window_c ? window_c : auto_window(T::SCALAR_BITS, T::MAX_WINDOW, n);
}

template <class C>
void curve_entries<C>::msm(const uint8_t* points, const uint8_t* scalars, uint32_t n, uint32_t window_c,
                           bool points_montgomery, bool check, bool scalars_montgomery, uint32_t devices,
                           uint8_t* out) {
    const uint32_t c = resolve_window<C>(window_c, n);
    const std::vector<device_slice> slices = split_over_devices(select_devices(devices), n);
    auto sums = run_per_slice(slices, [&](size_t i, cudaStream_t stream) {
        const device_slice& s = slices[i];
        trace_scope trace("msm", stream);
        return slice_msm<C>(points + size_t(s.offset) * curve_traits<C>::POINT_BYTES, scalars + size_t(s.offset) * 32,
                            s.count, s.offset, c, points_montgomery, check, scalars_montgomery, stream);
    });
    encode_sum<C>(sums, out);
}

template <class C>
resident_bases* curve_entries<C>::bases_new(const uint8_t* points, uint32_t n, bool montgomery, bool check,
                                            uint32_t devices) {
    using affine_t = typename curve_traits<C>::affine_t;
    auto bases = std::make_unique<resident_bases>();
    bases->curve_id = curve_traits<C>::ID;
    bases->n = n;
    const std::vector<device_slice> slices = split_over_devices(select_devices(devices), n);
    for (const device_slice& s : slices) bases->parts.push_back({s, nullptr});
    // Each thread writes only its own part, so no lock is needed.
    run_per_slice(slices, [&](size_t i, cudaStream_t stream) {
        const device_slice& s = slices[i];
        resident_bases::part& mine = bases->parts[i];
        // A plain allocation, not the stream-ordered pool: the bases outlive
        // every stream that uses them.
        GPUKIT_CUDA(cudaMalloc(&mine.points, size_t(s.count) * sizeof(affine_t)));
        upload_points<C>(static_cast<affine_t*>(mine.points), points + size_t(s.offset) * curve_traits<C>::POINT_BYTES,
                         s.count, montgomery, check, s.offset, stream);
        return 0;
    });
    return bases.release();
}

template <class C>
void curve_entries<C>::bases_msm(const resident_bases& bases, const uint8_t* scalars, uint32_t n, uint32_t batch,
                                 uint32_t window_c, bool scalars_montgomery, uint8_t* out) {
    using T = curve_traits<C>;
    using affine_t = typename T::affine_t;
    using bucket_t = typename T::bucket_t;
    if (n > bases.n)
        fail(STATUS_SIZE_MISMATCH, "an MSM over " + std::to_string(n) + " bases asked of " + std::to_string(bases.n) +
                                       " resident bases");
    const uint32_t c = resolve_window<C>(window_c, n);
    // The part of each device's slice below n.
    std::vector<device_slice> slices;
    std::vector<const affine_t*> slice_points;
    for (const resident_bases::part& p : bases.parts) {
        if (p.slice.offset >= n) continue;
        slices.push_back({p.slice.device, p.slice.offset, std::min(p.slice.count, n - p.slice.offset)});
        slice_points.push_back(static_cast<const affine_t*>(p.points));
    }
    if (slices.empty()) {
        for (uint32_t j = 0; j < batch; j++) encode_sum<C>({}, out + size_t(j) * T::POINT_BYTES);
        return;
    }
    auto per_slice = run_per_slice(slices, [&](size_t i, cudaStream_t stream) {
        const device_slice& s = slices[i];
        trace_scope trace("resident msm", stream);
        return pipelined_bases_msm<C>(slice_points[i], scalars + size_t(s.offset) * 32, size_t(n) * 32, s.count,
                                      s.offset, batch, c, scalars_montgomery, stream);
    });
    for (uint32_t j = 0; j < batch; j++) {
        std::vector<bucket_t> partial;
        for (const auto& sums : per_slice) partial.push_back(sums[j]);
        encode_sum<C>(partial, out + size_t(j) * T::POINT_BYTES);
    }
}

}  // namespace gpukit
