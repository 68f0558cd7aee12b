// Grid tests: the blocked border ring, kinds and bits against the letters on every row width, layers
// and kinds from the terrain table, and the exact conversion of fixed-point path costs back to
// straight + diagonal·√2 lengths.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "random_maps.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/terrain_file.hpp"

namespace swarmpath::grid {
namespace {

using io::parse_terrain_spec;

TEST(GridTest, BorderRingIsBlockedAndCellsMapToLetters) {
    std::mt19937_64 random(4);
    io::MapFile map = testing::random_map(random, 13, 7, 0.3, ".GS");
    Expected<Grid> grid = Grid::build(map, TerrainTable::benchmark());
    ASSERT_TRUE(grid) << grid.error().describe();
    for (std::uint32_t x = 0; x < grid->padded_width(); ++x) {
        EXPECT_FALSE(grid->passable_bits().test(x));
        EXPECT_FALSE(grid->passable_bits().test((grid->padded_height() - 1) * grid->padded_width() + x));
    }
    for (std::uint32_t y = 0; y < grid->padded_height(); ++y) {
        EXPECT_FALSE(grid->passable_bits().test(y * grid->padded_width()));
        EXPECT_FALSE(grid->passable_bits().test(y * grid->padded_width() + grid->padded_width() - 1));
    }
    for (std::uint32_t y = 0; y < map.height; ++y) {
        for (std::uint32_t x = 0; x < map.width; ++x) {
            EXPECT_EQ(grid->passable(x, y), map.letter(x, y) != '@');
            EXPECT_EQ(grid->unpadded(grid->padded(x, y)).value, y * map.width + x);
        }
    }
    EXPECT_TRUE(grid->uniform_cost());
}

TEST(GridTest, KindsAndBitsFollowTheLettersOnEveryRowWidth) {
    // Grid::build reads the passable bits back from the kinds 64 cells at a time and writes them at
    // each padded row's offset: widths around multiples of 8 and 64, every letter kind, and cells
    // compared one by one against the terrain table, the padding ring included.
    std::mt19937_64 random(11);
    const std::string letters = ".GST@O";
    const TerrainTable& terrain = TerrainTable::benchmark();
    for (const std::uint32_t width : {1U, 7U, 8U, 9U, 62U, 63U, 64U, 65U, 127U, 128U, 129U, 200U}) {
        for (const double clutter : {0.05, 0.5, 0.95}) {
            io::MapFile map;
            map.type = "octile";
            map.width = width;
            map.height = 1 + static_cast<std::uint32_t>(random() % 9);
            for (std::uint32_t cell = 0; cell < width * map.height; ++cell) {
                const bool blocked = std::bernoulli_distribution(clutter)(random);
                map.letters.push_back(blocked ? letters[4 + random() % 2] : letters[random() % 4]);
            }
            Expected<Grid> grid = Grid::build(map, terrain);
            ASSERT_TRUE(grid) << grid.error().describe();
            std::size_t passable_cells = 0;
            for (std::uint32_t y = 0; y < map.height; ++y) {
                for (std::uint32_t x = 0; x < width; ++x) {
                    const TerrainRule& rule = terrain.rule(map.letter(x, y));
                    const PaddedIndex cell = grid->padded(x, y);
                    ASSERT_EQ(grid->passable(cell), rule.passable) << width << " wide, cell " << x << "," << y;
                    ASSERT_EQ(grid->layer_bits(1).test(cell.value), rule.passable);
                    ASSERT_EQ(grid->kind_of()[cell.value] != 0, rule.passable);
                    if (rule.passable) {
                        EXPECT_EQ(grid->kinds()[grid->kind_of()[cell.value]].letter, map.letter(x, y));
                    }
                    passable_cells += rule.passable ? 1 : 0;
                }
            }
            // No bit beyond the map's cells: the ring and the spare words stay clear.
            EXPECT_EQ(grid->passable_bits().count(), passable_cells) << width << " wide";
        }
    }
}

TEST(GridTest, WaterIsItsOwnLayerAndCostsMakeTheGridNonUniform) {
    const io::MapFile map = testing::map_from_rows({".WS"});
    Expected<Grid> grid = Grid::build(map, TerrainTable::benchmark());
    ASSERT_TRUE(grid);
    EXPECT_FALSE(grid->uniform_cost());
    EXPECT_NE(grid->layer(grid->padded(0, 0)), grid->layer(grid->padded(1, 0)));
    EXPECT_EQ(grid->layer(grid->padded(0, 0)), grid->layer(grid->padded(2, 0)));

    Expected<TerrainTable> terrain = parse_terrain_spec("S=4,W=2", TerrainTable::benchmark(), "test");
    ASSERT_TRUE(terrain);
    Expected<Grid> costly = Grid::build(map, *terrain);
    ASSERT_TRUE(costly);
    EXPECT_EQ(costly->layer_count(), 1);
    EXPECT_DOUBLE_EQ(costly->unit_cost(), 1.0);
    EXPECT_DOUBLE_EQ(costly->to_real_cost(4 * kStraightUnits), 4.0);
}

TEST(GridTest, CostRatioAboveTheLimitIsRefused) {
    const io::MapFile map = testing::map_from_rows({"ab"});
    Expected<TerrainTable> terrain = parse_terrain_spec("a=1,b=100000", TerrainTable::benchmark(), "test");
    ASSERT_TRUE(terrain);
    EXPECT_FALSE(Grid::build(map, *terrain));
}

TEST(GridTest, OctileLengthRecoversStepCountsExactly) {
    std::mt19937_64 random(8);
    std::uniform_int_distribution<Cost> count(0, 400000);
    for (int trial = 0; trial < 10000; ++trial) {
        const Cost straight = count(random);
        const Cost diagonal = count(random);
        const Cost units = straight * kStraightUnits + diagonal * kDiagonalUnits;
        const double expected = static_cast<double>(straight) + static_cast<double>(diagonal) * std::sqrt(2.0);
        ASSERT_NEAR(Grid::octile_length(units), expected, 1e-9 * (1 + expected)) << straight << " " << diagonal;
    }
}

}  // namespace
}  // namespace swarmpath::grid
