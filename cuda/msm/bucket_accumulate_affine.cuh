// Batch-affine bucket accumulation, for short Weierstrass curves over a
// prime field (the G1 curves and secp256k1).
//
// Each thread walks AFFINE_LANES consecutive runs ("lanes") of the sorted
// pairs side by side and keeps each lane's bucket sum in affine
// coordinates. A step adds one point to every lane: the lanes' denominators
// x_P - x_acc share one inversion (Montgomery's trick, 3 multiplications
// each; the binary GCD of cuda/ff/inverse_bgcd.cuh, ~31-38 multiplications'
// time, spread over the lanes), then λ = (y_P - y_acc)/d,
// x3 = λ² - x_acc - x_P and y3 = λ(x_acc - x3) - y_acc take 3 more. About
// 6.6 multiplications per addition, against the XYZZ mixed addition's 10:
// the v8 sweep measured +23 % additions per second on BN254 and +44 % on
// BLS12-381 (bench/NOTES.md). In the pipeline the lanes' state (~15 KB per
// thread on 8 limbs, ~22 KB on 12) streams through local memory with the
// pairs' keys and values: at 2^24 the accumulation went 65 → 60 ms (BN254)
// and 141 → 121 ms (BLS12-381), the calls 6-10 % faster (v9). Loading the
// next lane's point ahead of its use changed nothing, and gathering it
// again in the backward pass instead of keeping it (4 KB less local memory
// per thread) made the accumulation slower (60 → 66 ms): the point's bytes
// are cheaper in local memory than gathered twice. v10's ncu put it at 64 %
// of DRAM bandwidth, ~720 bytes per lane-step; since v11 the lanes read
// their keys and values laid out by lay_out_lanes (lane_layout.cuh, 8
// coalesced bytes a lane-step instead of three scattered sectors), with no
// per-lane position, and the forward pass reads acc.x alone (an empty lane
// is a flag). What bounds it now (v17's ncu, BN254 2^22): half the warps'
// time waits on loads consumed a few instructions after they are issued, at
// 65 % of DRAM bandwidth, 432 bytes a lane-step. Asking for the next lane's
// point and state ahead (prefetches into L1 or L2), running the XYZZ
// accumulation beside it on a share of the pairs, and one pass a step
// instead of two (fewer bytes, more spilled registers) were each slower;
// only the keys and values read a lane ahead paid (bench/NOTES.md, v17).
//
// The lanes cut buckets like runs do (bucket_runs.cuh); at the end the
// thread stitches its lanes' partials together in XYZZ, so that to
// finish_cut_buckets the thread is one run of AFFINE_LANES·K items.
//
// Every case of an affine addition is handled: an identity point (skipped),
// an empty lane (takes the point), equal x with equal y (a doubling, its
// denominator 2y in the same batch) and equal x otherwise, or a point of
// order 2 doubled (the identity, no denominator). No denominator is zero, so
// one bad lane cannot spoil its step's shared inversion.
#pragma once
#include <type_traits>
#include "../curve_traits.cuh"
#include "../ec/point_calls.cuh"
#include "../ec/sw.cuh"
#include "../ec/wide_access.cuh"
#include "../ff/inverse_bgcd.cuh"
#include "../ff/mont_field.cuh"
#include "bucket_runs.cuh"
#include "lane_layout.cuh"
#include "recode.cuh"

