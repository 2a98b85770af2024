//! The options of an MSM call: backend, window, validation level, input
//! form, GPU mask, blinding, tables, point format and scalar order. The discriminants are the C ABI's values.

use crate::error::{Error, Status};
use values::*;

/// The C ABI's config values (`GPUKIT_BACKEND_*`, `GPUKIT_VALIDATE_*`,
/// `GPUKIT_FORM_*`, `GPUKIT_POINT_FORMAT_*`, `GPUKIT_SCALAR_*`): the discriminants of the enums below, exported to
/// include/gpukit.h by cbindgen.
pub mod values {
    /// config.backend: serial below the serial crossover, GPU at or above the GPU crossover, else CPU; a batch of
    /// MSMs goes to the GPU by its total work, n·batch.
    pub const GPUKIT_BACKEND_AUTO: u32 = 0;
    /// config.backend: one scalar multiplication per point, summed.
    pub const GPUKIT_BACKEND_SERIAL: u32 = 1;
    /// config.backend: Pippenger on all CPU cores.
    pub const GPUKIT_BACKEND_CPU: u32 = 2;
    /// config.backend: the CUDA backend (GPUKIT_ERR_NO_DEVICE without a device, never a fallback).
    pub const GPUKIT_BACKEND_GPU: u32 = 3;

    /// on_curve for one-shot calls, full for gpukit_bases_new
    pub const GPUKIT_VALIDATE_DEFAULT: u32 = 0;
    /// Coordinates < p, points on the curve, scalars < r.
    pub const GPUKIT_VALIDATE_ON_CURVE: u32 = 1;
    /// GPUKIT_VALIDATE_ON_CURVE plus the prime-order subgroup check where the cofactor is not 1.
    pub const GPUKIT_VALIDATE_FULL: u32 = 2;
    /// No point checks (coordinates must still be < p; scalars must still be < r).
    pub const GPUKIT_VALIDATE_TRUSTED: u32 = 3;

    /// config.input_form: canonical little-endian integers (the wire format).
    pub const GPUKIT_FORM_CANONICAL: u32 = 0;
    /// config.input_form: Montgomery-form limbs as arkworks / gnark-crypto hold them, for points and scalars.
    pub const GPUKIT_FORM_MONTGOMERY: u32 = 1;

    /// config.point_format: the wire format, x || y (curve 6: the Bandersnatch twisted Edwards group).
    pub const GPUKIT_POINT_FORMAT_UNCOMPRESSED: u32 = 0;
    /// config.point_format: the curve's standard compressed form (curve 6: the Banderwagon 32-byte serialization).
    pub const GPUKIT_POINT_FORMAT_COMPRESSED: u32 = 1;
    /// config.point_format: curve 6 only, go-ipa's 64-byte Banderwagon form (x || y big-endian).
    pub const GPUKIT_POINT_FORMAT_BANDERWAGON_UNCOMPRESSED: u32 = 2;
    /// config.point_format: curve 5 only, BIP340's 32-byte x-only keys (x big-endian, the even y).
    pub const GPUKIT_POINT_FORMAT_X_ONLY: u32 = 3;

    /// config.scalar_order: each 32-byte scalar little-endian (the wire format).
    pub const GPUKIT_SCALAR_LITTLE_ENDIAN: u32 = 0;
    /// config.scalar_order: each 32-byte scalar big-endian (EIP-4844 blobs).
    pub const GPUKIT_SCALAR_BIG_ENDIAN: u32 = 1;
}

/// Which implementation computes the MSM.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Backend {
    /// Pick by size: serial below the curve's serial crossover, the GPU at
    /// or above its GPU crossover when a device exists, else the CPU. A
    /// batch of MSMs is weighed by its total work, n·batch: it goes to the
    /// GPU from the crossover on even when each of its vectors is small
    /// (resident bases kept on the host are then uploaded, once: see
    /// [`Bases`](crate::Bases)); on the host its vectors run in parallel.
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

/// How input and result points are encoded in the byte API (the codecs are
/// in src/formats).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PointFormat {
    /// The wire format: `x || y`, canonical little-endian (or Montgomery
    /// limbs with `InputForm::Montgomery`). For curve 6 this is the
    /// Bandersnatch twisted Edwards group (prime-order subgroup checks).
    #[default]
    Uncompressed = GPUKIT_POINT_FORMAT_UNCOMPRESSED,
    /// The curve's standard compressed form: the ZCash serialization for
    /// BLS12-381 G1 (48 bytes) and G2 (96), SEC1's 33 bytes for secp256k1,
    /// arkworks' compressed form for BN254 (32) and BLS12-377 (48), the
    /// Banderwagon element's 32-byte serialization for curve 6 (Verkle
    /// spec, go-ipa).
    Compressed = GPUKIT_POINT_FORMAT_COMPRESSED,
    /// Curve 6 only: go-ipa's 64-byte uncompressed Banderwagon form,
    /// `x || y` big-endian, either representative (x, y) ~ (−x, −y) in,
    /// the one with the lexicographically largest y out.
    BanderwagonUncompressed = GPUKIT_POINT_FORMAT_BANDERWAGON_UNCOMPRESSED,
    /// secp256k1 only: BIP340's 32-byte x-only keys, x big-endian, read as
    /// the point with the even y; a result is written as its x alone.
    XOnly = GPUKIT_POINT_FORMAT_X_ONLY,
}

