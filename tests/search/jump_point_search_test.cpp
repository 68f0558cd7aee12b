// Jump point search (jps) and JPS+ (jps+) against the project's A* and the reference Dijkstra:
// thousands of random queries over random maps (several densities), mazes and room maps, where the
// fixed-point cost and status must equal A*'s exactly and every path must be legal, run from start
// to goal and cost what the result says; rows of the bundled scenario files, which must match their
// optimal lengths; the block scan and the JPS+ table against plain cell-by-cell definitions; the
// settings JPS refuses and what `auto` picks; table invalidation when the map changes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "random_maps.hpp"
#include "reference_dijkstra.hpp"
#include "search/best_first/node_table.hpp"
#include "search/jump_point_search.hpp"
#include "search/jump_point_table.hpp"
#include "search/moves.hpp"
#include "swarmpath/batch/scenario_run.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/terrain_file.hpp"
#include "swarmpath/search/solver.hpp"

namespace swarmpath::search {
namespace {

// ---- map generators ------------------------------------------------------------------------

io::MapFile blank_map(std::uint32_t width, std::uint32_t height, char letter) {
    io::MapFile map;
    map.path = "generated";
    map.type = "octile";
    map.width = width;
    map.height = height;
    map.letters.assign(static_cast<std::size_t>(width) * height, letter);
    return map;
}

void set_letter(io::MapFile& map, std::uint32_t x, std::uint32_t y, char letter) {
    map.letters[static_cast<std::size_t>(y) * map.width + x] = letter;
}

/// A perfect maze (randomised depth-first carving) of cells_x × cells_y rooms, each `corridor` cells
/// wide, separated by walls one cell thick; `extra_openings` random wall cells are knocked out so
/// that there are loops (several routes, which is where symmetric paths appear).
io::MapFile maze_map(std::mt19937_64& random, std::uint32_t cells_x, std::uint32_t cells_y, std::uint32_t corridor,
                     std::uint32_t extra_openings) {
    const std::uint32_t pitch = corridor + 1;
    io::MapFile map = blank_map(cells_x * pitch + 1, cells_y * pitch + 1, '@');
    auto open_block = [&](std::uint32_t x0, std::uint32_t y0, std::uint32_t w, std::uint32_t h) {
        for (std::uint32_t y = y0; y < y0 + h; ++y) {
            for (std::uint32_t x = x0; x < x0 + w; ++x) set_letter(map, x, y, '.');
        }
    };
    std::vector<bool> visited(static_cast<std::size_t>(cells_x) * cells_y, false);
    std::vector<std::uint32_t> stack{0};
    visited[0] = true;
    open_block(1, 1, corridor, corridor);
    while (!stack.empty()) {
        const std::uint32_t cell = stack.back();
        const std::uint32_t cx = cell % cells_x;
        const std::uint32_t cy = cell / cells_x;
        std::vector<std::uint32_t> options;
        if (cx > 0 && !visited[cell - 1]) options.push_back(cell - 1);
        if (cx + 1 < cells_x && !visited[cell + 1]) options.push_back(cell + 1);
        if (cy > 0 && !visited[cell - cells_x]) options.push_back(cell - cells_x);
        if (cy + 1 < cells_y && !visited[cell + cells_x]) options.push_back(cell + cells_x);
        if (options.empty()) {
            stack.pop_back();
            continue;
        }
        const std::uint32_t next = options[std::uniform_int_distribution<std::size_t>(0, options.size() - 1)(random)];
        visited[next] = true;
        const std::uint32_t nx = next % cells_x;
        const std::uint32_t ny = next / cells_x;
        open_block(nx * pitch + 1, ny * pitch + 1, corridor, corridor);
        // Knock out the wall between the two rooms.
        const std::uint32_t left = std::min(cx, nx) * pitch + 1;
        const std::uint32_t top = std::min(cy, ny) * pitch + 1;
        if (nx != cx) {
            open_block(left, cy * pitch + 1, pitch + corridor, corridor);
        } else {
            open_block(cx * pitch + 1, top, corridor, pitch + corridor);
        }
        stack.push_back(next);
    }
    std::uniform_int_distribution<std::uint32_t> pick_x(1, map.width - 2);
    std::uniform_int_distribution<std::uint32_t> pick_y(1, map.height - 2);
    for (std::uint32_t opening = 0; opening < extra_openings; ++opening) {
        const std::uint32_t x = pick_x(random);  // one draw per statement: argument order is unspecified
        const std::uint32_t y = pick_y(random);
        set_letter(map, x, y, '.');
    }
    return map;
}

/// Rooms of `room` × `room` cells between walls one cell thick, each wall with a door of random
/// width 1–3 at a random place, and scattered single obstacles (density `clutter`) inside rooms.
io::MapFile room_map(std::mt19937_64& random, std::uint32_t rooms_x, std::uint32_t rooms_y, std::uint32_t room,
                     double clutter) {
    const std::uint32_t pitch = room + 1;
    io::MapFile map = blank_map(rooms_x * pitch + 1, rooms_y * pitch + 1, '.');
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (std::uint32_t y = 0; y < map.height; ++y) {
        for (std::uint32_t x = 0; x < map.width; ++x) {
            if (x % pitch == 0 || y % pitch == 0 || unit(random) < clutter)
                set_letter(map, x, y, x % pitch == 0 || y % pitch == 0 ? '@' : 'T');
        }
    }
    std::uniform_int_distribution<std::uint32_t> door_width(1, 3);
    std::uniform_int_distribution<std::uint32_t> door_place(1, room - 3);
    for (std::uint32_t ry = 0; ry < rooms_y; ++ry) {
        for (std::uint32_t rx = 0; rx < rooms_x; ++rx) {
            if (rx + 1 < rooms_x) {  // door east
                const std::uint32_t start = door_place(random);
                const std::uint32_t width = door_width(random);
                for (std::uint32_t k = 0; k < width; ++k)
                    set_letter(map, (rx + 1) * pitch, ry * pitch + start + k, '.');
            }
            if (ry + 1 < rooms_y) {  // door south
                const std::uint32_t start = door_place(random);
                const std::uint32_t width = door_width(random);
                for (std::uint32_t k = 0; k < width; ++k)
                    set_letter(map, rx * pitch + start + k, (ry + 1) * pitch, '.');
            }
        }
    }
    return map;
}

// ---- helpers -------------------------------------------------------------------------------

SearchSettings settings_for(Algorithm algorithm) {
    SearchSettings settings;
    settings.algorithm = algorithm;
    return settings;
}

std::vector<std::uint32_t> path_cells(const Result& result) {
    std::vector<std::uint32_t> cells;
    for (grid::CellIndex cell : result.path) cells.push_back(cell.value);
    return cells;
}

/// Random passable endpoints; about a third of the goals share the start's row, column or diagonal,
/// which exercises the goal tests inside straight and diagonal jumps.
Query random_query(std::mt19937_64& random, const io::MapFile& map) {
    std::uniform_int_distribution<std::uint32_t> pick_x(0, map.width - 1);
    std::uniform_int_distribution<std::uint32_t> pick_y(0, map.height - 1);
    auto passable = [&](std::int64_t x, std::int64_t y) {
        return x >= 0 && y >= 0 && x < map.width && y < map.height &&
               map.letter(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y)) == '.';
    };
    std::int64_t sx = 0;
    std::int64_t sy = 0;
    do {
        sx = pick_x(random);
        sy = pick_y(random);
    } while (!passable(sx, sy));
    const int kind = std::uniform_int_distribution<int>(0, 5)(random);
    for (int attempt = 0; attempt < 50; ++attempt) {
        std::int64_t gx = pick_x(random);
        std::int64_t gy = pick_y(random);
        if (kind == 0) gy = sy;
        if (kind == 1) gx = sx;
        if (kind == 2) {
            const std::int64_t offset = gx - sx;
            gy = sy + (std::uniform_int_distribution<int>(0, 1)(random) == 0 ? offset : -offset);
        }
        if (passable(gx, gy)) return {sx, sy, gx, gy};
    }
    return {sx, sy, sx, sy};
}

/// Runs `queries` random queries on `map` with A*, JPS and JPS+, requiring equal statuses and
/// fixed-point costs, legal paths of the reported cost, and, over the map's found queries, no more
/// expansions than A* (per query a tie of f and g may cost JPS one more: A* breaks ties by the
/// smaller cell, JPS by the node generated first). Returns how many were found.
std::size_t compare_with_astar(const io::MapFile& map, std::mt19937_64& random, int queries) {
    if (map.letters.find('.') == std::string::npos) return 0;
    Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
    EXPECT_TRUE(grid) << grid.error().describe();
    if (!grid) return 0;
    Expected<Solver> astar = Solver::create(*grid, settings_for(Algorithm::astar));
    Expected<Solver> jps = Solver::create(*grid, settings_for(Algorithm::jps));
    Expected<Solver> jps_plus = Solver::create(*grid, settings_for(Algorithm::jps_plus));
    EXPECT_TRUE(astar && jps && jps_plus);
    if (!astar || !jps || !jps_plus) return 0;
    EXPECT_EQ(jps->algorithm(), Algorithm::jps);
    EXPECT_EQ(jps_plus->algorithm(), Algorithm::jps_plus);
    const testing::ReferenceRules rules;
    SearchContext context;  // one context for all three: workers reuse theirs across algorithms too
    std::size_t found = 0;
    std::uint64_t astar_expanded = 0;
    std::uint64_t jps_expanded[2] = {0, 0};
    for (int index = 0; index < queries; ++index) {
        const Query query = random_query(random, map);
        const Result expected = astar->solve(context, query);
        for (const Solver* solver : {&*jps, &*jps_plus}) {
            const Result result = solver->solve(context, query);
            if (result.status == QueryStatus::found && expected.status == QueryStatus::found) {
                jps_expanded[solver == &*jps ? 0 : 1] += result.counters.expanded;
            }
            const std::string where = map.path + " " + std::string(to_string(solver->algorithm())) + " query (" +
                                      std::to_string(query.start_x) + "," + std::to_string(query.start_y) + ")->(" +
                                      std::to_string(query.goal_x) + "," + std::to_string(query.goal_y) + ")";
            EXPECT_EQ(result.status, expected.status) << where;
            if (result.status != QueryStatus::found || expected.status != QueryStatus::found) continue;
            EXPECT_EQ(result.cost_units, expected.cost_units) << where;
            EXPECT_EQ(result.cost, expected.cost)
                << where << std::setprecision(17) << ": " << result.cost << " vs " << expected.cost;
            EXPECT_LE(result.counters.expanded, expected.counters.expanded + 1) << where;
            if (result.path.empty()) {
                ADD_FAILURE() << where << ": no path";
                continue;
            }
            EXPECT_EQ(result.path.front().value, query.start_y * map.width + query.start_x) << where;
            EXPECT_EQ(result.path.back().value, query.goal_y * map.width + query.goal_x) << where;
            const double path_cost = testing::reference_path_cost(map, rules, path_cells(result));
            EXPECT_NEAR(path_cost, result.cost, 1e-6 * (1 + result.cost)) << where << ": illegal or mispriced path";
        }
        if (expected.status == QueryStatus::found) {
            ++found;
            astar_expanded += expected.counters.expanded;
        }
    }
    EXPECT_LE(jps_expanded[0], astar_expanded) << map.path << " jps";
    EXPECT_LE(jps_expanded[1], astar_expanded) << map.path << " jps+";
    return found;
}

// ---- differential tests ----------------------------------------------------------------------

class RandomMapTest : public ::testing::TestWithParam<double> {};

TEST_P(RandomMapTest, CostsEqualAstarOnRandomMaps) {
    const double density = GetParam();
    std::mt19937_64 random(static_cast<std::uint64_t>(density * 1000) + 11);
    std::size_t found = 0;
    for (int map_index = 0; map_index < 8; ++map_index) {
        std::uniform_int_distribution<std::uint32_t> side(1, 90);
        io::MapFile map = testing::random_map(random, side, density);
        map.path = "random map " + std::to_string(map_index) + " density " + std::to_string(density);
        found += compare_with_astar(map, random, 150);
    }
    EXPECT_GT(found, density > 0.4 ? 80U : 300U);  // at 45% most random pairs are disconnected
}

INSTANTIATE_TEST_SUITE_P(Densities, RandomMapTest, ::testing::Values(0.0, 0.05, 0.15, 0.25, 0.35, 0.45));

TEST(JumpPointSearchTest, CostsEqualAstarOnMazes) {
    std::mt19937_64 random(2024);
    std::size_t found = 0;
    for (std::uint32_t corridor : {1U, 2U, 3U, 5U}) {
        for (std::uint32_t openings : {0U, 40U}) {
            io::MapFile map = maze_map(random, 60 / (corridor + 1), 50 / (corridor + 1), corridor, openings);
            map.path = "maze corridor " + std::to_string(corridor) + " openings " + std::to_string(openings);
            found += compare_with_astar(map, random, 150);
        }
    }
    EXPECT_GT(found, 1000U);
}

TEST(JumpPointSearchTest, CostsEqualAstarOnRoomMaps) {
    std::mt19937_64 random(77);
    std::size_t found = 0;
    for (std::uint32_t room : {5U, 9U, 16U}) {
        for (double clutter : {0.0, 0.08}) {
            io::MapFile map = room_map(random, 90 / (room + 1), 70 / (room + 1), room, clutter);
            map.path = "rooms " + std::to_string(room) + " clutter " + std::to_string(clutter);
            found += compare_with_astar(map, random, 200);
        }
    }
    EXPECT_GT(found, 1000U);
}

TEST(JumpPointSearchTest, CostsEqualReferenceDijkstra) {
    std::mt19937_64 random(5);
    const testing::ReferenceRules rules;
    SearchContext context;
    std::size_t found = 0;
    for (double density : {0.1, 0.3}) {
        io::MapFile map = testing::random_map(random, 70, 50, density);
        Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
        ASSERT_TRUE(grid);
        for (Algorithm algorithm : {Algorithm::jps, Algorithm::jps_plus}) {
            Expected<Solver> solver = Solver::create(*grid, settings_for(algorithm));
            ASSERT_TRUE(solver) << solver.error().describe();
            for (int source = 0; source < 4; ++source) {
                const Query first = random_query(random, map);
                const auto sx = static_cast<std::uint32_t>(first.start_x);
                const auto sy = static_cast<std::uint32_t>(first.start_y);
                const std::vector<double> costs = testing::reference_costs_from(map, rules, sx, sy);
                for (std::uint32_t gy = 0; gy < map.height; gy += 3) {
                    for (std::uint32_t gx = 0; gx < map.width; gx += 3) {
                        if (map.letter(gx, gy) != '.') continue;
                        const Result result = solver->solve(context, {sx, sy, gx, gy});
                        const double expected = costs[static_cast<std::size_t>(gy) * map.width + gx];
                        if (std::isinf(expected)) {
                            EXPECT_EQ(result.status, QueryStatus::no_path);
                            continue;
                        }
                        ASSERT_EQ(result.status, QueryStatus::found);
                        EXPECT_NEAR(result.cost, expected, 1e-6 * (1 + expected));
                        ++found;
                    }
                }
            }
        }
    }
    EXPECT_GT(found, 1000U);
}

/// Makes every grid's searches find their nodes through the hash table (NodeTable::hashes_nodes,
/// otherwise for large maps only) while it lives.
class HashingEveryMap {
public:
    HashingEveryMap() { best_first::NodeTable::set_hashed_from_for_testing(0); }
    ~HashingEveryMap() { best_first::NodeTable::set_hashed_from_for_testing(kLargeMaps); }
    HashingEveryMap(const HashingEveryMap&) = delete;
    HashingEveryMap& operator=(const HashingEveryMap&) = delete;

private:
    static constexpr std::uint32_t kLargeMaps = (1U << 20) / 4;  // the engine's own threshold
};

// Large maps' searches find their nodes through a hash table (best_first::HashedNodeArrays); made to
// on small ones, JPS and JPS+ answer as A* and the reference Dijkstra do, on random maps, rooms and
// mazes, one of them with searches of more nodes than the table's first size holds (it grows inside
// them).
TEST(JumpPointSearchTest, HashedNodesAnswerAsTheIndexDoes) {
    const HashingEveryMap hashing;
    ASSERT_TRUE(best_first::NodeTable::hashes_nodes(1));
    std::mt19937_64 random(313);
    std::size_t found = 0;
    for (const double density : {0.05, 0.3}) {
        io::MapFile map = testing::random_map(random, 80, 60, density);
        map.path = "hashed random map density " + std::to_string(density);
        found += compare_with_astar(map, random, 150);
    }
    io::MapFile rooms = room_map(random, 10, 8, 8, 0.05);
    rooms.path = "hashed rooms";
    found += compare_with_astar(rooms, random, 150);
    io::MapFile maze = maze_map(random, 80, 70, 1, 60);  // about 11,000 open cells, 4,000 jump points
    maze.path = "hashed maze";
    found += compare_with_astar(maze, random, 60);
    EXPECT_GT(found, 300U);
}

TEST(JumpPointSearchTest, OpenMapsNeedFarFewerExpansionsThanAstar) {
    // Behaviour JPS exists for: on an open map nearly every A* expansion is a symmetric detour.
    std::mt19937_64 random(9);
    io::MapFile map = testing::random_map(random, 120, 120, 0.02);
    Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(grid);
    Expected<Solver> astar = Solver::create(*grid, settings_for(Algorithm::astar));
    Expected<Solver> jps = Solver::create(*grid, settings_for(Algorithm::jps));
    ASSERT_TRUE(astar && jps);
    SearchContext context;
    std::uint64_t astar_expanded = 0;
    std::uint64_t jps_expanded = 0;
    for (int index = 0; index < 50; ++index) {
        const Query query = random_query(random, map);
        astar_expanded += astar->solve(context, query).counters.expanded;
        jps_expanded += jps->solve(context, query).counters.expanded;
    }
    EXPECT_LT(jps_expanded * 5, astar_expanded);
}

TEST(JumpPointSearchTest, OnlineAndTableExpandTheSameJumpPoints) {
    // JPS+ jumps between the same jump points as online JPS with intermediate pruning, so the two
    // expand the same nodes in the same order.
    std::mt19937_64 random(31);
    SearchContext context;
    for (double density : {0.05, 0.2, 0.4}) {
        io::MapFile map = testing::random_map(random, 80, 60, density);
        Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
        ASSERT_TRUE(grid);
        Expected<Solver> jps = Solver::create(*grid, settings_for(Algorithm::jps));
        Expected<Solver> jps_plus = Solver::create(*grid, settings_for(Algorithm::jps_plus));
        ASSERT_TRUE(jps && jps_plus);
        for (int index = 0; index < 100; ++index) {
            const Query query = random_query(random, map);
            const Result online = jps->solve(context, query);
            const Result table = jps_plus->solve(context, query);
            EXPECT_EQ(online.counters.expanded, table.counters.expanded);
            EXPECT_EQ(online.path, table.path);
        }
    }
}

TEST(JumpPointSearchTest, DiagonalLinesAndCellByCellWalksExpandTheSameJumpPoints) {
    // Both diagonal walks stop wherever a straight jump finds a jump point or the goal, so forcing
    // either on the same map gives the same expansions and paths, and A*'s costs; sizes either side
    // of whole words, taller than wide (positions along x) and wider than tall (along y).
    std::mt19937_64 random(47);
    SearchContext context;
    for (const auto& [width, height] : {std::pair{70u, 130u}, std::pair{150u, 40u}, std::pair{64u, 64u}}) {
        for (double density : {0.0, 0.03, 0.15, 0.35}) {
            io::MapFile map = testing::random_map(random, width, height, density);
            Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
            ASSERT_TRUE(grid);
            Preparation along_lines;
            along_lines.jump_grid = std::make_shared<const JumpPointGrid>(*grid, JumpPointGrid::DiagonalWalk::lines);
            Preparation cell_by_cell;
            cell_by_cell.jump_grid = std::make_shared<const JumpPointGrid>(*grid, JumpPointGrid::DiagonalWalk::cells);
            Expected<Solver> lines = Solver::create(*grid, settings_for(Algorithm::jps), along_lines);
            Expected<Solver> cells = Solver::create(*grid, settings_for(Algorithm::jps), cell_by_cell);
            Expected<Solver> astar = Solver::create(*grid, settings_for(Algorithm::astar));
            ASSERT_TRUE(lines && cells && astar);
            ASSERT_TRUE(lines->jump_grid()->diagonal_lines());
            ASSERT_FALSE(cells->jump_grid()->diagonal_lines());
            for (int index = 0; index < 150; ++index) {
                const Query query = random_query(random, map);
                const Result by_lines = lines->solve(context, query);
                const Result by_cells = cells->solve(context, query);
                const Result reference = astar->solve(context, query);
                ASSERT_EQ(by_lines.status, reference.status) << width << "x" << height << " density " << density;
                EXPECT_EQ(by_lines.cost_units, reference.cost_units)
                    << width << "x" << height << " density " << density;
                EXPECT_EQ(by_lines.counters.expanded, by_cells.counters.expanded);
                EXPECT_EQ(by_lines.counters.generated, by_cells.counters.generated);
                EXPECT_EQ(by_lines.path, by_cells.path);
            }
        }
    }
}

TEST(JumpPointSearchTest, EdgeShapedMaps) {
    std::mt19937_64 random(3);
    std::size_t found = 0;
    for (auto [width, height] : {std::pair{1U, 40U}, std::pair{40U, 1U}, std::pair{2U, 2U}, std::pair{200U, 3U},
                                 std::pair{3U, 200U}, std::pair{130U, 130U}}) {
        io::MapFile map = testing::random_map(random, width, height, width * height > 1000 ? 0.1 : 0.0);
        map.path = "edge map " + std::to_string(width) + "x" + std::to_string(height);
        found += compare_with_astar(map, random, 40);
    }
    EXPECT_GT(found, 100U);
}

// ---- bundled scenario files ------------------------------------------------------------------

TEST(JumpPointSearchTest, MatchesBundledScenarioOptima) {
    // A spread of rows of each bundled set (every length bucket), with both algorithms.
    const std::string folder = testing::dataset_folder();
    const std::vector<std::pair<std::string, std::size_t>> files = {
        {"dao/arena.map.scen", 1},
        {"dao/den312d.map.scen", 3},
        {"dao/brc202d.map.scen", 25},
        {"sc1/CatwalkAlley.map.scen", 25},
        {"bg512/AR0011SR.map.scen", 20},
        {"mazes/maze512-1-0.map.scen", 400},
        {"mazes/maze512-32-0.map.scen", 60},
        {"rooms/8room_000.map.scen", 40},
        {"street/Berlin_1_256.map.scen", 9},
        {"street/Paris_0_1024.map.scen", 35},
        {"random/random512-40-0.map.scen", 60},
    };
    SearchContext context;
    for (const auto& [file, stride] : files) {
        Expected<std::vector<batch::ScenarioSet>> sets = batch::load_scenario_sets({folder + "/" + file}, {});
        ASSERT_TRUE(sets) << sets.error().describe();
        for (const batch::ScenarioSet& set : *sets) {
            io::MapFile map;
            {
                Expected<io::MapFile> read = io::read_map_file(set.map_path);
                ASSERT_TRUE(read) << read.error().describe();
                map = std::move(*read);
            }
            const testing::ReferenceRules rules;
            for (Algorithm algorithm : {Algorithm::jps, Algorithm::jps_plus}) {
                Expected<Solver> solver = Solver::create(*set.grid, settings_for(algorithm));
                ASSERT_TRUE(solver) << solver.error().describe();
                std::size_t checked = 0;
                for (std::size_t row = 0; row < set.rows.size(); row += stride) {
                    const Result result = solver->solve(context, set.queries[row]);
                    EXPECT_EQ(batch::check_result(set, row, result, 1.0), batch::CheckVerdict::match)
                        << file << " line " << set.rows[row].line << " " << to_string(algorithm) << ": got "
                        << to_string(result.status) << " " << result.cost << ", expected "
                        << set.rows[row].optimal_length;
                    if (result.status == QueryStatus::found && row % (stride * 8) == 0) {
                        EXPECT_NEAR(testing::reference_path_cost(map, rules, path_cells(result)), result.cost,
                                    1e-6 * (1 + result.cost))
                            << file << " line " << set.rows[row].line;
                    }
                    ++checked;
                }
                EXPECT_GE(checked, 20U) << file;
            }
        }
    }
}

// ---- building blocks against plain definitions -------------------------------------------------

/// The jump distance by walking cell by cell (the definition the block scan must reproduce).
std::uint32_t walk_along_line(const io::MapFile& map, std::int64_t x, std::int64_t y, int dx, int dy,
                              std::int64_t goal_x, std::int64_t goal_y) {
    auto free = [&](std::int64_t cx, std::int64_t cy) {
        return cx >= 0 && cy >= 0 && cx < map.width && cy < map.height &&
               map.letter(static_cast<std::uint32_t>(cx), static_cast<std::uint32_t>(cy)) == '.';
    };
    for (std::uint32_t steps = 1;; ++steps) {
        const std::int64_t cx = x + dx * static_cast<std::int64_t>(steps);
        const std::int64_t cy = y + dy * static_cast<std::int64_t>(steps);
        if (!free(cx, cy)) return 0;
        if (cx == goal_x && cy == goal_y) return steps;
        for (int side : {-1, 1}) {
            const int sx = dy != 0 ? side : 0;
            const int sy = dx != 0 ? side : 0;
            if (free(cx + sx, cy + sy) && !free(cx + sx - dx, cy + sy - dy)) return steps;
        }
    }
}

TEST(JumpPointSearchTest, BlockScanMatchesCellByCellWalk) {
    std::mt19937_64 random(8);
    for (double density : {0.0, 0.02, 0.1, 0.3}) {
        io::MapFile map = testing::random_map(random, 150, 140, density);  // lines longer than two words
        Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
        ASSERT_TRUE(grid);
        const JumpPointGrid lines(*grid);
        std::uniform_int_distribution<std::uint32_t> pick_x(0, map.width - 1);
        std::uniform_int_distribution<std::uint32_t> pick_y(0, map.height - 1);
        for (int trial = 0; trial < 3000; ++trial) {
            const std::int64_t x = pick_x(random);
            const std::int64_t y = pick_y(random);
            if (map.letter(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y)) != '.') continue;
            const bool with_goal = trial % 2 == 0;
            const std::int64_t goal_x = with_goal ? pick_x(random) : -5;
            const std::int64_t goal_y = with_goal ? pick_y(random) : -5;
            for (int direction = 0; direction < 4; ++direction) {
                const int dx = kDirectionX[static_cast<std::size_t>(direction)];
                const int dy = kDirectionY[static_cast<std::size_t>(direction)];
                const std::uint32_t expected = walk_along_line(map, x, y, dx, dy, goal_x, goal_y);
                std::uint32_t scanned = 0;
                if (dx != 0) {
                    scanned =
                        jump_along_line(lines.rows(), y, x, dx, with_goal && goal_y == y ? goal_x : kNoGoalPosition);
                } else {
                    scanned =
                        jump_along_line(lines.columns(), x, y, dy, with_goal && goal_x == x ? goal_y : kNoGoalPosition);
                }
                ASSERT_EQ(scanned, expected)
                    << "density " << density << " at (" << x << "," << y << ") direction " << direction;
                // The found planes: whether the jump finds a jump point, the goal aside.
                const std::uint32_t without_goal = walk_along_line(map, x, y, dx, dy, -5, -5);
                const ScanLines& along = dx != 0 ? lines.rows() : lines.columns();
                const unsigned plane = dx + dy > 0 ? ScanLines::kFoundForward : ScanLines::kFoundBackward;
                ASSERT_EQ(along.bits.test(dx != 0 ? y : x, dx != 0 ? x : y, plane), without_goal != 0)
                    << "density " << density << " at (" << x << "," << y << ") direction " << direction;
            }
        }
    }
}

