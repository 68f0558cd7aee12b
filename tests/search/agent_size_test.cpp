// Sized agents and movement classes against a reference written here from the definition
// (docs/formats.md, "Agent sizes and movement classes"), not from the derived grid: a Dijkstra over
// positions that checks each k x k block cell by cell. On random maps with terrain, for sizes 1 to 4,
// every movement rule and several classes, A*, JPS, JPS+ (where the class is uniform), goal fields and
// the path oracle, all run on grid::derive_agent_grid's grid, must give the reference's status and
// cost, and every returned path must be legal for its block, step by step, cell by cell. Smoothed
// paths must keep the block clear at every point of every segment. Also: size 1 with the map's own
// terrain is the map's grid, and hex maps refuse sizes above 1.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <queue>
#include <random>
#include <string>
#include <vector>

#include "block_reference.hpp"
#include "random_maps.hpp"
#include "reference_dijkstra.hpp"
#include "rule_sets.hpp"
#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/path_oracle.hpp"
#include "swarmpath/grid/agent_grid.hpp"
#include "swarmpath/io/terrain_file.hpp"
#include "swarmpath/search/goal_field.hpp"
#include "swarmpath/search/path_shapes.hpp"
#include "swarmpath/search/solver.hpp"

namespace swarmpath {
namespace {

using search::DiagonalRule;
using search::Moves;
using search::QueryStatus;
using testing::costs_equal;

using testing::BlockReference;
using testing::kNever;

/// Five classes over the letters `.`, `a`, `b`, `W`: the benchmark water layer with dear `a`; water
/// as ground and `b` blocked; `a` blocked and `b` cheap; every letter
/// at one cost, with water its own layer and without.
std::vector<grid::TerrainTable> classes(std::mt19937_64& random) {
    std::uniform_real_distribution<double> cost(0.5, 4.0);
    // Drawn one statement at a time: the operands of `+` are evaluated in an unspecified order.
    std::string drawn[5];
    for (std::string& text : drawn) text = std::to_string(cost(random));
    const std::string specs[] = {
        "a=" + drawn[0] + ",b=" + drawn[1],
        "W=" + drawn[2] + ",a=" + drawn[3] + ",b=inf",
        "a=inf,b=" + drawn[4],
        "a=1,b=1",      // one cost, W its own layer
        "a=1,b=1,W=1",  // one cost, one layer: jump point search applies
    };
    std::vector<grid::TerrainTable> tables;
    for (const std::string& spec : specs) {
        Expected<grid::TerrainTable> table = io::parse_terrain_spec(spec, grid::TerrainTable::benchmark(), "class");
        EXPECT_TRUE(table.has_value()) << (table ? "" : table.error().describe());
        if (table) tables.push_back(*table);
    }
    return tables;
}

/// True when the point (px, py), in cell units with cell (x, y) spanning [x, x+1), lies on a cell
/// edge: such points belong to the corner rule, not to one cell.
bool on_edge(double value) { return std::abs(value - std::round(value)) < 1e-9; }

class AgentSizeDifferential : public ::testing::TestWithParam<testing::Rules> {};

TEST_P(AgentSizeDifferential, EveryAlgorithmMatchesTheBlockReference) {
    const testing::Rules rules = GetParam();
    std::mt19937_64 random(0xb10c0000ULL + static_cast<std::uint64_t>(rules.moves) * 10 +
                           static_cast<std::uint64_t>(rules.diagonal));
    std::uniform_int_distribution<std::uint32_t> side(3, 20);
    std::uniform_real_distribution<double> density(0.0, 0.25);
    search::SearchContext context;
    batch::BatchSolver workers(1);
    std::map<std::string, std::size_t> found;
    std::size_t unreachable = 0;
    std::size_t smoothed_segments = 0;
    for (int map_number = 0; map_number < 24; ++map_number) {
        const io::MapFile map = testing::random_map(random, side, density(random), "....aabW");
        const std::vector<grid::TerrainTable> tables = classes(random);
        for (std::size_t class_number = 0; class_number < tables.size(); ++class_number) {
            const grid::TerrainTable& terrain = tables[class_number];
            for (std::uint32_t size = 1; size <= 4; ++size) {
                Expected<grid::Grid> derived = grid::derive_agent_grid(map, terrain, size);
                ASSERT_TRUE(derived.has_value()) << derived.error().describe();
                const grid::Grid& grid = *derived;
                const BlockReference reference{map, terrain, size, rules};

                std::vector<search::Solver> solvers;
                for (search::Algorithm algorithm :
                     {search::Algorithm::astar, search::Algorithm::jps, search::Algorithm::jps_plus}) {
                    search::SearchSettings settings;
                    settings.algorithm = algorithm;
                    settings.moves = rules.moves;
                    settings.diagonal = rules.diagonal;
                    const bool jump_points = algorithm != search::Algorithm::astar;
                    if (jump_points && !search::check_jump_point_settings(grid, settings)) continue;
                    Expected<search::Solver> solver = search::Solver::create(grid, settings);
                    ASSERT_TRUE(solver.has_value()) << solver.error().describe();
                    solvers.push_back(std::move(*solver));
                }
                Expected<batch::Oracle> oracle = batch::Oracle::build(
                    grid, {.moves = rules.moves, .diagonal = rules.diagonal}, "sized.map", workers);
                ASSERT_TRUE(oracle.has_value()) << oracle.error().describe();
                search::FieldWorkspace workspace;

                std::uniform_int_distribution<std::uint32_t> pick_x(0, map.width - 1);
                std::uniform_int_distribution<std::uint32_t> pick_y(0, map.height - 1);
                for (int query_number = 0; query_number < 4; ++query_number) {
                    const std::uint32_t start_x = pick_x(random);
                    const std::uint32_t start_y = pick_y(random);
                    const std::vector<double> costs = reference.costs_from(start_x, start_y);
                    const bool start_legal = reference.layer(start_x, start_y) != 0;
                    for (int goal_number = 0; goal_number < 4; ++goal_number) {
                        const std::uint32_t goal_x = pick_x(random);
                        const std::uint32_t goal_y = pick_y(random);
                        const bool goal_legal = reference.layer(goal_x, goal_y) != 0;
                        const double optimal = costs[static_cast<std::size_t>(goal_y) * map.width + goal_x];
                        const search::Query query{start_x, start_y, goal_x, goal_y};
                        auto where = [&] {
                            return "map " + std::to_string(map_number) + " class " + std::to_string(class_number) +
                                   " size " + std::to_string(size) + " (" + std::to_string(start_x) + "," +
                                   std::to_string(start_y) + ")->(" + std::to_string(goal_x) + "," +
                                   std::to_string(goal_y) + ")\n" + testing::to_map_text(map);
                        };
                        auto check = [&](const search::Result& result, const std::string& who) {
                            if (!start_legal) {
                                ASSERT_EQ(result.status, QueryStatus::start_blocked) << who << " " << where();
                                return;
                            }
                            if (!goal_legal) {
                                ASSERT_EQ(result.status, QueryStatus::goal_blocked) << who << " " << where();
                                return;
                            }
                            if (optimal == kNever) {
                                ASSERT_EQ(result.status, QueryStatus::no_path) << who << " " << where();
                                ++unreachable;
                                return;
                            }
                            ASSERT_EQ(result.status, QueryStatus::found) << who << " " << where();
                            ASSERT_TRUE(costs_equal(result.cost, optimal))
                                << who << " " << where() << "engine " << result.cost << " reference " << optimal;
                            ASSERT_FALSE(result.path.empty()) << who << " " << where();
                            ASSERT_EQ(result.path.front(), grid.cell(start_x, start_y)) << who << " " << where();
                            ASSERT_EQ(result.path.back(), grid.cell(goal_x, goal_y)) << who << " " << where();
                            const double walked = reference.path_cost(result.path);
                            ASSERT_GE(walked, 0.0) << who << " " << where() << "a step is illegal for the block";
                            ASSERT_TRUE(costs_equal(walked, optimal)) << who << " " << where();
                            ++found[who];
                        };
                        for (const search::Solver& solver : solvers) {
                            check(solver.solve(context, query), std::string(to_string(solver.algorithm())));
                        }
                        search::Result from_oracle;
                        oracle->path(query, true, from_oracle);
                        check(from_oracle, "oracle");
                        if (goal_legal) {
                            const grid::CellIndex target = grid.cell(start_x, start_y);
                            const search::GoalField field = search::GoalField::compute(
                                grid, rules.moves, rules.diagonal, goal_x, goal_y, {&target, 1}, false, workspace);
                            search::Result from_field;
                            if (field.read_path(grid, start_x, start_y, true, from_field)) {
                                check(from_field, "goal field");
                            } else {
                                // A field stopped on its goal's layer cannot tell; only unreachable
                                // starts are left for a per-agent search.
                                ASSERT_TRUE(!start_legal || optimal == kNever) << where();
                            }
                        }

                        // Smoothing keeps the block clear at every point of every segment.
                        search::Result result = solvers.front().solve(context, query);
                        if (result.status != QueryStatus::found) continue;
                        const std::vector<search::Point> points = search::to_points(grid, result.path);
                        const std::vector<search::Point> smooth =
                            search::smooth(grid, points, {.moves = rules.moves, .diagonal = rules.diagonal});
                        const std::uint8_t layer = reference.layer(start_x, start_y);
                        for (std::size_t index = 1; index < smooth.size(); ++index) {
                            const double x0 = smooth[index - 1].x + 0.5;
                            const double y0 = smooth[index - 1].y + 0.5;
                            const double x1 = smooth[index].x + 0.5;
                            const double y1 = smooth[index].y + 0.5;
                            for (int sample = 0; sample <= 512; ++sample) {
                                const double t = sample / 512.0;
                                const double px = x0 + (x1 - x0) * t;
                                const double py = y0 + (y1 - y0) * t;
                                if (on_edge(px) || on_edge(py)) continue;
                                ASSERT_EQ(reference.layer(static_cast<std::int64_t>(std::floor(px)),
                                                          static_cast<std::int64_t>(std::floor(py))),
                                          layer)
                                    << where() << "smoothed segment " << index << " leaves the block's clear area";
                            }
                            ++smoothed_segments;
                        }
                    }
                }
            }
        }
    }
    for (const char* who : {"astar", "oracle", "goal field"}) EXPECT_GT(found[who], 1000U) << who;
    if (rules.moves == Moves::eight && rules.diagonal == DiagonalRule::both_free) {
        for (const char* who : {"jps", "jps+"}) EXPECT_GT(found[who], 100U) << who;
    }
    EXPECT_GT(unreachable, 50U);
    EXPECT_GT(smoothed_segments, 100U);
}

std::string rules_name(const ::testing::TestParamInfo<testing::Rules>& parameter) {
    std::string name = parameter.param.moves == Moves::four ? "moves4_" : "moves8_";
    for (char letter : std::string(search::to_string(parameter.param.diagonal))) {
        name.push_back(letter == '-' ? '_' : letter);
    }
    return name;
}

INSTANTIATE_TEST_SUITE_P(EveryRule, AgentSizeDifferential, ::testing::ValuesIn(testing::kAllRules), rules_name);

TEST(AgentGrids, SizeOneWithTheMapsTerrainIsTheMapsGrid) {
    std::mt19937_64 random(3);
    const io::MapFile map = testing::random_map(random, 30, 20, 0.2, "..W");
    auto base = std::make_shared<const grid::Grid>(*grid::Grid::build(map, grid::TerrainTable::benchmark()));
    grid::AgentGrids grids(base, grid::TerrainTable::benchmark());
    Expected<std::shared_ptr<const grid::Grid>> same = grids.get(1, grid::TerrainTable::benchmark());
    ASSERT_TRUE(same.has_value());
    EXPECT_EQ(same->get(), base.get());
    // A derived grid is built once and then shared.
    Expected<std::shared_ptr<const grid::Grid>> two = grids.get(2, grid::TerrainTable::benchmark());
    Expected<std::shared_ptr<const grid::Grid>> again = grids.get(2, grid::TerrainTable::benchmark());
    ASSERT_TRUE(two.has_value() && again.has_value());
    EXPECT_EQ(two->get(), again->get());
    EXPECT_NE(two->get(), base.get());
}

TEST(AgentGrids, HexMapsRefuseSizesAboveOne) {
    io::MapFile map = testing::map_from_rows({"....", "....", "...."});
    map.type = "hex";
    Expected<grid::Grid> one = grid::derive_agent_grid(map, grid::TerrainTable::benchmark(), 1);
    EXPECT_TRUE(one.has_value());
    Expected<grid::Grid> two = grid::derive_agent_grid(map, grid::TerrainTable::benchmark(), 2);
    ASSERT_FALSE(two.has_value());
    EXPECT_EQ(two.error().setting, Setting::agent_size);
    EXPECT_NE(two.error().describe().find("square cells"), std::string::npos) << two.error().describe();
    Expected<grid::Grid> zero =
        grid::derive_agent_grid(testing::map_from_rows({".."}), grid::TerrainTable::benchmark(), 0);
    ASSERT_FALSE(zero.has_value());
    EXPECT_EQ(zero.error().setting, Setting::agent_size);
}

}  // namespace
}  // namespace swarmpath
