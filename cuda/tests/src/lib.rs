//! Safe wrappers over the check shims (shim/host_shim.cpp, and with CUDA
//! shim/device_shim.cu): each call runs one arithmetic op of gpukit's
//! CUDA/C++ headers on many inputs, on the host or on the GPU. The op codes
//! mirror shim/ops.cuh and shim/constants.cuh. The MSM planners
//! (shim/plan_shim.cpp) are in [`plan`], the host gathers of the staged
//! uploads (shim/gather_shim.cpp) in [`gather`].

use std::ffi::CStr;

pub mod gather;
pub mod plan;

pub mod op {
    pub const FP_ADD: u32 = 0;
    pub const FP_SUB: u32 = 1;
    pub const FP_MUL: u32 = 2;
    pub const FP_SQR: u32 = 3;
    pub const FP_DBL: u32 = 4;
    pub const FP_NEG: u32 = 5;
    pub const FP_INV: u32 = 6;
    pub const FP_TO_MONT: u32 = 7;
    pub const FP_FROM_MONT: u32 = 8;
    pub const FP_IS_CANONICAL: u32 = 9;
    pub const FP_EQ: u32 = 10;
    pub const FP_IS_ZERO: u32 = 11;
    pub const FP_MUL_PORTABLE: u32 = 12;
    pub const FP_INV_BGCD: u32 = 13;
    pub const FP_SQRT: u32 = 14;
    pub const FP_IS_LARGER: u32 = 15;
    pub const FP_IS_ODD: u32 = 16;
    pub const FP_IS_SQUARE: u32 = 17;
    pub const FP_MUL_HOST_U128: u32 = 18;

    pub const PT_ADD_AFFINE: u32 = 0;
    pub const PT_ADD: u32 = 1;
    pub const PT_DBL: u32 = 2;
    pub const PT_TO_AFFINE: u32 = 3;
    pub const PT_NEG: u32 = 4;
    pub const PT_NEG_BUCKET: u32 = 5;
    pub const PT_ON_CURVE: u32 = 6;
    pub const PT_IS_IDENTITY: u32 = 7;
    pub const PT_BUCKET_IS_IDENTITY: u32 = 8;
    /// r·P = O for an affine P on the curve (cuda/ec/subgroup.cuh); short
    /// Weierstrass curves only (the shims return an error elsewhere).
    pub const PT_IN_SUBGROUP: u32 = 9;
    /// Warp ops, device only (cuda/ec/spread_sum.cuh): each warp takes 32
    /// consecutive buckets. Lane 0 gets the sum of the warp's 32, the other
    /// lanes their own point.
    pub const PT_WARP_SUM: u32 = 16;
    /// Lane j < 16 gets the sum of lanes j..15, the other lanes their own.
    pub const PT_WARP_SUFFIX_SUM: u32 = 17;
    /// Lanes 1..15 get a + b, the other lanes a.
    pub const PT_LANE_ADD: u32 = 18;
}

/// The compressed formats of cuda/driver/compressed.cuh (`point_format`),
/// and the statuses of one record (`decompress_status`).
pub mod format {
    pub const ZCASH: u32 = 1;
    pub const SEC1: u32 = 2;
    pub const X_ONLY: u32 = 3;
    pub const ARKWORKS: u32 = 4;
    pub const BANDERWAGON: u32 = 5;
    pub const BANDERWAGON_UNCOMPRESSED: u32 = 6;

    pub const OK: u32 = 0;
    pub const BAD_ENCODING: u32 = 1;
    pub const NO_POINT: u32 = 2;
    pub const NOT_IN_SUBGROUP: u32 = 3;
}

