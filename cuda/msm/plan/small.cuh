// Which MSMs take the small path (small_msm.cuh) instead of the sorted
// pipeline. Host only; g++ compiles it for the host tests
// (cuda/tests/shim/plan_shim.cpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include "../../runtime/env.cuh"
#include "shape.cuh"

namespace gpukit {

// Pairs a unit may have on the small path. Its warps read every key of
// their unit, and a bucket's items are added ~items / 32 deep: on the H100
// it was the faster path up to 2^11 points on BN254, BLS12-381 G1 and
// secp256k1, even with 2^12, and 10-30 % slower at 2^13, where the sorted
// pipeline's balanced runs pay for its fixed latency (bench/NOTES.md, v18a).
constexpr size_t SMALL_MAX_PAIRS = size_t(1) << 11;
// Its window for whole scalars where the call leaves it open and no
// calibrated one applies (src/tuning.rs starts at 2^10): c = 4 ran fastest
// from 2^8 to 2^11 on BN254, BLS12-381 G1 and secp256k1 (c = 5 up to 1.5x
// slower: a 1- or 2-bit top window splits its unit between two buckets;
// v18a).
constexpr uint32_t SMALL_WINDOW = 4;

// The split's window where the call leaves it open (glv_msm.cuh): of 4 and
// 5, the one whose top window holds more of the split's bits, 4 on a tie.
// The split's 2n pairs crowd a unit, so the top window's few buckets set
// the call's depth: on the H100 BN254's halves (127 bits: 4 bits on top at
// c = 4, 3 at c = 5) ran 0.08 ms faster at c = 4 at 2^10 and 2^11, and
// secp256k1's (129: 2 and 5) 0.05–0.12 ms faster at c = 5 (bench/NOTES.md,
// v29e); the calibrated windows are whole scalars' and do not apply.
constexpr uint32_t glv_small_window(uint32_t split_bits) {
    return top_window_bits(split_bits, 5) > top_window_bits(split_bits, 4) ? 5 : 4;
}

// The widest window it takes: a unit's 2^(c-1) bucket sums are weighed by
// one warp, 2^(c-6) of them a lane from c = 6 on.
constexpr uint32_t SMALL_MAX_WINDOW = 10;

// Keys a segment of a unit holds at least (small_segments): units of whole
// scalars (at most SMALL_MAX_PAIRS) stay one segment, and the split's units
// (small_glv_fits) take two from 2^12 pairs and four from 2^13. On the H100
// segments of 512, 1024 and 2048 keys were level within the calls' spread
// for the split at 2^10 and 2^11 points, and two segments of 2^10 slowed
// whole BN254 and secp256k1 scalars at 2^11 by ~0.1 ms (bench/NOTES.md,
// v29b).
constexpr size_t SMALL_SEGMENT_PAIRS = 2048;

// GPUKIT_SMALL_SEGMENT (read once per process) sets SMALL_SEGMENT_PAIRS,
// for benchmarks.
inline size_t small_segment_pairs() {
    static const size_t pairs = [] {
        const size_t v = env_count("GPUKIT_SMALL_SEGMENT", SMALL_SEGMENT_PAIRS);
        return v > 0 ? v : SMALL_SEGMENT_PAIRS;
    }();
    return pairs;
}

// Segments a unit of `per_unit` pairs is cut into on the small path, at
// least `least` keys each: 1, 2 or 4. A bucket's items are added
// ~items / (32·segments) deep, plus log2(segments) additions of the
// segments; a top window of few values (BN254's split scalars at c = 5 hold
// 4 of 16 buckets) makes a bucket hold several times the others' items, and
// its depth is the call's.
inline uint32_t small_segments(size_t per_unit, size_t least) {
    return per_unit >= 4 * least ? 4 : per_unit >= 2 * least ? 2 : 1;
}

// Keys a segment keeps at least where segments are added to fill the
// device (idle_segments).
constexpr size_t SMALL_IDLE_SEGMENT_PAIRS = 1024;

// The segments of small_segments, doubled (up to 4) while the bucket warps
// (buckets × segments) would still have a sub-partition each of the
// device's `sub_partitions` and every segment keeps SMALL_IDLE_SEGMENT_PAIRS
// keys: a warp's chain runs at its sub-partition's multiplier whatever its
// lanes do, so a sub-partition left idle is time lost. On the H100, BN254's
// split at 2^10 (256 bucket warps of 2,048 keys for 528 sub-partitions) took
// 0.07 ms of bucket sums instead of 0.10 in two segments of 1,024, and its
// call ~0.02 ms less; secp256k1's 416 warps would have made 832 and gained
// nothing (bench/NOTES.md v30c).
inline uint32_t idle_segments(uint32_t segments, size_t per_unit, size_t buckets, size_t sub_partitions) {
    while (segments < 4 && buckets * segments * 2 <= sub_partitions &&
           per_unit >= size_t(segments) * 2 * SMALL_IDLE_SEGMENT_PAIRS)
        segments *= 2;
    return segments;
}

// GPUKIT_SMALL_MSM (read once per process) sets the most pairs a unit may
// have on the small path, for benchmarks: 0 turns it off.
inline size_t small_msm_max_pairs() {
    static const size_t limit = env_count("GPUKIT_SMALL_MSM", SMALL_MAX_PAIRS);
    return limit;
}

// One vector whose units are small enough, at a window the weighing takes.
inline bool small_msm_fits(const msm_shape& shape, size_t max_pairs) {
    return shape.batch == 1 && shape.c <= SMALL_MAX_WINDOW && shape.pairs_per_unit() <= max_pairs;
}

// The shape of the MSM of n points at window c split by an endomorphism
// (glv_msm.cuh): 2n scalars of half the bits.
inline msm_shape glv_split_shape(uint32_t n, uint32_t c) { return msm_shape{2 * n, 1, c, 1, 2 * n}; }

// Whether the split of n points at window c takes the small path: up to
// twice the points it takes whole, whose split units hold 2n ≤ 4·max_pairs
// pairs (four segments from 2^12 points). On the H100 the split at 2^11 ran
// level with whole scalars to 0.27 ms faster on the small path, and through
// the sorted pipeline 0.05–0.1 ms slower (bench/NOTES.md, v29a, v29d); at
// 2^12 the whole scalars leave the small path for the sorted pipeline
// (v30a measures the split against it). The bound on n keeps 2n from
// overflowing.
inline bool small_glv_fits(uint32_t n, uint32_t c, size_t max_pairs) {
    return n < (1u << 30) && small_msm_fits(glv_split_shape(n, c), 4 * max_pairs);
}

}  // namespace gpukit
