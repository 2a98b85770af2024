// Test-only fault injection (built with -DGPUKIT_FAULT_INJECTION, the cargo
// feature `fault-injection`; release builds have none of it): the n-th
// device allocation, copy, launch or synchronisation after arming fails as
// if the CUDA runtime had failed it, so that tests can walk every failure
// point of a call and check that it returns its status, frees what it took
// and leaves the next call working. status.cuh routes GPUKIT_CUDA and
// GPUKIT_LAUNCHED through here. A failing allocation, copy or
// synchronisation is never issued; a failing launch has run (its error is
// what the check reports), which is what a real launch failure looks like.
#pragma once
#include <cuda_runtime.h>
#include <atomic>
#include <cstring>

namespace gpukit {
namespace fault {

// Values of gpukit_cuda_fault_arm's `kind` (src/gpu.rs mirrors them).
enum kind : int { ALLOCATION = 0, COPY = 1, LAUNCH = 2, SYNCHRONISATION = 3, KINDS = 4, NONE = -1 };

struct state {
    // Operations of each kind still to pass before one fails; negative =
    // disarmed.
    std::atomic<long long> countdown[KINDS] = {-1, -1, -1, -1};
    // Operations of each kind checked since the last arm_fault: a test
    // first counts a call's operations, then fails each in turn.
    std::atomic<long long> seen[KINDS] = {0, 0, 0, 0};
};

inline state& faults() {
    static state s;
    return s;
}

// The kind of a checked call, from its source text (`#call` of GPUKIT_CUDA).
inline kind classify(const char* call) {
    auto starts = [call](const char* prefix) { return std::strncmp(call, prefix, std::strlen(prefix)) == 0; };
    if (starts("cudaMalloc")) return ALLOCATION;
    if (starts("cudaMemcpy") || starts("cudaMemset")) return COPY;
    // cub's sorts launch kernels (their temporary storage is ours).
    if (starts("cub::")) return LAUNCH;
    if (starts("cudaStreamSynchronize") || starts("cudaEventSynchronize") || starts("cudaStreamWaitEvent"))
        return SYNCHRONISATION;
    return NONE;
}

// Counts an operation of kind `k` and says whether it is the one to fail.
inline bool due(kind k) {
    if (k == NONE) return false;
    state& s = faults();
    s.seen[k].fetch_add(1);
    long long left = s.countdown[k].load();
    while (left >= 0 && !s.countdown[k].compare_exchange_weak(left, left - 1)) {
    }
    return left == 0;
}

// The error a failed operation of kind `k` reports: allocations run out of
// memory; the others fail the way a faulting device makes them fail.
inline cudaError_t error_of(kind k) {
    return k == ALLOCATION ? cudaErrorMemoryAllocation : cudaErrorLaunchFailure;
}

inline void arm(int k, long long after) {
    state& s = faults();
    for (int i = 0; i < KINDS; i++) {
        s.countdown[i].store(i == k ? after : -1);
        s.seen[i].store(0);
    }
}

}  // namespace fault
}  // namespace gpukit

#define GPUKIT_CUDA(call)                                                                                  \
    ::gpukit::check_cuda(::gpukit::fault::due(::gpukit::fault::classify(#call))                            \
                             ? ::gpukit::fault::error_of(::gpukit::fault::classify(#call))                 \
                             : (call),                                                                     \
                         #call)
#define GPUKIT_LAUNCHED(what)                                                                              \
    ::gpukit::check_cuda(::gpukit::fault::due(::gpukit::fault::LAUNCH) ? cudaErrorLaunchFailure             \
                                                                        : cudaGetLastError(),              \
                         what)
