// The type a fixed-base table (cuda/msm/fixed_base_tables.cuh) stores for
// an affine point, and how it is made: the affine point itself on short
// Weierstrass curves (the mixed addition reads x and y only), and on twisted
// Edwards curves the point with d·x·y beside it (te_precomputed: 8
// multiplications an addition instead of 10). A bucket adds an entry with
// add_affine, and a negative digit takes entry.neg().
#pragma once
#include "edwards.cuh"
#include "sw.cuh"

namespace gpukit {

template <class A>
struct table_entry {
    using type = A;
    GPUKIT_HDI static type from_affine(const A& p) { return p; }
};

template <class F, class C>
struct table_entry<te_affine<F, C>> {
    using type = te_precomputed<F, C>;
    GPUKIT_HDI static type from_affine(const te_affine<F, C>& p) { return type::from_affine(p); }
};

}  // namespace gpukit
