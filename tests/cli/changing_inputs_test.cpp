// Inputs that change during a run, and forged path oracles, through the real executable. A run is
// held at a known point by writing its paths to a pipe that the test stops reading once the first
// path row arrives (every input has been read by then, and the run cannot finish until the pipe is
// drained); the test then moves, rewrites, truncates or overwrites the inputs and lets it finish.
// The summary must describe the bytes the run used, and an oracle changed under a run must neither
// kill it nor change its answers. Forged oracles (moves that break the movement rule or loop, with
// the checksum recomputed as docs/oracle-format.md describes) must answer `invalid`, never a path.
// Assumes Linux pipes (a pipe holds far less than the paths written) and the bundled datasets.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "random_maps.hpp"
#include "run_command.hpp"
#include "swarmpath/io/file_reading.hpp"

namespace swarmpath {
namespace {

namespace fs = std::filesystem;
using testing::read_text;
using testing::write_text;

constexpr int kHangGuardSeconds = 600;

/// The XXH64 of `bytes` as a summary writes it: 16 hex digits.
std::string xxh64_hex(const std::string& bytes) {
    swarmpath::io::XxHash64 checksum;  // XXH64 itself is checked against xxHash's tool in io_tests
    checksum.add(bytes);
    char text[17];
    std::snprintf(text, sizeof(text), "%016llx", static_cast<unsigned long long>(checksum.value()));
    return text;
}

/// A swarmpath run whose standard output is a pipe the test reads at its own pace.
class PipedRun {
public:
    PipedRun(const std::vector<std::string>& arguments, const std::string& folder) {
        int ends[2];
        if (::pipe(ends) != 0) return;
        error_path_ = folder + "/run.stderr";
        child_ = ::fork();
        if (child_ == 0) {
            const int error = ::open(error_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            const int nothing = ::open("/dev/null", O_RDONLY);
            if (error < 0 || nothing < 0 || ::chdir(folder.c_str()) != 0) ::_exit(126);
            ::dup2(ends[1], 1);
            ::dup2(error, 2);
            ::dup2(nothing, 0);
            ::close(ends[0]);
            testing::exec_swarmpath(arguments);
        }
        ::close(ends[1]);
        output_ = ends[0];
    }
    PipedRun(const PipedRun&) = delete;
    PipedRun& operator=(const PipedRun&) = delete;
    ~PipedRun() {
        if (output_ >= 0) ::close(output_);
        if (child_ > 0 && !waited_) {
            ::kill(child_, SIGKILL);
            ::waitpid(child_, nullptr, 0);
        }
    }

    /// Reads until the output holds `lines` complete lines (or it ends); false on the hang guard.
    bool read_lines(std::size_t lines) {
        while (std::count(output_text_.begin(), output_text_.end(), '\n') < static_cast<std::ptrdiff_t>(lines)) {
            if (!read_some()) return !timed_out_;
        }
        return true;
    }
    /// Reads everything left and waits for the process: its wait status, or -1 on the hang guard.
    int finish() {
        while (read_some()) {
        }
        if (timed_out_) return -1;
        int status = 0;
        ::waitpid(child_, &status, 0);
        waited_ = true;
        return status;
    }
    [[nodiscard]] const std::string& output() const { return output_text_; }
    [[nodiscard]] std::string errors() const { return read_text(error_path_); }

private:
    bool read_some() {
        pollfd ready{output_, POLLIN, 0};
        if (::poll(&ready, 1, kHangGuardSeconds * 1000) <= 0) {
            timed_out_ = true;
            return false;
        }
        char block[65536];
        const ssize_t got = ::read(output_, block, sizeof(block));
        if (got <= 0) return false;
        output_text_.append(block, static_cast<std::size_t>(got));
        return true;
    }
    pid_t child_ = -1;
    int output_ = -1;
    bool waited_ = false;
    bool timed_out_ = false;
    std::string output_text_;
    std::string error_path_;
};

/// Names of the entries of `folder` that look like temporary files of an output.
std::vector<std::string> temporaries(const std::string& folder) {
    std::vector<std::string> found;
    for (const fs::directory_entry& entry : fs::directory_iterator(folder)) {
        const std::string name = entry.path().filename().string();
        if (name.find(".swarmpath-") != std::string::npos || name.ends_with(".tmp")) found.push_back(name);
    }
    return found;
}

std::string describe_status(int status) {
    if (status == -1) return "hung (hang guard)";
    if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
    return "exit " + std::to_string(WEXITSTATUS(status));
}

class ChangingInputs : public ::testing::Test {
protected:
    void SetUp() override {
        folder_ = testing::scratch_folder(std::string("changing_inputs_") +
                                          ::testing::UnitTest::GetInstance()->current_test_info()->name());
        for (const fs::directory_entry& entry : fs::directory_iterator(folder_)) fs::remove_all(entry.path());
    }
    [[nodiscard]] std::string path(const std::string& name) const { return folder_ + "/" + name; }
    void copy_dataset(const std::string& name, const std::string& as) {
        fs::copy_file(testing::dataset_folder() + "/" + name, path(as), fs::copy_options::overwrite_existing);
    }
    std::string folder_;
};

// The map is moved away and the scenario file rewritten after the run has read them, before it
// writes its summary: the run succeeds, and the summary gives the size and checksum of the bytes it
// solved, not of what the paths name afterwards (nor "cannot open file").
TEST_F(ChangingInputs, TheSummaryDescribesTheBytesTheRunUsed) {
    copy_dataset("dao/brc202d.map", "brc202d.map");
    copy_dataset("dao/brc202d.map.scen", "brc202d.map.scen");
    const std::string scenario_bytes = read_text(path("brc202d.map.scen"));
    const std::string map_bytes = read_text(path("brc202d.map"));

    PipedRun run({"solve", "brc202d.map.scen", "--threads", "1", "--paths", "-", "--summary", "summary.json"}, folder_);
    ASSERT_TRUE(run.read_lines(2)) << "no path row arrived";  // the header, then the first path
    fs::rename(path("brc202d.map"), path("moved-away.map"));
    write_text(path("brc202d.map.scen"), "version 1\n");
    const int status = run.finish();
    ASSERT_TRUE(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0)
        << describe_status(status) << run.errors();

    const nlohmann::json summary = nlohmann::json::parse(read_text(path("summary.json")));
    ASSERT_EQ(summary["inputs"].size(), 2U) << summary["inputs"].dump();
    const nlohmann::json& scenario = summary["inputs"][0];
    const nlohmann::json& map = summary["inputs"][1];
    EXPECT_EQ(scenario["role"], "scenario");
    EXPECT_EQ(scenario["bytes"], scenario_bytes.size());
    EXPECT_EQ(scenario["xxh64"], xxh64_hex(scenario_bytes));
    EXPECT_EQ(map["role"], "map");
    EXPECT_FALSE(map.contains("error")) << map.dump();
    EXPECT_EQ(map["bytes"], map_bytes.size());
    EXPECT_EQ(map["xxh64"], xxh64_hex(map_bytes));
    EXPECT_EQ(summary["totals"]["queries"], 2519);
    EXPECT_TRUE(temporaries(folder_).empty());
}

// The second scenario file is checked in the first pass and rewritten (same row count, other goals)
// before the main pass loads it: the run refuses it, exit 2, naming the file, instead of solving
// bytes it never checked; it writes no summary and leaves no temporary file.
// With --summary or without, the message gives both reads' sizes and XXH64 checksums.
TEST_F(ChangingInputs, AScenarioFileChangedBetweenItsTwoReadsIsRefused) {
    copy_dataset("dao/brc202d.map", "brc202d.map");
    copy_dataset("dao/brc202d.map.scen", "first.map.scen");
    const std::string second = "version 1\n0\tbrc202d.map\t530\t481\t106\t123\t108\t121\t2.82843\n";
    for (const bool summary : {true, false}) {
        write_text(path("second.map.scen"), second);
        std::vector<std::string> arguments = {"solve", "first.map.scen", "second.map.scen", "--threads", "1", "--paths",
                                              "-"};
        if (summary) arguments.insert(arguments.end(), {"--summary", "summary.json"});
        PipedRun run(arguments, folder_);
        ASSERT_TRUE(run.read_lines(2)) << "no path row arrived";
        std::string changed = second;
        changed.replace(changed.find("108\t121"), 7, "107\t121");
        write_text(path("second.map.scen"), changed);
        const int status = run.finish();
        ASSERT_TRUE(status != -1 && WIFEXITED(status)) << describe_status(status);
        EXPECT_EQ(WEXITSTATUS(status), 2) << run.errors();
        EXPECT_NE(run.errors().find("second.map.scen: changed while the run was using it"), std::string::npos)
            << run.errors();
        EXPECT_NE(run.errors().find("bytes, XXH64 "), std::string::npos) << run.errors();
        EXPECT_FALSE(fs::exists(path("summary.json")));
        EXPECT_TRUE(temporaries(folder_).empty());
    }
}

// An oracle truncated to nothing, or overwritten with other bytes of the same size, while `solve
// --oracle` still has a second scenario file to answer from it: the run is not killed (it used to
// die of SIGBUS or SIGSEGV), and it answers exactly as a run on the untouched file does, from the
// bytes it read, which the summary describes.
TEST_F(ChangingInputs, AnOracleChangedDuringTheRunCannotHurtIt) {
    copy_dataset("dao/arena.map", "arena.map");
    const std::string rows = read_text(testing::dataset_folder() + "/dao/arena.map.scen");
    // The first file repeats arena's rows so that its paths fill the pipe many times over.
    std::string repeated = "version 1\n";
    const std::string body = rows.substr(rows.find('\n') + 1);
    for (int copy = 0; copy < 40; ++copy) repeated += body;
    write_text(path("first.map.scen"), repeated);
    write_text(path("second.map.scen"), rows);
    const testing::CommandOutcome built =
        testing::run_swarmpath("precompute " + path("arena.map") + " -o " + path("arena.oracle") + " --progress never");
    ASSERT_EQ(built.exit_code, 0) << built.standard_error;
    const std::string oracle_bytes = read_text(path("arena.oracle"));
    const std::vector<std::string> arguments = {
        "solve", "first.map.scen", "second.map.scen", "--oracle", "arena.oracle", "--threads", "1", "--paths",
        "-",     "--summary",      "summary.json"};
    PipedRun reference(arguments, folder_);
    const int reference_status = reference.finish();
    ASSERT_TRUE(reference_status != -1 && WIFEXITED(reference_status) && WEXITSTATUS(reference_status) == 0)
        << describe_status(reference_status) << reference.errors();

    for (const bool truncate : {true, false}) {
        SCOPED_TRACE(truncate ? "truncated" : "overwritten");
        write_text(path("arena.oracle"), oracle_bytes);
        fs::remove(path("summary.json"));
        PipedRun run(arguments, folder_);
        ASSERT_TRUE(run.read_lines(2)) << "no path row arrived";
        if (truncate) {
            ASSERT_EQ(::truncate(path("arena.oracle").c_str(), 0), 0);
        } else {
            // The same size, every byte after the header changed: in place, as a careless copy would.
            std::string garbage = oracle_bytes;
            for (std::size_t index = 128; index < garbage.size(); ++index)
                garbage[index] = static_cast<char>(0xA5 ^ index);
            const int file = ::open(path("arena.oracle").c_str(), O_WRONLY);
            ASSERT_GE(file, 0);
            ASSERT_EQ(::pwrite(file, garbage.data(), garbage.size(), 0), static_cast<ssize_t>(garbage.size()));
            ::close(file);
        }
        const int status = run.finish();
        ASSERT_TRUE(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0)
            << describe_status(status) << run.errors();
        EXPECT_EQ(run.output(), reference.output()) << "the answers are those of the bytes loaded";
        const nlohmann::json summary = nlohmann::json::parse(read_text(path("summary.json")));
        const nlohmann::json& oracle = summary["inputs"].back();
        EXPECT_EQ(oracle["role"], "oracle");
        EXPECT_EQ(oracle["bytes"], oracle_bytes.size());
        EXPECT_EQ(oracle["xxh64"], xxh64_hex(oracle_bytes));
        EXPECT_TRUE(temporaries(folder_).empty());
    }
}

/// The oracle file's checksum (docs/oracle-format.md): eight bytes at a time, a multiply-rotate mix,
/// the length, and a final avalanche, over every byte after the 128-byte header.
std::uint64_t oracle_checksum(const std::string& file) {
    std::uint64_t state = 0x6A09E667F3BCC908ULL;
    std::uint64_t length = 0;
    for (std::size_t offset = 128; offset + 8 <= file.size(); offset += 8) {
        std::uint64_t word = 0;
        std::memcpy(&word, file.data() + offset, 8);
        state ^= word * 0x9E3779B97F4A7C15ULL;
        state = std::rotl(state, 29) * 0xC2B2AE3D27D4EB4FULL;
        length += 8;
    }
    state ^= length;
    state ^= state >> 33;
    state *= 0xff51afd7ed558ccdULL;
    state ^= state >> 33;
    return state;
}

/// Sets the direction of every run of the row of source rank `rank` to `direction`, then the checksum.
/// File version 2 (docs/oracle-format.md): the row index at byte 128, then the runs, `run bytes`
/// (header byte 36) each, the direction in the low three bits of a run's first byte.
void forge_row(std::string& file, std::uint32_t rank, std::uint32_t direction) {
    std::uint32_t positions = 0;
    std::memcpy(&positions, file.data() + 28, 4);
    const auto run_bytes = static_cast<std::uint8_t>(file[36]);
    auto aligned = [](std::uint64_t bytes) { return (bytes + 7) / 8 * 8; };
    const std::uint64_t row_begin = 128;
    const std::uint64_t runs = row_begin + aligned((std::uint64_t{positions} + 1) * 4);
    std::uint32_t first = 0;
    std::uint32_t end = 0;
    std::memcpy(&first, file.data() + row_begin + 4 * rank, 4);
    std::memcpy(&end, file.data() + row_begin + 4 * (rank + 1), 4);
    for (std::uint32_t run = first; run < end; ++run) {
        char& low_byte = file[runs + std::uint64_t{run_bytes} * run];
        low_byte = static_cast<char>((static_cast<unsigned char>(low_byte) & ~7U) | direction);
    }
    const std::uint64_t checksum = oracle_checksum(file);
    std::memcpy(file.data() + 56, &checksum, 8);
}

// Forged oracles whose checksum is right: a first move that cuts a wall's corner (which the
// both-free rule forbids), one into a wall, and two rows that send the walk back and forth. Each
// query is answered `invalid`, with no path, never `found`.
TEST_F(ChangingInputs, AForgedOracleAnswersInvalidNeverABrokenPath) {
    // (0,0) to (1,1) must go round the wall at (1,0): (0,0) (0,1) (1,1). Ranks in row-major order:
    // (0,0) is 0, (0,1) is 1, (1,1) is 2.
    write_text(path("corner.map"), "type octile\nheight 2\nwidth 2\nmap\n.@\n..\n");
    write_text(path("corner.map.scen"), "version 1\n0\tcorner.map\t2\t2\t0\t0\t1\t1\t2\n");
    const testing::CommandOutcome built = testing::run_swarmpath("precompute " + path("corner.map") + " -o " +
                                                                 path("honest.oracle") + " --progress never");
    ASSERT_EQ(built.exit_code, 0) << built.standard_error;
    const std::string honest = read_text(path("honest.oracle"));
    const testing::CommandOutcome answered = testing::run_swarmpath(
        "solve " + path("corner.map.scen") + " --oracle " + path("honest.oracle") + " --paths " + path("honest.csv"));
    ASSERT_EQ(answered.exit_code, 0) << answered.standard_error;
    EXPECT_NE(read_text(path("honest.csv")).find(",found,2.00000000,0:0 0:1 1:1"), std::string::npos)
        << read_text(path("honest.csv"));

    struct Forgery {
        const char* name;
        std::vector<std::pair<std::uint32_t, std::uint32_t>> rows;  // rank, direction
    };
    const std::vector<Forgery> forgeries = {
        {"corner cut: south-east from (0,0)", {{0, 5}}},
        {"into the wall: east from (0,0)", {{0, 1}}},
        {"a loop: south from (0,0), north from (0,1)", {{0, 2}, {1, 0}}},
    };
    for (const Forgery& forgery : forgeries) {
        SCOPED_TRACE(forgery.name);
        std::string forged = honest;
        for (const auto& [rank, direction] : forgery.rows) forge_row(forged, rank, direction);
        write_text(path("forged.oracle"), forged);
        fs::remove(path("forged.csv"));
        const testing::CommandOutcome solved =
            testing::run_swarmpath("solve " + path("corner.map.scen") + " --oracle " + path("forged.oracle") +
                                       " --paths " + path("forged.csv"),
                                   kHangGuardSeconds);
        ASSERT_EQ(solved.exit_code, 0) << solved.standard_error;
        const std::string csv = read_text(path("forged.csv"));
        EXPECT_NE(csv.find(",0,invalid,"), std::string::npos) << csv;
        EXPECT_EQ(csv.find("found"), std::string::npos) << csv;
        EXPECT_NE(solved.standard_output.find("invalid 1"), std::string::npos) << solved.standard_output;
    }
}

}  // namespace
}  // namespace swarmpath
