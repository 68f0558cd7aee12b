// EditableMap as a Solver-ready view: after rounds of random edits, Solvers made from the map (A*,
// JPS over the refreshed scan lines, JPS+ over the refreshed table) answer every sampled query with
// the reference Dijkstra's cost on the edited map, the refreshed JPS data equals a fresh build, and a
// Solver made before the edits still answers on the map it was made from (its data was not touched).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "random_maps.hpp"
#include "reference_dijkstra.hpp"
#include "search/jump_point_grid.hpp"
#include "search/jump_point_table.hpp"
#include "swarmpath/batch/editable_map.hpp"

namespace swarmpath::batch {
namespace {

/// Checks `solver` against the reference on `map` from a few starts to every third cell.
void expect_reference_costs(const search::Solver& solver, const io::MapFile& map, std::mt19937_64& random) {
    const testing::ReferenceRules rules;
    search::SearchContext context;
    std::size_t found = 0;
    for (int start = 0; start < 4; ++start) {
        const auto sx = static_cast<std::uint32_t>(random() % map.width);
        const auto sy = static_cast<std::uint32_t>(random() % map.height);
        if (map.letter(sx, sy) != '.') continue;
        const std::vector<double> costs = testing::reference_costs_from(map, rules, sx, sy);
        for (std::uint32_t gy = 0; gy < map.height; gy += 3) {
            for (std::uint32_t gx = 0; gx < map.width; gx += 3) {
                if (map.letter(gx, gy) != '.') continue;
                const search::Result result = solver.solve(context, {sx, sy, gx, gy});
                const double expected = costs[static_cast<std::size_t>(gy) * map.width + gx];
                if (std::isinf(expected)) {
                    ASSERT_EQ(result.status, search::QueryStatus::no_path)
                        << sx << "," << sy << " to " << gx << "," << gy;
                    continue;
                }
                ASSERT_EQ(result.status, search::QueryStatus::found) << sx << "," << sy << " to " << gx << "," << gy;
                ASSERT_NEAR(result.cost, expected, 1e-6 * (1 + expected));
                ++found;
            }
        }
    }
    EXPECT_GT(found, 0U);
}

TEST(MapEdits, SolversFromTheEditableMapMatchTheReferenceAfterEdits) {
    std::mt19937_64 random(1516);
    const grid::TerrainTable terrain = grid::TerrainTable::benchmark();
    io::MapFile map = testing::random_map(random, 44, 36, 0.25);
    Expected<grid::Grid> original = grid::Grid::build(map, terrain);
    ASSERT_TRUE(original.has_value());
    EditableMap editable(*original, terrain, search::Moves::eight, search::DiagonalRule::both_free,
                         {.scan_lines = true, .table = true});
    for (int round = 0; round < 8; ++round) {
        // Keep a Solver made before this round's edits, with the grid it was made on.
        const std::shared_ptr<const grid::Grid> before_grid = editable.shared_grid();
        Expected<search::Solver> before = editable.solver({.algorithm = search::Algorithm::jps_plus});
        ASSERT_TRUE(before.has_value()) << before.error().describe();
        const io::MapFile before_map = map;

        std::vector<grid::CellEdit> edits;
        const std::size_t count = round % 2 == 0 ? 1 : 12;
        for (std::size_t index = 0; index < count; ++index) {
            const auto x = static_cast<std::uint32_t>(random() % map.width);
            const auto y = static_cast<std::uint32_t>(random() % map.height);
            edits.push_back({x, y, map.letter(x, y) == '.' ? '@' : '.', 0});
            map.letters[static_cast<std::size_t>(y) * map.width + x] = edits.back().letter;
        }
        Expected<EditReport> report = editable.apply_edits(edits);
        ASSERT_TRUE(report.has_value()) << report.error().describe();
        SCOPED_TRACE("round " + std::to_string(round));

        // The refreshed JPS data is the fresh build's.
        const grid::Grid& edited = editable.grid();
        ASSERT_NE(editable.jump_table(), nullptr);
        ASSERT_NE(editable.jump_grid(), nullptr);
        EXPECT_TRUE(editable.jump_table()->built_for(edited));
        const search::JumpPointTable fresh = search::JumpPointTable::build(edited);
        for (std::uint32_t cell = 0; cell < edited.padded_cell_count(); ++cell) {
            ASSERT_EQ(editable.jump_table()->distances(cell), fresh.distances(cell)) << cell;
        }
        EXPECT_TRUE(editable.jump_grid()->same_lines(search::JumpPointGrid(edited)));

        for (search::Algorithm algorithm :
             {search::Algorithm::astar, search::Algorithm::jps, search::Algorithm::jps_plus}) {
            Expected<search::Solver> solver = editable.solver({.algorithm = algorithm});
            ASSERT_TRUE(solver.has_value()) << solver.error().describe();
            if (algorithm == search::Algorithm::jps) {
                EXPECT_EQ(solver->jump_grid(), editable.jump_grid());
            }
            if (algorithm == search::Algorithm::jps_plus) {
                EXPECT_EQ(solver->jump_table(), editable.jump_table());
            }
            expect_reference_costs(*solver, map, random);
        }
        // The older Solver still holds the table of its own map.
        EXPECT_TRUE(before->jump_table()->built_for(*before_grid));
        expect_reference_costs(*before, before_map, random);
        if (::testing::Test::HasFatalFailure()) return;
    }
    Expected<search::Solver> four =
        editable.solver({.algorithm = search::Algorithm::astar, .moves = search::Moves::four});
    EXPECT_FALSE(four.has_value());
}

}  // namespace
}  // namespace swarmpath::batch
