// Compiles the CUDA backend (cuda/gpukit.cu and one instance file per curve
// in cuda/instances/, compiled in parallel) when an nvcc is found, and
// enables it in Rust through `cfg(gpukit_cuda)`; otherwise the crate builds
// its CPU backends only. GPUKIT_NO_CUDA=1 forces the CPU-only build even where
// nvcc exists. Feature `release-archs` adds sm_80/86/89 cubins and compute_90
// PTX to the default sm_90 cubin. See build/nvcc.rs for the search order.
// On ELF targets the shared library gets the soname libgpukit.so.<major>
// (see `soname`).

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
    soname();

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

/// Gives libgpukit.so the soname libgpukit.so.<major>, so that programs
/// linked against one major version never load another (scripts/install.sh
/// installs libgpukit.so.X.Y.Z with the links libgpukit.so.<major> and
/// libgpukit.so). Programs linked against the build folder itself (ctests/,
/// bindings/go) record that soname too, so the link libgpukit.so.<major> ->
/// libgpukit.so is made beside the library: OUT_DIR is
/// <target>/<profile>/build/gpukit-<hash>/out.
fn soname() {
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    // ELF only: Apple's linker names the install name differently, Windows has none.
    if var("CARGO_CFG_TARGET_FAMILY") != "unix" || var("CARGO_CFG_TARGET_VENDOR") == "apple" {
        return;
    }
    let major = std::env::var("CARGO_PKG_VERSION_MAJOR").expect("cargo sets CARGO_PKG_VERSION_MAJOR");
    let soname = format!("libgpukit.so.{major}");
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,{soname}");
    #[cfg(unix)]
    {
        let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
        let Some(profile_dir) = out_dir.ancestors().nth(3) else { return };
        if out_dir.ancestors().nth(2).and_then(|b| b.file_name()).is_some_and(|b| b == "build") {
            let link = profile_dir.join(&soname);
            if std::fs::read_link(&link).is_err() {
                let _ = std::os::unix::fs::symlink("libgpukit.so", &link);
            }
        }
    }
}
