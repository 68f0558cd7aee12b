#!/usr/bin/env bash
# Builds swarmpath's benchmark suites (Release) and runs them with JSON output, for people and for
# tools/perf-gate. Usage:
#   tools/run-benchmarks.sh [OUTPUT_FOLDER] [--repetitions N] [--quick] [--no-peer]
# Writes into OUTPUT_FOLDER (default bench-results/):
#   search_bench.json     micro suite (heap, neighbours, parsing, context reset), Google Benchmark JSON
#   scenario_bench.json   per bundled scenario file: queries/s, expansions/s, counters, bytes per cell
#   solve_summary.json    `swarmpath solve --algorithm astar --threads 1 --summary` over the bundled sets
#                         (as bench/baselines/solve_summary.json: tools/perf-gate that file and this one)
#   boost_peer.json/.txt  swarmpath A* against Boost Graph's astar_search (when Boost is installed)
# Environment: BUILD_DIR (default build-bench), CMAKE_ARGS (extra configure flags, e.g.
# -DSWARMPATH_NATIVE=ON), JOBS (parallel build jobs, default 2).
# Compare two result folders with: tools/perf-gate OLD/scenario_bench.json NEW/scenario_bench.json
set -euo pipefail

source_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
output="bench-results"
repetitions=9
quick=0
peer=1
while [ $# -gt 0 ]; do
  case "$1" in
    --repetitions) repetitions="$2"; shift 2 ;;
    --quick) quick=1; shift ;;
    --no-peer) peer=0; shift ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) output="$1"; shift ;;
  esac
done
build_dir="${BUILD_DIR:-build-bench}"
mkdir -p "$output"

cmake -S "$source_dir" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DSWARMPATH_BUILD_BENCHMARKS=ON \
  -DSWARMPATH_BUILD_TESTS=OFF ${CMAKE_ARGS:-} >/dev/null
targets=(swarmpath swarmpath_search_bench swarmpath_scenario_bench)
if [ "$peer" -eq 1 ] && grep -q "swarmpath_boost_peer" "$build_dir/build.ninja"; then targets+=(swarmpath_boost_peer); fi
ninja -C "$build_dir" -j "${JOBS:-2}" "${targets[@]}"

min_time=0.5
if [ "$quick" -eq 1 ]; then repetitions=3; min_time=0.1; fi
common=(--benchmark_repetitions="$repetitions" --benchmark_min_time="$min_time" --benchmark_format=console)

echo "== micro suite"
"$build_dir/bench/swarmpath_search_bench" "${common[@]}" --benchmark_out="$output/search_bench.json" \
  --benchmark_out_format=json --benchmark_display_aggregates_only=true
echo "== scenario suite"
"$build_dir/bench/swarmpath_scenario_bench" "${common[@]}" --benchmark_out="$output/scenario_bench.json" \
  --benchmark_out_format=json --benchmark_display_aggregates_only=true
echo "== solve, the bundled scenario sets of bench/baselines/solve_summary.json (all but legacy and the mazes), A*, one thread"
scenarios=$(ls "$source_dir"/datasets/movingai/*/*.map.scen | grep -v /legacy/ | grep -v maze512)
# shellcheck disable=SC2086
"$build_dir/tools/swarmpath" solve $scenarios --algorithm astar --threads 1 --check --summary "$output/solve_summary.json"
if [ -x "$build_dir/bench/swarmpath_boost_peer" ] && [ "$peer" -eq 1 ]; then
  echo "== Boost Graph astar_search side by side (dao, bg512, sc1)"
  stride=1
  if [ "$quick" -eq 1 ]; then stride=10; fi
  "$build_dir/bench/swarmpath_boost_peer" --repetitions 3 --stride "$stride" --json "$output/boost_peer.json" \
    "$source_dir"/datasets/movingai/dao/*.map.scen "$source_dir"/datasets/movingai/bg512/*.map.scen \
    "$source_dir"/datasets/movingai/sc1/*.map.scen | tee "$output/boost_peer.txt"
fi
echo "results in $output/"
