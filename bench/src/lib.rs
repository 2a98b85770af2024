//! gpukit-bench: times gpukit's backends against arkworks, blst and sppark on
//! the same seeded inputs, checks every result against gpukit's, and writes a
//! table, CSV, JSON and PNG plots; `calibrate` measures the crossovers and
//! windows that gpukit's dispatcher uses.

pub mod batch;
pub mod calibrate;
pub mod calibrate_resident;
pub mod cli;
pub mod compressed;
pub mod curves;
pub mod env_info;
pub mod inputs;
pub mod peers;
pub mod plot;
pub mod record;
pub mod run;
pub mod stats;
pub mod systems;
pub mod table;
