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

// Cost of window c in units of one mixed addition, for n points:
//   windows · (n · (1 + SORT) + B · PER_BUCKET)
// Accumulation adds each point once per window; sorting a pair costs about a
// tenth of a mixed addition (three 8-byte radix passes against ~10 field
// multiplications). A bucket costs its sum's store and load and the two full
// additions of the running-sum reduction, at a lower occupancy than the
// accumulation: about 9 mixed additions on the H100 (BLS12-381 G1, c = 16:
// 6 ms of reduction for 2^19 buckets against 1.26 ns per mixed addition).
// The dispatcher prefers the calibrated table (src/tuning.rs) where it has
// the size; this model covers the rest.
inline uint32_t auto_window(uint32_t scalar_bits, uint32_t max_window, size_t n) {
    const double SORT = 0.1, PER_BUCKET = 10.0;
    uint32_t best = 1;
    double best_cost = 0;
    for (uint32_t c = 1; c <= max_window; c++) {
        double cost = double(window_count(scalar_bits, c)) *
                      (double(n) * (1.0 + SORT) + double(buckets_per_window(c)) * PER_BUCKET);
        if (c == 1 || cost < best_cost) {
            best = c;
            best_cost = cost;
        }
    }
    return best;
}

// Device bytes one pass over `group` windows of n points needs beyond the
// bases and scalars: the pair buffers and sort scratch, the bucket ranges and
// sums, the accumulation's per-run partials (at most a resident wave, bounded
// here by 2^18 runs) and the reduction's chunk shares.
inline size_t group_bytes(size_t n, uint32_t c, uint32_t group, size_t bucket_bytes) {
    const size_t pairs = n * group, buckets = size_t(group) * buckets_per_window(c);
    const size_t sort = pairs * 4 * sizeof(uint32_t) + pairs * sizeof(uint32_t) / 2;
    const size_t ranges = buckets * 2 * sizeof(uint32_t);
    const size_t sums = buckets * bucket_bytes;
    const size_t runs = std::min(pairs, size_t(1) << 18) * (2 * bucket_bytes + 2 * sizeof(uint32_t));
    const size_t reduce = reduce_bytes(buckets_per_window(c), group, bucket_bytes);
    return sort + ranges + sums + runs + reduce + (64u << 20);  // + slack for CUB and the allocator
}

// Positions in the sorted pairs are 32-bit: one pass sorts at most 2^31 pairs.
constexpr size_t MAX_PAIRS_PER_PASS = size_t(1) << 31;

// The largest number of windows per pass that fits in `budget` bytes, or 0
// when not even one window does.
inline uint32_t windows_per_pass(size_t n, uint32_t c, uint32_t windows, size_t bucket_bytes, size_t budget) {
    uint32_t group = windows;
    while (group > 0 && (group_bytes(n, c, group, bucket_bytes) > budget || n * group >= MAX_PAIRS_PER_PASS)) group--;
    return group;
}

}  // namespace gpukit
