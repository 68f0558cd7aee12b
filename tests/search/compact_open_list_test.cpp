// The A* open list of 64-bit keys (search/best_first/compact_open_list.hpp) against a reference ordered
// set under random pushes, pops, replace-tops and decrease-keys, and after clear(): every key that
// comes out must be the reference's smallest (lower f, then larger g; entries with equal f and g may
// come out in either order, so the reference is consulted by key and the cell must be one that holds
// that key), and every entry's slot must point at it after every operation. Keys round-trip f and g
// up to the 2^32 limit.
// Also the search's hand-over from the compact list to a wider one part-way (A* run with its key
// bounds narrowed: the compact list's f limit capped): with any cap, every cost equals the reference Dijkstra's, every
// path is legal and costs what the result says, and the same query gives the same path every time.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "open_list_random_operations.hpp"
#include "random_maps.hpp"
#include "reference_dijkstra.hpp"
#include "search/astar.hpp"
#include "search/best_first/compact_open_list.hpp"
#include "search/best_first/search_state.hpp"
#include "search/preparations.hpp"
#include "swarmpath/search/solver.hpp"

namespace swarmpath::search::best_first {
namespace {

TEST(CompactOpenListTest, KeysRoundTripAndOrderByLowerFThenLargerG) {
    std::mt19937_64 random(5);
    std::uniform_int_distribution<grid::Cost> cost(0, kCompactCostLimit - 1);
    for (int round = 0; round < 20000; ++round) {
        const grid::Cost f = cost(random);
        const grid::Cost g = cost(random) % (f + 1);
        const std::uint64_t key = compact_key(f, g);
        ASSERT_EQ(compact_f(key), f);
        ASSERT_EQ(compact_g(key), g);
        const grid::Cost other_f = round % 3 == 0 ? f : cost(random);
        const grid::Cost other_g = cost(random) % (other_f + 1);
        const std::uint64_t other = compact_key(other_f, other_g);
        const bool expected = f < other_f || (f == other_f && g > other_g);
        ASSERT_EQ(key < other, expected);
    }
}

/// The compact list for check_open_list_under_random_operations: equal keys may come out in any
/// order, so the order is the key alone.
struct CompactTraits {
    using List = CompactOpenList;
    using Entry = CompactEntry;
    static Entry make(grid::Cost f, grid::Cost g, std::uint32_t cell) { return {compact_key(f, g), cell}; }
    static grid::Cost f(Entry entry) { return compact_f(entry.key); }
    static grid::Cost g(Entry entry) { return compact_g(entry.key); }
    static std::uint32_t cell(Entry entry) { return entry.cell; }
    static std::uint64_t order(Entry entry) { return entry.key; }
};

TEST(CompactOpenListTest, MatchesReferenceUnderRandomOperations) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        ASSERT_NO_FATAL_FAILURE(testing::check_open_list_under_random_operations<CompactTraits>(seed))
            << "seed " << seed;
    }
}

// The sift-down's pick of the smallest of four siblings (conditional moves on x86-64): every
// arrangement of four keys drawn from a small set, so ties of every shape occur, against a plain
// scan that keeps the first smallest; the order() swap of two entries likewise.
TEST(CompactOpenListTest, SmallestOfFourAndOrderAgreeWithPlainComparisons) {
    const std::uint64_t values[] = {0, 1, compact_key(7, 3), compact_key(7, 2), ~std::uint64_t{0}};
    for (std::uint64_t a : values) {
        for (std::uint64_t b : values) {
            for (std::uint64_t c : values) {
                for (std::uint64_t d : values) {
                    const std::uint64_t keys[4] = {a, b, c, d};
                    std::uint32_t expected_index = 0;
                    for (std::uint32_t index = 1; index < 4; ++index) {
                        if (keys[index] < keys[expected_index]) expected_index = index;
                    }
                    std::uint64_t smallest = 0;
                    EXPECT_EQ(smallest_of_four(keys, smallest), expected_index)
                        << a << ' ' << b << ' ' << c << ' ' << d;
                    EXPECT_EQ(smallest, keys[expected_index]);
                }
            }
            CompactEntry first{a, 11};
            CompactEntry second{b, 22};
            CompactKeys::order(first, second);
            const bool swapped = b < a;
            EXPECT_EQ(first.key, swapped ? b : a);
            EXPECT_EQ(first.cell, swapped ? 22U : 11U);
            EXPECT_EQ(second.key, swapped ? a : b);
            EXPECT_EQ(second.cell, swapped ? 11U : 22U);
        }
    }
}

TEST(CompactOpenListTest, ClearedListForgetsEarlierKeys) {
    std::vector<CellStamp> stamps(5000);
    CompactOpenList list;
    for (std::uint32_t cell = 0; cell < 4000; ++cell) list.push({compact_key(10, 5), cell}, stamps.data());
    list.clear();
    for (std::uint32_t cell = 4000; cell < 4006; ++cell) list.push({compact_key(1000 + cell, 0), cell}, stamps.data());
    std::vector<std::uint32_t> popped;
    while (!list.empty()) popped.push_back(list.pop(stamps.data()).cell);
    EXPECT_EQ(popped, (std::vector<std::uint32_t>{4000, 4001, 4002, 4003, 4004, 4005}));
}