pub mod constant {
    pub const MODULUS: u32 = 0;
    pub const R: u32 = 1;
    pub const R2: u32 = 2;
    pub const INV: u32 = 3;
    pub const SCALAR_MODULUS: u32 = 4;
    pub const SCALAR_BITS: u32 = 5;
    pub const POINT_BYTES: u32 = 6;
    pub const MAX_WINDOW: u32 = 7;
    pub const ID: u32 = 8;
    pub const FIELD_WORDS: u32 = 9;
    pub const COEFF_B: u32 = 10;
    pub const COEFF_A: u32 = 11;
    pub const COEFF_D: u32 = 12;
    pub const NONRESIDUE: u32 = 13;
    pub const TWO_ADICITY: u32 = 14;
    pub const SQRT_NONRESIDUE: u32 = 15;
    pub const ROOT_OF_UNITY: u32 = 16;
}

mod ffi {
    extern "C" {
        pub fn gpukit_check_fp_op(
            curve: u8,
            op: u32,
            a: *const u32,
            b: *const u32,
            out: *mut u32,
            count: usize,
        ) -> i32;
        pub fn gpukit_check_point_op(
            curve: u8,
            op: u32,
            a: *const u32,
            b: *const u32,
            out: *mut u32,
            count: usize,
        ) -> i32;
        pub fn gpukit_check_edwards_model(
            curve: u8,
            op: u32,
            a: *const u32,
            b: *const u32,
            out: *mut u32,
            count: usize,
        ) -> i32;
        pub fn gpukit_check_constant(curve: u8, which: u32, out: *mut u32, cap: u32) -> i32;
        pub fn gpukit_check_glv_split(curve: u8, k: *const u32, out: *mut u32, count: usize)
            -> i32;
        pub fn gpukit_check_endomorphism(
            curve: u8,
            a: *const u32,
            out: *mut u32,
            count: usize,
        ) -> i32;
        pub fn gpukit_check_decompress(
            curve: u8,
            format: u32,
            check: u32,
            records: *const u8,
            out: *mut u32,
            status: *mut u32,
            count: usize,
        ) -> i32;
        pub fn gpukit_check_record_bytes(curve: u8, format: u32) -> u32;
        pub fn gpukit_check_ptx_model(
            curve: u8,
            op: u32,
            a: *const u32,
            b: *const u32,
            out: *mut u32,
            count: usize,
            lost: *mut u32,
        ) -> i32;
        pub fn gpukit_check_curve_name(curve: u8) -> *const std::ffi::c_char;
    }
    #[cfg(gpukit_cuda)]
    extern "C" {
        pub fn gpukit_check_dev_device_count() -> u32;
        pub fn gpukit_check_dev_decompress(
            curve: u8,
            format: u32,
            check: u32,
            records: *const u8,
            out: *mut u32,
            status: *mut u32,
            count: usize,
        ) -> i32;
        pub fn gpukit_check_dev_fp_op(
            curve: u8,
            op: u32,
            a: *const u32,
            b: *const u32,
            out: *mut u32,
            count: usize,
        ) -> i32;
        pub fn gpukit_check_dev_point_op(
            curve: u8,
            op: u32,
            a: *const u32,
            b: *const u32,
            out: *mut u32,
            count: usize,
        ) -> i32;
        pub fn gpukit_check_dev_fieldmul_throughput(
            limbs: u32,
            variant: u32,
            chains: u32,
            blocks: u32,
            threads: u32,
            iters: u32,
            runs: u32,
            ms: *mut f32,
            name: *mut std::ffi::c_char,
            name_len: usize,
            sm_count: *mut u32,
        ) -> i32;
        pub fn gpukit_check_dev_inv_throughput(
            limbs: u32,
            bgcd: u32,
            blocks: u32,
            threads: u32,
            iters: u32,
            runs: u32,
            ms: *mut f32,
        ) -> i32;
        pub fn gpukit_check_dev_madd_throughput(
            limbs: u32,
            prefetch: u32,
            blocks: u32,
            iters: u32,
            runs: u32,
            ms: *mut f32,
            regs: *mut i32,
        ) -> i32;
        pub fn gpukit_check_dev_bls12_377_form_throughput(
            form: u32,
            blocks: u32,
            iters: u32,
            runs: u32,
            ms: *mut f32,
            regs: *mut i32,
        ) -> i32;
        pub fn gpukit_check_dev_affine_batch_throughput(
            limbs: u32,
            batch: u32,
            bgcd: u32,
            blocks: u32,
            iters: u32,
            runs: u32,
            ms: *mut f32,
            regs: *mut i32,
        ) -> i32;
    }
}

