#!/usr/bin/env bash
# Builds the test suite under sanitizers and runs it.
#
#   tools/run-sanitizers.sh [address|thread|all]     (default: all, address first)
#
# address: SWARMPATH_SANITIZE=address,undefined in build-asan, built with clang-14 and
#          SWARMPATH_PORTABLE=ON, so this stage also builds and tests the portable variant (plain
#          C++ in place of the A* internals' x86-64 assembly, SSE2 and 128-bit integers) with a
#          second compiler, at no extra build; every ctest test except those
#          matching SWARMPATH_ASAN_EXCLUDE (a ctest -E regex; default: the tests that solve every
#          bundled scenario, which the Release suite already covers, so the job stays a few minutes).
#          LeakSanitizer is on (detect_leaks=1); any report fails the test that triggered it.
# thread:  SWARMPATH_SANITIZE=thread in build-tsan, linked against a oneTBB built under TSan from
#          the Debian source of the installed version (tools/build-instrumented-onetbb.sh), so TSan
#          sees the synchronisation inside TBB's scheduler; Debian's own libtbb is not instrumented
#          and TSan would report its task hand-offs as races. Runs every test of the executables in
#          SWARMPATH_TSAN_TARGETS (the batch solver, the crowd solver, and the CLI's thread-count
#          tests) except SWARMPATH_TSAN_EXCLUDE, plus a canary that must see a deliberate race.
#          No suppression file is used.
# Both builds use -O1 -g1 (line tables for the reports): about three times quicker to compile than
# -O2 -g under the sanitizers, and the optimisation level the sanitizers' documentation suggests;
# and SWARMPATH_QUICK_COMPILE=ON: the jump point search's offer stays a call rather than being
# copied into each of its call sites (jump_point_search.cpp: 137 s under clang's AddressSanitizer
# with the copies, 25 s without); and SWARMPATH_CHECK_UNITY_BUILD=ON, the engine's and the tests'
# sources eight to a unit (CMakeLists.txt).
# Build folders can be moved with SWARMPATH_ASAN_BUILD / SWARMPATH_TSAN_BUILD; build parallelism
# with SWARMPATH_BUILD_JOBS (default: nproc). Exit status: non-zero if any build or test fails.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mode="${1:-all}"
jobs="${SWARMPATH_BUILD_JOBS:-$(nproc)}"
# The MPI tests (solve, precompute, disagreeing ranks) are excluded too: OpenMPI (uninstrumented) leaks its own start-up allocations at
# MPI_Finalize, which LeakSanitizer reports against the job. The Release suite runs them.
# StreamingTest measures peak memory, which a sanitizer's allocator (it keeps freed memory) distorts.
# ResourceLimitsTest runs the executable under `ulimit -v`: AddressSanitizer reserves terabytes of
# address space for its shadow memory at start, so no such limit can leave it room to run.
# The Berlin oracle (47,540 whole-map Dijkstras) is a Release-suite test: instrumented it takes minutes.
asan_exclude="${SWARMPATH_ASAN_EXCLUDE:-ScenarioOptimalityTest|FlowfieldPassesCheckOnBundledScenarios|BundledScenariosPassCheck|DistributedSolveTest|DistributedPrecomputeTest|DisagreeingRanksTest|StreamingTest|ResourceLimitsTest|BundledQueriesOfBerlinAreOptimal}"
# Under TSan: the suites that run work on several threads (the batch and crowd solvers, threaded
# solve through the real executable), without the whole-dataset sweeps (the Release suite runs
# those; under TSan they would take most of the job) and without the three generated 600-agent
# crowds solved three ways through the command line (28 s under TSan: the crowd solver's threads
# are the CrowdSolver tests', ResultsDoNotDependOnThreads among them, and the command line's
# threads SolveCommandTest's one- and two-thread runs). Of SolveCommandTest only the runs with
# threads: its usage-error and naming tests are single-threaded (12 s under TSan). Only these
# executables are built; the others' tests show up in ctest as *_NOT_BUILT entries and are left out
# by the include list.
read -r -a tsan_targets <<< "${SWARMPATH_TSAN_TARGETS:-batch_tests cli_tests thread_sanitizer_canary}"
tsan_include="${SWARMPATH_TSAN_INCLUDE:-^((DeterminismTest|ThreadLimitTest|CrowdSolver|CrowdCommandLine|FieldFile|MapEdits|ThreadSanitizerCanary)\.|SolveCommandTest\.(PathsFileIsByteIdenticalForOneAndTwoThreads|ThreadsZeroMeansEveryHardwareThread|CheckPassesOnBundledScenarioAndPrintsTable)$)}"
tsan_exclude="${SWARMPATH_TSAN_EXCLUDE:-_NOT_BUILT|ScenarioOptimalityTest|FlowfieldPassesCheckOnBundledScenarios|GeneratedCrowdsPassCheckWithFlowfieldAndAuto|CApi\.}"

