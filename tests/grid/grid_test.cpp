// Grid tests: the blocked border ring, layers and kinds from the terrain table, and the exact
// conversion of fixed-point path costs back to straight + diagonal·√2 lengths.
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
