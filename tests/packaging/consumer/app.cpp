// The consumer's C++ program: the README's library example in short. Argument: the arena map.
#include <cstdio>

#include <swarmpath/swarmpath.hpp>

int main(int argc, char** argv) {
    using namespace swarmpath;
    if (argc != 2) return 2;
    auto map = io::read_map_file(argv[1]);
    if (!map) return 2;
    auto grid = grid::Grid::build(*map, grid::TerrainTable::benchmark());
    if (!grid) return 2;
    auto solver = search::Solver::create(*grid, search::SearchSettings{});
    if (!solver) return 2;
    search::SearchContext context;
    const search::Result result = solver->solve(context, {1, 11, 1, 12});
    std::printf("app: %s %.6f\n", std::string(search::to_string(result.status)).c_str(), result.cost);
    return result.status == search::QueryStatus::found && result.cost == 1.0 ? 0 : 1;
}
