// extern "C" entry points of the CUDA backend, called by src/gpu.rs. They
// dispatch on the curve id through the one curve list (curves/all.cuh) to
// curve_entries<C>, instantiated per curve by build.rs (into OUT_DIR). No C++
// exception or CUDA error crosses this boundary: each entry returns a gpukit
// status and writes a message into the caller's buffer.
#include <cuda_runtime.h>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <new>
#include "../curves/all.cuh"
#include "driver/curve_entries.cuh"
#include "driver/devices.cuh"
#include "driver/resident_bases.cuh"
#include "runtime/device_buffer.cuh"
#include "runtime/page_locked.cuh"
#include "runtime/status.cuh"

namespace gpukit {
namespace {

int report(const gpukit_error& e, char* err, size_t err_len) {
    if (err && err_len) snprintf(err, err_len, "%s", e.message.c_str());
    return e.status;
}

// Runs `body` and turns whatever it throws into a status and a message.
template <class F>
int guarded(char* err, size_t err_len, F&& body) {
    try {
        body();
        return STATUS_OK;
    } catch (const gpukit_error& e) {
        return report(e, err, err_len);
    } catch (const std::bad_alloc&) {
        return report({STATUS_OUT_OF_MEMORY, "host memory exhausted"}, err, err_len);
    } catch (const std::exception& e) {
        return report({STATUS_INTERNAL, std::string("internal error: ") + e.what()}, err, err_len);
    } catch (...) {
        return report({STATUS_INTERNAL, "internal error: unknown exception"}, err, err_len);
    }
}

// The point_check an entry point's number names; a number past the last is
// the host's mistake.
point_check point_check_of(uint32_t check) {
    if (check > CHECK_SUBGROUP) fail(STATUS_INTERNAL, "unknown point check " + std::to_string(check));
    return point_check(check);
}

[[noreturn]] void unknown_curve(uint8_t curve_id) {
    fail(STATUS_INTERNAL, "unknown curve id " + std::to_string(curve_id) + " reached the CUDA backend");
}

}  // namespace
}  // namespace gpukit

using namespace gpukit;

extern "C" uint32_t gpukit_cuda_device_count() { return visible_device_count(); }

// Page-locks the caller's host range for every device, so that uploads from
// it go by DMA (runtime/page_locked.cuh); the Rust side handles bytes = 0.
// Without a device it is NO_DEVICE whatever the size, also for a range on
// no whole page, which the driver is never asked to lock.
extern "C" int gpukit_cuda_host_register(const void* ptr, size_t bytes, char* err, size_t err_len) {
    return guarded(err, err_len, [&] {
        if (visible_device_count() == 0) fail(STATUS_NO_DEVICE, "no CUDA device to page-lock host memory for");
        page_locked_ranges::instance().add(ptr, bytes);
    });
}

extern "C" int gpukit_cuda_host_unregister(const void* ptr, char* err, size_t err_len) {
    return guarded(err, err_len, [&] { page_locked_ranges::instance().remove(ptr); });
}

// With a `point_format` other than 0 (cuda/driver/compressed.cuh), the points
// are packed compressed records of `point_stride` bytes that the device
// decompresses; `format_name` names the format and `format_group` its group
// in error messages. `check` numbers a point_check (cuda/driver/point_check.cuh):
// 0 none, 1 on the curve (the format's own checks), 2 also the prime-order
// subgroup (short Weierstrass curves).
extern "C" int gpukit_cuda_msm(uint8_t curve_id, const uint8_t* points, uint32_t point_stride, uint32_t point_flag,
                               uint32_t point_format, const char* format_name, const char* format_group,
                               const uint8_t* scalars, uint32_t n, uint32_t window_c, uint32_t tuned_c,
                               uint32_t points_montgomery, uint32_t check, uint32_t scalar_flags, uint32_t devices,
                               uint8_t* out, char* err, size_t err_len) {
    const point_layout layout = point_format != 0
                                    ? point_layout::compressed(point_format, point_stride, format_name, format_group)
                                    : point_layout::records(point_stride, point_flag, points_montgomery != 0);
    return guarded(err, err_len, [&] {
        switch (curve_id) {
#define GPUKIT_MSM_CASE(name, id)                                                                          \
    case id:                                                                                               \
        return curve_entries<name>::msm(points, scalars, n, window_c, tuned_c, layout,                     \
                                        point_check_of(check), scalar_layout::from_flags(scalar_flags),    \
                                        devices, out);
            GPUKIT_CURVES(GPUKIT_MSM_CASE)
#undef GPUKIT_MSM_CASE
        }
        unknown_curve(curve_id);
    });
}

