//! PNG plots with plotters' bitmap backend. Text goes through plotters'
//! pure-Rust ab_glyph renderer with DejaVu Sans from the `dejavu` crate, so
//! no fontconfig or freetype is needed on the machine that draws them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Once;

use plotters::prelude::*;
use plotters::style::FontStyle;

use crate::record::{status, Row};
use crate::systems::System;

const SIZE: (u32, u32) = (1000, 700);

fn register_font() {
    static FONT: Once = Once::new();
    FONT.call_once(|| {
        plotters::style::register_font("sans-serif", FontStyle::Normal, dejavu::sans::regular())
            .unwrap_or_else(|_| panic!("the dejavu crate's DejaVu Sans is a valid TrueType font"));
    });
}

/// (log2 n, value) per system, sorted by log2 n.
type Series = BTreeMap<String, Vec<(f64, f64)>>;

fn series(rows: &[Row], curve: &str, value: impl Fn(&Row) -> Option<f64>) -> Series {
    let mut s = Series::new();
    for r in rows
        .iter()
        .filter(|r| r.curve == curve && r.status == status::OK)
    {
        if let Some(v) = value(r) {
            s.entry(r.system.clone())
                .or_default()
                .push((f64::from(r.log_n), v));
        }
    }
    for points in s.values_mut() {
        points.sort_by(|a, b| a.0.total_cmp(&b.0));
    }
    s
}

fn curves(rows: &[Row]) -> Vec<String> {
    let mut c: Vec<String> = rows.iter().map(|r| r.curve.clone()).collect();
    c.dedup();
    c.sort();
    c.dedup();
    c
}

/// Bounds of all values, widened so that a single point still spans a range.
fn bounds(s: &Series) -> Option<((f64, f64), (f64, f64))> {
    let all: Vec<(f64, f64)> = s.values().flatten().copied().collect();
    let (x0, x1) = all
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let (y0, y1) = all
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
    (!all.is_empty()).then_some(((x0 - 0.5, x1 + 0.5), (y0 / 1.5, y1 * 1.5)))
}

type Error = Box<dyn std::error::Error>;

/// Distinct, readable colours, one per system in `System::ALL` order, so a
/// system has the same colour in every plot.
const COLORS: [RGBColor; 10] = [
    RGBColor(0, 114, 178),
    RGBColor(86, 180, 233),
    RGBColor(0, 158, 115),
    RGBColor(213, 94, 0),
    RGBColor(240, 228, 66),
    RGBColor(204, 121, 167),
    RGBColor(0, 0, 0),
    RGBColor(230, 159, 0),
    RGBColor(120, 60, 180),
    RGBColor(150, 150, 150),
];

fn color_of(system: &str) -> RGBColor {
    let i = System::ALL
        .iter()
        .position(|s| s.name() == system)
        .unwrap_or(COLORS.len() - 1);
    COLORS[i % COLORS.len()]
}

/// Axis numbers without trailing noise: 12000, 150, 2.5, 0.125.
fn fmt_value(y: f64) -> String {
    match y {
        y if y >= 100.0 => format!("{y:.0}"),
        y if y >= 1.0 => format!("{y:.1}"),
        y => format!("{y:.3}"),
    }
}

/// Draws one log-log chart (x = log2 n, y on a log scale) into `area`.
fn chart<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    title: &str,
    y_label: &str,
    s: &Series,
    unity_line: bool,
) -> Result<(), Error>
where
    DB::ErrorType: 'static,
{
    let Some(((x0, x1), (y0, y1))) = bounds(s) else {
        return Ok(());
    };
    let (y0, y1) = if unity_line {
        (y0.min(0.5), y1.max(2.0))
    } else {
        (y0, y1)
    };
    let mut chart = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 24))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(x0..x1, (y0..y1).log_scale())?;
    chart
        .configure_mesh()
        .x_desc("n (log2)")
        .y_desc(y_label)
        .x_labels(((x1 - x0).round() as usize).max(1))
        .x_label_formatter(&|x| {
            if (x - x.round()).abs() < 1e-6 {
                format!("2^{x:.0}")
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| fmt_value(*y))
        .label_style(("sans-serif", 14))
        .draw()?;
    if unity_line {
        chart.draw_series(LineSeries::new([(x0, 1.0), (x1, 1.0)], BLACK.mix(0.4)))?;
    }
    for (system, points) in s {
        let color = color_of(system);
        chart
            .draw_series(LineSeries::new(
                points.iter().copied(),
                color.stroke_width(2),
            ))?
            .label(system.as_str())
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], color.stroke_width(2)));
        chart.draw_series(points.iter().map(|p| Circle::new(*p, 3, color.filled())))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .label_font(("sans-serif", 14))
        .draw()?;
    Ok(())
}

/// Writes `time_<curve>.png` (median time against n, one line per system)
/// for every curve with timed rows, and `speedup.png` (one panel per curve:
/// arkworks' median over each system's). Returns the files written.
pub fn write_all(dir: &Path, rows: &[Row]) -> Result<Vec<PathBuf>, Error> {
    register_font();
    let mut written = Vec::new();
    let curves = curves(rows);
    for curve in &curves {
        let s = series(rows, curve, |r| r.median_ms);
        if s.is_empty() {
            continue;
        }
        let path = dir.join(format!("time_{curve}.png"));
        {
            let root = BitMapBackend::new(&path, SIZE).into_drawing_area();
            root.fill(&WHITE)?;
            chart(&root, &format!("{curve}: MSM median time"), "ms", &s, false)?;
            root.present()?;
        }
        written.push(path);
    }
    let speedups: Vec<(String, Series)> = curves
        .iter()
        .map(|c| {
            let mut s = series(rows, c, |r| r.speedup_vs_arkworks);
            s.remove("arkworks");
            (c.clone(), s)
        })
        .filter(|(_, s)| !s.is_empty())
        .collect();
    if !speedups.is_empty() {
        let path = dir.join("speedup.png");
        {
            let cols = speedups.len().min(2);
            let rows_n = speedups.len().div_ceil(cols);
            let root = BitMapBackend::new(
                &path,
                (SIZE.0 * cols as u32 * 3 / 4, SIZE.1 * rows_n as u32 * 3 / 4),
            )
            .into_drawing_area();
            root.fill(&WHITE)?;
            for (area, (curve, s)) in root.split_evenly((rows_n, cols)).iter().zip(&speedups) {
                chart(
                    area,
                    &format!("{curve}: speed-up vs arkworks"),
                    "x arkworks",
                    s,
                    true,
                )?;
            }
            root.present()?;
        }
        written.push(path);
    }
    Ok(written)
}