/// Every free cell's table entry in all eight directions against the definitions, walked cell by
/// cell: free steps before the first illegal one, and the first jump point.
void expect_table_matches_definitions(const io::MapFile& map, double density) {
    Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(grid);
    const JumpPointTable table = JumpPointTable::build(*grid);
    EXPECT_EQ(table.memory_bytes(), JumpPointTable::bytes_per_cell() * grid->padded_cell_count());
    auto free = [&](std::int64_t x, std::int64_t y) {
        return x >= 0 && y >= 0 && x < map.width && y < map.height &&
               map.letter(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y)) == '.';
    };
    // Free steps before the first illegal one, and the first jump point, cell by cell.
    for (std::uint32_t y = 0; y < map.height; ++y) {
        for (std::uint32_t x = 0; x < map.width; ++x) {
            if (!free(x, y)) continue;
            const std::uint32_t cell = grid->padded(x, y).value;
            for (int direction = 0; direction < 8; ++direction) {
                const int dx = kDirectionX[static_cast<std::size_t>(direction)];
                const int dy = kDirectionY[static_cast<std::size_t>(direction)];
                std::int32_t expected = 0;
                for (std::int32_t steps = 1;; ++steps) {
                    const std::int64_t px = x + dx * (steps - 1);
                    const std::int64_t py = y + dy * (steps - 1);
                    const std::int64_t cx = px + dx;
                    const std::int64_t cy = py + dy;
                    const bool legal = free(cx, cy) && (!is_diagonal(direction) || (free(cx, py) && free(px, cy)));
                    if (!legal) {
                        expected = -(steps - 1);
                        break;
                    }
                    bool jump_point = false;
                    if (!is_diagonal(direction)) {
                        jump_point = walk_along_line(map, px, py, dx, dy, -5, -5) == 1;
                    } else {
                        jump_point = walk_along_line(map, cx, cy, dx, 0, -5, -5) != 0 ||
                                     walk_along_line(map, cx, cy, 0, dy, -5, -5) != 0;
                    }
                    if (jump_point) {
                        expected = steps;
                        break;
                    }
                }
                ASSERT_EQ(table.distance(cell, direction), expected)
                    << map.width << "x" << map.height << " density " << density << " at (" << x << "," << y
                    << ") direction " << direction;
            }
        }
    }
}

