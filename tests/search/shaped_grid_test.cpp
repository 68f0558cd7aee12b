// Search on hex and triangle maps (docs/formats.md "Hex and triangle cells") against the
// reference Dijkstra (tests/support), which writes the shapes' neighbours out again on its own: on
// random maps with random terrain and a water layer, A* under every heuristic the shape accepts (and
// weighted) and whole-map goal fields give the reference's status and cost for every pair checked,
// and every path is legal and costs what the engine says. The shape heuristics are admissible, exact
// on an open map and consistent on every pair of a small grid; fallback nearest ends at the reachable
// cell nearest the goal by the shape's own distance; max_expansions stops with node_limit; options
// that do not apply to a shape are refused by name. Small maps: the whole file runs in well under a
// second in Release.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "random_maps.hpp"
#include "reference_dijkstra.hpp"
#include "search/heuristics.hpp"
#include "swarmpath/grid/edits.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/grid/topology.hpp"
#include "swarmpath/search/components.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/goal_field.hpp"
#include "swarmpath/search/solver.hpp"

namespace swarmpath {
namespace {

using grid::Topology;
using search::HeuristicKind;
using search::QueryStatus;
using testing::cell_values;
using testing::costs_equal;

/// Random costs for ground and two letters (ground often below 1, so the heuristic's scaling by the
/// cheapest cost matters); `W` stays water, a layer of its own.
grid::TerrainTable random_terrain(std::mt19937_64& random) {
    std::uniform_real_distribution<double> cost(0.4, 4.0);
    grid::TerrainTable terrain = grid::TerrainTable::benchmark();
    terrain.declare('.', true, cost(random));
    terrain.declare('G', true, cost(random));
    terrain.declare('S', true, cost(random));
    return terrain;
}

io::MapFile shaped_map(std::mt19937_64& random, Topology topology, std::uint32_t width, std::uint32_t height,
                       double density, const std::string& letters) {
    io::MapFile map = testing::random_map(random, width, height, density, letters);
    map.type = std::string(grid::topology_type_name(topology));
    return map;
}

std::uint64_t shape_steps(Topology topology, std::uint32_t x1, std::uint32_t y1, std::uint32_t x2, std::uint32_t y2) {
    return topology == Topology::hex ? grid::hex_steps(x1, y1, x2, y2) : grid::triangle_steps(x1, y1, x2, y2);
}

std::vector<HeuristicKind> accepted_heuristics(Topology topology) {
    if (topology == Topology::hex) return {HeuristicKind::automatic, HeuristicKind::chebyshev, HeuristicKind::zero};
    return {HeuristicKind::automatic, HeuristicKind::manhattan, HeuristicKind::octile,
            HeuristicKind::euclidean, HeuristicKind::chebyshev, HeuristicKind::zero};
}

class ShapedGridTest : public ::testing::TestWithParam<Topology> {};

/// One result against the reference costs from its start.
void expect_matches_reference(const io::MapFile& map, const testing::ReferenceRules& rules,
                              const std::vector<double>& reference, std::uint32_t start, std::uint32_t goal,
                              const search::Result& result, double weight) {
    const bool goal_open = rules.terrain.rule(map.letter(goal % map.width, goal / map.width)).passable;
    if (!goal_open) {
        EXPECT_EQ(result.status, QueryStatus::goal_blocked);
        return;
    }
    if (reference[goal] == testing::kUnreachable) {
        EXPECT_EQ(result.status, QueryStatus::no_path) << start << " -> " << goal;
        return;
    }
    ASSERT_EQ(result.status, QueryStatus::found) << start << " -> " << goal;
    if (weight == 1.0) {
        EXPECT_TRUE(costs_equal(result.cost, reference[goal]))
            << start << " -> " << goal << ": " << result.cost << " vs " << reference[goal];
    } else {
        EXPECT_LE(result.cost, weight * reference[goal] * (1 + 1e-6) + 1e-9);
        EXPECT_GE(result.cost, reference[goal] * (1 - 1e-6) - 1e-9);
    }
    const std::vector<std::uint32_t> path = cell_values(result.path);
    ASSERT_FALSE(path.empty());
    EXPECT_EQ(path.front(), start);
    EXPECT_EQ(path.back(), goal);
    const double walked = testing::reference_path_cost(map, rules, path);
    ASSERT_GE(walked, 0.0) << "illegal step in the path " << start << " -> " << goal;
    EXPECT_TRUE(costs_equal(result.cost, walked));
}

TEST_P(ShapedGridTest, AstarCostsEqualReferenceDijkstra) {
    const Topology topology = GetParam();
    std::mt19937_64 random(topology == Topology::hex ? 1601 : 1602);
    std::size_t found = 0;
    for (int map_index = 0; map_index < 5; ++map_index) {
        const grid::TerrainTable terrain = random_terrain(random);
        const io::MapFile map = shaped_map(random, topology, 17 + map_index, 13, 0.25, "....GSW");
        Expected<grid::Grid> grid = grid::Grid::build(map, terrain);
        ASSERT_TRUE(grid) << grid.error().describe();
        ASSERT_EQ(grid->topology(), topology);
        const testing::ReferenceRules rules{search::Moves::eight, search::DiagonalRule::both_free, terrain, topology};
        std::uniform_int_distribution<std::uint32_t> cell(0, map.width * map.height - 1);
        std::vector<std::uint32_t> starts;
        while (starts.size() < 3) {
            const std::uint32_t start = cell(random);
            if (grid->passable(start % map.width, start / map.width)) starts.push_back(start);
        }
        for (HeuristicKind heuristic : accepted_heuristics(topology)) {
            for (double weight : {1.0, 2.5}) {
                search::SearchSettings settings;
                settings.heuristic = heuristic;
                settings.weight = weight;
                Expected<search::Solver> solver = search::Solver::create(*grid, settings);
                ASSERT_TRUE(solver) << solver.error().describe();
                EXPECT_EQ(solver->algorithm(), search::Algorithm::astar);
                search::SearchContext context;
                for (std::uint32_t start : starts) {
                    const std::vector<double> reference =
                        testing::reference_costs_from(map, rules, start % map.width, start / map.width);
                    for (std::uint32_t goal = 0; goal < map.width * map.height; ++goal) {
                        const search::Query query{start % map.width, start / map.width, goal % map.width,
                                                  goal / map.width};
                        const search::Result result = solver->solve(context, query);
                        expect_matches_reference(map, rules, reference, start, goal, result, weight);
                        found += result.status == QueryStatus::found ? 1 : 0;
                    }
                }
            }
        }
    }
    EXPECT_GT(found, 2000U);  // the maps are mostly connected: the comparison is not vacuous
}

TEST_P(ShapedGridTest, GoalFieldCostsEqualReferenceDijkstra) {
    const Topology topology = GetParam();
    std::mt19937_64 random(topology == Topology::hex ? 1611 : 1612);
    for (int map_index = 0; map_index < 3; ++map_index) {
        const grid::TerrainTable terrain = random_terrain(random);
        const io::MapFile map = shaped_map(random, topology, 15, 12 + map_index, 0.25, "....GSW");
        Expected<grid::Grid> grid = grid::Grid::build(map, terrain);
        ASSERT_TRUE(grid) << grid.error().describe();
        const testing::ReferenceRules rules{search::Moves::eight, search::DiagonalRule::both_free, terrain, topology};
        std::vector<std::vector<double>> from(map.width * map.height);
        for (std::uint32_t start = 0; start < from.size(); ++start) {
            from[start] = testing::reference_costs_from(map, rules, start % map.width, start / map.width);
        }
        search::FieldWorkspace workspace;
        for (int goal_index = 0; goal_index < 4; ++goal_index) {
            std::uint32_t goal = 0;
            do {
                goal = std::uniform_int_distribution<std::uint32_t>(0, map.width * map.height - 1)(random);
            } while (!grid->passable(goal % map.width, goal / map.width));
            const search::GoalField field =
                search::GoalField::compute(*grid, search::Moves::eight, search::DiagonalRule::both_free,
                                           goal % map.width, goal / map.width, {}, true, workspace);
            EXPECT_TRUE(field.complete());
            for (std::uint32_t start = 0; start < from.size(); ++start) {
                if (!grid->passable(start % map.width, start / map.width)) continue;
                search::Result result;
                ASSERT_TRUE(field.read_path(*grid, start % map.width, start / map.width, true, result));
                if (from[start][goal] == testing::kUnreachable) {
                    EXPECT_EQ(result.status, QueryStatus::no_path);
                    continue;
                }
                expect_matches_reference(map, rules, from[start], start, goal, result, 1.0);
            }
        }
    }
}

TEST_P(ShapedGridTest, ComponentsFollowTheShapesNeighbours) {
    const Topology topology = GetParam();
    std::mt19937_64 random(topology == Topology::hex ? 1621 : 1622);
    const io::MapFile map = shaped_map(random, topology, 20, 16, 0.4, "...W");
    Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(grid);
    const search::Components components =
        search::Components::compute(*grid, search::Moves::four, search::DiagonalRule::both_free);
    const testing::ReferenceRules rules{search::Moves::eight, search::DiagonalRule::both_free,
                                        grid::TerrainTable::benchmark(), topology};
    for (std::uint32_t start = 0; start < map.width * map.height; start += 7) {
        const std::vector<double> reference =
            testing::reference_costs_from(map, rules, start % map.width, start / map.width);
        for (std::uint32_t goal = 0; goal < reference.size(); ++goal) {
            const bool open = grid->passable(start % map.width, start / map.width) &&
                              grid->passable(goal % map.width, goal / map.width);
            EXPECT_EQ(components.connected(grid->padded(grid::CellIndex{start}), grid->padded(grid::CellIndex{goal})),
                      open && reference[goal] != testing::kUnreachable);
        }
    }
}

TEST_P(ShapedGridTest, ComponentsStayRightAcrossMapEdits) {
    const Topology topology = GetParam();
    std::mt19937_64 random(topology == Topology::hex ? 1641 : 1642);
    const io::MapFile map = shaped_map(random, topology, 18, 14, 0.3, "...W");
    Expected<grid::Grid> current = grid::Grid::build(map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(current);
    search::Components components =
        search::Components::compute(*current, search::Moves::eight, search::DiagonalRule::both_free);
    std::uniform_int_distribution<std::uint32_t> x(0, map.width - 1);
    std::uniform_int_distribution<std::uint32_t> y(0, map.height - 1);
    for (int round = 0; round < 20; ++round) {
        // One cell (the local fast path on square maps) or several.
        std::vector<grid::CellEdit> edits(round % 2 == 0 ? 1 : 5);
        for (grid::CellEdit& edit : edits) edit = {x(random), y(random), "@.W"[round % 3], 0};
        std::vector<grid::CellIndex> changed;
        for (const grid::CellEdit& edit : edits) changed.push_back(current->cell(edit.x, edit.y));
        Expected<grid::Grid> edited = current->with_edits(edits, grid::TerrainTable::benchmark(), "test");
        ASSERT_TRUE(edited) << edited.error().describe();
        ASSERT_EQ(edited->topology(), topology);
        current = std::move(edited);
        components.refresh(*current, search::Moves::eight, search::DiagonalRule::both_free, changed);
        const search::Components fresh =
            search::Components::compute(*current, search::Moves::eight, search::DiagonalRule::both_free);
        for (std::uint32_t a = 0; a < current->cell_count(); a += 3) {
            for (std::uint32_t b = 0; b < current->cell_count(); b += 5) {
                const grid::PaddedIndex pa = current->padded(grid::CellIndex{a});
                const grid::PaddedIndex pb = current->padded(grid::CellIndex{b});
                ASSERT_EQ(components.connected(pa, pb), fresh.connected(pa, pb)) << "round " << round;
            }
        }
    }
}

TEST_P(ShapedGridTest, HeuristicsAreExactAdmissibleAndConsistentOnEveryPair) {
    const Topology topology = GetParam();
    const io::MapFile map = [&] {
        std::mt19937_64 random(1);
        return shaped_map(random, topology, 11, 9, 0.0, ".");
    }();
    const testing::ReferenceRules rules{search::Moves::eight, search::DiagonalRule::both_free,
                                        grid::TerrainTable::benchmark(), topology};
    auto shape_estimate = [&](std::uint32_t x, std::uint32_t y, std::uint32_t goal_x, std::uint32_t goal_y) {
        return topology == Topology::hex ? search::heuristics::HexDistance::between(x, y, goal_x, goal_y)
                                         : search::heuristics::TriangleDistance::between(x, y, goal_x, goal_y);
    };
    const auto straight = static_cast<double>(grid::kStraightUnits);
    for (std::uint32_t a = 0; a < map.width * map.height; ++a) {
        const std::uint32_t ax = a % map.width;
        const std::uint32_t ay = a / map.width;
        const std::vector<double> reference = testing::reference_costs_from(map, rules, ax, ay);
        for (std::uint32_t b = 0; b < reference.size(); ++b) {
            const std::uint32_t bx = b % map.width;
            const std::uint32_t by = b / map.width;
            const grid::Cost h = shape_estimate(ax, ay, bx, by);
            // Exact on an open map (so admissible), and the same as grid/topology.hpp's step count.
            EXPECT_EQ(static_cast<double>(h) / straight, reference[b]) << a << " -> " << b;
            EXPECT_EQ(h / grid::kStraightUnits, shape_steps(topology, ax, ay, bx, by));
            // The weaker heuristics the shape accepts never exceed it.
            EXPECT_LE(search::heuristics::estimate<search::heuristics::Chebyshev>(ax, ay, bx, by), h);
            if (topology == Topology::triangle) {
                EXPECT_LE(search::heuristics::estimate<search::heuristics::Manhattan>(ax, ay, bx, by), h);
                EXPECT_LE(search::heuristics::estimate<search::heuristics::Octile>(ax, ay, bx, by), h);
                EXPECT_LE(search::heuristics::estimate<search::heuristics::Euclidean>(ax, ay, bx, by), h);
            }
            // Consistent: across every step to a neighbour n, h(a) ≤ step + h(n), for the shape's
            // distance and for every weaker heuristic the shape accepts.
            using Estimate = grid::Cost (*)(std::uint32_t, std::uint32_t, std::uint32_t, std::uint32_t);
            std::vector<Estimate> accepted = {&search::heuristics::estimate<search::heuristics::Chebyshev>};
            if (topology == Topology::triangle) {
                accepted.push_back(&search::heuristics::estimate<search::heuristics::Manhattan>);
                accepted.push_back(&search::heuristics::estimate<search::heuristics::Octile>);
                accepted.push_back(&search::heuristics::estimate<search::heuristics::Euclidean>);
            }
            for (int dy = -1; dy <= 1; ++dy) {
                for (int dx = -1; dx <= 1; ++dx) {
                    if (!testing::reference_step_allowed(map, rules, ax, ay, dx, dy)) continue;
                    const auto nx = static_cast<std::uint32_t>(static_cast<std::int64_t>(ax) + dx);
                    const auto ny = static_cast<std::uint32_t>(static_cast<std::int64_t>(ay) + dy);
                    EXPECT_LE(h, grid::kStraightUnits + shape_estimate(nx, ny, bx, by));
                    for (Estimate weaker : accepted) {
                        EXPECT_LE(weaker(ax, ay, bx, by), grid::kStraightUnits + weaker(nx, ny, bx, by));
                    }
                }
            }
        }
    }
}

TEST_P(ShapedGridTest, FallbackNearestEndsNearestByTheShapesDistance) {
    const Topology topology = GetParam();
    std::mt19937_64 random(topology == Topology::hex ? 1631 : 1632);
    std::size_t partial = 0;
    for (int map_index = 0; map_index < 4; ++map_index) {
        const grid::TerrainTable terrain = random_terrain(random);
        const io::MapFile map = shaped_map(random, topology, 16, 14, 0.42, "...GS");
        Expected<grid::Grid> grid = grid::Grid::build(map, terrain);
        ASSERT_TRUE(grid);
        search::SearchSettings settings;
        settings.fallback = search::Fallback::nearest;
        Expected<search::Solver> solver = search::Solver::create(*grid, settings);
        ASSERT_TRUE(solver) << solver.error().describe();
        search::SearchContext context;
        const testing::ReferenceRules rules{search::Moves::eight, search::DiagonalRule::both_free, terrain, topology};
        for (std::uint32_t start = 0; start < map.width * map.height; start += 5) {
            if (!grid->passable(start % map.width, start / map.width)) continue;
            const std::vector<double> reference =
                testing::reference_costs_from(map, rules, start % map.width, start / map.width);
            for (std::uint32_t goal = 0; goal < reference.size(); goal += 3) {
                if (reference[goal] != testing::kUnreachable) continue;
                const std::uint32_t gx = goal % map.width;
                const std::uint32_t gy = goal / map.width;
                const search::Result result = solver->solve(context, {start % map.width, start / map.width, gx, gy});
                ASSERT_EQ(result.status, QueryStatus::partial);
                std::uint64_t nearest = ~std::uint64_t{0};
                for (std::uint32_t cell = 0; cell < reference.size(); ++cell) {
                    if (reference[cell] == testing::kUnreachable) continue;
                    nearest = std::min(nearest, shape_steps(topology, cell % map.width, cell / map.width, gx, gy));
                }
                ASSERT_FALSE(result.path.empty());
                const std::uint32_t end = result.path.back().value;
                EXPECT_EQ(shape_steps(topology, end % map.width, end / map.width, gx, gy), nearest);
                EXPECT_TRUE(costs_equal(result.cost, reference[end]));
                const double walked = testing::reference_path_cost(map, rules, cell_values(result.path));
                EXPECT_TRUE(costs_equal(result.cost, walked));
                ++partial;
            }
        }
    }
    EXPECT_GT(partial, 50U);
}

TEST_P(ShapedGridTest, MaxExpansionsStopsWithNodeLimit) {
    const Topology topology = GetParam();
    std::mt19937_64 random(7);
    const io::MapFile map = shaped_map(random, topology, 30, 20, 0.0, ".");
    Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(grid);
    search::SearchSettings settings;
    settings.max_expansions = 6;
    settings.heuristic = HeuristicKind::zero;
    Expected<search::Solver> solver = search::Solver::create(*grid, settings);
    ASSERT_TRUE(solver) << solver.error().describe();
    search::SearchContext context;
    const search::Result stopped = solver->solve(context, {0, 0, 29, 19});
    EXPECT_EQ(stopped.status, QueryStatus::node_limit);
    EXPECT_EQ(stopped.counters.expanded, 6U);
    settings.max_expansions = 0;
    settings.heuristic = HeuristicKind::automatic;
    Expected<search::Solver> unlimited = search::Solver::create(*grid, settings);
    ASSERT_TRUE(unlimited);
    const search::Result found = unlimited->solve(context, {0, 0, 29, 19});
    ASSERT_EQ(found.status, QueryStatus::found);
    // On an open map the exact heuristic walks straight to the goal: one expansion per step.
    EXPECT_EQ(found.cost, static_cast<double>(shape_steps(topology, 0, 0, 29, 19)));
    EXPECT_EQ(found.counters.expanded, shape_steps(topology, 0, 0, 29, 19) + 1);
}

/// The command line's spelling of a setting, written here: `--diagonal-rule one-free`.
std::string dashed_option(Setting setting, std::string_view value) {
    std::string name(setting_key(setting));
    for (char& letter : name) letter = letter == '_' ? '-' : letter;
    return "--" + name + (value.empty() ? "" : " " + std::string(value));
}

TEST_P(ShapedGridTest, RefusesWhatDoesNotApplyByName) {
    const Topology topology = GetParam();
    std::mt19937_64 random(8);
    const io::MapFile map = shaped_map(random, topology, 8, 6, 0.0, ".");
    Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(grid);
    auto refusal = [&](search::SearchSettings settings) {
        Expected<search::Solver> solver = search::Solver::create(*grid, settings);
        // Worded as the command line words it: each front end names settings its own way.
        return solver ? std::string("accepted") : solver.error().describe(dashed_option);
    };
    EXPECT_NE(refusal({.moves = search::Moves::four}).find("--moves"), std::string::npos);
    EXPECT_NE(refusal({.diagonal = search::DiagonalRule::one_free}).find("--diagonal-rule"), std::string::npos);
    EXPECT_NE(refusal({.algorithm = search::Algorithm::jps}).find("--algorithm jps"), std::string::npos);
    EXPECT_NE(refusal({.algorithm = search::Algorithm::jps_plus}).find("--algorithm jps+"), std::string::npos);
    const HeuristicKind other_shape = topology == Topology::hex ? HeuristicKind::triangle : HeuristicKind::hex;
    EXPECT_NE(refusal({.heuristic = other_shape}).find("overestimates"), std::string::npos);
    if (topology == Topology::hex) {
        // A hex step may move x and y at once, which these count as more than one step.
        EXPECT_NE(refusal({.heuristic = HeuristicKind::manhattan}).find("--heuristic manhattan"), std::string::npos);
        EXPECT_NE(refusal({.heuristic = HeuristicKind::octile}).find("--heuristic octile"), std::string::npos);
        EXPECT_NE(refusal({.heuristic = HeuristicKind::euclidean}).find("--heuristic euclidean"), std::string::npos);
    } else {
        // A triangle step moves x or y, never both: every square-map heuristic stays admissible.
        for (HeuristicKind accepted : {HeuristicKind::manhattan, HeuristicKind::octile, HeuristicKind::euclidean}) {
            EXPECT_EQ(refusal({.heuristic = accepted}), "accepted") << search::to_string(accepted);
        }
    }
    EXPECT_NE(refusal({.topology = Topology::square}).find("settings are for octile maps"), std::string::npos);
    // auto is A* with the shape's own heuristic, and the solver records the topology.
    Expected<search::Solver> automatic = search::Solver::create(*grid, {});
    ASSERT_TRUE(automatic);
    EXPECT_EQ(automatic->algorithm(), search::Algorithm::astar);
    EXPECT_EQ(automatic->heuristic(), topology == Topology::hex ? HeuristicKind::hex : HeuristicKind::triangle);
    EXPECT_EQ(automatic->settings().topology, topology);
    EXPECT_TRUE(search::Solver::create(*grid, {.topology = topology}));
    // The shape heuristics are refused on square cells.
    io::MapFile square = map;
    square.type = "octile";
    Expected<grid::Grid> square_grid = grid::Grid::build(square, grid::TerrainTable::benchmark());
    ASSERT_TRUE(square_grid);
    Expected<search::Solver> on_square = search::Solver::create(
        *square_grid, {.heuristic = topology == Topology::hex ? HeuristicKind::hex : HeuristicKind::triangle});
    ASSERT_FALSE(on_square);
    EXPECT_NE(on_square.error().describe().find("square cells"), std::string::npos);
}

std::string shape_name(const ::testing::TestParamInfo<Topology>& parameter) {
    return std::string(grid::topology_type_name(parameter.param));
}

INSTANTIATE_TEST_SUITE_P(Shapes, ShapedGridTest, ::testing::Values(Topology::hex, Topology::triangle), shape_name);

}  // namespace
}  // namespace swarmpath