/// Where an op runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Host,
    Device,
}

/// Number of CUDA devices; 0 when built without nvcc.
pub fn device_count() -> u32 {
    #[cfg(gpukit_cuda)]
    // SAFETY: no arguments; the shim catches every CUDA error.
    return unsafe { ffi::gpukit_check_dev_device_count() };
    #[cfg(not(gpukit_cuda))]
    0
}

/// The targets a test runs on: always the host; the device when the shim was
/// built with CUDA and a GPU is present. Without a device this prints a
/// notice, and panics if GPUKIT_REQUIRE_GPU=1.
pub fn targets() -> Vec<Target> {
    if device_count() > 0 {
        return vec![Target::Host, Target::Device];
    }
    let why = if cfg!(gpukit_cuda) {
        "no CUDA device at run time"
    } else {
        "built without nvcc"
    };
    let required = std::env::var("GPUKIT_REQUIRE_GPU").is_ok_and(|v| v == "1");
    assert!(
        !required,
        "GPUKIT_REQUIRE_GPU=1 but the device checks cannot run: {why}"
    );
    eprintln!("notice: device checks skipped ({why}); host checks only");
    vec![Target::Host]
}

type OpFn = unsafe extern "C" fn(u8, u32, *const u32, *const u32, *mut u32, usize) -> i32;

/// `f`'s op on a.len() / stride elements, or `None` where the shim refuses
/// it (an unknown curve or op, or one the curve does not have).
fn try_run(f: OpFn, curve: u8, op: u32, a: &[u32], b: &[u32], stride: usize) -> Option<Vec<u32>> {
    assert_eq!(a.len() % stride, 0);
    assert_eq!(a.len(), b.len());
    let count = a.len() / stride;
    let mut out = vec![0u32; a.len()];
    // SAFETY: a, b and out each hold count·stride words, the stride the shim
    // uses for this curve and op kind (checked by the callers' layouts).
    let rc = unsafe { f(curve, op, a.as_ptr(), b.as_ptr(), out.as_mut_ptr(), count) };
    (rc == 0).then_some(out)
}

fn run(f: OpFn, curve: u8, op: u32, a: &[u32], b: &[u32], stride: usize) -> Vec<u32> {
    try_run(f, curve, op, a, b, stride)
        .unwrap_or_else(|| panic!("shim op {op} on curve {curve} failed"))
}

fn field_fn(target: Target) -> OpFn {
    match target {
        Target::Host => ffi::gpukit_check_fp_op,
        #[cfg(gpukit_cuda)]
        Target::Device => ffi::gpukit_check_dev_fp_op,
        #[cfg(not(gpukit_cuda))]
        Target::Device => unreachable!("targets() offers Device only when built with CUDA"),
    }
}

fn point_fn(target: Target) -> OpFn {
    match target {
        Target::Host => ffi::gpukit_check_point_op,
        #[cfg(gpukit_cuda)]
        Target::Device => ffi::gpukit_check_dev_point_op,
        #[cfg(not(gpukit_cuda))]
        Target::Device => unreachable!("targets() offers Device only when built with CUDA"),
    }
}

/// A field op on elements of `words` u32 each (field_t::WORDS of the curve).
pub fn field_op(
    target: Target,
    curve: u8,
    op: u32,
    a: &[u32],
    b: &[u32],
    words: usize,
) -> Vec<u32> {
    run(field_fn(target), curve, op, a, b, words)
}

/// A point op; every element occupies 4·words u32 in a, b and the output.
pub fn point_op(
    target: Target,
    curve: u8,
    op: u32,
    a: &[u32],
    b: &[u32],
    words: usize,
) -> Vec<u32> {
    run(point_fn(target), curve, op, a, b, 4 * words)
}

