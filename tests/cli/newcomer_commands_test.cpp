// The first commands a newcomer types, through the real executable: `generate` says what it wrote
// (one summary line on standard error, and no progress drawing when standard error is not a
// terminal); generate, field and precompute refuse an output name whose extension says another
// format, before any work and without leaving a file; `route` says which endpoint is off the map.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "random_maps.hpp"
#include "run_command.hpp"

namespace swarmpath::testing {
namespace {

namespace fs = std::filesystem;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

class NewcomerCommands : public ::testing::Test {
protected:
    void SetUp() override {
        // A folder per test: ctest runs this suite's tests at the same time, each in its own process.
        folder_ = scratch_folder(std::string("newcomer-commands-") +
                                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
        write_text(path("open.map"), "type octile\nheight 4\nwidth 6\nmap\n......\n.@@...\n......\n......\n");
    }
    [[nodiscard]] std::string path(const std::string& name) const { return folder_ + "/" + name; }
    /// Runs `arguments` and expects a refusal (exit 2) whose message names `option`, `file` and `expected`.
    void expect_wrong_extension(const std::string& arguments, const std::string& option, const std::string& file,
                                const std::string& expected) const {
        const CommandOutcome outcome = run_swarmpath(arguments);
        EXPECT_EQ(outcome.exit_code, 2) << arguments << "\n" << outcome.standard_error;
        const std::string message = outcome.standard_error;
        EXPECT_TRUE(contains(message, option + " " + path(file))) << message;
        EXPECT_TRUE(contains(message, "must end in " + expected)) << message;
        EXPECT_EQ(message.find('\n'), message.size() - 1) << "one line: " << message;
    }
    std::string folder_;
};

TEST_F(NewcomerCommands, GenerateSaysWhatItWrote) {
    const CommandOutcome map_only = run_swarmpath("generate maze --width 21 --height 11 -o " + path("maze.map"));
    ASSERT_EQ(map_only.exit_code, 0) << map_only.standard_error;
    EXPECT_EQ(map_only.standard_error, "swarmpath: wrote a 21x11 square maze map to " + path("maze.map") + "\n");
    EXPECT_TRUE(map_only.standard_output.empty());

    const CommandOutcome with_scenarios = run_swarmpath(
        "generate random --topology hex --width 30 --height 20 "
        "--density 0.1 --scenarios 25 -o " +
        path("hex.map"));
    ASSERT_EQ(with_scenarios.exit_code, 0) << with_scenarios.standard_error;
    // Standard error is a file here, not a terminal: the summary alone, no progress drawing.
    EXPECT_EQ(with_scenarios.standard_error, "swarmpath: wrote a 30x20 hex random map to " + path("hex.map") +
                                                 " and 25 scenarios to " + path("hex.map.scen") + "\n");
    EXPECT_TRUE(fs::exists(path("hex.map.scen")));

    const CommandOutcome crowd =
        run_swarmpath("generate crowd " + path("hex.map") + " --agents 12 --goals 3 -o " + path("crowd.scen"));
    ASSERT_EQ(crowd.exit_code, 0) << crowd.standard_error;
    EXPECT_EQ(crowd.standard_error,
              "swarmpath: wrote 12 scenarios (agents bound for 3 goals) to " + path("crowd.scen") + "\n");
}

TEST_F(NewcomerCommands, GenerateRefusesMisleadingOutputNames) {
    expect_wrong_extension("generate random --width 8 --height 8 -o " + path("picture.png"), "-o", "picture.png",
                           ".map");
    EXPECT_FALSE(fs::exists(path("picture.png")));
    // A wrong scenario name refuses the whole run: not even the map is written.
    expect_wrong_extension("generate rooms --width 20 --height 20 --room 4 --scenarios 3 -o " + path("rooms.map") +
                               " --scenario-output " + path("rooms.csv"),
                           "--scenario-output", "rooms.csv", ".scen");
    EXPECT_FALSE(fs::exists(path("rooms.map")));
    EXPECT_FALSE(fs::exists(path("rooms.csv")));
    expect_wrong_extension("generate crowd " + path("open.map") + " --agents 4 --goals 1 -o " + path("crowd.map"), "-o",
                           "crowd.map", ".scen");
    EXPECT_FALSE(fs::exists(path("crowd.map")));
    // The expected extension in any case, and names with no extension, are accepted.
    EXPECT_EQ(run_swarmpath("generate random --width 8 --height 8 -o " + path("upper.MAP")).exit_code, 0);
    EXPECT_EQ(run_swarmpath("generate random --width 8 --height 8 --scenarios 2 --density 0 -o " + path("bare") +
                            " --scenario-output " + path("bare-queries"))
                  .exit_code,
              0);
    EXPECT_TRUE(fs::exists(path("bare")) && fs::exists(path("bare-queries")));
}

TEST_F(NewcomerCommands, FieldAndPrecomputeRefuseMisleadingOutputNames) {
    expect_wrong_extension("field " + path("open.map") + " 0 0 -o " + path("goal.png"), "-o", "goal.png", ".field");
    // The default picture name follows the field's (goal.field.png), so only -o is named here.
    expect_wrong_extension("field " + path("open.map") + " 0 0 -o " + path("goal.field") + " --png " + path("goal.jpg"),
                           "--png", "goal.jpg", ".png");
    EXPECT_FALSE(fs::exists(path("goal.field")));
    EXPECT_FALSE(fs::exists(path("goal.jpg")));
    const CommandOutcome field = run_swarmpath("field " + path("open.map") + " 0 0 -o " + path("goal.field"));
    ASSERT_EQ(field.exit_code, 0) << field.standard_error;
    EXPECT_TRUE(fs::exists(path("goal.field")) && fs::exists(path("goal.field.png")));

    expect_wrong_extension("precompute " + path("open.map") + " --progress never -o " + path("open.field"), "-o",
                           "open.field", ".oracle");
    EXPECT_FALSE(fs::exists(path("open.field")));
    const CommandOutcome oracle =
        run_swarmpath("precompute " + path("open.map") + " --progress never -o " + path("open.oracle"));
    EXPECT_EQ(oracle.exit_code, 0) << oracle.standard_error;
    EXPECT_TRUE(fs::exists(path("open.oracle")));
}

TEST_F(NewcomerCommands, RouteSaysWhichEndpointIsOffTheMap) {
    auto route = [&](const std::string& endpoints) {
        const CommandOutcome outcome = run_swarmpath("route " + path("open.map") + " " + endpoints);
        EXPECT_EQ(outcome.exit_code, 0) << endpoints << "\n" << outcome.standard_error;
        return outcome.standard_output;
    };
    const std::string map_size = "off the map: it is 6 x 4, columns 0 to 5 and rows 0 to 3\n";
    const std::string goal_off = route("0 0 6 1");
    EXPECT_TRUE(contains(goal_off, "status    invalid\n")) << goal_off;
    EXPECT_TRUE(contains(goal_off, "reason    the goal (6,1) is " + map_size)) << goal_off;
    const std::string start_off = route("2 9 0 0");
    EXPECT_TRUE(contains(start_off, "reason    the start (2,9) is " + map_size)) << start_off;
    const std::string both_off = route("7 0 0 4");
    EXPECT_TRUE(contains(both_off, "reason    the start (7,0) and the goal (0,4) are " + map_size)) << both_off;
    // On the map there is no reason line: the status says it all.
    const std::string found = route("0 0 5 3");
    EXPECT_TRUE(contains(found, "status    found\n")) << found;
    EXPECT_FALSE(contains(found, "reason")) << found;
}

}  // namespace
}  // namespace swarmpath::testing
