// Input files that are not what they seem, through the real `swarmpath` executable: a FIFO (with and without a writer),
// /dev/zero, /dev/urandom and a directory given as the map, the scenario, the terrain file or the edits file; a map or
// scenario with a UTF-8 byte-order mark or CR-only line ends; duplicate and conflicting header lines; map types other
// than octile. Every case asserts exit code 2 within a few seconds (never a hang: run_swarmpath's `timeout` answers
// 124), a message naming the file (and the line, for parse errors) and what is wrong, and that `validate` reports the
// same problem instead of "ok". Assumes Linux (mkfifo, /dev/zero).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <utility>

#include "random_maps.hpp"
#include "run_command.hpp"

namespace swarmpath::cli {
namespace {

namespace fs = std::filesystem;

/// Seconds a case may take: reading a small file is instant, so anything near this is a hang.
constexpr int kInputTimeoutSeconds = 10;

const std::string kMap = "type octile\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n";
const std::string kScenario = "version 1\n0\ta.map\t4\t3\t0\t0\t3\t2\t4.41421356\n";

/// A scratch folder holding a good map (a.map) and scenario (a.map.scen), removed afterwards.
class InputFilesTest : public ::testing::Test {
protected:
    void SetUp() override {
        const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
        folder_ = testing::scratch_folder(std::string("input-files-") + test->name());
        write("a.map", kMap);
        write("a.map.scen", kScenario);
    }
    void TearDown() override {
        std::error_code ignored;
        fs::remove_all(folder_, ignored);
    }

    [[nodiscard]] std::string path(const std::string& name) const { return folder_ + "/" + name; }
    void write(const std::string& name, const std::string& contents) const {
        std::ofstream output(path(name), std::ios::binary | std::ios::trunc);
        output << contents;
    }
    void make_fifo(const std::string& name) const {
        std::error_code ignored;
        fs::remove(path(name), ignored);
        ASSERT_EQ(::mkfifo(path(name).c_str(), 0600), 0);
    }

    /// Runs swarmpath with `arguments` and checks exit 2, no hang, and that stderr holds each of `expected`.
    void expect_refused(const std::string& arguments, std::initializer_list<std::string> expected) const {
        const testing::CommandOutcome outcome = testing::run_swarmpath(arguments, kInputTimeoutSeconds);
        EXPECT_NE(outcome.exit_code, 124) << "hung: swarmpath " << arguments;
        EXPECT_EQ(outcome.exit_code, 2) << "swarmpath " << arguments << "\n" << outcome.standard_error;
        for (const std::string& text : expected) {
            EXPECT_NE(outcome.standard_error.find(text), std::string::npos)
                << "swarmpath " << arguments << ": stderr lacks '" << text << "':\n"
                << outcome.standard_error;
        }
        EXPECT_EQ(outcome.standard_output.find(": ok"), std::string::npos) << outcome.standard_output;
    }

