// Mixed-addition throughput on the GPU: the inner loop of the MSM's bucket
// accumulation (cuda/msm/bucket_accumulate.cuh) without the sort around it.
// Every thread adds `iters` affine points gathered at pseudo-random indices
// of a table of distinct points into one XYZZ accumulator. Variants: with
// or without issuing the next point's gather before the current addition
// (prefetch), and the number of resident blocks per SM, set by the grid (one
// wave of blocks_per_sm · SMs blocks), which sweeps occupancy up to what the
// kernel's registers allow. (Capping the registers with __launch_bounds__
// spills: 80 registers spill ~1 KB per thread at 8 limbs.) Timed with CUDA
// events after a warm-up launch.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>

#include "../../../curves/all.cuh"
#include "../../msm/wide_access.cuh"

using namespace gpukit;

namespace {

constexpr uint32_t THREADS = 128;

__device__ __forceinline__ uint32_t xorshift(uint32_t& s) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    return s;
}

// Distinct points: words from a hash of (index, word), top word cleared so
// that each coordinate is below p. They are not on the curve, which the
// formulas never look at; only equal x (probability ~2^-200) would take the
// doubling branch.
template <class C>
__global__ void fill_table(typename curve_traits<C>::affine_t* table, uint32_t n) {
    using affine_t = typename curve_traits<C>::affine_t;
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    constexpr uint32_t W = curve_traits<C>::field_t::WORDS;
    uint32_t words[2 * W];
    uint32_t s = i * 2654435761u + 12345u;
    for (uint32_t k = 0; k < 2 * W; k++) words[k] = xorshift(s) ^ (k * 0x9e3779b9u);
    words[W - 1] = 0;
    words[2 * W - 1] = 0;
    affine_t p;
    memcpy(&p, words, sizeof p);
    table[i] = p;
}

template <class C, bool PREFETCH>
__global__ void madd_loop(const typename curve_traits<C>::affine_t* table, uint32_t mask, uint32_t iters,
              typename curve_traits<C>::bucket_t* out) {
    using affine_t = typename curve_traits<C>::affine_t;
    using bucket_t = typename curve_traits<C>::bucket_t;
    const uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
    uint32_t s = t * 747796405u + 2891336453u;
    bucket_t acc = bucket_t::identity();
    if constexpr (PREFETCH) {
        affine_t next = load_wide(table + (xorshift(s) & mask));
        for (uint32_t it = 0; it < iters; it++) {
            affine_t p = next;
            if (it + 1 < iters) next = load_wide(table + (xorshift(s) & mask));
            acc = acc.add_affine(p);
        }
    } else {
        for (uint32_t it = 0; it < iters; it++) acc = acc.add_affine(load_wide(table + (xorshift(s) & mask)));
    }
    store_wide(out + t, acc);
}

template <class C, bool PREFETCH>
int time_runs(uint32_t blocks, uint32_t iters, uint32_t runs, float* ms, int* regs) {
    using affine_t = typename curve_traits<C>::affine_t;
    using bucket_t = typename curve_traits<C>::bucket_t;
    constexpr uint32_t TABLE = 1u << 22;  // 256 / 384 MiB: far beyond the 50 MB L2, like the bases
    affine_t* table = nullptr;
    bucket_t* out = nullptr;
    cudaEvent_t start = nullptr, stop = nullptr;
    cudaFuncAttributes attr;
    bool ok = cudaFuncGetAttributes(&attr, madd_loop<C, PREFETCH>) == cudaSuccess &&
              cudaMalloc(&table, size_t(TABLE) * sizeof(affine_t)) == cudaSuccess &&
              cudaMalloc(&out, size_t(blocks) * THREADS * sizeof(bucket_t)) == cudaSuccess &&
              cudaEventCreate(&start) == cudaSuccess && cudaEventCreate(&stop) == cudaSuccess;
    if (ok) {
        *regs = attr.numRegs;
        fill_table<C><<<TABLE / 256, 256>>>(table, TABLE);
        madd_loop<C, PREFETCH><<<blocks, THREADS>>>(table, TABLE - 1, iters, out);  // warm-up
        ok = cudaDeviceSynchronize() == cudaSuccess;
    }
    for (uint32_t r = 0; ok && r < runs; ++r) {
        cudaEventRecord(start);
        madd_loop<C, PREFETCH><<<blocks, THREADS>>>(table, TABLE - 1, iters, out);
        cudaEventRecord(stop);
        ok = cudaEventSynchronize(stop) == cudaSuccess && cudaEventElapsedTime(&ms[r], start, stop) == cudaSuccess;
    }
    if (start) cudaEventDestroy(start);
    if (stop) cudaEventDestroy(stop);
    cudaFree(table);
    cudaFree(out);
    ok = ok && cudaGetLastError() == cudaSuccess;
    return ok ? 0 : -2;
}

}  // namespace

// Fills ms[0..runs) with the time of each launch of `blocks` blocks of 128
// threads, each thread doing `iters` mixed additions; limbs 8 = BN254 G1,
// 12 = BLS12-381 G1. Writes the kernel's register count. 0, -1 bad
// arguments, -2 CUDA error.
extern "C" int gpukit_check_dev_madd_throughput(uint32_t limbs, uint32_t prefetch, uint32_t blocks, uint32_t iters,
                                                uint32_t runs, float* ms, int* regs) {
    switch (limbs * 2 + (prefetch ? 1 : 0)) {
        case 16: return time_runs<bn254_g1, false>(blocks, iters, runs, ms, regs);
        case 17: return time_runs<bn254_g1, true>(blocks, iters, runs, ms, regs);
        case 24: return time_runs<bls12_381_g1, false>(blocks, iters, runs, ms, regs);
        case 25: return time_runs<bls12_381_g1, true>(blocks, iters, runs, ms, regs);
        default: return -1;
    }
}
