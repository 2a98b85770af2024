// Bases uploaded once and kept on the devices: the fast path for provers that
// run many MSMs against one SRS. Each device keeps a contiguous slice; an MSM
// over the first n bases uses the part of each slice below n. Created and
// used through curve_entries<C> (curve_entries_impl.cuh).
#pragma once
#include <vector>
#include "devices.cuh"

namespace gpukit {

// Each point may carry precomputed multiples (scalar_pipeline.cuh, recode.cuh):
// copy k of point i is 2^(k·window)·P_i, stored at table[k·slice.count + i],
// so that `copies` windows share one bucket set. copies = 1 keeps the points
// alone and leaves the window to each call.
struct resident_bases {
    struct part {
        device_slice slice;
        void* table;  // curve_traits<C>::affine_t, Montgomery form: copies · slice.count points (the
                      // twisted Edwards model's entries where `edwards`), or a fixed-base table
                      // (fixed_base_tables.cuh) whose first slice.count are the bases
    };
    uint8_t curve_id = 0;
    uint32_t n = 0;
    uint32_t copies = 1;
    uint32_t window = 0;     // the copies' window; 0 when copies = 1
    // Multiples per copy: 2^(window-1) for fixed-base tables (copy k then
    // holds e·2^(k·window)·P_i for every digit e, fixed_base_tables.cuh,
    // and `copies` covers every window), 1 for shifted copies alone.
    uint32_t entries = 1;
    // The copies are entries of the curve's twisted Edwards model
    // (ec/edwards_model.cuh, msm/edwards_bases.cuh), not its own points.
    bool edwards = false;
    // The bases lie in the prime-order subgroup (checked by the upload, or
    // promised by the caller), so the endomorphism's split holds on them.
    bool in_subgroup = false;
    // The caller asked for fixed-base tables (not the automatic choice): every
    // call then uses them, also one small vector (curve_entries_impl.cuh
    // route_resident_small).
    bool fixed_base_asked = false;
    size_t device_bytes = 0; // the tables' size on all devices together
    std::vector<part> parts;

    resident_bases() = default;
    resident_bases(const resident_bases&) = delete;
    resident_bases& operator=(const resident_bases&) = delete;

    ~resident_bases() {
        for (const part& p : parts) {
            if (!p.table) continue;
            int previous = 0;
            cudaGetDevice(&previous);
            cudaSetDevice(p.slice.device);
            cudaFree(p.table);
            cudaSetDevice(previous);
        }
    }
};

}  // namespace gpukit
