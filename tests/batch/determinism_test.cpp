// Thread-count determinism: the whole output of a batch (status, cost, counters and every path cell)
// is the same with 1, 2 and 4 workers, on random queries over a bundled map and on a random map,
// including unreachable and blocked endpoints, and on hex and triangle maps with terrain.
#include <gtest/gtest.h>

#include <chrono>
#include <random>
#include <vector>

#include "random_maps.hpp"
#include "result_checks.hpp"
#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/search/solver.hpp"

namespace swarmpath::batch {
namespace {

std::vector<search::Result> solve_with(unsigned threads, const search::Solver& solver,
                                       const std::vector<search::Query>& queries) {
    BatchSolver workers(threads);
    workers.set_workers_start_after(std::chrono::nanoseconds::zero());  // threads from the first query
    std::vector<search::Result> results(queries.size());
    workers.solve(solver, queries, results);
    return results;
}

std::vector<search::Query> random_queries(const grid::Grid& grid, std::size_t count, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    std::uniform_int_distribution<std::int64_t> x(-1, grid.width());
    std::uniform_int_distribution<std::int64_t> y(-1, grid.height());
    std::vector<search::Query> queries(count);
    for (search::Query& query : queries) query = {x(random), y(random), x(random), y(random)};
    return queries;
}

TEST(DeterminismTest, BundledMapSameOutputForAnyThreadCount) {
    Expected<io::MapFile> map = io::read_map_file(testing::dataset_folder() + "/dao/den312d.map");
    ASSERT_TRUE(map) << map.error().describe();
    Expected<grid::Grid> grid = grid::Grid::build(*map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(grid);
    Expected<search::Solver> solver =
        search::Solver::create(*grid, search::SearchSettings{.algorithm = search::Algorithm::astar});
    ASSERT_TRUE(solver);
    const std::vector<search::Query> queries = random_queries(*grid, 3000, 11);
    const std::vector<search::Result> one = solve_with(1, *solver, queries);
    testing::expect_identical_results(one, solve_with(2, *solver, queries));
    testing::expect_identical_results(one, solve_with(4, *solver, queries));
    std::size_t found = 0;
    for (const search::Result& result : one) found += result.status == search::QueryStatus::found ? 1 : 0;
    EXPECT_GT(found, 500U);
}

TEST(DeterminismTest, RandomMapFourConnectedSameOutputForAnyThreadCount) {
    std::mt19937_64 random(5);
    io::MapFile map = testing::random_map(random, 90, 70, 0.3);
    Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(grid);
    search::SearchSettings settings;
    settings.algorithm = search::Algorithm::astar;
    settings.moves = search::Moves::four;
    Expected<search::Solver> solver = search::Solver::create(*grid, settings);
    ASSERT_TRUE(solver);
    const std::vector<search::Query> queries = random_queries(*grid, 2000, 12);
    const std::vector<search::Result> one = solve_with(1, *solver, queries);
    testing::expect_identical_results(one, solve_with(2, *solver, queries));
    testing::expect_identical_results(one, solve_with(3, *solver, queries));
}

TEST(DeterminismTest, HexAndTriangleMapsWithTerrainSameOutputForAnyThreadCount) {
    for (const grid::Topology topology : {grid::Topology::hex, grid::Topology::triangle}) {
        std::mt19937_64 random(16);
        // Triangles have three neighbours, so walls cut them apart sooner: fewer, for as many paths.
        const double walls = topology == grid::Topology::hex ? 0.25 : 0.08;
        io::MapFile map =
            testing::random_map(random, 80, 60, walls, topology == grid::Topology::hex ? "...GSW" : "....GS");
        map.type = std::string(grid::topology_type_name(topology));
        grid::TerrainTable terrain = grid::TerrainTable::benchmark();
        terrain.declare('G', true, 2.5);
        terrain.declare('S', true, 0.75);
        Expected<grid::Grid> grid = grid::Grid::build(map, terrain);
        ASSERT_TRUE(grid);
        ASSERT_EQ(grid->topology(), topology);
        search::SearchSettings settings;
        settings.fallback = search::Fallback::nearest;  // partial paths too
        Expected<search::Solver> solver = search::Solver::create(*grid, settings);
        ASSERT_TRUE(solver) << solver.error().describe();
        const std::vector<search::Query> queries = random_queries(*grid, 1200, 17);
        const std::vector<search::Result> one = solve_with(1, *solver, queries);
        testing::expect_identical_results(one, solve_with(2, *solver, queries));
        testing::expect_identical_results(one, solve_with(4, *solver, queries));
        std::size_t found = 0;
        for (const search::Result& result : one) found += result.status == search::QueryStatus::found ? 1 : 0;
        EXPECT_GT(found, 200U) << map.type;
    }
}

}  // namespace
}  // namespace swarmpath::batch
