#!/usr/bin/env bash
# The test command: set up, build, and run the whole test suite through ctest. This is what the
# README documents and what .ci/run calls.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${SWARMPATH_BUILD_DIR:-$root/build}"
"$root/tools/build.sh"
ctest --test-dir "$build_dir" --output-on-failure --parallel "$(nproc)" --timeout 900