/// Byte order of each 32-byte scalar in the byte API.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ScalarOrder {
    /// Little-endian (the wire format).
    #[default]
    LittleEndian = GPUKIT_SCALAR_LITTLE_ENDIAN,
    /// Big-endian, as EIP-4844 blobs and most standards write integers.
    BigEndian = GPUKIT_SCALAR_BIG_ENDIAN,
}

/// Options of an MSM call. `Config::default()` is what the short calls use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Config {
    /// Backend, default `Auto` (by size: n for one MSM, n·batch for a
    /// batch; see [`Backend::Auto`]).
    pub backend: Backend,
    /// Pippenger window in bits, 1..=24; 0 (default) lets the backend choose.
    pub window_c: u32,
    /// Validation level, default `Default`.
    pub validation: Validation,
    /// Layout of the byte input, default `Canonical` (ignored by the typed API).
    pub input_form: InputForm,
    /// Bit mask of GPU ordinals to use; 0 (default) = all visible devices.
    pub devices: u32,
    /// Split every scalar into two uniformly random halves (README, "Blinded MSM").
    pub blinded: bool,
    /// Precomputed shifted copies per base kept by GPU-resident [`crate::Bases`]:
    /// copy k of P is 2^(k·c)·P, so that k windows share one bucket set and
    /// one reduction. 0 (default) = as many as half the free device memory
    /// holds, up to one per window; 1 = none; k = k copies. Ignored by
    /// one-shot calls and by bases kept on the host.
    pub precompute: u32,
    /// Fixed-base tables kept by GPU-resident [`crate::Bases`]: every base P
    /// carries e·2^(j·w)·P for each window j of w-bit signed digits and each
    /// digit e = 1..2^(w-1), so that an MSM is only table lookups and
    /// additions (no sort, no buckets): the fast path for many MSMs over a
    /// small basis (Verkle, KZG blobs, PLONK commitments). 0 (default) =
    /// automatic: for bases of at most 2^12 points, when `precompute` and
    /// `window_c` are 0 too, the w from 8 to 17 whose tables fit in half
    /// of the device's free memory with the fewest windows, the narrowest
    /// of those (on an idle 80 GB H100: 13 bits for a 4096-point BLS12-381
    /// setup, 32.2 GB; 17 for Verkle's 256 bases, 24.2 GB); 1 = never; w
    /// in 2..=17 = tables of w-bit digits.
    /// Calls with an explicit `window_c` run Pippenger on the plain bases
    /// instead, and so does a call of up to three vectors short enough for
    /// the small path (up to 2^12 points on the curves with an
    /// endomorphism) where the tables were chosen automatically: there they
    /// lose to it.
    /// Ignored by one-shot calls and by bases kept on the host.
    pub fixed_base: u32,
    /// Encoding of input and result points in the byte API, default
    /// `Uncompressed` (the wire format); see [`PointFormat`]. Ignored by
    /// the typed API.
    pub point_format: PointFormat,
    /// Byte order of the scalars in the byte API, default `LittleEndian`
    /// (the wire format); big-endian ones are reversed where they are read
    /// (on the device for GPU calls), never copied first. Applies to the
    /// scalars of later [`crate::BasesBytes`] calls.
    pub scalar_order: ScalarOrder,
}

/// The widest fixed-base digits ([`Config::fixed_base`]): 2^16 multiples per
/// window and base (`FIXED_BASE_MAX_DIGIT_BITS` in cuda/msm/plan/fixed_base.cuh).
pub(crate) const MAX_FIXED_BASE_DIGITS: u32 = 17;

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

impl PointFormat {
    /// The point format with this ABI value.
    pub fn from_u32(v: u32) -> Result<PointFormat, Error> {
        [
            PointFormat::Uncompressed,
            PointFormat::Compressed,
            PointFormat::BanderwagonUncompressed,
            PointFormat::XOnly,
        ]
        .into_iter()
        .find(|x| *x as u32 == v)
        .ok_or_else(|| Error::new(Status::BadConfig, format!("unknown point format value {v}")))
    }
}

/// How one call's scalar bytes lie: canonical integers or Montgomery limbs,
/// in either byte order. Both are undone where the scalars are read (the
/// host's decoder, or the GPU's `decode_scalars`): no converted copy of
/// the scalars is made first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ScalarLayout {
    pub(crate) form: InputForm,
    pub(crate) order: ScalarOrder,
}

impl ScalarLayout {
    /// Montgomery limbs, little-endian: arkworks' scalars as they lie in memory.
    pub(crate) const ARKWORKS: ScalarLayout = ScalarLayout {
        form: InputForm::Montgomery,
        order: ScalarOrder::LittleEndian,
    };

    /// The layout a config's `input_form` and `scalar_order` describe.
    pub(crate) fn of(config: &Config) -> ScalarLayout {
        ScalarLayout {
            form: config.input_form,
            order: config.scalar_order,
        }
    }
}

impl ScalarOrder {
    /// The scalar order with this ABI value.
    pub fn from_u32(v: u32) -> Result<ScalarOrder, Error> {
        [ScalarOrder::LittleEndian, ScalarOrder::BigEndian]
            .into_iter()
            .find(|x| *x as u32 == v)
            .ok_or_else(|| Error::new(Status::BadConfig, format!("unknown scalar order value {v}")))
    }
}
