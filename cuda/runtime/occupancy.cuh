// How many threads the current device runs at once: the planners size their
// launches to it (a launch of a wave and a bit takes two waves' time when
// each thread's chain of additions is its latency).
#pragma once
#include <cuda_runtime.h>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include "status.cuh"

namespace gpukit {

// The current device's streaming multiprocessors (at least one).
inline uint32_t multiprocessors() {
    int device = 0, sms = 0;
    GPUKIT_CUDA(cudaGetDevice(&device));
    GPUKIT_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    return uint32_t(std::max(sms, 1));
}

// Blocks of `block` threads of `kernel` one SM holds at once (at least one).
template <class Kernel>
uint32_t blocks_per_multiprocessor(Kernel kernel, uint32_t block) {
    int blocks = 0;
    GPUKIT_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, int(block), 0));
    return uint32_t(std::max(blocks, 1));
}

// Threads of `kernel` in blocks of `block` that the whole device holds at once.
template <class Kernel>
size_t resident_threads(Kernel kernel, uint32_t block) {
    return size_t(multiprocessors()) * blocks_per_multiprocessor(kernel, block) * block;
}

}  // namespace gpukit
