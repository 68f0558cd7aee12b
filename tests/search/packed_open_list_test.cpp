// The A* open list of packed keys (search/best_first/packed_open_list.hpp) against a reference ordered
// set of (f, larger g, smaller cell) under random pushes, pops, replace-tops and decrease-keys, and
// after clear() (whose padding must not leak keys of earlier searches): the pop sequence
// must be exactly the reference's, every entry's slot must point at it after every operation, and a
// packed key must give back the f, g and cell it was made from, including values near the 2^48 limit.
// Also: the A* search takes the general open list (FourAryHeap) when a map's costs cannot be packed,
// and both give the reference Dijkstra's costs.
#include <gtest/gtest.h>

#include <cmath>

#include <random>
#include <tuple>
#include <vector>

#include "open_list_random_operations.hpp"
#include "random_maps.hpp"
#include "reference_dijkstra.hpp"
#include "search/astar.hpp"
#include "search/best_first/packed_open_list.hpp"
#include "search/preparations.hpp"
#include "swarmpath/search/solver.hpp"

namespace swarmpath::search::best_first {
namespace {

using Reference = std::tuple<grid::Cost, grid::Cost, std::uint32_t>;  // f, ~g (so larger g first), cell

Reference reference_of(grid::Cost f, grid::Cost g, std::uint32_t cell) { return {f, ~g, cell}; }

TEST(PackedOpenListTest, KeysRoundTripAndOrderLikeTheTieBreak) {
    std::mt19937_64 random(7);
    std::uniform_int_distribution<grid::Cost> cost(0, kPackedCostLimit / 2 - 1);
    std::uniform_int_distribution<std::uint32_t> cell(0, ~0U);
    for (int round = 0; round < 20000; ++round) {
        const grid::Cost g = cost(random) / 2;
        const grid::Cost f = g + cost(random) / 2;
        const std::uint32_t index = cell(random);
        const PackedKey key = pack_key(f, g, index);
        ASSERT_EQ(key_f(key), f);
        ASSERT_EQ(key_g(key), g);
        ASSERT_EQ(key_cell(key), index);
        // Compare with another key that shares f (and sometimes g) to exercise every tie level.
        const grid::Cost other_g = round % 3 == 0 ? g : cost(random) % (f + 1);
        const std::uint32_t other_index = cell(random);
        const PackedKey other = pack_key(f, other_g, other_index);
        ASSERT_EQ(key < other, reference_of(f, g, index) < reference_of(f, other_g, other_index));
        ASSERT_EQ(less_bit(key, other), key < other ? 1U : 0U);
    }
}

/// The packed list for check_open_list_under_random_operations: its order is total, (f, larger
/// g, smaller cell), so the pop sequence must be exactly the reference's.
struct PackedTraits {
    using List = PackedOpenList;
    using Entry = PackedKey;
    static Entry make(grid::Cost f, grid::Cost g, std::uint32_t cell) { return pack_key(f, g, cell); }
    static grid::Cost f(Entry entry) { return key_f(entry); }
    static grid::Cost g(Entry entry) { return key_g(entry); }
    static std::uint32_t cell(Entry entry) { return key_cell(entry); }
    static Reference order(Entry entry) { return reference_of(key_f(entry), key_g(entry), key_cell(entry)); }
};

TEST(PackedOpenListTest, MatchesReferenceUnderRandomOperations) {
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        ASSERT_NO_FATAL_FAILURE(testing::check_open_list_under_random_operations<PackedTraits>(seed))
            << "seed " << seed;
    }
}

TEST(PackedOpenListTest, ClearedListForgetsEarlierKeys) {
    // A large list cleared while full must not let its old keys surface as children of a small one.
    std::vector<CellStamp> stamps(5000);
    PackedOpenList list;
    for (std::uint32_t cell = 0; cell < 4000; ++cell) list.push(pack_key(10, 5, cell), stamps.data());
    list.clear();
    for (std::uint32_t cell = 4000; cell < 4006; ++cell) list.push(pack_key(1000 + cell, 0, cell), stamps.data());
    std::vector<std::uint32_t> popped;
    while (!list.empty()) popped.push_back(key_cell(list.pop(stamps.data())));
    EXPECT_EQ(popped, (std::vector<std::uint32_t>{4000, 4001, 4002, 4003, 4004, 4005}));
}

// A 150 × 150 map whose dear letter costs 5000: the bound on g (cells × dearest step) passes 2^47,
// so the search must use the wide open list; with the dear letter at 2 it must use the packed one.
// Either way every cost must equal the reference Dijkstra's.
TEST(PackedOpenListTest, SearchPicksTheOpenListByCostBoundAndBothAreExact) {
    for (double dear_cost : {2.0, 5000.0}) {
        grid::TerrainTable terrain = grid::TerrainTable::benchmark();
        terrain.declare('X', true, dear_cost);
        std::mt19937_64 random(11);
        const io::MapFile map = testing::random_map(random, 150, 150, 0.2, "..X");
        Expected<grid::Grid> built = grid::Grid::build(map, terrain);
        ASSERT_TRUE(built) << built.error().describe();
        search::SearchSettings settings;
        settings.algorithm = search::Algorithm::astar;
        Expected<Solver> solver = Solver::create(*built, settings);
        ASSERT_TRUE(solver) << solver.error().describe();
        EXPECT_EQ(solver->prepared<PreparedAstar>().bounds.packed_keys_fit, dear_cost < 100.0);
        testing::ReferenceRules rules;
        rules.terrain = terrain;
        SearchContext context;
        std::uniform_int_distribution<std::uint32_t> coordinate(0, 149);
        int found = 0;
        for (int query_index = 0; query_index < 12; ++query_index) {
            const std::uint32_t start_x = coordinate(random);
            const std::uint32_t start_y = coordinate(random);
            const std::uint32_t goal_x = coordinate(random);
            const std::uint32_t goal_y = coordinate(random);
            const std::vector<double> costs = testing::reference_costs_from(map, rules, start_x, start_y);
            const double expected = costs[static_cast<std::size_t>(goal_y) * 150 + goal_x];
            const Result result = solver->solve(context, Query{start_x, start_y, goal_x, goal_y});
            if (std::isinf(expected)) {
                EXPECT_NE(result.status, QueryStatus::found);
                continue;
            }
            ASSERT_EQ(result.status, QueryStatus::found) << query_index;
            EXPECT_NEAR(result.cost, expected, 1e-6 * expected + 1e-6) << query_index;
            ++found;
        }
        EXPECT_GT(found, 6);
    }
}

}  // namespace
}  // namespace swarmpath::search::best_first
