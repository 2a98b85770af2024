// The definitions behind curve_entries.cuh, included only by the per-curve
// instance files.
#pragma once
#include <memory>
#include "../msm/edwards_bases.cuh"
#include "../msm/pippenger.cuh"
#include "../msm/shifted_bases.cuh"
#include "../runtime/env.cuh"
#include "../runtime/trace.cuh"
#include "curve_entries.cuh"
#include "device_set.cuh"
#include "fixed_base_batch.cuh"
#include "one_shot.cuh"
#include "resident_bases.cuh"
#include "resident_small.cuh"
#include "scalar_pipeline.cuh"

namespace gpukit {

template <class C>
uint32_t resolve_window(uint32_t window_c, size_t n) {
    using T = curve_traits<C>;
    if (window_c > T::MAX_WINDOW)
        fail(STATUS_BAD_WINDOW, "window_c = " + std::to_string(window_c) + " is above " + T::NAME + "'s bound " +
                                    std::to_string(T::MAX_WINDOW));
    return window_c ? window_c : auto_window(T::SCALAR_BITS, T::MAX_WINDOW, n);
}

// The window of a one-shot call of n points: the caller's (`window_c`);
// else, where its scalars are split (glv_msm.cuh), the split's own, which
// the calibration does not know (on the small path, glv_small_window;
// through the sorted pipeline, glv_sorted_window); else the calibrated one (`tuned_c`, 0 =
// none); else the small path's where it takes the call, and the cost
// model's where it does not.
template <class C>
uint32_t one_shot_window(uint32_t n, uint32_t window_c, uint32_t tuned_c, point_check check) {
    if (window_c != 0) return resolve_window<C>(window_c, n);
    const uint32_t split_c = glv_small_window(glv_bits<C>());
    if (glv_route_for<C>(n, split_c, check) == glv_route::small) return split_c;
    const uint32_t sorted_c = glv_sorted_window(glv_bits<C>(), n);
    if (glv_route_for<C>(n, sorted_c, check) == glv_route::sorted) return sorted_c;
    if (tuned_c == 0 && small_msm_fits(msm_shape{n, 1, SMALL_WINDOW, 1, n}, small_msm_max_pairs()))
        return SMALL_WINDOW;
    return resolve_window<C>(tuned_c, n);
}

template <class C>
void curve_entries<C>::msm(const uint8_t* points, const uint8_t* scalars, uint32_t n, uint32_t window_c,
                           uint32_t tuned_c, point_layout points_layout, point_check check,
                           scalar_layout scalars_layout, uint32_t devices, uint8_t* out) {
    const uint32_t c = one_shot_window<C>(n, window_c, tuned_c, check);
    const std::vector<device_slice> slices = split_over_devices(select_devices(devices), n);
    auto sums = run_per_slice(slices, [&](size_t i, cudaStream_t stream) {
        const device_slice& s = slices[i];
        trace_scope trace("msm", stream);
        return slice_msm<C>(points, scalars, n, s.offset, s.count, c, points_layout, check, scalars_layout,
                            stream);
    }, [&](int status) { return one_shot_fault_rank(status, points_layout.is_compressed()); });
    encode_sum<C>(sums, out);
}

// How many copies of a table of `count` bases, `entry_bytes` each, fit in
// `allowance` bytes at window c (at most one per window; the copy index
// must fit a pair's value).
template <class C>
uint32_t copies_that_fit(uint32_t count, uint32_t c, size_t allowance, size_t entry_bytes) {
    const size_t per_copy = std::max<size_t>(1, size_t(count) * entry_bytes);
    const size_t by_memory = allowance / per_copy, by_index = (size_t(NEGATE_BIT) - 1) / std::max(count, 1u);
    return uint32_t(std::max<size_t>(1, std::min<size_t>({window_count(curve_traits<C>::SCALAR_BITS, c), by_memory,
                                                           by_index})));
}

// The smallest free and the smallest total memory among the devices.
struct device_memory {
    size_t free_bytes = SIZE_MAX;
    size_t total = SIZE_MAX;
};

inline device_memory smallest_memory(const std::vector<device_slice>& slices) {
    device_memory m;
    for (const device_slice& s : slices) {
        device_guard guard(s.device);
        size_t free_bytes = 0, total = 0;
        GPUKIT_CUDA(cudaMemGetInfo(&free_bytes, &total));
        m.free_bytes = std::min(m.free_bytes, free_bytes);
        m.total = std::min(m.total, total);
    }
    return m;
}

// Half of the smallest free memory of the devices: the tables take at most
// that, and the MSMs' work memory keeps the rest.
inline size_t table_allowance(const std::vector<device_slice>& slices) {
    return smallest_memory(slices).free_bytes / 2;
}

// Automatic fixed-base tables are built for bases of at most this many
// points (KZG setups, Verkle bases): there the per-vector sort and bucket
// reduction of Pippenger outweigh its fewer windows. At 2^14 points the
// shifted copies won on the H100 (2048 × 2^14 BN254: 350 ms against 425 ms
// at 9-bit digits and 377 ms at 11; bench/NOTES.md, version 6).
constexpr uint32_t FIXED_BASE_AUTO_MAX_POINTS = 1u << 12;
// ... with digits of at least this many bits (33 windows of 255-bit
// scalars): narrower tables lose to the shifted copies' Pippenger.
constexpr uint32_t FIXED_BASE_AUTO_MIN_DIGIT_BITS = 8;
// ... in at most half of the device's free memory (a quarter of its total
// memory was the cap before v15c). Wider digits pay on the H100
// (bench/NOTES.md, v13a and v15c): 1024 blobs over a 4096-point
// BLS12-381 setup take 85 ms at 10 bits (5.2 GB), 67.5 at 12 (17.7 GB)
// and 61.8 at 13 (32.2 GB, what an idle 80 GB card gives); 14 bits
// (61.2 GB, 59 ms) are left to an explicit fixed_base. Verkle's 256 bases
// take 17 bits (24.2 GB), the widest digits.
constexpr size_t FIXED_BASE_AUTO_FREE_SHARE = 2;

// The fixed-base digit width for bases whose largest device slice holds
// `largest` points: as asked, or chosen when everything is automatic; 0 for
// no fixed-base tables.
template <class C>
uint32_t fixed_base_digits(uint32_t largest, uint32_t fixed_base, uint32_t precompute, uint32_t window_c,
                           const std::vector<device_slice>& slices) {
    if (fixed_base > FIXED_BASE_MAX_DIGIT_BITS)
        fail(STATUS_BAD_WINDOW, "fixed_base = " + std::to_string(fixed_base) + " is above the largest digit width " +
                                    std::to_string(FIXED_BASE_MAX_DIGIT_BITS));
    if (largest == 0 || fixed_base == 1) return 0;
    if (fixed_base >= 2) return fixed_base;
    if (precompute != 0 || window_c != 0 || largest > FIXED_BASE_AUTO_MAX_POINTS) return 0;
    const device_memory memory = smallest_memory(slices);
    const size_t allowance = memory.free_bytes / FIXED_BASE_AUTO_FREE_SHARE;
    return fitting_digits<C>(largest, allowance, FIXED_BASE_AUTO_MIN_DIGIT_BITS);
}

// Whether resident bases of C are kept in the curve's twisted Edwards model
// (ec/edwards_model.cuh): where it has one, for Pippenger's tables (not
// fixed-base ones), and only for bases checked to lie in the prime-order
// subgroup (by the upload's `check`, or before it: `in_subgroup`), where
// the model's formulas are exact. GPUKIT_EDWARDS_MODEL=0
// (read once per process) keeps the short Weierstrass table, for tests and
// benchmarks.
template <class C>
bool edwards_bases(point_check check, bool in_subgroup, uint32_t fixed_base_digits) {
    if constexpr (!has_edwards_model<C>::value) {
        return false;
    } else {
        static const bool off = env_is_zero("GPUKIT_EDWARDS_MODEL");
        return !off && (check == CHECK_SUBGROUP || in_subgroup) && fixed_base_digits == 0;
    }
}

// Bytes of one table entry of C's resident bases.
template <class C>
size_t table_entry_bytes(bool edwards) {
    if constexpr (has_edwards_model<C>::value) {
        if (edwards) return sizeof(typename edwards_map<C>::entry_t);
    }
    return sizeof(typename curve_traits<C>::affine_t);
}

template <class C>
resident_bases* curve_entries<C>::bases_new(const uint8_t* points, uint32_t n, point_layout layout, point_check check,
                                            bool in_subgroup, uint32_t devices, uint32_t precompute,
                                            uint32_t window_c, uint32_t fixed_base) {
    using T = curve_traits<C>;
    using affine_t = typename T::affine_t;
    auto bases = std::make_unique<resident_bases>();
    bases->curve_id = T::ID;
    bases->n = n;
    const std::vector<device_slice> slices = split_over_devices(select_devices(devices), n);
    for (const device_slice& s : slices) bases->parts.push_back({s, nullptr});
    uint32_t largest = 0;
    for (const device_slice& s : slices) largest = std::max(largest, s.count);
    const uint32_t digits = fixed_base_digits<C>(largest, fixed_base, precompute, window_c, slices);
    bases->edwards = edwards_bases<C>(check, in_subgroup, digits);
    bases->in_subgroup = check == CHECK_SUBGROUP || in_subgroup;
    bases->fixed_base_asked = fixed_base >= 2;
    const size_t entry_bytes = table_entry_bytes<C>(bases->edwards);
    if (digits) {
        bases->window = digits;
        bases->copies = window_count(T::SCALAR_BITS, digits);
        bases->entries = 1u << (digits - 1);
    } else if (precompute != 1 && largest > 0) {
        const size_t allowance = table_allowance(slices);
        // An explicit count is taken as asked (at most one copy per window);
        // past the memory it fails as the allocation would.
        auto copies_for = [&](uint32_t c) {
            return precompute == 0 ? copies_that_fit<C>(largest, c, allowance, entry_bytes)
                                   : std::min(precompute, window_count(T::SCALAR_BITS, c));
        };
        // Each device runs the MSM of its own slice: the window is the
        // largest slice's (two H200s at 2^24: c = 20 for slices of 2^23
        // against the whole call's 22, a quarter of the buckets to merge and
        // reduce for 8 % more pairs; bench/NOTES.md v43).
        const uint32_t c = window_c ? resolve_window<C>(window_c, n)
                                    : auto_precomputed_window(T::SCALAR_BITS, T::MAX_WINDOW, largest, copies_for);
        bases->copies = copies_for(c);
        bases->window = bases->copies > 1 ? c : 0;
    }
    // Bytes of a device's table for its slice of `count` bases.
    auto table_bytes = [&](uint32_t count) {
        return bases->entries > 1 ? fixed_base_bytes<C>(count, digits) : size_t(bases->copies) * count * entry_bytes;
    };
    // Each thread writes only its own part, so no lock is needed.
    run_per_slice(slices, [&](size_t i, cudaStream_t stream) {
        const device_slice& s = slices[i];
        resident_bases::part& mine = bases->parts[i];
        // A plain allocation, not the stream-ordered pool: the bases outlive
        // every stream that uses them.
        GPUKIT_CUDA(cudaMalloc(&mine.table, table_bytes(s.count)));
        if constexpr (has_edwards_model<C>::value) {
            if (bases->edwards) {
                device_buffer<affine_t> scratch(size_t(s.count) * 2, stream);
                upload_points<C>(scratch.get(), points + size_t(s.offset) * layout.stride, s.count, layout, check,
                                 s.offset, stream);
                build_edwards_table<C>(scratch.get(), static_cast<typename edwards_map<C>::entry_t*>(mine.table),
                                       s.count, bases->copies, bases->window, stream);
                return 0;
            }
        }
        auto* table = static_cast<affine_t*>(mine.table);
        upload_points<C>(table, points + size_t(s.offset) * layout.stride, s.count, layout, check, s.offset,
                         stream);
        if (bases->entries > 1)
            build_fixed_base_table<C>(table, fixed_base_layout_for(T::SCALAR_BITS, digits, s.count), stream);
        else
            precompute_shifts<C>(table, s.count, bases->copies, bases->window, stream);
        return 0;
    });
    for (const device_slice& s : slices) bases->device_bytes += table_bytes(s.count);
    return bases.release();
}

// Canonical wire encodings of n decoded points, written over them: a wire
// point is an affine point's size (static_assert in decompress).
template <class C>
__global__ void points_to_wire(typename curve_traits<C>::affine_t* points, uint32_t n) {
    constexpr uint32_t W = curve_traits<C>::field_t::WORDS;
    const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const typename curve_traits<C>::affine_t a = points[i];
    uint32_t* out = reinterpret_cast<uint32_t*>(points + i);
    a.x.to_canonical(out);
    a.y.to_canonical(out + W);
}

template <class C>
void curve_entries<C>::decompress(const uint8_t* points, uint32_t n, point_layout layout, point_check check,
                                  uint32_t devices, uint8_t* out) {
    using T = curve_traits<C>;
    using affine_t = typename T::affine_t;
    static_assert(sizeof(affine_t) == T::POINT_BYTES, "a decoded point must fill the wire point");
    if (!layout.is_compressed()) fail(STATUS_INTERNAL, "decompress takes a compressed format");
    if (n == 0) return;
    const std::vector<device_slice> slices = split_over_devices(select_devices(devices), n);
    run_per_slice(slices, [&](size_t i, cudaStream_t stream) {
        const device_slice& s = slices[i];
        device_buffer<affine_t> decoded(s.count, stream);
        upload_points<C>(decoded.get(), points + size_t(s.offset) * layout.stride, s.count, layout, check, s.offset,
                         stream);
        points_to_wire<C><<<blocks_for(s.count, 256), 256, 0, stream>>>(decoded.get(), s.count);
        GPUKIT_LAUNCHED("points_to_wire");
        GPUKIT_CUDA(cudaMemcpyAsync(out + size_t(s.offset) * sizeof(affine_t), decoded.get(), decoded.bytes(),
                                    cudaMemcpyDeviceToHost, stream));
        GPUKIT_CUDA(cudaStreamSynchronize(stream));
        return 0;
    });
}

// The window and copies for `n`-point MSMs over `bases`: the tables' window
// when the call leaves the window open and the tables beat the plain bases
// at this size (a table built for 2^24 points has 2^19+ buckets per set,
// too many for a 2^10-point call), otherwise the plain bases (copy 0).
// Fixed-base tables serve calls that leave the window open
// (fixed_base_msm.cuh); a call with a window runs Pippenger on their first
// row, the plain bases.
template <class C>
std::pair<uint32_t, uint32_t> bases_window(const resident_bases& bases, uint32_t n, uint32_t window_c) {
    using T = curve_traits<C>;
    if (bases.copies > 1 && bases.entries == 1 && (window_c == 0 || window_c == bases.window)) {
        const uint32_t plain = resolve_window<C>(window_c, n);
        if (window_c == bases.window || window_cost(T::SCALAR_BITS, bases.window, n, bases.copies) <=
                                            window_cost(T::SCALAR_BITS, plain, n, 1))
            return {bases.window, bases.copies};
        return {plain, 1};
    }
    return {resolve_window<C>(window_c, n), 1};
}

// Affine wire encodings of `sums` on the current device (one thread per
// sum: an inversion each, in parallel, where the host would run them one by
// one).
template <class C>
__global__ void encode_results(const typename curve_traits<C>::bucket_t* sums, uint32_t count, uint32_t* out) {
    using T = curve_traits<C>;
    using affine_t = typename T::affine_t;
    constexpr uint32_t W = T::field_t::WORDS;
    const uint32_t v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= count) return;
    const typename T::bucket_t s = sums[v];
    const affine_t a = affine_of(s);
    a.x.to_canonical(out + size_t(v) * 2 * W);
    a.y.to_canonical(out + size_t(v) * 2 * W + W);
}

