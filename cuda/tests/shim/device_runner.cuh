// Definitions behind device_ops.cuh, included by each device_<curve>.cu.
#pragma once
#include <cuda_runtime.h>

#include "device_ops.cuh"

namespace gpukit {
namespace check {

template <class C, uint32_t OP>
__global__ void field_kernel(const uint32_t* a, const uint32_t* b, uint32_t* out, size_t count) {
    size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= count) return;
    constexpr size_t W = ops<C>::W;
    ops<C>::field(OP, a + i * W, b + i * W, out + i * W);
}

template <class C, uint32_t OP>
__global__ void point_kernel(const uint32_t* a, const uint32_t* b, uint32_t* out, size_t count) {
    size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= count) return;
    constexpr size_t S = ops<C>::POINT_STRIDE;
    ops<C>::point(OP, a + i * S, b + i * S, out + i * S);
}

using kernel_fn = void (*)(const uint32_t*, const uint32_t*, uint32_t*, size_t);

// Copies a and b (stride words each) in, runs k, copies out back.
inline int run_kernel(kernel_fn k, const uint32_t* a, const uint32_t* b, uint32_t* out, size_t count,
                      size_t stride) {
    if (count == 0) return 0;
    const size_t bytes = count * stride * sizeof(uint32_t);
    uint32_t *da = nullptr, *db = nullptr, *dout = nullptr;
    const unsigned threads = 64;
    const unsigned blocks = unsigned((count + threads - 1) / threads);
    bool ok = cudaMalloc(&da, bytes) == cudaSuccess && cudaMalloc(&db, bytes) == cudaSuccess &&
              cudaMalloc(&dout, bytes) == cudaSuccess &&
              cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice) == cudaSuccess &&
              cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice) == cudaSuccess &&
              cudaMemset(dout, 0, bytes) == cudaSuccess;
    if (ok) {
        k<<<blocks, threads>>>(da, db, dout, count);
        ok = cudaGetLastError() == cudaSuccess && cudaDeviceSynchronize() == cudaSuccess &&
             cudaMemcpy(out, dout, bytes, cudaMemcpyDeviceToHost) == cudaSuccess;
    }
    cudaFree(da);
    cudaFree(db);
    cudaFree(dout);
    cudaGetLastError();
    return ok ? 0 : -2;
}

template <class C>
int dev_field_ops(uint32_t op, const uint32_t* a, const uint32_t* b, uint32_t* out, size_t count) {
    kernel_fn k = nullptr;
    switch (op) {
#define K(OP) \
    case OP: k = field_kernel<C, OP>; break;
        K(FP_ADD) K(FP_SUB) K(FP_MUL) K(FP_SQR) K(FP_DBL) K(FP_NEG) K(FP_INV) K(FP_TO_MONT) K(FP_FROM_MONT)
        K(FP_IS_CANONICAL) K(FP_EQ) K(FP_IS_ZERO) K(FP_MUL_PORTABLE) K(FP_INV_BGCD)
#undef K
        default: return -1;
    }
    return run_kernel(k, a, b, out, count, ops<C>::W);
}

template <class C>
int dev_point_ops(uint32_t op, const uint32_t* a, const uint32_t* b, uint32_t* out, size_t count) {
    kernel_fn k = nullptr;
    switch (op) {
#define K(OP) \
    case OP: k = point_kernel<C, OP>; break;
        K(PT_ADD_AFFINE) K(PT_ADD) K(PT_DBL) K(PT_TO_AFFINE) K(PT_NEG) K(PT_NEG_BUCKET) K(PT_ON_CURVE)
        K(PT_IS_IDENTITY) K(PT_BUCKET_IS_IDENTITY)
#undef K
        default: return -1;
    }
    return run_kernel(k, a, b, out, count, ops<C>::POINT_STRIDE);
}

// Explicit instantiation for one curve tag.
#define GPUKIT_CHECK_DEVICE_CURVE(tag)                                                               \
    template int dev_field_ops<tag>(uint32_t, const uint32_t*, const uint32_t*, uint32_t*, size_t); \
    template int dev_point_ops<tag>(uint32_t, const uint32_t*, const uint32_t*, uint32_t*, size_t);

}  // namespace check
}  // namespace gpukit
