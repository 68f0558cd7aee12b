// Path shapes (search/path_shapes.hpp): waypoints as exact cell lists on hand-made maps, and
// smoothing on random maps checked by an independent geometric test. The checker here does not use
// the engine's traversal: it decides with exact integer arithmetic (coordinates doubled, so cell
// centres are odd integers) which cells' open squares a segment crosses and which grid corners it
// passes through, and requires of every smoothed segment that it crosses no blocked cell (nor a cell
// off the path's layer, nor under terrain a cell costlier than the stretch it replaces) and, where
// the rule asks it, that it never slips between two cells touching at a corner.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "random_maps.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/grid/terrain.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/terrain_file.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/path_shapes.hpp"
#include "swarmpath/search/solver.hpp"

namespace swarmpath::search {
namespace {

grid::Grid build(const std::string& rows_text, std::uint32_t width, std::uint32_t height,
                 const grid::TerrainTable& terrain = grid::TerrainTable::benchmark()) {
    const std::string text =
        "type octile\nheight " + std::to_string(height) + "\nwidth " + std::to_string(width) + "\nmap\n" + rows_text;
    Expected<io::MapFile> map = io::parse_map(text, "hand-written", terrain);
    EXPECT_TRUE(map.has_value());
    Expected<grid::Grid> grid = grid::Grid::build(*map, terrain);
    EXPECT_TRUE(grid.has_value());
    return std::move(*grid);
}

std::vector<Point> solve_points(const grid::Grid& grid, SearchSettings settings, Query query) {
    settings.algorithm = Algorithm::astar;
    Expected<Solver> solver = Solver::create(grid, settings);
    EXPECT_TRUE(solver.has_value());
    SearchContext context;
    const Result result = solver->solve(context, query);
    EXPECT_EQ(result.status, QueryStatus::found);
    return to_points(grid, result.path);
}

// A wall forces one L-shaped route: no diagonal may cut the wall's end under both-free.
constexpr const char* kHook =
    ".....\n"
    "@@@@.\n"
    ".....\n";

TEST(PathShapesTest, WaypointsOfAForcedRouteAreItsTurns) {
    const grid::Grid grid = build(kHook, 5, 3);
    const std::vector<Point> path = solve_points(grid, {}, {0, 0, 0, 2});
    const std::vector<Point> expected_path = {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}, {4, 1},
                                              {4, 2}, {3, 2}, {2, 2}, {1, 2}, {0, 2}};
    ASSERT_EQ(path, expected_path);
    EXPECT_EQ(waypoints(path), (std::vector<Point>{{0, 0}, {4, 0}, {4, 2}, {0, 2}}));
}

TEST(PathShapesTest, WaypointsUnderDiagonalRuleAnyKeepTheCornerCut) {
    const grid::Grid grid = build(kHook, 5, 3);
    SearchSettings settings;
    settings.diagonal = DiagonalRule::any;
    const std::vector<Point> path = solve_points(grid, settings, {0, 0, 0, 2});
    const std::vector<Point> expected_path = {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 1}, {3, 2}, {2, 2}, {1, 2}, {0, 2}};
    ASSERT_EQ(path, expected_path);
    EXPECT_EQ(waypoints(path), (std::vector<Point>{{0, 0}, {3, 0}, {4, 1}, {3, 2}, {0, 2}}));
}

TEST(PathShapesTest, WaypointsOfHandWrittenPaths) {
    // A diagonal run, a straight run, a single-step zig-zag.
    const std::vector<Point> path = {{0, 0}, {1, 1}, {2, 2}, {3, 2}, {4, 2}, {5, 3}, {6, 2}, {7, 2}};
    EXPECT_EQ(waypoints(path), (std::vector<Point>{{0, 0}, {2, 2}, {4, 2}, {5, 3}, {6, 2}, {7, 2}}));
    EXPECT_EQ(waypoints(std::vector<Point>{{3, 4}}), (std::vector<Point>{{3, 4}}));
    EXPECT_EQ(waypoints(std::vector<Point>{{3, 4}, {4, 4}}), (std::vector<Point>{{3, 4}, {4, 4}}));
    EXPECT_EQ(waypoints(std::vector<Point>{{0, 0}, {1, 0}, {2, 0}}), (std::vector<Point>{{0, 0}, {2, 0}}));
}