namespace gpukit {

// Lanes per thread and threads per block: v8's sweep found 64 and 128
// lanes within 2 % of each other and well above 32, at 4 blocks of 128
// threads per SM; fewer lanes keep the local memory (and the partials'
// stitching) smaller.
constexpr uint32_t AFFINE_LANES = 64;
constexpr uint32_t AFFINE_BLOCK = 128;

// Blocks per SM, the register cap with them (65,536 registers an SM): the
// kernel waits on its local memory and its carry chains with few warps to
// hide them (ncu, v16c), so more warps pay while the cap leaves the
// multiplication its registers. 5 blocks (96 registers) on 8 limbs: −2 to
// −5 % against 4 (BN254, secp256k1, the PLONK-like batch); on 12 limbs the
// same cap spills ~1 KB a thread and ran 21 % slower, so they keep 4 (128
// registers) (bench/NOTES.md, v16d).
template <class C>
constexpr uint32_t affine_blocks_per_sm() {
    return curve_traits<C>::field_t::N <= 8 ? 5 : 4;
}

// Whether curve C can accumulate batch-affine: the binary GCD inverts
// mont_field elements, and the affine formulas are the short Weierstrass
// ones with a = 0.
template <class C>
constexpr bool batch_affine_capable() {
    using T = curve_traits<C>;
    return is_sw_affine<typename T::affine_t>::value && is_prime_field<typename T::field_t>::value;
}

// What a lane does in one step.
enum affine_step : uint8_t { STEP_NONE, STEP_TAKE, STEP_ADD, STEP_DOUBLE, STEP_CANCEL };
// A lane's flags: its current stretch is its first (it may have begun
// before the lane); the stretch has items; the first stretch ended inside
// the lane (its sum is in head[]); the lane's sum is the identity (so the
// forward pass reads only acc.x, and acc.y only when the x coordinates meet).
enum lane_flag : uint8_t { LANE_IN_HEAD = 1, LANE_OPEN = 2, LANE_HEAD_DONE = 4, LANE_EMPTY = 8 };

// The lanes' items come laid out by lay_out_lanes (lane_layout.cuh): the
// slot of lane j of thread t at step s is (s·L + j)·threads + t, its key
// the bucket (LANE_LAST on the bucket's last item, LANE_SKIP past the valid
// pairs). `sorted_keys` (the sort's order) serves the stitching.
template <class C>
__global__ void __launch_bounds__(AFFINE_BLOCK, affine_blocks_per_sm<C>())
    accumulate_runs_affine(const typename curve_traits<C>::affine_t* bases, const uint32_t* sorted_keys,
                           const uint32_t* lane_keys, const uint32_t* lane_values, const uint32_t* valid_count,
                           uint32_t threads, typename curve_traits<C>::bucket_t* bucket_sums,
                           cut_partials<typename curve_traits<C>::bucket_t> cut) {
    using affine_t = typename curve_traits<C>::affine_t;
    using bucket_t = typename curve_traits<C>::bucket_t;
    using field_t = typename curve_traits<C>::field_t;
    constexpr uint32_t L = AFFINE_LANES;
    const uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= threads) return;
    const uint32_t valid = *valid_count, K = run_length(valid, threads * L);
    const auto lane_lo = [&](uint32_t j) {
        const size_t s = (size_t(t) * L + j) * K;
        return s < valid ? uint32_t(s) : valid;
    };
    const auto lane_hi = [&](uint32_t j) {
        const uint32_t lo = lane_lo(j);
        return valid - lo > K ? lo + K : valid;
    };

    affine_t acc[L], point[L], head[L];
    field_t prefix[L];
    uint8_t step[L], flags[L];
    for (uint32_t j = 0; j < L; j++) {
        acc[j] = affine_t::identity();
        flags[j] = LANE_IN_HEAD | LANE_EMPTY;
    }