// Writes the wire encodings of the `count` sums at `sums` on the current
// device to out (count · POINT_BYTES bytes), on `stream`, and waits.
template <class C>
void encode_device_sums(const typename curve_traits<C>::bucket_t* sums, uint32_t count, uint8_t* out,
                        cudaStream_t stream) {
    using T = curve_traits<C>;
    static_assert(2 * T::field_t::WORDS * 4 == T::POINT_BYTES, "a result must fill the wire point");
    device_buffer<uint32_t> d_out(size_t(count) * T::POINT_BYTES / 4, stream);
    encode_results<C><<<blocks_for(count, 64), 64, 0, stream>>>(sums, count, d_out.get());
    GPUKIT_LAUNCHED("encode_results");
    GPUKIT_CUDA(cudaMemcpyAsync(out, d_out.get(), d_out.bytes(), cudaMemcpyDeviceToHost, stream));
    GPUKIT_CUDA(cudaStreamSynchronize(stream));
}

// Writes the wire encodings of `sums` to out (count · POINT_BYTES bytes),
// normalised on `device`.
template <class C>
void encode_on_device(const std::vector<typename curve_traits<C>::bucket_t>& sums, int device, uint8_t* out) {
    device_guard guard(device);
    pooled_stream stream;
    device_buffer<typename curve_traits<C>::bucket_t> d_sums(sums.size(), stream.get());
    GPUKIT_CUDA(cudaMemcpyAsync(d_sums.get(), sums.data(), d_sums.bytes(), cudaMemcpyHostToDevice, stream.get()));
    encode_device_sums<C>(d_sums.get(), uint32_t(sums.size()), out, stream.get());
}