/// Solves `query` as Solver::solve does, but with the compact keys' f limit capped at `cap` (the
/// lower of the cap and the grid's own limit). Queries the solver answers without a search (a
/// blocked endpoint, start equal to goal) go to the solver itself.
Result solve_with_compact_cap(const Solver& solver, SearchContext& context, const Query& query, grid::Cost cap) {
    const grid::Grid& grid = solver.grid();
    const auto start_x = static_cast<std::uint32_t>(query.start_x);
    const auto start_y = static_cast<std::uint32_t>(query.start_y);
    const auto goal_x = static_cast<std::uint32_t>(query.goal_x);
    const auto goal_y = static_cast<std::uint32_t>(query.goal_y);
    if (!grid.passable(start_x, start_y) || !grid.passable(goal_x, goal_y) ||
        (start_x == goal_x && start_y == goal_y)) {
        return solver.solve(context, query);
    }
    Endpoints endpoints{start_x,
                        start_y,
                        goal_x,
                        goal_y,
                        grid.padded(start_x, start_y).value,
                        grid.padded(goal_x, goal_y).value,
                        StopConditions{}};
    const PreparedAstar& prepared = solver.prepared<PreparedAstar>();
    KeyBounds bounds = prepared.bounds;
    bounds.compact_f_limit = std::min(bounds.compact_f_limit, cap);
    context.prepare(grid.padded_cell_count());
    Result result;
    auto run = [&]<class Rule, class Heuristic>() {
        if (grid.uniform_cost()) {
            astar_with_bounds<Rule, UniformCost, Heuristic>(grid, solver.settings(), solver.weight_fixed(), prepared,
                                                            bounds, context.state(), endpoints, result);
        } else {
            astar_with_bounds<Rule, TerrainCost, Heuristic>(grid, solver.settings(), solver.weight_fixed(), prepared,
                                                            bounds, context.state(), endpoints, result);
        }
    };
    if (solver.settings().moves == Moves::four) {
        run.template operator()<MoveRule<Moves::four, DiagonalRule::both_free>, heuristics::Manhattan>();
    } else {
        run.template operator()<MoveRule<Moves::eight, DiagonalRule::both_free>, heuristics::Octile>();
    }
    return result;
}

struct HandOverCase {
    Moves moves;
    const char* letters;  ///< letters the random maps draw from ('X' is dear terrain)
};

class CompactHandOverTest : public ::testing::TestWithParam<HandOverCase> {};

// Caps on the compact list's f limit, in straight steps: a cap below a query's starting f keeps it
// off the compact list; a cap between that and the optimal cost moves it to the wider list part-way
// (the caps are spread so that most queries on these maps meet both cases); no cap leaves it compact.
TEST_P(CompactHandOverTest, EveryCapGivesReferenceCostsAndTheSamePaths) {
    const HandOverCase& setting = GetParam();
    grid::TerrainTable terrain = grid::TerrainTable::benchmark();
    terrain.declare('X', true, 3.5);
    testing::ReferenceRules rules;
    rules.moves = setting.moves;
    rules.terrain = terrain;
    std::mt19937_64 random(setting.moves == Moves::four ? 23 : 29);
    const std::vector<grid::Cost> caps = {0,
                                          3 * grid::kStraightUnits,
                                          10 * grid::kStraightUnits,
                                          20 * grid::kStraightUnits,
                                          35 * grid::kStraightUnits,
                                          ~grid::Cost{0}};
    std::size_t found = 0;
    for (int map_index = 0; map_index < 12; ++map_index) {
        std::uniform_int_distribution<std::uint32_t> side(8, 60);
        const io::MapFile map = testing::random_map(random, side, 0.25, setting.letters);
        Expected<grid::Grid> grid = grid::Grid::build(map, terrain);
        ASSERT_TRUE(grid) << grid.error().describe();
        SearchSettings settings;
        settings.algorithm = Algorithm::astar;
        settings.moves = setting.moves;
        Expected<Solver> solver = Solver::create(*grid, settings);
        ASSERT_TRUE(solver) << solver.error().describe();
        SearchContext context;
        std::uniform_int_distribution<std::uint32_t> pick_x(0, map.width - 1);
        std::uniform_int_distribution<std::uint32_t> pick_y(0, map.height - 1);
        for (int query_index = 0; query_index < 10; ++query_index) {
            const Query query{pick_x(random), pick_y(random), pick_x(random), pick_y(random)};
            const std::vector<double> reference = testing::reference_costs_from(
                map, rules, static_cast<std::uint32_t>(query.start_x), static_cast<std::uint32_t>(query.start_y));
            const double expected = reference[static_cast<std::size_t>(query.goal_y) * map.width + query.goal_x];
            for (const grid::Cost cap : caps) {
                const Result first = solve_with_compact_cap(*solver, context, query, cap);
                const Result again = solve_with_compact_cap(*solver, context, query, cap);
                EXPECT_EQ(first.path, again.path) << "cap " << cap;
                EXPECT_EQ(first.counters, again.counters) << "cap " << cap;
                if (first.status != QueryStatus::found) {
                    EXPECT_TRUE(std::isinf(expected) || first.status == QueryStatus::start_blocked ||
                                first.status == QueryStatus::goal_blocked)
                        << "cap " << cap;
                    continue;
                }
                ASSERT_FALSE(std::isinf(expected));
                EXPECT_NEAR(first.cost, expected, 1e-6 * expected + 1e-6) << "cap " << cap;
                std::vector<std::uint32_t> cells;
                for (const grid::CellIndex cell : first.path) cells.push_back(cell.value);
                EXPECT_NEAR(testing::reference_path_cost(map, rules, cells), first.cost, 1e-6 * expected + 1e-6)
                    << "cap " << cap;
                if (cap == caps.front()) ++found;
            }
        }
    }
    EXPECT_GT(found, 40U);
}

INSTANTIATE_TEST_SUITE_P(MovesAndTerrain, CompactHandOverTest,
                         ::testing::Values(HandOverCase{Moves::eight, "."}, HandOverCase{Moves::eight, "..X"},
                                           HandOverCase{Moves::four, "..X"}));

}  // namespace
}  // namespace swarmpath::search::best_first
