// `swarmpath precompute` and `solve --oracle` as a user runs them: every bundled query of arena,
// den312d and Berlin_1_256 answered from an oracle has its optimal length (--check), the summary
// names the oracle (as the algorithm and among the inputs), a file built for one map is refused
// for another, the oracle file can never be written over its own map, and the precompute of a map it cannot serve fails
// cleanly. Goal bounds the same way: `precompute --kind goal-bounds` then `solve --algorithm jps+ --goal-bounds`
// keeps every bundled query of den312d optimal with fewer expansions, and the options and files
// that do not fit are refused by name.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <utility>

#include "random_maps.hpp"
#include "run_command.hpp"

namespace swarmpath {
namespace {

constexpr int kTimeoutSeconds = 600;

class OracleCommand : public ::testing::Test {
protected:
    void SetUp() override {
        folder_ = testing::scratch_folder(std::string("oracle_command_") +
                                          ::testing::UnitTest::GetInstance()->current_test_info()->name());
    }
    [[nodiscard]] std::string path(const std::string& name) const { return folder_ + "/" + name; }
    [[nodiscard]] static std::string dataset(const std::string& name) { return testing::dataset_folder() + "/" + name; }
    void check_bundled(const std::string& map) {
        const std::string oracle = path(map.substr(map.find('/') + 1) + ".oracle");
        const testing::CommandOutcome built = testing::run_swarmpath(
            "precompute " + dataset(map + ".map") + " -o " + oracle + " --progress never", kTimeoutSeconds);
        ASSERT_EQ(built.exit_code, 0) << built.standard_error;
        EXPECT_NE(built.standard_output.find("per passable cell"), std::string::npos) << built.standard_output;
        const testing::CommandOutcome solved =
            testing::run_swarmpath("solve " + dataset(map + ".map.scen") + " --oracle " + oracle +
                                       " --check --summary " + path("summary.json"),
                                   kTimeoutSeconds);
        EXPECT_EQ(solved.exit_code, 0) << solved.standard_error << solved.standard_output;
        std::ifstream summary(path("summary.json"));
        const std::string text((std::istreambuf_iterator<char>(summary)), std::istreambuf_iterator<char>());
        EXPECT_NE(text.find("\"oracle\""), std::string::npos) << text.substr(0, 400);
        EXPECT_NE(text.find("\"mismatches\": 0"), std::string::npos) << text.substr(0, 400);
        EXPECT_NE(text.find("\"role\": \"oracle\""), std::string::npos) << "the oracle file is among the inputs";
    }
    /// `precompute --kind goal-bounds` of the bundled `map` into `name` in the test's folder.
    void build_goal_bounds(const std::string& map, const std::string& name) {
        const testing::CommandOutcome built = testing::run_swarmpath(
            "precompute " + dataset(map + ".map") + " -o " + path(name) + " --kind goal-bounds --progress never",
            kTimeoutSeconds);
        ASSERT_EQ(built.exit_code, 0) << built.standard_error;
        EXPECT_NE(built.standard_output.find("goal bounds of"), std::string::npos) << built.standard_output;
    }
    std::string folder_;
};

TEST_F(OracleCommand, BundledQueriesOfArenaAndDenAreOptimal) {
    check_bundled("dao/arena");
    check_bundled("dao/den312d");
}

TEST_F(OracleCommand, BundledQueriesOfBerlinAreOptimal) { check_bundled("street/Berlin_1_256"); }

TEST_F(OracleCommand, AFileBuiltForOneMapIsRefusedForAnother) {
    const testing::CommandOutcome built = testing::run_swarmpath(
        "precompute " + dataset("dao/arena.map") + " -o " + path("arena.oracle") + " --progress never",
        kTimeoutSeconds);
    ASSERT_EQ(built.exit_code, 0) << built.standard_error;
    const testing::CommandOutcome solved = testing::run_swarmpath(
        "solve " + dataset("dao/den312d.map.scen") + " --oracle " + path("arena.oracle"), kTimeoutSeconds);
    EXPECT_EQ(solved.exit_code, 2);
    EXPECT_NE(solved.standard_error.find(path("arena.oracle") + ": was built for another map (arena.map, 49 x 49)"),
              std::string::npos)
        << solved.standard_error;
    const testing::CommandOutcome other_rule = testing::run_swarmpath(
        "solve " + dataset("dao/arena.map.scen") + " --oracle " + path("arena.oracle") + " --moves 4", kTimeoutSeconds);
    EXPECT_EQ(other_rule.exit_code, 2);
    EXPECT_NE(other_rule.standard_error.find("was built for 8-connected moves"), std::string::npos)
        << other_rule.standard_error;
    const testing::CommandOutcome weighted = testing::run_swarmpath(
        "solve " + dataset("dao/arena.map.scen") + " --oracle " + path("arena.oracle") + " --weight 2",
        kTimeoutSeconds);
    EXPECT_EQ(weighted.exit_code, 2);
    EXPECT_NE(weighted.standard_error.find("--weight does not apply with --oracle"), std::string::npos)
        << weighted.standard_error;
}

TEST_F(OracleCommand, TheOutputCanNeverBeItsOwnMap) {
    std::ofstream(path("small.map")) << "type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n";
    const testing::CommandOutcome refused =
        testing::run_swarmpath("precompute " + path("small.map") + " -o " + path("small.map"), kTimeoutSeconds);
    EXPECT_EQ(refused.exit_code, 2);
    std::ifstream kept(path("small.map"));
    const std::string text((std::istreambuf_iterator<char>(kept)), std::istreambuf_iterator<char>());
    EXPECT_EQ(text, "type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n");
    const testing::CommandOutcome bad_order = testing::run_swarmpath(
        "precompute " + path("small.map") + " -o " + path("small.oracle") + " --order spiral", kTimeoutSeconds);
    EXPECT_EQ(bad_order.exit_code, 2);
    EXPECT_NE(bad_order.standard_error.find("--order must be depth-first, hilbert or row-major"), std::string::npos);
    const testing::CommandOutcome missing =
        testing::run_swarmpath("precompute " + path("absent.map") + " -o " + path("absent.oracle"), kTimeoutSeconds);
    EXPECT_EQ(missing.exit_code, 2);
    EXPECT_NE(missing.standard_error.find("absent.map"), std::string::npos) << missing.standard_error;
}

/// The "expanded" figure of a summary's text (its first occurrence: the run's total).
long long expanded_in(const std::string& summary) {
    const std::size_t at = summary.find("\"expanded\": ");
    return at == std::string::npos ? -1 : std::stoll(summary.substr(at + 12));
}

TEST_F(OracleCommand, GoalBoundsKeepJumpPointTablesOptimalWithFewerExpansions) {
    build_goal_bounds("dao/den312d", "den312d.bounds");
    long long expanded[2] = {-1, -1};
    for (int bounded = 0; bounded < 2; ++bounded) {
        // With the bounds, no --algorithm: auto then means jps+.
        const std::string summary = path("summary" + std::to_string(bounded) + ".json");
        const testing::CommandOutcome solved = testing::run_swarmpath(
            "solve " + dataset("dao/den312d.map.scen") + " --check --summary " + summary +
                (bounded != 0 ? " --goal-bounds " + path("den312d.bounds") : std::string(" --algorithm jps+")),
            kTimeoutSeconds);
        EXPECT_EQ(solved.exit_code, 0) << solved.standard_error << solved.standard_output;
        std::ifstream in(summary);
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        EXPECT_NE(text.find("\"mismatches\": 0"), std::string::npos) << text.substr(0, 400);
        if (bounded != 0) {
            EXPECT_NE(text.find("\"role\": \"goal bounds\""), std::string::npos) << "the file is among the inputs";
            EXPECT_NE(text.find("\"algorithm\": \"jps+\""), std::string::npos) << text.substr(0, 400);
        }
        expanded[bounded] = expanded_in(text);
    }
    EXPECT_GT(expanded[1], 0);
    EXPECT_LT(expanded[1], expanded[0]);
}

TEST_F(OracleCommand, GoalBoundsRefuseWhatDoesNotFit) {
    build_goal_bounds("dao/arena", "arena.bounds");
    const std::string bounds = " --goal-bounds " + path("arena.bounds");
    const std::pair<std::string, std::string> refusals[] = {
        {"solve " + dataset("dao/arena.map.scen") + bounds + " --algorithm jps",
         "--goal-bounds serves --algorithm jps+ alone"},
        {"solve " + dataset("dao/arena.map.scen") + bounds + " --algorithm astar",
         "--goal-bounds serves --algorithm jps+ alone"},
        {"solve " + dataset("dao/den312d.map.scen") + bounds + " --algorithm jps+",
         path("arena.bounds") + ": was built for another map"},
        {"solve " + dataset("dao/arena.map.scen") + " --algorithm jps+ --goal-bounds " + path("absent.bounds"),
         "absent.bounds"},
        {"solve " + dataset("dao/arena.map.scen") + " --algorithm jps+ --goal-bounds " + dataset("dao/arena.map"),
         "not a swarmpath goal-bounds file"},
        {"precompute " + dataset("dao/arena.map") + " -o " + path("arena.oracle") + " --kind goal-bounds", "-o"},
        {"precompute " + dataset("dao/arena.map") + " -o " + path("x.bounds") + " --kind tables",
         "--kind must be oracle or goal-bounds"},
        {"precompute " + dataset("dao/arena.map") + " -o " + path("x.bounds") + " --kind goal-bounds --moves 4",
         "--kind goal-bounds is built for JPS+'s rule"},
        {"precompute " + dataset("dao/arena.map") + " -o " + path("x.bounds") + " --kind goal-bounds --terrain T=2",
         "uniform cost"},
    };
    for (const auto& [command, expected] : refusals) {
        const testing::CommandOutcome refused = testing::run_swarmpath(command, kTimeoutSeconds);
        EXPECT_EQ(refused.exit_code, 2) << command;
        EXPECT_NE(refused.standard_error.find(expected), std::string::npos) << command << "\n"
                                                                            << refused.standard_error;
    }
    std::ifstream kept(path("x.bounds"));
    EXPECT_FALSE(kept.good()) << "a refused build writes nothing";
}

}  // namespace
}  // namespace swarmpath
