// The command line when a resource runs out, through the real executable started by a child shell
// under `ulimit`: address space (-v), file size (-f) and CPU time (-t), for every subcommand that
// works or writes (solve, precompute, field, render, generate, route). A run either finishes (exit 0,
// its outputs whole, no temporary file) or stops with exit 2, a message naming what ran out, and its
// working folder exactly as before; it never dies of a signal (SIGABRT, SIGXFSZ, SIGXCPU). Where a
// limit must be reached, the case says so and asserts it. Also the bound on --threads.
// Assumes /bin/sh accepts `ulimit -v`, `-f` and `-t` (dash and bash do), GNU `timeout`, and that the
// limits chosen sit above what the dynamic loader needs to start the executable.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "random_maps.hpp"
#include "run_command.hpp"

namespace swarmpath::cli {
namespace {

namespace fs = std::filesystem;
using testing::folder_snapshot;
using testing::read_text;
using testing::write_text;

struct LimitedRunOutcome {
    int exit_code = -1;  ///< exit status, or 128 + the signal that ended the run
    std::string standard_output;
    std::string standard_error;
};

/// Every entry of a folder (recursively) with its contents, to compare before and after a run.
using Snapshot = std::map<std::string, std::string>;

/// Names in `entries` that look like a temporary output file.
std::vector<std::string> temporaries(const Snapshot& entries) {
    std::vector<std::string> found;
    for (const auto& [name, contents] : entries) {
        if (name.find(".swarmpath-") != std::string::npos || name.ends_with(".tmp")) found.push_back(name);
    }
    return found;
}

/// The shared inputs: a 4096 x 4096 open map with two rows (16 MB: loading and searching it needs more
/// than the small address-space limits below), and copies of bundled maps for the smaller jobs.
class ResourceLimitsTest : public ::testing::Test {
protected:
    void SetUp() override {
        const std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
        root_ = testing::scratch_folder("resource-limits-" + name);
        work_ = root_ + "/work";
        capture_ = root_ + "/capture";
        fs::remove_all(root_);
        fs::create_directories(work_);
        fs::create_directories(capture_);
        const std::string row(4096, '.');
        std::string map = "type octile\nheight 4096\nwidth 4096\nmap\n";
        map.reserve(map.size() + 4097 * 4096);
        for (int line = 0; line < 4096; ++line) map += row + "\n";
        write_text(work_ + "/open.map", map);
        write_text(work_ + "/open.map.scen",
                   "version 1\n0\topen.map\t4096\t4096\t0\t0\t4095\t4095\t0\n"
                   "0\topen.map\t4096\t4096\t10\t4000\t4000\t20\t0\n");
        const std::string bundled = testing::dataset_folder();
        for (const char* file : {"dao/den312d.map", "dao/den312d.map.scen", "sc1/CatwalkAlley.map"}) {
            fs::copy_file(bundled + "/" + file, work_ + "/" + fs::path(file).filename().string());
        }
        // Earlier outputs that a stopped run must leave as they are.
        for (const char* output :
             {"paths.csv", "summary.json", "out.oracle", "out.field", "out.png", "out.txt", "out.map"}) {
            write_text(work_ + "/" + output, std::string("earlier ") + output + "\n");
        }
    }
    void TearDown() override {
        std::error_code ignored;
        fs::remove_all(root_, ignored);
    }

    /// Runs `swarmpath arguments` in the work folder from `/bin/sh -c 'LIMIT; exec swarmpath ...'`.
    [[nodiscard]] LimitedRunOutcome run_limited(const std::string& limit, const std::string& arguments) const {
        const std::string command = "cd " + work_ + " && timeout 300 /bin/sh -c '" + limit + "; exec " +
                                    SWARMPATH_EXECUTABLE + " " + arguments + "' >" + capture_ + "/stdout 2>" +
                                    capture_ + "/stderr </dev/null";
        const int status = std::system(command.c_str());
        LimitedRunOutcome outcome;
        outcome.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        outcome.standard_output = read_text(capture_ + "/stdout");
        outcome.standard_error = read_text(capture_ + "/stderr");
        return outcome;
    }

    /// Runs under `limit` and checks the guarantee: exit 0 with no temporary left, or exit 2 with one
    /// of `messages` on stderr and the folder exactly as before. Returns true when the run stopped.
    bool expect_finished_or_stopped_cleanly(const std::string& limit, const std::string& arguments,
                                            const std::vector<std::string>& messages) const {
        SCOPED_TRACE(limit + "; swarmpath " + arguments);
        const Snapshot before = folder_snapshot(work_);
        const LimitedRunOutcome outcome = run_limited(limit, arguments);
        const Snapshot after = folder_snapshot(work_);
        EXPECT_TRUE(outcome.exit_code == 0 || outcome.exit_code == 2)
            << "exit " << outcome.exit_code << " (128 + a signal is a crash)\n"
            << outcome.standard_error;
        EXPECT_TRUE(temporaries(after).empty()) << temporaries(after).front();
        if (outcome.exit_code != 2) return false;
        bool named = false;
        for (const std::string& message : messages)
            named = named || outcome.standard_error.find(message) != std::string::npos;
        EXPECT_TRUE(named) << outcome.standard_error;
        EXPECT_TRUE(after == before) << "a stopped run changed the folder";
        return true;
    }

