// How the points of an MSM are split over the chosen devices (devices.cuh
// chooses them): one contiguous slice each. Host only; g++ compiles it for
// the host tests (cuda/tests/shim/plan_shim.cpp).
#pragma once
#include <cstdint>
#include <vector>

namespace gpukit {

struct device_slice {
    int device;
    uint32_t offset, count;
};

// Contiguous slices in device order, slice i being [n·i/k, n·(i+1)/k): their
// sizes differ by at most one. With fewer points than devices, k − n of the
// devices (spread among them, not only the last) get no slice.
inline std::vector<device_slice> split_over_devices(const std::vector<int>& devices, uint32_t n) {
    std::vector<device_slice> slices;
    const uint32_t k = uint32_t(devices.size());
    for (uint32_t i = 0; i < k; i++) {
        uint32_t lo = uint32_t(uint64_t(n) * i / k), hi = uint32_t(uint64_t(n) * (i + 1) / k);
        if (hi > lo) slices.push_back({devices[i], lo, hi - lo});
    }
    return slices;
}

}  // namespace gpukit
