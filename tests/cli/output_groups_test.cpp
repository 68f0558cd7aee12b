// Outputs that stay one group against every outside pressure, through the real `swarmpath`
// executable: two spellings of one file (a symbolic link before "..", a working folder deeper than
// PATH_MAX), standard output that cannot be written (/dev/full through the shell), a second run
// writing the same outputs, a full disk that must be blamed on the file that filled it, and a target
// that cannot be replaced (chattr +i). Each case compares the scratch folder before and after.
// Assumes Linux, run as a user who may mount a tmpfs and set file attributes (root in CI); the cases
// that need those skip themselves when the system refuses.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <climits>
#include <csignal>
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

using testing::read_text;
using testing::write_text;

using Outcome = testing::CommandOutcome;
using testing::finish_captured_swarmpath;
using testing::folder_snapshot;

/// Seconds a run of these tests may take unless the test says otherwise.
constexpr int kRunSeconds = 120;

/// Copies every `step`-th row of a bundled scenario file, and its map, into `folder`: a run long
/// enough (a few seconds of A*) to be caught while it writes.
void copy_scenario_rows(const std::string& folder, std::size_t step) {
    const std::string source = std::string(SWARMPATH_SOURCE_DIR) + "/datasets/movingai/mazes/";
    fs::copy_file(source + "maze512-1-0.map", folder + "/maze512-1-0.map", fs::copy_options::overwrite_existing);
    const std::string rows = read_text(source + "maze512-1-0.map.scen");
    std::string kept;
    std::size_t line = 0;
    for (std::size_t start = 0; start < rows.size(); ++line) {
        const std::size_t end = rows.find('\n', start);
        if (line == 0 || line % step == 0) kept.append(rows, start, end - start + 1);
        start = end + 1;
    }
    write_text(folder + "/maze.map.scen", kept);
}

/// A scratch folder with a small solvable map and scenario file, and a capture folder beside it.
class OutputGroupsTest : public ::testing::Test {
protected:
    void SetUp() override {
        const std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
        root_ = testing::scratch_folder("output-groups-" + name);
        work_ = root_ + "/work";
        capture_ = root_ + "/capture";
        std::system(("rm -rf '" + root_ + "'").c_str());  // a deep tree: rm copes where paths are too long
        fs::create_directories(work_);
        fs::create_directories(capture_);
        write("tiny.map", "type octile\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n");
        write("tiny.map.scen",
              "version 1\n0\ttiny.map\t4\t3\t0\t0\t3\t2\t3.82842712\n"
              "0\ttiny.map\t4\t3\t3\t0\t0\t2\t3.82842712\n");
    }
    void TearDown() override {
        if (!mounted_.empty()) std::system(("umount '" + mounted_ + "'").c_str());
        std::system(("chattr -i -R '" + work_ + "' 2>/dev/null; rm -rf '" + root_ + "'").c_str());
    }

    [[nodiscard]] std::string path(const std::string& name) const { return work_ + "/" + name; }
    void write(const std::string& name, const std::string& contents) const { write_text(path(name), contents); }

    pid_t start(const std::vector<std::string>& arguments, const std::string& capture_name = "") const {
        const std::string capture = capture_ + capture_name;
        fs::create_directories(capture);
        return testing::start_captured_swarmpath(arguments, work_, capture);
    }
    Outcome run(const std::vector<std::string>& arguments) const {
        return finish_captured_swarmpath(start(arguments), capture_, kRunSeconds);
    }

    /// Runs `arguments` through the shell in the work folder with standard output sent to /dev/full.
    Outcome run_into_full_device(const std::string& arguments) const {
        const std::string command = "cd '" + work_ + "' && timeout 60 " + SWARMPATH_EXECUTABLE + " " + arguments +
                                    " >/dev/full 2>'" + capture_ + "/stderr' </dev/null";
        const int status = std::system(command.c_str());
        Outcome outcome;
        outcome.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        outcome.standard_error = read_text(capture_ + "/stderr");
        return outcome;
    }

    /// Runs a command that must be refused: exit 2 with `message`, and the folder exactly as it was.
    void expect_refused(const std::vector<std::string>& arguments, const std::string& message) const {
        const auto before = folder_snapshot(work_);
        const Outcome outcome = run(arguments);
        EXPECT_EQ(outcome.exit_code, 2) << outcome.standard_error;
        EXPECT_NE(outcome.standard_error.find(message), std::string::npos)
            << "expected '" << message << "' in: " << outcome.standard_error;
        EXPECT_EQ(outcome.standard_output, "");  // refused before the batch: no table
        EXPECT_EQ(folder_snapshot(work_), before);
    }

