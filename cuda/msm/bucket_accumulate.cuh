// Bucket accumulation, balanced by items instead of by buckets.
//
// The sorted pairs of a window group are cut into equal runs of K
// consecutive items (bucket_runs.cuh), one run per thread, with as many
// threads as the GPU keeps resident at once: a single wave. A thread walks
// its run and sums each bucket's stretch of it. Every thread thus does the
// same K additions whatever the bucket sizes (a bucket holding every point,
// all scalars equal, costs what random scalars cost), with no per-bucket
// bookkeeping in the hot loop, and finish_cut_buckets then adds the partials
// of the buckets that cross runs.
//
// Two accumulations: XYZZ mixed additions, one run per thread (any curve),
// and batch-affine additions, AFFINE_LANES runs per thread (32 for smaller
// groups) sharing an inversion (bucket_accumulate_affine.cuh), for large
// groups on the curves that can.
#pragma once
#include "../curve_traits.cuh"
#include <algorithm>
#include <type_traits>
#include <cub/util_type.cuh>
#include "../ec/point_calls.cuh"
#include "../ec/spread_sum.cuh"
#include "../ec/wide_access.cuh"
#include "../runtime/device_buffer.cuh"
#include "../runtime/env.cuh"
#include "../runtime/occupancy.cuh"
#include "../runtime/trace.cuh"
#include "bucket_accumulate_affine.cuh"
#include "bucket_runs.cuh"
#include "bucket_sort.cuh"
#include "lane_layout.cuh"
#include "plan/spread.cuh"
#include "recode.cuh"

namespace gpukit {

// Registers per thread of the accumulation, from the curve file: the mixed
// addition is bound by the multiply pipe, which needs several warps per
// scheduler to hide its carry chains, and the registers decide how many fit
// (blocks are one warp, so that every register saved can count).
template <class C>
constexpr int accumulate_registers() {
    return curve_traits<C>::ACCUMULATE_REGISTERS;
}

template <class C>
__global__ void __maxnreg__(accumulate_registers<C>()) accumulate_runs(const typename curve_traits<C>::affine_t* bases, const uint32_t* sorted_keys,
                                const uint32_t* sorted_values, const uint32_t* valid_count, pair_keys format,
                                uint32_t threads, typename curve_traits<C>::bucket_t* bucket_sums,
                                cut_partials<typename curve_traits<C>::bucket_t> cut) {
    using affine_t = typename curve_traits<C>::affine_t;
    using bucket_t = typename curve_traits<C>::bucket_t;
    const uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= threads) return;
    const uint32_t valid = *valid_count, K = run_length(valid, threads);
    const size_t start = size_t(t) * K;
    const uint32_t lo = start < valid ? uint32_t(start) : valid;
    const uint32_t hi = valid - lo > K ? lo + K : valid;
    uint32_t head = NO_BUCKET, tail = NO_BUCKET;
    if (lo < hi) {
        // The stretch's key, compared with its neighbours' as it lies, and
        // its bucket's index, where its sums go.
        uint32_t key = sorted_keys[lo], bucket = format.bucket_index(key);
        // The first stretch is a head when its bucket began in an earlier run.
        bool in_head = lo > 0 && sorted_keys[lo - 1] == key;
        bool open = false;
        bucket_t acc = bucket_t::identity();
        for (uint32_t p = lo; p < hi; p++) {
            const uint32_t v = sorted_values[p];
            const affine_t point = load_wide(bases + (v & ~NEGATE_BIT));
            acc = acc.add_affine((v & NEGATE_BIT) ? point.neg() : point);
            open = true;
            const uint32_t next = p + 1 < valid ? sorted_keys[p + 1] : NO_BUCKET;
            if (next == key) continue;
            // The bucket's last item: its stretch in this run is complete.
            if (in_head) {
                store_wide(cut.head_sum + t, acc);
                head = bucket;
            } else {
                store_wide(bucket_sums + bucket, acc);
            }
            in_head = false;
            open = false;
            acc = bucket_t::identity();
            key = next;
            bucket = format.bucket_index(next);
        }
        // The run ended inside a bucket that goes on past it.
        if (open) {
            if (in_head) {
                store_wide(cut.head_sum + t, acc);
                head = bucket;
            } else {
                store_wide(cut.tail_sum + t, acc);
                tail = bucket;
            }
        }
    }
    cut.head_bucket[t] = head;
    cut.tail_bucket[t] = tail;
    if (tail != NO_BUCKET) cut.tail_runs[atomicAdd(cut.tail_count, 1u)] = t;
}

