// How an MSM is cut up: the window c when the caller leaves it to us, and how
// many windows (and points) one pass can take within the device's memory.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include "recode.cuh"
#include "bucket_accumulate.cuh"
#include "bucket_reduce.cuh"

namespace gpukit {

// Cost of window c in units of one mixed addition, for n points whose bases
// carry `copies` precomputed copies (1 = none; recode.cuh), with
// sets = ceil(windows / copies) bucket sets:
//   sets · (n · copies · (1 + SORT) + B · PER_BUCKET)
// Accumulation adds each point once per window; sorting a pair costs about a
// tenth of a mixed addition (three 8-byte radix passes against ~10 field
// multiplications). A bucket costs its sum's store and load and the two full
// additions of the running-sum reduction, at a lower occupancy than the
// accumulation: about 9 mixed additions on the H100 (BLS12-381 G1, c = 16:
// 6 ms of reduction for 2^19 buckets against 1.26 ns per mixed addition).
// The dispatcher prefers the calibrated table (src/tuning.rs) where it has
// the size; this model covers the rest.
inline double window_cost(uint32_t scalar_bits, uint32_t c, size_t n, uint32_t copies) {
    const double SORT = 0.1, PER_BUCKET = 10.0;
    const uint32_t windows = window_count(scalar_bits, c);
    copies = std::max(1u, std::min(windows, copies));
    const uint32_t sets = (windows + copies - 1) / copies;
    return double(n) * copies * sets * (1.0 + SORT) + double(sets) * buckets_per_window(c) * PER_BUCKET;
}

inline uint32_t auto_window(uint32_t scalar_bits, uint32_t max_window, size_t n) {
    uint32_t best = 1;
    for (uint32_t c = 2; c <= max_window; c++)
        if (window_cost(scalar_bits, c, n, 1) < window_cost(scalar_bits, best, n, 1)) best = c;
    return best;
}

// With precomputed copies (resident bases) the same model applies with the
// copies folded in: `copies` windows share a bucket set, so a vector of n
// points costs n · copies · sets pairs (about n per window, whatever c) and
// sets = ceil(windows / copies) reductions. Every precomputed window drops a
// reduction, so the best c is larger than without copies (BN254 at 2^24 with
// every window stored: c = 20 to 22, against 16 to 18). `copies_for(c)` is
// how many copies memory allows at window c.
template <class CopiesFor>
inline uint32_t auto_precomputed_window(uint32_t scalar_bits, uint32_t max_window, size_t n, CopiesFor copies_for) {
    uint32_t best = 1;
    double best_cost = window_cost(scalar_bits, 1, n, copies_for(1));
    for (uint32_t c = 2; c <= max_window; c++) {
        const double cost = window_cost(scalar_bits, c, n, copies_for(c));
        if (cost < best_cost) {
            best = c;
            best_cost = cost;
        }
    }
    return best;
}

// Device bytes one pass over `group` units (bucket sets) of `unit_pairs`
// pairs each needs beyond the bases and scalars: the pair buffers and sort
// scratch, the bucket ranges and sums, the accumulation's per-run partials
// (at most a resident wave, bounded here by 2^18 runs) and the reduction's
// chunk shares.
inline size_t group_bytes(size_t unit_pairs, uint32_t c, uint32_t group, size_t bucket_bytes) {
    const size_t pairs = unit_pairs * group, buckets = size_t(group) * buckets_per_window(c);
    const size_t sort = pairs * 4 * sizeof(uint32_t) + pairs * sizeof(uint32_t) / 2;
    const size_t ranges = buckets * 2 * sizeof(uint32_t);
    const size_t sums = buckets * bucket_bytes;
    const size_t runs = std::min(pairs, size_t(1) << 18) * (2 * bucket_bytes + 2 * sizeof(uint32_t));
    const size_t reduce = reduce_bytes(buckets_per_window(c), group, bucket_bytes);
    return sort + ranges + sums + runs + reduce + (64u << 20);  // + slack for CUB and the allocator
}

// Positions in the sorted pairs are 32-bit: one pass sorts at most 2^31
// pairs; keys are 32-bit too, with one key past the pass's buckets.
constexpr size_t MAX_PAIRS_PER_PASS = size_t(1) << 31;
constexpr size_t MAX_BUCKETS_PER_PASS = size_t(1) << 31;

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
