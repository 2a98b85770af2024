#!/usr/bin/env bash
# Runs on the GPU machine, from the binaries scripts/build-device.sh put in
# .device/ (the machine has the driver but no Rust): the arithmetic device
# tests, the field multiplication throughput, compute-sanitizer (memcheck,
# racecheck, initcheck and synccheck) over small GPU tests, the GPU MSM
# suite against arkworks, the batch-affine accumulation forced at every
# size, the sorted pipeline at the small path's sizes, the fault injection,
# one-shot passes cut into parts at every size, the library's own Rust
# tests, the C tests, the Go package's and the Go Verkle test with the GPU backend visible,
# and, in `full` mode, the 2^22..2^26 closed-form checks. Logs go to $OUT
# (or ./device-out) as
# logs.tar.gz, packed again after every step (the device tool returns 8
# files, and a call cut off at its limit still returns what finished), with
# summary.txt; the pass/fail table is printed last.
#
#   scripts/device-check.sh [sanitizers|suite|affine|others|quick|large|full]   (default full)
# The first four are the parts of `quick` (everything but the closed-form
# sizes), each about one 10-minute device call or less on an H200: `suite`
# (the GPU suite, ~7 minutes since version 37's resident tests, and the
# sorted pipeline), `sanitizers` (~2.5 minutes), `others` (~8 minutes, 4.5
# of them the forced one-shot parts) and `affine` (the suite forced to
# batch-affine, ~3.5 minutes); large: only the closed-form sizes.
set -uo pipefail
cd "$(dirname "$0")/.."
mode="${1:-full}"
out="${OUT:-$PWD/device-out}"
mkdir -p "$out"
# Step logs live outside $out and travel packed: $out holds three files.
logs=$(mktemp -d)
export GPUKIT_REQUIRE_GPU=1 LD_LIBRARY_PATH="$PWD/.device"
summary=()
step() {  # step NAME COMMAND...: runs it, logs to NAME.log, records the outcome
    local name=$1; shift
    local t0=$SECONDS
    "$@" >"$logs/$name.log" 2>&1
    local rc=$?
    summary+=("$(printf '%-28s %-5s %5ss' "$name" "$([ $rc -eq 0 ] && echo ok || echo FAIL)" $((SECONDS - t0)))")
    echo "== $name (rc $rc)"; tail -n 4 "$logs/$name.log"
    tar -C "$logs" -czf "$out/logs.tar.gz" .
    printf '%s\n' "${summary[@]}" >"$out/summary.txt"
}
runs() { [ "$mode" = "$1" ] || [ "$mode" = quick ] || [ "$mode" = full ]; }

[ -d .device ] || { mkdir -p .device && tar -C .device -xJf .carry/device.tar.xz; }
# The Rust tests read tests/kat through the path they were built at.
root=$(cat .device/build_root)
if [ "$root" != "$PWD" ] && [ ! -e "$root" ]; then
    mkdir -p "$(dirname "$root")" && ln -s "$PWD" "$root"
fi

nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv,noheader >"$out/device.txt"
cat "$out/device.txt"