// A bucket reaching at most this many runs past its tail's is finished by
// the tail's thread, one addition after another; a warp adds up to 32 heads
// at once but then sums its lanes in five dependent rounds, as long a chain.
constexpr uint32_t CUT_HEADS_PER_THREAD = 4;

// Partials (its tail and heads) a lane of a group takes in turn, in every
// group class but the last, whose 32 lanes take all a bucket has.
constexpr uint32_t CUT_ITEMS_PER_LANE = 4;

// The group class (bucket_runs.cuh) of a bucket with `items` partials: the
// smallest group whose lanes take at most CUT_ITEMS_PER_LANE each.
__device__ __forceinline__ uint32_t cut_group_class(uint32_t items) {
    uint32_t k = 0;
    while (k + 1 < CUT_GROUP_CLASSES && items > CUT_ITEMS_PER_LANE * (CUT_GROUP_MIN_LANES << k)) k++;
    return k;
}

// One thread per thread with a tail (from cut.tail_runs): it owns the bucket
// it cuts. Where the bucket reaches at most CUT_HEADS_PER_THREAD runs further
// (nearly always the next run only) it adds their heads and writes the sum;
// a bucket that reaches further goes to its group class's list for
// finish_grouped_cut_buckets. A thread's run is `lanes` runs of the
// batch-affine accumulation, 1 of the XYZZ one. (Until v25 a warp took every
// tail, its lane 0 alone adding in the common case: a wave's worth of tails
// made ~2M threads for ~67K additions, 0.6 ms a group at 2^24 and 3.0 ms of
// the PLONK-like batch, now 0.1–0.3 and 0.3; bench/NOTES.md v25c.)
template <class C>
__global__ void finish_cut_buckets(const uint32_t* item_end, const uint32_t* valid_count, uint32_t threads,
                                   uint32_t lanes, cut_partials<typename curve_traits<C>::bucket_t> cut,
                                   typename curve_traits<C>::bucket_t* bucket_sums) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= *cut.tail_count) return;
    const uint32_t t = cut.tail_runs[i], b = cut.tail_bucket[t];
    const uint32_t K = thread_run_length(*valid_count, threads, lanes);
    const uint32_t last_run = (item_end[b] - 1) / K;
    if (last_run - t > CUT_HEADS_PER_THREAD) {
        const uint32_t k = cut_group_class(last_run - t + 1);
        cut.grouped_runs[size_t(k) * cut.grouped_stride + atomicAdd(cut.grouped_count + k, 1u)] = t;
        return;
    }
    bucket_t acc = load_wide(cut.tail_sum + t);
    for (uint32_t r = t + 1; r <= last_run; r++) acc = add_points(acc, load_wide(cut.head_sum + r));
    store_wide(bucket_sums + b, acc);
}

