#!/usr/bin/env bash
# Packaging check: a separate project builds against swarmpath as an installed package
# (find_package) and as a source subdirectory (add_subdirectory, with BUILD_SHARED_LIBS=ON and a
# Debug build type of its own), each with the command line's packages hidden as on a machine that
# has only the engine's dependencies; each builds a shared library linking the engine and a C
# program on the C API, and runs them. The C API is also linked from pure C: a C-only CMake project
# and a plain `cc ... $(pkg-config --cflags --libs swarmpath)` against the install. Then the Python
# package is installed into a fresh virtual environment by tools/install-python-module.sh (from
# BUILD_DIR's module) and imported from there, and check-python-package.sh builds a wheel, installs
# it with pip, uses it and uninstalls it.
#   tests/packaging/check-consumers.sh BUILD_DIR
# BUILD_DIR is a configured and built swarmpath tree (the Release build): the installed package
# is that build's engine, so only the add_subdirectory consumer compiles the engine again (at -O0).
# Work goes to a temporary folder, removed at the end. Needs cmake, ninja, a C and C++ compiler,
# oneTBB, pkg-config and nm, and python3-venv, python3-pip, python3-build for the Python part
# (skipped when BUILD_DIR has no Python module).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build_dir="$(cd "${1:?usage: check-consumers.sh BUILD_DIR}" && pwd)"
jobs="${SWARMPATH_BUILD_JOBS:-$(nproc)}"
work="$(mktemp -d "${TMPDIR:-/tmp}/swarmpath-packaging.XXXXXX")"
trap 'rm -rf "$work"' EXIT
map="$root/datasets/movingai/dao/arena.map"
hidden=(-DCMAKE_DISABLE_FIND_PACKAGE_CLI11=ON -DCMAKE_DISABLE_FIND_PACKAGE_fmt=ON
        -DCMAKE_DISABLE_FIND_PACKAGE_nlohmann_json=ON -DCMAKE_DISABLE_FIND_PACKAGE_PNG=ON
        -DCMAKE_DISABLE_FIND_PACKAGE_MPI=ON -DCMAKE_DISABLE_FIND_PACKAGE_mimalloc=ON
        -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON)

run_consumer() {  # folder: runs the three programs the consumer built
  "$1/consumer_app" "$map"
  "$1/consumer_plugin_host" "$map"
  "$1/consumer_c_app" "$map"
}

echo "packaging: the command line's packages are hidden; CMake's warnings below that the"
echo "packaging: CMAKE_DISABLE_FIND_PACKAGE_* variables went unused mean none of them was even looked for"
echo "packaging: find_package(swarmpath) against an install of $build_dir"
cmake --install "$build_dir" --prefix "$work/prefix" > /dev/null
if grep -rlE "__int128|asm[ (]|unistd\.h|sys/" "$work/prefix/include"; then
  echo "packaging: the installed headers above use compiler extensions, assembly or POSIX headers" >&2
  exit 1
fi
cmake -S "$root/tests/packaging/consumer" -B "$work/installed" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$work/prefix" "${hidden[@]}" > "$work/installed.log" || { cat "$work/installed.log"; exit 1; }
cmake --build "$work/installed" --parallel "$jobs" > /dev/null
run_consumer "$work/installed"

# ---- C part (the C API from pure C): begin ----
# A C-only CMake project (LANGUAGES C) and a plain pkg-config build link the installed C API and
# run a C program on it; the library exports the swarmpath_* functions only.
echo "packaging: the C API from a C-only CMake project and from pkg-config, against the install"
version="$(sed -n 's/^project(swarmpath VERSION \([0-9.]*\).*/\1/p' "$root/CMakeLists.txt")"
pc_file="$(find "$work/prefix" -name swarmpath.pc | head -n 1)"
[ -n "$pc_file" ] || { echo "packaging: no swarmpath.pc was installed" >&2; exit 1; }
c_library="$(find "$work/prefix" -name 'libswarmpath_c.so' | head -n 1)"
if nm -D --defined-only "$c_library" | awk '$2 == "T" && $3 !~ /^swarmpath_/' | grep .; then
  echo "packaging: libswarmpath_c exports the functions above beyond the C API" >&2
  exit 1
fi
cmake -S "$root/tests/packaging/c_only" -B "$work/c_only" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$work/prefix" "${hidden[@]}" > "$work/c_only.log" 2>&1 || { cat "$work/c_only.log"; exit 1; }
cmake --build "$work/c_only" --parallel "$jobs" > /dev/null
"$work/c_only/c_only_app" "$map" "$version"
export PKG_CONFIG_PATH="$(dirname "$pc_file")"
[ "$(pkg-config --modversion swarmpath)" = "$version" ] || { echo "packaging: swarmpath.pc's version is not $version" >&2; exit 1; }
# shellcheck disable=SC2046  # pkg-config's flags are meant to be split into words
cc -std=c99 -o "$work/pkgconfig_app" "$root/tests/packaging/c_only/c_only_app.c" $(pkg-config --cflags --libs swarmpath) -lm
LD_LIBRARY_PATH="$(pkg-config --variable=libdir swarmpath)" "$work/pkgconfig_app" "$map" "$version"
unset PKG_CONFIG_PATH
# ---- C part: end ----

echo "packaging: add_subdirectory(swarmpath), BUILD_SHARED_LIBS=ON, the consumer's own Debug build type"
cmake -S "$root/tests/packaging/consumer" -B "$work/subdirectory" -G Ninja -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS_DEBUG=-O0 -DBUILD_SHARED_LIBS=ON -DSWARMPATH_SOURCE="$root" "${hidden[@]}" \
  > "$work/subdirectory.log" || { cat "$work/subdirectory.log"; exit 1; }
cmake --build "$work/subdirectory" --parallel "$jobs" > /dev/null
ls "$work/subdirectory/swarmpath/engine/"libswarmpath.so* > /dev/null
run_consumer "$work/subdirectory"

if ls "$build_dir"/python/swarmpath/_core.*.so > /dev/null 2>&1; then
  echo "packaging: the Python package into a fresh virtual environment (tools/install-python-module.sh)"
  /usr/bin/python3 -m venv --without-pip --system-site-packages "$work/venv"
  SWARMPATH_PYTHON_BUILD_DIR="$build_dir" "$root/tools/install-python-module.sh" "$work/venv/bin/python" > /dev/null
  (cd "$work" && "$work/venv/bin/python" -c "
import swarmpath, sys
assert swarmpath.__file__.startswith(sys.prefix), swarmpath.__file__
grid = swarmpath.Grid.from_file('$map')
print('venv:', swarmpath.__file__, swarmpath.Solver(grid).solve((1, 11), (1, 12)).cost)")
  "$root/tests/packaging/check-python-package.sh" "$build_dir"
fi
echo "packaging: all consumers built and ran"
