#!/usr/bin/env bash
# gpukit's one test command (CI runs it through .ci/run):
#   1. scripts/setup.sh          installs cc, Go and the CUDA compiler when missing
#   2. cargo build --release     the library, with libgpukit.so for C and Go
#   lint: cargo fmt --check, the regeneration check (gpukit-gen --check), cargo
#         clippy -D warnings (both cfgs), cargo doc (no warnings, no CUDA), gofmt -l,
#         go vet
#   3. cargo test --workspace --release   (release: the MSM tests are slow unoptimised)
#   4. make -C ctests test       C programs against include/gpukit.h and libgpukit.so
#   5. ctests/consumer/run.sh    scripts/install.sh into a temporary prefix, then a
#                                C++17 program through pkg-config and CMake (shared, static)
#   6. go test ./... in bindings/go, in its gnark-crypto adapter, bindings/go/gnark,
#      and in the Verkle peer, bindings/go/verkle (gpukit against go-ipa)
#   7. the C tests under AddressSanitizer, the C-ABI Rust tests under valgrind, a 10 s
#      fuzz run per target (when nightly and cargo-fuzz are there), examples/stress.rs for 30 s
# A failed setup or build stops at once; the test steps all run, and
# the last line counts the steps that passed and failed. Exits non-zero on
# any failure. Honours CARGO_TARGET_DIR (default target/).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

passed=0
failed=0
passed_steps=()
failed_steps=()

summary() {
  echo "test.sh: passed: ${passed_steps[*]:-none}; failed: ${failed_steps[*]:-none}"
  echo "summary: $passed passed, $failed failed"
}

# step NAME COMMAND...: runs the command and counts it.
step() {
  local name=$1
  shift
  echo "==> $name: $*"
  if "$@"; then
    passed=$((passed + 1))
    passed_steps+=("$name")
  else
    failed=$((failed + 1))
    failed_steps+=("$name")
    return 1
  fi
}

# must NAME COMMAND...: a step the later ones need; stops on failure.
must() {
  step "$@" || { summary; exit 1; }
}

must setup bash scripts/setup.sh
must build cargo build --release

target_dir=${CARGO_TARGET_DIR:-target}
case $target_dir in /*) ;; *) target_dir=$root/$target_dir ;; esac
lib_dir=$target_dir/release

# Go needs a build cache; without HOME (some CI shells) it has none.
go_cache() {
  if [ -z "$(go env GOCACHE 2>/dev/null)" ]; then
    export GOCACHE=$target_dir/go-cache
  fi
}

# Formatting and lints. Clippy checks the CPU-only build: under clippy the
# build script runs apart from `cargo build`'s, and would compile cuda/ a
# second time (minutes). The CUDA build's Rust (src/gpu.rs) is checked by a
# second pass that sets its cfg by hand; a check does not link, so no CUDA
# object is needed.
lint() {
  cargo fmt --all --check || return 1
  # Every file generated from registry.toml is current (gnark-crypto's
  # habit): regenerating would change nothing. --release shares the build
  # of the test step.
  cargo run --release -q -p gpukit-gen -- --check || return 1
  GPUKIT_NO_CUDA=1 cargo clippy --workspace --all-targets -- -D warnings || return 1
  GPUKIT_NO_CUDA=1 cargo clippy -p gpukit --all-targets --features fault-injection -- -D warnings --cfg gpukit_cuda || return 1
  GPUKIT_NO_CUDA=1 RUSTDOCFLAGS="-D warnings" cargo doc --no-deps -p gpukit || return 1
  local unformatted
  unformatted=$(gofmt -l bindings/go)
  if [ -n "$unformatted" ]; then
    echo "gofmt -l: not formatted: $unformatted"
    return 1
  fi
  go_cache
  (cd bindings/go && go vet ./...) && (cd bindings/go/gnark && go vet ./...) &&
    (cd bindings/go/verkle && go vet ./...)
}
step lint lint || true

step rust-tests cargo test --workspace --release || true
step c-tests make -C ctests test || true
step cpp-consumer bash ctests/consumer/run.sh || true

# bindings/go links ../../target/release through its #cgo directives; a
# CARGO_TARGET_DIR elsewhere is searched first through CGO_LDFLAGS.
# -count=1: go test would otherwise reuse a cached pass after the library
# changed, since it does not track libgpukit.so.
go_test() {
  if [ "$lib_dir" != "$root/target/release" ]; then
    export CGO_LDFLAGS="-L$lib_dir -Wl,-rpath,$lib_dir ${CGO_LDFLAGS:-}"
  fi
  go_cache
  (cd bindings/go && go test -count=1 ./...) || return 1
  # The gnark-crypto adapter is its own module (the binding has no
  # dependencies); it downloads gnark-crypto through the Go module proxy.
  local rc=0
  (cd bindings/go/gnark && go test -count=1 ./...) || rc=1
  # So is the Verkle peer (go-ipa): its test checks gpukit's commitments
  # against go-ipa's committer (a few seconds, half a GiB of go-ipa tables).
  (cd bindings/go/verkle && go test -count=1 ./...) || rc=1
  return $rc
}
step go-tests go_test || true

# The C tests again under AddressSanitizer (ctests/Makefile: asan).
step c-asan make -C ctests asan || true

# The Rust C-ABI tests under valgrind memcheck, where valgrind exists:
# stable Rust has no AddressSanitizer, and these tests drive every entry
# with bad and good input (the fuzz step below runs ASan on nightly).
valgrind_tests() {
  if ! command -v valgrind >/dev/null; then
    echo "valgrind-tests: SKIPPED: valgrind is not installed"
    return 0
  fi
  local t bin
  for t in ffi; do
    bin=$(cargo test --release -p gpukit --test "$t" --no-run --message-format=json 2>/dev/null |
      sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | tail -1)
    [ -n "$bin" ] || { echo "valgrind-tests: no test binary for $t"; return 1; }
    valgrind -q --error-exitcode=99 "$bin" --test-threads=2 || return 1
  done
}
step valgrind-tests valgrind_tests || true

# A short fuzz run (scripts/fuzz.sh: 10 s per target); skipped, and said
# so, where nightly Rust or cargo-fuzz is missing.
step fuzz bash scripts/fuzz.sh 10 || true

# A short load test on the CPU backends (examples/stress.rs): mixed calls on
# every curve from several threads, every result checked, memory flat.
step stress cargo run --release --example stress -- --threads 3 --seconds 30 || true

summary
[ "$failed" -eq 0 ]