// `in_subgroup` (0 or 1): every point is known to lie in the prime-order
// subgroup (checked before the upload), as after `check` = 2.
extern "C" int gpukit_cuda_bases_new(uint8_t curve_id, const uint8_t* points, uint32_t point_stride,
                                     uint32_t point_flag, uint32_t n, uint32_t montgomery, uint32_t check,
                                     uint32_t in_subgroup, uint32_t devices, uint32_t precompute, uint32_t window_c,
                                     uint32_t fixed_base, void** handle, char* err, size_t err_len) {
    *handle = nullptr;
    const point_layout layout = point_layout::records(point_stride, point_flag, montgomery != 0);
    return guarded(err, err_len, [&] {
        switch (curve_id) {
#define GPUKIT_BASES_CASE(name, id)                                                                              \
    case id:                                                                                                     \
        *handle = curve_entries<name>::bases_new(points, n, layout, point_check_of(check), in_subgroup != 0,  \
                                                 devices, precompute, window_c, fixed_base);              \
        return;
            GPUKIT_CURVES(GPUKIT_BASES_CASE)
#undef GPUKIT_BASES_CASE
        }
        unknown_curve(curve_id);
    });
}

// n packed records of `point_stride` bytes in `point_format` (not 0),
// decompressed on the devices of `devices` into n wire points at `out`;
// `format_name`, `format_group` and `check` as in gpukit_cuda_msm.
extern "C" int gpukit_cuda_decompress(uint8_t curve_id, const uint8_t* points, uint32_t point_stride,
                                      uint32_t point_format, const char* format_name, const char* format_group,
                                      uint32_t n, uint32_t check, uint32_t devices, uint8_t* out, char* err,
                                      size_t err_len) {
    const point_layout layout = point_layout::compressed(point_format, point_stride, format_name, format_group);
    return guarded(err, err_len, [&] {
        switch (curve_id) {
#define GPUKIT_DECOMPRESS_CASE(name, id)                                                                   \
    case id:                                                                                               \
        return curve_entries<name>::decompress(points, n, layout, point_check_of(check), devices, out);
            GPUKIT_CURVES(GPUKIT_DECOMPRESS_CASE)
#undef GPUKIT_DECOMPRESS_CASE
        }
        unknown_curve(curve_id);
    });
}

// `batch` MSMs of n scalars over resident bases: vector j at vectors[j] when
// `vectors` is given, else at scalars + j·n·32 bytes.
extern "C" int gpukit_cuda_bases_msm(void* handle, const uint8_t* scalars, const uint8_t* const* vectors, uint32_t n,
                                     uint32_t batch, uint32_t window_c, uint32_t scalar_flags, uint8_t* out,
                                     char* err, size_t err_len) {
    return guarded(err, err_len, [&] {
        const auto& bases = *static_cast<const resident_bases*>(handle);
        switch (bases.curve_id) {
#define GPUKIT_BASES_MSM_CASE(name, id) \
    case id:                            \
        return curve_entries<name>::bases_msm(bases, scalar_vectors{scalars, vectors, n, batch}, window_c, \
                                              scalar_layout::from_flags(scalar_flags), out);
            GPUKIT_CURVES(GPUKIT_BASES_MSM_CASE)
#undef GPUKIT_BASES_MSM_CASE
        }
        unknown_curve(bases.curve_id);
    });
}

// The precomputed copies per base (1 = none), their window, the multiples
// per copy (2^(window-1) for fixed-base tables, else 1), and the device bytes
// the tables hold on all devices together.
extern "C" void gpukit_cuda_bases_info(const void* handle, uint32_t* copies, uint32_t* window, uint32_t* entries,
                                       uint64_t* device_bytes) {
    const auto& bases = *static_cast<const resident_bases*>(handle);
    *copies = bases.copies;
    *window = bases.window;
    *entries = bases.entries;
    *device_bytes = bases.device_bytes;
}

extern "C" void gpukit_cuda_bases_free(void* handle) { delete static_cast<resident_bases*>(handle); }

#ifdef GPUKIT_FAULT_INJECTION
// Test builds only (cuda/runtime/fault_injection.cuh): the `after`-th operation
// of `kind` from now fails (0 = the next one; negative = none), and every
// kind's count of operations starts again from 0.
extern "C" void gpukit_cuda_fault_arm(int kind, long long after) { fault::arm(kind, after); }

// Operations of `kind` checked since the last gpukit_cuda_fault_arm.
extern "C" long long gpukit_cuda_fault_seen(int kind) {
    return kind >= 0 && kind < fault::KINDS ? fault::faults().seen[kind].load() : 0;
}

// What the calls hold on `device` once its work is done: the bytes in use
// from its default memory pool (every per-call buffer) and the device's
// free bytes (resident bases' tables are plain allocations).
extern "C" int gpukit_cuda_memory_held(uint32_t device, uint64_t* pool_used, uint64_t* device_free, char* err,
                                       size_t err_len) {
    return guarded(err, err_len, [&] {
        device_guard on(int(device));
        check_cuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
        cudaMemPool_t pool;
        check_cuda(cudaDeviceGetDefaultMemPool(&pool, int(device)), "cudaDeviceGetDefaultMemPool");
        check_cuda(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, pool_used),
                   "cudaMemPoolGetAttribute");
        size_t free_bytes = 0, total = 0;
        check_cuda(cudaMemGetInfo(&free_bytes, &total), "cudaMemGetInfo");
        *device_free = free_bytes;
    });
}
#endif
