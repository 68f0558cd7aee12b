// The parsers are strict where they used to be silent: a repeated or conflicting
// map header line, a map type other than octile, a UTF-8 byte-order mark and CR-only line ends are
// errors naming the file, the line and the problem, in the map, scenario, terrain-file and edits
// parsers alike, with and without a problem list. CRLF files and plain LF files are unaffected.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "swarmpath/grid/edits.hpp"
#include "swarmpath/grid/terrain.hpp"
#include "swarmpath/io/edits_file.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/scenario_file.hpp"
#include "swarmpath/io/terrain_file.hpp"

namespace swarmpath::io {
namespace {

const std::string kRows = "map\n....\n.@..\n....\n";
const std::string kByteOrderMark = "\xEF\xBB\xBF";

std::string cr_only(std::string text) {
    for (char& character : text) {
        if (character == '\n') character = '\r';
    }
    return text;
}

/// Parses `text` as a map and checks the first error's line, column and message.
void expect_map_error(const std::string& text, std::uint32_t line, std::uint32_t column, const std::string& message) {
    Expected<MapFile> map = parse_map(text, "m.map");
    ASSERT_FALSE(map) << text;
    EXPECT_EQ(map.error().file, "m.map");
    EXPECT_EQ(map.error().line, line) << map.error().describe();
    EXPECT_EQ(map.error().column, column) << map.error().describe();
    EXPECT_EQ(map.error().message, message);
    std::vector<Error> problems;
    Expected<MapFile> listed = parse_map(text, "m.map", grid::TerrainTable::benchmark(), &problems);
    ASSERT_FALSE(listed);
    ASSERT_FALSE(problems.empty());
    EXPECT_EQ(problems.front().message, message);
}

TEST(StrictInputTest, DuplicateMapHeaderLinesAreErrors) {
    expect_map_error("type octile\ntype octile\nheight 3\nwidth 4\n" + kRows, 2, 1,
                     "duplicate 'type' line (already given on line 1)");
    expect_map_error("type octile\nheight 3\nwidth 4\nheight 3\n" + kRows, 4, 1,
                     "duplicate 'height' line (already given on line 2)");
    expect_map_error("width 4\ntype octile\nheight 3\nwidth 4\n" + kRows, 4, 1,
                     "duplicate 'width' line (already given on line 1)");
}

TEST(StrictInputTest, ConflictingMapHeaderLinesAreErrors) {
    expect_map_error("type octile\nheight 3\nwidth 4\nheight 30\n" + kRows, 4, 1,
                     "conflicting 'height' lines: '30' here, '3' on line 2");
    expect_map_error("type octile\nwidth 40\nheight 3\nwidth 4\n" + kRows, 4, 1,
                     "conflicting 'width' lines: '4' here, '40' on line 2");
    expect_map_error("type octile\nheight 3\nwidth 4\ntype hex\n" + kRows, 4, 1,
                     "conflicting 'type' lines: 'hex' here, 'octile' on line 1");
    // With a problem list every repeat is reported, each naming the line it repeats.
    std::vector<Error> problems;
    Expected<MapFile> map = parse_map("type octile\nheight 3\nwidth 4\nheight 3\nwidth 5\n" + kRows, "m.map",
                                      grid::TerrainTable::benchmark(), &problems);
    ASSERT_FALSE(map);
    ASSERT_EQ(problems.size(), 2U);
    EXPECT_EQ(problems[0].line, 4U);
    EXPECT_EQ(problems[1].message, "conflicting 'width' lines: '5' here, '4' on line 3");
}

TEST(StrictInputTest, OnlyOctileHexAndTriangleMapsAreAccepted) {
    for (const char* type : {"hex", "triangle"}) {
        Expected<MapFile> shaped = parse_map(std::string("type ") + type + "\nheight 3\nwidth 4\n" + kRows, "m.map");
        ASSERT_TRUE(shaped) << shaped.error().describe();
        EXPECT_EQ(shaped->type, type);
    }
    expect_map_error("type foo\nheight 3\nwidth 4\n" + kRows, 1, 6,
                     "unknown map type 'foo' (expected octile, hex or triangle)");
    expect_map_error("type octile grid\nheight 3\nwidth 4\n" + kRows, 1, 6,
                     "unknown map type 'octile grid' (expected octile, hex or triangle)");
    expect_map_error("type \x1b[2J\nheight 3\nwidth 4\n" + kRows, 1, 6,
                     "unknown map type '?[2J' (expected octile, hex or triangle)");
    Expected<MapFile> octile = parse_map("type octile\nheight 3\nwidth 4\n" + kRows, "m.map");
    ASSERT_TRUE(octile) << octile.error().describe();
    EXPECT_EQ(octile->type, "octile");
}

TEST(StrictInputTest, ByteOrderMarkIsNamedByEveryParser) {
    const std::string message = "starts with a UTF-8 byte-order mark; save the file without it";
    expect_map_error(kByteOrderMark + "type octile\nheight 3\nwidth 4\n" + kRows, 1, 1, message);
    Expected<ScenarioFile> scenario = parse_scenario(kByteOrderMark + "version 1\n", "s.scen");
    ASSERT_FALSE(scenario);
    EXPECT_EQ(scenario.error().describe(), "s.scen:1:1: " + message);
    Expected<grid::TerrainTable> terrain =
        io::parse_terrain_file_text(kByteOrderMark + "S=2\n", grid::TerrainTable::benchmark(), "t.txt");
    ASSERT_FALSE(terrain);
    EXPECT_EQ(terrain.error().describe(), "t.txt:1:1: " + message);
    Expected<std::vector<grid::CellEdit>> edits = io::parse_edits(kByteOrderMark + "1 1 .\n", "e.txt");
    ASSERT_FALSE(edits);
    EXPECT_EQ(edits.error().describe(), "e.txt:1:1: " + message);
}

TEST(StrictInputTest, CarriageReturnOnlyLineEndsAreNamedByEveryParser) {
    const std::string message = "uses CR-only line endings (old Mac); save the file with LF or CRLF line endings";
    expect_map_error(cr_only("type octile\nheight 3\nwidth 4\n" + kRows), 1, 1, message);
    Expected<ScenarioFile> scenario = parse_scenario(cr_only("version 1\n0 a.map 4 3 0 0 1 1 1.4\n"), "s.scen");
    ASSERT_FALSE(scenario);
    EXPECT_EQ(scenario.error().message, message);
    Expected<grid::TerrainTable> terrain =
        io::parse_terrain_file_text(cr_only("S=2\nG=3\n"), grid::TerrainTable::benchmark(), "t.txt");
    ASSERT_FALSE(terrain);
    EXPECT_EQ(terrain.error().message, message);
    Expected<std::vector<grid::CellEdit>> edits = io::parse_edits(cr_only("1 1 .\n2 2 @\n"), "e.txt");
    ASSERT_FALSE(edits);
    EXPECT_EQ(edits.error().message, message);
}

TEST(StrictInputTest, CrlfAndUnterminatedFilesAreStillAccepted) {
    Expected<MapFile> map = parse_map("type octile\r\nheight 1\r\nwidth 2\r\nmap\r\n..\r", "m.map");
    ASSERT_TRUE(map) << map.error().describe();
    Expected<ScenarioFile> scenario = parse_scenario("version 1\r\n0 a.map 2 1 0 0 1 0 1\r\n", "s.scen");
    ASSERT_TRUE(scenario) << scenario.error().describe();
    Expected<std::vector<grid::CellEdit>> edits = io::parse_edits("1 1 .\r\n", "e.txt");
    ASSERT_TRUE(edits) << edits.error().describe();
    Expected<grid::TerrainTable> terrain =
        io::parse_terrain_file_text("S=2\r\nx=3", grid::TerrainTable::benchmark(), "t.txt");
    ASSERT_TRUE(terrain) << terrain.error().describe();
}

TEST(StrictInputTest, DuplicateScenarioVersionLineIsNamed) {
    Expected<ScenarioFile> scenario = parse_scenario("version 1\n0 a.map 2 1 0 0 1 0 1\nversion 1\n", "s.scen");
    ASSERT_FALSE(scenario);
    EXPECT_EQ(scenario.error().describe(), "s.scen:3:1: duplicate 'version' line (already given on line 1)");
}

TEST(StrictInputTest, TerrainLetterDeclaredTwiceIsAnError) {
    Expected<grid::TerrainTable> file =
        io::parse_terrain_file_text("S=2\n# comment\nS=2\n", grid::TerrainTable::benchmark(), "t.txt");
    ASSERT_FALSE(file);
    EXPECT_EQ(file.error().describe(), "t.txt:3:1: terrain letter 'S' is declared twice (first at line 1)");
    Expected<grid::TerrainTable> spec =
        io::parse_terrain_spec("S=2,W=3,S=4", grid::TerrainTable::benchmark(), "--terrain");
    ASSERT_FALSE(spec);
    EXPECT_EQ(spec.error().message, "terrain letter 'S' is declared twice (first at column 1)");
    // Overriding a letter of the base table once is what a spec is for.
    EXPECT_TRUE(io::parse_terrain_spec("S=2,.=3", grid::TerrainTable::benchmark(), "--terrain"));
}

}  // namespace
}  // namespace swarmpath::io
