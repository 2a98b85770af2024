// A call's small device-to-host reads (its decode reports, its unit or
// vector sums) gathered into one pinned block, one copy and one wait.
//
// Why: each read into pageable memory is a synchronisation of its own (the
// driver returns from a pageable device-to-host copy only once it is done),
// and a small one-shot call read its reports and then its unit sums: two
// round trips of ~0.01–0.02 ms in a 0.28 ms call (bench/NOTES.md v35, v36b).
// Into pinned memory they were two copies queued behind each other and one
// wait, and still 15–17 µs of the device's timeline after the last kernel
// of a BN254 2^10 call on an H200 (~7 µs a copy engine's round trip;
// v42b). Now one kernel, queued at the wait, stores every region read into
// the block: pinned host memory is addressed by the same pointer in kernels
// on every device (unified addressing, which every 64-bit process has), and
// a kernel queued behind another starts at once.
//
// The blocks come from a process-wide pool (pinning costs far more than a
// small call) and each call takes its own, so concurrent calls never share
// one. What does not fit a block, or everything where pinned memory is
// refused, is read into pageable memory: correct, one wait more.
#pragma once
#include <cuda_runtime.h>
#include <algorithm>
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

// Regions of device memory that one copy_to_host launch stores into host
// memory, in whole words; as many regions as one call reads (a one-shot
// pass reads two, a resident small batch one and one a vector).
struct host_copies {
    static constexpr uint32_t MOST = 8;
    const void* from[MOST];
    void* to[MOST];
    uint32_t words[MOST];
    uint32_t count;
};

// Every region of `copies`, in words of Word (a template, as every kernel
// in these headers, so that each compilation unit's copy is one
// definition), the grid's threads striding over each.
template <class Word>
__global__ void copy_to_host(host_copies copies) {
    const uint32_t stride = gridDim.x * blockDim.x;
    for (uint32_t r = 0; r < copies.count; r++) {
        const Word* from = static_cast<const Word*>(copies.from[r]);
        Word* to = static_cast<Word*>(copies.to[r]);
        for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < copies.words[r]; i += stride) to[i] = from[i];
    }
}

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

    // Reads `count` values at `device`, as they stand on the stream at
    // wait(), into host memory; the pointer returned is valid after wait().
    // The values must stay in place, unchanged by later work on the
    // stream, until then: the copy into the pinned block is queued by
    // wait() (a copy that does not fit it, now).
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
        const bool words = bytes % 4 == 0 && reinterpret_cast<uintptr_t>(device) % 4 == 0;
        if (block_ && at + bytes <= result_block_pool::BYTES && words && copies_.count < host_copies::MOST) {
            uint8_t* host = block_ + at;
            used_ = at + bytes;
            copies_.from[copies_.count] = device;
            copies_.to[copies_.count] = host;
            copies_.words[copies_.count] = uint32_t(bytes / 4);
            copies_.count++;
            return reinterpret_cast<const T*>(host);
        }
        overflow_.emplace_back(new uint8_t[bytes]);
        uint8_t* host = overflow_.back().get();
        GPUKIT_CUDA(cudaMemcpyAsync(host, device, bytes, cudaMemcpyDeviceToHost, stream_));
        pending_ = true;
        return reinterpret_cast<const T*>(host);
    }

    // Queues the copies into the block and waits for every read.
    void wait() {
        if (copies_.count > 0) {
            uint32_t most = 0;
            for (uint32_t r = 0; r < copies_.count; r++) most = std::max(most, copies_.words[r]);
            constexpr uint32_t BLOCK = 256;
            pending_ = true;
            copy_to_host<uint32_t><<<std::min(blocks_for(most, BLOCK), 64u), BLOCK, 0, stream_>>>(copies_);
            GPUKIT_LAUNCHED("copy_to_host");
            copies_.count = 0;
        }
        GPUKIT_CUDA(cudaStreamSynchronize(stream_));
        pending_ = false;
    }

  private:
    cudaStream_t stream_;
    uint8_t* block_ = nullptr;
    bool refused_ = false, pending_ = false;
    size_t used_ = 0;
    host_copies copies_{};
    std::vector<std::unique_ptr<uint8_t[]>> overflow_;
};

}  // namespace gpukit
