// MSMs over fixed-base tables (fixed_base_tables.cuh). Each thread keeps one
// accumulator for a share of one vector's bases: for each base it recodes
// the scalar into signed w-bit digits (recode.cuh's rule) and adds the
// digit's table entry of every window, negated for a negative digit. The
// threads' partial sums are then added in groups until one sum per vector
// is left. The driver (cuda/driver/fixed_base_batch.cuh) runs a batch in
// parts whose scalar uploads overlap the previous part's work.
#pragma once
#include <algorithm>
#include <vector>
#include "../runtime/device_buffer.cuh"
#include "../runtime/occupancy.cuh"
#include "../runtime/trace.cuh"
#include "fixed_base_tables.cuh"

namespace gpukit {

// partials[v·parts + p] = the sum, over the bases i in share p of
// [first, first + count), of vector v's digit entries; the scalars of the
// bases [first, first + count) are at scalars + (v·count + i - first)·8
// words. Share p is a contiguous run of bases and the vectors are the
// fastest index, so the lanes of a warp walk the same bases and windows for
// neighbouring vectors and read inside one window's block of the table.
template <class C>
__global__ void fixed_base_accumulate(const table_entry_t<C>* entries, fixed_base_layout l,
                                      const uint32_t* scalars, uint32_t first, uint32_t count, uint32_t vectors,
                                      uint32_t parts, typename curve_traits<C>::bucket_t* partials) {
    using entry_t = table_entry_t<C>;
    using bucket_t = typename curve_traits<C>::bucket_t;
    const size_t id = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (id >= size_t(vectors) * parts) return;
    const uint32_t v = uint32_t(id % vectors), p = uint32_t(id / vectors);
    const uint32_t share = (count + parts - 1) / parts, end = min(count, (p + 1) * share);
    const uint32_t half = l.entries;
    bucket_t acc = bucket_t::identity();
    for (uint32_t i = p * share; i < end; i++) {
        uint32_t k[8];
        const uint4* s = reinterpret_cast<const uint4*>(scalars + (size_t(v) * count + i) * 8);
        const uint4 lo = s[0], hi = s[1];
        k[0] = lo.x, k[1] = lo.y, k[2] = lo.z, k[3] = lo.w, k[4] = hi.x, k[5] = hi.y, k[6] = hi.z, k[7] = hi.w;
        uint32_t carry = 0;
        for (uint32_t j = 0; j < l.windows; j++) {
            const uint32_t raw = scalar_bits_at(k, j * l.digit_bits, l.digit_bits) + carry;
            const bool negative = raw > half;
            carry = negative;
            const uint32_t magnitude = negative ? 2 * half - raw : raw;
            if (magnitude == 0) continue;
            const entry_t entry = load_wide(entries + l.index(j, magnitude, first + i));
            acc = acc.add_affine(negative ? entry.neg() : entry);
        }
    }
    store_wide(partials + size_t(v) * parts + p, acc);
}

// Partial sums added per kernel level: 16 serial full additions a thread,
// so that 256 parts of a vector take two short launches.
constexpr uint32_t PARTIAL_GROUP = 16;

// out[v·groups + g] = Σ in[v·parts + t] over t in [g·G, (g+1)·G) ∩ [0, parts).
template <class C>
__global__ void sum_partials(const typename curve_traits<C>::bucket_t* in, uint32_t vectors, uint32_t parts,
                             typename curve_traits<C>::bucket_t* out) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    const uint32_t groups = (parts + PARTIAL_GROUP - 1) / PARTIAL_GROUP;
    const size_t id = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (id >= size_t(vectors) * groups) return;
    const uint32_t v = uint32_t(id / groups), g = uint32_t(id % groups);
    const uint32_t end = min(parts, (g + 1) * PARTIAL_GROUP);
    bucket_t acc = bucket_t::identity();
    for (uint32_t t = g * PARTIAL_GROUP; t < end; t++) acc = add_points(acc, load_wide(in + size_t(v) * parts + t));
    store_wide(out + id, acc);
}

// Bases each accumulation thread takes at least: below it the partial sums'
// additions would rival the digits'.
constexpr uint32_t FIXED_BASE_MIN_BASES_PER_THREAD = 4;

// Threads per vector: enough that the launch covers every SM about
// 1024 threads deep (the accumulators' registers let 256–512 be resident,
// so the tail of uneven warps is short), but each with at least
// FIXED_BASE_MIN_BASES_PER_THREAD bases.
inline uint32_t fixed_base_parts(uint32_t count, uint32_t vectors) {
    const size_t target = size_t(multiprocessors()) * 1024;
    const size_t wanted = (target + vectors - 1) / std::max(vectors, 1u);
    const size_t most = std::max<size_t>(1, count / FIXED_BASE_MIN_BASES_PER_THREAD);
    return uint32_t(std::max<size_t>(1, std::min(wanted, most)));
}

// Enqueues the sums of `vectors` vectors of `count` canonical scalars
// (vector v at scalars + v·count·8 words) over the table's bases
// [first, first + count) into sums[0, vectors) on `stream`.
template <class C>
void enqueue_fixed_base(const typename curve_traits<C>::affine_t* table, const fixed_base_layout& l,
                        const uint32_t* scalars, uint32_t first, uint32_t count, uint32_t vectors,
                        typename curve_traits<C>::bucket_t* sums, cudaStream_t stream) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    constexpr uint32_t BLOCK = 128;
    uint32_t parts = fixed_base_parts(count, vectors);
    device_buffer<bucket_t> partials(size_t(vectors) * parts, stream);
    fixed_base_accumulate<C><<<blocks_for(partials.size(), BLOCK), BLOCK, 0, stream>>>(
        table_entries<C>(table, l), l, scalars, first, count, vectors, parts, partials.get());
    GPUKIT_LAUNCHED("fixed_base_accumulate");
    trace_mark("fixed-base accumulate");
    while (parts > 1) {
        const uint32_t groups = (parts + PARTIAL_GROUP - 1) / PARTIAL_GROUP;
        bucket_t* out = sums;
        device_buffer<bucket_t> next;
        if (groups > 1) {
            next = device_buffer<bucket_t>(size_t(vectors) * groups, stream);
            out = next.get();
        }
        sum_partials<C><<<blocks_for(size_t(vectors) * groups, 64), 64, 0, stream>>>(partials.get(), vectors, parts,
                                                                                     out);
        GPUKIT_LAUNCHED("sum_partials");
        partials = std::move(next);
        parts = groups;
    }
    if (partials.get())  // a single part per vector: its partials are the sums
        GPUKIT_CUDA(cudaMemcpyAsync(sums, partials.get(), partials.bytes(), cudaMemcpyDeviceToDevice, stream));
    trace_mark("fixed-base partial sums");
}

}  // namespace gpukit
