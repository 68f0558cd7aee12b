// The real `swarmpath` executable (SWARMPATH_EXECUTABLE) on the movement, terrain and limit options: `route` prints a
// path whose ASCII drawing (`*`, `S`, `G`) is a legal path of the reference Dijkstra's optimal cost
// under every movement, terrain and heuristic option; `render` writes a PNG that libpng decodes to
// the expected size, differing from the bare map exactly on the path cells, and an ASCII form;
// `solve` reports the right status words and exactly the brute-force partial paths with
// `--fallback nearest`, states the weighted bound, and skips "unknown" rows under --check.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "png_picture.hpp"
#include "random_maps.hpp"
#include "reference_dijkstra.hpp"
#include "run_command.hpp"
#include "swarmpath/grid/terrain.hpp"
#include "swarmpath/io/map_file.hpp"

namespace swarmpath {
namespace {

using Outcome = testing::CommandOutcome;

/// `key value` lines of `route` output before the picture.
std::map<std::string, std::string> header_fields(const std::string& output) {
    std::map<std::string, std::string> fields;
    std::istringstream lines(output);
    std::string line;
    while (std::getline(lines, line) && !line.empty()) {
        const std::size_t space = line.find(' ');
        if (space == std::string::npos) continue;
        const std::size_t value = line.find_first_not_of(' ', space);
        fields[line.substr(0, space)] = value == std::string::npos ? "" : line.substr(value);
    }
    return fields;
}

/// The rows of the picture after the blank line.
std::vector<std::string> picture_rows(const std::string& output) {
    std::vector<std::string> rows;
    const std::size_t blank = output.find("\n\n");
    if (blank == std::string::npos) return rows;
    std::istringstream lines(output.substr(blank + 2));
    std::string line;
    while (std::getline(lines, line)) rows.push_back(line);
    return rows;
}

std::vector<std::uint32_t> parse_cells(const std::string& text, std::uint32_t width) {
    std::vector<std::uint32_t> cells;
    std::istringstream words(text);
    std::string word;
    while (words >> word) {
        const std::size_t colon = word.find(':');
        cells.push_back(static_cast<std::uint32_t>(std::stoul(word.substr(colon + 1))) * width +
                        static_cast<std::uint32_t>(std::stoul(word.substr(0, colon))));
    }
    return cells;
}

struct RouteCase {
    std::string arguments;
    testing::ReferenceRules rules;
    double bound = 1.0;
};

// route: on random terrain maps, under each option, the printed path and the drawn one agree, the
// path is legal, and its cost is the reference optimum (or within the weight's bound).
TEST(RouteCommand, DrawsALegalOptimalPathUnderEveryOption) {
    const std::string folder = testing::scratch_folder("route-options");
    std::mt19937_64 random(0x707e);
    testing::write_text(folder + "/costs.terrain", "# swamp-like letters\na = 3\nb=0.5  # cheaper than ground\n");
    std::size_t checked = 0;
    for (int map_number = 0; map_number < 3; ++map_number) {
        const io::MapFile map = testing::random_map(random, 18, 12, 0.25, "...abW");
        const std::string map_path = folder + "/map" + std::to_string(map_number) + ".map";
        testing::write_text(map_path, testing::to_map_text(map));

        grid::TerrainTable costs = grid::TerrainTable::benchmark();
        costs.declare('a', true, 3.0);
        costs.declare('b', true, 0.5);
        grid::TerrainTable water_cost = costs;
        water_cost.declare('W', true, 2.0);
        std::vector<RouteCase> cases;
        auto add = [&](const std::string& arguments, search::Moves moves, search::DiagonalRule rule,
                       const grid::TerrainTable& table, double bound) {
            RouteCase route_case;
            route_case.arguments = arguments;
            route_case.rules.moves = moves;
            route_case.rules.diagonal = rule;
            route_case.rules.terrain = table;
            route_case.bound = bound;
            cases.push_back(route_case);
        };
        using search::DiagonalRule;
        using search::Moves;
        add("--terrain a=3,b=0.5", Moves::eight, DiagonalRule::both_free, costs, 1.0);
        add("--terrain-file " + folder + "/costs.terrain", Moves::eight, DiagonalRule::both_free, costs, 1.0);
        add("--terrain a=3,b=0.5,W=2", Moves::eight, DiagonalRule::both_free, water_cost, 1.0);
        add("--terrain a=3,b=0.5 --moves 4", Moves::four, DiagonalRule::both_free, costs, 1.0);
        add("--terrain a=3,b=0.5 --diagonal-rule one-free", Moves::eight, DiagonalRule::one_free, costs, 1.0);
        add("--terrain a=3,b=0.5 --diagonal-rule any", Moves::eight, DiagonalRule::any, costs, 1.0);
        add("--terrain a=3,b=0.5 --heuristic zero", Moves::eight, DiagonalRule::both_free, costs, 1.0);
        add("--terrain a=3,b=0.5 --heuristic euclidean", Moves::eight, DiagonalRule::both_free, costs, 1.0);
        add("--terrain a=3,b=0.5 --heuristic chebyshev --moves 4", Moves::four, DiagonalRule::both_free, costs, 1.0);
        add("--terrain a=3,b=0.5 --weight 2", Moves::eight, DiagonalRule::both_free, costs, 2.0);
        add("--terrain a=3,b=0.5 --heuristic manhattan --weight 1", Moves::eight, DiagonalRule::both_free, costs,
            std::sqrt(2.0));

        for (int query_number = 0; query_number < 3; ++query_number) {
            // A start and goal on open ground that the 8-connected benchmark rule links.
            std::uniform_int_distribution<std::uint32_t> pick_x(0, map.width - 1);
            std::uniform_int_distribution<std::uint32_t> pick_y(0, map.height - 1);
            std::uint32_t sx = 0, sy = 0, gx = 0, gy = 0;
            for (int attempt = 0; attempt < 1000; ++attempt) {
                sx = pick_x(random);
                sy = pick_y(random);
                gx = pick_x(random);
                gy = pick_y(random);
                if (map.letter(sx, sy) == '.' && map.letter(gx, gy) == '.' && (sx != gx || sy != gy)) break;
            }
            for (const RouteCase& route_case : cases) {
                const std::vector<double> reference = testing::reference_costs_from(map, route_case.rules, sx, sy);
                const double optimal = reference[gy * map.width + gx];
                const std::string arguments = "route " + map_path + " " + std::to_string(sx) + " " +
                                              std::to_string(sy) + " " + std::to_string(gx) + " " + std::to_string(gy) +
                                              " " + route_case.arguments;
                const Outcome outcome = testing::run_swarmpath(arguments);
                ASSERT_EQ(outcome.exit_code, 0) << arguments << "\n" << outcome.standard_error;
                std::map<std::string, std::string> fields = header_fields(outcome.standard_output);
                if (optimal == testing::kUnreachable) {
                    EXPECT_EQ(fields["status"], "no_path") << arguments;
                    continue;
                }
                ASSERT_EQ(fields["status"], "found") << arguments << "\n" << outcome.standard_output;
                const double cost = std::stod(fields["cost"]);
                if (route_case.bound == 1.0) {
                    EXPECT_NEAR(cost, optimal, 1e-6 * optimal + 1e-7) << arguments;
                } else {
                    EXPECT_LE(cost, route_case.bound * optimal * (1 + 1e-6) + 1e-7) << arguments;
                    EXPECT_GE(cost, optimal * (1 - 1e-6) - 1e-7) << arguments;
                    EXPECT_NE(fields["bound"].find("at most"), std::string::npos) << arguments;
                }
                // The drawn cells: S, G and the stars, exactly the printed path.
                const std::vector<std::string> rows = picture_rows(outcome.standard_output);
                ASSERT_EQ(rows.size(), map.height) << arguments;
                std::set<std::uint32_t> drawn;
                for (std::uint32_t y = 0; y < map.height; ++y) {
                    ASSERT_EQ(rows[y].size(), map.width);
                    for (std::uint32_t x = 0; x < map.width; ++x) {
                        const char shown = rows[y][x];
                        if (shown == '*') {
                            drawn.insert(y * map.width + x);
                        } else if (shown == 'S') {
                            EXPECT_TRUE(x == sx && y == sy) << arguments;
                        } else if (shown == 'G') {
                            EXPECT_TRUE(x == gx && y == gy) << arguments;
                        } else {
                            EXPECT_EQ(shown, map.letter(x, y)) << arguments;
                        }
                    }
                }
                EXPECT_EQ(rows[sy][sx], 'S');
                EXPECT_EQ(rows[gy][gx], 'G');
                const std::vector<std::uint32_t> path = parse_cells(fields["path"], map.width);
                ASSERT_GE(path.size(), 2U);
                EXPECT_EQ(path.front(), sy * map.width + sx);
                EXPECT_EQ(path.back(), gy * map.width + gx);
                const std::set<std::uint32_t> inner(path.begin() + 1, path.end() - 1);
                EXPECT_EQ(drawn, inner) << arguments;
                const double path_cost = testing::reference_path_cost(map, route_case.rules, path);
                ASSERT_GE(path_cost, 0.0) << arguments << " takes an illegal step";
                EXPECT_NEAR(path_cost, cost, 1e-6 * cost + 1e-7) << arguments;
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 50U);
}

TEST(RouteCommand, StatusWordsForUnreachableBlockedAndLimitedQueries) {
    const std::string folder = testing::scratch_folder("route-statuses");
    const std::string map_path = folder + "/box.map";
    testing::write_text(map_path, "type octile\nheight 5\nwidth 7\nmap\n.......\n.@@@@@.\n.@...@.\n.@@@@@.\n.......\n");
    auto status_of = [&](const std::string& arguments) {
        const Outcome outcome = testing::run_swarmpath("route " + map_path + " " + arguments);
        EXPECT_EQ(outcome.exit_code, 0) << arguments << outcome.standard_error;
        return header_fields(outcome.standard_output)["status"];
    };
    EXPECT_EQ(status_of("0 0 3 2"), "no_path");
    EXPECT_EQ(status_of("0 0 1 1"), "goal_blocked");
    EXPECT_EQ(status_of("1 1 0 0"), "start_blocked");
    EXPECT_EQ(status_of("0 0 7 0"), "invalid");
    EXPECT_EQ(status_of("0 0 6 4 --max-expansions 2"), "node_limit");
    EXPECT_EQ(status_of("0 0 6 4 --max-expansions 100"), "found");
    // The walled-off goal with the fallback: the hand-computed partial path along the top row.
    const Outcome partial = testing::run_swarmpath("route " + map_path + " 0 0 3 2 --fallback nearest");
    std::map<std::string, std::string> fields = header_fields(partial.standard_output);
    EXPECT_EQ(fields["status"], "partial");
    EXPECT_EQ(fields["path"], "0:0 1:0 2:0 3:0");
    // Refused settings are usage errors.
    EXPECT_EQ(testing::run_swarmpath("route " + map_path + " 0 0 6 4 --heuristic manhattan").exit_code, 2);
    EXPECT_EQ(testing::run_swarmpath("route " + map_path + " 0 0 6 4 --weight 0.5").exit_code, 2);
    EXPECT_EQ(testing::run_swarmpath("route " + map_path + " 0 0 6 4 --terrain Q").exit_code, 2);
    // An undeclared letter in a map is an error naming the file until a terrain spec declares it.
    const std::string custom_path = folder + "/custom.map";
    testing::write_text(custom_path, "type octile\nheight 2\nwidth 3\nmap\n.k.\n.k.\n");
    const Outcome undeclared = testing::run_swarmpath("route " + custom_path + " 0 0 2 0");
    EXPECT_EQ(undeclared.exit_code, 2);
    EXPECT_NE(undeclared.standard_error.find("custom.map"), std::string::npos) << undeclared.standard_error;
    EXPECT_EQ(
        header_fields(
            testing::run_swarmpath("route " + custom_path + " 0 0 2 0 --terrain k=inf").standard_output)["status"],
        "no_path");
    EXPECT_EQ(header_fields(
                  testing::run_swarmpath("route " + custom_path + " 0 0 2 0 --terrain k=5").standard_output)["cost"],
              "6.00000000");  // enter k (5), then ground (1)
    // A bad terrain file line is reported with its file and line.
    testing::write_text(folder + "/bad.terrain", "# costs\nk=5\nk=cheap\n");
    const Outcome bad_file =
        testing::run_swarmpath("route " + custom_path + " 0 0 2 0 --terrain-file " + folder + "/bad.terrain");
    EXPECT_EQ(bad_file.exit_code, 2);
    EXPECT_NE(bad_file.standard_error.find("bad.terrain:3"), std::string::npos) << bad_file.standard_error;
}

using testing::decode_png;
using testing::Picture;

/// Whether the `scale` × `scale` block of cell (x, y) differs anywhere between two pictures.
bool cell_differs(const Picture& a, const Picture& b, std::uint32_t x, std::uint32_t y, std::uint32_t scale) {
    for (std::uint32_t row = y * scale; row < (y + 1) * scale; ++row) {
        for (std::uint32_t column = x * scale; column < (x + 1) * scale; ++column) {
            const std::uint8_t* first = a.at(column, row);
            const std::uint8_t* second = b.at(column, row);
            if (first[0] != second[0] || first[1] != second[1] || first[2] != second[2]) return true;
        }
    }
    return false;
}

// render: a PNG of the expected size that differs from the bare map exactly on the cells of the
// paths `solve --paths` wrote; the same paths from --scen/--query give the same picture; the .txt
// form draws the same cells.
TEST(RenderCommand, PngDiffersFromTheBareMapExactlyOnPathCells) {
    const std::string folder = testing::scratch_folder("render-png");
    std::mt19937_64 random(0x9e4de4);
    const io::MapFile map = testing::random_map(random, 30, 20, 0.2, "....GSW");
    const std::string map_path = folder + "/terrain.map";
    testing::write_text(map_path, testing::to_map_text(map));
    // Three queries between ground cells linked under the benchmark rules.
    testing::ReferenceRules rules;
    std::string scenario = "version 1\n";
    std::uniform_int_distribution<std::uint32_t> pick_x(0, map.width - 1);
    std::uniform_int_distribution<std::uint32_t> pick_y(0, map.height - 1);
    int rows_written = 0;
    for (int attempt = 0; attempt < 10000 && rows_written < 3; ++attempt) {
        const std::uint32_t sx = pick_x(random), sy = pick_y(random), gx = pick_x(random), gy = pick_y(random);
        if (map.letter(sx, sy) != '.' || map.letter(gx, gy) != '.' || (sx == gx && sy == gy)) continue;
        const double optimal = testing::reference_costs_from(map, rules, sx, sy)[gy * map.width + gx];
        if (optimal == testing::kUnreachable) continue;
        scenario += "0\tterrain.map\t30\t20\t" + std::to_string(sx) + "\t" + std::to_string(sy) + "\t" +
                    std::to_string(gx) + "\t" + std::to_string(gy) + "\t" + std::to_string(optimal) + "\n";
        ++rows_written;
    }
    ASSERT_EQ(rows_written, 3);
    const std::string scenario_path = folder + "/terrain.map.scen";
    testing::write_text(scenario_path, scenario);

    Outcome solved = testing::run_swarmpath("solve " + scenario_path + " --paths " + folder + "/paths.csv");
    ASSERT_EQ(solved.exit_code, 0) << solved.standard_error;
    Outcome bare = testing::run_swarmpath("render " + map_path + " -o " + folder + "/bare.png --scale 5");
    ASSERT_EQ(bare.exit_code, 0) << bare.standard_error;
    Outcome drawn = testing::run_swarmpath("render " + map_path + " -o " + folder + "/paths.png --scale 5 --paths " +
                                           folder + "/paths.csv");
    ASSERT_EQ(drawn.exit_code, 0) << drawn.standard_error;
    Outcome from_scenario =
        testing::run_swarmpath("render " + map_path + " -o " + folder + "/scen.png --scale 5 --scen " + scenario_path +
                               " --query 0 --query 1 --query 2");
    ASSERT_EQ(from_scenario.exit_code, 0) << from_scenario.standard_error;

    Picture bare_picture, path_picture, scenario_picture;
    ASSERT_TRUE(decode_png(folder + "/bare.png", bare_picture));
    ASSERT_TRUE(decode_png(folder + "/paths.png", path_picture));
    ASSERT_TRUE(decode_png(folder + "/scen.png", scenario_picture));
    EXPECT_EQ(bare_picture.width, 150U);
    EXPECT_EQ(bare_picture.height, 100U);
    ASSERT_EQ(path_picture.width, 150U);
    ASSERT_EQ(path_picture.height, 100U);
    EXPECT_EQ(path_picture.pixels, scenario_picture.pixels);

    // Distinct terrain letters get distinct colours in the bare map.
    std::map<char, std::uint32_t> colour_of;  // packed RGB
    for (std::uint32_t y = 0; y < map.height; ++y) {
        for (std::uint32_t x = 0; x < map.width; ++x) {
            const std::uint8_t* pixel = bare_picture.at(x * 5 + 2, y * 5 + 2);
            colour_of[map.letter(x, y)] = (std::uint32_t{pixel[0]} << 16) | (std::uint32_t{pixel[1]} << 8) | pixel[2];
        }
    }
    std::set<std::uint32_t> distinct;
    for (const auto& [letter, colour] : colour_of) distinct.insert(colour);
    EXPECT_EQ(distinct.size(), colour_of.size());

    // The cells of the CSV's paths, checked legal and optimal against the reference.
    std::set<std::uint32_t> path_cells;
    std::istringstream csv(testing::read_text(folder + "/paths.csv"));
    std::string line;
    std::getline(csv, line);  // header
    int path_count = 0;
    while (std::getline(csv, line)) {
        const std::size_t last_comma = line.rfind(',');
        const std::vector<std::uint32_t> cells = parse_cells(line.substr(last_comma + 1), map.width);
        ASSERT_GE(cells.size(), 2U) << line;
        EXPECT_GE(testing::reference_path_cost(map, rules, cells), 0.0) << line;
        path_cells.insert(cells.begin(), cells.end());
        ++path_count;
    }
    EXPECT_EQ(path_count, 3);
    for (std::uint32_t y = 0; y < map.height; ++y) {
        for (std::uint32_t x = 0; x < map.width; ++x) {
            EXPECT_EQ(cell_differs(bare_picture, path_picture, x, y, 5), path_cells.count(y * map.width + x) == 1)
                << "cell " << x << "," << y;
        }
    }

    // The ASCII form marks the same cells.
    Outcome text =
        testing::run_swarmpath("render " + map_path + " -o " + folder + "/paths.txt --paths " + folder + "/paths.csv");
    ASSERT_EQ(text.exit_code, 0) << text.standard_error;
    std::istringstream ascii(testing::read_text(folder + "/paths.txt"));
    for (std::uint32_t y = 0; y < map.height; ++y) {
        ASSERT_TRUE(static_cast<bool>(std::getline(ascii, line)));
        ASSERT_EQ(line.size(), map.width);
        for (std::uint32_t x = 0; x < map.width; ++x) {
            const bool on_path = path_cells.count(y * map.width + x) == 1;
            if (on_path) {
                EXPECT_TRUE(line[x] == '*' || line[x] == 'S' || line[x] == 'G') << x << "," << y;
            } else {
                EXPECT_EQ(line[x], map.letter(x, y)) << x << "," << y;
            }
        }
    }
}

TEST(RenderCommand, BundledMapScalesUpAndBadInputIsRefused) {
    const std::string folder = testing::scratch_folder("render-bundled");
    const std::string map_path = testing::dataset_folder() + "/dao/arena.map";
    const Outcome outcome = testing::run_swarmpath("render " + map_path + " -o " + folder + "/arena.png --scen " +
                                                   map_path + ".scen --query 100 --query 159");
    ASSERT_EQ(outcome.exit_code, 0) << outcome.standard_error;
    Picture picture;
    ASSERT_TRUE(decode_png(folder + "/arena.png", picture));
    // A 49 × 49 map is scaled up so that it is readable (at least 4 pixels a cell).
    EXPECT_EQ(picture.width, picture.height);
    EXPECT_EQ(picture.width % 49, 0U);
    EXPECT_GE(picture.width / 49, 4U);
    EXPECT_EQ(testing::run_swarmpath("render " + map_path + " -o " + folder + "/x.png --scen " + map_path +
                                     ".scen --query 100000")
                  .exit_code,
              2);
    testing::write_text(folder + "/bad.csv", "scenario,query,status,cost,path\nx,0,found,1.0,1:1 900:900\n");
    EXPECT_EQ(testing::run_swarmpath("render " + map_path + " -o " + folder + "/x.png --paths " + folder + "/bad.csv")
                  .exit_code,
              2);
    EXPECT_FALSE(std::ifstream(folder + "/x.png").good());
}

// The legend names each path's colour: a grid path and its smoothed line for every --scen query, in
// the order they are drawn; an output name that is neither .png nor .txt is refused before any work.
TEST(RenderCommand, LegendNamesEachPathAndOtherExtensionsAreRefused) {
    const std::string folder = testing::scratch_folder("render-legend");
    const std::string map_path = testing::dataset_folder() + "/dao/arena.map";
    const Outcome outcome = testing::run_swarmpath("render " + map_path + " -o " + folder + "/legend.png --scen " +
                                                   map_path + ".scen --query 100 --query 122 --smooth");
    ASSERT_EQ(outcome.exit_code, 0) << outcome.standard_error;
    EXPECT_NE(outcome.standard_output.find("legend: red #dc1e1e is query 100, grid path"), std::string::npos)
        << outcome.standard_output;
    EXPECT_NE(outcome.standard_output.find("legend: blue #1e50dc is query 100, smoothed line"), std::string::npos)
        << outcome.standard_output;
    EXPECT_NE(outcome.standard_output.find("is query 122, grid path"), std::string::npos) << outcome.standard_output;
    EXPECT_NE(outcome.standard_output.find("is query 122, smoothed line"), std::string::npos)
        << outcome.standard_output;
    const Outcome jpeg = testing::run_swarmpath("render " + map_path + " -o " + folder + "/picture.jpg");
    EXPECT_EQ(jpeg.exit_code, 2);
    EXPECT_NE(jpeg.standard_error.find("picture.jpg: this output is a PNG picture"), std::string::npos)
        << jpeg.standard_error;
    EXPECT_FALSE(std::ifstream(folder + "/picture.jpg").good());
}

/// The fallback's end cell by brute force (as in tests/search/fallback_test.cpp): smallest octile
/// distance to the goal, then smallest reference g, then smallest index.
std::uint32_t nearest_reachable(const io::MapFile& map, const std::vector<double>& reference, std::uint32_t gx,
                                std::uint32_t gy) {
    std::uint32_t best = 0;
    std::int64_t best_straight = -1, best_diagonal = 0;
    double best_g = 0;
    for (std::uint32_t cell = 0; cell < reference.size(); ++cell) {
        if (reference[cell] == testing::kUnreachable) continue;
        const std::int64_t dx = std::abs(static_cast<std::int64_t>(cell % map.width) - gx);
        const std::int64_t dy = std::abs(static_cast<std::int64_t>(cell / map.width) - gy);
        const std::int64_t diagonal = std::min(dx, dy);
        const std::int64_t straight = std::max(dx, dy) - diagonal;
        bool better = best_straight < 0;
        if (!better) {
            if (straight != best_straight || diagonal != best_diagonal) {
                better = static_cast<double>(straight) + std::sqrt(2.0) * static_cast<double>(diagonal) <
                         static_cast<double>(best_straight) + std::sqrt(2.0) * static_cast<double>(best_diagonal);
            } else if (std::abs(reference[cell] - best_g) > 1e-9 * (reference[cell] + best_g)) {
                better = reference[cell] < best_g;
            }
        }
        if (better) {
            best = cell;
            best_straight = straight;
            best_diagonal = diagonal;
            best_g = reference[cell];
        }
    }
    return best;
}

// solve on a scenario of walled-off goals and goals on walls: the status words without a fallback,
// and exactly the brute-force partial paths with --fallback nearest.
TEST(SolveCommand, FallbackNearestGivesTheDefinedPartialPaths) {
    const std::string folder = testing::scratch_folder("solve-fallback");
    std::mt19937_64 random(0xfa11);
    const io::MapFile map = testing::random_map(random, 32, 24, 0.42);
    testing::write_text(folder + "/walls.map", testing::to_map_text(map));
    testing::ReferenceRules rules;
    std::string scenario = "version 1\n";
    struct Row {
        std::uint32_t sx, sy, gx, gy;
        bool goal_open;
    };
    std::vector<Row> rows;
    std::uniform_int_distribution<std::uint32_t> pick_x(0, map.width - 1);
    std::uniform_int_distribution<std::uint32_t> pick_y(0, map.height - 1);
    int walled = 0, on_wall = 0;
    for (int attempt = 0; attempt < 100000 && (walled < 10 || on_wall < 10); ++attempt) {
        const Row row{pick_x(random), pick_y(random), pick_x(random), pick_y(random), false};
        if (map.letter(row.sx, row.sy) != '.') continue;
        const bool goal_open = map.letter(row.gx, row.gy) == '.';
        if (goal_open) {
            if (walled >= 10) continue;
            if (testing::reference_costs_from(map, rules, row.sx, row.sy)[row.gy * map.width + row.gx] !=
                testing::kUnreachable) {
                continue;
            }
            ++walled;
        } else {
            if (on_wall >= 10) continue;
            ++on_wall;
        }
        rows.push_back({row.sx, row.sy, row.gx, row.gy, goal_open});
        scenario += "0\twalls.map\t32\t24\t" + std::to_string(row.sx) + "\t" + std::to_string(row.sy) + "\t" +
                    std::to_string(row.gx) + "\t" + std::to_string(row.gy) + "\t0\n";
    }
    ASSERT_EQ(rows.size(), 20U);
    testing::write_text(folder + "/walls.map.scen", scenario);

    const Outcome plain = testing::run_swarmpath("solve " + folder + "/walls.map.scen --algorithm astar --paths " +
                                                 folder + "/plain.csv");
    ASSERT_EQ(plain.exit_code, 0) << plain.standard_error;
    EXPECT_NE(plain.standard_output.find("no_path 10"), std::string::npos) << plain.standard_output;
    EXPECT_NE(plain.standard_output.find("goal_blocked 10"), std::string::npos) << plain.standard_output;
    const Outcome nearest = testing::run_swarmpath(
        "solve " + folder + "/walls.map.scen --algorithm astar --fallback nearest --paths " + folder + "/nearest.csv");
    ASSERT_EQ(nearest.exit_code, 0) << nearest.standard_error;

    std::istringstream plain_csv(testing::read_text(folder + "/plain.csv"));
    std::istringstream nearest_csv(testing::read_text(folder + "/nearest.csv"));
    std::string plain_line, nearest_line;
    std::getline(plain_csv, plain_line);
    std::getline(nearest_csv, nearest_line);
    for (const Row& row : rows) {
        ASSERT_TRUE(static_cast<bool>(std::getline(plain_csv, plain_line)));
        ASSERT_TRUE(static_cast<bool>(std::getline(nearest_csv, nearest_line)));
        EXPECT_NE(plain_line.find(row.goal_open ? ",no_path," : ",goal_blocked,"), std::string::npos) << plain_line;
        EXPECT_EQ(plain_line.back(), ',') << "no path expected: " << plain_line;
        ASSERT_NE(nearest_line.find(",partial,"), std::string::npos) << nearest_line;
        const std::vector<double> reference = testing::reference_costs_from(map, rules, row.sx, row.sy);
        const std::vector<std::uint32_t> cells =
            parse_cells(nearest_line.substr(nearest_line.rfind(',') + 1), map.width);
        ASSERT_FALSE(cells.empty()) << nearest_line;
        EXPECT_EQ(cells.front(), row.sy * map.width + row.sx);
        EXPECT_EQ(cells.back(), nearest_reachable(map, reference, row.gx, row.gy)) << nearest_line;
        const double cost = testing::reference_path_cost(map, rules, cells);
        EXPECT_NEAR(cost, reference[cells.back()], 1e-6 * cost + 1e-9) << nearest_line;
    }
}

// --check: rows of optimal length 0 with start ≠ goal are "unknown" and skipped; weighted A* states
// its bound and passes --check within it; manhattan under 8 moves needs an explicit --weight.
TEST(SolveCommand, CheckSkipsUnknownRowsAndAcceptsTheWeightedBound) {
    const std::string folder = testing::scratch_folder("solve-check");
    const std::string arena = testing::dataset_folder() + "/dao/arena.map";
    std::string scenario = "version 1\n";
    scenario += "0\tarena.map\t49\t49\t1\t11\t1\t12\t1\n";   // known, correct
    scenario += "0\tarena.map\t49\t49\t1\t11\t40\t40\t0\n";  // unknown: length 0, start != goal
    scenario += "0\tarena.map\t49\t49\t5\t5\t5\t5\t0\n";     // start == goal: a real 0
    testing::write_text(folder + "/unknown.map.scen", scenario);
    const Outcome checked = testing::run_swarmpath("solve " + folder + "/unknown.map.scen --map " + arena +
                                                   " --check --summary " + folder + "/summary.json");
    EXPECT_EQ(checked.exit_code, 0) << checked.standard_output << checked.standard_error;
    const std::string summary = testing::read_text(folder + "/summary.json");
    EXPECT_NE(summary.find("\"unknown\": 1"), std::string::npos) << summary;
    EXPECT_NE(summary.find("\"mismatches\": 0"), std::string::npos) << summary;

    const std::string scen = testing::dataset_folder() + "/dao/arena.map.scen";
    const Outcome weighted =
        testing::run_swarmpath("solve " + scen + " --weight 3 --check --summary " + folder + "/weighted.json");
    EXPECT_EQ(weighted.exit_code, 0) << weighted.standard_output << weighted.standard_error;
    EXPECT_NE(weighted.standard_output.find("at most 3 x optimal"), std::string::npos) << weighted.standard_output;
    EXPECT_NE(testing::read_text(folder + "/weighted.json").find("\"cost_bound\""), std::string::npos);
    EXPECT_EQ(testing::run_swarmpath("solve " + scen + " --heuristic manhattan").exit_code, 2);
    const Outcome manhattan = testing::run_swarmpath("solve " + scen + " --heuristic manhattan --weight 1 --check");
    EXPECT_EQ(manhattan.exit_code, 0) << manhattan.standard_output << manhattan.standard_error;
    EXPECT_NE(manhattan.standard_output.find("at most 1.41421 x optimal"), std::string::npos)
        << manhattan.standard_output;
}

}  // namespace
}  // namespace swarmpath
