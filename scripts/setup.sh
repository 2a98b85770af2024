#!/usr/bin/env bash
# Installs what gpukit's build and tests need on a fresh Debian machine:
# a C/C++ compiler, make, Go, cmake and pkg-config (Debian packages, when
# missing; cmake and pkg-config build the C++ consumer test), and — when no system
# nvcc exists — the pinned CUDA 13.0 compiler wheels into .toolchain/cuda.
# Safe to run again: every step is skipped when its tool is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v cc  >/dev/null 2>&1 || need_apt+=(gcc libc6-dev)
command -v c++ >/dev/null 2>&1 || need_apt+=(g++)
command -v make >/dev/null 2>&1 || need_apt+=(make)
command -v go  >/dev/null 2>&1 || need_apt+=(golang-go)
command -v cmake >/dev/null 2>&1 || need_apt+=(cmake)
command -v pkg-config >/dev/null 2>&1 || need_apt+=(pkg-config)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "setup: installing ${need_apt[*]} from Debian's packages"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}"
fi

command -v cargo >/dev/null 2>&1 || { echo "setup: cargo not found; install Rust (rustup) first" >&2; exit 1; }

# The five wheels are pinned together: an unpinned nvvm is newer than this
# ptxas accepts.
if [ -z "${NVCC:-}" ] && ! command -v nvcc >/dev/null 2>&1 \
   && [ ! -x /usr/local/cuda/bin/nvcc ] && [ ! -x .toolchain/cuda/nvidia/cu13/bin/nvcc ]; then
  echo "setup: installing the CUDA 13.0 compiler wheels into .toolchain/cuda"
  python3 -m pip install -q --disable-pip-version-check --target .toolchain/cuda \
    nvidia-cuda-nvcc==13.0.88 nvidia-cuda-runtime==13.0.96 nvidia-cuda-cccl==13.0.85 \
    nvidia-nvvm==13.0.88 nvidia-cuda-crt==13.0.88
fi
echo "setup: done"
