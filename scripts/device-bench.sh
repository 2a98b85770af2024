#!/usr/bin/env bash
# The full benchmark and the calibration on the GPU machine, which has no Rust
# and no network: it runs the release gpukit-bench carried in a folder
# (default .device/), built on the development machine with
#
#   cargo build --release -p gpukit-bench --features sppark
#   mkdir -p .device && cp "${CARGO_TARGET_DIR:-target}/release/gpukit-bench" .device/
#
# Stages, each with its own deadline so that each part ends within ~8 minutes
# (a stage that hits its deadline skips its remaining cases and still writes
# what it measured); `bench` runs stages 1 and 2, `calibrate` stage 3, `all`
# (the default) every stage, for a machine that allows 15 minutes; `large`,
# `batch` and `peers` are described where they run:
#   1. BN254, BLS12-381 G1, BLS12-377 G1 at 2^16..2^24: gpukit-gpu (one-shot and
#      resident) against sppark (one-shot and resident), blst (BLS12-381 G1)
#      and arkworks on all host cores;
#   2. BLS12-381 G2, secp256k1, Banderwagon at 2^16..2^22: gpukit-gpu (both)
#      against arkworks;
#   3. calibration: serial/cpu and cpu/gpu crossovers, best GPU window per size
#      up to 2^24 (BLS12-381 G2, the slowest, last: past the deadline its
#      largest sizes keep the cost model's window).
# `windows` runs the window sweep alone, as src/tuning.rs's table was made
# (one-shot calls, the windows in turns over 7 rounds: ~3.5 minutes on an
# H200, bench/NOTES.md v44a); stage 3's 3 rounds after the crossovers are
# noisier and may meet the deadline first. `resident-windows` sweeps the
# resident bases' windows on one GPU, as src/tuning.rs's GPU_RESIDENT_WINDOW
# was made (~4.5 minutes on an H200, bench/NOTES.md v52b).
# Writes into "$OUT" (default bench-out/device): bench.csv, bench.json,
# bench.md, plots.tar (the PNGs), tuning.rs, CROSSOVER.md, calibration.csv and
# device-bench.log — 8 files, no folders. Prints the table last.
set -uo pipefail
cd "$(dirname "$0")/.."

part=${1:-all}
carried=${2:-.device}
# scripts/build-device.sh leaves the binaries archived in .carry/.
[ -d "$carried" ] || { mkdir -p "$carried" && tar -C "$carried" -xJf .carry/device.tar.xz; }
bin="$carried/gpukit-bench"
out=${OUT:-bench-out/device}
mkdir -p "$out"
log="$out/device-bench.log"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ ! -x "$bin" ]; then
  echo "device-bench: $bin not found; build it as this script's header says" >&2
  exit 1
fi

# Every stage's stderr (progress notes, mismatches) goes to the log and the terminal.
stage() {
  local name=$1
  shift
  echo "== $name: $*" | tee -a "$log" >&2
  local start=$SECONDS
  "$bin" "$@" 2> >(tee -a "$log" >&2) >>"$log"
  local rc=$?
  echo "== $name: exit $rc after $((SECONDS - start)) s" | tee -a "$log" >&2
}

{ nvidia-smi; echo; "$bin" --version; } >>"$log" 2>&1

# The calibration's three files, from either calibrating part.
copy_calibration() {
  local f
  for f in tuning.rs CROSSOVER.md calibration.csv; do
    [ -f "$work/cal/$f" ] && cp "$work/cal/$f" "$out/"
  done
}

