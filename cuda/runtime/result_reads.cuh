// A call's small device-to-host reads (its decode reports, its unit or
// vector sums) gathered into one pinned block and one wait.
//
// Why: each read into pageable memory is a synchronisation of its own (the
// driver returns from a pageable device-to-host copy only once it is done),
// and a small one-shot call read its reports and then its unit sums: two
// round trips of ~0.01–0.02 ms in a 0.28 ms call (bench/NOTES.md v35, v36b).
// Copies into pinned memory are queued behind each other on the stream and
// waited for once.
//
// The blocks come from a process-wide pool (pinning costs far more than a
// small call) and each call takes its own, so concurrent calls never share
// one. What does not fit a block, or everything where pinned memory is
// refused, is read into pageable memory: correct, one wait more.
#pragma once
#include <cuda_runtime.h>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>
#include "kept.cuh"
#include "status.cuh"

namespace gpukit {

class result_block_pool {
  public:
    // 64 KiB: a one-shot call's reports and unit sums take a few KiB (BLS12-381
    // G2, 34 windows of 384-byte XYZZ sums: 13 KiB); batches' vector sums
    // past it go to pageable memory.
    static constexpr size_t BYTES = size_t(64) << 10;

    // A pinned block, or nullptr where pinned memory is refused.
    static uint8_t* take() {
        if (const std::optional<uint8_t*> kept_block = instance().free_.take()) return *kept_block;
        uint8_t* b = nullptr;
        if (cudaHostAlloc(reinterpret_cast<void**>(&b), BYTES, cudaHostAllocPortable) != cudaSuccess) {
            cudaGetLastError();
            return nullptr;
        }
        return b;
    }
    static void give_back(uint8_t* b) { instance().free_.give_back(b); }

  private:
    static result_block_pool& instance() {
        // Never destroyed (nor its blocks freed): a call may still run in
        // another static destructor at exit.
        static result_block_pool* pool = new result_block_pool;
        return *pool;
    }
    kept<uint8_t*> free_;
};

class result_reads {
  public:
    explicit result_reads(cudaStream_t stream) : stream_(stream) {}
    result_reads(const result_reads&) = delete;
    result_reads& operator=(const result_reads&) = delete;
    // Where an error left copies queued, they finish before the block can
    // serve another call.
    ~result_reads() {
        if (!block_) return;
        if (pending_) {
            cudaStreamSynchronize(stream_);
            cudaGetLastError();
        }
        result_block_pool::give_back(block_);
    }

    // Queues the copy of `count` values at `device` on the stream; the host
    // copy they land in is valid after wait().
    template <class T>
    const T* read(const T* device, size_t count) {
        const size_t bytes = count * sizeof(T);
        if (bytes == 0) return nullptr;
        // Every region starts on 16 bytes, enough for any value read here.
        const size_t at = (used_ + 15) & ~size_t(15);
        if (!block_ && !refused_) {
            block_ = result_block_pool::take();
            refused_ = block_ == nullptr;
        }
        uint8_t* host;
        if (block_ && at + bytes <= result_block_pool::BYTES) {
            host = block_ + at;
            used_ = at + bytes;
        } else {
            overflow_.emplace_back(new uint8_t[bytes]);
            host = overflow_.back().get();
        }
        GPUKIT_CUDA(cudaMemcpyAsync(host, device, bytes, cudaMemcpyDeviceToHost, stream_));
        pending_ = true;
        return reinterpret_cast<const T*>(host);
    }

    // Waits for every read queued so far.
    void wait() {
        GPUKIT_CUDA(cudaStreamSynchronize(stream_));
        pending_ = false;
    }

  private:
    cudaStream_t stream_;
    uint8_t* block_ = nullptr;
    bool refused_ = false, pending_ = false;
    size_t used_ = 0;
    std::vector<std::unique_ptr<uint8_t[]>> overflow_;
};

}  // namespace gpukit
