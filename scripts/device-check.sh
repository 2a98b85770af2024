#!/usr/bin/env bash
# Runs on the GPU machine, from the binaries scripts/build-device.sh put in
# .device/: the arithmetic device tests, the GPU MSM suite against arkworks
# (all curves, 1 .. 2^24 points, edge cases), compute-sanitizer (memcheck and
# racecheck) over the small GPU tests, the field multiplication throughput,
# and the benchmark. Logs go to $OUT (or ./device-out), a table is printed last.
#
#   scripts/device-check.sh [quick|full]     (default full)
set -uo pipefail
cd "$(dirname "$0")/.."
mode="${1:-full}"
out="${OUT:-$PWD/device-out}"
mkdir -p "$out"
export GPUKIT_REQUIRE_GPU=1
summary=()
step() {  # step NAME COMMAND... : runs, logs to $out/NAME.log, records pass/fail and seconds
    local name=$1; shift
    local t0=$SECONDS
    "$@" >"$out/$name.log" 2>&1
    local rc=$?
    summary+=("$(printf '%-28s %-5s %5ss' "$name" "$([ $rc -eq 0 ] && echo ok || echo FAIL)" $((SECONDS - t0)))")
    tail -n 3 "$out/$name.log"
    return 0
}

nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader >"$out/device.txt"
cat "$out/device.txt"

for t in .device/arith_*; do
    [ -x "$t" ] && step "$(basename "$t")" "$t" --test-threads=4
done
[ -x .device/fieldmul_throughput ] && step fieldmul_throughput .device/fieldmul_throughput

# Small GPU tests under the sanitizer: every curve's edge cases and windows.
step sanitizer_memcheck compute-sanitizer --tool memcheck --error-exitcode 1 \
    .device/gpu_msm --test-threads=1 edge_cases device_errors
step sanitizer_racecheck compute-sanitizer --tool racecheck --error-exitcode 1 \
    .device/gpu_msm --test-threads=1 bn254_g1::windows banderwagon::windows bls12_381_g2::device_errors

step gpu_msm .device/gpu_msm --test-threads=2
if [ "$mode" = full ]; then
    step gpu_msm_large env GPUKIT_GPU_LARGE=1 .device/gpu_msm --test-threads=1 --nocapture large_sizes
fi
if [ -x .device/gpukit-bench ] && [ -x scripts/device-bench.sh ]; then
    step bench scripts/device-bench.sh
fi

echo
echo "device: $(cat "$out/device.txt")"
printf '%s\n' "${summary[@]}" | tee "$out/summary.txt"
