// Hex and triangle maps (docs/formats.md "Hex and triangle cells") through the real `swarmpath`
// executable, the tools' side of hex and triangle maps: `generate --topology hex|triangle` writes typed maps whose
// scenario lengths equal a plain breadth-first search written here from docs/formats.md's neighbour rules
// (generated maps cost 1 per step), as do `generate crowd`'s on those maps; its mazes are trees of
// cells, its rooms all connected, and square output stays byte for byte what it was before
// topologies existed. `render` and `route` draw
// hex rows indented by half a cell and triangles between their sloping sides, and PNGs of the right
// size with the terrain, path and goal at the cell centres; `field` draws its PNG in the same shapes;
// `validate` names the type; the bundled
// generated sets (datasets/generated/) solve with 0 mismatches under A* and goal fields. Maps are
// small, so this is cheap.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "png_picture.hpp"
#include "random_maps.hpp"
#include "run_command.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/scenario_file.hpp"

namespace swarmpath::testing {
namespace {

using Cell = std::pair<std::int64_t, std::int64_t>;

/// The neighbours of (x, y) as docs/formats.md lists them, written out here and not taken from the engine.
std::vector<Cell> neighbours_by_the_format(const std::string& type, std::int64_t x, std::int64_t y) {
    if (type == "hex") {
        if (y % 2 == 0) return {{x - 1, y}, {x + 1, y}, {x - 1, y - 1}, {x, y - 1}, {x - 1, y + 1}, {x, y + 1}};
        return {{x - 1, y}, {x + 1, y}, {x, y - 1}, {x + 1, y - 1}, {x, y + 1}, {x + 1, y + 1}};
    }
    const bool up = (x + y) % 2 == 0;
    return {{x - 1, y}, {x + 1, y}, {x, up ? y + 1 : y - 1}};
}

bool open_cell(const io::MapFile& map, std::int64_t x, std::int64_t y) {
    return x >= 0 && y >= 0 && x < map.width && y < map.height &&
           map.letter(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y)) == '.';
}

/// Steps from (x, y) to every cell over open (`.`) cells; -1 where unreachable.
std::vector<std::int64_t> breadth_first_steps(const io::MapFile& map, std::int64_t x, std::int64_t y) {
    std::vector<std::int64_t> steps(map.letters.size(), -1);
    std::deque<Cell> queue{{x, y}};
    steps[static_cast<std::size_t>(y * map.width + x)] = 0;
    while (!queue.empty()) {
        const auto [cell_x, cell_y] = queue.front();
        queue.pop_front();
        const std::int64_t here = steps[static_cast<std::size_t>(cell_y * map.width + cell_x)];
        for (const auto& [next_x, next_y] : neighbours_by_the_format(map.type, cell_x, cell_y)) {
            if (!open_cell(map, next_x, next_y)) continue;
            std::int64_t& there = steps[static_cast<std::size_t>(next_y * map.width + next_x)];
            if (there < 0) {
                there = here + 1;
                queue.push_back({next_x, next_y});
            }
        }
    }
    return steps;
}

struct ShapedCase {
    std::string topology;
    std::string kind;
    std::string options;
};

void PrintTo(const ShapedCase& parameters, std::ostream* output) {
    *output << parameters.topology << " " << parameters.kind << " " << parameters.options;
}

class ShapedGenerateTest : public ::testing::TestWithParam<ShapedCase> {};

TEST_P(ShapedGenerateTest, TypedDeterministicAndLengthsEqualBreadthFirstSearch) {
    const ShapedCase& parameters = GetParam();
    const std::string folder = scratch_folder("shaped-generate-" + parameters.topology + "-" + parameters.kind);
    const std::string map_path = folder + "/shaped.map";
    const std::string common = " --topology " + parameters.topology + " --width 41 --height 23 --seed 9 " +
                               parameters.options + " --scenarios 30";
    CommandOutcome generated = run_swarmpath("generate " + parameters.kind + common + " -o " + map_path);
    ASSERT_EQ(generated.exit_code, 0) << generated.standard_error;
    CommandOutcome again = run_swarmpath("generate " + parameters.kind + common + " -o " + folder + "/again.map");
    ASSERT_EQ(again.exit_code, 0) << again.standard_error;
    EXPECT_EQ(read_text(map_path), read_text(folder + "/again.map"));
    EXPECT_EQ(read_text(map_path).rfind("type " + parameters.topology + "\n", 0), 0U);

    Expected<io::MapFile> map = io::read_map_file(map_path);
    ASSERT_TRUE(map) << map.error().describe();
    ASSERT_EQ(map->type, parameters.topology);
    ASSERT_EQ(map->width, 41U);
    ASSERT_EQ(map->height, 23U);
    const auto open_count = static_cast<std::size_t>(std::count(map->letters.begin(), map->letters.end(), '.'));
    EXPECT_GT(open_count, map->letters.size() / 4);
    EXPECT_LT(open_count, map->letters.size());

    Expected<io::ScenarioFile> scenario = io::read_scenario_file(map_path + ".scen");
    ASSERT_TRUE(scenario) << scenario.error().describe();
    ASSERT_EQ(scenario->rows.size(), 30U);
    for (const io::ScenarioRow& row : scenario->rows) {
        const std::vector<std::int64_t> steps = breadth_first_steps(*map, row.start_x, row.start_y);
        const std::int64_t expected = steps[static_cast<std::size_t>(row.goal_y * map->width + row.goal_x)];
        EXPECT_GT(expected, 0) << "line " << row.line;
        EXPECT_EQ(static_cast<double>(expected), row.optimal_length) << "line " << row.line;
        EXPECT_EQ(row.bucket, static_cast<std::uint32_t>(expected / 4)) << "line " << row.line;
    }

    // Mazes are trees of cells under the shape's adjacency; every room is reachable from every other.
    std::int64_t first_x = -1;
    std::int64_t first_y = -1;
    std::size_t adjacent_pairs = 0;
    for (std::int64_t y = 0; y < map->height; ++y) {
        for (std::int64_t x = 0; x < map->width; ++x) {
            if (!open_cell(*map, x, y)) continue;
            if (first_x < 0) std::tie(first_x, first_y) = std::pair{x, y};
            for (const auto& [next_x, next_y] : neighbours_by_the_format(map->type, x, y)) {
                adjacent_pairs += open_cell(*map, next_x, next_y) ? 1 : 0;
            }
        }
    }
    if (parameters.kind != "random") {
        const std::vector<std::int64_t> steps = breadth_first_steps(*map, first_x, first_y);
        const auto reached =
            static_cast<std::size_t>(std::count_if(steps.begin(), steps.end(), [](std::int64_t s) { return s >= 0; }));
        EXPECT_EQ(reached, open_count) << "the open cells are not all connected";
    }
    if (parameters.kind == "maze") {
        EXPECT_EQ(adjacent_pairs / 2, open_count - 1) << "the maze has a loop";
    }

    CommandOutcome validated = run_swarmpath("validate " + map_path + " " + map_path + ".scen");
    EXPECT_EQ(validated.exit_code, 0) << validated.standard_error;
    EXPECT_NE(validated.standard_output.find("ok (map, type " + parameters.topology + ", 41 x 23)"), std::string::npos)
        << validated.standard_output;
    EXPECT_NE(validated.standard_output.find("ok (scenario, 30 rows, maps of type " + parameters.topology + ")"),
              std::string::npos)
        << validated.standard_output;
}

// 41 columns of 4-cell rooms leave a room column one cell wide at the right edge: connected on hexes,
// walled up on triangles (its triangles would not connect), so every open cell stays connected.
INSTANTIATE_TEST_SUITE_P(Shapes, ShapedGenerateTest,
                         ::testing::Values(ShapedCase{"hex", "random", "--density 0.3"}, ShapedCase{"hex", "maze", ""},
                                           ShapedCase{"hex", "rooms", "--room 4 --density 0.2"},
                                           ShapedCase{"triangle", "random", "--density 0.15"},
                                           ShapedCase{"triangle", "maze", ""},
                                           ShapedCase{"triangle", "rooms", "--room 4 --density 0.2"}),
                         [](const ::testing::TestParamInfo<ShapedCase>& parameter_info) {
                             return parameter_info.param.topology + "_" + parameter_info.param.kind;
                         });

TEST(ShapedGenerateCommand, CrowdLengthsOnHexAndTriangleMapsEqualBreadthFirstSearch) {
    const std::string folder = scratch_folder("shaped-generate-crowd");
    for (const std::string type : {"hex", "triangle"}) {
        const std::string map_path = folder + "/" + type + ".map";
        ASSERT_EQ(run_swarmpath("generate random --topology " + type +
                                " --width 30 --height 20 --density 0.1 --seed 4 -o " + map_path)
                      .exit_code,
                  0);
        CommandOutcome crowd =
            run_swarmpath("generate crowd " + map_path + " --agents 40 --goals 3 --seed 2 -o " + map_path + ".scen");
        ASSERT_EQ(crowd.exit_code, 0) << crowd.standard_error;
        Expected<io::MapFile> map = io::read_map_file(map_path);
        ASSERT_TRUE(map) << map.error().describe();
        Expected<io::ScenarioFile> scenario = io::read_scenario_file(map_path + ".scen");
        ASSERT_TRUE(scenario) << scenario.error().describe();
        ASSERT_EQ(scenario->rows.size(), 40U);
        for (const io::ScenarioRow& row : scenario->rows) {
            const std::vector<std::int64_t> steps = breadth_first_steps(*map, row.goal_x, row.goal_y);
            EXPECT_EQ(static_cast<double>(steps[static_cast<std::size_t>(row.start_y * map->width + row.start_x)]),
                      row.optimal_length)
                << type << " line " << row.line;
        }
    }
}

TEST(ShapedGenerateCommand, SquareOutputIsWhatItWasBeforeTopologies) {
    // Written by the generator before --topology existed (main at c32d5df), same options and seed.
    const std::string folder = scratch_folder("shaped-generate-square");
    const std::string maze_map =
        "type octile\nheight 7\nwidth 13\nmap\n.@...........\n.@.@@@@@@@@@.\n.@.@...@.....\n"
        ".@.@@@.@.@@@@\n.@...@...@...\n.@@@.@.@@@.@.\n.....@.....@.\n";
    const std::string maze_scenario =
        "version 1\n3\tmaze.map\t13\t7\t10\t4\t10\t2\t14.00000000\n"
        "6\tmaze.map\t13\t7\t0\t6\t12\t2\t24.00000000\n7\tmaze.map\t13\t7\t4\t4\t4\t2\t30.00000000\n";
    const std::string rooms_map =
        "type octile\nheight 7\nwidth 13\nmap\n...@...@...@.\n.............\n...@...@...@.\n"
        ".@@@.@@@.@@@.\n...@...@...@.\n...@...@...@.\n...@.......@.\n";
    const std::string rooms_scenario =
        "version 1\n0\trooms.map\t13\t7\t2\t0\t3\t1\t2.00000000\n"
        "1\trooms.map\t13\t7\t5\t0\t6\t4\t6.41421356\n2\trooms.map\t13\t7\t0\t3\t5\t6\t10.82842712\n";
    const std::string random_map =
        "type octile\nheight 7\nwidth 13\nmap\n.@.......@@..\n..@.....@@@..\n....@.@....@.\n"
        ".............\n@..@.......@.\n.......@.@..@\n..@..........\n";
    const std::string random_scenario =
        "version 1\n2\trandom.map\t13\t7\t2\t5\t11\t6\t9.41421356\n"
        "2\trandom.map\t13\t7\t5\t2\t12\t6\t9.82842712\n2\trandom.map\t13\t7\t0\t3\t10\t3\t10.00000000\n";
    const std::string common = " --width 13 --height 7 --seed 3 --scenarios 3 -o " + folder;
    ASSERT_EQ(run_swarmpath("generate maze" + common + "/maze.map").exit_code, 0);
    ASSERT_EQ(run_swarmpath("generate rooms --room 3 --topology square" + common + "/rooms.map").exit_code, 0);
    ASSERT_EQ(run_swarmpath("generate random" + common + "/random.map").exit_code, 0);
    EXPECT_EQ(read_text(folder + "/maze.map"), maze_map);
    EXPECT_EQ(read_text(folder + "/maze.map.scen"), maze_scenario);
    EXPECT_EQ(read_text(folder + "/rooms.map"), rooms_map);
    EXPECT_EQ(read_text(folder + "/rooms.map.scen"), rooms_scenario);
    EXPECT_EQ(read_text(folder + "/random.map"), random_map);
    EXPECT_EQ(read_text(folder + "/random.map.scen"), random_scenario);
}

TEST(ShapedGenerateCommand, RefusesOptionsTheShapeCannotHonour) {
    const std::string folder = scratch_folder("shaped-generate-refusals");
    CommandOutcome wide =
        run_swarmpath("generate maze --topology hex --corridor 2 --width 20 --height 20 -o " + folder + "/a.map");
    EXPECT_EQ(wide.exit_code, 2);
    EXPECT_NE(wide.standard_error.find("--corridor 2 is for square maps"), std::string::npos) << wide.standard_error;
    CommandOutcome narrow =
        run_swarmpath("generate rooms --topology triangle --room 1 --width 20 --height 20 -o " + folder + "/b.map");
    EXPECT_EQ(narrow.exit_code, 2);
    EXPECT_NE(narrow.standard_error.find("--room must be at least 2 on triangles"), std::string::npos)
        << narrow.standard_error;
    EXPECT_NE(run_swarmpath("generate random --topology cube -o " + folder + "/c.map").exit_code, 0);
    EXPECT_EQ(read_text(folder + "/a.map") + read_text(folder + "/b.map") + read_text(folder + "/c.map"), "");
}

/// A 5 × 3 map of the given type: two walls in row 1.
std::string small_map(const std::string& type) {
    return "type " + type + "\nheight 3\nwidth 5\nmap\n.....\n.@@..\n.....\n";
}

// A legal path on each shape from (0,0) to (4,2) (5 hex steps, 8 triangle steps), as `solve --paths` writes it.
const std::string kHexPath = "0:0 1:0 2:0 3:0 3:1 4:2";
const std::string kTrianglePath = "0:0 1:0 2:0 3:0 4:0 4:1 3:1 3:2 4:2";

TEST(ShapedRenderCommand, TextIndentsOddHexRowsAndShowsWhichWayTrianglesPoint) {
    const std::string folder = scratch_folder("shaped-render-text");
    for (const std::string type : {"hex", "triangle"}) {
        write_text(folder + "/" + type + ".map", small_map(type));
        write_text(folder + "/" + type + ".csv",
                   "scenario,query,status,cost,path\ns,0,found,5," + (type == "hex" ? kHexPath : kTrianglePath) + "\n");
        CommandOutcome drawn = run_swarmpath("render " + folder + "/" + type + ".map -o " + folder + "/" + type +
                                             ".txt --paths " + folder + "/" + type + ".csv");
        ASSERT_EQ(drawn.exit_code, 0) << drawn.standard_error;
    }
    EXPECT_EQ(read_text(folder + "/hex.txt"), "S * * * .\n . @ @ * .\n. . . . G\n");
    // An up triangle stands between `/` and `\` (x + y even), a down one between `\` and `/`.
    EXPECT_EQ(read_text(folder + "/triangle.txt"), "/S\\*/*\\*/*\\\n\\./@\\@/*\\*/\n/.\\./.\\*/G\\\n");
}

/// The value of the `key value` line of `route`'s report, or "" when it has none.
std::string report_field(const std::string& report, const std::string& key) {
    std::istringstream lines(report);
    std::string line;
    while (std::getline(lines, line) && !line.empty()) {
        if (line.rfind(key + " ", 0) != 0) continue;
        const std::size_t value = line.find_first_not_of(' ', key.size());
        return value == std::string::npos ? "" : line.substr(value);
    }
    return "";
}

TEST(ShapedRouteCommand, PrintsALegalShortestPathOnTheShapesOwnPicture) {
    const std::string folder = scratch_folder("shaped-route");
    for (const std::string type : {"hex", "triangle"}) {
        const std::string map_path = folder + "/" + type + ".map";
        write_text(map_path, small_map(type));
        CommandOutcome routed = run_swarmpath("route " + map_path + " 0 0 4 2");
        ASSERT_EQ(routed.exit_code, 0) << routed.standard_error;
        const std::string& report = routed.standard_output;
        EXPECT_EQ(report_field(report, "settings").rfind("topology " + type + ",", 0), 0U) << report;
        EXPECT_EQ(report_field(report, "status"), "found") << report;
        // The path: each step to a neighbour by docs/formats.md, as many steps as the breadth-first search.
        std::istringstream cells(report_field(report, "path"));
        std::vector<Cell> path;
        for (std::string cell; cells >> cell;)
            path.push_back({std::stoll(cell.substr(0, cell.find(':'))), std::stoll(cell.substr(cell.find(':') + 1))});
        ASSERT_GE(path.size(), 2U) << report;
        EXPECT_EQ(path.front(), (Cell{0, 0}));
        EXPECT_EQ(path.back(), (Cell{4, 2}));
        for (std::size_t step = 1; step < path.size(); ++step) {
            const std::vector<Cell> around =
                neighbours_by_the_format(type, path[step - 1].first, path[step - 1].second);
            EXPECT_NE(std::find(around.begin(), around.end(), path[step]), around.end()) << type << " step " << step;
        }
        Expected<io::MapFile> map = io::parse_map(small_map(type), "small");
        ASSERT_TRUE(map);
        const std::int64_t steps = breadth_first_steps(*map, 0, 0)[2 * 5 + 4];
        EXPECT_EQ(static_cast<std::int64_t>(path.size()) - 1, steps) << type;
        EXPECT_EQ(std::stod(report_field(report, "cost")), static_cast<double>(steps)) << type;
        // The picture after the blank line: the path's letters drawn in the shape's own layout.
        const std::string picture = report.substr(report.find("\n\n") + 2);
        std::istringstream rows(picture);
        std::vector<std::string> lines;
        for (std::string line; std::getline(rows, line);) lines.push_back(line);
        ASSERT_EQ(lines.size(), 3U) << picture;
        if (type == "hex") {
            EXPECT_EQ(lines[0].rfind("S ", 0), 0U) << picture;
            EXPECT_EQ(lines[1][0], ' ') << picture;  // the odd row, half a cell to the right
            EXPECT_EQ(lines[2].substr(lines[2].size() - 1), "G") << picture;
        } else {
            EXPECT_EQ(lines[0].rfind("/S\\", 0), 0U) << picture;
            EXPECT_EQ(lines[2].substr(lines[2].size() - 3), "/G\\") << picture;
        }
        const auto stars = static_cast<std::size_t>(std::count(picture.begin(), picture.end(), '*'));
        EXPECT_EQ(stars, path.size() - 2) << picture;
        CommandOutcome smoothed = run_swarmpath("route " + map_path + " 0 0 4 2 --smooth");
        EXPECT_EQ(smoothed.exit_code, 2);
        EXPECT_NE(smoothed.standard_error.find("--smooth is for square maps: this map is type " + type),
                  std::string::npos)
            << smoothed.standard_error;
    }
}

/// The centre of cell (x, y) in a picture at `scale` pixels a cell: a hexagon's centre, or a
/// triangle's centroid (up when x + y is even), as render lays the shapes out.
std::pair<double, double> cell_centre(const std::string& type, double scale, double x, double y) {
    const double root_three = std::sqrt(3.0);
    if (type == "hex") {
        const double radius = scale / root_three;
        return {(x + 0.5 + 0.5 * std::fmod(y, 2.0)) * scale, radius + y * 1.5 * radius};
    }
    const double row_height = scale * root_three / 2;
    const bool up = std::fmod(x + y, 2.0) == 0;
    return {(x + 1) * scale / 2, y * row_height + (up ? 2.0 : 1.0) * row_height / 3};
}

/// The picture of small_map at `scale`: half a cell wider for the odd hex rows; triangles half a
/// base apart.
void expect_small_map_picture_size(const Picture& picture, const std::string& type, double scale) {
    const double root_three = std::sqrt(3.0);
    if (type == "hex") {
        EXPECT_EQ(picture.width, static_cast<std::uint32_t>(std::ceil(5.5 * scale)));
        EXPECT_EQ(picture.height, static_cast<std::uint32_t>(std::ceil((2 + 1.5 * 2) * scale / root_three)));
    } else {
        EXPECT_EQ(picture.width, static_cast<std::uint32_t>(std::ceil(6 * scale / 2)));
        EXPECT_EQ(picture.height, static_cast<std::uint32_t>(std::ceil(3 * scale * root_three / 2)));
    }
}

/// Runs the swarmpath `arguments`, which write a PNG at `png`, and decodes it (an empty picture,
/// with the failure reported, when either fails).
Picture drawn_picture(const std::string& arguments, const std::string& png) {
    const CommandOutcome drawn = run_swarmpath(arguments);
    EXPECT_EQ(drawn.exit_code, 0) << drawn.standard_error;
    Picture picture;
    EXPECT_TRUE(decode_png(png, picture)) << png;
    return picture;
}

TEST(ShapedRenderCommand, PngDrawsShapesOfTheRightSizeWithThePathThroughCellCentres) {
    const std::string folder = scratch_folder("shaped-render-png");
    const double scale = 12;
    const std::vector<int> wall{28, 28, 30};
    const std::vector<int> first_path{220, 30, 30};
    const std::vector<int> white{255, 255, 255};
    for (const std::string type : {"hex", "triangle"}) {
        write_text(folder + "/" + type + ".map", small_map(type));
        write_text(folder + "/" + type + ".csv",
                   "scenario,query,status,cost,path\ns,0,found,5," + (type == "hex" ? kHexPath : kTrianglePath) + "\n");
        const Picture picture = drawn_picture("render " + folder + "/" + type + ".map -o " + folder + "/" + type +
                                                  ".png --scale 12 --paths " + folder + "/" + type + ".csv",
                                              folder + "/" + type + ".png");
        ASSERT_GT(picture.width, 0U);
        auto centre = [&](double x, double y) { return cell_centre(type, scale, x, y); };
        expect_small_map_picture_size(picture, type, scale);
        const auto [wall_x, wall_y] = centre(1, 1);
        EXPECT_EQ(picture.colour(wall_x, wall_y), wall) << type;
        const auto [ground_x, ground_y] = centre(1, 2);
        EXPECT_EQ(picture.colour(ground_x, ground_y), (std::vector<int>{236, 231, 218})) << type;
        // Halfway between the centres of the path's fourth and fifth cells: on the path's line.
        const auto [fourth_x, fourth_y] = centre(3, 0);
        const auto [fifth_x, fifth_y] = type == "hex" ? centre(3, 1) : centre(4, 0);
        EXPECT_EQ(picture.colour((fourth_x + fifth_x) / 2, (fourth_y + fifth_y) / 2), first_path) << type;
        const auto [goal_x, goal_y] = centre(4, 2);
        EXPECT_EQ(picture.colour(goal_x, goal_y), white) << type;  // the goal's white core
    }
}

// `field` on a hex or triangle map draws its PNG in the map's own shapes, as `render` lays them out
// (9 pixels a cell on a small map): the goal's cell white, walls black, reachable cells coloured by
// their cost, so a cell one step from the goal and the farthest one differ.
TEST(ShapedFieldCommand, PngDrawsTheShapesInTheirFieldColours) {
    const std::string folder = scratch_folder("shaped-field-png");
    const double scale = 9;
    for (const std::string type : {"hex", "triangle"}) {
        write_text(folder + "/" + type + ".map", small_map(type));
        const Picture picture = drawn_picture("field " + folder + "/" + type + ".map 0 0 -o " + folder + "/" + type +
                                                  ".field --png " + folder + "/" + type + ".png",
                                              folder + "/" + type + ".png");
        ASSERT_GT(picture.width, 0U);
        auto centre = [&](double x, double y) { return cell_centre(type, scale, x, y); };
        expect_small_map_picture_size(picture, type, scale);
        const auto [goal_x, goal_y] = centre(0, 0);
        EXPECT_EQ(picture.colour(goal_x, goal_y), (std::vector<int>{255, 255, 255})) << type;
        const auto [wall_x, wall_y] = centre(1, 1);
        EXPECT_EQ(picture.colour(wall_x, wall_y), (std::vector<int>{0, 0, 0})) << type;
        const auto [near_x, near_y] = centre(1, 0);
        const auto [far_x, far_y] = centre(4, 2);
        EXPECT_NE(picture.colour(near_x, near_y), picture.colour(far_x, far_y)) << type;
        EXPECT_NE(picture.colour(far_x, far_y), (std::vector<int>{0, 0, 0})) << type;
    }
}

// The bundled generated sets (datasets/README.md) solve with 0 mismatches under A* and goal fields:
// their lengths come from the generator's reverse Dijkstra, independent of both searches.
TEST(BundledShapedSets, SolveWithoutMismatches) {
    const std::string folder = scratch_folder("shaped-bundled");
    const std::string sets = std::string(SWARMPATH_SOURCE_DIR) + "/datasets/generated/hex/random128-hex.map.scen " +
                             SWARMPATH_SOURCE_DIR + "/datasets/generated/triangle/rooms128-triangle.map.scen";
    for (const std::string algorithm : {"astar", "flowfield"}) {
        const std::string summary_path = folder + "/" + algorithm + ".json";
        CommandOutcome solved = run_swarmpath("solve " + sets + " --check --threads 2 --algorithm " + algorithm +
                                              " --summary " + summary_path);
        ASSERT_EQ(solved.exit_code, 0) << algorithm << "\n" << solved.standard_output << solved.standard_error;
        const nlohmann::json summary = nlohmann::json::parse(read_text(summary_path));
        ASSERT_EQ(summary["scenarios"].size(), 2U);
        for (const nlohmann::json& file : summary["scenarios"]) {
            EXPECT_EQ(file["queries"], 300) << algorithm << " " << file["file"];
            EXPECT_EQ(file["solved"], 300) << algorithm << " " << file["file"];
            EXPECT_EQ(file["mismatches"], 0) << algorithm << " " << file["file"];
        }
    }
}

}  // namespace
}  // namespace swarmpath::testing