/// The ops of a curve's twisted Edwards model (shim/edwards_model_ops.cuh),
/// run on the host.
pub mod edwards_op {
    pub const ENTRY: u32 = 0;
    pub const MADD: u32 = 1;
    pub const ADD: u32 = 2;
    pub const DBL: u32 = 3;
}

/// An op of the curve's twisted Edwards model on the host; every element
/// occupies 4·words u32 in a, b and the output. `None` for a curve without
/// a model.
pub fn edwards_model_op(
    curve: u8,
    op: u32,
    a: &[u32],
    b: &[u32],
    words: usize,
) -> Option<Vec<u32>> {
    try_run(ffi::gpukit_check_edwards_model, curve, op, a, b, 4 * words)
}

/// The ops of the host model of the device's PTX carry chains
/// (shim/ptx_model.cpp).
pub mod ptx_op {
    pub const MUL: u32 = 0;
    pub const SQR: u32 = 1;
    pub const ADD: u32 = 2;
    pub const SUB: u32 = 3;
    pub const NEG: u32 = 4;
}

/// `op` (a `ptx_op`) over canonical elements of `words` u32 each of
/// `curve`'s prime field, by mont_ptx.cuh's chains on the host model of the
/// carry flag: the results, and how many carries links without a carry out
/// dropped (a broken bound). `None` for a curve whose coordinates are not a
/// prime field.
pub fn ptx_model_op(
    curve: u8,
    op: u32,
    a: &[u32],
    b: &[u32],
    words: usize,
) -> Option<(Vec<u32>, u32)> {
    assert_eq!(a.len(), b.len());
    assert_eq!(a.len() % words, 0);
    let mut out = vec![0u32; a.len()];
    let mut lost = 0u32;
    // SAFETY: a, b and out hold a.len() / words elements of `words` u32.
    let rc = unsafe {
        ffi::gpukit_check_ptx_model(
            curve,
            op,
            a.as_ptr(),
            b.as_ptr(),
            out.as_mut_ptr(),
            a.len() / words,
            &mut lost,
        )
    };
    (rc == 0).then_some((out, lost))
}

/// Bytes of one record of `format` on `curve`; `None` where the format does
/// not apply to it (cuda/driver/compressed.cuh `compressed_format::fits`).
pub fn record_bytes(curve: u8, format: u32) -> Option<usize> {
    // SAFETY: plain values.
    let n = unsafe { ffi::gpukit_check_record_bytes(curve, format) };
    (n != 0).then_some(n as usize)
}

/// One decompressed record: the point as canonical words x || y (the
/// identity as zeros) and its status (`format::OK`, ...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decompressed {
    pub xy: Vec<u32>,
    pub status: u32,
}

/// Decompresses packed `records` of `format` on `curve` (field words
/// `words`) with compressed.cuh, on the host or the device; `check` runs
/// the format's own point checks (Banderwagon's subgroup check).
pub fn decompress(
    target: Target,
    curve: u8,
    format: u32,
    check: bool,
    records: &[u8],
    words: usize,
) -> Vec<Decompressed> {
    let size = record_bytes(curve, format).expect("the format applies to the curve");
    assert_eq!(records.len() % size, 0);
    let count = records.len() / size;
    let mut out = vec![0u32; count * 2 * words];
    let mut status = vec![u32::MAX; count];
    let f = match target {
        Target::Host => ffi::gpukit_check_decompress,
        #[cfg(gpukit_cuda)]
        Target::Device => ffi::gpukit_check_dev_decompress,
        #[cfg(not(gpukit_cuda))]
        Target::Device => unreachable!("targets() offers Device only when built with CUDA"),
    };
    // SAFETY: records holds count records of the format's size, out 2·words
    // words per record and status one word per record.
    let rc = unsafe {
        f(
            curve,
            format,
            u32::from(check),
            records.as_ptr(),
            out.as_mut_ptr(),
            status.as_mut_ptr(),
            count,
        )
    };
    assert_eq!(
        rc, 0,
        "decompress of format {format} on curve {curve} failed with {rc}"
    );
    out.chunks(2 * words)
        .zip(status)
        .map(|(xy, status)| Decompressed {
            xy: xy.to_vec(),
            status,
        })
        .collect()
}

