// The window c when the caller leaves it to us: the c that minimises a
// cost model of accumulation and reduction, with or without precomputed
// copies of the bases. Host only; g++ compiles it for the host tests
// (cuda/tests/shim/plan_shim.cpp).
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include "shape.cuh"

namespace gpukit {

// Cost of window c in units of one mixed addition, for n points whose bases
// carry `copies` precomputed copies (1 = none; msm_shape, shape.cuh), with
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

// The window of a one-shot pass of n points split by the endomorphism into
// 2n halves of `split_bits` and run through the sorted pipeline
// (msm/glv_msm.cuh, glv_route::sorted), where the call leaves it open: of
// c in [8, 11] below 2^18 points and in [13, 16] from 2^18, the one whose
// top window holds the largest share of its c bits, the fewer windows on a
// tie. A top window of few bits spends a window's reduction and a unit's
// launches on a handful of buckets. On an H200, BN254's halves (127 bits:
// 16 windows of 8, 8 of 16, both full) at c = 4 … 16 ran fastest or within
// the spread of one process at c = 8 from 2^13 to 2^17 (2^14: 0.76 ms,
// against 0.79 at the cost model's c = 10 and 1.17 at whole scalars'
// calibrated c = 5) and at c = 16 from 2^18 to 2^20 (2^18: 2.88 ms;
// bench/NOTES.md v35a).
constexpr uint32_t glv_sorted_window(uint32_t split_bits, uint32_t n) {
    const uint32_t lo = n < (1u << 18) ? 8 : 13;
    uint32_t best = lo;
    for (uint32_t c = lo + 1; c <= lo + 3; c++)
        if (top_window_bits(split_bits, c) * best >= top_window_bits(split_bits, best) * c) best = c;
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

}  // namespace gpukit
