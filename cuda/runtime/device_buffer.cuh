// Stream-ordered device allocations owned by RAII handles. Every MSM call runs
// on its own stream; cudaMallocAsync draws from the device's memory pool, so
// repeated calls reuse memory without a device-wide synchronisation.
#pragma once
#include "status.cuh"
#include <cstddef>
#include <utility>

namespace gpukit {

template <class T>
class device_buffer {
  public:
    device_buffer() = default;
    device_buffer(size_t count, cudaStream_t stream) : count_(count), stream_(stream) {
        if (count == 0) return;
        GPUKIT_CUDA(cudaMallocAsync(reinterpret_cast<void**>(&ptr_), count * sizeof(T), stream));
    }
    device_buffer(const device_buffer&) = delete;
    device_buffer& operator=(const device_buffer&) = delete;
    device_buffer(device_buffer&& o) noexcept { swap(o); }
    device_buffer& operator=(device_buffer&& o) noexcept {
        device_buffer tmp(std::move(o));
        swap(tmp);
        return *this;
    }
    ~device_buffer() {
        if (ptr_) cudaFreeAsync(ptr_, stream_);
    }

    T* get() const { return ptr_; }
    size_t size() const { return count_; }
    size_t bytes() const { return count_ * sizeof(T); }

  private:
    void swap(device_buffer& o) noexcept {
        std::swap(ptr_, o.ptr_);
        std::swap(count_, o.count_);
        std::swap(stream_, o.stream_);
    }
    T* ptr_ = nullptr;
    size_t count_ = 0;
    cudaStream_t stream_ = nullptr;
};

// A non-blocking stream on the current device, destroyed with its owner.
class stream_handle {
  public:
    stream_handle() { GPUKIT_CUDA(cudaStreamCreateWithFlags(&s_, cudaStreamNonBlocking)); }
    // A stream whose blocks the device schedules before those of streams
    // of lower priority (numerically greater; 0 is the default's).
    explicit stream_handle(int priority) {
        GPUKIT_CUDA(cudaStreamCreateWithPriority(&s_, cudaStreamNonBlocking, priority));
    }
    stream_handle(const stream_handle&) = delete;
    stream_handle& operator=(const stream_handle&) = delete;
    ~stream_handle() {
        if (s_) {
            cudaStreamSynchronize(s_);
            cudaStreamDestroy(s_);
        }
    }
    cudaStream_t get() const { return s_; }
    void sync() const { GPUKIT_CUDA(cudaStreamSynchronize(s_)); }

  private:
    cudaStream_t s_ = nullptr;
};

// The current device's highest stream priority.
inline int highest_stream_priority() {
    int least = 0, greatest = 0;
    GPUKIT_CUDA(cudaDeviceGetStreamPriorityRange(&least, &greatest));
    return greatest;
}

// An event that orders work between two streams (no timing), destroyed with
// its owner: record() on one stream, then wait_in() another, whose later work
// waits for what the first had enqueued before the record.
class event_handle {
  public:
    event_handle() { GPUKIT_CUDA(cudaEventCreateWithFlags(&e_, cudaEventDisableTiming)); }
    event_handle(const event_handle&) = delete;
    event_handle& operator=(const event_handle&) = delete;
    ~event_handle() {
        if (e_) cudaEventDestroy(e_);
    }
    void record(cudaStream_t s) { GPUKIT_CUDA(cudaEventRecord(e_, s)); }
    void wait_in(cudaStream_t s) const { GPUKIT_CUDA(cudaStreamWaitEvent(s, e_, 0)); }
    cudaEvent_t get() const { return e_; }

  private:
    cudaEvent_t e_ = nullptr;
};

// Makes `device` current on this host thread for the owner's lifetime.
class device_guard {
  public:
    explicit device_guard(int device) {
        GPUKIT_CUDA(cudaGetDevice(&previous_));
        GPUKIT_CUDA(cudaSetDevice(device));
    }
    device_guard(const device_guard&) = delete;
    device_guard& operator=(const device_guard&) = delete;
    ~device_guard() { cudaSetDevice(previous_); }

  private:
    int previous_ = 0;
};

}  // namespace gpukit
