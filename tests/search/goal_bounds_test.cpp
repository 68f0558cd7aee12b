// Goal bounds (search/goal_bounds.hpp) against their definition and in use: every box is the
// bounding box of the targets whose optimal paths may start with its move, recomputed here from the
// reference Dijkstra; JPS+ with the boxes answers random queries on random, maze-like and room maps
// with A*'s exact costs and statuses and legal paths, never expanding more than JPS+ without them,
// and matches the bundled scenarios' optimal lengths; the build gives the same bytes on any thread
// count and in shares joined in order; the file round-trips and a damaged, truncated, foreign or
// missing one is refused with a message naming it; the Solver refuses boxes of another map or for
// another algorithm.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "io/oracle_file.hpp"
#include "random_maps.hpp"
#include "reference_dijkstra.hpp"
#include "search/moves.hpp"
#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/scenario_run.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/terrain_file.hpp"
#include "swarmpath/search/goal_bounds.hpp"
#include "swarmpath/search/solver.hpp"

namespace swarmpath::search {
namespace {

grid::Grid build_grid(const io::MapFile& map) {
    Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
    EXPECT_TRUE(grid) << grid.error().describe();
    return grid ? std::move(*grid) : grid::Grid{};
}

std::shared_ptr<const GoalBounds> bounds_of(const grid::Grid& grid) {
    Expected<GoalBounds> bounds = GoalBounds::build(grid);
    EXPECT_TRUE(bounds) << bounds.error().describe();
    return bounds ? std::make_shared<const GoalBounds>(std::move(*bounds)) : nullptr;
}

SearchSettings jps_plus(std::shared_ptr<const GoalBounds> bounds) {
    SearchSettings settings;
    settings.algorithm = Algorithm::jps_plus;
    settings.goal_bounds = std::move(bounds);
    return settings;
}

bool same_box(const GoalBounds::Box& left, const GoalBounds::Box& right) {
    return std::memcmp(&left, &right, sizeof(left)) == 0;
}

bool free_cell(const io::MapFile& map, std::int64_t x, std::int64_t y) {
    return x >= 0 && y >= 0 && x < map.width && y < map.height &&
           map.letter(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y)) == '.';
}

/// Rooms of `room` cells between one-cell walls with a door of 1-3 cells in each, and clutter.
io::MapFile room_map(std::mt19937_64& random, std::uint32_t rooms, std::uint32_t room) {
    const std::uint32_t pitch = room + 1;
    io::MapFile map = testing::random_map(random, rooms * pitch + 1, rooms * pitch + 1, 0.05);
    for (std::uint32_t y = 0; y < map.height; ++y) {
        for (std::uint32_t x = 0; x < map.width; ++x) {
            if (x % pitch == 0 || y % pitch == 0) map.letters[std::size_t{y} * map.width + x] = '@';
        }
    }
    std::uniform_int_distribution<std::uint32_t> place(1, room - 3);
    std::uniform_int_distribution<std::uint32_t> width(1, 3);
    for (std::uint32_t wall = 1; wall < rooms; ++wall) {
        for (std::uint32_t across = 0; across < rooms; ++across) {
            const std::uint32_t start = across * pitch + place(random);
            const std::uint32_t span = width(random);
            for (std::uint32_t k = 0; k < span; ++k) {
                map.letters[std::size_t{start + k} * map.width + wall * pitch] = '.';  // a door in a column wall
                map.letters[std::size_t{wall * pitch} * map.width + start + k] = '.';  // and in a row wall
            }
        }
    }
    return map;
}

TEST(GoalBoundsTest, EveryBoxIsTheBoundingBoxOfItsMovesOptimalTargets) {
    std::mt19937_64 random(41);
    const testing::ReferenceRules rules;
    for (double density : {0.0, 0.15, 0.3}) {
        io::MapFile map = testing::random_map(random, 23, 17, density);
        const grid::Grid grid = build_grid(map);
        const std::shared_ptr<const GoalBounds> bounds = bounds_of(grid);
        ASSERT_NE(bounds, nullptr);
        std::size_t nonempty = 0;
        for (std::uint32_t sy = 0; sy < map.height; ++sy) {
            for (std::uint32_t sx = 0; sx < map.width; ++sx) {
                const GoalBounds::Box* boxes = bounds->boxes(grid.layout().padded(sx, sy));
                if (!free_cell(map, sx, sy)) {
                    for (int direction = 0; direction < 8; ++direction) {
                        EXPECT_TRUE(same_box(boxes[direction], GoalBounds::kEmpty));
                    }
                    continue;
                }
                const std::vector<double> from_source = testing::reference_costs_from(map, rules, sx, sy);
                for (int direction = 0; direction < 8; ++direction) {
                    const int dx = kDirectionX[static_cast<std::size_t>(direction)];
                    const int dy = kDirectionY[static_cast<std::size_t>(direction)];
                    const std::int64_t nx = std::int64_t{sx} + dx;
                    const std::int64_t ny = std::int64_t{sy} + dy;
                    GoalBounds::Box expected = GoalBounds::kEmpty;
                    // A legal step: its cell free and, diagonally, both cells beside it (no corner cutting).
                    if (free_cell(map, nx, ny) && free_cell(map, nx, sy) && free_cell(map, sx, ny)) {
                        const double step = dx != 0 && dy != 0 ? std::sqrt(2.0) : 1.0;
                        const std::vector<double> from_next = testing::reference_costs_from(
                            map, rules, static_cast<std::uint32_t>(nx), static_cast<std::uint32_t>(ny));
                        for (std::uint32_t ty = 0; ty < map.height; ++ty) {
                            for (std::uint32_t tx = 0; tx < map.width; ++tx) {
                                const std::size_t target = std::size_t{ty} * map.width + tx;
                                if ((tx == sx && ty == sy) || std::isinf(from_source[target])) continue;
                                if (std::abs(step + from_next[target] - from_source[target]) > 1e-9) continue;
                                const auto x = static_cast<std::uint16_t>(tx);
                                const auto y = static_cast<std::uint16_t>(ty);
                                if (same_box(expected, GoalBounds::kEmpty)) {
                                    expected = {x, y, static_cast<std::uint16_t>(x + 1),
                                                static_cast<std::uint16_t>(y + 1)};
                                }
                                expected.min_x = std::min(expected.min_x, x);
                                expected.min_y = std::min(expected.min_y, y);
                                expected.end_x = std::max(expected.end_x, static_cast<std::uint16_t>(x + 1));
                                expected.end_y = std::max(expected.end_y, static_cast<std::uint16_t>(y + 1));
                            }
                        }
                    }
                    const GoalBounds::Box& got = boxes[direction];
                    EXPECT_TRUE(same_box(got, expected))
                        << "density " << density << " cell (" << sx << "," << sy << ") move " << direction << ": got ["
                        << got.min_x << "," << got.min_y << "]-(" << got.end_x << "," << got.end_y << "), expected ["
                        << expected.min_x << "," << expected.min_y << "]-(" << expected.end_x << "," << expected.end_y
                        << ")";
                    if (!same_box(got, GoalBounds::kEmpty)) ++nonempty;
                }
            }
        }
        EXPECT_GT(nonempty, 100U) << "density " << density;
    }
}

/// Random passable endpoints of `map`.
Query random_query(std::mt19937_64& random, const io::MapFile& map) {
    std::uniform_int_distribution<std::uint32_t> pick_x(0, map.width - 1);
    std::uniform_int_distribution<std::uint32_t> pick_y(0, map.height - 1);
    Query query{};
    do {
        query.start_x = pick_x(random);
        query.start_y = pick_y(random);
    } while (!free_cell(map, query.start_x, query.start_y));
    do {
        query.goal_x = pick_x(random);
        query.goal_y = pick_y(random);
    } while (!free_cell(map, query.goal_x, query.goal_y));
    return query;
}

std::vector<std::uint32_t> path_cells(const Result& result) {
    std::vector<std::uint32_t> cells;
    for (grid::CellIndex cell : result.path) cells.push_back(cell.value);
    return cells;
}

/// `queries` random queries on `map`: JPS+ with goal bounds against A* (status, exact cost), its
/// path legal and of that cost, and no more expansions than JPS+ without them. Returns those found.
std::size_t compare_with_astar(const io::MapFile& map, std::mt19937_64& random, int queries) {
    const grid::Grid grid = build_grid(map);
    SearchSettings astar_settings;
    astar_settings.algorithm = Algorithm::astar;
    Expected<Solver> astar = Solver::create(grid, astar_settings);
    Expected<Solver> plain = Solver::create(grid, jps_plus(nullptr));
    Expected<Solver> bounded = Solver::create(grid, jps_plus(bounds_of(grid)));
    EXPECT_TRUE(astar && plain && bounded);
    if (!astar || !plain || !bounded) return 0;
    const testing::ReferenceRules rules;
    SearchContext context;
    std::size_t found = 0;
    for (int index = 0; index < queries; ++index) {
        const Query query = random_query(random, map);
        const Result expected = astar->solve(context, query);
        const Result unbounded = plain->solve(context, query);
        const Result result = bounded->solve(context, query);
        const std::string where = map.path + " (" + std::to_string(query.start_x) + "," +
                                  std::to_string(query.start_y) + ")->(" + std::to_string(query.goal_x) + "," +
                                  std::to_string(query.goal_y) + ")";
        EXPECT_EQ(result.status, expected.status) << where;
        if (result.status != QueryStatus::found || expected.status != QueryStatus::found) continue;
        ++found;
        EXPECT_EQ(result.cost_units, expected.cost_units) << where;
        EXPECT_LE(result.counters.expanded, unbounded.counters.expanded) << where;
        if (result.path.empty()) {
            ADD_FAILURE() << where << ": no path";
            continue;
        }
        EXPECT_EQ(result.path.front().value, query.start_y * map.width + query.start_x) << where;
        EXPECT_EQ(result.path.back().value, query.goal_y * map.width + query.goal_x) << where;
        EXPECT_NEAR(testing::reference_path_cost(map, rules, path_cells(result)), result.cost, 1e-6 * (1 + result.cost))
            << where << ": illegal or mispriced path";
    }
    return found;
}

TEST(GoalBoundsTest, JumpPointTableWithBoundsCostsEqualAstar) {
    std::mt19937_64 random(7);
    std::size_t found = 0;
    std::uniform_int_distribution<std::uint32_t> side(2, 70);
    for (double density : {0.0, 0.1, 0.25, 0.35}) {
        for (int map_index = 0; map_index < 4; ++map_index) {
            io::MapFile map = testing::random_map(random, side, density);
            map.path = "random map " + std::to_string(map_index) + " density " + std::to_string(density);
            found += compare_with_astar(map, random, 150);
        }
    }
    for (int map_index = 0; map_index < 3; ++map_index) {
        io::MapFile map = room_map(random, 4, 9);
        map.path = "room map " + std::to_string(map_index);
        found += compare_with_astar(map, random, 200);
    }
    // Strips longer than 127 cells: the table's far bytes (jump_point_table.hpp), read with bounds.
    for (const auto& [width, height] : {std::pair{300u, 5u}, std::pair{4u, 280u}, std::pair{140u, 133u}}) {
        io::MapFile map = testing::random_map(random, width, height, 0.004);
        map.path = "open map " + std::to_string(width) + "x" + std::to_string(height);
        found += compare_with_astar(map, random, 150);
    }
    EXPECT_GT(found, 1900U);
}

TEST(GoalBoundsTest, BundledScenariosKeepTheirOptimalLengths) {
    SearchContext context;
    std::uint64_t expanded_plain = 0;
    std::uint64_t expanded_bounded = 0;
    for (const std::string file : {"dao/arena.map.scen", "dao/den312d.map.scen"}) {
        Expected<std::vector<batch::ScenarioSet>> sets =
            batch::load_scenario_sets({testing::dataset_folder() + "/" + file}, {});
        ASSERT_TRUE(sets) << sets.error().describe();
        for (const batch::ScenarioSet& set : *sets) {
            Expected<Solver> plain = Solver::create(*set.grid, jps_plus(nullptr));
            Expected<Solver> bounded = Solver::create(*set.grid, jps_plus(bounds_of(*set.grid)));
            ASSERT_TRUE(plain && bounded);
            for (std::size_t row = 0; row < set.rows.size(); ++row) {
                const Result result = bounded->solve(context, set.queries[row]);
                EXPECT_EQ(batch::check_result(set, row, result, 1.0), batch::CheckVerdict::match)
                    << file << " line " << set.rows[row].line << ": got " << result.cost << ", expected "
                    << set.rows[row].optimal_length;
                expanded_bounded += result.counters.expanded;
                expanded_plain += plain->solve(context, set.queries[row]).counters.expanded;
            }
        }
    }
    EXPECT_LT(expanded_bounded, expanded_plain);
}

TEST(GoalBoundsTest, TheBuildIsTheSameOnAnyThreadCountAndInShares) {
    std::mt19937_64 random(3);
    const grid::Grid grid = build_grid(testing::random_map(random, 60, 40, 0.2));
    Expected<GoalBounds> serial = GoalBounds::build(grid);
    ASSERT_TRUE(serial) << serial.error().describe();
    batch::BatchSolver workers(3);
    std::vector<GoalBounds::Box> parallel;  // the boxes built on three threads
    workers.execute([&] {
        Expected<GoalBounds> built = GoalBounds::build(grid, workers.parallel_loop());
        if (built) parallel.assign(built->data(), built->data() + built->memory_bytes() / sizeof(GoalBounds::Box));
    });
    ASSERT_EQ(serial->memory_bytes(), parallel.size() * sizeof(GoalBounds::Box));
    EXPECT_EQ(std::memcmp(serial->data(), parallel.data(), serial->memory_bytes()), 0);
    // Three shares, as three processes build them, joined in order: the same boxes. Counts past the
    // end are clipped; a wrong total is refused.
    const std::uint64_t passable = grid.passable_bits().count();
    std::vector<GoalBounds::Box> joined;
    for (const auto& [first, count] : {std::pair<std::uint64_t, std::uint64_t>{0, passable / 3},
                                       {passable / 3, passable / 2},
                                       {passable / 3 + passable / 2, passable}}) {
        Expected<std::vector<GoalBounds::Box>> share = GoalBounds::build_share(grid, first, count);
        ASSERT_TRUE(share) << share.error().describe();
        joined.insert(joined.end(), share->begin(), share->end());
    }
    Expected<GoalBounds> assembled = GoalBounds::assemble(grid, joined);
    ASSERT_TRUE(assembled) << assembled.error().describe();
    EXPECT_EQ(std::memcmp(serial->data(), assembled->data(), serial->memory_bytes()), 0);
    joined.pop_back();
    EXPECT_FALSE(GoalBounds::assemble(grid, joined));
}

TEST(GoalBoundsTest, BuildRefusesWhatJumpPointSearchCannotUse) {
    std::mt19937_64 random(5);
    const io::MapFile map = testing::random_map(random, 20, 20, 0.1, ".G");
    Expected<grid::TerrainTable> terrain = io::parse_terrain_spec("G=3", grid::TerrainTable::benchmark(), "test");
    ASSERT_TRUE(terrain) << terrain.error().describe();
    Expected<grid::Grid> costly = grid::Grid::build(map, *terrain);
    ASSERT_TRUE(costly) << costly.error().describe();
    Expected<GoalBounds> refused = GoalBounds::build(*costly);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("uniform cost"), std::string::npos) << refused.error().message;
}

