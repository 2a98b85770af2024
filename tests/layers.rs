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
        &["error", "config", "alloc", "pool", "ark"],
    ),
    (
        "curve list and wire format",
        &["codec", "curve", "curves", "encoding", "tuning"],
    ),
    ("backends", &["cpu", "gpu", "blind"]),
    ("planner", &["plan"]),
    ("driver", &["dispatch"]),
    ("safe API", &["lib", "bases", "ark_msm"]),
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

/// Where a root name lives: a module file, a macro exported from one, or
/// else an item of src/lib.rs.
fn module_of(name: &str, macros: &BTreeMap<String, String>) -> String {
    if layer_of(name).is_some() {
        return name.to_string();
    }
    macros
        .get(name)
        .cloned()
        .unwrap_or_else(|| "lib".to_string())
}

/// Every upward import in `sources` (module name → source text).
fn upward_imports(sources: &BTreeMap<String, String>) -> Vec<String> {
    let mut macros = BTreeMap::new();
    for (module, source) in sources {
        for (i, _) in source.match_indices("#[macro_export]") {
            let after = &source[i..];
            if let Some(j) = after.find("macro_rules!") {
                let name: String = after[j + "macro_rules!".len()..]
                    .trim_start()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                macros.insert(name, module.clone());
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
            let target = module_of(&name, &macros);
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

fn sources() -> BTreeMap<String, String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    std::fs::read_dir(&src)
        .expect("read src/")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| {
            let module = p.file_stem().unwrap().to_string_lossy().into_owned();
            (module, std::fs::read_to_string(&p).expect("read module"))
        })
        .collect()
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
