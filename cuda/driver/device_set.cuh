// Running one MSM over several GPUs: each device's slice runs on its own host
// thread (the first on the caller's, the others on kept workers) and
// stream, in passes that fit its memory, and the partial sums are added on
// the host.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdio>
#include <exception>
#include <memory>
#include <string>
#include <utility>
#include <vector>
#include "../curve_traits.cuh"
#include "../ec/affine_of.cuh"
#include "../msm/plan/passes.cuh"
#include "../runtime/device_buffer.cuh"
#include "../runtime/slice_workers.cuh"
#include "../runtime/stream_pool.cuh"
#include "../runtime/trace.cuh"
#include "devices.cuh"

namespace gpukit {

// Lets the device's stream-ordered memory pool keep up to half the card
// between calls instead of returning it to the driver at every
// synchronisation: a 2^24-point MSM allocates gigabytes of pair and bucket
// buffers, and re-mapping them on every call cost more than the sort.
// Set once per device and process (bit d of `done`), not on every call.
inline void keep_pool_memory(int device) {
    static std::atomic<uint64_t> done{0};
    const uint64_t bit = device < 64 ? uint64_t(1) << device : 0;
    if (done.load() & bit) return;
    cudaMemPool_t pool;
    GPUKIT_CUDA(cudaDeviceGetDefaultMemPool(&pool, device));
    size_t free_bytes = 0, total = 0;
    GPUKIT_CUDA(cudaMemGetInfo(&free_bytes, &total));
    uint64_t keep = total / 2;
    GPUKIT_CUDA(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep));
    done.fetch_or(bit);
}

// Runs body(i, stream) for every slice i, each on its device, concurrently
// when there are several, and returns the results in slice order. Where
// slices fail, one error is rethrown after every slice has ended: the
// least by rank(status), then by the input it names (gpukit_error::index),
// then by slice order, so that a call spread over devices reports the
// fault one device would have (the one-shot call's ranks: one_shot.cuh
// one_shot_fault_rank).
template <class Body, class Rank>
auto run_per_slice(const std::vector<device_slice>& slices, Body body, Rank rank)
    -> std::vector<decltype(body(size_t(0), cudaStream_t{}))> {
    using R = decltype(body(size_t(0), cudaStream_t{}));
    using clock = std::chrono::steady_clock;
    const clock::time_point dispatched = trace_enabled() ? clock::now() : clock::time_point{};
    std::vector<R> results(slices.size());
    std::vector<gpukit_error> errors(slices.size(), gpukit_error{STATUS_OK, {}});
    auto run_one = [&](size_t i) {
        trace_call_start() = dispatched;
        try {
            device_guard guard(slices[i].device);
            keep_pool_memory(slices[i].device);
            pooled_stream stream;
            results[i] = body(i, stream.get());
        } catch (const gpukit_error& e) {
            errors[i] = e;
        } catch (const std::bad_alloc&) {
            errors[i] = {STATUS_OUT_OF_MEMORY, "host memory exhausted"};
        } catch (const std::exception& e) {
            errors[i] = {STATUS_INTERNAL, std::string("internal error: ") + e.what()};
        }
        trace_call_start() = clock::time_point{};
    };
    // Slice 0 runs on the caller's thread, the others on kept workers
    // (runtime/slice_workers.cuh). Where a worker cannot be had, the caller
    // runs that slice and the ones after it in turn: slower, not a failure.
    std::vector<std::unique_ptr<pooled_slice_worker>> workers;
    size_t started = 1;
    for (; started < slices.size(); started++) {
        try {
            auto worker = std::make_unique<pooled_slice_worker>();
            (*worker)->start([&run_one, started] { run_one(started); });
            workers.push_back(std::move(worker));
        } catch (const std::exception&) {  // std::system_error, or std::bad_alloc
            break;
        }
    }
    run_one(0);
    for (size_t i = started; i < slices.size(); i++) run_one(i);
    for (auto& w : workers) (*w)->finish();
    if (trace_enabled() && slices.size() > 1)
        std::fprintf(stderr, "gpukit trace: %zu slices: joined +%.3f ms after the call's dispatch\n", slices.size(),
                     std::chrono::duration<double, std::milli>(clock::now() - dispatched).count());
    const auto key = [&](const gpukit_error& e) { return std::make_pair(rank(e.status), e.index); };
    const gpukit_error* reported = nullptr;
    for (const auto& e : errors)
        if (e.status != STATUS_OK && (!reported || key(e) < key(*reported))) reported = &e;
    if (reported) throw *reported;
    return results;
}

// run_per_slice with every status of one rank: the lowest faulty input,
// then the first slice.
template <class Body>
auto run_per_slice(const std::vector<device_slice>& slices, Body body) {
    return run_per_slice(slices, body, [](int) { return 0; });
}

// The devices' per-vector sums added: sums[v] over every slice's
// per_slice[d][v] (run_per_slice's results, one vector of sums a slice).
template <class B>
std::vector<B> add_slices(std::vector<std::vector<B>> per_slice) {
    std::vector<B> sums = std::move(per_slice[0]);
    for (size_t d = 1; d < per_slice.size(); d++)
        for (size_t v = 0; v < sums.size(); v++) sums[v] = sums[v].add(per_slice[d][v]);
    return sums;
}

// Device bytes free for work on the current device, keeping a tenth back for
// the allocator's pools and other users of the card.
inline size_t work_budget() {
    size_t free_bytes = 0, total = 0;
    GPUKIT_CUDA(cudaMemGetInfo(&free_bytes, &total));
    return free_bytes / 10 * 9;
}

// How many of `n` points one pass can take when each point also needs
// `per_point` bytes of input storage on the device and has `copies`
// precomputed copies (a pair each).
template <class C>
uint32_t points_per_pass(uint32_t n, uint32_t c, uint32_t copies, size_t per_point, size_t budget) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    uint32_t chunk = n;
    while (chunk > 1 && size_t(chunk) * per_point + group_bytes(size_t(chunk) * copies, c, 1, sizeof(bucket_t)) > budget)
        chunk /= 2;
    return chunk;
}

// Adds the partial sums and writes the canonical affine result.
template <class C>
void encode_sum(const std::vector<typename curve_traits<C>::bucket_t>& sums, uint8_t* out) {
    using T = curve_traits<C>;
    using affine_t = typename T::affine_t;
    typename T::bucket_t total = T::bucket_t::identity();
    for (const auto& s : sums) total = total.add(s);
    const affine_t a = affine_of(total);
    constexpr uint32_t W = T::field_t::WORDS;
    uint32_t words[2 * W];
    a.x.to_canonical(words);
    a.y.to_canonical(words + W);
    static_assert(sizeof words == T::POINT_BYTES, "result must fill the wire point");
    memcpy(out, words, sizeof words);
}

}  // namespace gpukit
