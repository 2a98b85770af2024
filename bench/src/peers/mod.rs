//! The other MSM implementations gpukit is compared with.

pub mod arkworks;
pub mod blst;
pub mod kzg;
pub mod sppark;
