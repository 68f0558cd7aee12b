// Safe outputs and hostile surroundings through the real `swarmpath` executable, run as a
// user would (no shell, in a scratch working folder, under a timeout). Each case asserts the exit
// code and the message, and compares a snapshot of the whole scratch folder before and after: every
// input and every file that was there before is byte-identical (links still links, FIFOs still
// FIFOs), no temporary file is left, and only the outputs the case expects have appeared.
// Assumes Linux (FIFOs, /dev/null, /proc) and that the tests may create files in the build tree.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "random_maps.hpp"
#include "run_command.hpp"

namespace swarmpath::cli {
namespace {

namespace fs = std::filesystem;

using Outcome = testing::CommandOutcome;

using testing::finish_captured_swarmpath;
using testing::folder_snapshot;
using testing::read_text;
using testing::start_captured_swarmpath;
using testing::write_text;

/// What a folder holds (testing::folder_snapshot).
using Snapshot = std::map<std::string, std::string>;

/// A scratch folder with a small solvable map and scenario file, and a capture folder beside it.
class OutputSafetyTest : public ::testing::Test {
protected:
    void SetUp() override {
        const std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
        root_ = testing::scratch_folder("output-safety-" + name);
        work_ = root_ + "/work";
        capture_ = root_ + "/capture";
        fs::remove_all(work_);
        fs::create_directories(work_);
        fs::create_directories(capture_);
        write("tiny.map", "type octile\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n");
        write("tiny.map.scen",
              "version 1\n0\ttiny.map\t4\t3\t0\t0\t3\t2\t3.82842712\n"
              "0\ttiny.map\t4\t3\t3\t0\t0\t2\t3.82842712\n");
    }
    void TearDown() override {
        std::error_code ignored;
        fs::remove_all(root_, ignored);
    }

    [[nodiscard]] std::string path(const std::string& name) const { return work_ + "/" + name; }
    void write(const std::string& name, const std::string& contents) const { write_text(path(name), contents); }

    Outcome run(const std::vector<std::string>& arguments, int timeout_seconds = 60) const {
        return finish_captured_swarmpath(start_captured_swarmpath(arguments, work_, capture_), capture_,
                                         timeout_seconds);
    }

    /// Runs a command that must be refused: exit 2 with `message` in its error, and the folder exactly
    /// as it was (no output, no temporary file, every input and earlier file untouched).
    void expect_refused(const std::vector<std::string>& arguments, const std::string& message) const {
        const Snapshot before = folder_snapshot(work_);
        const Outcome outcome = run(arguments, 20);
        EXPECT_FALSE(outcome.timed_out);
        EXPECT_EQ(outcome.exit_code, 2) << outcome.standard_error;
        EXPECT_NE(outcome.standard_error.find(message), std::string::npos)
            << "expected '" << message << "' in: " << outcome.standard_error;
        EXPECT_EQ(folder_snapshot(work_), before);
    }

    /// Names in the folder that look like temporary files.
    [[nodiscard]] std::vector<std::string> temporaries() const {
        std::vector<std::string> found;
        for (const auto& [name, contents] : folder_snapshot(work_)) {
            if (name.find(".swarmpath-") != std::string::npos || name.find(".tmp") != std::string::npos) {
                found.push_back(name);
            }
        }
        return found;
    }

