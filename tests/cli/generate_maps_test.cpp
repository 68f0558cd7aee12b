// `swarmpath generate random|maze|rooms` through the real executable: the files parse, have the
// requested size and kind of content, are the same for the same seed, and every scenario row's
// length (computed by tools/swarmpath/reference_lengths) is reproduced by `swarmpath solve --check`
// with A*, and also matches the test support's reference Dijkstra on a sample of rows.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "random_maps.hpp"
#include "reference_dijkstra.hpp"
#include "run_command.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/scenario_file.hpp"

namespace swarmpath::testing {
namespace {

struct Case {
    std::string kind;
    std::string options;
};

class GenerateMapsTest : public ::testing::TestWithParam<Case> {};

TEST_P(GenerateMapsTest, FilesAreValidDeterministicAndOptimal) {
    const Case& parameters = GetParam();
    const std::string folder = scratch_folder("generate-" + parameters.kind);
    const std::string map_path = folder + "/" + parameters.kind + ".map";
    const std::string again_path = folder + "/again.map";
    const std::string common = " --width 97 --height 61 --seed 5 " + parameters.options + " --scenarios 40";
    CommandOutcome generated = run_swarmpath("generate " + parameters.kind + common + " -o " + map_path);
    ASSERT_EQ(generated.exit_code, 0) << generated.standard_error;
    CommandOutcome again = run_swarmpath("generate " + parameters.kind + common + " -o " + again_path);
    ASSERT_EQ(again.exit_code, 0) << again.standard_error;
    EXPECT_EQ(read_text(map_path), read_text(again_path));

    Expected<io::MapFile> map = io::read_map_file(map_path);
    ASSERT_TRUE(map) << map.error().describe();
    EXPECT_EQ(map->width, 97U);
    EXPECT_EQ(map->height, 61U);
    const auto blocked = static_cast<std::size_t>(std::count(map->letters.begin(), map->letters.end(), '@'));
    EXPECT_GT(blocked, 0U);
    EXPECT_LT(blocked, map->letters.size());

    Expected<io::ScenarioFile> scenario = io::read_scenario_file(map_path + ".scen");
    ASSERT_TRUE(scenario) << scenario.error().describe();
    ASSERT_EQ(scenario->rows.size(), 40U);
    for (std::size_t index = 0; index < scenario->rows.size(); index += 8) {
        const io::ScenarioRow& row = scenario->rows[index];
        const std::vector<double> costs = reference_costs_from(
            *map, ReferenceRules{}, static_cast<std::uint32_t>(row.start_x), static_cast<std::uint32_t>(row.start_y));
        const double expected = costs[static_cast<std::size_t>(row.goal_y * map->width + row.goal_x)];
        EXPECT_TRUE(io::length_matches(expected, row.optimal_length))
            << "row " << index << ": " << expected << " vs " << row.optimal_length;
    }
    CommandOutcome solved = run_swarmpath("solve " + map_path + ".scen --algorithm astar --check --threads 2");
    EXPECT_EQ(solved.exit_code, 0) << solved.standard_output << solved.standard_error;
}

INSTANTIATE_TEST_SUITE_P(Kinds, GenerateMapsTest,
                         ::testing::Values(Case{"random", "--density 0.3"}, Case{"maze", "--corridor 2"},
                                           Case{"rooms", "--room 9 --density 0.3"}),
                         [](const ::testing::TestParamInfo<Case>& parameter_info) {
                             return parameter_info.param.kind;
                         });

TEST(GenerateMapsCommandTest, RejectsBadSizesAndDensities) {
    const std::string folder = scratch_folder("generate-bad");
    EXPECT_EQ(run_swarmpath("generate random --width 0 --height 10 -o " + folder + "/a.map").exit_code, 2);
    EXPECT_EQ(run_swarmpath("generate random --width 10 --height 10 --density 1.5 -o " + folder + "/b.map").exit_code,
              2);
    EXPECT_EQ(read_text(folder + "/a.map"), "");
}

}  // namespace
}  // namespace swarmpath::testing