// Whether an MSM over `bases` at the caller's window `window_c` (0 = the
// bases' choice) runs on their fixed-base tables.
inline bool on_fixed_base_tables(const resident_bases& bases, uint32_t window_c) {
    return bases.entries > 1 && window_c == 0;
}

// The layout of a device's fixed-base table of `bases`, rows `row` entries apart.
template <class C>
fixed_base_layout fixed_base_layout_of(const resident_bases& bases, uint32_t row) {
    return fixed_base_layout_for(curve_traits<C>::SCALAR_BITS, bases.window, row);
}

// One sum per vector of the MSMs of `scalars` over the resident tables, in
// model M's buckets (C itself, or C's twisted Edwards model whose entries
// the tables hold): each device's share, added on the host.
template <class C, class M>
std::vector<typename curve_traits<M>::bucket_t> resident_totals(const resident_bases& bases,
                                                                const std::vector<device_slice>& slices,
                                                                const std::vector<const void*>& tables,
                                                                const std::vector<uint32_t>& table_strides,
                                                                const scalar_vectors& scalars, uint32_t window_c,
                                                                std::pair<uint32_t, uint32_t> plan,
                                                                scalar_layout scalars_layout) {
    using entry_t = typename curve_traits<M>::affine_t;
    const bool fixed = on_fixed_base_tables(bases, window_c);
    auto per_slice = run_per_slice(slices, [&](size_t i, cudaStream_t stream) {
        const device_slice& s = slices[i];
        const auto* table = static_cast<const entry_t*>(tables[i]);
        trace_scope trace(fixed ? "fixed-base msm" : "resident msm", stream);
        if constexpr (std::is_same_v<C, M>) {
            if (fixed)
                return fixed_base_batch<C>(table, fixed_base_layout_of<C>(bases, table_strides[i]), scalars, s.count,
                                           s.offset, scalars_layout, stream);
        }
        return pipelined_bases_msm<M>(table, plan.second, table_strides[i], scalars, s.count, s.offset, plan.first,
                                      scalars_layout, stream);
    });
    return add_slices(std::move(per_slice));
}

