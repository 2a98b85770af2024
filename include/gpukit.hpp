/* gpukit.hpp: a header-only C++17 layer over the C ABI of gpukit.h.
 *
 *   gpukit::msm(curve, points, scalars[, config])  one MSM, result as bytes
 *   gpukit::Bases                                    resident bases (RAII, movable)
 *   gpukit::Error                                    every failure, thrown
 *
 * Inputs and results use the C ABI's wire format (see gpukit.h and the
 * README): a point is affine x || y of gpukit::point_bytes(curve) bytes, a
 * scalar 32 little-endian bytes below the group order. Byte inputs are
 * taken as gpukit::ByteView: a std::vector<uint8_t>, a std::array, a
 * std::span (C++20), any contiguous container of uint8_t, or a pointer and
 * a size. Lengths are checked here before the library sees the buffers
 * (the C ABI trusts n). Every call is thread-safe, as the C ABI is.
 */
#ifndef GPUKIT_HPP
#define GPUKIT_HPP

#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "gpukit.h"

namespace gpukit {

/** The curves; the values are the C ABI's ids (GPUKIT_CURVE_*). */
enum class Curve : std::uint8_t {
    /* gpukit-gen: begin curves (generated from registry.toml: do not edit) */
    bn254_g1 = GPUKIT_CURVE_BN254_G1,
    bls12_381_g1 = GPUKIT_CURVE_BLS12_381_G1,
    bls12_381_g2 = GPUKIT_CURVE_BLS12_381_G2,
    bls12_377_g1 = GPUKIT_CURVE_BLS12_377_G1,
    secp256k1 = GPUKIT_CURVE_SECP256K1,
    banderwagon = GPUKIT_CURVE_BANDERWAGON,
    /* gpukit-gen: end curves */
};

/** The C ABI's status codes (GPUKIT_OK, GPUKIT_ERR_*). */
enum class Status : int {
    /* gpukit-gen: begin statuses (generated from registry.toml: do not edit) */
    ok = GPUKIT_OK,
    null_pointer = GPUKIT_ERR_NULL_POINTER,
    unknown_curve = GPUKIT_ERR_UNKNOWN_CURVE,
    bad_window = GPUKIT_ERR_BAD_WINDOW,
    point_not_on_curve = GPUKIT_ERR_POINT_NOT_ON_CURVE,
    point_not_in_subgroup = GPUKIT_ERR_POINT_NOT_IN_SUBGROUP,
    scalar_out_of_range = GPUKIT_ERR_SCALAR_OUT_OF_RANGE,
    no_device = GPUKIT_ERR_NO_DEVICE,
    device = GPUKIT_ERR_DEVICE,
    out_of_memory = GPUKIT_ERR_OUT_OF_MEMORY,
    not_implemented = GPUKIT_ERR_NOT_IMPLEMENTED,
    internal = GPUKIT_ERR_INTERNAL,
    bad_config = GPUKIT_ERR_BAD_CONFIG,
    size_mismatch = GPUKIT_ERR_SIZE_MISMATCH,
    bad_encoding = GPUKIT_ERR_BAD_ENCODING,
    host_registration = GPUKIT_ERR_HOST_REGISTRATION,
    /* gpukit-gen: end statuses */
};

/** Where an MSM runs (GPUKIT_BACKEND_*); auto_ picks by size. */
enum class Backend : std::uint32_t {
    auto_ = GPUKIT_BACKEND_AUTO,
    serial = GPUKIT_BACKEND_SERIAL,
    cpu = GPUKIT_BACKEND_CPU,
    gpu = GPUKIT_BACKEND_GPU,
};

/** Which checks the points pass (GPUKIT_VALIDATE_*); default_ is on_curve
 * for one-shot MSMs and full for Bases. */
enum class Validation : std::uint32_t {
    default_ = GPUKIT_VALIDATE_DEFAULT,
    on_curve = GPUKIT_VALIDATE_ON_CURVE,
    full = GPUKIT_VALIDATE_FULL,
    trusted = GPUKIT_VALIDATE_TRUSTED,
};

/** The encoding of points and scalars (GPUKIT_FORM_*). */
enum class InputForm : std::uint32_t {
    canonical = GPUKIT_FORM_CANONICAL,
    montgomery = GPUKIT_FORM_MONTGOMERY,
};

/** Bytes of one scalar. */
constexpr std::size_t scalar_bytes = 32;

/** The options of msm() and Bases: gpukit_config with typed fields. The
 * member initialisers are gpukit_config_default()'s values. */
struct Config {
    Backend backend = Backend::auto_;
    std::uint32_t window_c = 0;  ///< 0 = auto, else 1..=max_window(curve)
    Validation validation = Validation::default_;
    InputForm input_form = InputForm::canonical;
    std::uint32_t devices = 0;  ///< bit mask of GPU ordinals, 0 = all visible
    bool blinded = false;       ///< split the scalars (see msm_blinded)

