// Streams kept from one call to the next. Every call runs on a stream of its
// own, and a stream made for the call cost more than its creation: on an
// H200 a small call's steps on a fresh stream (allocations, the report's
// memset, two pageable copies, launches, frees) took ~100 µs of host time
// against ~47 on a stream that had run them before (probe
// .carry-base/call_steps.cu, bench/NOTES.md v38a). Each device keeps the
// non-blocking streams its calls gave back; a call takes one, or makes one
// where none is free, and gives it back once everything it enqueued has
// finished. Calls on several threads each hold their own stream, as before.
#pragma once
#include <cuda_runtime.h>
#include <mutex>
#include <vector>
#include "status.cuh"

namespace gpukit {

namespace detail {
// Streams kept a device at most: more than any caller runs calls at once.
constexpr size_t KEPT_STREAMS = 64;

struct kept_streams {
    std::mutex lock;
    std::vector<std::vector<cudaStream_t>> free;  // by device
};

// Never destroyed: the driver frees the streams at exit, and a destructor
// run after it unloads would call into it.
inline kept_streams& streams_kept() {
    static kept_streams* kept = new kept_streams;
    return *kept;
}
}  // namespace detail

// A non-blocking stream on the current device, from the device's kept
// streams, given back with its owner once idle. A stream that cannot be
// synchronised (a faulted device) is destroyed instead of kept.
class pooled_stream {
  public:
    pooled_stream() {
        GPUKIT_CUDA(cudaGetDevice(&device_));
        detail::kept_streams& kept = detail::streams_kept();
        {
            const std::lock_guard<std::mutex> hold(kept.lock);
            if (size_t(device_) < kept.free.size() && !kept.free[device_].empty()) {
                s_ = kept.free[device_].back();
                kept.free[device_].pop_back();
                return;
            }
        }
        GPUKIT_CUDA(cudaStreamCreateWithFlags(&s_, cudaStreamNonBlocking));
    }
    pooled_stream(const pooled_stream&) = delete;
    pooled_stream& operator=(const pooled_stream&) = delete;
    ~pooled_stream() {
        if (!s_) return;
        if (cudaStreamSynchronize(s_) == cudaSuccess) {
            detail::kept_streams& kept = detail::streams_kept();
            const std::lock_guard<std::mutex> hold(kept.lock);
            if (kept.free.size() <= size_t(device_)) kept.free.resize(size_t(device_) + 1);
            if (kept.free[device_].size() < detail::KEPT_STREAMS) {
                kept.free[device_].push_back(s_);
                return;
            }
        }
        cudaStreamDestroy(s_);
    }
    cudaStream_t get() const { return s_; }

  private:
    int device_ = 0;
    cudaStream_t s_ = nullptr;
};

}  // namespace gpukit
