#!/usr/bin/env bash
# The test command: set up, build, and run the whole test suite. This is what the README documents
# and what .ci/run calls. Stages, each failing the command on any error:
#   0. the layer check (tools/check-layers, no compiler needed: seconds): no engine include points
#      up the layer order or closes a cycle (docs/architecture.md); and, once the packages are in,
#      the format check (tools/check-format: every C and C++ source as .clang-format says);
#   1. install packages and build (Release, build/);
#   2. the suite under AddressSanitizer + UndefinedBehaviorSanitizer + LeakSanitizer (build-asan/)
#      — tools/run-sanitizers.sh address;
#   3. the batch, crowd and thread-count tests under ThreadSanitizer, against a oneTBB built under
#      TSan from Debian's source (build-tsan/) — tools/run-sanitizers.sh thread;
#   4. a short libFuzzer run of each fuzz target (build-fuzz/)         — tools/run-fuzz.sh;
#   5. packaging: consumer projects on find_package and add_subdirectory, a shared library linking
#      the engine, the Python module into a virtual environment  — tests/packaging/check-consumers.sh;
#   6. the whole Release suite through ctest (last, so its summary closes the output), with the C
#      API test and the Python module's pytest suite.
# SWARMPATH_QUICK=1 skips stages 2 to 5 (a developer's inner loop); CI runs them all.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${SWARMPATH_BUILD_DIR:-$root/build}"
# Each stage's wall time goes to standard error as it ends, and all of them again at the end, so a
# slow stage shows in a CI log.
started=$SECONDS
timings=()
stage() {
  local name="$1" before=$SECONDS
  shift
  "$@"
  timings+=("$(printf '%5d s  %s' "$((SECONDS - before))" "$name")")
  echo "build-and-test: ${timings[-1]}" >&2
}
stage "layer check" /usr/bin/python3 "$root/tools/check-layers"
stage "packages" "$root/tools/install-dependencies.sh"
stage "format check" /usr/bin/python3 "$root/tools/check-format"
stage "Release build" "$root/tools/build.sh"
if [ "${SWARMPATH_QUICK:-0}" != "1" ]; then
  stage "AddressSanitizer suite" "$root/tools/run-sanitizers.sh" address
  stage "ThreadSanitizer suite" "$root/tools/run-sanitizers.sh" thread
  # 10 s per target: a smoke run after the regression inputs are replayed (4 x 30 s was a tenth of the
  # whole CI time, and at 4 x 15 s CI still ran a minute past its 20); the long runs are
  # tools/run-fuzz.sh --runs 10000000 (docs/reliability.md).
  stage "fuzzing" "$root/tools/run-fuzz.sh" "${SWARMPATH_FUZZ_SECONDS:-10}"
  stage "packaging" "$root/tests/packaging/check-consumers.sh" "$build_dir"
fi
stage "Release suite" ctest --test-dir "$build_dir" --output-on-failure --parallel "$(nproc)" --timeout 900
printf 'build-and-test: %s\n' "${timings[@]}" >&2
echo "build-and-test: all stages passed in $((SECONDS - started)) s" >&2
