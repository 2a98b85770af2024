// GPUKIT_TRACE=1: where one MSM call's time goes, printed to stderr.
//
// A trace_scope opened by an entry point becomes its host thread's current
// trace; trace_mark(name) anywhere below records a CUDA event on the call's
// stream and the host's clock. At the end each phase's device time (from the
// previous mark to its own, summed over repeats such as passes and
// accumulation levels) is printed with the call's host wall time, so that
// time outside the kernels (host work, pageable copies, synchronisations)
// shows as the difference; a second line gives each phase's host time (the
// host's clock from the previous mark to its own: enqueueing, or waiting
// where the phase synchronises) and the host tail after the last mark (the
// windows combined on the host, the result read back). Off, a mark costs one
// branch.
#pragma once
#include <cuda_runtime.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace gpukit {

inline bool trace_enabled() {
    static const bool on = [] {
        const char* v = std::getenv("GPUKIT_TRACE");
        return v && *v && std::strcmp(v, "0") != 0;
    }();
    return on;
}

// When the call whose slice runs on this thread dispatched its slices
// (driver/device_set.cuh run_per_slice sets it on each slice's thread for
// the slice's run, and clears it after): a trace then also says when its
// slice began and ended within the call. Unset (the epoch) elsewhere.
inline std::chrono::steady_clock::time_point& trace_call_start() {
    static thread_local std::chrono::steady_clock::time_point start{};
    return start;
}

class trace_scope {
  public:
    trace_scope(const char* what, cudaStream_t stream) : what_(what), stream_(stream) {
        if (!trace_enabled()) return;
        outer_ = current();
        current() = this;
        start_ = clock::now();
        mark("start");
    }
    trace_scope(const trace_scope&) = delete;
    trace_scope& operator=(const trace_scope&) = delete;
    // Tracing must never turn a result into an error: CUDA failures here
    // only shorten the report.
    ~trace_scope() {
        if (!trace_enabled()) return;
        current() = outer_;
        const auto end = clock::now();
        if (marks_.empty() || cudaEventSynchronize(marks_.back().event) != cudaSuccess) return;
        const double wall = milliseconds(start_, end);
        struct phase {
            const char* name;
            double device, host;
        };
        std::vector<phase> phases;
        for (size_t i = 1; i < marks_.size(); i++) {
            float ms = 0;
            if (cudaEventElapsedTime(&ms, marks_[i - 1].event, marks_[i].event) != cudaSuccess) break;
            const double host = milliseconds(marks_[i - 1].host, marks_[i].host);
            auto it = phases.begin();
            while (it != phases.end() && std::strcmp(it->name, marks_[i].name) != 0) ++it;
            if (it == phases.end()) {
                phases.push_back({marks_[i].name, ms, host});
            } else {
                it->device += ms;
                it->host += host;
            }
        }
        const std::string head = std::string("gpukit trace: ") + what_ + ": ";
        std::string line = head + "wall " + fmt(wall) + " ms;", host_line = head + "host ms;";
        for (const auto& p : phases) {
            line += std::string(" ") + p.name + " " + fmt(p.device);
            host_line += std::string(" ") + p.name + " " + fmt(p.host);
        }
        host_line += " host tail " + fmt(milliseconds(marks_.back().host, end));
        const clock::time_point dispatched = trace_call_start();
        if (dispatched != clock::time_point{})
            host_line += "; began +" + fmt(milliseconds(dispatched, start_)) + " ended +" +
                         fmt(milliseconds(dispatched, end)) + " after the call's dispatch";
        std::fprintf(stderr, "%s\n%s\n", line.c_str(), host_line.c_str());
        for (const auto& m : marks_) cudaEventDestroy(m.event);
    }

    // Records the end of phase `name` (a string literal) on the current trace.
    static void mark_current(const char* name) {
        if (trace_enabled() && current()) current()->mark(name);
    }

  private:
    using clock = std::chrono::steady_clock;
    struct mark_t {
        const char* name;
        cudaEvent_t event;
        clock::time_point host;
    };
    static double milliseconds(clock::time_point from, clock::time_point to) {
        return std::chrono::duration<double, std::milli>(to - from).count();
    }
    static trace_scope*& current() {
        static thread_local trace_scope* scope = nullptr;
        return scope;
    }
    void mark(const char* name) {
        cudaEvent_t e;
        if (cudaEventCreate(&e) != cudaSuccess) return;
        cudaEventRecord(e, stream_);
        marks_.push_back({name, e, clock::now()});
    }
    static std::string fmt(double ms) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3f", ms);
        return buf;
    }

    const char* what_;
    cudaStream_t stream_;
    trace_scope* outer_ = nullptr;
    clock::time_point start_;
    std::vector<mark_t> marks_;
};

inline void trace_mark(const char* name) { trace_scope::mark_current(name); }

}  // namespace gpukit
