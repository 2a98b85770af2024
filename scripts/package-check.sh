#!/usr/bin/env bash
# Checks that the crate builds from its packaged form, as crates.io would
# ship it: `cargo package`, then a release build of the unpacked tarball
# in its own target folder, and that the build wrote nothing into the
# source folder (cargo forbids that of a published crate's build script).
#
#   scripts/package-check.sh
#
# The build uses nvcc where the repository's would (NVCC, CUDA_PATH,
# /usr/local/cuda, PATH; the packaged crate has no .toolchain, so the
# project's own nvcc is passed through NVCC when it exists), else it builds
# the CPU backends only; GPUKIT_NO_CUDA=1 forces that. The target folder,
# $CARGO_TARGET_DIR/package-check, is kept between runs: the first run
# compiles every dependency again (several minutes on 2 cores), which is
# why scripts/test.sh does not run this.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
target_dir=${CARGO_TARGET_DIR:-target}
case $target_dir in /*) ;; *) target_dir=$root/$target_dir ;; esac

cargo package -p gpukit --allow-dirty --no-verify
id=$(cargo pkgid -p gpukit)
version=${id##*[#@]}
crate=$target_dir/package/gpukit-$version.crate

# Unpacked outside the repository: inside, cargo would take it for a
# member of this workspace.
work=$target_dir/package-check
unpacked=$(mktemp -d)
trap 'rm -rf "$unpacked"' EXIT
tar -xzf "$crate" -C "$unpacked"
src=$unpacked/gpukit-$version
listing() { (cd "$src" && find . -printf '%p %s %T@\n' | sort); }
before=$(listing)

wheel_nvcc=$root/.toolchain/cuda/nvidia/cu13/bin/nvcc
if [ -z "${NVCC:-}" ] && [ -x "$wheel_nvcc" ]; then
  export NVCC=$wheel_nvcc
fi
(cd "$src" && CARGO_TARGET_DIR=$work/target cargo build --release --locked)
if [ "$(listing)" != "$before" ]; then
  echo "package-check: the build changed the package's source folder:" >&2
  diff <(echo "$before") <(listing) >&2 || true
  exit 1
fi
for f in libgpukit.so libgpukit.a; do
  [ -f "$work/target/release/$f" ] || { echo "package-check: $f was not built" >&2; exit 1; }
done
echo "package-check: gpukit $version builds from its package ($(
  grep -q 'rustc-cfg=gpukit_cuda' "$work"/target/release/build/gpukit-*/output 2>/dev/null &&
  echo with || echo without) the CUDA backend)"
