// Crowds on the bundled 1024×1024 street map (Paris_0_1024): goal fields against per-agent search.
//   BM_CrowdFields/agents/goals     the crowd solver with Algorithm::flowfield (one field per goal)
//   BM_CrowdAuto/agents/goals       the crowd solver with Algorithm::automatic (the rule of crowd_solver.hpp)
//   BM_PerAgentSearch/algorithm     one query at a time with A* (0) or JPS (1); per-agent cost is linear
//                                   in the agent count, so it is measured on 1,000 agents and scaled
// Agents and goals are drawn as `swarmpath generate crowd` draws them (uniform over the largest
// region; agent i bound for goal i mod K), seeded, so every run measures the same work. One worker
// thread, so the figures compare algorithms rather than the machine's core count.
#include <benchmark/benchmark.h>

#include <memory>
#include <random>
#include <vector>

#include "largest_region.hpp"
#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/crowd_solver.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/search/solver.hpp"

namespace {

using namespace swarmpath;

const grid::Grid& paris() {
    static const std::unique_ptr<grid::Grid> grid = [] {
        Expected<io::MapFile> map =
            io::read_map_file(std::string(SWARMPATH_SOURCE_DIR) + "/datasets/movingai/street/Paris_0_1024.map");
        if (!map) std::abort();
        Expected<grid::Grid> built = grid::Grid::build(*map, grid::TerrainTable::benchmark());
        if (!built) std::abort();
        return std::make_unique<grid::Grid>(std::move(*built));
    }();
    return *grid;
}

std::vector<search::Query> crowd(std::size_t agents, std::size_t goals) {
    const grid::Grid& grid = paris();
    const std::vector<std::pair<std::uint32_t, std::uint32_t>> region = bench::largest_region(grid);
    std::mt19937_64 random(7);
    std::uniform_int_distribution<std::size_t> pick(0, region.size() - 1);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> goal_cells(goals);
    for (auto& goal : goal_cells) goal = region[pick(random)];
    std::vector<search::Query> queries(agents);
    for (std::size_t agent = 0; agent < agents; ++agent) {
        const auto start = region[pick(random)];
        const auto goal = goal_cells[agent % goals];
        queries[agent] = {start.first, start.second, goal.first, goal.second};
    }
    return queries;
}

void run_crowd(benchmark::State& state, search::Algorithm algorithm) {
    const auto agents = static_cast<std::size_t>(state.range(0));
    const auto goals = static_cast<std::size_t>(state.range(1));
    const std::vector<search::Query> queries = crowd(agents, goals);
    search::SearchSettings settings;
    settings.algorithm = algorithm;
    settings.record_paths = false;
    Expected<batch::CrowdSolver> solver = batch::CrowdSolver::create(paris(), settings);
    if (!solver) {
        state.SkipWithError(solver.error().message.c_str());
        return;
    }
    batch::BatchSolver workers(1);
    std::vector<search::Result> results(queries.size());
    batch::CrowdReport report;
    for (auto _ : state) {
        report = solver->solve(queries, results, workers);
        benchmark::DoNotOptimize(results.data());
    }
    state.counters["field_queries"] = static_cast<double>(report.field_queries);
    state.counters["cells_settled"] = static_cast<double>(report.field_cells_settled);
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * agents));
}

void BM_CrowdFields(benchmark::State& state) { run_crowd(state, search::Algorithm::flowfield); }
void BM_CrowdAuto(benchmark::State& state) { run_crowd(state, search::Algorithm::automatic); }

void BM_PerAgentSearch(benchmark::State& state) {
    const std::vector<search::Query> queries = crowd(1000, 4);
    search::SearchSettings settings;
    settings.algorithm = state.range(0) == 0 ? search::Algorithm::astar : search::Algorithm::jps;
    settings.record_paths = false;
    Expected<search::Solver> solver = search::Solver::create(paris(), settings);
    if (!solver) {
        state.SkipWithError(solver.error().message.c_str());
        return;
    }
    batch::BatchSolver workers(1);
    std::vector<search::Result> results(queries.size());
    for (auto _ : state) {
        workers.solve(*solver, queries, results);
        benchmark::DoNotOptimize(results.data());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * queries.size()));
}

void crowd_grid(benchmark::internal::Benchmark* benchmark) {
    for (std::int64_t agents : {1000, 3000, 10000, 100000}) {
        for (std::int64_t goals : {1, 4, 16, 64}) benchmark->Args({agents, goals});
    }
}

BENCHMARK(BM_CrowdFields)->Apply(crowd_grid)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_CrowdAuto)
    ->Args({3000, 4})
    ->Args({1000, 64})
    ->Args({100000, 64})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK(BM_PerAgentSearch)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
