#!/usr/bin/env bash
# The load test on the GPU machine: examples/stress.rs (32 threads mixing
# one-shot, blinded, resident-bases and batch calls over all curves, every
# result checked, host memory required flat) for SECONDS, with the device's
# used memory sampled every 5 s by nvidia-smi. The device memory must be
# flat too: after a 30-second warm-up, the largest sample of the second half
# may exceed the largest of the first half by at most 512 MiB (the pools
# keep what concurrent calls last needed; a leak grows without bound).
# Build the binary here with `cargo build --release --example stress` and
# carry it as .device/stress (scripts/build-device.sh does).
#
#   scripts/device-stress.sh [SECONDS] [THREADS]     (default 300 32)
# Writes stress.log and device-memory.csv into $OUT (default ./device-out).
set -uo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
threads=${2:-32}
out="${OUT:-$PWD/device-out}"
mkdir -p "$out"
export LD_LIBRARY_PATH="$PWD/.device"

nvidia-smi --query-gpu=timestamp,memory.used --format=csv,noheader,nounits -lms 5000 \
    >"$out/device-memory.csv" 2>&1 &
sampler=$!
.device/stress --threads "$threads" --seconds "$seconds" >"$out/stress.log" 2>&1
rc=$?
kill "$sampler" 2>/dev/null
wait "$sampler" 2>/dev/null
tail -n 5 "$out/stress.log"

# Samples after the warm-up (one every 5 s), in MiB.
python3 - "$out/device-memory.csv" <<'EOF'
import sys
used = [int(line.split(",")[1]) for line in open(sys.argv[1]) if line.count(",") == 1]
after = used[6:]
if len(after) < 4:
    sys.exit(f"device memory: {len(used)} samples, too few to judge")
half = len(after) // 2
first, second = max(after[:half]), max(after[half:])
print(f"device memory used (MiB), {len(used)} samples: first {used[0]}, "
      f"after warm-up min {min(after)} max {max(after)}, last {used[-1]}; "
      f"largest of the first half {first}, of the second {second}")
sys.exit(0 if second <= first + 512 else "device memory grew: a leak?")
EOF
mem=$?
[ $rc -eq 0 ] && [ $mem -eq 0 ]
