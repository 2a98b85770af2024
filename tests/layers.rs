//! src/ is built in layers, each module importing only from its own layer
//! or the ones below (DESIGN.md "Layout"). This test holds the one written
//! order and reads every `crate::` path in src/*.rs: a module that reaches
//! up fails it, and so does a module missing from the order.

use std::collections::BTreeMap;
use std::path::Path;

/// The layers, lowest first: the modules of each (file names in src/;
/// `lib` is src/lib.rs, the safe API's free functions).
const LAYERS: &[(&str, &[&str])] = &[
    (
        "status and config values, allocation, thread pool, arkworks",
        &["error", "status", "config", "alloc", "pool", "ark"],
    ),
    (
        "curve list and wire format",
        &[
            "codec",
            "curve",
            "curve_list",
            "curves",
            "encoding",
            "tuning",
        ],
    ),
    ("backends", &["cpu", "gpu", "blind"]),
    ("planner", &["plan"]),
    ("driver", &["dispatch"]),
    (
        "safe API",
        &["lib", "bases", "batch", "ark_msm", "formats", "page_lock"],
    ),
    ("C ABI", &["ffi"]),
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS
        .iter()
        .position(|(_, modules)| modules.contains(&module))
}

/// Strips `//` comments (doc comments included: their examples use the
/// crate's public paths, which say nothing about imports).
fn code_only(source: &str) -> String {
    source
        .lines()
        .map(|line| line.find("//").map_or(line, |i| &line[..i]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first segment of every path `crate::X` / `$crate::X` in `code`, and
/// each name of a group `crate::{X, Y::Z}`.
fn crate_paths(code: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = Vec::new();
    for (i, _) in code.match_indices("crate::") {
        let before = code[..i].chars().last();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &code[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            out.extend(group.split(',').map(|s| ident(s.trim())));
        } else {
            out.push(ident(rest));
        }
    }
    out.retain(|s| !s.is_empty());
    out
}

/// Where a root name lives: a module file, a macro exported from one, an
/// item src/lib.rs re-exports from one (`$crate::CurveId` in a macro is
/// curve's), or else an item of src/lib.rs.
fn module_of(name: &str, roots: &BTreeMap<String, String>) -> String {
    if layer_of(name).is_some() {
        return name.to_string();
    }
    roots
        .get(name)
        .cloned()
        .unwrap_or_else(|| "lib".to_string())
}

/// The names that src/lib.rs re-exports, by module: `pub use m::{A, B};`
/// and `pub use m::A;`.
fn reexports(lib: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for statement in code_only(lib).split(';') {
        let Some(path) = statement.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, names)) = path.split_once("::").filter(|(m, _)| *m != "crate") else {
            continue;
        };
        let names = names.trim().trim_start_matches('{').trim_end_matches('}');
        for name in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            out.push((name.to_string(), module.trim().to_string()));
        }
    }
    out
}

/// Every upward import in `sources` (module name → source text).
fn upward_imports(sources: &BTreeMap<String, String>) -> Vec<String> {
    let mut roots: BTreeMap<String, String> = sources
        .get("lib")
        .map(|lib| reexports(lib).into_iter().collect())
        .unwrap_or_default();
    for (module, source) in sources {
        for (i, _) in source.match_indices("#[macro_export]") {
            let after = &source[i..];
            if let Some(j) = after.find("macro_rules!") {
                let name: String = after[j + "macro_rules!".len()..]
                    .trim_start()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                roots.insert(name, module.clone());
            }
        }
    }
    let mut faults = Vec::new();
    for (module, source) in sources {
        let Some(own) = layer_of(module) else {
            faults.push(format!("src/{module}.rs is in no layer of tests/layers.rs"));
            continue;
        };
        for name in crate_paths(&code_only(source)) {
            let target = module_of(&name, &roots);
            let theirs = layer_of(&target).expect("module_of names a layered module");
            if theirs > own {
                faults.push(format!(
                    "src/{module}.rs ({}) uses crate::{name} from {target} ({})",
                    LAYERS[own].0, LAYERS[theirs].0
                ));
            }
        }
    }
    faults
}

/// Every module's source: src/X.rs, and src/X/**.rs joined under X (a
/// module folder is one module of one layer).
fn sources() -> BTreeMap<String, String> {
    fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("read a source folder") {
            let path = entry.expect("dir entry").path();
            if path.is_dir() {
                rust_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut sources = BTreeMap::<String, String>::new();
    for path in files {
        let relative = path.strip_prefix(&src).expect("under src/");
        let first = relative.components().next().expect("a file name");
        let module = Path::new(first.as_os_str())
            .file_stem()
            .expect("a module name")
            .to_string_lossy()
            .into_owned();
        let text = std::fs::read_to_string(&path).expect("read module");
        sources.entry(module).or_default().push_str(&text);
    }
    sources
}

#[test]
fn no_module_imports_from_a_layer_above() {
    let faults = upward_imports(&sources());
    assert!(faults.is_empty(), "upward imports:\n{}", faults.join("\n"));
}

#[test]
fn the_check_sees_an_upward_import() {
    let mut sources = sources();
    sources
        .get_mut("curve")
        .unwrap()
        .push_str("\nuse crate::dispatch::msm_wire;\n");
    sources
        .get_mut("cpu")
        .unwrap()
        .push_str("\nfn f() { crate::{plan::plan, error::Error}; }\n");
    let faults = upward_imports(&sources);
    assert!(faults
        .iter()
        .any(|f| f.contains("src/curve.rs") && f.contains("dispatch")));
    assert!(faults
        .iter()
        .any(|f| f.contains("src/cpu.rs") && f.contains("plan")));
    assert_eq!(faults.len(), 2, "{faults:#?}");
}
