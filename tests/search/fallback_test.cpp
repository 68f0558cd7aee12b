// Unreachable and blocked goals, fallback "nearest" and the expansion limit.
// Without a fallback, a walled-off goal is `no_path` and a goal on a wall `goal_blocked`, with no path.
// With Fallback::nearest both are `partial`, with the path to the reachable cell nearest the goal:
// smallest natural distance to the goal (octile under 8 moves, manhattan under 4), then smallest g,
// then smallest cell index y·width + x. The expected end cell is found here by brute force over the
// reachable set of the reference Dijkstra (tests/support), independently of the engine, and on two
// small maps by hand. The expansion limit stops a search with `node_limit`, exactly at the limit.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "random_maps.hpp"
#include "reference_dijkstra.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/terrain_file.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/solver.hpp"

namespace swarmpath {
namespace {

using search::DiagonalRule;
using search::Fallback;
using search::HeuristicKind;
using search::Moves;
using search::QueryStatus;
using testing::cell_values;

io::MapFile parse(const std::string& rows_text, std::uint32_t width, std::uint32_t height,
                  const grid::TerrainTable& terrain = grid::TerrainTable::benchmark()) {
    const std::string text =
        "type octile\nheight " + std::to_string(height) + "\nwidth " + std::to_string(width) + "\nmap\n" + rows_text;
    Expected<io::MapFile> map = io::parse_map(text, "hand-written", terrain);
    EXPECT_TRUE(map.has_value()) << (map ? "" : map.error().message);
    return map ? *map : io::MapFile{};
}

/// Natural distance as an exact pair (straight steps, diagonal steps) under 8 moves, or
/// (manhattan, 0) under 4 moves. Two distances a + b√2 and c + d√2 are equal only when the pairs are.
struct Distance {
    std::int64_t straight = 0;
    std::int64_t diagonal = 0;
    [[nodiscard]] double value() const {
        return static_cast<double>(straight) + std::sqrt(2.0) * static_cast<double>(diagonal);
    }
    friend bool operator==(const Distance&, const Distance&) = default;
};

Distance natural_distance(Moves moves, std::int64_t x, std::int64_t y, std::int64_t goal_x, std::int64_t goal_y) {
    const std::int64_t dx = std::abs(x - goal_x);
    const std::int64_t dy = std::abs(y - goal_y);
    if (moves == Moves::four) return {dx + dy, 0};
    const std::int64_t low = std::min(dx, dy);
    const std::int64_t high = std::max(dx, dy);
    return {high - low, low};
}

/// The fallback's end cell by brute force: every reachable cell in turn, keeping the best by
/// (distance, g, index). g values that agree within 1e-9 relative count as equal (the same real cost
/// summed in a different order). Also returns every cell that ties the best on distance and g within
/// `g_tolerance`, for terrain costs whose fixed-point roundings may order near-equal g differently.
struct NearestExpectation {
    std::uint32_t cell = 0;
    double g = 0;
    std::vector<std::uint32_t> near_ties;
};

NearestExpectation brute_force_nearest(const io::MapFile& map, Moves moves, const std::vector<double>& reference,
                                       std::uint32_t goal_x, std::uint32_t goal_y, double g_tolerance) {
    NearestExpectation best;
    bool have = false;
    Distance best_distance;
    for (std::uint32_t cell = 0; cell < reference.size(); ++cell) {
        const double g = reference[cell];
        if (g == testing::kUnreachable) continue;
        const Distance distance = natural_distance(moves, cell % map.width, cell / map.width, goal_x, goal_y);
        bool better = !have;
        if (have) {
            if (!(distance == best_distance)) {
                better = distance.value() < best_distance.value();
            } else if (std::abs(g - best.g) > 1e-9 * (g + best.g)) {
                better = g < best.g;
            }  // equal distance and g: the earlier (smaller) index stays
        }
        if (better) {
            best.cell = cell;
            best.g = g;
            best_distance = distance;
            have = true;
        }
    }
    for (std::uint32_t cell = 0; cell < reference.size(); ++cell) {
        const double g = reference[cell];
        if (g == testing::kUnreachable) continue;
        if (natural_distance(moves, cell % map.width, cell / map.width, goal_x, goal_y) == best_distance &&
            std::abs(g - best.g) <= g_tolerance * best.g + 1e-12) {
            best.near_ties.push_back(cell);
        }
    }
    return best;
}

search::Solver make_solver(const grid::Grid& grid, Moves moves, DiagonalRule rule, Fallback fallback,
                           HeuristicKind heuristic = HeuristicKind::automatic, std::uint64_t max_expansions = 0) {
    search::SearchSettings settings;
    settings.algorithm = search::Algorithm::astar;  // the fallback needs every reachable cell: A*
    settings.moves = moves;
    settings.diagonal = rule;
    settings.fallback = fallback;
    settings.heuristic = heuristic;
    settings.max_expansions = max_expansions;
    Expected<search::Solver> solver = search::Solver::create(grid, settings);
    EXPECT_TRUE(solver.has_value()) << (solver ? "" : solver.error().message);
    return std::move(*solver);
}

// A 7 × 5 map with a goal cell walled into a box, solved with and without the fallback.
class FallbackOnBoxedGoal : public ::testing::Test {
protected:
    void SetUp() override {
        const io::MapFile map = parse(
            ".......\n"
            ".@@@@@.\n"
            ".@...@.\n"
            ".@@@@@.\n"
            ".......\n",
            7, 5);
        Expected<grid::Grid> built = grid::Grid::build(map, grid::TerrainTable::benchmark());
        ASSERT_TRUE(built.has_value());
        grid_ = std::make_unique<grid::Grid>(std::move(*built));
    }
    search::Result solve(const search::Query& query, Fallback fallback) {
        return make_solver(*grid_, Moves::eight, DiagonalRule::both_free, fallback).solve(context_, query);
    }

