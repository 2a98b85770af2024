// Where a fixed-base table (fixed_base_tables.cuh) keeps each multiple of
// each base. Host and device; no CUDA runtime, so g++ compiles it for the
// host tests (cuda/tests/shim/plan_shim.cpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include "../../ff/common.cuh"
#include "shape.cuh"

namespace gpukit {

// Digits of at most 16 bits: 2^15 multiples per window and base (Verkle's
// 256 bases at w = 16 take 12.9 GB of 96-byte entries, 65,536 commitments then cost 4,096 mixed
// additions each).
constexpr uint32_t FIXED_BASE_MAX_DIGIT_BITS = 16;

// Where entry e (1..entries) of window j of base i lies among the table's
// entries: each base's windows, each window's digits together. The table
// keeps the plain bases (`row` affine points) before the entries, since a
// call with an explicit Pippenger window runs on them; an entry may be wider
// than an affine point (table_entry.cuh), so the two parts are counted
// apart. Base-major, so that the
// lanes of a warp (neighbouring vectors at the same base and window,
// fixed_base_msm.cuh) read inside one window's block of 2^(w-1) points.
// With the windows outermost and a warp's lanes on different bases, the
// lanes' reads spread over the whole table (then 8.6 GB for Verkle at w = 16) and
// the accumulation ran at a third of Pippenger's rate per addition
// (bench/NOTES.md, version 6; TLB misses are the suspect).
struct fixed_base_layout {
    uint32_t digit_bits = 0;  // w
    uint32_t windows = 0;     // window_count(SCALAR_BITS, w): signed digits carry past the top
    uint32_t entries = 0;     // 2^(w-1)
    uint32_t row = 0;         // bases: the device's slice

    GPUKIT_HD size_t index(uint32_t j, uint32_t e, uint32_t i) const {
        return (size_t(i) * windows + j) * entries + (e - 1);
    }
    // Entries of the table, after its `row` plain bases.
    GPUKIT_HD size_t entry_count() const { return size_t(row) * windows * entries; }
    // The table's bytes, for affine points and entries of the sizes given.
    GPUKIT_HD size_t bytes(size_t affine_bytes, size_t entry_bytes) const {
        return row * affine_bytes + entry_count() * entry_bytes;
    }
};

inline fixed_base_layout fixed_base_layout_for(uint32_t scalar_bits, uint32_t digit_bits, uint32_t row) {
    fixed_base_layout l;
    l.digit_bits = digit_bits;
    l.windows = window_count(scalar_bits, digit_bits);
    l.entries = 1u << (digit_bits - 1);
    l.row = row;
    return l;
}

}  // namespace gpukit
