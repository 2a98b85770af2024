// Host threads kept for the slices of calls spread over several GPUs
// (driver/device_set.cuh run_per_slice runs slice 0 on the caller's thread
// and each other slice on one of these). On the two-H200 host a thread
// started for a 25 ms slice and joined after it cost ~0.19 ms of the call
// (a thread's start, the wake-up of a halted core, the join), a kept thread
// woken by a condition variable ~0.03 (probe .carry-base/handoff_probe,
// bench/NOTES.md v55a). A worker spins a while after its job, as the gather
// pool's helpers do (host_gather.cuh), so that back-to-back calls find it
// awake, and the caller spins a while for the worker's end before it
// sleeps: the slices of one call end within a fraction of a millisecond of
// each other.
#pragma once
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <unistd.h>
#include "kept.cuh"
#include "spin_wait.cuh"

namespace gpukit {

class slice_worker {
  public:
    using clock = std::chrono::steady_clock;
    // How long a worker spins for its next job after one, and a caller for
    // the worker's end, before either sleeps.
    static constexpr clock::duration SPIN = std::chrono::microseconds(300);

    // Throws std::system_error where the thread cannot start. A worker is
    // never destroyed (kept_slice_workers): its thread waits for jobs until
    // the process exits.
    slice_worker() : thread_([this] { serve(); }) { thread_.detach(); }
    slice_worker(const slice_worker&) = delete;
    slice_worker& operator=(const slice_worker&) = delete;

    // Runs `job` (which must not throw) on the worker's thread; finish()
    // returns once it has run. One job at a time.
    void start(std::function<void()> job) {
        {
            std::lock_guard<std::mutex> hold(lock_);
            job_ = std::move(job);
            done_.store(false, std::memory_order_relaxed);
            posted_flag_.store(true, std::memory_order_release);
        }
        posted_.notify_one();
    }
    void finish() {
        const clock::time_point until = clock::now() + SPIN;
        while (!done_.load(std::memory_order_acquire) && clock::now() < until) spin_pause();
        std::unique_lock<std::mutex> hold(lock_);
        finished_.wait(hold, [&] { return done_.load(std::memory_order_relaxed); });
    }

  private:
    void serve() {
        std::unique_lock<std::mutex> hold(lock_);
        for (;;) {
            if (!job_) {
                // Spin unlocked for the next job, then sleep.
                hold.unlock();
                const clock::time_point until = clock::now() + SPIN;
                while (!posted_flag_.load(std::memory_order_acquire) && clock::now() < until) spin_pause();
                hold.lock();
                posted_.wait(hold, [&] { return bool(job_); });
            }
            std::function<void()> job = std::move(job_);
            job_ = nullptr;
            posted_flag_.store(false, std::memory_order_relaxed);
            hold.unlock();
            job();
            hold.lock();
            done_.store(true, std::memory_order_release);
            finished_.notify_one();
        }
    }

    std::mutex lock_;
    std::condition_variable posted_, finished_;
    std::function<void()> job_;
    // A job is posted (read by the spinning serve() without the lock); the
    // last job has run.
    std::atomic<bool> posted_flag_{false}, done_{true};
    // Last: it starts serve(), which reads the members above.
    std::thread thread_;
};

// Workers kept at most: more than calls run at once times their devices.
constexpr size_t KEPT_SLICE_WORKERS = 64;

// The workers kept by this process. A forked child has none of its
// parent's threads, so it keeps workers of its own; the parent's list is
// left as it is. Never destroyed, as the workers themselves.
inline kept<slice_worker*>& kept_slice_workers() {
    struct of_process {
        pid_t pid;
        kept<slice_worker*> workers;
    };
    static std::atomic<of_process*> current{nullptr};
    of_process* seen = current.load(std::memory_order_acquire);
    const pid_t pid = getpid();
    while (!seen || seen->pid != pid) {
        auto* fresh = new of_process{pid, {}};
        if (current.compare_exchange_strong(seen, fresh, std::memory_order_acq_rel)) return fresh->workers;
        delete fresh;  // another thread of this process was first: `seen` is its list now
    }
    return seen->workers;
}

// A kept worker, or a new one (which may throw std::system_error or
// std::bad_alloc); given back with its owner, once its job has finished.
class pooled_slice_worker {
  public:
    pooled_slice_worker() {
        if (const std::optional<slice_worker*> w = kept_slice_workers().take()) {
            worker_ = *w;
        } else {
            worker_ = new slice_worker;
        }
    }
    pooled_slice_worker(const pooled_slice_worker&) = delete;
    pooled_slice_worker& operator=(const pooled_slice_worker&) = delete;
    // Waits for the worker's job first: a worker given back is idle. One
    // past the bound stays idle for good: its detached thread cannot be
    // stopped, so it is not freed.
    ~pooled_slice_worker() {
        worker_->finish();
        kept_slice_workers().give_back(worker_, KEPT_SLICE_WORKERS);
    }
    slice_worker& operator*() const { return *worker_; }
    slice_worker* operator->() const { return worker_; }

  private:
    slice_worker* worker_ = nullptr;
};

}  // namespace gpukit
