// The sorted pairs laid out lane by lane for the batch-affine accumulation
// (bucket_accumulate_affine.cuh).
//
// There each thread t walks L runs ("lanes", 64 or 32) of K consecutive
// sorted items side by side: at step s, lane j of thread t takes item
// i = (t·L + j)·K + s. Read from the sorted arrays, neighbouring threads'
// items lie K·L apart, so every 4-byte key and value costs its warp a
// 32-byte sector per thread, and the end-of-bucket test reads a second key:
// ~100 bytes of DRAM traffic per lane-step (v10's ncu: 10.8 of each global
// sector's bytes unused per thread). lay_out_lanes writes the same items to
//   lane_keys[(s·L + j)·T + t],  lane_values[(s·L + j)·T + t],
// so that a warp's lane-step reads 2 × 128 contiguous bytes, and marks each
// bucket's last item in its key, so that the step reads one key, not two.
// The copy is a tiled transpose through shared memory (both sides
// coalesced, whole lines): ~16 bytes of traffic per item, paid once,
// against the ~100 saved per lane-step. A laid-out key is the bucket's index
// (pair_keys::bucket_index), and since the copy compares each key with the
// next anyway it also writes where each bucket ends, which a pass of its
// own over the keys took before (0.8 ms of a 2^24-point call; the XYZZ
// path, which has no lane layout, keeps that pass: bucket_ends).
#pragma once
#include <cstddef>
#include <cstdint>
#include "bucket_runs.cuh"
#include "recode.cuh"

