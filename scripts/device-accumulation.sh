#!/usr/bin/env bash
# The two bucket accumulations side by side on the GPU machine, from the
# binaries scripts/build-device.sh carried (.carry/ → .device/): resident
# 2^22 and 2^24 MSMs with the automatic choice (batch-affine for large
# groups) against sppark, then the same under GPUKIT_ACCUMULATION=xyzz;
# then the batch-affine path's correctness: the GPU suite's edge cases,
# windows, sizes, bases and batches forced to it, and memcheck over part of
# them; last, one traced 2^24 call per curve (GPUKIT_TRACE=1: each phase's
# device time). Logs and CSVs go to $OUT (or ./device-out); bench/NOTES.md,
# v9 and v11.
#
#   scripts/device-accumulation.sh
set -uo pipefail
cd "$(dirname "$0")/.."
out="${OUT:-$PWD/device-out}"
mkdir -p "$out"
[ -d .device ] || { mkdir -p .device && tar -C .device -xJf .carry/device.tar.xz; }
root=$(cat .device/build_root)
if [ "$root" != "$PWD" ] && [ ! -e "$root" ]; then
    mkdir -p "$(dirname "$root")" && ln -s "$PWD" "$root"
fi
export GPUKIT_REQUIRE_GPU=1 LD_LIBRARY_PATH="$PWD/.device"
bench=.device/gpukit-bench
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/device.txt"

common=(--log-n 22,24 --backends gpu --resident --reps 5 --warmup 1 --budget-s 2)
"$bench" --curves bn254_g1,bls12_381_g1,bls12_377_g1 "${common[@]}" --peers sppark --out "$out/auto" \
    >"$out/auto.txt" 2>&1
"$bench" --curves secp256k1 "${common[@]}" --peers none --out "$out/auto_secp" >"$out/auto_secp.txt" 2>&1
GPUKIT_ACCUMULATION=xyzz "$bench" --curves bn254_g1,bls12_381_g1,bls12_377_g1,secp256k1 "${common[@]}" \
    --peers none --out "$out/xyzz" >"$out/xyzz.txt" 2>&1
for f in auto auto_secp xyzz; do grep resident "$out/$f.txt" | sed "s/^/$f: /"; done

GPUKIT_ACCUMULATION=batch_affine .device/gpukit_gpu_msm --test-threads=4 edge_cases windows sizes resident_bases \
    precomputed_bases grouped_shifts batches >"$out/forced.log" 2>&1
echo "forced batch-affine suite: rc $?"
GPUKIT_ACCUMULATION=batch_affine compute-sanitizer --tool memcheck --error-exitcode 1 .device/gpukit_gpu_msm \
    --test-threads=1 bn254_g1::edge_cases secp256k1::batches >"$out/memcheck.log" 2>&1
echo "memcheck, batch-affine: rc $?"

GPUKIT_TRACE=1 "$bench" --curves bn254_g1,bls12_381_g1,bls12_377_g1,secp256k1 --log-n 24 --backends gpu --resident \
    --reps 1 --warmup 1 --peers none --out "$out/trace" >"$out/trace.log" 2>&1
echo "traced 2^24 calls: rc $?"
grep "gpukit trace" "$out/trace.log" | tail -n 8
