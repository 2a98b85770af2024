// extern "C" entry points of the device check shim: the same signatures as
// host_shim.cpp with the prefix gpukit_check_dev_, dispatched by curve id to
// the per-curve runners.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "by_curve.cuh"
#include "device_ops.cuh"

using namespace gpukit;
using namespace gpukit::check;

extern "C" uint32_t gpukit_check_dev_device_count() {
    int n = 0;
    // No driver, an old driver or no device all read as zero devices.
    if (cudaGetDeviceCount(&n) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    return n < 0 ? 0u : uint32_t(n);
}

extern "C" int gpukit_check_dev_fp_op(uint8_t curve_id, uint32_t op, const uint32_t* a, const uint32_t* b,
                                      uint32_t* out, size_t count) {
    return by_curve(curve_id, -1, [&](auto c) { return dev_field_ops<decltype(c)>(op, a, b, out, count); });
}

extern "C" int gpukit_check_dev_point_op(uint8_t curve_id, uint32_t op, const uint32_t* a, const uint32_t* b,
                                         uint32_t* out, size_t count) {
    return by_curve(curve_id, -1, [&](auto c) { return dev_point_ops<decltype(c)>(op, a, b, out, count); });
}

extern "C" int gpukit_check_dev_decompress(uint8_t curve_id, uint32_t format, uint32_t check,
                                           const uint8_t* records, uint32_t* out, uint32_t* status, size_t count) {
    return by_curve(curve_id, -1, [&](auto c) {
        return dev_decompress<decltype(c)>(format, records, check != 0, out, status, count);
    });
}