TEST(PathShapesTest, SmoothingAnOpenRoomIsOneSegment) {
    const grid::Grid grid = build(".....\n.....\n.....\n", 5, 3);
    const std::vector<Point> path = solve_points(grid, {}, {0, 0, 4, 2});
    const std::vector<Point> smoothed = smooth(grid, path, {});
    EXPECT_EQ(smoothed, (std::vector<Point>{{0, 0}, {4, 2}}));
    EXPECT_NEAR(polyline_length(smoothed), std::sqrt(20.0), 1e-12);
    EXPECT_NEAR(polyline_length(path), 2.0 + 2.0 * std::sqrt(2.0), 1e-12);
}

TEST(PathShapesTest, LineOfSightThroughACornerFollowsTheDiagonalRule) {
    // (0,0) to (2,2) passes exactly through the corners at (1,1) and (2,2): the cells (1,0) and (0,1)
    // touch at the first corner.
    const grid::Grid grid = build(".@.\n@..\n...\n", 3, 3);
    EXPECT_FALSE(line_of_sight(grid, {0, 0}, {2, 2}, {Moves::eight, DiagonalRule::both_free}));
    EXPECT_FALSE(line_of_sight(grid, {0, 0}, {2, 2}, {Moves::eight, DiagonalRule::one_free}));
    EXPECT_TRUE(line_of_sight(grid, {0, 0}, {2, 2}, {Moves::eight, DiagonalRule::any}));
    const grid::Grid one_side = build("...\n@..\n...\n", 3, 3);
    EXPECT_FALSE(line_of_sight(one_side, {0, 0}, {2, 2}, {Moves::eight, DiagonalRule::both_free}));
    EXPECT_TRUE(line_of_sight(one_side, {0, 0}, {2, 2}, {Moves::eight, DiagonalRule::one_free}));
    EXPECT_FALSE(line_of_sight(one_side, {0, 0}, {2, 2}, {Moves::four, DiagonalRule::any}));
}

// ---- The independent checker ----------------------------------------------------------------

/// Exact fraction num / den with den > 0.
struct Fraction {
    std::int64_t num;
    std::int64_t den;
};
bool less(Fraction a, Fraction b) { return a.num * b.den < b.num * a.den; }

/// Whether the segment between the centres of `from` and `to` crosses the open square of cell
/// (cx, cy): the parameter interval on which it is strictly inside both slabs has positive length.
bool crosses_interior(Point from, Point to, std::int64_t cx, std::int64_t cy) {
    const std::int64_t x0 = 2 * std::int64_t{from.x} + 1;
    const std::int64_t y0 = 2 * std::int64_t{from.y} + 1;
    const std::int64_t dx = 2 * (std::int64_t{to.x} - from.x);
    const std::int64_t dy = 2 * (std::int64_t{to.y} - from.y);
    Fraction low{0, 1};
    Fraction high{1, 1};
    auto clip = [&](std::int64_t origin, std::int64_t delta, std::int64_t minimum, std::int64_t maximum) {
        if (delta == 0) return origin > minimum && origin < maximum;
        Fraction enter{minimum - origin, delta};
        Fraction leave{maximum - origin, delta};
        if (delta < 0) {
            enter = {origin - maximum, -delta};
            leave = {origin - minimum, -delta};
        }
        if (less(low, enter)) low = enter;
        if (less(leave, high)) high = leave;
        return true;
    };
    if (!clip(x0, dx, 2 * cx, 2 * cx + 2) || !clip(y0, dy, 2 * cy, 2 * cy + 2)) return false;
    return less(low, high);
}

struct Segment {
    std::vector<std::pair<std::int64_t, std::int64_t>> crossed;  ///< cells whose open square it crosses
    std::vector<std::pair<std::pair<std::int64_t, std::int64_t>, std::pair<std::int64_t, std::int64_t>>> corner_sides;
};

