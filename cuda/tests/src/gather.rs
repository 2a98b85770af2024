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
        pub fn gpukit_check_gather_pieces(
            threads: u32,
            streamed: i32,
            base: *const u8,
            stride: usize,
            row_bytes: usize,
            from: usize,
            len: usize,
            item: usize,
            piece: usize,
            dst: *mut u8,
            snapshot: *mut u8,
            starts: *mut usize,
            lengths: *mut usize,
            capacity: usize,
            handed: *mut usize,
        ) -> i32;
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
    check_rows(source, stride, row_bytes, from, dst.len());
    // SAFETY: the shim reads only rows 0..=last_row of `source`, each
    // `row_bytes` long at `j * stride` (check_rows), and writes exactly
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

/// The pieces a gather handed on, in the order it handed them on.
pub struct Handed {
    /// Each piece's start and length in the destination.
    pub pieces: Vec<(usize, usize)>,
    /// Each piece's bytes as they were when it was handed on, at its place.
    pub snapshot: Vec<u8>,
}

/// As [`gather`], in items of `item` bytes (a multiple of 64), with
/// `parallel_gather` handing on pieces of `piece` bytes as they are
/// gathered: what it handed on, or None where the shim refused.
#[allow(clippy::too_many_arguments)]
pub fn gather_pieces(
    threads: u32,
    streamed: bool,
    source: &[u8],
    stride: usize,
    row_bytes: usize,
    from: usize,
    item: usize,
    piece: usize,
    dst: &mut [u8],
) -> Option<Handed> {
    check_rows(source, stride, row_bytes, from, dst.len());
    // At most one piece an item.
    let capacity = dst.len() / item.max(1) + 2;
    let (mut starts, mut lengths) = (vec![0usize; capacity], vec![0usize; capacity]);
    let mut snapshot = vec![0u8; dst.len()];
    let mut handed = 0usize;
    // SAFETY: as in `gather`; the shim writes at most `capacity` entries to
    // `starts` and `lengths`, and to `snapshot` only within dst.len().
    let rc = unsafe {
        ffi::gpukit_check_gather_pieces(
            threads,
            i32::from(streamed),
            source.as_ptr(),
            stride,
            row_bytes,
            from,
            dst.len(),
            item,
            piece,
            dst.as_mut_ptr(),
            snapshot.as_mut_ptr(),
            starts.as_mut_ptr(),
            lengths.as_mut_ptr(),
            capacity,
            &mut handed,
        )
    };
    if rc != 0 {
        return None;
    }
    assert!(
        handed <= capacity,
        "{handed} pieces handed on for {capacity} expected at most"
    );
    Some(Handed {
        pieces: starts.into_iter().zip(lengths).take(handed).collect(),
        snapshot,
    })
}

/// Panics unless the rows hold the bytes `from .. from + len`.
fn check_rows(source: &[u8], stride: usize, row_bytes: usize, from: usize, len: usize) {
    assert!(
        row_bytes > 0 && row_bytes <= stride,
        "rows lie within their stride"
    );
    let end = from + len;
    if end > 0 {
        let last_row = (end - 1) / row_bytes;
        assert!(
            last_row * stride + row_bytes <= source.len(),
            "the gathered bytes lie in `source`"
        );
    }
}
