// Prime field in Montgomery form over N 32-bit limbs, generic over the
// modulus: a curve file supplies only `static constexpr uint32_t MODULUS[N]`
// (little-endian words) and every Montgomery constant is derived here at
// compile time.
//
// Representation: v = a·R mod p with R = 2^(32N), always fully reduced
// (0 <= v < p), so equality is word equality and the canonical encoding is
// unique. Multiplication is CIOS (Koç, Acar, Kaliski, "Analyzing and
// Comparing Montgomery Multiplication Algorithms", IEEE Micro 1996, §4): the
// product and the reduction are interleaved word by word, which keeps the
// accumulator at N+2 words. The host runs it on 64-bit limbs, by MULX and
// ADX where the CPU has them (mont_host_adx.cuh), else with 128-bit
// products (both tested against arkworks on the CPU), the device on PTX carry
// chains (mont_ptx.cuh) or, with GPUKIT_PORTABLE_MUL, on the portable C++
// below (32-bit limbs, 64-bit products). Addition, subtraction and negation
// take the same carry chains on the device (the same switch keeps them
// portable).
#pragma once
#include <cstdint>
#include <type_traits>
#if !defined(__CUDA_ARCH__) && defined(__x86_64__)
#include <immintrin.h>  // _addcarry_u64, _subborrow_u64
#endif

#include "common.cuh"
#include "mont_host_adx.cuh"
#if defined(__CUDA_ARCH__) && !defined(GPUKIT_PORTABLE_MUL)
#include "mont_ptx.cuh"
#endif

namespace gpukit {

#if defined(__CUDACC__) && !defined(GPUKIT_PORTABLE_MUL)
namespace detail {
// -p^{-1} mod 2^32 in constant memory, for the PTX multiplication's
// m = t0·INV: as an immediate, ptxas specialises the rounds on it, and where
// it is 2^32 − 1 (p ≡ 1 mod 2^32: BLS12-377's base field, Bandersnatch's)
// it splits half the m·p products out of their IMAD.WIDE pairs: 760 SASS
// instructions a BLS12-377 multiplication against BLS12-381's 624, 384
// against 336 for Bandersnatch's; read from here, 624 and 336, and no
// other field changes (bench/NOTES.md, v16b).
template <class P>
__constant__ uint32_t MONT_INV_OPAQUE = neg_inv32(P::MODULUS[0]);
}  // namespace detail
#endif

template <class P>
struct mont_field {
    static constexpr int N = int(sizeof(P::MODULUS) / sizeof(uint32_t));
    static constexpr uint32_t WORDS = N;
    using limbs_t = detail::limbs<N>;

    uint32_t v[N];

    // ---- constants, derived at compile time from P::MODULUS -------------
    static constexpr limbs_t make_modulus() {
        limbs_t m{};
        for (int i = 0; i < N; ++i) m.w[i] = P::MODULUS[i];
        return m;
    }
    static constexpr limbs_t MOD = make_modulus();
    static constexpr limbs_t make_one() {
        limbs_t one{};
        one.w[0] = 1;
        return one;
    }
    // R mod p = 1·2^(32N) mod p, and R² mod p = R·2^(32N) mod p.
    static constexpr limbs_t R1 = detail::mod_shift(make_one(), 32 * N, MOD);
    static constexpr limbs_t R2 = detail::mod_shift(R1, 32 * N, MOD);
    // -p^{-1} mod 2^32: the CIOS multiplier m = t0·INV makes t + m·p ≡ 0 mod 2^32.
    static constexpr uint32_t INV = detail::neg_inv32(MOD.w[0]);
    // p >= 2^(32N-1): 2p no longer fits N words (secp256k1). Every a + b and
    // every CIOS result (< 2p) then needs its carry word kept.
    static constexpr bool FULL_WIDTH = (MOD.w[N - 1] >> 31) != 0;
    // p - 2, the Fermat inversion exponent.
    static constexpr limbs_t make_p_minus_2() {
        limbs_t two{};
        two.w[0] = 2;
        return detail::sub_words(MOD, two);
    }
    static constexpr limbs_t P_MINUS_2 = make_p_minus_2();

