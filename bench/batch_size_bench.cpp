// Google Benchmark: the time per query of batches of 1, 10, 100 and 1,000 queries on a 512×512 map
// (the bundled rooms/8room_000), with a warm and with a cold Solver.
//   - warm: one Solver and one BatchSolver made before timing and reused by every batch, as a game
//     asking for a few paths per frame would keep them; a batch then costs only its searches.
//   - cold: every batch creates its Solver (components, the algorithm's per-map tables) and its
//     BatchSolver (worker contexts) first, as a one-off `swarmpath solve` does.
// The queries are the file's first 1,000 rows (its 100 shortest length buckets, paths of up to about
// 400 steps: the short queries of a game, where a fixed cost per batch would show); batch k of size
// n takes the next n of them, cycling, so every batch size averages the same work.
// Counter `seconds_per_query` is the time of an iteration divided by its batch size. One thread.
// Assumes SWARMPATH_SOURCE_DIR names the source tree (bench/CMakeLists.txt).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/scenario_run.hpp"
#include "swarmpath/search/solver.hpp"

namespace {

using namespace swarmpath;

constexpr std::size_t kSampleSize = 1000;

struct Workload {
    std::shared_ptr<const grid::Grid> grid;
    std::vector<search::Query> queries;  ///< the file's first kSampleSize rows
};

const Workload& workload() {
    static const Workload loaded = [] {
        const std::string path = std::string(SWARMPATH_SOURCE_DIR) + "/datasets/movingai/rooms/8room_000.map.scen";
        Expected<std::vector<batch::ScenarioSet>> sets = batch::load_scenario_sets({path}, batch::LoadOptions{});
        if (!sets || sets->empty() || sets->front().queries.empty()) {
            std::fprintf(stderr, "cannot load %s: %s\n", path.c_str(),
                         sets ? "no queries" : sets.error().describe().c_str());
            std::exit(2);
        }
        const batch::ScenarioSet& set = sets->front();
        Workload result;
        result.grid = set.grid;
        result.queries.assign(set.queries.begin(), set.queries.begin() + static_cast<std::ptrdiff_t>(std::min(
                                                                             kSampleSize, set.queries.size())));
        return result;
    }();
    return loaded;
}

search::SearchSettings settings_for(std::int64_t algorithm) {
    search::SearchSettings settings;
    settings.algorithm = algorithm == 0   ? search::Algorithm::astar
                         : algorithm == 1 ? search::Algorithm::jps
                                          : search::Algorithm::jps_plus;
    settings.record_paths = false;
    return settings;
}

search::Solver make_solver(const grid::Grid& grid, const search::SearchSettings& settings) {
    Expected<search::Solver> solver = search::Solver::create(grid, settings);
    if (!solver) {
        std::fprintf(stderr, "%s\n", solver.error().describe().c_str());
        std::exit(2);
    }
    return std::move(*solver);
}

/// Arguments: batch size, algorithm (0 astar, 1 jps, 2 jps+), warm (1) or cold (0).
void BM_BatchSize(benchmark::State& state) {
    const Workload& work = workload();
    const auto size = static_cast<std::size_t>(state.range(0));
    const search::SearchSettings settings = settings_for(state.range(1));
    const bool warm = state.range(2) != 0;
    std::optional<search::Solver> warm_solver;
    std::optional<batch::BatchSolver> warm_workers;
    if (warm) {
        warm_solver.emplace(make_solver(*work.grid, settings));
        warm_workers.emplace(1);
        // One pass over the whole sample first: the contexts have met every part of the map a
        // later batch searches, as they would have after a few frames of a game.
        std::vector<search::Result> results(work.queries.size());
        (void)warm_workers->solve(*warm_solver, work.queries, results);
    }
    std::vector<search::Query> batch(size);
    std::vector<search::Result> results(size);
    std::size_t next = 0;
    for (auto _ : state) {
        state.PauseTiming();
        for (search::Query& query : batch) {
            query = work.queries[next];
            next = (next + 1) % work.queries.size();
        }
        state.ResumeTiming();
        if (warm) {
            (void)warm_workers->solve(*warm_solver, batch, results);
        } else {
            const search::Solver solver = make_solver(*work.grid, settings);
            batch::BatchSolver workers(1);
            (void)workers.solve(solver, batch, results);
        }
        benchmark::DoNotOptimize(results.data());
    }
    state.counters["seconds_per_query"] = benchmark::Counter(
        static_cast<double>(size), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    state.SetLabel(std::string(search::to_string(settings.algorithm)) + (warm ? " warm" : " cold"));
}

}  // namespace

BENCHMARK(BM_BatchSize)
    ->ArgNames({"batch", "algorithm", "warm"})
    ->ArgsProduct({{1, 10, 100, 1000}, {0, 1, 2}, {1, 0}})
    ->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
