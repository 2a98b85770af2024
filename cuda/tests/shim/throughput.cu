// Field multiplication throughput on the GPU: every thread runs CHAINS
// independent chains x_k <- x_k·y_k (each multiplication depends on the
// previous one of its chain), and the launch covers every SM many times
// over. Timed with CUDA events, after a warm-up launch; the caller takes the
// median of several runs. Two variants of the multiplication, both inlined:
// the PTX carry chains (mont_field::mul_ptx) and the portable CIOS (what
// GPUKIT_PORTABLE_MUL selects), and the PTX squaring (chains x <- x²,
// mont_field::sqr_ptx); 1, 2 or 4 chains per thread (more chains hide
// latency but cost registers, hence occupancy).
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>

#include "../../../curves/all.cuh"
#include "../../ff/inverse_bgcd.cuh"

using namespace gpukit;

namespace {

constexpr int MAX_CHAINS = 4;

// The operation a chain repeats (the shim's `variant` argument).
enum chain_op : uint32_t { MUL_PTX = 0, MUL_PORTABLE = 1, SQR_PTX = 2 };

// x·y, or x² for SQR_PTX (the chain x <- x², y unused).
template <class F, uint32_t OP>
__device__ __forceinline__ F step(const F& x, const F& y) {
    F r;
    if constexpr (OP == MUL_PORTABLE) {
        F::mul_portable(r.v, x.v, y.v);
    } else if constexpr (OP == SQR_PTX) {
        F::sqr_ptx(r.v, x.v);
    } else {
        F::mul_ptx(r.v, x.v, y.v);
    }
    return r;
}

template <class F, uint32_t OP, int CHAINS>
__global__ void mul_chains(uint32_t* io, uint32_t iters) {
    const size_t t = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    const size_t stride = size_t(gridDim.x) * blockDim.x;
    F x[CHAINS], y[CHAINS];
#pragma unroll
    for (int k = 0; k < CHAINS; ++k) {
        // Distinct, thread-dependent starting values (any words < p will do:
        // the top word is cleared, and every modulus here uses its top word).
        for (int i = 0; i < F::N; ++i) {
            x[k].v[i] = io[(size_t(k) * F::N + i) * stride + t];
            y[k].v[i] = io[(size_t(CHAINS + k) * F::N + i) * stride + t];
        }
        x[k].v[F::N - 1] = 0;
        y[k].v[F::N - 1] = 0;
    }
    for (uint32_t it = 0; it < iters; ++it) {
#pragma unroll
        for (int k = 0; k < CHAINS; ++k) x[k] = step<F, OP>(x[k], y[k]);
    }
    // Stored so that the multiplications are not dead code.
#pragma unroll
    for (int k = 0; k < CHAINS; ++k)
        for (int i = 0; i < F::N; ++i) io[(size_t(k) * F::N + i) * stride + t] = x[k].v[i];
}

template <class F, uint32_t OP, int CHAINS>
int time_runs(uint32_t blocks, uint32_t threads, uint32_t iters, uint32_t runs, float* ms) {
    const size_t n = size_t(blocks) * threads;
    const size_t words = n * 2 * MAX_CHAINS * F::N;
    uint32_t* io = nullptr;
    cudaEvent_t start = nullptr, stop = nullptr;
    bool ok = cudaMalloc(&io, words * sizeof(uint32_t)) == cudaSuccess &&
              cudaMemset(io, 0x5a, words * sizeof(uint32_t)) == cudaSuccess &&
              cudaEventCreate(&start) == cudaSuccess && cudaEventCreate(&stop) == cudaSuccess;
    if (ok) {
        mul_chains<F, OP, CHAINS><<<blocks, threads>>>(io, iters);  // warm-up: clocks up, module loaded
        ok = cudaDeviceSynchronize() == cudaSuccess;
    }
    for (uint32_t r = 0; ok && r < runs; ++r) {
        cudaEventRecord(start);
        mul_chains<F, OP, CHAINS><<<blocks, threads>>>(io, iters);
        cudaEventRecord(stop);
        ok = cudaEventSynchronize(stop) == cudaSuccess && cudaEventElapsedTime(&ms[r], start, stop) == cudaSuccess;
    }
    if (start) cudaEventDestroy(start);
    if (stop) cudaEventDestroy(stop);
    cudaFree(io);
    ok = ok && cudaGetLastError() == cudaSuccess;
    return ok ? 0 : -2;
}

template <class F>
int time_variant(uint32_t variant, uint32_t chains, uint32_t blocks, uint32_t threads, uint32_t iters,
                 uint32_t runs, float* ms) {
    switch (chains * 4 + variant) {
        case 4 + MUL_PTX: return time_runs<F, MUL_PTX, 1>(blocks, threads, iters, runs, ms);
        case 4 + MUL_PORTABLE: return time_runs<F, MUL_PORTABLE, 1>(blocks, threads, iters, runs, ms);
        case 4 + SQR_PTX: return time_runs<F, SQR_PTX, 1>(blocks, threads, iters, runs, ms);
        case 8 + MUL_PTX: return time_runs<F, MUL_PTX, 2>(blocks, threads, iters, runs, ms);
        case 8 + MUL_PORTABLE: return time_runs<F, MUL_PORTABLE, 2>(blocks, threads, iters, runs, ms);
        case 8 + SQR_PTX: return time_runs<F, SQR_PTX, 2>(blocks, threads, iters, runs, ms);
        case 16 + MUL_PTX: return time_runs<F, MUL_PTX, 4>(blocks, threads, iters, runs, ms);
        case 16 + MUL_PORTABLE: return time_runs<F, MUL_PORTABLE, 4>(blocks, threads, iters, runs, ms);
        case 16 + SQR_PTX: return time_runs<F, SQR_PTX, 4>(blocks, threads, iters, runs, ms);
        default: return -1;
    }
}

// Inversion throughput: every thread runs one chain x <- x^{-1} + y of
// `iters` inversions, by the binary GCD (inverse_bgcd.cuh) or by Fermat
// (mont_field::inverse). The addition keeps the chain from alternating
// between two values. The starting values are distinct per thread (an LCG
// seeded by the thread index): the binary GCD's time depends on its input,
// and a warp runs as long as its slowest lane, so identical lanes would
// flatter it.
template <class F, bool BGCD>
__global__ void inv_chain(uint32_t* out, uint32_t iters) {
    const size_t t = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    const size_t stride = size_t(gridDim.x) * blockDim.x;
    uint32_t s = uint32_t(t) * 747796405u + 2891336453u;
    F x, y;
    for (int i = 0; i < F::N; ++i) {
        s = s * 1664525u + 1013904223u;
        x.v[i] = s;
        s = s * 1664525u + 1013904223u;
        y.v[i] = s;
    }
    x.v[F::N - 1] = 0;  // < p, as in mul_chains
    y.v[F::N - 1] = 0;
    for (uint32_t it = 0; it < iters; ++it) {
        if constexpr (BGCD) {
            x = inverse_bgcd(x) + y;
        } else {
            x = x.inverse() + y;
        }
    }
    for (int i = 0; i < F::N; ++i) out[size_t(i) * stride + t] = x.v[i];
}

template <class F, bool BGCD>
int time_inv_runs(uint32_t blocks, uint32_t threads, uint32_t iters, uint32_t runs, float* ms) {
    const size_t words = size_t(blocks) * threads * F::N;
    uint32_t* out = nullptr;
    cudaEvent_t start = nullptr, stop = nullptr;
    bool ok = cudaMalloc(&out, words * sizeof(uint32_t)) == cudaSuccess && cudaEventCreate(&start) == cudaSuccess &&
              cudaEventCreate(&stop) == cudaSuccess;
    if (ok) {
        inv_chain<F, BGCD><<<blocks, threads>>>(out, iters);  // warm-up
        ok = cudaDeviceSynchronize() == cudaSuccess;
    }
    for (uint32_t r = 0; ok && r < runs; ++r) {
        cudaEventRecord(start);
        inv_chain<F, BGCD><<<blocks, threads>>>(out, iters);
        cudaEventRecord(stop);
        ok = cudaEventSynchronize(stop) == cudaSuccess && cudaEventElapsedTime(&ms[r], start, stop) == cudaSuccess;
    }
    if (start) cudaEventDestroy(start);
    if (stop) cudaEventDestroy(stop);
    cudaFree(out);
    ok = ok && cudaGetLastError() == cudaSuccess;
    return ok ? 0 : -2;
}

template <class F>
int time_inv_variant(uint32_t bgcd, uint32_t blocks, uint32_t threads, uint32_t iters, uint32_t runs, float* ms) {
    return bgcd ? time_inv_runs<F, true>(blocks, threads, iters, runs, ms)
                : time_inv_runs<F, false>(blocks, threads, iters, runs, ms);
}

}  // namespace

