// The sorted pairs laid out lane by lane for the batch-affine accumulation
// (bucket_accumulate_affine.cuh).
//
// There each thread t walks AFFINE_LANES runs ("lanes") of K consecutive
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
// coalesced): ~16 bytes of traffic per item, paid once, against the ~100
// saved per lane-step. A laid-out key is the bucket's index
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
// The transpose's tile: TILE threads × TILE steps, moved by TILE × TILE_ROWS threads.
constexpr uint32_t LANE_TILE = 32;
constexpr uint32_t LANE_TILE_ROWS = 8;

// Slots of the laid-out arrays for `threads` threads of `lanes` lanes over
// at most `pairs` valid items: every lane gets the longest run length.
__host__ __device__ inline size_t lane_slots(size_t pairs, uint32_t threads, uint32_t lanes) {
    const size_t runs = size_t(threads) * lanes;
    return (pairs + runs - 1) / runs * runs;
}

// One block per tile (TILE threads t0.., lane j, TILE steps s0..); `tiles_t`
// tiles across the threads. K is read from the device's valid count, so
// tiles past it return at once. Writes each bucket's end at its index, as
// bucket_ends does. The sorted keys are in `format` (recode.cuh); the laid-out
// ones are bucket indices either way, and the laid-out values the copy's
// index and sign alone (narrow keys' unit taken out).
template <uint32_t L, class F>
__global__ void __launch_bounds__(LANE_TILE* LANE_TILE_ROWS)
    lay_out_lanes(const typename F::key_t* sorted_keys, const uint32_t* sorted_values, const uint32_t* valid_count,
                  F format, uint32_t threads, uint32_t tiles_t, uint32_t* lane_keys, uint32_t* lane_values,
                  uint32_t* end) {
    __shared__ uint32_t keys[LANE_TILE][LANE_TILE + 1], values[LANE_TILE][LANE_TILE + 1];  // +1: no bank conflicts
    const uint32_t valid = *valid_count, K = run_length(valid, threads * L);
    const uint32_t tile_t = blockIdx.x % tiles_t, rest = blockIdx.x / tiles_t;
    const uint32_t j = rest % L, s0 = (rest / L) * LANE_TILE, t0 = tile_t * LANE_TILE;
    if (s0 >= K) return;
    // Read: a row per thread t, consecutive steps along threadIdx.x.
    for (uint32_t r = threadIdx.y; r < LANE_TILE; r += LANE_TILE_ROWS) {
        const uint32_t t = t0 + r, s = s0 + threadIdx.x;
        uint32_t key = LANE_SKIP, value = LANE_SKIP;
        if (t < threads && s < K) {
            const size_t i = (size_t(t) * L + j) * K + s;
            if (i < valid) {
                const uint32_t raw = sorted_values[i];
                key = format.bucket_index(sorted_keys[i], raw);
                value = format.point_value(raw);
                if (i + 1 == valid || format.bucket_index(sorted_keys[i + 1], sorted_values[i + 1]) != key) {
                    end[key] = uint32_t(i + 1);
                    key |= LANE_LAST;
                }
            }
        }
        keys[r][threadIdx.x] = key;
        values[r][threadIdx.x] = value;
    }
    __syncthreads();
    // Write: a row per step, consecutive threads along threadIdx.x.
    for (uint32_t r = threadIdx.y; r < LANE_TILE; r += LANE_TILE_ROWS) {
        const uint32_t s = s0 + r, t = t0 + threadIdx.x;
        if (t >= threads || s >= K) continue;
        const size_t o = (size_t(s) * L + j) * threads + t;
        lane_keys[o] = keys[threadIdx.x][r];
        lane_values[o] = values[threadIdx.x][r];
    }
}

}  // namespace gpukit
