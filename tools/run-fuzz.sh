#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/) with clang-14 and runs each one.
#
#   tools/run-fuzz.sh [SECONDS] [TARGET...]        each target for SECONDS (default 60): the CI run
#   tools/run-fuzz.sh --runs N [TARGET...]         each target for N executions: the long run
#                                                  (documented in docs/reliability.md: N = 10000000)
#
# TARGET is map_parser, scenario_parser, terrain_spec, movement_classes or oracle_file (default:
# all five, one after another).
# Every target first replays its regression inputs (fuzz/regressions/TARGET/, the crashers found
# so far), then fuzzes from the seed corpus built from datasets/movingai plus the corpus kept in
# fuzz-corpus-work/corpus/TARGET from earlier runs. A crash, leak, sanitizer report or broken
# invariant stops the script with exit 1; the input is saved in fuzz-corpus-work/artifacts/TARGET/.
# Build folder: build-fuzz (override with SWARMPATH_FUZZ_BUILD), the engine compiled a few sources to
# a unit (SWARMPATH_CHECK_UNITY_BUILD, CMakeLists.txt). Logs: fuzz-corpus-work/logs/.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
build="${SWARMPATH_FUZZ_BUILD:-$root/build-fuzz}"
work="$root/fuzz-corpus-work"
seconds=60
runs=""
if [ "${1:-}" = "--runs" ]; then
  runs="$2"
  shift 2
elif [[ "${1:-}" =~ ^[0-9]+$ ]]; then
  seconds="$1"
  shift
fi
targets=("$@")
if [ "${#targets[@]}" -eq 0 ]; then targets=(map_parser scenario_parser terrain_spec movement_classes oracle_file); fi

compiler="${SWARMPATH_FUZZ_CXX:-clang++-14}"
if ! command -v "$compiler" > /dev/null; then
  echo "run-fuzz: $compiler not found (install clang-14 and libclang-rt-14-dev)" >&2
  exit 2
fi
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER="$compiler" \
  -DSWARMPATH_FUZZ=ON -DSWARMPATH_BUILD_TESTS=OFF -DSWARMPATH_BUILD_BENCHMARKS=OFF -DSWARMPATH_CHECK_UNITY_BUILD=ON \
  > /dev/null
ninja -C "$build" -j"${SWARMPATH_BUILD_JOBS:-2}" "${targets[@]/%/_fuzzer}"

rm -rf "$work/seeds"
python3 "$root/tools/make-fuzz-seeds.py" "$root/datasets/movingai" "$work/seeds"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:malloc_context_size=4}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

for target in "${targets[@]}"; do
  binary="$build/fuzz/${target}_fuzzer"
  corpus="$work/corpus/$target"
  artifacts="$work/artifacts/$target"
  logs="$work/logs"
  mkdir -p "$corpus" "$artifacts" "$logs"
  regressions=("$root"/fuzz/regressions/"$target"/*)
  if [ -e "${regressions[0]}" ]; then
    echo "run-fuzz: $target: replaying ${#regressions[@]} regression input(s)"
    "$binary" -runs=1 "${regressions[@]}" > "$logs/$target-regressions.log" 2>&1 ||
      { tail -40 "$logs/$target-regressions.log" >&2; echo "run-fuzz: $target: a regression input fails" >&2; exit 1; }
  fi
  limit=(-max_total_time="$seconds")
  if [ -n "$runs" ]; then limit=(-runs="$runs"); fi
  max_len=2048
  if [ "$target" = "terrain_spec" ]; then max_len=512; fi
  if [ "$target" = "movement_classes" ]; then max_len=1024; fi
  if [ "$target" = "oracle_file" ]; then max_len=4096; fi
  log="$logs/$target-$(date -u +%Y%m%dT%H%M%S).log"
  echo "run-fuzz: $target: fuzzing (${limit[*]}), log $log"
  if ! "$binary" "${limit[@]}" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -dict="$root/fuzz/dictionaries/$target.dict" -artifact_prefix="$artifacts/" \
      "$corpus" "$work/seeds/$target" > "$log" 2>&1; then
    tail -60 "$log" >&2
    echo "run-fuzz: $target: FINDING, input saved in $artifacts/" >&2
    exit 1
  fi
  executions="$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')"
  echo "run-fuzz: $target: clean, $executions executions, corpus $(ls "$corpus" | wc -l) inputs"
done