# configure_and_build folder sanitizer [targets...]: cmake arguments beyond the common ones in the
# array `extra`. The Python module is not built: an instrumented module would need the sanitizer's
# runtime preloaded into the interpreter; the Release suite runs its tests. Nor is MPI (swarmpath-mpi
# and the mpirun tests): neither stage runs those tests (see the MPI exclusions above).
configure_and_build() {
  local folder="$1" sanitizer="$2"
  shift 2
  cmake -S "$root" -B "$folder" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
    -DSWARMPATH_SANITIZE="$sanitizer" -DSWARMPATH_BUILD_TESTS=ON -DSWARMPATH_BUILD_BENCHMARKS=OFF \
    -DSWARMPATH_BUILD_PYTHON=OFF -DSWARMPATH_MPI=OFF -DSWARMPATH_QUICK_COMPILE=ON -DSWARMPATH_CHECK_UNITY_BUILD=ON \
    "${extra[@]}" > /dev/null
  ninja -C "$folder" -j"$jobs" "$@"
}

run_address() {
  local folder="${SWARMPATH_ASAN_BUILD:-$root/build-asan}"
  echo "run-sanitizers: address,undefined in $folder"
  extra=(-DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_C_COMPILER=clang-14 -DSWARMPATH_PORTABLE=ON)
  configure_and_build "$folder" address,undefined
  ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1" \
  UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
    ctest --test-dir "$folder" --output-on-failure --parallel "$(nproc)" --timeout 900 -E "$asan_exclude"
}

run_thread() {
  local folder="${SWARMPATH_TSAN_BUILD:-$root/build-tsan}"
  echo "run-sanitizers: thread in $folder"
  local tbb_dir
  tbb_dir="$("$root/tools/build-instrumented-onetbb.sh" "$folder/onetbb-thread" | tail -n 1)"
  extra=("-DTBB_DIR=$tbb_dir")
  configure_and_build "$folder" thread "${tsan_targets[@]}"
  # The instrumented TBB must be the one the tests load, or the run proves nothing.
  local tbb_library="$folder/onetbb-thread/install/lib"
  # ldd's whole output first, then the match: `ldd | grep -q` under pipefail fails whenever grep
  # exits on its match before ldd has finished writing (ldd then dies of SIGPIPE), which it
  # sometimes does (a CI run failed here with the right library loaded).
  local loaded_libraries
  loaded_libraries="$(ldd "$folder/tests/batch_tests")"
  if ! grep -q "$tbb_library/libtbb" <<< "$loaded_libraries"; then
    echo "run-sanitizers: $folder/tests/batch_tests does not load the TSan-built oneTBB from $tbb_library" >&2
    return 1
  fi
  TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:history_size=4" \
    ctest --test-dir "$folder" --output-on-failure --parallel 1 --timeout 900 -R "$tsan_include" -E "$tsan_exclude"
}

case "$mode" in
  address) run_address ;;
  thread) run_thread ;;
  all) run_address && run_thread ;;
  *) echo "usage: tools/run-sanitizers.sh [address|thread|all]" >&2; exit 2 ;;
esac