// How fold_wide_cut_buckets folds: a bucket of the last group class with
// more than `wide` partials (its tail and heads) is wide, and its heads are
// summed `runs` into one (a multiple of 32, runs / 32 a lane) by warps of
// their own, since one warp alone would add them in a chain of partials / 32
// dependent additions, with the rest of the GPU idle. A window whose top
// digits have few bits crowds its pairs into few buckets, each cut over
// hundreds of runs: BN254 at c = 21 (a 3-bit top window) spent 0.95 ms
// finishing cut buckets at 2^23 points where c = 20 and 22 spent 0.08, and
// 0.22 folded 128 a warp past 512; secp256k1 at 2^18 (a 1-bit top window)
// 0.57, and 0.12 (bench/NOTES.md v50c, v51a). All scalars equal make one
// bucket span every run.
//
// Past 512 only, BLS12-381 G1 at 2^20 (c = 18, a 4-bit top window) kept its
// ~420 partials a bucket, one warp's 14 additions a lane and 5 levels: 257
// µs a part, where a lone warp's addition takes ~12 µs (v51d). Counted in
// dependent additions, a bucket of P partials takes ceil(P / 32) + 5 in one
// warp, and folded runs / 32 + 5, then ceil(P / runs / 32) + 5: at runs = 32
// folding wins from ~224 partials (420: 19 → 12) by this count; measured, 32
// runs past 128 partials ran BLS12-381 G1 2^20 9.13 → 8.83 ms and secp256k1
// 2^20 5.28 → 5.16 (v51e); 32 from 256, 64 from 128 and 32 from 64 ran
// within the same spread (v52a).
struct cut_fold {
    uint32_t runs;
    uint32_t wide;
};
constexpr cut_fold CUT_FOLD_DEFAULT{32, 128};

// The partials past which a bucket is in the last group class (those of
// CUT_ITEMS_PER_LANE a lane over 16 lanes or fewer are not): the least
// `wide` may be, since only the last class's buckets are folded and every
// bucket past `wide` is read `runs` apart.
constexpr uint32_t CUT_LAST_CLASS_FLOOR = CUT_ITEMS_PER_LANE * (CUT_GROUP_MIN_LANES << (CUT_GROUP_CLASSES - 2));
static_assert(CUT_FOLD_DEFAULT.wide >= CUT_LAST_CLASS_FLOOR, "a wide bucket must be of the last class");

// CUT_FOLD_DEFAULT, or GPUKIT_CUT_FOLD_RUNS (a multiple of 32, 32 to 1024)
// and GPUKIT_CUT_WIDE_PARTIALS (raised to CUT_LAST_CLASS_FLOOR) where set
// (read once per process), for benchmarks and tests (64 folds every bucket
// of the last class).
inline cut_fold cut_fold_setting() {
    static const cut_fold fold = [] {
        const size_t runs = env_count("GPUKIT_CUT_FOLD_RUNS", CUT_FOLD_DEFAULT.runs);
        const size_t wide = env_count("GPUKIT_CUT_WIDE_PARTIALS", CUT_FOLD_DEFAULT.wide);
        return cut_fold{runs % 32 == 0 && runs >= 32 && runs <= 1024 ? uint32_t(runs) : CUT_FOLD_DEFAULT.runs,
                        uint32_t(std::min<size_t>(std::max<size_t>(wide, CUT_LAST_CLASS_FLOOR), 1u << 30))};
    }();
    return fold;
}

// The runs apart of a cut bucket's partials after fold_wide_cut_buckets:
// fold.runs for a wide one (its heads folded into the first head of each
// stretch), else 1.
__device__ __forceinline__ uint32_t cut_partial_stride(uint32_t t, uint32_t last_run, cut_fold fold) {
    return last_run - t + 1 > fold.wide ? fold.runs : 1;
}

