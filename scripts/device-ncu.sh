#!/usr/bin/env bash
# Nsight Compute profiles of the two kernels that hold most of gpukit's GPU
# time, from the binaries scripts/build-device.sh carried (.carry/ → .device/):
#   1. accumulate_runs_affine, the batch-affine bucket accumulation of a
#      resident BN254 MSM of 2^LOG_N points (one launch);
#   2. fixed_base_accumulate, the fixed-base table lookups of a Verkle-shaped
#      batch (Banderwagon, 4096 MSMs of 256 points; one launch).
# Each profile records speed of light, occupancy, warp stalls, the pipes'
# use, memory traffic and instruction mix. Logs go to $OUT (or ./device-out);
# a summary of each is printed.
#
#   scripts/device-ncu.sh [LOG_N]       (default 22)
set -uo pipefail
cd "$(dirname "$0")/.."
log_n=${1:-22}
out="${OUT:-$PWD/device-out}"
mkdir -p "$out"
[ -d .device ] || { mkdir -p .device && tar -C .device -xJf .carry/device.tar.xz; }
export LD_LIBRARY_PATH="$PWD/.device"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader | tee "$out/device.txt"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

sections=(--section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats
    --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis --section InstructionStats)
profile() {
    local name=$1 kernel=$2
    shift 2
    ncu --clock-control none --kernel-name "regex:$kernel" --launch-count 1 "${sections[@]}" \
        .device/gpukit-bench "$@" >"$out/ncu-$name.log" 2>&1
    echo "== $name ($kernel)"
    grep -E "Duration|Registers Per|Achieved Occupancy|Theoretical Occupancy|Executed Ipc Active|Issue Slots Busy|\
Compute \(SM\) Throughput|Memory Throughput|DRAM Throughput|L1/TEX Hit|L2 Hit|Local|Stall|Warp Cycles Per Issued" \
        "$out/ncu-$name.log" | head -40
}
profile accumulate_affine accumulate_runs_affine --curves bn254_g1 --log-n "$log_n" --backends gpu --peers none \
    --resident --reps 1 --warmup 0 --out "$work/affine"
profile fixed_base fixed_base_accumulate batch --shapes banderwagon:4096x8 --no-arkworks --reps 1 --warmup 0 \
    --out "$work/fixed"
