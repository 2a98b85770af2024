//! Scalar byte order: big-endian scalars (EIP-4844 blobs, SEC1 keys) are
//! byte-reversed into little-endian wire scalars before the call, on all
//! cores. The copy holds secret scalars of blinded calls: it is wiped on
//! drop.

use crate::alloc;
use crate::config::ScalarOrder;
use crate::curve::SCALAR_BYTES;
use crate::error::Error;
use rayon::prelude::*;
use zeroize::Zeroizing;

/// `scalars` as little-endian wire scalars: `None` when they already are,
/// else a reversed copy (a trailing partial scalar is copied as it is, for
/// the wire call to report the size mismatch).
pub(crate) fn to_little_endian(
    scalars: &[u8],
    order: ScalarOrder,
) -> Result<Option<Zeroizing<Vec<u8>>>, Error> {
    if order == ScalarOrder::LittleEndian {
        return Ok(None);
    }
    let mut out = Zeroizing::new(alloc::try_vec::<u8>(scalars.len(), "the scalars")?);
    out.extend_from_slice(scalars);
    out.par_chunks_exact_mut(SCALAR_BYTES)
        .for_each(|s| s.reverse());
    Ok(Some(out))
}
