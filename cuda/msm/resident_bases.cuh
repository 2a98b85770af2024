// Bases uploaded once and kept on the devices: the fast path for provers that
// run many MSMs against one SRS. Each device keeps a contiguous slice; an MSM
// over the first n bases uses the part of each slice below n. Created and
// used through curve_entries<C> (curve_entries_impl.cuh).
#pragma once
#include <vector>
#include "devices.cuh"

namespace gpukit {

struct resident_bases {
    struct part {
        device_slice slice;
        void* points;  // curve_traits<C>::affine_t[slice.count], Montgomery form
    };
    uint8_t curve_id = 0;
    uint32_t n = 0;
    std::vector<part> parts;

    resident_bases() = default;
    resident_bases(const resident_bases&) = delete;
    resident_bases& operator=(const resident_bases&) = delete;

    ~resident_bases() {
        for (const part& p : parts) {
            if (!p.points) continue;
            int previous = 0;
            cudaGetDevice(&previous);
            cudaSetDevice(p.slice.device);
            cudaFree(p.points);
            cudaSetDevice(previous);
        }
    }
};

}  // namespace gpukit
