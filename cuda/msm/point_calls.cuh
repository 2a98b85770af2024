// Full additions and doublings outside the hot loop (partial sums, the bucket
// reduction, the window combination) go through one out-of-line copy per
// curve. Inlining the formula into every cold kernel multiplied ptxas time
// (minutes per curve for Fp2 points) for no measurable gain: these kernels
// do a small fraction of the MSM's additions.
#pragma once

namespace gpukit {

template <class P>
__device__ __noinline__ P add_points(const P& a, const P& b) {
    return a.add(b);
}

template <class P>
__device__ __noinline__ P double_point(const P& a) {
    return a.dbl();
}

}  // namespace gpukit
