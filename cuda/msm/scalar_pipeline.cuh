// MSMs over resident bases with the scalar upload overlapped with the GPU's
// work.
//
// The scalars of a 2^24-point MSM are 512 MB; their staged copy took 17–34 ms
// on the H100 host (host_staging.cuh), 15–25 % of a resident call, while the
// GPU waited. Here one device's work is cut into parts, and part k+1's
// scalars are copied and checked on a second stream while the GPU runs part
// k's MSM. Two scalar buffers alternate; a buffer is refilled only once the
// MSM that read it has finished. A call of a single pass is cut into a
// quarter and the rest: the quarter's MSM (25–45 ms at 2^24) covers the
// rest's upload, and only the quarter's upload (~6 ms) is exposed, for the
// price of one more bucket reduction. The quarter runs with a window two bits
// narrower (LEAD_WINDOW_DROP): with a quarter of the points the accumulation's
// n·windows and the reduction's 2^c·windows balance about two bits lower, and
// its reduction then costs a quarter (BLS12-381 at 2^24, c = 19: ~12 ms for
// each reduction at the full window).
#pragma once
#include <algorithm>
#include <vector>
#include "device_buffer.cuh"
#include "device_set.cuh"
#include "pippenger.cuh"

namespace gpukit {

// Below this many points the upload is a few milliseconds and a single pass
// keeps its one reduction (staged copies start at 2 × 32 MiB of scalars).
constexpr uint32_t PIPELINE_MIN_POINTS = 1u << 21;

// Bits the lead quarter's window drops below the call's (not below 1).
constexpr uint32_t LEAD_WINDOW_DROP = 2;

struct scalar_part {
    uint32_t batch, first, count;  // scalar vector, first point of the slice, points
    uint32_t c;                    // the part's window
};

// The parts of one device's slice of `count` points for `batch` scalar
// vectors, in passes of at most `chunk` points at window c; a lone pass of at
// least PIPELINE_MIN_POINTS is cut into its first quarter and the rest.
inline std::vector<scalar_part> plan_parts(uint32_t count, uint32_t chunk, uint32_t batch, uint32_t c) {
    std::vector<scalar_part> parts;
    if (batch == 1 && count <= chunk && count >= PIPELINE_MIN_POINTS) {
        const uint32_t quarter = count / 4;
        parts.push_back({0, 0, quarter, c > LEAD_WINDOW_DROP ? c - LEAD_WINDOW_DROP : 1});
        parts.push_back({0, quarter, count - quarter, c});
        return parts;
    }
    for (uint32_t j = 0; j < batch; j++)
        for (uint32_t done = 0; done < count; done += chunk)
            parts.push_back({j, done, std::min(chunk, count - done), c});
    return parts;
}

// One device's share of `batch` MSMs over its resident points[0..count):
// scalar vector j starts at scalars + j·stride (bytes), its slice at offset
// `offset` of the vector (which numbers errors). Returns one sum per vector.
template <class C>
std::vector<typename curve_traits<C>::bucket_t> pipelined_bases_msm(const typename curve_traits<C>::affine_t* points,
                                                                    const uint8_t* scalars, size_t stride,
                                                                    uint32_t count, uint32_t offset, uint32_t batch,
                                                                    uint32_t c, bool scalars_montgomery,
                                                                    cudaStream_t stream) {
    using bucket_t = typename curve_traits<C>::bucket_t;
    const size_t budget = work_budget();
    // Two scalar buffers of a pass each.
    const uint32_t chunk = points_per_pass<C>(count, c, 2 * 32, budget);
    const std::vector<scalar_part> parts = plan_parts(count, chunk, batch, c);
    uint32_t largest = 0;
    for (const scalar_part& p : parts) largest = std::max(largest, p.count);

    stream_handle copy_stream;
    device_buffer<uint32_t> buffers[2] = {device_buffer<uint32_t>(size_t(largest) * 8, stream),
                                          device_buffer<uint32_t>(size_t(largest) * 8, stream)};
    event_handle allocated, uploaded, consumed[2];
    // The buffers come from `stream`'s pool: the copy stream waits for them.
    allocated.record(stream);
    allocated.wait_in(copy_stream.get());
    const size_t msm_budget = budget - 2 * size_t(largest) * 32;
    std::vector<device_buffer<bucket_t>> window_sums;
    for (size_t k = 0; k < parts.size(); k++) {
        const scalar_part& p = parts[k];
        device_buffer<uint32_t>& buffer = buffers[k % 2];
        if (k >= 2) consumed[k % 2].wait_in(copy_stream.get());
        upload_scalars<C>(buffer.get(), scalars + p.batch * stride + size_t(p.first) * 32, p.count, scalars_montgomery,
                          offset + p.first, copy_stream.get());
        uploaded.record(copy_stream.get());
        uploaded.wait_in(stream);
        window_sums.emplace_back(window_count(curve_traits<C>::SCALAR_BITS, p.c), stream);
        enqueue_msm<C>(points + p.first, buffer.get(), p.count, p.c, msm_budget, window_sums.back().get(), stream);
        consumed[k % 2].record(stream);
    }
    std::vector<bucket_t> sums(batch, bucket_t::identity());
    for (size_t k = 0; k < parts.size(); k++)
        sums[parts[k].batch] = sums[parts[k].batch].add(finish_msm<C>(window_sums[k], parts[k].c, stream));
    return sums;
}

}  // namespace gpukit
