// Terrain table tests: the benchmark defaults, the LETTER=COST spec and the terrain file syntax.
#include <gtest/gtest.h>

#include "swarmpath/grid/terrain.hpp"
#include "swarmpath/io/terrain_file.hpp"

namespace swarmpath::grid {
namespace {

using io::parse_terrain_file_text;
using io::parse_terrain_spec;

TEST(TerrainTest, BenchmarkTableFollowsFormats) {
    TerrainTable table = TerrainTable::benchmark();
    for (char letter : {'.', 'G', 'S'}) {
        EXPECT_TRUE(table.rule(letter).passable) << letter;
        EXPECT_EQ(table.rule(letter).layer, 1) << letter;
    }
    EXPECT_TRUE(table.rule('W').passable);
    EXPECT_EQ(table.rule('W').layer, 2);
    for (char letter : {'T', '@', 'O'}) EXPECT_FALSE(table.rule(letter).passable) << letter;
    EXPECT_FALSE(table.rule('X').defined);
    EXPECT_TRUE(table.is_benchmark_rule());
}

TEST(TerrainTest, SpecDeclaresCostsBlockedLettersAndMakesWaterOrdinary) {
    Expected<TerrainTable> table = parse_terrain_spec("S=3, W=2.5,T=inf,x=0.5", TerrainTable::benchmark(), "--terrain");
    ASSERT_TRUE(table) << table.error().describe();
    EXPECT_DOUBLE_EQ(table->rule('S').cost, 3.0);
    EXPECT_EQ(table->rule('W').layer, 1);
    EXPECT_DOUBLE_EQ(table->rule('W').cost, 2.5);
    EXPECT_FALSE(table->rule('T').passable);
    EXPECT_TRUE(table->rule('x').passable);
    EXPECT_DOUBLE_EQ(table->rule('.').cost, 1.0);
    EXPECT_FALSE(table->is_benchmark_rule());
}

TEST(TerrainTest, BadSpecsAreRejectedWithColumn) {
    for (const char* spec : {"", "S", "S=", "S=abc", "S=-1", "S=0", "SS=2", "S=1e13", " =1"}) {
        Expected<TerrainTable> table = parse_terrain_spec(spec, TerrainTable::benchmark(), "--terrain");
        EXPECT_FALSE(table) << "accepted '" << spec << "'";
        if (!table) {
            EXPECT_EQ(table.error().file, "--terrain");
        }
    }
    Expected<TerrainTable> second = parse_terrain_spec("S=2,W=bad", TerrainTable::benchmark(), "--terrain");
    ASSERT_FALSE(second);
    EXPECT_EQ(second.error().column, 5U);
}

TEST(TerrainTest, FileWithCommentsAndBlankLines) {
    Expected<TerrainTable> table = parse_terrain_file_text("# swamp is slow\nS = 4\n\n  r=1.5  # road\r\nT=inf\n",
                                                           TerrainTable::benchmark(), "t.txt");
    ASSERT_TRUE(table) << table.error().describe();
    EXPECT_DOUBLE_EQ(table->rule('S').cost, 4.0);
    EXPECT_DOUBLE_EQ(table->rule('r').cost, 1.5);
    Expected<TerrainTable> bad = parse_terrain_file_text("S=1\n\nQ==2\n", TerrainTable::benchmark(), "t.txt");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().line, 3U);
    EXPECT_EQ(bad.error().file, "t.txt");
}

}  // namespace
}  // namespace swarmpath::grid
