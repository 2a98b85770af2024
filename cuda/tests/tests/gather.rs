//! The host gathers of cuda/runtime/host_gather.cuh (shim/gather_shim.cpp,
//! g++): packed bytes from strided rows, by pools of 1 to 16 threads, with
//! plain and non-temporal stores, into destinations at every alignment mod
//! 16. The bytes must equal the packed rows', and no byte outside the
//! destination may change. No GPU needed.

use gpukit_cuda_tests::gather::{gather, gather_pieces, warm as warm_pool};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Rows of `row_bytes` every `stride` bytes of `source`.
struct Rows<'a> {
    source: &'a [u8],
    stride: usize,
    row_bytes: usize,
}

/// One gather: the packed bytes `from .. from + len`, by a pool of
/// `threads`, into a destination `misalign` bytes past a 64-byte boundary.
struct Case {
    threads: u32,
    streamed: bool,
    from: usize,
    len: usize,
    misalign: usize,
}

/// The packed bytes `from .. from + len` of the rows, computed here.
fn packed(rows: &Rows, from: usize, len: usize) -> Vec<u8> {
    (from..from + len)
        .map(|i| rows.source[(i / rows.row_bytes) * rows.stride + i % rows.row_bytes])
        .collect()
}

/// Gathers into a guarded buffer and checks the bytes and the guards.
fn check(rows: &Rows, case: Case) {
    const GUARD: usize = 80;
    const CANARY: u8 = 0xa5;
    let Case {
        threads,
        streamed,
        from,
        len,
        misalign,
    } = case;
    let mut buffer = vec![CANARY; len + 2 * GUARD + 64];
    let start = GUARD + (64 - buffer.as_ptr() as usize % 64) % 64 + misalign;
    gather(
        threads,
        streamed,
        rows.source,
        rows.stride,
        rows.row_bytes,
        from,
        &mut buffer[start..start + len],
    )
    .expect("the shim gathers");
    let what = format!(
        "threads {threads}, streamed {streamed}, row {} of stride {}, bytes {from}..{}, misaligned by {misalign}",
        rows.row_bytes,
        rows.stride,
        from + len
    );
    assert_eq!(
        buffer[start..start + len],
        packed(rows, from, len)[..],
        "{what}"
    );
    assert!(
        buffer[..start].iter().all(|&b| b == CANARY),
        "a byte before the destination changed: {what}"
    );
    assert!(
        buffer[start + len..].iter().all(|&b| b == CANARY),
        "a byte after the destination changed: {what}"
    );
}

#[test]
fn gathers_equal_the_packed_rows() {
    let mut rng = ChaCha8Rng::seed_from_u64(34);
    // Row widths: single bytes, a scalar, a wire point, arkworks' BN254 and
    // BLS12-381 G1 structs, a Verkle vector, and one that is none of those.
    for row_bytes in [1usize, 3, 32, 64, 72, 104, 8192, 1000] {
        for pad in [0usize, 8, 13] {
            let stride = row_bytes + pad;
            let count = (300_000 / stride).max(2);
            let source: Vec<u8> = (0..count * stride).map(|_| rng.gen()).collect();
            let rows = Rows {
                source: &source,
                stride,
                row_bytes,
            };
            let total = count * row_bytes;
            for threads in [1u32, 2, 3, 8, 16] {
                for streamed in [false, true] {
                    // (from, len, misalignment): random ranges, the whole,
                    // and lengths around the 64-byte lines the threads'
                    // slices are cut in.
                    let mut ranges = vec![(0, total, 0)];
                    for _ in 0..4 {
                        let from = rng.gen_range(0..total);
                        ranges.push((from, rng.gen_range(0..=total - from), rng.gen_range(0..16)));
                    }
                    for len in [0usize, 1, 15, 16, 17, 63, 64, 65, 64 * threads as usize + 1] {
                        if len <= total {
                            ranges.push((total - len, len, rng.gen_range(0..16)));
                        }
                    }
                    for (from, len, misalign) in ranges {
                        let case = Case {
                            threads,
                            streamed,
                            from,
                            len,
                            misalign,
                        };
                        check(&rows, case);
                    }
                }
            }
        }
    }
}

