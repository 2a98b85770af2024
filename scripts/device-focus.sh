#!/usr/bin/env bash
# A short GPU check for a session with little device time left: compute-
# sanitizer's memcheck and initcheck over one GPU test, then the GPU MSM
# tests matching the filters (all of them without a filter), the known
# answers (Rust and C), the bases and ABI tests, from the binaries
# scripts/build-device.sh carried. Logs go to $OUT.
#
#   scripts/device-focus.sh SANITIZED_TEST ['TEST_FILTER...']
# e.g. scripts/device-focus.sh fixed_base_tables 'fixed_base resident precomputed batches'
set -uo pipefail
cd "$(dirname "$0")/.."
sanitized=${1:?usage: scripts/device-focus.sh SANITIZED_TEST ['TEST_FILTER...']}
filters=${2:-}
out="${OUT:-$PWD/device-out}"
mkdir -p "$out"
export GPUKIT_REQUIRE_GPU=1 LD_LIBRARY_PATH="$PWD/.device"
[ -d .device ] || { mkdir -p .device && tar -C .device -xJf .carry/device.tar.xz; }
root=$(cat .device/build_root)
if [ "$root" != "$PWD" ] && [ ! -e "$root" ]; then
    mkdir -p "$(dirname "$root")" && ln -s "$PWD" "$root"
fi
status=0
run() {  # run NAME COMMAND...: logs to $out/NAME.txt, prints the outcome
    local name=$1; shift
    "$@" >"$out/$name.txt" 2>&1
    local rc=$?
    [ $rc -eq 0 ] || status=1
    echo "$name: rc $rc; $(grep -E '^test result|passed, [0-9]+ failed|ERROR SUMMARY' "$out/$name.txt" | tail -n 1)"
}
run memcheck compute-sanitizer --tool memcheck --error-exitcode 1 .device/gpukit_gpu_msm --test-threads=1 \
    "bls12_381_g1::${sanitized}" "banderwagon::${sanitized}"
run initcheck compute-sanitizer --tool initcheck --error-exitcode 1 .device/gpukit_gpu_msm --test-threads=1 \
    "bn254_g1::${sanitized}"
# shellcheck disable=SC2086
run gpu_msm .device/gpukit_gpu_msm --test-threads=4 $filters
for t in kat bases ffi ark_msm; do run "$t" ".device/gpukit_$t" --test-threads=4; done
run c_test_kat .device/test_kat tests/kat
exit $status
