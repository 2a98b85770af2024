//! Safe wrapper over shim/gather_shim.cpp: the host gathers of
//! cuda/runtime/host_gather.cuh that feed the staged uploads.

mod ffi {
    extern "C" {
        pub fn gpukit_check_gather(
            threads: u32,
            streamed: i32,
            base: *const u8,
            stride: usize,
            row_bytes: usize,
            from: usize,
            len: usize,
            dst: *mut u8,
        ) -> i32;
        pub fn gpukit_check_gather_warm(threads: u32) -> i32;
    }
}

/// Wakes the pool of `threads` (the one `gather` uses) to spin for the
/// next job (gather_pool::warm). None where the shim refused.
pub fn warm(threads: u32) -> Option<()> {
    // SAFETY: no pointers; the shim refuses pool sizes out of range.
    (unsafe { ffi::gpukit_check_gather_warm(threads) } == 0).then_some(())
}

/// Bytes `from .. from + dst.len()` of the rows of `source` (row j the
/// `row_bytes` at `j * stride`) packed one after another, gathered into
/// `dst` by `parallel_gather` on a pool of `threads`, by non-temporal
/// stores where `streamed`. None where the shim refused (a pool size out
/// of 1..=16, or a failure).
pub fn gather(
    threads: u32,
    streamed: bool,
    source: &[u8],
    stride: usize,
    row_bytes: usize,
    from: usize,
    dst: &mut [u8],
) -> Option<()> {
    assert!(
        row_bytes > 0 && row_bytes <= stride,
        "rows lie within their stride"
    );
    let end = from + dst.len();
    if end > 0 {
        let last_row = (end - 1) / row_bytes;
        assert!(
            last_row * stride + row_bytes <= source.len(),
            "the gathered bytes lie in `source`"
        );
    }
    // SAFETY: the shim reads only rows 0..=last_row of `source`, each
    // `row_bytes` long at `j * stride` (checked above), and writes exactly
    // dst.len() bytes to `dst`.
    let rc = unsafe {
        ffi::gpukit_check_gather(
            threads,
            i32::from(streamed),
            source.as_ptr(),
            stride,
            row_bytes,
            from,
            dst.len(),
            dst.as_mut_ptr(),
        )
    };
    (rc == 0).then_some(())
}
