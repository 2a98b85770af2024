// The host's Montgomery multiplication on x86-64 with MULX, ADCX and ADOX
// (BMI2 and ADX: Intel from Broadwell, AMD from Zen), for 4 and 6 64-bit
// limbs and moduli whose top limb is below 2^63 - 1.
//
// Why: the host multiplies in the latency-bound tail of every small GPU
// call (the windows' ~256 doublings on one core, the result's inversion).
// GCC compiles mont_field's 128-bit CIOS to ~450 instructions on 4 limbs;
// this is ~120. A dependent product on 4 / 6 limbs: 45 → 27–31 ns and
// 83 → 50 ns on the development host (AMD EPYC), 42 → 38 ns and 66 → 59 ns
// on the H100's host (a Xeon, where GCC's code was already near it;
// bench/NOTES.md, v28a).
//
// CIOS, one row a·b_i then one row m·p per limb of b, each row on two carry
// chains at once: ADCX adds the products' low halves (CF), ADOX their high
// halves one limb up (OF). The accumulator is M + 1 registers that rotate:
// the row m·p clears t0 exactly (that is how m is chosen), so after the
// shift t0's register is the zero that the next row's top limb starts
// from. With p's top limb below 2^63 - 1 every partial sum of a row stays
// below 2^(64(M+1)) (the "no-carry" bound of mont_field::SPARE_TOP_BIT), so
// neither chain carries out of the top limb and one ADC closes the CF chain.
// Result < 2p, as mont_field::mul_host64_spare's.
#pragma once
#if !defined(__CUDA_ARCH__) && defined(__x86_64__) && defined(__GNUC__)
#include <cstdint>

#define GPUKIT_HOST_ADX 1

