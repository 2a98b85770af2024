// How one device's scalars are cut into parts whose uploads overlap the
// GPU's work (scalar_pipeline.cuh says why: the lead quarter, its narrower
// window, the grouping of small vectors). Host only; g++ compiles it for
// the host tests (cuda/tests/shim/plan_shim.cpp).
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace gpukit {

// Below this many points the upload is a few milliseconds and a single pass
// keeps its one reduction (staged copies start at 2 × 32 MiB of scalars).
constexpr uint32_t PIPELINE_MIN_POINTS = 1u << 21;

// Bits the lead quarter's window drops below the call's (not below 1).
constexpr uint32_t LEAD_WINDOW_DROP = 2;

// A large batch's first part takes this fraction of the others' vectors:
// its upload is the one nothing overlaps (the Verkle batch's first quarter,
// 128 MB of scalars, waited 6–8 ms before the GPU started; bench/NOTES.md,
// v13a).
constexpr uint32_t LEAD_PART_SHARE = 4;

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
//   after the first overlap the GPU's work, and its first part is a
//   LEAD_PART_SHARE-th of the others, so that little waits for its upload;
// - where that leaves one vector a part and a vector has at least
//   PIPELINE_MIN_POINTS (a lone vector, or the ZPrize shape's 4 × 2^24),
//   the first vector is cut into its first quarter and the rest, the
//   quarter LEAD_WINDOW_DROP bits narrower unless the window is fixed
//   (precomputed bases): a whole vector's upload would lead (512 MB at
//   2^24, 12–17 ms on the H100's host, bench/NOTES.md v21a);
// - a vector larger than a pass is cut into passes of `chunk` points.
inline std::vector<scalar_part> plan_parts(uint32_t count, uint32_t chunk, uint32_t batch, uint32_t c,
                                           bool window_fixed) {
    std::vector<scalar_part> parts;
    if (count <= chunk) {
        uint32_t per_part = std::max(1u, std::min(batch, chunk / std::max(count, 1u)));
        // batch / 4 rounded down: a batch of 5 to 7 vectors in parts of two
        // would make only three.
        uint32_t lead = per_part;
        if (size_t(batch) * count >= PIPELINE_MIN_POINTS) {
            per_part = std::min(per_part, std::max(1u, batch / 4));
            lead = std::max(1u, per_part / LEAD_PART_SHARE);
        }
        uint32_t v = 0;
        if (per_part == 1 && count >= PIPELINE_MIN_POINTS) {
            const uint32_t quarter = count / 4;
            const uint32_t lead_c = window_fixed || c <= LEAD_WINDOW_DROP ? c : c - LEAD_WINDOW_DROP;
            parts.push_back({0, 1, 0, quarter, lead_c});
            parts.push_back({0, 1, quarter, count - quarter, c});
            v = 1;
        }
        while (v < batch) {
            const uint32_t vectors = std::min(v == 0 ? lead : per_part, batch - v);
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