// Vectors up to which a batch of short vectors over resident bases runs
// them one by one on the small path (resident_small.cuh) instead of the
// tables or the pipeline: on an H200 a vector there took ~0.19 ms of BN254
// 2^10 and the automatic tables ~0.66 ms plus 0.04 a vector; two vectors
// of 2^10 ran in 0.38–0.46 ms against 0.71–0.83 over the tables (BLS12-381
// G1: 0.76–0.91 against 1.35–1.48), four level or slower, eight of BN254
// 1.43–1.69 against 0.91–1.09 (bench/NOTES.md v37b). Three is between.
constexpr uint32_t RESIDENT_SMALL_MAX_VECTORS = 3;

// GPUKIT_RESIDENT_SMALL_VECTORS (read once per process) sets
// RESIDENT_SMALL_MAX_VECTORS, for benchmarks: 0 keeps every call off the
// small path.
inline uint32_t resident_small_max_vectors() {
    static const uint32_t most = uint32_t(
        std::min<size_t>(env_count("GPUKIT_RESIDENT_SMALL_VECTORS", RESIDENT_SMALL_MAX_VECTORS), 64));
    return most;
}

// Whether `batch` vectors of n scalars over `bases` take the small path
// (resident_small.cuh), and at which window, split or not: at most
// resident_small_max_vectors vectors that the small path takes at the
// window a one-shot call of n points would (one_shot_window), over bases
// whose plain points lead their table (not the twisted Edwards model's
// entries), unless the caller asked for fixed-base tables. The split needs
// the bases in the prime-order subgroup (glv_route_for).
struct resident_small_route {
    bool small = false;
    bool split = false;
    uint32_t c = 0;
};