namespace gpukit {
namespace detail {

// Whether this CPU runs MULX, ADCX and ADOX; settled once, at load time
// (a plain load per product, no guard). A product in another unit's static
// initialiser that runs first reads false and takes the 128-bit CIOS: slower,
// never wrong.
inline const bool HOST_HAS_ADX = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("adx");
}();

// t_lo += lo(x·rdx) on CF, t_hi += hi(x·rdx) on OF; x at byte offset OFF of
// the operand SRC.
#define GPUKIT_ADX_TERM(OFF, SRC, LO, HI)      \
    "mulx " #OFF "(%[" #SRC "]), %%rax, %%rbx\n\t" \
    "adcx %%rax, %%" #LO "\n\t"                \
    "adox %%rbx, %%" #HI "\n\t"

// The first four terms of a row: T0..T4 += x·rdx for x the first four
// limbs of SRC.
#define GPUKIT_ADX_TERMS4(SRC, T0, T1, T2, T3, T4)               \
    GPUKIT_ADX_TERM(0, SRC, T0, T1) GPUKIT_ADX_TERM(8, SRC, T1, T2) \
    GPUKIT_ADX_TERM(16, SRC, T2, T3) GPUKIT_ADX_TERM(24, SRC, T3, T4)

// One CIOS step, the rows' terms given: t += a·b[OFF / 8] (ROW_A, into a top
// limb TOP that starts at 0), then t = (t + m·p) / 2^64 with m = t0·inv mod
// 2^64 (ROW_P), which leaves T0 = 0. Each row clears both flags first and
// closes its CF chain into TOP.
#define GPUKIT_ADX_STEP(OFF, T0, TOP, ROW_A, ROW_P)  \
    "mov " #OFF "(%[b]), %%rdx\n\t"                \
    "xor %%eax, %%eax\n\t" /* CF = OF = 0 */       \
    ROW_A                                          \
    "adc $0, %%" #TOP "\n\t"                       \
    "mov %%" #T0 ", %%rdx\n\t"                     \
    "imul %[inv], %%rdx\n\t" /* m */               \
    "xor %%eax, %%eax\n\t"                         \
    ROW_P                                          \
    "adc $0, %%" #TOP "\n\t"

// The step on 4 limbs (T0..T3, T4 = 0): the result in T1..T4.
#define GPUKIT_ADX_STEP4(OFF, T0, T1, T2, T3, T4)                     \
    GPUKIT_ADX_STEP(OFF, T0, T4, GPUKIT_ADX_TERMS4(a, T0, T1, T2, T3, T4), \
                    GPUKIT_ADX_TERMS4(p, T0, T1, T2, T3, T4))

// The step on 6 limbs (T0..T5, T6 = 0): the result in T1..T6.
#define GPUKIT_ADX_STEP6(OFF, T0, T1, T2, T3, T4, T5, T6)                                        \
    GPUKIT_ADX_STEP(OFF, T0, T6,                                                                 \
                    GPUKIT_ADX_TERMS4(a, T0, T1, T2, T3, T4) GPUKIT_ADX_TERM(32, a, T4, T5)      \
                        GPUKIT_ADX_TERM(40, a, T5, T6),                                          \
                    GPUKIT_ADX_TERMS4(p, T0, T1, T2, T3, T4) GPUKIT_ADX_TERM(32, p, T4, T5)      \
                        GPUKIT_ADX_TERM(40, p, T5, T6))

// t (M limbs) = a·b·2^(-64M) mod p, < 2p; M = 4 or 6. a, b and p are M
// little-endian 64-bit limbs in memory (mont_field's 32-bit words read in
// place: x86-64 is little-endian). The accumulator lives in r8..
// (explicit register variables: the rotation names them), the product
// halves in rax and rbx, the multiplier in rdx.
template <int M>
inline void mont_mul_adx(uint64_t* t, const void* a, const void* b, const void* p, uint64_t inv);

template <>
inline void mont_mul_adx<4>(uint64_t* t, const void* a, const void* b, const void* p, uint64_t inv) {
    register uint64_t r8 asm("r8") = 0, r9 asm("r9") = 0, r10 asm("r10") = 0, r11 asm("r11") = 0,
                                r12 asm("r12") = 0;
    asm(GPUKIT_ADX_STEP4(0, r8, r9, r10, r11, r12)    // live: r9..r12
        GPUKIT_ADX_STEP4(8, r9, r10, r11, r12, r8)    // live: r10, r11, r12, r8
        GPUKIT_ADX_STEP4(16, r10, r11, r12, r8, r9)   // live: r11, r12, r8, r9
        GPUKIT_ADX_STEP4(24, r11, r12, r8, r9, r10)   // live: r12, r8, r9, r10
        : "+r"(r8), "+r"(r9), "+r"(r10), "+r"(r11), "+r"(r12)
        : [a] "r"(a), [b] "r"(b), [p] "r"(p), [inv] "rm"(inv)
        : "rax", "rbx", "rdx", "cc", "memory");
    t[0] = r12;
    t[1] = r8;
    t[2] = r9;
    t[3] = r10;
}

template <>
inline void mont_mul_adx<6>(uint64_t* t, const void* a, const void* b, const void* p, uint64_t inv) {
    register uint64_t r8 asm("r8") = 0, r9 asm("r9") = 0, r10 asm("r10") = 0, r11 asm("r11") = 0,
                                r12 asm("r12") = 0, r13 asm("r13") = 0, r14 asm("r14") = 0;
    asm(GPUKIT_ADX_STEP6(0, r8, r9, r10, r11, r12, r13, r14)    // live: r9..r14
        GPUKIT_ADX_STEP6(8, r9, r10, r11, r12, r13, r14, r8)    // live: r10..r14, r8
        GPUKIT_ADX_STEP6(16, r10, r11, r12, r13, r14, r8, r9)   // live: r11..r14, r8, r9
        GPUKIT_ADX_STEP6(24, r11, r12, r13, r14, r8, r9, r10)   // live: r12..r14, r8..r10
        GPUKIT_ADX_STEP6(32, r12, r13, r14, r8, r9, r10, r11)   // live: r13, r14, r8..r11
        GPUKIT_ADX_STEP6(40, r13, r14, r8, r9, r10, r11, r12)   // live: r14, r8..r12
        : "+r"(r8), "+r"(r9), "+r"(r10), "+r"(r11), "+r"(r12), "+r"(r13), "+r"(r14)
        : [a] "r"(a), [b] "r"(b), [p] "r"(p), [inv] "m"(inv)
        : "rax", "rbx", "rdx", "cc", "memory");
    t[0] = r14;
    t[1] = r8;
    t[2] = r9;
    t[3] = r10;
    t[4] = r11;
    t[5] = r12;
}

#undef GPUKIT_ADX_STEP6
#undef GPUKIT_ADX_STEP4
#undef GPUKIT_ADX_STEP
#undef GPUKIT_ADX_TERMS4
#undef GPUKIT_ADX_TERM

}  // namespace detail
}  // namespace gpukit
#endif
