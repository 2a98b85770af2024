// Finding and driving nvcc, shared by the build scripts of `gpukit`,
// `gpukit-cuda-tests` and `gpukit-bench` (each includes this file with
// `#[path]`), so that all three build for the same architectures.
//
// Search order: $NVCC, $CUDA_PATH/bin, /usr/local/cuda/bin, every PATH
// entry, then the project's own toolchain, <repo>/.toolchain/cuda/nvidia/cu13/bin
// (the PyPI wheels that scripts/setup.sh installs). GPUKIT_NO_CUDA=1 hides
// every nvcc, forcing the CPU-only build.

use std::env;
use std::path::{Path, PathBuf};

/// Environment variables whose change must re-run a build script.
pub const ENV_VARS: &[&str] = &[
    "NVCC",
    "CUDA_PATH",
    "PATH",
    "GPUKIT_NO_CUDA",
    "LIBRARY_PATH",
];

pub struct Toolchain {
    pub nvcc: PathBuf,
    /// The folder holding libcudart_static.a.
    pub lib_dir: PathBuf,
}

fn cuda_disabled() -> bool {
    matches!(env::var("GPUKIT_NO_CUDA"), Ok(v) if !v.is_empty() && v != "0")
}

fn candidates(repo_root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Some(nvcc) = env::var_os("NVCC") {
        let nvcc = PathBuf::from(nvcc);
        // A bare name ("nvcc") is looked up on PATH below, like a shell would.
        if nvcc.components().count() > 1 {
            out.push(nvcc);
        }
    }
    if let Some(cuda) = env::var_os("CUDA_PATH") {
        out.push(PathBuf::from(cuda).join("bin/nvcc"));
    }
    out.push(PathBuf::from("/usr/local/cuda/bin/nvcc"));
    if let Some(path) = env::var_os("PATH") {
        out.extend(env::split_paths(&path).map(|dir| dir.join("nvcc")));
    }
    out.push(repo_root.join(".toolchain/cuda/nvidia/cu13/bin/nvcc"));
    out
}

/// The CUDA runtime's static library: a system install keeps it in lib64/
/// (or targets/<arch>-linux/lib), the PyPI wheel in lib/.
fn find_lib_dir(nvcc: &Path) -> Option<PathBuf> {
    let root = nvcc.parent()?.parent()?;
    [
        "lib64",
        "lib",
        "targets/x86_64-linux/lib",
        "targets/sbsa-linux/lib",
    ]
    .iter()
    .map(|sub| root.join(sub))
    .find(|dir| dir.join("libcudart_static.a").is_file())
}

/// The first usable nvcc (with its runtime library folder), or None.
pub fn find(repo_root: &Path) -> Option<Toolchain> {
    if cuda_disabled() {
        return None;
    }
    candidates(repo_root)
        .into_iter()
        .filter(|p| p.is_file())
        .find_map(|nvcc| {
            let lib_dir = find_lib_dir(&nvcc)?;
            let nvcc = nvcc.canonicalize().unwrap_or(nvcc);
            Some(Toolchain { nvcc, lib_dir })
        })
}

/// The -gencode flags: sm_90 cubin by default; with `release` also sm_80,
/// sm_86, sm_89 cubins and compute_90 PTX for GPUs newer than Hopper.
pub fn arch_flags(release: bool) -> Vec<String> {
    let mut archs = vec!["arch=compute_90,code=sm_90"];
    if release {
        archs.extend([
            "arch=compute_80,code=sm_80",
            "arch=compute_86,code=sm_86",
            "arch=compute_89,code=sm_89",
            "arch=compute_90,code=compute_90",
        ]);
    }
    archs
        .into_iter()
        .flat_map(|a| ["-gencode".to_string(), a.to_string()])
        .collect()
}