    static_assert(N >= 2, "at least two limbs");
    static_assert((P::MODULUS[0] & 1u) == 1u, "Montgomery arithmetic needs an odd modulus");
    static_assert(P::MODULUS[N - 1] != 0u, "the top limb must be used (R = 2^(32N) must be the least power above p)");
    static_assert(uint32_t(P::MODULUS[0] * (0u - INV)) == 1u, "INV is -p^{-1} mod 2^32");

    // ---- construction ----------------------------------------------------
    GPUKIT_HDI static constexpr mont_field zero() { return mont_field{}; }
    GPUKIT_HDI static mont_field one() {
        constexpr limbs_t r = R1;
        mont_field x{};
        for (int i = 0; i < N; ++i) x.v[i] = r.w[i];
        return x;
    }
    // Montgomery form of a canonical constant (w < p), evaluated at compile
    // time where the argument is a constant: w·R mod p by 32N modular doublings.
    GPUKIT_HD static constexpr mont_field constant(const uint32_t* w) {
        limbs_t x{};
        for (int i = 0; i < N; ++i) x.w[i] = w[i];
        x = detail::mod_shift(x, 32 * N, MOD);
        mont_field r{};
        for (int i = 0; i < N; ++i) r.v[i] = x.w[i];
        return r;
    }
    // True when the N words w (a canonical integer) are < p.
    GPUKIT_HDI static bool is_canonical(const uint32_t* w) {
        constexpr limbs_t p = MOD;
        uint32_t borrow = 0;
        for (int i = 0; i < N; ++i) borrow = (uint32_t)(((uint64_t)w[i] - p.w[i] - borrow) >> 63);
        return borrow != 0;
    }
    // w is a canonical integer < p: the result is w·R mod p.
    GPUKIT_HDI static mont_field from_canonical(const uint32_t* w) {
        constexpr limbs_t r2 = R2;
        mont_field x, y;
        for (int i = 0; i < N; ++i) {
            x.v[i] = w[i];
            y.v[i] = r2.w[i];
        }
        return x * y;  // w · R² · R^{-1} = w·R
    }
    // w already in Montgomery form (< p), e.g. arkworks' in-memory limbs.
    GPUKIT_HDI static mont_field from_montgomery(const uint32_t* w) {
        mont_field x;
        for (int i = 0; i < N; ++i) x.v[i] = w[i];
        return x;
    }
    // Writes the canonical integer: v·1·R^{-1} = a (CIOS output is < p).
    GPUKIT_HDI void to_canonical(uint32_t* w) const {
        mont_field one_raw{};
        one_raw.v[0] = 1;
        mont_field a = *this * one_raw;
        for (int i = 0; i < N; ++i) w[i] = a.v[i];
    }

    // ---- helpers -----------------------------------------------------------
    // r = t - p if (hi:t) >= p else t, for (hi:t) < 2p. When hi = 1, t - p
    // borrows out of the top word and the borrow cancels hi, so the N-word
    // difference is the true (hi:t) - p.
    GPUKIT_HDI static void reduce_once(uint32_t* r, const uint32_t* t, uint32_t hi) {
        constexpr limbs_t p = MOD;
#if defined(__CUDA_ARCH__) && !defined(GPUKIT_PORTABLE_MUL)
        detail::reduce_once_ptx<N>(r, t, hi, p.w);
#else
        uint32_t s[N];
        uint32_t borrow = 0;
        for (int i = 0; i < N; ++i) {
            uint64_t d = (uint64_t)t[i] - p.w[i] - borrow;
            s[i] = (uint32_t)d;
            borrow = (uint32_t)(d >> 63);
        }
        uint32_t take_s = 0u - (hi | (borrow ^ 1u));  // all ones: use t - p
        for (int i = 0; i < N; ++i) r[i] = (s[i] & take_s) | (t[i] & ~take_s);
#endif
    }

