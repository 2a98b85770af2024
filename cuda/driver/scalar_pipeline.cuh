// MSMs over resident bases with the scalar upload overlapped with the GPU's
// work.
//
// The scalars of a 2^24-point MSM are 512 MB; their staged copy took 17–34 ms
// on the H100 host (host_staging.cuh), 15–25 % of a resident call, while the
// GPU waited. Here one device's work is cut into parts, and part k+1's
// scalars are copied and checked on a second stream while the GPU runs part
// k's MSM. Two scalar buffers alternate; a buffer is refilled only once the
// MSM that read it has finished. A call of a single pass, and the first
// vector of a batch whose vectors each take a part (plan/parts.cuh), is cut
// into a lead and the rest: the lead's MSM covers the rest's upload, and only
// the lead's upload is exposed, for the price of one more bucket reduction.
// The lead is the largest share whose MSM still covers the rest's upload
// (lone_lead_share: a quarter for BN254, an eighth for the BLS curves' G1
// from page-locked memory). Without precomputed copies the lead runs with a
// window two bits narrower (LEAD_WINDOW_DROP): with a quarter of the points
// the accumulation's n·windows and the reduction's 2^c·windows balance about
// two bits lower, and its reduction then costs a quarter (BLS12-381 at 2^24,
// c = 19: ~12 ms for each reduction at the full window). With precomputed
// copies the window is fixed and both parts fill the same bucket set: the
// lead hands its sums on to the rest, and the price of the extra reduction
// is gone (bucket_carry.cuh).
#pragma once
#include <algorithm>
#include <memory>
#include <vector>
#include "../msm/bucket_accumulate.cuh"
#include "../msm/bucket_carry.cuh"
#include "../msm/pippenger.cuh"
#include "../msm/plan/parts.cuh"
#include "../runtime/device_buffer.cuh"
#include "../runtime/result_reads.cuh"
#include "../runtime/stream_pool.cuh"
#include "device_set.cuh"
#include "upload.cuh"

namespace gpukit {

// Per-vector sums gathered from parts: a vector's first part is taken as it
// is, and only a vector cut into several parts adds on the host (65,536 host
// additions of Edwards points, which always compute, took tens of
// milliseconds).
template <class bucket_t>
class vector_sums {
  public:
    explicit vector_sums(uint32_t batch) : sums_(batch, bucket_t::identity()), seen_(batch, false) {}
    void add(uint32_t v, const bucket_t& s) {
        sums_[v] = seen_[v] ? sums_[v].add(s) : s;
        seen_[v] = true;
    }
    std::vector<bucket_t> take() { return std::move(sums_); }