    std::string root_;
    std::string work_;
    std::string capture_;
};

const std::vector<std::string> kMemoryMessages = {"out of memory", "could not create a thread"};

TEST_F(ResourceLimitsTest, LoadingABigMapUnderAnAddressSpaceLimitIsOutOfMemory) {
    // One worker thread, so the limit is spent on the map and its search, not on thread stacks.
    EXPECT_TRUE(expect_finished_or_stopped_cleanly(
        "ulimit -v 150000", "solve open.map.scen --threads 1 --summary summary.json --paths paths.csv",
        {"out of memory"}))
        << "the address-space limit was not reached";
}

TEST_F(ResourceLimitsTest, EverySubcommandUnderAnAddressSpaceLimitStopsCleanly) {
    const std::string limit = "ulimit -v 150000";
    for (const std::string& arguments : {std::string("route open.map 0 0 4095 4095 --no-map"),
                                         std::string("field open.map 0 0 -o out.field --png out.png"),
                                         std::string("render open.map -o out.png --scen open.map.scen"),
                                         std::string("precompute open.map -o out.oracle --threads 1 --progress never"),
                                         std::string("generate random --width 8192 --height 8192 -o out.map")}) {
        expect_finished_or_stopped_cleanly(limit, arguments, kMemoryMessages);
    }
}

TEST_F(ResourceLimitsTest, SmallAddressSpaceLimitsAtStartStopCleanly) {
    // From too little to start the allocator and the threads, up to enough for this small job.
    int stopped = 0;
    for (int kilobytes : {30000, 45000, 55000, 65000, 90000}) {
        const std::string limit = "ulimit -v " + std::to_string(kilobytes);
        if (expect_finished_or_stopped_cleanly(limit, "solve den312d.map.scen --summary summary.json --paths paths.csv",
                                               kMemoryMessages)) {
            ++stopped;
        }
    }
    EXPECT_GT(stopped, 0) << "no limit was small enough to stop the run";
}

TEST_F(ResourceLimitsTest, WritingPastTheFileSizeLimitStopsEverySubcommand) {
    // 16 blocks (8 or 16 KiB, by the shell): each output below is larger.
    for (const std::string& arguments :
         {std::string("solve den312d.map.scen --summary summary.json --paths paths.csv"),
          std::string("solve den312d.map.scen --paths paths.csv.gz --stats out.txt"),
          std::string("precompute den312d.map -o out.oracle --progress never"),
          std::string("field den312d.map 40 40 -o out.field --png out.png"),
          std::string("render CatwalkAlley.map -o out.txt --scale 1"), std::string("generate random -o out.map")}) {
        EXPECT_TRUE(expect_finished_or_stopped_cleanly("ulimit -f 16", arguments,
                                                       {"the file size limit, ulimit -f, was reached"}))
            << arguments << ": the file size limit was not reached";
    }
}

TEST_F(ResourceLimitsTest, ReachingTheCpuTimeLimitStopsTheRun) {
    // Equal soft and hard limits (plain `ulimit -t`): the kernel's SIGKILL at the hard limit must not
    // come first. All-pairs first moves of a 512 x 512 map take far more than two seconds.
    EXPECT_TRUE(expect_finished_or_stopped_cleanly(
        "ulimit -t 2", "precompute CatwalkAlley.map -o out.oracle --progress never", {"CPU time limit reached"}))
        << "the CPU time limit was not reached";
}

TEST_F(ResourceLimitsTest, EverySubcommandAtTheSoftCpuTimeLimitStopsCleanly) {
    for (const std::string& arguments :
         {std::string("solve open.map.scen --threads 1 --summary summary.json --paths paths.csv"),
          std::string("route open.map 0 0 4095 4095 --no-map --heuristic zero"),
          std::string("field open.map 0 0 -o out.field --png out.png"),
          std::string("render open.map -o out.png --scen open.map.scen"),
          std::string("generate random --width 2048 --height 2048 --scenarios 100 -o out.map")}) {
        expect_finished_or_stopped_cleanly("ulimit -S -t 1", arguments, {"CPU time limit reached"});
    }
}

TEST_F(ResourceLimitsTest, ThreadCountIsBoundedBeforeAnyThreadIsCreated) {
    for (const char* command :
         {"solve den312d.map.scen --summary summary.json", "precompute den312d.map -o out.oracle"}) {
        SCOPED_TRACE(command);
        const Snapshot before = folder_snapshot(work_);
        const LimitedRunOutcome refused = run_limited("true", std::string(command) + " --threads 100000");
        EXPECT_EQ(refused.exit_code, 2) << refused.standard_error;
        EXPECT_NE(refused.standard_error.find("0 to 1024"), std::string::npos) << refused.standard_error;
        EXPECT_TRUE(folder_snapshot(work_) == before) << "a refused run changed the folder";
    }
    // The most a user may ask for is accepted, and the run uses at most one thread per hardware thread.
    const LimitedRunOutcome most = run_limited("true", "solve den312d.map.scen --threads 1024 --summary summary.json");
    ASSERT_EQ(most.exit_code, 0) << most.standard_error;
    const nlohmann::json summary = nlohmann::json::parse(read_text(work_ + "/summary.json"));
    EXPECT_EQ(summary["threads_requested"], 1024);
    EXPECT_GE(summary["threads"].get<unsigned>(), 1U);
    EXPECT_LE(summary["threads"].get<unsigned>(), std::max(1U, std::thread::hardware_concurrency()));
}

}  // namespace
}  // namespace swarmpath::cli