/// Helpers spin after a job and after warm(), then sleep (gather_pool's
/// SPIN, 0.3 ms): a job must find every helper, whether it posts while
/// they spin, right after a warm(), or once they slept again, and whether
/// warm() comes many times or with no job after it.
#[test]
fn gathers_after_spinning_and_sleeping() {
    let mut rng = ChaCha8Rng::seed_from_u64(39);
    let source: Vec<u8> = (0..1 << 20).map(|_| rng.gen()).collect();
    let rows = Rows {
        source: &source,
        stride: 64,
        row_bytes: 64,
    };
    let pause = |micros: u64| std::thread::sleep(std::time::Duration::from_micros(micros));
    for threads in [2u32, 8, 16] {
        for (warm, idle) in [
            (false, 0),
            (false, 2000),
            (true, 0),
            (true, 50),
            (true, 2000),
        ] {
            for round in 0..20usize {
                if warm {
                    warm_pool(threads).expect("the shim warms");
                    if round % 3 == 0 {
                        warm_pool(threads).expect("the shim warms");
                    }
                }
                pause(idle);
                let len = rng.gen_range(1..source.len());
                let from = rng.gen_range(0..=source.len() - len);
                let case = Case {
                    threads,
                    streamed: round % 2 == 0,
                    from,
                    len,
                    misalign: rng.gen_range(0..16),
                };
                check(&rows, case);
            }
        }
        // A warm() with no job after it: the next test's gathers still run.
        warm_pool(threads).expect("the shim warms");
    }
}

/// Pieces handed on as they are gathered (the staged uploads' transfers to
/// the device): in order, each once, contiguous from the start, of `piece`
/// bytes but the last, and every byte of a piece gathered when it is handed
/// on, whatever the pool's size and the items' size.
#[test]
fn pieces_are_handed_on_in_order_once_gathered() {
    const KIB: usize = 1 << 10;
    let mut rng = ChaCha8Rng::seed_from_u64(40);
    let source: Vec<u8> = (0..3 << 20).map(|_| rng.gen()).collect();
    let rows = Rows {
        source: &source,
        stride: 72,
        row_bytes: 64,
    };
    let total = source.len() / 72 * 64;
    for threads in [1u32, 3, 8, 16] {
        for item in [64 * KIB, 192 * KIB] {
            for piece in [item, 4 * item, 5 * item] {
                for (k, len) in [0, 1, item - 1, item, piece + 1, total - 17, total]
                    .into_iter()
                    .enumerate()
                {
                    let from = rng.gen_range(0..=total - len);
                    let streamed = k % 2 == 0;
                    let mut dst = vec![0u8; len];
                    let handed = gather_pieces(
                        threads,
                        streamed,
                        rows.source,
                        72,
                        64,
                        from,
                        item,
                        piece,
                        &mut dst,
                    )
                    .expect("the shim gathers");
                    let what = format!(
                        "threads {threads}, item {item}, piece {piece}, bytes {from}..{}",
                        from + len
                    );
                    let expected = packed(&rows, from, len);
                    assert_eq!(dst, expected, "{what}");
                    assert_eq!(
                        handed.snapshot, expected,
                        "a piece was handed on before its bytes were gathered: {what}"
                    );
                    let mut at = 0;
                    for &(start, bytes) in &handed.pieces {
                        assert_eq!((start, bytes), (at, piece.min(len - at)), "{what}");
                        at += bytes;
                    }
                    assert_eq!(at, len, "the pieces cover the gather: {what}");
                }
            }
        }
    }
}

#[test]
fn pool_sizes_out_of_range_are_refused() {
    let source = [7u8; 64];
    let mut dst = [0u8; 16];
    for threads in [0u32, 17] {
        assert!(
            gather(threads, true, &source, 64, 64, 0, &mut dst).is_none(),
            "{threads} threads"
        );
        assert!(warm_pool(threads).is_none(), "{threads} threads");
    }
    assert!(gather(1, true, &source, 64, 64, 0, &mut dst).is_some());
    assert_eq!(dst, [7u8; 16]);
}