// Folds the heads of the wide buckets of the last group class: stretch j of
// the bucket cut by run t, the heads of runs t + 1 + j·fold.runs onward,
// summed by one warp into that stretch's first head. The stretches of every
// wide bucket are numbered in the class list's order and the launch's warps
// take them in turn; a warp walks the list 32 entries at a time, its lanes
// counting their entries' stretches and a warp scan placing them.
template <class C>
__global__ void __launch_bounds__(spread_block_warps<typename curve_traits<C>::bucket_t>() * 32)
    fold_wide_cut_buckets(const uint32_t* item_end, const uint32_t* valid_count, uint32_t threads, uint32_t lanes,
                          cut_partials<typename curve_traits<C>::bucket_t> cut, cut_fold fold, bool spread_sums) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    __shared__ spread_space_for<bucket_t> spread[spread_block_warps<bucket_t>()];
    constexpr uint32_t LAST = CUT_GROUP_CLASSES - 1;
    const uint32_t warps = gridDim.x * blockDim.x / 32, lane = threadIdx.x & 31;
    const uint32_t warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    const uint32_t K = thread_run_length(*valid_count, threads, lanes);
    const uint32_t listed = cut.grouped_count[LAST];
    const uint32_t* list = cut.grouped_runs + size_t(LAST) * cut.grouped_stride;
    uint32_t before = 0;  // stretches of the entries before this batch of 32
    for (uint32_t base = 0; base < listed; base += 32) {
        uint32_t t = 0, last_run = 0, stretches = 0;
        if (base + lane < listed) {
            t = list[base + lane];
            last_run = (item_end[cut.tail_bucket[t]] - 1) / K;
            if (cut_partial_stride(t, last_run, fold) > 1) stretches = (last_run - t + fold.runs - 1) / fold.runs;
        }
        uint32_t through = stretches;  // stretches of this batch's entries up to this lane's
#pragma unroll
        for (uint32_t offset = 1; offset < 32; offset <<= 1) {
            const uint32_t lower = __shfl_up_sync(0xffffffffu, through, offset);
            if (lane >= offset) through += lower;
        }
        const uint32_t batch = __shfl_sync(0xffffffffu, through, 31);
        // This warp's first stretch number at or past `before`.
        const uint32_t skip = before % warps;
        for (uint32_t s = before + (warp >= skip ? warp - skip : warp + warps - skip); s < before + batch; s += warps) {
            const uint32_t entry = __ffs(__ballot_sync(0xffffffffu, through > s - before)) - 1;
            const uint32_t entry_t = __shfl_sync(0xffffffffu, t, entry);
            const uint32_t entry_last = __shfl_sync(0xffffffffu, last_run, entry);
            const uint32_t first_stretch = before + __shfl_sync(0xffffffffu, through - stretches, entry);
            const uint32_t start = entry_t + 1 + (s - first_stretch) * fold.runs;
            const uint32_t end = min(start + fold.runs, entry_last + 1);
            bucket_t acc = bucket_t::identity();
            for (uint32_t r = start + lane; r < end; r += 32) acc = add_points(acc, load_wide(cut.head_sum + r));
            acc = spread_warp_sum(acc, spread[threadIdx.x / 32], spread_sums);
            if (lane == 0) store_wide(cut.head_sum + start, acc);
        }
        before += batch;
    }
}

// The buckets finish_cut_buckets listed by class, each summed by a group of
// G = CUT_GROUP_MIN_LANES << k lanes, P = 32 / G buckets a warp: bucket p of
// the warp takes lanes p, p + P, p + 2·P, …, and member i of its group (lane
// p + i·P) adds partials i, i + G, ... of it (the tail, then the heads run
// by run); then the warp sums its lanes P apart in log2(G) levels, their
// additions spread over the lanes (ec/spread_sum.cuh; interleaved so that
// each level's adding lanes are the first ones). Why groups: a warp's
// additions cost the multiplier the same however few lanes work
// (bench/NOTES.md v30c), so a bucket of a few dozen partials given a whole
// warp (until v32: one warp each, five rounds) costs several times the
// additions it needs; small MSMs cut nearly every bucket so (BN254 2^16,
// c = 8: 2,048 buckets of ~33 runs each, 0.10 ms with the levels one
// addition a lane, v39). The warps of the launch take the classes' warps in
// turn (all scalars equal make one bucket span every run of its window: the
// last class's lanes loop).
template <class C>
__global__ void __launch_bounds__(spread_block_warps<typename curve_traits<C>::bucket_t>() * 32)
    finish_grouped_cut_buckets(const uint32_t* item_end, const uint32_t* valid_count, uint32_t threads,
                               uint32_t lanes, cut_partials<typename curve_traits<C>::bucket_t> cut, cut_fold fold,
                               bool spread_sums, typename curve_traits<C>::bucket_t* bucket_sums) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    __shared__ spread_space_for<bucket_t> spread[spread_block_warps<bucket_t>()];
    const uint32_t warps = gridDim.x * blockDim.x / 32, lane = threadIdx.x & 31;
    const uint32_t K = thread_run_length(*valid_count, threads, lanes);
    // Warps before each class's first, and every class's warps in all.
    uint32_t first_warp[CUT_GROUP_CLASSES + 1];
    first_warp[0] = 0;
