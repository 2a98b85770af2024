#!/usr/bin/env bash
# scripts/fuzz.sh [SECONDS] — runs each cargo-fuzz target in fuzz/ (decode,
# config, abi) for SECONDS (default 60) from its corpus (fuzz/corpus/TARGET:
# seeds from the KATs, checked in; what the run adds stays local), and
# prints the executions. A crash leaves its input in fuzz/artifacts/TARGET
# and fails the script.
#
# cargo-fuzz needs nightly Rust (-Zsanitizer=address) and the cargo-fuzz
# subcommand. Without either the script says so and exits 0: a fresh CI
# machine without them cannot download nightly, and the step must not fail
# for that. Set GPUKIT_FUZZ_INSTALL=1 to `cargo install cargo-fuzz` first
# when nightly is there but cargo-fuzz is not.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds=${1:-60}

if ! cargo +nightly --version >/dev/null 2>&1; then
  echo "fuzz.sh: SKIPPED: no nightly Rust toolchain (cargo +nightly); cargo-fuzz needs it"
  exit 0
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  if [ "${GPUKIT_FUZZ_INSTALL:-0}" = 1 ]; then
    cargo +nightly install cargo-fuzz --locked
  else
    echo "fuzz.sh: SKIPPED: cargo-fuzz is not installed (cargo install cargo-fuzz, or GPUKIT_FUZZ_INSTALL=1)"
    exit 0
  fi
fi

# The library is built without CUDA here (the CPU backends are what the
# host-side code paths exercise); release with debug assertions, ASan.
export GPUKIT_NO_CUDA=1
cargo +nightly fuzz build --debug-assertions
status=0
for target in decode config abi; do
  mkdir -p "corpus/$target"
  log=$(mktemp)
  if cargo +nightly fuzz run --debug-assertions "$target" "corpus/$target" -- \
      -max_total_time="$seconds" -rss_limit_mb=4096 -print_final_stats=1 >"$log" 2>&1; then
    result=ok
  else
    result=FAILED
    status=1
    tail -40 "$log"
  fi
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 || true)
  echo "fuzz.sh: $target: $result, $runs executions in ${seconds} s ($cov)"
  rm -f "$log"
done
exit $status
