// The device side of the check shim: per-curve runners that copy the inputs
// to the GPU, run one op in a kernel with one thread per input, and copy the
// results back. Each curve's runners are instantiated in their own
// translation unit (device_<curve>.cu) so that nvcc compiles curves in
// parallel, and each op is its own kernel: one kernel holding every op of
// BLS12-381 G2 takes ptxas many minutes.
#pragma once
#include <cstddef>
#include <cstdint>

#include "ops.cuh"

namespace gpukit {
namespace check {

// 0, -1 for an unknown op, -2 for a CUDA error (including "no device").
template <class C>
int dev_field_ops(uint32_t op, const uint32_t* a, const uint32_t* b, uint32_t* out, size_t count);
template <class C>
int dev_point_ops(uint32_t op, const uint32_t* a, const uint32_t* b, uint32_t* out, size_t count);
template <class C>
int dev_decompress(uint32_t format, const uint8_t* records, bool check, uint32_t* out, uint32_t* status,
                   size_t count);

}  // namespace check
}  // namespace gpukit
