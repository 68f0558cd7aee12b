// `swarmpath solve` under mpirun, through the real executable: with 2 and 3 ranks on this
// machine, the paths file is byte-identical to a single-process run and the summary's counters are
// equal (square maps under A* and under auto, whose choice of JPS+ is made on whole files, sized
// agents, the bundled hex and triangle sets, and three files on one map,
// which each rank prepares once, as one process does); a rank that fails (test hook: as if out of
// memory) or is killed (SIGKILL) fails the whole job with a message naming the rank and leaves no output file; an input
// error is reported once; ranks that read different copies of an input (each rank started in a folder of its own, with
// mpirun's
// `-wdir`) refuse to run, naming the file and the ranks. `precompute` on 2 and 3 ranks writes the one-process oracle
// and goal-bounds files, and a search with those goal bounds finds the one-process paths. Assumes OpenMPI's mpirun
// (SWARMPATH_MPIEXEC) and runs it with --oversubscribe --allow-run-as-root.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "random_maps.hpp"
#include "run_command.hpp"

namespace swarmpath::cli {
namespace {

using testing::dataset;
using testing::read_text;

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
    const std::string folder = testing::scratch_folder("distributed-" + std::to_string(counter++));
    std::string launcher;
    if (ranks > 0) {
        launcher = std::string(SWARMPATH_MPIEXEC) + " --oversubscribe --allow-run-as-root -np " + std::to_string(ranks);
        if (!environment.empty()) launcher += " -x " + environment.substr(0, environment.find('='));
        launcher += " ";
    }
    const std::string command = "timeout 300 " + (environment.empty() ? std::string() : "env " + environment + " ") +
                                launcher + SWARMPATH_EXECUTABLE + " " + arguments + " >" + folder + "/stdout 2>" +
                                folder + "/stderr </dev/null";
    const int status = std::system(command.c_str());
    RunOutcome outcome;
    outcome.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    outcome.standard_output = read_text(folder + "/stdout");
    outcome.standard_error = read_text(folder + "/stderr");
    return outcome;
}

/// The summary without timings, page faults and the distribution fields, for comparing runs.
nlohmann::json counters_of(const std::string& summary_path) {
    nlohmann::json summary = nlohmann::json::parse(read_text(summary_path));
    for (const char* key :
         {"ranks", "rank_busy_seconds", "rank_cpu_seconds", "rank_queries", "rank_estimated_load", "imbalance",
          "estimated_imbalance", "distributed_wall_seconds", "bytes_gathered", "bytes_per_remote_query"}) {
        summary.erase(key);
    }
    for (nlohmann::json& file : summary["scenarios"]) {
        for (const char* key :
             {"search_seconds", "setup_seconds", "preprocessing_seconds", "setup_page_faults", "search_page_faults"}) {
            file.erase(key);
        }
    }
    for (const char* key : {"search_seconds", "setup_seconds", "cpu_seconds", "wall_seconds", "queries_per_second",
                            "expansions_per_second", "setup_page_faults", "search_page_faults"}) {
        summary["totals"].erase(key);
    }
    return summary;
}

/// No file at all in `folder` (no output and no temporary left behind).
std::vector<std::string> files_in(const std::string& folder) {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(folder))
        names.push_back(entry.path().filename().string());
    return names;
}

