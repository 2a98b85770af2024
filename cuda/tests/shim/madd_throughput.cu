// Mixed-addition throughput on the GPU: the inner loop of the MSM's bucket
// accumulation (cuda/msm/bucket_accumulate.cuh) without the sort around it.
// Every thread adds `iters` affine points gathered at pseudo-random indices
// of a table of distinct points into one XYZZ accumulator. Variants: with
// or without issuing the next point's gather before the current addition
// (prefetch), and the number of resident blocks per SM, set by the grid (one
// wave of blocks_per_sm · SMs blocks), which sweeps occupancy up to what the
// kernel's registers allow. (Capping the registers with __launch_bounds__
// spills: 80 registers spill ~1 KB per thread at 8 limbs.) Timed with CUDA
// events after a warm-up launch. Also, on BLS12-377's field, the bucket forms
// its twisted Edwards model would allow, beside XYZZ and batch-affine.
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

// Distinct entries: words from a hash of (index, word), the top word of each
// W-word coordinate cleared so that it is below p. They are not on a curve,
// which the formulas never look at; only equal x (probability ~2^-200)
// would take the doubling branch.
template <class Entry, uint32_t W>
__global__ void fill_table(Entry* table, uint32_t n) {
    constexpr uint32_t WORDS = sizeof(Entry) / 4;
    static_assert(WORDS % W == 0, "an entry is whole coordinates");
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    uint32_t words[WORDS];
    uint32_t s = i * 2654435761u + 12345u;
    for (uint32_t k = 0; k < WORDS; k++) words[k] = xorshift(s) ^ (k * 0x9e3779b9u);
    for (uint32_t k = W - 1; k < WORDS; k += W) words[k] = 0;
    Entry e;
    memcpy(&e, words, sizeof e);
    table[i] = e;
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
// `complete`, where given, rewrites the random entries after the fill (the
// products an entry carries, from its coordinates).
template <class Entry, uint32_t W, class Out>
int time_kernel(void (*kernel)(const Entry*, uint32_t, uint32_t, Out*), uint32_t per_thread, uint32_t blocks,
                uint32_t iters, uint32_t runs, float* ms, int* regs, void (*complete)(Entry*, uint32_t) = nullptr) {
    constexpr uint32_t TABLE = 1u << 22;  // 256 / 384 / 576 MiB: far beyond the 50 MB L2, like the bases
    Entry* table = nullptr;
    Out* out = nullptr;
    cudaEvent_t start = nullptr, stop = nullptr;
    cudaFuncAttributes attr;
    bool ok = cudaFuncGetAttributes(&attr, kernel) == cudaSuccess &&
              cudaMalloc(&table, size_t(TABLE) * sizeof(Entry)) == cudaSuccess &&
              cudaMalloc(&out, size_t(blocks) * THREADS * per_thread * sizeof(Out)) == cudaSuccess &&
              cudaEventCreate(&start) == cudaSuccess && cudaEventCreate(&stop) == cudaSuccess;
    if (ok) {
        *regs = attr.numRegs;
        fill_table<Entry, W><<<TABLE / 256, 256>>>(table, TABLE);
        if (complete) complete<<<TABLE / 256, 256>>>(table, TABLE);
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

template <class C>
using affine_of = typename curve_traits<C>::affine_t;
template <class C>
constexpr uint32_t words_of = curve_traits<C>::field_t::WORDS;

template <class C, bool PREFETCH>
int time_runs(uint32_t blocks, uint32_t iters, uint32_t runs, float* ms, int* regs) {
    return time_kernel<affine_of<C>, words_of<C>>(madd_loop<C, PREFETCH>, 1, blocks, iters, runs, ms, regs);
}

template <class C, uint32_t BATCH>
int time_affine_runs(bool bgcd, uint32_t blocks, uint32_t iters, uint32_t runs, float* ms, int* regs) {
    constexpr uint32_t W = words_of<C>;
    if (bgcd)
        return time_kernel<affine_of<C>, W>(affine_batch_loop<C, BATCH, true>, BATCH, blocks, iters, runs, ms, regs);
    return time_kernel<affine_of<C>, W>(affine_batch_loop<C, BATCH, false>, BATCH, blocks, iters, runs, ms, regs);
}

// BLS12-377 G1's twisted Edwards model, -x² + y² = 1 + d·x²·y² over its base
// field: from y² = x³ + 1 through the Montgomery form at the point of order
// 2 (-1, 0), scale s = 1/√3, then x scaled by √(-a) so that a = -1 (the
// derivation, and the map checked to be a homomorphism on multiples of the
// generator: bench/NOTES.md, v22b). d is a square, so the addition law is
// not complete on the whole curve, but it is exact on the prime-order
// subgroup, whose points have odd order.
struct bls12_377_te_coeffs {
    // a = -1 = p - 1
    static constexpr uint32_t A[12] = {
        0x00000000, 0x8508c000, 0x30000000, 0x170b5d44, 0xba094800, 0x1ef3622f,
        0x00f5138f, 0x1a22d9f3, 0x6ca1493b, 0xc63b05c0, 0x17c510ea, 0x01ae3a46,
    };
    static constexpr int A_SMALL = -1;
    // d = 0xcb5d5818b4d2796505bb385732fe3a1bbc34cc60d19690bf8b2d97f059909cb9aeca3c3871e9f27016092b426b700b
    static constexpr uint32_t D[12] = {
        0x426b700b, 0x7016092b, 0x3871e9f2, 0xb9aeca3c, 0xf059909c, 0xbf8b2d97,
        0x60d19690, 0x1bbc34cc, 0x5732fe3a, 0x6505bb38, 0x18b4d279, 0x00cb5d58,
    };
};
using fp377 = curve_traits<bls12_377_g1>::field_t;
using te377_bucket = te_extended<fp377, bls12_377_te_coeffs>;

// An entry for a = -1 as madd-2008-hwcd-3 reads it: (y - x, y + x, 2d·x·y).
struct te377_sum_entry {
    fp377 ymx, ypx, k2;
};

// The three ways to add a gathered entry into a bucket on BLS12-377's field.
enum class bucket_form { xyzz, extended, extended_sums };

// XYZZ with an affine point: 8M + 2S. Extended with (x, y, d·x·y): 8M and
// a·A by an addition (te_extended::add_affine). Extended with (y - x, y + x,
// 2d·x·y), a = -1 (EFD madd-2008-hwcd-3): 7M.
template <bucket_form F>
struct form_of;
template <>
struct form_of<bucket_form::xyzz> {
    using entry_t = affine_of<bls12_377_g1>;
    using bucket_t = curve_traits<bls12_377_g1>::bucket_t;
    __device__ static bucket_t add(const bucket_t& b, const entry_t& e) { return b.add_affine(e); }
};
template <>
struct form_of<bucket_form::extended> {
    using entry_t = te_precomputed<fp377, bls12_377_te_coeffs>;
    using bucket_t = te377_bucket;
    __device__ static bucket_t add(const bucket_t& b, const entry_t& e) { return b.add_affine(e); }
};
template <>
struct form_of<bucket_form::extended_sums> {
    using entry_t = te377_sum_entry;
    using bucket_t = te377_bucket;
    __device__ static bucket_t add(const bucket_t& p, const entry_t& q) {
        const fp377 a = (p.y - p.x) * q.ymx;  // A = (Y1 - X1)·(y2 - x2)
        const fp377 b = (p.y + p.x) * q.ypx;  // B = (Y1 + X1)·(y2 + x2)
        const fp377 c = p.t * q.k2;           // C = T1·2d·t2
        const fp377 d = p.z.dbl();            // D = 2·Z1
        const fp377 e = b - a, f = d - c, g = d + c, h = b + a;
        return bucket_t{e * f, g * h, e * h, f * g};
    }
};

// madd_loop without the prefetch, for any bucket form.
template <bucket_form F>
__global__ void form_loop(const typename form_of<F>::entry_t* table, uint32_t mask, uint32_t iters,
                          typename form_of<F>::bucket_t* out) {
    using bucket_t = typename form_of<F>::bucket_t;
    const uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
    uint32_t s = t * 747796405u + 2891336453u;
    bucket_t acc = bucket_t::identity();
    for (uint32_t it = 0; it < iters; it++) acc = form_of<F>::add(acc, load_wide(table + (xorshift(s) & mask)));
    store_wide(out + t, acc);
}

// The Edwards entries from their random x (first) and y (second
// coordinate): the products they carry computed as a table of real points
// would have them (d·x·y, or y - x, y + x and 2d·x·y).
template <bucket_form F>
__global__ void complete_entries(typename form_of<F>::entry_t* table, uint32_t n) {
    const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const fp377 d = fp377::constant(bls12_377_te_coeffs::D);
    auto& e = table[i];
    if constexpr (F == bucket_form::extended) {
        e.k = d * (e.x * e.y);
    } else {
        const fp377 x = e.ymx, y = e.ypx;
        e = te377_sum_entry{y - x, y + x, (d * (x * y)).dbl()};
    }
}

template <bucket_form F>
int time_form_runs(uint32_t blocks, uint32_t iters, uint32_t runs, float* ms, int* regs) {
    using entry_t = typename form_of<F>::entry_t;
    void (*complete)(entry_t*, uint32_t) = nullptr;
    if constexpr (F != bucket_form::xyzz) complete = complete_entries<F>;
    return time_kernel<entry_t, words_of<bls12_377_g1>>(form_loop<F>, 1, blocks, iters, runs, ms, regs, complete);
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

// BLS12-377 G1's bucket forms (bench/NOTES.md, v22b): form 0 XYZZ with affine
// points, 1 extended twisted Edwards with (x, y, d·x·y), 2 extended with
// (y - x, y + x, 2d·x·y), each thread adding `iters` gathered entries into
// one bucket; 3 the batch-affine additions of 64 accumulators a thread
// sharing a binary-GCD inversion, `iters` · 64 additions a thread. -1 bad
// arguments, -2 CUDA error.
extern "C" int gpukit_check_dev_bls12_377_form_throughput(uint32_t form, uint32_t blocks, uint32_t iters,
                                                          uint32_t runs, float* ms, int* regs) {
    switch (form) {
        case 0: return time_form_runs<bucket_form::xyzz>(blocks, iters, runs, ms, regs);
        case 1: return time_form_runs<bucket_form::extended>(blocks, iters, runs, ms, regs);
        case 2: return time_form_runs<bucket_form::extended_sums>(blocks, iters, runs, ms, regs);
        case 3: return time_affine_runs<bls12_377_g1, 64>(true, blocks, iters, runs, ms, regs);
        default: return -1;
    }
}
