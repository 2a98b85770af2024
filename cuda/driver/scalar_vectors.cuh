// Where a batch's scalar vectors lie in host memory, as the entry points
// receive them.
#pragma once
#include <cstddef>
#include <cstdint>

namespace gpukit {

// The call's `batch` vectors of n scalars (32 bytes each): vector j at
// vectors[j] where the caller gives one pointer per vector (the typed Rust
// batch hands its vectors over where they lie, instead of packing them into
// one buffer first), else at packed + j·n·32 bytes.
struct scalar_vectors {
    const uint8_t* packed;
    const uint8_t* const* vectors;
    uint32_t n, batch;
    const uint8_t* vector(size_t j) const { return vectors ? vectors[j] : packed + j * size_t(n) * 32; }
};

}  // namespace gpukit
