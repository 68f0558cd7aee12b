// Benchmark counters shared by the benchmark programs: one pass over a sample's queries with its
// work summed, per-query and per-expansion rates over the timed iterations, and the deterministic
// work counters tools/perf-gate compares. Assumes one
// iteration solves the same queries every time (so the rates are iteration-invariant).
#pragma once

#include <cstddef>
#include <cstdint>

#include <span>

#include <benchmark/benchmark.h>

#include "swarmpath/search/context.hpp"
#include "swarmpath/search/solver.hpp"

namespace swarmpath::bench {

/// What one pass over a sample's queries did: the deterministic work the counters report.
struct SampleWork {
    std::uint64_t expanded = 0;
    std::uint64_t generated = 0;
    double cost_sum = 0;
};

/// Solves every query once with `solver` on `context` and sums the work.
inline SampleWork solve_queries(const search::Solver& solver, search::SearchContext& context,
                                std::span<const search::Query> queries, search::Result& result) {
    SampleWork work;
    for (const search::Query& query : queries) {
        solver.solve(context, query, result);
        work.expanded += result.counters.expanded;
        work.generated += result.counters.generated;
        work.cost_sum += result.cost;
    }
    return work;
}

/// queries_per_second and expansions_per_second, for `queries` queries and `expanded` expansions per iteration.
inline void report_rates(benchmark::State& state, std::size_t queries, std::uint64_t expanded) {
    state.counters["queries_per_second"] =
        benchmark::Counter(static_cast<double>(queries), benchmark::Counter::kIsIterationInvariantRate);
    state.counters["expansions_per_second"] =
        benchmark::Counter(static_cast<double>(expanded), benchmark::Counter::kIsIterationInvariantRate);
}

/// The rates plus the per-iteration work: expanded, generated and the summed path cost.
inline void report_search(benchmark::State& state, std::size_t queries, const SampleWork& work) {
    report_rates(state, queries, work.expanded);
    state.counters["expanded"] = static_cast<double>(work.expanded);
    state.counters["generated"] = static_cast<double>(work.generated);
    state.counters["cost_sum"] = work.cost_sum;
}

}  // namespace swarmpath::bench
