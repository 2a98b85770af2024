//! gpukit: multi-scalar multiplication `Q = Σ kᵢ·Pᵢ` on NVIDIA GPUs and
//! CPUs for BN254 G1, BLS12-381 G1/G2, BLS12-377 G1, secp256k1 and
//! Bandersnatch/Banderwagon.
//!
//! Three faces over one dispatcher: this safe Rust API on arkworks types
//! ([`msm`], [`msm_with`], [`Bases`]), a byte-level API in the wire format
//! ([`msm_bytes`], [`BasesBytes`]), and the C ABI of `include/gpukit.h`
//! ([`ffi`]). Backends: serial, CPU Pippenger (rayon) and CUDA; `Auto`
//! picks by size (see [`dispatch`]).
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

mod alloc;
pub mod ark_msm;
mod bases;
pub mod blind;
mod config;
pub mod cpu;
mod curve;
pub mod curves;
pub mod dispatch;
pub mod encoding;
mod error;
pub mod ffi;
mod formats;
mod gpu;
mod pool;
mod tuning;

pub use ark_msm::GpuMsm;
pub use bases::{Bases, BasesBytes, DeviceTables};
pub use config::{Backend, Config, InputForm, PointFormat, ScalarOrder, Validation};
pub use curve::{Curve, CurveId, MAX_WINDOW, SCALAR_BYTES};
pub use error::{Error, Status};

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The arkworks crates gpukit is built on, re-exported so that callers use
/// the same versions.
pub mod ark {
    pub use ark_bls12_377;
    pub use ark_bls12_381;
    pub use ark_bn254;
    pub use ark_ec;
    pub use ark_ed_on_bls12_381_bandersnatch;
    pub use ark_ff;
    pub use ark_secp256k1;
}

/// Σ scalars[i]·points[i] with the default config (backend chosen by size,
/// points checked to be on the curve). The slices must have equal lengths.
pub fn msm<C: Curve>(points: &[C::Affine], scalars: &[C::Scalar]) -> Result<C::Affine, Error> {
    msm_with::<C>(points, scalars, &Config::default())
}

/// Σ scalars[i]·points[i] with `config` (its `input_form` does not apply:
/// typed input is arkworks' own; on the GPU path the points travel in
/// arkworks' Montgomery layout without conversion).
pub fn msm_with<C: Curve>(
    points: &[C::Affine],
    scalars: &[C::Scalar],
    config: &Config,
) -> Result<C::Affine, Error> {
    pool::run(|| dispatch::msm_typed::<C>(points, scalars, config))
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
    if let Some(le) = formats::to_little_endian(scalars, config.scalar_order)? {
        let config = Config {
            scalar_order: ScalarOrder::LittleEndian,
            ..*config
        };
        return msm_bytes(curve, points, &le, &config);
    }
    if config.point_format != PointFormat::Uncompressed {
        return formats::msm_bytes(curve, points, scalars, config);
    }
    macro_rules! by_curve {
        ($(($marker:ident, $snake:ident, $id:literal, $affine:ty, $proj:ty, $scalar:ty, $display:literal)),* $(,)?) => {
            pool::run(|| match curve {
                $(CurveId::$marker => dispatch::msm_wire::<curves::$marker>(points, scalars, config),)*
            })
        };
    }
    for_each_curve!(by_curve)
}

/// Number of usable CUDA devices (0 in a build without CUDA or without a driver).
pub fn gpu_count() -> u32 {
    gpu::device_count()
}
