#!/usr/bin/env bash
# Times several builds against each other on the GPU machine, in one session:
# each archive (scripts/build-device.sh's .carry/device.tar.xz, copied aside
# under a name) is unpacked into a folder of its own, and the same benchmarks
# run for every build in turn, ROUNDS times over, so that the machine's drift
# (clocks, the host's load) touches every build alike. Every line the bench
# prints for a timed case is kept, prefixed with the build's name and the
# round, in $OUT/compare.txt (or ./device-out/compare.txt); the bench's own
# files are not kept.
#
#   scripts/device-compare.sh ROUNDS NAME=ARCHIVE [NAME=ARCHIVE ...]
#
# What runs (each an argument list of gpukit-bench, set to "" to skip):
#   COMPARE_LARGE  single resident MSMs (default: BN254, BLS12-381 G1 and
#                  BLS12-377 G1 at 2^22 and 2^24)
#   COMPARE_BATCH  batches (default: Verkle 65,536 × 256, KZG 1024 × 4096,
#                  PLONK-like 2048 × 2^14, as gpukit-bench batch chooses them)
set -uo pipefail
cd "$(dirname "$0")/.."
rounds=${1:?rounds}
shift
out="${OUT:-$PWD/device-out}"
mkdir -p "$out"
summary="$out/compare.txt"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
large=${COMPARE_LARGE-"--curves bn254_g1,bls12_381_g1,bls12_377_g1 --log-n 22,24 --backends gpu --resident --peers none --reps 5 --warmup 1"}
batch=${COMPARE_BATCH-"batch --shapes banderwagon:65536x8,bls12_381_g1:1024x12,bn254_g1:2048x14 --no-arkworks --peers none --reps 5 --warmup 1"}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader | tee "$summary"

names=()
for spec in "$@"; do
    name=${spec%%=*} archive=${spec#*=}
    mkdir -p ".compare/$name" && tar -C ".compare/$name" -xJf "$archive" || exit 1
    names+=("$name")
done

for ((r = 1; r <= rounds; r++)); do
    for name in "${names[@]}"; do
        dir=".compare/$name"
        for args in "$large" "$batch"; do
            [ -n "$args" ] || continue
            # shellcheck disable=SC2086 # the argument lists are word lists
            LD_LIBRARY_PATH="$PWD/$dir" "$dir/gpukit-bench" $args --out "$work/$name-r$r" 2>&1 |
                grep -E "gpukit-gpu|bases_new|rror" | sed "s/^/$name r$r  /" | tee -a "$summary"
        done
    done
done
