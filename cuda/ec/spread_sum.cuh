// Sums of a warp's XYZZ points whose additions are spread over the lanes.
//
// Why: one warp's chain of additions runs at its sub-partition's multiplier,
// a product at a time for all 32 lanes, so an addition on one lane costs
// its 14 products in sequence however few lanes work (BN254: ~860 cycles a
// product, 13,700 an addition; bench/NOTES.md v30c). The upper levels of a
// warp's sum, and the small path's weighing of 8 or 16 buckets, leave most
// lanes idle. Here each level's additions hand their independent products
// to all the lanes instead: add-2008-s has 6, then 2, then 3, then 3 of them
// (sw.cuh xyzz::add), so an addition takes 4 rounds of one product while
// 32 lanes hold enough of them (5 or fewer additions a level), and a level
// of 16 takes 8. Levels of more than SPREAD_MAX_ADDITIONS keep a lane per
// addition. On the H100 (bench/NOTES.md v30d) a warp summed 32 lanes'
// points 1.8x (BN254) and 2.2x (BLS12-381) faster than warp_sum, 8 lanes'
// 2.4x and 2.8x, word for word equal.
//
// The products go through shared memory (spread_space, one per warp): a
// lane writes its two points' coordinates, every lane forms the products
// given to it, and the adding lane finishes its sum from them. The
// exceptional cases are xyzz::add's own: an identity operand returns the
// other, and equal x (P = ±Q) doubles or gives the identity on the adding
// lane alone. Every lane of the warp must call these functions together.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <type_traits>
#include "point_calls.cuh"
#include "sw.cuh"

