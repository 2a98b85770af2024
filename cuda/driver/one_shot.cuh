// The one-shot MSM (points and scalars from host memory) on one device of
// the set: its slice uploaded, decoded and checked, in passes that fit, a
// large pass in parts whose uploads overlap the MSM of the part before.
#pragma once
#include <algorithm>
#include <optional>
#include <vector>
#include "../msm/glv_msm.cuh"
#include "../msm/pippenger.cuh"
#include "../msm/plan/parts.cuh"
#include "../runtime/device_buffer.cuh"
#include "../runtime/env.cuh"
#include "device_set.cuh"
#include "upload.cuh"

namespace gpukit {

// GPUKIT_ONE_SHOT_PARTS (read once per process, for tests and benchmarks):
// k forces a cut into k parts of at least ONE_SHOT_PART_MIN_POINTS where
// the parts can take the sums handed on (1 keeps every pass whole); unset,
// the automatic rule of one_shot_parts.
inline uint32_t forced_one_shot_parts() {
    static const uint32_t forced = uint32_t(env_count("GPUKIT_ONE_SHOT_PARTS", 0));
    return forced;
}

// Where slices of one call fail on several devices, which fault a device
// set reports (run_per_slice's rank): slice_msm's order within a pass,
// compressed points before scalars before other points, then any other
// error, so that the call reports what one device (and the CPU backends)
// would.
inline int one_shot_fault_rank(int status, bool compressed) {
    const bool point = status == STATUS_BAD_ENCODING || status == STATUS_POINT_NOT_ON_CURVE ||
                       status == STATUS_POINT_NOT_IN_SUBGROUP;
    if (status == STATUS_SCALAR_OUT_OF_RANGE) return compressed ? 1 : 0;
    if (point) return compressed ? 0 : 1;
    return 2;
}

// The MSM of one part of a one-shot pass: its points alone, one vector, or
// with `split` their 2·count halves (glv_msm.cuh).
inline msm_shape one_shot_part_shape(const scalar_part& p, bool split) {
    return split ? glv_split_shape(p.count, p.c) : msm_shape{p.count, 1, p.c, 1, p.count};
}

// Whether a one-shot pass whose every cut would leave the batch-affine
// accumulation is still cut, into XYZZ parts: on 8-limb fields, where XYZZ
// is nearly as fast (bench/NOTES.md v16f), the parts' hidden uploads win
// (BN254 2^22 on an H200: four XYZZ parts 23.4–23.6 ms against the whole
// pass's 26.6–28.4, v33b); on 12 limbs they lose (BLS12-381 G1 2^22 four
// XYZZ parts 46 ms against two batch-affine ones' 41–45).
template <class C>
constexpr bool cuts_into_xyzz_parts() {
    return curve_traits<C>::field_t::N <= 8;
}

// Parts of 32 lanes a curve that cuts into XYZZ parts needs: fewer leave a
// larger first upload than the XYZZ cut's (BN254 2^21 in two parts of 32
// lanes 12.85 / 12.41 ms typed / wire, in four XYZZ ones 12.31 / 12.05, v45a).
constexpr size_t NARROW_LANE_MIN_PARTS = 4;

// The parts a one-shot pass of m points at window c runs in within
// `budget` bytes, its scalars whole or `split` (glv_route::sorted): the
// most, up to one_shot_auto_most_parts, of at least
// ONE_SHOT_AUTO_PART_MIN_POINTS each, such that every part can take the
// sums handed on in one pass (enqueue_msm's carry) and, where the whole pass
// would accumulate batch-affine at full width (AFFINE_LANES), every part
// does too (eight XYZZ parts of BN254 2^24 accumulated in 55 ms against 44,
// v31b), at 32 lanes where there are at least NARROW_LANE_MIN_PARTS parts
// or the curve does not cut into XYZZ parts (BN254 2^23 in four parts of
// 32 lanes ran 0.6 ms faster than in three of 64, BLS12-381 G1 2^21 in two
// 1.4–2.1 ms faster than whole, v45a); where no cut keeps it batch-affine,
// the most parts anyway if cuts_into_xyzz_parts; else one part, as where
// the small path takes the pass. A pass batch-affine only at 32 lanes
// counts as an XYZZ one (a two-GPU BN254 slice of 2^21 at c = 16 ran 0.8
// ms slower whole at 32 lanes than in four XYZZ parts whose uploads
// overlap, v45a).
template <class C>
std::vector<scalar_part> one_shot_parts(uint32_t m, uint32_t c, bool split, size_t budget) {
    const std::vector<scalar_part> whole{{0, 1, 0, m, c}};
    const uint32_t bits = split ? glv_bits<C>() : curve_traits<C>::SCALAR_BITS;
    const msm_shape shape = one_shot_part_shape(whole[0], split);
    if (small_msm_fits(shape, small_msm_max_pairs())) return whole;
    const size_t carried = carried_bytes<C>(shape, bits);
    const auto carries = [&](const std::vector<scalar_part>& parts) {
        for (const scalar_part& p : parts)
            if (!takes_carry<C>(one_shot_part_shape(p, split), budget, carried, bits)) return false;
        return true;
    };
    const auto pairs = [&](const scalar_part& p) {
        const msm_shape part = one_shot_part_shape(p, split);
        return size_t(part.n) * part.windows(bits);
    };
    if (const uint32_t forced = forced_one_shot_parts()) {
        std::vector<scalar_part> parts = plan_one_shot_parts(m, c, forced, ONE_SHOT_PART_MIN_POINTS);
        return carries(parts) ? parts : whole;
    }
    // A pass too short for two automatic parts stays whole before the
    // device is asked for its SM count (affine_accumulation_for).
    const uint32_t most = one_shot_auto_most_parts(m);
    if (most < 2) return whole;
    const bool affine = at_full_width(affine_accumulation_for<C>(pairs(whole[0])));
    for (uint32_t k = most; k > 1; k--) {
        std::vector<scalar_part> parts = plan_one_shot_parts(m, c, k, ONE_SHOT_AUTO_PART_MIN_POINTS);
        const bool narrow_ok = !cuts_into_xyzz_parts<C>() || parts.size() >= NARROW_LANE_MIN_PARTS;
        const bool stays_affine = !affine || std::all_of(parts.begin(), parts.end(), [&](const scalar_part& p) {
            const affine_accumulation part = affine_accumulation_for<C>(pairs(p));
            return narrow_ok ? part.threads > 0 : at_full_width(part);
        });
        if (stays_affine && carries(parts)) return parts;
    }
    if (affine && cuts_into_xyzz_parts<C>()) {
        std::vector<scalar_part> parts = plan_one_shot_parts(m, c, most, ONE_SHOT_AUTO_PART_MIN_POINTS);
        if (carries(parts)) return parts;
    }
    return whole;
}

// Enqueues, as part of `upload`, the upload, decode and checks of the
// points and scalars [first, first + count) of a pass into d_points and
// d_scalars at the same offsets; the pass starts at the call's point
// `pass_first`. Offending indices, counted from `first`, go to `report`.
// Staged records (upload.cuh staged_records) go to d_records, which has
// room for the pass's, at the same offset.
template <class C>
void enqueue_inputs(staged_upload& upload, typename curve_traits<C>::affine_t* d_points, uint32_t* d_scalars,
                    uint8_t* d_records, const uint8_t* points, const scalar_rows& rows, point_layout points_layout,
                    point_check check, scalar_layout scalars_layout, uint32_t pass_first, uint32_t first,
                    decode_report* report) {
    enqueue_scalars<C>(upload, d_scalars + size_t(first) * 8, rows, scalars_layout, report);
    enqueue_points<C>(upload, d_points + first, points + size_t(pass_first + first) * points_layout.stride,
                      rows.count, points_layout, check, report,
                      d_records ? d_records + size_t(first) * points_layout.stride : nullptr);
}

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
    // Staged records get room for the whole pass, so that no part's copy
    // waits for a decode behind the part before's MSM (stage_in_chunks).
    const size_t record_bytes = staged_records<C>(points_layout) ? points_layout.stride : 0;
    // A split through the sorted pipeline keeps the halves beside the
    // inputs: two points and two scalars a point.
    const glv_route route = glv_route_for<C>(count, c, check);
    const bool sorted_split = route == glv_route::sorted;
    // A slice the small path takes whole needs a few MiB at most (its pairs
    // are bounded by small_msm_fits), so it does not ask the driver for the
    // free memory, ~5 µs of a 0.2-ms call (bench/NOTES.md v38a): where the
    // device has less, its allocations fail with OUT_OF_MEMORY.
    const bool small_slice = route == glv_route::small ||
                             (route == glv_route::whole &&
                              small_msm_fits(msm_shape{count, 1, c, 1, count}, small_msm_max_pairs()));
    const size_t budget = small_slice ? SIZE_MAX / 2 : work_budget();
    const size_t split_bytes = sorted_split ? 2 * (sizeof(affine_t) + 32) : 0;
    const size_t per_point = sizeof(affine_t) + 32 + record_bytes + split_bytes;
    const uint32_t chunk = points_per_pass<C>(count, c, sorted_split ? 2 : 1, per_point, budget);
    bucket_t total = bucket_t::identity();
    for (uint32_t done = 0; done < count; done += chunk) {
        const uint32_t m = std::min(chunk, count - done), first = offset + done;
        // The gather pool wakes while the pass is planned and allocated.
        warm_gather_pool(std::max(size_t(m) * 32, size_t(m) * points_layout.stride));
        // A pass on a curve with an endomorphism may be split (glv_msm.cuh):
        // a small one on the small path, whole; a larger one part by part,
        // or whole, sorted before its points' copy.
        const bool small_split = glv_route_for<C>(m, c, check) == glv_route::small;
        const bool split = small_split || sorted_split;
        const uint32_t bits = split ? glv_bits<C>() : T::SCALAR_BITS;
        const msm_shape shape = split ? glv_split_shape(m, c) : msm_shape{m, 1, c, 1, m};
        const size_t msm_budget = budget - size_t(m) * per_point;
        const std::vector<scalar_part> parts =
            small_split ? std::vector<scalar_part>{{0, 1, 0, m, c}} : one_shot_parts<C>(m, c, sorted_split, msm_budget);
        // An early split keeps the φ copies behind the points.
        const bool early_split = sorted_split && parts.size() == 1 && glv_sorts_early<C>(m, c, msm_budget);
        const bool late_split = sorted_split && !early_split;
        device_buffer<affine_t> d_points(early_split ? size_t(2) * m : m, stream);
        device_buffer<uint32_t> d_scalars(size_t(m) * 8, stream);
        device_buffer<uint8_t> d_records(size_t(m) * record_bytes, stream);
        device_buffer<affine_t> split_points(late_split ? size_t(2) * m : 0, stream);
        device_buffer<uint32_t> split_scalars(late_split ? size_t(2) * m * 8 : 0, stream);
        // Several parts upload on a second stream, each while the part
        // before runs its MSM, and decode on a third: on the copy stream a
        // decode waited for an SM behind the MSM, and every later copy with
        // it; on `stream` it waited for the whole MSM (2.8 ms of BN254
        // 2^24's four parts; staged_upload, bench/NOTES.md v34b). The
        // decode stream's priority gives its blocks the first free SMs
        // among the MSM's. The buffers come from `stream`'s pool, so both
        // wait for them first.
        std::optional<stream_handle> copy_stream, decode_stream;
        if (parts.size() > 1) {
            copy_stream.emplace();
            decode_stream.emplace(highest_stream_priority());
            event_handle allocated;
            allocated.record(stream);
            allocated.wait_in(copy_stream->get());
            allocated.wait_in(decode_stream->get());
        }
        const cudaStream_t upload = copy_stream ? copy_stream->get() : stream;
        const cudaStream_t decode = decode_stream ? decode_stream->get() : stream;
        // The inputs' checks are read once, with the pass's result: one
        // synchronisation per pass, which is most of a small call's fixed
        // cost. Bad scalars are zeroed, so the pass runs in bounds anyway.
        // On the decode stream, so that its release follows the decodes
        // that write it also where an error ends the call early.
        const device_buffer<decode_report> reports = new_report(decode, parts.size());
        device_buffer<bucket_t> unit_sums(shape.units(bits), stream);
        std::vector<scalar_rows> rows;
        bucket_carry<C> carry;
        // One upload for every part: the host gathers a part's first
        // pieces while the copy engine still moves the part before's last.
        staged_upload inputs(upload, decode);
        for (size_t k = 0; k < parts.size(); k++) {
            const scalar_part& p = parts[k];
            rows.push_back({scalar_vectors{scalars, nullptr, n, 1}, 1, p.count, 0, first + p.first});
            if (small_split) {
                // The scalars, then their split and recoding, which need no
                // point, then the points: the device recodes while the host
                // still copies the points (one part, the whole pass).
                enqueue_scalars<C>(inputs, d_scalars.get(), rows.back(), scalars_layout, reports.get());
                const glv_small_pairs pairs = enqueue_glv_recode<C>(d_scalars.get(), m, c, stream);
                enqueue_points<C>(inputs, d_points.get(), points + size_t(first) * points_layout.stride, m,
                                  points_layout, check, reports.get(), record_bytes ? d_records.get() : nullptr);
                enqueue_glv_sums<C>(d_points.get(), pairs, unit_sums.get(), stream);
                continue;
            }
            if (early_split) {
                // The same order through the sorted pipeline: the device
                // sorts the halves' pairs while the host copies the points.
                enqueue_scalars<C>(inputs, d_scalars.get(), rows.back(), scalars_layout, reports.get());
                glv_sorted_pairs pairs = enqueue_glv_sorted_recode<C>(d_scalars.get(), m, c, stream);
                enqueue_points<C>(inputs, d_points.get(), points + size_t(first) * points_layout.stride, m,
                                  points_layout, check, reports.get(), record_bytes ? d_records.get() : nullptr);
                enqueue_glv_sorted_sums<C>(d_points.get(), pairs, unit_sums.get(), stream);
                continue;
            }
            enqueue_inputs<C>(inputs, d_points.get(), d_scalars.get(), record_bytes ? d_records.get() : nullptr, points,
                              rows.back(), points_layout, check, scalars_layout, first, p.first, reports.get() + k);
            if (decode_stream) {
                event_handle decoded;
                decoded.record(decode);
                decoded.wait_in(stream);
            }
            // Every part but the last hands its bucket sums on.
            carry.pass_on = k + 1 < parts.size();
            bucket_carry<C>* part_carry = parts.size() > 1 ? &carry : nullptr;
            if (sorted_split) {
                // The part's halves at 2·p.first: slot i and p.count + i of
                // its own range, as enqueue_glv_split lays them out.
                affine_t* halves = split_points.get() + size_t(2) * p.first;
                uint32_t* half_scalars = split_scalars.get() + size_t(2) * p.first * 8;
                enqueue_glv_split<C>(d_points.get() + p.first, d_scalars.get() + size_t(p.first) * 8, p.count, halves,
                                     half_scalars, stream);
                enqueue_msm<C, glv_bits<C>()>(halves, half_scalars, one_shot_part_shape(p, true), msm_budget,
                                              unit_sums.get(), stream, part_carry);
            } else {
                enqueue_msm<C>(d_points.get() + p.first, d_scalars.get() + size_t(p.first) * 8,
                               one_shot_part_shape(p, false), msm_budget, unit_sums.get(), stream, part_carry);
            }
        }
        inputs.finish();
        // The checks and the pass's sums in one wait.
        result_reads reads(stream);
        const decode_report* checked = reads.read(reports.get(), reports.size());
        const pending_msm_sums<C> sums(unit_sums, shape, stream, reads, bits);
        reads.wait();
        trace_mark("read checks and unit sums");
        // Scalars first: the CPU backends report a bad scalar before a bad
        // point. A compressed call's points first: the host decodes them
        // before it reads a scalar (src/formats/mod.rs), which also settles
        // a scalar fault here that a later pass's point would have preceded.
        // The parts in order, so that the lowest index of each kind counts.
        if (points_layout.is_compressed())
            for (size_t k = 0; k < parts.size(); k++)
                raise_compressed_report(checked[k], first + parts[k].first, points_layout);
        for (size_t k = 0; k < parts.size(); k++) raise_scalar_report(checked[k], rows[k]);
        for (size_t k = 0; k < parts.size(); k++) raise_point_report(checked[k], first + parts[k].first);
        total = total.add(sums.take()[0]);
    }
    return total;
}

}  // namespace gpukit
