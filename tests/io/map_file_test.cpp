// Map parser tests: every accepted quirk of real files (LF/CRLF, missing final newline, header
// order) and every malformed input, each error checked for its line and column. Also parses every
// bundled map and round-trips random maps through text.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <string>

#include "random_maps.hpp"
#include "swarmpath/io/atomic_file.hpp"
#include "swarmpath/io/file_reading.hpp"
#include "swarmpath/io/map_file.hpp"

namespace swarmpath::io {
namespace {

const std::string kSmallMap = "type octile\nheight 3\nwidth 4\nmap\n....\n.@T.\n....\n";

std::string with_crlf(const std::string& text) {
    std::string result;
    for (char character : text) {
        if (character == '\n') result += '\r';
        result += character;
    }
    return result;
}

TEST(MapFileTest, ParsesSmallMap) {
    Expected<MapFile> map = parse_map(kSmallMap, "small.map");
    ASSERT_TRUE(map) << map.error().describe();
    EXPECT_EQ(map->width, 4U);
    EXPECT_EQ(map->height, 3U);
    EXPECT_EQ(map->type, "octile");
    EXPECT_EQ(map->letter(1, 1), '@');
    EXPECT_EQ(map->letter(2, 1), 'T');
    EXPECT_EQ(map->first_row_line, 5U);
}

TEST(MapFileTest, CrlfAndMissingFinalNewlineGiveTheSameMap) {
    Expected<MapFile> plain = parse_map(kSmallMap, "a");
    Expected<MapFile> crlf = parse_map(with_crlf(kSmallMap), "b");
    std::string no_newline = kSmallMap.substr(0, kSmallMap.size() - 1);
    Expected<MapFile> unterminated = parse_map(no_newline, "c");
    Expected<MapFile> crlf_unterminated =
        parse_map(with_crlf(kSmallMap).substr(0, with_crlf(kSmallMap).size() - 2), "d");
    ASSERT_TRUE(plain && crlf && unterminated && crlf_unterminated);
    EXPECT_EQ(plain->letters, crlf->letters);
    EXPECT_EQ(plain->letters, unterminated->letters);
    EXPECT_EQ(plain->letters, crlf_unterminated->letters);
}

TEST(MapFileTest, HeaderLinesInAnyOrder) {
    Expected<MapFile> map = parse_map("width 4\ntype octile\nheight 3\nmap\n....\n.@T.\n....\n", "x");
    ASSERT_TRUE(map) << map.error().describe();
    EXPECT_EQ(map->width, 4U);
    EXPECT_EQ(map->height, 3U);
}

TEST(MapFileTest, TrailingBlankLinesAreAccepted) { EXPECT_TRUE(parse_map(kSmallMap + "\n\n", "x")); }

struct BadMapCase {
    std::string name;
    std::string text;
    std::uint32_t line;
    std::uint32_t column;
    std::string message_part;
};

class BadMapTest : public ::testing::TestWithParam<BadMapCase> {};

TEST_P(BadMapTest, IsRejectedWithLineAndColumn) {
    const BadMapCase& bad = GetParam();
    Expected<MapFile> map = parse_map(bad.text, "bad.map");
    ASSERT_FALSE(map) << bad.name << " was accepted";
    EXPECT_EQ(map.error().file, "bad.map");
    EXPECT_EQ(map.error().line, bad.line) << map.error().describe();
    EXPECT_EQ(map.error().column, bad.column) << map.error().describe();
    EXPECT_NE(map.error().message.find(bad.message_part), std::string::npos) << map.error().describe();
}

INSTANTIATE_TEST_SUITE_P(
    MalformedMaps, BadMapTest,
    ::testing::Values(
        BadMapCase{"empty", "", 0, 0, "empty"}, BadMapCase{"no type", "height 1\nwidth 1\nmap\n.\n", 3, 0, "type"},
        BadMapCase{"no height", "type octile\nwidth 1\nmap\n.\n", 3, 0, "height"},
        BadMapCase{"no width", "type octile\nheight 1\nmap\n.\n", 3, 0, "width"},
        BadMapCase{"header only", "type octile\nheight 1\n", 2, 0, "width"},
        BadMapCase{"no map line", "type octile\nheight 1\nwidth 1\n", 3, 0, "map"},
        BadMapCase{"zero height", "type octile\nheight 0\nwidth 1\nmap\n", 2, 8, "at least 1"},
        BadMapCase{"negative width", "type octile\nheight 1\nwidth -3\nmap\n", 3, 7, "not a positive"},
        BadMapCase{"text width", "type octile\nheight 1\nwidth ten\nmap\n", 3, 7, "not a positive"},
        BadMapCase{"absurd height", "type octile\nheight 2000000000\nwidth 4\nmap\n", 2, 8, "maximum"},
        BadMapCase{"too many cells", "type octile\nheight 30000\nwidth 30000\nmap\n", 3, 0, "maximum"},
        BadMapCase{"rows promised but absent", "type octile\nheight 100\nwidth 100\nmap\n....\n", 4, 0, "shorter"},
        BadMapCase{"short row", "type octile\nheight 2\nwidth 3\nmap\n...\n..\n", 6, 3, "expected 3"},
        BadMapCase{"long row", "type octile\nheight 2\nwidth 3\nmap\n....\n...\n", 5, 4, "expected 3"},
        BadMapCase{"last row too long", "type octile\nheight 3\nwidth 3\nmap\n...\n...\n.........\n", 7, 4,
                   "expected 3"},
        BadMapCase{"too many rows", "type octile\nheight 1\nwidth 3\nmap\n...\n...\n", 6, 1, "more rows"},
        BadMapCase{"unknown letter", "type octile\nheight 2\nwidth 3\nmap\n...\n.X.\n", 6, 2,
                   "unknown terrain letter 'X'"},
        BadMapCase{"binary garbage",
                   std::string("\x7f"
                               "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0",
                               16),
                   1, 1, "unexpected header"},
        BadMapCase{"text after map", "type octile\nheight 1\nwidth 1\nmap now\n.\n", 4, 5, "after 'map'"}),
    [](const ::testing::TestParamInfo<BadMapCase>& parameter_info) {
        std::string name = parameter_info.param.name;
        for (char& character : name) {
            if (!std::isalnum(static_cast<unsigned char>(character))) character = '_';
        }
        return name;
    });

TEST(MapFileTest, TooFewRowsAtEndOfFileIsReported) {
    Expected<MapFile> map = parse_map("type octile\nheight 3\nwidth 2\nmap\n..\n..\n", "few.map");
    ASSERT_FALSE(map);
    EXPECT_NE(map.error().message.find("found 2"), std::string::npos) << map.error().describe();
}

TEST(MapFileTest, MissingFileIsAnErrorNamingIt) {
    Expected<MapFile> map = read_map_file("/nonexistent/folder/nothing.map");
    ASSERT_FALSE(map);
    EXPECT_EQ(map.error().file, "/nonexistent/folder/nothing.map");
    EXPECT_NE(map.error().message.find("cannot open"), std::string::npos);
}

TEST(MapFileTest, DirectoryIsAnError) {
    Expected<MapFile> map = read_map_file(std::filesystem::temp_directory_path().string());
    ASSERT_FALSE(map);
    EXPECT_NE(map.error().message.find("directory"), std::string::npos);
}

TEST(MapFileTest, EveryBundledMapParses) {
    std::size_t count = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(testing::dataset_folder())) {
        if (entry.path().extension() != ".map") continue;
        Expected<MapFile> map = read_map_file(entry.path().string());
        ASSERT_TRUE(map) << map.error().describe();
        EXPECT_EQ(map->letters.size(), static_cast<std::size_t>(map->width) * map->height);
        ++count;
    }
    EXPECT_GE(count, 13U);
}

TEST(MapFileTest, RandomMapsRoundTripThroughText) {
    std::mt19937_64 random(7);
    for (int trial = 0; trial < 50; ++trial) {
        std::uniform_int_distribution<std::uint32_t> side(1, 40);
        MapFile original = testing::random_map(random, side, 0.3, ".GSWT");
        std::string text = testing::to_map_text(original);
        Expected<MapFile> parsed = parse_map(trial % 2 == 0 ? text : with_crlf(text), "round-trip");
        ASSERT_TRUE(parsed) << parsed.error().describe();
        EXPECT_EQ(parsed->letters, original.letters);
        EXPECT_EQ(parsed->width, original.width);
        EXPECT_EQ(parsed->height, original.height);
    }
}

TEST(MapFileTest, AtomicWriteLeavesNoTemporary) {
    std::string folder = testing::scratch_folder("atomic-write");
    std::string path = folder + "/out.txt";
    ASSERT_TRUE(write_file_atomically(path, "hello\n"));
    Expected<std::string> text = read_whole_file(path);
    ASSERT_TRUE(text);
    EXPECT_EQ(*text, "hello\n");
    std::size_t files = 0;
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(folder)) ++files;
    EXPECT_EQ(files, 1U);
    EXPECT_FALSE(write_file_atomically(folder + "/missing-folder/out.txt", "x"));
}

}  // namespace
}  // namespace swarmpath::io
