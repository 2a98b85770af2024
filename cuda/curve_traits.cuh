// The per-curve description that the generic MSM is instantiated with. Each
// curves/<name>.cuh (generated from registry.toml) declares its tag and
// specializes curve_traits<tag> with constants and type choices only:
//   field_t         coordinate field (mont_field, or fp2 for G2)
//   affine_t        input points (sw_affine / te_affine)
//   bucket_t        accumulator points (xyzz / te_extended)
//   ID, NAME        the ABI curve id and snake name
//   SCALAR_BITS     bit length of r; SCALAR_MODULUS r as 8 LE u32 words
//   POINT_BYTES     wire size of an affine point; MAX_WINDOW the largest c
//   ACCUMULATE_REGISTERS  register cap of the bucket accumulation kernel
#pragma once
#include <cstdint>

#include "ff/common.cuh"

namespace gpukit {

template <class C>
struct curve_traits;

}  // namespace gpukit
