// The environment switches the library reads for tests and benchmarks
// (each once per process, by its caller's static). Host only, no CUDA: the
// planners' host tests compile it with g++.
#pragma once
#include <cstddef>
#include <cstdlib>
#include <cstring>

namespace gpukit {

// The variable `name` as a decimal count, or `fallback` where it is unset,
// empty or not a number.
inline size_t env_count(const char* name, size_t fallback) {
    const char* v = std::getenv(name);
    if (!v || !*v) return fallback;
    char* end = nullptr;
    const unsigned long long parsed = std::strtoull(v, &end, 10);
    return *end == '\0' ? size_t(parsed) : fallback;
}

// The variable `name` as a decimal number (a fraction allowed), or
// `fallback` where it is unset, empty or not a number.
inline double env_number(const char* name, double fallback) {
    const char* v = std::getenv(name);
    if (!v || !*v) return fallback;
    char* end = nullptr;
    const double parsed = std::strtod(v, &end);
    return *end == '\0' ? parsed : fallback;
}

// Whether the variable `name` is set to exactly `value`.
inline bool env_is(const char* name, const char* value) {
    const char* v = std::getenv(name);
    return v && std::strcmp(v, value) == 0;
}

// Whether the variable `name` is "0": the switch that turns a default
// choice off.
inline bool env_is_zero(const char* name) { return env_is(name, "0"); }

}  // namespace gpukit
