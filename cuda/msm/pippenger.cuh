// The generic Pippenger pipeline on one device: recode, sort, accumulate,
// reduce, combine. Curve-independent: everything curve-specific comes through
// curve_traits<C> (curves/<curve>.cuh).
#pragma once
#include <cstring>
#include "bucket_accumulate.cuh"
#include "bucket_carry.cuh"
#include "bucket_reduce.cuh"
#include "bucket_sort.cuh"
#include "decode.cuh"
#include "device_buffer.cuh"
#include "host_staging.cuh"
#include "plan/passes.cuh"
#include "plan/windows.cuh"
#include "recode.cuh"
#include "scalar_vectors.cuh"
#include "trace.cuh"

namespace gpukit {

// Enqueues the MSMs of `shape` (its vectors of scalars over bases already on
// the current device, canonical, at `scalars`) on `stream`, without waiting
// for it: unit u's sum (bucket set s of vector v, u = v·sets + s) lands in
// unit_sums[u] (shape.units() entries, on the device). `budget` bounds the
// work memory; the units are processed in as many passes as it takes to
// stay inside it. With a `carry` (bucket_carry.cuh) the MSM must be one
// pass: the sums a pass before handed on are added into its buckets, and
// when carry->pass_on its own sums are handed on in turn instead of being
// reduced (unit_sums is then left unwritten).
template <class C>
void enqueue_msm(const typename curve_traits<C>::affine_t* bases, const uint32_t* scalars, const msm_shape& shape,
                 size_t budget, typename curve_traits<C>::bucket_t* unit_sums, cudaStream_t stream,
                 bucket_carry<C>* carry = nullptr) {
    using T = curve_traits<C>;
    using bucket_t = typename T::bucket_t;
    constexpr uint32_t BLOCK = 256;
    const uint32_t c = shape.c, units = shape.units(T::SCALAR_BITS), sets = shape.sets(T::SCALAR_BITS);
    const uint32_t B = buckets_per_window(c);
    const size_t unit_pairs = shape.pairs_per_unit();
    const uint32_t per_pass = units_per_pass(unit_pairs, c, units, sizeof(bucket_t), budget);
    if (per_pass == 0)
        fail(STATUS_OUT_OF_MEMORY, "one bucket set of " + std::to_string(unit_pairs) + " pairs with c = " +
                                       std::to_string(c) + " needs " +
                                       std::to_string(group_bytes(unit_pairs, c, 1, sizeof(bucket_t)) >> 20) +
                                       " MiB of device memory; " + std::to_string(budget >> 20) + " MiB are free");
    if (carry && per_pass < units) fail(STATUS_INTERNAL, "bucket sums carried into an MSM of several passes");

    for (uint32_t first = 0; first < units; first += per_pass) {
        const uint32_t group = std::min(per_pass, units - first), num_buckets = group * B;
        const size_t pairs = unit_pairs * group;
        // The vectors whose units this pass covers, one recode thread per scalar.
        const uint32_t vectors = (first + group - 1) / sets - first / sets + 1;

        const size_t slots = pair_buffer_slots<C>(pairs);
        device_buffer<uint32_t> keys_a(slots, stream), keys_b(slots, stream);
        device_buffer<uint32_t> values_a(slots, stream), values_b(slots, stream);
        cub::DoubleBuffer<uint32_t> keys(keys_a.get(), keys_b.get()), values(values_a.get(), values_b.get());
        bucket_items items{device_buffer<uint32_t>(num_buckets, stream), device_buffer<uint32_t>(num_buckets, stream),
                           device_buffer<uint32_t>(1, stream)};
        recode_scalars<T::SCALAR_BITS><<<blocks_for(size_t(vectors) * shape.n, BLOCK), BLOCK, 0, stream>>>(
            scalars, shape, first, group, keys.Current(), values.Current());
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
        accumulate_buckets<C>(bases, keys, values, pairs, items, sums.get(), stream);

        if (carry) {
            if (carry->sums.size() != 0) {
                if (carry->sums.size() != num_buckets)
                    fail(STATUS_INTERNAL, "carried bucket sums of another shape");
                merge_bucket_sums<C><<<blocks_for(num_buckets, BLOCK), BLOCK, 0, stream>>>(
                    carry->sums.get(), carry->count.get(), sums.get(), items.count.get(), num_buckets);
                GPUKIT_LAUNCHED("merge_bucket_sums");
                carry->sums = device_buffer<bucket_t>();
                carry->count = device_buffer<uint32_t>();
                trace_mark("merge carried buckets");
            }
            if (carry->pass_on) {
                carry->sums = std::move(sums);
                carry->count = std::move(items.count);
                continue;
            }
        }
        reduce_windows<C>(sums.get(), items.count.get(), B, group, unit_sums + first, stream);
        trace_mark("reduce windows");
    }
}

// Below this many vectors the host combines a vector's sets (one chain of
// up to ~256 doublings: about a millisecond on a host core, ten on one GPU
// thread); from it on, one GPU thread per vector runs them all at once.
constexpr uint32_t DEVICE_COMBINE_MIN_VECTORS = 8;

// vector_sums[v] = Σ_s 2^(s·shift)·unit_sums[v·sets + s], by Horner's rule
// from the top set; one thread per vector.
template <class C>
__global__ void combine_sets(const typename curve_traits<C>::bucket_t* unit_sums, uint32_t sets, uint32_t shift,
                             uint32_t vectors, typename curve_traits<C>::bucket_t* vector_sums) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    const uint32_t v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= vectors) return;
    const bucket_t* mine = unit_sums + size_t(v) * sets;
    bucket_t acc = load_wide(mine + sets - 1);
    for (uint32_t s = sets - 1; s-- > 0;) {
        for (uint32_t k = 0; k < shift; k++) acc = double_point(acc);
        acc = add_points(acc, load_wide(mine + s));
    }
    store_wide(vector_sums + v, acc);
}