    /// Mounts a tmpfs of `bytes` at `name` in the work folder; false when the system refuses.
    bool mount_small_disk(const std::string& name, std::size_t bytes) {
        fs::create_directories(path(name));
        const std::string command =
            "mount -t tmpfs -o size=" + std::to_string(bytes) + " swarmpath-test '" + path(name) + "' 2>/dev/null";
        if (std::system(command.c_str()) != 0) return false;
        mounted_ = path(name);
        return true;
    }

    std::string root_;
    std::string work_;
    std::string capture_;
    std::string mounted_;
};

// --- Two names for one file ---------------------------------------------------------------------

TEST_F(OutputGroupsTest, AnOutputIsKnownByItsFolderAndNameNotByTheTextOfItsPath) {
    fs::create_directories(path("sub/inner"));
    fs::create_symlink("sub/inner", path("link"));  // link/.. is sub, not the work folder
    expect_refused({"solve", "tiny.map.scen", "--paths", "link/../x.csv", "--stats", "sub/x.csv"},
                   "--paths and --stats name the same output");
    expect_refused({"solve", "tiny.map.scen", "--summary", "link/../../tiny.map.scen"}, "it is the scenario file");
    // Two different files that text would call one: both are written.
    const Outcome outcome = run({"solve", "tiny.map.scen", "--paths", "link/../y.csv", "--stats", "y.csv"});
    ASSERT_EQ(outcome.exit_code, 0) << outcome.standard_error;
    EXPECT_EQ(read_text(path("sub/y.csv")).rfind("scenario,query,status,cost,path\n", 0), 0U);
    EXPECT_NE(read_text(path("y.csv")).find("expanded"), std::string::npos);
}