#pragma unroll
    for (uint32_t k = 0; k < CUT_GROUP_CLASSES; k++) {
        const uint32_t per_warp = 32 / (CUT_GROUP_MIN_LANES << k);
        first_warp[k + 1] = first_warp[k] + (cut.grouped_count[k] + per_warp - 1) / per_warp;
    }
    for (uint32_t w = (blockIdx.x * blockDim.x + threadIdx.x) / 32; w < first_warp[CUT_GROUP_CLASSES]; w += warps) {
        uint32_t k = 0;
#pragma unroll
        for (uint32_t j = 1; j < CUT_GROUP_CLASSES; j++) k += w >= first_warp[j];
        const uint32_t G = CUT_GROUP_MIN_LANES << k, P = 32 / G, member = lane / P;
        const uint32_t item = (w - first_warp[k]) * P + lane % P;
        bucket_t acc = bucket_t::identity();
        uint32_t b = NO_BUCKET;
        if (item < cut.grouped_count[k]) {
            const uint32_t t = cut.grouped_runs[size_t(k) * cut.grouped_stride + item];
            b = cut.tail_bucket[t];
            const uint32_t last_run = (item_end[b] - 1) / K;
            // Partial i of the bucket is its tail (i = 0) or the head of run
            // t + 1 + (i - 1)·stride (the wide buckets' heads folded).
            const uint32_t stride = cut_partial_stride(t, last_run, fold);
            const uint32_t partials = 1 + (last_run - t + stride - 1) / stride;
            if (member == 0)
                acc = load_wide(cut.tail_sum + t);
            else if (member < partials)
                acc = load_wide(cut.head_sum + t + 1 + (member - 1) * stride);
            for (uint32_t i = member + G; i < partials; i += G)
                acc = add_points(acc, load_wide(cut.head_sum + t + 1 + (i - 1) * stride));
        }
        acc = spread_strided_sum(acc, spread[threadIdx.x / 32], spread_sums, P);
        if (member == 0 && b != NO_BUCKET) store_wide(bucket_sums + b, acc);
    }
}

// Threads of the XYZZ accumulation: what every SM holds at once, so that the
// equal runs end together, or fewer for a small group.
template <class C>
uint32_t accumulation_threads(size_t pairs, uint32_t block) {
    return uint32_t(std::max<size_t>(1, std::min(resident_threads(accumulate_runs<C>, block), pairs)));
}

// Which accumulation a group gets. GPUKIT_ACCUMULATION (read once per
// process) overrides the choice, for tests and benchmarks: `xyzz`, or
// `batch_affine` (on the curves that can, at every size).
enum class accumulation_choice { automatic, xyzz, batch_affine };

inline accumulation_choice accumulation_override() {
    static const accumulation_choice choice = [] {
        if (env_is("GPUKIT_ACCUMULATION", "xyzz")) return accumulation_choice::xyzz;
        if (env_is("GPUKIT_ACCUMULATION", "batch_affine")) return accumulation_choice::batch_affine;
        return accumulation_choice::automatic;
    }();
    return choice;
}

