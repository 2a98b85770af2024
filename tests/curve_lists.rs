//! The curve list is `gpukit::CurveId` (src/curve.rs's `for_each_curve!`).
//! The languages and folders that cannot read it keep their own copy; this
//! test checks every copy against it — same names, same ids, same order —
//! and that each curve has its per-curve files, so that adding a curve
//! fails here with the list of what is missing rather than at run time.

use gpukit::CurveId;
use std::path::Path;

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The part of `text` from `start` to the first empty line after it.
fn block<'a>(text: &'a str, start: &str, path: &str) -> &'a str {
    let i = text
        .find(start)
        .unwrap_or_else(|| panic!("{path}: no `{start}`"));
    let rest = &text[i..];
    &rest[..rest.find("\n\n").unwrap_or(rest.len())]
}

/// Every word that follows `open` in `text`, up to the first character
/// that is not part of a name.
fn names_after(text: &str, open: &str) -> Vec<String> {
    text.match_indices(open)
        .map(|(i, _)| {
            text[i + open.len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect::<String>()
        })
        .filter(|name| !name.is_empty())
        .collect()
}

fn rust_names() -> Vec<String> {
    CurveId::ALL.iter().map(|c| c.name().to_string()).collect()
}

fn assert_list(path: &str, found: Vec<String>) {
    assert_eq!(
        found,
        rust_names(),
        "{path}: its curve list differs from gpukit::CurveId's (src/curve.rs)"
    );
}

#[test]
fn cuda_curve_list() {
    let path = "curves/all.cuh";
    let text = read(path);
    let list = block(&text, "#define GPUKIT_CURVES(X)", path);
    let pairs: Vec<String> = names_after(list, "X(");
    assert_list(path, pairs);
    for c in CurveId::ALL {
        assert!(
            list.contains(&format!("X({}, {})", c.name(), *c as u8)),
            "{path}: {} should have id {}",
            c.name(),
            *c as u8
        );
    }
    // The tags: one `struct <name> {};` line each.
    let path = "cuda/curve_traits.cuh";
    let tags = read(path)
        .lines()
        .filter_map(|l| l.trim().strip_prefix("struct ")?.strip_suffix(" {};"))
        .map(str::to_string)
        .collect();
    assert_list(path, tags);
}

#[test]
fn c_tests_curve_list() {
    let path = "ctests/kat.h";
    let text = read(path);
    let list = block(&text, "#define CTEST_CURVES(X)", path);
    assert_list(path, names_after(list, "X("));
    for c in CurveId::ALL {
        assert!(
            list.contains(&format!(
                "X({}, GPUKIT_CURVE_{})",
                c.name(),
                c.name().to_ascii_uppercase()
            )),
            "{path}: {} should be GPUKIT_CURVE_{}",
            c.name(),
            c.name().to_ascii_uppercase()
        );
    }
    assert!(
        text.contains(&format!(
            "#define CTEST_CURVE_COUNT {}\n",
            CurveId::ALL.len()
        )),
        "{path}: CTEST_CURVE_COUNT is not {}",
        CurveId::ALL.len()
    );
}

#[test]
fn go_curve_list() {
    let path = "bindings/go/gpukit.go";
    let text = read(path);
    let names = block(&text, "var curveNames = map[Curve]string{", path);
    assert_list(path, names_after(names, "\""));
    let ids = block(&text, "const (\n\tBN254G1", path);
    let uppers: Vec<String> = names_after(ids, "C.GPUKIT_CURVE_")
        .iter()
        .map(|s| s.to_ascii_lowercase())
        .collect();
    assert_list(path, uppers);
}

#[test]
fn cuda_tests_curve_list() {
    let path = "cuda/tests/tests/common/mod.rs";
    assert_list(
        path,
        names_after(
            block(&read(path), "macro_rules! for_each_curve", path),
            "$m!(",
        ),
    );
    let path = "cuda/tests/build.rs";
    assert_list(
        path,
        names_after(&read(path), "\"shim/device_")
            .into_iter()
            .filter(|n| n != "shim")
            .collect(),
    );
}

#[test]
fn every_curve_has_its_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut missing = Vec::new();
    for c in CurveId::ALL {
        for file in [
            format!("curves/{}.cuh", c.name()),
            format!("cuda/instances/{}.cu", c.name()),
            format!("cuda/tests/shim/device_{}.cu", c.name()),
            format!("tests/kat/{}.kat", c.name()),
        ] {
            if !root.join(&file).is_file() {
                missing.push(file);
            }
        }
    }
    assert!(missing.is_empty(), "missing per-curve files: {missing:?}");
}