# `large`: the G1 curves at 2^20..2^24 against sppark, gpukit's resident bases
# with their automatic precomputed copies, then without copies at 2^24.
# `batch`: the batch shapes of real provers against arkworks (the largest
# Verkle shape without it: arkworks needs most of a minute there).
if [ "$part" = large ] || [ "$part" = batch ]; then
  if [ "$part" = large ]; then
    stage "G1 resident, tables" --curves bn254_g1,bls12_381_g1,bls12_377_g1 --log-n 20,22,24 \
      --backends gpu --peers sppark --resident --reps 5 --warmup 1 --budget-s 2 --deadline-s 360 --out "$work/large"
    stage "G1 resident, no tables" --curves bn254_g1,bls12_381_g1,bls12_377_g1 --log-n 24 \
      --backends gpu --peers none --resident --precompute 1 --reps 5 --warmup 1 --budget-s 2 --deadline-s 120 \
      --out "$work/plain"
    for d in large plain; do [ -f "$work/$d/bench.csv" ] && cp "$work/$d/bench.csv" "$out/$d.csv"; done
  else
    shapes=banderwagon:4096x8,bls12_381_g1:1024x12,bn254_g1:2048x14
    # Automatic tables (fixed-base for these small bases) against arkworks,
    # then v5's shifted copies (--fixed-base 1) and no tables at all.
    stage "batches" batch --shapes $shapes --reps 5 --warmup 1 --budget-s 3 --out "$work/batch"
    stage "batches, shifted copies" batch --shapes $shapes --no-arkworks --fixed-base 1 \
      --reps 5 --warmup 1 --budget-s 3 --out "$work/batch_shifted"
    stage "batches, no tables" batch --shapes $shapes --no-arkworks --fixed-base 1 --precompute 1 \
      --reps 5 --warmup 1 --budget-s 3 --out "$work/batch_plain"
    stage "verkle" batch --shapes banderwagon:65536x8 --no-arkworks --reps 5 --warmup 1 --budget-s 3 \
      --out "$work/verkle"
    # Other digit widths than the automatic ones (on an 80 GB card: Verkle
    # 16 bits, the largest; KZG 12, a quarter of the card): KZG one bit
    # wider (32 GB), and the PLONK shape's 2^14 bases in tables of 11 bits.
    stage "kzg, 13-bit digits" batch --shapes bls12_381_g1:1024x12 --no-arkworks --fixed-base 13 \
      --reps 5 --warmup 1 --budget-s 3 --out "$work/kzg13"
    stage "plonk, 11-bit digits" batch --shapes bn254_g1:2048x14 --no-arkworks --fixed-base 11 \
      --reps 5 --warmup 1 --budget-s 3 --out "$work/plonk11"
    for d in batch batch_shifted batch_plain verkle kzg13 plonk11; do
      [ -f "$work/$d/batch.csv" ] && cp "$work/$d/batch.csv" "$work/$d.csv"
    done
    (cd "$work" && tar -cf "$out/batch-csv.tar" ./*.csv)
  fi
  grep -v "^\[" "$log" | tail -n 60
  exit 0
fi

# `peers`: gpukit beside the systems its users would otherwise call, on the
# same inputs, each result checked equal before its time counts: one-shot
# MSMs through the typed API and through the wire format (the C ABI's path)
# against sppark's one-shot; KZG blobs against c-kzg on every core; the
# Verkle shape (65,536 × 256, gpukit's Go package) against go-ipa's
# committer on every core (verkle-bench, built by scripts/build-peers.sh);
# the one-shot call through the Go binding (gnark.test, the same script);
# the PLONK-like batch; and one-shot MSMs of compressed points, which the
# device decompresses (issue 16), beside the wire call on the same points.
if [ "$part" = peers ]; then
  stage "one-shot, typed and wire" --curves bn254_g1,bls12_381_g1,bls12_377_g1 --log-n 22,24 \
    --backends gpu,gpu-wire --peers sppark --reps 3 --warmup 1 --budget-s 2 --deadline-s 200 --out "$work/oneshot"
  stage "one-shot, compressed points" --curves bn254_g1,bls12_381_g1,secp256k1 --log-n 16,20,24 \
    --backends gpu-wire,gpu-wire-compressed --peers none --reps 3 --warmup 1 --budget-s 2 --deadline-s 150 \
    --out "$work/compressed"
  stage "blobs against c-kzg" batch --shapes bls12_381_g1:1024x12 --peers c-kzg --reps 5 --warmup 1 --budget-s 3 \
    --out "$work/kzg"
  stage "verkle and plonk" batch --shapes banderwagon:65536x8,bn254_g1:2048x14 --peers none --reps 5 --warmup 1 \
    --budget-s 3 --out "$work/batch"
  if [ -x "$carried/verkle-bench" ]; then
    echo "== verkle: go-ipa and gpukit's Go package" | tee -a "$log" >&2
    "$carried/verkle-bench" -count 65536 -reps 5 -warmup 1 -csv "$out/verkle-goipa.csv" >>"$log" 2>&1
  fi
  # The one-shot call through the Go binding (gnark-crypto's BN254 points and
  # scalars, in their Montgomery form), beside the bench's typed and wire calls.
  if [ -x "$carried/gnark.test" ]; then
    for k in 22 24; do
      echo "== one-shot through Go, BN254 2^$k" | tee -a "$log" >&2
      GPUKIT_BENCH_LOG2=$k "$carried/gnark.test" -test.run - -test.bench . -test.benchtime 5x >>"$log" 2>&1
    done
  fi
  for d in oneshot compressed; do [ -f "$work/$d/bench.csv" ] && cp "$work/$d/bench.csv" "$out/$d.csv"; done
  for d in kzg batch; do [ -f "$work/$d/batch.csv" ] && cp "$work/$d/batch.csv" "$out/$d.csv"; done
  grep -v "^\[" "$log" | tail -n 60
  exit 0
fi

if [ "$part" = windows ]; then
  stage "window sweep" calibrate \
    --curves bn254_g1,bls12_381_g1,bls12_377_g1,secp256k1,banderwagon,bls12_381_g2 \
    --serial-log-n 0 --gpu-log-n 6 --window-log-n 10..=24 \
    --reps 7 --warmup 1 --budget-s 1 --deadline-s 520 --out "$work/cal"
  copy_calibration
  exit 0
fi

# The resident bases' windows (src/tuning.rs GPU_RESIDENT_WINDOW), on one GPU.
if [ "$part" = resident-windows ]; then
  CUDA_VISIBLE_DEVICES=${CUDA_VISIBLE_DEVICES:-0} stage "resident window sweep" calibrate \
    --curves bn254_g1,bls12_381_g1,bls12_377_g1,secp256k1,banderwagon,bls12_381_g2 \
    --serial-log-n 0 --gpu-log-n 6 --window-log-n 10 --resident-window-log-n 13..=24 \
    --reps 5 --warmup 1 --budget-s 1 --deadline-s 470 --page-locked --out "$work/cal"
  copy_calibration
  exit 0
fi

if [ "$part" != calibrate ]; then
stage "G1 curves" --curves bn254_g1,bls12_381_g1,bls12_377_g1 --log-n 16..=24 \
  --backends gpu --peers arkworks,blst,sppark --resident \
  --reps 5 --warmup 1 --budget-s 2 --deadline-s 300 --out "$work/g1"

stage "other curves" --curves bls12_381_g2,secp256k1,banderwagon --log-n 16..=22 \
  --backends gpu --peers arkworks --resident \
  --reps 5 --warmup 1 --budget-s 2 --deadline-s 150 --out "$work/other"

fi

if [ "$part" != bench ]; then
stage "calibration" calibrate \
  --curves bn254_g1,bls12_381_g1,bls12_377_g1,secp256k1,banderwagon,bls12_381_g2 \
  --serial-log-n 0..=12 --gpu-log-n 6..=20 --window-log-n 10..=24 \
  --reps 3 --warmup 1 --budget-s 1 --deadline-s 420 --out "$work/cal"

copy_calibration
[ "$part" = calibrate ] && exit 0
fi

inputs=()
for f in "$work/g1/bench.csv" "$work/other/bench.csv"; do
  [ -f "$f" ] && inputs+=("$f")
done
if [ ${#inputs[@]} -eq 0 ]; then
  echo "device-bench: no benchmark stage wrote results; see $log" >&2
  exit 1
fi
"$bin" report "${inputs[@]}" --out "$work/all" >"$work/table.txt" 2>>"$log"
cp "$work/all/bench.csv" "$work/all/bench.json" "$work/all/bench.md" "$out/"
(cd "$work/all" && tar -cf plots.tar ./*.png) && cp "$work/all/plots.tar" "$out/"
cat "$work/table.txt" >>"$log"
cat "$work/table.txt"
