// Compiles the CUDA backend (cuda/gpukit.cu and one instance file per curve
// in cuda/instances/, compiled in parallel) when an nvcc is found, and
// enables it in Rust through `cfg(gpukit_cuda)`; otherwise the crate builds
// its CPU backends only. GPUKIT_NO_CUDA=1 forces the CPU-only build even where
// nvcc exists. Feature `release-archs` adds sm_80/86/89 cubins and compute_90
// PTX to the default sm_90 cubin. See build/nvcc.rs for the search order.

#[path = "build/nvcc.rs"]
mod nvcc;

use std::path::PathBuf;

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    println!("cargo:rustc-check-cfg=cfg(gpukit_cuda)");
    for dir in ["cuda", "curves", "build"] {
        println!("cargo:rerun-if-changed={dir}");
    }
    nvcc::rerun_on_env();

    let Some(toolchain) = nvcc::find(&root) else {
        println!(
            "cargo:warning=gpukit: no nvcc found (NVCC, CUDA_PATH, /usr/local/cuda, PATH, .toolchain) \
             or GPUKIT_NO_CUDA is set: building the CPU backends only"
        );
        return;
    };
    let release_archs = std::env::var_os("CARGO_FEATURE_RELEASE_ARCHS").is_some();
    let mut instances: Vec<PathBuf> = std::fs::read_dir(root.join("cuda/instances"))
        .expect("cuda/instances exists")
        .map(|entry| entry.expect("readable cuda/instances").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "cu"))
        .collect();
    instances.sort();
    let mut sources = vec![root.join("cuda/gpukit.cu")];
    sources.extend(instances);
    toolchain.compile_each(release_archs, &root, &sources, "gpukit_cuda");
    toolchain.link_runtime();
    println!("cargo:rustc-cfg=gpukit_cuda");
}