std::string read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const std::string& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

TEST(GoalBoundsTest, FileRoundTripsAndBadFilesAreRefused) {
    const std::string folder = testing::scratch_folder("goal_bounds_file");
    std::mt19937_64 random(9);
    const grid::Grid grid = build_grid(testing::random_map(random, 40, 30, 0.2));
    const std::shared_ptr<const GoalBounds> built = bounds_of(grid);
    const std::string path = folder + "/map.bounds";
    ASSERT_TRUE(built->save(path));
    Expected<GoalBounds> loaded = GoalBounds::load(path, grid);
    ASSERT_TRUE(loaded) << loaded.error().describe();
    ASSERT_EQ(loaded->memory_bytes(), built->memory_bytes());
    EXPECT_EQ(std::memcmp(loaded->data(), built->data(), built->memory_bytes()), 0);
    EXPECT_TRUE(loaded->built_for(grid));

    const std::string good = read_bytes(path);
    auto refusal = [&](const std::string& bytes, const grid::Grid& against) {
        write_bytes(folder + "/bad.bounds", bytes);
        Expected<GoalBounds> bad = GoalBounds::load(folder + "/bad.bounds", against);
        EXPECT_FALSE(bad);
        if (bad) return std::string();
        EXPECT_NE(bad.error().describe().find("bad.bounds"), std::string::npos) << bad.error().describe();
        return bad.error().message;
    };
    EXPECT_NE(refusal(good.substr(0, good.size() - 8), grid).find("truncated"), std::string::npos);
    EXPECT_NE(refusal(good.substr(0, 20), grid).find("too short"), std::string::npos);
    std::string flipped = good;
    flipped[good.size() - 3] ^= 0x10;
    EXPECT_NE(refusal(flipped, grid).find("checksum"), std::string::npos);
    std::string magic = good;
    magic[0] = 'X';
    EXPECT_NE(refusal(magic, grid).find("bad magic"), std::string::npos);
    std::string version = good;
    version[8] = 9;
    EXPECT_NE(refusal(version, grid).find("version 9"), std::string::npos);
    std::string huge = good;
    huge[24] = '\xFF';  // the passable count's low byte: more passable cells than the size holds
    huge[25] = '\xFF';
    EXPECT_NE(refusal(huge, grid).find("malformed"), std::string::npos);
    // A box off the map behind a checksum that matches: the first passable cell's north box ends
    // past the map's width.
    std::string off_map = good;
    const std::uint16_t past = 41;
    std::memcpy(off_map.data() + 64 + 4, &past, sizeof(past));
    io::Fingerprint checksum;
    checksum.add(off_map.data() + 64, off_map.size() - 64);
    const std::uint64_t sum = checksum.value();
    std::memcpy(off_map.data() + 40, &sum, sizeof(sum));
    EXPECT_NE(refusal(off_map, grid).find("a box lies off the map"), std::string::npos);
    const grid::Grid other = build_grid(testing::random_map(random, 40, 30, 0.2));
    EXPECT_NE(refusal(good, other).find("another map"), std::string::npos);
    Expected<GoalBounds> missing = GoalBounds::load(folder + "/missing.bounds", grid);
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().describe().find("missing.bounds"), std::string::npos);
}

