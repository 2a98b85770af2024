//! The library's error type, and what `Status` does beyond its list
//! (src/status.rs, generated from registry.toml).

use std::fmt;

pub use crate::status::{codes, Status};

impl Status {
    /// The status with this ABI code; an unknown code reads as `Internal`.
    pub fn from_code(code: i32) -> Status {
        usize::try_from(code)
            .ok()
            .and_then(|i| Status::ALL.get(i).copied())
            .unwrap_or(Status::Internal)
    }

    /// The ABI code.
    pub fn code(self) -> i32 {
        self as i32
    }

    /// A short, static description (what `gpukit_status_str` returns).
    pub fn as_str(self) -> &'static str {
        self.as_cstr().to_str().expect("status strings are ASCII")
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An error: a [`Status`] and a message naming the offending input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    status: Status,
    message: String,
}

impl Error {
    /// An error with this status and message.
    pub fn new(status: Status, message: impl Into<String>) -> Error {
        Error {
            status,
            message: message.into(),
        }
    }

    /// The status code.
    pub fn status(&self) -> Status {
        self.status
    }

    /// The human-readable message.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.status, self.message)
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for (i, s) in Status::ALL.iter().enumerate() {
            assert_eq!(s.code(), i as i32);
            assert_eq!(Status::from_code(i as i32), *s);
        }
        assert_eq!(Status::from_code(-1), Status::Internal);
        assert_eq!(
            Status::from_code(Status::ALL.len() as i32),
            Status::Internal
        );
    }
}