// Widths on either side of 64 and 128: the build reads each row 64 cells at a time, and leaves the
// entries of 64 cells with nothing ahead as the table starts.
TEST(JumpPointSearchTest, TableMatchesDefinitions) {
    std::mt19937_64 random(12);
    const std::array<std::pair<std::uint32_t, std::uint32_t>, 8> sizes = {
        {{97, 83}, {64, 40}, {63, 41}, {65, 30}, {128, 12}, {129, 11}, {1, 40}, {200, 3}}};
    for (const auto& [width, height] : sizes) {
        for (double density : {0.0, 0.1, 0.3, 0.97}) {  // 0.97: whole runs of 64 blocked cells, skipped
            io::MapFile map = testing::random_map(random, width, height, density);
            expect_table_matches_definitions(map, density);
        }
    }
}

// The table stores a distance of 127 steps or more as far bytes, 126 steps apart (jump_point_table.hpp):
// lines, columns and diagonals longer than that on open ground, with the goal before, on and after
// a far byte's end, give the online search's expansions and paths and A*'s costs, and every entry
// reads as its definition says.
TEST(JumpPointSearchTest, FarDistancesAnswerAsOnlineJumpPointSearch) {
    std::mt19937_64 random(59);
    SearchContext context;
    for (const auto& [width, height] : {std::pair{400u, 6u}, std::pair{5u, 390u}, std::pair{300u, 290u}}) {
        for (double density : {0.0, 0.002, 0.02}) {
            io::MapFile map = testing::random_map(random, width, height, density);
            Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
            ASSERT_TRUE(grid);
            Expected<Solver> jps = Solver::create(*grid, settings_for(Algorithm::jps));
            Expected<Solver> jps_plus = Solver::create(*grid, settings_for(Algorithm::jps_plus));
            Expected<Solver> astar = Solver::create(*grid, settings_for(Algorithm::astar));
            ASSERT_TRUE(jps && jps_plus && astar);
            const JumpPointTable& table = *jps_plus->jump_table();
            // Far bytes exist on the open maps (their entries against the definitions: below).
            std::size_t far_bytes = 0;
            for (std::uint32_t y = 0; y < map.height; ++y) {
                for (std::uint32_t x = 0; x < map.width; ++x) {
                    const std::uint32_t cell = grid->padded(x, y).value;
                    for (int direction = 0; direction < 8; ++direction) {
                        far_bytes += JumpPointTable::far(table.distances(cell)[static_cast<std::size_t>(direction)]);
                    }
                }
            }
            if (density == 0.0) {
                EXPECT_GT(far_bytes, std::size_t{map.width} * map.height / 8);
            }
            for (int index = 0; index < 120; ++index) {
                const Query query = random_query(random, map);
                const Result online = jps->solve(context, query);
                const Result by_table = jps_plus->solve(context, query);
                const Result reference = astar->solve(context, query);
                const std::string where = std::to_string(width) + "x" + std::to_string(height) + " density " +
                                          std::to_string(density) + " query " + std::to_string(index);
                ASSERT_EQ(by_table.status, reference.status) << where;
                EXPECT_EQ(by_table.cost_units, reference.cost_units) << where;
                EXPECT_EQ(online.counters.expanded, by_table.counters.expanded) << where;
                EXPECT_EQ(online.path, by_table.path) << where;
            }
        }
    }
    // Every entry of a narrow open strip and a sparse one against the walk (wide maps would take
    // the walk too long): rows of 400 cells hold distances up to 399.
    for (double density : {0.0, 0.01}) {
        io::MapFile map = testing::random_map(random, 400, 4, density);
        expect_table_matches_definitions(map, density);
        map = testing::random_map(random, 3, 300, density);
        expect_table_matches_definitions(map, density);
    }
}