// A load reads a file through a buffer of some thousands of cells: on a map of three buffers and a
// part, random boxes (any well-formed boxes, no build needed) assembled, saved and loaded come back
// byte for byte in every cell, the seams between buffers included; and a box off the map in the
// last part, behind a checksum that matches, is refused as one in the first.
TEST(GoalBoundsTest, AFileOfManyBuffersLoadsAsItWasSaved) {
    const std::string folder = testing::scratch_folder("goal_bounds_buffers");
    std::mt19937_64 random(31);
    const grid::Grid grid = build_grid(testing::random_map(random, 160, 80, 0.15));
    const std::size_t passable = grid.passable_bits().count();
    ASSERT_GT(passable, 3U * 3072U);  // the load's buffer holds 3,072 cells
    std::vector<GoalBounds::Box> boxes(passable * 8);
    for (GoalBounds::Box& box : boxes) {
        if (random() % 4 == 0) continue;  // an empty box
        const auto x = static_cast<std::uint16_t>(random() % 160);
        const auto y = static_cast<std::uint16_t>(random() % 80);
        box = {x, y, static_cast<std::uint16_t>(x + 1 + random() % (160 - x)),
               static_cast<std::uint16_t>(y + 1 + random() % (80 - y))};
    }
    Expected<GoalBounds> assembled = GoalBounds::assemble(grid, boxes);
    ASSERT_TRUE(assembled) << assembled.error().describe();
    const std::string path = folder + "/map.bounds";
    ASSERT_TRUE(assembled->save(path));
    Expected<GoalBounds> loaded = GoalBounds::load(path, grid);
    ASSERT_TRUE(loaded) << loaded.error().describe();
    ASSERT_EQ(loaded->memory_bytes(), assembled->memory_bytes());
    EXPECT_EQ(std::memcmp(loaded->data(), assembled->data(), assembled->memory_bytes()), 0);

    std::string off_map = read_bytes(path);
    const std::uint16_t past = 81;  // the last cell's last box ends below the map
    std::memcpy(off_map.data() + off_map.size() - 2, &past, sizeof(past));
    io::Fingerprint checksum;
    checksum.add(off_map.data() + 64, off_map.size() - 64);
    const std::uint64_t sum = checksum.value();
    std::memcpy(off_map.data() + 40, &sum, sizeof(sum));
    write_bytes(folder + "/off.bounds", off_map);
    Expected<GoalBounds> refused = GoalBounds::load(folder + "/off.bounds", grid);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("a box lies off the map"), std::string::npos) << refused.error().describe();
}