// Fills ms[0..runs) with the time of each launch of blocks·threads threads,
// each running `chains` (1, 2, 4) chains of `iters` multiplications; limbs is
// 8 (BN254 Fp) or 12 (BLS12-381 Fp); variant is a chain_op: the PTX
// multiplication, the portable CIOS, or the PTX squaring.
// Writes the device name and SM count. 0, -1 bad arguments, -2 CUDA error.
extern "C" int gpukit_check_dev_fieldmul_throughput(uint32_t limbs, uint32_t variant, uint32_t chains,
                                                    uint32_t blocks, uint32_t threads, uint32_t iters,
                                                    uint32_t runs, float* ms, char* name, size_t name_len,
                                                    uint32_t* sm_count) {
    cudaDeviceProp prop;
    if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess) {
        cudaGetLastError();
        return -2;
    }
    snprintf(name, name_len, "%s", prop.name);
    *sm_count = uint32_t(prop.multiProcessorCount);
    switch (limbs) {
        case 8:
            return time_variant<curve_traits<bn254_g1>::field_t>(variant, chains, blocks, threads, iters, runs, ms);
        case 12:
            return time_variant<curve_traits<bls12_381_g1>::field_t>(variant, chains, blocks, threads, iters, runs,
                                                                     ms);
        default: return -1;
    }
}

// Fills ms[0..runs) with the time of each launch of blocks·threads threads,
// each running one chain of `iters` inversions; limbs is 8 (BN254 Fp) or 12
// (BLS12-381 Fp); bgcd = 1 times inverse_bgcd, 0 Fermat's inverse().
// 0, -1 bad arguments, -2 CUDA error.
extern "C" int gpukit_check_dev_inv_throughput(uint32_t limbs, uint32_t bgcd, uint32_t blocks, uint32_t threads,
                                               uint32_t iters, uint32_t runs, float* ms) {
    switch (limbs) {
        case 8: return time_inv_variant<curve_traits<bn254_g1>::field_t>(bgcd, blocks, threads, iters, runs, ms);
        case 12: return time_inv_variant<curve_traits<bls12_381_g1>::field_t>(bgcd, blocks, threads, iters, runs, ms);
        default: return -1;
    }
}