    gpukit_config to_c() const {
        gpukit_config c = gpukit_config_default();
        c.backend = static_cast<std::uint32_t>(backend);
        c.window_c = window_c;
        c.validation = static_cast<std::uint32_t>(validation);
        c.input_form = static_cast<std::uint32_t>(input_form);
        c.devices = devices;
        c.blinded = blinded ? 1u : 0u;
        return c;
    }
};

/** A failed call: status() is the C ABI's code, what() the library's
 * message for it (gpukit_last_error()) or, when the message is empty,
 * gpukit_status_str(code). */
class Error : public std::runtime_error {
public:
    Error(Status status, const std::string &message)
        : std::runtime_error(message.empty() ? std::string(gpukit_status_str(static_cast<int>(status))) : message),
          status_(status) {}

    Status status() const noexcept { return status_; }
    int code() const noexcept { return static_cast<int>(status_); }

private:
    Status status_;
};

/** A read-only view of bytes: pointer and size. */
class ByteView {
public:
    constexpr ByteView() noexcept = default;
    constexpr ByteView(const std::uint8_t *data, std::size_t size) noexcept : data_(data), size_(size) {}
    /** Any contiguous container of uint8_t with data() and size()
     * (std::vector, std::array, std::span, std::basic_string_view<uint8_t>). */
    template <class Container,
              class = std::enable_if_t<std::is_convertible_v<
                  decltype(std::declval<const Container &>().data()), const std::uint8_t *>>,
              class = decltype(std::declval<const Container &>().size())>
    constexpr ByteView(const Container &c) noexcept : data_(c.data()), size_(c.size()) {}

    constexpr const std::uint8_t *data() const noexcept { return data_; }
    constexpr std::size_t size() const noexcept { return size_; }

private:
    const std::uint8_t *data_ = nullptr;
    std::size_t size_ = 0;
};

/** The library's version ("MAJOR.MINOR.PATCH"); the header's is GPUKIT_VERSION_STRING. */
inline std::string version() { return gpukit_version(); }

/** Usable CUDA devices (0 without a driver or in a build without CUDA). */
inline unsigned gpu_count() noexcept { return gpukit_gpu_count(); }

/** Bytes of one point of `curve`: 64, 96 or 192. */
inline std::size_t point_bytes(Curve curve) noexcept { return gpukit_point_bytes(static_cast<std::uint8_t>(curve)); }

/** The largest accepted window_c for `curve`. */
inline unsigned max_window(Curve curve) noexcept { return gpukit_max_window(static_cast<std::uint8_t>(curve)); }

namespace detail {

/** Throws the Error of a failed C call, with this thread's last message. */
inline void check(int status) {
    if (status != GPUKIT_OK) {
        throw Error(static_cast<Status>(status), gpukit_last_error());
    }
}

inline std::size_t checked_point_bytes(Curve curve) {
    std::size_t bytes = point_bytes(curve);
    if (bytes == 0) {
        throw Error(Status::unknown_curve,
                    "unknown curve id " + std::to_string(static_cast<unsigned>(curve)));
    }
    return bytes;
}

/** The count of `size`-byte items in `bytes`, which must be a whole number
 * of them and fit the C ABI's uint32_t. */
inline std::uint32_t count(ByteView bytes, std::size_t size, const char *what) {
    if (bytes.size() % size != 0) {
        throw Error(Status::size_mismatch, std::string(what) + ": " + std::to_string(bytes.size()) +
                                               " bytes is not a multiple of " + std::to_string(size));
    }
    std::size_t n = bytes.size() / size;
    if (n > std::numeric_limits<std::uint32_t>::max()) {
        throw Error(Status::size_mismatch, std::string(what) + ": more than 2^32 - 1 items");
    }
    return static_cast<std::uint32_t>(n);
}

inline std::uint32_t msm_count(Curve curve, ByteView points, ByteView scalars) {
    std::size_t pb = checked_point_bytes(curve);
    std::uint32_t n = count(scalars, scalar_bytes, "scalars");
    if (points.size() != std::size_t{n} * pb) {
        throw Error(Status::size_mismatch, std::to_string(n) + " scalars need " + std::to_string(n * pb) +
                                               " bytes of points, got " + std::to_string(points.size()));
    }
    return n;
}

}  // namespace detail

/** Σ scalars[i]·points[i] on `curve`, as one point in the wire format.
 * n = scalars.size() / 32, and points must hold n points; n = 0 gives the
 * identity. Throws gpukit::Error. */
inline std::vector<std::uint8_t> msm(Curve curve, ByteView points, ByteView scalars,
                                     const Config &config = Config{}) {
    std::uint32_t n = detail::msm_count(curve, points, scalars);
    std::vector<std::uint8_t> out(detail::checked_point_bytes(curve));
    gpukit_config c = config.to_c();
    detail::check(gpukit_msm_ex(static_cast<std::uint8_t>(curve), points.data(), scalars.data(), out.data(), n, &c));
    return out;
}

/** msm() for secret scalars: k = a + b with a uniform from the OS CSPRNG,
 * MSM(a) + MSM(b); about twice the cost. */
inline std::vector<std::uint8_t> msm_blinded(Curve curve, ByteView points, ByteView scalars,
                                             Config config = Config{}) {
    config.blinded = true;
    return msm(curve, points, scalars, config);
}

/** Resident bases: validated (by default with the subgroup check) and kept
 * — on the GPU when it runs the MSMs — for many MSMs. Owns the C handle;
 * movable, not copyable. A moved-from Bases is empty (valid() is false) and
 * its MSMs throw Status::null_pointer. */
class Bases {
public:
    /** Validates and uploads `points` (n·point_bytes(curve) bytes, in
     * config.input_form, which then applies to the scalars too). */
    Bases(Curve curve, ByteView points, const Config &config = Config{})
        : curve_(curve), size_(detail::count(points, detail::checked_point_bytes(curve), "points")) {
        gpukit_config c = config.to_c();
        detail::check(gpukit_bases_new(static_cast<std::uint8_t>(curve), points.data(),
                                       static_cast<std::uint32_t>(size_), &c, &handle_));
    }

