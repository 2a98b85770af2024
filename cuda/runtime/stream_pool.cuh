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
#include <array>
#include <optional>
#include "kept.cuh"
#include "status.cuh"

namespace gpukit {

namespace detail {
// Streams kept a device at most: more than any caller runs calls at once.
constexpr size_t KEPT_STREAMS = 64;
// Devices whose streams are kept: the devices a call selects are among the
// first 32 (devices.cuh select_devices).
constexpr int STREAM_DEVICES = 32;

// Never destroyed: the driver frees the streams at exit, and a destructor
// run after it unloads would call into it.
inline kept<cudaStream_t>& streams_kept(int device) {
    static auto* kept_streams = new std::array<kept<cudaStream_t>, STREAM_DEVICES>;
    return (*kept_streams)[device];
}
}  // namespace detail

// A non-blocking stream on the current device, from the device's kept
// streams, given back with its owner once idle. A stream that cannot be
// synchronised (a faulted device) is destroyed instead of kept.
class pooled_stream {
  public:
    pooled_stream() {
        GPUKIT_CUDA(cudaGetDevice(&device_));
        if (device_ < detail::STREAM_DEVICES) {
            if (const std::optional<cudaStream_t> s = detail::streams_kept(device_).take()) {
                s_ = *s;
                return;
            }
        }
        GPUKIT_CUDA(cudaStreamCreateWithFlags(&s_, cudaStreamNonBlocking));
    }
    pooled_stream(const pooled_stream&) = delete;
    pooled_stream& operator=(const pooled_stream&) = delete;
    ~pooled_stream() {
        if (!s_) return;
        if (cudaStreamSynchronize(s_) == cudaSuccess && device_ < detail::STREAM_DEVICES &&
            detail::streams_kept(device_).give_back(s_, detail::KEPT_STREAMS))
            return;
        cudaStreamDestroy(s_);
    }
    cudaStream_t get() const { return s_; }

  private:
    int device_ = 0;
    cudaStream_t s_ = nullptr;
};

}  // namespace gpukit
