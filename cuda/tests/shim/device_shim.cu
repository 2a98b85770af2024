// extern "C" entry points of the device check shim: the same signatures as
// host_shim.cpp with the prefix gpukit_check_dev_, dispatched by curve id to
// the per-curve runners.
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

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
    switch (curve_id) {
#define X(tag, id) \
    case id: return dev_field_ops<tag>(op, a, b, out, count);
        GPUKIT_CURVES(X)
#undef X
        default: return -1;
    }
}

extern "C" int gpukit_check_dev_point_op(uint8_t curve_id, uint32_t op, const uint32_t* a, const uint32_t* b,
                                         uint32_t* out, size_t count) {
    switch (curve_id) {
#define X(tag, id) \
    case id: return dev_point_ops<tag>(op, a, b, out, count);
        GPUKIT_CURVES(X)
#undef X
        default: return -1;
    }
}

extern "C" int gpukit_check_dev_decompress(uint8_t curve_id, uint32_t format, const uint8_t* records, uint32_t* out,
                                           uint32_t* status, size_t count) {
    switch (curve_id) {
#define X(tag, id) \
    case id: return dev_decompress<tag>(format, records, out, status, count);
        GPUKIT_CURVES(X)
#undef X
        default: return -1;
    }
}
