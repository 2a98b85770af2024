#!/usr/bin/env bash
# Installs gpukit into a temporary prefix (scripts/install.sh) and builds and
# runs the C++ consumer (main.cpp) against that install only:
#   1. pkg-config --cflags --libs gpukit           (libgpukit.so)
#   2. pkg-config --static --libs gpukit           (libgpukit.a and Libs.private)
#   3. CMake find_package(gpukit CONFIG), gpukit::gpukit and gpukit::gpukit_static
# Each program checks the known answers of tests/kat and the errors; the
# shared ones must load the installed libgpukit.so.<major>, the static ones
# no libgpukit at all. Honours CXX and CARGO_TARGET_DIR.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
kat=$root/tests/kat
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix

"$root/scripts/install.sh" "$prefix"
for f in include/gpukit.h include/gpukit.hpp lib/libgpukit.a lib/pkgconfig/gpukit.pc \
         lib/cmake/gpukit/gpukitConfig.cmake lib/cmake/gpukit/gpukitConfigVersion.cmake; do
  [ -f "$prefix/$f" ] || { echo "consumer: $f was not installed" >&2; exit 1; }
done

export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
version=$(pkg-config --modversion gpukit)
libdir=$(pkg-config --variable=libdir gpukit)
soname=libgpukit.so.${version%%.*}
[ -L "$libdir/libgpukit.so" ] && [ -L "$libdir/$soname" ] && [ -f "$libdir/libgpukit.so.$version" ] ||
  { echo "consumer: libgpukit.so, $soname, libgpukit.so.$version not installed as expected" >&2; exit 1; }

cxx=${CXX:-c++}
flags=(-std=c++17 -Wall -Wextra -Werror -pedantic -O1)

# loads_installed PROGRAM: it resolves libgpukit to the installed soname.
loads_installed() {
  local deps
  deps=$(ldd "$1")
  grep -qF "$soname => $libdir/$soname" <<<"$deps" ||
    { echo "consumer: $1 does not load $libdir/$soname:" >&2; ldd "$1" >&2; return 1; }
}
# links_no_libgpukit PROGRAM: gpukit is linked in statically.
links_no_libgpukit() {
  local dynamic
  dynamic=$(readelf -d "$1")
  ! grep -q 'NEEDED.*libgpukit' <<<"$dynamic" ||
    { echo "consumer: $1 needs a shared libgpukit" >&2; return 1; }
}

echo "consumer: pkg-config, shared"
# shellcheck disable=SC2046  # pkg-config prints several words
"$cxx" "${flags[@]}" -o "$tmp/pc_shared" "$here/main.cpp" $(pkg-config --cflags --libs gpukit) -Wl,-rpath,"$libdir"
loads_installed "$tmp/pc_shared"
"$tmp/pc_shared" "$kat"

echo "consumer: pkg-config, static"
static_libs=$(pkg-config --static --libs gpukit)
static_libs=${static_libs/-lgpukit/$libdir/libgpukit.a}
# shellcheck disable=SC2046,SC2086
"$cxx" "${flags[@]}" -o "$tmp/pc_static" "$here/main.cpp" $(pkg-config --cflags gpukit) $static_libs
links_no_libgpukit "$tmp/pc_static"
"$tmp/pc_static" "$kat"

echo "consumer: CMake find_package(gpukit CONFIG)"
cmake -S "$here" -B "$tmp/cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER="$cxx" -DGPUKIT_EXPECTED_VERSION="$version" >"$tmp/cmake.log" ||
  { cat "$tmp/cmake.log"; exit 1; }
cmake --build "$tmp/cmake" -j 2 >>"$tmp/cmake.log" || { cat "$tmp/cmake.log"; exit 1; }
loads_installed "$tmp/cmake/consumer"
links_no_libgpukit "$tmp/cmake/consumer_static"
"$tmp/cmake/consumer" "$kat"
"$tmp/cmake/consumer_static" "$kat"
echo "consumer: passed (pkg-config and CMake, shared and static)"