if runs sanitizers; then
    for t in .device/arith_*; do step "$(basename "$t")" "$t" --test-threads=4; done
    step fieldmul_throughput .device/fieldmul_throughput
    step sanitizer_memcheck compute-sanitizer --tool memcheck --error-exitcode 1 \
        .device/gpukit_gpu_msm --test-threads=1 bn254_g1::edge_cases bls12_381_g2::device_errors \
        banderwagon::resident_bases secp256k1::windows bn254_g1::precomputed_bases banderwagon::batches \
        bls12_381_g1::fixed_base_tables banderwagon::fixed_base_tables
    step sanitizer_racecheck compute-sanitizer --tool racecheck --error-exitcode 1 \
        .device/gpukit_gpu_msm --test-threads=1 bn254_g1::windows bls12_377_g1::device_errors \
        secp256k1::precomputed_bases
    step sanitizer_initcheck compute-sanitizer --tool initcheck --error-exitcode 1 \
        .device/gpukit_gpu_msm --test-threads=1 bls12_381_g1::device_errors secp256k1::precomputed_bases \
        banderwagon::fixed_base_tables
    step sanitizer_synccheck compute-sanitizer --tool synccheck --error-exitcode 1 \
        .device/gpukit_gpu_msm --test-threads=1 bn254_g1::device_errors banderwagon::precomputed_bases
    # Forced batch-affine groups this small take 32 lanes a thread
    # (cuda/msm/bucket_accumulate.cuh); GPUKIT_AFFINE_LANES=64 holds them to 64.
    step sanitizer_memcheck_affine env GPUKIT_ACCUMULATION=batch_affine GPUKIT_SMALL_MSM=0 compute-sanitizer \
        --tool memcheck --error-exitcode 1 .device/gpukit_gpu_msm --test-threads=1 bn254_g1::edge_cases \
        secp256k1::batches
    step sanitizer_memcheck_affine_64 env GPUKIT_ACCUMULATION=batch_affine GPUKIT_AFFINE_LANES=64 \
        GPUKIT_SMALL_MSM=0 compute-sanitizer --tool memcheck --error-exitcode 1 .device/gpukit_gpu_msm \
        --test-threads=1 bn254_g1::edge_cases bls12_381_g1::batches
    # BLS12-377 G1's resident bases in its twisted Edwards model
    # (cuda/ec/edwards_model.cuh): the tables' conversion in groups, and
    # the model's pipeline, lead quarter and carried buckets included.
    step sanitizer_edwards_model compute-sanitizer --tool memcheck --error-exitcode 1 .device/gpukit_gpu_msm \
        --test-threads=1 bls12_377_g1::grouped_shifts bls12_377_g1::precomputed_bases bls12_377_g1::batches
    # The small path (cuda/msm/small_msm.cuh) takes the suite's small single
    # vectors; its gather list is shared memory. On BN254 and secp256k1 the
    # scalars are split by the endomorphism first (cuda/msm/glv_msm.cuh), at
    # every window the windows test asks for.
    step sanitizer_small compute-sanitizer --tool racecheck --error-exitcode 1 .device/gpukit_gpu_msm \
        --test-threads=1 bls12_381_g2::edge_cases banderwagon::windows bn254_g1::windows
    step sanitizer_small_glv compute-sanitizer --tool initcheck --error-exitcode 1 .device/gpukit_gpu_msm \
        --test-threads=1 secp256k1::windows bls12_377_g1::edge_cases
    # The split through the sorted pipeline (cuda/driver/one_shot.cuh,
    # glv_route::sorted), at the sizes the small path would take: every
    # window on BN254, the edge cases on secp256k1.
    step sanitizer_sorted_glv env GPUKIT_SMALL_MSM=0 compute-sanitizer --tool initcheck --error-exitcode 1 \
        .device/gpukit_gpu_msm --test-threads=1 bn254_g1::windows secp256k1::edge_cases
    # One-shot passes in parts uploaded on a second stream
    # (cuda/driver/one_shot.cuh), cut at the test's sizes by
    # GPUKIT_ONE_SHOT_PARTS: initcheck finds a part's MSM that reads its
    # points or scalars before their upload lands.
    step sanitizer_one_shot_parts env GPUKIT_ONE_SHOT_PARTS=8 compute-sanitizer --tool initcheck \
        --error-exitcode 1 .device/gpukit_gpu_msm --test-threads=1 bn254_g1::one_shot_parts
    # Encoded points decoded on the device, one-shot and into resident
    # bases (cuda/driver/compressed.cuh, curve_entries::decompress), faulty
    # records included.
    step sanitizer_formats compute-sanitizer --tool memcheck --error-exitcode 1 .device/gpukit_point_formats \
        --test-threads=1 bn254_g1_errors_agree_on_every_backend banderwagon_compressed bls12_381_g1_zcash \
        banderwagon_uncompressed
    # The prime-order subgroup check on the device (cuda/ec/subgroup.cuh),
    # in one-shot calls, bases uploads and decompression, faulty points
    # included; initcheck: a faulty point must leave a defined value.
    step sanitizer_subgroup compute-sanitizer --tool memcheck --error-exitcode 1 .device/gpukit_errors \
        --test-threads=1 subgroup_faults_agree_on_every_backend
    # Inputs in page-locked host ranges go by DMA, the bytes on their shared
    # end pages from pageable memory (cuda/runtime/page_locked.cuh).
    step sanitizer_page_locked compute-sanitizer --tool memcheck --error-exitcode 1 .device/gpukit_page_lock \
        --test-threads=1 bn254_g1::one_shot registration_errors
    step sanitizer_page_locked_init compute-sanitizer --tool initcheck --error-exitcode 1 \
        .device/gpukit_page_lock --test-threads=1 secp256k1::one_shot
    step sanitizer_subgroup_init compute-sanitizer --tool initcheck --error-exitcode 1 .device/gpukit_point_formats \
        --test-threads=1 bls12_381_g1_errors_agree_on_every_backend bls12_377_g1_errors_agree_on_every_backend
