//! The curve list is registry.toml; gpukit-gen writes every language's copy
//! from it, and its `--check` (scripts/test.sh's lint step) fails when one
//! is stale. This test reads the registry and checks what `cargo test`
//! builds against it — `gpukit::CurveId`, and every generated copy: same
//! names, same ids, same order — and that each curve has its known-answer
//! file, so that a curve added without one fails here rather than at run
//! time.

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
        "{path}: its curve list differs from gpukit::CurveId's"
    );
}

/// The `[[curve]]` tables of registry.toml, in file order.
fn registry_curves() -> Vec<toml::Table> {
    let registry: toml::Table = read("registry.toml").parse().expect("registry.toml parses");
    registry["curve"]
        .as_array()
        .expect("[[curve]] tables")
        .iter()
        .map(|c| c.as_table().expect("a table").clone())
        .collect()
}

#[test]
fn curve_ids_are_the_registry() {
    let curves = registry_curves();
    assert_eq!(
        curves.len(),
        CurveId::ALL.len(),
        "registry.toml's curve count"
    );
    for (c, entry) in CurveId::ALL.iter().zip(&curves) {
        let int = |key: &str| entry[key].as_integer().expect(key);
        let text = |key: &str| entry[key].as_str().expect(key).to_string();
        assert_eq!(i64::from(*c as u8), int("id"), "{c:?} id");
        assert_eq!(c.name(), text("name"), "{c:?} name");
        assert_eq!(format!("{c:?}"), text("marker"), "{c:?} marker");
        assert_eq!(c.display_name(), text("display"), "{c:?} display");
        assert_eq!(
            c.point_bytes() as i64,
            int("point_bytes"),
            "{c:?} point_bytes"
        );
        assert_eq!(
            i64::from(c.scalar_bits()),
            int("scalar_bits"),
            "{c:?} scalar_bits"
        );
        assert_eq!(
            i64::from(c.max_window()),
            int("max_window"),
            "{c:?} max_window"
        );
        assert!(
            c.max_window() <= gpukit::MAX_WINDOW,
            "{c:?} above MAX_WINDOW"
        );
    }
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
    // The tags: `struct <name> {};` in each curve's header.
    for c in CurveId::ALL {
        let path = format!("curves/{}.cuh", c.name());
        let tag = format!("\nstruct {} {{}};\n", c.name());
        assert!(
            read(&path).contains(&tag),
            "{path}: no tag `{}`",
            tag.trim()
        );
    }
}

#[test]
fn c_tests_curve_list() {
    let path = "ctests/curves.h";
    let text = read(path);
    let list = block(&text, "#define CTEST_CURVES(X)", path);
    assert_list(path, names_after(list, "X("));
    for (c, entry) in CurveId::ALL.iter().zip(registry_curves()) {
        let edwards = entry["form"].as_str() == Some("twisted_edwards");
        let line = format!(
            "X({}, GPUKIT_CURVE_{}, {})",
            c.name(),
            c.name().to_ascii_uppercase(),
            u8::from(edwards)
        );
        assert!(list.contains(&line), "{path}: no `{line}`");
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
    let path = "bindings/go/curves.go";
    let text = read(path);
    let names = block(&text, "var curveNames = map[Curve]string{", path);
    assert_list(path, names_after(names, "\""));
    let ids = block(&text, "const (", path);
    let uppers: Vec<String> = names_after(ids, "C.GPUKIT_CURVE_")
        .iter()
        .map(|s| s.to_ascii_lowercase())
        .collect();
    assert_list(path, uppers);
}

#[test]
fn cuda_tests_and_build_scripts_curve_lists() {
    let path = "cuda/tests/tests/common/curves.rs";
    assert_list(
        path,
        names_after(
            block(&read(path), "macro_rules! for_each_curve", path),
            "$m!(",
        ),
    );
    let path = "build/curves.rs";
    assert_list(
        path,
        names_after(block(&read(path), "pub const CURVES", path), "\""),
    );
}

#[test]
fn every_curve_has_its_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut missing = Vec::new();
    for c in CurveId::ALL {
        for file in [
            format!("curves/{}.cuh", c.name()),
            format!("tests/kat/{}.kat", c.name()),
        ] {
            if !root.join(&file).is_file() {
                missing.push(file);
            }
        }
    }
    assert!(missing.is_empty(), "missing per-curve files: {missing:?}");
}