/// A constant as the headers define or derive it, or None when it does not
/// apply to the curve.
pub fn constant(curve: u8, which: u32) -> Option<Vec<u32>> {
    let mut out = vec![0u32; 64];
    // SAFETY: out holds 64 words and the shim writes at most cap of them.
    let n = unsafe { ffi::gpukit_check_constant(curve, which, out.as_mut_ptr(), out.len() as u32) };
    (n >= 0).then(|| {
        out.truncate(n as usize);
        out
    })
}

/// curve_traits<C>::NAME.
/// One scalar split by the curve's endomorphism (cuda/ec/glv.cuh): |k1|,
/// |k2| (8 words each) and their signs (true: negative).
pub struct GlvSplit {
    pub k1: Vec<u32>,
    pub k1_negative: bool,
    pub k2: Vec<u32>,
    pub k2_negative: bool,
}

/// Splits canonical scalars (8 words each) on the host; `None` for a curve
/// without an endomorphism, else the bound SPLIT_BITS and the splits.
pub fn glv_split(curve: u8, scalars: &[u32]) -> Option<(u32, Vec<GlvSplit>)> {
    assert_eq!(scalars.len() % 8, 0);
    let count = scalars.len() / 8;
    let mut out = vec![0u32; count * 17];
    // SAFETY: the shim reads count·8 words and writes count·17.
    let bits =
        unsafe { ffi::gpukit_check_glv_split(curve, scalars.as_ptr(), out.as_mut_ptr(), count) };
    let splits = out
        .chunks(17)
        .map(|o| GlvSplit {
            k1: o[..8].to_vec(),
            k1_negative: o[16] & 1 != 0,
            k2: o[8..16].to_vec(),
            k2_negative: o[16] & 2 != 0,
        })
        .collect();
    u32::try_from(bits).ok().map(|b| (b, splits))
}

/// φ(P) = (β·x, y) of affine points (x||y, `words` u32 per coordinate) on
/// the host; `None` for a curve without an endomorphism.
pub fn endomorphism(curve: u8, points: &[u32], words: usize) -> Option<Vec<u32>> {
    assert_eq!(points.len() % (2 * words), 0);
    let mut out = vec![0u32; points.len()];
    // SAFETY: the shim reads and writes points.len() / (2·words) points.
    let rc = unsafe {
        ffi::gpukit_check_endomorphism(
            curve,
            points.as_ptr(),
            out.as_mut_ptr(),
            points.len() / (2 * words),
        )
    };
    (rc == 0).then_some(out)
}

pub fn curve_name(curve: u8) -> Option<String> {
    // SAFETY: the shim returns a static NUL-terminated string or null.
    let p = unsafe { ffi::gpukit_check_curve_name(curve) };
    (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
}

/// What one throughput run measures (see shim/throughput.cu).
/// What a throughput chain repeats (throughput.cu's `chain_op`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChainOp {
    /// x·y on PTX carry chains, the device default.
    MulPtx = 0,
    /// x·y by the portable CIOS (what GPUKIT_PORTABLE_MUL selects).
    MulPortable = 1,
    /// x² by the PTX squaring (cross products once).
    SqrPtx = 2,
}

impl ChainOp {
    pub fn name(self) -> &'static str {
        match self {
            ChainOp::MulPtx => "ptx",
            ChainOp::MulPortable => "portable",
            ChainOp::SqrPtx => "ptx-sqr",
        }
    }
}

#[derive(Debug, Clone, Copy)]
pub struct ThroughputSetup {
    /// 8 (BN254 Fp) or 12 (BLS12-381 Fp).
    pub limbs: u32,
    /// The operation each chain repeats.
    pub variant: ChainOp,
    /// Independent multiplication chains per thread: 1, 2 or 4.
    pub chains: u32,
    pub blocks: u32,
    pub threads: u32,
    /// Multiplications per chain.
    pub iters: u32,
    pub runs: u32,
}

