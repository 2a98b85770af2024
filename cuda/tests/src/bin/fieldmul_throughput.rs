//! Field multiplications per second on GPU 0, for 8-limb (BN254 Fp) and
//! 12-limb (BLS12-381 Fp) Montgomery fields, for both device
//! multiplications (PTX carry chains, the default; portable CIOS), the PTX
//! squaring, and 1, 2, 4 independent chains per thread. Prints the device, every run, the median
//! and the best rate per field. Then inversions per second, by the binary
//! GCD (cuda/ff/inverse_bgcd.cuh) and by Fermat (mont_field::inverse), one
//! chain per thread, with each inversion's cost in multiplications measured
//! in the same run ("mul_equiv": the best multiplication rate over the
//! inversion rate, and against the one-chain default multiplication).
//! Usage: fieldmul_throughput [iters] [runs] [inv_iters]

#[cfg(gpukit_cuda)]
fn main() {
    use gpukit_cuda_tests::{fieldmul_throughput, inv_throughput, ChainOp, ThroughputSetup};
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<u32>().expect("arguments are integers"));
    let iters = args.next().unwrap_or(2048);
    let runs = args.next().unwrap_or(7);
    // An inversion costs tens (binary GCD) to hundreds (Fermat) of
    // multiplications: far fewer per thread keep the launches short.
    let inv_iters = args.next().unwrap_or(32);
    for limbs in [8u32, 12] {
        let mut best = (0f64, String::new());
        let mut ptx1_rate = 0f64;
        let mut device = String::new();
        for variant in [ChainOp::MulPtx, ChainOp::MulPortable, ChainOp::SqrPtx] {
            for chains in [1u32, 2, 4] {
                let threads = 256;
                // Enough blocks to fill every SM many times over (the device
                // reports its SM count; 132 on an H100 SXM).
                let blocks = 132 * 32 / chains;
                let setup = ThroughputSetup {
                    limbs,
                    variant,
                    chains,
                    blocks,
                    threads,
                    iters,
                    runs,
                };
                let t = match fieldmul_throughput(setup) {
                    Ok(t) => t,
                    Err(code) => {
                        eprintln!("fieldmul_throughput: CUDA error {code} (no device?)");
                        std::process::exit(1);
                    }
                };
                let mut ms = t.runs_ms.clone();
                ms.sort_by(f32::total_cmp);
                let median = ms[ms.len() / 2];
                let rate = t.muls_per_launch / (f64::from(median) * 1e-3);
                println!(
                    "{} ({} SMs) limbs={limbs} mul={} chains={chains} muls/launch={:.3e} \
                     runs_ms={:?} median_ms={median:.3} muls_per_s={rate:.4e}",
                    t.device,
                    t.sm_count,
                    variant.name(),
                    t.muls_per_launch,
                    t.runs_ms
                );
                if variant == ChainOp::MulPtx && chains == 1 {
                    ptx1_rate = rate;
                }
                device = format!("{} ({} SMs)", t.device, t.sm_count);
                // The best multiplication: squarings are not the inversions' yardstick.
                if variant != ChainOp::SqrPtx && rate > best.0 {
                    best = (rate, format!("mul={} chains={chains}", variant.name()));
                }
            }
        }
        println!(
            "best limbs={limbs}: {:.4e} field muls/s ({})",
            best.0, best.1
        );
        for bgcd in [true, false] {
            // Several waves on every SM: the binary GCD kernel takes ~100
            // registers a thread, so two 256-thread blocks fit an SM.
            let (threads, blocks) = (256, 132 * 8);
            let t = match inv_throughput(limbs, bgcd, blocks, threads, inv_iters, runs) {
                Ok(t) => t,
                Err(code) => {
                    eprintln!("fieldmul_throughput: CUDA error {code} (inversions)");
                    std::process::exit(1);
                }
            };
            let mut ms = t.runs_ms.clone();
            ms.sort_by(f32::total_cmp);
            let median = ms[ms.len() / 2];
            let rate = t.invs_per_launch / (f64::from(median) * 1e-3);
            let variant = if bgcd { "bgcd" } else { "fermat" };
            println!(
                "{device} limbs={limbs} inv={variant} invs/launch={:.3e} runs_ms={:?} \
                 median_ms={median:.3} invs_per_s={rate:.4e} mul_equiv={:.1} \
                 (best mul; {:.1} against mul=ptx chains=1)",
                t.invs_per_launch,
                t.runs_ms,
                best.0 / rate,
                ptx1_rate / rate
            );
        }
    }
}

#[cfg(not(gpukit_cuda))]
fn main() {
    eprintln!("fieldmul_throughput: built without nvcc, nothing to measure");
    std::process::exit(1);
}
