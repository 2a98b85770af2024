//! Builds the sppark peer (cargo feature `sppark`): one nvcc translation unit
//! per curve wrapping sppark's Pippenger, plus the CUDA device query, linked
//! with the static CUDA runtime. Without the feature nothing is compiled.
//! nvcc is found and driven by build/nvcc.rs, as for the library, and
//! builds for the library's architectures (feature `release-archs`, which
//! this package forwards to gpukit's).

// The sppark build needs one cc build with its own includes and defines,
// not the helper's per-file `compile_each`.
#[allow(dead_code)]
#[path = "../build/nvcc.rs"]
mod nvcc;

use std::env;
use std::path::PathBuf;
use std::process::Command;

/// sppark curves the bench compares against, by gpukit's snake name.
const SPPARK_CURVES: [&str; 3] = ["bn254_g1", "bls12_381_g1", "bls12_377_g1"];

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=cuda");
    nvcc::rerun_on_env();
    embed_git_commit();
    if env::var_os("CARGO_FEATURE_SPPARK").is_none() {
        return;
    }
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let repo = manifest.parent().unwrap().to_path_buf();
    let toolchain = nvcc::find(&repo).unwrap_or_else(|| {
        panic!(
            "feature `sppark` needs nvcc: set NVCC, CUDA_PATH, install /usr/local/cuda, put nvcc \
             on PATH, or run scripts/setup.sh (it installs {})",
            repo.join(".toolchain/cuda/nvidia/cu13/bin/nvcc").display()
        )
    });
    let release_archs = env::var_os("CARGO_FEATURE_RELEASE_ARCHS").is_some();
    let sppark_root =
        PathBuf::from(env::var("DEP_SPPARK_ROOT").expect("sppark's build sets DEP_SPPARK_ROOT"));
    let blst_src =
        PathBuf::from(env::var("DEP_BLST_C_SRC").expect("blst's build sets DEP_BLST_C_SRC"));

    let mut build = toolchain.build(release_archs);
    build
        .include(&sppark_root)
        .include(&blst_src)
        .include(manifest.join("cuda"))
        // Messages of sppark's cuda_error reach the report instead of a bare code.
        .define("TAKE_RESPONSIBILITY_FOR_ERROR_MESSAGE", None)
        .warnings(false);
    // sppark's host-side field arithmetic calls blst's mul_mont_384 & co.; a
    // blst built with __ADX__ exports only the mulx_* forms under those names,
    // so this code must see the same macro blst's build.rs chose.
    if blst_uses_adx() {
        build.define("__ADX__", None);
    }
    for curve in SPPARK_CURVES {
        build.file(manifest.join(format!("cuda/sppark_{curve}.cu")));
    }
    build.file(manifest.join("cuda/device_info.cu"));
    // sppark's own build compiles its GPU registry (all_gpus.cpp) only when it
    // found nvcc itself (NVCC or PATH); otherwise this build provides it.
    if env::var("DEP_SPPARK_TARGET").as_deref() != Ok("cuda") {
        build.file(sppark_root.join("util/all_gpus.cpp"));
    }
    build.compile("gpukit_bench_sppark");
    toolchain.link_runtime();
}

/// The commit the binary is built from, for the rows it writes: the GPU machine runs a carried binary without git.
fn embed_git_commit() {
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let commit = git(&["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=GPUKIT_BENCH_GIT_COMMIT={commit}");
    // A commit moves the worktree's HEAD log; rebuild to pick it up.
    if let Some(log) = git(&["rev-parse", "--git-path", "logs/HEAD"]) {
        println!("cargo:rerun-if-changed={log}");
    }
}

/// The same decision as blst 0.3's build.rs for x86_64: an explicit
/// target-cpu decides through the target features, otherwise the build host's
/// CPU does.
fn blst_uses_adx() -> bool {
    if env::var("CARGO_CFG_TARGET_ARCH").as_deref() != Ok("x86_64") {
        return false;
    }
    if env::var("CARGO_ENCODED_RUSTFLAGS")
        .unwrap_or_default()
        .contains("target-cpu=")
    {
        return env::var("CARGO_CFG_TARGET_FEATURE")
            .unwrap_or_default()
            .split(',')
            .any(|f| f == "adx");
    }
    host_has_adx()
}

#[cfg(target_arch = "x86_64")]
fn host_has_adx() -> bool {
    std::is_x86_feature_detected!("adx")
}

#[cfg(not(target_arch = "x86_64"))]
fn host_has_adx() -> bool {
    false
}
