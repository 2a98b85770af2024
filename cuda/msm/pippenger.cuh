// The generic Pippenger pipeline on one device: recode, sort, accumulate,
// reduce, combine. Curve-independent: everything curve-specific comes through
// curve_traits<C> (curves/<curve>.cuh).
#pragma once
#include <cstring>
#include "../runtime/device_buffer.cuh"
#include "../runtime/result_reads.cuh"
#include "../runtime/trace.cuh"
#include "bucket_accumulate.cuh"
#include "bucket_carry.cuh"
#include "bucket_reduce.cuh"
#include "bucket_sort.cuh"
#include "plan/passes.cuh"
#include "plan/windows.cuh"
#include "recode.cuh"
#include "small_msm.cuh"

namespace gpukit {

// Device bytes the bucket sums an MSM of `shape` (over scalars of
// `scalar_bits`) hands on take (bucket_carry.cuh): every unit's buckets and
// their flags.
template <class C>
size_t carried_bytes(const msm_shape& shape, uint32_t scalar_bits = curve_traits<C>::SCALAR_BITS) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    return size_t(shape.units(scalar_bits)) * buckets_per_window(shape.c) * (sizeof(bucket_t) + sizeof(uint32_t));
}

// Whether an MSM of `shape` (over scalars of `scalar_bits`) can take a carry
// in `budget` bytes: one pass holds all its units beside the `carried` bytes
// of sums handed on, as enqueue_msm requires of a carry.
template <class C>
bool takes_carry(const msm_shape& shape, size_t budget, size_t carried,
                 uint32_t scalar_bits = curve_traits<C>::SCALAR_BITS) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    const uint32_t units = shape.units(scalar_bits);
    return carried < budget &&
           units_per_pass(shape.pairs_per_unit(), shape.c, units, sizeof(bucket_t), budget - carried) >= units;
}