  private:
    std::vector<bucket_t> sums_;
    std::vector<bool> seen_;
};

// Runs `parts` on `stream`, each part's scalars uploaded and checked on a
// second stream while the previous part's work runs: two buffers alternate,
// and a buffer is refilled only once the work that read it has finished.
// `enqueue(k, scalars_on_device)` enqueues part k's work on `stream` without
// waiting for it. The device's slice of each vector starts at `offset`.
// The parts' checks are read once, after the last part is enqueued (bad
// scalars are zeroed, so the work runs in bounds): waiting for each part's
// check held its MSM back by the decode and a synchronisation, 0.7–0.8 ms
// of a 2^24 call's lead part (bench/NOTES.md v34d), and the next part's
// launch behind the previous part's MSM. The checks are read through the
// caller's `reads` (on `stream`), and `queue_reads(reads)` queues there what
// else the caller reads after the last part (its sums), so that one wait
// serves both: a resident 2^24 call read its checks and then its sums, two
// round trips (bench/NOTES.md v55a). What it read stays valid while `reads`
// lives.
template <class C, class Enqueue, class QueueReads>
void run_scalar_parts(const std::vector<scalar_part>& parts, const scalar_vectors& scalars, uint32_t offset,
                      scalar_layout scalars_layout, cudaStream_t stream, Enqueue enqueue, result_reads& reads,
                      QueueReads queue_reads) {
    const size_t largest = largest_part(parts);
    std::vector<scalar_rows> rows;
    for (const scalar_part& p : parts) rows.push_back({scalars, p.vectors, p.count, p.first_vector, offset + p.first});
    // The gather pool wakes while the buffers are allocated, unless the
    // first part goes by DMA from page-locked memory: its helpers would
    // spin on the host's cores for nothing (a pool of 16 a device, beside
    // the slices' threads).
    if (!parts.empty() && !scalars_page_locked(rows[0])) warm_gather_pool(size_t(parts[0].vectors) * parts[0].count * 32);
    pooled_stream copy_stream;
    device_buffer<uint32_t> buffers[2] = {device_buffer<uint32_t>(largest * 8, stream),
                                          device_buffer<uint32_t>(largest * 8, stream)};
    event_handle allocated, uploaded, consumed[2];
    // The buffers come from `stream`'s pool: the copy stream waits for them.
    allocated.record(stream);
    allocated.wait_in(copy_stream.get());
    const device_buffer<decode_report> reports = new_report(copy_stream.get(), parts.size());
    trace_mark("scalar buffers");
    for (size_t k = 0; k < parts.size(); k++) {
        device_buffer<uint32_t>& buffer = buffers[k % 2];
        if (k >= 2) consumed[k % 2].wait_in(copy_stream.get());
        {
            staged_upload upload(copy_stream.get());
            enqueue_scalars<C>(upload, buffer.get(), rows[k], scalars_layout, reports.get() + k);
            upload.finish();
        }
        uploaded.record(copy_stream.get());
        uploaded.wait_in(stream);
        enqueue(k, static_cast<const uint32_t*>(buffer.get()));
        consumed[k % 2].record(stream);
    }
    // `stream` waited for every part's decode.
    const decode_report* checked = reads.read(reports.get(), reports.size());
    queue_reads(reads);
    reads.wait();
    trace_mark("read checks and unit sums");
    // In the parts' order, so that the lowest index is the one reported, as
    // the host's check would.
    for (size_t k = 0; k < parts.size(); k++) raise_scalar_report(checked[k], rows[k]);
}

// run_scalar_parts reading nothing beside the checks.
template <class C, class Enqueue>
void run_scalar_parts(const std::vector<scalar_part>& parts, const scalar_vectors& scalars, uint32_t offset,
                      scalar_layout scalars_layout, cudaStream_t stream, Enqueue enqueue) {
    result_reads reads(stream);
    run_scalar_parts<C>(parts, scalars, offset, scalars_layout, stream, enqueue, reads, [](result_reads&) {});
}

// The share of a lone vector's slice that leads (plan/parts.cuh): the rule's,
// from the lead window's pairs a point, the curve's point size and whether
// the slice's scalars lie in page-locked memory, then, where the parts
// accumulate batch-affine over the same window (precomputed copies), sized
// by their whole steps (lead_share_by_steps); GPUKIT_LEAD_SHARE sets it.
template <class C>
double lead_share_for(const scalar_vectors& scalars, uint32_t count, uint32_t offset, uint32_t c,
                      bool window_fixed) {
    if (const double forced = lead_share_override()) return forced;
    const page_locked_ranges& ranges = page_locked_ranges::instance();
    locked_span span;
    const bool locked = ranges.any() && ranges.find(scalars.vector(0) + size_t(offset) * 32, size_t(count) * 32, span);
    const uint32_t pairs = window_count(curve_traits<C>::SCALAR_BITS, lead_window(c, window_fixed));
    const double rule = lone_lead_share(pairs, curve_traits<C>::POINT_BYTES, locked);
    if (!batch_affine_capable<C>() || !window_fixed) return rule;
    const size_t wave = affine_wave<C>();
    return lead_share_by_steps(count, pairs, rule, locked ? LOCKED_SCALAR_UPLOAD_NS : GATHERED_SCALAR_UPLOAD_NS,
                               [wave](size_t part_pairs) {
                                   const affine_accumulation a = affine_accumulation_for<C>(part_pairs, wave);
                                   return accumulation_ns(part_pairs, size_t(a.threads) * a.lanes,
                                                          a.lanes == AFFINE_NARROW_LANES, curve_traits<C>::POINT_BYTES);
                               });
}

// One device's share of the MSMs of `scalars` over its resident table: the points
// [0, count) of its slice, with `copies` shifted copies at a distance of
// `table_stride` (copy k of point i at table[k·table_stride + i], built for
// window c when copies > 1). The slice starts at point `offset` of each
// scalar vector. Returns one sum per vector.
template <class C>
std::vector<typename curve_traits<C>::bucket_t> pipelined_bases_msm(const typename curve_traits<C>::affine_t* table,
                                                                    uint32_t copies, uint32_t table_stride,
                                                                    const scalar_vectors& scalars,
                                                                    uint32_t count, uint32_t offset, uint32_t c,
                                                                    scalar_layout scalars_layout, cudaStream_t stream) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    const uint32_t batch = scalars.batch;
    const size_t budget = work_budget();
    // Two scalar buffers of a pass each; a pass may hold several vectors,
    // so its capacity is sized over the whole batch, not one vector.
    const uint32_t total = uint32_t(std::min<size_t>(size_t(count) * batch, UINT32_MAX));
    const uint32_t chunk = points_per_pass<C>(total, c, copies, 2 * 32, budget);
    const double lead_share = lead_share_for<C>(scalars, count, offset, c, copies > 1);
    const std::vector<scalar_part> parts = plan_parts(count, chunk, batch, c, copies > 1, PIPPENGER_RAMP, lead_share);
    const size_t msm_budget = budget - 2 * largest_part(parts) * 32;
    constexpr uint32_t BITS = curve_traits<C>::SCALAR_BITS;
    const auto shape_of = [&](const scalar_part& p) { return msm_shape{p.count, p.vectors, p.c, copies, table_stride}; };
    // Part k hands its bucket sums on to part k + 1 where both fill the same
    // bucket sets and each is one pass with the carried sums beside it:
    // then one reduction serves both (bucket_carry.cuh).
    std::vector<bool> passes_on(parts.size(), false);
    for (size_t k = 0; k + 1 < parts.size(); k++) {
        const size_t carried = carried_bytes<C>(shape_of(parts[k]));
        passes_on[k] = shares_buckets(parts[k], parts[k + 1]) &&
                       takes_carry<C>(shape_of(parts[k]), msm_budget, carried) &&
                       takes_carry<C>(shape_of(parts[k + 1]), msm_budget, carried);
    }
    trace_mark("plan");
    bucket_carry<C> carry;
    std::vector<device_buffer<bucket_t>> unit_sums;
    std::vector<msm_shape> shapes;
    // The parts' sums, read with their checks (and valid while `reads` lives).
    result_reads reads(stream);
    std::vector<std::unique_ptr<pending_msm_sums<C>>> pending(parts.size());
    run_scalar_parts<C>(parts, scalars, offset, scalars_layout, stream,
                        [&](size_t k, const uint32_t* part_scalars) {
                            const scalar_part& p = parts[k];
                            const bool carried_in = k > 0 && passes_on[k - 1];
                            shapes.push_back(shape_of(p));
                            unit_sums.emplace_back(passes_on[k] ? 0 : shapes.back().units(BITS), stream);
                            carry.pass_on = passes_on[k];
                            enqueue_msm<C>(table + p.first, part_scalars, shapes.back(), msm_budget,
                                           unit_sums.back().get(), stream,
                                           carried_in || passes_on[k] ? &carry : nullptr);
                        },
                        reads, [&](result_reads& queue) {
                            for (size_t k = 0; k < parts.size(); k++)
                                if (!passes_on[k])  // else its sums went into the next part's buckets
                                    pending[k] = std::make_unique<pending_msm_sums<C>>(unit_sums[k], shapes[k], stream,
                                                                                       queue, BITS);
                        });
    vector_sums<bucket_t> sums(batch);
    for (size_t k = 0; k < parts.size(); k++) {
        if (!pending[k]) continue;
        const std::vector<bucket_t> part_sums = pending[k]->take();
        for (uint32_t j = 0; j < parts[k].vectors; j++) sums.add(parts[k].first_vector + j, part_sums[j]);
    }
    return sums.take();
}

}  // namespace gpukit