namespace gpukit {

// Whether sums of bucket_t spread their products: XYZZ points over fields of
// up to 48 bytes (BN254, secp256k1, BLS12-381 G1, BLS12-377 G1), whose
// spread_space (10 · 32 field elements, 15 KiB at 48 bytes) fits beside
// the small path's buffers. BLS12-381 G2's Fp2 points and Banderwagon's
// Edwards points keep warp_sum.
template <class B>
GPUKIT_HD constexpr bool spreads_sums() {
    if constexpr (is_xyzz<B>::value)
        return sizeof(typename B::field_t) <= 48;
    else
        return false;
}

// Warps per block of a kernel whose every warp keeps its spread_space: 4,
// or 2 where the slots are real (10–15 KiB a warp), so that a block's slots
// and the rest of its shared memory fit in 48 KiB.
template <class B>
GPUKIT_HD constexpr uint32_t spread_block_warps() {
    return spreads_sums<B>() ? 2 : 4;
}

// One warp's shared slots: the coordinates of up to 32 additions' operands
// and two products, reused for the intermediate values as the rounds
// consume them (see spread_add). One flat array, so that a lane finds its
// product's operands by index: lanes forming different products run the
// same instructions (a switch over the products would run them one after
// another).
template <class F>
struct spread_space {
    F slot[10][32];
};

// An empty stand-in where bucket_t does not spread its sums.
struct no_spread_space {};

template <class B>
using spread_space_for = std::conditional_t<spreads_sums<B>(), spread_space<typename B::field_t>, no_spread_space>;

namespace spread {
// The slots: P's and Q's coordinates, ZZ1·ZZ2 and ZZZ1·ZZZ2.
enum : uint32_t { PX, PY, PZZ, PZZZ, QX, QY, QZZ, QZZZ, ZZ12, ZZZ12 };
// A round's products as three tables of 4-bit slot numbers, product j in
// bits 4j..4j+3: out[j] = left[j] · right[j].
struct round_table {
    uint32_t out, left, right;
};
constexpr uint32_t nibbles(std::initializer_list<uint32_t> v) {
    uint32_t t = 0, j = 0;
    for (uint32_t x : v) t |= x << (4 * j++);
    return t;
}
// Round A: U1 = X1·ZZ2 (over X1), U2 = X2·ZZ1 (over X2), S1 = Y1·ZZZ2 (over
// Y1), S2 = Y2·ZZZ1 (over Y2), ZZ1·ZZ2 and ZZZ1·ZZZ2.
constexpr round_table ROUND_A{nibbles({PX, QX, PY, QY, ZZ12, ZZZ12}), nibbles({PX, QX, PY, QY, PZZ, PZZZ}),
                              nibbles({QZZ, PZZ, QZZZ, PZZZ, QZZ, QZZZ})};
// Round B (squarings): PP = P² (P over U2, PP over ZZ1), R² (R over S2,
// R² over ZZ2).
constexpr round_table ROUND_B{nibbles({PZZ, QZZ}), nibbles({QX, QY}), 0};
// Round C: PPP = P·PP (over P), Q = U1·PP (over U1), ZZ3 = ZZ1·ZZ2·PP.
constexpr round_table ROUND_C{nibbles({QX, PX, ZZ12}), nibbles({QX, PX, ZZ12}), nibbles({PZZ, PZZ, PZZ})};
// Round D: R·(Q - X3) (over R; Q - X3 over R²), S1·PPP (over S1), ZZZ3 =
// ZZZ1·ZZZ2·PPP.
constexpr round_table ROUND_D{nibbles({QY, PY, ZZZ12}), nibbles({QY, PY, ZZZ12}), nibbles({QZZ, QX, QX})};

// A doubling (xyzz::dbl, dbl-2008-s-1 with a = 0) in the same slots: X1,
// Y1, ZZ1, ZZZ1 in PX … PZZZ and U = 2·Y1 in QX. Round DA (squarings):
// V = U² (over QZZ), X1² (over QZZZ); the doubling lane then puts
// M = 3·X1² over QY.
constexpr round_table DOUBLE_A{nibbles({QZZ, QZZZ}), nibbles({QX, PX}), 0};
// Round DB: W = U·V (over ZZ12), S = X1·V (over ZZZ12), ZZ3 = V·ZZ1 (over
// ZZ1), M² as M·M (over QZZZ; values are fully reduced, so the product is
// the squaring's value); then the lane forms X3 = M² - 2·S and S - X3
// (over QX).
constexpr round_table DOUBLE_B{nibbles({ZZ12, ZZZ12, PZZ, QZZZ}), nibbles({QX, PX, QZZ, QY}),
                               nibbles({QZZ, QZZ, PZZ, QY})};
// Round DC: M·(S - X3) (over QY), W·Y1 (over Y1), ZZZ3 = W·ZZZ1 (over ZZZ1).
constexpr round_table DOUBLE_C{nibbles({QY, PY, PZZZ}), nibbles({QY, ZZ12, ZZ12}), nibbles({QX, PY, PZZZ})};

__device__ __forceinline__ uint32_t nibble(uint32_t table, uint32_t j) { return (table >> (4 * j)) & 15; }

// Every lane forms its share of a round's `width` products for each of
// `count` additions, on the lanes first..first+count-1's slots.
template <class F, bool SQUARE>
__device__ void run_round(spread_space<F>& w, round_table t, uint32_t width, uint32_t first, uint32_t count) {
    for (uint32_t k = threadIdx.x & 31; k < width * count; k += 32) {
        const uint32_t a = first + k / width, j = k % width;
        const F& left = w.slot[nibble(t.left, j)][a];
        if constexpr (SQUARE)
            w.slot[nibble(t.out, j)][a] = left.sqr();
        else
            w.slot[nibble(t.out, j)][a] = left * w.slot[nibble(t.right, j)][a];
    }
    __syncwarp();
}
}  // namespace spread

// The most additions a level spreads: 16 take 8 rounds of products against
// a lane's 14; from 24 on it would be 13–14 rounds and the slots' traffic.
constexpr uint32_t SPREAD_MAX_ADDITIONS = 16;

// p + q on every lane where `active` (a contiguous run of lanes), p
// elsewhere; the same field operations as p.add(q). Each round reads its
// slots before the lane that forms a product writes it over one of its own
// operands, which no other product of the round reads; the tables above
// say which value a slot holds after each round.
template <class B>
__device__ B spread_add(const B& p, const B& q, bool active, spread_space<typename B::field_t>& w) {
    using F = typename B::field_t;
    using namespace spread;
    const uint32_t lane = threadIdx.x & 31;
    // The adding lanes, which must be contiguous (every caller's are): their
    // products are numbered in lane order from the first.
    const uint32_t adding = __ballot_sync(0xffffffffu, active);
    const uint32_t first = adding ? __ffs(adding) - 1 : 0, count = __popc(adding);
    if (count > SPREAD_MAX_ADDITIONS) return active ? add_points(p, q) : p;  // the whole warp
    w.slot[PX][lane] = p.x, w.slot[PY][lane] = p.y, w.slot[PZZ][lane] = p.zz, w.slot[PZZZ][lane] = p.zzz;
    w.slot[QX][lane] = q.x, w.slot[QY][lane] = q.y, w.slot[QZZ][lane] = q.zz, w.slot[QZZZ][lane] = q.zzz;
    __syncwarp();
    run_round<F, false>(w, ROUND_A, 6, first, count);
    bool same_x = false, same_y = false;
    if (active) {
        const F px = w.slot[QX][lane] - w.slot[PX][lane];  // P = U2 - U1
        const F r = w.slot[QY][lane] - w.slot[PY][lane];   // R = S2 - S1
        same_x = px.is_zero(), same_y = r.is_zero();
        w.slot[QX][lane] = px, w.slot[QY][lane] = r;
    }
    __syncwarp();
    run_round<F, true>(w, ROUND_B, 2, first, count);
    run_round<F, false>(w, ROUND_C, 3, first, count);
    F x3 = p.x;
    if (active) {
        x3 = w.slot[QZZ][lane] - w.slot[QX][lane] - w.slot[PX][lane].dbl();  // X3 = R² - PPP - 2·Q
        w.slot[QZZ][lane] = w.slot[PX][lane] - x3;                            // Q - X3
    }
    __syncwarp();
    run_round<F, false>(w, ROUND_D, 3, first, count);
    B sum = p;
    if (active) {
        if (q.is_identity()) {
            sum = p;
        } else if (p.is_identity()) {
            sum = q;
        } else if (same_x) {
            sum = same_y ? p.dbl() : B::identity();
        } else {
            sum.x = x3;
            sum.y = w.slot[QY][lane] - w.slot[PY][lane];  // Y3 = R·(Q - X3) - S1·PPP
            sum.zz = w.slot[ZZ12][lane];
            sum.zzz = w.slot[ZZZ12][lane];
        }
    }
    // The next call's writes must not overtake this one's reads.
    __syncwarp();
    return sum;
}

// 2·p on every lane where `active` (a contiguous run of lanes), p elsewhere;
// the same field operations as p.dbl(), in three rounds of products (two,
// four and three a doubling) instead of ten in sequence. The identity and a
// point with Y = 0 double to ZZ3 = 0 here as in dbl(): no branch.
template <class B>
__device__ B spread_dbl(const B& p, bool active, spread_space<typename B::field_t>& w) {
    using F = typename B::field_t;
    using namespace spread;
    const uint32_t lane = threadIdx.x & 31;
    const uint32_t doubling = __ballot_sync(0xffffffffu, active);
    const uint32_t first = doubling ? __ffs(doubling) - 1 : 0, count = __popc(doubling);
    w.slot[PX][lane] = p.x, w.slot[PY][lane] = p.y, w.slot[PZZ][lane] = p.zz, w.slot[PZZZ][lane] = p.zzz;
    w.slot[QX][lane] = p.y.dbl();  // U = 2·Y1
    __syncwarp();
    run_round<F, true>(w, DOUBLE_A, 2, first, count);
    if (active) {
        const F xx = w.slot[QZZZ][lane];
        w.slot[QY][lane] = xx.dbl() + xx;  // M = 3·X1²
    }
    __syncwarp();
    run_round<F, false>(w, DOUBLE_B, 4, first, count);
    F x3 = p.x;
    if (active) {
        x3 = w.slot[QZZZ][lane] - w.slot[ZZZ12][lane].dbl();  // X3 = M² - 2·S
        w.slot[QX][lane] = w.slot[ZZZ12][lane] - x3;           // S - X3
    }
    __syncwarp();
    run_round<F, false>(w, DOUBLE_C, 3, first, count);
    B twice = p;
    if (active) {
        twice.x = x3;
        twice.y = w.slot[QY][lane] - w.slot[PY][lane];  // Y3 = M·(S - X3) - W·Y1
        twice.zz = w.slot[PZZ][lane];
        twice.zzz = w.slot[PZZZ][lane];
    }
    // The next call's writes must not overtake this one's reads.
    __syncwarp();
    return twice;
}

// warp_sum (point_calls.cuh) with its additions spread where bucket_t
// spreads its sums and `spread` holds (false: GPUKIT_SPREAD_SUMS=0): lane 0
// gets the sum of the first `lanes` lanes' points (a power of two up to 32).
template <class B>
__device__ B spread_warp_sum(B acc, spread_space_for<B>& w, bool spread, uint32_t lanes = 32) {
    if constexpr (spreads_sums<B>()) {
        if (spread) {
            const uint32_t lane = threadIdx.x & 31;
            for (uint32_t offset = lanes / 2; offset > 0; offset >>= 1)
                acc = spread_add(acc, shuffle_down_point(acc, offset), lane < offset, w);
            return acc;
        }
    }
    return warp_sum(acc, lanes);
}

// warp_suffix_sum, spread as spread_warp_sum: lane j < lanes gets the sum of
// lanes j..lanes-1's points (a power of two up to 32).
template <class B>
__device__ B spread_warp_suffix_sum(B acc, spread_space_for<B>& w, bool spread, uint32_t lanes) {
    if constexpr (spreads_sums<B>()) {
        if (spread) {
            const uint32_t lane = threadIdx.x & 31;
            for (uint32_t offset = 1; offset < lanes; offset <<= 1)
                acc = spread_add(acc, shuffle_down_point(acc, offset), lane + offset < lanes, w);
            return acc;
        }
    }
    return warp_suffix_sum(acc, lanes);
}

// p + q on the lanes where `active`, p elsewhere, spread as spread_warp_sum.
template <class B>
__device__ B spread_add_points(const B& p, const B& q, bool active, spread_space_for<B>& w, bool spread) {
    if constexpr (spreads_sums<B>()) {
        if (spread) return spread_add(p, q, active, w);
    }
    return active ? add_points(p, q) : p;
}

// 2·p on the lanes where `active`, p elsewhere, spread as spread_warp_sum.
template <class B>
__device__ B spread_double_points(const B& p, bool active, spread_space_for<B>& w, bool spread) {
    if constexpr (spreads_sums<B>()) {
        if (spread) return spread_dbl(p, active, w);
    }
    return active ? double_point(p) : p;
}

// Sums of `stride` interleaved groups of lanes, spread as spread_warp_sum:
// lane j < stride gets the sum of lanes j, j + stride, j + 2·stride, …
// (stride a power of two up to 32; 1 sums the warp). The levels of
// spread_warp_sum down to `stride`: each level's adding lanes are the first
// ones, as spread_add needs, which groups of consecutive lanes would not give.
template <class B>
__device__ B spread_strided_sum(B acc, spread_space_for<B>& w, bool spread, uint32_t stride) {
    const uint32_t lane = threadIdx.x & 31;
    for (uint32_t offset = 16; offset >= stride; offset >>= 1)
        acc = spread_add_points(acc, shuffle_down_point(acc, offset), lane < offset, w, spread);
    return acc;
}

}  // namespace gpukit
