#!/usr/bin/env bash
# Builds the peer benchmarks that live outside gpukit-bench, for a machine
# without Go or network: bindings/go/verkle/cmd/verkle-bench (go-ipa's
# committer against gpukit's Go package), linked with cgo against this
# checkout's libgpukit.so. Writes into OUT_DIR:
#   verkle-bench                      the program (its rpath: its own folder)
#   verkle.test                       bindings/go/verkle's test, compiled: run
#                                     there, it checks the GPU backend too
#   gnark.test                        bindings/go/gnark's tests and its one-shot
#                                     benchmark (BN254 through the Go binding)
#   gpukit.test                       the Go package's own tests (run from
#                                     bindings/go, where they find tests/kat)
#   libgpukit.so, libgpukit.so.0      the library it loads, by its soname
# The library is the one `cargo build --release` made in $CARGO_TARGET_DIR
# (default target/); it is built here when missing, with CUDA when nvcc is
# found (README, "Building"). On the GPU machine, carry OUT_DIR and run
#   OUT_DIR/verkle-bench -count 65536
#   OUT_DIR/verkle.test -test.v
#   GPUKIT_BENCH_LOG2=24 OUT_DIR/gnark.test -test.run - -test.bench . -test.benchtime 5x
# (LD_LIBRARY_PATH=OUT_DIR is needed only if the folder is split up).
# Usage: scripts/build-peers.sh OUT_DIR
set -euo pipefail
out=${1:?usage: scripts/build-peers.sh OUT_DIR}
cd "$(dirname "$0")/.."
root=$PWD
target_dir=${CARGO_TARGET_DIR:-$root/target}
case $target_dir in /*) ;; *) target_dir=$root/$target_dir ;; esac
lib_dir=$target_dir/release
[ -f "$lib_dir/libgpukit.so" ] || cargo build --release
mkdir -p "$out"
out=$(cd "$out" && pwd)
# Go needs a build cache; without HOME (some CI shells) it has none.
if [ -z "$(go env GOCACHE 2>/dev/null)" ]; then
  export GOCACHE=$target_dir/go-cache
fi
# -L first, so that cgo links this library whatever the package's own
# #cgo path says; $ORIGIN, so that the program finds the copy beside it.
export CGO_LDFLAGS="-L$lib_dir -Wl,-rpath,\$ORIGIN ${CGO_LDFLAGS:-}"
(cd bindings/go/verkle &&
  go build -trimpath -o "$out/verkle-bench" ./cmd/verkle-bench &&
  go test -c -trimpath -o "$out/verkle.test" .)
(cd bindings/go/gnark && go test -c -trimpath -o "$out/gnark.test" .)
(cd bindings/go && go test -c -trimpath -o "$out/gpukit.test" .)
cp "$lib_dir/libgpukit.so" "$out/"
cp -P "$lib_dir"/libgpukit.so.[0-9]* "$out/"
ls -la "$out/verkle-bench" "$out/verkle.test" "$out/gnark.test" "$out"/libgpukit.so*