    // CIOS, portable (detail::cios_rounds, whose bounds give t < 2p).
    GPUKIT_HDI static void mul_portable(uint32_t* r, const uint32_t* a, const uint32_t* b) {
        constexpr limbs_t p = MOD;
        uint32_t t[N + 2] = {};
        detail::cios_rounds<N>(t, a, b, p.w, INV);
        reduce_once(r, t, t[N]);  // t < 2p
    }

#if !defined(__CUDA_ARCH__)
    // The host runs CIOS on N/2 64-bit limbs: a quarter of the 32-bit code's
    // multiplies, about 4x faster on x86-64, and by MULX and ADX where the
    // CPU has them faster again: ~1.6x on the development host's EPYC, 10–18 %
    // on the H100's Xeon (mont_host_adx.cuh). The host multiplies in
    // the latency-bound tail of every GPU call (the windows' ~256 doublings,
    // the affine result's inversion). R = 2^(32N)
    // = 2^(64·N/2), so the representation is the same; the bound argument of
    // detail::cios_rounds holds word for word with 2^64 in place of 2^32.
    static constexpr uint64_t INV64 = detail::neg_inv64(uint64_t(MOD.w[0]) | uint64_t(MOD.w[1]) << 32);
    // `adx` false takes the 128-bit CIOS even where the CPU has ADX (the
    // arithmetic tests check both).
    static void mul_host64(uint32_t* r, const uint32_t* a32, const uint32_t* b32, bool adx = true) {
        static_assert(N % 2 == 0, "64-bit limbs pair the 32-bit words");
        constexpr int M = N / 2;
        uint64_t t[M + 2];
#if defined(GPUKIT_HOST_ADX)
        // By MULX and ADX where the CPU has them and the modulus allows
        // (mont_host_adx.cuh): the words are read in place as 64-bit limbs.
        if constexpr (SPARE_TOP_BIT && (M == 4 || M == 6)) {
            if (adx && detail::HOST_HAS_ADX) {
                detail::mont_mul_adx<M>(t, a32, b32, MOD.w, INV64);
                reduce_once_host64(r, t, 0);  // t < 2p
                return;
            }
        }
#else
        (void)adx;
#endif
        uint64_t a[M], b[M], p[M];
        for (int i = 0; i < M; ++i) {
            a[i] = limb64(a32, i);
            b[i] = limb64(b32, i);
            p[i] = limb64(MOD.w, i);
        }
        if constexpr (SPARE_TOP_BIT) {
            mul_host64_spare<M>(t, a, b, p);
        } else {
            mul_host64_full<M>(t, a, b, p);
        }
        reduce_once_host64(r, t, t[M]);  // t < 2p
    }
    // Whether p's top 64-bit limb is below 2^63 - 1: every field here but
    // secp256k1's. Then no round's sum passes M limbs (the observation
    // gnark-crypto's and arkworks' "no-carry" CIOS rest on), and the loop
    // keeps no (M+1)-th and (M+2)-th limb (v18b).
    static constexpr bool SPARE_TOP_BIT =
        (uint64_t(MOD.w[N - 2]) | uint64_t(MOD.w[N - 1]) << 32) < 0x7fffffffffffffffull;
    // t (M + 1 limbs, t[M] = 0) = a·b·2^(-64M) mod p, < 2p, for SPARE_TOP_BIT.
    template <int M>
    static void mul_host64_spare(uint64_t* t, const uint64_t* a, const uint64_t* b, const uint64_t* p) {
        using u128 = unsigned __int128;
        for (int j = 0; j <= M; ++j) t[j] = 0;
        for (int i = 0; i < M; ++i) {
            u128 c = u128(a[0]) * b[i] + t[0];
            uint64_t hi_ab = uint64_t(c >> 64);
            t[0] = uint64_t(c);
            const uint64_t m = t[0] * INV64;  // t + m·p ≡ 0 mod 2^64
            c = u128(m) * p[0] + t[0];
            uint64_t hi_mp = uint64_t(c >> 64);
            for (int j = 1; j < M; ++j) {
                c = u128(a[j]) * b[i] + t[j] + hi_ab;
                hi_ab = uint64_t(c >> 64);
                t[j] = uint64_t(c);
                c = u128(m) * p[j] + t[j] + hi_mp;
                hi_mp = uint64_t(c >> 64);
                t[j - 1] = uint64_t(c);  // shift down one limb
            }
            t[M - 1] = hi_ab + hi_mp;
        }
    }
    // The same for any p below 2^(64M): M + 2 limbs of accumulator.
    template <int M>
    static void mul_host64_full(uint64_t* t, const uint64_t* a, const uint64_t* b, const uint64_t* p) {
        using u128 = unsigned __int128;
        for (int j = 0; j < M + 2; ++j) t[j] = 0;
        for (int i = 0; i < M; ++i) {
            u128 c = 0;
            for (int j = 0; j < M; ++j) {
                c = u128(a[j]) * b[i] + t[j] + uint64_t(c >> 64);  // t += a·b_i
                t[j] = uint64_t(c);
            }
            c = u128(t[M]) + uint64_t(c >> 64);
            t[M] = uint64_t(c);
            t[M + 1] = uint64_t(c >> 64);
            const uint64_t m = t[0] * INV64;  // t + m·p ≡ 0 mod 2^64
            c = u128(m) * p[0] + t[0];
            for (int j = 1; j < M; ++j) {
                c = u128(m) * p[j] + t[j] + uint64_t(c >> 64);
                t[j - 1] = uint64_t(c);  // shift down one limb
            }
            c = u128(t[M]) + uint64_t(c >> 64);
            t[M - 1] = uint64_t(c);
            t[M] = t[M + 1] + uint64_t(c >> 64);
        }
    }
    // Addition and subtraction on the 64-bit limbs too, as the portable code
    // below does them on 32-bit words: half the carries (v18b).
    static void add_host64(uint32_t* r, const uint32_t* a32, const uint32_t* b32) {
        uint64_t t[N / 2], carry = 0;
        for (int i = 0; i < N / 2; ++i) t[i] = add_carry(limb64(a32, i), limb64(b32, i), carry);
        reduce_once_host64(r, t, carry);  // a + b < 2p
    }
    static void sub_host64(uint32_t* r, const uint32_t* a32, const uint32_t* b32) {
        uint64_t d[N / 2], borrow = 0, carry = 0;
        for (int i = 0; i < N / 2; ++i) d[i] = sub_borrow(limb64(a32, i), limb64(b32, i), borrow);
        const uint64_t mask = 0 - borrow;  // a < b: add p back
        for (int i = 0; i < N / 2; ++i) store_limb64(r, i, add_carry(d[i], limb64(MOD.w, i) & mask, carry));
    }
    // Limb i of 32-bit words, as 64 bits, and back. On a little-endian host
    // one 8-byte access: a product's result written as 32-bit words (or
    // through SSE shuffles, as GCC vectorised the select below) and read
    // back by the next product as 64-bit limbs missed the store-to-load
    // forwarding on every limb (v36a).
    static uint64_t limb64(const uint32_t* w, int i) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        uint64_t v;
        __builtin_memcpy(&v, w + 2 * i, sizeof v);
        return v;
#else
        return uint64_t(w[2 * i]) | uint64_t(w[2 * i + 1]) << 32;
#endif
    }
    static void store_limb64(uint32_t* w, int i, uint64_t v) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        __builtin_memcpy(w + 2 * i, &v, sizeof v);
#else
        w[2 * i] = uint32_t(v);
        w[2 * i + 1] = uint32_t(v >> 32);
#endif
    }
    // a + b + carry, the carry out left in `carry`; a - b - borrow likewise.
    // On x86-64 by the carry intrinsics, which GCC compiles to one ADC / SBB
    // chain; the portable overflow builtins become SETB/OR pairs, and a
    // dependent 4-limb addition took 14 ns instead of ~5 (v36a).
    static uint64_t add_carry(uint64_t a, uint64_t b, uint64_t& carry) {
#if defined(__x86_64__)
        unsigned long long y;
        carry = _addcarry_u64(static_cast<unsigned char>(carry), a, b, &y);
        return y;
#else
        uint64_t x, y;
        const bool c1 = __builtin_add_overflow(a, b, &x), c2 = __builtin_add_overflow(x, carry, &y);
        carry = uint64_t(c1 | c2);
        return y;
#endif
    }
    static uint64_t sub_borrow(uint64_t a, uint64_t b, uint64_t& borrow) {
#if defined(__x86_64__)
        unsigned long long y;
        borrow = _subborrow_u64(static_cast<unsigned char>(borrow), a, b, &y);
        return y;
#else
        uint64_t x, y;
        const bool b1 = __builtin_sub_overflow(a, b, &x), b2 = __builtin_sub_overflow(x, borrow, &y);
        borrow = uint64_t(b1 | b2);
        return y;
#endif
    }
    // r = t - p if (hi:t) >= p else t, for (hi:t) < 2p: reduce_once on
    // 64-bit limbs (t has N/2 limbs).
    static void reduce_once_host64(uint32_t* r, const uint64_t* t, uint64_t hi) {
        uint64_t s[N / 2], borrow = 0;
        for (int i = 0; i < N / 2; ++i) s[i] = sub_borrow(t[i], limb64(MOD.w, i), borrow);
        const uint64_t take_s = hi | (borrow ^ 1);  // non-zero: use t - p
        for (int i = 0; i < N / 2; ++i) store_limb64(r, i, select_limb(take_s, s[i], t[i]));
    }
    // take ? s : t without a branch (t ≥ p is data, a mispredicted branch
    // in half the products). On x86-64 by CMOV: masks and ORs over the limbs
    // GCC vectorised through the stack, a forwarding miss a product, and a
    // plain select it compiled to a branch (v36a).
    static uint64_t select_limb(uint64_t take, uint64_t s, uint64_t t) {
#if defined(__x86_64__)
        asm("test %[take], %[take]\n\tcmovnz %[s], %[t]" : [t] "+r"(t) : [s] "r"(s), [take] "r"(take) : "cc");
        return t;
#else
        const uint64_t mask = 0 - uint64_t(take != 0);
        return (s & mask) | (t & ~mask);
#endif
    }
