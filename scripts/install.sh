#!/usr/bin/env bash
# Builds the release library and installs it for C and C++ programs:
#
#   scripts/install.sh PREFIX
#
#   PREFIX/lib/libgpukit.so.X.Y.Z         soname libgpukit.so.X (build.rs), with the
#   PREFIX/lib/libgpukit.so.X             links a program loads (the soname) and
#   PREFIX/lib/libgpukit.so               links against (-lgpukit)
#   PREFIX/lib/libgpukit.a                static: its system libraries are in Libs.private
#   PREFIX/include/gpukit.h, gpukit.hpp   the C ABI and the C++17 layer over it
#   PREFIX/lib/pkgconfig/gpukit.pc        pkg-config --cflags --libs gpukit
#   PREFIX/lib/cmake/gpukit/              find_package(gpukit CONFIG): targets
#                                         gpukit::gpukit (shared), gpukit::gpukit_static
#
# The build is `cargo build --release` (honours CARGO_TARGET_DIR): it has
# the CUDA backend when build.rs finds nvcc (README, "Building"). Options
# from the environment: LIBDIR (default lib; e.g. lib64 or
# lib/x86_64-linux-gnu) is the library folder under PREFIX; DESTDIR stages
# the files under $DESTDIR$PREFIX while the installed files name PREFIX
# (for packagers). cargo-c does the same job, but building it takes longer
# than a CI run may; this needs cargo, a shell and coreutils.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 PREFIX" >&2; exit 2; }
cd "$(dirname "$0")/.."
root=$PWD

prefix=$1
case $prefix in /*) ;; *) prefix=$PWD/$prefix ;; esac
prefix=${prefix%/}
libdir_rel=${LIBDIR:-lib}
case $libdir_rel in /*|*..*) echo "install.sh: LIBDIR must be a relative path under PREFIX" >&2; exit 2 ;; esac
dest=${DESTDIR:-}

target_dir=${CARGO_TARGET_DIR:-target}
case $target_dir in /*) ;; *) target_dir=$root/$target_dir ;; esac
built=$target_dir/release

# The build; its JSON messages name the native libraries that build scripts
# link (the CUDA runtime, libstdc++, rt, dl, pthread in a CUDA build).
messages=$(mktemp)
trap 'rm -f "$messages"' EXIT
cargo build --release -p gpukit --message-format=json-render-diagnostics >"$messages"

id=$(cargo pkgid -p gpukit)
version=${id##*[#@]}
major=${version%%.*}
soname=libgpukit.so.$major

if command -v readelf >/dev/null 2>&1; then
  got=$(readelf -d "$built/libgpukit.so" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
  [ "$got" = "$soname" ] || { echo "install.sh: $built/libgpukit.so has soname '$got', not $soname" >&2; exit 1; }
fi

# The system libraries libgpukit.a needs: those Rust's standard library
# needs on this target (what `--print native-static-libs` prints for an
# empty crate), then those the build scripts link dynamically. Their static
# libraries (CUDA runtime, libstdc++) are bundled into libgpukit.a by rustc.
# This equals `cargo rustc --release --lib --crate-type staticlib --
# --print native-static-libs` without recompiling the crate twice.
std_libs() {
  local tmp
  tmp=$(mktemp -d)
  echo '' >"$tmp/empty.rs"
  rustc --crate-type staticlib --print native-static-libs "$tmp/empty.rs" -o "$tmp/libempty.a" 2>&1 |
    sed -n 's/.*native-static-libs: //p'
  rm -rf "$tmp"
}
script_libs() {
  grep '"reason":"build-script-executed"' "$messages" |
    sed -n 's/.*"linked_libs":\[\([^]]*\)\].*/\1/p' | tr ',' '\n' | tr -d '"' |
    while read -r lib; do
      case $lib in
        "") ;;
        static=*|static:+bundle*=*) ;;          # bundled into libgpukit.a
        *=*) echo "-l${lib#*=}" ;;              # dylib=, static:-bundle=, framework=
        *) echo "-l$lib" ;;
      esac
    done
}
private_libs=$( { script_libs; for l in $(std_libs); do echo "$l"; done; } | awk '!seen[$0]++' | tr '\n' ' ')
private_libs=${private_libs% }
[ -n "$private_libs" ] || { echo "install.sh: could not find the static library's link dependencies" >&2; exit 1; }

