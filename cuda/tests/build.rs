// Builds the check shims: the host shims (g++, always: the arithmetic and
// the MSM planners of cuda/msm/plan/) and, when nvcc is found
// (the same search as the main crate's build.rs, see build/nvcc.rs), the
// device shim (with one unit of check kernels per curve, written into
// OUT_DIR) and the throughput launcher, enabling `cfg(gpukit_cuda)`.

#[path = "../../build/curves.rs"]
mod curves;
#[path = "../../build/nvcc.rs"]
mod nvcc;

use std::path::PathBuf;

/// The device sources besides the per-curve units (`curve_units`).
const DEVICE_SOURCES: &[&str] = &[
    "shim/device_shim.cu",
    "shim/throughput.cu",
    "shim/madd_throughput.cu",
];

/// Writes one translation unit of device check kernels per curve of
/// build/curves.rs into OUT_DIR and returns their paths.
fn curve_units() -> Vec<PathBuf> {
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    curves::CURVES
        .iter()
        .map(|curve| {
            let path = out_dir.join(format!("device_{curve}.cu"));
            let source = format!(
                "// Device check kernels for {curve} (see shim/device_runner.cuh), written by\n\
                 // cuda/tests/build.rs from build/curves.rs.\n\
                 #include \"shim/device_runner.cuh\"\n\n\
                 namespace gpukit {{\n\
                 namespace check {{\n\
                 GPUKIT_CHECK_DEVICE_CURVE({curve})\n\
                 }}  // namespace check\n\
                 }}  // namespace gpukit\n"
            );
            std::fs::write(&path, source).expect("OUT_DIR is writable");
            path
        })
        .collect()
}

fn main() {
    let here =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let root = here.join("../..");
    println!("cargo:rustc-check-cfg=cfg(gpukit_cuda)");
    for dir in [
        "shim",
        "../ff",
        "../ec",
        "../msm/plan",
        "../runtime/host_gather.cuh",
        "../driver/compressed.cuh",
        "../runtime/env.cuh",
        "../curve_traits.cuh",
        "../../curves",
        "../../build",
    ] {
        println!("cargo:rerun-if-changed={dir}");
    }
    nvcc::rerun_on_env();

    // libstdc++ is linked statically (below), as in the main crate: the
    // test binaries are carried to the GPU machine, which may lack it.
    cc::Build::new()
        .cpp(true)
        .cpp_link_stdlib(None)
        .std("c++17")
        // mont_ptx.cuh's `#pragma unroll` is nvcc's (ptx_model.cpp compiles
        // it with g++, which warns on each and cannot be told otherwise
        // from the source).
        .flag_if_supported("-Wno-unknown-pragmas")
        .file(here.join("shim/host_shim.cpp"))
        .file(here.join("shim/plan_shim.cpp"))
        .file(here.join("shim/gather_shim.cpp"))
        .file(here.join("shim/ptx_model.cpp"))
        .compile("gpukit_check_host");

    let Some(toolchain) = nvcc::find(&root) else {
        nvcc::link_static_libstdcxx();
        println!("cargo:warning=gpukit-cuda-tests: no nvcc found or GPUKIT_NO_CUDA is set: host checks only");
        return;
    };
    // The files do not call each other's device functions: the split only
    // lets nvcc work on curves in parallel (see Toolchain::compile_each).
    let mut sources: Vec<PathBuf> = DEVICE_SOURCES.iter().map(|src| here.join(src)).collect();
    sources.extend(curve_units());
    toolchain.compile_each(false, &here, &sources, &[], "gpukit_check_dev");
    toolchain.link_runtime();
    println!("cargo:rustc-cfg=gpukit_cuda");
}