// Items per lane from which the batch-affine accumulation is chosen: a lane
// with few items spends its time on its bucket boundaries and the stitching
// (mixed XYZZ additions), and a group too small to fill the lanes of a
// whole wave leaves SMs idle. At 8, 2^22-point resident MSMs (lanes of ~12 items)
// are within ±4 % of XYZZ either way and 2^24 ones (~46) 6-10 % faster
// (bench/NOTES.md, v9).
constexpr size_t AFFINE_MIN_LANE_ITEMS = 8;

// GPUKIT_AFFINE_LANES (read once per process) holds the batch-affine
// accumulation to one lane count, AFFINE_LANES or AFFINE_NARROW_LANES, for
// benchmarks; 0 (or unset) chooses by the group's size.
inline uint32_t affine_lanes_override() {
    static const uint32_t lanes = [] {
        const size_t v = env_count("GPUKIT_AFFINE_LANES", 0);
        return v == AFFINE_LANES || v == AFFINE_NARROW_LANES ? uint32_t(v) : 0u;
    }();
    return lanes;
}

// How a group is accumulated batch-affine: its threads, 0 where the group
// is accumulated in XYZZ, and each thread's lanes.
struct affine_accumulation {
    uint32_t threads, lanes;
};

// Threads of one wave of the batch-affine accumulation on the current device.
template <class C>
size_t affine_wave() {
    return size_t(multiprocessors()) * affine_blocks_per_sm<C>() * AFFINE_BLOCK;
}

// The batch-affine accumulation of `pairs` pairs: AFFINE_LANES lanes a
// thread where a wave's lanes get AFFINE_MIN_LANE_ITEMS items each, else
// AFFINE_NARROW_LANES where theirs do, else none. At 32 lanes a group of
// ~2^21 points accumulates as fast a pair as at 64 with twice the items (a
// two-GPU BN254 2^23 slice one-shot in four parts 24.9 ms against three
// parts' 24.3–24.8), where 64 lanes of ~6 items ran no faster than XYZZ
// (v43a): BLS12-381 G1 and BLS12-377 G1 resident 2^21 took 7 % less,
// one-shot 6–8 % (bench/NOTES.md v45a). `wave` is affine_wave<C>(), given
// by a caller that weighs many group sizes (scalar_pipeline.cuh
// lead_share_for), as the device query costs a driver call.
template <class C>
affine_accumulation affine_accumulation_for(size_t pairs, size_t wave) {
    if constexpr (!batch_affine_capable<C>()) {
        return {0, 0};
    } else {
        const accumulation_choice choice = accumulation_override();
        if (choice == accumulation_choice::xyzz) return {0, 0};
        const uint32_t forced = affine_lanes_override();
        uint32_t lanes = forced ? forced : AFFINE_LANES;
        if (!forced && pairs < wave * AFFINE_LANES * AFFINE_MIN_LANE_ITEMS) lanes = AFFINE_NARROW_LANES;
        if (choice == accumulation_choice::automatic && pairs < wave * lanes * AFFINE_MIN_LANE_ITEMS) return {0, 0};
        // Lanes of AFFINE_MIN_LANE_ITEMS items or more: under the override, a
        // small group still takes its additions in batches (the tests' edge
        // cases reach every kind of step).
        const size_t per_thread = size_t(lanes) * AFFINE_MIN_LANE_ITEMS;
        return {uint32_t(std::max<size_t>(1, std::min(wave, (pairs + per_thread - 1) / per_thread))), lanes};
    }
}

template <class C>
affine_accumulation affine_accumulation_for(size_t pairs) {
    return affine_accumulation_for<C>(pairs, affine_wave<C>());
}

// Whether `a` is batch-affine at full width: AFFINE_LANES lanes a thread,
// or whatever count GPUKIT_AFFINE_LANES holds every group to.
inline bool at_full_width(const affine_accumulation& a) {
    return a.threads > 0 && (a.lanes == AFFINE_LANES || affine_lanes_override() != 0);
}

// Threads of the batch-affine accumulation for `pairs` pairs, or 0 when the
// group is to be accumulated in XYZZ.
template <class C>
uint32_t affine_accumulation_threads(size_t pairs) {
    return affine_accumulation_for<C>(pairs).threads;
}

