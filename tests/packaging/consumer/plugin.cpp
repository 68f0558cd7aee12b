// A shared library that links the engine: what a game engine's plugin does. Exports one C function.
#include <swarmpath/swarmpath.hpp>

extern "C" __attribute__((visibility("default"))) double consumer_plugin_cost(const char* map_path) {
    using namespace swarmpath;
    auto map = io::read_map_file(map_path);
    if (!map) return -1;
    auto grid = grid::Grid::build(*map, grid::TerrainTable::benchmark());
    if (!grid) return -1;
    auto solver = search::Solver::create(*grid, search::SearchSettings{});
    if (!solver) return -1;
    search::SearchContext context;
    return solver->solve(context, {1, 11, 2, 12}).cost;
}
