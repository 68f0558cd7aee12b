// `swarmpath solve` under mpirun (issue 8), through the real executable: with 2 and 3 ranks on this
// machine, the paths file is byte-identical to a single-process run and the summary's counters are
// equal (square maps, and the bundled hex and triangle sets); a rank that fails (test hook: as if out of memory) or is killed (SIGKILL) fails the whole
// job with a message naming the rank and leaves no output file; an input error is reported once.
// Assumes OpenMPI's mpirun (SWARMPATH_MPIEXEC) and runs it with --oversubscribe --allow-run-as-root.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "random_maps.hpp"
#include "run_command.hpp"

namespace swarmpath::cli {
namespace {

using testing::read_text;

std::string dataset(const std::string& relative) { return testing::dataset_folder() + "/" + relative; }

/// A few bundled scenario files of different sizes (and so different shard costs).
std::string bundled_scenarios() {
    return dataset("dao/arena.map.scen") + " " + dataset("dao/den312d.map.scen") + " " +
           dataset("street/Berlin_1_256.map.scen");
}

struct RunOutcome {
    int exit_code = -1;
    std::string standard_output;
    std::string standard_error;
};

/// Runs `[env ...] mpirun -np ranks swarmpath arguments` (ranks 0: swarmpath alone, no mpirun).
RunOutcome run(int ranks, const std::string& arguments, const std::string& environment = "") {
    static int counter = 0;
    const std::string folder =
        testing::scratch_folder("distributed-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::string launcher;
    if (ranks > 0) {
        launcher = std::string(SWARMPATH_MPIEXEC) + " --oversubscribe --allow-run-as-root -np " + std::to_string(ranks);
        if (!environment.empty()) launcher += " -x " + environment.substr(0, environment.find('='));
        launcher += " ";
    }
    const std::string command = "timeout 300 " + (environment.empty() ? std::string() : "env " + environment + " ") +
                                launcher + SWARMPATH_EXECUTABLE + " " + arguments + " >" + folder + "/stdout 2>" + folder +
                                "/stderr </dev/null";
    const int status = std::system(command.c_str());
    RunOutcome outcome;
    outcome.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    outcome.standard_output = read_text(folder + "/stdout");
    outcome.standard_error = read_text(folder + "/stderr");
    return outcome;
}

/// The summary without timings and without the distribution fields, for comparing runs.
nlohmann::json counters_of(const std::string& summary_path) {
    nlohmann::json summary = nlohmann::json::parse(read_text(summary_path));
    for (const char* key : {"ranks", "rank_busy_seconds", "rank_cpu_seconds", "rank_queries", "rank_estimated_load",
                            "imbalance", "estimated_imbalance", "distributed_wall_seconds", "bytes_gathered",
                            "bytes_per_remote_query"}) {
        summary.erase(key);
    }
    for (nlohmann::json& file : summary["scenarios"]) {
        for (const char* key : {"search_seconds", "setup_seconds", "preprocessing_seconds"}) file.erase(key);
    }
    for (const char* key : {"search_seconds", "setup_seconds", "cpu_seconds", "wall_seconds", "queries_per_second",
                            "expansions_per_second"}) {
        summary["totals"].erase(key);
    }
    return summary;
}

/// No file at all in `folder` (no output and no temporary left behind).
std::vector<std::string> files_in(const std::string& folder) {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) names.push_back(entry.path().filename().string());
    return names;
}

void expect_same_as_single_process(const std::string& scenarios, const std::string& options, const std::string& name) {
    const std::string folder = testing::scratch_folder("distributed-" + name);
    const std::string common = "solve " + scenarios + " --threads 1 " + options;
    RunOutcome single = run(0, common + " --summary " + folder + "/single.json --paths " + folder + "/single.csv");
    ASSERT_EQ(single.exit_code, 0) << single.standard_error;
    const std::string single_paths = read_text(folder + "/single.csv");
    ASSERT_GT(single_paths.size(), 1000U);
    const nlohmann::json single_counters = counters_of(folder + "/single.json");
    for (int ranks : {2, 3}) {
        SCOPED_TRACE("ranks " + std::to_string(ranks));
        const std::string summary = folder + "/ranks" + std::to_string(ranks) + ".json";
        const std::string paths = folder + "/ranks" + std::to_string(ranks) + ".csv";
        RunOutcome distributed = run(ranks, common + " --summary " + summary + " --paths " + paths);
        ASSERT_EQ(distributed.exit_code, 0) << distributed.standard_error;
        EXPECT_TRUE(read_text(paths) == single_paths) << "paths files differ";
        EXPECT_EQ(counters_of(summary), single_counters);
        const nlohmann::json whole = nlohmann::json::parse(read_text(summary));
        EXPECT_EQ(whole["ranks"], ranks);
        ASSERT_EQ(whole["rank_busy_seconds"].size(), static_cast<std::size_t>(ranks));
        std::size_t queries = 0;
        for (const nlohmann::json& count : whole["rank_queries"]) {
            EXPECT_GT(count.get<std::size_t>(), 0U);  // every rank had a share
            queries += count.get<std::size_t>();
        }
        EXPECT_EQ(queries, whole["totals"]["queries"].get<std::size_t>());
        EXPECT_GE(whole["imbalance"].get<double>(), 1.0);
        EXPECT_GT(whole["bytes_gathered"].get<std::uint64_t>(), 0U);
        // The table is printed once, by rank 0.
        EXPECT_EQ(distributed.standard_output.find("queries/s"), distributed.standard_output.rfind("queries/s"));
    }
}

TEST(DistributedSolveTest, AstarPathsAndCountersMatchSingleProcess) {
    expect_same_as_single_process(bundled_scenarios(), "--algorithm astar --check", "astar");
}

TEST(DistributedSolveTest, GoalFieldsPathsAndCountersMatchSingleProcess) {
    // Fields group queries by goal: the shards must not split a group, or counters would differ.
    expect_same_as_single_process(dataset("dao/arena.map.scen") + " " + dataset("dao/den312d.map.scen"),
                                  "--algorithm flowfield", "flowfield");
}

TEST(DistributedSolveTest, HexAndTriangleSetsMatchSingleProcess) {
    // The bundled generated sets (datasets/generated), with auto's choice of A* or fields per goal group.
    const std::string generated = testing::dataset_folder() + "/../generated/";
    expect_same_as_single_process(generated + "hex/random128-hex.map.scen " + generated +
                                      "triangle/rooms128-triangle.map.scen",
                                  "--check", "shapes");
}

/// Solves every bundled file on `ranks` ranks with a summary and a paths file asked for in `folder`,
/// under `environment` (which makes one rank fail).
RunOutcome run_with_outputs(int ranks, const std::string& folder, const std::string& environment) {
    return run(ranks, "solve " + bundled_scenarios() + " --summary " + folder + "/summary.json --paths " + folder +
                          "/paths.csv",
               environment);
}

TEST(DistributedSolveTest, FailedRankFailsTheJobAndWritesNothing) {
    const std::string folder = testing::scratch_folder("distributed-failed");
    RunOutcome outcome = run_with_outputs(3, folder, "SWARMPATH_TEST_FAIL_RANK=2");
    EXPECT_NE(outcome.exit_code, 0);
    EXPECT_NE(outcome.standard_error.find("rank 2 of 3 failed while solving: out of memory"), std::string::npos)
        << outcome.standard_error;
    EXPECT_TRUE(files_in(folder).empty());
}

TEST(DistributedSolveTest, KilledRankFailsTheJobAndWritesNothing) {
    const std::string folder = testing::scratch_folder("distributed-killed");
    RunOutcome outcome = run_with_outputs(2, folder, "SWARMPATH_TEST_KILL_RANK=1");
    EXPECT_NE(outcome.exit_code, 0);
    EXPECT_NE(outcome.standard_error.find("rank 1"), std::string::npos) << outcome.standard_error;
    EXPECT_NE(outcome.standard_error.find("signal 9"), std::string::npos) << outcome.standard_error;
    EXPECT_TRUE(files_in(folder).empty());
}

TEST(DistributedSolveTest, InputErrorIsReportedOnceAndEveryRankExitsTwo) {
    const std::string folder = testing::scratch_folder("distributed-input");
    RunOutcome outcome = run(3, "solve " + dataset("dao/arena.map.scen") + " " + folder + "/missing.map.scen --paths " +
                                    folder + "/paths.csv");
    EXPECT_EQ(outcome.exit_code, 2) << outcome.standard_error;
    const std::string::size_type first = outcome.standard_error.find("missing.map.scen");
    ASSERT_NE(first, std::string::npos) << outcome.standard_error;
    EXPECT_EQ(outcome.standard_error.find("missing.map.scen", first + 1), std::string::npos) << outcome.standard_error;
    EXPECT_TRUE(files_in(folder).empty());
}

TEST(DistributedPrecomputeTest, TwoAndThreeRanksWriteTheOneProcessFileByteForByte) {
    const std::string folder = testing::scratch_folder("distributed-precompute");
    const std::string map = dataset("dao/den312d.map");
    RunOutcome single = run(0, "precompute " + map + " -o " + folder + "/one.oracle --threads 1 --progress never");
    ASSERT_EQ(single.exit_code, 0) << single.standard_error;
    for (int ranks : {2, 3}) {
        const std::string output = folder + "/ranks" + std::to_string(ranks) + ".oracle";
        RunOutcome distributed = run(ranks, "precompute " + map + " -o " + output + " --threads 1 --progress never");
        ASSERT_EQ(distributed.exit_code, 0) << distributed.standard_error;
        EXPECT_NE(distributed.standard_output.find(std::to_string(ranks) + " ranks"), std::string::npos)
            << distributed.standard_output;
        const std::string bytes = read_text(output);
        EXPECT_FALSE(bytes.empty());
        EXPECT_TRUE(bytes == read_text(folder + "/one.oracle")) << ranks << " ranks wrote other bytes";
    }
    RunOutcome answered = run(0, "solve " + dataset("dao/den312d.map.scen") + " --oracle " + folder + "/ranks2.oracle --check");
    EXPECT_EQ(answered.exit_code, 0) << answered.standard_error;
    RunOutcome missing = run(2, "precompute " + folder + "/missing.map -o " + folder + "/missing.oracle");
    EXPECT_EQ(missing.exit_code, 2) << missing.standard_error;
    EXPECT_NE(missing.standard_error.find("missing.map"), std::string::npos) << missing.standard_error;
}

}  // namespace
}  // namespace swarmpath::cli
