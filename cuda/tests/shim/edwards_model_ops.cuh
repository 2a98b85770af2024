// The ops of a short Weierstrass curve's twisted Edwards model
// (cuda/ec/edwards_model.cuh) that the tests check against arkworks, one
// input each, in ops.cuh's point layout (4·W words a slot, canonical
// words). Every op enters the model through entry() and leaves it through
// to_weierstrass(), so each result checks the map both ways.
#pragma once
#include <cstdint>

#include "../../ec/edwards_model.cuh"
#include "ops.cuh"

namespace gpukit {
namespace check {

enum edwards_model_op : uint32_t {
    EM_ENTRY = 0,  // a affine: out the model's entry (y - x, y + x, 2d·x·y) of a, 3·W words
    EM_MADD = 1,   // a, b affine: out affine (a + b), two madd-2008-hwcd-3 steps from the identity
    EM_ADD = 2,    // a, b affine: out affine (a + b), the extended points of a and b added (add-2008-hwcd)
    EM_DBL = 3,    // a affine: out affine (2a), the extended point of a doubled (dbl-2008-hwcd)
    EM_OPS = 4,
};

template <class C>
struct edwards_model_ops {
    using map = edwards_map<C>;
    using O = ops<C>;
    using E = typename map::edwards_bucket;
    static constexpr uint32_t W = O::W;

    // The model's extended point of an affine point: the identity plus its entry.
    static E extended(const uint32_t* w) { return E::identity().add_affine(map::entry(O::load_affine(w))); }

    static void store_weierstrass(const E& e, uint32_t* out) {
        const typename map::sw_bucket s = map::to_weierstrass(e);
        O::store_affine(s.is_identity() ? O::A::identity() : s.to_affine(), out);
    }

    static void run(uint32_t op, const uint32_t* a, const uint32_t* b, uint32_t* out) {
        switch (op) {
            case EM_ENTRY: {
                const typename map::entry_t e = map::entry(O::load_affine(a));
                e.y_minus_x.to_canonical(out);
                e.y_plus_x.to_canonical(out + W);
                e.k.to_canonical(out + 2 * W);
                return;
            }
            case EM_MADD:
                store_weierstrass(extended(a).add_affine(map::entry(O::load_affine(b))), out);
                return;
            case EM_ADD: store_weierstrass(extended(a).add(extended(b)), out); return;
            case EM_DBL: store_weierstrass(extended(a).dbl(), out); return;
        }
    }
};

}  // namespace check
}  // namespace gpukit
