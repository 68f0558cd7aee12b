// Bulk runs in bounded memory, through the real `swarmpath` executable: a run over ten
// differently named copies of several bundled scenario files peaks at no more than 1.5 times the
// memory of one copy (plus a few MB) and writes the single run's rows ten times over; a run over
// several files writes exactly the rows of separate runs, in file order, whatever the thread count;
// `--paths X.csv.gz` holds exactly the plain file's bytes, compressed, and `render` reads it back;
// twenty files on one map prepare it once (the summary's setup_reused) and answer as one file would.
// Peak memory is the child's maximum resident set (wait4). Linux; not run under sanitizers, whose
// allocators keep freed memory.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "random_maps.hpp"
#include "run_command.hpp"

namespace swarmpath::cli {
namespace {

namespace fs = std::filesystem;

struct MeasuredRun {
    int exit_code = -1;
    long peak_kilobytes = 0;
};

/// Runs the executable in `folder` with `arguments`, output discarded; exit code and peak RSS.
MeasuredRun run_measured(const std::vector<std::string>& arguments, const std::string& folder) {
    const pid_t child = testing::start_swarmpath(arguments, folder);
    int status = 0;
    rusage usage{};
    ::wait4(child, &status, 0, &usage);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, usage.ru_maxrss};
}

using testing::read_text;

/// The CSV's data rows without their first (scenario) field.
std::vector<std::string> rows_without_scenario(const std::string& text) {
    std::vector<std::string> rows;
    std::istringstream lines(text);
    std::string line;
    std::getline(lines, line);  // the header
    while (std::getline(lines, line)) rows.push_back(line.substr(line.find(',')));
    return rows;
}

std::string inflate_gzip(const std::string& bytes) {
    z_stream stream{};
    EXPECT_EQ(inflateInit2(&stream, 15 + 16), Z_OK);
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
    stream.avail_in = static_cast<uInt>(bytes.size());
    std::string text;
    char block[1 << 16];
    int result = Z_OK;
    while (result == Z_OK) {
        stream.next_out = reinterpret_cast<Bytef*>(block);
        stream.avail_out = sizeof(block);
        result = inflate(&stream, Z_NO_FLUSH);
        text.append(block, sizeof(block) - stream.avail_out);
    }
    EXPECT_EQ(result, Z_STREAM_END);
    inflateEnd(&stream);
    return text;
}

class StreamingTest : public ::testing::Test {
protected:
    void SetUp() override {
        folder_ = testing::scratch_folder(std::string("streaming-") +
                                          ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(folder_);
        fs::create_directories(folder_);
        for (const char* name : {"dao/den312d", "bg512/AR0011SR", "street/Berlin_1_256"}) {
            const fs::path source = fs::path(testing::dataset_folder()) / name;
            fs::copy_file(source.string() + ".map", folder_ + "/" + source.filename().string() + ".map");
            fs::copy_file(source.string() + ".map.scen", folder_ + "/" + source.filename().string() + ".map.scen");
        }
    }
    void TearDown() override { fs::remove_all(folder_); }
    std::string folder_;
    const std::vector<std::string> files_{"den312d.map.scen", "AR0011SR.map.scen", "Berlin_1_256.map.scen"};
};

TEST_F(StreamingTest, TenfoldRunPeaksNearTheSingleRunAndRepeatsItsRows) {
    std::vector<std::string> single{"solve", "--threads", "1", "--paths", "single.csv"};
    single.insert(single.end(), files_.begin(), files_.end());
    std::vector<std::string> tenfold{"solve", "--threads", "1", "--paths", "tenfold.csv"};
    for (int copy = 0; copy < 10; ++copy) {
        for (const std::string& file : files_) {
            const std::string name = "copy" + std::to_string(copy) + "_" + file;
            fs::copy_file(folder_ + "/" + file, folder_ + "/" + name);
            tenfold.push_back(name);
        }
    }
    const MeasuredRun one = run_measured(single, folder_);
    const MeasuredRun ten = run_measured(tenfold, folder_);
    ASSERT_EQ(one.exit_code, 0);
    ASSERT_EQ(ten.exit_code, 0);
    EXPECT_LE(static_cast<double>(ten.peak_kilobytes), 1.5 * static_cast<double>(one.peak_kilobytes) + 8 * 1024)
        << "single run " << one.peak_kilobytes << " KB, ten-fold run " << ten.peak_kilobytes << " KB";
    const std::vector<std::string> once = rows_without_scenario(read_text(folder_ + "/single.csv"));
    const std::vector<std::string> tenfold_rows = rows_without_scenario(read_text(folder_ + "/tenfold.csv"));
    ASSERT_EQ(tenfold_rows.size(), 10 * once.size());
    for (std::size_t index = 0; index < tenfold_rows.size(); ++index) {
        ASSERT_EQ(tenfold_rows[index], once[index % once.size()]) << "row " << index;
    }
}

TEST_F(StreamingTest, OneRunOverSeveralFilesWritesTheRowsOfSeparateRunsInFileOrder) {
    std::string expected = "scenario,query,status,cost,path\n";
    for (const std::string& file : files_) {
        ASSERT_EQ(run_measured({"solve", file, "--paths", file + ".csv"}, folder_).exit_code, 0);
        const std::string text = read_text(folder_ + "/" + file + ".csv");
        expected += text.substr(text.find('\n') + 1);
    }
    for (const char* threads : {"1", "2"}) {
        std::vector<std::string> all{"solve", "--threads", threads, "--paths", "all.csv"};
        all.insert(all.end(), files_.begin(), files_.end());
        ASSERT_EQ(run_measured(all, folder_).exit_code, 0);
        EXPECT_EQ(read_text(folder_ + "/all.csv"), expected) << threads << " threads";
    }
}

TEST_F(StreamingTest, GzipPathsAreThePlainBytesCompressedAndRenderReadsThem) {
    std::vector<std::string> plain{"solve", "--paths", "p.csv"};
    plain.insert(plain.end(), files_.begin(), files_.end());
    std::vector<std::string> compressed{"solve", "--threads", "1", "--paths", "p.csv.gz"};
    compressed.insert(compressed.end(), files_.begin(), files_.end());
    std::vector<std::string> compressed_again{"solve", "--threads", "2", "--paths", "q.csv.gz"};
    compressed_again.insert(compressed_again.end(), files_.begin(), files_.end());
    ASSERT_EQ(run_measured(plain, folder_).exit_code, 0);
    ASSERT_EQ(run_measured(compressed, folder_).exit_code, 0);
    ASSERT_EQ(run_measured(compressed_again, folder_).exit_code, 0);
    const std::string plain_bytes = read_text(folder_ + "/p.csv");
    const std::string gzip_bytes = read_text(folder_ + "/p.csv.gz");
    EXPECT_LT(gzip_bytes.size() * 4, plain_bytes.size());  // path files compress well
    EXPECT_EQ(inflate_gzip(gzip_bytes), plain_bytes);
    EXPECT_EQ(read_text(folder_ + "/q.csv.gz"), gzip_bytes);  // deterministic bytes, any thread count
    // render draws one map's paths: those of den312d alone, plain and compressed.
    ASSERT_EQ(run_measured({"solve", "den312d.map.scen", "--paths", "d.csv"}, folder_).exit_code, 0);
    ASSERT_EQ(run_measured({"solve", "den312d.map.scen", "--paths", "d.csv.gz"}, folder_).exit_code, 0);
    EXPECT_EQ(run_measured({"render", "den312d.map", "--paths", "d.csv.gz", "-o", "from-gzip.txt"}, folder_).exit_code,
              0);
    EXPECT_EQ(run_measured({"render", "den312d.map", "--paths", "d.csv", "-o", "from-plain.txt"}, folder_).exit_code,
              0);
    EXPECT_EQ(read_text(folder_ + "/from-gzip.txt"), read_text(folder_ + "/from-plain.txt"));
    // A damaged gzip file is an error naming it, not a crash.
    std::ofstream(folder_ + "/damaged.csv.gz", std::ios::binary) << gzip_bytes.substr(0, gzip_bytes.size() / 2);
    EXPECT_EQ(run_measured({"render", "den312d.map", "--paths", "damaged.csv.gz", "-o", "x.txt"}, folder_).exit_code,
              2);
}

/// The paths file's rows without their scenario and query fields (a query's index restarts per file).
std::vector<std::string> rows_without_position(const std::string& text) {
    std::vector<std::string> rows = rows_without_scenario(text);
    for (std::string& row : rows) row = row.substr(row.find(',', 1));
    return rows;
}

TEST_F(StreamingTest, TwentyFilesOnOneMapPrepareItOnceAndAnswerAsOneFile) {
    const std::string text = read_text(folder_ + "/AR0011SR.map.scen");
    std::istringstream lines(text);
    std::string header;
    std::getline(lines, header);
    std::vector<std::string> rows;
    for (std::string line; std::getline(lines, line) && rows.size() < 200;) rows.push_back(line);
    ASSERT_EQ(rows.size(), 200U);
    std::string whole = header + "\n";
    std::vector<std::string> parts;
    for (std::size_t part = 0; part < 20; ++part) {
        std::string piece = header + "\n";
        for (std::size_t row = part * 10; row < part * 10 + 10; ++row) piece += rows[row] + "\n";
        whole += piece.substr(header.size() + 1);
        parts.push_back("part" + std::to_string(part) + ".map.scen");
        testing::write_text(folder_ + "/" + parts.back(), piece);
    }
    testing::write_text(folder_ + "/whole.map.scen", whole);
    for (const char* algorithm : {"jps+", "auto", "astar"}) {
        SCOPED_TRACE(algorithm);
        std::vector<std::string> many{"solve",    "--algorithm", algorithm,  "--paths",
                                      "many.csv", "--summary",   "many.json"};
        many.insert(many.end(), parts.begin(), parts.end());
        ASSERT_EQ(run_measured(many, folder_).exit_code, 0);
        ASSERT_EQ(run_measured({"solve", "--algorithm", algorithm, "--paths", "one.csv", "whole.map.scen"}, folder_)
                      .exit_code,
                  0);
        EXPECT_EQ(rows_without_position(read_text(folder_ + "/many.csv")),
                  rows_without_position(read_text(folder_ + "/one.csv")));
        const nlohmann::json summary = nlohmann::json::parse(read_text(folder_ + "/many.json"));
        const nlohmann::json& sets = summary["scenarios"];
        ASSERT_EQ(sets.size(), 20U);
        EXPECT_FALSE(sets[0]["setup_reused"].get<bool>());
        std::size_t reused = 0;
        for (std::size_t part = 1; part < sets.size(); ++part) {
            if (!sets[part]["setup_reused"].get<bool>()) continue;
            ++reused;
            EXPECT_EQ(sets[part]["preprocessing_seconds"].get<double>(), 0.0) << "file " << part;
        }
        // Under auto a later file may still build the JPS+ table its probes call for, once.
        EXPECT_GE(reused, std::string(algorithm) == "auto" ? 18U : 19U);
    }
}

}  // namespace
}  // namespace swarmpath::cli
