// Batch-affine bucket accumulation, for short Weierstrass curves over a
// prime field (the G1 curves and secp256k1).
//
// Each thread walks L consecutive runs ("lanes") of the sorted pairs side
// by side (AFFINE_LANES, or AFFINE_NARROW_LANES for smaller groups) and
// keeps each lane's bucket sum in affine coordinates. A step adds one point to every lane: the lanes' denominators
// x_P - x_acc share one inversion (Montgomery's trick, 3 multiplications
// each; the binary GCD of cuda/ff/inverse_bgcd.cuh, ~31-38 multiplications'
// time, spread over the lanes), then λ = (y_P - y_acc)/d,
// x3 = λ² - x_acc - x_P and y3 = λ(x_acc - x3) - y_acc take 3 more. About
// 6.6 multiplications per addition, against the XYZZ mixed addition's 10:
// the v8 sweep measured +23 % additions per second on BN254 and +44 % on
// BLS12-381 (bench/NOTES.md). In the pipeline the lanes' state (~15 KB per
// thread on 8 limbs, ~22 KB on 12) streams through local memory with the
// pairs' keys and values, laid out by lay_out_lanes (lane_layout.cuh, 8
// coalesced bytes a lane-step). The kernel waits on those bytes: v17's ncu
// (BN254 2^22) found half the warps' time on loads used a few instructions
// after their issue, at 65 % of DRAM bandwidth. So a step is one pass over
// the lanes, not a forward and a backward one: a lane's visit finishes its
// previous step and starts its next with the sum in registers, ~330 bytes
// a lane-step instead of ~430, and a lane's key and value are read a lane
// ahead. With one block an SM fewer, so that the two running products held
// through the visit do not spill, resident 2^24 took 3-8 % less and the
// PLONK-like batch 4 % (v17f). Prefetching the next lane's point and state
// (v17a) and running the XYZZ accumulation beside this one on a share of
// the pairs (v17b) were slower.
//
// The lanes cut buckets like runs do (bucket_runs.cuh); at the end the
// thread stitches its lanes' partials together in XYZZ, each affine
// partial by a mixed addition (v49: resident 2^24 1.5–3 % faster than by
// full additions), so that to finish_cut_buckets the thread is one run of
// L·K items.
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
// stitching) smaller. A group too small for lanes of AFFINE_MIN_LANE_ITEMS
// items at 64 lanes a thread takes 32 (bucket_accumulate.cuh): twice the
// items a lane for one more inversion's share a pair.
constexpr uint32_t AFFINE_LANES = 64;
constexpr uint32_t AFFINE_NARROW_LANES = 32;
constexpr uint32_t AFFINE_BLOCK = 128;

