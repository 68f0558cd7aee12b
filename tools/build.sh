#!/usr/bin/env bash
# Configures and builds swarmpath (Release) in build/ (or $SWARMPATH_BUILD_DIR), after installing
# the Debian packages it needs. Used by the main-job and test scripts; safe to run repeatedly.
# SWARMPATH_BUILD_TARGETS (space-separated) builds only those targets: the main job builds the
# command line alone, not the tests and benchmarks.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${SWARMPATH_BUILD_DIR:-$root/build}"
"$root/tools/install-dependencies.sh"
generator=()
if command -v ninja >/dev/null 2>&1; then generator=(-G Ninja); fi
if [ ! -f "$build_dir/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build_dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release "$@"
elif [ "$#" -gt 0 ]; then
  cmake -S "$root" -B "$build_dir" "$@"
fi
targets=()
for target in ${SWARMPATH_BUILD_TARGETS:-}; do targets+=(--target "$target"); done
cmake --build "$build_dir" --parallel "$(nproc)" "${targets[@]}"
