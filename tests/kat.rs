//! The known-answer files tests/kat/<curve>.kat (written by
//! `cargo run --release --example gen_kat`), checked byte for byte on every
//! backend available here, through the Rust byte API and the C ABI; and
//! the point formats' files tests/kat/formats/<file>.kat (written by
//! `cargo run --release --example gen_format_kat`) through the byte API.

mod common;

use common::all_backends;
use gpukit::{Backend, Config, Curve, CurveId, PointFormat};
use std::path::Path;

struct Case {
    line: usize,
    n: usize,
    points: Vec<u8>,
    scalars: Vec<u8>,
    result: Vec<u8>,
}

fn unhex(s: &str) -> Vec<u8> {
    assert!(s.len() % 2 == 0, "odd hex length");
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex digit"))
        .collect()
}

/// Parses a .kat file: `#` comments, blank-line-separated cases of
/// `n`, `points`, `scalars`, `result` lines.
fn parse(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut fields: Vec<(usize, &str, &str)> = Vec::new();
    let mut flush = |fields: &mut Vec<(usize, &str, &str)>| {
        if fields.is_empty() {
            return;
        }
        let keys: Vec<&str> = fields.iter().map(|f| f.1).collect();
        assert_eq!(
            keys,
            ["n", "points", "scalars", "result"],
            "case at line {}",
            fields[0].0
        );
        cases.push(Case {
            line: fields[0].0,
            n: fields[0].2.parse().expect("decimal n"),
            points: unhex(fields[1].2),
            scalars: unhex(fields[2].2),
            result: unhex(fields[3].2),
        });
        fields.clear();
    };
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') {
            continue;
        }
        if line.trim().is_empty() {
            flush(&mut fields);
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        fields.push((i + 1, key, value.trim()));
    }
    flush(&mut fields);
    cases
}

fn known_answers<C: Curve>() {
    let id = C::ID;
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/kat/{}.kat", id.name()));
    let text = std::fs::read_to_string(&path).expect("read the .kat file");
    assert!(text.len() < 1 << 20, "{} is over 1 MB", path.display());
    let cases = parse(&text);
    assert!(cases.len() >= 13, "too few cases in {}", path.display());
    let mut configs = all_backends();
    configs.push(Config {
        backend: Backend::Cpu,
        window_c: 9,
        ..Config::default()
    });
    for case in &cases {
        let where_ = format!("{}:{}", path.display(), case.line);
        assert_eq!(case.points.len(), case.n * id.point_bytes(), "{where_}");
        assert_eq!(case.scalars.len(), case.n * 32, "{where_}");
        for config in &configs {
            let got = gpukit::msm_bytes(id, &case.points, &case.scalars, config)
                .unwrap_or_else(|e| panic!("{where_} {config:?}: {e}"));
            assert_eq!(got, case.result, "{where_} {config:?}");
        }
        let mut out = vec![0xAAu8; id.point_bytes()];
        // SAFETY: buffers of exactly n points, n scalars and one point.
        let status = unsafe {
            gpukit::ffi::gpukit_pippenger_msm(
                id as u8,
                case.points.as_ptr(),
                case.scalars.as_ptr(),
                out.as_mut_ptr(),
                case.n as u32,
                0,
            )
        };
        assert_eq!(status, 0, "{where_} C ABI");
        assert_eq!(out, case.result, "{where_} C ABI");
    }
}

#[test]
fn every_curve_has_a_file() {
    for &c in CurveId::ALL {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/kat/{}.kat", c.name()));
        assert!(path.exists(), "{} is missing", path.display());
    }
}

/// Points and result in the format, scalars in the wire format.
#[test]
fn point_format_files() {
    for (file, id, format) in [
        (
            "bls12_381_g1_compressed",
            CurveId::Bls12_381G1,
            PointFormat::Compressed,
        ),
        (
            "secp256k1_compressed",
            CurveId::Secp256k1,
            PointFormat::Compressed,
        ),
        ("secp256k1_x_only", CurveId::Secp256k1, PointFormat::XOnly),
        (
            "banderwagon_compressed",
            CurveId::Banderwagon,
            PointFormat::Compressed,
        ),
        (
            "bn254_g1_compressed",
            CurveId::Bn254G1,
            PointFormat::Compressed,
        ),
        (
            "bls12_377_g1_compressed",
            CurveId::Bls12_377G1,
            PointFormat::Compressed,
        ),
        (
            "bls12_381_g2_compressed",
            CurveId::Bls12_381G2,
            PointFormat::Compressed,
        ),
    ] {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/kat/formats/{file}.kat"));
        let text = std::fs::read_to_string(&path).expect("read the .kat file");
        let cases = parse(&text);
        assert!(cases.len() >= 6, "too few cases in {}", path.display());
        let size = format.point_bytes(id).unwrap();
        for case in &cases {
            let where_ = format!("{}:{}", path.display(), case.line);
            assert_eq!(case.points.len(), case.n * size, "{where_}");
            assert_eq!(case.result.len(), size, "{where_}");
            for base in all_backends() {
                let config = Config {
                    point_format: format,
                    ..base
                };
                let got = gpukit::msm_bytes(id, &case.points, &case.scalars, &config)
                    .unwrap_or_else(|e| panic!("{where_} {config:?}: {e}"));
                assert_eq!(got, case.result, "{where_} {config:?}");
            }
        }
    }
}

macro_rules! stamp {
    ($(($marker:ident, $snake:ident, $($rest:tt)*)),* $(,)?) => {$(
        mod $snake {
            #[test]
            fn known_answers() { super::known_answers::<gpukit::curves::$marker>() }
        }
    )*};
}
gpukit::for_each_curve!(stamp);
