// Sized agents and movement classes on the bundled 1024 x 1024 street map (Paris_0_1024): the one-off
// derivation of each (size, class) grid (grid::derive_agent_grid) in nanoseconds per cell, and for agent
// sizes 1, 2 and 3 the time per query and the expansion rate of A*, JPS+ and goal fields on it. Sizes
// change the paths, so the comparison that matters is the rate (expansions per second) of a sized
// search against the one-cell search with the same algorithm. Queries are drawn, seeded, from the
// largest connected region of each size's derived grid, so every run does the same work. One thread.
// A plain program: prints a Markdown table (docs/performance.md).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "largest_region.hpp"
#include "swarmpath/grid/agent_grid.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/terrain_file.hpp"
#include "swarmpath/search/goal_field.hpp"
#include "swarmpath/search/solver.hpp"

namespace {

using namespace swarmpath;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

/// `count` seeded queries with both ends in the largest region of `grid`: agents of one goal every
/// `per_goal` queries, so goal fields serve groups.
std::vector<search::Query> queries_on(const grid::Grid& grid, std::size_t count, std::size_t per_goal) {
    const std::vector<std::pair<std::uint32_t, std::uint32_t>> region = bench::largest_region(grid);
    std::mt19937_64 random(11);
    std::uniform_int_distribution<std::size_t> pick(0, region.size() - 1);
    std::vector<search::Query> queries(count);
    std::pair<std::uint32_t, std::uint32_t> goal{};
    for (std::size_t index = 0; index < count; ++index) {
        if (index % per_goal == 0) goal = region[pick(random)];
        const auto start = region[pick(random)];
        queries[index] = {start.first, start.second, goal.first, goal.second};
    }
    return queries;
}

struct Measure {
    double seconds = 0;
    std::uint64_t expanded = 0;
    std::size_t queries = 0;
};

Measure per_agent(const grid::Grid& grid, search::Algorithm algorithm, const std::vector<search::Query>& queries) {
    search::SearchSettings settings;
    settings.algorithm = algorithm;
    settings.record_paths = false;
    Expected<search::Solver> solver = search::Solver::create(grid, settings);
    if (!solver) {
        std::fprintf(stderr, "%s\n", solver.error().describe().c_str());
        std::exit(2);
    }
    search::SearchContext context;
    search::Result result;
    solver->solve(context, queries.front(), result);  // warm the context
    Measure measure;
    const auto start = Clock::now();
    for (const search::Query& query : queries) {
        solver->solve(context, query, result);
        measure.expanded += result.counters.expanded;
    }
    measure.seconds = seconds_since(start);
    measure.queries = queries.size();
    return measure;
}

Measure fields(const grid::Grid& grid, const std::vector<search::Query>& queries, std::size_t per_goal) {
    search::FieldWorkspace workspace;
    search::GoalField field;
    search::Result result;
    Measure measure;
    const auto start = Clock::now();
    for (std::size_t first = 0; first < queries.size(); first += per_goal) {
        const std::size_t end = std::min(queries.size(), first + per_goal);
        std::vector<grid::CellIndex> targets;
        for (std::size_t index = first; index < end; ++index) {
            targets.push_back(grid.cell(static_cast<std::uint32_t>(queries[index].start_x),
                                        static_cast<std::uint32_t>(queries[index].start_y)));
        }
        const search::Query& goal = queries[first];
        field.recompute(grid, search::Moves::eight, search::DiagonalRule::both_free,
                        static_cast<std::uint32_t>(goal.goal_x), static_cast<std::uint32_t>(goal.goal_y), targets,
                        false, workspace);
        measure.expanded += field.counters().expanded;
        for (std::size_t index = first; index < end; ++index) {
            field.read_path(grid, static_cast<std::uint32_t>(queries[index].start_x),
                            static_cast<std::uint32_t>(queries[index].start_y), false, result);
        }
    }
    measure.seconds = seconds_since(start);
    measure.queries = queries.size();
    return measure;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string path =
        argc > 1 ? argv[1] : std::string(SWARMPATH_SOURCE_DIR) + "/datasets/movingai/street/Paris_0_1024.map";
    Expected<io::MapFile> map = io::read_map_file(path);
    if (!map) {
        std::fprintf(stderr, "%s\n", map.error().describe().c_str());
        return 2;
    }
    struct NamedClass {
        const char* name;
        grid::TerrainTable terrain;
    };
    // The benchmark's own table (one cost: the sliding maximum is skipped), and a class that climbs
    // the map's walls at cost 5 (two costs: every cell goes through the sliding maximum).
    std::vector<NamedClass> classes = {
        {"benchmark", grid::TerrainTable::benchmark()},
        {"@=5", *io::parse_terrain_spec("@=5", grid::TerrainTable::benchmark(), "class")}};
    const double cells = static_cast<double>(map->width) * map->height;

    std::printf("## Derivation (one-off, per size and class; median of 5)\n\n");
    std::printf("| class | size | ns per cell | ms |\n|---|---|---|---|\n");
    for (const NamedClass& named : classes) {
        for (std::uint32_t size : {1U, 2U, 3U, 4U, 8U}) {
            std::vector<double> times;
            for (int repeat = 0; repeat < 5; ++repeat) {
                const auto start = Clock::now();
                Expected<grid::Grid> derived = grid::derive_agent_grid(*map, named.terrain, size);
                times.push_back(seconds_since(start));
                if (!derived) return 2;
            }
            std::sort(times.begin(), times.end());
            std::printf("| %s | %u | %.1f | %.2f |\n", named.name, size, times[2] * 1e9 / cells, times[2] * 1e3);
        }
    }

    const std::size_t per_goal = 100;
    std::printf("\n## Queries (benchmark class, 8-connected, one thread)\n\n");
    std::printf(
        "| algorithm | size | queries | us per query | expansions per query | M expansions/s | rate vs size 1 |\n");
    std::printf("|---|---|---|---|---|---|---|\n");
    struct Row {
        const char* name;
        int kind;  // 0 A*, 1 JPS+, 2 goal fields
        std::size_t queries;
    };
    for (const Row& row : {Row{"astar", 0, 300}, Row{"jps+", 1, 2000}, Row{"fields", 2, 2000}}) {
        // The three sizes measured in turn, five rounds, best of each: load on a shared machine then
        // falls on every size alike.
        std::vector<grid::Grid> grids;
        std::vector<std::vector<search::Query>> queries;
        for (std::uint32_t size : {1U, 2U, 3U}) {
            Expected<grid::Grid> derived = grid::derive_agent_grid(*map, grid::TerrainTable::benchmark(), size);
            if (!derived) return 2;
            queries.push_back(queries_on(*derived, row.queries, per_goal));
            grids.push_back(std::move(*derived));
        }
        std::vector<Measure> best(3);
        for (int round = 0; round < 5; ++round) {
            for (std::size_t index = 0; index < 3; ++index) {
                const Measure measure = row.kind == 2 ? fields(grids[index], queries[index], per_goal)
                                        : row.kind == 1
                                            ? per_agent(grids[index], search::Algorithm::jps_plus, queries[index])
                                            : per_agent(grids[index], search::Algorithm::astar, queries[index]);
                if (round == 0 || measure.seconds < best[index].seconds) best[index] = measure;
            }
        }
        const double one_cell_rate = static_cast<double>(best[0].expanded) / best[0].seconds;
        for (std::size_t index = 0; index < 3; ++index) {
            const double rate = static_cast<double>(best[index].expanded) / best[index].seconds;
            std::printf("| %s | %zu | %zu | %.1f | %.0f | %.2f | %.0f%% |\n", row.name, index + 1, best[index].queries,
                        best[index].seconds * 1e6 / static_cast<double>(best[index].queries),
                        static_cast<double>(best[index].expanded) / static_cast<double>(best[index].queries),
                        rate / 1e6, 100.0 * rate / one_cell_rate);
        }
    }
    return 0;
}
