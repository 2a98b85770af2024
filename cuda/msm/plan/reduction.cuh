// The sizes of the bucket reduction (bucket_reduce.cuh): the chunks, when a
// group weighs its buckets directly or by planes, and the device bytes it
// needs.
// Host only, apart from chunks_of, which the kernels share; g++ compiles it
// for the host tests (cuda/tests/shim/plan_shim.cpp).
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include "../../ff/common.cuh"
#include "../../runtime/env.cuh"

namespace gpukit {

// The fewest buckets a chunk takes. A chunk's length is chosen per group
// (chunk_length): the chunk kernels' threads each walk a chain of 2·K
// dependent additions, and the chains' latency, not the multiplier's rate,
// bounds them (28 % of the issue slots busy at 2^24, bench/NOTES.md v24c).
// So the group's chunks are made as many as a share of one wave
// (CHUNK_WAVE_SHARE): fixed chunks of 32 gave BN254 at 2^24 (2^21 buckets)
// 1.3 waves of 64-deep chains, two waves' time, and a 2^22-point group a
// third of a wave.
// Below 8 the offsets' double-and-add (~1.5·log2(B) additions a chunk)
// outweighs the chain it shortens.
constexpr uint32_t MIN_CHUNK = 8;

GPUKIT_HD inline uint32_t chunks_of(uint32_t values, uint32_t chunk) { return (values + chunk - 1) / chunk; }

// The chunk length for `group` windows of B buckets given `resident`
// threads of the chunk kernels (their wave over CHUNK_WAVE_SHARE): the
// shortest (at least MIN_CHUNK) for which every window's chunks, a thread
// each, fit in them, each window taking resident / group threads.
inline uint32_t chunk_length(uint32_t buckets, uint32_t group, size_t resident) {
    const size_t per_window = std::max<size_t>(1, resident / std::max(group, 1u));
    const size_t chunk = (buckets + per_window - 1) / per_window;
    return uint32_t(std::max<size_t>(MIN_CHUNK, chunk));
}

// The share of the chunk kernels' wave their chunks take: chunk_length is
// given resident / CHUNK_WAVE_SHARE threads. Fewer chunks pay fewer
// offsets (each ~log2(B) doublings and additions) for longer chains; with
// the offsets summed by warps (chunk_warp_sums, uncapped: 2.5 warps a
// sub-partition on BN254, 2 on BLS12-381 G1) the whole wave did best:
// shares 1 / 2 / 4 reduced BN254 resident 2^24 in 1.78 / 1.77 / 2.41 ms,
// 2^22 0.65 / 0.66 / 0.77, BLS12-381 G1 resident 2^24 3.35 / 4.40 / 8.10,
// BLS12-381 G2 one-shot 2^20 4.00 / 4.62 / 7.91 (bench/NOTES.md v54a).
constexpr uint32_t CHUNK_WAVE_SHARE = 1;

// CHUNK_WAVE_SHARE, or GPUKIT_CHUNK_WAVE_SHARE (read once per process, at
// least 1) for benchmarks.
inline uint32_t chunk_wave_share() {
    static const uint32_t share = uint32_t(std::max<size_t>(1, env_count("GPUKIT_CHUNK_WAVE_SHARE", CHUNK_WAVE_SHARE)));
    return share;
}

// Values a warp of the window sums adds (sum_warps, chunk_warp_sums): one a
// lane, then the warp's sum, its additions spread over the lanes where the
// sums spread (ec/spread_sum.cuh).
constexpr uint32_t WARP_SUM_VALUES = 32;

// A window's chunk slots: its chunks rounded up to whole warps, so that
// chunk_warp_sums' warps each take 32 chunks of one window (the slots past
// the last chunk hold the identity).
GPUKIT_HD inline uint32_t chunk_slots(uint32_t chunks) {
    return (chunks + WARP_SUM_VALUES - 1) / WARP_SUM_VALUES * WARP_SUM_VALUES;
}

// Values the levels of sum_per_window hold beside its input of `values` a
// window: a warp's sum for every 32 values, level after level, down to one.
inline size_t warp_sum_level_values(size_t values) {
    size_t held = 0;
    while (values > 1) {
        values = (values + WARP_SUM_VALUES - 1) / WARP_SUM_VALUES;
        held += values;
    }
    return held;
}

// At most this many buckets in a group (windows × B) are weighed one by one:
// j·S_j by double-and-add on a thread per bucket, then a sum per window.
// That is ~1.5·log2(B) additions a bucket instead of the chunks' ~2, but
// only ~log2(B) of them in sequence instead of a chunk's 2·K and then ~1.5·log2(B)
// more for the chunk's offset. Small MSMs are latency: a dependent addition
// takes ~8 µs on one H100 thread, so the chunks' 64-deep chains were most of
// a 2^16-point call's 0.7 ms of reduction, while 2^15 buckets' extra
// additions are ~0.1 ms of throughput.
constexpr uint32_t DIRECT_WEIGHT_MAX_BUCKETS = 1u << 15;

inline bool weighs_directly(uint32_t buckets, uint32_t group) {
    return size_t(buckets) * group <= DIRECT_WEIGHT_MAX_BUCKETS;
}

// The bucket reduction by planes (bucket_reduce.cuh plane_sums): a window
// of B = 2^(c-1) buckets has c planes, plane b < c - 1 holding the B/2
// buckets whose index has bit b set. plane_sums' warps each sum a part of a
// plane, a lane adding its members in sequence; the plane's `ways` parts
// are then summed and doubled b times, and a window's c results added.
// Up to 2^9 buckets (c = 10) that is one stage: a warp a part doubles its
// own part, and add_planes' warp holds every part of a window (the planes
// rounded up to a power of two, plane_lanes, times ways, ≤ 32), each lane
// of plane_sums adding PLANE_LANE_BUCKETS members, or up to four where the
// warp holds no more ways. Wider windows take two stages: plane_sums'
// parts undoubled, PLANE_WIDE_LANE_BUCKETS a lane, then plane_totals sums a
// plane's parts (a warp a plane, at most PLANE_WIDE_LANE_BUCKETS a lane)
// and doubles the plane's total instead of each part: BN254 at 2^15
// points, resident (one set of B buckets), took 0.09 ms to reduce c = 10 by
// planes and 0.22–0.41 ms for c = 11–16 weighed bucket by bucket
// (bench/NOTES.md v53).
constexpr uint32_t PLANE_LANE_BUCKETS = 2;
// The largest windows reduced in one stage: 2^9 buckets (c = 10), whose
// planes of 256 buckets take two warps of 4 a lane.
constexpr uint32_t PLANE_ONE_STAGE_BUCKETS = 1u << 9;
// Members a lane adds in sequence in the two stages' plane_sums and parts
// a lane adds in plane_totals: a window of 2^15 buckets (c = 16) has
// planes of 2^14 buckets, 128 parts of 128 a plane.
constexpr uint32_t PLANE_WIDE_LANE_BUCKETS = 4;

inline uint32_t plane_count(uint32_t buckets) {
    uint32_t planes = 1;
    while ((1u << (planes - 1)) < buckets) planes++;
    return planes;
}

inline uint32_t plane_lanes(uint32_t buckets) {
    uint32_t lanes = 1;
    while (lanes < plane_count(buckets)) lanes <<= 1;
    return lanes;
}

inline bool planes_in_one_stage(uint32_t buckets) { return buckets <= PLANE_ONE_STAGE_BUCKETS; }

// The warps that sum a plane: in one stage as many as add_planes' warp
// holds; in two, enough for PLANE_WIDE_LANE_BUCKETS members a lane, at most
// 32 · PLANE_WIDE_LANE_BUCKETS (plane_totals' warp), the members a lane
// growing past that (windows wider than c = 16).
inline uint32_t plane_ways(uint32_t buckets) {
    const uint32_t members = std::max(1u, buckets / 2);
    if (planes_in_one_stage(buckets)) {
        const uint32_t per_warp = 32 * PLANE_LANE_BUCKETS;
        return std::max(1u, std::min(32 / plane_lanes(buckets), (members + per_warp - 1) / per_warp));
    }
    const uint32_t per_warp = 32 * PLANE_WIDE_LANE_BUCKETS;
    return std::min(per_warp, (members + per_warp - 1) / per_warp);
}

// GPUKIT_PLANE_REDUCTION=0 (read once per process) weighs every bucket
// instead (weigh_buckets), for benchmarks.
inline bool plane_reduction_on() {
    static const bool on = !env_is_zero("GPUKIT_PLANE_REDUCTION");
    return on;
}

// The most additions of a group's plane sums (windows × c planes × B/2
// buckets) for which planes reduce it: chunks add ~2 a bucket but wait on
// chains of 2K, a flat ~0.46 ms for one set of 2^16 or 2^17 buckets on an
// H200 (BN254; BLS12-381 G1 ~0.9), where planes took 0.11 ms plus 0.36 ns
// an addition (0.03 + 0.94): resident c = 17 (557K additions) 0.31 / 0.56 ms
// against 0.46 / 0.87 by chunks, c = 18 (1.18M) 0.53 / 1.14 against
// 0.48 / 0.91; one-shot c = 13, 20 windows (532K) 0.19 / 0.53 against
// 0.33 / 0.62 (bench/NOTES.md v53d). Three quarters of the fitted break-even
// (~1M), for windows of two stages (more than 2^9 buckets), whose parts of
// 128 buckets pay 5 spread levels; planes of fewer buckets in many windows
// (a batch's) would pay them for a handful, so one stage keeps the direct
// path's bound (2^15 buckets). Only where the sums spread their products
// (ec/spread_sum.cuh spreads_sums): BLS12-381 G2's and Banderwagon's
// one-shot calls at c = 13 ran 10 % and 7 % slower by planes (v53e).
constexpr size_t PLANE_MAX_ADDITIONS = size_t(3) << 18;

inline size_t plane_additions(uint32_t buckets, uint32_t group) {
    return size_t(group) * plane_count(buckets) * std::max(1u, buckets / 2);
}

// PLANE_MAX_ADDITIONS, or GPUKIT_PLANE_MAX_ADDITIONS (read once per
// process) for benchmarks.
inline size_t plane_max_additions() {
    static const size_t most = env_count("GPUKIT_PLANE_MAX_ADDITIONS", PLANE_MAX_ADDITIONS);
    return most;
}

// Whether a group of windows of B buckets is wide enough that its planes'
// additions, not the direct path's bucket count, bound it: two stages, up to
// plane_max_additions.
inline bool planes_by_additions(uint32_t buckets, uint32_t group) {
    return !planes_in_one_stage(buckets) && plane_additions(buckets, group) <= plane_max_additions();
}

// Whether a group of windows of B buckets is reduced by planes: every group
// weighed directly, and, where the sums spread (`spreads`), those bounded
// by their additions.
inline bool weighs_by_planes(uint32_t buckets, uint32_t group, bool spreads) {
    const bool fits = weighs_directly(buckets, group) || (spreads && planes_by_additions(buckets, group));
    return fits && plane_reduction_on();
}

// Device bytes reduce_windows needs for a group of windows of B buckets:
// the direct or the chunked path's, and the planes' parts and totals where
// planes may reduce it on any curve (the most of them).
inline size_t reduce_bytes(uint32_t buckets, uint32_t group, size_t bucket_bytes) {
    size_t values;
    if (weighs_directly(buckets, group)) {
        values = buckets + warp_sum_level_values(buckets);
    } else {
        // The chunks' weighted and plain sums at the shortest chunks, their
        // warps' sums and those sums' levels.
        const size_t slots = chunk_slots(chunks_of(buckets, MIN_CHUNK)), warps = slots / WARP_SUM_VALUES;
        values = 2 * slots + warps + warp_sum_level_values(warps);
    }
    if (weighs_by_planes(buckets, group, true))
        values = std::max<size_t>(values, size_t(plane_count(buckets)) * (plane_ways(buckets) + 1));
    return values * group * bucket_bytes;
}

}  // namespace gpukit
