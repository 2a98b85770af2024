//! Fault injection on the GPU (cargo feature `fault-injection`, a GPU
//! build; cuda/runtime/fault_injection.cuh): every device allocation, copy,
//! launch and synchronisation of a workload fails in turn. Each failure
//! must come back as a status (never a crash, never a wrong result), leave
//! no device memory behind, and leave the next call working.
//!
//! Run on the device by scripts/device-check.sh; skipped without a GPU.

use ark_ec::{AffineRepr, CurveGroup, VariableBaseMSM};
use ark_ff::UniformRand;
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use gpukit::{Backend, Bases, BasesBytes, Config, Curve, CurveId, Error, PointFormat, Status};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

/// A GPU build with the feature carries the hooks: without them every
/// case below would be compiled out and pass without running.
#[test]
fn the_hooks_are_built_with_cuda() {
    assert!(
        cfg!(gpukit_cuda) || gpukit::gpu_count() == 0,
        "a GPU is visible but the library was built without CUDA"
    );
}

#[cfg(gpukit_cuda)]
mod with_cuda {
    use super::*;
    use gpukit::internals::fault::{self, KINDS};
    use std::sync::Mutex;

    // The armed fault is the process's: one workload at a time.
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

    fn gpu() -> Config {
        Config {
            backend: Backend::Gpu,
            ..Config::default()
        }
    }

    /// What a failing call may answer: the device's own statuses.
    fn is_device_failure(e: &Error) -> bool {
        matches!(e.status(), Status::Device | Status::OutOfMemory)
    }

    /// The calls a prover makes, in order: a one-shot MSM, resident bases
    /// with shifted copies (one MSM, a batch), a small basis with
    /// fixed-base tables (a batch), and, where arkworks' compressed form is
    /// the curve's compressed format, the points compressed: a one-shot MSM
    /// and resident bases, both decompressed (and, on BLS12-381 G2, checked
    /// for the subgroup) on the device. Stops at the first error.
    struct Workload<C: Curve> {
        points: Vec<C::Affine>,
        small: Vec<C::Affine>,
        scalars: Vec<C::Scalar>,
        batch: Vec<Vec<C::Scalar>>,
        small_batch: Vec<Vec<C::Scalar>>,
        compressed: Option<Vec<u8>>,
    }

    impl<C: Curve> Workload<C> {
        fn new(seed: u64) -> Self {
            let mut rng = ChaCha20Rng::seed_from_u64(seed);
            // Odd sizes: no size is a multiple of a warp or of a group.
            let n = (1 << 12) + 3;
            let g = C::Affine::generator();
            let proj: Vec<C::Projective> = (0..n).map(|_| g * C::Scalar::rand(&mut rng)).collect();
            let points = C::Projective::normalize_batch(&proj);
            let small = points[..256].to_vec();
            let mut scalars = |m: usize| -> Vec<C::Scalar> {
                (0..m).map(|_| C::Scalar::rand(&mut rng)).collect()
            };
            // Banderwagon's compressed format is its own 32 bytes, not
            // arkworks' Bandersnatch encoding.
            let compressed = (C::ID != CurveId::Banderwagon).then(|| {
                let mut out = Vec::new();
                for p in &points {
                    p.serialize_compressed(&mut out).unwrap();
                }
                out
            });
            Workload {
                compressed,
                scalars: scalars(n),
                batch: (0..3).map(|_| scalars(n - 7)).collect(),
                small_batch: (0..5).map(|_| scalars(256)).collect(),
                points,
                small,
            }
        }

        fn run(&self) -> Result<Vec<C::Affine>, Error> {
            let mut out = vec![gpukit::msm_with::<C>(&self.points, &self.scalars, &gpu())?];
            let tables = Config {
                fixed_base: 1,
                ..gpu()
            };
            let bases = Bases::<C>::new(&self.points, &tables)?;
            out.push(bases.msm(&self.scalars)?);
            out.extend(bases.msm_batch(&self.batch)?);
            drop(bases);
            // 8-bit digits: a 64 MB table that builds in milliseconds (the
            // automatic width builds gigabytes, too slow to repeat per fault).
            let fixed = Config {
                fixed_base: 8,
                ..gpu()
            };
            let small = Bases::<C>::new(&self.small, &fixed)?;
            out.extend(small.msm_batch(&self.small_batch)?);
            drop(small);
            if let Some(points) = &self.compressed {
                let config = Config {
                    point_format: PointFormat::Compressed,
                    ..gpu()
                };
                let scalars = gpukit::encoding::encode_scalars::<C>(&self.scalars);
                let decode = |bytes: Vec<u8>| {
                    C::Affine::deserialize_compressed(&bytes[..]).expect("a compressed result")
                };
                out.push(decode(gpukit::msm_bytes(C::ID, points, &scalars, &config)?));
                let bases = BasesBytes::new(C::ID, points, &config)?;
                out.push(decode(bases.msm(&scalars)?));
            }
            Ok(out)
        }

