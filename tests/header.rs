//! include/gpukit.h is cbindgen's output for src/ffi.rs plus the lines that
//! cbindgen cannot see: the version macros (from Cargo.toml's version) and
//! the per-curve lines (curve ids and `gpukit_<curve>_msm` prototypes) that
//! the curve list generates. This test regenerates it and fails if the
//! checked-in file differs. Rewrite the file with
//! `GPUKIT_REGENERATE_HEADER=1 cargo test --test header`.

use gpukit::CurveId;
use std::path::Path;
use std::process::Command;

/// The version of the crate the header was generated from; a program
/// compares them with `gpukit_version()` of the library it loads.
fn version_lines() -> String {
    format!(
        "/* The version of gpukit this header belongs to (gpukit_version() gives the library's). */\n\
         #define GPUKIT_VERSION_MAJOR {}\n#define GPUKIT_VERSION_MINOR {}\n#define GPUKIT_VERSION_PATCH {}\n\
         #define GPUKIT_VERSION_STRING \"{}\"\n\n",
        env!("CARGO_PKG_VERSION_MAJOR"),
        env!("CARGO_PKG_VERSION_MINOR"),
        env!("CARGO_PKG_VERSION_PATCH"),
        env!("CARGO_PKG_VERSION"),
    )
}

fn per_curve_lines() -> String {
    let mut s = String::from("/* Curve ids (ABI: never renumber) */\n");
    for &c in CurveId::ALL {
        s += &format!(
            "#define GPUKIT_CURVE_{} {}\n",
            c.name().to_ascii_uppercase(),
            c as u8
        );
    }
    s += "\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n";
    for &c in CurveId::ALL {
        s += &format!(
            "\n/* gpukit_pippenger_msm for {}: point_bytes = {}. */\n\
             int gpukit_{}_msm(const uint8_t *points, const uint8_t *scalars, uint8_t *out, uint32_t n, uint32_t window_c);\n",
            c.display_name(),
            c.point_bytes(),
            c.name()
        );
    }
    s += "\n#ifdef __cplusplus\n}  /* extern \"C\" */\n#endif\n";
    s
}

fn generate() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(root.join("cbindgen.toml")).expect("cbindgen.toml");
    let mut out = Vec::new();
    cbindgen::Builder::new()
        .with_config(config)
        .with_src(root.join("src/lib.rs"))
        .with_after_include(version_lines() + &per_curve_lines())
        .generate()
        .expect("cbindgen parses src/")
        .write(&mut out);
    String::from_utf8(out).expect("utf-8 header")
}

#[test]
fn header_is_up_to_date() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("include/gpukit.h");
    let fresh = generate();
    if std::env::var_os("GPUKIT_REGENERATE_HEADER").is_some() {
        std::fs::write(&path, &fresh).expect("write include/gpukit.h");
        return;
    }
    let checked_in = std::fs::read_to_string(&path).expect("read include/gpukit.h");
    assert!(
        checked_in == fresh,
        "include/gpukit.h is stale: run GPUKIT_REGENERATE_HEADER=1 cargo test --test header"
    );
}

#[test]
fn version_matches_the_crate() {
    // SAFETY: gpukit_version returns a static NUL-terminated string.
    let v = unsafe { std::ffi::CStr::from_ptr(gpukit::ffi::gpukit_version()) };
    assert_eq!(v.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
    let header =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("include/gpukit.h"))
            .unwrap();
    for (name, value) in [
        ("MAJOR", env!("CARGO_PKG_VERSION_MAJOR")),
        ("MINOR", env!("CARGO_PKG_VERSION_MINOR")),
        ("PATCH", env!("CARGO_PKG_VERSION_PATCH")),
    ] {
        assert!(
            header.contains(&format!("#define GPUKIT_VERSION_{name} {value}\n")),
            "GPUKIT_VERSION_{name}"
        );
    }
}

#[test]
fn header_compiles_as_c99() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("include/gpukit.h");
    let Ok(status) = Command::new("cc")
        .args([
            "-std=c99",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-pedantic",
            "-fsyntax-only",
            "-x",
            "c",
        ])
        .arg(&path)
        .status()
    else {
        eprintln!("no C compiler (cc) on PATH: skipping the C99 syntax check");
        return;
    };
    assert!(status.success(), "include/gpukit.h does not compile as C99");
}
