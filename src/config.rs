//! The options of an MSM call: backend, window, validation level, input
//! form, GPU mask and blinding. The discriminants are the C ABI's values.

use crate::error::{Error, Status};
use crate::ffi::consts::*;
pub use crate::formats::{PointFormat, ScalarOrder};

/// Which implementation computes the MSM.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Backend {
    /// Pick by size: serial below the curve's serial crossover, the GPU at
    /// or above its GPU crossover when a device exists, else the CPU.
    /// `GPUKIT_BACKEND` in the environment overrides `Auto` only.
    #[default]
    Auto = GPUKIT_BACKEND_AUTO,
    /// One scalar multiplication per point, summed (fastest for tiny n).
    Serial = GPUKIT_BACKEND_SERIAL,
    /// Pippenger on all cores (rayon).
    Cpu = GPUKIT_BACKEND_CPU,
    /// The CUDA backend; an error (never a silent fallback) without a device.
    Gpu = GPUKIT_BACKEND_GPU,
}

/// How much of the input is checked.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Validation {
    /// `OnCurve` for one-shot MSMs, `Full` for resident bases.
    #[default]
    Default = GPUKIT_VALIDATE_DEFAULT,
    /// Coordinates canonical (< p), every point on the curve, every scalar < r.
    OnCurve = GPUKIT_VALIDATE_ON_CURVE,
    /// `OnCurve` plus the prime-order subgroup check on curves with a
    /// cofactor (BLS12-381 G1/G2, BLS12-377 G1, Bandersnatch).
    Full = GPUKIT_VALIDATE_FULL,
    /// No point checks (coordinates must still decode, scalars must still be < r).
    Trusted = GPUKIT_VALIDATE_TRUSTED,
}

/// How points and scalars are laid out in the byte API.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum InputForm {
    /// Canonical little-endian integers (the wire format).
    #[default]
    Canonical = GPUKIT_FORM_CANONICAL,
    /// Montgomery-form limbs exactly as arkworks / gnark-crypto hold them in
    /// memory, for point coordinates and scalars alike.
    Montgomery = GPUKIT_FORM_MONTGOMERY,
}

/// Options of an MSM call. `Config::default()` is what the short calls use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Config {
    /// Backend, default `Auto`.
    pub backend: Backend,
    /// Pippenger window in bits, 1..=24; 0 (default) lets the backend choose.
    pub window_c: u32,
    /// Validation level, default `Default`.
    pub validation: Validation,
    /// Layout of the byte input, default `Canonical` (ignored by the typed API).
    pub input_form: InputForm,
    /// Bit mask of GPU ordinals to use; 0 (default) = all visible devices.
    pub devices: u32,
    /// Split every scalar into two uniformly random halves (see [`crate::blind`]).
    pub blinded: bool,
    /// Precomputed shifted copies per base kept by GPU-resident [`crate::Bases`]:
    /// copy k of P is 2^(k·c)·P, so that k windows share one bucket set and
    /// one reduction. 0 (default) = as many as half the free device memory
    /// holds, up to one per window; 1 = none; k = k copies. Ignored by
    /// one-shot calls and by bases kept on the host.
    pub precompute: u32,
    /// Encoding of input and result points in the byte API, default
    /// `Uncompressed` (the wire format); see [`PointFormat`]. Ignored by
    /// the typed API.
    pub point_format: PointFormat,
    /// Byte order of the scalars in the byte API, default `LittleEndian`
    /// (the wire format); big-endian ones are reversed on the host, on all
    /// cores. Applies to the scalars of later [`crate::BasesBytes`] calls.
    pub scalar_order: ScalarOrder,
}

impl Backend {
    /// The backend with this ABI value.
    pub fn from_u32(v: u32) -> Result<Backend, Error> {
        [Backend::Auto, Backend::Serial, Backend::Cpu, Backend::Gpu]
            .into_iter()
            .find(|b| *b as u32 == v)
            .ok_or_else(|| Error::new(Status::BadConfig, format!("unknown backend value {v}")))
    }
}

impl Validation {
    /// The validation level with this ABI value.
    pub fn from_u32(v: u32) -> Result<Validation, Error> {
        [
            Validation::Default,
            Validation::OnCurve,
            Validation::Full,
            Validation::Trusted,
        ]
        .into_iter()
        .find(|x| *x as u32 == v)
        .ok_or_else(|| Error::new(Status::BadConfig, format!("unknown validation value {v}")))
    }
}

impl InputForm {
    /// The input form with this ABI value.
    pub fn from_u32(v: u32) -> Result<InputForm, Error> {
        [InputForm::Canonical, InputForm::Montgomery]
            .into_iter()
            .find(|x| *x as u32 == v)
            .ok_or_else(|| Error::new(Status::BadConfig, format!("unknown input form value {v}")))
    }
}
