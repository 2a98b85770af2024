// One pause of a host thread that spins for a flag (the gather pool's
// helpers, host_gather.cuh; the slice workers and their callers,
// slice_workers.cuh): x86-64's PAUSE, which keeps a spinning core from
// flooding the memory pipeline and yields to its hyper-thread, else a yield.
#pragma once
#include <thread>
#if defined(__x86_64__)
#include <emmintrin.h>
#endif

namespace gpukit {

inline void spin_pause() {
#if defined(__x86_64__)
    _mm_pause();
#else
    std::this_thread::yield();
#endif
}

}  // namespace gpukit