    std::string folder_;
};

/// Holds a FIFO open for writing (as a writer that never writes would) until destroyed.
class FifoWriter {
public:
    explicit FifoWriter(const std::string& path) {
        // O_RDWR opens a FIFO without waiting for a reader (Linux), so the test cannot block here.
        descriptor_ = ::open(path.c_str(), O_RDWR | O_NONBLOCK | O_CLOEXEC);
        if (descriptor_ >= 0) {
            const ssize_t written = ::write(descriptor_, "type octile\n", 12);  // a writer that stalls mid-file
            (void)written;
        }
    }
    ~FifoWriter() {
        if (descriptor_ >= 0) ::close(descriptor_);
    }
    FifoWriter(const FifoWriter&) = delete;
    FifoWriter& operator=(const FifoWriter&) = delete;
    [[nodiscard]] bool open() const { return descriptor_ >= 0; }

private:
    int descriptor_ = -1;
};

// --- Inputs that are not regular files -----------------------------------------------------------

TEST_F(InputFilesTest, FifoAsMapWithoutWriter) {
    make_fifo("a.map");
    expect_refused("solve " + path("a.map.scen") + " --summary " + path("s.json"),
                   {path("a.map"), "is a FIFO, not a regular file"});
    expect_refused("validate " + path("a.map"), {path("a.map"), "is a FIFO, not a regular file"});
    EXPECT_FALSE(fs::exists(path("s.json")));
}

TEST_F(InputFilesTest, FifoAsMapWithWriter) {
    make_fifo("a.map");
    FifoWriter writer(path("a.map"));
    ASSERT_TRUE(writer.open());
    expect_refused("solve " + path("a.map.scen"), {path("a.map"), "is a FIFO, not a regular file"});
    expect_refused("solve " + path("a.map.scen") + " --map " + path("a.map"), {"is a FIFO, not a regular file"});
}

TEST_F(InputFilesTest, FifoAsScenario) {
    make_fifo("b.map.scen");
    expect_refused("solve " + path("b.map.scen"), {path("b.map.scen"), "is a FIFO, not a regular file"});
    FifoWriter writer(path("b.map.scen"));
    ASSERT_TRUE(writer.open());
    expect_refused("solve " + path("b.map.scen"), {path("b.map.scen"), "is a FIFO, not a regular file"});
    expect_refused("validate " + path("b.map.scen"), {path("b.map.scen"), "is a FIFO"});
}

TEST_F(InputFilesTest, FifoAsTerrainFile) {
    make_fifo("terrain.txt");
    expect_refused("solve " + path("a.map.scen") + " --terrain-file " + path("terrain.txt"),
                   {path("terrain.txt"), "is a FIFO, not a regular file"});
    FifoWriter writer(path("terrain.txt"));
    ASSERT_TRUE(writer.open());
    expect_refused("solve " + path("a.map.scen") + " --terrain-file " + path("terrain.txt"),
                   {path("terrain.txt"), "is a FIFO, not a regular file"});
    expect_refused("validate " + path("a.map") + " --terrain-file " + path("terrain.txt"), {"is a FIFO"});
}

TEST_F(InputFilesTest, FifoAsEditsFile) {
    make_fifo("edits.txt");
    expect_refused("solve " + path("a.map.scen") + " --edits " + path("edits.txt"),
                   {path("edits.txt"), "is a FIFO, not a regular file"});
    FifoWriter writer(path("edits.txt"));
    ASSERT_TRUE(writer.open());
    expect_refused("solve " + path("a.map.scen") + " --edits " + path("edits.txt"),
                   {path("edits.txt"), "is a FIFO, not a regular file"});
}

TEST_F(InputFilesTest, DevZeroAndUrandomAreRefusedAtOnce) {
    for (const std::string device : {"/dev/zero", "/dev/urandom"}) {
        expect_refused("solve " + path("a.map.scen") + " --map " + device, {device, "is a character device"});
        expect_refused("solve " + device, {device, "is a character device"});
        expect_refused("solve " + path("a.map.scen") + " --terrain-file " + device, {"is a character device"});
        expect_refused("solve " + path("a.map.scen") + " --edits " + device, {"is a character device"});
        expect_refused("validate " + device, {device, "is a character device"});
    }
}

TEST_F(InputFilesTest, DirectoryIsRefused) {
    fs::create_directories(path("folder.map"));
    expect_refused("solve " + path("a.map.scen") + " --map " + path("folder.map"),
                   {path("folder.map"), "is a directory"});
    expect_refused("solve " + folder_, {"is a directory"});
    expect_refused("solve " + path("a.map.scen") + " --edits " + folder_, {"is a directory"});
    expect_refused("validate " + path("folder.map"), {path("folder.map"), "is a directory"});
}

// --- Byte-order marks and CR-only line ends --------------------------------------------------------

TEST_F(InputFilesTest, ByteOrderMarkIsNamed) {
    const std::string mark = "\xEF\xBB\xBF";
    const std::string message = "starts with a UTF-8 byte-order mark; save the file without it";
    write("a.map", mark + kMap);
    expect_refused("solve " + path("a.map.scen"), {path("a.map") + ":1:1:", message});
    expect_refused("validate " + path("a.map"), {path("a.map") + ":1:1:", message});
    write("a.map", kMap);
    write("a.map.scen", mark + kScenario);
    expect_refused("solve " + path("a.map.scen"), {path("a.map.scen") + ":1:1:", message});
    expect_refused("validate " + path("a.map.scen"), {path("a.map.scen") + ":1:1:", message});
    write("a.map.scen", kScenario);
    write("terrain.txt", mark + "S=2\n");
    expect_refused("solve " + path("a.map.scen") + " --terrain-file " + path("terrain.txt"),
                   {path("terrain.txt") + ":1:1:", message});
    write("edits.txt", mark + "1 1 .\n");
    expect_refused("solve " + path("a.map.scen") + " --edits " + path("edits.txt"),
                   {path("edits.txt") + ":1:1:", message});
}

TEST_F(InputFilesTest, CarriageReturnOnlyLineEndsAreNamed) {
    auto cr_only = [](std::string text) {
        for (char& character : text) {
            if (character == '\n') character = '\r';
        }
        return text;
    };
    const std::string message = "uses CR-only line endings";
    write("a.map", cr_only(kMap));
    expect_refused("solve " + path("a.map.scen"), {path("a.map") + ":1:", message});
    expect_refused("validate " + path("a.map"), {path("a.map") + ":1:", message});
    write("a.map", kMap);
    write("a.map.scen", cr_only(kScenario));
    expect_refused("solve " + path("a.map.scen"), {path("a.map.scen") + ":1:", message});
    expect_refused("validate " + path("a.map.scen"), {path("a.map.scen") + ":1:", message});
    write("a.map.scen", kScenario);
    write("terrain.txt", cr_only("S=2\nG=3\n"));
    expect_refused("solve " + path("a.map.scen") + " --terrain-file " + path("terrain.txt"), {message});
    write("edits.txt", cr_only("1 1 .\n2 1 @\n"));
    expect_refused("solve " + path("a.map.scen") + " --edits " + path("edits.txt"),
                   {path("edits.txt") + ":1:", message});
}

// --- Header lines: duplicates, conflicts, types ---------------------------------------------------

TEST_F(InputFilesTest, DuplicateAndConflictingHeaderLinesAreErrors) {
    const struct {
        std::string text;
        std::string expected;  ///< after the map's path in validate's message
    } cases[] = {
        {"type octile\ntype octile\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n",
         ":2:1: error: duplicate 'type' line (already given on line 1)"},
        {"type octile\nheight 3\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n",
         ":3:1: error: duplicate 'height' line (already given on line 2)"},
        {"type octile\nheight 3\nwidth 4\nwidth 4\nmap\n....\n.@..\n....\n",
         ":4:1: error: duplicate 'width' line (already given on line 3)"},
        {"type octile\nheight 3\nwidth 4\nheight 4\nmap\n....\n.@..\n....\n",
         ":4:1: error: conflicting 'height' lines: '4' here, '3' on line 2"},
        {"type octile\nwidth 5\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n",
         ":4:1: error: conflicting 'width' lines: '4' here, '5' on line 2"},
        {"type octile\nheight 3\ntype hex\nwidth 4\nmap\n....\n.@..\n....\n",
         ":3:1: error: conflicting 'type' lines: 'hex' here, 'octile' on line 1"},
    };
    for (const auto& entry : cases) {
        write("a.map", entry.text);
        expect_refused("validate " + path("a.map"), {path("a.map") + entry.expected});
        // solve prints the same message, without validate's "error: " before it.
        const std::string place = entry.expected.substr(0, entry.expected.find(" error: "));
        expect_refused("solve " + path("a.map.scen"), {path("a.map") + place, entry.expected.substr(place.size() + 8)});
    }
    write("a.map.scen", kScenario + "version 1\n");
    write("a.map", kMap);
    expect_refused("solve " + path("a.map.scen"),
                   {path("a.map.scen") + ":3:1: duplicate 'version' line (already given on line 1)"});
}

TEST_F(InputFilesTest, UnknownMapTypesAreRefused) {
    const struct {
        std::string type;
        std::string expected;
    } cases[] = {
        {"foo", "unknown map type 'foo' (expected octile, hex or triangle)"},
        {"Octile", "unknown map type 'Octile' (expected octile, hex or triangle)"},
    };
    for (const auto& entry : cases) {
        write("a.map", "type " + entry.type + "\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n");
        expect_refused("solve " + path("a.map.scen"), {path("a.map") + ":1:6:", entry.expected});
        expect_refused("validate " + path("a.map"), {path("a.map") + ":1:6: error: ", entry.expected});
        // validate reaches the map through a scenario too, and never calls either file ok.
        expect_refused("validate " + path("a.map.scen"), {path("a.map") + ":1:6: error: ", entry.expected});
    }
}

TEST_F(InputFilesTest, HexAndTriangleMapsAreSearchedAndRefuseSquareOnlyOptions) {
    // The same letters as a.map: around the wall at (1, 1), 4 hex steps and 5 triangle steps.
    for (const auto& [type, optimal] : {std::pair<std::string, std::string>{"hex", "4"}, {"triangle", "5"}}) {
        write("s.map", "type " + type + "\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n");
        write("s.map.scen", "version 1\n0\ts.map\t4\t3\t0\t0\t3\t2\t" + optimal + "\n");
        for (const std::string algorithm : {"auto", "astar", "flowfield"}) {
            const testing::CommandOutcome solved = testing::run_swarmpath(
                "solve " + path("s.map.scen") + " --check --algorithm " + algorithm, kInputTimeoutSeconds);
            EXPECT_EQ(solved.exit_code, 0) << type << " " << algorithm << "\n" << solved.standard_error;
        }
        expect_refused("solve " + path("s.map.scen") + " --moves 4",
                       {"s.map: --moves does not apply to " + type + " maps"});
        expect_refused("field " + path("s.map") + " 0 0 -o " + path("s.field") + " --moves 4",
                       {"s.map: --moves does not apply to " + type + " maps"});
        expect_refused("solve " + path("s.map.scen") + " --diagonal-rule any",
                       {"--diagonal-rule does not apply to " + type + " maps"});
        // The square defaults named explicitly are refused too: the user asked for something the
        // map's shape does not have.
        expect_refused("solve " + path("s.map.scen") + " --moves 8",
                       {"s.map: --moves does not apply to " + type + " maps"});
        expect_refused("route " + path("s.map") + " 0 0 3 2 --diagonal-rule both-free",
                       {"--diagonal-rule does not apply to " + type + " maps"});
        expect_refused("solve " + path("s.map.scen") + " --algorithm jps+",
                       {"--algorithm jps+ does not apply to " + type + " maps"});
        // The refusal suggests flowfield, which answers goal groups: `route`, one query, says so.
        expect_refused("route " + path("s.map") + " 0 0 3 2 --algorithm flowfield",
                       {"--algorithm flowfield answers goal groups"});
        // octile overestimates where a hex step moves x and y at once; on triangles no step does, so
        // octile is accepted there and the other shape's distance is what overestimates.
        const std::string overestimating = type == "hex" ? "octile" : "hex";
        expect_refused("solve " + path("s.map.scen") + " --heuristic " + overestimating,
                       {"--heuristic " + overestimating + " overestimates on " + type + " maps"});
    }
}

TEST_F(InputFilesTest, GoodFilesStillPass) {
    const testing::CommandOutcome solved =
        testing::run_swarmpath("solve " + path("a.map.scen") + " --check", kInputTimeoutSeconds);
    EXPECT_EQ(solved.exit_code, 0) << solved.standard_error;
    const testing::CommandOutcome validated =
        testing::run_swarmpath("validate " + path("a.map") + " " + path("a.map.scen"), kInputTimeoutSeconds);
    EXPECT_EQ(validated.exit_code, 0) << validated.standard_error;
    EXPECT_NE(validated.standard_output.find(path("a.map") + ": ok"), std::string::npos) << validated.standard_output;
}

}  // namespace
}  // namespace swarmpath::cli
