// Which GPUs an MSM uses: the caller's device mask picks them, and the points
// are split into one contiguous slice per device.
#pragma once
#include <string>
#include <vector>
#include "../msm/plan/devices.cuh"
#include "../runtime/status.cuh"

namespace gpukit {

inline uint32_t visible_device_count() {
    int n = 0;
    // No driver, an old driver or no device all read as zero devices.
    if (cudaGetDeviceCount(&n) != cudaSuccess) {
        cudaGetLastError();
        return 0;
    }
    return n < 0 ? 0u : uint32_t(n);
}

// The ordinals named by `mask` (bit i = device i; 0 = every visible device).
inline std::vector<int> select_devices(uint32_t mask) {
    const uint32_t visible = visible_device_count();
    if (visible == 0) fail(STATUS_NO_DEVICE, "no CUDA device is visible (no driver, or no GPU)");
    std::vector<int> chosen;
    for (uint32_t d = 0; d < visible && d < 32; d++)
        if (mask == 0 || (mask >> d) & 1) chosen.push_back(int(d));
    if (chosen.empty())
        fail(STATUS_NO_DEVICE, "the device mask selects none of the " + std::to_string(visible) + " visible devices");
    return chosen;
}

}  // namespace gpukit
