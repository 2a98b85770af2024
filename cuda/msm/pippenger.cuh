// The generic Pippenger pipeline on one device: recode, sort, accumulate,
// reduce, combine. Curve-independent: everything curve-specific comes through
// curve_traits<C> (curves/<curve>.cuh).
#pragma once
#include <cstring>
#include "bucket_accumulate.cuh"
#include "bucket_reduce.cuh"
#include "bucket_sort.cuh"
#include "decode.cuh"
#include "device_buffer.cuh"
#include "host_staging.cuh"
#include "recode.cuh"
#include "trace.cuh"
#include "window_plan.cuh"

namespace gpukit {

// Enqueues Σ k_i·P_i over n bases and scalars already on the current device
// on `stream`, without waiting for it: window w's sum lands in window_sums[w]
// (window_count(SCALAR_BITS, c) entries, on the device). `budget` bounds the
// work memory; windows are processed in as many passes as it takes to stay
// inside it.
template <class C>
void enqueue_msm(const typename curve_traits<C>::affine_t* bases, const uint32_t* scalars, uint32_t n, uint32_t c,
                 size_t budget, typename curve_traits<C>::bucket_t* window_sums, cudaStream_t stream) {
    using T = curve_traits<C>;
    using bucket_t = typename T::bucket_t;
    constexpr uint32_t BLOCK = 256;
    const uint32_t windows = window_count(T::SCALAR_BITS, c), B = buckets_per_window(c);
    const uint32_t per_pass = windows_per_pass(n, c, windows, sizeof(bucket_t), budget);
    if (per_pass == 0)
        fail(STATUS_OUT_OF_MEMORY, "one window of " + std::to_string(n) + " points with c = " + std::to_string(c) +
                                       " needs " + std::to_string(group_bytes(n, c, 1, sizeof(bucket_t)) >> 20) +
                                       " MiB of device memory; " + std::to_string(budget >> 20) + " MiB are free");

    for (uint32_t first = 0; first < windows; first += per_pass) {
        const uint32_t group = std::min(per_pass, windows - first), num_buckets = group * B;
        const size_t pairs = size_t(n) * group;

        device_buffer<uint32_t> keys_a(pairs, stream), keys_b(pairs, stream);
        device_buffer<uint32_t> values_a(pairs, stream), values_b(pairs, stream);
        cub::DoubleBuffer<uint32_t> keys(keys_a.get(), keys_b.get()), values(values_a.get(), values_b.get());
        bucket_items items{device_buffer<uint32_t>(num_buckets, stream), device_buffer<uint32_t>(num_buckets, stream),
                           device_buffer<uint32_t>(1, stream)};
        recode_scalars<<<blocks_for(n, BLOCK), BLOCK, 0, stream>>>(scalars, n, c, first, group, keys.Current(),
                                                                   values.Current());
        GPUKIT_LAUNCHED("recode_scalars");
        trace_mark("recode");
        sort_pairs(keys, values, pairs, num_buckets, stream);
        trace_mark("sort");

        GPUKIT_CUDA(cudaMemsetAsync(items.start.get(), 0, items.start.bytes(), stream));
        GPUKIT_CUDA(cudaMemsetAsync(items.count.get(), 0, items.count.bytes(), stream));
        bucket_ranges<<<blocks_for(pairs, BLOCK), BLOCK, 0, stream>>>(keys.Current(), pairs, num_buckets,
                                                                      items.start.get(), items.count.get(),
                                                                      items.valid.get());
        GPUKIT_LAUNCHED("bucket_ranges");
        range_lengths<<<blocks_for(num_buckets, BLOCK), BLOCK, 0, stream>>>(items.start.get(), items.count.get(),
                                                                            num_buckets);
        GPUKIT_LAUNCHED("range_lengths");
        trace_mark("bucket ranges");

        device_buffer<bucket_t> sums(num_buckets, stream);
        accumulate_buckets<C>(bases, keys.Current(), values.Current(), pairs, items, sums.get(), stream);

        reduce_windows<C>(sums.get(), items.count.get(), B, group, window_sums + first, stream);
        trace_mark("reduce windows");
    }
}

// Waits for `stream` and combines the window sums an enqueue_msm left in
// window_sums into the MSM's value.
template <class C>
typename curve_traits<C>::bucket_t finish_msm(const device_buffer<typename curve_traits<C>::bucket_t>& window_sums,
                                              uint32_t c, cudaStream_t stream) {
    std::vector<typename curve_traits<C>::bucket_t> host(window_sums.size());
    GPUKIT_CUDA(cudaMemcpyAsync(host.data(), window_sums.get(), window_sums.bytes(), cudaMemcpyDeviceToHost, stream));
    GPUKIT_CUDA(cudaStreamSynchronize(stream));
    return combine_windows(host, c);
}

// Σ k_i·P_i over n bases and scalars already on the current device, as a
// bucket-form point copied to the host.
template <class C>
typename curve_traits<C>::bucket_t msm_on_device(const typename curve_traits<C>::affine_t* bases,
                                                 const uint32_t* scalars, uint32_t n, uint32_t c, size_t budget,
                                                 cudaStream_t stream) {
    device_buffer<typename curve_traits<C>::bucket_t> window_sums(
        window_count(curve_traits<C>::SCALAR_BITS, c), stream);
    enqueue_msm<C>(bases, scalars, n, c, budget, window_sums.get(), stream);
    return finish_msm<C>(window_sums, c, stream);
}

// Turns the first offending index of a decode report into the error it names.
inline void raise_decode_report(const decode_report& r, uint32_t offset) {
    if (r.first_non_canonical != UINT32_MAX)
        fail(STATUS_BAD_ENCODING, "point " + std::to_string(size_t(offset) + r.first_non_canonical) +
                                      " has a coordinate >= p (not a canonical field element)");
    if (r.first_off_curve != UINT32_MAX)
        fail(STATUS_POINT_NOT_ON_CURVE,
             "point " + std::to_string(size_t(offset) + r.first_off_curve) + " is not on the curve");
    if (r.first_bad_scalar != UINT32_MAX)
        fail(STATUS_SCALAR_OUT_OF_RANGE, "scalar " + std::to_string(size_t(offset) + r.first_bad_scalar) +
                                             " is not below the group order r");
}

// Runs `launch(report)`, a decode kernel that records the first offending
// index of each kind into `report`, and raises what it found.
template <class Launch>
void run_decode_checked(Launch launch, uint32_t offset, cudaStream_t stream) {
    device_buffer<decode_report> report(1, stream);
    GPUKIT_CUDA(cudaMemsetAsync(report.get(), 0xff, sizeof(decode_report), stream));
    launch(report.get());
    decode_report host;
    GPUKIT_CUDA(cudaMemcpyAsync(&host, report.get(), sizeof host, cudaMemcpyDeviceToHost, stream));
    GPUKIT_CUDA(cudaStreamSynchronize(stream));
    raise_decode_report(host, offset);
}

// Uploads n wire-format points into `dest` and converts them in place to
// Montgomery form, checking them when asked. `offset` only numbers errors.
template <class C>
void upload_points(typename curve_traits<C>::affine_t* dest, const uint8_t* points, uint32_t n, bool montgomery,
                   bool check, uint32_t offset, cudaStream_t stream) {
    constexpr uint32_t BLOCK = 256;
    copy_to_device(dest, points, size_t(n) * curve_traits<C>::POINT_BYTES, stream);
    trace_mark("copy points");
    run_decode_checked(
        [&](decode_report* report) {
            decode_points<C><<<blocks_for(n, BLOCK), BLOCK, 0, stream>>>(dest, n, montgomery, check, report);
            GPUKIT_LAUNCHED("decode_points");
        },
        offset, stream);
    trace_mark("decode points");
}

// Uploads n scalars (canonical, or Montgomery limbs when `montgomery`),
// checks each is below r and leaves them canonical.
template <class C>
void upload_scalars(uint32_t* dest, const uint8_t* scalars, uint32_t n, bool montgomery, uint32_t offset,
                    cudaStream_t stream) {
    constexpr uint32_t BLOCK = 256;
    copy_to_device(dest, scalars, size_t(n) * 32, stream);
    trace_mark("copy scalars");
    run_decode_checked(
        [&](decode_report* report) {
            decode_scalars<C><<<blocks_for(n, BLOCK), BLOCK, 0, stream>>>(dest, n, montgomery, report);
            GPUKIT_LAUNCHED("decode_scalars");
        },
        offset, stream);
    trace_mark("decode scalars");
}

}  // namespace gpukit
