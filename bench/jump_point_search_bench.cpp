// A* against jump point search (jps) and JPS+ (jps+), per bundled Moving AI map (legacy/ excluded),
// single thread, benchmark rule, paths not recorded. One iteration solves a fixed, evenly spread
// sample of the file's queries (at most kSampleSize, every length bucket represented) with one
// SearchContext, so the three algorithms answer the same queries and their rates compare directly:
//   JumpPointSearch/<map>/<algorithm>   queries_per_second, expansions_per_second; per iteration the
//                                       deterministic expanded, generated and cost_sum (equal for all
//                                       three algorithms: the paths are optimal);
//   JumpPointSearch/<map>/jps+bounds    JPS+ with goal bounds (built before timing; maps of at most
//                                       kBoundsCells passable cells, whose builds take a second or less);
//   JumpPointPreprocessing/<map>/jps    building the row/column scan bits a jps Solver holds;
//   JumpPointPreprocessing/<map>/jps+   building the JPS+ distance table (a BatchSolver's loop, all threads);
//   JumpPointPreprocessing/<map>/bounds building the goal bounds (all threads, the same small maps);
//                                       all three report bytes and bytes_per_cell.
// Expansions count cells for A* and jump points for JPS (see jump_point_search.hpp). A* is slow on
// the large maps (tens of ms per query): run with --benchmark_filter to pick maps or algorithms.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "benchmark_counters.hpp"
#include "bundled_samples.hpp"

#include "search/jump_point_search.hpp"
#include "search/jump_point_table.hpp"
#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/goal_bounds.hpp"
#include "swarmpath/search/solver.hpp"

namespace {

using namespace swarmpath;

constexpr std::size_t kSampleSize = 128;
/// Maps with at most this many passable cells get the goal-bounds runs (one Dijkstra per cell to build).
constexpr std::size_t kBoundsCells = 10000;

using bench::Sample;

/// The preprocessing's size: bytes, and bytes per map cell.
void report_bytes(benchmark::State& state, std::size_t bytes, const Sample& sample) {
    state.counters["bytes"] = static_cast<double>(bytes);
    state.counters["bytes_per_cell"] = static_cast<double>(bytes) / static_cast<double>(sample.grid->cell_count());
}

void run_search(benchmark::State& state, const Sample& sample, search::Algorithm algorithm, bool bounded) {
    search::SearchSettings settings;
    settings.algorithm = algorithm;
    settings.record_paths = false;
    if (bounded) {
        batch::BatchSolver workers;
        Expected<search::GoalBounds> bounds = search::GoalBounds::build(*sample.grid, workers.parallel_loop());
        if (!bounds) {
            state.SkipWithError(bounds.error().describe().c_str());
            return;
        }
        settings.goal_bounds = std::make_shared<const search::GoalBounds>(std::move(*bounds));
    }
    Expected<search::Solver> solver = search::Solver::create(*sample.grid, settings);
    if (!solver) {
        state.SkipWithError(solver.error().describe().c_str());
        return;
    }
    search::SearchContext context;
    search::Result result;
    bench::SampleWork work;
    for (auto _ : state) work = bench::solve_queries(*solver, context, sample.queries, result);
    bench::report_search(state, sample.queries.size(), work);
}

void run_grid_build(benchmark::State& state, const Sample& sample) {
    std::size_t bytes = 0;
    for (auto _ : state) {
        const search::JumpPointGrid lines(*sample.grid);
        bytes = lines.memory_bytes();
        benchmark::DoNotOptimize(bytes);
    }
    report_bytes(state, bytes, sample);
}

void run_bounds_build(benchmark::State& state, const Sample& sample) {
    std::size_t bytes = 0;
    batch::BatchSolver workers;
    for (auto _ : state) {
        Expected<search::GoalBounds> bounds = search::GoalBounds::build(*sample.grid, workers.parallel_loop());
        bytes = bounds ? bounds->memory_bytes() : 0;
        benchmark::DoNotOptimize(bytes);
    }
    report_bytes(state, bytes, sample);
}

void run_table_build(benchmark::State& state, const Sample& sample) {
    std::size_t bytes = 0;
    batch::BatchSolver workers;
    for (auto _ : state) {
        const search::JumpPointTable table = search::JumpPointTable::build(*sample.grid, workers.parallel_loop());
        bytes = table.memory_bytes();
        benchmark::DoNotOptimize(bytes);
    }
    report_bytes(state, bytes, sample);
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    const std::vector<Sample>& samples = bench::bundled_samples_or_exit(kSampleSize);
    const std::pair<const char*, search::Algorithm> algorithms[] = {
        {"astar", search::Algorithm::astar}, {"jps", search::Algorithm::jps}, {"jps+", search::Algorithm::jps_plus}};
    for (const Sample& sample : samples) {
        for (const auto& [label, algorithm] : algorithms) {
            benchmark::RegisterBenchmark(("JumpPointSearch/" + sample.name + "/" + label).c_str(), run_search, sample,
                                         algorithm, false)
                ->Unit(benchmark::kMillisecond);
        }
        if (sample.grid->passable_bits().count() <= kBoundsCells) {
            benchmark::RegisterBenchmark(("JumpPointSearch/" + sample.name + "/jps+bounds").c_str(), run_search, sample,
                                         search::Algorithm::jps_plus, true)
                ->Unit(benchmark::kMillisecond);
        }
    }
    for (const Sample& sample : samples) {
        benchmark::RegisterBenchmark(("JumpPointPreprocessing/" + sample.name + "/jps").c_str(), run_grid_build, sample)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark(("JumpPointPreprocessing/" + sample.name + "/jps+").c_str(), run_table_build,
                                     sample)
            ->UseRealTime()
            ->Unit(benchmark::kMillisecond);
        if (sample.grid->passable_bits().count() <= kBoundsCells) {
            benchmark::RegisterBenchmark(("JumpPointPreprocessing/" + sample.name + "/bounds").c_str(),
                                         run_bounds_build, sample)
                ->UseRealTime()
                ->Unit(benchmark::kMillisecond);
        }
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
