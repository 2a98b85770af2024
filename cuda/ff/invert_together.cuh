// Montgomery's trick on one thread: the inverses of n non-zero field values
// for one inversion and 3·(n − 1) multiplications. The resident tables'
// builds (msm/shifted_bases.cuh, msm/edwards_bases.cuh,
// msm/fixed_base_tables.cuh) share it; the batch-affine accumulation keeps
// its own, interleaved with its lanes' steps.
#pragma once
#include <cstdint>

namespace gpukit {

// value(g) gives the g-th of n <= N values, each at least once in order and
// once more in reverse (so it should give again cheaply what it gave first);
// use(g, inverse) receives the inverse of value(g), from the last to the
// first.
template <uint32_t N, class F, class Value, class Use>
__device__ __forceinline__ void invert_together(uint32_t n, Value value, Use use) {
    F prefix[N];
    for (uint32_t g = 0; g < n; g++) prefix[g] = g ? prefix[g - 1] * value(g) : value(g);
    F inv = prefix[n - 1].inverse();
    for (uint32_t g = n; g-- > 0;) {
        const F own = g ? inv * prefix[g - 1] : inv;
        inv = inv * value(g);
        use(g, own);
    }
}

}  // namespace gpukit
