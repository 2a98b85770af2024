// extern "C" entry points that run the arithmetic headers on the host (built
// by g++ through cc in build.rs): one call applies one op to `count` inputs.
// Return 0, or -1 for an unknown curve or op.
#include <cstddef>
#include <cstdint>

#include "constants.cuh"
#include "ops.cuh"

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

}  // namespace

extern "C" int gpukit_check_fp_op(uint8_t curve_id, uint32_t op, const uint32_t* a, const uint32_t* b,
                                  uint32_t* out, size_t count) {
    switch (curve_id) {
#define X(tag, id) \
    case id: return field_ops<tag>(op, a, b, out, count);
        GPUKIT_CURVES(X)
#undef X
        default: return -1;
    }
}

extern "C" int gpukit_check_point_op(uint8_t curve_id, uint32_t op, const uint32_t* a, const uint32_t* b,
                                     uint32_t* out, size_t count) {
    switch (curve_id) {
#define X(tag, id) \
    case id: return point_ops<tag>(op, a, b, out, count);
        GPUKIT_CURVES(X)
#undef X
        default: return -1;
    }
}

extern "C" int gpukit_check_constant(uint8_t curve_id, uint32_t which, uint32_t* out, uint32_t cap) {
    switch (curve_id) {
#define X(tag, id) \
    case id: return constant<tag>(which, out, cap);
        GPUKIT_CURVES(X)
#undef X
        default: return -1;
    }
}

extern "C" const char* gpukit_check_curve_name(uint8_t curve_id) {
    switch (curve_id) {
#define X(tag, id) \
    case id: return curve_traits<tag>::NAME;
        GPUKIT_CURVES(X)
#undef X
        default: return nullptr;
    }
}
