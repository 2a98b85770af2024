// How many units (bucket sets) one pass can take within the device's
// memory. Host only; g++ compiles it for the host tests
// (cuda/tests/shim/plan_shim.cpp).
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include "reduction.cuh"
#include "shape.cuh"

namespace gpukit {

// Device bytes one pass over `group` units (bucket sets) of `unit_pairs`
// pairs each needs beyond the bases and scalars: the pair buffers and sort
// scratch (with the batch-affine lane layout's rounding, at most a lane per
// 8 items and under 2^23 slots for a wave of up to 256 SMs), the buckets'
// ends and sums, the accumulation's per-run partials (at most a resident
// wave, bounded here by 2^18 runs) and the reduction's chunk shares.
inline size_t group_bytes(size_t unit_pairs, uint32_t c, uint32_t group, size_t bucket_bytes) {
    const size_t pairs = unit_pairs * group, buckets = size_t(group) * buckets_per_window(c);
    const size_t lane_rounding = std::min(pairs / 8 + 64, size_t(1) << 23);
    const size_t sort = (pairs + lane_rounding) * 4 * sizeof(uint32_t) + pairs * sizeof(uint32_t) / 2;
    const size_t ends = buckets * sizeof(uint32_t);
    const size_t sums = buckets * bucket_bytes;
    const size_t runs = std::min(pairs, size_t(1) << 18) * (2 * bucket_bytes + 4 * sizeof(uint32_t));
    const size_t reduce = reduce_bytes(buckets_per_window(c), group, bucket_bytes);
    return sort + ends + sums + runs + reduce + (64u << 20);  // + slack for CUB and the allocator
}

// Positions in the sorted pairs are 32-bit: one pass sorts at most 2^31
// pairs. Keys are 32-bit too: the unit above the c bits of a window's
// bucket and its zero-digit flag (recode.cuh's pair_keys), 2·buckets of
// the pass, below the laid-out keys' LANE_LAST bit (2^31).
constexpr size_t MAX_PAIRS_PER_PASS = size_t(1) << 31;
constexpr size_t MAX_BUCKETS_PER_PASS = size_t(1) << 30;

// The largest number of units per pass that fits in `budget` bytes, or 0
// when not even one unit does.
inline uint32_t units_per_pass(size_t unit_pairs, uint32_t c, uint32_t units, size_t bucket_bytes, size_t budget) {
    uint32_t group = units;
    while (group > 0 && (group_bytes(unit_pairs, c, group, bucket_bytes) > budget ||
                         unit_pairs * group >= MAX_PAIRS_PER_PASS ||
                         size_t(group) * buckets_per_window(c) >= MAX_BUCKETS_PER_PASS))
        group = std::min(group - 1, group / 2 + 1);
    return group;
}

}  // namespace gpukit