Segment trace(Point from, Point to) {
    Segment segment;
    const std::int64_t min_x = std::min(from.x, to.x);
    const std::int64_t max_x = std::max(from.x, to.x);
    const std::int64_t min_y = std::min(from.y, to.y);
    const std::int64_t max_y = std::max(from.y, to.y);
    for (std::int64_t y = min_y; y <= max_y; ++y) {
        for (std::int64_t x = min_x; x <= max_x; ++x) {
            if (crosses_interior(from, to, x, y)) segment.crossed.emplace_back(x, y);
        }
    }
    // Grid corners (vx, vy) on the segment: at doubled coordinates (2vx, 2vy), collinear and inside.
    const std::int64_t x0 = 2 * std::int64_t{from.x} + 1;
    const std::int64_t y0 = 2 * std::int64_t{from.y} + 1;
    const std::int64_t dx = 2 * (std::int64_t{to.x} - from.x);
    const std::int64_t dy = 2 * (std::int64_t{to.y} - from.y);
    for (std::int64_t vy = min_y; vy <= max_y + 1; ++vy) {
        for (std::int64_t vx = min_x; vx <= max_x + 1; ++vx) {
            const std::int64_t px = 2 * vx - x0;
            const std::int64_t py = 2 * vy - y0;
            if (px * dy - py * dx != 0) continue;
            if (px * dx + py * dy <= 0 || px * dx + py * dy >= dx * dx + dy * dy) continue;
            // The two cells at the corner the segment does not cross.
            if ((dx > 0) == (dy > 0)) {
                segment.corner_sides.push_back({{vx, vy - 1}, {vx - 1, vy}});
            } else {
                segment.corner_sides.push_back({{vx - 1, vy - 1}, {vx, vy}});
            }
        }
    }
    return segment;
}

double cost_of(const grid::Grid& grid, std::int64_t x, std::int64_t y) {
    const grid::PaddedIndex cell = grid.padded(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y));
    return grid.kinds()[grid.kind_of()[cell.value]].cost;
}

/// Checks every property of `smoothed` against `path` (the grid path it came from).
void expect_valid_smoothing(const grid::Grid& grid, const std::vector<Point>& path, const std::vector<Point>& smoothed,
                            SmoothingRules rules, const std::string& label) {
    ASSERT_FALSE(smoothed.empty()) << label;
    EXPECT_EQ(smoothed.front(), path.front()) << label;
    EXPECT_EQ(smoothed.back(), path.back()) << label;
    EXPECT_LE(polyline_length(smoothed), polyline_length(path) + 1e-9) << label;
    // Kept points are path points, in order.
    std::vector<std::size_t> positions;
    std::size_t next = 0;
    for (const Point& point : smoothed) {
        while (next < path.size() && !(path[next] == point)) ++next;
        ASSERT_LT(next, path.size()) << label << ": a smoothed point is not on the path, in order";
        positions.push_back(next++);
    }
    const grid::PaddedIndex start = grid.padded(path.front().x, path.front().y);
    const std::uint8_t layer = grid.layer(start);
    auto open = [&](std::int64_t x, std::int64_t y) {
        if (!grid.contains(x, y)) return false;
        const grid::PaddedIndex cell = grid.padded(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y));
        return grid.passable(cell) && grid.layer(cell) == layer;
    };
    for (std::size_t index = 1; index < smoothed.size(); ++index) {
        double ceiling = 0;
        for (std::size_t position = positions[index - 1]; position <= positions[index]; ++position) {
            ceiling = std::max(ceiling, cost_of(grid, path[position].x, path[position].y));
        }
        const Segment segment = trace(smoothed[index - 1], smoothed[index]);
        for (const auto& [x, y] : segment.crossed) {
            ASSERT_TRUE(open(x, y)) << label << ": segment " << index << " crosses blocked cell " << x << "," << y;
            EXPECT_LE(cost_of(grid, x, y), ceiling) << label << ": segment " << index << " crosses a costlier cell";
        }
        for (const auto& [first, second] : segment.corner_sides) {
            const bool first_open = open(first.first, first.second);
            const bool second_open = open(second.first, second.second);
            if (rules.moves == Moves::four || rules.diagonal == DiagonalRule::both_free) {
                ASSERT_TRUE(first_open && second_open) << label << ": segment " << index << " cuts a corner";
            } else if (rules.diagonal == DiagonalRule::one_free) {
                ASSERT_TRUE(first_open || second_open)
                    << label << ": segment " << index << " slips between two blocked cells";
            }
        }
    }
}

