// Which MSMs take the small path (small_msm.cuh) instead of the sorted
// pipeline. Host only; g++ compiles it for the host tests
// (cuda/tests/shim/plan_shim.cpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include "shape.cuh"

namespace gpukit {

// Pairs a unit may have on the small path. Its warps read every key of
// their unit, and a bucket's items are added ~items / 32 deep: on the H100
// it was the faster path up to 2^11 points on BN254, BLS12-381 G1 and
// secp256k1, even with 2^12, and 10-30 % slower at 2^13, where the sorted
// pipeline's balanced runs pay for its fixed latency (bench/NOTES.md, v18a).
constexpr size_t SMALL_MAX_PAIRS = size_t(1) << 11;
// Its window where the call leaves it open and no calibrated one applies
// (src/tuning.rs starts at 2^10): c = 4 ran fastest from 2^8 to 2^11 on
// BN254, BLS12-381 G1 and secp256k1 (c = 5 up to 1.5x slower: a 1- or 2-bit
// top window splits its unit between two buckets; v18a).
constexpr uint32_t SMALL_WINDOW = 4;
// The widest window it takes: a unit's 2^(c-1) bucket sums are weighed by
// one warp, 2^(c-6) of them a lane from c = 6 on.
constexpr uint32_t SMALL_MAX_WINDOW = 10;

// GPUKIT_SMALL_MSM (read once per process) sets the most pairs a unit may
// have on the small path, for benchmarks: 0 turns it off.
inline size_t small_msm_max_pairs() {
    static const size_t limit = [] {
        const char* v = std::getenv("GPUKIT_SMALL_MSM");
        if (!v || !*v) return SMALL_MAX_PAIRS;
        char* end = nullptr;
        const unsigned long long parsed = std::strtoull(v, &end, 10);
        return *end == '\0' ? size_t(parsed) : SMALL_MAX_PAIRS;
    }();
    return limit;
}

// One vector whose units are small enough, at a window the weighing takes.
inline bool small_msm_fits(const msm_shape& shape, size_t max_pairs) {
    return shape.batch == 1 && shape.c <= SMALL_MAX_WINDOW && shape.pairs_per_unit() <= max_pairs;
}

}  // namespace gpukit
