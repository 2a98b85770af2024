// What calls take and give back for later calls, where making one costs
// more than a small call: pinned host blocks (pinning takes milliseconds;
// result_reads.cuh, host_staging.cuh) and streams (a fresh one slows a
// call's every step, stream_pool.cuh). One mutex-guarded free list each;
// concurrent calls never take the same one.
#pragma once
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

namespace gpukit {

template <class T>
class kept {
  public:
    // One given back earlier, or none.
    std::optional<T> take() {
        const std::lock_guard<std::mutex> hold(lock_);
        if (free_.empty()) return std::nullopt;
        std::optional<T> t(std::move(free_.back()));
        free_.pop_back();
        return t;
    }
    // Keeps t for a later take(); where `most` are kept already it keeps
    // nothing and returns false, and the caller disposes of t.
    bool give_back(T t, size_t most = SIZE_MAX) {
        const std::lock_guard<std::mutex> hold(lock_);
        if (free_.size() >= most) return false;
        free_.push_back(std::move(t));
        return true;
    }

  private:
    std::mutex lock_;
    std::vector<T> free_;
};

}  // namespace gpukit