// ---- settings, automatic choice, invalidation, limits --------------------------------------------

TEST(JumpPointSearchTest, RefusesRulesItDoesNotImplement) {
    std::mt19937_64 random(1);
    io::MapFile map = testing::random_map(random, 30, 30, 0.2);
    Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(grid);
    std::vector<std::pair<std::string, SearchSettings>> cases;
    SearchSettings four;
    four.moves = Moves::four;
    cases.emplace_back("moves 4 is set", four);
    SearchSettings one_free;
    one_free.diagonal = DiagonalRule::one_free;
    cases.emplace_back("diagonal_rule one-free is set", one_free);
    SearchSettings any;
    any.diagonal = DiagonalRule::any;
    cases.emplace_back("diagonal_rule any is set", any);
    SearchSettings weighted;
    weighted.weight = 2.0;
    weighted.allow_inadmissible = true;
    cases.emplace_back("(no weight)", weighted);
    SearchSettings manhattan;
    manhattan.heuristic = HeuristicKind::zero;
    cases.emplace_back("octile heuristic only", manhattan);
    SearchSettings nearest;
    nearest.fallback = Fallback::nearest;
    cases.emplace_back("fallback nearest needs", nearest);
    for (auto& [reason, settings] : cases) {
        for (Algorithm algorithm : {Algorithm::jps, Algorithm::jps_plus}) {
            settings.algorithm = algorithm;
            Expected<Solver> solver = Solver::create(*grid, settings);
            ASSERT_FALSE(solver) << reason;
            // The engine's own words: the setting by name, never a command-line flag.
            const std::string described = solver.error().describe();
            EXPECT_NE(described.find("jump point search"), std::string::npos) << described;
            EXPECT_NE(described.find(reason), std::string::npos) << described;
            EXPECT_EQ(described.find("--"), std::string::npos) << described;
            EXPECT_EQ(solver.error().setting, Setting::algorithm) << described;
        }
        settings.algorithm = Algorithm::automatic;
        Expected<Solver> automatic = Solver::create(*grid, settings);
        ASSERT_TRUE(automatic) << reason << ": " << automatic.error().describe();
        EXPECT_EQ(automatic->algorithm(), Algorithm::astar) << reason;
    }
    Expected<Solver> automatic = Solver::create(*grid, settings_for(Algorithm::automatic));
    ASSERT_TRUE(automatic);
    EXPECT_EQ(automatic->algorithm(), Algorithm::jps);

    // Weighted terrain: two passable letters of different cost.
    grid::TerrainTable terrain = grid::TerrainTable::benchmark();
    Expected<grid::TerrainTable> costly = io::parse_terrain_spec("G=3", terrain, "test");
    ASSERT_TRUE(costly) << costly.error().describe();
    io::MapFile grassy = testing::random_map(random, 30, 30, 0.2, ".G");
    Expected<grid::Grid> weighted_grid = grid::Grid::build(grassy, *costly);
    ASSERT_TRUE(weighted_grid) << weighted_grid.error().describe();
    ASSERT_FALSE(weighted_grid->uniform_cost());
    Expected<Solver> refused = Solver::create(*weighted_grid, settings_for(Algorithm::jps));
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("different costs"), std::string::npos) << refused.error().message;
    Expected<Solver> fallback = Solver::create(*weighted_grid, settings_for(Algorithm::automatic));
    ASSERT_TRUE(fallback);
    EXPECT_EQ(fallback->algorithm(), Algorithm::astar);
}

