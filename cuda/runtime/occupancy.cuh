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

// Threads a block of a kernel of one thread an item over n items: 256, or
// 64 where n is below 256 an SM. Blocks of 256 would then sit on a few SMs
// with two warps a sub-partition, whose products take turns; blocks of 64
// give each warp a sub-partition of its own, on four times the SMs (the
// points' decode of a 2^10-point call: 4 blocks of 256, 16 of 64).
inline uint32_t item_block(size_t n) { return n < size_t(256) * multiprocessors() ? 64 : 256; }

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
