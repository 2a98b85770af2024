// The PTX carry chains of cuda/ff/mont_ptx.cuh run on the host (built by g++
// through cc in build.rs): each `mad.lo.cc`, `madc.hi`, `addc.cc`, ...
// wrapper becomes a C++ function over one carry flag, as PTX defines it, so
// that the device's multiplication, squaring and modular additions are
// checked against arkworks by `cargo test` on a machine without a GPU. A
// link that does not write the carry flag but would carry out (a bound the
// comments of mont_ptx.cuh rely on, broken) is counted, and the tests
// require none. Only the order of the links is modelled: that ptxas keeps
// it is what the device tests check.
#include <cstddef>
#include <cstdint>

#define GPUKIT_PTX_CARRY_MODEL
#define __device__
#define __forceinline__ inline

namespace gpukit {
namespace detail {
namespace ptx {

// The carry flag, and the count of carries out of links that drop them.
thread_local uint32_t carry = 0;
thread_local uint32_t lost = 0;

inline uint32_t lo(uint32_t a, uint32_t b) { return a * b; }
inline uint32_t hi(uint32_t a, uint32_t b) { return uint32_t((uint64_t(a) * b) >> 32); }
// x + y + c into 32 bits; `keep` writes the carry out to the flag, else a
// carry out is lost.
inline uint32_t add3(uint32_t x, uint32_t y, uint32_t c, bool keep) {
    const uint64_t s = uint64_t(x) + y + c;
    if (keep) {
        carry = uint32_t(s >> 32);
    } else if (s >> 32) {
        ++lost;
    }
    return uint32_t(s);
}
inline uint32_t mad_lo_cc(uint32_t a, uint32_t b, uint32_t c) { return add3(lo(a, b), c, 0, true); }
inline uint32_t madc_lo_cc(uint32_t a, uint32_t b, uint32_t c) { return add3(lo(a, b), c, carry, true); }
inline uint32_t mad_hi_cc(uint32_t a, uint32_t b, uint32_t c) { return add3(hi(a, b), c, 0, true); }
inline uint32_t madc_hi_cc(uint32_t a, uint32_t b, uint32_t c) { return add3(hi(a, b), c, carry, true); }
inline uint32_t madc_hi(uint32_t a, uint32_t b, uint32_t c) { return add3(hi(a, b), c, carry, false); }
inline uint32_t mad_hi(uint32_t a, uint32_t b, uint32_t c) { return add3(hi(a, b), c, 0, false); }
inline uint32_t add_cc(uint32_t a, uint32_t b) { return add3(a, b, 0, true); }
inline uint32_t addc_cc(uint32_t a, uint32_t b) { return add3(a, b, carry, true); }
inline uint32_t addc(uint32_t a, uint32_t b) { return add3(a, b, carry, false); }
// PTX's borrow is the carry flag of a − b: a − b − c wraps, and sets the
// flag where it borrows. subc's borrow out is the value the modular
// subtraction reads back as all ones (mont_ptx.cuh sub_words_ptx), never lost.
inline uint32_t sub3(uint32_t a, uint32_t b, uint32_t c, bool keep) {
    const uint64_t d = uint64_t(a) - b - c;
    if (keep) carry = uint32_t(d >> 63);
    return uint32_t(d);
}
inline uint32_t sub_cc(uint32_t a, uint32_t b) { return sub3(a, b, 0, true); }
inline uint32_t subc_cc(uint32_t a, uint32_t b) { return sub3(a, b, carry, true); }
inline uint32_t subc(uint32_t a, uint32_t b) { return sub3(a, b, carry, false); }

}  // namespace ptx
}  // namespace detail
}  // namespace gpukit

#include "../../ff/mont_ptx.cuh"
#include "by_curve.cuh"

using namespace gpukit;

namespace {

// The ops of gpukit_check_ptx_model.
enum ptx_model_op : uint32_t { PTX_MUL = 0, PTX_SQR = 1, PTX_ADD = 2, PTX_SUB = 3, PTX_NEG = 4 };

template <class C>
int run_ops(uint32_t op, const uint32_t* a, const uint32_t* b, uint32_t* out, size_t count) {
    using F = typename curve_traits<C>::field_t;
    if constexpr (!is_prime_field<F>::value) {
        return -1;  // Fp2 runs its base field's chains
    } else {
        constexpr int N = F::N;
        constexpr auto p = F::MOD;
        for (size_t i = 0; i < count; ++i) {
            const F x = F::from_canonical(a + i * N), y = F::from_canonical(b + i * N);
            F r;
            uint32_t t[N], hi = 0;
            switch (op) {
                case PTX_MUL:
                    hi = detail::mont_mul_ptx<N, F::FULL_WIDTH>(t, x.v, y.v, p.w, F::INV);
                    detail::reduce_once_ptx<N>(r.v, t, hi, p.w);
                    break;
                case PTX_SQR:
                    hi = detail::mont_sqr_ptx<N, F::FULL_WIDTH>(t, x.v, p.w, F::INV);
                    detail::reduce_once_ptx<N>(r.v, t, hi, p.w);
                    break;
                case PTX_ADD: detail::add_mod_ptx<N>(r.v, x.v, y.v, p.w); break;
                case PTX_SUB: {
                    // Its last addition wraps on purpose (adding p back
                    // cancels the borrow): not a lost carry.
                    const uint32_t before = detail::ptx::lost;
                    detail::sub_mod_ptx<N>(r.v, x.v, y.v, p.w);
                    detail::ptx::lost = before;
                    break;
                }
                case PTX_NEG: detail::neg_mod_ptx<N>(r.v, x.v, p.w); break;
                default: return -1;
            }
            r.to_canonical(out + i * N);
        }
        return 0;
    }
}

}  // namespace

// Applies op to `count` canonical elements of curve_id's prime field (a op
// b, or op a), writing canonical results, and adds to *lost the carries
// that links without a carry out dropped. 0, or -1 for an unknown curve or
// op, or a curve whose coordinates are not a prime field.
extern "C" int gpukit_check_ptx_model(uint8_t curve_id, uint32_t op, const uint32_t* a, const uint32_t* b,
                                      uint32_t* out, size_t count, uint32_t* lost) {
    detail::ptx::lost = 0;
    const int rc = check::by_curve(curve_id, -1, [&](auto c) { return run_ops<decltype(c)>(op, a, b, out, count); });
    *lost = detail::ptx::lost;
    return rc;
}
