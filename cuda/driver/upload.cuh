// Inputs from host memory to the device: points and scalars copied (through
// the pinned staging buffers of host_staging.cuh), decoded into the
// pipeline's form and checked on the device (decode.cuh), with the first
// offending index of each kind turned into its error.
#pragma once
#include <algorithm>
#include <string>
#include <type_traits>
#include <vector>
#include "../msm/pippenger.cuh"
#include "../runtime/device_buffer.cuh"
#include "../runtime/host_staging.cuh"
#include "../runtime/occupancy.cuh"
#include "../runtime/trace.cuh"
#include "decode.cuh"
#include "scalar_vectors.cuh"

namespace gpukit {

// Turns the first offending point of a decode report into the error it
// names: the lowest index of any fault, in the host decoder's words
// (src/codec.rs `PointFault`), as the host reports the first point that
// fails. `offset` numbers the points.
inline void raise_point_report(const decode_report& r, uint32_t offset) {
    const uint32_t first = std::min({r.first_non_canonical, r.first_off_curve, r.first_not_in_subgroup});
    if (first == UINT32_MAX) return;
    const uint64_t index = uint64_t(offset) + first;
    const std::string point = "point " + std::to_string(index);
    if (first == r.first_non_canonical)
        fail_at(STATUS_BAD_ENCODING, index, point + ": a coordinate is not a canonical field element (>= p)");
    if (first == r.first_off_curve) fail_at(STATUS_POINT_NOT_ON_CURVE, index, point + " is not on the curve");
    fail_at(STATUS_POINT_NOT_IN_SUBGROUP, index, point + " is not in the prime-order subgroup");
}

// Turns the first faulty compressed point of a report into the error the
// host codec gives it (src/formats/mod.rs `fault_error`): the lowest index
// of either fault, in the same words.
inline void raise_compressed_report(const decode_report& r, uint32_t offset, const point_layout& layout) {
    const uint32_t first = std::min({r.first_bad_encoding, r.first_no_point, r.first_not_in_subgroup});
    if (first == UINT32_MAX) return;
    const uint64_t at = uint64_t(offset) + first;
    const std::string index = std::to_string(at);
    const std::string point = "point " + index + ": ";
    if (first == r.first_bad_encoding)
        fail_at(STATUS_BAD_ENCODING, at,
                point + "not a valid " + (layout.format_name ? layout.format_name : "compressed") + " encoding");
    if (first == r.first_no_point)
        fail_at(STATUS_POINT_NOT_ON_CURVE, at, point + "its x is not the x of a curve point");
    fail_at(STATUS_POINT_NOT_IN_SUBGROUP, at,
            "point " + index + " is not in the " + (layout.format_group ? layout.format_group : "subgroup"));
}

// `count` decode reports on the device, all fields "none" (UINT32_MAX)
// until a decode kernel records an offending index.
inline device_buffer<decode_report> new_report(cudaStream_t stream, size_t count = 1) {
    device_buffer<decode_report> report(count, stream);
    GPUKIT_CUDA(cudaMemsetAsync(report.get(), 0xff, report.bytes(), stream));
    return report;
}

// Waits for `stream` and returns the reports its decode kernels wrote.
inline std::vector<decode_report> read_reports(const device_buffer<decode_report>& reports, cudaStream_t stream) {
    std::vector<decode_report> host(reports.size());
    GPUKIT_CUDA(cudaMemcpyAsync(host.data(), reports.get(), reports.bytes(), cudaMemcpyDeviceToHost, stream));
    GPUKIT_CUDA(cudaStreamSynchronize(stream));
    return host;
}

// Waits for `stream` and returns the one report its decode kernels wrote.
inline decode_report read_report(const device_buffer<decode_report>& report, cudaStream_t stream) {
    return read_reports(report, stream)[0];
}

// Points of records wider than the device's affine points (arkworks'
// structs) go up this many at a time through a device staging buffer:
// 2^20 BN254 structs are 72 MiB.
constexpr uint32_t POINT_STAGING_CHUNK = 1u << 20;

// Copies n host records of `record` bytes to the device, as part of
// `upload`, and after each chunk's copy calls `consume(staged, first, m)`
// to enqueue the kernel that reads its m records (the first is record
// `first`) on the upload's kernel stream. With `whole` (room for all n
// records on the device) they are one chunk; else they go through one
// device staging buffer of at most POINT_STAGING_CHUNK records, each copy
// after the first waiting for the kernel before it, so that it cannot
// overwrite a chunk before that kernel has read it. That kernel may wait
// for SMs: while a one-shot call's previous part runs its MSM, every
// chunk's copy would wait for it (one_shot.cuh gives its parts `whole`
// room). `copy_mark` names the copies in traces; n = 0 allocates and
// enqueues nothing.
template <class Consume>
void stage_in_chunks(staged_upload& upload, const uint8_t* records, uint32_t n, uint32_t record,
                     const char* copy_mark, uint8_t* whole, Consume&& consume) {
    const uint32_t chunk = whole ? n : std::min(n, POINT_STAGING_CHUNK);
    device_buffer<uint8_t> staging(whole ? 0 : size_t(chunk) * record, upload.stream());
    uint8_t* const area = whole ? whole : staging.get();
    for (uint32_t first = 0; first < n; first += chunk) {
        const uint32_t m = std::min(chunk, n - first);
        upload.copy_bytes(area, records + size_t(first) * record, size_t(m) * record);
        upload.hand_over();
        trace_mark(copy_mark);
        consume(static_cast<const uint8_t*>(area), first, m);
        // The staging buffer is refilled or freed in the copy stream's
        // order: after the kernel that read it.
        if (!whole) upload.wait_for_kernels();
    }
}

// f(std::true_type{}) where `check` asks for the prime-order subgroup check,
// else f(std::false_type{}): the decode kernels take the check as a template
// flag, so that the plain decodes keep their registers, and only the curves
// with a device check have it (ec/subgroup.cuh); the dispatcher asks for it
// on those alone (src/dispatch.rs `device_check`).
template <class C, class F>
auto with_subgroup_flag(point_check check, F f) {
    if (check != CHECK_SUBGROUP) return f(std::false_type{});
    if constexpr (has_subgroup_check<C>()) return f(std::true_type{});
    fail(STATUS_INTERNAL, std::string("no device subgroup check for ") + curve_traits<C>::NAME);
}

// Enqueues the decompression of n packed records of a compressed format
// (compressed.cuh) into dest, through a staging buffer a chunk at a time;
// faulty records go to `report`; `check` above CHECK_NONE runs the format's
// own checks (Banderwagon's subgroup check), CHECK_SUBGROUP the prime-order
// subgroup check too. A format the curve does not have is the host's
// mistake (src/formats/codec.rs routes only the curve's own).
template <class C>
void enqueue_compressed(staged_upload& upload, typename curve_traits<C>::affine_t* dest, const uint8_t* points,
                        uint32_t n, point_layout layout, point_check check, decode_report* report,
                        uint8_t* staging) {
    const uint32_t BLOCK = item_block(n);
    const cudaStream_t stream = upload.kernel_stream();
    auto run = [&](auto format, auto subgroup) {
        constexpr uint32_t FORMAT = decltype(format)::value;
        if constexpr (compressed_format<C, FORMAT>::fits) {
            constexpr uint32_t RECORD = compressed_format<C, FORMAT>::RECORD_BYTES;
            if (layout.stride != RECORD)
                fail(STATUS_INTERNAL, "a compressed record of " + std::to_string(layout.stride) + " bytes, not " +
                                          std::to_string(RECORD));
            stage_in_chunks(upload, points, n, RECORD, "copy compressed points", staging,
                            [&](const uint8_t* staged, uint32_t first, uint32_t m) {
                                decompress_points<C, FORMAT, decltype(subgroup)::value>
                                    <<<blocks_for(m, BLOCK), BLOCK, 0, stream>>>(staged, dest + first, m, first,
                                                                                 check != CHECK_NONE, report);
                                GPUKIT_LAUNCHED("decompress_points");
                                trace_mark("decompress points");
                            });
        } else {
            fail(STATUS_INTERNAL, std::string("point format ") + std::to_string(FORMAT) + " is not defined for " +
                                      curve_traits<C>::NAME);
        }
    };
    auto with_check = [&](auto format) {
        with_subgroup_flag<C>(check, [&](auto subgroup) { run(format, subgroup); });
    };
    switch (layout.format) {
        case POINT_ZCASH: return with_check(std::integral_constant<uint32_t, POINT_ZCASH>{});
        case POINT_SEC1: return with_check(std::integral_constant<uint32_t, POINT_SEC1>{});
        case POINT_X_ONLY: return with_check(std::integral_constant<uint32_t, POINT_X_ONLY>{});
        case POINT_ARKWORKS: return with_check(std::integral_constant<uint32_t, POINT_ARKWORKS>{});
        case POINT_BANDERWAGON: return with_check(std::integral_constant<uint32_t, POINT_BANDERWAGON>{});
        case POINT_BANDERWAGON_UNCOMPRESSED:
            return with_check(std::integral_constant<uint32_t, POINT_BANDERWAGON_UNCOMPRESSED>{});
        default: fail(STATUS_INTERNAL, "unknown point format " + std::to_string(layout.format));
    }
}

// Whether points in `layout` reach the device through staging (records
// wider than the device's points, or compressed) rather than straight into
// their destination.
template <class C>
bool staged_records(const point_layout& layout) {
    return layout.is_compressed() || layout.stride != sizeof(typename curve_traits<C>::affine_t) || layout.has_flag();
}

// Enqueues, as part of `upload`, the upload of n points (records as
// `layout` says) into `dest` and their conversion to Montgomery form,
// checked (canonical always, then as `check` says): offending indices go
// to `report`. Wire points are copied into dest and converted in place;
// wider records through a staging buffer, a chunk at a time, or all at once
// into `staging` where the caller gives room for n records
// (stage_in_chunks); compressed records are decompressed
// (enqueue_compressed, where `check` asks for the format's own checks).
template <class C>
void enqueue_points(staged_upload& upload, typename curve_traits<C>::affine_t* dest, const uint8_t* points,
                    uint32_t n, point_layout layout, point_check check, decode_report* report,
                    uint8_t* staging = nullptr) {
    using affine_t = typename curve_traits<C>::affine_t;
    const uint32_t BLOCK = item_block(n);
    const cudaStream_t stream = upload.kernel_stream();
    if (layout.is_compressed()) {
        enqueue_compressed<C>(upload, dest, points, n, layout, check, report, staging);
        return;
    }
    const auto decode = with_subgroup_flag<C>(check, [](auto subgroup) {
        return &decode_points<C, decltype(subgroup)::value>;
    });
    const bool on_curve = check != CHECK_NONE;
    if (!staged_records<C>(layout)) {
        upload.copy_bytes(dest, points, size_t(n) * sizeof(affine_t));
        upload.hand_over();
        trace_mark("copy points");
        decode<<<blocks_for(n, BLOCK), BLOCK, 0, stream>>>(reinterpret_cast<const uint8_t*>(dest), layout, dest, n,
                                                           0, on_curve, report);
        GPUKIT_LAUNCHED("decode_points");
        trace_mark("decode points");
        return;
    }
    if (layout.stride < sizeof(affine_t) || layout.stride % 4 != 0 ||
        (layout.has_flag() && layout.flag >= layout.stride))
        fail(STATUS_INTERNAL, "a point record of " + std::to_string(layout.stride) + " bytes cannot hold a point");
    stage_in_chunks(upload, points, n, layout.stride, "copy points", staging,
                    [&](const uint8_t* staged, uint32_t first, uint32_t m) {
                        decode<<<blocks_for(m, BLOCK), BLOCK, 0, stream>>>(staged, layout, dest + first, m, first,
                                                                           on_curve, report);
                        GPUKIT_LAUNCHED("decode_points");
                        trace_mark("decode points");
                    });
}

// Uploads and checks n points, as enqueue_points, and waits for the check.
// `offset` only numbers errors.
template <class C>
void upload_points(typename curve_traits<C>::affine_t* dest, const uint8_t* points, uint32_t n, point_layout layout,
                   point_check check, uint32_t offset, cudaStream_t stream) {
    const device_buffer<decode_report> report = new_report(stream);
    staged_upload upload(stream);
    enqueue_points<C>(upload, dest, points, n, layout, check, report.get());
    upload.finish();
    const decode_report checked = read_report(report, stream);
    // Each layout's own words (both reports name points outside the subgroup).
    if (layout.is_compressed()) raise_compressed_report(checked, offset, layout);
    raise_point_report(checked, offset);
}

// The scalars one upload takes: the part [offset, offset + count) of the
// vectors first_row .. first_row + rows - 1. Errors name the scalar by its
// index in the whole batch and by vector and position.
struct scalar_rows {
    scalar_vectors source;
    uint32_t rows, count, first_row, offset;
};

// f(row, count, bytes) on the host rows of `rows` as staged_upload::copy
// takes them: row(j) the j-th row's first byte, `count` rows of `bytes`
// each. Whole packed vectors are one row.
template <class F>
auto on_host_rows(const scalar_rows& rows, F f) {
    auto row = [&rows](size_t j) { return rows.source.vector(rows.first_row + j) + size_t(rows.offset) * 32; };
    if (!rows.source.vectors && rows.count == rows.source.n) return f(row, size_t(1), size_t(rows.rows) * rows.count * 32);
    return f(row, size_t(rows.rows), size_t(rows.count) * 32);
}

// Whether the scalars of `rows` go to the device by DMA from page-locked
// memory, which needs no gather.
inline bool scalars_page_locked(const scalar_rows& rows) {
    return on_host_rows(rows, [](const auto& row, size_t count, size_t bytes) {
        return !staged_upload::page_locked(row, count, bytes).empty();
    });
}

// Enqueues, as part of `upload`, the upload of the scalars of `rows` (laid
// out as `layout` says) contiguously into dest and their check (< r) and
// conversion to canonical little-endian integers; a scalar that fails goes
// to `report` and is zeroed, so that work enqueued before the report is
// read stays in bounds.
template <class C>
void enqueue_scalars(staged_upload& upload, uint32_t* dest, const scalar_rows& rows, scalar_layout layout,
                     decode_report* report) {
    constexpr uint32_t BLOCK = 256;
    const cudaStream_t stream = upload.kernel_stream();
    const size_t total = size_t(rows.rows) * rows.count;
    on_host_rows(rows, [&](const auto& row, size_t count, size_t bytes) { upload.copy(dest, row, count, bytes); });
    upload.hand_over();
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
    const uint64_t index = uint64_t(vector) * rows.source.n + position;
    std::string where = std::to_string(index);
    if (rows.source.batch > 1)  // a batch's parts may cut a vector: name it whatever the part
        where += " (vector " + std::to_string(vector) + ", point " + std::to_string(position) + ")";
    fail_at(STATUS_SCALAR_OUT_OF_RANGE, index, "scalar " + where + " is not below the group order r");
}

}  // namespace gpukit