#endif

#if defined(__CUDA_ARCH__) && !defined(GPUKIT_PORTABLE_MUL)
    // The same CIOS on PTX carry chains (mont_ptx.cuh).
    __device__ __forceinline__ static void mul_ptx(uint32_t* r, const uint32_t* a, const uint32_t* b) {
        constexpr limbs_t p = MOD;
        uint32_t t[N];
        uint32_t hi = detail::mont_mul_ptx<N, FULL_WIDTH>(t, a, b, p.w, detail::MONT_INV_OPAQUE<P>);
        detail::reduce_once_ptx<N>(r, t, hi, p.w);
    }
    // a² on the same chains with the cross products once (mont_ptx.cuh's
    // mont_sqr_ptx): 222 IMAD.WIDE against mul_ptx's 288 at 12 limbs, 100
    // against 128 at 8; its throughput against mul_ptx's: bench/NOTES.md,
    // v16e.
    __device__ __forceinline__ static void sqr_ptx(uint32_t* r, const uint32_t* a) {
        constexpr limbs_t p = MOD;
        uint32_t t[N];
        uint32_t hi = detail::mont_sqr_ptx<N, FULL_WIDTH>(t, a, p.w, detail::MONT_INV_OPAQUE<P>);
        detail::reduce_once_ptx<N>(r, t, hi, p.w);
    }