// Slots of the key and value buffers a group of `pairs` pairs needs: the
// pairs, and for the batch-affine accumulation their lane layout, which
// rounds every lane up to the longest (lane_layout.cuh) and goes to the
// sort's alternate buffers.
template <class C>
size_t pair_buffer_slots(size_t pairs) {
    const affine_accumulation affine = affine_accumulation_for<C>(pairs);
    return affine.threads ? std::max(pairs, lane_slots(pairs, affine.threads, affine.lanes)) : pairs;
}

// Lays the sorted pairs out for L lanes a thread and accumulates them
// batch-affine (the launches of accumulate_buckets).
template <class C, uint32_t L, class F>
void accumulate_affine_lanes(const typename curve_traits<C>::affine_t* bases,
                             cub::DoubleBuffer<typename F::key_t>& keys, cub::DoubleBuffer<uint32_t>& values,
                             size_t pairs, F format, const bucket_items& items, uint32_t threads,
                             typename curve_traits<C>::bucket_t* sums,
                             const cut_partials<typename curve_traits<C>::bucket_t>& cut, cudaStream_t stream) {
    // Tiles for the longest runs `pairs` allows (those past the valid pairs return at once).
    const uint32_t tiles_t = (threads + LANE_TILE - 1) / LANE_TILE;
    const size_t tiles_u = lane_slots(pairs, threads, L) / threads / LANE_TILE;
    const size_t groups = size_t((tiles_t + LANE_GROUP - 1) / LANE_GROUP) * ((tiles_u + LANE_GROUP - 1) / LANE_GROUP);
    uint32_t* const lane_keys = reinterpret_cast<uint32_t*>(keys.Alternate());
    lay_out_lanes<L><<<uint32_t(groups * LANE_GROUP * LANE_GROUP), dim3(LANE_TILE, LANE_TILE_ROWS), 0, stream>>>(
        keys.Current(), values.Current(), items.valid.get(), format, threads, tiles_t, lane_keys, values.Alternate(),
        items.end.get());
    GPUKIT_LAUNCHED("lay_out_lanes");
    trace_mark("lay out lanes");
    accumulate_runs_affine<C, L><<<blocks_for(threads, AFFINE_BLOCK), AFFINE_BLOCK, 0, stream>>>(
        bases, lane_keys, values.Alternate(), items.valid.get(), threads, sums, cut);
    GPUKIT_LAUNCHED("accumulate_runs_affine");
    trace_mark(L == AFFINE_LANES ? "accumulate runs (batch affine)" : "accumulate runs (batch affine, 32 lanes)");
}

