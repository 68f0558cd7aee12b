// A* against the reference Dijkstra on many random grids, 8- and 4-connected, at several obstacle
// densities: every query's status and cost must agree, and every returned path must be legal, run
// from start to goal, and cost what the result says.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "random_maps.hpp"
#include "reference_dijkstra.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/solver.hpp"

namespace swarmpath::search {
namespace {

struct DifferentialCase {
    Moves moves;
    double density;
};

class AstarDifferentialTest : public ::testing::TestWithParam<DifferentialCase> {};

TEST_P(AstarDifferentialTest, CostsEqualReferenceDijkstra) {
    const DifferentialCase& setting = GetParam();
    std::mt19937_64 random(static_cast<std::uint64_t>(setting.density * 1000) +
                           (setting.moves == Moves::four ? 17 : 3));
    SearchSettings settings;
    settings.algorithm = Algorithm::astar;
    settings.moves = setting.moves;
    testing::ReferenceRules rules;
    rules.moves = setting.moves;
    SearchContext context;
    std::size_t found = 0;
    std::size_t unreachable = 0;
    for (int map_index = 0; map_index < 40; ++map_index) {
        std::uniform_int_distribution<std::uint32_t> side(2, 48);
        io::MapFile map = testing::random_map(random, side, setting.density);
        Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
        ASSERT_TRUE(grid) << grid.error().describe();
        Expected<Solver> solver = Solver::create(*grid, settings);
        ASSERT_TRUE(solver) << solver.error().describe();
        std::uniform_int_distribution<std::uint32_t> pick_x(0, map.width - 1);
        std::uniform_int_distribution<std::uint32_t> pick_y(0, map.height - 1);
        for (int source_index = 0; source_index < 4; ++source_index) {
            const std::uint32_t sx = pick_x(random);
            const std::uint32_t sy = pick_y(random);
            std::vector<double> reference = testing::reference_costs_from(map, rules, sx, sy);
            for (int goal_index = 0; goal_index < 12; ++goal_index) {
                const std::uint32_t gx = pick_x(random);
                const std::uint32_t gy = pick_y(random);
                Result result = solver->solve(context, {sx, sy, gx, gy});
                const double expected = reference[static_cast<std::size_t>(gy) * map.width + gx];
                const bool start_open = map.letter(sx, sy) == '.';
                const bool goal_open = map.letter(gx, gy) == '.';
                if (!start_open) {
                    EXPECT_EQ(result.status, QueryStatus::start_blocked);
                } else if (!goal_open) {
                    EXPECT_EQ(result.status, QueryStatus::goal_blocked);
                } else if (std::isinf(expected)) {
                    EXPECT_EQ(result.status, QueryStatus::no_path);
                    EXPECT_TRUE(result.path.empty());
                    ++unreachable;
                } else {
                    ASSERT_EQ(result.status, QueryStatus::found);
                    EXPECT_NEAR(result.cost, expected, 1e-6 * (1 + expected));
                    ASSERT_FALSE(result.path.empty());
                    EXPECT_EQ(result.path.front().value, sy * map.width + sx);
                    EXPECT_EQ(result.path.back().value, gy * map.width + gx);
                    std::vector<std::uint32_t> cells;
                    for (grid::CellIndex cell : result.path) cells.push_back(cell.value);
                    const double path_cost = testing::reference_path_cost(map, rules, cells);
                    EXPECT_NEAR(path_cost, result.cost, 1e-6 * (1 + expected)) << "illegal or mispriced path";
                    ++found;
                }
            }
        }
    }
    EXPECT_GT(found, 200U);
    if (setting.density >= 0.35) {
        EXPECT_GT(unreachable, 0U);
    }
}

INSTANTIATE_TEST_SUITE_P(RandomGrids, AstarDifferentialTest,
                         ::testing::Values(DifferentialCase{Moves::eight, 0.0}, DifferentialCase{Moves::eight, 0.1},
                                           DifferentialCase{Moves::eight, 0.25}, DifferentialCase{Moves::eight, 0.4},
                                           DifferentialCase{Moves::four, 0.1}, DifferentialCase{Moves::four, 0.25},
                                           DifferentialCase{Moves::four, 0.4}),
                         [](const ::testing::TestParamInfo<DifferentialCase>& parameter_info) {
                             return std::string(parameter_info.param.moves == Moves::four ? "four" : "eight") +
                                    "_density_" + std::to_string(static_cast<int>(parameter_info.param.density * 100));
                         });

TEST(AstarTest, OffMapEndpointsAreInvalid) {
    const io::MapFile map = testing::map_from_rows({"...", "...", "..."});
    Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(grid);
    Expected<Solver> solver = Solver::create(*grid, SearchSettings{.algorithm = Algorithm::astar});
    ASSERT_TRUE(solver);
    SearchContext context;
    EXPECT_EQ(solver->solve(context, {-1, 0, 1, 1}).status, QueryStatus::invalid);
    EXPECT_EQ(solver->solve(context, {0, 0, 3, 1}).status, QueryStatus::invalid);
    EXPECT_EQ(solver->solve(context, {0, 0, 1, 1 << 30}).status, QueryStatus::invalid);
    Result same = solver->solve(context, {1, 1, 1, 1});
    EXPECT_EQ(same.status, QueryStatus::found);
    EXPECT_EQ(same.cost, 0.0);
    ASSERT_EQ(same.path.size(), 1U);
}

TEST(AstarTest, CornerCuttingIsForbiddenUnderTheBenchmarkRule) {
    // From (0,0) to (1,1) with (1,0) blocked: the diagonal would cut the corner, so the path goes around.
    const io::MapFile map = testing::map_from_rows({".@", ".."});
    Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(grid);
    Expected<Solver> solver = Solver::create(*grid, SearchSettings{.algorithm = Algorithm::astar});
    ASSERT_TRUE(solver);
    SearchContext context;
    Result result = solver->solve(context, {0, 0, 1, 1});
    ASSERT_EQ(result.status, QueryStatus::found);
    EXPECT_DOUBLE_EQ(result.cost, 2.0);
    EXPECT_EQ(result.path.size(), 3U);
}

}  // namespace
}  // namespace swarmpath::search