TEST(JumpPointSearchTest, TableBelongsToTheGridItWasBuiltFrom) {
    std::mt19937_64 random(4);
    io::MapFile map = testing::random_map(random, 64, 48, 0.2);
    Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(grid);
    const JumpPointTable table = JumpPointTable::build(*grid);
    EXPECT_TRUE(table.built_for(*grid));
    EXPECT_GE(table.build_seconds(), 0.0);
    // Change one cell: the old table no longer fits, and a table built for the new map differs.
    io::MapFile changed = map;
    changed.letters[100] = changed.letters[100] == '.' ? '@' : '.';
    Expected<grid::Grid> changed_grid = grid::Grid::build(changed, grid::TerrainTable::benchmark());
    ASSERT_TRUE(changed_grid);
    EXPECT_FALSE(table.built_for(*changed_grid));
    const JumpPointTable rebuilt = JumpPointTable::build(*changed_grid);
    EXPECT_TRUE(rebuilt.built_for(*changed_grid));
    bool differs = false;
    for (std::uint32_t cell = 0; cell < grid->padded_cell_count(); ++cell)
        differs = differs || rebuilt.distances(cell) != table.distances(cell);
    EXPECT_TRUE(differs);
    // A Solver builds its own table for its grid.
    Expected<Solver> solver = Solver::create(*changed_grid, settings_for(Algorithm::jps_plus));
    ASSERT_TRUE(solver);
    ASSERT_NE(solver->jump_table(), nullptr);
    EXPECT_TRUE(solver->jump_table()->built_for(*changed_grid));
}