/// One throughput measurement.
#[derive(Debug, Clone)]
pub struct Throughput {
    pub device: String,
    pub sm_count: u32,
    /// Milliseconds of each timed launch.
    pub runs_ms: Vec<f32>,
    /// Field multiplications per launch.
    pub muls_per_launch: f64,
}

/// Times `s.runs` launches of the dependent-chain multiplication kernel.
#[cfg(gpukit_cuda)]
pub fn fieldmul_throughput(s: ThroughputSetup) -> Result<Throughput, i32> {
    let mut ms = vec![0f32; s.runs as usize];
    let mut name = vec![0 as std::ffi::c_char; 256];
    let mut sm_count = 0u32;
    // SAFETY: ms holds `runs` floats, name 256 bytes; the shim writes within them.
    let rc = unsafe {
        ffi::gpukit_check_dev_fieldmul_throughput(
            s.limbs,
            s.variant as u32,
            s.chains,
            s.blocks,
            s.threads,
            s.iters,
            s.runs,
            ms.as_mut_ptr(),
            name.as_mut_ptr(),
            name.len(),
            &mut sm_count,
        )
    };
    if rc != 0 {
        return Err(rc);
    }
    // SAFETY: the shim wrote a NUL-terminated name (snprintf).
    let device = unsafe { CStr::from_ptr(name.as_ptr()) }
        .to_string_lossy()
        .into_owned();
    let muls_per_launch =
        f64::from(s.blocks) * f64::from(s.threads) * f64::from(s.iters) * f64::from(s.chains);
    Ok(Throughput {
        device,
        sm_count,
        runs_ms: ms,
        muls_per_launch,
    })
}

/// One inversion throughput measurement (see shim/throughput.cu).
#[derive(Debug, Clone)]
pub struct InvThroughput {
    /// Milliseconds of each timed launch.
    pub runs_ms: Vec<f32>,
    /// Field inversions per launch.
    pub invs_per_launch: f64,
}

/// Times `runs` launches of `blocks` · `threads` threads, each inverting a
/// chain of `iters` elements (8 limbs: BN254 Fp, 12: BLS12-381 Fp), by the
/// binary GCD (`bgcd`) or by Fermat's little theorem.
#[cfg(gpukit_cuda)]
pub fn inv_throughput(
    limbs: u32,
    bgcd: bool,
    blocks: u32,
    threads: u32,
    iters: u32,
    runs: u32,
) -> Result<InvThroughput, i32> {
    let mut ms = vec![0f32; runs as usize];
    // SAFETY: ms holds `runs` floats; the shim writes within them.
    let rc = unsafe {
        ffi::gpukit_check_dev_inv_throughput(
            limbs,
            u32::from(bgcd),
            blocks,
            threads,
            iters,
            runs,
            ms.as_mut_ptr(),
        )
    };
    if rc != 0 {
        return Err(rc);
    }
    Ok(InvThroughput {
        runs_ms: ms,
        invs_per_launch: f64::from(blocks) * f64::from(threads) * f64::from(iters),
    })
}

/// One mixed-addition throughput measurement (see shim/madd_throughput.cu).
#[derive(Debug, Clone)]
pub struct MaddThroughput {
    /// Registers per thread of the timed kernel.
    pub registers: i32,
    /// Milliseconds of each timed launch.
    pub runs_ms: Vec<f32>,
    /// Additions per launch (blocks · 128 threads · iters, times the batch
    /// for the batch-affine sweep).
    pub madds_per_launch: f64,
}

