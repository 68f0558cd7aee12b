// Path oracles (batch/path_oracle.hpp) against the independent reference Dijkstra: on random maps
// under every movement model and diagonal rule, with weighted terrain and a water layer, and in every
// cell order, every answer from the oracle has the reference's optimal cost, a legal path that costs
// what it says, the right status for blocked and unreachable endpoints, and a first move that is the
// path's first step; against the engine's own A* on random maps, the same status and cost for random
// pairs, off-map ones included. Builds are the same bytes for one and two threads; load() refuses files built
// for another map, rule or terrain, damaged, truncated or of another version, naming the file.
// Every copy of the lookup code the processor runs (plain, POPCNT, AVX-512) answers alike.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "io/oracle_file.hpp"
#include "random_maps.hpp"
#include "reference_dijkstra.hpp"
#include "rule_sets.hpp"
#include "search/moves.hpp"
#include "search/oracle_instructions.hpp"
#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/path_oracle.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/goal_bounds.hpp"
#include "swarmpath/search/oracle_tables.hpp"
#include "swarmpath/search/solver.hpp"

namespace swarmpath {
namespace {

using testing::kAllRules;
using testing::Rules;
using testing::weighted_terrain;

std::string read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const std::string& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

/// Every pair from a few random sources, against the reference.
void check_oracle(const io::MapFile& map, const grid::TerrainTable& terrain, const Rules& rules,
                  search::CellOrder order, std::mt19937_64& random) {
    Expected<grid::Grid> built = grid::Grid::build(map, terrain);
    ASSERT_TRUE(built.has_value()) << built.error().describe();
    const grid::Grid& grid = *built;
    batch::BatchSolver workers(1);
    Expected<batch::Oracle> oracle = batch::Oracle::build(
        grid, {.moves = rules.moves, .diagonal = rules.diagonal, .order = order}, "random.map", workers);
    ASSERT_TRUE(oracle.has_value()) << oracle.error().describe();
    const testing::ReferenceRules reference{rules.moves, rules.diagonal, terrain};
    const std::uint32_t cells = map.width * map.height;
    search::Result result;
    for (int round = 0; round < 5; ++round) {
        const std::uint32_t source = std::uniform_int_distribution<std::uint32_t>(0, cells - 1)(random);
        const std::uint32_t source_x = source % map.width;
        const std::uint32_t source_y = source / map.width;
        const std::vector<double> expected = testing::reference_costs_from(map, reference, source_x, source_y);
        for (std::uint32_t target = 0; target < cells; ++target) {
            const std::uint32_t target_x = target % map.width;
            const std::uint32_t target_y = target / map.width;
            oracle->path({source_x, source_y, target_x, target_y}, true, result);
            const std::string where = "from (" + std::to_string(source_x) + "," + std::to_string(source_y) + ") to (" +
                                      std::to_string(target_x) + "," + std::to_string(target_y) + ")";
            if (!grid.passable(source_x, source_y)) {
                ASSERT_EQ(result.status, search::QueryStatus::start_blocked) << where;
                continue;
            }
            if (!grid.passable(target_x, target_y)) {
                ASSERT_EQ(result.status, search::QueryStatus::goal_blocked) << where;
                continue;
            }
            if (expected[target] == testing::kUnreachable) {
                ASSERT_EQ(result.status, search::QueryStatus::no_path) << where;
                EXPECT_EQ(oracle->first_move(source_x, source_y, target_x, target_y), -1) << where;
                continue;
            }
            ASSERT_EQ(result.status, search::QueryStatus::found) << where;
            ASSERT_NEAR(result.cost, expected[target], 1e-6 * (1 + expected[target])) << where;
            std::vector<std::uint32_t> path;
            for (grid::CellIndex cell : result.path) path.push_back(cell.value);
            ASSERT_FALSE(path.empty());
            EXPECT_EQ(path.front(), source) << where;
            EXPECT_EQ(path.back(), target) << where;
            EXPECT_NEAR(testing::reference_path_cost(map, reference, path), expected[target],
                        1e-6 * (1 + expected[target]))
                << where;
            const int move = oracle->first_move(source_x, source_y, target_x, target_y);
            if (source == target) {
                EXPECT_EQ(move, -1);
            } else {
                ASSERT_GE(move, 0) << where;
                const auto step_x = static_cast<std::uint32_t>(static_cast<int>(source_x) + search::kDirectionX[move]);
                const auto step_y = static_cast<std::uint32_t>(static_cast<int>(source_y) + search::kDirectionY[move]);
                EXPECT_EQ(path[1], step_y * map.width + step_x) << where;
            }
        }
    }
}

TEST(PathOracle, AgreesWithTheReferenceDijkstraUnderEveryRule) {
    std::mt19937_64 random(2014);
    for (const Rules& rules : kAllRules) {
        check_oracle(testing::random_map(random, 23, 19, 0.3), grid::TerrainTable::benchmark(), rules,
                     search::CellOrder::hilbert, random);
        check_oracle(testing::random_map(random, 17, 21, 0.2, "..GSW"), weighted_terrain(), rules,
                     search::CellOrder::hilbert, random);
    }
}

TEST(PathOracle, EveryCellOrderGivesOptimalAnswers) {
    std::mt19937_64 random(15);
    for (search::CellOrder order :
         {search::CellOrder::row_major, search::CellOrder::depth_first, search::CellOrder::hilbert}) {
        check_oracle(testing::random_map(random, 21, 18, 0.25), grid::TerrainTable::benchmark(), kAllRules[1], order,
                     random);
    }
}

/// Index of (x, y) on the Hilbert curve of a `side` x `side` square as docs/path-oracle.md describes it,
/// written here apart from the engine's loop: the turns a cell's quadrants so far have made compose to
/// one of four (bit 1 swapped, bit 2 flipped), and a quadrant read in the turned square gives the
/// next two digits, (3 x right) xor lower, and, in the lower half, one more turn.
std::uint64_t described_hilbert_index(std::uint32_t side, std::uint32_t x, std::uint32_t y) {
    std::uint64_t index = 0;
    unsigned turn = 0;
    for (std::uint32_t half = side / 2; half > 0; half /= 2) {
        unsigned x_bit = (x & half) != 0 ? 1U : 0U;
        unsigned y_bit = (y & half) != 0 ? 1U : 0U;
        if ((turn & 2U) != 0) {
            x_bit ^= 1U;
            y_bit ^= 1U;
        }
        const unsigned right = (turn & 1U) != 0 ? y_bit : x_bit;
        const unsigned lower = (turn & 1U) != 0 ? x_bit : y_bit;
        index = (index << 2) | ((3U * right) ^ lower);
        if (lower == 0) turn ^= right == 1 ? 3U : 1U;
    }
    return index;
}

// The Hilbert order is part of the file format (a reader makes it again from the map): on random
// maps of sides up to 300 (squares of 1 to 512), the layout lists every passable cell once, in
// increasing Hilbert index.
TEST(PathOracle, TheHilbertOrderIsTheDescribedOne) {
    std::mt19937_64 random(31);
    for (int map_index = 0; map_index < 12; ++map_index) {
        std::uniform_int_distribution<std::uint32_t> side(1, 300);
        const std::uint32_t width = side(random);
        const std::uint32_t height = side(random);
        const io::MapFile map = testing::random_map(random, width, height, 0.3);
        Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
        ASSERT_TRUE(grid) << grid.error().describe();
        Expected<search::OracleLayout> layout = search::make_oracle_layout(
            *grid, search::Moves::eight, search::DiagonalRule::both_free, search::CellOrder::hilbert);
        ASSERT_TRUE(layout) << layout.error().describe();
        std::uint32_t square = 1;
        while (square < std::max(map.width, map.height)) square *= 2;
        ASSERT_EQ(layout->padded_of_position.size(), grid->passable_bits().count());
        std::uint64_t last = 0;
        for (std::size_t position = 0; position < layout->padded_of_position.size(); ++position) {
            const std::uint32_t padded = layout->padded_of_position[position];
            const std::uint32_t x = grid->layout().x_of(padded);
            const std::uint32_t y = grid->layout().y_of(padded);
            ASSERT_TRUE(grid->passable(x, y));
            const std::uint64_t index = described_hilbert_index(square, x, y);
            if (position > 0) {
                ASSERT_LT(last, index) << "map " << map_index << ", position " << position;
            }
            last = index;
        }
    }
}

// The oracle against the engine's own A* (the Solver every other command uses), on many random maps
// of random sizes, densities and terrains under every rule: the same status and the same cost for
// random pairs, off-map and blocked endpoints included, and a path that costs what it says.
TEST(PathOracle, AgreesWithAStarOnRandomMaps) {
    std::mt19937_64 random(20);
    batch::BatchSolver workers(1);
    search::SearchContext context;
    search::Result from_oracle;
    std::size_t found = 0;
    std::size_t unreachable = 0;
    for (int map_index = 0; map_index < 24; ++map_index) {
        const Rules& rules = kAllRules[static_cast<std::size_t>(map_index) % std::size(kAllRules)];
        const bool weighted = map_index % 2 == 1;
        std::uniform_int_distribution<std::uint32_t> side(1, 40);
        std::uniform_real_distribution<double> density(0.0, 0.45);
        const io::MapFile map = testing::random_map(random, side, density(random), weighted ? "..GSW" : ".");
        const grid::TerrainTable terrain = weighted ? weighted_terrain() : grid::TerrainTable::benchmark();
        Expected<grid::Grid> grid = grid::Grid::build(map, terrain);
        ASSERT_TRUE(grid.has_value()) << grid.error().describe();
        Expected<batch::Oracle> oracle =
            batch::Oracle::build(*grid, {.moves = rules.moves, .diagonal = rules.diagonal}, "random.map", workers);
        ASSERT_TRUE(oracle.has_value()) << oracle.error().describe();
        Expected<search::Solver> astar = search::Solver::create(
            *grid, {.algorithm = search::Algorithm::astar, .moves = rules.moves, .diagonal = rules.diagonal});
        ASSERT_TRUE(astar.has_value()) << astar.error().describe();
        // Coordinates one past each side as well, so off-map endpoints are asked too.
        std::uniform_int_distribution<std::uint32_t> pick_x(0, map.width);
        std::uniform_int_distribution<std::uint32_t> pick_y(0, map.height);
        for (int pair = 0; pair < 200; ++pair) {
            const search::Query query{pick_x(random), pick_y(random), pick_x(random), pick_y(random)};
            const search::Result from_astar = astar->solve(context, query);
            oracle->path(query, true, from_oracle);
            const std::string where = "map " + std::to_string(map_index) + " from (" + std::to_string(query.start_x) +
                                      "," + std::to_string(query.start_y) + ") to (" + std::to_string(query.goal_x) +
                                      "," + std::to_string(query.goal_y) + ")";
            ASSERT_EQ(from_oracle.status, from_astar.status) << where;
            if (from_astar.status == search::QueryStatus::no_path) ++unreachable;
            if (from_astar.status != search::QueryStatus::found) continue;
            ++found;
            ASSERT_NEAR(from_oracle.cost, from_astar.cost, 1e-9 * (1 + from_astar.cost)) << where;
            std::vector<std::uint32_t> cells;
            for (grid::CellIndex cell : from_oracle.path) cells.push_back(cell.value);
            ASSERT_FALSE(cells.empty()) << where;
            EXPECT_EQ(cells.front(), static_cast<std::uint32_t>(query.start_y * map.width + query.start_x)) << where;
            EXPECT_EQ(cells.back(), static_cast<std::uint32_t>(query.goal_y * map.width + query.goal_x)) << where;
            const testing::ReferenceRules reference{rules.moves, rules.diagonal, terrain};
            EXPECT_NEAR(testing::reference_path_cost(map, reference, cells), from_astar.cost,
                        1e-6 * (1 + from_astar.cost))
                << where;
        }
    }
    // The sweep reached both kinds of answer, not only refusals.
    EXPECT_GT(found, 1000u);
    EXPECT_GT(unreachable, 20u);
}

// Every row in full, the last included: on an open map whose rows are long (more than the 16 runs a
// lookup counts in one pass, so rows are first halved), the first move of every ordered pair of
// connected cells is a legal step after which the rest of an optimal path costs exactly what is left.
TEST(PathOracle, EveryFirstMoveOfEveryPairStartsAnOptimalPath) {
    std::mt19937_64 random(16);
    for (const Rules& rules : {kAllRules[1], kAllRules[3]}) {
        const io::MapFile map = testing::random_map(random, 34, 29, 0.1, "....GW");
        const grid::TerrainTable terrain = weighted_terrain();
        Expected<grid::Grid> grid = grid::Grid::build(map, terrain);
        ASSERT_TRUE(grid.has_value()) << grid.error().describe();
        batch::BatchSolver workers(1);
        Expected<batch::Oracle> oracle =
            batch::Oracle::build(*grid, {.moves = rules.moves, .diagonal = rules.diagonal}, "open.map", workers);
        ASSERT_TRUE(oracle.has_value()) << oracle.error().describe();
        std::uint32_t longest_row = 0;
        const auto& row_begin = oracle->tables().row_begin;
        for (std::size_t row = 0; row + 1 < row_begin.size(); ++row) {
            longest_row = std::max(longest_row, row_begin[row + 1] - row_begin[row]);
        }
        EXPECT_GT(longest_row, 32U) << "the map should have rows long enough to be halved before counting";

        const testing::ReferenceRules reference{rules.moves, rules.diagonal, terrain};
        const std::uint32_t cells = map.width * map.height;
        std::vector<std::vector<double>> costs(cells);
        for (std::uint32_t cell = 0; cell < cells; ++cell) {
            if (grid->passable(cell % map.width, cell / map.width)) {
                costs[cell] = testing::reference_costs_from(map, reference, cell % map.width, cell / map.width);
            }
        }
        std::size_t pairs = 0;
        for (std::uint32_t source = 0; source < cells; ++source) {
            if (costs[source].empty()) continue;
            const std::uint32_t source_x = source % map.width;
            const std::uint32_t source_y = source / map.width;
            for (std::uint32_t target = 0; target < cells; ++target) {
                const int move = oracle->first_move(source_x, source_y, target % map.width, target / map.width);
                if (costs[target].empty() || target == source || costs[source][target] == testing::kUnreachable) {
                    ASSERT_EQ(move, -1) << source << " -> " << target;
                    continue;
                }
                ASSERT_GE(move, 0) << source << " -> " << target;
                const int next_x = static_cast<int>(source_x) + search::kDirectionX[move];
                const int next_y = static_cast<int>(source_y) + search::kDirectionY[move];
                ASSERT_TRUE(testing::reference_step_allowed(map, reference, source_x, source_y,
                                                            search::kDirectionX[move], search::kDirectionY[move]))
                    << source << " -> " << target << " by move " << move;
                const auto next = static_cast<std::uint32_t>(next_y) * map.width + static_cast<std::uint32_t>(next_x);
                const double rest = costs[next][target];
                const double step = testing::reference_path_cost(map, reference, {source, next});
                ASSERT_NEAR(step + rest, costs[source][target], 1e-9 * (1 + costs[source][target]))
                    << source << " -> " << target << " by move " << move;
                ++pairs;
            }
        }
        EXPECT_GT(pairs, std::size_t{cells} * cells / 2);
    }
}

// A file whose checksum was recomputed after its component labels were changed passes every byte
// check; the labels are still compared with the map's own components, since they answer "no path"
// without a search. Two areas merged under one label, or one area split in two, are refused.
TEST(PathOracle, ComponentLabelsThatDisagreeWithTheMapAreRefused) {
    std::mt19937_64 random(3);
    io::MapFile map = testing::random_map(random, 12, 9, 0.0);
    for (std::uint32_t y = 0; y < map.height; ++y) map.letters[y * map.width + 6] = '@';  // two areas
    const grid::Grid grid = *grid::Grid::build(map, grid::TerrainTable::benchmark());
    batch::BatchSolver workers(1);
    Expected<batch::Oracle> oracle = batch::Oracle::build(grid, {}, "walled.map", workers);
    ASSERT_TRUE(oracle) << oracle.error().describe();
    ASSERT_TRUE(search::check_oracle_tables(oracle->tables(), grid, "walled.oracle"));
    const std::span<const std::uint32_t> labels = oracle->tables().component_of_rank;
    ASSERT_NE(labels.front(), labels.back());
    std::vector<std::uint32_t> merged(labels.begin(), labels.end());
    std::fill(merged.begin(), merged.end(), labels.front());
    std::vector<std::uint32_t> split(labels.begin(), labels.end());
    split.front() = labels.front() + labels.back() + 1;  // one cell of the first area under a label of its own
    for (const std::vector<std::uint32_t>* forged : {&merged, &split}) {
        search::OracleTables tables = oracle->tables();
        tables.component_of_rank = *forged;
        const Status checked = search::check_oracle_tables(tables, grid, "walled.oracle");
        ASSERT_FALSE(checked);
        EXPECT_NE(checked.error().describe().find("walled.oracle"), std::string::npos);
        EXPECT_NE(checked.error().describe().find("component labels do not match"), std::string::npos)
            << checked.error().describe();
    }
}

constexpr std::size_t kSlackWords = search::kOracleRunSlack / sizeof(std::uint32_t);

/// Rows laid out apart from an oracle: the vectors its tables point into.
struct LaidOutRows {
    std::vector<std::uint32_t> row_begin;
    std::vector<std::uint32_t> runs;  // followed by kSlackWords zeros
    std::vector<std::uint32_t> block_keys;
    std::vector<search::OracleRowEntry> row_entries;
    std::vector<search::OracleRowBlocks> row_blocks;
    std::vector<search::OracleNarrowRowBlocks> narrow_row_blocks;
    std::vector<std::uint32_t> narrow_targets;
    search::OracleTables tables;
};

/// `laid_out` (rows back to back) with its rows' blocks (OracleTables::row_blocks), which the AVX-512
/// batched lookups through block keys then read instead of the row index and the keys.
LaidOutRows with_row_blocks(LaidOutRows laid_out) {
    laid_out.row_blocks = search::oracle_row_blocks(laid_out.row_begin, laid_out.block_keys);
    laid_out.tables.row_begin = laid_out.row_begin;
    laid_out.tables.runs = std::span<const std::uint32_t>(laid_out.runs).first(laid_out.row_begin.back());
    laid_out.tables.block_keys = laid_out.block_keys;
    laid_out.tables.row_blocks = laid_out.row_blocks;
    return laid_out;
}

/// `laid_out` (rows back to back) with its rows' narrow blocks and its ranks' targets
/// (OracleTables::narrow_row_blocks and narrow_targets), which the AVX-512 batched lookups through
/// block keys then read instead of the row index, the keys and the components.
LaidOutRows with_narrow_row_blocks(LaidOutRows laid_out) {
    laid_out.narrow_row_blocks =
        search::oracle_narrow_row_blocks(laid_out.row_begin, laid_out.block_keys, laid_out.tables.component_of_rank);
    laid_out.narrow_targets =
        search::oracle_narrow_targets(laid_out.tables.position_of_rank, laid_out.tables.component_of_rank);
    laid_out.tables.row_begin = laid_out.row_begin;
    laid_out.tables.runs = std::span<const std::uint32_t>(laid_out.runs).first(laid_out.row_begin.back());
    laid_out.tables.block_keys = laid_out.block_keys;
    laid_out.tables.narrow_row_blocks = laid_out.narrow_row_blocks;
    laid_out.tables.narrow_targets = laid_out.narrow_targets;
    return laid_out;
}

/// The rows of `tables` back to back, without gap words or entries, as a file holds them.
LaidOutRows rows_back_to_back(const search::OracleTables& tables) {
    LaidOutRows laid_out;
    laid_out.row_begin.push_back(0);
    for (std::uint32_t rank = 0; rank + 1 < tables.row_begin.size(); ++rank) {
        const std::span<const std::uint32_t> row = search::oracle_row_runs(tables, rank);
        EXPECT_LT(tables.row_begin[rank + 1] - tables.row_begin[rank] - row.size(), search::kOracleBlockRuns);
        laid_out.runs.insert(laid_out.runs.end(), row.begin(), row.end());
        laid_out.row_begin.push_back(static_cast<std::uint32_t>(laid_out.runs.size()));
    }
    const std::size_t words = laid_out.runs.size();
    laid_out.runs.resize(words + kSlackWords, 0);
    laid_out.block_keys = search::oracle_block_keys(std::span(laid_out.runs).first(words));
    laid_out.tables = tables;
    laid_out.tables.row_begin = laid_out.row_begin;
    laid_out.tables.runs = std::span<const std::uint32_t>(laid_out.runs).first(words);
    laid_out.tables.block_keys = laid_out.block_keys;
    laid_out.tables.row_entries = {};
    laid_out.tables.row_blocks = {};
    laid_out.tables.narrow_row_blocks = {};
    laid_out.tables.narrow_targets = {};
    return laid_out;
}

/// The rows of `tables` (back to back) on lines, with their entries and block keys.
LaidOutRows rows_on_lines(const search::OracleTables& tables) {
    LaidOutRows laid_out;
    laid_out.row_begin = search::oracle_lined_row_begin(tables.row_begin);
    EXPECT_EQ(laid_out.row_begin.size(), tables.row_begin.size());
    const std::size_t words = laid_out.row_begin.back();
    laid_out.runs.assign(words + kSlackWords, 0);
    search::line_up_oracle_rows(tables.row_begin, tables.runs, laid_out.row_begin, laid_out.runs);
    const std::span<const std::uint32_t> runs = std::span<const std::uint32_t>(laid_out.runs).first(words);
    laid_out.block_keys = search::oracle_block_keys(runs);
    laid_out.row_entries = search::oracle_row_entries(laid_out.row_begin, runs);
    laid_out.tables = tables;
    laid_out.tables.row_begin = laid_out.row_begin;
    laid_out.tables.runs = runs;
    laid_out.tables.block_keys = laid_out.block_keys;
    laid_out.tables.row_entries = laid_out.row_entries;
    return laid_out;
}

/// Lookups between padded cells asked again by map coordinates, and what each request must answer.
struct RequestCase {
    std::vector<search::OracleMoveRequest> requests;
    std::vector<std::int8_t> expected;
};

/// The lookups (sources[i] to targets[i], answered `answers[i]`) as requests, seven in twenty-one made
/// ones the lookups must answer -1: an end past the map's edge, near the largest coordinate, or on a
/// blocked cell (where the map has one).
RequestCase requests_of(const grid::Grid& grid, std::span<const std::uint32_t> sources,
                        std::span<const std::uint32_t> targets, std::span<const std::int8_t> answers) {
    const grid::PaddedLayout layout = grid.layout();
    std::vector<std::pair<std::uint32_t, std::uint32_t>> blocked;
    for (std::uint32_t y = 0; y < grid.height(); ++y) {
        for (std::uint32_t x = 0; x < grid.width(); ++x) {
            if (!grid.passable(x, y)) blocked.emplace_back(x, y);
        }
    }
    // A row far below the map whose padded cells, in 32-bit arithmetic, are row y's own (where the
    // padded width is even), so that an unchecked coordinate would read a real cell.
    const std::uint32_t padded_width = layout.padded_width();
    const std::uint32_t lowest_bit = padded_width & (~padded_width + 1);
    auto aliased_row = [&](std::uint32_t y) {
        return lowest_bit > 1 ? y + static_cast<std::uint32_t>((std::uint64_t{1} << 32) / lowest_bit)
                              : ~std::uint32_t{0};
    };
    RequestCase made;
    for (std::size_t index = 0; index < sources.size(); ++index) {
        search::OracleMoveRequest request{layout.x_of(sources[index]), layout.y_of(sources[index]),
                                          layout.x_of(targets[index]), layout.y_of(targets[index])};
        std::int8_t expected = answers[index];
        switch (index % 21) {
            // Two or more columns past the edge, where the padded cell would be one of the next row's,
            // rows that alias real ones, or near the largest coordinate.
            case 3:
                request.goal_x = grid.width() + 2, expected = -1;
                break;
            case 6:
                request.start_y = aliased_row(request.start_y), expected = -1;
                break;
            case 9:
                request.start_x = grid.width() + 2 + static_cast<std::uint32_t>(index % 4), expected = -1;
                break;
            case 18:
                request.goal_y = ~std::uint32_t{0} - static_cast<std::uint32_t>(index % 5), expected = -1;
                break;
            case 20:
                request.start_y = grid.height() + static_cast<std::uint32_t>(index % 2), expected = -1;
                break;
            case 12:
                if (!blocked.empty()) {
                    std::tie(request.goal_x, request.goal_y) = blocked[index % blocked.size()];
                    expected = -1;
                }
                break;
            case 15:
                if (!blocked.empty()) {
                    std::tie(request.start_x, request.start_y) = blocked[index % blocked.size()];
                    expected = -1;
                }
                break;
            default:
                break;
        }
        made.requests.push_back(request);
        made.expected.push_back(expected);
    }
    return made;
}

class PathOracleFiles : public ::testing::Test {
protected:
    void SetUp() override {
        folder_ = testing::scratch_folder(std::string("path_oracle_files_") +
                                          ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::mt19937_64 random(7);
        map_ = testing::random_map(random, 30, 26, 0.25);
        other_map_ = map_;
        other_map_.letters[0] = other_map_.letters[0] == '@' ? '.' : '@';
        grid_ = *grid::Grid::build(map_, grid::TerrainTable::benchmark());
        other_grid_ = *grid::Grid::build(other_map_, grid::TerrainTable::benchmark());
    }
    [[nodiscard]] std::string path(const std::string& name) const { return folder_ + "/" + name; }
    std::string folder_;
    io::MapFile map_;
    io::MapFile other_map_;
    grid::Grid grid_;
    grid::Grid other_grid_;
};

TEST_F(PathOracleFiles, OneAndTwoThreadsWriteTheSameBytesAndTheFileLoadsBack) {
    batch::BatchSolver one(1);
    batch::BatchSolver two(2);
    two.set_workers_start_after(std::chrono::nanoseconds::zero());  // threads from the first row
    Expected<batch::Oracle> serial = batch::Oracle::build(grid_, {}, "random.map", one);
    Expected<batch::Oracle> parallel = batch::Oracle::build(grid_, {}, "random.map", two);
    ASSERT_TRUE(serial && parallel);
    ASSERT_TRUE(serial->save(path("one.oracle")));
    ASSERT_TRUE(parallel->save(path("two.oracle")));
    const std::string bytes = read_bytes(path("one.oracle"));
    EXPECT_EQ(bytes.size(), serial->file_bytes());
    EXPECT_EQ(bytes, read_bytes(path("two.oracle")));
    Expected<batch::Oracle> loaded = batch::Oracle::load(path("one.oracle"), grid_, {});
    ASSERT_TRUE(loaded) << loaded.error().describe();
    EXPECT_EQ(loaded->map_name(), "random.map");
    EXPECT_EQ(loaded->run_count(), serial->run_count());
    // Loaded, the rows are laid out in memory as the build laid them (on lines or back to back).
    const search::OracleTables& built = serial->tables();
    const search::OracleTables& read = loaded->tables();
    EXPECT_TRUE(std::ranges::equal(read.row_begin, built.row_begin));
    EXPECT_TRUE(std::ranges::equal(read.runs, built.runs));
    EXPECT_TRUE(std::ranges::equal(read.row_entries, built.row_entries));
    EXPECT_EQ(built.row_entries.empty(), !search::oracle_lines_pay(rows_back_to_back(built).row_begin));
    search::Result from_memory;
    search::Result from_file;
    for (std::uint32_t target = 0; target < grid_.cell_count(); target += 7) {
        const search::Query query{3, 4, target % grid_.width(), target / grid_.width()};
        serial->path(query, true, from_memory);
        loaded->path(query, true, from_file);
        EXPECT_EQ(from_memory.status, from_file.status);
        EXPECT_EQ(from_memory.cost_units, from_file.cost_units);
        EXPECT_EQ(from_memory.path, from_file.path);
    }
}

// Files store runs in 3 bytes below 2^21 passable cells; `wide_runs` forces the 4-byte form that
// larger maps use. Both load back to the same answers, the narrow file a quarter smaller in its runs.
TEST_F(PathOracleFiles, NarrowAndWideRunFilesGiveTheSameAnswers) {
    batch::BatchSolver workers(1);
    Expected<batch::Oracle> narrow = batch::Oracle::build(grid_, {}, "random.map", workers);
    Expected<batch::Oracle> wide = batch::Oracle::build(grid_, {.wide_runs = true}, "random.map", workers);
    ASSERT_TRUE(narrow && wide);
    EXPECT_EQ(narrow->run_bytes(), 3U);
    EXPECT_EQ(wide->run_bytes(), 4U);
    ASSERT_TRUE(narrow->save(path("narrow.oracle")));
    ASSERT_TRUE(wide->save(path("wide.oracle")));
    EXPECT_EQ(read_bytes(path("narrow.oracle")).size(), narrow->file_bytes());
    EXPECT_EQ(read_bytes(path("wide.oracle")).size(), wide->file_bytes());
    EXPECT_LT(narrow->file_bytes(), wide->file_bytes());
    Expected<batch::Oracle> narrow_loaded = batch::Oracle::load(path("narrow.oracle"), grid_, {});
    Expected<batch::Oracle> wide_loaded = batch::Oracle::load(path("wide.oracle"), grid_, {});
    ASSERT_TRUE(narrow_loaded) << narrow_loaded.error().describe();
    ASSERT_TRUE(wide_loaded) << wide_loaded.error().describe();
    EXPECT_EQ(wide_loaded->run_bytes(), 4U);
    for (std::uint32_t start = 0; start < grid_.cell_count(); start += 5) {
        for (std::uint32_t goal = 0; goal < grid_.cell_count(); goal += 3) {
            const std::uint32_t sx = start % grid_.width(), sy = start / grid_.width();
            const std::uint32_t gx = goal % grid_.width(), gy = goal / grid_.width();
            const int expected = narrow->first_move(sx, sy, gx, gy);
            ASSERT_EQ(narrow_loaded->first_move(sx, sy, gx, gy), expected);
            ASSERT_EQ(wide_loaded->first_move(sx, sy, gx, gy), expected);
        }
    }
}

// memory_bytes counts at least every array the lookups read (the tables' views: runs in 4 bytes
// each, row index, per-cell positions, components and legal moves, lookup tables) and at most those
// with their vectors' spare room, the build's cell list and the rank counts; it is the same for a
// file of 3-byte runs as for one of 4 (memory widens them) and more than either file.
TEST_F(PathOracleFiles, MemoryBytesCountWhatTheLookupsRead) {
    batch::BatchSolver workers(1);
    Expected<batch::Oracle> narrow = batch::Oracle::build(grid_, {}, "random.map", workers);
    Expected<batch::Oracle> wide = batch::Oracle::build(grid_, {.wide_runs = true}, "random.map", workers);
    ASSERT_TRUE(narrow && wide);
    ASSERT_TRUE(narrow->save(path("narrow.oracle")));
    ASSERT_TRUE(wide->save(path("wide.oracle")));
    Expected<batch::Oracle> narrow_loaded = batch::Oracle::load(path("narrow.oracle"), grid_, {});
    Expected<batch::Oracle> wide_loaded = batch::Oracle::load(path("wide.oracle"), grid_, {});
    ASSERT_TRUE(narrow_loaded && wide_loaded);
    for (const batch::Oracle* oracle : {&*narrow, &*narrow_loaded, &*wide_loaded}) {
        const search::OracleTables& tables = oracle->tables();
        const std::size_t viewed = tables.position_of_rank.size_bytes() + tables.component_of_rank.size_bytes() +
                                   tables.row_begin.size_bytes() + tables.runs.size_bytes() +
                                   tables.legal_moves.size_bytes() + tables.block_keys.size_bytes() +
                                   tables.row_entries.size_bytes() + tables.row_blocks.size_bytes() +
                                   tables.narrow_row_blocks.size_bytes() + tables.narrow_targets.size_bytes();
        const std::size_t cells = oracle->passable_cells();
        EXPECT_GE(oracle->memory_bytes(), viewed);
        EXPECT_GE(oracle->memory_bytes(), oracle->run_count() * sizeof(std::uint32_t) + cells * 9);
        // Spare room: at most as much again as the views, plus the cell list (4 bytes a cell), the
        // rank counts (one word per 64 padded cells, and one) and the runs' slack.
        EXPECT_LE(oracle->memory_bytes(),
                  2 * viewed + cells * 4 + grid_.padded_cell_count() / 16 + 4 + search::kOracleRunSlack);
    }
    EXPECT_EQ(narrow_loaded->memory_bytes(), wide_loaded->memory_bytes());
    EXPECT_GT(narrow_loaded->memory_bytes(), wide->file_bytes());
}

// first_moves answers a batch as first_move answers each request, off-map, blocked, equal and
// unreachable ones included (-1), whatever the batch's length, and refuses spans of two lengths.
TEST_F(PathOracleFiles, FirstMovesAnswersEveryRequestAsFirstMoveDoes) {
    batch::BatchSolver workers(1);
    Expected<batch::Oracle> oracle = batch::Oracle::build(grid_, {}, "random.map", workers);
    ASSERT_TRUE(oracle);
    std::mt19937_64 random(11);
    std::vector<batch::MoveRequest> requests;
    for (int request = 0; request < 5000; ++request) {
        // Coordinates up to two cells beyond the map, so that some requests are off it.
        auto coordinate = [&](std::uint32_t size) { return static_cast<std::uint32_t>(random() % (size + 2)); };
        requests.push_back({coordinate(grid_.width()), coordinate(grid_.height()), coordinate(grid_.width()),
                            coordinate(grid_.height())});
        if (request % 97 == 0)
            requests.back().goal_x = requests.back().start_x, requests.back().goal_y = requests.back().start_y;
    }
    requests.push_back({~0U, 0, 0, 0});
    std::size_t answered = 0;
    for (const std::size_t length :
         {std::size_t{0}, std::size_t{1}, std::size_t{17}, std::size_t{300}, requests.size()}) {
        std::vector<std::int8_t> moves(length, 99);
        ASSERT_TRUE(oracle->first_moves(std::span(requests).first(length), moves));
        for (std::size_t index = 0; index < length; ++index) {
            const batch::MoveRequest& asked = requests[index];
            ASSERT_EQ(moves[index], oracle->first_move(asked.start_x, asked.start_y, asked.goal_x, asked.goal_y))
                << "request " << index << " of " << length;
            answered += moves[index] >= 0 ? 1 : 0;
        }
    }
    EXPECT_GT(answered, 1000U);  // most requests are between passable cells of one area
    std::vector<std::int8_t> too_few(3);
    EXPECT_FALSE(oracle->first_moves(requests, too_few));
}

// Every copy of the lookup code this processor runs (plain, POPCNT, AVX-512) answers as the plain one,
// on a map whose rows include some longer than the AVX-512 copy's window of 64 runs (so that its
// halving steps run too).
TEST(PathOracleInstructions, EveryCopyTheProcessorRunsAnswersAsThePlainOne) {
    std::mt19937_64 random(19);
    const io::MapFile map = testing::random_map(random, 140, 120, 0.3);
    const grid::Grid grid = *grid::Grid::build(map, grid::TerrainTable::benchmark());
    batch::BatchSolver workers(2);
    Expected<batch::Oracle> oracle = batch::Oracle::build(grid, {}, "random.map", workers);
    ASSERT_TRUE(oracle);
    const search::OracleTables& tables = oracle->tables();
    std::uint32_t longest_row = 0;
    for (std::size_t rank = 0; rank + 1 < tables.row_begin.size(); ++rank) {
        longest_row = std::max(longest_row, tables.row_begin[rank + 1] - tables.row_begin[rank]);
    }
    ASSERT_GT(longest_row, 64U) << "the map should have rows longer than the AVX-512 window";
    std::vector<std::uint32_t> passable;
    const grid::PaddedLayout layout = grid.layout();
    for (std::uint32_t y = 0; y < grid.height(); ++y) {
        for (std::uint32_t x = 0; x < grid.width(); ++x) {
            if (grid.passable(x, y)) passable.push_back(layout.padded(x, y));
        }
    }
    std::vector<std::uint32_t> sources;
    std::vector<std::uint32_t> targets;
    for (int lookup = 0; lookup < 20000; ++lookup) {
        sources.push_back(passable[random() % passable.size()]);
        targets.push_back(lookup % 101 == 0 ? sources.back() : passable[random() % passable.size()]);
    }
    std::vector<std::int8_t> plain(sources.size(), 99);
    search::oracle_lookups_with(search::OracleInstructions::plain, search::OracleRowReading::whole_rows, tables,
                                sources, targets, plain);
    std::size_t found = 0;
    for (std::size_t index = 0; index < sources.size(); ++index) {
        ASSERT_EQ(plain[index], search::oracle_lookup(tables, sources[index], targets[index])) << "lookup " << index;
        found += plain[index] >= 0 ? 1 : 0;
    }
    EXPECT_GT(found, sources.size() / 2);
    // The rows as the oracle holds them, back to back as a file holds them, and on lines with their
    // entries (whichever of the two the oracle took): every copy and reading answers as the plain copy
    // on the first, one call each and many at once.
    const LaidOutRows filed = rows_back_to_back(tables);
    EXPECT_EQ(filed.runs.size() - kSlackWords, oracle->run_count());
    const LaidOutRows lined = rows_on_lines(filed.tables);
    ASSERT_FALSE(lined.tables.row_entries.empty());
    const LaidOutRows blocked = with_row_blocks(rows_back_to_back(tables));
    ASSERT_EQ(blocked.tables.row_blocks.size(), tables.row_begin.size() - 1);
    const LaidOutRows narrow = with_narrow_row_blocks(rows_back_to_back(tables));
    ASSERT_EQ(narrow.tables.narrow_row_blocks.size(), tables.row_begin.size() - 1);
    ASSERT_EQ(narrow.tables.narrow_targets.size(), tables.row_begin.size() - 1);
    ASSERT_GT(std::ranges::max(tables.component_of_rank), 0U) << "the map should hold more than one component";
    // Rows this long stay back to back in the oracle itself, and load back so.
    EXPECT_FALSE(search::oracle_lines_pay(filed.row_begin));
    EXPECT_TRUE(tables.row_entries.empty());
    const std::string saved = testing::scratch_folder("path_oracle_long_rows") + "/long.oracle";
    ASSERT_TRUE(oracle->save(saved));
    Expected<batch::Oracle> loaded = batch::Oracle::load(saved, grid, {});
    ASSERT_TRUE(loaded) << loaded.error().describe();
    EXPECT_TRUE(std::ranges::equal(loaded->tables().row_begin, tables.row_begin));
    EXPECT_TRUE(std::ranges::equal(loaded->tables().runs, tables.runs));
    EXPECT_TRUE(loaded->tables().row_entries.empty());
    // Its block keys were taken as the runs arrived: the same as made from the runs afterwards.
    EXPECT_TRUE(std::ranges::equal(loaded->tables().block_keys, search::oracle_block_keys(loaded->tables().runs)));
    EXPECT_FALSE(loaded->tables().block_keys.empty());
    // The same lookups as requests by coordinates, some off the map or blocked (-1), checked and
    // ranked by the lookups themselves.
    const RequestCase asked = requests_of(grid, sources, targets, plain);
    for (const search::OracleTables* laid_out :
         {&tables, &filed.tables, &lined.tables, &blocked.tables, &narrow.tables}) {
        for (const search::OracleInstructions copy :
             {search::OracleInstructions::plain, search::OracleInstructions::popcount,
              search::OracleInstructions::avx512}) {
            if (!search::processor_runs(copy)) continue;
            for (const search::OracleRowReading reading :
                 {search::OracleRowReading::whole_rows, search::OracleRowReading::block_keys,
                  search::OracleRowReading::lines}) {
                std::vector<std::int8_t> moves(sources.size(), 99);
                search::oracle_lookups_with(copy, reading, *laid_out, sources, targets, moves);
                EXPECT_EQ(moves, plain) << "copy " << static_cast<int>(copy) << ", reading "
                                        << static_cast<int>(reading) << ", lined " << !laid_out->row_entries.empty();
                std::vector<std::int8_t> answered(asked.requests.size(), 99);
                search::oracle_request_lookups_with(copy, reading, *laid_out, grid.layout(), asked.requests, answered);
                EXPECT_EQ(answered, asked.expected)
                    << "requests, copy " << static_cast<int>(copy) << ", reading " << static_cast<int>(reading)
                    << ", lined " << !laid_out->row_entries.empty();
                // A count that is no multiple of sixteen: the AVX-512 copy ranks requests sixteen at a
                // time where it can, and the few left one at a time.
                const std::size_t fewer = asked.requests.size() - 7;
                std::vector<std::int8_t> some(fewer, 99);
                search::oracle_request_lookups_with(copy, reading, *laid_out, grid.layout(),
                                                    std::span(asked.requests).first(fewer), some);
                EXPECT_TRUE(std::ranges::equal(some, std::span(asked.expected).first(fewer)))
                    << "requests but the last seven, copy " << static_cast<int>(copy) << ", reading "
                    << static_cast<int>(reading);
            }
            for (std::size_t index = 0; index < sources.size(); index += 7) {
                ASSERT_EQ(search::oracle_lookup_with(copy, *laid_out, sources[index], targets[index]), plain[index])
                    << "copy " << static_cast<int>(copy) << ", lookup " << index;
            }
        }
        for (std::size_t index = 0; index < sources.size(); ++index) {
            ASSERT_EQ(search::oracle_lookup(*laid_out, sources[index], targets[index]), plain[index])
                << "lookup " << index << ", lined " << !laid_out->row_entries.empty();
        }
    }
}

// The lookups that read a row's block keys and then one block answer as the plain copy's whole
// rows, in every copy the processor runs (AVX-512, and the others with SSE2), one call each and
// many at once, on rows of every length from 1 to 1,200 runs starting at every offset
// within a block (the keys of rows past sixteen blocks are compared in a loop): hand-made rows over
// an open 60 x 60 map, enough runs that oracle_lookup and oracle_lookups take the block keys by
// themselves; the rows of a map small enough to build in a test stay under 256 runs and 8 MB.
TEST(PathOracleInstructions, BlockKeysAnswerAsWholeRowsOnRowsOfEveryLength) {
    std::mt19937_64 random(23);
    const grid::Grid grid =
        *grid::Grid::build(testing::random_map(random, 60, 60, 0.0), grid::TerrainTable::benchmark());
    const search::PassableRanks ranks(grid);
    const std::uint32_t cells = ranks.count();
    ASSERT_EQ(cells, 3600U);
    std::vector<std::uint32_t> position(cells);
    for (std::uint32_t rank = 0; rank < cells; ++rank) position[rank] = rank;
    const std::vector<std::uint32_t> component(cells, 0);
    std::vector<std::uint32_t> row_begin{0};
    std::vector<std::uint32_t> runs;
    std::vector<std::uint32_t> starts(cells - 1);
    for (std::uint32_t rank = 0; rank < cells; ++rank) {
        // A row of `length` runs: position 0, then length - 1 distinct positions drawn from the rest.
        const std::uint32_t length = rank % 1200 + 1;
        for (std::uint32_t start = 0; start + 1 < cells; ++start) starts[start] = start + 1;
        std::shuffle(starts.begin(), starts.end(), random);
        std::sort(starts.begin(), starts.begin() + (length - 1));
        runs.push_back(static_cast<std::uint32_t>(random() % 8));
        for (std::uint32_t run = 0; run + 1 < length; ++run) {
            runs.push_back(starts[run] << 3 | static_cast<std::uint32_t>(random() % 8));
        }
        row_begin.push_back(static_cast<std::uint32_t>(runs.size()));
    }
    const std::size_t run_count = runs.size();
    ASSERT_GE(run_count * sizeof(std::uint32_t), search::kBlockLookupsFromBytes);
    runs.resize(run_count + search::kOracleRunSlack / sizeof(std::uint32_t), 0);
    const std::vector<std::uint32_t> block_keys = search::oracle_block_keys(std::span(runs).first(run_count));
    search::OracleTables tables;
    tables.width = grid.width();
    tables.height = grid.height();
    tables.position_of_rank = position;
    tables.component_of_rank = component;
    tables.row_begin = row_begin;
    tables.runs = std::span<const std::uint32_t>(runs).first(run_count);
    tables.ranks = &ranks;
    tables.block_keys = block_keys;
    std::vector<std::uint32_t> sources;
    std::vector<std::uint32_t> targets;
    for (int lookup = 0; lookup < 50000; ++lookup) {
        auto cell = [&] {
            return grid.padded(static_cast<std::uint32_t>(random() % 60), static_cast<std::uint32_t>(random() % 60))
                .value;
        };
        sources.push_back(cell());
        targets.push_back(cell());
    }
    std::vector<std::int8_t> plain(sources.size(), 99);
    search::oracle_lookups_with(search::OracleInstructions::plain, search::OracleRowReading::whole_rows, tables,
                                sources, targets, plain);
    EXPECT_GT(std::count_if(plain.begin(), plain.end(), [](std::int8_t move) { return move > 0; }), 40000);
    std::vector<std::int8_t> blocks(sources.size(), 99);
    search::oracle_lookups(tables, sources, targets, blocks);
    EXPECT_EQ(blocks, plain);
    const RequestCase asked = requests_of(grid, sources, targets, plain);
    std::vector<std::int8_t> answered(asked.requests.size(), 99);
    search::oracle_request_lookups(tables, grid.layout(), asked.requests, answered);
    EXPECT_EQ(answered, asked.expected);
    for (std::size_t index = 0; index < sources.size(); ++index) {
        ASSERT_EQ(search::oracle_lookup(tables, sources[index], targets[index]), plain[index]) << "lookup " << index;
    }
    // Every copy this processor runs reads the block keys alike, one call each and many at once: the
    // AVX-512 one with its own instructions, the others with SSE2 (the last rows' keys near the end
    // of the block keys included).
    for (const search::OracleInstructions copy :
         {search::OracleInstructions::plain, search::OracleInstructions::popcount,
          search::OracleInstructions::avx512}) {
        if (!search::processor_runs(copy)) continue;
        std::vector<std::int8_t> moves(sources.size(), 99);
        search::oracle_lookups_with(copy, search::OracleRowReading::block_keys, tables, sources, targets, moves);
        EXPECT_EQ(moves, plain) << "copy " << static_cast<int>(copy);
        std::vector<std::int8_t> requested(asked.requests.size(), 99);
        search::oracle_request_lookups_with(copy, search::OracleRowReading::block_keys, tables, grid.layout(),
                                            asked.requests, requested);
        EXPECT_EQ(requested, asked.expected) << "copy " << static_cast<int>(copy) << ", requests";
        for (std::size_t index = 0; index < sources.size(); ++index) {
            ASSERT_EQ(search::oracle_lookup_with(copy, tables, sources[index], targets[index]), plain[index])
                << "copy " << static_cast<int>(copy) << ", lookup " << index;
        }
    }

    // The same rows with their blocks (rows spanning more blocks than an entry holds through the
    // block keys), many lookups at once.
    const std::vector<search::OracleRowBlocks> row_blocks = search::oracle_row_blocks(row_begin, block_keys);
    std::size_t held_in_entries = 0;
    for (const search::OracleRowBlocks& row : row_blocks) held_in_entries += row.later_keys[0] != search::kOracleGapRun;
    EXPECT_GT(held_in_entries, cells / 20) << "some rows should take their block from their entry";
    EXPECT_LT(held_in_entries, cells / 2) << "some rows should be too long for an entry";
    // Many lookups at once, by cells and by requests, answer as the plain copy on `laid_out`.
    auto expect_batched_answers = [&](const search::OracleTables& laid_out, const char* how) {
        std::vector<std::int8_t> moves(sources.size(), 99);
        search::oracle_lookups(laid_out, sources, targets, moves);
        EXPECT_EQ(moves, plain) << how;
        std::vector<std::int8_t> requested(asked.requests.size(), 99);
        search::oracle_request_lookups(laid_out, grid.layout(), asked.requests, requested);
        EXPECT_EQ(requested, asked.expected) << how << ", requests";
    };
    search::OracleTables with_blocks = tables;
    with_blocks.row_blocks = row_blocks;
    expect_batched_answers(with_blocks, "row blocks");

    // The same rows through narrow row blocks (block positions and components in 16 bits), the cells
    // split between two components so that the components the entries carry decide some answers.
    std::vector<std::uint32_t> halves(cells);
    for (std::uint32_t rank = 0; rank < cells; ++rank) halves[rank] = rank % 7 == 0 ? 1 : 0;
    search::OracleTables split = tables;
    split.component_of_rank = halves;
    std::vector<std::int8_t> split_plain(sources.size(), 99);
    search::oracle_lookups_with(search::OracleInstructions::plain, search::OracleRowReading::whole_rows, split, sources,
                                targets, split_plain);
    EXPECT_GT(std::count(split_plain.begin(), split_plain.end(), std::int8_t{-1}), 5000);
    const std::vector<search::OracleNarrowRowBlocks> narrow_blocks =
        search::oracle_narrow_row_blocks(row_begin, block_keys, halves);
    const std::vector<std::uint32_t> narrow_targets = search::oracle_narrow_targets(position, halves);
    ASSERT_EQ(narrow_blocks.size(), cells);
    ASSERT_EQ(narrow_targets.size(), cells);
    std::size_t held_in_narrow = 0;
    for (const search::OracleNarrowRowBlocks& row : narrow_blocks) {
        held_in_narrow += row.later_positions[0] != search::kOracleNarrowPositions;
    }
    EXPECT_GT(held_in_narrow, cells / 20) << "some rows should take their block from their narrow entry";
    EXPECT_LT(held_in_narrow, cells / 2) << "some rows should be too long for a narrow entry";
    split.narrow_row_blocks = narrow_blocks;
    split.narrow_targets = narrow_targets;
    std::vector<std::int8_t> narrow_moves(sources.size(), 99);
    search::oracle_lookups(split, sources, targets, narrow_moves);
    EXPECT_EQ(narrow_moves, split_plain) << "narrow row blocks";
    const RequestCase split_asked = requests_of(grid, sources, targets, split_plain);
    std::vector<std::int8_t> narrow_requested(split_asked.requests.size(), 99);
    search::oracle_request_lookups(split, grid.layout(), split_asked.requests, narrow_requested);
    EXPECT_EQ(narrow_requested, split_asked.expected) << "narrow row blocks, requests";

    // The same rows on lines, read through their entries (rows of more than four lines through the
    // block keys), one call each and many at once: oracle_lookup and oracle_lookups take the entries
    // by themselves.
    const LaidOutRows lined_rows = rows_on_lines(tables);
    const search::OracleTables& lined = lined_rows.tables;
    ASSERT_EQ(lined.row_entries.size(), cells);
    expect_batched_answers(lined, "rows on lines");
    for (std::size_t index = 0; index < sources.size(); ++index) {
        ASSERT_EQ(search::oracle_lookup(lined, sources[index], targets[index]), plain[index]) << "lookup " << index;
    }
}

// Narrow row blocks hold positions, run counts and components in 16 bits: made only where every one
// fits below kOracleNarrowPositions (which marks their unused places), and empty otherwise, so that
// lookups read the wide entries or the block keys instead.
TEST(PathOracleInstructions, NarrowRowBlocksOnlyWhereSixteenBitsNameEveryCell) {
    // Two rows: 3 runs, then 40 runs across three blocks whose second and third start at positions
    // 300 and 900.
    std::vector<std::uint32_t> runs(43, 0);
    runs[16] = 300U << 3 | 2U;
    runs[32] = 900U << 3 | 5U;
    const std::vector<std::uint32_t> row_begin{0, 3, 43};
    const std::vector<std::uint32_t> block_keys = search::oracle_block_keys(runs);
    ASSERT_EQ(block_keys.size(), 3U);
    const std::vector<search::OracleNarrowRowBlocks> narrow =
        search::oracle_narrow_row_blocks(row_begin, block_keys, std::vector<std::uint32_t>{4, 65534});
    ASSERT_EQ(narrow.size(), 2U);
    EXPECT_EQ(narrow[0].begin, 0U);
    EXPECT_EQ(narrow[0].runs, 3U);
    EXPECT_EQ(narrow[0].component, 4U);
    EXPECT_EQ(narrow[0].later_positions[0], search::kOracleNarrowPositions);
    EXPECT_EQ(narrow[1].begin, 3U);
    EXPECT_EQ(narrow[1].runs, 40U);
    EXPECT_EQ(narrow[1].component, 65534U);
    EXPECT_EQ(narrow[1].later_positions[0], 300U);
    EXPECT_EQ(narrow[1].later_positions[1], 900U);
    EXPECT_EQ(narrow[1].later_positions[2], search::kOracleNarrowPositions);
    // A component label, a block's position or a row's run count of 65535 or more: none.
    EXPECT_TRUE(search::oracle_narrow_row_blocks(row_begin, block_keys, std::vector<std::uint32_t>{0, 65535}).empty());
    runs[32] = 65535U << 3;
    EXPECT_TRUE(
        search::oracle_narrow_row_blocks(row_begin, search::oracle_block_keys(runs), std::vector<std::uint32_t>{0, 0})
            .empty());
    const std::vector<std::uint32_t> long_row(65535, 0);
    EXPECT_TRUE(search::oracle_narrow_row_blocks(std::vector<std::uint32_t>{0, 65535},
                                                 search::oracle_block_keys(long_row), std::vector<std::uint32_t>{0})
                    .empty());
    // Targets: component << 16 | position, or none where either reaches 65535.
    EXPECT_EQ(search::oracle_narrow_targets(std::vector<std::uint32_t>{7, 65534}, std::vector<std::uint32_t>{0, 3}),
              (std::vector<std::uint32_t>{7, 3U << 16 | 65534U}));
    EXPECT_TRUE(
        search::oracle_narrow_targets(std::vector<std::uint32_t>{7, 65535}, std::vector<std::uint32_t>{0, 3}).empty());
    EXPECT_TRUE(
        search::oracle_narrow_targets(std::vector<std::uint32_t>{7, 8}, std::vector<std::uint32_t>{0, 70000}).empty());
}

/// An oracle of `grid` (open, one component) assembled from hand-made rows of `row_runs` runs each:
/// position 0, then one position drawn from each stretch of six after it, random moves.
Expected<batch::Oracle> oracle_of_long_rows(const grid::Grid& grid, std::uint32_t row_runs, std::mt19937_64& random) {
    Expected<search::OracleLayout> layout = batch::Oracle::layout(grid, {});
    if (!layout) return layout.error();
    const auto cells = static_cast<std::uint32_t>(layout->position_of_rank.size());
    batch::OracleRows rows;
    rows.run_counts.assign(cells, row_runs);
    rows.runs.reserve(std::size_t{cells} * row_runs);
    for (std::uint32_t rank = 0; rank < cells; ++rank) {
        rows.runs.push_back(static_cast<std::uint32_t>(random() % 8));
        for (std::uint32_t run = 1; run < row_runs; ++run) {
            const auto position = static_cast<std::uint32_t>(6 * (run - 1) + 1 + random() % 6);
            rows.runs.push_back(position << 3 | static_cast<std::uint32_t>(random() % 8));
        }
    }
    return batch::Oracle::assemble(grid, {}, "open.map", std::move(*layout), std::span(&rows, 1));
}

// An oracle whose runs pass 8 MB, on a map of fewer than 65,535 passable cells, gets narrow row
// blocks (OracleTables::narrow_row_blocks and narrow_targets) when assembled and again when loaded,
// where the processor runs the AVX-512 copy, and first_moves through them answers as first_move one
// request at a time; a smaller one gets none, and one of a larger map the wide row blocks.
TEST(PathOracleInstructions, LargeOraclesOfSmallMapsGetNarrowRowBlocks) {
    std::mt19937_64 random(31);
    const grid::Grid grid =
        *grid::Grid::build(testing::random_map(random, 60, 60, 0.0), grid::TerrainTable::benchmark());
    const bool avx512 = search::processor_runs(search::OracleInstructions::avx512);
    Expected<batch::Oracle> small = oracle_of_long_rows(grid, 300, random);
    ASSERT_TRUE(small) << small.error().describe();
    ASSERT_LT(small->run_count() * sizeof(std::uint32_t), search::kBlockLookupsFromBytes);
    EXPECT_TRUE(small->tables().narrow_row_blocks.empty());
    EXPECT_TRUE(small->tables().row_blocks.empty());
    Expected<batch::Oracle> large = oracle_of_long_rows(grid, 600, random);
    ASSERT_TRUE(large) << large.error().describe();
    ASSERT_GE(large->run_count() * sizeof(std::uint32_t), search::kBlockLookupsFromBytes);
    const std::string saved = testing::scratch_folder("path_oracle_narrow") + "/large.oracle";
    ASSERT_TRUE(large->save(saved));
    Expected<batch::Oracle> loaded = batch::Oracle::load(saved, grid, {});
    ASSERT_TRUE(loaded) << loaded.error().describe();
    std::vector<batch::MoveRequest> requests;
    for (int request = 0; request < 5000; ++request) {
        requests.push_back({static_cast<std::uint32_t>(random() % 61), static_cast<std::uint32_t>(random() % 60),
                            static_cast<std::uint32_t>(random() % 60), static_cast<std::uint32_t>(random() % 61)});
    }
    for (const batch::Oracle* oracle : {&*large, &*loaded}) {
        const search::OracleTables& tables = oracle->tables();
        EXPECT_EQ(tables.narrow_row_blocks.size(), avx512 ? 3600U : 0U);
        EXPECT_EQ(tables.narrow_targets.size(), avx512 ? 3600U : 0U);
        EXPECT_TRUE(tables.row_blocks.empty()) << "narrow entries take the wide ones' place";
        std::vector<std::int8_t> moves(requests.size(), 99);
        ASSERT_TRUE(oracle->first_moves(requests, moves));
        std::size_t answered = 0;
        for (std::size_t index = 0; index < requests.size(); ++index) {
            const batch::MoveRequest& asked = requests[index];
            ASSERT_EQ(moves[index], oracle->first_move(asked.start_x, asked.start_y, asked.goal_x, asked.goal_y))
                << "request " << index;
            answered += moves[index] >= 0 ? 1 : 0;
        }
        EXPECT_GT(answered, requests.size() * 3 / 4) << "most requests lie on the map";
    }
    // A map of more than 65,535 passable cells keeps the wide entries (81 runs a row: rows of a
    // multiple of sixteen runs would all start on lines and be read through row entries instead).
    const grid::Grid wide_grid =
        *grid::Grid::build(testing::random_map(random, 260, 260, 0.0), grid::TerrainTable::benchmark());
    Expected<batch::Oracle> wide = oracle_of_long_rows(wide_grid, 81, random);
    ASSERT_TRUE(wide) << wide.error().describe();
    ASSERT_GE(wide->run_count() * sizeof(std::uint32_t), search::kBlockLookupsFromBytes);
    EXPECT_TRUE(wide->tables().narrow_row_blocks.empty());
    EXPECT_EQ(wide->tables().row_blocks.size(), avx512 ? 67600U : 0U);
    for (batch::MoveRequest& asked : requests) {
        asked = {static_cast<std::uint32_t>(random() % 260), static_cast<std::uint32_t>(random() % 260),
                 static_cast<std::uint32_t>(random() % 260), static_cast<std::uint32_t>(random() % 260)};
    }
    std::vector<std::int8_t> moves(requests.size(), 99);
    ASSERT_TRUE(wide->first_moves(requests, moves));
    for (std::size_t index = 0; index < requests.size(); ++index) {
        const batch::MoveRequest& asked = requests[index];
        ASSERT_EQ(moves[index], wide->first_move(asked.start_x, asked.start_y, asked.goal_x, asked.goal_y))
            << "request " << index;
    }
}

// Rows on lines are checked as such: gap words only after a row's runs and only where the rows are
// on lines (a file's row holding one is refused), and entries and block keys that match the rows.
TEST(PathOracleInstructions, GapWordsAndRowEntriesAreChecked) {
    std::mt19937_64 random(29);
    const grid::Grid grid =
        *grid::Grid::build(testing::random_map(random, 40, 30, 0.25), grid::TerrainTable::benchmark());
    batch::BatchSolver workers(1);
    Expected<batch::Oracle> oracle = batch::Oracle::build(grid, {}, "random.map", workers);
    ASSERT_TRUE(oracle);
    const search::OracleTables& tables = oracle->tables();
    ASSERT_FALSE(tables.row_entries.empty()) << "rows this short are laid out on lines";
    ASSERT_TRUE(search::check_oracle_tables(tables, grid, "lined"));
    // A row with a gap word (it has one unless its runs fill its lines exactly).
    std::uint32_t rank = 0;
    while (rank + 1 < tables.row_begin.size() &&
           search::oracle_row_runs(tables, rank).size() % search::kOracleBlockRuns == 0) {
        ++rank;
    }
    ASSERT_LT(rank + 1, tables.row_begin.size()) << "every row fills its lines";
    const std::size_t gap = tables.row_begin[rank] + search::oracle_row_runs(tables, rank).size();
    ASSERT_EQ(tables.runs[gap], search::kOracleGapRun);

    std::vector<std::uint32_t> runs(tables.runs.begin(), tables.runs.end());
    search::OracleTables changed = tables;
    changed.runs = runs;
    ASSERT_TRUE(search::check_oracle_rows(changed, grid, "copy"));
    // A run after a gap word.
    if (gap + 1 < tables.row_begin[rank + 1]) {
        runs[gap + 1] = runs[gap - 1];
        EXPECT_FALSE(search::check_oracle_rows(changed, grid, "run after gap"));
        runs[gap + 1] = search::kOracleGapRun;
    }
    // A changed run that the entries or the block keys would name.
    const std::uint32_t line_start = tables.row_begin[rank] + search::kOracleBlockRuns;
    if (line_start < gap) {
        runs[line_start] += 8;  // one position later: still ordered unless the next run was there
        Status checked = search::check_oracle_rows(changed, grid, "moved run");
        EXPECT_FALSE(checked);
        runs[line_start] -= 8;
    }
    std::vector<search::OracleRowEntry> entries(tables.row_entries.begin(), tables.row_entries.end());
    changed.row_entries = entries;
    entries[rank].line_keys[2] = 8;
    const Status wrong_entry = search::check_oracle_rows(changed, grid, "entries");
    ASSERT_FALSE(wrong_entry);
    EXPECT_NE(wrong_entry.error().message.find("row entries"), std::string::npos) << wrong_entry.error().message;

    // The same rows back to back, without entries: a gap word in a row is a malformed run.
    LaidOutRows filed_rows = rows_back_to_back(tables);
    search::OracleTables& filed = filed_rows.tables;
    std::vector<std::uint32_t>& filed_runs = filed_rows.runs;
    const std::vector<std::uint32_t>& filed_row_begin = filed_rows.row_begin;
    ASSERT_TRUE(search::check_oracle_rows(filed, grid, "filed"));
    filed_runs[filed_row_begin[rank + 1] - 1] = search::kOracleGapRun;
    const Status gap_in_file = search::check_oracle_rows(filed, grid, "filed");
    ASSERT_FALSE(gap_in_file);
    EXPECT_NE(gap_in_file.error().message.find("malformed run"), std::string::npos) << gap_in_file.error().message;
    filed_runs[filed_row_begin[rank + 1] - 1] = runs[gap - 1];
    ASSERT_TRUE(search::check_oracle_rows(filed, grid, "filed"));

    // Any one run of any row set wrong is found: its position repeating the last run's, or past the
    // passable cells.
    const auto positions = static_cast<std::uint32_t>(tables.position_of_rank.size());
    for (int trial = 0; trial < 200; ++trial) {
        const auto row = static_cast<std::uint32_t>(random() % (filed_row_begin.size() - 1));
        const std::uint32_t begin = filed_row_begin[row];
        const std::uint32_t end = filed_row_begin[row + 1];
        if (end - begin < 2) continue;
        const std::uint32_t run = begin + 1 + static_cast<std::uint32_t>(random() % (end - begin - 1));
        const std::uint32_t kept = filed_runs[run];
        filed_runs[run] = trial % 2 == 0 ? (filed_runs[run - 1] & ~7U) | (kept & 7U) : (positions << 3) | (kept & 7U);
        const Status wrong_run = search::check_oracle_rows(filed, grid, "filed");
        ASSERT_FALSE(wrong_run) << "row " << row << ", run " << run - begin;
        EXPECT_NE(wrong_run.error().message.find("row " + std::to_string(row) + " has a malformed run"),
                  std::string::npos)
            << wrong_run.error().message;
        filed_runs[run] = kept;
    }
    ASSERT_TRUE(search::check_oracle_rows(filed, grid, "filed"));
}

// A build whose cancel token has fired returns the cancellation's Error and stops: fired before it
// starts, no row is reported done; the same build without the token completes.
TEST_F(PathOracleFiles, ACancelledBuildStopsWithTheCancellationError) {
    batch::BatchSolver workers(2);
    search::CancelToken cancel;
    cancel.cancel();
    std::size_t reported = 0;
    const batch::OracleProgress count_rows = [](void* user, std::size_t done, std::size_t /*total*/) {
        *static_cast<std::size_t*>(user) = done;
    };
    Expected<batch::Oracle> stopped =
        batch::Oracle::build(grid_, {}, "random.map", workers, count_rows, &reported, &cancel);
    ASSERT_FALSE(stopped);
    EXPECT_EQ(stopped.error().message, search::kBuildCancelled);
    EXPECT_EQ(reported, 0U);
    Expected<search::GoalBounds> no_bounds =
        search::GoalBounds::build(grid_, workers.parallel_loop(), nullptr, nullptr, &cancel);
    ASSERT_FALSE(no_bounds);
    EXPECT_EQ(no_bounds.error().message, search::kBuildCancelled);
    cancel.reset();
    EXPECT_TRUE(batch::Oracle::build(grid_, {}, "random.map", workers, count_rows, &reported, &cancel));
    EXPECT_EQ(reported, search::PassableRanks(grid_).count());
}

// A load checks each row's runs as the pieces of the file bring them in. A file whose checksum is
// right but one of whose rows is wrong (a position repeated, a position past the passable cells, a
// first run not at position 0, an index entry past the runs or below the one before) is refused
// with the words of the check of all the rows at once, naming the same row, wherever the row lies
// among the file's pieces (the file spans several).
TEST_F(PathOracleFiles, RowsCheckedAsTheyArriveAreRefusedAsTheWholeCheckRefusesThem) {
    std::mt19937_64 random(41);
    const io::MapFile map = testing::random_map(random, 100, 90, 0.3);
    const grid::Grid grid = *grid::Grid::build(map, grid::TerrainTable::benchmark());
    batch::BatchSolver workers(2);
    Expected<batch::Oracle> oracle = batch::Oracle::build(grid, {}, "large.map", workers);
    ASSERT_TRUE(oracle);
    ASSERT_TRUE(oracle->save(path("large.oracle")));
    const std::string bytes = read_bytes(path("large.oracle"));
    ASSERT_GT(bytes.size(), 2 * io::OracleFileReader::kBufferWords * 8) << "the file should span several pieces";
    io::OracleFileHeader header{};
    std::memcpy(&header, bytes.data(), sizeof(header));
    ASSERT_EQ(header.run_bytes, 3U);
    const std::size_t positions = header.positions;
    const std::size_t runs_start = io::kOracleHeaderBytes + (positions + 1 + 1) / 2 * 8;
    std::vector<std::uint32_t> row_begin(positions + 1);
    std::memcpy(row_begin.data(), bytes.data() + io::kOracleHeaderBytes, row_begin.size() * 4);
    std::vector<std::uint32_t> runs(header.runs, 0);
    for (std::size_t index = 0; index < runs.size(); ++index) {
        std::memcpy(&runs[index], bytes.data() + runs_start + index * 3, 3);
    }
    std::uniform_int_distribution<std::size_t> any_row(0, positions - 2);
    for (int trial = 0; trial < 40; ++trial) {
        std::vector<std::uint32_t> changed_begin = row_begin;
        std::vector<std::uint32_t> changed_runs = runs;
        const std::size_t row = any_row(random);
        const std::uint32_t first = row_begin[row];
        const std::uint32_t end = row_begin[row + 1];
        switch (trial % 5) {
            case 0:  // a position repeating the one before (the row's last run against its last but one)
                if (end - first < 2) continue;
                changed_runs[end - 1] = (runs[end - 2] & ~7U) | (runs[end - 1] & 7U);
                break;
            case 1:  // a position past the passable cells
                changed_runs[end - 1] = (static_cast<std::uint32_t>(positions) << 3) | (runs[end - 1] & 7U);
                break;
            case 2:  // a first run not at position 0
                changed_runs[first] = (1U << 3) | (runs[first] & 7U);
                break;
            case 3:  // an index entry past the runs
                changed_begin[row + 1] = header.runs + 5;
                break;
            default:  // an index entry below the one before
                changed_begin[row + 1] = first;
                break;
        }
        const Status whole = search::check_oracle_row_runs(changed_begin, changed_runs, positions, search::Moves::eight,
                                                           false, 0, positions, "whole");
        ASSERT_FALSE(whole) << "trial " << trial;
        std::string changed = bytes;
        std::memcpy(changed.data() + io::kOracleHeaderBytes, changed_begin.data(), changed_begin.size() * 4);
        for (std::size_t index = 0; index < changed_runs.size(); ++index) {
            std::memcpy(changed.data() + runs_start + index * 3, &changed_runs[index], 3);
        }
        io::Fingerprint checksum;
        checksum.add(changed.data() + io::kOracleHeaderBytes, changed.size() - io::kOracleHeaderBytes);
        header.checksum = checksum.value();
        std::memcpy(changed.data(), &header, sizeof(header));
        write_bytes(path("changed.oracle"), changed);
        Expected<batch::Oracle> loaded = batch::Oracle::load(path("changed.oracle"), grid, {});
        ASSERT_FALSE(loaded) << "trial " << trial << ", row " << row;
        EXPECT_EQ(loaded.error().message, whole.error().message) << "trial " << trial << ", row " << row;
        EXPECT_EQ(loaded.error().file, path("changed.oracle"));
    }
}

// A file is read in pieces of the reader's buffer. Whatever the buffer's size, the rows read are
// the ones the file holds (decoded here from its bytes by the format's description, runs of three
// and of four bytes), and a byte changed anywhere after the header (the row index and its padding,
// the runs, the very last byte) is caught by the checksum.
TEST_F(PathOracleFiles, TheReaderReadsTheSameRowsWhateverItsPiecesAndCatchesAnyChangedByte) {
    auto read_rows = [](const std::string& file, std::size_t buffer_words, std::vector<std::uint32_t>& row_begin,
                        std::vector<std::uint32_t>& runs) -> Status {
        Expected<io::OracleFileReader> reader = io::OracleFileReader::open(file, nullptr, buffer_words);
        if (!reader) return reader.error();
        row_begin.assign(std::size_t{reader->header().positions} + 1, 0xFFFFFFFFU);
        runs.assign(reader->header().runs, 0xFFFFFFFFU);
        if (Status read = reader->read_row_begin(row_begin); !read) return read;
        if (Status read = reader->read_runs(runs); !read) return read;
        return reader->finish();
    };
    batch::BatchSolver workers(1);
    for (const bool wide : {false, true}) {
        Expected<batch::Oracle> oracle = batch::Oracle::build(grid_, {.wide_runs = wide}, "random.map", workers);
        ASSERT_TRUE(oracle);
        const std::string file = path(wide ? "wide.oracle" : "narrow.oracle");
        ASSERT_TRUE(oracle->save(file));
        const std::string bytes = read_bytes(file);
        io::OracleFileHeader header{};
        std::memcpy(&header, bytes.data(), sizeof(header));
        ASSERT_EQ(header.run_bytes, wide ? 4U : 3U);
        const std::size_t runs_start = io::kOracleHeaderBytes + (std::size_t{header.positions} + 1 + 1) / 2 * 8;
        std::vector<std::uint32_t> expected_row_begin(std::size_t{header.positions} + 1);
        std::memcpy(expected_row_begin.data(), bytes.data() + io::kOracleHeaderBytes, expected_row_begin.size() * 4);
        std::vector<std::uint32_t> expected_runs(header.runs, 0);
        for (std::size_t index = 0; index < header.runs; ++index) {
            std::memcpy(&expected_runs[index], bytes.data() + runs_start + index * header.run_bytes, header.run_bytes);
        }
        ASSERT_GT(expected_runs.size() * header.run_bytes, 24U * 8) << "too few runs to cross pieces";
        for (const std::size_t buffer_words :
             {std::size_t{3}, std::size_t{6}, std::size_t{9}, std::size_t{24}, io::OracleFileReader::kBufferWords}) {
            std::vector<std::uint32_t> row_begin;
            std::vector<std::uint32_t> runs;
            const Status read = read_rows(file, buffer_words, row_begin, runs);
            ASSERT_TRUE(read) << read.error().describe();
            EXPECT_EQ(row_begin, expected_row_begin) << "buffer of " << buffer_words << " words";
            EXPECT_EQ(runs, expected_runs) << "buffer of " << buffer_words << " words";
        }
        for (const std::size_t changed : {std::size_t{io::kOracleHeaderBytes}, runs_start - 1, runs_start,
                                          runs_start + 1, (runs_start + bytes.size()) / 2, bytes.size() - 1}) {
            std::string damaged = bytes;
            damaged[changed] = static_cast<char>(damaged[changed] ^ 0x01);
            write_bytes(path("damaged.oracle"), damaged);
            for (const std::size_t buffer_words : {std::size_t{3}, io::OracleFileReader::kBufferWords}) {
                std::vector<std::uint32_t> row_begin;
                std::vector<std::uint32_t> runs;
                const Status read = read_rows(path("damaged.oracle"), buffer_words, row_begin, runs);
                ASSERT_FALSE(read) << "byte " << changed << " changed, buffer of " << buffer_words << " words";
                EXPECT_NE(read.error().message.find("checksum"), std::string::npos) << read.error().describe();
            }
        }
        EXPECT_FALSE(io::OracleFileReader::open(file, nullptr, 4)) << "a buffer of whole runs only";
    }
}

TEST_F(PathOracleFiles, FilesForAnotherMapRuleOrTerrainAndDamagedFilesAreRefused) {
    batch::BatchSolver workers(1);
    Expected<batch::Oracle> oracle = batch::Oracle::build(grid_, {}, "random.map", workers);
    ASSERT_TRUE(oracle);
    ASSERT_TRUE(oracle->save(path("good.oracle")));
    auto refused = [&](const std::string& file, const grid::Grid& grid, const batch::OracleSettings& settings,
                       const std::string& expected) {
        Expected<batch::Oracle> loaded = batch::Oracle::load(file, grid, settings);
        ASSERT_FALSE(loaded) << file << " was accepted";
        const std::string message = loaded.error().describe();
        EXPECT_NE(message.find(file), std::string::npos) << message;
        EXPECT_NE(message.find(expected), std::string::npos) << message;
    };
    refused(path("good.oracle"), other_grid_, {}, "was built for another map (random.map, 30 x 26)");
    refused(path("good.oracle"), grid_, {.moves = search::Moves::four}, "was built for 8-connected moves");
    refused(path("good.oracle"), grid_, {.diagonal = search::DiagonalRule::any}, "both-free diagonal rule, not");
    grid::TerrainTable dearer = grid::TerrainTable::benchmark();
    dearer.declare('.', true, 2.0);
    const grid::Grid dearer_grid = *grid::Grid::build(map_, dearer);
    refused(path("good.oracle"), dearer_grid, {}, "with other terrain costs or layers");

    const std::string bytes = read_bytes(path("good.oracle"));
    std::string damaged = bytes;
    damaged[bytes.size() / 2] = static_cast<char>(damaged[bytes.size() / 2] ^ 0x10);
    write_bytes(path("damaged.oracle"), damaged);
    refused(path("damaged.oracle"), grid_, {}, "checksum");
    write_bytes(path("truncated.oracle"), bytes.substr(0, bytes.size() - 8));
    refused(path("truncated.oracle"), grid_, {}, "truncated or damaged");
    std::string other_version = bytes;
    other_version[8] = 9;
    write_bytes(path("version.oracle"), other_version);
    refused(path("version.oracle"), grid_, {}, "version 9");
    std::string first_version = bytes;
    first_version[8] = 1;
    write_bytes(path("version1.oracle"), first_version);
    refused(path("version1.oracle"), grid_, {}, "of version 1; this swarmpath reads version 2");
    std::string wide_beyond = bytes;  // 3-byte runs claimed... as 5-byte ones
    wide_beyond[36] = 5;
    write_bytes(path("run_bytes.oracle"), wide_beyond);
    refused(path("run_bytes.oracle"), grid_, {}, "runs of 5 bytes");
    write_bytes(path("text.oracle"), "type octile\n");
    refused(path("text.oracle"), grid_, {}, "not a swarmpath oracle file");
    refused(path("missing.oracle"), grid_, {}, "cannot open");
    refused(folder_, grid_, {}, "not a regular file");
}

}  // namespace
}  // namespace swarmpath
