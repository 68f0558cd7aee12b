// Benchmark counters shared by the benchmark programs: per-query and per-expansion rates over the
// timed iterations, and the deterministic work counters tools/perf-gate compares. Assumes one
// iteration solves the same queries every time (so the rates are iteration-invariant).
#pragma once

#include <cstddef>
#include <cstdint>

#include <benchmark/benchmark.h>

namespace swarmpath::bench {

/// queries_per_second and expansions_per_second, for `queries` queries and `expanded` expansions per iteration.
inline void report_rates(benchmark::State& state, std::size_t queries, std::uint64_t expanded) {
    state.counters["queries_per_second"] =
        benchmark::Counter(static_cast<double>(queries), benchmark::Counter::kIsIterationInvariantRate);
    state.counters["expansions_per_second"] =
        benchmark::Counter(static_cast<double>(expanded), benchmark::Counter::kIsIterationInvariantRate);
}

/// The rates plus the per-iteration work: expanded, generated and the summed path cost.
inline void report_search(benchmark::State& state, std::size_t queries, std::uint64_t expanded,
                          std::uint64_t generated, double cost_sum) {
    report_rates(state, queries, expanded);
    state.counters["expanded"] = static_cast<double>(expanded);
    state.counters["generated"] = static_cast<double>(generated);
    state.counters["cost_sum"] = cost_sum;
}

}  // namespace swarmpath::bench