    ~Bases() { gpukit_bases_free(handle_); }

    Bases(const Bases &) = delete;
    Bases &operator=(const Bases &) = delete;

    Bases(Bases &&other) noexcept
        : handle_(std::exchange(other.handle_, nullptr)), curve_(other.curve_), size_(std::exchange(other.size_, 0)) {}

    Bases &operator=(Bases &&other) noexcept {
        if (this != &other) {
            gpukit_bases_free(handle_);
            handle_ = std::exchange(other.handle_, nullptr);
            curve_ = other.curve_;
            size_ = std::exchange(other.size_, 0);
        }
        return *this;
    }

    /** Σ scalars[i]·bases[i] over the first n = scalars.size() / 32 bases. */
    std::vector<std::uint8_t> msm(ByteView scalars) const {
        std::uint32_t n = detail::count(scalars, scalar_bytes, "scalars");
        std::vector<std::uint8_t> out(detail::checked_point_bytes(curve_));
        detail::check(gpukit_bases_msm(handle_, scalars.data(), n, out.data()));
        return out;
    }

    /** `batch` MSMs in one call: scalars holds batch vectors of n scalars
     * each, one after the other (batch·n·32 bytes); result j is the MSM of
     * vector j over the first n bases. */
    std::vector<std::vector<std::uint8_t>> msm_batch(ByteView scalars, std::uint32_t batch) const {
        std::size_t pb = detail::checked_point_bytes(curve_);
        if (batch == 0) {
            if (scalars.size() != 0) {
                throw Error(Status::size_mismatch, "batch 0 with " + std::to_string(scalars.size()) + " bytes of scalars");
            }
            return {};
        }
        std::uint32_t total = detail::count(scalars, scalar_bytes, "scalars");
        if (total % batch != 0) {
            throw Error(Status::size_mismatch, std::to_string(total) + " scalars do not split into " +
                                                   std::to_string(batch) + " equal vectors");
        }
        std::vector<std::uint8_t> flat(std::size_t{batch} * pb);
        detail::check(gpukit_bases_msm_batch(handle_, scalars.data(), total / batch, batch, flat.data()));
        std::vector<std::vector<std::uint8_t>> out;
        out.reserve(batch);
        for (std::size_t j = 0; j < batch; j++) {
            out.emplace_back(flat.begin() + static_cast<std::ptrdiff_t>(j * pb),
                             flat.begin() + static_cast<std::ptrdiff_t>((j + 1) * pb));
        }
        return out;
    }

    Curve curve() const noexcept { return curve_; }
    /** The number of bases (0 once moved from). */
    std::size_t size() const noexcept { return size_; }
    bool valid() const noexcept { return handle_ != nullptr; }
    const gpukit_bases *native_handle() const noexcept { return handle_; }

private:
    gpukit_bases *handle_ = nullptr;
    Curve curve_;
    std::size_t size_;
};

}  // namespace gpukit

#endif /* GPUKIT_HPP */
