// Errors inside the CUDA backend: every failure becomes a gpukit status code
// and a message, carried by one exception type that the extern "C" entry
// points (cuda/gpukit.cu) catch. Nothing is thrown across the C boundary.
#pragma once
#include <cuda_runtime.h>
#include <cstdint>
#include <cstdio>
#include <string>
#include "status_codes.cuh"
#ifdef GPUKIT_FAULT_INJECTION
#include "fault_injection.cuh"
#endif

namespace gpukit {

struct gpukit_error {
    int status;
    std::string message;
    // The faulty input the error names (a scalar or a point, counted over
    // the whole call), where it names one: when slices of one call fail on
    // several devices, the lowest counts, as on one device
    // (driver/device_set.cuh run_per_slice).
    uint64_t index = UINT64_MAX;
};

[[noreturn]] inline void fail(int status, std::string message) {
    throw gpukit_error{status, std::move(message)};
}

// fail() for the input at `index`.
[[noreturn]] inline void fail_at(int status, uint64_t index, std::string message) {
    throw gpukit_error{status, std::move(message), index};
}

inline void check_cuda(cudaError_t err, const char* what) {
    if (err == cudaSuccess) return;
    // Clear the non-sticky error so that later calls on this thread start clean.
    cudaGetLastError();
    int status = (err == cudaErrorMemoryAllocation) ? STATUS_OUT_OF_MEMORY
               : (err == cudaErrorNoDevice || err == cudaErrorInsufficientDriver) ? STATUS_NO_DEVICE
               : STATUS_DEVICE;
    fail(status, std::string(what) + ": " + cudaGetErrorName(err) + " (" + cudaGetErrorString(err) + ")");
}

// Test builds route both through fault_injection.cuh instead.
#ifndef GPUKIT_FAULT_INJECTION
#define GPUKIT_CUDA(call) ::gpukit::check_cuda((call), #call)
#define GPUKIT_LAUNCHED(what) ::gpukit::check_cuda(cudaGetLastError(), what)
#endif

// Blocks of `block` threads that cover `threads`.
inline uint32_t blocks_for(size_t threads, uint32_t block) { return uint32_t((threads + block - 1) / block); }

}  // namespace gpukit
