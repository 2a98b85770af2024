// Fixed-base tables for small resident bases (a Verkle basis of 256 points,
// a KZG setup of 4096): every base P carries its
// multiples  e·2^(j·w)·P  for every window j of w-bit signed digits and every
// digit e = 1..2^(w-1). An MSM over the bases then needs no sort, no buckets
// and no reduction: each scalar's digits pick table entries, and one
// accumulator per thread adds them (fixed_base_msm.cuh). The work per vector
// of n scalars is n · windows mixed additions, against Pippenger's
// n · windows plus a per-vector sort and a 2^c-bucket reduction that dominate
// small vectors (a batch of 65,536 Verkle commitments is 65,536 reductions).
#pragma once
#include <algorithm>
#include "../curve_traits.cuh"
#include "../ec/point_calls.cuh"
#include "../ec/table_entry.cuh"
#include "../ec/wide_access.cuh"
#include "../ff/invert_together.cuh"
#include "../runtime/device_buffer.cuh"
#include "plan/fixed_base.cuh"
#include "recode.cuh"
#include "shifted_bases.cuh"

namespace gpukit {

// What a table of curve C stores per multiple (table_entry.cuh).
template <class C>
using table_entry_t = typename table_entry<typename curve_traits<C>::affine_t>::type;

// The entries of a table whose plain row of bases begins at `table`
// (plan/fixed_base.cuh). Every point and entry type is a multiple of 16
// bytes, so the entries keep the allocation's 16-byte alignment.
template <class C>
__host__ __device__ table_entry_t<C>* table_entries(typename curve_traits<C>::affine_t* table,
                                                    const fixed_base_layout& l) {
    return reinterpret_cast<table_entry_t<C>*>(table + l.row);
}
template <class C>
__host__ __device__ const table_entry_t<C>* table_entries(const typename curve_traits<C>::affine_t* table,
                                                          const fixed_base_layout& l) {
    return reinterpret_cast<const table_entry_t<C>*>(table + l.row);
}

template <class C>
size_t fixed_base_bytes(uint32_t count, uint32_t digit_bits) {
    return fixed_base_layout_for(curve_traits<C>::SCALAR_BITS, digit_bits, count)
        .bytes(sizeof(typename curve_traits<C>::affine_t), sizeof(table_entry_t<C>));
}

// The digit width of an automatic table for `count` bases of curve C in
// `allowance` bytes (plan/fixed_base.cuh's fitting_digit_bits).
template <class C>
uint32_t fitting_digits(uint32_t count, size_t allowance, uint32_t lowest) {
    return fitting_digit_bits(curve_traits<C>::SCALAR_BITS, count, sizeof(typename curve_traits<C>::affine_t),
                              sizeof(table_entry_t<C>), allowance, lowest);
}

// Entries one thread of fixed_digit_multiples computes in a run: each costs
// a mixed addition, and the run shares one inversion (Montgomery's trick)
// across them, 16 at a time.
constexpr uint32_t DIGIT_RUN = 16;

// Entries (j, e, i) for e in the thread's run [e0, e0 + DIGIT_RUN), from
// A = 2^(j·w)·P_i at shifted[j·row + i]: e0·A by double-and-add, then one
// mixed addition per entry, all normalised with one inversion. One thread
// per (base, window, run), runs fastest, so that a warp writes contiguous
// entries.
template <class C>
__global__ void fixed_digit_multiples(table_entry_t<C>* entries, const typename curve_traits<C>::affine_t* shifted,
                                      fixed_base_layout l) {
    using T = curve_traits<C>;
    using affine_t = typename T::affine_t;
    using bucket_t = typename T::bucket_t;
    using field_t = typename bucket_t::field_t;
    constexpr uint32_t RUN = DIGIT_RUN;
    const uint32_t runs = (l.entries + RUN - 1) / RUN;
    const size_t id = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (id >= size_t(l.row) * l.windows * runs) return;
    const uint32_t run = uint32_t(id % runs), j = uint32_t(id / runs % l.windows), i = uint32_t(id / runs / l.windows);
    const uint32_t e0 = run * RUN + 1, count = min(RUN, l.entries - run * RUN);
    const affine_t a = load_wide(shifted + size_t(j) * l.row + i);

    bucket_t s = bucket_t::identity();
    for (int bit = 31 - __clz(e0); bit >= 0; bit--) {
        s = double_point(s);
        if ((e0 >> bit) & 1) s = s.add_affine(a);
    }
    bucket_t points[RUN];
    for (uint32_t t = 0; t < count; t++) {
        points[t] = s;
        s = s.add_affine(a);
    }
    invert_together<RUN, field_t>(
        count, [&](uint32_t t) { return points[t].denominator(); },
        [&](uint32_t t, const field_t& own) {
            store_wide(entries + l.index(j, e0 + t, i),
                       table_entry<affine_t>::from_affine(points[t].to_affine_given(own)));
        });
}

// Fills the table of `l` whose plain row holds the bases (Montgomery form,
// decoded): the shifted copies 2^(j·w)·P in a work buffer, then every
// digit's multiples of them.
template <class C>
void build_fixed_base_table(typename curve_traits<C>::affine_t* table, const fixed_base_layout& l,
                            cudaStream_t stream) {
    using affine_t = typename curve_traits<C>::affine_t;
    if (l.row == 0) return;
    device_buffer<affine_t> shifted(size_t(l.windows) * l.row, stream);
    GPUKIT_CUDA(cudaMemcpyAsync(shifted.get(), table, size_t(l.row) * sizeof(affine_t), cudaMemcpyDeviceToDevice,
                                stream));
    precompute_shifts<C>(shifted.get(), l.row, l.windows, l.digit_bits, stream);
    constexpr uint32_t BLOCK = 64;
    const size_t threads = size_t(l.row) * l.windows * ((l.entries + DIGIT_RUN - 1) / DIGIT_RUN);
    fixed_digit_multiples<C><<<blocks_for(threads, BLOCK), BLOCK, 0, stream>>>(table_entries<C>(table, l),
                                                                               shifted.get(), l);
    GPUKIT_LAUNCHED("fixed_digit_multiples");
    GPUKIT_CUDA(cudaStreamSynchronize(stream));
}

}  // namespace gpukit
