// A C++17 program that uses an installed gpukit through gpukit.hpp, as a
// prover would: built by ctests/consumer/run.sh against the files that
// scripts/install.sh installed, found once through pkg-config and once
// through CMake's find_package(gpukit CONFIG).
//
//   consumer KAT_DIR      (tests/kat of the repository)
//
// Checks every known answer of every curve through gpukit::msm and resident
// bases (one MSM and a batch), the errors the C++ layer throws, and that the
// library is the version of the header.
#include <gpukit.hpp>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace {

int failures = 0;

void check(bool ok, const std::string &what) {
    if (!ok) {
        std::cerr << "FAIL: " << what << "\n";
        failures++;
    }
}

using Bytes = std::vector<std::uint8_t>;

Bytes hex(const std::string &s) {
    if (s.size() % 2 != 0) throw std::runtime_error("odd hex length");
    Bytes out(s.size() / 2);
    for (std::size_t i = 0; i < out.size(); i++) out[i] = static_cast<std::uint8_t>(std::stoul(s.substr(2 * i, 2), nullptr, 16));
    return out;
}

struct Case {
    std::string title;
    Bytes points, scalars, result;
};

// tests/kat/<curve>.kat: "# title", then lines "n N", "points HEX",
// "scalars HEX", "result HEX" per case.
std::vector<Case> load_kat(const std::string &path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::vector<Case> cases;
    std::string line, title;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string key, value;
        fields >> key >> value;
        if (key == "#") {
            title = line.substr(2);
        } else if (key == "n") {
            cases.push_back(Case{title, {}, {}, {}});
        } else if (key == "points") {
            cases.back().points = hex(value);
        } else if (key == "scalars") {
            cases.back().scalars = hex(value);
        } else if (key == "result") {
            cases.back().result = hex(value);
        }
    }
    return cases;
}

template <class F>
void expect_error(gpukit::Status status, const std::string &what, F &&call) {
    try {
        call();
        check(false, what + ": no gpukit::Error thrown");
    } catch (const gpukit::Error &e) {
        check(e.status() == status, what + ": status " + std::to_string(e.code()) + " (" + e.what() + ")");
        check(std::strlen(e.what()) > 0, what + ": empty message");
    }
}

const std::pair<gpukit::Curve, const char *> curves[] = {
    /* gpukit-gen: begin curves (generated from registry.toml: do not edit) */
    {gpukit::Curve::bn254_g1, "bn254_g1"},
    {gpukit::Curve::bls12_381_g1, "bls12_381_g1"},
    {gpukit::Curve::bls12_381_g2, "bls12_381_g2"},
    {gpukit::Curve::bls12_377_g1, "bls12_377_g1"},
    {gpukit::Curve::secp256k1, "secp256k1"},
    {gpukit::Curve::banderwagon, "banderwagon"},
    /* gpukit-gen: end curves */
};

void known_answers(const std::string &kat_dir) {
    for (const auto &[curve, name] : curves) {
        std::vector<Case> cases = load_kat(kat_dir + "/" + name + ".kat");
        check(cases.size() >= 10, std::string(name) + ": too few known answers");
        for (const Case &c : cases) {
            std::string what = std::string(name) + " '" + c.title + "'";
            check(gpukit::msm(curve, c.points, c.scalars) == c.result, what + ": msm");
            gpukit::Config cpu;
            cpu.backend = gpukit::Backend::cpu;
            cpu.window_c = 4;
            check(gpukit::msm(curve, gpukit::ByteView(c.points.data(), c.points.size()), c.scalars, cpu) == c.result,
                  what + ": msm, CPU backend, window 4");
            if (c.scalars.empty()) continue;
            // Resident bases, then moved: the new owner runs the batch of
            // (scalars, scalars), the old one is empty.
            gpukit::Bases bases(curve, c.points);
            check(bases.size() == c.scalars.size() / gpukit::scalar_bytes, what + ": bases size");
            check(bases.msm(c.scalars) == c.result, what + ": bases msm");
            gpukit::Bases moved = std::move(bases);
            check(!bases.valid() && moved.valid(), what + ": move");
            Bytes twice = c.scalars;
            twice.insert(twice.end(), c.scalars.begin(), c.scalars.end());
            auto results = moved.msm_batch(twice, 2);
            check(results.size() == 2 && results[0] == c.result && results[1] == c.result, what + ": bases batch");
        }
    }
}

