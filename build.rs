// Compiles the CUDA backend (cuda/gpukit.cu and one instance file per curve,
// written into OUT_DIR from build/curves.rs, compiled in parallel) when an
// nvcc is found, and
// enables it in Rust through `cfg(gpukit_cuda)`; otherwise the crate builds
// its CPU backends only. GPUKIT_NO_CUDA=1 forces the CPU-only build even where
// nvcc exists; GPUKIT_REQUIRE_CUDA=1 makes a build without nvcc fail. The
// script reruns when a toolchain appears or disappears (`rerun_on_toolchain`). Feature `release-archs` adds sm_80/86/89 cubins and compute_90
// PTX to the default sm_90 cubin. See build/nvcc.rs for the search order.
// On ELF targets the shared library gets the soname libgpukit.so.<major>
// (see `soname`).

#[path = "build/curves.rs"]
mod curves;
#[path = "build/nvcc.rs"]
mod nvcc;

use std::path::PathBuf;

fn main() {
    let root =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    println!("cargo:rustc-check-cfg=cfg(gpukit_cuda)");
    for dir in ["cuda", "curves", "build"] {
        println!("cargo:rerun-if-changed={dir}");
    }
    nvcc::rerun_on_env();
    println!("cargo:rerun-if-env-changed=GPUKIT_REQUIRE_CUDA");
    soname();

    let toolchain = nvcc::find(&root);
    rerun_on_toolchain(&root, toolchain.as_ref().map(|t| t.nvcc.as_path()));
    let Some(toolchain) = toolchain else {
        if std::env::var_os("GPUKIT_REQUIRE_CUDA").is_some_and(|v| !v.is_empty() && v != "0") {
            panic!(
                "gpukit: GPUKIT_REQUIRE_CUDA is set but no nvcc was found (NVCC, CUDA_PATH, \
                 /usr/local/cuda, PATH, .toolchain; run scripts/setup.sh) or GPUKIT_NO_CUDA is set"
            );
        }
        println!(
            "cargo:warning=gpukit: no nvcc found (NVCC, CUDA_PATH, /usr/local/cuda, PATH, .toolchain) \
             or GPUKIT_NO_CUDA is set: building the CPU backends only"
        );
        return;
    };
    let release_archs = std::env::var_os("CARGO_FEATURE_RELEASE_ARCHS").is_some();
    let mut sources = vec![root.join("cuda/gpukit.cu")];
    sources.extend(instances());
    // The test-only fault injection (cuda/runtime/fault_injection.cuh).
    let defines: &[&str] = match std::env::var_os("CARGO_FEATURE_FAULT_INJECTION") {
        Some(_) => &["GPUKIT_FAULT_INJECTION"],
        None => &[],
    };
    toolchain.compile_each(release_archs, &root, &sources, defines, "gpukit_cuda");
    toolchain.link_runtime();
    println!("cargo:rustc-cfg=gpukit_cuda");
}

/// Writes one translation unit per curve of build/curves.rs into OUT_DIR,
/// each instantiating the CUDA pipeline for its curve, and returns their
/// paths. One unit per curve lets nvcc compile the curves in parallel
/// (`Toolchain::compile_each`); the sources include curves/ and cuda/
/// through the include path, the repository root.
fn instances() -> Vec<PathBuf> {
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    curves::CURVES
        .iter()
        .map(|curve| {
            let path = out_dir.join(format!("instance_{curve}.cu"));
            let source = format!(
                "// The CUDA pipeline instantiated for {curve} (see cuda/driver/curve_entries.cuh),\n\
                 // written by build.rs from build/curves.rs.\n\
                 #include \"curves/{curve}.cuh\"\n\
                 #include \"cuda/driver/curve_entries_impl.cuh\"\n\n\
                 template struct gpukit::curve_entries<gpukit::{curve}>;\n"
            );
            std::fs::write(&path, source).expect("OUT_DIR is writable");
            path
        })
        .collect()
}

/// Makes cargo rerun this script when an nvcc appears or disappears where
/// `nvcc::find` looks, and only then: a rerun with nvcc recompiles cuda/.
///
/// Cargo reruns a build script when a `rerun-if-changed` path is newer than
/// the script's last run (a folder: anything inside it), or is missing. So
/// only existing paths are named, each one small to scan:
/// - the project's toolchain: .toolchain/cuda/nvidia/cu13/bin, or, before
///   it exists, the deepest existing folder on the way. In a git checkout
///   (with scripts/setup.sh) an empty .toolchain is made here, so that
///   the first build, made before setup.sh installs nvcc into it, already
///   watches it. Its mtime is set in the past: a folder made during the run
///   would otherwise read as changed and cost one needless rerun. Never in
///   a packaged crate, whose source folder a build must not change.
/// - /usr/local/cuda/bin, when it exists.
/// - the nvcc found, wherever it is, so that removing it reruns.
///
/// NVCC, CUDA_PATH, PATH and GPUKIT_NO_CUDA are watched as variables
/// (`nvcc::rerun_on_env`). Not seen: a system CUDA that appears under
/// /usr/local/cuda, or on an unchanged PATH, after a build; `touch build.rs`
/// (or setting NVCC) makes cargo look again (README, "Building").
fn rerun_on_toolchain(root: &std::path::Path, found: Option<&std::path::Path>) {
    let toolchain = root.join(".toolchain");
    let checkout = root.join(".git").exists() && root.join("scripts/setup.sh").is_file();
    if checkout && !toolchain.exists() && std::fs::create_dir(&toolchain).is_ok() {
        if let Ok(dir) = std::fs::File::open(&toolchain) {
            let _ = dir.set_modified(std::time::SystemTime::UNIX_EPOCH);
        }
    }
    let wheel_bin = toolchain.join("cuda/nvidia/cu13/bin");
    if let Some(dir) = wheel_bin
        .ancestors()
        .take_while(|dir| dir.starts_with(&toolchain))
        .find(|dir| dir.is_dir())
    {
        println!("cargo:rerun-if-changed={}", dir.display());
    }
    let system = std::path::Path::new("/usr/local/cuda/bin");
    if system.is_dir() {
        println!("cargo:rerun-if-changed={}", system.display());
    }
    if let Some(nvcc) = found {
        println!("cargo:rerun-if-changed={}", nvcc.display());
    }
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
    let major =
        std::env::var("CARGO_PKG_VERSION_MAJOR").expect("cargo sets CARGO_PKG_VERSION_MAJOR");
    let soname = format!("libgpukit.so.{major}");
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,{soname}");
    #[cfg(unix)]
    {
        let out_dir = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
        let Some(profile_dir) = out_dir.ancestors().nth(3) else {
            return;
        };
        if out_dir
            .ancestors()
            .nth(2)
            .and_then(|b| b.file_name())
            .is_some_and(|b| b == "build")
        {
            let link = profile_dir.join(&soname);
            if std::fs::read_link(&link).is_err() {
                let _ = std::os::unix::fs::symlink("libgpukit.so", &link);
            }
        }
    }
}
