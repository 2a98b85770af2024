//! gpukit-gen: writes every file that lists gpukit's curves or status codes
//! from the one registry, registry.toml.
//!
//!     cargo run --release -p gpukit-gen              rewrite the files
//!     cargo run --release -p gpukit-gen -- --check   fail if one is stale
//!
//! Whole files: curves/ (fields.cuh, one <curve>.cuh per curve, all.cuh —
//! the folder holds nothing else), cuda/runtime/status_codes.cuh, src/curve_list.rs,
//! src/ark.rs, src/status.rs, build/curves.rs, cuda/tests/tests/common/curves.rs,
//! ctests/curves.h, ctests/tools/invalid_inputs/src/curves.rs,
//! bindings/go/{curves.go, status.go, curves_test.go}, and include/gpukit.h
//! (cbindgen over src/, once the Rust files are current). Regions between
//! `gpukit-gen: begin <tag>` / `end <tag>` markers: include/gpukit.hpp
//! (curves, statuses), ctests/consumer/main.cpp (curves), README.md (curves).
//!
//! The per-curve CUDA translation units are not here: build.rs and
//! cuda/tests/build.rs write them into OUT_DIR from build/curves.rs.

mod c;
mod cuda;
mod docs;
mod glv;
mod go;
mod header;
mod num;
mod registry;
mod rust;
mod text;

use registry::Registry;
use std::io::Write as _;
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};

/// How an output is finished before it is compared or written: as the
/// repository's formatters would leave it, so that `cargo fmt --check` and
/// `gofmt -l` agree with the generator.
#[derive(Clone, Copy)]
enum Format {
    Plain,
    Rust,
    Go,
}

/// Pipes `text` through a formatter.
fn run_formatter(program: &str, args: &[&str], text: &str) -> Result<String, String> {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{program}: {e}"))?;
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = text.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child
        .wait_with_output()
        .map_err(|e| format!("{program}: {e}"))?;
    writer
        .join()
        .expect("the writer thread does not panic")
        .map_err(|e| format!("{program}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{program} failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("{program}: {e}"))
}

fn finish(text: String, format: Format) -> Result<String, String> {
    match format {
        Format::Plain => Ok(text),
        Format::Rust => run_formatter("rustfmt", &["--edition", "2021"], &text),
        Format::Go => run_formatter("gofmt", &[], &text),
    }
}

/// Every output but the header, as (path from the root, contents).
fn outputs(reg: &Registry, root: &Path) -> Result<Vec<(String, String)>, String> {
    let mut files: Vec<(String, String, Format)> = vec![
        (
            "curves/fields.cuh".into(),
            cuda::fields(reg)?,
            Format::Plain,
        ),
        ("curves/all.cuh".into(), cuda::all(reg), Format::Plain),
        (
            "cuda/runtime/status_codes.cuh".into(),
            cuda::status_codes(reg),
            Format::Plain,
        ),
        (
            "src/curve_list.rs".into(),
            rust::curve_list(reg),
            Format::Rust,
        ),
        ("src/ark.rs".into(), rust::ark(reg), Format::Rust),
        ("src/status.rs".into(), rust::status(reg), Format::Rust),
        (
            "build/curves.rs".into(),
            rust::build_curves(reg),
            Format::Rust,
        ),
        (
            "cuda/tests/tests/common/curves.rs".into(),
            rust::cuda_tests(reg),
            Format::Rust,
        ),
        (
            "ctests/curves.h".into(),
            c::ctests_curves(reg),
            Format::Plain,
        ),
        (
            "ctests/tools/invalid_inputs/src/curves.rs".into(),
            rust::invalid_inputs(reg),
            Format::Rust,
        ),
        ("bindings/go/curves.go".into(), go::curves(reg), Format::Go),
        ("bindings/go/status.go".into(), go::status(reg), Format::Go),
        (
            "bindings/go/curves_test.go".into(),
            go::curves_test(reg),
            Format::Go,
        ),
    ];
    for curve in &reg.curve {
        files.push((
            format!("curves/{}.cuh", curve.name),
            cuda::curve(reg, curve)?,
            Format::Plain,
        ));
    }
    let regions: [(&str, &[(&str, String)]); 3] = [
        (
            "include/gpukit.hpp",
            &[
                ("curves", c::hpp_curves(reg)),
                ("statuses", c::hpp_statuses(reg)),
            ],
        ),
        (
            "ctests/consumer/main.cpp",
            &[("curves", c::consumer_curves(reg))],
        ),
        ("README.md", &[("curves", docs::readme_curves(reg)?)]),
    ];
    for (path, parts) in regions {
        let mut text = read(root, path)?;
        for (tag, body) in parts {
            text = text::replace_region(&text, tag, body).map_err(|e| format!("{path}: {e}"))?;
        }
        files.push((path.into(), text, Format::Plain));
    }
    files
        .into_iter()
        .map(|(path, text, format)| Ok((path, finish(text, format)?)))
        .collect()
}

fn read(root: &Path, path: &str) -> Result<String, String> {
    std::fs::read_to_string(root.join(path)).map_err(|e| format!("{path}: {e}"))
}

/// Files in curves/ that no output names: a curve's header left behind
/// after its registry entry went.
fn strays(root: &Path, outputs: &[(String, String)]) -> Result<Vec<String>, String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(root.join("curves")).map_err(|e| format!("curves/: {e}"))? {
        let name = entry.map_err(|e| format!("curves/: {e}"))?.file_name();
        let path = format!("curves/{}", name.to_string_lossy());
        if !outputs.iter().any(|(p, _)| *p == path) {
            found.push(path);
        }
    }
    Ok(found)
}

/// Writes (or, with `check`, compares) each output; returns the stale paths.
fn settle(root: &Path, outputs: &[(String, String)], check: bool) -> Result<Vec<String>, String> {
    let mut stale = Vec::new();
    for (path, text) in outputs {
        if std::fs::read_to_string(root.join(path)).ok().as_deref() == Some(text.as_str()) {
            continue;
        }
        stale.push(path.clone());
        if !check {
            std::fs::write(root.join(path), text).map_err(|e| format!("{path}: {e}"))?;
        }
    }
    Ok(stale)
}

fn run(check: bool) -> Result<bool, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let reg = Registry::parse(&read(&root, "registry.toml")?)
        .map_err(|e| format!("registry.toml: {e}"))?;
    let outputs = outputs(&reg, &root)?;
    let mut stale = settle(&root, &outputs, check)?;
    for stray in strays(&root, &outputs)? {
        if !check {
            std::fs::remove_file(root.join(&stray)).map_err(|e| format!("{stray}: {e}"))?;
        }
        stale.push(format!("{stray} (not in the registry: removed)"));
    }
    // cbindgen reads src/ from disk, so the header comes after the Rust files.
    let header = ("include/gpukit.h".to_string(), header::header(&reg, &root)?);
    stale.extend(settle(&root, &[header], check)?);
    for path in &stale {
        println!("{} {path}", if check { "stale:" } else { "wrote:" });
    }
    Ok(stale.is_empty())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let check = match args.as_slice() {
        [] => false,
        [flag] if flag == "--check" => true,
        _ => {
            eprintln!("usage: {} [--check]", text::COMMAND);
            return ExitCode::from(2);
        }
    };
    match run(check) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) if !check => ExitCode::SUCCESS,
        Ok(false) => {
            eprintln!(
                "gpukit-gen: generated files are stale: run `{}`",
                text::COMMAND
            );
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("gpukit-gen: {e}");
            ExitCode::FAILURE
        }
    }
}