void errors() {
    gpukit_config defaults = gpukit_config_default(), ours = gpukit::Config{}.to_c();
    check(std::memcmp(&defaults, &ours, sizeof defaults) == 0, "gpukit::Config{} is gpukit_config_default()");

    const auto bn = gpukit::Curve::bn254_g1;
    Bytes g(64, 0);
    g[0] = 1, g[32] = 2;  // the generator (1, 2)
    Bytes one(32, 0);
    one[0] = 1;
    check(gpukit::msm(bn, g, one) == g, "1·G == G");

    expect_error(gpukit::Status::scalar_out_of_range, "scalar 2^256 - 1", [&] { gpukit::msm(bn, g, Bytes(32, 0xff)); });
    Bytes off = g;
    off[32] = 1;  // (1, 1) is not on y² = x³ + 3
    expect_error(gpukit::Status::point_not_on_curve, "point (1, 1)", [&] { gpukit::msm(bn, off, one); });
    expect_error(gpukit::Status::point_not_on_curve, "bases of (1, 1)", [&] { gpukit::Bases b(bn, off); });
    expect_error(gpukit::Status::size_mismatch, "two scalars, one point", [&] {
        Bytes two = one;
        two.insert(two.end(), one.begin(), one.end());
        gpukit::msm(bn, g, two);
    });
    expect_error(gpukit::Status::size_mismatch, "31-byte scalar", [&] { gpukit::msm(bn, g, Bytes(31, 0)); });
    expect_error(gpukit::Status::unknown_curve, "curve 9", [&] { gpukit::msm(static_cast<gpukit::Curve>(9), g, one); });
    gpukit::Config window;
    window.window_c = gpukit::max_window(bn) + 1;
    expect_error(gpukit::Status::bad_window, "window 25", [&] { gpukit::msm(bn, g, one, window); });

    gpukit::Bases bases(bn, g);
    expect_error(gpukit::Status::size_mismatch, "more scalars than bases", [&] { bases.msm(Bytes(64, 0)); });
    gpukit::Bases other = std::move(bases);
    expect_error(gpukit::Status::null_pointer, "moved-from bases", [&] { bases.msm(one); });
    check(other.msm(one) == g, "moved-to bases");

    // The message is the library's own, naming what failed.
    try {
        gpukit::msm(bn, g, Bytes(32, 0xff));
    } catch (const gpukit::Error &e) {
        check(std::string(e.what()).find("scalar") != std::string::npos,
              std::string("message names the scalar: ") + e.what());
    }
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != 2) {
        std::cerr << "usage: consumer KAT_DIR\n";
        return 2;
    }
    std::string version = gpukit::version();
    check(version == GPUKIT_VERSION_STRING, "library " + version + " vs header " GPUKIT_VERSION_STRING);
    check(version == std::to_string(GPUKIT_VERSION_MAJOR) + "." + std::to_string(GPUKIT_VERSION_MINOR) + "." +
                         std::to_string(GPUKIT_VERSION_PATCH),
          "GPUKIT_VERSION_MAJOR/MINOR/PATCH");
    try {
        known_answers(argv[1]);
        errors();
    } catch (const std::exception &e) {
        std::cerr << "FAIL: unexpected exception: " << e.what() << "\n";
        failures++;
    }
    std::printf("consumer: gpukit %s, %u GPUs: %s\n", version.c_str(), gpukit::gpu_count(),
                failures == 0 ? "all checks passed" : "FAILED");
    return failures == 0 ? 0 : 1;
}
