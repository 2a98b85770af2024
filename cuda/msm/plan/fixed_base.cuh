// Where a fixed-base table (fixed_base_tables.cuh) keeps each multiple of
// each base. Host and device; no CUDA runtime, so g++ compiles it for the
// host tests (cuda/tests/shim/plan_shim.cpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include "../../ff/common.cuh"
#include "shape.cuh"

namespace gpukit {

// Digits of at most 17 bits: 2^16 multiples per window and base. Verkle's
// 256 Banderwagon bases at w = 17 take 24.2 GB of 96-byte entries (half an
// idle H100's memory) and 15 windows of 253-bit scalars instead of 16 at
// w = 16: 65,536 commitments then cost 3,840 mixed additions each. At 18
// bits they would still have 15 windows, in twice the memory.
constexpr uint32_t FIXED_BASE_MAX_DIGIT_BITS = 17;

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

// The digit width of an automatic table for `row` bases of `scalar_bits`-bit
// scalars that fits in `allowance` bytes: the fewest windows (each is one
// mixed addition per base and vector), at the narrowest digits that give
// them, since a wider digit with as many windows only doubles the table
// (BLS12-381's 255-bit scalars have 16 windows at w = 16 and at w = 17).
// Widths from `lowest` to FIXED_BASE_MAX_DIGIT_BITS; 0 when not even
// `lowest` fits.
inline uint32_t fitting_digit_bits(uint32_t scalar_bits, uint32_t row, size_t affine_bytes, size_t entry_bytes,
                                   size_t allowance, uint32_t lowest) {
    uint32_t best = 0, best_windows = 0;
    for (uint32_t w = lowest; w <= FIXED_BASE_MAX_DIGIT_BITS; w++) {
        const fixed_base_layout l = fixed_base_layout_for(scalar_bits, w, row);
        if (l.bytes(affine_bytes, entry_bytes) > allowance) continue;
        if (best == 0 || l.windows < best_windows) best = w, best_windows = l.windows;
    }
    return best;
}

}  // namespace gpukit