/// Runs `scenarios` with `options` in one process and on 2 and 3 ranks, and expects the same paths and
/// counters; `single_summary`, when given, receives the one process's summary.
void expect_same_as_single_process(const std::string& scenarios, const std::string& options, const std::string& name,
                                   nlohmann::json* single_summary = nullptr) {
    const std::string folder = testing::scratch_folder("distributed-" + name);
    const std::string common = "solve " + scenarios + " --threads 1 " + options;
    RunOutcome single = run(0, common + " --summary " + folder + "/single.json --paths " + folder + "/single.csv");
    ASSERT_EQ(single.exit_code, 0) << single.standard_error;
    if (single_summary != nullptr) *single_summary = nlohmann::json::parse(read_text(folder + "/single.json"));
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

TEST(DistributedSolveTest, AutoChoosesAsOneProcess) {
    // One process's auto builds the JPS+ table for den312d and Berlin_1_256 (not for arena's few
    // short queries): it pays over a whole file but not over a rank's share of it, so every rank
    // plans the whole file and chooses JPS+ too.
    nlohmann::json one;
    expect_same_as_single_process(bundled_scenarios(), "--check", "auto", &one);
    ASSERT_TRUE(one.contains("scenarios"));
    std::size_t table_files = 0;
    for (const nlohmann::json& file : one["scenarios"]) {
        table_files += file["algorithm"] == "jps+" ? 1 : 0;
    }
    EXPECT_GE(table_files, 1U) << "no file took JPS+: the test no longer shows the choice made on whole files";
}

TEST(DistributedSolveTest, GoalFieldsPathsAndCountersMatchSingleProcess) {
    // Fields group queries by goal: the shards must not split a group, or counters would differ.
    expect_same_as_single_process(dataset("dao/arena.map.scen") + " " + dataset("dao/den312d.map.scen"),
                                  "--algorithm flowfield", "flowfield");
}

TEST(DistributedSolveTest, SizedAgentsMatchSingleProcess) {
    // 2 x 2 agents on their derived grids, with auto's choice of fields per goal group or JPS.
    expect_same_as_single_process(dataset("dao/arena.map.scen") + " " + dataset("dao/den312d.map.scen"),
                                  "--agent-size 2", "sized");
}

TEST(DistributedSolveTest, MixedCrowdOfSizesAndClassesMatchesSingleProcess) {
    // One file whose rows name sizes 1 to 3 and two classes: six derived grids, split across ranks.
    const std::string folder = testing::scratch_folder("distributed-mixed-crowd-input");
    const testing::CommandOutcome crowd = testing::write_mixed_crowd(folder, 240);
    ASSERT_EQ(crowd.exit_code, 0) << crowd.standard_error;
    expect_same_as_single_process(folder + "/den312d.map.scen", "--check --classes-file " + folder + "/units.classes",
                                  "mixed-crowd");
}

TEST(DistributedSolveTest, HexAndTriangleSetsMatchSingleProcess) {
    // The bundled generated sets (datasets/generated), with auto's choice of A* or fields per goal group.
    const std::string generated = testing::dataset_folder() + "/../generated/";
    expect_same_as_single_process(
        generated + "hex/random128-hex.map.scen " + generated + "triangle/rooms128-triangle.map.scen", "--check",
        "shapes");
}

TEST(DistributedSolveTest, EachRankPreparesAMapOnceForAllItsFiles) {
    // Three files of 60 rows each on den312d: one process builds the JPS+ table for the first and
    // reuses it for the other two; so does every rank, and the merged summary says so as one
    // process's does (expect_same_as_single_process compares setup_reused with the rest).
    const std::string folder = testing::scratch_folder("distributed-one-map-files");
    std::filesystem::copy_file(dataset("dao/den312d.map"), folder + "/den312d.map");
    const std::vector<std::string> lines = testing::lines_of(read_text(dataset("dao/den312d.map.scen")));
    ASSERT_GT(lines.size(), 181U);
    std::string files;
    for (int file = 0; file < 3; ++file) {
        std::string text = lines[0] + "\n";
        for (int row = 0; row < 60; ++row) text += lines[1 + static_cast<std::size_t>(file * 60 + row)] + "\n";
        const std::string path = folder + "/part" + std::to_string(file) + ".map.scen";
        testing::write_text(path, text);
        files += path + " ";
    }
    RunOutcome single = run(0, "solve " + files + "--algorithm jps+ --threads 1 --summary " + folder + "/one.json");
    ASSERT_EQ(single.exit_code, 0) << single.standard_error;
    const nlohmann::json summary = nlohmann::json::parse(read_text(folder + "/one.json"));
    ASSERT_EQ(summary["scenarios"].size(), 3U);
    EXPECT_FALSE(summary["scenarios"][0]["setup_reused"].get<bool>());
    EXPECT_TRUE(summary["scenarios"][1]["setup_reused"].get<bool>());
    EXPECT_TRUE(summary["scenarios"][2]["setup_reused"].get<bool>());
    expect_same_as_single_process(files, "--algorithm jps+ --check", "one-map");
}

/// Solves every bundled file on `ranks` ranks with a summary and a paths file asked for in `folder`,
/// under `environment` (which makes one rank fail).
RunOutcome run_with_outputs(int ranks, const std::string& folder, const std::string& environment) {
    return run(
        ranks,
        "solve " + bundled_scenarios() + " --summary " + folder + "/summary.json --paths " + folder + "/paths.csv",
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

// `swarmpath` links no MPI: under a launcher it hands over to `swarmpath-mpi` beside it (the runs
// above show the ranks that build reports). A copy with no MPI build beside it refuses to run as a
// lone rank, naming what it looked for, rather than answering the whole job once per rank.
TEST(DistributedSolveTest, WithoutItsMpiBuildBesideItSwarmpathExitsTwoUnderALauncher) {
    const std::string folder = testing::scratch_folder("distributed-no-mpi-build");
    std::filesystem::copy_file(SWARMPATH_EXECUTABLE, folder + "/swarmpath");
    const std::string command = "env OMPI_COMM_WORLD_SIZE=2 " + folder + "/swarmpath --version >" + folder +
                                "/stdout 2>" + folder + "/stderr </dev/null";
    const int status = std::system(command.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 2);
    const std::string error = read_text(folder + "/stderr");
    EXPECT_NE(error.find(folder + "/swarmpath-mpi"), std::string::npos) << error;
    EXPECT_NE(error.find("cannot be run"), std::string::npos) << error;
    EXPECT_EQ(read_text(folder + "/stdout"), "");
    // Outside a launcher the same copy is the whole command line.
    EXPECT_EQ(std::system((folder + "/swarmpath --version >/dev/null 2>&1").c_str()), 0);
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

/// Runs one MPI job of `folders.size()` ranks, rank r started in `folders[r]`, all with `arguments`
/// (mpirun's multiple-program syntax: `-np 1 -wdir F0 swarmpath ... : -np 1 -wdir F1 swarmpath ...`).
RunOutcome run_in_folders(const std::vector<std::string>& folders, const std::string& arguments,
                          const std::string& capture) {
    std::string command = "timeout 300 " + std::string(SWARMPATH_MPIEXEC) + " --oversubscribe --allow-run-as-root";
    for (std::size_t rank = 0; rank < folders.size(); ++rank) {
        command += std::string(rank == 0 ? " " : " : ") + "-np 1 -wdir " + folders[rank] + " " + SWARMPATH_EXECUTABLE +
                   " " + arguments;
    }
    command += " >" + capture + "/stdout 2>" + capture + "/stderr </dev/null";
    const int status = std::system(command.c_str());
    RunOutcome outcome;
    outcome.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    outcome.standard_output = read_text(capture + "/stdout");
    outcome.standard_error = read_text(capture + "/stderr");
    return outcome;
}

/// Per-rank working folders, each with its own copy of the bundled arena map and scenario, and an
/// output folder; `change(rank, folder)` then edits some rank's copies.
class DisagreeingRanksTest : public ::testing::Test {
protected:
    void SetUp() override {
        const std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
        root_ = testing::scratch_folder("distributed-disagree-" + name);
        capture_ = testing::scratch_folder("distributed-disagree-" + name + "-capture");
        std::filesystem::remove_all(root_);
        std::filesystem::create_directories(root_ + "/out");
        for (int rank = 0; rank < 3; ++rank) {
            const std::string folder = root_ + "/rank" + std::to_string(rank);
            std::filesystem::create_directories(folder);
            for (const char* file : {"arena.map", "arena.map.scen"}) {
                std::filesystem::copy_file(dataset(std::string("dao/") + file), folder + "/" + file);
            }
            folders_.push_back(folder);
        }
    }

    /// Runs `arguments` on `ranks` ranks, each in its folder, and expects the refusal: exit 2, every
    /// text of `expected` on stderr, and every folder (inputs and outputs) as it was.
    void expect_refused(int ranks, const std::string& arguments, const std::vector<std::string>& expected) const {
        const std::vector<std::string> folders(folders_.begin(), folders_.begin() + ranks);
        const auto before = testing::folder_snapshot(root_);
        const RunOutcome outcome = run_in_folders(folders, arguments, capture_);
        EXPECT_EQ(outcome.exit_code, 2) << outcome.standard_error;
        for (const std::string& text : expected) {
            EXPECT_NE(outcome.standard_error.find(text), std::string::npos) << "expected '" << text << "' in:\n"
                                                                            << outcome.standard_error;
        }
        EXPECT_NE(outcome.standard_error.find("no output written"), std::string::npos) << outcome.standard_error;
        // Every rank's inputs as they were, no output, no temporary (compared whole, not printed).
        EXPECT_TRUE(testing::folder_snapshot(root_) == before) << "the folders changed";
        EXPECT_TRUE(files_in(root_ + "/out").empty());
    }

    [[nodiscard]] std::string outputs() const {
        return " --summary " + root_ + "/out/summary.json --paths " + root_ + "/out/paths.csv";
    }

    std::string root_;
    std::string capture_;  ///< standard output and error of the job, outside the compared folders
    std::vector<std::string> folders_;
};

TEST_F(DisagreeingRanksTest, IdenticalCopiesSolveAsOneProcessWould) {
    // The control: copies with the same bytes are accepted, so the refusals below are about the bytes.
    const RunOutcome outcome =
        run_in_folders({folders_[0], folders_[1]}, "solve arena.map.scen --check" + outputs(), capture_);
    ASSERT_EQ(outcome.exit_code, 0) << outcome.standard_error;
    EXPECT_EQ(nlohmann::json::parse(read_text(root_ + "/out/summary.json"))["ranks"], 2);
}

TEST_F(DisagreeingRanksTest, ScenarioCopyWithOtherStartsIsRefused) {
    // Rank 1's copy starts every row at its goal: same row count, map, goals and length buckets, so
    // both ranks plan the same shards, and without the check rank 1's answers would be merged as
    // those of the rows rank 0 read.
    std::string changed = "version 1\n";
    const std::string original = read_text(folders_[1] + "/arena.map.scen");
    std::size_t begin = original.find('\n') + 1;
    while (begin < original.size()) {
        const std::size_t end = original.find('\n', begin);
        std::vector<std::string> fields;
        std::size_t field_begin = begin;
        for (std::size_t tab; (tab = original.find('\t', field_begin)) < end; field_begin = tab + 1) {
            fields.push_back(original.substr(field_begin, tab - field_begin));
        }
        fields.push_back(original.substr(field_begin, end - field_begin));
        ASSERT_EQ(fields.size(), 9U);
        fields[4] = fields[6];
        fields[5] = fields[7];
        for (std::size_t index = 0; index < fields.size(); ++index) changed += (index == 0 ? "" : "\t") + fields[index];
        changed += "\n";
        begin = end + 1;
    }
    testing::write_text(folders_[1] + "/arena.map.scen", changed);
    expect_refused(2, "solve arena.map.scen" + outputs(),
                   {"scenario file arena.map.scen differs between ranks: rank 0 read XXH64 ", ", rank 1 read XXH64 "});
}

TEST_F(DisagreeingRanksTest, MapCopyWithOneOtherCellIsRefusedNamingEveryRank) {
    for (int rank : {1, 2}) {
        std::string map = read_text(folders_[static_cast<std::size_t>(rank)] + "/arena.map");
        const std::size_t row = map.find("\nT.....");
        ASSERT_NE(row, std::string::npos);
        map[row + 3] = '@';
        testing::write_text(folders_[static_cast<std::size_t>(rank)] + "/arena.map", map);
    }
    expect_refused(3, "solve arena.map.scen" + outputs(),
                   {"map arena.map differs between ranks: rank 0 read", ", ranks 1, 2 read"});
    expect_refused(3, "precompute arena.map --progress never -o " + root_ + "/out/arena.oracle",
                   {"map arena.map differs between ranks: rank 0 read", ", ranks 1, 2 read"});
}

TEST_F(DisagreeingRanksTest, MapMissingOnOneRankIsRefused) {
    std::filesystem::remove(folders_[1] + "/arena.map");
    expect_refused(2, "solve arena.map.scen" + outputs(),
                   {"map arena.map differs between ranks", "rank 1 could not read it"});
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
    RunOutcome answered =
        run(0, "solve " + dataset("dao/den312d.map.scen") + " --oracle " + folder + "/ranks2.oracle --check");
    EXPECT_EQ(answered.exit_code, 0) << answered.standard_error;
    RunOutcome missing = run(2, "precompute " + folder + "/missing.map -o " + folder + "/missing.oracle");
    EXPECT_EQ(missing.exit_code, 2) << missing.standard_error;
    EXPECT_NE(missing.standard_error.find("missing.map"), std::string::npos) << missing.standard_error;
}

TEST(DistributedPrecomputeTest, GoalBoundsOnTwoAndThreeRanksAreTheOneProcessBytesAndSearchAlike) {
    const std::string folder = testing::scratch_folder("distributed-goal-bounds");
    const std::string map = dataset("dao/den312d.map");
    const std::string kind = " --kind goal-bounds --threads 1 --progress never";
    RunOutcome single = run(0, "precompute " + map + " -o " + folder + "/one.bounds" + kind);
    ASSERT_EQ(single.exit_code, 0) << single.standard_error;
    for (int ranks : {2, 3}) {
        const std::string output = folder + "/ranks" + std::to_string(ranks) + ".bounds";
        RunOutcome distributed = run(ranks, "precompute " + map + " -o " + output + kind);
        ASSERT_EQ(distributed.exit_code, 0) << distributed.standard_error;
        EXPECT_NE(distributed.standard_output.find(std::to_string(ranks) + " ranks"), std::string::npos)
            << distributed.standard_output;
        const std::string bytes = read_text(output);
        EXPECT_FALSE(bytes.empty());
        EXPECT_TRUE(bytes == read_text(folder + "/one.bounds")) << ranks << " ranks wrote other bytes";
    }
    // Searched with them on one process and on two ranks: the same paths, byte for byte.
    const std::string solve = "solve " + dataset("dao/den312d.map.scen") + " --goal-bounds " + folder +
                              "/ranks3.bounds --check --threads 1 --paths " + folder;
    RunOutcome searched = run(0, solve + "/one.csv");
    ASSERT_EQ(searched.exit_code, 0) << searched.standard_error;
    RunOutcome shared = run(2, solve + "/two.csv");
    ASSERT_EQ(shared.exit_code, 0) << shared.standard_error;
    EXPECT_GT(read_text(folder + "/one.csv").size(), 1000U);
    EXPECT_TRUE(read_text(folder + "/one.csv") == read_text(folder + "/two.csv")) << "two ranks found other paths";
    RunOutcome foreign = run(2, "solve " + dataset("dao/arena.map.scen") + " --goal-bounds " + folder + "/one.bounds");
    EXPECT_EQ(foreign.exit_code, 2) << foreign.standard_error;
    EXPECT_NE(foreign.standard_error.find("was built for another map"), std::string::npos) << foreign.standard_error;
    RunOutcome costly = run(2, "precompute " + map + " -o " + folder + "/costly.bounds --terrain T=2" + kind);
    EXPECT_EQ(costly.exit_code, 2) << costly.standard_error;
    EXPECT_NE(costly.standard_error.find("uniform cost"), std::string::npos) << costly.standard_error;
}

}  // namespace
}  // namespace swarmpath::cli
