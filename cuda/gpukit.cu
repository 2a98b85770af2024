// extern "C" entry points of the CUDA backend, called by src/gpu.rs.
#include <cuda_runtime.h>
#include <cstdint>
#include <cstddef>
#include <cstdio>

extern "C" uint32_t gpukit_cuda_device_count() {
    int n = 0;
    // No driver, an old driver or no device all read as zero devices.
    if (cudaGetDeviceCount(&n) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    return n < 0 ? 0u : (uint32_t)n;
}

static int not_yet(char* err, size_t err_len) {
    snprintf(err, err_len, "the GPU MSM is not built yet");
    return 10;
}

extern "C" int gpukit_cuda_msm(uint8_t, const uint8_t*, const uint8_t*, uint32_t, uint32_t,
                               uint32_t, uint32_t, uint32_t, uint8_t*, char* err, size_t err_len) {
    return not_yet(err, err_len);
}
extern "C" int gpukit_cuda_bases_new(uint8_t, const uint8_t*, uint32_t, uint32_t, uint32_t, uint32_t,
                                     void** handle, char* err, size_t err_len) {
    *handle = nullptr;
    return not_yet(err, err_len);
}
extern "C" int gpukit_cuda_bases_msm(void*, const uint8_t*, uint32_t, uint32_t, uint32_t, uint8_t*,
                                     char* err, size_t err_len) {
    return not_yet(err, err_len);
}
extern "C" void gpukit_cuda_bases_free(void*) {}