fi

if runs suite; then
    step gpu_msm .device/gpukit_gpu_msm --test-threads=4 --skip one_shot_parts
    # The sorted pipeline at the sizes the small path takes by default.
    step gpu_msm_sorted env GPUKIT_SMALL_MSM=0 .device/gpukit_gpu_msm --test-threads=4 edge_cases windows sizes
fi

if runs affine; then
    # The batch-affine accumulation at every size (the suite takes it only
    # for large groups), over the edge cases, windows, sizes, bases and
    # batches; BLS12-377 G1's resident bases stay short Weierstrass, which
    # the suite's checked ones are not (GPUKIT_EDWARDS_MODEL=0).
    step gpu_msm_batch_affine env GPUKIT_ACCUMULATION=batch_affine GPUKIT_SMALL_MSM=0 GPUKIT_EDWARDS_MODEL=0 \
        .device/gpukit_gpu_msm \
        --test-threads=4 edge_cases windows sizes resident_bases precomputed_bases grouped_shifts batches
    # The same groups at 64 lanes a thread (forced groups this small take 32).
    step gpu_msm_batch_affine_64 env GPUKIT_ACCUMULATION=batch_affine GPUKIT_AFFINE_LANES=64 GPUKIT_SMALL_MSM=0 \
        GPUKIT_EDWARDS_MODEL=0 .device/gpukit_gpu_msm --test-threads=4 edge_cases windows sizes batches
fi

if runs others; then
    # Every device allocation, copy, launch and synchronisation failed in turn.
    step gpu_faults .device/faults_gpu_faults --test-threads=1
    # One-shot passes cut at every size from 2^15 (the automatic rule cuts
    # from 2^17; cuda/driver/one_shot.cuh), into as many as eight parts.
    step gpu_msm_one_shot_parts env GPUKIT_ONE_SHOT_PARTS=8 .device/gpukit_gpu_msm --test-threads=4 \
        one_shot_parts edge_cases sizes
    # Batches of short vectors over resident bases on the small path, one
    # vector after another (cuda/driver/resident_small.cuh).
    step gpu_msm_resident_small_batches env GPUKIT_RESIDENT_SMALL_VECTORS=8 .device/gpukit_gpu_msm \
        --test-threads=4 resident_small batches
    for t in .device/gpukit_*; do
        [ "$(basename "$t")" = gpukit_gpu_msm ] || step "$(basename "$t")" "$t" --test-threads=4
    done
    step c_test_kat .device/test_kat tests/kat
    step c_test_errors .device/test_errors tests/kat
    step c_test_threads .device/test_threads tests/kat
    step c_test_batch .device/test_batch tests/kat
    step c_test_formats .device/test_formats tests/kat
    [ -x .device/verkle.test ] && step go_verkle .device/verkle.test
    [ -x .device/gpukit.test ] && step go_gpukit sh -c 'cd bindings/go && ../../.device/gpukit.test'
fi

if [ "$mode" = large ] || [ "$mode" = full ]; then
    step gpu_msm_large env GPUKIT_GPU_LARGE=1 .device/gpukit_gpu_msm --test-threads=1 --nocapture large_sizes
fi

echo
echo "device: $(cat "$out/device.txt")"
printf '%s\n' "${summary[@]}" | tee "$out/summary.txt"
rm -rf "$logs"
