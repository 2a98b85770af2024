//! The status codes are listed once, in registry.toml, and generated into
//! Rust (src/status.rs: `gpukit::Status`, its texts, the `GPUKIT_*`
//! constants that cbindgen writes into include/gpukit.h) and CUDA
//! (cuda/runtime/status_codes.cuh). Besides gpukit-gen's staleness check, this test
//! compares the copies: each `STATUS_<NAME> = <code>` of the CUDA enum and
//! each `#define` of the header must be the Rust status of that name.

use gpukit::Status;
use std::path::Path;

/// `PointNotOnCurve` → `POINT_NOT_ON_CURVE`.
fn screaming(variant: &str) -> String {
    let mut out = String::new();
    for (i, c) in variant.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// The Rust statuses by their C spelling (`NULL_POINTER`, `OK`, ...).
fn rust_codes() -> Vec<(String, i32)> {
    Status::ALL
        .iter()
        .map(|s| (screaming(&format!("{s:?}")), s.code()))
        .collect()
}

fn source(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).expect(path)
}

#[test]
fn cuda_status_codes_are_the_rust_ones() {
    let cuh = source("cuda/runtime/status_codes.cuh");
    let rust = rust_codes();
    let start = cuh.find("enum status_code").expect("enum status_code");
    let body = &cuh[start..start + cuh[start..].find("};").expect("end of the enum")];
    let mut seen = 0;
    for line in body.lines() {
        let line = line.trim();
        let Some(rest) = line.strip_prefix("STATUS_") else {
            continue;
        };
        let (name, value) = rest.split_once('=').expect("STATUS_<NAME> = <code>,");
        let (name, value) = (name.trim(), value.trim().trim_end_matches(','));
        let value: i32 = value.parse().expect("a literal code");
        let want = rust.iter().find(|(n, _)| n == name);
        assert_eq!(
            want.map(|(_, c)| *c),
            Some(value),
            "cuda/runtime/status_codes.cuh: STATUS_{name} = {value} is not gpukit::Status's"
        );
        seen += 1;
    }
    assert_eq!(
        seen,
        rust.len(),
        "cuda/runtime/status_codes.cuh lists every status"
    );
}

#[test]
fn header_status_codes_are_the_rust_ones() {
    let header = source("include/gpukit.h");
    for (name, code) in rust_codes() {
        let define = match name.as_str() {
            "OK" => "#define GPUKIT_OK ".to_string(),
            _ => format!("#define GPUKIT_ERR_{name} "),
        };
        assert!(
            header.contains(&format!("{define}{code}\n")),
            "include/gpukit.h lacks `{define}{code}`"
        );
    }
}