// Waits for `stream` and combines the unit sums an enqueue_msm of `shape`
// left in unit_sums into one sum per vector.
template <class C>
std::vector<typename curve_traits<C>::bucket_t> finish_msm(
    const device_buffer<typename curve_traits<C>::bucket_t>& unit_sums, const msm_shape& shape, cudaStream_t stream) {
    using T = curve_traits<C>;
    using bucket_t = typename T::bucket_t;
    const uint32_t sets = shape.sets(T::SCALAR_BITS);
    std::vector<bucket_t> host;
    if (sets > 1 && shape.batch < DEVICE_COMBINE_MIN_VECTORS) {
        host.resize(unit_sums.size());
        GPUKIT_CUDA(cudaMemcpyAsync(host.data(), unit_sums.get(), unit_sums.bytes(), cudaMemcpyDeviceToHost, stream));
        GPUKIT_CUDA(cudaStreamSynchronize(stream));
        std::vector<bucket_t> sums(shape.batch);
        for (uint32_t v = 0; v < shape.batch; v++)
            sums[v] = combine_windows(std::vector<bucket_t>(host.begin() + size_t(v) * sets,
                                                            host.begin() + size_t(v + 1) * sets),
                                      shape.set_shift());
        return sums;
    }
    // With one set per vector the unit sums are the vector sums.
    device_buffer<bucket_t> vector_sums(sets > 1 ? shape.batch : 0, stream);
    if (sets > 1) {
        combine_sets<C><<<blocks_for(shape.batch, 32), 32, 0, stream>>>(unit_sums.get(), sets, shape.set_shift(),
                                                                         shape.batch, vector_sums.get());
        GPUKIT_LAUNCHED("combine_sets");
    }
    const bucket_t* from = sets > 1 ? vector_sums.get() : unit_sums.get();
    host.resize(shape.batch);
    GPUKIT_CUDA(cudaMemcpyAsync(host.data(), from, host.size() * sizeof(bucket_t), cudaMemcpyDeviceToHost, stream));
    GPUKIT_CUDA(cudaStreamSynchronize(stream));
    trace_mark("combine sets");
    return host;
}

// Turns the first offending point of a decode report into the error it
// names. `offset` numbers the points.
inline void raise_point_report(const decode_report& r, uint32_t offset) {
    if (r.first_non_canonical != UINT32_MAX)
        fail(STATUS_BAD_ENCODING, "point " + std::to_string(size_t(offset) + r.first_non_canonical) +
                                      " has a coordinate >= p (not a canonical field element)");
    if (r.first_off_curve != UINT32_MAX)
        fail(STATUS_POINT_NOT_ON_CURVE,
             "point " + std::to_string(size_t(offset) + r.first_off_curve) + " is not on the curve");
}

// A decode report on the device, all fields "none" (UINT32_MAX) until a
// decode kernel records an offending index.
inline device_buffer<decode_report> new_report(cudaStream_t stream) {
    device_buffer<decode_report> report(1, stream);
    GPUKIT_CUDA(cudaMemsetAsync(report.get(), 0xff, sizeof(decode_report), stream));
    return report;
}

// Waits for `stream` and returns the report its decode kernels wrote.
inline decode_report read_report(const device_buffer<decode_report>& report, cudaStream_t stream) {
    decode_report host;
    GPUKIT_CUDA(cudaMemcpyAsync(&host, report.get(), sizeof host, cudaMemcpyDeviceToHost, stream));
    GPUKIT_CUDA(cudaStreamSynchronize(stream));
    return host;
}

// Points of records wider than the device's affine points (arkworks'
// structs) go up this many at a time through a device staging buffer:
// 2^20 BN254 structs are 72 MiB.
constexpr uint32_t POINT_STAGING_CHUNK = 1u << 20;