impl Toolchain {
    /// A cc::Build that runs this nvcc in CUDA mode. The runtime is linked by
    /// `link_runtime`, not by cc (whose guess of the library folder misses
    /// the wheel's lib/).
    pub fn build(&self, release_archs: bool) -> cc::Build {
        // The device-link step that cc runs looks for libraries through
        // LIBRARY_PATH; the wheel's nvcc would otherwise search lib64/ only.
        let lib = self.lib_dir.display().to_string();
        let library_path = match env::var("LIBRARY_PATH") {
            Ok(old) if !old.is_empty() => format!("{lib}:{old}"),
            _ => lib,
        };
        env::set_var("LIBRARY_PATH", library_path);
        // cc recognises nvcc only when it is named through NVCC: handed over as
        // `.compiler(..)` it is treated as gcc and given gcc-only flags
        // ("nvcc fatal: Unknown option '-ffunction-sections'").
        env::set_var("NVCC", &self.nvcc);
        let mut b = cc::Build::new();
        // Optimised in every profile: with debug info on (dev and test
        // profiles) cc would pass nvcc -G, which turns off all device
        // optimisation, so debug builds would time and test other code.
        b.cuda(true)
            .cudart("none")
            .cpp_link_stdlib(None)
            .debug(false)
            .opt_level(3)
            .flag("-std=c++17")
            .flags(arch_flags(release_archs));
        b
    }

    /// Compiles each CUDA source on its own (in parallel threads) and
    /// archives the objects into one static library `lib_name`.
    ///
    /// One nvcc per file, not one cc build of all files: cc compiles
    /// several CUDA files as relocatable device code (`--device-c`), and
    /// then a kernel that calls an out-of-line device function (the rare
    /// exceptional doubling inside the mixed addition) learns the callee's
    /// register needs only at the device link, which raised the BN254
    /// accumulation kernel from 95 to 164 registers (3 resident blocks per
    /// SM instead of 5). Whole-program compilation lets ptxas allocate
    /// registers over the kernel and its callees together. No source calls
    /// device code of another, so nothing needs a device link. `defines` are
    /// preprocessor symbols defined for every source.
    pub fn compile_each(
        &self,
        release_archs: bool,
        include: &Path,
        sources: &[PathBuf],
        defines: &[&str],
        lib_name: &str,
    ) {
        let objects: Vec<PathBuf> = std::thread::scope(|scope| {
            let jobs: Vec<_> = sources
                .iter()
                .map(|src| {
                    scope.spawn(move || {
                        let mut build = self.build(release_archs);
                        for define in defines {
                            build.define(define, None);
                        }
                        build.include(include).file(src).compile_intermediates()
                    })
                })
                .collect();
            jobs.into_iter()
                .flat_map(|job| job.join().expect("an nvcc job panicked"))
                .collect()
        });
        cc::Build::new()
            .cpp_link_stdlib(None)
            .objects(objects)
            .compile(lib_name);
    }

    /// Links the CUDA runtime and libstdc++ statically, so a binary carried to
    /// another machine needs only glibc and libgcc_s there; the runtime finds
    /// the driver (libcuda) with dlopen at run time, so the binary loads
    /// where no driver exists.
    pub fn link_runtime(&self) {
        println!("cargo:rustc-link-search=native={}", self.lib_dir.display());
        println!("cargo:rustc-link-lib=static=cudart_static");
        link_static_libstdcxx();
        for lib in ["rt", "dl", "pthread"] {
            println!("cargo:rustc-link-lib=dylib={lib}");
        }
    }
}

/// libstdc++.a from the host C++ compiler's own installation, so that a
/// binary carried to another machine needs only glibc and libgcc_s there.
pub fn link_static_libstdcxx() {
    let cxx = env::var("CXX").unwrap_or_else(|_| "g++".to_string());
    let out = std::process::Command::new(&cxx)
        .arg("-print-file-name=libstdc++.a")
        .output();
    let path = out
        .ok()
        .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()));
    match path.as_deref().and_then(Path::parent) {
        Some(dir) if path.as_ref().is_some_and(|p| p.is_absolute()) => {
            println!("cargo:rustc-link-search=native={}", dir.display());
            println!("cargo:rustc-link-lib=static=stdc++");
        }
        _ => println!("cargo:rustc-link-lib=dylib=stdc++"),
    }
}

pub fn rerun_on_env() {
    for var in ENV_VARS {
        println!("cargo:rerun-if-env-changed={var}");
    }
}