TEST(GoalBoundsTest, SolverTakesBoundsOnlyForJumpPointTablesOnTheirMap) {
    std::mt19937_64 random(13);
    const grid::Grid grid = build_grid(testing::random_map(random, 30, 30, 0.2));
    const grid::Grid other = build_grid(testing::random_map(random, 30, 30, 0.2));
    const std::shared_ptr<const GoalBounds> bounds = bounds_of(grid);
    SearchSettings settings = jps_plus(bounds);
    settings.algorithm = Algorithm::automatic;
    Expected<Solver> automatic = Solver::create(grid, settings);
    ASSERT_TRUE(automatic) << automatic.error().describe();
    EXPECT_EQ(automatic->algorithm(), Algorithm::jps_plus);
    for (Algorithm algorithm : {Algorithm::astar, Algorithm::jps}) {
        settings.algorithm = algorithm;
        Expected<Solver> refused = Solver::create(grid, settings);
        ASSERT_FALSE(refused);
        EXPECT_NE(refused.error().message.find("{{goal_bounds}}"), std::string::npos) << refused.error().message;
    }
    Expected<Solver> foreign = Solver::create(other, jps_plus(bounds));
    ASSERT_FALSE(foreign);
    EXPECT_NE(foreign.error().message.find("another map"), std::string::npos) << foreign.error().message;
}

}  // namespace
}  // namespace swarmpath::search