#endif
    // The device runs mul_ptx unless GPUKIT_PORTABLE_MUL is defined: with
    // each product's halves paired and its two accumulators taking turns
    // (v15d, v16c) it multiplies ~57 % (8 limbs) and ~59 % (12 limbs) faster
    // than the portable CIOS on the H100, whose IMAD.WIDE chains carry
    // through extra additions (bench/NOTES.md, v13c, v16e). The host runs
    // mul_host64.
    GPUKIT_HDI static void mul_words(uint32_t* r, const uint32_t* a, const uint32_t* b) {
#if defined(__CUDA_ARCH__) && !defined(GPUKIT_PORTABLE_MUL)
        mul_ptx(r, a, b);
#elif defined(__CUDA_ARCH__)
        mul_portable(r, a, b);
#else
        mul_host64(r, a, b);
#endif
    }

    // ---- arithmetic ------------------------------------------------------
    // a + b < 2p: one conditional subtraction. For a full-width p the sum
    // can carry out of N words; the carry is passed to reduce_once.
    GPUKIT_HDI friend mont_field operator+(const mont_field& a, const mont_field& b) {
#if defined(__CUDA_ARCH__) && !defined(GPUKIT_PORTABLE_MUL)
        constexpr limbs_t p = MOD;
        mont_field r;
        detail::add_mod_ptx<N>(r.v, a.v, b.v, p.w);
        return r;
#elif !defined(__CUDA_ARCH__)
        mont_field r;
        add_host64(r.v, a.v, b.v);
        return r;
#else
        uint32_t s[N];
        uint64_t c = 0;
        for (int i = 0; i < N; ++i) {
            c = (uint64_t)a.v[i] + b.v[i] + (c >> 32);
            s[i] = (uint32_t)c;
        }
        mont_field r;
        reduce_once(r.v, s, (uint32_t)(c >> 32));
        return r;
#endif
    }
    // a - b: if it borrows, a - b + 2^(32N) is in [2^(32N) - p, 2^(32N)) and
    // adding p wraps it to a - b + p in [0, p).
    GPUKIT_HDI friend mont_field operator-(const mont_field& a, const mont_field& b) {
#if defined(__CUDA_ARCH__) && !defined(GPUKIT_PORTABLE_MUL)
        constexpr limbs_t p = MOD;
        mont_field r;
        detail::sub_mod_ptx<N>(r.v, a.v, b.v, p.w);
        return r;
#elif !defined(__CUDA_ARCH__)
        mont_field r;
        sub_host64(r.v, a.v, b.v);
        return r;
#else
        constexpr limbs_t p = MOD;
        uint32_t d[N];
        uint32_t borrow = 0;
        for (int i = 0; i < N; ++i) {
            uint64_t x = (uint64_t)a.v[i] - b.v[i] - borrow;
            d[i] = (uint32_t)x;
            borrow = (uint32_t)(x >> 63);
        }
        uint32_t mask = 0u - borrow;
        mont_field r;
        uint64_t c = 0;
        for (int i = 0; i < N; ++i) {
            c = (uint64_t)d[i] + (p.w[i] & mask) + (c >> 32);
            r.v[i] = (uint32_t)c;
        }
        return r;
#endif
    }
    // On the device every multiplication calls one out-of-line copy per
    // field. Inlined, a 12-limb multiplication is ~1300 SASS instructions and
    // a mixed addition ~23000 (375 KB of code): warps running it spent 40–49 %
    // of their stall cycles waiting on instruction fetch (ncu, H100, BN254
    // and BLS12-381 accumulation). One shared copy stays in the instruction
    // cache; the call costs its argument moves, about 4 % of a 12-limb
    // multiplication, and ptxas compiles each kernel several times faster.
    // The arguments and result travel in registers (no stack frame).
    GPUKIT_HDI friend mont_field operator*(const mont_field& a, const mont_field& b) {
#if defined(__CUDA_ARCH__)
        return mul_call(a, b);
#else
        mont_field r;
        mul_words(r.v, a.v, b.v);
        return r;
#endif
    }
