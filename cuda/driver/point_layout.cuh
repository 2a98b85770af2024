// How a call's points lie in host memory, from the entry points' arguments
// (src/gpu.rs `PointBuffer`): records of `stride` bytes, x at 0 and y right
// after it, canonical or Montgomery coordinates; where `flag` is given, a
// non-zero byte at that offset marks the identity (arkworks'
// short-Weierstrass `infinity`). The wire format is stride = POINT_BYTES
// and no flag; the typed API hands arkworks' affine structs over as they
// lie (72 bytes for BN254: 64 of limbs, the flag, padding), so the host
// makes no packed copy of 2^24 points. A compressed format (compressed.cuh)
// has records of its size and is decompressed on the device; `format_name`
// names it and `format_group` its group in error messages, as the host
// codec does.
#pragma once
#include <cstdint>
#include "../ff/common.cuh"

namespace gpukit {

struct point_layout {
    bool montgomery = false;
    uint32_t stride = 0;
    uint32_t flag = NO_FLAG;
    uint32_t format = 0;  // point_format: 0, records as above
    const char* format_name = nullptr;
    const char* format_group = nullptr;

    static constexpr uint32_t NO_FLAG = UINT32_MAX;

    // Records of `stride` bytes with the identity flag at `flag` (NO_FLAG:
    // none), as the entry points pass them.
    static point_layout records(uint32_t stride, uint32_t flag, bool montgomery) {
        point_layout l;
        l.montgomery = montgomery;
        l.stride = stride;
        l.flag = flag;
        return l;
    }
    // Packed records of `format` (a point_format other than 0), of
    // `record_bytes` each.
    static point_layout compressed(uint32_t format, uint32_t record_bytes, const char* name, const char* group) {
        point_layout l;
        l.stride = record_bytes;
        l.format = format;
        l.format_name = name;
        l.format_group = group;
        return l;
    }
    GPUKIT_HDI bool has_flag() const { return flag != NO_FLAG; }
    GPUKIT_HDI bool is_compressed() const { return format != 0; }
};

}  // namespace gpukit
