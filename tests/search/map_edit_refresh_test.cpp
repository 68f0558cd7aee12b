// Incremental refresh after map edits equals a fresh build: on random maps, random edits (single
// cells, clusters and far-apart cells, opening and blocking) are applied one round after another,
// and after every round the refreshed JPS+ table, JumpPointGrid scan lines and component labels are
// compared with ones built from scratch on the edited grid: the table entry for entry, the lines bit
// for bit, the labels as a partition (refreshed labels may be numbered differently).
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "random_maps.hpp"
#include "search/jump_point_grid.hpp"
#include "search/jump_point_table.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/components.hpp"

namespace swarmpath::search {
namespace {

void expect_same_partition(const Components& refreshed, const Components& fresh, const grid::Grid& grid) {
    std::map<std::uint32_t, std::uint32_t> fresh_of_refreshed;
    std::map<std::uint32_t, std::uint32_t> refreshed_of_fresh;
    for (std::uint32_t cell = 0; cell < grid.padded_cell_count(); ++cell) {
        const std::uint32_t a = refreshed.label(grid::PaddedIndex{cell});
        const std::uint32_t b = fresh.label(grid::PaddedIndex{cell});
        ASSERT_EQ(a == 0, b == 0) << "cell " << cell;
        if (a == 0) continue;
        ASSERT_EQ(fresh_of_refreshed.try_emplace(a, b).first->second, b) << "cell " << cell;
        ASSERT_EQ(refreshed_of_fresh.try_emplace(b, a).first->second, a) << "cell " << cell;
    }
}

void expect_same_table(const JumpPointTable& refreshed, const JumpPointTable& fresh, const grid::Grid& grid) {
    for (std::uint32_t cell = 0; cell < grid.padded_cell_count(); ++cell) {
        ASSERT_EQ(refreshed.distances(cell), fresh.distances(cell)) << "cell " << cell;
    }
    EXPECT_TRUE(refreshed.built_for(grid));
}

/// One round of edits: a few cells in one of three patterns, each set to a random letter of `letters`.
std::vector<grid::CellEdit> random_edits(std::mt19937_64& random, const grid::Grid& grid, const std::string& letters) {
    std::vector<grid::CellEdit> edits;
    auto letter = [&] { return letters[random() % letters.size()]; };
    const std::uint32_t x = static_cast<std::uint32_t>(random() % grid.width());
    const std::uint32_t y = static_cast<std::uint32_t>(random() % grid.height());
    switch (random() % 3) {
        case 0:  // one cell, flipped
            edits.push_back({x, y, grid.passable(x, y) ? '@' : letters[0], 0});
            break;
        case 1:  // a 3×3 cluster
            for (std::uint32_t dy = 0; dy < 3; ++dy) {
                for (std::uint32_t dx = 0; dx < 3; ++dx) {
                    if (x + dx < grid.width() && y + dy < grid.height()) edits.push_back({x + dx, y + dy, letter(), 0});
                }
            }
            break;
        default:  // cells anywhere
            for (int count = 0; count < 4; ++count) {
                edits.push_back({static_cast<std::uint32_t>(random() % grid.width()),
                                 static_cast<std::uint32_t>(random() % grid.height()), letter(), 0});
            }
    }
    return edits;
}

struct Rules {
    Moves moves;
    DiagonalRule rule;
};

// The scan lines are built 64 cells at a time; a refresh rewrites cells one at a time by the rule
// itself. Rewriting every cell of lines built for a blocked map of the same size gives the built
// lines bit for bit, on widths and heights either side of whole words.
TEST(IncrementalRefresh, ScanLinesBuiltWordByWordFollowTheCellRule) {
    std::mt19937_64 random(1964);
    for (const auto& [width, height] :
         {std::pair{1u, 1u}, std::pair{63u, 5u}, std::pair{64u, 64u}, std::pair{65u, 130u}, std::pair{127u, 31u},
          std::pair{128u, 129u}, std::pair{200u, 3u}}) {
        for (double density : {0.0, 0.2, 0.45}) {
            const io::MapFile map = testing::random_map(random, width, height, density);
            const grid::Grid grid = *grid::Grid::build(map, grid::TerrainTable::benchmark());
            io::MapFile blocked = map;
            blocked.letters.assign(blocked.letters.size(), '@');
            std::vector<grid::CellIndex> every_cell;
            for (std::uint32_t cell = 0; cell < grid.cell_count(); ++cell) every_cell.push_back(grid::CellIndex{cell});
            for (const auto walk : {JumpPointGrid::DiagonalWalk::lines, JumpPointGrid::DiagonalWalk::cells}) {
                JumpPointGrid rewritten(*grid::Grid::build(blocked, grid::TerrainTable::benchmark()), walk);
                rewritten.refresh(grid, every_cell);
                EXPECT_TRUE(rewritten.same_lines(JumpPointGrid(grid, walk)))
                    << width << " x " << height << ", density " << density;
            }
        }
    }
}

TEST(IncrementalRefresh, RandomEditsGiveWhatAFreshBuildGives) {
    std::mt19937_64 random(1515);
    const grid::TerrainTable terrain = grid::TerrainTable::benchmark();
    const Rules all_rules[] = {{Moves::eight, DiagonalRule::both_free},
                               {Moves::four, DiagonalRule::both_free},
                               {Moves::eight, DiagonalRule::any}};
    for (int map_index = 0; map_index < 6; ++map_index) {
        const std::uint32_t width = 8 + static_cast<std::uint32_t>(random() % 40);
        const std::uint32_t height = 8 + static_cast<std::uint32_t>(random() % 30);
        const double density = 0.1 + 0.1 * static_cast<double>(map_index % 4);
        const io::MapFile map = testing::random_map(random, width, height, density);
        Expected<grid::Grid> built = grid::Grid::build(map, terrain);
        ASSERT_TRUE(built.has_value()) << built.error().describe();
        grid::Grid current = std::move(*built);
        JumpPointTable table = JumpPointTable::build(current);
        // Both diagonal walks' lines: along the diagonals (their bits rewritten cell by cell along the
        // rows and columns through an edit, or all built again) and cell by cell (no diagonal bits).
        JumpPointGrid lines(current, JumpPointGrid::DiagonalWalk::lines);
        JumpPointGrid cell_lines(current, JumpPointGrid::DiagonalWalk::cells);
        std::vector<Components> components;
        for (const Rules& rules : all_rules)
            components.push_back(Components::compute(current, rules.moves, rules.rule));
        for (int round = 0; round < 40; ++round) {
            const std::vector<grid::CellEdit> edits = random_edits(random, current, ".@");
            Expected<grid::Grid> edited = current.with_edits(edits, terrain, "test");
            ASSERT_TRUE(edited.has_value()) << edited.error().describe();
            std::vector<grid::CellIndex> changed;
            for (const grid::CellEdit& edit : edits) changed.push_back(current.cell(edit.x, edit.y));

            table.refresh(current, *edited, changed);
            lines.refresh(*edited, changed);
            cell_lines.refresh(*edited, changed);
            for (std::size_t index = 0; index < components.size(); ++index) {
                components[index].refresh(*edited, all_rules[index].moves, all_rules[index].rule, changed);
            }
            current = std::move(*edited);
            SCOPED_TRACE("map " + std::to_string(map_index) + " round " + std::to_string(round));
            expect_same_table(table, JumpPointTable::build(current), current);
            EXPECT_TRUE(lines.same_lines(JumpPointGrid(current, JumpPointGrid::DiagonalWalk::lines)));
            EXPECT_TRUE(cell_lines.same_lines(JumpPointGrid(current, JumpPointGrid::DiagonalWalk::cells)));
            for (std::size_t index = 0; index < components.size(); ++index) {
                expect_same_partition(components[index],
                                      Components::compute(current, all_rules[index].moves, all_rules[index].rule),
                                      current);
            }
            if (::testing::Test::HasFatalFailure()) return;
        }
    }
}

/// Applies `edits` (letters of `terrain`) to `current` and refreshes `table` with the cells they name,
/// then holds the table to a fresh build on the edited grid, which becomes `current`.
void edit_and_compare_table(grid::Grid& current, JumpPointTable& table, const std::vector<grid::CellEdit>& edits,
                            const grid::TerrainTable& terrain) {
    Expected<grid::Grid> edited = current.with_edits(edits, terrain, "test");
    ASSERT_TRUE(edited.has_value()) << edited.error().describe();
    std::vector<grid::CellIndex> changed;
    for (const grid::CellEdit& edit : edits) changed.push_back(current.cell(edit.x, edit.y));
    table.refresh(current, *edited, changed);
    current = std::move(*edited);
    expect_same_table(table, JumpPointTable::build(current), current);
}

// Open and sparse maps, whose lines, columns and diagonals run past 126 cells: their entries are far
// bytes (jump_point_table.hpp), which a refresh recomputes as the build makes them.
TEST(IncrementalRefresh, FarDistancesRefreshAsAFreshBuildGives) {
    std::mt19937_64 random(2024);
    const grid::TerrainTable terrain = grid::TerrainTable::benchmark();
    for (const auto& [width, height, density] : {std::tuple{300u, 7u, 0.0}, std::tuple{6u, 280u, 0.01},
                                                 std::tuple{220u, 200u, 0.002}, std::tuple{260u, 250u, 0.0002}}) {
        const io::MapFile map = testing::random_map(random, width, height, density);
        Expected<grid::Grid> built = grid::Grid::build(map, terrain);
        ASSERT_TRUE(built.has_value()) << built.error().describe();
        grid::Grid current = std::move(*built);
        JumpPointTable table = JumpPointTable::build(current);
        for (int round = 0; round < 60; ++round) {
            SCOPED_TRACE(std::to_string(width) + "x" + std::to_string(height) + " round " + std::to_string(round));
            edit_and_compare_table(current, table, random_edits(random, current, "..@"), terrain);
            if (::testing::Test::HasFatalFailure()) return;
        }
    }
}

// One wall cell on open ground, moved a step at a time: the jump points beside it move with it, so
// the diagonal distances of every cell whose diagonal crosses those rows or columns far away change
// by one step, beyond the far bytes' reach and within it.
TEST(IncrementalRefresh, AMovedWallShiftsFarDiagonalDistances) {
    const grid::TerrainTable terrain = grid::TerrainTable::benchmark();
    io::MapFile map;
    map.path = "open.map";
    map.width = 300;
    map.height = 290;
    map.letters.assign(std::size_t{map.width} * map.height, '.');
    map.letters[std::size_t{20} * map.width + 150] = '@';
    Expected<grid::Grid> built = grid::Grid::build(map, terrain);
    ASSERT_TRUE(built.has_value()) << built.error().describe();
    grid::Grid current = std::move(*built);
    JumpPointTable table = JumpPointTable::build(current);
    for (std::uint32_t x = 150; x < 160; ++x) {
        SCOPED_TRACE("wall at " + std::to_string(x + 1));
        edit_and_compare_table(current, table, {{x, 20, '.', 0}, {x + 1, 20, '@', 0}}, terrain);
        if (::testing::Test::HasFatalFailure()) return;
    }
}

TEST(IncrementalRefresh, LayersChangingUnderPassableCellsRelabel) {
    // Letters of two movement layers ('.' ground, 'W' water, benchmark terrain): a cell that stays
    // passable but changes layer can split or join components.
    std::mt19937_64 random(77);
    const grid::TerrainTable benchmark = grid::TerrainTable::benchmark();
    const grid::TerrainTable* terrain = &benchmark;
    const io::MapFile map = testing::random_map(random, 24, 20, 0.15, ".W");
    Expected<grid::Grid> built = grid::Grid::build(map, *terrain);
    ASSERT_TRUE(built.has_value()) << built.error().describe();
    grid::Grid current = std::move(*built);
    Components components = Components::compute(current, Moves::eight, DiagonalRule::both_free);
    for (int round = 0; round < 60; ++round) {
        const std::vector<grid::CellEdit> edits = random_edits(random, current, ".W@");
        Expected<grid::Grid> edited = current.with_edits(edits, *terrain, "test");
        ASSERT_TRUE(edited.has_value()) << edited.error().describe();
        std::vector<grid::CellIndex> changed;
        for (const grid::CellEdit& edit : edits) changed.push_back(current.cell(edit.x, edit.y));
        components.refresh(*edited, Moves::eight, DiagonalRule::both_free, changed);
        current = std::move(*edited);
        SCOPED_TRACE("round " + std::to_string(round));
        expect_same_partition(components, Components::compute(current, Moves::eight, DiagonalRule::both_free), current);
        if (::testing::Test::HasFatalFailure()) return;
    }
}

}  // namespace
}  // namespace swarmpath::search
