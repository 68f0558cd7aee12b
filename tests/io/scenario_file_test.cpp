// Scenario parser tests: both version spellings, tab and space separators, CRLF and a missing final
// newline, map names as paths or bare names, and every malformed row, each error with its line.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "random_maps.hpp"
#include "swarmpath/io/scenario_file.hpp"

namespace swarmpath::io {
namespace {

TEST(ScenarioFileTest, ParsesTabSeparatedRows) {
    Expected<ScenarioFile> scenario = parse_scenario(
        "version 1\n0\tmaps/dao/arena.map\t49\t49\t1\t11\t1\t12\t1\n3\tarena.map\t49\t49\t2\t3\t4\t5\t12.5\n",
        "a.scen");
    ASSERT_TRUE(scenario) << scenario.error().describe();
    ASSERT_EQ(scenario->rows.size(), 2U);
    const ScenarioRow& row = scenario->rows[1];
    EXPECT_EQ(row.bucket, 3U);
    EXPECT_EQ(row.map_name, "arena.map");
    EXPECT_EQ(row.start_x, 2);
    EXPECT_EQ(row.goal_y, 5);
    EXPECT_DOUBLE_EQ(row.optimal_length, 12.5);
    EXPECT_EQ(row.line, 3U);
    EXPECT_EQ(scenario->version, "1");
}

TEST(ScenarioFileTest, LegacySpacesVersionOneDotZeroCrlfNoFinalNewline) {
    Expected<ScenarioFile> scenario = parse_scenario(
        "version 1.0\r\n49 maps/wc3maps/battleground.map 512 512 328 401 323 216 197.11\r\n"
        "44 maps/wc3maps/battleground.map 512 512 207 204 75 266 178.65",
        "legacy.scen");
    ASSERT_TRUE(scenario) << scenario.error().describe();
    ASSERT_EQ(scenario->rows.size(), 2U);
    EXPECT_EQ(scenario->version, "1.0");
    EXPECT_EQ(scenario->rows[1].goal_x, 75);
    EXPECT_DOUBLE_EQ(scenario->rows[1].optimal_length, 178.65);
}

TEST(ScenarioFileTest, TabbedMapNameMayContainSpaces) {
    Expected<ScenarioFile> scenario =
        parse_scenario("version 1\n0\tmy maps/a b.map\t4\t4\t0\t0\t1\t1\t1.41421356\n", "s");
    ASSERT_TRUE(scenario) << scenario.error().describe();
    EXPECT_EQ(scenario->rows[0].map_name, "my maps/a b.map");
}

TEST(ScenarioFileTest, OffMapCoordinatesAreKeptForTheSolver) {
    Expected<ScenarioFile> scenario = parse_scenario("version 1\n0\ta.map\t4\t4\t-1\t0\t9\t1\t3\n", "s");
    ASSERT_TRUE(scenario) << scenario.error().describe();
    EXPECT_EQ(scenario->rows[0].start_x, -1);
    EXPECT_EQ(scenario->rows[0].goal_x, 9);
}

TEST(ScenarioFileTest, MapNamesResolveBesideTheScenario) {
    EXPECT_EQ(resolve_map_path("data/dao/arena.map.scen", "maps/dao/arena.map"), "data/dao/arena.map");
    EXPECT_EQ(resolve_map_path("data/bg512/AR0011SR.map.scen", "AR0011SR.map"), "data/bg512/AR0011SR.map");
    EXPECT_EQ(resolve_map_path("local.scen", "maps\\x\\y.map"), "y.map");
}

TEST(ScenarioFileTest, ToleranceFollowsFormats) {
    EXPECT_TRUE(length_matches(1000.0, 1000.0 + 0.009));
    EXPECT_FALSE(length_matches(1000.0, 1000.0 + 0.02));
    EXPECT_TRUE(length_matches(0.0, 0.0));
    EXPECT_FALSE(length_matches(1.0, 1.00002));
    EXPECT_TRUE(length_matches(1.0, 1.000009));
}

struct BadScenarioCase {
    std::string name;
    std::string text;
    std::uint32_t line;
    std::string message_part;
};

class BadScenarioTest : public ::testing::TestWithParam<BadScenarioCase> {};

TEST_P(BadScenarioTest, IsRejectedWithLine) {
    const BadScenarioCase& bad = GetParam();
    Expected<ScenarioFile> scenario = parse_scenario(bad.text, "bad.scen");
    ASSERT_FALSE(scenario) << bad.name << " was accepted";
    EXPECT_EQ(scenario.error().file, "bad.scen");
    EXPECT_EQ(scenario.error().line, bad.line) << scenario.error().describe();
    EXPECT_NE(scenario.error().message.find(bad.message_part), std::string::npos) << scenario.error().describe();
}

INSTANTIATE_TEST_SUITE_P(
    MalformedScenarios, BadScenarioTest,
    ::testing::Values(
        BadScenarioCase{"empty", "", 0, "empty"}, BadScenarioCase{"only blank lines", "\n\n", 2, "missing 'version'"},
        BadScenarioCase{"no version", "0\ta.map\t4\t4\t0\t0\t1\t1\t1\n", 1, "missing 'version'"},
        BadScenarioCase{"wrong version", "version 2\n", 1, "unsupported scenario version '2'"},
        BadScenarioCase{"too few fields", "version 1\n0\ta.map\t4\t4\t0\t0\t1\t1\n", 2, "missing optimal length"},
        BadScenarioCase{"too many fields", "version 1\n0\ta.map\t4\t4\t0\t0\t1\t1\t1\t7\n", 2, "more than 9"},
        BadScenarioCase{"text coordinate", "version 1\n0\ta.map\t4\t4\tzero\t0\t1\t1\t1\n", 2, "start x 'zero'"},
        BadScenarioCase{"real coordinate", "version 1\n0\ta.map\t4\t4\t1.5\t0\t1\t1\t1\n", 2, "start x"},
        BadScenarioCase{"text length", "version 1\n0\ta.map\t4\t4\t0\t0\t1\t1\tfar\n", 2, "optimal length"},
        BadScenarioCase{"negative length", "version 1\n0\ta.map\t4\t4\t0\t0\t1\t1\t-2\n", 2, "optimal length"},
        BadScenarioCase{"zero map size", "version 1\n0\ta.map\t0\t4\t0\t0\t1\t1\t1\n", 2, "out of range"},
        BadScenarioCase{"bad row after good", "version 1\n0\ta.map\t4\t4\t0\t0\t1\t1\t1\n\n0 a.map 4\n", 4, "fields"}),
    [](const ::testing::TestParamInfo<BadScenarioCase>& parameter_info) {
        std::string name = parameter_info.param.name;
        for (char& character : name) {
            if (!std::isalnum(static_cast<unsigned char>(character))) character = '_';
        }
        return name;
    });

TEST(ScenarioFileTest, EveryBundledScenarioParses) {
    std::size_t rows = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(testing::dataset_folder())) {
        if (entry.path().extension() != ".scen") continue;
        Expected<ScenarioFile> scenario = read_scenario_file(entry.path().string());
        ASSERT_TRUE(scenario) << scenario.error().describe();
        EXPECT_FALSE(scenario->rows.empty()) << entry.path();
        if (entry.path().string().find("legacy") == std::string::npos) rows += scenario->rows.size();
    }
    EXPECT_EQ(rows, 37709U);
}

}  // namespace
}  // namespace swarmpath::io