    for (uint32_t s = 0; s < K; s++) {
        const size_t row = size_t(s) * L * threads + t;
        // Forward: each lane's point and denominator, and their running product.
        field_t running = field_t::one();
        bool any = false;
        // Each lane's value is read a lane ahead, so that the read does not
        // stall the lane that uses it (v17c: the PLONK-like batch −1.5 %).
        uint32_t v_next = lane_values[row];
        for (uint32_t j = 0; j < L; j++) {
            uint8_t kind = STEP_NONE;
            const uint32_t v = v_next;
            if (j + 1 < L) v_next = lane_values[row + size_t(j + 1) * threads];
            if (v != LANE_SKIP) {
                affine_t p = load_wide(bases + (v & ~NEGATE_BIT));
                if (v & NEGATE_BIT) p = p.neg();
                if (p.is_identity()) {
                    kind = STEP_NONE;
                } else if (flags[j] & LANE_EMPTY) {
                    kind = STEP_TAKE;
                } else {
                    const field_t ax = acc[j].x;
                    if (p.x != ax) {
                        kind = STEP_ADD;
                        running = running * (p.x - ax);
                    } else {
                        const field_t ay = acc[j].y;
                        if (p.y == ay && !ay.is_zero()) {
                            kind = STEP_DOUBLE;
                            running = running * ay.dbl();
                        } else {
                            kind = STEP_CANCEL;  // P = -acc, or acc of order 2 doubled
                        }
                    }
                }
                if (kind != STEP_NONE) point[j] = p;
                any |= kind == STEP_ADD || kind == STEP_DOUBLE;
            }
            step[j] = kind;
            prefix[j] = running;
        }
        // Backward: each lane's inverse from the running one, then its sum
        // and, at a bucket's last item, the bucket written out.
        field_t inv = any ? inverse_bgcd(running) : field_t::one();
        uint32_t key_next = lane_keys[row + size_t(L - 1) * threads];  // a lane ahead, as the values
        for (uint32_t j = L; j-- > 0;) {
            const uint32_t key = key_next;
            if (j > 0) key_next = lane_keys[row + size_t(j - 1) * threads];
            if (key == LANE_SKIP) continue;  // past the valid pairs: nothing happened in this lane
            const uint8_t kind = step[j];
            uint8_t f = flags[j] | LANE_OPEN;
            if (kind == STEP_ADD || kind == STEP_DOUBLE) {
                const affine_t a = acc[j], p = point[j];
                const field_t own = j ? inv * prefix[j - 1] : inv;
                field_t num;
                if (kind == STEP_ADD) {
                    inv = inv * (p.x - a.x);
                    num = p.y - a.y;
                } else {
                    inv = inv * a.y.dbl();
                    const field_t xx = a.x.sqr();
                    num = xx + xx + xx;  // 3x², a = 0
                }
                const field_t l = num * own;
                const field_t x3 = l.sqr() - a.x - p.x;
                acc[j] = affine_t{x3, l * (a.x - x3) - a.y};
            } else if (kind == STEP_TAKE) {
                acc[j] = point[j];
                f &= uint8_t(~LANE_EMPTY);
            } else if (kind == STEP_CANCEL) {
                acc[j] = affine_t::identity();
                f |= LANE_EMPTY;
            }
            if (key & LANE_LAST) {  // the bucket's last item: its stretch in this lane is complete
                if (f & LANE_IN_HEAD) {
                    head[j] = acc[j];
                    f |= LANE_HEAD_DONE;
                } else {
                    store_wide(bucket_sums + (key & ~LANE_LAST), bucket_t::from_affine(acc[j]));
                }
                f &= uint8_t(~(LANE_IN_HEAD | LANE_OPEN));
                f |= LANE_EMPTY;
                acc[j] = affine_t::identity();
            }
            flags[j] = f;
        }
    }

    // Stitch the lanes: a bucket open at a lane's end goes on in the next
    // lane's first stretch. `carry` is the bucket open so far; it is the
    // thread's head while it began before the thread's first item.
    uint32_t head_bucket = NO_BUCKET, tail_bucket = NO_BUCKET, carry_bucket = NO_BUCKET;
    bool carry_is_head = false;
    bucket_t carry = bucket_t::identity();
    for (uint32_t j = 0; j < L; j++) {
        const uint32_t lo = lane_lo(j), hi = lane_hi(j);
        if (lo >= hi) break;  // this lane and the ones after it are past the valid pairs
        const uint8_t f = flags[j];
        const bool head_done = f & LANE_HEAD_DONE;
        const bucket_t first = bucket_t::from_affine(head_done ? head[j] : acc[j]);
        const uint32_t first_bucket = sorted_keys[lo];
        if (lo > 0 && sorted_keys[lo - 1] == first_bucket) {  // began before this lane
            if (j == 0) {
                carry = first;
                carry_is_head = true;
            } else {
                carry = add_points(carry, first);  // carry_bucket == first_bucket: the previous lane ended in it
            }
        } else {
            carry = first;
            carry_is_head = false;
        }
        carry_bucket = first_bucket;
        if (!head_done) continue;  // the lane lies inside one bucket, still open
        if (carry_is_head) {
            store_wide(cut.head_sum + t, carry);
            head_bucket = carry_bucket;
        } else {
            store_wide(bucket_sums + carry_bucket, carry);
        }
        carry_is_head = false;
        carry_bucket = NO_BUCKET;
        if (f & LANE_OPEN) {  // the lane ends inside a later bucket
            carry = bucket_t::from_affine(acc[j]);
            carry_bucket = sorted_keys[hi - 1];
        }
    }
    if (carry_bucket != NO_BUCKET) {
        if (carry_is_head) {
            store_wide(cut.head_sum + t, carry);
            head_bucket = carry_bucket;
        } else {
            store_wide(cut.tail_sum + t, carry);
            tail_bucket = carry_bucket;
        }
    }
    cut.head_bucket[t] = head_bucket;
    cut.tail_bucket[t] = tail_bucket;
    if (tail_bucket != NO_BUCKET) cut.tail_runs[atomicAdd(cut.tail_count, 1u)] = t;
}

}  // namespace gpukit
