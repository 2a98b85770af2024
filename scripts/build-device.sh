#!/usr/bin/env bash
# Builds, on this (GPU-less) machine, everything the GPU machine runs, and
# copies it into .device/ and an archive of it into .carry/ (both git-ignored)
# for the device tool to carry:
# the GPU test executables, the arithmetic device tests, the field
# multiplication throughput kernel, the benchmark CLI and the Verkle peer. The GPU machine has
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
    if m.get("reason") == "compiler-artifact" and m["target"]["kind"] == ["test"] and m.get("executable"):
        print(m["target"]["name"], m["executable"])'
}
# The library's own test targets run their GPU cases when a device is
# visible; they find tests/kat through the build path compiled into them,
# which scripts/device-check.sh recreates on the GPU machine.
test_bins -p gpukit --tests | while read -r name exe; do
    [ "$name" = header ] || cp "$exe" ".device/gpukit_$name"
done
# The fault-injection test needs the library built with its hooks
# (cargo feature fault-injection): a second build of cuda/, test-only.
test_bins -p gpukit --features fault-injection --test gpu_faults | while read -r name exe; do
    cp "$exe" ".device/faults_$name"
done
test_bins -p gpukit-cuda-tests --tests | while read -r name exe; do cp "$exe" ".device/arith_$name"; done
cargo build --release -p gpukit-cuda-tests --bins
cp "$CARGO_TARGET_DIR/release/fieldmul_throughput" "$CARGO_TARGET_DIR/release/madd_throughput" .device/
# The C tests, run there against the carried shared library.
cargo build --release
make -C ctests all >/dev/null
cp ctests/build/test_kat ctests/build/test_errors ctests/build/test_threads ctests/build/test_batch ctests/build/test_formats "$CARGO_TARGET_DIR/release/libgpukit.so" .device/
# The C tests load the library by its soname, a link made by build.rs.
cp -P "$CARGO_TARGET_DIR"/release/libgpukit.so.[0-9]* .device/
echo "$PWD" >.device/build_root
if [ -d bench ]; then
    cargo build --release -p gpukit-bench --features sppark
    cp "$CARGO_TARGET_DIR/release/gpukit-bench" .device/
fi
# The Verkle peer (go-ipa against gpukit's Go package): Go, built here
# with cgo against the library above, run there as .device/verkle-bench
# (and its test as .device/verkle.test; the gnark adapter's tests and
# one-shot benchmark as .device/gnark.test).
if [ -d bindings/go/verkle ]; then
    scripts/build-peers.sh .device
fi
# The carried tree may hold 64 MiB: every binary embeds the same CUDA
# cubins, so one solid xz archive with a dictionary larger than a binary
# (xz -9: 64 MiB) is a fraction of their sum.
strip .device/* 2>/dev/null || true
mkdir -p .carry
tar -C .device -cf - . | xz -9 -T1 >.carry/device.tar.xz
ls -la .device .carry
