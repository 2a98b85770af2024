// How one device's scalars are cut into parts whose uploads overlap the
// GPU's work (scalar_pipeline.cuh says why: the lead quarter, its narrower
// window, the grouping of small vectors). Host only; g++ compiles it for
// the host tests (cuda/tests/shim/plan_shim.cpp).
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>
#include "../../runtime/env.cuh"

namespace gpukit {

// Below this many points the upload is a few milliseconds and a single pass
// keeps its one reduction (staged copies start at 2 × 32 MiB of scalars).
constexpr uint32_t PIPELINE_MIN_POINTS = 1u << 21;
// A lone vector with a fixed window (precomputed copies) is cut from this
// many points: its lead quarter hands its bucket sums on, so the cut costs
// no reduction, only a part's launches and a merge of its 2^(c-1) buckets,
// against the upload of the scalars the lead does not wait for (resident
// 2^20 calls 7–10 % faster than cut from 2^21: bench/NOTES.md, v28b).
constexpr uint32_t FIXED_WINDOW_PIPELINE_MIN_POINTS = 1u << 19;

// Bits the lead quarter's window drops below the call's (not below 1).
constexpr uint32_t LEAD_WINDOW_DROP = 2;

// The share of a lone vector's points that its lead part takes. The lead's
// upload is the one nothing overlaps; the rest's upload must hide behind the
// lead's MSM. With a share s the lead accumulates n/s points and the rest
// uploads n·(s-1)/s scalars, so the largest share that still covers it is
// s = 1 + (a point's accumulation) / (a scalar's upload). A point costs its
// lead window's pairs at ~0.17 ns each for 64-byte affine points on an H200
// (BN254, one GPU: 34.6 ms for 201M pairs, bench/NOTES.md v49a), scaled by
// the field's size squared (a multiplication's limb products); a scalar's 32
// bytes upload by DMA at ~50 GB/s from page-locked memory (v47a) or through
// the gather pool at ~40 GB/s (512 MiB in 12–17 ms on the H100's host, v21a).
// That gives BN254 a quarter either way and the BLS curves' G1 an eighth
// page-locked, a sixth or seventh gathered: the best measured (v49e, v50a).
// The share stays within [LEAD_SHARE_MIN, LEAD_SHARE_MAX], the range
// measured.
constexpr uint32_t LEAD_SHARE_MIN = 4, LEAD_SHARE_MAX = 8;
constexpr double LEAD_PAIR_NS_64_BYTE_POINTS = 0.17;
constexpr double LOCKED_SCALAR_UPLOAD_NS = 32 / 50.0, GATHERED_SCALAR_UPLOAD_NS = 32 / 40.0;

inline uint32_t lone_lead_share(uint32_t pairs_per_point, uint32_t point_bytes, bool locked) {
    const double size = point_bytes / 64.0;
    const double accumulate = pairs_per_point * LEAD_PAIR_NS_64_BYTE_POINTS * size * size;
    const double share = 1 + accumulate / (locked ? LOCKED_SCALAR_UPLOAD_NS : GATHERED_SCALAR_UPLOAD_NS);
    return uint32_t(std::clamp(share, double(LEAD_SHARE_MIN), double(LEAD_SHARE_MAX)));
}

// A batch-affine part's accumulation as lead_share_by_steps counts it: a
// launch gives each of its `slots` lanes (threads · lanes a thread) K =
// ⌈pairs / slots⌉ consecutive items and takes K steps whatever the
// remainder, each slot a step STEP_NS_A_SLOT (64 lanes; 32 lanes a thread:
// NARROW_STEP_NS_A_SLOT), plus LAUNCH_NS_A_SLOT (NARROW_LAUNCH_NS_A_SLOT)
// once, the lanes' stitching; a part too small for batch-affine lanes
// (slots = 0) XYZZ_NS_A_PAIR a pair. For 64-byte points on an H200, fitted
// on BN254's two-GPU slice at lead shares 4 and 5 (bench/NOTES.md v55b: the
// rest's 19 and 21 steps 13.80 and 15.08 ms, the lead's 13 and 11 steps
// 5.28 and 4.51) and v48c's XYZZ lead; scaled by the field's size squared.
constexpr double STEP_NS_A_SLOT = 0.148, NARROW_STEP_NS_A_SLOT = 0.178;
constexpr double LAUNCH_NS_A_SLOT = 0.384, NARROW_LAUNCH_NS_A_SLOT = 0.134;
constexpr double XYZZ_NS_A_PAIR = 0.219;

inline double accumulation_ns(size_t pairs, size_t slots, bool narrow, uint32_t point_bytes) {
    const double size = point_bytes / 64.0, scale = size * size;
    if (slots == 0) return double(pairs) * XYZZ_NS_A_PAIR * scale;
    const double steps = double((pairs + slots - 1) / slots);
    return double(slots) * (steps * (narrow ? NARROW_STEP_NS_A_SLOT : STEP_NS_A_SLOT) +
                            (narrow ? NARROW_LAUNCH_NS_A_SLOT : LAUNCH_NS_A_SLOT)) *
           scale;
}

// A part's recode, sort and lane layout: PREP_NS_A_PAIR a pair and
// PREP_NS_A_POINT a point (the slice's traces: 0.35 + 2.32 + 0.62 ms for
// 2^23 points of 13 pairs, v55b).
constexpr double PREP_NS_A_PAIR = 0.027, PREP_NS_A_POINT = 0.042;
// The shares lead_share_by_steps tries besides the rule's: from
// LEAD_SHARE_MIN to LEAD_SHARE_MAX in steps of 1/LEAD_SHARE_FRACTIONS.
constexpr uint32_t LEAD_SHARE_FRACTIONS = 32;

// The lead's share by whole steps: the rule's (lone_lead_share, whose share
// is its input `rule_share`) unless another among the shares from
// LEAD_SHARE_MIN to LEAD_SHARE_MAX counts less time: a larger lead than the
// rule's still covers the rest's upload, and may save the rest a step
// (BLS12-381 G1's two-GPU slice: 1/7.28, the rest 30 → 29 steps, counted
// −0.36 ms, measured −0.38, bench/NOTES.md v56a). The time counted is
// the lead's upload, then the longer of the lead's work and the rest's
// upload, then the rest's work; `accumulate_ns(pairs)` counts a part's
// accumulation (accumulation_ns over the launch's slots), `upload_ns` a
// scalar's upload. The rule's lead covers the rest's upload with a margin
// and leaves its own last step part-empty or the rest's next step barely
// begun: on an H200 BN254 took 0.5 ms less on one GPU at 1/5.2–1/5.4 and
// 0.43 on a two-GPU slice at 1/5.85 than at the rule's quarter (v55b).
// Ties keep the rule's share, then the larger lead.
template <class Accumulate>
double lead_share_by_steps(uint32_t count, uint32_t pairs_per_point, double rule_share, double upload_ns,
                           Accumulate accumulate_ns) {
    const double prep = pairs_per_point * PREP_NS_A_PAIR + PREP_NS_A_POINT;
    const auto time_ns = [&](double share) {
        const uint32_t lead = uint32_t(count / share), rest = count - lead;
        const double lead_work = lead * prep + accumulate_ns(size_t(lead) * pairs_per_point);
        return lead * upload_ns + std::max(lead_work, rest * upload_ns) + rest * prep +
               accumulate_ns(size_t(rest) * pairs_per_point);
    };
    double best_share = rule_share, best = time_ns(rule_share);
    for (uint32_t k = 0; LEAD_SHARE_MIN + double(k) / LEAD_SHARE_FRACTIONS <= LEAD_SHARE_MAX; k++) {
        const double share = LEAD_SHARE_MIN + double(k) / LEAD_SHARE_FRACTIONS, t = time_ns(share);
        if (t < best) {
            best = t;
            best_share = share;
        }
    }
    return best_share;
}

// GPUKIT_LEAD_SHARE (read once per process, 2 to 64, a fraction allowed:
// 5.8 leads with 10/58 of the points) replaces the rule, for benchmarks; 0
// where it is not set.
inline double lead_share_override() {
    static const double share = [] {
        const double s = env_number("GPUKIT_LEAD_SHARE", 0);
        return s >= 2 && s <= 64 ? s : 0.0;
    }();
    return share;
}

// The lead part's window: LEAD_WINDOW_DROP bits narrower than the call's,
// unless the window is fixed (precomputed copies) or that narrow already.
inline uint32_t lead_window(uint32_t c, bool window_fixed) {
    return window_fixed || c <= LEAD_WINDOW_DROP ? c : c - LEAD_WINDOW_DROP;
}

// How a large batch's parts grow: the first takes a lead_share-th of the
// others' vectors, since its upload is the one nothing overlaps, and each
// part after it at most `growth` times the vectors of the one before, up to
// the others' size, so that each upload hides behind the MSM of the part
// before.
struct part_ramp {
    uint32_t lead_share, growth;
};

// Pippenger batches (scalar_pipeline.cuh): the PLONK-like batch's first
// quarter part, 128 vectors and 64 MB of scalars, waited 3–12.5 ms before
// the GPU started (bench/NOTES.md v24, v25b); its parts' MSMs take 3–7
// times as long a vector as the host's gather (~0.074 against ~0.011 ms).
constexpr part_ramp PIPPENGER_RAMP{16, 4};

// Fixed-base batches (fixed_base_batch.cuh): a quarter, then the others'
// size (the second part up to three vectors short of it where the others'
// size is not a multiple of four; the Verkle batch's first quarter, 128 MB
// of scalars, waited 6–8 ms, v13a). Each part costs them more than a
// Pippenger part: ramping from a sixteenth made the Verkle batch 61 → 64 ms
// and the KZG blobs 40 → 41 (v25b).
constexpr part_ramp FIXED_BASE_RAMP{4, 4};

struct scalar_part {
    uint32_t first_vector, vectors;  // the batch's scalar vectors it covers
    uint32_t first, count;           // points of the slice
    uint32_t c;                      // the part's window
};

// The parts of one device's slice of `count` points for `batch` scalar
// vectors, each at most `chunk` scalars (summed over its vectors) at window c:
// - vectors that fit a pass are grouped, several to a part, so that a batch
//   of small MSMs runs in few launches; a large batch keeps at least four
//   parts (as many as it has vectors, below four), so that the uploads
//   after the first overlap the GPU's work, and its parts grow as `ramp`
//   says, so that little waits for the first upload;
// - where that leaves one vector a part and a vector has at least
//   PIPELINE_MIN_POINTS (a lone vector, or the ZPrize shape's 4 × 2^24),
//   or FIXED_WINDOW_PIPELINE_MIN_POINTS with a fixed window,
//   the first vector is cut into its first lead_share-th (at least 2) and
//   the rest, the lead at lead_window: a whole vector's upload would lead
//   (512 MB at 2^24, 12–17 ms on the H100's host, bench/NOTES.md v21a);
// - a vector larger than a pass is cut into passes of `chunk` points.
inline std::vector<scalar_part> plan_parts(uint32_t count, uint32_t chunk, uint32_t batch, uint32_t c,
                                           bool window_fixed, part_ramp ramp, double lead_share) {
    std::vector<scalar_part> parts;
    if (count <= chunk) {
        uint32_t per_part = std::max(1u, std::min(batch, chunk / std::max(count, 1u)));
        // batch / 4 rounded down: a batch of 5 to 7 vectors in parts of two
        // would make only three.
        uint32_t lead = per_part;
        if (size_t(batch) * count >= PIPELINE_MIN_POINTS) {
            per_part = std::min(per_part, std::max(1u, batch / 4));
            lead = std::max(1u, per_part / std::max(1u, ramp.lead_share));
        }
        uint32_t v = 0;
        if (per_part == 1 && count >= (window_fixed ? FIXED_WINDOW_PIPELINE_MIN_POINTS : PIPELINE_MIN_POINTS)) {
            const uint32_t lead_points = uint32_t(count / std::max(2.0, lead_share));
            parts.push_back({0, 1, 0, lead_points, lead_window(c, window_fixed)});
            parts.push_back({0, 1, lead_points, count - lead_points, c});
            v = 1;
        }
        for (uint32_t size = lead; v < batch;
             size = uint32_t(std::min<uint64_t>(per_part, uint64_t(size) * std::max(2u, ramp.growth)))) {
            const uint32_t vectors = std::min(size, batch - v);
            parts.push_back({v, vectors, 0, count, c});
            v += vectors;
        }
        return parts;
    }
    for (uint32_t v = 0; v < batch; v++)
        for (uint32_t done = 0; done < count; done += chunk)
            parts.push_back({v, 1, done, std::min(chunk, count - done), c});
    return parts;
}

// One-shot passes (driver/one_shot.cuh) copy points and scalars from host
// memory, ~0.5 ms at 2^16 BN254 points and ~40 ms at 2^24 (pinning the
// caller's buffers instead costs ~0.35 ms a call, bench/NOTES.md v31a). A
// large pass on the sorted pipeline is cut into parts of about equal size,
// each uploaded on a second stream while the part before runs its MSM; the
// parts hand their bucket sums on (bucket_carry.cuh), so a cut costs a
// part's launches, a merge of its buckets and its cut buckets' finish
// (~0.1 ms at 2^16 since v32a; ~0.23 before, which kept parts off passes
// below 2^20), not a reduction.
//
// Automatically parts of at least this many points: on the H100 two parts
// made 2^17–2^19 one-shot calls up to 12 % faster (BN254 2^18 level) and
// would have left 2^16 level; four parts of 2^16 made 2^18 slower (v32b).
constexpr uint32_t ONE_SHOT_AUTO_PART_MIN_POINTS = 1u << 16;
// Past two parts, one for every this many points: two parts of 2^19 made
// BN254 2^20 1–13 % faster and BLS12-381 G1 9–22 %, four of 2^18 no faster (v31b, v32b).
constexpr uint32_t ONE_SHOT_AUTO_POINTS_PER_PART = 1u << 19;
// Four parts took BN254 2^24 92 → 74 ms, eight 79 (v31b).
constexpr uint32_t ONE_SHOT_AUTO_MAX_PARTS = 4;
// The smallest part any cut takes (GPUKIT_ONE_SHOT_PARTS forces cuts down
// to it, for tests and benchmarks).
constexpr uint32_t ONE_SHOT_PART_MIN_POINTS = 1u << 14;

// The most parts the automatic rule cuts a one-shot pass of m points into
// (driver/one_shot.cuh then takes fewer where a part could not take the
// carried sums or would leave batch-affine accumulation): none below two
// smallest parts, two from there, and one more for every
// ONE_SHOT_AUTO_POINTS_PER_PART points, up to ONE_SHOT_AUTO_MAX_PARTS.
inline uint32_t one_shot_auto_most_parts(uint32_t m) {
    if (m / ONE_SHOT_AUTO_PART_MIN_POINTS < 2) return 1;
    return std::max(2u, std::min(ONE_SHOT_AUTO_MAX_PARTS, m / ONE_SHOT_AUTO_POINTS_PER_PART));
}

// A one-shot pass of m points at window c cut into `k` parts (at most
// m / min_points, at least one) of about equal size, in order, covering
// [0, m).
inline std::vector<scalar_part> plan_one_shot_parts(uint32_t m, uint32_t c, uint32_t k, uint32_t min_points) {
    k = std::max(1u, std::min(k, m / std::max(1u, min_points)));
    std::vector<scalar_part> parts;
    for (uint32_t j = 0; j < k; j++) {
        const uint32_t first = uint32_t(uint64_t(m) * j / k), end = uint32_t(uint64_t(m) * (j + 1) / k);
        parts.push_back({0, 1, first, end - first, c});
    }
    return parts;
}

// Whether two consecutive parts fill the same bucket sets: they cover the
// same vectors at the same window (the lead quarter with a fixed window, or
// consecutive passes of one vector larger than a pass), so that the first
// can hand its bucket sums on to the second and one reduction serves both
// (bucket_carry.cuh).
inline bool shares_buckets(const scalar_part& a, const scalar_part& next) {
    return a.c == next.c && a.first_vector == next.first_vector && a.vectors == next.vectors;
}

// Scalars a part's buffer must hold: its vectors times its points.
inline size_t largest_part(const std::vector<scalar_part>& parts) {
    size_t largest = 0;
    for (const scalar_part& p : parts) largest = std::max(largest, size_t(p.vectors) * p.count);
    return largest;
}

}  // namespace gpukit
