// The path outputs through the real executable: `solve --stats` (exact header, one row
// per query, costs equal to the paths file, the file's optimal lengths), `--waypoints`/`--smooth`
// (a `length` column, only kept points, the grid cost unchanged, and a plain paths file with no
// `length` column), `--deadline-ms`, the summary's provenance (build and input checksums), and
// `route`/`render` drawing a smoothed path. Uses bundled Moving AI files; writes only to scratch folders.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "random_maps.hpp"
#include "run_command.hpp"

namespace swarmpath {
namespace {

using testing::dataset;
using testing::lines_of;
using testing::read_text;
using testing::run_swarmpath;

std::vector<std::string> split(const std::string& line, char separator = ',') {
    std::vector<std::string> fields;
    std::string field;
    std::istringstream stream(line);
    while (std::getline(stream, field, separator)) fields.push_back(field);
    if (!line.empty() && line.back() == separator) fields.emplace_back();
    return fields;
}

constexpr const char* kStatsHeader =
    "scenario,query,bucket,start_x,start_y,goal_x,goal_y,status,cost,optimal,expanded,generated,heap_operations,"
    "nanoseconds";

TEST(PathOutputsTest, StatsHasOneRowPerQueryWithTheCostsOfThePathsFile) {
    const std::string folder = testing::scratch_folder("path-outputs-stats");
    const std::string scenarios = dataset("dao/arena.map.scen") + " " + dataset("street/Berlin_1_256.map.scen");
    const testing::CommandOutcome outcome = run_swarmpath("solve " + scenarios + " --threads 2 --stats " + folder +
                                                          "/stats.csv --paths " + folder + "/paths.csv");
    ASSERT_EQ(outcome.exit_code, 0) << outcome.standard_error;
    const std::vector<std::string> stats = lines_of(read_text(folder + "/stats.csv"));
    const std::vector<std::string> paths = lines_of(read_text(folder + "/paths.csv"));
    ASSERT_FALSE(stats.empty());
    EXPECT_EQ(stats[0], kStatsHeader);
    EXPECT_EQ(paths[0], "scenario,query,status,cost,path");  // no length column without a shape flag
    const std::size_t rows = lines_of(read_text(dataset("dao/arena.map.scen"))).size() - 1 +
                             lines_of(read_text(dataset("street/Berlin_1_256.map.scen"))).size() - 1;
    ASSERT_EQ(stats.size(), rows + 1);
    ASSERT_EQ(paths.size(), rows + 1);
    std::size_t timed = 0;
    for (std::size_t line = 1; line < stats.size(); ++line) {
        const std::vector<std::string> row = split(stats[line]);
        const std::vector<std::string> path = split(paths[line]);
        ASSERT_EQ(row.size(), 14U) << stats[line];
        EXPECT_EQ(row[0], path[0]);
        EXPECT_EQ(row[1], path[1]);
        EXPECT_EQ(row[7], path[2]);  // status
        EXPECT_EQ(row[8], path[3]);  // cost, same text
        EXPECT_EQ(row[7], "found");
        // The file's optimal length, and the cost within the benchmark tolerance of it.
        const double cost = std::stod(row[8]);
        const double optimal = std::stod(row[9]);
        EXPECT_LE(std::abs(cost - optimal), 1e-5 * optimal + 1e-6) << stats[line];
        if (std::stoull(row[13]) > 0) ++timed;
    }
    EXPECT_GT(timed, rows / 2);  // nanoseconds are measured (a trivial query may read as 0 only by clock grain)
}

// A path oracle's answers are timed one by one too (they were written as 0), and keep their costs.
TEST(PathOutputsTest, StatsTimeEachOracleAnswer) {
    const std::string folder = testing::scratch_folder("path-outputs-oracle-stats");
    const testing::CommandOutcome built =
        run_swarmpath("precompute " + dataset("dao/arena.map") + " -o " + folder + "/arena.oracle --threads 2");
    ASSERT_EQ(built.exit_code, 0) << built.standard_error;
    const testing::CommandOutcome outcome =
        run_swarmpath("solve " + dataset("dao/arena.map.scen") + " --oracle " + folder +
                      "/arena.oracle --threads 2 --stats " + folder + "/stats.csv");
    ASSERT_EQ(outcome.exit_code, 0) << outcome.standard_error;
    const std::vector<std::string> stats = lines_of(read_text(folder + "/stats.csv"));
    ASSERT_EQ(stats.size(), lines_of(read_text(dataset("dao/arena.map.scen"))).size());
    std::size_t timed = 0;
    for (std::size_t line = 1; line < stats.size(); ++line) {
        const std::vector<std::string> row = split(stats[line]);
        ASSERT_EQ(row.size(), 14U) << stats[line];
        EXPECT_EQ(row[7], "found");
        EXPECT_LE(std::abs(std::stod(row[8]) - std::stod(row[9])), 1e-5 * std::stod(row[9]) + 1e-6) << stats[line];
        if (std::stoull(row[13]) > 0) ++timed;
    }
    EXPECT_GT(timed, (stats.size() - 1) / 2);
}

TEST(PathOutputsTest, StatsMatchTheSummaryCounters) {
    const std::string folder = testing::scratch_folder("path-outputs-counters");
    const testing::CommandOutcome outcome =
        run_swarmpath("solve " + dataset("dao/den312d.map.scen") + " --algorithm astar --threads 1 --stats " + folder +
                      "/stats.csv --summary " + folder + "/summary.json");
    ASSERT_EQ(outcome.exit_code, 0) << outcome.standard_error;
    const nlohmann::json summary = nlohmann::json::parse(read_text(folder + "/summary.json"));
    std::uint64_t expanded = 0;
    std::uint64_t generated = 0;
    const std::vector<std::string> stats = lines_of(read_text(folder + "/stats.csv"));
    for (std::size_t line = 1; line < stats.size(); ++line) {
        const std::vector<std::string> row = split(stats[line]);
        expanded += std::stoull(row[10]);
        generated += std::stoull(row[11]);
    }
    EXPECT_EQ(expanded, summary["totals"]["expanded"].get<std::uint64_t>());
    EXPECT_EQ(generated, summary["totals"]["generated"].get<std::uint64_t>());
    // Provenance: the build and a checksum of the scenario file and of its map.
    EXPECT_FALSE(summary["build"]["compiler"].get<std::string>().empty());
    EXPECT_TRUE(summary["build"].contains("flags"));
    ASSERT_EQ(summary["inputs"].size(), 2U);
    EXPECT_EQ(summary["inputs"][0]["role"], "scenario");
    EXPECT_EQ(summary["inputs"][1]["role"], "map");
    EXPECT_EQ(summary["inputs"][1]["xxh64"].get<std::string>().size(), 16U);
    EXPECT_NE(summary["inputs"][0]["xxh64"], summary["inputs"][1]["xxh64"]);
}

TEST(PathOutputsTest, ChecksumsAreXxHash64OfTheFileBytes) {
    const std::string folder = testing::scratch_folder("path-outputs-checksum");
    {
        std::ofstream(folder + "/tiny.map") << "type octile\nheight 1\nwidth 2\nmap\n..\n";
        std::ofstream(folder + "/tiny.map.scen") << "version 1\n0\ttiny.map\t2\t1\t0\t0\t1\t0\t1\n";
    }
    const testing::CommandOutcome outcome =
        run_swarmpath("solve " + folder + "/tiny.map.scen --summary " + folder + "/summary.json");
    ASSERT_EQ(outcome.exit_code, 0) << outcome.standard_error;
    const nlohmann::json summary = nlohmann::json::parse(read_text(folder + "/summary.json"));
    // What `xxhsum -H1 FILE` (xxHash 0.8.1) prints for the two files, made outside swarmpath.
    EXPECT_EQ(summary["inputs"][0]["xxh64"], "23654e7f1f31f673");
    EXPECT_EQ(summary["inputs"][1]["xxh64"], "eada044979170e3e");
    EXPECT_EQ(summary["inputs"][0]["bytes"], read_text(folder + "/tiny.map.scen").size());
}

/// Parses "x:y x:y ..." into points.
std::vector<std::pair<long, long>> points_of(const std::string& field) {
    std::vector<std::pair<long, long>> points;
    for (const std::string& cell : split(field, ' ')) {
        const std::size_t colon = cell.find(':');
        points.emplace_back(std::stol(cell.substr(0, colon)), std::stol(cell.substr(colon + 1)));
    }
    return points;
}

double length_of(const std::vector<std::pair<long, long>>& points) {
    double length = 0;
    for (std::size_t index = 1; index < points.size(); ++index) {
        length += std::hypot(static_cast<double>(points[index].first - points[index - 1].first),
                             static_cast<double>(points[index].second - points[index - 1].second));
    }
    return length;
}

TEST(PathOutputsTest, WaypointsAndSmoothKeepEndpointsAndGridCostAndAddALength) {
    const std::string folder = testing::scratch_folder("path-outputs-shapes");
    const std::string scenario = dataset("dao/arena.map.scen");
    ASSERT_EQ(run_swarmpath("solve " + scenario + " --paths " + folder + "/grid.csv").exit_code, 0);
    ASSERT_EQ(run_swarmpath("solve " + scenario + " --waypoints --paths " + folder + "/waypoints.csv").exit_code, 0);
    ASSERT_EQ(run_swarmpath("solve " + scenario + " --smooth --paths " + folder + "/smooth.csv").exit_code, 0);
    const std::vector<std::string> grid = lines_of(read_text(folder + "/grid.csv"));
    const std::vector<std::string> waypoints = lines_of(read_text(folder + "/waypoints.csv"));
    const std::vector<std::string> smooth = lines_of(read_text(folder + "/smooth.csv"));
    ASSERT_EQ(waypoints[0], "scenario,query,status,cost,length,path");
    ASSERT_EQ(smooth[0], "scenario,query,status,cost,length,path");
    ASSERT_EQ(grid.size(), waypoints.size());
    ASSERT_EQ(grid.size(), smooth.size());
    std::size_t shorter = 0;
    for (std::size_t line = 1; line < grid.size(); ++line) {
        const std::vector<std::string> plain = split(grid[line]);
        const std::vector<std::string> turned = split(waypoints[line]);
        const std::vector<std::string> pulled = split(smooth[line]);
        EXPECT_EQ(turned[3], plain[3]);  // the cost stays the grid cost
        EXPECT_EQ(pulled[3], plain[3]);
        const auto cells = points_of(plain[4]);
        const auto corners = points_of(turned[5]);
        const auto smoothed = points_of(pulled[5]);
        EXPECT_EQ(corners.front(), cells.front());
        EXPECT_EQ(corners.back(), cells.back());
        EXPECT_EQ(smoothed.front(), cells.front());
        EXPECT_EQ(smoothed.back(), cells.back());
        EXPECT_LE(corners.size(), cells.size());
        // Waypoints trace the same polyline as the cells; smoothing never lengthens it.
        EXPECT_NEAR(std::stod(turned[4]), length_of(cells), 1e-6);
        EXPECT_NEAR(std::stod(turned[4]), std::stod(plain[3]), 1e-5);
        EXPECT_NEAR(std::stod(pulled[4]), length_of(smoothed), 1e-6);
        EXPECT_LE(std::stod(pulled[4]), std::stod(turned[4]) + 1e-9);
        if (std::stod(pulled[4]) < std::stod(turned[4]) - 1e-6) ++shorter;
    }
    EXPECT_GT(shorter, 0U);
    // render reads a shaped paths file back and draws it.
    const testing::CommandOutcome drawn = run_swarmpath("render " + dataset("dao/arena.map") + " -o " + folder +
                                                        "/smooth.txt --paths " + folder + "/smooth.csv --query 100");
    ASSERT_EQ(drawn.exit_code, 0) << drawn.standard_error;
    EXPECT_NE(read_text(folder + "/smooth.txt").find('o'), std::string::npos);
}

TEST(PathOutputsTest, RouteDrawsTheSmoothedPath) {
    const testing::CommandOutcome outcome =
        run_swarmpath("route " + dataset("dao/brc202d.map") + " 105 255 97 259 --crop 1 --smooth");
    ASSERT_EQ(outcome.exit_code, 0) << outcome.standard_error;
    EXPECT_NE(outcome.standard_output.find("status    found"), std::string::npos);
    EXPECT_NE(outcome.standard_output.find("cost      30.14213562"), std::string::npos);
    EXPECT_NE(outcome.standard_output.find("smoothed "), std::string::npos) << outcome.standard_output;
    EXPECT_NE(outcome.standard_output.find("points    105:255"), std::string::npos) << outcome.standard_output;
}

TEST(PathOutputsTest, DeadlineAndStatsOptionsAreChecked) {
    const std::string folder = testing::scratch_folder("path-outputs-deadline");
    EXPECT_EQ(run_swarmpath("solve " + dataset("dao/arena.map.scen") + " --deadline-ms -1").exit_code, 2);
    EXPECT_EQ(run_swarmpath("solve " + dataset("dao/arena.map.scen") + " --deadline-ms 86400001").exit_code, 2);
    // A generous deadline changes nothing; the stats file may not be an input.
    const testing::CommandOutcome generous = run_swarmpath("solve " + dataset("dao/arena.map.scen") +
                                                           " --deadline-ms 60000 --check --stats " + folder + "/s.csv");
    EXPECT_EQ(generous.exit_code, 0) << generous.standard_error;
    const testing::CommandOutcome refused =
        run_swarmpath("solve " + dataset("dao/arena.map.scen") + " --stats " + dataset("dao/arena.map.scen"));
    EXPECT_EQ(refused.exit_code, 2);
    EXPECT_NE(refused.standard_error.find("--stats"), std::string::npos) << refused.standard_error;
}

}  // namespace
}  // namespace swarmpath
