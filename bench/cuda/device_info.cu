// The CUDA device, driver and runtime the bench ran on, for its CSV/JSON rows.
// Built with the sppark peer (the only part of the bench compiled by nvcc).

#include <cstddef>
#include <cstring>
#include <cuda_runtime.h>

// Writes device `device`'s name, the driver's CUDA version and this binary's
// runtime version (both as 1000·major + 10·minor). Returns a cudaError_t code.
extern "C" int bench_cuda_device_info(int device, char* name, size_t name_len, int* driver,
                                      int* runtime)
{
    cudaError_t e = cudaDriverGetVersion(driver);
    if (e != cudaSuccess)
        return e;
    e = cudaRuntimeGetVersion(runtime);
    if (e != cudaSuccess)
        return e;
    cudaDeviceProp prop;
    e = cudaGetDeviceProperties(&prop, device);
    if (e != cudaSuccess)
        return e;
    if (name_len > 0) {
        std::strncpy(name, prop.name, name_len - 1);
        name[name_len - 1] = '\0';
    }
    return cudaSuccess;
}

// Number of CUDA devices the bench's own runtime sees (sppark's view; gpukit
// counts its own). 0 without a driver.
extern "C" int bench_cuda_device_count(void)
{
    int n = 0;
    return cudaGetDeviceCount(&n) == cudaSuccess ? n : 0;
}
