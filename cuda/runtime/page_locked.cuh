// Host ranges the caller page-locked through gpukit_host_register, and the
// test that a copy's source lies inside one. An upload from such a range
// goes to the device by DMA instead of through the pool's gather into the
// staging buffers: the gather reads the caller's memory, writes the pinned
// buffer and the copy engine reads it again, three passes over host memory
// where the DMA makes one. A resident 2^24 BN254 call took 1.3 ms less on
// one H200 and 1.8 ms less on two, a one-shot BLS12-381 G1 call 4 ms less
// on two (bench/NOTES.md v47).
//
// The driver locks whole pages, and refuses a second registration of a page
// it already holds: two buffers that share a page (the heap's neighbours)
// could not both be locked. So each range locks only the pages wholly
// inside it, and a copy sends its bytes on the shared pages at either end
// (less than a page each) from pageable memory. The ranges are kept here,
// not asked of the driver, which says whether an address is page-locked
// but not where its registration ends.
#pragma once
#include <cuda_runtime.h>
#include <unistd.h>
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include "status.cuh"

namespace gpukit {

// The part of a registered range that is page-locked: [begin, end), empty
// where the range covers no whole page.
struct locked_span {
    uintptr_t begin, end;
};

class page_locked_ranges {
  public:
    static page_locked_ranges& instance() {
        static page_locked_ranges ranges;
        return ranges;
    }

    // Registers [ptr, ptr + bytes) and page-locks its whole pages for every
    // device (portable: one registration serves the slices of a call on all
    // of them). A range that overlaps one already registered is the
    // caller's mistake.
    void add(const void* ptr, size_t bytes) {
        const uintptr_t start = reinterpret_cast<uintptr_t>(ptr);
        if (bytes > UINTPTR_MAX - start) fail(STATUS_SIZE_MISMATCH, "the host range runs past the address space");
        std::lock_guard<std::mutex> lock(mutex_);
        if (const auto other = overlapping(start, bytes); other != ranges_.end())
            fail(STATUS_HOST_REGISTRATION, "the host range overlaps one already registered");
        const locked_span span = whole_pages(start, bytes);
        if (span.end > span.begin) {
            const cudaError_t err =
                cudaHostRegister(reinterpret_cast<void*>(span.begin), span.end - span.begin, cudaHostRegisterPortable);
            if (err == cudaErrorHostMemoryAlreadyRegistered) {
                cudaGetLastError();
                fail(STATUS_HOST_REGISTRATION, "the host range is already page-locked outside gpukit");
            }
            check_cuda(err, "cudaHostRegister");
        }
        ranges_.emplace(start, range{bytes, span});
        count_.store(ranges_.size(), std::memory_order_release);
    }

    // Unlocks the range that add() registered at `ptr`.
    void remove(const void* ptr) {
        std::lock_guard<std::mutex> lock(mutex_);
        const auto found = ranges_.find(reinterpret_cast<uintptr_t>(ptr));
        if (found == ranges_.end())
            fail(STATUS_HOST_REGISTRATION, "no host range registered by gpukit_host_register starts at this pointer");
        const locked_span span = found->second.locked;
        if (span.end > span.begin)
            check_cuda(cudaHostUnregister(reinterpret_cast<void*>(span.begin)), "cudaHostUnregister");
        ranges_.erase(found);
        count_.store(ranges_.size(), std::memory_order_release);
    }

    // Whether any range is registered: the check every upload makes, which
    // takes no lock.
    bool any() const { return count_.load(std::memory_order_acquire) != 0; }

    // The locked pages of the registered range that holds all of
    // [ptr, ptr + bytes), if one does. The caller keeps the range
    // registered while its calls read it.
    bool find(const void* ptr, size_t bytes, locked_span& span) const {
        const uintptr_t start = reinterpret_cast<uintptr_t>(ptr);
        std::lock_guard<std::mutex> lock(mutex_);
        const auto after = ranges_.upper_bound(start);
        if (after == ranges_.begin()) return false;
        const auto r = std::prev(after);
        const uintptr_t into = start - r->first;
        if (into >= r->second.bytes || bytes > r->second.bytes - into) return false;
        span = r->second.locked;
        return true;
    }

  private:
    struct range {
        size_t bytes;
        locked_span locked;
    };

    static locked_span whole_pages(uintptr_t start, size_t bytes) {
        static const uintptr_t page = uintptr_t(sysconf(_SC_PAGESIZE));
        const uintptr_t begin = (start + page - 1) / page * page, end = (start + bytes) / page * page;
        return begin < end ? locked_span{begin, end} : locked_span{begin, begin};
    }

    // The registered range that shares a byte with [start, start + bytes),
    // or end().
    std::map<uintptr_t, range>::const_iterator overlapping(uintptr_t start, size_t bytes) const {
        const auto after = ranges_.lower_bound(start);
        if (after != ranges_.end() && after->first - start < bytes) return after;
        if (after != ranges_.begin()) {
            const auto before = std::prev(after);
            if (start - before->first < before->second.bytes) return before;
        }
        return ranges_.end();
    }

    mutable std::mutex mutex_;
    std::map<uintptr_t, range> ranges_;  // start → its bytes and locked pages
    std::atomic<size_t> count_{0};  // ranges_.size(), read by any() without the lock
};

}  // namespace gpukit