// Finds where the buckets end in the sorted pairs (keys in `format`: the
// XYZZ accumulation reads pair_keys only, so narrow keys need a group that
// accumulates batch-affine) and sums every bucket of a window group into
// sums[bucket index] (left unwritten for buckets with no items: the
// reduction reads their ends). items.end must be zeroed. The sorted pairs
// are keys.Current() / values.Current(); the batch-affine accumulation lays
// them out lane by lane in the alternate buffers (pair_buffer_slots 32-bit
// words each, whatever the key's width), writing the ends as it goes.
template <class C, class F>
void accumulate_buckets(const typename curve_traits<C>::affine_t* bases, cub::DoubleBuffer<typename F::key_t>& keys,
                        cub::DoubleBuffer<uint32_t>& values, size_t pairs, F format, const bucket_items& items,
                        typename curve_traits<C>::bucket_t* sums, cudaStream_t stream) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    constexpr uint32_t BLOCK = 32, RANGE_BLOCK = 256;
    const affine_accumulation affine = affine_accumulation_for<C>(pairs);
    const uint32_t lanes = affine.threads ? affine.lanes : 1;
    const uint32_t threads = affine.threads ? affine.threads : accumulation_threads<C>(pairs, BLOCK);
    device_buffer<bucket_t> head_sum(threads, stream), tail_sum(threads, stream);
    device_buffer<uint32_t> head_bucket(threads, stream), tail_bucket(threads, stream);
    // A thread with a tail cuts a bucket that no other thread's tail cuts.
    const size_t tails = std::min<size_t>(threads, items.end.size());
    device_buffer<uint32_t> tail_runs(threads, stream), grouped_runs(CUT_GROUP_CLASSES * tails, stream);
    device_buffer<uint32_t> counts(1 + CUT_GROUP_CLASSES, stream);
    GPUKIT_CUDA(cudaMemsetAsync(counts.get(), 0, counts.bytes(), stream));
    const cut_partials<bucket_t> cut{head_sum.get(),     head_bucket.get(),  tail_sum.get(),
                                     tail_bucket.get(),  tail_runs.get(),    counts.get(),
                                     grouped_runs.get(), counts.get() + 1,   uint32_t(tails)};
    if (!affine.threads) {
        if constexpr (std::is_same_v<F, pair_keys>) {
            bucket_ends<<<blocks_for(pairs, RANGE_BLOCK), RANGE_BLOCK, 0, stream>>>(
                keys.Current(), pairs, format, items.end.get(), items.valid.get());
            GPUKIT_LAUNCHED("bucket_ends");
            trace_mark("bucket ends");
            accumulate_runs<C><<<blocks_for(threads, BLOCK), BLOCK, 0, stream>>>(
                bases, keys.Current(), values.Current(), items.valid.get(), format, threads, sums, cut);
            GPUKIT_LAUNCHED("accumulate_runs");
            trace_mark("accumulate runs");
        } else {
            fail(STATUS_INTERNAL, "narrow pair keys for a group that accumulates in XYZZ");
        }
    }
    if constexpr (batch_affine_capable<C>()) {
        if (affine.threads) {
            count_valid_pairs<<<1, 32, 0, stream>>>(keys.Current(), pairs, format, items.valid.get());
            GPUKIT_LAUNCHED("count_valid_pairs");
            if (affine.lanes == AFFINE_LANES)
                accumulate_affine_lanes<C, AFFINE_LANES>(bases, keys, values, pairs, format, items, threads, sums,
                                                         cut, stream);
            else
                accumulate_affine_lanes<C, AFFINE_NARROW_LANES>(bases, keys, values, pairs, format, items, threads,
                                                                sums, cut, stream);
        }
    }
    finish_cut_buckets<C><<<blocks_for(tails, 128), 128, 0, stream>>>(items.end.get(), items.valid.get(), threads,
                                                                      lanes, cut, sums);
    GPUKIT_LAUNCHED("finish_cut_buckets");
    // The grouped buckets are at most `tails`, one to eight a warp by their
    // class: at most 32 warps an SM take them in turn; as many take the wide
    // buckets' stretches first.
    constexpr uint32_t GROUPED_BLOCK = spread_block_warps<bucket_t>() * 32;
    const size_t grouped_blocks = std::min<size_t>(blocks_for(tails * 32, GROUPED_BLOCK),
                                                   size_t(multiprocessors()) * (32 * 32 / GROUPED_BLOCK));
    fold_wide_cut_buckets<C><<<uint32_t(grouped_blocks), GROUPED_BLOCK, 0, stream>>>(
        items.end.get(), items.valid.get(), threads, lanes, cut, cut_fold_setting(), spread_sums_on());
    GPUKIT_LAUNCHED("fold_wide_cut_buckets");
    finish_grouped_cut_buckets<C><<<uint32_t(grouped_blocks), GROUPED_BLOCK, 0, stream>>>(
        items.end.get(), items.valid.get(), threads, lanes, cut, cut_fold_setting(), spread_sums_on(), sums);
    GPUKIT_LAUNCHED("finish_grouped_cut_buckets");
    trace_mark("finish cut buckets");
}

}  // namespace gpukit
