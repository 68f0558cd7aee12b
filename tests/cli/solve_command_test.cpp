// `swarmpath solve` through the real executable: the table, --check's exit codes, the JSON summary's
// fields and their agreement with the table, the paths CSV format (and that its paths are legal and
// priced as the reference says), byte-identical paths files for 1 and 2 threads, and usage errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "random_maps.hpp"
#include "reference_dijkstra.hpp"
#include "run_command.hpp"
#include "swarmpath/io/atomic_file.hpp"
#include "swarmpath/io/map_file.hpp"

namespace swarmpath::cli {
namespace {

using testing::dataset;
using testing::read_text;
using testing::run_swarmpath;

TEST(SolveCommandTest, CheckPassesOnBundledScenarioAndPrintsTable) {
    testing::CommandOutcome outcome = run_swarmpath("solve " + dataset("dao/arena.map.scen") + " " +
                                                    dataset("street/Berlin_1_256.map.scen") + " --check --threads 2");
    EXPECT_EQ(outcome.exit_code, 0) << outcome.standard_error;
    EXPECT_NE(outcome.standard_output.find("arena.map.scen"), std::string::npos);
    EXPECT_NE(outcome.standard_output.find("Berlin_1_256.map.scen"), std::string::npos);
    EXPECT_NE(outcome.standard_output.find("queries/s"), std::string::npos);
}

// A mistyped name lists the valid ones and the closest, in the command line's words; the names the
// bindings accept for `+` and `-` (jps_plus, both_free) are accepted here too, with the same answers.
TEST(SolveCommandTest, UnknownNamesListTheValidOnesAndSuggestTheClosest) {
    testing::CommandOutcome typo = run_swarmpath("solve " + dataset("dao/arena.map.scen") + " --algorithm jsp");
    EXPECT_EQ(typo.exit_code, 2);
    EXPECT_NE(typo.standard_error.find("--algorithm jsp is unknown: expected auto, astar, jps, jps+ or flowfield"),
              std::string::npos)
        << typo.standard_error;
    EXPECT_NE(typo.standard_error.find("did you mean jps?"), std::string::npos) << typo.standard_error;
    testing::CommandOutcome rule = run_swarmpath("solve " + dataset("dao/arena.map.scen") + " --diagonal-rule onefree");
    EXPECT_EQ(rule.exit_code, 2);
    EXPECT_NE(rule.standard_error.find("did you mean one-free?"), std::string::npos) << rule.standard_error;
    testing::CommandOutcome plus =
        run_swarmpath("solve " + dataset("dao/arena.map.scen") + " --algorithm jps_plus --check");
    EXPECT_EQ(plus.exit_code, 0) << plus.standard_error;
    EXPECT_NE(plus.standard_output.find("jps+"), std::string::npos) << plus.standard_output;
    testing::CommandOutcome underscore =
        run_swarmpath("solve " + dataset("dao/arena.map.scen") + " --algorithm astar --diagonal-rule one_free");
    EXPECT_EQ(underscore.exit_code, 0) << underscore.standard_error;
}

TEST(SolveCommandTest, SummaryAndPathsFiles) {
    const std::string folder = testing::scratch_folder("solve-outputs");
    const std::string scenario = dataset("dao/den312d.map.scen");
    testing::CommandOutcome outcome = run_swarmpath("solve " + scenario + " --threads 1 --summary " + folder +
                                                    "/summary.json --paths " + folder + "/paths.csv");
    ASSERT_EQ(outcome.exit_code, 0) << outcome.standard_error;
    nlohmann::json summary = nlohmann::json::parse(read_text(folder + "/summary.json"));
    EXPECT_EQ(summary["threads"], 1);
    EXPECT_EQ(summary["algorithm"].get<std::string>().empty(), false);
    ASSERT_EQ(summary["scenarios"].size(), 1U);
    const nlohmann::json& file = summary["scenarios"][0];
    for (const char* key :
         {"file", "map", "queries", "solved", "mismatches", "max_abs_error", "expanded", "search_seconds"}) {
        EXPECT_TRUE(file.contains(key)) << key;
    }
    EXPECT_EQ(file["queries"], 320);
    EXPECT_EQ(file["solved"], 320);
    EXPECT_EQ(file["mismatches"], 0);
    EXPECT_LT(file["max_abs_error"].get<double>(), 1e-3);
    const nlohmann::json& totals = summary["totals"];
    for (const char* key : {"queries", "solved", "mismatches", "expanded", "generated", "search_seconds", "cpu_seconds",
                            "wall_seconds", "queries_per_second", "expansions_per_second"}) {
        EXPECT_TRUE(totals.contains(key)) << key;
    }
    EXPECT_EQ(totals["expanded"], file["expanded"]);
    EXPECT_GE(totals["generated"].get<std::uint64_t>(), totals["expanded"].get<std::uint64_t>());

    // The paths file: header, one row per query, legal paths costing what they claim.
    Expected<io::MapFile> map = io::read_map_file(dataset("dao/den312d.map"));
    ASSERT_TRUE(map);
    std::istringstream lines(read_text(folder + "/paths.csv"));
    std::string line;
    std::getline(lines, line);
    EXPECT_EQ(line, "scenario,query,status,cost,path");
    std::size_t rows = 0;
    while (std::getline(lines, line)) {
        std::vector<std::string> fields;
        std::stringstream row(line);
        std::string field;
        while (std::getline(row, field, ',')) fields.push_back(field);
        ASSERT_EQ(fields.size(), 5U) << line;
        EXPECT_EQ(fields[0], "den312d.map.scen");
        EXPECT_EQ(fields[1], std::to_string(rows));
        EXPECT_EQ(fields[2], "found");
        ASSERT_EQ(fields[3].size() - fields[3].find('.') - 1, 8U) << "cost must have 8 decimals: " << fields[3];
        std::vector<std::uint32_t> cells;
        std::stringstream path(fields[4]);
        std::string step;
        while (path >> step) {
            const std::size_t colon = step.find(':');
            ASSERT_NE(colon, std::string::npos);
            cells.push_back(static_cast<std::uint32_t>(std::stoul(step.substr(colon + 1)) * map->width +
                                                       std::stoul(step.substr(0, colon))));
        }
        EXPECT_NEAR(testing::reference_path_cost(*map, {}, cells), std::stod(fields[3]), 1e-6) << line;
        ++rows;
    }
    EXPECT_EQ(rows, 320U);
    // Nothing but the two outputs is left in the folder (no temporaries).
    std::size_t files = 0;
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(folder)) ++files;
    EXPECT_EQ(files, 2U);
}

TEST(SolveCommandTest, PathsFileIsByteIdenticalForOneAndTwoThreads) {
    const std::string folder = testing::scratch_folder("solve-threads");
    const std::string scenarios = dataset("dao/arena.map.scen") + " " + dataset("rooms/8room_000.map.scen");
    ASSERT_EQ(run_swarmpath("solve " + scenarios + " --threads 1 --paths " + folder + "/one.csv").exit_code, 0);
    ASSERT_EQ(run_swarmpath("solve " + scenarios + " --threads 2 --paths " + folder + "/two.csv").exit_code, 0);
    const std::string one = read_text(folder + "/one.csv");
    EXPECT_GT(one.size(), 100000U);
    EXPECT_TRUE(one == read_text(folder + "/two.csv"));
}

TEST(SolveCommandTest, CheckMismatchExitsOne) {
    const std::string folder = testing::scratch_folder("solve-mismatch");
    const std::string map_text = "type octile\nheight 3\nwidth 3\nmap\n...\n...\n...\n";
    ASSERT_TRUE(io::write_file_atomically(folder + "/tiny.map", map_text));
    ASSERT_TRUE(io::write_file_atomically(folder + "/tiny.map.scen",
                                          "version 1\n0\ttiny.map\t3\t3\t0\t0\t2\t2\t2.82842712\n"
                                          "0\ttiny.map\t3\t3\t0\t0\t2\t0\t3\n"));
    testing::CommandOutcome outcome = run_swarmpath("solve " + folder + "/tiny.map.scen --check");
    EXPECT_EQ(outcome.exit_code, 1);
    EXPECT_NE(outcome.standard_error.find("tiny.map.scen:3"), std::string::npos) << outcome.standard_error;
    // Without --check the same file is not an error.
    EXPECT_EQ(run_swarmpath("solve " + folder + "/tiny.map.scen").exit_code, 0);
}

TEST(SolveCommandTest, UnknownLengthRowsAreSkippedByCheck) {
    const std::string folder = testing::scratch_folder("solve-unknown");
    ASSERT_TRUE(io::write_file_atomically(folder + "/tiny.map", "type octile\nheight 2\nwidth 3\nmap\n...\n...\n"));
    ASSERT_TRUE(io::write_file_atomically(folder + "/tiny.map.scen", "version 1\n0\ttiny.map\t3\t2\t0\t0\t2\t1\t0\n"));
    EXPECT_EQ(run_swarmpath("solve " + folder + "/tiny.map.scen --check").exit_code, 0);
}

// --threads 0 means one worker per hardware thread, as in Python and C.
TEST(SolveCommandTest, ThreadsZeroMeansEveryHardwareThread) {
    const std::string folder = testing::scratch_folder("solve-threads-zero");
    testing::CommandOutcome outcome = run_swarmpath("solve " + dataset("dao/arena.map.scen") +
                                                    " --threads 0 --check --summary " + folder + "/s.json");
    ASSERT_EQ(outcome.exit_code, 0) << outcome.standard_error;
    const nlohmann::json summary = nlohmann::json::parse(testing::read_text(folder + "/s.json"));
    // Every hardware thread the process may use: the count it reports as both asked for and used.
    EXPECT_GE(summary["threads"].get<unsigned>(), 1U);
    EXPECT_EQ(summary["threads"], summary["threads_requested"]);
}

// A run of several threads starts its workers only once its work has taken a millisecond on the
// calling thread, and says whether they started: never with one thread; with two, on a file whose
// A* searches take tens of milliseconds (den312d's 1,500 rows), always.
TEST(SolveCommandTest, SummarySaysWhetherTheWorkersStarted) {
    const std::string folder = testing::scratch_folder("solve-workers-started");
    for (const char* threads : {"1", "2"}) {
        testing::CommandOutcome outcome =
            run_swarmpath("solve " + dataset("dao/den312d.map.scen") + " --algorithm astar --threads " + threads +
                          " --check --summary " + folder + "/s.json");
        ASSERT_EQ(outcome.exit_code, 0) << outcome.standard_error;
        const nlohmann::json summary = nlohmann::json::parse(testing::read_text(folder + "/s.json"));
        ASSERT_TRUE(summary["workers_started"].is_boolean());
        // One hardware thread caps two at one, which never starts workers.
        EXPECT_EQ(summary["workers_started"].get<bool>(), summary["threads"].get<unsigned>() > 1) << threads;
    }
}

TEST(SolveCommandTest, UsageAndInputErrorsExitTwoWithoutOutputs) {
    const std::string folder = testing::scratch_folder("solve-errors");
    const std::string outputs = " --summary " + folder + "/s.json --paths " + folder + "/p.csv";
    struct Case {
        std::string arguments;
        std::string message_part;
    };
    const std::vector<Case> cases = {
        {"solve " + folder + "/missing.map.scen", "missing.map.scen"},
        {"solve " + dataset("dao/arena.map.scen") + " --threads 1025", "threads"},
        {"solve " + dataset("dao/arena.map.scen") + " --moves 6", "--moves"},
        {"solve " + dataset("dao/arena.map.scen") + " --algorithm teleport", "teleport"},
        {"solve " + dataset("dao/arena.map.scen") + " --map " + folder + "/nothing.map", "nothing.map"},
        {"solve", "scenarios"},
        {"solve " + dataset("dao/arena.map.scen") + " --heuristic manhattan", "manhattan"},
    };
    for (const Case& bad : cases) {
        testing::CommandOutcome outcome = run_swarmpath(bad.arguments + outputs);
        EXPECT_EQ(outcome.exit_code, 2) << bad.arguments << "\n" << outcome.standard_error;
        EXPECT_NE(outcome.standard_error.find(bad.message_part), std::string::npos) << outcome.standard_error;
        EXPECT_FALSE(std::filesystem::exists(folder + "/s.json"));
        EXPECT_FALSE(std::filesystem::exists(folder + "/p.csv"));
    }
}

}  // namespace
}  // namespace swarmpath::cli