template <class C>
resident_small_route route_resident_small(const resident_bases& bases, uint32_t batch, uint32_t n,
                                          uint32_t window_c) {
    if (batch == 0 || batch > resident_small_max_vectors() || bases.edwards || bases.fixed_base_asked) return {};
    const point_check check = bases.in_subgroup ? CHECK_SUBGROUP : CHECK_ON_CURVE;
    const uint32_t c = one_shot_window<C>(n, window_c, 0, check);
    const bool split = glv_route_for<C>(n, c, check) == glv_route::small;
    if (!split && !small_msm_fits(msm_shape{n, 1, c, 1, n}, small_msm_max_pairs())) return {};
    return {true, split, c};
}

template <class C>
void curve_entries<C>::bases_msm(const resident_bases& bases, const scalar_vectors& scalars, uint32_t window_c,
                                 scalar_layout scalars_layout, uint8_t* out) {
    using T = curve_traits<C>;
    using bucket_t = typename T::bucket_t;
    const uint32_t n = scalars.n, batch = scalars.batch;
    if (n > bases.n)
        fail(STATUS_SIZE_MISMATCH, "an MSM over " + std::to_string(n) + " bases asked of " + std::to_string(bases.n) +
                                       " resident bases");
    const std::pair<uint32_t, uint32_t> plan = bases_window<C>(bases, n, window_c);
    // The part of each device's slice below n.
    std::vector<device_slice> slices;
    std::vector<const void*> tables;
    std::vector<uint32_t> table_strides;  // a table's copies lie a whole slice apart, also when n cuts the slice
    for (const resident_bases::part& p : bases.parts) {
        if (p.slice.offset >= n) continue;
        slices.push_back({p.slice.device, p.slice.offset, std::min(p.slice.count, n - p.slice.offset)});
        tables.push_back(p.table);
        table_strides.push_back(p.slice.count);
    }
    if (slices.empty()) {
        for (uint32_t j = 0; j < batch; j++) encode_sum<C>({}, out + size_t(j) * T::POINT_BYTES);
        return;
    }
    std::vector<bucket_t> totals;
    if (const resident_small_route route = route_resident_small<C>(bases, batch, n, window_c); route.small) {
        auto per_slice = run_per_slice(slices, [&](size_t i, cudaStream_t stream) {
            trace_scope trace("resident small msm", stream);
            return resident_small_msm<C>(static_cast<const typename T::affine_t*>(tables[i]), scalars,
                                         slices[i].count, slices[i].offset, route.c, route.split, scalars_layout,
                                         stream);
        });
        totals = add_slices(std::move(per_slice));
    } else if (!bases.edwards && slices.size() == 1 && batch >= DEVICE_COMBINE_MIN_VECTORS &&
               on_fixed_base_tables(bases, window_c)) {
        // One device's sums stay on it and are encoded there (below
        // DEVICE_COMBINE_MIN_VECTORS the host encodes a few sums faster).
        run_per_slice(slices, [&](size_t, cudaStream_t stream) {
            trace_scope trace("fixed-base msm", stream);
            const device_buffer<bucket_t> sums(batch, stream);
            enqueue_fixed_base_batch<C>(static_cast<const typename T::affine_t*>(tables[0]),
                                        fixed_base_layout_of<C>(bases, table_strides[0]),
                                        scalars, slices[0].count, slices[0].offset, scalars_layout, sums.get(),
                                        stream);
            encode_device_sums<C>(sums.get(), batch, out, stream);
            trace_mark("encode results");
            return 0;
        });
        return;
    } else if (bases.edwards) {
        if constexpr (has_edwards_model<C>::value) {
            // The model's sums mapped back: a few multiplications each, no
            // inversion (edwards_map::to_weierstrass).
            const auto sums = resident_totals<C, typename T::edwards_model>(bases, slices, tables, table_strides,
                                                                            scalars, window_c, plan, scalars_layout);
            totals.reserve(sums.size());
            for (const auto& e : sums) totals.push_back(edwards_map<C>::to_weierstrass(e));
        }
    } else {
        totals = resident_totals<C, C>(bases, slices, tables, table_strides, scalars, window_c, plan, scalars_layout);
    }
    if (batch < DEVICE_COMBINE_MIN_VECTORS) {
        for (uint32_t j = 0; j < batch; j++) encode_sum<C>({totals[j]}, out + size_t(j) * T::POINT_BYTES);
        return;
    }
    encode_on_device<C>(totals, slices[0].device, out);
}

}  // namespace gpukit
