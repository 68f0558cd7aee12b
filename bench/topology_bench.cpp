// One-thread A* on hex (and triangle) maps against the square map built from the same letters
// (a hex search must keep at least 75% of the square search's expansions per second).
// For each bundled map it builds the octile grid and the same letters as `type hex` (and `type
// triangle`), draws seeded queries between passable cells of one 4-connected component (connected
// under every shape's neighbours too, since each shape's neighbours include... see below), and
// times the same queries on each grid, interleaved round by round so that the machine's load hits
// every shape alike; it prints the median rate per shape and the hex/square ratio. Expansions are
// the search's own counter (cells taken off the open list).
//
// Hex neighbours include the four straight ones, so a 4-connected pair is hex-connected; triangle
// neighbours do not (one vertical step per cell), so triangle queries may end `no_path` after a
// whole-component search, which is still expansions at the search's rate.
//
// Usage: swarmpath_topology_bench [--shape square|hex|triangle] [--rounds N] [--queries N] [MAP...]
//   --shape runs one shape only (for `valgrind --tool=callgrind --toggle-collect='*run_queries*'`,
//   whose instruction count divided by the printed expansions is instructions per expansion).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/search/components.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/solver.hpp"

namespace {

using namespace swarmpath;

struct Run {
    std::uint64_t expanded = 0;
    double seconds = 0;
};

/// The timed part, kept out of line so callgrind can collect exactly it.
[[gnu::noinline]] Run run_queries(const search::Solver& solver, search::SearchContext& context,
                                  const std::vector<search::Query>& queries) {
    Run run;
    search::Result result;
    const auto before = std::chrono::steady_clock::now();
    for (const search::Query& query : queries) {
        solver.solve(context, query, result);
        run.expanded += result.counters.expanded;
    }
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - before).count();
    return run;
}

std::vector<search::Query> connected_queries(const grid::Grid& square, std::size_t count, std::uint64_t seed) {
    const search::Components components =
        search::Components::compute(square, search::Moves::four, search::DiagonalRule::both_free);
    std::vector<std::uint32_t> open;
    for (std::uint32_t cell = 0; cell < square.cell_count(); ++cell) {
        if (square.passable(square.padded(grid::CellIndex{cell}))) open.push_back(cell);
    }
    std::mt19937_64 random(seed);
    std::uniform_int_distribution<std::size_t> pick(0, open.size() - 1);
    std::vector<search::Query> queries;
    while (queries.size() < count) {
        const std::uint32_t start = open[pick(random)];
        const std::uint32_t goal = open[pick(random)];
        if (start == goal ||
            !components.connected(square.padded(grid::CellIndex{start}), square.padded(grid::CellIndex{goal}))) {
            continue;
        }
        queries.push_back(
            {start % square.width(), start / square.width(), goal % square.width(), goal / square.width()});
    }
    return queries;
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> maps;
    std::string only;
    int rounds = 7;
    std::size_t query_count = 200;
    for (int index = 1; index < argc; ++index) {
        const std::string argument = argv[index];
        if (argument == "--shape" && index + 1 < argc) {
            only = argv[++index];
        } else if (argument == "--rounds" && index + 1 < argc) {
            rounds = std::max(1, std::atoi(argv[++index]));
        } else if (argument == "--queries" && index + 1 < argc) {
            query_count = static_cast<std::size_t>(std::max(1, std::atoi(argv[++index])));
        } else {
            maps.push_back(argument);
        }
    }
    if (maps.empty()) {
        const std::string folder = std::string(SWARMPATH_SOURCE_DIR) + "/datasets/movingai/";
        maps = {folder + "dao/den312d.map", folder + "dao/brc202d.map", folder + "bg512/AR0011SR.map"};
    }
    const std::vector<std::string> shapes = {"octile", "hex", "triangle"};
    std::printf("%-28s %-9s %12s %14s %10s\n", "map", "shape", "expansions", "expansions/s", "vs square");
    for (const std::string& path : maps) {
        Expected<io::MapFile> map = io::read_map_file(path);
        if (!map) {
            std::fprintf(stderr, "%s\n", map.error().describe().c_str());
            return 2;
        }
        std::vector<grid::Grid> grids;
        std::vector<search::Solver> solvers;
        grids.reserve(shapes.size());
        for (const std::string& shape : shapes) {
            io::MapFile letters = *map;
            letters.type = shape;
            Expected<grid::Grid> grid = grid::Grid::build(letters, grid::TerrainTable::benchmark());
            if (!grid) return 2;
            grids.push_back(std::move(*grid));
        }
        for (const grid::Grid& grid : grids) {
            Expected<search::Solver> solver = search::Solver::create(grid, {.algorithm = search::Algorithm::astar});
            if (!solver) {
                std::fprintf(stderr, "%s\n", solver.error().describe().c_str());
                return 2;
            }
            solvers.push_back(std::move(*solver));
        }
        const std::vector<search::Query> queries = connected_queries(grids[0], query_count, 16);
        std::vector<std::vector<double>> rates(shapes.size());
        std::vector<std::uint64_t> expanded(shapes.size(), 0);
        search::SearchContext context;
        for (int round = 0; round < rounds; ++round) {
            for (std::size_t shape = 0; shape < shapes.size(); ++shape) {
                if (!only.empty() && only != shapes[shape] && !(only == "square" && shape == 0)) continue;
                const Run run = run_queries(solvers[shape], context, queries);
                expanded[shape] = run.expanded;
                rates[shape].push_back(static_cast<double>(run.expanded) / run.seconds);
            }
        }
        const std::string name = path.substr(path.find_last_of('/') + 1);
        for (std::size_t shape = 0; shape < shapes.size(); ++shape) {
            if (rates[shape].empty()) continue;
            const double rate = median(rates[shape]);
            const double ratio = rates[0].empty() ? 0.0 : rate / median(rates[0]);
            std::printf("%-28s %-9s %12llu %14.0f %9.0f%%\n", name.c_str(),
                        shape == 0 ? "square" : shapes[shape].c_str(), static_cast<unsigned long long>(expanded[shape]),
                        rate, 100.0 * ratio);
        }
    }
    return 0;
}