/// A query with both endpoints drawn uniformly on a width × height map.
Query random_query(std::mt19937_64& random, std::uint64_t width, std::uint64_t height) {
    return {static_cast<std::int64_t>(random() % width), static_cast<std::int64_t>(random() % height),
            static_cast<std::int64_t>(random() % width), static_cast<std::int64_t>(random() % height)};
}

/// The grid paths (and costs) A* finds under `rules` for `count` random queries on `grid`.
std::vector<std::pair<std::vector<Point>, double>> random_paths(const grid::Grid& grid, SmoothingRules rules, int count,
                                                                std::mt19937_64& random) {
    SearchSettings settings;
    settings.algorithm = Algorithm::astar;
    settings.moves = rules.moves;
    settings.diagonal = rules.diagonal;
    Expected<Solver> solver = Solver::create(grid, settings);
    EXPECT_TRUE(solver);
    std::vector<std::pair<std::vector<Point>, double>> paths;
    if (!solver) return paths;
    SearchContext context;
    for (int query_index = 0; query_index < count; ++query_index) {
        const Result result = solver->solve(context, random_query(random, grid.width(), grid.height()));
        if (result.status == QueryStatus::found) paths.emplace_back(to_points(grid, result.path), result.cost);
    }
    return paths;
}

TEST(PathShapesTest, SmoothedPathsOnRandomMapsNeverCrossABlockedCellAndAreNeverLonger) {
    std::mt19937_64 random(18);
    const SmoothingRules all_rules[] = {{Moves::eight, DiagonalRule::both_free},
                                        {Moves::eight, DiagonalRule::one_free},
                                        {Moves::eight, DiagonalRule::any},
                                        {Moves::four, DiagonalRule::both_free}};
    std::size_t checked = 0;
    std::size_t shortened = 0;
    for (int map_index = 0; map_index < 12; ++map_index) {
        const double density = 0.1 + 0.03 * map_index;
        const io::MapFile map = testing::random_map(random, 48, 40, density);
        Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
        ASSERT_TRUE(grid);
        for (const SmoothingRules& rules : all_rules) {
            for (const auto& [path, cost] : random_paths(*grid, rules, 40, random)) {
                if (rules.moves == Moves::eight) {
                    EXPECT_NEAR(polyline_length(path), cost, 1e-5);
                }
                const std::vector<Point> smoothed = smooth(*grid, path, rules);
                expect_valid_smoothing(*grid, path, smoothed, rules, "map " + std::to_string(map_index));
                ++checked;
                if (polyline_length(smoothed) < polyline_length(path) - 1e-9) ++shortened;
            }
        }
    }
    EXPECT_GT(checked, 800U);
    EXPECT_GT(shortened, checked / 4);  // smoothing does something
}

TEST(PathShapesTest, SmoothingUnderTerrainNeverCrossesACostlierCell) {
    std::mt19937_64 random(81);
    Expected<grid::TerrainTable> terrain = io::parse_terrain_spec("G=4", grid::TerrainTable::benchmark(), "test");
    ASSERT_TRUE(terrain);
    std::size_t checked = 0;
    for (int map_index = 0; map_index < 8; ++map_index) {
        const io::MapFile map = testing::random_map(random, 40, 40, 0.15, "...G");
        Expected<grid::Grid> grid = grid::Grid::build(map, *terrain);
        ASSERT_TRUE(grid);
        for (const auto& [path, cost] : random_paths(*grid, {}, 60, random)) {
            expect_valid_smoothing(*grid, path, smooth(*grid, path, {}), {},
                                   "terrain map " + std::to_string(map_index));
            ++checked;
        }
    }
    EXPECT_GT(checked, 200U);
}

TEST(PathShapesTest, SmoothingStaysOnTheWaterLayer) {
    // Water is passable only to and from water: a path in the water channel may not be pulled across ground.
    const grid::Grid grid = build("WWWWW\nW...W\nW...W\n", 5, 3);
    const std::vector<Point> path = {{0, 2}, {0, 1}, {0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}, {4, 1}, {4, 2}};
    const std::vector<Point> smoothed = smooth(grid, path, {});
    expect_valid_smoothing(grid, path, smoothed, {}, "water");
    EXPECT_EQ(smoothed, (std::vector<Point>{{0, 2}, {0, 0}, {4, 0}, {4, 2}}));
}

}  // namespace
}  // namespace swarmpath::search
