// The checks a point decode runs beyond its coordinates' (always < p), as
// the entry points number them (src/gpu.rs `DeviceCheck`).
#pragma once
#include <cstdint>

namespace gpukit {

enum point_check : uint32_t {
    CHECK_NONE = 0,
    // On the curve; compressed records: the format's own checks.
    CHECK_ON_CURVE = 1,
    // Also r·P = O (ec/subgroup.cuh): short Weierstrass curves only.
    CHECK_SUBGROUP = 2,
};

}  // namespace gpukit
