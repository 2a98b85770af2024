//! include/gpukit.h: cbindgen's reading of src/ (the C ABI of src/ffi.rs,
//! the status codes of src/status.rs), plus what cbindgen cannot see: the
//! version macros (from Cargo.toml) and the per-curve lines (the ids and the
//! `gpukit_<curve>_msm` prototypes that a Rust macro stamps out).

use crate::registry::Registry;
use std::path::Path;

/// The crate's version from Cargo.toml, as (major, minor, patch, full).
fn version(root: &Path) -> Result<[String; 4], String> {
    let manifest =
        std::fs::read_to_string(root.join("Cargo.toml")).map_err(|e| format!("Cargo.toml: {e}"))?;
    let table: toml::Table = toml::from_str(&manifest).map_err(|e| format!("Cargo.toml: {e}"))?;
    let full = table
        .get("package")
        .and_then(|p| p.get("version"))
        .and_then(|v| v.as_str())
        .ok_or("Cargo.toml: no package.version")?;
    let core = full.split(['-', '+']).next().unwrap_or(full);
    match core.split('.').collect::<Vec<_>>()[..] {
        [major, minor, patch] => Ok([major.into(), minor.into(), patch.into(), full.into()]),
        _ => Err(format!(
            "Cargo.toml: version {full} is not MAJOR.MINOR.PATCH"
        )),
    }
}

fn after_include(reg: &Registry, root: &Path) -> Result<String, String> {
    let [major, minor, patch, full] = version(root)?;
    let mut s = format!(
        "/* The version of gpukit this header belongs to (gpukit_version() gives the library's). */\n\
         #define GPUKIT_VERSION_MAJOR {major}\n#define GPUKIT_VERSION_MINOR {minor}\n#define GPUKIT_VERSION_PATCH {patch}\n\
         #define GPUKIT_VERSION_STRING \"{full}\"\n\n\
         /* Curve ids (ABI: never renumber) */\n"
    );
    for c in &reg.curve {
        s += &format!("#define GPUKIT_CURVE_{} {}\n", c.upper(), c.id);
    }
    s += "\n#ifdef __cplusplus\nextern \"C\" {\n#endif\n";
    for c in &reg.curve {
        s += &format!(
            "\n/* gpukit_pippenger_msm for {}: point_bytes = {}. */\n\
             int gpukit_{}_msm(const uint8_t *points, const uint8_t *scalars, uint8_t *out, uint32_t n, uint32_t window_c);\n",
            c.display, c.point_bytes, c.name
        );
    }
    Ok(s + "\n#ifdef __cplusplus\n}  /* extern \"C\" */\n#endif\n")
}

/// The header, from src/ as it is on disk now.
pub fn header(reg: &Registry, root: &Path) -> Result<String, String> {
    let config = cbindgen::Config::from_file(root.join("cbindgen.toml"))?;
    let mut out = Vec::new();
    cbindgen::Builder::new()
        .with_config(config)
        .with_src(root.join("src/lib.rs"))
        .with_after_include(after_include(reg, root)?)
        .generate()
        .map_err(|e| format!("cbindgen: {e}"))?
        .write(&mut out);
    String::from_utf8(out).map_err(|e| format!("cbindgen wrote non-UTF-8: {e}"))
}
