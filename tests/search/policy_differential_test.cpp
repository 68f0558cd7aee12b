// Differential test of every search policy against the reference Dijkstra (tests/support): each
// movement model × diagonal rule × terrain table × heuristic (× weight) on many random grids with
// random terrain. For every query the engine must give the reference's status; a found cost must equal
// the reference optimum (within fixed-point rounding) or, for weighted A*, lie within the documented
// bound; every returned path must be legal under the reference's own rules and cost what the engine
// says. Also checks which heuristic/movement combinations Solver::create refuses.
// Assumes the engine's fixed point (grid.hpp) is within 1e-6 relative of real costs.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "random_maps.hpp"
#include "reference_dijkstra.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/grid/terrain.hpp"
#include "swarmpath/io/terrain_file.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/solver.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath {
namespace {

using search::DiagonalRule;
using search::HeuristicKind;
using search::Moves;
using search::QueryStatus;
using testing::cell_values;
using testing::costs_equal;

constexpr HeuristicKind kAllHeuristics[] = {HeuristicKind::automatic, HeuristicKind::octile,
                                            HeuristicKind::manhattan, HeuristicKind::euclidean,
                                            HeuristicKind::chebyshev, HeuristicKind::zero};

/// Relative tolerance between the engine's fixed-point costs and the reference's doubles.
/// The kinds of terrain table under test. Each builds a fresh table (random costs where it says so)
/// and names the letters that random maps draw their passable-looking cells from.
enum class TableKind { benchmark, random_costs, blocking_letter, water_layer, water_as_cost };

const char* table_name(TableKind kind) {
    switch (kind) {
        case TableKind::benchmark:
            return "benchmark";
        case TableKind::random_costs:
            return "random_costs";
        case TableKind::blocking_letter:
            return "blocking_letter";
        case TableKind::water_layer:
            return "water_layer";
        case TableKind::water_as_cost:
            return "water_as_cost";
    }
    return "unknown";
}

struct TerrainSetup {
    grid::TerrainTable table = grid::TerrainTable::benchmark();
    std::string letters = ".";
};

std::string cost_text(double cost) {
    std::string text = std::to_string(cost);
    return text;
}

/// Builds the table through the spec parser, as the command line does.
TerrainSetup make_terrain(TableKind kind, std::mt19937_64& random) {
    std::uniform_real_distribution<double> cost(0.25, 6.0);
    TerrainSetup setup;
    std::string spec;
    switch (kind) {
        case TableKind::benchmark:
            setup.letters = ".";
            return setup;
        case TableKind::random_costs: {
            // Ground itself gets a random cost, so the cheapest letter is often below 1 and the
            // heuristic's scaling by the cheapest cost matters. One draw per statement: the
            // operands of `+` are evaluated in an unspecified order.
            std::string drawn[4];
            for (std::string& text : drawn) text = cost_text(cost(random));
            spec = ".=" + drawn[0] + ",a=" + drawn[1] + ",b=" + drawn[2] + ",c=" + drawn[3];
            setup.letters = "..abc";
            break;
        }
        case TableKind::blocking_letter:
            // Two custom blocking kinds besides '@', and one dear kind.
            spec = "X=inf,Y=inf,d=" + cost_text(cost(random));
            setup.letters = "....dXY";
            break;
        case TableKind::water_layer:
            // The benchmark's W layer (passable only to and from W), with swamp made dearer.
            spec = "S=" + cost_text(cost(random));
            setup.letters = "...WWWS";
            break;
        case TableKind::water_as_cost:
            // Naming W makes it an ordinary cost letter on the ground layer.
            spec = "W=" + cost_text(cost(random));
            setup.letters = "...WW";
            break;
    }
    Expected<grid::TerrainTable> table = io::parse_terrain_spec(spec, grid::TerrainTable::benchmark(), "test");
    EXPECT_TRUE(table.has_value()) << (table ? "" : table.error().describe());
    if (table) setup.table = *table;
    return setup;
}

struct Combination {
    Moves moves;
    DiagonalRule diagonal;
    TableKind table;
};

std::string combination_name(const ::testing::TestParamInfo<Combination>& info) {
    std::string name = info.param.moves == Moves::four ? "moves4_" : "moves8_";
    switch (info.param.diagonal) {
        case DiagonalRule::both_free:
            name += "both_free_";
            break;
        case DiagonalRule::one_free:
            name += "one_free_";
            break;
        case DiagonalRule::any:
            name += "any_";
            break;
    }
    return name + table_name(info.param.table);
}

/// What a weighted or inadmissible search may cost at most, as a factor of the optimum: the weight,
/// times √2 when the heuristic is manhattan under 8 moves (it overestimates by at most √2).
double bound_factor(const search::SearchSettings& settings) {
    const HeuristicKind heuristic = search::resolve_heuristic(settings.heuristic, settings.moves);
    const bool overestimates = settings.moves == Moves::eight && heuristic == HeuristicKind::manhattan;
    return settings.weight * (overestimates ? std::sqrt(2.0) : 1.0);
}

class PolicyDifferential : public ::testing::TestWithParam<Combination> {};

TEST_P(PolicyDifferential, MatchesReferenceDijkstraOnRandomGrids) {
    const Combination combination = GetParam();
    std::mt19937_64 random(0x5eed0000ULL + static_cast<std::uint64_t>(combination.moves) * 1000 +
                           static_cast<std::uint64_t>(combination.diagonal) * 100 +
                           static_cast<std::uint64_t>(combination.table));
    std::uniform_int_distribution<std::uint32_t> side(1, 22);
    std::uniform_real_distribution<double> density(0.0, 0.6);
    const double weights[] = {1.0, 1.5, 3.0};
    search::SearchContext context;
    std::size_t found_checked = 0;
    std::size_t unreachable_checked = 0;

    for (int map_number = 0; map_number < 40; ++map_number) {
        TerrainSetup terrain = make_terrain(combination.table, random);
        const io::MapFile map = testing::random_map(random, side, density(random), terrain.letters);
        Expected<grid::Grid> built = grid::Grid::build(map, terrain.table);
        ASSERT_TRUE(built.has_value()) << built.error().describe();
        const grid::Grid& grid = *built;

        testing::ReferenceRules rules;
        rules.moves = combination.moves;
        rules.diagonal = combination.diagonal;
        rules.terrain = terrain.table;

        // Every settings combination this map is solved with.
        std::vector<search::Solver> solvers;
        for (HeuristicKind heuristic : kAllHeuristics) {
            for (double weight : weights) {
                search::SearchSettings settings;
                settings.algorithm = search::Algorithm::astar;  // the policies under test are A*'s
                settings.moves = combination.moves;
                settings.diagonal = combination.diagonal;
                settings.heuristic = heuristic;
                settings.weight = weight;
                const bool admissible = search::is_admissible(heuristic, combination.moves, combination.diagonal);
                // Weight 1 with an inadmissible heuristic needs the explicit permission.
                settings.allow_inadmissible = !admissible;
                Expected<search::Solver> solver = search::Solver::create(grid, settings);
                ASSERT_TRUE(solver.has_value()) << solver.error().describe();
                solvers.push_back(std::move(*solver));
            }
        }

        std::uniform_int_distribution<std::uint32_t> pick_x(0, map.width - 1);
        std::uniform_int_distribution<std::uint32_t> pick_y(0, map.height - 1);
        for (int query_number = 0; query_number < 8; ++query_number) {
            const std::uint32_t start_x = pick_x(random);
            const std::uint32_t start_y = pick_y(random);
            const std::vector<double> reference = testing::reference_costs_from(map, rules, start_x, start_y);
            const bool start_open = terrain.table.rule(map.letter(start_x, start_y)).passable;
            for (int goal_number = 0; goal_number < 4; ++goal_number) {
                const std::uint32_t goal_x = pick_x(random);
                const std::uint32_t goal_y = pick_y(random);
                const bool goal_open = terrain.table.rule(map.letter(goal_x, goal_y)).passable;
                const double optimal = reference[static_cast<std::size_t>(goal_y) * map.width + goal_x];
                const search::Query query{start_x, start_y, goal_x, goal_y};
                for (const search::Solver& solver : solvers) {
                    const search::SearchSettings& settings = solver.settings();
                    const search::Result result = solver.solve(context, query);
                    auto where = [&] {
                        return "map " + std::to_string(map_number) + " " + std::to_string(map.width) + "x" +
                               std::to_string(map.height) + " (" + std::to_string(start_x) + "," +
                               std::to_string(start_y) + ")->(" + std::to_string(goal_x) + "," +
                               std::to_string(goal_y) + ") heuristic " +
                               std::string(search::to_string(settings.heuristic)) + " weight " +
                               std::to_string(settings.weight) + "\n" + testing::to_map_text(map);
                    };
                    if (!start_open) {
                        ASSERT_EQ(result.status, QueryStatus::start_blocked) << where();
                        ASSERT_TRUE(result.path.empty()) << where();
                        continue;
                    }
                    if (!goal_open) {
                        ASSERT_EQ(result.status, QueryStatus::goal_blocked) << where();
                        ASSERT_TRUE(result.path.empty()) << where();
                        continue;
                    }
                    if (optimal == testing::kUnreachable) {
                        ASSERT_EQ(result.status, QueryStatus::no_path) << where();
                        ASSERT_TRUE(result.path.empty()) << where();
                        // Answered from the component labels, before any search.
                        ASSERT_EQ(result.counters.expanded, 0U) << where();
                        ++unreachable_checked;
                        continue;
                    }
                    ASSERT_EQ(result.status, QueryStatus::found) << where();
                    const double factor = bound_factor(settings);
                    if (factor == 1.0) {
                        ASSERT_TRUE(costs_equal(result.cost, optimal))
                            << where() << "engine " << result.cost << " reference " << optimal;
                    } else {
                        ASSERT_LE(result.cost, factor * optimal * (1 + 1e-6) + 1e-9) << where();
                        ASSERT_GE(result.cost, optimal * (1 - 1e-6) - 1e-9) << where();
                    }
                    ASSERT_FALSE(result.path.empty()) << where();
                    ASSERT_EQ(result.path.front(), grid.cell(start_x, start_y)) << where();
                    ASSERT_EQ(result.path.back(), grid.cell(goal_x, goal_y)) << where();
                    const double path_cost = testing::reference_path_cost(map, rules, cell_values(result.path));
                    ASSERT_GE(path_cost, 0.0) << where() << "the path takes an illegal step";
                    ASSERT_TRUE(costs_equal(result.cost, path_cost))
                        << where() << "engine " << result.cost << " path " << path_cost;
                    ++found_checked;
                }
            }
        }
    }
    // The random grids must actually exercise both outcomes.
    EXPECT_GT(found_checked, 600U);
    EXPECT_GT(unreachable_checked, 10U);
}

std::vector<Combination> all_combinations() {
    std::vector<Combination> combinations;
    for (Moves moves : {Moves::eight, Moves::four}) {
        for (DiagonalRule rule : {DiagonalRule::both_free, DiagonalRule::one_free, DiagonalRule::any}) {
            for (TableKind table : {TableKind::benchmark, TableKind::random_costs, TableKind::blocking_letter,
                                    TableKind::water_layer, TableKind::water_as_cost}) {
                combinations.push_back({moves, rule, table});
            }
        }
    }
    return combinations;
}

INSTANTIATE_TEST_SUITE_P(AllPolicies, PolicyDifferential, ::testing::ValuesIn(all_combinations()), combination_name);

TEST(PolicySettings, InadmissibleHeuristicIsRefusedUnlessAllowed) {
    const io::MapFile map = [] {
        std::mt19937_64 random(7);
        return testing::random_map(random, 8, 8, 0.2);
    }();
    Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(grid.has_value());
    for (Moves moves : {Moves::eight, Moves::four}) {
        for (DiagonalRule rule : {DiagonalRule::both_free, DiagonalRule::one_free, DiagonalRule::any}) {
            for (HeuristicKind heuristic : kAllHeuristics) {
                search::SearchSettings settings;
                settings.algorithm = search::Algorithm::astar;
                settings.moves = moves;
                settings.diagonal = rule;
                settings.heuristic = heuristic;
                // Manhattan overestimates a diagonal step (2 against √2); every other heuristic is
                // at most the octile distance, and under 4 moves every one is at most manhattan.
                const bool overestimates = moves == Moves::eight && heuristic == HeuristicKind::manhattan;
                EXPECT_EQ(search::Solver::create(*grid, settings).has_value(), !overestimates)
                    << search::to_string(moves) << " " << search::to_string(rule) << " "
                    << search::to_string(heuristic);
                settings.allow_inadmissible = true;
                EXPECT_TRUE(search::Solver::create(*grid, settings).has_value());
                // The bound the command line states and --check accepts.
                for (double weight : {1.0, 2.5}) {
                    settings.weight = weight;
                    EXPECT_DOUBLE_EQ(search::cost_bound(settings), bound_factor(settings));
                }
            }
        }
    }
}

TEST(PolicySettings, AutomaticHeuristicIsTheTightestAdmissibleOne) {
    EXPECT_EQ(search::resolve_heuristic(HeuristicKind::automatic, Moves::eight), HeuristicKind::octile);
    EXPECT_EQ(search::resolve_heuristic(HeuristicKind::automatic, Moves::four), HeuristicKind::manhattan);
}

TEST(PolicySettings, WeightBelowOneIsRefused) {
    std::mt19937_64 random(8);
    const io::MapFile map = testing::random_map(random, 4, 4, 0.0);
    Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(grid.has_value());
    for (double weight : {0.5, 0.999, -1.0, std::nan("")}) {
        search::SearchSettings settings;
        settings.weight = weight;
        EXPECT_FALSE(search::Solver::create(*grid, settings).has_value()) << weight;
    }
}

}  // namespace
}  // namespace swarmpath