    std::string root_;
    std::string work_;
    std::string capture_;
};

// --- 1. An output never destroys anything but itself -------------------------------------------

TEST_F(OutputSafetyTest, OutputThatIsAnInputIsRefusedBeforeAnyWork) {
    expect_refused({"solve", "tiny.map.scen", "--paths", "tiny.map.scen"}, "it is the scenario file");
    expect_refused({"solve", "tiny.map.scen", "--summary", "./tiny.map"}, "it is the map named by");
    expect_refused({"solve", "tiny.map.scen", "--summary", "../work/tiny.map.scen"}, "it is the scenario file");
    write("terrain.txt", "W=2\n");
    expect_refused({"solve", "tiny.map.scen", "--terrain-file", "terrain.txt", "--paths", "terrain.txt"},
                   "it is the terrain file");
    write("edits.txt", "1 1 .\n");
    expect_refused({"solve", "tiny.map.scen", "--edits", "edits.txt", "--summary", "edits.txt"},
                   "it is the edits file");
    // A hard link to an input is the same file under another name.
    ASSERT_EQ(::link(path("tiny.map.scen").c_str(), path("alias.csv").c_str()), 0);
    expect_refused({"solve", "tiny.map.scen", "--paths", "alias.csv"}, "it is the scenario file");
    expect_refused({"render", "tiny.map", "-o", "tiny.map"}, "it is the map");
    expect_refused({"render", "tiny.map", "--scen", "tiny.map.scen", "-o", "tiny.map.scen"}, "it is the scenario file");
    expect_refused({"field", "tiny.map", "0", "0", "-o", "tiny.map"}, "it is the map");
    expect_refused({"generate", "crowd", "tiny.map", "--agents", "3", "--goals", "1", "-o", "tiny.map"},
                   "it is the map");
}

TEST_F(OutputSafetyTest, TwoOutputsOfOneRunMayNotBeTheSameFile) {
    expect_refused({"solve", "tiny.map.scen", "--summary", "x.out", "--paths", "x.out"}, "name the same output");
    fs::create_directories(path("sub"));
    expect_refused({"solve", "tiny.map.scen", "--summary", "x.out", "--paths", "./sub/../x.out"},
                   "name the same output");
    write("earlier.json", "from an earlier run\n");
    ASSERT_EQ(::link(path("earlier.json").c_str(), path("hard.csv").c_str()), 0);
    expect_refused({"solve", "tiny.map.scen", "--summary", "earlier.json", "--paths", "hard.csv"},
                   "name the same output");
    expect_refused({"solve", "tiny.map.scen", "--summary", "-", "--paths", "-"}, "name the same output");
    expect_refused({"field", "tiny.map", "0", "0", "-o", "f.bin", "--png", "f.bin"}, "name the same output");
    expect_refused({"generate", "random", "--width", "8", "--height", "8", "-o", "g.map", "--scenarios", "3",
                    "--scenario-output", "g.map"},
                   "name the same output");
}

TEST_F(OutputSafetyTest, LinksDevicesFifosAndFoldersAreNeverReplaced) {
    write("victim.txt", "precious\n");
    ASSERT_EQ(::symlink("victim.txt", path("link.json").c_str()), 0);
    expect_refused({"solve", "tiny.map.scen", "--summary", "link.json"}, "is a symbolic link");
    ASSERT_EQ(::symlink("/no/such/target", path("dangling.csv").c_str()), 0);
    expect_refused({"solve", "tiny.map.scen", "--paths", "dangling.csv"}, "is a symbolic link");
    ASSERT_EQ(::mkfifo(path("pipe").c_str(), 0644), 0);
    expect_refused({"solve", "tiny.map.scen", "--summary", "pipe"}, "is a FIFO");  // at once: no reader is awaited
    fs::create_directories(path("folder"));
    expect_refused({"solve", "tiny.map.scen", "--paths", "folder"}, "is a directory");
    expect_refused({"solve", "tiny.map.scen", "--paths", "folder/"}, "the name is a folder");
    expect_refused({"solve", "tiny.map.scen", "--summary", "/dev/zero"}, "is a character device");
    expect_refused({"render", "tiny.map", "-o", "link.json"}, "is a symbolic link");

    // The null device is the one device written to: the data is discarded and /dev/null stays a device.
    const Outcome discarded = run({"solve", "tiny.map.scen", "--summary", "/dev/null", "--paths", "/dev/null"});
    EXPECT_EQ(discarded.exit_code, 0) << discarded.standard_error;
    struct stat null_device {};
    ASSERT_EQ(::stat("/dev/null", &null_device), 0);
    EXPECT_TRUE(S_ISCHR(null_device.st_mode));
    EXPECT_EQ(read_text(path("victim.txt")), "precious\n");
}

TEST_F(OutputSafetyTest, MissingOrUnwritableFolderFailsBeforeSolving) {
    expect_refused({"solve", "tiny.map.scen", "--paths", "/no/such/folder/p.csv"}, "does not exist");
    write("plain", "a file\n");
    expect_refused({"solve", "tiny.map.scen", "--summary", "plain/s.json"}, "is not a folder");
    const Outcome outcome = run({"solve", "tiny.map.scen", "--paths", "no-folder/p.csv"});
    EXPECT_EQ(outcome.exit_code, 2);
    EXPECT_EQ(outcome.standard_output, "");  // refused before the batch: no table was printed
}

TEST_F(OutputSafetyTest, StandardOutputAndLongNamesAndPermissions) {
    const Outcome json = run({"solve", "tiny.map.scen", "--summary", "-"});
    ASSERT_EQ(json.exit_code, 0) << json.standard_error;
    const nlohmann::json summary = nlohmann::json::parse(json.standard_output);  // only JSON on stdout
    EXPECT_EQ(summary["totals"]["solved"], 2);
    EXPECT_NE(json.standard_error.find("tiny.map.scen"), std::string::npos);  // the table went to stderr

    const Outcome csv = run({"solve", "tiny.map.scen", "--paths", "-"});
    ASSERT_EQ(csv.exit_code, 0) << csv.standard_error;
    EXPECT_EQ(csv.standard_output.rfind("scenario,query,status,cost,path\n", 0), 0U);

    const std::string long_name(250, 'p');  // legal (NAME_MAX 255); the temporary's name must fit too
    const Outcome long_output = run({"solve", "tiny.map.scen", "--paths", long_name});
    EXPECT_EQ(long_output.exit_code, 0) << long_output.standard_error;
    EXPECT_NE(read_text(path(long_name)).find("found"), std::string::npos);

    write("kept.json", "old\n");
    ASSERT_EQ(::chmod(path("kept.json").c_str(), 0600), 0);
    const Outcome replaced = run({"solve", "tiny.map.scen", "--summary", "kept.json"});
    EXPECT_EQ(replaced.exit_code, 0);
    struct stat information {};
    ASSERT_EQ(::stat(path("kept.json").c_str(), &information), 0);
    EXPECT_EQ(information.st_mode & 0777, 0600U);  // a replaced file keeps its permissions
    EXPECT_NE(read_text(path("kept.json")).find("\"totals\""), std::string::npos);
    EXPECT_TRUE(temporaries().empty());
}

TEST_F(OutputSafetyTest, OutputsOfOneRunAppearTogetherOrNotAtAll) {
    // An earlier run's files survive a later run that fails on one of its outputs.
    write("s.json", "earlier summary\n");
    fs::create_directories(path("taken"));
    expect_refused({"solve", "tiny.map.scen", "--summary", "s.json", "--paths", "taken"}, "is a directory");
    // generate: the map is not written when its scenario file cannot be.
    expect_refused({"generate", "random", "--width", "8", "--height", "8", "-o", "g.map", "--scenarios", "3",
                    "--scenario-output", "taken"},
                   "is a directory");
    // field: the field is not written when its picture cannot be.
    expect_refused({"field", "tiny.map", "0", "0", "-o", "f.bin", "--png", "taken"}, "is a directory");
    // And all of them appear together when nothing fails.
    const Outcome made = run(
        {"generate", "random", "--width", "8", "--height", "8", "--density", "0", "-o", "g.map", "--scenarios", "3"});
    EXPECT_EQ(made.exit_code, 0) << made.standard_error;
    EXPECT_TRUE(fs::exists(path("g.map")) && fs::exists(path("g.map.scen")));
    const Outcome field = run({"field", "tiny.map", "0", "0", "-o", "f.field"});
    EXPECT_EQ(field.exit_code, 0) << field.standard_error;
    EXPECT_TRUE(fs::exists(path("f.field")) && fs::exists(path("f.field.png")));
    EXPECT_TRUE(temporaries().empty());
}

// --- 2. Interrupts --------------------------------------------------------------------------------

/// A crowd on a large open map whose paths file is about a hundred megabytes, so that the run is
/// still writing when it is interrupted. Waits until the paths temporary holds data, then signals.
void interrupt_while_writing(OutputSafetyTest& test, const std::string& work, const std::string& capture,
                             int signal_number) {
    const Outcome map = finish_captured_swarmpath(
        start_captured_swarmpath(
            {"generate", "random", "--width", "1024", "--height", "1024", "--density", "0", "-o", "open.map"}, work,
            capture),
        capture, 120);
    ASSERT_EQ(map.exit_code, 0) << map.standard_error;
    const Outcome crowd = finish_captured_swarmpath(
        start_captured_swarmpath(
            {"generate", "crowd", "open.map", "--agents", "30000", "--goals", "2", "-o", "crowd.map.scen"}, work,
            capture),
        capture, 120);
    ASSERT_EQ(crowd.exit_code, 0) << crowd.standard_error;
    write_text(work + "/summary.json", "an earlier run's summary\n");
    const Snapshot before = folder_snapshot(work);

    const pid_t child = start_captured_swarmpath({"solve", "crowd.map.scen", "--algorithm", "flowfield", "--threads",
                                                  "1", "--paths", "paths.csv", "--summary", "summary.json"},
                                                 work, capture);
    bool writing = false;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    while (!writing && std::chrono::steady_clock::now() < deadline) {
        for (const fs::directory_entry& entry : fs::directory_iterator(work)) {
            const std::string name = entry.path().filename().string();
            std::error_code error;
            if (name.rfind(".paths.csv.swarmpath-", 0) == 0 && fs::file_size(entry.path(), error) > 0 && !error) {
                writing = true;
            }
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    ASSERT_TRUE(writing) << "the run never started writing its paths file";
    ::kill(child, signal_number);
    const Outcome outcome = finish_captured_swarmpath(child, capture, 60);
    EXPECT_EQ(outcome.exit_code, 128 + signal_number) << outcome.standard_error;
    EXPECT_EQ(folder_snapshot(work), before);  // no paths file, the earlier summary untouched, no temporary
    (void)test;
}

TEST_F(OutputSafetyTest, SigtermWhileWritingLeavesNothingOfTheRun) {
    interrupt_while_writing(*this, work_, capture_, SIGTERM);
}

TEST_F(OutputSafetyTest, SigintWhileWritingLeavesNothingOfTheRun) {
    interrupt_while_writing(*this, work_, capture_, SIGINT);
}

TEST_F(OutputSafetyTest, InterruptDuringGenerateLeavesNothing) {
    const Snapshot before = folder_snapshot(work_);
    const pid_t child = start_captured_swarmpath(
        {"generate", "maze", "--width", "2048", "--height", "2048", "-o", "big.map", "--scenarios", "1000000"}, work_,
        capture_);
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    ::kill(child, SIGINT);
    const Outcome outcome = finish_captured_swarmpath(child, capture_, 60);
    EXPECT_EQ(outcome.exit_code, 130) << outcome.standard_error;
    EXPECT_EQ(folder_snapshot(work_), before);
}

// --- 3. Bounded work: every number has a limit, checked before anything is allocated -----------

TEST_F(OutputSafetyTest, NumbersOutOfRangeAreRefusedNeverWrapped) {
    const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
        {{"solve", "tiny.map.scen", "--max-expansions", "-1"}, "--max-expansions"},
        {{"solve", "tiny.map.scen", "--max-expansions", "1e3"}, "digits only"},
        {{"solve", "tiny.map.scen", "--max-expansions", "18446744073709551616"}, "out of range"},
        {{"solve", "tiny.map.scen", "--threads", "99999"}, "--threads"},
        {{"solve", "tiny.map.scen", "--threads", "-2"}, "--threads"},
        {{"solve", "tiny.map.scen", "--threads", "1025"}, "out of range"},
        {{"generate", "random", "--width", "0", "-o", "g.map"}, "--width"},
        {{"generate", "random", "--width", "40000", "-o", "g.map"}, "out of range"},
        {{"generate", "random", "--height", "-5", "-o", "g.map"}, "--height"},
        {{"generate", "random", "--width", "1e3", "-o", "g.map"}, "digits only"},
        {{"generate", "random", "-o", "g.map", "--scenarios", "1e12"}, "--scenarios"},
        {{"generate", "random", "-o", "g.map", "--scenarios", "1000000000000"}, "out of range"},
        {{"generate", "random", "-o", "g.map", "--seed", "-1"}, "--seed"},
        {{"generate", "crowd", "tiny.map", "--agents", "1e12", "-o", "c.scen"}, "--agents"},
        {{"generate", "crowd", "tiny.map", "--agents", "1000000000000", "-o", "c.scen"}, "out of range"},
        {{"generate", "crowd", "tiny.map", "--goals", "0", "-o", "c.scen"}, "--goals"},
        {{"generate", "crowd", "tiny.map", "--agents", "2", "--goals", "3", "-o", "c.scen"}, "--goals must not exceed"},
        {{"route", "tiny.map", "-1", "0", "1", "1"}, "start_x"},
        {{"route", "tiny.map", "0", "0", "4294967296", "1"}, "out of range"},
        {{"field", "tiny.map", "0", "99999999999", "-o", "f.bin"}, "out of range"},
        {{"render", "tiny.map", "-o", "r.png", "--scale", "0"}, "--scale"},
        {{"render", "tiny.map", "-o", "r.txt", "--crop", "-3"}, "--crop"},
    };
    for (const auto& [arguments, message] : cases) {
        SCOPED_TRACE(arguments[0] + " " + message);
        expect_refused(arguments, message);
    }
}

// --- 4. Text that cannot hurt ---------------------------------------------------------------------

TEST_F(OutputSafetyTest, ControlBytesAndInvalidUtf8InNamesAreEscapedAndNeverAbortARun) {
    const std::string hostile = std::string("bad\x1b[31m\xff\x01") + ".map.scen";
    write(hostile, read_text(path("tiny.map.scen")));
    const Outcome outcome = run({"solve", hostile, "--summary", "s.json", "--paths", "p.csv"});
    ASSERT_EQ(outcome.exit_code, 0) << outcome.standard_error;
    EXPECT_EQ(outcome.standard_output.find('\x1b'), std::string::npos);
    EXPECT_NE(outcome.standard_output.find("bad\\x1b[31m\\xff\\x01"), std::string::npos) << outcome.standard_output;
    const nlohmann::json summary = nlohmann::json::parse(read_text(path("s.json")));  // valid UTF-8 JSON
    EXPECT_EQ(summary["scenarios"][0]["file"], "bad\\x1b[31m\\xff\\x01.map.scen");

    // validate names it escaped as well, on both streams.
    const Outcome checked = run({"validate", hostile});
    EXPECT_EQ(checked.exit_code, 0) << checked.standard_error;
    EXPECT_EQ(checked.standard_output.find('\x1b'), std::string::npos);
    EXPECT_NE(checked.standard_output.find("bad\\x1b[31m\\xff\\x01.map.scen: ok"), std::string::npos)
        << checked.standard_output;

    // An error naming such a file escapes it too.
    const Outcome missing = run({"solve", std::string("no\x1b]0;title\x07") + ".scen"});
    EXPECT_EQ(missing.exit_code, 2);
    EXPECT_EQ(missing.standard_error.find('\x1b'), std::string::npos);
    EXPECT_EQ(missing.standard_error.find('\x07'), std::string::npos);
    EXPECT_NE(missing.standard_error.find("no\\x1b]0;title\\x07.scen"), std::string::npos) << missing.standard_error;
}

TEST_F(OutputSafetyTest, CsvFieldsAreQuotedAndRenderReadsItsOwnPathsFileBack) {
    write("x,y \"q\".map.scen", read_text(path("tiny.map.scen")));
    const Outcome solved = run({"solve", "x,y \"q\".map.scen", "--paths", "p.csv"});
    ASSERT_EQ(solved.exit_code, 0) << solved.standard_error;
    const std::string csv = read_text(path("p.csv"));
    EXPECT_NE(csv.find("\"x,y \"\"q\"\".map.scen\",0,found,"), std::string::npos) << csv;
    const Outcome drawn = run({"render", "tiny.map", "--paths", "p.csv", "-o", "r.txt"});
    EXPECT_EQ(drawn.exit_code, 0) << drawn.standard_error;
    EXPECT_NE(drawn.standard_output.find("x,y \"q\".map.scen query 1: found"), std::string::npos)
        << drawn.standard_output;
    // A malformed quoted field is an error naming the file and line, not a crash.
    write("broken.csv", "scenario,query,status,cost,path\n\"open,0,found,1,0:0\n");
    expect_refused({"render", "tiny.map", "--paths", "broken.csv", "-o", "r2.txt"}, "broken.csv:2");
}

TEST_F(OutputSafetyTest, ARowNamingAFolderAsItsMapNamesTheScenarioFileAndLine) {
    fs::create_directories(path("sub"));
    write("dots.map.scen",
          "version 1\n0\ttiny.map\t4\t3\t0\t0\t3\t2\t3.82842712\n0\t..\t4\t3\t0\t0\t1\t1\t1.41421356\n");
    expect_refused({"solve", "dots.map.scen"}, "dots.map.scen:3: the map '..' named here");
    write("sub.map.scen", "version 1\n0\tsub/\t4\t3\t0\t0\t1\t1\t1.41421356\n");
    expect_refused({"solve", "sub.map.scen"}, "sub.map.scen:2: the map 'sub/' named here");
}

// --- 5. --strict judges the map after --edits -------------------------------------------------------

TEST_F(OutputSafetyTest, StrictIsAppliedAfterEdits) {
    // The goal (1, 1) is the wall of tiny.map; the edit opens it, so the strict run is valid.
    write("wall.map.scen", "version 1\n0\ttiny.map\t4\t3\t0\t0\t1\t1\t1.41421356\n");
    write("open.txt", "1 1 .\n");
    const Outcome opened = run({"solve", "wall.map.scen", "--strict", "--edits", "open.txt", "--check"});
    EXPECT_EQ(opened.exit_code, 0) << opened.standard_error;
    expect_refused({"solve", "wall.map.scen", "--strict"}, "wall.map.scen:2");
    // And an edit that walls in a goal the file had open makes the strict run fail.
    write("close.txt", "3 2 @\n");
    expect_refused({"solve", "tiny.map.scen", "--strict", "--edits", "close.txt"}, "tiny.map.scen:2");
}

// --- 7. Honest reporting ----------------------------------------------------------------------------

TEST_F(OutputSafetyTest, VersionThreadsAndUnknownSubcommands) {
    const Outcome version = run({"--version"});
    EXPECT_EQ(version.exit_code, 0);
    EXPECT_EQ(version.standard_output.rfind("swarmpath ", 0), 0U) << version.standard_output;

    const Outcome unknown = run({"solv", "tiny.map.scen"});
    EXPECT_EQ(unknown.exit_code, 2);
    EXPECT_NE(unknown.standard_error.find("unknown subcommand 'solv'; the subcommands are solve, generate"),
              std::string::npos)
        << unknown.standard_error;

    const Outcome many = run({"solve", "tiny.map.scen", "--threads", "1024", "--summary", "s.json"});
    ASSERT_EQ(many.exit_code, 0) << many.standard_error;
    const nlohmann::json summary = nlohmann::json::parse(read_text(path("s.json")));
    EXPECT_EQ(summary["threads_requested"], 1024);
    // At most one per hardware thread: what the run really used, not what was asked.
    EXPECT_GE(summary["threads"].get<unsigned>(), 1U);
    EXPECT_LE(summary["threads"].get<unsigned>(), std::max(1U, std::thread::hardware_concurrency()));
    EXPECT_EQ(summary["version"], version.standard_output.substr(10, version.standard_output.size() - 11));
}

}  // namespace
}  // namespace swarmpath::cli
