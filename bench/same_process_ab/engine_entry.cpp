// One engine build's entry points for the same-process A/B timing harness (driver.cpp). This file
// is compiled together with one source tree's engine sources into a shared object with hidden
// visibility, so two such objects (two commits of the engine) can be loaded side by side with
// dlopen(RTLD_LOCAL) without their symbols colliding. Only these three C functions are exported.
// Assumes the scenario's map resolves as `swarmpath solve` resolves it, and the benchmark terrain.
// SWARMPATH_AB_ALGORITHM picks what is timed: astar (the default), jps or jps+ through a Solver, or
// field: one goal field per query (reverse Dijkstra from the goal until the start is settled, then
// the path read off it), the goal fields' search.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/scenario_file.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/goal_field.hpp"
#include "swarmpath/search/solver.hpp"

namespace {

using namespace swarmpath;

struct LoadedScenario {
    std::unique_ptr<grid::Grid> grid;
    std::unique_ptr<search::Solver> solver;
    search::SearchContext context;
    std::vector<search::Query> queries;
    search::Result result;
    bool fields = false;
    search::GoalField field;
    search::FieldWorkspace workspace;
};

}  // namespace

#define SWARMPATH_AB_EXPORT extern "C" __attribute__((visibility("default")))

/// Loads a scenario file's map and every `stride`-th query (A*, no paths); null on any error.
SWARMPATH_AB_EXPORT void* ab_load(const char* scenario_path, int stride) {
    const grid::TerrainTable terrain = grid::TerrainTable::benchmark();
    Expected<io::ScenarioFile> scenario = io::read_scenario_file(scenario_path);
    if (!scenario || scenario->rows.empty()) return nullptr;
    Expected<io::MapFile> map =
        io::read_map_file(io::resolve_map_path(scenario_path, scenario->rows.front().map_name), terrain);
    if (!map) return nullptr;
    Expected<grid::Grid> grid = grid::Grid::build(*map, terrain);
    if (!grid) return nullptr;
    auto loaded = std::make_unique<LoadedScenario>();
    loaded->grid = std::make_unique<grid::Grid>(std::move(*grid));
    search::SearchSettings settings;
    settings.algorithm = search::Algorithm::astar;
    const char* algorithm = std::getenv("SWARMPATH_AB_ALGORITHM");
    const std::string chosen = algorithm != nullptr ? algorithm : "astar";
    if (chosen == "jps") settings.algorithm = search::Algorithm::jps;
    if (chosen == "jps+") settings.algorithm = search::Algorithm::jps_plus;
    loaded->fields = chosen == "field";
    settings.record_paths = false;
    Expected<search::Solver> solver = search::Solver::create(*loaded->grid, settings);
    if (!solver) return nullptr;
    loaded->solver = std::make_unique<search::Solver>(std::move(*solver));
    for (std::size_t index = 0; index < scenario->rows.size(); index += static_cast<std::size_t>(stride)) {
        const io::ScenarioRow& row = scenario->rows[index];
        loaded->queries.push_back({row.start_x, row.start_y, row.goal_x, row.goal_y});
    }
    return loaded.release();
}

SWARMPATH_AB_EXPORT std::size_t ab_query_count(void* handle) {
    return static_cast<LoadedScenario*>(handle)->queries.size();
}

/// Solves queries [begin, end); returns their expansions and adds their costs to *cost_sum.
SWARMPATH_AB_EXPORT std::uint64_t ab_solve(void* handle, std::size_t begin, std::size_t end, double* cost_sum) {
    auto* loaded = static_cast<LoadedScenario*>(handle);
    std::uint64_t expanded = 0;
    for (std::size_t index = begin; index < end; ++index) {
        const search::Query& query = loaded->queries[index];
        if (loaded->fields) {
            const grid::CellIndex start = loaded->grid->cell(static_cast<std::uint32_t>(query.start_x),
                                                             static_cast<std::uint32_t>(query.start_y));
            loaded->field.recompute(*loaded->grid, search::Moves::eight, search::DiagonalRule::both_free,
                                    static_cast<std::uint32_t>(query.goal_x), static_cast<std::uint32_t>(query.goal_y),
                                    {&start, 1}, false, loaded->workspace);
            loaded->field.read_path(*loaded->grid, static_cast<std::uint32_t>(query.start_x),
                                    static_cast<std::uint32_t>(query.start_y), true, loaded->result);
            expanded += loaded->field.counters().expanded;
            *cost_sum += loaded->result.cost;
            continue;
        }
        loaded->solver->solve(loaded->context, query, loaded->result);
        expanded += loaded->result.counters.expanded;
        *cost_sum += loaded->result.cost;
    }
    return expanded;
}
