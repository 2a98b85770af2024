// The bench's own entry points into sppark's GPU Pippenger, for one curve.
// A per-curve .cu defines SPPARK_PEER(name) (the symbol prefix) and
// SPPARK_SORT (a per-curve name for sppark's `sort` kernel), includes that
// curve's sppark field header with its FEATURE_* macro, then this file.
//
// Layout (checked on the Rust side): points are arkworks affine points in
// memory — x and y as Montgomery limbs with R = 2^256 / 2^384, the same R as
// sppark's host and device fields — followed by arkworks' `infinity` flag and
// padding, so sppark reads them in place with a stride (its ffi_affine_sz).
// Scalars are arkworks Fr values, Montgomery form, 32 bytes each; sppark
// converts them out of Montgomery form on the device (mont = true).
// The result is written as the affine x || y in Montgomery limbs, all zero for
// the identity.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <vector>
#include <cuda.h>
#include <cooperative_groups.h>
#include <util/vec2d_t.hpp>
#include <util/slice_t.hpp>
#include <util/exception.cuh>
#include <util/rusterror.h>
#include <util/gpu_t.cuh>
#include <ec/jacobian_t.hpp>
#include <ec/xyzz_t.hpp>

typedef jacobian_t<fp_t> point_t;
typedef xyzz_t<fp_t> bucket_t;
typedef bucket_t::affine_t affine_t;
typedef fr_t scalar_t;

// Every translation unit that includes msm/pippenger.cuh defines a global
// kernel `sort` with external linkage; one binary holds three curves, so each
// renames it. Everything the header includes was included above, so the macro
// reaches only sppark's msm/ text.
#define sort SPPARK_SORT
#include <msm/pippenger.cuh>
#undef sort

typedef msm_t<bucket_t, point_t, affine_t, scalar_t> peer_msm_t;

static_assert(sizeof(affine_t) == 2 * sizeof(fp_t), "sppark host affine is x || y");

// Copies the affine form of `p` (Montgomery limbs) to `out` (2 field elements).
static void peer_write_affine(const point_t& p, uint8_t* out)
{
    affine_t a = p;
    std::memcpy(out, &a, sizeof(a));
}

// Copies a RustError's message into the caller's buffer and frees it.
static int peer_status(RustError e, char* err, size_t err_len)
{
    if (err_len > 0) {
        const char* msg = e.message ? e.message : (e.code ? cudaGetErrorString((cudaError_t)e.code) : "");
        std::strncpy(err, msg, err_len - 1);
        err[err_len - 1] = '\0';
    }
    std::free(e.message);
    return e.code;
}

// One-shot MSM: points and scalars are uploaded inside the call (sppark's
// mult_pippenger path, the way its own Rust wrappers call it).
extern "C" int SPPARK_PEER(msm)(const void* points, size_t point_stride, const void* scalars,
                                size_t n, uint8_t* out, char* err, size_t err_len)
{
    point_t ret;
    RustError e = mult_pippenger<bucket_t>(&ret, static_cast<const affine_t*>(points), n,
                                           static_cast<const scalar_t*>(scalars), true,
                                           point_stride);
    if (e.code == 0)
        peer_write_affine(ret, out);
    return peer_status(e, err, err_len);
}

// Resident bases: sppark's msm_t uploads the points in its constructor and
// keeps them in device memory; each MSM then uploads only its scalars.
extern "C" void* SPPARK_PEER(bases_new)(const void* points, size_t point_stride, size_t n,
                                        char* err, size_t err_len)
{
    try {
        return new peer_msm_t(static_cast<const affine_t*>(points), n, point_stride);
    } catch (const cuda_error& e) {
        peer_status(RustError{e.code(), e.what()}, err, err_len);
    } catch (const std::bad_alloc&) {
        peer_status(RustError{cudaErrorMemoryAllocation, "host allocation failed"}, err, err_len);
    }
    return nullptr;
}

extern "C" int SPPARK_PEER(bases_msm)(void* bases, const void* scalars, size_t n, uint8_t* out,
                                      char* err, size_t err_len)
{
    point_t ret;
    RustError e{0};
    try {
        // A null point pointer makes msm_t use the points its constructor uploaded.
        e = static_cast<peer_msm_t*>(bases)->invoke(ret, static_cast<const affine_t*>(nullptr), n,
                                                    static_cast<const scalar_t*>(scalars), true);
    } catch (const cuda_error& ex) {
        e = RustError{ex.code(), ex.what()};
    }
    if (e.code == 0)
        peer_write_affine(ret, out);
    return peer_status(e, err, err_len);
}

extern "C" void SPPARK_PEER(bases_free)(void* bases)
{
    delete static_cast<peer_msm_t*>(bases);
}
