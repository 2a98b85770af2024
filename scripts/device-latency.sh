#!/usr/bin/env bash
# Where a small MSM's time goes, on the GPU machine, from the binaries that
# scripts/build-device.sh carried (.carry/ → .device/, or the folder given):
#   1. one-shot GPU MSMs of 2^8..2^16 points (BN254, BLS12-381 G1), medians;
#   2. BN254 at 2^10, 2^12 and 2^16 with explicit windows, against the
#      calibrated ones of step 1;
#   3. the phase trace (GPUKIT_TRACE=1) of one call at 2^10, 2^12 and 2^16;
#   4. the trace of the largest Verkle batch (65,536 × 256 Banderwagon),
#      typed and through the wire format.
# Logs and the bench's CSV go to $OUT (or ./device-out).
#
#   scripts/device-latency.sh [CARRIED_DIR]
set -uo pipefail
cd "$(dirname "$0")/.."
carried=${1:-.device}
out="${OUT:-$PWD/device-out}"
mkdir -p "$out"
[ -d "$carried" ] || { mkdir -p "$carried" && tar -C "$carried" -xJf .carry/device.tar.xz; }
export LD_LIBRARY_PATH="$PWD/$carried"
bench="$carried/gpukit-bench"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$out/device.txt"

"$bench" --curves bn254_g1,bls12_381_g1 --log-n 8,10,12,14,16 --backends gpu --peers none \
    --reps 30 --warmup 5 --budget-s 2 --out "$out/oneshot" >"$out/oneshot.txt" 2>&1
tail -n 16 "$out/oneshot.txt"

for c in 6 8 10 12; do
    "$bench" --curves bn254_g1 --log-n 10,12,16 --backends gpu --peers none --window $c \
        --reps 30 --warmup 5 --budget-s 2 --out "$out/window$c" 2>&1 | grep gpukit-gpu | sed "s/^/c = $c: /"
done

GPUKIT_TRACE=1 "$bench" --curves bn254_g1,bls12_381_g1 --log-n 10,12,16 --backends gpu --peers none \
    --reps 3 --warmup 2 --out "$out/trace" >"$out/trace.txt" 2>&1
grep "gpukit trace" "$out/trace.txt"

GPUKIT_TRACE=1 "$bench" batch --shapes banderwagon:65536x8 --no-arkworks --reps 2 --warmup 1 \
    --out "$out/verkle" >"$out/verkle.txt" 2>&1
grep -E "gpukit trace|banderwagon" "$out/verkle.txt" | tail -n 8