/// Runs one timing shim (`call(ms, registers)`, 0 on success) that fills
/// `runs` times, for launches of `adds_per_launch` additions.
#[cfg(gpukit_cuda)]
fn time_adds(
    runs: u32,
    adds_per_launch: f64,
    call: impl FnOnce(*mut f32, *mut i32) -> i32,
) -> Result<MaddThroughput, i32> {
    let mut ms = vec![0f32; runs as usize];
    let mut registers = 0i32;
    let rc = call(ms.as_mut_ptr(), &mut registers);
    if rc != 0 {
        return Err(rc);
    }
    Ok(MaddThroughput {
        registers,
        runs_ms: ms,
        madds_per_launch: adds_per_launch,
    })
}

/// Times `runs` launches of `blocks` blocks of 128 threads, each doing
/// `iters` gathered mixed additions (8 limbs: BN254 G1, 12: BLS12-381 G1).
#[cfg(gpukit_cuda)]
pub fn madd_throughput(
    limbs: u32,
    prefetch: bool,
    blocks: u32,
    iters: u32,
    runs: u32,
) -> Result<MaddThroughput, i32> {
    let adds = f64::from(blocks) * 128.0 * f64::from(iters);
    time_adds(runs, adds, |ms, registers| {
        // SAFETY: ms holds `runs` floats; the shim writes within them and one int.
        unsafe {
            ffi::gpukit_check_dev_madd_throughput(
                limbs,
                u32::from(prefetch),
                blocks,
                iters,
                runs,
                ms,
                registers,
            )
        }
    })
}

/// Batch-affine addition throughput (see shim/madd_throughput.cu): `batch`
/// accumulators per thread share one inversion per step; each of the
/// `blocks` · 128 threads does `iters` · `batch` additions.
#[cfg(gpukit_cuda)]
pub fn affine_batch_throughput(
    limbs: u32,
    batch: u32,
    bgcd: bool,
    blocks: u32,
    iters: u32,
    runs: u32,
) -> Result<MaddThroughput, i32> {
    let adds = f64::from(blocks) * 128.0 * f64::from(iters) * f64::from(batch);
    time_adds(runs, adds, |ms, registers| {
        // SAFETY: ms holds `runs` floats; the shim writes within them and one int.
        unsafe {
            ffi::gpukit_check_dev_affine_batch_throughput(
                limbs,
                batch,
                u32::from(bgcd),
                blocks,
                iters,
                runs,
                ms,
                registers,
            )
        }
    })
}

/// The forms [`bls12_377_form_throughput`] times, by number (the shim's
/// switch).
pub const BLS12_377_FORMS: [&str; 4] = ["xyzz", "extended", "extended-sums", "batch-affine-64"];
/// The batch-affine form: each thread keeps `BATCH_AFFINE_FORM_LANES`
/// accumulators (the shim's `time_affine_runs<bls12_377_g1, 64>`).
pub const BLS12_377_BATCH_AFFINE_FORM: u32 = 3;
#[cfg(gpukit_cuda)]
const BATCH_AFFINE_FORM_LANES: u32 = 64;

/// BLS12-377 G1's bucket forms (see shim/madd_throughput.cu): `form` 0 XYZZ
/// with affine points, 1 extended twisted Edwards with (x, y, d·x·y), 2
/// extended with (y − x, y + x, 2d·x·y), each of the `blocks` · 128 threads
/// adding `iters` gathered entries into one bucket; 3 batch-affine, 64
/// accumulators a thread, `iters` · 64 additions a thread.
#[cfg(gpukit_cuda)]
pub fn bls12_377_form_throughput(
    form: u32,
    blocks: u32,
    iters: u32,
    runs: u32,
) -> Result<MaddThroughput, i32> {
    let per_thread = if form == BLS12_377_BATCH_AFFINE_FORM {
        BATCH_AFFINE_FORM_LANES
    } else {
        1
    };
    let adds = f64::from(blocks) * 128.0 * f64::from(iters) * f64::from(per_thread);
    time_adds(runs, adds, |ms, registers| {
        // SAFETY: ms holds `runs` floats; the shim writes within them and one int.
        unsafe {
            ffi::gpukit_check_dev_bls12_377_form_throughput(
                form, blocks, iters, runs, ms, registers,
            )
        }
    })
}
