//! Gathered mixed additions per second on GPU 0 (the MSM's accumulation
//! loop without the sort): BN254 G1 (8 limbs) and BLS12-381 G1 (12 limbs),
//! with and without prefetching the next point, at 1..8 resident blocks of
//! 128 threads per SM (as many as the registers allow). Prints every
//! variant's median and the implied field multiplications per second
//! (10 per mixed addition); then the batch-affine additions (8 to 128
//! accumulators per thread sharing one inversion per step, by Fermat or by
//! the binary GCD) at 2 and 4 blocks per SM, with their additions per second. Usage: madd_throughput
//! [iters] [runs] [sms]
//!
//! `madd_throughput bls12-377-forms [iters] [runs] [sms]` instead times the
//! ways a BLS12-377 G1 bucket could take a point (bench/NOTES.md, v22b): XYZZ
//! with affine points, extended twisted Edwards coordinates with (x, y, d·x·y)
//! or with (y − x, y + x, 2d·x·y), and batch-affine, with additions per second.

#[cfg(gpukit_cuda)]
fn main() {
    use gpukit_cuda_tests::madd_throughput;
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let forms = args.first().map(String::as_str) == Some("bls12-377-forms");
    if forms {
        args.remove(0);
    }
    let mut args = args
        .into_iter()
        .map(|a| a.parse::<u32>().expect("arguments are integers"));
    let iters = args.next().unwrap_or(256);
    let runs = args.next().unwrap_or(5);
    let sms = args.next().unwrap_or(132);
    if forms {
        bls12_377_forms(iters, runs, sms);
        return;
    }
    for limbs in [8u32, 12] {
        for prefetch in [false, true] {
            for per_sm in [1u32, 2, 3, 4, 5, 6, 8] {
                let t = measured(
                    "madd_throughput",
                    madd_throughput(limbs, prefetch, sms * per_sm, iters, runs),
                );
                // More blocks than fit at once run in a second wave: past the
                // register limit the rate stops rising.
                let (median, rate) = median_rate(&t);
                println!(
                    "limbs={limbs} prefetch={prefetch} registers={} blocks_per_sm={per_sm} warps_per_sm={} \
                     median_ms={median:.3} madds_per_s={rate:.4e} field_muls_per_s={:.4e}",
                    t.registers,
                    per_sm * 4,
                    rate * 10.0
                );
            }
        }
    }
    affine_batches(iters, runs, sms);
}

/// The measurement, or the process ends with the shim's CUDA error.
#[cfg(gpukit_cuda)]
fn measured(
    what: &str,
    r: Result<gpukit_cuda_tests::MaddThroughput, i32>,
) -> gpukit_cuda_tests::MaddThroughput {
    r.unwrap_or_else(|code| {
        eprintln!("{what}: CUDA error {code} (no device?)");
        std::process::exit(1);
    })
}

/// The median of `t`'s runs and the rate it implies.
#[cfg(gpukit_cuda)]
fn median_rate(t: &gpukit_cuda_tests::MaddThroughput) -> (f32, f64) {
    let mut ms = t.runs_ms.clone();
    ms.sort_by(f32::total_cmp);
    let median = ms[ms.len() / 2];
    (median, t.madds_per_launch / (f64::from(median) * 1e-3))
}

/// The batch-affine sweep: fewer steps for larger batches, so that every
/// variant does about the same additions.
#[cfg(gpukit_cuda)]
fn affine_batches(iters: u32, runs: u32, sms: u32) {
    use gpukit_cuda_tests::affine_batch_throughput;
    for (limbs, bgcd) in [(8u32, false), (8, true), (12, false), (12, true)] {
        for batch in [8u32, 16, 32, 64, 128] {
            for per_sm in [2u32, 4] {
                let steps = (iters * 8 / batch).max(2);
                let t = measured(
                    "affine_batch_throughput",
                    affine_batch_throughput(limbs, batch, bgcd, sms * per_sm, steps, runs),
                );
                let (median, rate) = median_rate(&t);
                println!(
                    "affine_batch limbs={limbs} batch={batch} inverse={} registers={} \
                     blocks_per_sm={per_sm} median_ms={median:.3} adds_per_s={rate:.4e}",
                    if bgcd { "bgcd" } else { "fermat" },
                    t.registers
                );
            }
        }
    }
}

/// BLS12-377 G1's bucket forms at 1 to 8 blocks per SM (past the registers'
/// limit a second wave runs and the rate stops rising); batch-affine at 2, 3
/// and 4, the pipeline's 3 among them.
#[cfg(gpukit_cuda)]
fn bls12_377_forms(iters: u32, runs: u32, sms: u32) {
    use gpukit_cuda_tests::{
        bls12_377_form_throughput, BLS12_377_BATCH_AFFINE_FORM, BLS12_377_FORMS,
    };
    for (form, name) in (0u32..).zip(BLS12_377_FORMS) {
        let batch_affine = form == BLS12_377_BATCH_AFFINE_FORM;
        let per_sms: &[u32] = if batch_affine {
            &[2, 3, 4]
        } else {
            &[1, 2, 3, 4, 5, 6, 8]
        };
        for &per_sm in per_sms {
            let steps = if batch_affine {
                (iters / 8).max(2)
            } else {
                iters
            };
            let t = measured(
                "bls12_377_form_throughput",
                bls12_377_form_throughput(form, sms * per_sm, steps, runs),
            );
            let (median, rate) = median_rate(&t);
            println!(
                "bls12_377 form={name} registers={} blocks_per_sm={per_sm} median_ms={median:.3} adds_per_s={rate:.4e}",
                t.registers
            );
        }
    }
}

#[cfg(not(gpukit_cuda))]
fn main() {
    eprintln!("madd_throughput: built without nvcc, nothing to measure");
    std::process::exit(1);
}
