// The check shims' one dispatch by curve id (host_shim.cpp, device_shim.cu):
// by_curve(id, unknown, f) calls f with the tag of the curve `id` names (an
// empty struct, so f's `decltype(tag)` is the curve) and returns what f
// returns, or `unknown` for an id that names no curve.
#pragma once
#include <cstdint>

#include "../../../curves/all.cuh"

namespace gpukit {
namespace check {

template <class R, class F>
R by_curve(uint8_t curve_id, R unknown, F&& f) {
    switch (curve_id) {
#define X(tag, id) \
    case id: return f(tag{});
        GPUKIT_CURVES(X)
#undef X
        default: return unknown;
    }
}

}  // namespace check
}  // namespace gpukit
