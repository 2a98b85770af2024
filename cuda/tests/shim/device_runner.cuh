// Definitions behind device_ops.cuh, included by each device_<curve>.cu.
#pragma once
#include <cuda_runtime.h>
#include <type_traits>

#include "../../ec/spread_sum.cuh"
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

// A warp op (ops.cuh PT_WARP_SUM and after) on each warp's 32 elements;
// run_kernel's blocks are 64 threads, two warps.
template <class C, uint32_t OP>
__global__ void warp_kernel(const uint32_t* a, const uint32_t* b, uint32_t* out, size_t count) {
    using B = typename curve_traits<C>::bucket_t;
    __shared__ spread_space_for<B> space[2];
    const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= count) return;  // the whole warp: count is a multiple of 32
    constexpr size_t S = ops<C>::POINT_STRIDE;
    const uint32_t lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    const B p = ops<C>::load_bucket(a + i * S);
    B r;
    if constexpr (OP == PT_WARP_SUM) {
        r = spread_warp_sum(p, space[warp], true);
        if (lane != 0) r = p;
    } else if constexpr (OP == PT_WARP_SUFFIX_SUM) {
        r = spread_warp_suffix_sum(p, space[warp], true, 16);
    } else {
        r = spread_add_points(p, ops<C>::load_bucket(b + i * S), lane >= 1 && lane < 16, space[warp], true);
    }
    ops<C>::store_affine(r.to_affine(), out + i * S);
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
        K(FP_IS_CANONICAL) K(FP_EQ) K(FP_IS_ZERO) K(FP_MUL_PORTABLE) K(FP_INV_BGCD) K(FP_SQRT) K(FP_IS_LARGER)
        K(FP_IS_ODD) K(FP_IS_SQUARE)
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
        K(PT_IS_IDENTITY) K(PT_BUCKET_IS_IDENTITY) K(PT_IN_SUBGROUP)
#undef K
#define K(OP) \
    case OP: k = warp_kernel<C, OP>; break;
        K(PT_WARP_SUM) K(PT_WARP_SUFFIX_SUM) K(PT_LANE_ADD)
#undef K
        default: return -1;
    }
    if (op >= PT_WARP_SUM && count % 32 != 0) return -1;
    return run_kernel(k, a, b, out, count, ops<C>::POINT_STRIDE);
}

template <class C, uint32_t FORMAT>
__global__ void decompress_kernel(const uint8_t* records, bool check, uint32_t* out, uint32_t* status,
                                  size_t count) {
    size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= count) return;
    constexpr uint32_t R = compressed_format<C, FORMAT>::RECORD_BYTES;
    ops<C>::template decompress<FORMAT>(records + i * R, check, out + i * 2 * ops<C>::W, status + i);
}

// One compressed record per thread, as the host shim's gpukit_check_decompress.
template <class C, uint32_t FORMAT>
int run_decompress(const uint8_t* records, bool check, uint32_t* out, uint32_t* status, size_t count) {
    if (count == 0) return 0;
    constexpr uint32_t R = compressed_format<C, FORMAT>::RECORD_BYTES;
    const size_t in_bytes = count * R, out_bytes = count * 2 * ops<C>::W * sizeof(uint32_t);
    uint8_t* din = nullptr;
    uint32_t *dout = nullptr, *dstatus = nullptr;
    const unsigned threads = 64;
    const unsigned blocks = unsigned((count + threads - 1) / threads);
    bool ok = cudaMalloc(&din, in_bytes) == cudaSuccess && cudaMalloc(&dout, out_bytes) == cudaSuccess &&
              cudaMalloc(&dstatus, count * sizeof(uint32_t)) == cudaSuccess &&
              cudaMemcpy(din, records, in_bytes, cudaMemcpyHostToDevice) == cudaSuccess &&
              cudaMemset(dout, 0, out_bytes) == cudaSuccess &&
              cudaMemset(dstatus, 0xff, count * sizeof(uint32_t)) == cudaSuccess;
    if (ok) {
        decompress_kernel<C, FORMAT><<<blocks, threads>>>(din, check, dout, dstatus, count);
        ok = cudaGetLastError() == cudaSuccess && cudaDeviceSynchronize() == cudaSuccess &&
             cudaMemcpy(out, dout, out_bytes, cudaMemcpyDeviceToHost) == cudaSuccess &&
             cudaMemcpy(status, dstatus, count * sizeof(uint32_t), cudaMemcpyDeviceToHost) == cudaSuccess;
    }
    cudaFree(din);
    cudaFree(dout);
    cudaFree(dstatus);
    cudaGetLastError();
    return ok ? 0 : -2;
}

template <class C>
int dev_decompress(uint32_t format, const uint8_t* records, bool check, uint32_t* out, uint32_t* status,
                   size_t count) {
    auto run = [&](auto f) -> int {
        constexpr uint32_t FORMAT = decltype(f)::value;
        if constexpr (compressed_format<C, FORMAT>::fits)
            return run_decompress<C, FORMAT>(records, check, out, status, count);
        else
            return -1;
    };
    switch (format) {
        case POINT_ZCASH: return run(std::integral_constant<uint32_t, POINT_ZCASH>{});
        case POINT_SEC1: return run(std::integral_constant<uint32_t, POINT_SEC1>{});
        case POINT_X_ONLY: return run(std::integral_constant<uint32_t, POINT_X_ONLY>{});
        case POINT_ARKWORKS: return run(std::integral_constant<uint32_t, POINT_ARKWORKS>{});
        case POINT_BANDERWAGON: return run(std::integral_constant<uint32_t, POINT_BANDERWAGON>{});
        case POINT_BANDERWAGON_UNCOMPRESSED:
            return run(std::integral_constant<uint32_t, POINT_BANDERWAGON_UNCOMPRESSED>{});
        default: return -1;
    }
}

// Explicit instantiation for one curve tag.
#define GPUKIT_CHECK_DEVICE_CURVE(tag)                                                               \
    template int dev_field_ops<tag>(uint32_t, const uint32_t*, const uint32_t*, uint32_t*, size_t); \
    template int dev_point_ops<tag>(uint32_t, const uint32_t*, const uint32_t*, uint32_t*, size_t); \
    template int dev_decompress<tag>(uint32_t, const uint8_t*, bool, uint32_t*, uint32_t*, size_t);

}  // namespace check
}  // namespace gpukit
