//! A random MSM on the default backend:
//!
//!     cargo run --release --example msm_demo -- [curve] [log2 n]
//!
//! (defaults: bn254_g1, 2^16). Prints the curve, n, the backend the
//! dispatcher chose, the result (canonical wire hex) and the time.

mod timing_inputs;

use gpukit::{Config, Curve, CurveId};
use std::time::Instant;
use timing_inputs::inputs;

fn run<C: Curve>(n: usize) -> Result<(), gpukit::Error> {
    let (points, scalars) = inputs::<C>(42, n);
    let config = Config::default();
    let backend = gpukit::resolve_backend(C::ID, n, &config)?;
    let start = Instant::now();
    let q = gpukit::msm_with::<C>(&points, &scalars, &config)?;
    let elapsed = start.elapsed();
    let hex: String = gpukit::encoding::encode_point::<C>(&q)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    println!("curve    {}", C::ID.name());
    println!("n        {n}");
    println!(
        "backend  {backend:?} (gpus visible: {})",
        gpukit::gpu_count()
    );
    println!("result   {hex}");
    println!("time     {:.3} ms", elapsed.as_secs_f64() * 1e3);
    Ok(())
}

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_else(|| "bn254_g1".into());
    let log_n: u32 = args
        .next()
        .map_or(16, |s| s.parse().expect("log2 n is a number"));
    let curve = CurveId::ALL
        .iter()
        .copied()
        .find(|c| c.name() == name)
        .unwrap_or_else(|| {
            let names: Vec<_> = CurveId::ALL.iter().map(|c| c.name()).collect();
            panic!("unknown curve {name:?}; one of {names:?}")
        });
    macro_rules! by_curve {
        ($(($marker:ident, $snake:ident, $($rest:tt)*)),* $(,)?) => {
            match curve {
                $(CurveId::$marker => run::<gpukit::curves::$marker>(1 << log_n),)*
            }
        };
    }
    if let Err(e) = gpukit::for_each_curve!(by_curve) {
        eprintln!("msm_demo: {e}");
        std::process::exit(1);
    }
}