    std::unique_ptr<grid::Grid> grid_;
    search::SearchContext context_;
};

// The two cells straight above and below the box are at distance 2 from the goal; the one above is
// nearer the start (g 3 against 7), so the partial path runs along the top row.
TEST_F(FallbackOnBoxedGoal, WalledOffGoalEndsNearestTheGoal) {
    const search::Query query{0, 0, 3, 2};
    const search::Result plain = solve(query, Fallback::none);
    EXPECT_EQ(plain.status, QueryStatus::no_path);
    EXPECT_TRUE(plain.path.empty());

    const search::Result nearest = solve(query, Fallback::nearest);
    EXPECT_EQ(nearest.status, QueryStatus::partial);
    const std::vector<std::uint32_t> expected = {0, 1, 2, 3};  // (0,0) (1,0) (2,0) (3,0)
    EXPECT_EQ(cell_values(nearest.path), expected);
    EXPECT_NEAR(nearest.cost, 3.0, 1e-6);
}

// A goal on the wall: (1,0) and (0,1) are both at distance 1 from it and both cost 9 from the far
// corner under the benchmark rule (the box's corners forbid cutting), so the smaller index, (1,0), wins.
TEST_F(FallbackOnBoxedGoal, GoalOnWallBreaksTiesByIndex) {
    const search::Query query{6, 4, 1, 1};
    const search::Result plain = solve(query, Fallback::none);
    EXPECT_EQ(plain.status, QueryStatus::goal_blocked);
    EXPECT_TRUE(plain.path.empty());

    const search::Result nearest = solve(query, Fallback::nearest);
    EXPECT_EQ(nearest.status, QueryStatus::partial);
    ASSERT_FALSE(nearest.path.empty());
    EXPECT_EQ(nearest.path.front().value, 4U * 7 + 6);
    EXPECT_EQ(nearest.path.back().value, 1U);  // (1,0)
    EXPECT_EQ(nearest.path.size(), 10U);
    EXPECT_NEAR(nearest.cost, 9.0, 1e-6);
}

TEST(Fallback, BlockedStartAndOffMapStayErrorsWithFallback) {
    const io::MapFile map = parse("..@\n...\n", 3, 2);
    Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(grid.has_value());
    search::SearchContext context;
    const search::Solver solver = make_solver(*grid, Moves::eight, DiagonalRule::both_free, Fallback::nearest);
    EXPECT_EQ(solver.solve(context, {2, 0, 0, 0}).status, QueryStatus::start_blocked);
    EXPECT_EQ(solver.solve(context, {0, 0, 3, 0}).status, QueryStatus::invalid);
    EXPECT_EQ(solver.solve(context, {-1, 0, 0, 0}).status, QueryStatus::invalid);
    EXPECT_EQ(solver.solve(context, {0, 0, 0, 2}).status, QueryStatus::invalid);
}

// Random maps: walled-off goals and goals on walls under every movement model and diagonal rule, with
// uniform costs, the W layer and integer terrain costs, for several heuristics.
struct FallbackCase {
    Moves moves;
    DiagonalRule rule;
    const char* letters;
    const char* terrain_spec;  // empty: the benchmark table
};

class FallbackRandom : public ::testing::TestWithParam<FallbackCase> {};

TEST_P(FallbackRandom, PartialPathEndsAtTheBruteForceNearestCell) {
    const FallbackCase setup = GetParam();
    grid::TerrainTable terrain = grid::TerrainTable::benchmark();
    if (std::string(setup.terrain_spec).size() > 0) {
        Expected<grid::TerrainTable> parsed = io::parse_terrain_spec(setup.terrain_spec, terrain, "test");
        ASSERT_TRUE(parsed.has_value());
        terrain = *parsed;
    }
    // Integer costs under 8 moves: a diagonal over cost-2 ground rounds differently in fixed point
    // from two diagonals over cost-1 ground, so equal real g may differ by one unit there.
    const bool exact_ties = std::string(setup.terrain_spec).empty() || setup.moves == Moves::four;
    const double g_tolerance = exact_ties ? 1e-9 : 1e-6;

    testing::ReferenceRules rules;
    rules.moves = setup.moves;
    rules.diagonal = setup.rule;
    rules.terrain = terrain;
    std::mt19937_64 random(0xfa11bac0ULL + static_cast<std::uint64_t>(setup.moves) * 10 +
                           static_cast<std::uint64_t>(setup.rule) + std::string(setup.letters).size() * 100);
    std::uniform_int_distribution<std::uint32_t> side(2, 20);
    std::uniform_real_distribution<double> density(0.2, 0.5);
    search::SearchContext context;
    std::size_t walled_off = 0;
    std::size_t on_wall = 0;
    std::size_t strict = 0;

    for (int map_number = 0; map_number < 60; ++map_number) {
        const io::MapFile map = testing::random_map(random, side, density(random), setup.letters);
        Expected<grid::Grid> grid = grid::Grid::build(map, terrain);
        ASSERT_TRUE(grid.has_value()) << grid.error().message;
        std::vector<search::Solver> plain_solvers;
        std::vector<search::Solver> nearest_solvers;
        for (HeuristicKind heuristic :
             {HeuristicKind::automatic, HeuristicKind::zero, HeuristicKind::euclidean, HeuristicKind::chebyshev}) {
            plain_solvers.push_back(make_solver(*grid, setup.moves, setup.rule, Fallback::none, heuristic));
            nearest_solvers.push_back(make_solver(*grid, setup.moves, setup.rule, Fallback::nearest, heuristic));
        }
        std::uniform_int_distribution<std::uint32_t> pick_x(0, map.width - 1);
        std::uniform_int_distribution<std::uint32_t> pick_y(0, map.height - 1);
        for (int query_number = 0; query_number < 10; ++query_number) {
            const std::uint32_t start_x = pick_x(random);
            const std::uint32_t start_y = pick_y(random);
            if (!terrain.rule(map.letter(start_x, start_y)).passable) continue;
            const std::vector<double> reference = testing::reference_costs_from(map, rules, start_x, start_y);
            for (int goal_number = 0; goal_number < 6; ++goal_number) {
                const std::uint32_t goal_x = pick_x(random);
                const std::uint32_t goal_y = pick_y(random);
                const bool goal_open = terrain.rule(map.letter(goal_x, goal_y)).passable;
                const double optimal = reference[static_cast<std::size_t>(goal_y) * map.width + goal_x];
                const search::Query query{start_x, start_y, goal_x, goal_y};
                const NearestExpectation expected =
                    brute_force_nearest(map, setup.moves, reference, goal_x, goal_y, g_tolerance);
                for (std::size_t solver_index = 0; solver_index < plain_solvers.size(); ++solver_index) {
                    auto where = [&] {
                        // Built by appending: GCC 12 warns falsely (-Wrestrict) on "literal" + string&&.
                        std::string text = "start ";
                        for (std::uint32_t value : {start_x, start_y, goal_x, goal_y}) {
                            text += std::to_string(value);
                            text += ' ';
                        }
                        text += "heuristic ";
                        text += search::to_string(nearest_solvers[solver_index].heuristic());
                        text += '\n';
                        text += testing::to_map_text(map);
                        return text;
                    };
                    const search::Result plain = plain_solvers[solver_index].solve(context, query);
                    const search::Result nearest = nearest_solvers[solver_index].solve(context, query);
                    if (goal_open && optimal != testing::kUnreachable) {
                        // Reachable: the fallback changes nothing.
                        ASSERT_EQ(plain.status, QueryStatus::found) << where();
                        ASSERT_EQ(nearest.status, QueryStatus::found) << where();
                        ASSERT_EQ(nearest.path, plain.path) << where();
                        ASSERT_NEAR(nearest.cost, optimal, 1e-6 * optimal + 1e-9) << where();
                        continue;
                    }
                    ASSERT_EQ(plain.status, goal_open ? QueryStatus::no_path : QueryStatus::goal_blocked) << where();
                    ASSERT_TRUE(plain.path.empty()) << where();
                    ASSERT_EQ(nearest.status, QueryStatus::partial) << where();
                    ASSERT_FALSE(nearest.path.empty()) << where();
                    ASSERT_EQ(nearest.path.front(), grid->cell(start_x, start_y)) << where();
                    const std::uint32_t end = nearest.path.back().value;
                    if (expected.near_ties.size() == 1 || exact_ties) {
                        ASSERT_EQ(end, expected.cell)
                            << where() << "ended at (" << end % map.width << "," << end / map.width << ")";
                        ++strict;
                    } else {
                        ASSERT_NE(std::find(expected.near_ties.begin(), expected.near_ties.end(), end),
                                  expected.near_ties.end())
                            << where();
                    }
                    // The partial path is an optimal path to its end cell.
                    const double path_cost = testing::reference_path_cost(map, rules, cell_values(nearest.path));
                    ASSERT_GE(path_cost, 0.0) << where() << "illegal step";
                    ASSERT_NEAR(path_cost, reference[end], 1e-6 * reference[end] + 1e-9) << where();
                    ASSERT_NEAR(nearest.cost, reference[end], 1e-6 * reference[end] + 1e-9) << where();
                    if (goal_open) {
                        ++walled_off;
                    } else {
                        ++on_wall;
                    }
                }
            }
        }
    }
    EXPECT_GT(walled_off, 40U);
    EXPECT_GT(on_wall, 40U);
    EXPECT_GT(strict, 40U);
}

std::string fallback_case_name(const ::testing::TestParamInfo<FallbackCase>& info) {
    std::string name = info.param.moves == Moves::four ? "moves4_" : "moves8_";
    name += std::string(search::to_string(info.param.rule)) + "_";
    name += std::string(info.param.terrain_spec).empty()
                ? (std::string(info.param.letters).find('W') != std::string::npos ? "water_layer" : "uniform")
                : "integer_costs";
    for (char& letter : name) {
        if (letter == '-') letter = '_';
    }
    return name;
}

INSTANTIATE_TEST_SUITE_P(AllMovement, FallbackRandom,
                         ::testing::Values(FallbackCase{Moves::eight, DiagonalRule::both_free, ".", ""},
                                           FallbackCase{Moves::eight, DiagonalRule::one_free, ".", ""},
                                           FallbackCase{Moves::eight, DiagonalRule::any, ".", ""},
                                           FallbackCase{Moves::four, DiagonalRule::both_free, ".", ""},
                                           FallbackCase{Moves::eight, DiagonalRule::both_free, "..WW", ""},
                                           FallbackCase{Moves::eight, DiagonalRule::both_free, "..ab", "a=2,b=3"},
                                           FallbackCase{Moves::eight, DiagonalRule::any, "..ab", "a=2,b=3"},
                                           FallbackCase{Moves::four, DiagonalRule::both_free, "..ab", "a=2,b=3"}),
                         fallback_case_name);

// The expansion limit: a search whose goal is the E-th expansion finds it with a limit of E and stops
// with `node_limit` (no path, or the partial path with the fallback) with a limit of E − 1.
TEST(ExpansionLimit, StopsExactlyAtTheLimit) {
    std::mt19937_64 random(0x11);
    testing::ReferenceRules rules;
    search::SearchContext context;
    std::size_t limited_checked = 0;
    for (int map_number = 0; map_number < 40; ++map_number) {
        const io::MapFile map = testing::random_map(random, 24, 24, 0.25);
        Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
        ASSERT_TRUE(grid.has_value());
        const search::Solver unlimited = make_solver(*grid, Moves::eight, DiagonalRule::both_free, Fallback::none);
        std::uniform_int_distribution<std::uint32_t> pick(0, 23);
        for (int query_number = 0; query_number < 10; ++query_number) {
            const search::Query query{pick(random), pick(random), pick(random), pick(random)};
            const search::Result full = unlimited.solve(context, query);
            if (full.status != QueryStatus::found || full.counters.expanded < 2) continue;
            const std::uint64_t needed = full.counters.expanded;

            const search::Result enough = make_solver(*grid, Moves::eight, DiagonalRule::both_free, Fallback::none,
                                                      HeuristicKind::automatic, needed)
                                              .solve(context, query);
            ASSERT_EQ(enough.status, QueryStatus::found);
            ASSERT_EQ(enough.path, full.path);

            const search::Result short_plain = make_solver(*grid, Moves::eight, DiagonalRule::both_free, Fallback::none,
                                                           HeuristicKind::automatic, needed - 1)
                                                   .solve(context, query);
            ASSERT_EQ(short_plain.status, QueryStatus::node_limit);
            ASSERT_EQ(short_plain.counters.expanded, needed - 1);
            ASSERT_TRUE(short_plain.path.empty());

            const search::Result short_nearest = make_solver(*grid, Moves::eight, DiagonalRule::both_free,
                                                             Fallback::nearest, HeuristicKind::automatic, needed - 1)
                                                     .solve(context, query);
            ASSERT_EQ(short_nearest.status, QueryStatus::node_limit);
            ASSERT_EQ(short_nearest.counters.expanded, needed - 1);
            ASSERT_FALSE(short_nearest.path.empty());
            const std::uint32_t start =
                grid->cell(static_cast<std::uint32_t>(query.start_x), static_cast<std::uint32_t>(query.start_y)).value;
            ASSERT_EQ(short_nearest.path.front().value, start);
            // The partial path is legal and optimal to its end, and gets no farther from the goal.
            const std::vector<double> reference = testing::reference_costs_from(
                map, rules, static_cast<std::uint32_t>(query.start_x), static_cast<std::uint32_t>(query.start_y));
            const std::uint32_t end = short_nearest.path.back().value;
            const double path_cost = testing::reference_path_cost(map, rules, cell_values(short_nearest.path));
            ASSERT_GE(path_cost, 0.0);
            ASSERT_NEAR(short_nearest.cost, reference[end], 1e-6 * reference[end] + 1e-9);
            const auto goal_x = static_cast<std::uint32_t>(query.goal_x);
            const auto goal_y = static_cast<std::uint32_t>(query.goal_y);
            ASSERT_LE(natural_distance(Moves::eight, end % map.width, end / map.width, goal_x, goal_y).value(),
                      natural_distance(Moves::eight, query.start_x, query.start_y, goal_x, goal_y).value() + 1e-9);
            ++limited_checked;
        }
    }
    EXPECT_GT(limited_checked, 100U);
}

}  // namespace
}  // namespace swarmpath
