// extern "C" entry points that run the arithmetic headers on the host (built
// by g++ through cc in build.rs): one call applies one op to `count` inputs.
// Return 0, or -1 for an unknown curve or op.
#include <cstddef>
#include <cstdint>

#include "by_curve.cuh"
#include "constants.cuh"
#include "edwards_model_ops.cuh"
#include "ops.cuh"
#include "../../ec/glv.cuh"

using namespace gpukit;
using namespace gpukit::check;

namespace {

template <class C>
int field_ops(uint32_t op, const uint32_t* a, const uint32_t* b, uint32_t* out, size_t count) {
    if (op >= FP_OPS) return -1;
    constexpr size_t W = ops<C>::W;
    for (size_t i = 0; i < count; ++i) ops<C>::field(op, a + i * W, b + i * W, out + i * W);
    return 0;
}

template <class C>
int point_ops(uint32_t op, const uint32_t* a, const uint32_t* b, uint32_t* out, size_t count) {
    if (op >= PT_OPS) return -1;
    constexpr size_t S = ops<C>::POINT_STRIDE;
    for (size_t i = 0; i < count; ++i) ops<C>::point(op, a + i * S, b + i * S, out + i * S);
    return 0;
}

template <class C, uint32_t FORMAT>
void decompress_each(const uint8_t* records, bool check, uint32_t* out, uint32_t* status, size_t count) {
    constexpr uint32_t R = ops<C>::template compressed_record<FORMAT>();
    for (size_t i = 0; i < count; ++i)
        ops<C>::template decompress<FORMAT>(records + i * R, check, out + i * 2 * ops<C>::W, status + i);
}

template <class C>
int decompress_ops(uint32_t format, const uint8_t* records, bool check, uint32_t* out, uint32_t* status,
                   size_t count) {
    if (ops<C>::record_bytes(format) == 0) return -1;
    switch (format) {
        case POINT_ZCASH: decompress_each<C, POINT_ZCASH>(records, check, out, status, count); return 0;
        case POINT_SEC1: decompress_each<C, POINT_SEC1>(records, check, out, status, count); return 0;
        case POINT_X_ONLY: decompress_each<C, POINT_X_ONLY>(records, check, out, status, count); return 0;
        case POINT_ARKWORKS: decompress_each<C, POINT_ARKWORKS>(records, check, out, status, count); return 0;
        case POINT_BANDERWAGON: decompress_each<C, POINT_BANDERWAGON>(records, check, out, status, count); return 0;
        case POINT_BANDERWAGON_UNCOMPRESSED:
            decompress_each<C, POINT_BANDERWAGON_UNCOMPRESSED>(records, check, out, status, count);
            return 0;
        default: return -1;
    }
}

}  // namespace

// Decompresses `count` packed records of `format` (cuda/driver/compressed.cuh):
// out gets x||y per record (2·field words, canonical), status its
// decompress_status; `check` (0 or 1) as decompressor::decode's. -1 where
// the format does not apply to the curve.
extern "C" int gpukit_check_decompress(uint8_t curve_id, uint32_t format, uint32_t check, const uint8_t* records,
                                       uint32_t* out, uint32_t* status, size_t count) {
    return by_curve(curve_id, -1, [&](auto c) {
        return decompress_ops<decltype(c)>(format, records, check != 0, out, status, count);
    });
}

extern "C" uint32_t gpukit_check_record_bytes(uint8_t curve_id, uint32_t format) {
    return by_curve(curve_id, 0u, [&](auto c) { return ops<decltype(c)>::record_bytes(format); });
}

extern "C" int gpukit_check_fp_op(uint8_t curve_id, uint32_t op, const uint32_t* a, const uint32_t* b,
                                  uint32_t* out, size_t count) {
    return by_curve(curve_id, -1, [&](auto c) { return field_ops<decltype(c)>(op, a, b, out, count); });
}

extern "C" int gpukit_check_point_op(uint8_t curve_id, uint32_t op, const uint32_t* a, const uint32_t* b,
                                     uint32_t* out, size_t count) {
    return by_curve(curve_id, -1, [&](auto c) { return point_ops<decltype(c)>(op, a, b, out, count); });
}

// Splits `count` canonical scalars (8 words each, below r) by the curve's
// endomorphism (ec/glv.cuh): out gets 17 words a scalar, |k1| (8 words),
// |k2| (8 words) and the signs (bit 0: k1 < 0, bit 1: k2 < 0). Returns
// SPLIT_BITS, or -1 for a curve without an endomorphism.
extern "C" int gpukit_check_glv_split(uint8_t curve_id, const uint32_t* k, uint32_t* out, size_t count) {
    return by_curve(curve_id, -1, [&](auto c) {
        using C = decltype(c);
        if constexpr (has_glv<C>()) {
            for (size_t i = 0; i < count; ++i) {
                glv_half k1, k2;
                glv_split_scalar<typename curve_traits<C>::glv>(k + i * 8, k1, k2);
                uint32_t* o = out + i * 17;
                for (uint32_t w = 0; w < 8; ++w) {
                    o[w] = k1.magnitude[w];
                    o[8 + w] = k2.magnitude[w];
                }
                o[16] = uint32_t(k1.negative) | uint32_t(k2.negative) << 1;
            }
            return int(glv_bits<C>());
        }
        return -1;
    });
}

// φ(P) = (β·x, y) of `count` affine points (x||y, canonical, 2·W words
// each; the identity is (0, 0)); -1 for a curve without an endomorphism.
extern "C" int gpukit_check_endomorphism(uint8_t curve_id, const uint32_t* a, uint32_t* out, size_t count) {
    return by_curve(curve_id, -1, [&](auto c) {
        using C = decltype(c);
        if constexpr (has_glv<C>()) {
            constexpr size_t W = ops<C>::W;
            for (size_t i = 0; i < count; ++i)
                ops<C>::store_affine(endomorphism<C>(ops<C>::load_affine(a + i * 2 * W)), out + i * 2 * W);
            return 0;
        }
        return -1;
    });
}

// An op of the curve's twisted Edwards model (edwards_model_ops.cuh) on
// `count` inputs of 4·W words; -1 for a curve without one or an unknown op.
extern "C" int gpukit_check_edwards_model(uint8_t curve_id, uint32_t op, const uint32_t* a, const uint32_t* b,
                                          uint32_t* out, size_t count) {
    return by_curve(curve_id, -1, [&](auto c) {
        using C = decltype(c);
        if constexpr (has_edwards_model<C>::value) {
            if (op >= EM_OPS) return -1;
            constexpr size_t S = ops<C>::POINT_STRIDE;
            for (size_t i = 0; i < count; ++i) edwards_model_ops<C>::run(op, a + i * S, b + i * S, out + i * S);
            return 0;
        } else {
            return -1;
        }
    });
}

extern "C" int gpukit_check_constant(uint8_t curve_id, uint32_t which, uint32_t* out, uint32_t cap) {
    return by_curve(curve_id, -1, [&](auto c) { return constant<decltype(c)>(which, out, cap); });
}

extern "C" const char* gpukit_check_curve_name(uint8_t curve_id) {
    return by_curve<const char*>(curve_id, nullptr, [](auto c) { return curve_traits<decltype(c)>::NAME; });
}
