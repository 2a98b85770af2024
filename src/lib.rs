//! gpukit: multi-scalar multiplication `Q = Σ kᵢ·Pᵢ` on NVIDIA GPUs and
//! CPUs for BN254 G1, BLS12-381 G1/G2, BLS12-377 G1, secp256k1 and
//! Bandersnatch/Banderwagon.
//!
//! Three faces over one dispatcher: this safe Rust API on arkworks types
//! ([`msm`], [`msm_with`], [`Bases`], [`msm_batch`]), a byte-level API in
//! the wire format ([`msm_bytes`], [`BasesBytes`], [`msm_batch_bytes`],
//! [`encoding`]), and the C ABI of
//! `include/gpukit.h`. Backends: serial, CPU Pippenger (rayon) and CUDA;
//! [`Backend::Auto`] picks by size ([`resolve_backend`] says which).
//!
//! ```
//! use gpukit::ark::ark_bn254::{Fr, G1Affine, G1Projective};
//! use gpukit::ark::ark_ec::{CurveGroup, PrimeGroup};
//! use gpukit::curves::Bn254G1;
//!
//! let g = G1Projective::generator();
//! let points: Vec<G1Affine> = (1..=4u64).map(|i| (g * Fr::from(i)).into_affine()).collect();
//! let scalars: Vec<Fr> = (1..=4u64).map(Fr::from).collect();
//! // 1·1 + 2·2 + 3·3 + 4·4 = 30
//! let q = gpukit::msm::<Bn254G1>(&points, &scalars).unwrap();
//! assert_eq!(q, (g * Fr::from(30u64)).into_affine());
//!
//! // The same MSM in the wire format, with an explicit CPU window.
//! let config = gpukit::Config { backend: gpukit::Backend::Cpu, window_c: 5, ..Default::default() };
//! let out = gpukit::msm_bytes(
//!     gpukit::CurveId::Bn254G1,
//!     &gpukit::encoding::encode_points::<Bn254G1>(&points),
//!     &gpukit::encoding::encode_scalars::<Bn254G1>(&scalars),
//!     &config,
//! ).unwrap();
//! assert_eq!(gpukit::encoding::decode_point::<Bn254G1>(&out).unwrap(), q);
//! ```
#![deny(missing_docs)]

// The modules in layers, each importing only from the layers before it
// (tests/layers.rs holds the order and checks every `crate::` path).
// 1. Status and config values (the ABI's numbers), fallible allocation,
// the thread pool, the arkworks re-exports.
mod alloc;
pub mod ark;
mod error;
// cbindgen writes the ABI's constants into include/gpukit.h in the order it
// reads the modules: the status codes first (a group of their own, which
// rustfmt does not sort after config).
mod status;

mod config;
mod pool;
// 2. The curve list and the wire format.
mod codec;
mod curve;
mod curve_list;
pub mod curves;
pub mod encoding;
mod tuning;
// 3. The backends.
mod blind;
mod cpu;
mod gpu;
// 4. The planner.
mod plan;
// 5. The driver.
mod dispatch;
// 6. The safe API (this file, bases, the one-shot batches, the arkworks
// trait, the point formats and scalar orders in front of the wire format);
// 7. the C ABI.
mod ark_msm;
mod bases;
mod batch;
mod formats;
mod page_lock;
// The C ABI as Rust functions, for the Rust tests and fuzzers that drive
// it: hidden, since Rust users call the API above (C callers link the same
// `#[no_mangle]` symbols through include/gpukit.h).
#[doc(hidden)]
// Its doc comments are C documentation that cbindgen copies into
// include/gpukit.h (`scalars[i]` is an index there, not a rustdoc link).
#[allow(rustdoc::broken_intra_doc_links)]
pub mod ffi;

pub use ark_msm::GpuMsm;
pub use bases::{Bases, BasesBytes, DeviceTables};
pub use batch::{msm_batch, msm_batch_bytes, PointSets};
pub use config::{Backend, Config, InputForm, PointFormat, ScalarOrder, Validation};
pub use curve::{Curve, CurveId, MAX_WINDOW, SCALAR_BYTES};
pub use error::{Error, Status};
pub use page_lock::{page_lock, PageLocked};
pub use plan::resolve_backend;

/// What the fuzz targets drive below the API; not API (hidden, unstable).
#[doc(hidden)]
pub mod internals {
    #[cfg(all(gpukit_cuda, feature = "fault-injection"))]
    pub use crate::gpu::fault;
    pub use crate::plan::EnvOverrides;
}

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// `Σ scalars[i]·points[i]` with the default config (backend chosen by size,
/// points checked to be on the curve). The slices must have equal lengths.
pub fn msm<C: Curve>(points: &[C::Affine], scalars: &[C::Scalar]) -> Result<C::Affine, Error> {
    msm_with::<C>(points, scalars, &Config::default())
}

/// `Σ scalars[i]·points[i]` with `config` (its `input_form` does not apply:
/// typed input is arkworks' own; on the GPU path the points travel in
/// arkworks' Montgomery layout without conversion).
pub fn msm_with<C: Curve>(
    points: &[C::Affine],
    scalars: &[C::Scalar],
    config: &Config,
) -> Result<C::Affine, Error> {
    dispatch::msm_typed::<C>(points, scalars, config)
}

/// Σ kᵢ·Pᵢ in the wire format: `scalars` holds n = `scalars.len() / 32`
/// scalars, `points` n points of `curve.point_bytes()` each (in
/// `config.input_form`); returns the canonical wire encoding of the result.
pub fn msm_bytes(
    curve: CurveId,
    points: &[u8],
    scalars: &[u8],
    config: &Config,
) -> Result<Vec<u8>, Error> {
    if config.point_format != PointFormat::Uncompressed {
        return formats::msm_bytes(curve, points, scalars, config);
    }
    macro_rules! by_curve {
        ($(($marker:ident, $snake:ident, $id:literal, $affine:ty, $proj:ty, $scalar:ty, $display:literal)),* $(,)?) => {
            match curve {
                $(CurveId::$marker => dispatch::msm_wire::<curves::$marker>(points, scalars, config),)*
            }
        };
    }
    for_each_curve!(by_curve)
}

/// Number of usable CUDA devices (0 in a build without CUDA or without a driver).
pub fn gpu_count() -> u32 {
    gpu::device_count()
}
