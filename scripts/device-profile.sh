#!/usr/bin/env bash
# Where a large MSM's time goes, measured on the GPU machine from the binaries
# that scripts/build-device.sh carried (.carry/ → .device/):
#   1. host→device copy rate, pageable and pinned (PyTorch, the machine's python3);
#   2. gathered mixed-addition throughput against occupancy (madd_throughput);
#   3. the phase trace (GPUKIT_TRACE=1) of gpukit's one-shot and resident MSM
#      at 2^LOG_N for BN254 and BLS12-381 G1, at each window of WINDOWS (0 = auto);
#   4. ncu: occupancy, warp stalls and pipe use of the accumulation kernel.
# Logs go to $OUT (or ./device-out).
#
#   scripts/device-profile.sh [LOG_N] [WINDOWS]       (default 24 "0 16")
set -uo pipefail
cd "$(dirname "$0")/.."
log_n=${1:-24}
windows=${2:-0 16}
out="${OUT:-$PWD/device-out}"
mkdir -p "$out"
[ -d .device ] || { mkdir -p .device && tar -C .device -xJf .carry/device.tar.xz; }
export LD_LIBRARY_PATH="$PWD/.device"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee "$out/device.txt"

python3 - >"$out/copy_rate.log" 2>&1 <<'PY'
import time, torch
n = 512 << 20
pageable = torch.ones(n, dtype=torch.uint8)
pinned = torch.ones(n, dtype=torch.uint8).pin_memory()
dst = torch.empty(n, dtype=torch.uint8, device="cuda")
for name, src in (("pageable", pageable), ("pinned", pinned)):
    times = []
    for _ in range(7):
        torch.cuda.synchronize()
        t = time.perf_counter()
        dst.copy_(src)
        torch.cuda.synchronize()
        times.append(time.perf_counter() - t)
    times.sort()
    print(f"{name}: 512 MiB host->device, median {times[3] * 1e3:.1f} ms, {n / times[3] / 1e9:.1f} GB/s")
PY
cat "$out/copy_rate.log"

.device/madd_throughput 256 5 | tee "$out/madd_throughput.log"

for w in $windows; do
    GPUKIT_TRACE=1 .device/gpukit-bench --curves bn254_g1,bls12_381_g1 --log-n "$log_n" --backends gpu \
        --peers none --resident --reps 3 --warmup 1 --window "$w" --out "$out/bench-w$w" \
        >"$out/trace-w$w.log" 2>&1
    grep -v "^gpukit trace" "$out/trace-w$w.log" | tail -n 8
    # One line per call: the one-shot calls of each curve, then the resident ones.
    grep "^gpukit trace" "$out/trace-w$w.log" | cut -c1-400
done

ncu --clock-control none --kernel-name regex:accumulate_runs --launch-count 1 \
    --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats \
    --section ComputeWorkloadAnalysis \
    .device/gpukit-bench --curves bn254_g1 --log-n 22 --backends gpu --peers none --reps 1 --warmup 0 \
    --window 16 --out "$out/bench-ncu" >"$out/ncu.log" 2>&1
grep -E "Registers|Achieved Occupancy|Theoretical Occupancy|Duration|Issue Slots|Stall|Executed Ipc|Block Limit" "$out/ncu.log" | head -40
rm -rf "$out"/bench-*