// Enqueues the MSMs of `shape` (its vectors of scalars over bases already on
// the current device, canonical and below 2^BITS, at `scalars`) on
// `stream`, without waiting for it: unit u's sum (bucket set s of vector v,
// u = v·sets + s) lands in unit_sums[u] (shape.units(BITS) entries, on the
// device). `budget` bounds the work memory; the units are processed in as
// many passes as it takes to stay inside it. With a `carry`
// (bucket_carry.cuh) the MSM must be one pass: the sums a pass before
// handed on are added into its buckets, and when carry->pass_on its own
// sums are handed on in turn instead of being reduced (unit_sums is then
// left unwritten). One vector of few points takes the small path instead
// (small_msm.cuh), with the same result.
template <class C, uint32_t BITS = curve_traits<C>::SCALAR_BITS>
void enqueue_msm(const typename curve_traits<C>::affine_t* bases, const uint32_t* scalars, const msm_shape& shape,
                 size_t budget, typename curve_traits<C>::bucket_t* unit_sums, cudaStream_t stream,
                 bucket_carry<C>* carry = nullptr) {
    using T = curve_traits<C>;
    using bucket_t = typename T::bucket_t;
    constexpr uint32_t BLOCK = 256;
    const uint32_t c = shape.c, units = shape.units(BITS), sets = shape.sets(BITS);
    const uint32_t B = buckets_per_window(c);
    const size_t unit_pairs = shape.pairs_per_unit();
    const uint32_t per_pass = units_per_pass(unit_pairs, c, units, sizeof(bucket_t), budget);
    if (per_pass == 0)
        fail(STATUS_OUT_OF_MEMORY, "one bucket set of " + std::to_string(unit_pairs) + " pairs with c = " +
                                       std::to_string(c) + " needs " +
                                       std::to_string(group_bytes(unit_pairs, c, 1, sizeof(bucket_t)) >> 20) +
                                       " MiB of device memory; " + std::to_string(budget >> 20) + " MiB are free");
    if (carry && per_pass < units) fail(STATUS_INTERNAL, "bucket sums carried into an MSM of several passes");
    if (!carry && small_msm_fits(shape, small_msm_max_pairs())) {
        enqueue_small_msm<C, BITS>(bases, scalars, shape, unit_sums, stream);
        return;
    }

    for (uint32_t first = 0; first < units; first += per_pass) {
        const uint32_t group = std::min(per_pass, units - first), num_buckets = group * B;
        const size_t pairs = unit_pairs * group;
        // The vectors whose units this pass covers, one recode thread per scalar.
        const uint32_t vectors = (first + group - 1) / sets - first / sets + 1;

        const size_t slots = pair_buffer_slots<C>(pairs);
        device_buffer<uint32_t> keys_a(slots, stream), keys_b(slots, stream);
        device_buffer<uint32_t> values_a(slots, stream), values_b(slots, stream);
        bucket_items items{device_buffer<uint32_t>(num_buckets, stream), device_buffer<uint32_t>(1, stream)};
        device_buffer<bucket_t> sums;
        // Recodes, sorts and accumulates the pass's pairs with keys in `format`.
        const auto bucket_pass = [&](auto format) {
            using key_t = typename decltype(format)::key_t;
            cub::DoubleBuffer<key_t> keys(reinterpret_cast<key_t*>(keys_a.get()),
                                          reinterpret_cast<key_t*>(keys_b.get()));
            cub::DoubleBuffer<uint32_t> values(values_a.get(), values_b.get());
            recode_scalars<BITS><<<blocks_for(size_t(vectors) * shape.n, BLOCK), BLOCK, 0, stream>>>(
                scalars, shape, first, group, format, keys.Current(), values.Current());
            GPUKIT_LAUNCHED("recode_scalars");
            trace_mark("recode");
            sort_pairs(keys, values, pairs, format, stream);
            trace_mark("sort");
            GPUKIT_CUDA(cudaMemsetAsync(items.end.get(), 0, items.end.bytes(), stream));
            sums = device_buffer<bucket_t>(num_buckets, stream);
            accumulate_buckets<C>(bases, keys, values, pairs, format, items, sums.get(), stream);
        };
        // Narrow keys where the lane layout takes their unit out of the values.
        if (affine_accumulation_threads<C>(pairs) && narrow_keys_fit(shape, group))
            bucket_pass(narrow_pair_keys{c, narrow_unit_shift(shape)});
        else
            bucket_pass(pair_keys{c});

        if (carry) {
            if (carry->sums.size() != 0) {
                if (carry->sums.size() != num_buckets)
                    fail(STATUS_INTERNAL, "carried bucket sums of another shape");
                merge_bucket_sums<C><<<blocks_for(num_buckets, BLOCK), BLOCK, 0, stream>>>(
                    carry->sums.get(), carry->present.get(), sums.get(), items.end.get(), num_buckets);
                GPUKIT_LAUNCHED("merge_bucket_sums");
                carry->sums = device_buffer<bucket_t>();
                carry->present = device_buffer<uint32_t>();
                trace_mark("merge carried buckets");
            }
            if (carry->pass_on) {
                carry->sums = std::move(sums);
                carry->present = std::move(items.end);
                continue;
            }
        }
        reduce_windows<C>(sums.get(), items.end.get(), B, group, unit_sums + first, stream);
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

// One sum per vector of an enqueue_msm, read back in two halves around a
// wait (result_reads.cuh), so that a call reads its checks and its sums
// with one synchronisation: the constructor queues what the host needs (the
// unit sums themselves below DEVICE_COMBINE_MIN_VECTORS vectors, else the
// vector sums that combine_sets leaves), take() combines them after the
// wait. The unit sums' buffer must outlive the wait.
template <class C>
class pending_msm_sums {
  public:
    using bucket_t = typename curve_traits<C>::bucket_t;

    pending_msm_sums(const device_buffer<bucket_t>& unit_sums, const msm_shape& shape, cudaStream_t stream,
                     result_reads& reads, uint32_t scalar_bits)
        : sets_(shape.sets(scalar_bits)), batch_(shape.batch), shift_(shape.set_shift()) {
        if (on_host()) {
            host_ = reads.read(unit_sums.get(), unit_sums.size());
            return;
        }
        // With one set per vector the unit sums are the vector sums.
        if (sets_ > 1) {
            vector_sums_ = device_buffer<bucket_t>(batch_, stream);
            combine_sets<C><<<blocks_for(batch_, 32), 32, 0, stream>>>(unit_sums.get(), sets_, shift_, batch_,
                                                                        vector_sums_.get());
            GPUKIT_LAUNCHED("combine_sets");
        }
        host_ = reads.read(sets_ > 1 ? vector_sums_.get() : unit_sums.get(), batch_);
    }

    // After the reads' wait: one sum per vector.
    std::vector<bucket_t> take() const {
        if (!on_host()) return std::vector<bucket_t>(host_, host_ + batch_);
        std::vector<bucket_t> sums(batch_);
        for (uint32_t v = 0; v < batch_; v++)
            sums[v] = combine_windows(
                std::vector<bucket_t>(host_ + size_t(v) * sets_, host_ + size_t(v + 1) * sets_), shift_);
        trace_mark("combine sets on the host");
        return sums;
    }

  private:
    bool on_host() const { return sets_ > 1 && batch_ < DEVICE_COMBINE_MIN_VECTORS; }
    uint32_t sets_, batch_, shift_;
    device_buffer<bucket_t> vector_sums_;
    const bucket_t* host_ = nullptr;
};

}  // namespace gpukit
