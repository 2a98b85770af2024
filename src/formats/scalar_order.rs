//! Scalar byte order: big-endian scalars (EIP-4844 blobs, SEC1 keys) are
//! byte-reversed into little-endian wire scalars before the call, on all
//! cores. The copy holds secret scalars of blinded calls: it is wiped on
//! drop.

use crate::alloc;
use crate::curve::SCALAR_BYTES;
use crate::error::{Error, Status};
use crate::ffi::consts::*;
use rayon::prelude::*;
use zeroize::Zeroizing;

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

impl ScalarOrder {
    /// The scalar order with this ABI value.
    pub fn from_u32(v: u32) -> Result<ScalarOrder, Error> {
        [ScalarOrder::LittleEndian, ScalarOrder::BigEndian]
            .into_iter()
            .find(|x| *x as u32 == v)
            .ok_or_else(|| Error::new(Status::BadConfig, format!("unknown scalar order value {v}")))
    }
}

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
