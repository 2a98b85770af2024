// The scalars' layout, one plain value shared by the entry points
// (cuda/gpukit.cu) and the decoder (decode.cuh).
#pragma once
#include <cstdint>

namespace gpukit {

// How a call's scalars lie in host memory, from the entry points' flags
// (src/gpu.rs `layout_flags`): bit 0, Montgomery limbs (arkworks' in-memory
// form); bit 1, big-endian bytes (EIP-4844 blobs). decode_scalars undoes
// both where it reads the scalars, so that the host never makes a converted
// copy of them (a blob batch's is 512 MiB).
struct scalar_layout {
    bool montgomery = false;
    bool big_endian = false;

    static scalar_layout from_flags(uint32_t flags) {
        scalar_layout layout;
        layout.montgomery = (flags & 1u) != 0;
        layout.big_endian = (flags & 2u) != 0;
        return layout;
    }
};

}  // namespace gpukit
