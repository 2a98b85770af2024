// The switch that keeps additions one a lane where sums of points could
// spread their products over the warp (ec/spread_sum.cuh): the small path's
// sums, the cut buckets' groups and the bucket reduction's planes. Host only.
#pragma once
#include "../../runtime/env.cuh"

namespace gpukit {

// GPUKIT_SPREAD_SUMS=0 (read once per process) keeps a lane per addition,
// for benchmarks.
inline bool spread_sums_on() {
    static const bool spread = !env_is_zero("GPUKIT_SPREAD_SUMS");
    return spread;
}

}  // namespace gpukit
