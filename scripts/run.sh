#!/usr/bin/env bash
# The README's main command: installs what the build needs (scripts/setup.sh),
# builds gpukit and its benchmark in release mode, runs a short benchmark of
# gpukit's default backend (auto) against arkworks on the same inputs, and
# prints the table. Extra arguments go to gpukit-bench (e.g. --log-n 12..=16).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --release -p gpukit-bench
exec "${CARGO_TARGET_DIR:-target}/release/gpukit-bench" --quick --backends auto --peers arkworks "$@"
