// Scenario-level benchmarks: one benchmark per bundled Moving AI scenario file (legacy/ excluded).
// One iteration solves a fixed, evenly spread sample of the file's queries (at most kSampleSize,
// every bucket represented) with one SearchContext, A*, benchmark rule, paths not recorded: the same
// work in every run, so timings compare across commits. Counters:
//   queries_per_second, expansions_per_second  rates over the timed iterations;
//   expanded, generated, cost_sum               per iteration, deterministic (tools/perf-gate fails
//                                               on any change in them);
//   state_bytes_per_cell                        per-cell search state of one worker (fixed by design);
//   context_bytes_per_cell                      the worker's whole context (with its open list) over
//                                               the padded cell count, after the sample ran.
// Parallel cases (Scenario/<file>/threads:N, real time) run the same sample through a BatchSolver
// and add process_cpu_seconds per iteration, so N threads can be compared with 1 in CPU-seconds.
// Two environment variables inject faults, to show that tools/perf-gate catches them (never set
// them otherwise): SWARMPATH_BENCH_INJECT_SLOWDOWN=F spins F × the iteration's own time after each
// single-thread iteration (a slowdown of F); SWARMPATH_BENCH_INJECT_WEIGHT=W searches with weight W
// (a change in expansions and costs).
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "benchmark_counters.hpp"
#include "bundled_samples.hpp"
#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/scenario_run.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/solver.hpp"

namespace {

using namespace swarmpath;

constexpr std::size_t kSampleSize = 256;

using bench::Sample;

double environment_number(const char* name, double fallback) {
    const char* text = std::getenv(name);
    return text == nullptr ? fallback : std::atof(text);
}

search::SearchSettings benchmark_settings() {
    search::SearchSettings settings;
    settings.algorithm = search::Algorithm::astar;
    settings.record_paths = false;
    settings.weight = environment_number("SWARMPATH_BENCH_INJECT_WEIGHT", 1.0);
    return settings;
}

void run_single(benchmark::State& state, const Sample& sample) {
    Expected<search::Solver> solver = search::Solver::create(*sample.grid, benchmark_settings());
    if (!solver) {
        state.SkipWithError(solver.error().describe().c_str());
        return;
    }
    search::SearchContext context;
    search::Result result;
    bench::SampleWork work;
    const double injected_slowdown = environment_number("SWARMPATH_BENCH_INJECT_SLOWDOWN", 0.0);
    for (auto _ : state) {
        const auto begin = std::chrono::steady_clock::now();
        work = bench::solve_queries(*solver, context, sample.queries, result);
        if (injected_slowdown > 0) {
            const auto spent = std::chrono::steady_clock::now() - begin;
            const auto until =
                std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(spent * injected_slowdown);
            while (std::chrono::steady_clock::now() < until) {
            }
        }
    }
    const auto padded_cells = static_cast<double>(sample.grid->padded_cell_count());
    bench::report_search(state, sample.queries.size(), work);
    state.counters["state_bytes_per_cell"] = search::SearchContext::bytes_per_cell();
    state.counters["context_bytes_per_cell"] = static_cast<double>(context.memory_bytes()) / padded_cells;
}

void run_parallel(benchmark::State& state, const Sample& sample, unsigned threads) {
    Expected<search::Solver> solver = search::Solver::create(*sample.grid, benchmark_settings());
    if (!solver) {
        state.SkipWithError(solver.error().describe().c_str());
        return;
    }
    batch::BatchSolver workers(threads);
    std::vector<search::Result> results(sample.queries.size());
    double cpu_seconds = 0;
    for (auto _ : state) {
        const double cpu_before = batch::process_cpu_seconds();
        workers.solve(*solver, sample.queries, results);
        cpu_seconds += batch::process_cpu_seconds() - cpu_before;
    }
    std::uint64_t expanded = 0;
    for (const search::Result& result : results) expanded += result.counters.expanded;
    bench::report_rates(state, sample.queries.size(), expanded);
    state.counters["process_cpu_seconds"] = benchmark::Counter(cpu_seconds, benchmark::Counter::kAvgIterations);
    state.counters["expanded"] = static_cast<double>(expanded);
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    const std::vector<Sample>& samples = bench::bundled_samples_or_exit(kSampleSize);
    for (const Sample& sample : samples) {
        benchmark::RegisterBenchmark(("Scenario/" + sample.name).c_str(), run_single, sample)
            ->Unit(benchmark::kMillisecond);
    }
    for (const Sample& sample : samples) {
        if (sample.name != "brc202d" && sample.name != "AR0011SR") continue;
        for (unsigned threads : {1U, 2U}) {
            benchmark::RegisterBenchmark(("Scenario/" + sample.name + "/threads:" + std::to_string(threads)).c_str(),
                                         run_parallel, sample, threads)
                ->UseRealTime()
                ->Unit(benchmark::kMillisecond);
        }
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
