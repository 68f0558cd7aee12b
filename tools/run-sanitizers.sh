#!/usr/bin/env bash
# Builds the test suite under sanitizers and runs it (issue 6).
#
#   tools/run-sanitizers.sh [address|thread|all]     (default: all, address first)
#
# address: SWARMPATH_SANITIZE=address,undefined in build-asan; every ctest test except those
#          matching SWARMPATH_ASAN_EXCLUDE (a ctest -E regex; default: the tests that solve every
#          bundled scenario, which the Release suite already covers, so the job stays a few minutes).
#          LeakSanitizer is on (detect_leaks=1); any report fails the test that triggered it.
# thread:  SWARMPATH_SANITIZE=thread in build-tsan; the multi-threaded batch tests (ctest -R
#          SWARMPATH_TSAN_TESTS; default: the determinism and thread-count tests). Debian's oneTBB
#          library is not instrumented, so TSan cannot see the synchronisation inside TBB's
#          scheduler; a report whose other side is a TBB hand-off needs investigating, not a blanket
#          suppression (no suppression file is used).
# Build folders can be moved with SWARMPATH_ASAN_BUILD / SWARMPATH_TSAN_BUILD; build parallelism
# with SWARMPATH_BUILD_JOBS (default: nproc). Exit status: non-zero if any build or test fails.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mode="${1:-all}"
jobs="${SWARMPATH_BUILD_JOBS:-$(nproc)}"
# The MPI tests are excluded too: OpenMPI (uninstrumented) leaks its own start-up allocations at
# MPI_Finalize, which LeakSanitizer reports against the job. The Release suite runs them.
asan_exclude="${SWARMPATH_ASAN_EXCLUDE:-ScenarioOptimalityTest|FlowfieldPassesCheckOnBundledScenarios|BundledScenariosPassCheck|DistributedSolveTest}"
tsan_tests="${SWARMPATH_TSAN_TESTS:-DeterminismTest|ResultsDoNotDependOnThreads|ThreadCount|Threads}"
# Only the executables holding those tests are built for TSan (the others show up in ctest as
# *_NOT_BUILT entries, which the -R filter leaves out).
read -r -a tsan_targets <<< "${SWARMPATH_TSAN_TARGETS:-batch_tests crowd_tests cli_tests}"

configure_and_build() {  # folder sanitizer [targets...]
  local folder="$1" sanitizer="$2"
  shift 2
  cmake -S "$root" -B "$folder" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSWARMPATH_SANITIZE="$sanitizer" \
    -DSWARMPATH_BUILD_TESTS=ON -DSWARMPATH_BUILD_BENCHMARKS=OFF > /dev/null
  ninja -C "$folder" -j"$jobs" "$@"
}

run_address() {
  local folder="${SWARMPATH_ASAN_BUILD:-$root/build-asan}"
  echo "run-sanitizers: address,undefined in $folder"
  configure_and_build "$folder" address,undefined
  ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1" \
  UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
    ctest --test-dir "$folder" --output-on-failure --parallel "$(nproc)" --timeout 900 -E "$asan_exclude"
}

run_thread() {
  local folder="${SWARMPATH_TSAN_BUILD:-$root/build-tsan}"
  echo "run-sanitizers: thread in $folder"
  configure_and_build "$folder" thread "${tsan_targets[@]}"
  TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:history_size=4" \
    ctest --test-dir "$folder" --output-on-failure --parallel 1 --timeout 900 -R "$tsan_tests"
}

case "$mode" in
  address) run_address ;;
  thread) run_thread ;;
  all) run_address && run_thread ;;
  *) echo "usage: tools/run-sanitizers.sh [address|thread|all]" >&2; exit 2 ;;
esac
