// Goal fields against the independent reference Dijkstra and against A*: on random maps under every
// movement model and diagonal rule, with and without weighted terrain and water layers, every
// settled cell's cost equals the reference cost to the goal (docs/formats.md tolerance) and A*'s
// fixed-point cost exactly; every read-off path is legal, ends at the goal and costs what the field
// says; unsettled cells are exactly the unreachable ones; stopping early keeps the targets' costs.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "random_maps.hpp"
#include "reference_dijkstra.hpp"
#include "rule_sets.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/scenario_file.hpp"
#include "swarmpath/search/goal_field.hpp"
#include "swarmpath/search/solver.hpp"

namespace swarmpath {
namespace {

using testing::kAllRules;
using testing::Rules;
using testing::weighted_terrain;

/// Checks a whole-map field from a random goal against per-start reference runs and A*.
void check_field(const io::MapFile& map, const grid::TerrainTable& terrain, const Rules& rules,
                 std::mt19937_64& random) {
    Expected<grid::Grid> built = grid::Grid::build(map, terrain);
    ASSERT_TRUE(built.has_value()) << built.error().describe();
    const grid::Grid& grid = *built;
    std::vector<std::uint32_t> open;
    for (std::uint32_t cell = 0; cell < map.width * map.height; ++cell) {
        if (grid.passable(cell % map.width, cell / map.width)) open.push_back(cell);
    }
    ASSERT_FALSE(open.empty());
    const std::uint32_t goal = open[std::uniform_int_distribution<std::size_t>(0, open.size() - 1)(random)];
    const std::uint32_t goal_x = goal % map.width;
    const std::uint32_t goal_y = goal / map.width;

    search::FieldWorkspace workspace;
    const search::GoalField field =
        search::GoalField::compute(grid, rules.moves, rules.diagonal, goal_x, goal_y, {}, true, workspace);
    EXPECT_TRUE(field.complete());

    search::SearchSettings settings;
    settings.algorithm = search::Algorithm::astar;
    settings.moves = rules.moves;
    settings.diagonal = rules.diagonal;
    Expected<search::Solver> solver = search::Solver::create(grid, settings);
    ASSERT_TRUE(solver.has_value()) << solver.error().describe();
    search::SearchContext context;

    testing::ReferenceRules reference{rules.moves, rules.diagonal, terrain};
    for (std::uint32_t y = 0; y < map.height; ++y) {
        for (std::uint32_t x = 0; x < map.width; ++x) {
            const std::vector<double> from_here = testing::reference_costs_from(map, reference, x, y);
            const double expected = from_here[goal];
            if (expected == testing::kUnreachable) {
                EXPECT_FALSE(field.settled(x, y)) << x << "," << y;
                continue;
            }
            ASSERT_TRUE(field.settled(x, y)) << x << "," << y;
            search::Result result;
            ASSERT_TRUE(field.read_path(grid, x, y, true, result));
            ASSERT_EQ(result.status, search::QueryStatus::found);
            EXPECT_TRUE(io::length_matches(result.cost, expected))
                << x << "," << y << " field " << result.cost << " reference " << expected;
            std::vector<std::uint32_t> cells;
            for (grid::CellIndex cell : result.path) cells.push_back(cell.value);
            ASSERT_FALSE(cells.empty());
            EXPECT_EQ(cells.front(), y * map.width + x);
            EXPECT_EQ(cells.back(), goal);
            const double path_cost = testing::reference_path_cost(map, reference, cells);
            EXPECT_TRUE(io::length_matches(path_cost, expected)) << "path from " << x << "," << y;
            // A* in the same fixed-point units: exactly equal.
            const search::Result astar = solver->solve(context, {x, y, goal_x, goal_y});
            ASSERT_EQ(astar.status, search::QueryStatus::found);
            EXPECT_EQ(astar.cost_units, result.cost_units) << x << "," << y;
        }
    }
}

TEST(GoalField, MatchesReferenceAndAStarOnUniformMaps) {
    std::mt19937_64 random(71);
    for (const Rules& rules : kAllRules) {
        for (int round = 0; round < 3; ++round) {
            const io::MapFile map = testing::random_map(random, 19, 14, 0.3);
            check_field(map, grid::TerrainTable::benchmark(), rules, random);
        }
    }
}

TEST(GoalField, MatchesReferenceAndAStarWithTerrainAndWater) {
    std::mt19937_64 random(72);
    for (const Rules& rules : kAllRules) {
        for (int round = 0; round < 3; ++round) {
            const io::MapFile map = testing::random_map(random, 17, 13, 0.2, "..GSSW");
            check_field(map, weighted_terrain(), rules, random);
        }
    }
}

TEST(GoalField, StoppingEarlyKeepsTheTargetsCosts) {
    std::mt19937_64 random(73);
    const io::MapFile map = testing::random_map(random, 60, 40, 0.25, "..G");
    const grid::TerrainTable terrain = weighted_terrain();
    Expected<grid::Grid> built = grid::Grid::build(map, terrain);
    ASSERT_TRUE(built.has_value());
    const grid::Grid& grid = *built;
    std::uint32_t goal_x = 30;
    std::uint32_t goal_y = 20;
    search::FieldWorkspace workspace;
    search::GoalField whole;
    // A goal in the map's large region (not a walled-in pocket).
    for (;; ++goal_x) {
        if (!grid.passable(goal_x, goal_y)) continue;
        whole = search::GoalField::compute(grid, search::Moves::eight, search::DiagonalRule::both_free, goal_x, goal_y,
                                           {}, true, workspace);
        if (whole.counters().expanded > 1000) break;
    }
    // Targets: a few settled cells close to the goal.
    std::vector<grid::CellIndex> targets;
    for (std::uint32_t y = goal_y - 3; y <= goal_y + 3; ++y) {
        for (std::uint32_t x = goal_x - 3; x <= goal_x + 3; ++x) {
            if (whole.settled(x, y) && (x + y) % 2 == 0) targets.push_back(grid.cell(x, y));
        }
    }
    ASSERT_GE(targets.size(), 3U);
    const search::GoalField early = search::GoalField::compute(
        grid, search::Moves::eight, search::DiagonalRule::both_free, goal_x, goal_y, targets, false, workspace);
    EXPECT_FALSE(early.complete());
    EXPECT_LT(early.counters().expanded, whole.counters().expanded);
    for (grid::CellIndex target : targets) {
        const std::uint32_t x = target.value % grid.width();
        const std::uint32_t y = target.value / grid.width();
        ASSERT_TRUE(early.settled(x, y));
        EXPECT_EQ(early.cost_units(x, y), whole.cost_units(x, y));
        search::Result result;
        ASSERT_TRUE(early.read_path(grid, x, y, true, result));
        EXPECT_EQ(result.cost_units, whole.cost_units(x, y));
    }
    // A cell far away was not settled, and the incomplete field declines to answer for it.
    search::Result result;
    std::uint32_t far_x = 0;
    std::uint32_t far_y = 0;
    while (!whole.settled(far_x, far_y)) ++far_x;
    if (!early.settled(far_x, far_y)) {
        EXPECT_FALSE(early.read_path(grid, far_x, far_y, true, result));
    }
    // Changing a cell next to the settled region may change the field; one far from it cannot.
    EXPECT_TRUE(early.affected_by_change(goal_x, goal_y));
    EXPECT_FALSE(early.affected_by_change(0, 0));
}

TEST(GoalField, BlockedGoalGivesAnEmptyCompleteField) {
    const io::MapFile map = testing::map_from_rows({".@."});
    Expected<grid::Grid> built = grid::Grid::build(map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(built.has_value());
    search::FieldWorkspace workspace;
    const search::GoalField field = search::GoalField::compute(
        *built, search::Moves::eight, search::DiagonalRule::both_free, 1, 0, {}, true, workspace);
    EXPECT_TRUE(field.complete());
    EXPECT_FALSE(field.settled(0, 0));
    search::Result result;
    ASSERT_TRUE(field.read_path(*built, 0, 0, true, result));
    EXPECT_EQ(result.status, search::QueryStatus::no_path);
}

}  // namespace
}  // namespace swarmpath