namespace gpukit {

// A laid-out key with this bit is its bucket's last item (buckets < 2^31).
constexpr uint32_t LANE_LAST = 0x80000000u;
// Key and value of a slot past the valid pairs: no item.
constexpr uint32_t LANE_SKIP = UINT32_MAX;
// The transpose's tile: TILE threads × TILE items of each, moved by TILE × TILE_ROWS threads.
constexpr uint32_t LANE_TILE = 32;
constexpr uint32_t LANE_TILE_ROWS = 8;
// Tiles a side of a group of consecutive blocks (lay_out_lanes says why).
constexpr uint32_t LANE_GROUP = 16;

// Slots of the laid-out arrays for `threads` threads of `lanes` lanes over
// at most `pairs` valid items: every lane gets the longest run length.
__host__ __device__ inline size_t lane_slots(size_t pairs, uint32_t threads, uint32_t lanes) {
    const size_t runs = size_t(threads) * lanes;
    return (pairs + runs - 1) / runs * runs;
}

// One block per tile: TILE consecutive threads t0.. by TILE consecutive
// items u0.. of each thread's own L·K items (lane j = u / K, step
// s = u mod K). A thread's items are one stretch of the sorted arrays and
// L·K is a multiple of TILE, so each row read is one aligned line of keys
// and one of values, and each row written (one slot for TILE consecutive
// threads) too, with no tile cut short by K. Consecutive blocks take the
// tiles of a LANE_GROUP × LANE_GROUP square, so that the blocks in flight
// read and write several KiB along each row instead of 128 bytes on one
// side. The first form tiled each lane on its own, rows of K items at
// unaligned starts, the last tile of every lane mostly empty, and the
// blocks in order of threads: the PLONK-like batch's 9.4 GB (16-bit keys)
// in 6.85 ms, a 2^24 call's 3.2 GB in 2.42 ms (1.4 and 1.3 TB/s); whole
// lines took them to 6.45 and 1.80 ms, the groups of 8 × 8 tiles to 4.67
// and 1.40, of 16 × 16 to 4.52 and 1.38 (2.1 and 2.3 TB/s; bench/NOTES.md
// v27a). A row's next keys come from the neighbouring lane of the warp, so
// only the row's last item reads one more. K is read from the device's
// valid count, so tiles past it return at once. Writes each bucket's end at its index, as bucket_ends does. The
// sorted keys are in `format` (recode.cuh); the laid-out ones are bucket
// indices either way, and the laid-out values the copy's index and sign
// alone (narrow keys' unit taken out).
template <uint32_t L, class F>
__global__ void __launch_bounds__(LANE_TILE* LANE_TILE_ROWS)
    lay_out_lanes(const typename F::key_t* __restrict__ sorted_keys, const uint32_t* __restrict__ sorted_values,
                  const uint32_t* __restrict__ valid_count, F format, uint32_t threads, uint32_t tiles_t,
                  uint32_t* __restrict__ lane_keys, uint32_t* __restrict__ lane_values, uint32_t* __restrict__ end) {
    static_assert(L % LANE_TILE == 0, "a thread's items make whole tiles");
    constexpr uint32_t ROWS = LANE_TILE / LANE_TILE_ROWS;  // rows a thread reads and writes
    __shared__ uint32_t keys[LANE_TILE][LANE_TILE + 1], values[LANE_TILE][LANE_TILE + 1];  // +1: no bank conflicts
    const uint32_t valid = *valid_count, K = run_length(valid, threads * L), span = L * K;
    // The block's tile: LANE_GROUP² consecutive blocks make a square of tiles.
    const uint32_t group = blockIdx.x / (LANE_GROUP * LANE_GROUP), in_group = blockIdx.x % (LANE_GROUP * LANE_GROUP);
    const uint32_t groups_t = (tiles_t + LANE_GROUP - 1) / LANE_GROUP;
    const uint32_t tile_t = group % groups_t * LANE_GROUP + in_group % LANE_GROUP;
    const uint32_t tile_u = group / groups_t * LANE_GROUP + in_group / LANE_GROUP;
    const uint32_t t0 = tile_t * LANE_TILE, u0 = tile_u * LANE_TILE;
    if (tile_t >= tiles_t) return;
    if (u0 >= span) return;
    const uint32_t x = threadIdx.x;
    // Read: a row per thread t, its consecutive items along x, all loads first.
    typename F::key_t key[ROWS];
    uint32_t raw[ROWS];
    size_t item[ROWS];
#pragma unroll
    for (uint32_t q = 0; q < ROWS; q++) {
        const uint32_t t = t0 + threadIdx.y + q * LANE_TILE_ROWS;
        item[q] = t < threads ? size_t(t) * span + u0 + x : size_t(valid);
        key[q] = 0;
        raw[q] = 0;
        if (item[q] < valid) {
            key[q] = sorted_keys[item[q]];
            raw[q] = sorted_values[item[q]];
        }
    }
#pragma unroll
    for (uint32_t q = 0; q < ROWS; q++) {
        const size_t i = item[q];
        typename F::key_t next_key = typename F::key_t(__shfl_down_sync(0xffffffffu, uint32_t(key[q]), 1));
        uint32_t next_raw = __shfl_down_sync(0xffffffffu, raw[q], 1);
        uint32_t bucket = LANE_SKIP, value = LANE_SKIP;
        if (i < valid) {
            if (x == LANE_TILE - 1 && i + 1 < valid) {
                next_key = sorted_keys[i + 1];
                next_raw = sorted_values[i + 1];
            }
            bucket = format.bucket_index(key[q], raw[q]);
            value = format.point_value(raw[q]);
            if (i + 1 == valid || format.bucket_index(next_key, next_raw) != bucket) {
                end[bucket] = uint32_t(i + 1);
                bucket |= LANE_LAST;
            }
        }
        keys[threadIdx.y + q * LANE_TILE_ROWS][x] = bucket;
        values[threadIdx.y + q * LANE_TILE_ROWS][x] = value;
    }
    __syncthreads();
    // Write: a row per item u, consecutive threads along x.
    const uint32_t t = t0 + x;
    if (t >= threads) return;
#pragma unroll
    for (uint32_t q = 0; q < ROWS; q++) {
        const uint32_t r = threadIdx.y + q * LANE_TILE_ROWS, u = u0 + r, j = u / K, s = u - j * K;
        const size_t o = (size_t(s) * L + j) * threads + t;
        lane_keys[o] = keys[x][r];
        lane_values[o] = values[x][r];
    }
}

}  // namespace gpukit
