// The shape of an MSM as the pipeline cuts it: windows of c bits, the
// buckets of a window, and the units (bucket sets of a vector) that a pass
// covers. Host and device; no CUDA runtime, so the host tests compile it
// with g++ (cuda/tests/shim/plan_shim.cpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include "../../ff/common.cuh"

namespace gpukit {

// Signed digits (recode.cuh) carry one bit past the top of the scalar:
// ceil((bits + 1) / c) windows.
GPUKIT_HD constexpr uint32_t window_count(uint32_t scalar_bits, uint32_t c) {
    return (scalar_bits + 1 + c - 1) / c;
}

GPUKIT_HD constexpr uint32_t buckets_per_window(uint32_t c) { return 1u << (c - 1); }

// The bits the top window of `scalar_bits`-bit scalars holds at window c,
// the signed digits' carry included: its digits take about 2^(bits-1)
// values, so the fewer it holds, the fewer buckets its unit's items share.
GPUKIT_HD constexpr uint32_t top_window_bits(uint32_t scalar_bits, uint32_t c) {
    return scalar_bits + 1 - c * (window_count(scalar_bits, c) - 1);
}

// The shape of one enqueued MSM pass: `batch` scalar vectors of n scalars
// (vector v at scalars + v·n·8 words) over one set of bases, whose base i
// may carry `copies` precomputed multiples, copy k = 2^(k·c)·P_i at
// bases[k·stride + i] (copies = 1: the bases alone).
//
// Windows w = s·copies + k share a bucket set: window w's digit d adds
// d·2^(w·c)·P = d·2^(s·copies·c)·(copy k), so the copies fold `copies`
// windows into one "set" whose weight is 2^(s·copies·c). A vector then has
// sets = ceil(windows / copies) bucket sets instead of `windows`: with every
// window precomputed it is one set, one reduction and no doublings. Each
// (vector, set) is a unit, u = v·sets + s, and a pass covers a range of
// units: the vector index is part of the sort key, so a whole batch of small
// MSMs is recoded, sorted, accumulated and reduced in the same launches.
struct msm_shape {
    uint32_t n, batch, c, copies, stride;

    GPUKIT_HD uint32_t windows(uint32_t scalar_bits) const { return window_count(scalar_bits, c); }
    GPUKIT_HD uint32_t sets(uint32_t scalar_bits) const { return (windows(scalar_bits) + copies - 1) / copies; }
    GPUKIT_HD uint32_t units(uint32_t scalar_bits) const { return batch * sets(scalar_bits); }
    // Pairs one unit writes: a slot for every copy of every point, zero
    // digits included (they sort past the buckets).
    GPUKIT_HD size_t pairs_per_unit() const { return size_t(n) * copies; }
    // Bits between the weights of consecutive sets.
    GPUKIT_HD uint32_t set_shift() const { return c * copies; }
};

// Bits a value below `bound` needs (0 for bound <= 1).
GPUKIT_HD constexpr uint32_t bits_below(uint64_t bound) {
    uint32_t bits = 0;
    while (bound > (uint64_t(1) << bits)) bits++;
    return bits;
}

// Where a pass's narrow keys (recode.cuh's narrow_pair_keys) put the unit in
// a pair's value: above the largest copy index, copies·stride - 1.
GPUKIT_HD constexpr uint32_t narrow_unit_shift(const msm_shape& shape) {
    const uint32_t bits = bits_below(uint64_t(shape.copies) * shape.stride);
    return bits > 0 ? bits : 1;
}

// Whether a pass of `group` units can sort 16-bit keys: the bucket and the
// zero-digit flag fit 16 bits (c <= 16), and the copy's index, the unit and
// the sign fit the 32-bit value.
GPUKIT_HD constexpr bool narrow_keys_fit(const msm_shape& shape, uint32_t group) {
    return shape.c <= 16 && narrow_unit_shift(shape) + bits_below(group) < 32;
}

}  // namespace gpukit