TEST_F(OutputGroupsTest, AWorkingFolderDeeperThanPathMaxKeepsOutputsApart) {
    // Built one level at a time, relative to the last: its full path is longer than PATH_MAX.
    int folder = ::open(work_.c_str(), O_RDONLY | O_DIRECTORY);
    ASSERT_GE(folder, 0);
    const std::string level(200, 'd');
    for (std::size_t depth = 0; depth * (level.size() + 1) <= PATH_MAX; ++depth) {
        ASSERT_EQ(::mkdirat(folder, level.c_str(), 0755), 0);
        const int inner = ::openat(folder, level.c_str(), O_RDONLY | O_DIRECTORY);
        ::close(folder);
        folder = inner;
        ASSERT_GE(folder, 0);
    }
    ASSERT_EQ(::mkdirat(folder, "sub", 0755), 0);
    ASSERT_EQ(::mkdirat(folder, "sub/inner", 0755), 0);
    ASSERT_EQ(::symlinkat("sub/inner", folder, "link"), 0);
    const std::string map = read_text(path("tiny.map"));
    const std::string rows = read_text(path("tiny.map.scen"));
    for (const auto& [name, contents] : {std::pair{"tiny.map", map}, std::pair{"tiny.map.scen", rows}}) {
        const int file = ::openat(folder, name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        ASSERT_GE(file, 0);
        ASSERT_EQ(::write(file, contents.data(), contents.size()), static_cast<ssize_t>(contents.size()));
        ::close(file);
    }
    auto run_deep = [&](const std::vector<std::string>& arguments) {
        const pid_t child = ::fork();
        if (child == 0) {
            const int output = ::open((capture_ + "/stdout").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            const int error = ::open((capture_ + "/stderr").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (output < 0 || error < 0 || ::fchdir(folder) != 0) ::_exit(126);
            ::dup2(output, 1);
            ::dup2(error, 2);
            testing::exec_swarmpath(arguments);
        }
        return finish_captured_swarmpath(child, capture_, kRunSeconds);
    };
    auto exists = [&](const char* name) { return ::faccessat(folder, name, F_OK, 0) == 0; };
    // link/.. is sub: link/../x.csv and sub/x.csv are one file.
    const Outcome same = run_deep({"solve", "tiny.map.scen", "--paths", "link/../x.csv", "--stats", "sub/x.csv"});
    EXPECT_EQ(same.exit_code, 2) << same.standard_error;
    EXPECT_NE(same.standard_error.find("name the same output"), std::string::npos) << same.standard_error;
    EXPECT_FALSE(exists("sub/x.csv"));
    // ../y.csv and y.csv are two files, in two folders whose paths are too long to spell out.
    const Outcome apart = run_deep({"solve", "tiny.map.scen", "--paths", "../y.csv", "--stats", "y.csv"});
    EXPECT_EQ(apart.exit_code, 0) << apart.standard_error;
    EXPECT_TRUE(exists("../y.csv"));
    EXPECT_TRUE(exists("y.csv"));
    ::close(folder);
}

// --- Standard output ------------------------------------------------------------------------------

TEST_F(OutputGroupsTest, StandardOutputThatCannotBeWrittenIsExitTwoInEveryCommand) {
    const std::vector<std::string> commands = {
        "route tiny.map 0 0 3 2",
        "route tiny.map 0 0 3 2 --no-map",
        "validate tiny.map tiny.map.scen",
        "solve tiny.map.scen",
        "solve tiny.map.scen --summary -",
        "solve tiny.map.scen --paths -",
        "solve tiny.map.scen --stats -",
        "render tiny.map -o -",
        "generate random --width 8 --height 8 -o -",
        "generate crowd tiny.map --agents 3 --goals 1 -o -",
        "field tiny.map 0 0 -o -",
        "precompute tiny.map -o -",
        "--help",
        "solve --help",
        "--version",
    };
    for (const std::string& command : commands) {
        SCOPED_TRACE(command);
        const auto before = folder_snapshot(work_);
        const Outcome outcome = run_into_full_device(command);
        EXPECT_EQ(outcome.exit_code, 2) << outcome.standard_error;
        EXPECT_NE(outcome.standard_error.find("cannot write to standard output"), std::string::npos)
            << outcome.standard_error;
        EXPECT_EQ(folder_snapshot(work_), before);
    }
    // A table that could not be printed fails the run before its files are put in place.
    const auto before = folder_snapshot(work_);
    const Outcome table = run_into_full_device("solve tiny.map.scen --summary s.json --paths p.csv");
    EXPECT_EQ(table.exit_code, 2) << table.standard_error;
    EXPECT_EQ(folder_snapshot(work_), before);
    // Standard output on a disk that fills: the output is larger than the disk, so an earlier write
    // fails, not the last flush.
    if (!mount_small_disk("small", 64 * 1024)) GTEST_SKIP() << "cannot mount a tmpfs here";
    const std::string big_map = "type octile\nheight 512\nwidth 512\nmap\n" + [] {
        std::string rows;
        for (int row = 0; row < 512; ++row) rows += std::string(512, '.') + "\n";
        return rows;
    }();
    write("big.map", big_map);
    const int status = std::system(("cd '" + work_ + "' && " + SWARMPATH_EXECUTABLE + " route big.map 0 0 511 511 " +
                                    ">small/route.txt 2>'" + capture_ + "/stderr'")
                                       .c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 2);
    EXPECT_NE(read_text(capture_ + "/stderr").find("cannot write to standard output"), std::string::npos);
}

// --- Two runs writing the same outputs ------------------------------------------------------------

TEST_F(OutputGroupsTest, ASecondRunOnTheSameOutputsIsRefusedAndTheFirstStaysWhole) {
    copy_scenario_rows(work_, 40);
    fs::create_directories(path("sub"));
    const pid_t first = start(
        {"solve", "maze.map.scen", "--algorithm", "astar", "--threads", "1", "--summary", "s.json", "--paths", "p.csv"},
        "/first");
    // Once the first run's paths temporary holds data, its outputs are claimed; stop it there, so
    // that the second run certainly meets it, however fast or slow the machine.
    bool writing = false;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (!writing && std::chrono::steady_clock::now() < deadline) {
        for (const fs::directory_entry& entry : fs::directory_iterator(work_)) {
            std::error_code error;
            if (entry.path().filename().string().rfind(".p.csv.swarmpath-", 0) == 0 &&
                fs::file_size(entry.path(), error) > 0 && !error) {
                writing = true;
            }
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    ASSERT_TRUE(writing) << "the first run never started writing its paths file";
    ASSERT_EQ(::kill(first, SIGSTOP), 0);
    const std::size_t entries_before = folder_snapshot(work_).size();

    // The same outputs, and the same paths file under another spelling: refused at once.
    for (const std::vector<std::string>& arguments :
         {std::vector<std::string>{"solve", "tiny.map.scen", "--summary", "s.json", "--paths", "p.csv"},
          std::vector<std::string>{"solve", "tiny.map.scen", "--paths", "sub/../p.csv"}}) {
        const Outcome second = finish_captured_swarmpath(start(arguments, "/second"), capture_ + "/second", 60);
        EXPECT_EQ(second.exit_code, 2) << second.standard_error;
        EXPECT_NE(second.standard_error.find("another swarmpath run is writing this file"), std::string::npos)
            << second.standard_error;
        EXPECT_EQ(second.standard_output, "");  // refused before any work
    }
    // Other names in the same folder are free.
    const Outcome neighbour = finish_captured_swarmpath(
        start({"solve", "tiny.map.scen", "--summary", "other.json"}, "/third"), capture_ + "/third", 60);
    EXPECT_EQ(neighbour.exit_code, 0) << neighbour.standard_error;
    EXPECT_EQ(folder_snapshot(work_).size(), entries_before + 1);  // other.json, and nothing of the refused runs

    ASSERT_EQ(::kill(first, SIGCONT), 0);
    const Outcome outcome = finish_captured_swarmpath(first, capture_ + "/first", 600);
    ASSERT_EQ(outcome.exit_code, 0) << outcome.standard_error;
    // The first run's outputs are whole and belong together.
    const nlohmann::json summary = nlohmann::json::parse(read_text(path("s.json")));
    const std::string paths = read_text(path("p.csv"));
    std::size_t lines = 0;
    for (const char letter : paths) lines += letter == '\n' ? 1 : 0;
    EXPECT_EQ(summary["totals"]["queries"].get<std::size_t>() + 1, lines);  // a header and one row per query
    EXPECT_EQ(summary["scenarios"][0]["file"], "maze.map.scen");
    for (const auto& [name, contents] : folder_snapshot(work_))
        EXPECT_EQ(name.find(".swarmpath-"), std::string::npos) << name;
}

// --- Messages that mislead --------------------------------------------------------------------------

TEST_F(OutputGroupsTest, AFullDiskIsBlamedOnTheFileThatFilledIt) {
    copy_scenario_rows(work_, 200);  // about a megabyte of paths, a short summary
    if (!mount_small_disk("full", 256 * 1024)) GTEST_SKIP() << "cannot mount a tmpfs here";
    write("full/s.json", "an earlier summary\n");
    const auto before = folder_snapshot(work_);
    const Outcome outcome =
        run({"solve", "maze.map.scen", "--summary", "full/s.json", "--paths", "full/p.csv", "--threads", "1"});
    EXPECT_EQ(outcome.exit_code, 2) << outcome.standard_error;
    EXPECT_NE(outcome.standard_error.find("full/p.csv: cannot write file: No space left on device"), std::string::npos)
        << outcome.standard_error;
    EXPECT_EQ(outcome.standard_error.find("s.json"), std::string::npos) << outcome.standard_error;
    EXPECT_EQ(folder_snapshot(work_), before);  // the earlier summary kept, no temporary left on the full disk
}

TEST_F(OutputGroupsTest, ATargetThatCannotBeReplacedFailsBeforeAnyWork) {
    copy_scenario_rows(work_, 40);  // seconds of work, which the refusal must not wait for
    write("kept.json", "an immutable summary\n");
    if (std::system(("chattr +i '" + path("kept.json") + "' 2>/dev/null").c_str()) != 0) {
        GTEST_SKIP() << "chattr +i is not supported here";
    }
    expect_refused({"solve", "maze.map.scen", "--algorithm", "astar", "--summary", "kept.json", "--paths", "p.csv"},
                   "kept.json: refusing to write: the file is immutable (chattr +i)");
    std::system(("chattr -i '" + path("kept.json") + "'; chattr +a '" + path("kept.json") + "'").c_str());
    expect_refused({"solve", "maze.map.scen", "--algorithm", "astar", "--summary", "kept.json"},
                   "kept.json: refusing to write: the file is append-only (chattr +a)");
    std::system(("chattr -a '" + path("kept.json") + "'").c_str());
    // A folder whose entries cannot be removed: nothing finished could be renamed into it.
    fs::create_directories(path("log"));
    ASSERT_EQ(std::system(("chattr +a '" + path("log") + "'").c_str()), 0);
    expect_refused({"solve", "maze.map.scen", "--algorithm", "astar", "--paths", "log/p.csv"},
                   "log/p.csv: cannot write file: its folder is append-only");
    std::system(("chattr -a '" + path("log") + "'").c_str());
}

}  // namespace
}  // namespace swarmpath::cli
