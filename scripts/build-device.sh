#!/usr/bin/env bash
# Builds, on this (GPU-less) machine, everything the GPU machine runs, and
# copies it into .device/ (git-ignored) for the device tool to carry:
# the GPU test executables, the arithmetic device tests, the field
# multiplication throughput kernel and the benchmark CLI. The GPU machine has
# the driver but no Rust toolchain; these binaries need only glibc there.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh >/dev/null
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
mkdir -p .device
rm -f .device/*

# Test executables: cargo prints each one's path in its JSON messages.
test_bins() {
    cargo test --release --no-run --message-format=json "$@" 2>/dev/null |
        python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("profile", {}).get("test") and m.get("executable"):
        print(m["target"]["name"], m["executable"])'
}
test_bins --test gpu_msm | while read -r name exe; do cp "$exe" .device/gpu_msm; done
test_bins -p gpukit-cuda-tests | while read -r name exe; do cp "$exe" ".device/arith_$name"; done
cargo build --release -p gpukit-cuda-tests --bins
cp "$CARGO_TARGET_DIR/release/fieldmul_throughput" .device/
if [ -d bench ]; then
    cargo build --release -p gpukit-bench --features sppark
    cp "$CARGO_TARGET_DIR/release/gpukit-bench" .device/
fi
ls -la .device
du -sh .device