// Enqueues the upload of n points (records as `layout` says) into `dest`
// and their conversion to Montgomery form, checked when asked: offending
// indices go to `report`. Wire points are copied into dest and converted
// in place; wider records through a staging buffer, a chunk at a time.
template <class C>
void enqueue_points(typename curve_traits<C>::affine_t* dest, const uint8_t* points, uint32_t n,
                    point_layout layout, bool check, decode_report* report, cudaStream_t stream) {
    using affine_t = typename curve_traits<C>::affine_t;
    constexpr uint32_t BLOCK = 256;
    if (layout.stride == sizeof(affine_t) && !layout.has_flag()) {
        copy_to_device(dest, points, size_t(n) * sizeof(affine_t), stream);
        trace_mark("copy points");
        decode_points<C><<<blocks_for(n, BLOCK), BLOCK, 0, stream>>>(reinterpret_cast<const uint8_t*>(dest), layout,
                                                                      dest, n, 0, check, report);
        GPUKIT_LAUNCHED("decode_points");
        trace_mark("decode points");
        return;
    }
    if (layout.stride < sizeof(affine_t) || layout.stride % 4 != 0 ||
        (layout.has_flag() && layout.flag >= layout.stride))
        fail(STATUS_INTERNAL, "a point record of " + std::to_string(layout.stride) + " bytes cannot hold a point");
    const uint32_t chunk = std::min(n, POINT_STAGING_CHUNK);
    device_buffer<uint8_t> staging(size_t(chunk) * layout.stride, stream);
    for (uint32_t first = 0; first < n; first += chunk) {
        const uint32_t m = std::min(chunk, n - first);
        copy_to_device(staging.get(), points + size_t(first) * layout.stride, size_t(m) * layout.stride, stream);
        trace_mark("copy points");
        decode_points<C><<<blocks_for(m, BLOCK), BLOCK, 0, stream>>>(staging.get(), layout, dest + first, m, first,
                                                                      check, report);
        GPUKIT_LAUNCHED("decode_points");
        trace_mark("decode points");
    }
}

// Uploads and checks n points, as enqueue_points, and waits for the check.
// `offset` only numbers errors.
template <class C>
void upload_points(typename curve_traits<C>::affine_t* dest, const uint8_t* points, uint32_t n, point_layout layout,
                   bool check, uint32_t offset, cudaStream_t stream) {
    const device_buffer<decode_report> report = new_report(stream);
    enqueue_points<C>(dest, points, n, layout, check, report.get(), stream);
    raise_point_report(read_report(report, stream), offset);
}

// The scalars one upload takes: the part [offset, offset + count) of the
// vectors first_row .. first_row + rows - 1. Errors name the scalar by its
// index in the whole batch and by vector and position.
struct scalar_rows {
    scalar_vectors source;
    uint32_t rows, count, first_row, offset;
};

// Enqueues the upload of the scalars of `rows` (laid out as `layout` says)
// contiguously into dest and their check (< r) and conversion to canonical
// little-endian integers; a scalar that fails goes to `report`
// and is zeroed, so that work enqueued before the report is read stays in
// bounds.
template <class C>
void enqueue_scalars(uint32_t* dest, const scalar_rows& rows, scalar_layout layout, decode_report* report,
                     cudaStream_t stream) {
    constexpr uint32_t BLOCK = 256;
    const size_t row_bytes = size_t(rows.count) * 32, total = size_t(rows.rows) * rows.count;
    auto row = [&rows](size_t j) { return rows.source.vector(rows.first_row + j) + size_t(rows.offset) * 32; };
    // Whole packed vectors are one row.
    if (!rows.source.vectors && rows.count == rows.source.n)
        copy_rows_to_device(dest, row, 1, total * 32, stream);
    else
        copy_rows_to_device(dest, row, rows.rows, row_bytes, stream);
    trace_mark("copy scalars");
    decode_scalars<C><<<blocks_for(total, BLOCK), BLOCK, 0, stream>>>(dest, uint32_t(total), layout, report);
    GPUKIT_LAUNCHED("decode_scalars");
    trace_mark("decode scalars");
}

// Turns the first bad scalar of a report on `rows` into the error it names.
inline void raise_scalar_report(const decode_report& r, const scalar_rows& rows) {
    if (r.first_bad_scalar == UINT32_MAX) return;
    const size_t vector = rows.first_row + r.first_bad_scalar / rows.count;
    const size_t position = rows.offset + r.first_bad_scalar % rows.count;
    std::string where = std::to_string(vector * rows.source.n + position);
    if (vector > 0 || rows.first_row + rows.rows > 1)
        where += " (vector " + std::to_string(vector) + ", point " + std::to_string(position) + ")";
    fail(STATUS_SCALAR_OUT_OF_RANGE, "scalar " + where + " is not below the group order r");
}

// Uploads and checks the scalars of `rows`, as enqueue_scalars, and waits
// for the check.
template <class C>
void upload_scalars(uint32_t* dest, const scalar_rows& rows, scalar_layout layout, cudaStream_t stream) {
    const device_buffer<decode_report> report = new_report(stream);
    enqueue_scalars<C>(dest, rows, layout, report.get(), stream);
    raise_scalar_report(read_report(report, stream), rows);
}

}  // namespace gpukit