TEST(JumpPointSearchTest, ExpansionLimitStopsTheSearch) {
    io::MapFile map = blank_map(100, 100, '.');
    for (std::uint32_t y = 0; y < 95; ++y) set_letter(map, 50, y, '@');  // a wall to go around
    for (std::uint32_t x = 20; x < 50; x += 3) set_letter(map, x, 40, '@');
    Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(grid);
    SearchContext context;
    const Query query{10, 10, 90, 10};
    for (Algorithm algorithm : {Algorithm::jps, Algorithm::jps_plus}) {
        Expected<Solver> unlimited = Solver::create(*grid, settings_for(algorithm));
        ASSERT_TRUE(unlimited);
        const Result full = unlimited->solve(context, query);
        ASSERT_EQ(full.status, QueryStatus::found);
        ASSERT_GT(full.counters.expanded, 2U);
        SearchSettings settings = settings_for(algorithm);
        settings.max_expansions = full.counters.expanded - 1;
        Expected<Solver> limited = Solver::create(*grid, settings);
        ASSERT_TRUE(limited);
        const Result stopped = limited->solve(context, query);
        EXPECT_EQ(stopped.status, QueryStatus::node_limit);
        EXPECT_EQ(stopped.counters.expanded, settings.max_expansions);
        EXPECT_TRUE(stopped.path.empty());
        settings.max_expansions = full.counters.expanded;
        Expected<Solver> enough = Solver::create(*grid, settings);
        ASSERT_TRUE(enough);
        EXPECT_EQ(enough->solve(context, query).status, QueryStatus::found);
    }
}

TEST(JumpPointSearchTest, PathsAreOptionalAndCostsUnchangedWithout) {
    std::mt19937_64 random(6);
    io::MapFile map = testing::random_map(random, 60, 60, 0.2);
    Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(grid);
    SearchSettings settings = settings_for(Algorithm::jps);
    Expected<Solver> with_paths = Solver::create(*grid, settings);
    settings.record_paths = false;
    Expected<Solver> without_paths = Solver::create(*grid, settings);
    ASSERT_TRUE(with_paths && without_paths);
    SearchContext context;
    for (int index = 0; index < 100; ++index) {
        const Query query = random_query(random, map);
        const Result full = with_paths->solve(context, query);
        const Result bare = without_paths->solve(context, query);
        EXPECT_EQ(full.status, bare.status);
        EXPECT_EQ(full.cost_units, bare.cost_units);
        EXPECT_EQ(full.counters, bare.counters);
        if (bare.status == QueryStatus::found &&
            query.start_x + query.start_y * 60 != query.goal_x + query.goal_y * 60) {
            EXPECT_TRUE(bare.path.empty());
        }
    }
}

}  // namespace
}  // namespace swarmpath::search