// Blocks per SM, the register cap with them (65,536 registers an SM): 4
// blocks (128 registers) on 8 limbs, 3 (168) on 12. The one-pass step holds
// the step's inverse and the next step's running product together; at 5
// and 4 blocks (96 and 128 registers) ptxas spilled 272 and 672 bytes a
// thread inside the loop and the kernel ran 2-5 % slower than the two-pass
// one it replaced (v17d); one block fewer spills 64 and 160 bytes and runs
// 3-8 % faster than it (v17f). More warps paid for the two-pass kernel
// (v16d), fewer registers spilled do for this one (bench/NOTES.md).
template <class C>
constexpr uint32_t affine_blocks_per_sm() {
    return curve_traits<C>::field_t::N <= 8 ? 4 : 3;
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
// the lane (its sum is in head[]); the lane's sum is the identity (acc[] is
// then not read, and may hold a stale sum).
enum lane_flag : uint8_t { LANE_IN_HEAD = 1, LANE_OPEN = 2, LANE_HEAD_DONE = 4, LANE_EMPTY = 8 };

// The lanes' items come laid out by lay_out_lanes (lane_layout.cuh): the
// slot of lane j of thread t at step s is (s·L + j)·threads + t, its key
// the bucket's index (LANE_LAST on the bucket's last item, LANE_SKIP past
// the valid pairs). The stitching reads the laid-out keys too, so the
// kernel needs neither the sorted keys nor their format.
template <class C, uint32_t L>
__global__ void __launch_bounds__(AFFINE_BLOCK, affine_blocks_per_sm<C>())
    accumulate_runs_affine(const typename curve_traits<C>::affine_t* bases, const uint32_t* lane_keys,
                           const uint32_t* lane_values, const uint32_t* valid_count, uint32_t threads,
                           typename curve_traits<C>::bucket_t* bucket_sums,
                           cut_partials<typename curve_traits<C>::bucket_t> cut) {
    using affine_t = typename curve_traits<C>::affine_t;
    using bucket_t = typename curve_traits<C>::bucket_t;
    using field_t = typename curve_traits<C>::field_t;
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

    // A lane's state between visits: its sum, the point and the exclusive
    // prefix product of its pending step, and its flags with the pending
    // step's kind in the high nibble.
    affine_t acc[L], point[L], head[L];
    field_t prefix[L];
    uint8_t meta[L];
    for (uint32_t j = 0; j < L; j++) meta[j] = LANE_IN_HEAD | LANE_EMPTY;

    // Round r visits every lane once, in the order opposite to round r - 1's:
    // it finishes the lane's step r - 1 (whose shared inverse, inv, runs
    // back through the lanes in the order their denominators went in) and
    // starts step r with the sum in registers (its denominator into
    // `running`, its exclusive prefix stored). One pass a step instead of a
    // forward and a backward one: the sum is read once a step, and a step's
    // key and the next step's value are read a lane ahead (v17c, v17f).
    field_t inv = field_t::one();
    for (uint32_t r = 0; r <= K; r++) {
        const bool finish = r > 0, start = r < K;
        const bool up = (r & 1) == 0;
        // (row_finish wraps in round 0, where no key is read.)
        const size_t row_finish = size_t(r - 1) * L * threads + t, row_start = size_t(r) * L * threads + t;
        field_t running = field_t::one();
        bool any = false;
        const auto lane_at = [&](uint32_t i) { return up ? i : L - 1 - i; };
        const auto key_of = [&](uint32_t j) { return finish ? lane_keys[row_finish + size_t(j) * threads] : 0u; };
        const auto value_of = [&](uint32_t j) {
            return start ? lane_values[row_start + size_t(j) * threads] : LANE_SKIP;
        };
        uint32_t key_next = key_of(lane_at(0)), value_next = value_of(lane_at(0));
        for (uint32_t i = 0; i < L; i++) {
            const uint32_t j = lane_at(i);
            const uint32_t key = key_next, v = value_next;
            if (i + 1 < L) {
                key_next = key_of(lane_at(i + 1));
                value_next = value_of(lane_at(i + 1));
            }
            if (finish && key == LANE_SKIP) continue;  // past the valid pairs, now and at every later step
            uint8_t m = meta[j];
            uint8_t f = m & 15;
            affine_t a = (f & LANE_EMPTY) ? affine_t::identity() : acc[j];
            bool changed = false;
            if (finish) {  // step r - 1
                const uint8_t kind = m >> 4;
                f |= LANE_OPEN;
                if (kind == STEP_ADD || kind == STEP_DOUBLE) {
                    const affine_t p = point[j];
                    const field_t own = inv * prefix[j];
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
                    a = affine_t{x3, l * (a.x - x3) - a.y};
                    changed = true;
                } else if (kind == STEP_TAKE) {
                    a = point[j];
                    f &= uint8_t(~LANE_EMPTY);
                    changed = true;
                } else if (kind == STEP_CANCEL) {
                    f |= LANE_EMPTY;
                }
                if (key & LANE_LAST) {  // the bucket's last item: its stretch in this lane is complete
                    if (f & LANE_IN_HEAD) {
                        head[j] = (f & LANE_EMPTY) ? affine_t::identity() : a;
                        f |= LANE_HEAD_DONE;
                    } else {
                        store_wide(bucket_sums + (key & ~LANE_LAST),
                                   (f & LANE_EMPTY) ? bucket_t::identity() : bucket_t::from_affine(a));
                    }
                    f &= uint8_t(~(LANE_IN_HEAD | LANE_OPEN));
                    f |= LANE_EMPTY;
                }
                if (f & LANE_EMPTY) a = affine_t::identity();
            }
            uint8_t kind = STEP_NONE;
            if (v != LANE_SKIP) {  // step r: the point and its denominator
                affine_t p = load_wide(bases + (v & ~NEGATE_BIT));
                if (v & NEGATE_BIT) p = p.neg();
                if (p.is_identity()) {
                    kind = STEP_NONE;
                } else if (f & LANE_EMPTY) {
                    kind = STEP_TAKE;
                } else if (p.x != a.x) {
                    kind = STEP_ADD;
                    prefix[j] = running;
                    running = running * (p.x - a.x);
                } else if (p.y == a.y && !a.y.is_zero()) {
                    kind = STEP_DOUBLE;
                    prefix[j] = running;
                    running = running * a.y.dbl();
                } else {
                    kind = STEP_CANCEL;  // P = -acc, or acc of order 2 doubled
                }
                if (kind != STEP_NONE) point[j] = p;
                any |= kind == STEP_ADD || kind == STEP_DOUBLE;
            }
            if (changed) acc[j] = a;
            meta[j] = uint8_t(f | (kind << 4));
        }
        inv = any ? inverse_bgcd(running) : field_t::one();
    }

    // Stitch the lanes: a bucket open at a lane's end goes on in the next
    // lane's first stretch. `carry` is the bucket open so far; it is the
    // thread's head while it began before the thread's first item. Sorted
    // item x lies at step x mod K of lane (x / K) mod L of thread x / (K·L);
    // it ends its bucket where its laid-out key has LANE_LAST.
    const auto key_of_item = [&](uint32_t x) {
        const uint32_t run = x / K;
        return lane_keys[(size_t(x - run * K) * L + run % L) * threads + run / L];
    };
    uint32_t head_bucket = NO_BUCKET, tail_bucket = NO_BUCKET, carry_bucket = NO_BUCKET;
    bool carry_is_head = false;
    bucket_t carry = bucket_t::identity();
    for (uint32_t j = 0; j < L; j++) {
        const uint32_t lo = lane_lo(j), hi = lane_hi(j);
        if (lo >= hi) break;  // this lane and the ones after it are past the valid pairs
        const uint8_t f = meta[j] & 15;
        const bool head_done = f & LANE_HEAD_DONE;
        const affine_t sum = (f & LANE_EMPTY) ? affine_t::identity() : acc[j];
        const affine_t first_affine = head_done ? head[j] : sum;
        const bucket_t first = bucket_t::from_affine(first_affine);
        const uint32_t first_bucket = key_of_item(lo) & ~LANE_LAST;
        if (lo > 0 && !(key_of_item(lo - 1) & LANE_LAST)) {  // began before this lane
            if (j == 0) {
                carry = first;
                carry_is_head = true;
            } else {
                // carry_bucket == first_bucket: the previous lane ended in it.
                // A mixed addition (8M + 2S), the lane's partial being affine,
                // not a full one (12M + 2S): 4 multiplications a lane.
                carry = carry.add_affine(first_affine);
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
            carry = bucket_t::from_affine(sum);
            carry_bucket = key_of_item(hi - 1) & ~LANE_LAST;
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