#if defined(__CUDA_ARCH__)
    __device__ __noinline__ static mont_field mul_call(mont_field a, mont_field b) {
        mont_field r;
        mul_words(r.v, a.v, b.v);
        return r;
    }
#endif
#if defined(__CUDA_ARCH__) && !defined(GPUKIT_PORTABLE_MUL)
    // Out of line for the reason mul_call is.
    __device__ __noinline__ static mont_field sqr_call(mont_field a) {
        mont_field r;
        sqr_ptx(r.v, a.v);
        return r;
    }
#endif
    GPUKIT_HDI mont_field& operator+=(const mont_field& b) { return *this = *this + b; }
    GPUKIT_HDI mont_field& operator-=(const mont_field& b) { return *this = *this - b; }
    GPUKIT_HDI mont_field& operator*=(const mont_field& b) { return *this = *this * b; }

    // a² on the device by the squaring's own routine (mont_sqr_ptx, sqr_ptx
    // above), in the point formulas and the exponentiations alike. In v15a,
    // beside a 1,300-instruction multiplication, a second routine made the
    // 12-limb kernels stall on instruction fetch (8–13 % slower); since v16e
    // both are ~500 instructions and the squaring 16–20 % faster
    // (bench/NOTES.md, v16g).
    GPUKIT_HDI mont_field sqr() const {
#if defined(__CUDA_ARCH__) && !defined(GPUKIT_PORTABLE_MUL)
        return sqr_call(*this);
#else
        return *this * *this;
#endif
    }
    GPUKIT_HDI mont_field dbl() const { return *this + *this; }
    // -a = p - a, except -0 = 0 (p itself is not a reduced value).
    GPUKIT_HDI mont_field neg() const {
        constexpr limbs_t p = MOD;
#if defined(__CUDA_ARCH__) && !defined(GPUKIT_PORTABLE_MUL)
        mont_field r;
        detail::neg_mod_ptx<N>(r.v, v, p.w);
        return r;
#else
        uint32_t nz = 0;
        for (int i = 0; i < N; ++i) nz |= v[i];
        uint32_t mask = 0u - (uint32_t)(nz != 0);
        mont_field r;
        uint32_t borrow = 0;
        for (int i = 0; i < N; ++i) {
            uint64_t x = (uint64_t)p.w[i] - v[i] - borrow;
            r.v[i] = (uint32_t)x & mask;
            borrow = (uint32_t)(x >> 63);
        }
        return r;
#endif
    }
    GPUKIT_HDI bool is_zero() const {
        uint32_t acc = 0;
        for (int i = 0; i < N; ++i) acc |= v[i];
        return acc == 0;
    }
    GPUKIT_HDI friend bool operator==(const mont_field& a, const mont_field& b) {
        uint32_t acc = 0;
        for (int i = 0; i < N; ++i) acc |= a.v[i] ^ b.v[i];
        return acc == 0;
    }
    GPUKIT_HDI friend bool operator!=(const mont_field& a, const mont_field& b) { return !(a == b); }

    // a^(p-2) = a^{-1} by Fermat's little theorem; 0 maps to 0. About 32N
    // squarings and half as many multiplications: slow, but an MSM inverts
    // only a handful of times (the final affine conversion), so a
    // constant-time exponentiation beats a binary-GCD in code size and risk.
    GPUKIT_HD_COLD mont_field inverse() const {
        constexpr limbs_t e = P_MINUS_2;
        mont_field r = one();
        for (int i = 32 * N - 1; i >= 0; --i) {
            r = r.sqr();
            if ((e.w[i / 32] >> (i % 32)) & 1u) r = r * *this;
        }
        return r;
    }
};

// Whether F is a prime field (a mont_field, not an extension over one).
template <class F>
struct is_prime_field : std::false_type {};
template <class P>
struct is_prime_field<mont_field<P>> : std::true_type {};

}  // namespace gpukit
