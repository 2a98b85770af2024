//! The terminal table: curve, log n, system, min / median / max, speed-up
//! against arkworks.

use std::fmt::Write;

use crate::record::{status, Row};

const HEADER: [&str; 7] = [
    "curve",
    "log n",
    "system",
    "min ms",
    "median ms",
    "max ms",
    "vs arkworks",
];

fn cells(rows: &[Row]) -> Vec<[String; 7]> {
    let ms = |v: Option<f64>| v.map(|m| format!("{m:.3}")).unwrap_or_default();
    rows.iter()
        .map(|r| {
            let speedup = match (r.status.as_str(), r.speedup_vs_arkworks) {
                (status::OK, Some(s)) => format!("{s:.2}x"),
                (status::OK, None) => String::new(),
                (other, _) => other.to_uppercase(),
            };
            [
                r.curve.clone(),
                r.log_n.to_string(),
                r.system.clone(),
                ms(r.min_ms),
                ms(r.median_ms),
                ms(r.max_ms),
                speedup,
            ]
        })
        .collect()
}

/// The rows as a Markdown table (`bench.md`), for BENCHMARKS.md.
pub fn markdown(rows: &[Row]) -> String {
    let mut out = format!(
        "| {} |\n|---|---:|---|---:|---:|---:|---:|\n",
        HEADER.join(" | ")
    );
    for row in cells(rows) {
        let _ = writeln!(out, "| {} |", row.join(" | "));
    }
    out
}

/// The rows as an aligned text table; failed cases show their status.
pub fn render(rows: &[Row]) -> String {
    let header = HEADER;
    let body = cells(rows);
    let mut width = header.map(str::len);
    for row in &body {
        for (w, cell) in width.iter_mut().zip(row) {
            *w = (*w).max(cell.len());
        }
    }
    let mut out = String::new();
    let line = |out: &mut String, cells: &[&str]| {
        for (i, (cell, w)) in cells.iter().zip(width).enumerate() {
            // Text columns left-aligned, numbers right-aligned.
            if i == 0 || i == 2 {
                let _ = write!(out, "{cell:<w$}  ");
            } else {
                let _ = write!(out, "{cell:>w$}  ");
            }
        }
        let trimmed = out.trim_end().len();
        out.truncate(trimmed);
        out.push('\n');
    };
    line(&mut out, &header);
    let rule: Vec<String> = width.iter().map(|w| "-".repeat(*w)).collect();
    line(
        &mut out,
        &rule.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    for row in &body {
        line(
            &mut out,
            &row.iter().map(String::as_str).collect::<Vec<_>>(),
        );
    }
    out
}
