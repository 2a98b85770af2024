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
#include "../../ff/inverse_bgcd.cuh"
#include "../../ec/wide_access.cuh"

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

// Batch-affine additions, the alternative to XYZZ buckets: each thread
// keeps BATCH affine accumulators and adds one gathered point to each per
// step; the step's BATCH denominators x_P - x_acc share one inversion
// (Montgomery's trick: 3 multiplications each), then λ = (y_P - y_acc)/d,
// x3 = λ² - x_acc - x_P, y3 = λ(x_acc - x3) - y_acc take 3 more. An addition
// thus costs 6 multiplications and 1/BATCH of an inversion (Fermat, ~1.5
// log2 p; or the binary GCD of cuda/ff/inverse_bgcd.cuh when BGCD, ~30–40
// multiplications' time), against XYZZ's 10; the arrays live in local memory. The points
// are not on a curve and no x repeats (probability ~2^-200), so the
// doubling case never arises here.
template <class C, uint32_t BATCH, bool BGCD>
__global__ void affine_batch_loop(const typename curve_traits<C>::affine_t* table, uint32_t mask, uint32_t iters,
                                  typename curve_traits<C>::affine_t* out) {
    using affine_t = typename curve_traits<C>::affine_t;
    using field_t = typename curve_traits<C>::field_t;
    const uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
    uint32_t s = t * 747796405u + 2891336453u;
    affine_t acc[BATCH], points[BATCH];
    field_t prefix[BATCH];
    for (uint32_t m = 0; m < BATCH; m++) acc[m] = load_wide(table + (xorshift(s) & mask));
    for (uint32_t it = 0; it < iters; it++) {
        for (uint32_t m = 0; m < BATCH; m++) {
            points[m] = load_wide(table + (xorshift(s) & mask));
            const field_t d = points[m].x - acc[m].x;
            prefix[m] = m ? prefix[m - 1] * d : d;
        }
        field_t inv = BGCD ? inverse_bgcd(prefix[BATCH - 1]) : prefix[BATCH - 1].inverse();
        for (uint32_t m = BATCH; m-- > 0;) {
            const field_t own = m ? inv * prefix[m - 1] : inv;
            inv = inv * (points[m].x - acc[m].x);
            const field_t l = (points[m].y - acc[m].y) * own;
            const field_t x3 = l.sqr() - acc[m].x - points[m].x;
            acc[m].y = l * (acc[m].x - x3) - acc[m].y;
            acc[m].x = x3;
        }
    }
    for (uint32_t m = 0; m < BATCH; m++) store_wide(out + size_t(t) * BATCH + m, acc[m]);
}

// Times `runs` launches (after one warm-up) of `kernel` over a table of
// distinct points: `blocks` blocks of THREADS threads, `per_thread` outputs
// each. Writes the kernel's register count. 0, or -2 on a CUDA error.
template <class C, class Out>
int time_kernel(void (*kernel)(const typename curve_traits<C>::affine_t*, uint32_t, uint32_t, Out*),
                uint32_t per_thread, uint32_t blocks, uint32_t iters, uint32_t runs, float* ms, int* regs) {
    using affine_t = typename curve_traits<C>::affine_t;
    constexpr uint32_t TABLE = 1u << 22;  // 256 / 384 MiB: far beyond the 50 MB L2, like the bases
    affine_t* table = nullptr;
    Out* out = nullptr;
    cudaEvent_t start = nullptr, stop = nullptr;
    cudaFuncAttributes attr;
    bool ok = cudaFuncGetAttributes(&attr, kernel) == cudaSuccess &&
              cudaMalloc(&table, size_t(TABLE) * sizeof(affine_t)) == cudaSuccess &&
              cudaMalloc(&out, size_t(blocks) * THREADS * per_thread * sizeof(Out)) == cudaSuccess &&
              cudaEventCreate(&start) == cudaSuccess && cudaEventCreate(&stop) == cudaSuccess;
    if (ok) {
        *regs = attr.numRegs;
        fill_table<C><<<TABLE / 256, 256>>>(table, TABLE);
        kernel<<<blocks, THREADS>>>(table, TABLE - 1, iters, out);  // warm-up
        ok = cudaDeviceSynchronize() == cudaSuccess;
    }
    for (uint32_t r = 0; ok && r < runs; ++r) {
        cudaEventRecord(start);
        kernel<<<blocks, THREADS>>>(table, TABLE - 1, iters, out);
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

template <class C, bool PREFETCH>
int time_runs(uint32_t blocks, uint32_t iters, uint32_t runs, float* ms, int* regs) {
    return time_kernel<C>(madd_loop<C, PREFETCH>, 1, blocks, iters, runs, ms, regs);
}

template <class C, uint32_t BATCH>
int time_affine_runs(bool bgcd, uint32_t blocks, uint32_t iters, uint32_t runs, float* ms, int* regs) {
    if (bgcd) return time_kernel<C>(affine_batch_loop<C, BATCH, true>, BATCH, blocks, iters, runs, ms, regs);
    return time_kernel<C>(affine_batch_loop<C, BATCH, false>, BATCH, blocks, iters, runs, ms, regs);
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

// As gpukit_check_dev_madd_throughput for the batch-affine additions of
// `batch` accumulators per thread (8, 16, 32, 64 or 128), inverting by the
// binary GCD when `bgcd`, else by Fermat: each thread does iters · batch
// additions. -1 bad arguments, -2 CUDA error.
extern "C" int gpukit_check_dev_affine_batch_throughput(uint32_t limbs, uint32_t batch, uint32_t bgcd,
                                                        uint32_t blocks, uint32_t iters, uint32_t runs, float* ms,
                                                        int* regs) {
    const bool b = bgcd != 0;
    switch (limbs * 1000 + batch) {
        case 8008: return time_affine_runs<bn254_g1, 8>(b, blocks, iters, runs, ms, regs);
        case 8016: return time_affine_runs<bn254_g1, 16>(b, blocks, iters, runs, ms, regs);
        case 8032: return time_affine_runs<bn254_g1, 32>(b, blocks, iters, runs, ms, regs);
        case 8064: return time_affine_runs<bn254_g1, 64>(b, blocks, iters, runs, ms, regs);
        case 8128: return time_affine_runs<bn254_g1, 128>(b, blocks, iters, runs, ms, regs);
        case 12008: return time_affine_runs<bls12_381_g1, 8>(b, blocks, iters, runs, ms, regs);
        case 12016: return time_affine_runs<bls12_381_g1, 16>(b, blocks, iters, runs, ms, regs);
        case 12032: return time_affine_runs<bls12_381_g1, 32>(b, blocks, iters, runs, ms, regs);
        case 12064: return time_affine_runs<bls12_381_g1, 64>(b, blocks, iters, runs, ms, regs);
        case 12128: return time_affine_runs<bls12_381_g1, 128>(b, blocks, iters, runs, ms, regs);
        default: return -1;
    }
}
