// Sized agents and movement classes in batches: a crowd of several sizes, classes and goals, one set
// per (size, class) as the loader groups them, each on its grid from the MapCache, solved with goal
// fields, auto and A* at 1 and 2 threads: identical results whatever the thread count, and every cost
// and path the block reference's (tests/support/block_reference.hpp, the definition written out). Also
// the loader's run-wide size and class: sets carry them, their rows' one-cell optimal lengths become
// unknown, size 1 with the run's terrain is the map's own grid, and an undeclared class is an error
// naming the setting.
#include <gtest/gtest.h>

#include <chrono>
#include <random>
#include <string>
#include <vector>

#include "block_reference.hpp"
#include "random_maps.hpp"
#include "result_checks.hpp"
#include "run_command.hpp"
#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/scenario_run.hpp"
#include "swarmpath/io/terrain_file.hpp"

namespace swarmpath {
namespace {

grid::TerrainTable table(const std::string& spec) {
    Expected<grid::TerrainTable> parsed = io::parse_terrain_spec(spec, grid::TerrainTable::benchmark(), "class");
    EXPECT_TRUE(parsed.has_value()) << (parsed ? "" : parsed.error().describe());
    return parsed ? *parsed : grid::TerrainTable::benchmark();
}

struct Fixture {
    std::string map_path;
    io::MapFile map;
    batch::LoadOptions options;
};

/// A random map with dear `a` and a water layer, written to a scratch file, and three declared
/// classes: walker (the run's terrain), hover (water as ground), heavy (`a` blocked).
Fixture make_fixture(const std::string& name, std::uint64_t seed) {
    Fixture fixture;
    std::mt19937_64 random(seed);
    fixture.map = testing::random_map(random, 40, 32, 0.12, ".....aaW");
    fixture.map_path = testing::scratch_folder(name) + "/crowd.map";
    testing::write_text(fixture.map_path, testing::to_map_text(fixture.map));
    fixture.options.terrain = table("a=2");
    fixture.options.classes.classes = {
        {"walker", table("a=2")}, {"hover", table("W=1.5,a=3")}, {"heavy", table("a=inf")}};
    return fixture;
}

TEST(AgentBatch, MixedCrowdIsTheSameAtOneAndTwoThreadsAndMatchesTheBlockReference) {
    Fixture fixture = make_fixture("agent-crowd", 41);
    batch::MapCache maps;
    struct Group {
        std::uint32_t size;
        std::string class_name;
    };
    const Group groups[] = {{1, ""}, {2, "walker"}, {3, "hover"}, {2, "heavy"}, {1, "hover"}, {4, "walker"}};
    std::mt19937_64 random(5);
    std::uniform_int_distribution<std::uint32_t> pick_x(0, fixture.map.width - 1);
    std::uniform_int_distribution<std::uint32_t> pick_y(0, fixture.map.height - 1);
    batch::BatchSolver one(1);
    batch::BatchSolver two(2);
    two.set_workers_start_after(std::chrono::nanoseconds::zero());  // threads from the first query
    std::size_t found = 0;
    for (const Group& group : groups) {
        Expected<std::shared_ptr<const grid::Grid>> grid =
            maps.get(fixture.map_path, fixture.options, group.size, group.class_name);
        ASSERT_TRUE(grid.has_value()) << grid.error().describe();
        const grid::TerrainTable terrain =
            *batch::class_terrain(fixture.options.classes, group.class_name, fixture.options.terrain);
        const testing::BlockReference reference{fixture.map, terrain, group.size, testing::kAllRules[1]};
        batch::ScenarioSet set;
        set.scenario_name = "crowd";
        set.map_path = fixture.map_path;
        set.agent_size = group.size;
        set.agent_class = group.class_name;
        set.grid = *grid;
        // Four goals, twenty agents each: goal fields serve groups.
        std::vector<std::vector<double>> costs;
        std::vector<search::Query> goals;
        for (int goal = 0; goal < 4; ++goal) goals.push_back({0, 0, pick_x(random), pick_y(random)});
        for (int agent = 0; agent < 80; ++agent) {
            const search::Query& goal = goals[static_cast<std::size_t>(agent % 4)];
            set.queries.push_back({pick_x(random), pick_y(random), goal.goal_x, goal.goal_y});
            set.rows.push_back({0.0, static_cast<std::uint32_t>(agent + 2), 0});
            set.row_indices.push_back(static_cast<std::uint32_t>(agent));
        }
        for (search::Algorithm algorithm :
             {search::Algorithm::flowfield, search::Algorithm::automatic, search::Algorithm::astar}) {
            search::SearchSettings settings;
            settings.algorithm = algorithm;
            Expected<batch::SetOutcome> serial = batch::solve_set(set, settings, one);
            Expected<batch::SetOutcome> parallel = batch::solve_set(set, settings, two);
            ASSERT_TRUE(serial.has_value() && parallel.has_value());
            testing::expect_identical_results(serial->results, parallel->results);
            for (std::size_t index = 0; index < set.queries.size(); ++index) {
                const search::Query& query = set.queries[index];
                const search::Result& result = serial->results[index];
                const auto start_x = static_cast<std::uint32_t>(query.start_x);
                const auto start_y = static_cast<std::uint32_t>(query.start_y);
                const std::vector<double> best = reference.costs_from(start_x, start_y);
                const double optimal = best[static_cast<std::size_t>(query.goal_y) * fixture.map.width +
                                            static_cast<std::size_t>(query.goal_x)];
                const std::string where = "size " + std::to_string(group.size) + " class '" + group.class_name + "' " +
                                          std::string(search::to_string(algorithm)) + " query " + std::to_string(index);
                if (reference.layer(start_x, start_y) == 0) {
                    EXPECT_EQ(result.status, search::QueryStatus::start_blocked) << where;
                } else if (reference.layer(query.goal_x, query.goal_y) == 0) {
                    EXPECT_EQ(result.status, search::QueryStatus::goal_blocked) << where;
                } else if (optimal == testing::kNever) {
                    EXPECT_EQ(result.status, search::QueryStatus::no_path) << where;
                } else {
                    ASSERT_EQ(result.status, search::QueryStatus::found) << where;
                    EXPECT_NEAR(result.cost, optimal, 1e-6 * optimal) << where;
                    EXPECT_NEAR(reference.path_cost(result.path), optimal, 1e-6 * optimal) << where;
                    ++found;
                }
            }
        }
    }
    EXPECT_GT(found, 250U);
}

TEST(AgentBatch, RunWideSizeAndClassReachEverySetAndLeaveOneCellLengthsUnknown) {
    Fixture fixture = make_fixture("agent-load", 43);
    const std::string scenario = fixture.map_path + ".scen";
    testing::write_text(scenario,
                        "version 1\n0\tcrowd.map\t40\t32\t1\t1\t30\t20\t35.5\n"
                        "0\tcrowd.map\t40\t32\t2\t3\t20\t10\t20.2\n");
    batch::MapCache maps;
    batch::LoadOptions options = fixture.options;
    Expected<std::vector<batch::ScenarioSet>> plain = batch::load_scenario_file(scenario, options, maps);
    ASSERT_TRUE(plain.has_value()) << plain.error().describe();
    ASSERT_EQ(plain->size(), 1U);
    EXPECT_EQ(plain->front().rows[0].optimal_length, 35.5);
    options.agent_size = 3;
    options.agent_class = "hover";
    Expected<std::vector<batch::ScenarioSet>> sized = batch::load_scenario_file(scenario, options, maps);
    ASSERT_TRUE(sized.has_value()) << sized.error().describe();
    ASSERT_EQ(sized->size(), 1U);
    const batch::ScenarioSet& set = sized->front();
    EXPECT_EQ(set.agent_size, 3U);
    EXPECT_EQ(set.agent_class, "hover");
    EXPECT_NE(set.grid.get(), plain->front().grid.get());
    for (const batch::ScenarioEntry& row : set.rows) EXPECT_EQ(row.optimal_length, 0.0);
    // The grid is the derivation's, built once and shared.
    Expected<std::shared_ptr<const grid::Grid>> again = maps.get(fixture.map_path, options, 3, "hover");
    ASSERT_TRUE(again.has_value());
    EXPECT_EQ(again->get(), set.grid.get());
    // Size 1 and the run's terrain: the map's own grid, not a copy.
    batch::LoadOptions plain_options = fixture.options;
    plain_options.classes = {};
    Expected<std::shared_ptr<const grid::Grid>> base = maps.get(fixture.map_path, plain_options, 1, "");
    ASSERT_TRUE(base.has_value());
    EXPECT_EQ(base->get(), plain->front().grid.get());

    options.agent_class = "boat";
    Expected<std::vector<batch::ScenarioSet>> unknown = batch::load_scenario_file(scenario, options, maps);
    ASSERT_FALSE(unknown.has_value());
    EXPECT_EQ(unknown.error().setting, Setting::agent_class);
    EXPECT_EQ(unknown.error().file, scenario);
    EXPECT_NE(unknown.error().describe().find("walker, hover or heavy"), std::string::npos)
        << unknown.error().describe();
}

}  // namespace
}  // namespace swarmpath