        fn expected(&self) -> Vec<C::Affine> {
            let msm = |p: &[C::Affine], k: &[C::Scalar]| {
                C::Projective::msm(&p[..k.len()], k).unwrap().into_affine()
            };
            let mut out = vec![msm(&self.points, &self.scalars); 2];
            out.extend(self.batch.iter().map(|k| msm(&self.points, k)));
            out.extend(self.small_batch.iter().map(|k| msm(&self.small, k)));
            if self.compressed.is_some() {
                out.extend([msm(&self.points, &self.scalars); 2]);
            }
            out
        }
    }

    /// The operations to fail, out of `total`: all of them up to 32, else 32
    /// spread from the first to the last.
    fn positions(total: u64) -> Vec<u64> {
        const MOST: u64 = 32;
        if total <= MOST {
            return (0..total).collect();
        }
        let mut at: Vec<u64> = (0..MOST).map(|i| i * (total - 1) / (MOST - 1)).collect();
        at.dedup();
        at
    }

    // Device memory the workload may leave behind after a failure: none from
    // the pool; the free bytes may move by the driver's own bookkeeping
    // (lazily loaded modules, the pool's reserve), never by a leaked table.
    const FREE_SLACK: u64 = 8 << 20;

    fn check_faults<C: Curve>(seed: u64) {
        if gpukit::gpu_count() == 0 {
            eprintln!("no GPU: fault injection skipped");
            return;
        }
        let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        let name = C::ID.name();
        let work = Workload::<C>::new(seed);
        let expected = work.expected();
        // Warm up (modules loaded, pools and staging made), then the baseline.
        assert_eq!(work.run().expect("unfaulted run"), expected, "{name}");
        let (pool0, free0) = fault::memory_held(0).expect("memory query");
        for kind in KINDS {
            fault::arm(kind, None);
            assert_eq!(work.run().expect("counting run"), expected, "{name}");
            let total = fault::seen(kind);
            assert!(total > 0, "{name}: the workload has no {kind:?} operation");
            let mut failed = 0;
            for at in positions(total) {
                fault::arm(kind, Some(at));
                let result = work.run();
                fault::arm(kind, None);
                let what = format!("{name}: {kind:?} {at} of {total}");
                match result {
                    Err(e) => {
                        assert!(is_device_failure(&e), "{what}: {e}");
                        failed += 1;
                    }
                    // An operation whose failure the call works around
                    // (none today) must still give the right answer.
                    Ok(got) => assert_eq!(got, expected, "{what}"),
                }
                let (pool, free) = fault::memory_held(0).expect("memory query");
                assert_eq!(pool, pool0, "{what}: pool memory left in use");
                assert!(
                    free + FREE_SLACK >= free0,
                    "{what}: {} bytes of device memory not given back",
                    free0 - free
                );
                assert_eq!(work.run().expect("the next call"), expected, "{what}");
            }
            eprintln!("{name}: {kind:?}: {total} operations, {failed} failed calls");
        }
    }

    /// Device memory really exhausted: tables of 64 shifted copies of 2^26
    /// bases (275 GB, more than any one GPU holds) on GPU 0 alone are
    /// refused with OUT_OF_MEMORY, and the device serves the next call.
    /// Spread over every visible GPU, two H200s (2 × 143 GB) would hold
    /// them, and build them for minutes (bench/NOTES.md v34f).
    #[test]
    fn device_memory_exhaustion_is_a_status() {
        type C = gpukit::curves::Bn254G1;
        if gpukit::gpu_count() == 0 {
            return;
        }
        let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        let points = vec![<C as Curve>::Affine::zero(); 1 << 26];
        let config = Config {
            validation: gpukit::Validation::Trusted,
            window_c: 4,
            precompute: 64,
            fixed_base: 1,
            devices: 1,
            ..gpu()
        };
        let err = Bases::<C>::new(&points, &config).map(|_| ()).unwrap_err();
        assert_eq!(err.status(), Status::OutOfMemory, "{err}");
        drop(points);
        let work = Workload::<C>::new(4);
        assert_eq!(work.run().expect("the next call"), work.expected());
    }

    #[test]
    fn bn254_g1_every_failure_is_a_status() {
        check_faults::<gpukit::curves::Bn254G1>(1);
    }

    #[test]
    fn bls12_381_g2_every_failure_is_a_status() {
        check_faults::<gpukit::curves::Bls12_381G2>(2);
    }

    #[test]
    fn banderwagon_every_failure_is_a_status() {
        check_faults::<gpukit::curves::Banderwagon>(3);
    }
}