libdir=$prefix/$libdir_rel
includedir=$prefix/include
install -d "$dest$libdir/pkgconfig" "$dest$libdir/cmake/gpukit" "$dest$includedir"

install -m 0755 "$built/libgpukit.so" "$dest$libdir/libgpukit.so.$version"
ln -sfn "libgpukit.so.$version" "$dest$libdir/$soname"
ln -sfn "$soname" "$dest$libdir/libgpukit.so"
install -m 0644 "$built/libgpukit.a" "$dest$libdir/libgpukit.a"
install -m 0644 include/gpukit.h include/gpukit.hpp "$dest$includedir/"

cat >"$dest$libdir/pkgconfig/gpukit.pc" <<EOF
prefix=$prefix
exec_prefix=\${prefix}
libdir=\${prefix}/$libdir_rel
includedir=\${prefix}/include

Name: gpukit
Description: Multi-scalar multiplication on NVIDIA GPUs and CPUs (BN254, BLS12-381, BLS12-377, secp256k1, Banderwagon)
Version: $version
Libs: -L\${libdir} -lgpukit
Libs.private: $private_libs
Cflags: -I\${includedir}
EOF

# The CMake package finds its prefix from its own folder, so an installed
# tree can be moved: LIBDIR/cmake/gpukit is this many levels below PREFIX.
up=$(echo "$libdir_rel/cmake/gpukit" | tr -s / | awk -F/ '{ s = ""; for (i = 1; i <= NF; i++) s = s "../"; print s }')
cmake_libs=$(echo "$private_libs" | sed 's/-l//g; s/ /;/g')
cat >"$dest$libdir/cmake/gpukit/gpukitConfig.cmake" <<EOF
# gpukit $version, installed by gpukit's scripts/install.sh.
#   find_package(gpukit CONFIG REQUIRED)
#   target_link_libraries(app PRIVATE gpukit::gpukit)          # libgpukit.so
#   target_link_libraries(app PRIVATE gpukit::gpukit_static)   # libgpukit.a
# Both carry the include folder (gpukit.h, and gpukit.hpp, which needs C++17).
get_filename_component(_gpukit_prefix "\${CMAKE_CURRENT_LIST_DIR}/$up" ABSOLUTE)

if(NOT TARGET gpukit::gpukit)
  add_library(gpukit::gpukit SHARED IMPORTED)
  set_target_properties(gpukit::gpukit PROPERTIES
    IMPORTED_LOCATION "\${_gpukit_prefix}/$libdir_rel/libgpukit.so.$version"
    IMPORTED_SONAME "$soname"
    INTERFACE_INCLUDE_DIRECTORIES "\${_gpukit_prefix}/include")
endif()

if(NOT TARGET gpukit::gpukit_static)
  add_library(gpukit::gpukit_static STATIC IMPORTED)
  set_target_properties(gpukit::gpukit_static PROPERTIES
    IMPORTED_LOCATION "\${_gpukit_prefix}/$libdir_rel/libgpukit.a"
    IMPORTED_LINK_INTERFACE_LANGUAGES "C"
    INTERFACE_INCLUDE_DIRECTORIES "\${_gpukit_prefix}/include"
    INTERFACE_LINK_LIBRARIES "$cmake_libs")
endif()

unset(_gpukit_prefix)
EOF

# Compatible: the same major version (the soname's promise) and not older
# than the version asked for.
cat >"$dest$libdir/cmake/gpukit/gpukitConfigVersion.cmake" <<EOF
set(PACKAGE_VERSION "$version")
if(PACKAGE_FIND_VERSION STREQUAL "")
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
elseif(PACKAGE_VERSION VERSION_LESS PACKAGE_FIND_VERSION OR NOT PACKAGE_FIND_VERSION_MAJOR STREQUAL "$major")
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
else()
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
  if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
endif()
# The library is built for 64-bit targets (x86_64, aarch64) only.
if(NOT "\${CMAKE_SIZEOF_VOID_P}" STREQUAL "" AND NOT "\${CMAKE_SIZEOF_VOID_P}" STREQUAL "8")
  set(PACKAGE_VERSION "\${PACKAGE_VERSION} (64-bit)")
  set(PACKAGE_VERSION_UNSUITABLE TRUE)
endif()
EOF

echo "install.sh: gpukit $version installed under $dest$prefix"
