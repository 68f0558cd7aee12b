// Small inputs that used to ask for unbounded work, through the real executable: `render --paths`
// of one long polyline (whose segments were drawn as thick dots every half pixel), and gzip inputs
// that inflate past the one input-size limit (io::kMaximumFileBytes), with an honest or a lying
// size in their trailer. Results are checked, never wall time; the timeouts are hang guards only.
// Assumes zlib and libpng (the test executable links both).
#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdint>
#include <filesystem>
#include <random>
#include <string>

#include "png_picture.hpp"
#include "random_maps.hpp"
#include "run_command.hpp"

namespace swarmpath {
namespace {

namespace fs = std::filesystem;
using testing::read_text;
using testing::write_text;

constexpr int kBoundedRunGuardSeconds = 600;
constexpr std::uint64_t kLimitBytes = std::uint64_t{600} << 20;  // io::kMaximumFileBytes, as documented

class BoundedInputs : public ::testing::Test {
protected:
    void SetUp() override {
        folder_ = testing::scratch_folder(std::string("bounded_inputs_") +
                                          ::testing::UnitTest::GetInstance()->current_test_info()->name());
        for (const fs::directory_entry& entry : fs::directory_iterator(folder_)) fs::remove_all(entry.path());
        std::string map = "type octile\nheight 64\nwidth 64\nmap\n";
        for (int row = 0; row < 64; ++row) map += std::string(64, '.') + "\n";
        write_text(path("open.map"), map);
    }
    [[nodiscard]] std::string path(const std::string& name) const { return folder_ + "/" + name; }
    std::string folder_;
};

// One 10,000-point polyline (a `--waypoints` row) drawn at the largest scale: the picture is right
// (the path's colour on its segments) and the run ends, drawing each segment once.
TEST_F(BoundedInputs, ALongPolylineRendersCompletely) {
    std::mt19937 random(20261202);
    std::uniform_int_distribution<std::uint32_t> coordinate(0, 63);
    std::string points;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> corners;
    for (int point = 0; point < 10000; ++point) {
        const std::uint32_t x = coordinate(random);  // one draw per statement: argument order is unspecified
        corners.emplace_back(x, coordinate(random));
        if (point > 0) points += ' ';
        points += std::to_string(corners.back().first);
        points += ':';
        points += std::to_string(corners.back().second);
    }
    write_text(path("long.csv"), "scenario,query,status,cost,length,path\nlong.scen,0,found,1.0,1.0," + points + "\n");
    ASSERT_LT(read_text(path("long.csv")).size(), 80000U);
    const testing::CommandOutcome drawn = testing::run_swarmpath(
        "render " + path("open.map") + " -o " + path("long.png") + " --scale 64 --paths " + path("long.csv"),
        kBoundedRunGuardSeconds);
    ASSERT_EQ(drawn.exit_code, 0) << drawn.standard_error;
    EXPECT_NE(drawn.standard_output.find("cells 10000"), std::string::npos) << drawn.standard_output;
    testing::Picture picture;
    ASSERT_TRUE(testing::decode_png(path("long.png"), picture));
    ASSERT_EQ(picture.width, 4096U);
    ASSERT_EQ(picture.height, 4096U);
    const std::vector<int> path_red = {220, 30, 30};  // the first path's colour
    for (const std::size_t segment : {std::size_t{1}, std::size_t{5000}, std::size_t{9999}}) {
        const double x = (corners[segment - 1].first + corners[segment].first + 1.0) / 2 * 64;
        const double y = (corners[segment - 1].second + corners[segment].second + 1.0) / 2 * 64;
        EXPECT_EQ(picture.colour(x, y), path_red) << "the middle of segment " << segment;
    }
}

// A shorter polyline on a bare map: the line covers its segment and nothing far from it.
TEST_F(BoundedInputs, APolylineCoversItsSegmentsOnly) {
    write_text(path("line.csv"),
               "scenario,query,status,cost,length,path\nline.scen,0,found,60.0,60.0,2:10 62:10 62:50\n");
    const testing::CommandOutcome drawn = testing::run_swarmpath(
        "render " + path("open.map") + " -o " + path("line.png") + " --scale 8 --paths " + path("line.csv"));
    ASSERT_EQ(drawn.exit_code, 0) << drawn.standard_error;
    const testing::CommandOutcome bare =
        testing::run_swarmpath("render " + path("open.map") + " -o " + path("bare.png") + " --scale 8");
    ASSERT_EQ(bare.exit_code, 0) << bare.standard_error;
    testing::Picture line;
    testing::Picture empty;
    ASSERT_TRUE(testing::decode_png(path("line.png"), line));
    ASSERT_TRUE(testing::decode_png(path("bare.png"), empty));
    const std::vector<int> path_red = {220, 30, 30};
    for (double x = 3 * 8; x < 62 * 8; x += 8)
        EXPECT_EQ(line.colour(x, 10.5 * 8), path_red) << "on the first segment at " << x;
    for (double y = 11 * 8; y < 50 * 8; y += 8)
        EXPECT_EQ(line.colour(62.5 * 8, y), path_red) << "on the second at " << y;
    EXPECT_EQ(line.colour(30 * 8, 20 * 8), empty.colour(30 * 8, 20 * 8)) << "far from the line";
    EXPECT_EQ(line.colour(30 * 8 + 4, 10 * 8 - 3), empty.colour(30 * 8 + 4, 10 * 8 - 3)) << "beside the line";
}

/// gzip data of `mebibytes` MiB of zeros, about a thousand times smaller, whose trailer claims
/// `claimed_size` bytes. Made from one flushed block of a MiB repeated (after a full flush a block
/// stands alone); the check value is not that of the data, which the reader never gets to.
std::string gzip_of_zeros(std::uint64_t mebibytes, std::uint32_t claimed_size) {
    z_stream stream{};
    EXPECT_EQ(deflateInit2(&stream, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
    std::string zeros(std::size_t{1} << 20, '\0');
    auto pump = [&](bool with_input, int flush) {
        std::string output;
        stream.next_in = with_input ? reinterpret_cast<Bytef*>(zeros.data()) : nullptr;
        stream.avail_in = with_input ? static_cast<uInt>(zeros.size()) : 0;
        unsigned char block[1 << 16];
        do {
            stream.next_out = block;
            stream.avail_out = sizeof(block);
            deflate(&stream, flush);
            output.append(reinterpret_cast<const char*>(block), sizeof(block) - stream.avail_out);
        } while (stream.avail_out == 0 || stream.avail_in != 0);
        return output;
    };
    std::string data = pump(true, Z_FULL_FLUSH);  // the gzip header and the first MiB
    const std::string one_mebibyte = pump(true, Z_FULL_FLUSH);
    const std::string tail = pump(false, Z_FINISH);
    deflateEnd(&stream);
    for (std::uint64_t copy = 1; copy < mebibytes; ++copy) data += one_mebibyte;
    data += tail;
    for (int index = 0; index < 4; ++index) {
        data[data.size() - 4 + static_cast<std::size_t>(index)] =
            static_cast<char>((claimed_size >> (8 * index)) & 0xFF);
    }
    return data;
}

// A gzip paths file that inflates past the limit for any input file is refused, exit 2, naming the
// file, with no picture written: whether its trailer says so (refused before inflating) or lies
// (refused once the inflated bytes pass the limit).
TEST_F(BoundedInputs, AGzipBombIsRefusedNamingTheFile) {
    const std::uint64_t mebibytes = (kLimitBytes >> 20) + 100;
    for (const bool honest : {true, false}) {
        SCOPED_TRACE(honest ? "the trailer gives the size" : "the trailer lies");
        const std::string bomb = gzip_of_zeros(mebibytes, honest ? static_cast<std::uint32_t>(mebibytes << 20) : 1000);
        ASSERT_LT(bomb.size(), std::size_t{4} << 20);
        write_text(path("bomb.csv.gz"), bomb);
        const testing::CommandOutcome drawn = testing::run_swarmpath(
            "render " + path("open.map") + " -o " + path("bomb.png") + " --paths " + path("bomb.csv.gz"),
            kBoundedRunGuardSeconds);
        EXPECT_EQ(drawn.exit_code, 2);
        EXPECT_NE(drawn.standard_error.find(path("bomb.csv.gz") + ": gzip data"), std::string::npos)
            << drawn.standard_error;
        EXPECT_NE(drawn.standard_error.find("more than " + std::to_string(kLimitBytes) + " bytes"), std::string::npos)
            << drawn.standard_error;
        EXPECT_FALSE(fs::exists(path("bomb.png")));
        for (const fs::directory_entry& entry : fs::directory_iterator(folder_)) {
            EXPECT_EQ(entry.path().filename().string().find(".swarmpath-"), std::string::npos) << entry.path();
        }
    }
}

}  // namespace
}  // namespace swarmpath
