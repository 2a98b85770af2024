// Shared helpers of the arithmetic layer: the host/device macro and a few
// constexpr routines on little-endian arrays of 32-bit words, used at compile
// time to derive Montgomery constants from a modulus.
#pragma once
#include <cstdint>

// GPUKIT_HD marks a function callable on host and device. It carries no
// `inline`, so it composes with `static`, `inline` and `constexpr` written
// next to it. GPUKIT_HDI adds forced inlining for the small field routines
// (additions, subtractions, comparisons); the device multiplication is one
// out-of-line copy per field (mont_field.cuh says why).
// GPUKIT_HD_COLD keeps rare, large routines (inversion, doubling reached only
// through an exceptional addition) out of line on the device: inlined, a
// 12-limb field multiplication is ~1000 instructions, and ptxas time grows
// faster than linearly with kernel size.
#if defined(__CUDACC__)
#define GPUKIT_HD __host__ __device__
#define GPUKIT_HDI __host__ __device__ __forceinline__
#define GPUKIT_HD_COLD __host__ __device__ __noinline__
#else
#define GPUKIT_HD
#define GPUKIT_HDI inline
#define GPUKIT_HD_COLD
#endif

// Full unrolling of a loop over a word array, where the device compiler
// must keep the array in registers (a loop left rolled indexes it, which
// moves it to local memory). The host compiler unrolls as it sees fit and
// would warn about the unknown pragma, in nvcc's host pass too (hence
// __CUDA_ARCH__, not __CUDACC__).
#if defined(__CUDA_ARCH__)
#define GPUKIT_UNROLL _Pragma("unroll")
#else
#define GPUKIT_UNROLL
#endif

namespace gpukit {
namespace detail {

// A fixed-size word array that is a literal type, so it can be returned from
// constexpr functions (C++17 has no constexpr std::array assignment on nvcc).
template <int N>
struct limbs {
    uint32_t w[N];
};

// a >= b, both N words.
template <int N>
GPUKIT_HD constexpr bool geq(const limbs<N>& a, const limbs<N>& b) {
    for (int i = N - 1; i >= 0; --i) {
        if (a.w[i] != b.w[i]) return a.w[i] > b.w[i];
    }
    return true;
}

// a - b mod 2^(32N).
template <int N>
GPUKIT_HD constexpr limbs<N> sub_words(limbs<N> a, const limbs<N>& b) {
    uint32_t borrow = 0;
    for (int i = 0; i < N; ++i) {
        uint64_t d = (uint64_t)a.w[i] - b.w[i] - borrow;
        a.w[i] = (uint32_t)d;
        borrow = (uint32_t)(d >> 63);
    }
    return a;
}

// 2x mod p for x < p. The doubled value may need N words plus one bit when p
// is a full-width modulus (secp256k1), hence the explicit carry out.
template <int N>
GPUKIT_HD constexpr limbs<N> mod_double(limbs<N> x, const limbs<N>& p) {
    uint32_t carry = 0;
    for (int i = 0; i < N; ++i) {
        uint32_t t = x.w[i];
        x.w[i] = (t << 1) | carry;
        carry = t >> 31;
    }
    if (carry || geq(x, p)) x = sub_words(x, p);
    return x;
}

// x * 2^k mod p, for x < p, by k modular doublings (compile time only).
template <int N>
GPUKIT_HD constexpr limbs<N> mod_shift(limbs<N> x, int k, const limbs<N>& p) {
    for (int i = 0; i < k; ++i) x = mod_double(x, p);
    return x;
}

// -p^{-1} mod 2^32 by Newton iteration: x = p^{-1} is correct to 3 bits at
// x = p (p odd), and each step x <- x(2 - p x) doubles the correct bits:
// 3, 6, 12, 24, 48 >= 32.
GPUKIT_HD constexpr uint32_t neg_inv32(uint32_t p0) {
    uint32_t x = p0;
    for (int i = 0; i < 4; ++i) x *= 2u - p0 * x;
    return 0u - x;
}

// The N rounds of CIOS Montgomery multiplication on 32-bit words, for
// a, b < p and inv = -p^{-1} mod 2^32: t (N + 2 words, zero on entry) ends
// as a·b·2^(-32N) mod p up to one p, in N words with its carry bit in t[N].
// Invariant: at the end of round i, t < 2p. Round i adds a·b_i < p·2^32 to
// t < 2p, then m·p < p·2^32, and divides by 2^32:
// (2p + 2·p·(2^32-1)) / 2^32 < 2p. So t fits N words plus a carry bit, and
// the intermediate sums (< p·(2^32+2)) fit N+2 words. Each 64-bit step
// x·y + t + c is at most (2^32-1)² + 2(2^32-1) = 2^64 - 1. mont_field's
// portable multiplication and the compile-time one below share it.
template <int N>
GPUKIT_HDI constexpr void cios_rounds(uint32_t* t, const uint32_t* a, const uint32_t* b, const uint32_t* p,
                                      uint32_t inv) {
    for (int i = 0; i < N; ++i) {
        uint64_t c = 0;
        for (int j = 0; j < N; ++j) {
            c = uint64_t(a[j]) * b[i] + t[j] + (c >> 32);  // t += a·b_i
            t[j] = uint32_t(c);
        }
        c = uint64_t(t[N]) + (c >> 32);
        t[N] = uint32_t(c);
        t[N + 1] = uint32_t(c >> 32);
        const uint32_t m = t[0] * inv;    // t + m·p ≡ 0 mod 2^32
        c = uint64_t(m) * p[0] + t[0];    // low word becomes 0
        for (int j = 1; j < N; ++j) {
            c = uint64_t(m) * p[j] + t[j] + (c >> 32);
            t[j - 1] = uint32_t(c);       // shift down one word
        }
        c = uint64_t(t[N]) + (c >> 32);
        t[N - 1] = uint32_t(c);
        t[N] = t[N + 1] + uint32_t(c >> 32);
    }
}

// a·b·2^(-32N) mod p at compile time, for the constants that are powers
// (sqrt.cuh's root of unity).
template <int N>
GPUKIT_HD constexpr limbs<N> mont_mul_constexpr(const limbs<N>& a, const limbs<N>& b, const limbs<N>& p,
                                               uint32_t inv) {
    uint32_t t[N + 2] = {};
    cios_rounds<N>(t, a.w, b.w, p.w, inv);
    limbs<N> r{};
    for (int i = 0; i < N; ++i) r.w[i] = t[i];
    if (t[N] || geq(r, p)) r = sub_words(r, p);
    return r;
}

// b^e in Montgomery form (b and `one` = R mod p in Montgomery form),
// square-and-multiply from e's top bit; compile time only.
template <int N>
GPUKIT_HD constexpr limbs<N> mont_pow_constexpr(const limbs<N>& b, const limbs<N>& e, const limbs<N>& one,
                                               const limbs<N>& p, uint32_t inv) {
    limbs<N> r = one;
    for (int i = 32 * N - 1; i >= 0; --i) {
        r = mont_mul_constexpr(r, r, p, inv);
        if ((e.w[i / 32] >> (i % 32)) & 1u) r = mont_mul_constexpr(r, b, p, inv);
    }
    return r;
}

// -p^{-1} mod 2^64 for the host's 64-bit-limb multiplication: five Newton
// steps double the correct low bits from 3 (x = p0 is its own inverse mod 8).
constexpr uint64_t neg_inv64(uint64_t p0) {
    uint64_t x = p0;
    for (int i = 0; i < 5; ++i) x *= 2u - p0 * x;
    return 0u - x;
}

}  // namespace detail
}  // namespace gpukit
