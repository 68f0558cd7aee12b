// Crowds, field files and map edits. The crowd solver (flowfield and auto) against per-query A* under
// every movement model and diagonal rule with terrain; determinism across thread counts; the field
// file's round trip and damage detection; edits applied incrementally (grid patch, component
// refresh, field cache) against the edited map built from scratch; and the command line: generated
// crowd scenarios (lengths from the generator's own Dijkstra) pass `solve --check` with flowfield
// and auto, also after `--edits`, and `swarmpath field` writes a file that reads back.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <memory>
#include <random>
#include <vector>

#include "random_maps.hpp"
#include "reference_dijkstra.hpp"
#include "run_command.hpp"
#include "swarmpath/batch/algorithm_choice.hpp"
#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/crowd_solver.hpp"
#include "swarmpath/batch/editable_map.hpp"
#include "swarmpath/batch/scenario_run.hpp"
#include "swarmpath/grid/edits.hpp"
#include "swarmpath/io/edits_file.hpp"
#include "swarmpath/io/field_file.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/scenario_file.hpp"
#include "swarmpath/search/goal_field.hpp"
#include "swarmpath/search/goal_field_record.hpp"
#include "swarmpath/search/solver.hpp"

namespace swarmpath {
namespace {

grid::TerrainTable crowd_terrain() {
    grid::TerrainTable terrain = grid::TerrainTable::benchmark();
    terrain.declare('G', true, 3.0);
    terrain.declare('S', true, 0.5);
    return terrain;
}

/// `agents` queries per goal over `goals` random passable goals, plus a few the field cannot answer.
std::vector<search::Query> crowd_queries(const grid::Grid& grid, std::mt19937_64& random, int goals, int agents) {
    std::uniform_int_distribution<std::uint32_t> column(0, grid.width() - 1);
    std::uniform_int_distribution<std::uint32_t> row(0, grid.height() - 1);
    auto passable_cell = [&] {
        for (;;) {
            const std::uint32_t x = column(random);
            const std::uint32_t y = row(random);
            if (grid.passable(x, y)) return std::pair{x, y};
        }
    };
    std::vector<search::Query> queries;
    for (int goal = 0; goal < goals; ++goal) {
        const auto [goal_x, goal_y] = passable_cell();
        for (int agent = 0; agent < agents; ++agent) {
            const auto [start_x, start_y] = passable_cell();
            queries.push_back({start_x, start_y, goal_x, goal_y});
        }
        queries.push_back({goal_x, goal_y, goal_x, goal_y});  // start = goal
    }
    queries.push_back({-1, 0, 0, 0});                                       // off the map
    queries.push_back({0, 0, static_cast<std::int64_t>(grid.width()), 0});  // off the map
    return queries;
}

void expect_same_costs(const std::vector<search::Result>& expected, const std::vector<search::Result>& actual) {
    ASSERT_EQ(expected.size(), actual.size());
    for (std::size_t index = 0; index < expected.size(); ++index) {
        EXPECT_EQ(expected[index].status, actual[index].status) << "query " << index;
        EXPECT_EQ(expected[index].cost_units, actual[index].cost_units) << "query " << index;
    }
}

std::vector<search::Result> solve_astar(const grid::Grid& grid, search::SearchSettings settings,
                                        const std::vector<search::Query>& queries) {
    settings.algorithm = search::Algorithm::astar;
    Expected<search::Solver> solver = search::Solver::create(grid, settings);
    EXPECT_TRUE(solver.has_value());
    batch::BatchSolver workers(1);
    std::vector<search::Result> results(queries.size());
    workers.solve(*solver, queries, results);
    return results;
}

std::vector<search::Result> solve_crowd(const grid::Grid& grid, const search::SearchSettings& settings,
                                        const std::vector<search::Query>& queries, unsigned threads,
                                        batch::CrowdReport* report = nullptr) {
    Expected<batch::CrowdSolver> crowd = batch::CrowdSolver::create(grid, settings);
    EXPECT_TRUE(crowd.has_value()) << crowd.error().describe();
    batch::BatchSolver workers(threads);
    workers.set_workers_start_after(std::chrono::nanoseconds::zero());  // threads from the first field
    std::vector<search::Result> results(queries.size());
    const batch::CrowdReport done = crowd->solve(queries, results, workers);
    if (report != nullptr) *report = done;
    return results;
}

TEST(CrowdSolver, FieldsMatchAStarOnHexAndTriangleMaps) {
    std::mt19937_64 random(716);
    const grid::TerrainTable terrain = crowd_terrain();
    for (const grid::Topology topology : {grid::Topology::hex, grid::Topology::triangle}) {
        io::MapFile map = testing::random_map(random, 60, 40, 0.2, "...GSW");
        map.type = std::string(grid::topology_type_name(topology));
        Expected<grid::Grid> grid = grid::Grid::build(map, terrain);
        ASSERT_TRUE(grid.has_value());
        const std::vector<search::Query> queries = crowd_queries(*grid, random, 4, 40);
        search::SearchSettings settings;
        const std::vector<search::Result> expected = solve_astar(*grid, settings, queries);
        settings.algorithm = search::Algorithm::flowfield;
        batch::CrowdReport report;
        const std::vector<search::Result> fields = solve_crowd(*grid, settings, queries, 2, &report);
        expect_same_costs(expected, fields);
        EXPECT_GT(report.field_queries, 0U);
        testing::ReferenceRules reference{search::Moves::eight, search::DiagonalRule::both_free, terrain, topology};
        for (std::size_t index = 0; index < queries.size(); ++index) {
            if (fields[index].status != search::QueryStatus::found) continue;
            std::vector<std::uint32_t> cells;
            for (grid::CellIndex cell : fields[index].path) cells.push_back(cell.value);
            EXPECT_TRUE(io::length_matches(testing::reference_path_cost(map, reference, cells), fields[index].cost));
        }
        // auto: fields or A*, the same costs, and the same output for any thread count.
        settings.algorithm = search::Algorithm::automatic;
        const std::vector<search::Result> automatic = solve_crowd(*grid, settings, queries, 1);
        expect_same_costs(expected, automatic);
        settings.algorithm = search::Algorithm::flowfield;
        const std::vector<search::Result> three = solve_crowd(*grid, settings, queries, 3);
        for (std::size_t index = 0; index < queries.size(); ++index) {
            EXPECT_EQ(three[index].path, fields[index].path) << "query " << index;
        }
    }
}

TEST(CrowdSolver, FieldsMatchAStarUnderEveryRuleWithTerrain) {
    std::mt19937_64 random(701);
    const std::pair<search::Moves, search::DiagonalRule> all_rules[] = {
        {search::Moves::four, search::DiagonalRule::both_free},
        {search::Moves::eight, search::DiagonalRule::both_free},
        {search::Moves::eight, search::DiagonalRule::one_free},
        {search::Moves::eight, search::DiagonalRule::any}};
    const grid::TerrainTable terrain = crowd_terrain();
    for (const auto& [moves, rule] : all_rules) {
        const io::MapFile map = testing::random_map(random, 70, 50, 0.3, "...GSW");
        Expected<grid::Grid> grid = grid::Grid::build(map, terrain);
        ASSERT_TRUE(grid.has_value());
        const std::vector<search::Query> queries = crowd_queries(*grid, random, 4, 40);
        search::SearchSettings settings;
        settings.moves = moves;
        settings.diagonal = rule;
        const std::vector<search::Result> expected = solve_astar(*grid, settings, queries);
        settings.algorithm = search::Algorithm::flowfield;
        batch::CrowdReport report;
        const std::vector<search::Result> fields = solve_crowd(*grid, settings, queries, 2, &report);
        expect_same_costs(expected, fields);
        EXPECT_GT(report.field_queries, 0U);
        // Every read-off path is legal and costs what the field says.
        testing::ReferenceRules reference{moves, rule, terrain};
        for (std::size_t index = 0; index < queries.size(); ++index) {
            if (fields[index].status != search::QueryStatus::found) continue;
            std::vector<std::uint32_t> cells;
            for (grid::CellIndex cell : fields[index].path) cells.push_back(cell.value);
            ASSERT_FALSE(cells.empty());
            EXPECT_EQ(cells.back(), grid->cell(static_cast<std::uint32_t>(queries[index].goal_x),
                                               static_cast<std::uint32_t>(queries[index].goal_y))
                                        .value);
            EXPECT_TRUE(io::length_matches(testing::reference_path_cost(map, reference, cells), fields[index].cost));
        }
        settings.algorithm = search::Algorithm::automatic;
        expect_same_costs(expected, solve_crowd(*grid, settings, queries, 2));
    }
}

TEST(CrowdSolver, ResultsDoNotDependOnThreads) {
    std::mt19937_64 random(702);
    const io::MapFile map = testing::random_map(random, 120, 90, 0.25);
    Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(grid.has_value());
    const std::vector<search::Query> queries = crowd_queries(*grid, random, 6, 300);
    for (search::Algorithm algorithm : {search::Algorithm::flowfield, search::Algorithm::automatic}) {
        search::SearchSettings settings;
        settings.algorithm = algorithm;
        const std::vector<search::Result> one = solve_crowd(*grid, settings, queries, 1);
        const std::vector<search::Result> two = solve_crowd(*grid, settings, queries, 2);
        for (std::size_t index = 0; index < queries.size(); ++index) {
            EXPECT_EQ(one[index].status, two[index].status);
            EXPECT_EQ(one[index].cost_units, two[index].cost_units);
            EXPECT_EQ(one[index].path, two[index].path);
            EXPECT_EQ(one[index].counters, two[index].counters);
        }
    }
}

TEST(CrowdSolver, AutomaticRuleFollowsGroupSize) {
    // On a 1024² map with the goal's component of 800,000 cells, agents 1,200 cells away: a field
    // settles the whole component (about 38 ms). A lone agent is cheaper to search for; at A*'s cost
    // per agent (tens of thousands of expansions) a few dozen agents pay for a field, at JPS's (a few
    // hundred expansions) it takes thousands (the measured crossovers, docs/crowds.md).
    const double astar_agent = batch::query_seconds(search::Algorithm::astar, {40000, 0, 600}, 100);
    const double jump_agent = batch::query_seconds(search::Algorithm::jps, {60, 120, 600}, 100);
    auto group = [](std::size_t agents, double seconds_per_agent, double max_distance) {
        return batch::FieldWorkload{agents, seconds_per_agent, max_distance, 800000, 1050000};
    };
    EXPECT_FALSE(batch::choose_field(group(1, astar_agent, 1200.0)));
    EXPECT_FALSE(batch::choose_field(group(1, jump_agent, 1200.0)));
    EXPECT_TRUE(batch::choose_field(group(100, astar_agent, 1200.0)));
    EXPECT_FALSE(batch::choose_field(group(100, jump_agent, 1200.0)));
    EXPECT_FALSE(batch::choose_field(group(1000, jump_agent, 1200.0)));
    EXPECT_TRUE(batch::choose_field(group(5000, jump_agent, 1200.0)));
    // Agents close to their goal: the field stops early, so search loses to it sooner.
    const double near_agent = batch::query_seconds(search::Algorithm::astar, {400, 0, 40}, 100);
    EXPECT_TRUE(batch::choose_field(group(300, near_agent, 60.0)));
    EXPECT_FALSE(batch::choose_field(group(3, near_agent, 60.0)));
}

TEST(AlgorithmChoice, ExpansionsForSecondsInvertsTheQueryModel) {
    // A* and JPS, the probes' searches: E expansions with the E − 1 generations the least search makes.
    for (search::Algorithm algorithm : {search::Algorithm::astar, search::Algorithm::jps}) {
        for (double mean_run : {2.5, 44.0, 119.0}) {
            const double distance = 300;
            for (double expansions : {2.0, 75.0, 12000.0}) {
                const double seconds =
                    batch::query_seconds(algorithm, {expansions, expansions - 1, distance}, mean_run);
                EXPECT_NEAR(batch::expansions_for_seconds(algorithm, seconds, distance, mean_run), expansions,
                            1e-6 * expansions);
            }
            // A budget below the cost of one expansion is reached by the first.
            const double least = batch::query_seconds(algorithm, {1, 0, distance}, mean_run);
            EXPECT_EQ(batch::expansions_for_seconds(algorithm, least / 2, distance, mean_run), 1.0);
        }
    }
    // JPS+ too (a field's probe runs JPS+ once auto has kept a table), open and cluttered.
    for (double mean_run : {2.5, 44.0}) {
        const double seconds = batch::query_seconds(search::Algorithm::jps_plus, {500, 499, 300}, mean_run);
        EXPECT_NEAR(batch::expansions_for_seconds(search::Algorithm::jps_plus, seconds, 300, mean_run), 500,
                    1e-6 * 500);
    }
}

// A crowd whose agents' searches are long (a cluttered map): auto's first probe per group stops
// once it shows the field pays, the groups take fields, and every answer is still A*'s. A crowd on an
// open map large enough for its field to pay at any search cost takes the field without any probe.
TEST(CrowdSolver, ProbesStopOnceTheFieldIsShownToPay) {
    std::mt19937_64 random(719);
    const io::MapFile cluttered_map = testing::random_map(random, 160, 140, 0.33);
    Expected<grid::Grid> cluttered = grid::Grid::build(cluttered_map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(cluttered.has_value());
    const std::vector<search::Query> queries = crowd_queries(*cluttered, random, 3, 400);
    search::SearchSettings settings;
    settings.algorithm = search::Algorithm::automatic;
    batch::CrowdReport report;
    const std::vector<search::Result> results = solve_crowd(*cluttered, settings, queries, 1, &report);
    expect_same_costs(solve_astar(*cluttered, settings, queries), results);
    EXPECT_EQ(report.field_groups, report.goal_groups);
    EXPECT_GE(report.probes_stopped, 1U);
    EXPECT_LE(report.probe_queries, report.goal_groups * batch::kProbeAgents);

    // 10,000 agents bound for one far corner of an open 100 x 100 map: even at one expansion each
    // their searches cost more than one field over the map, so the field is taken without a probe.
    io::MapFile open_map;
    open_map.width = 100;
    open_map.height = 100;
    open_map.letters.assign(std::size_t{100} * 100, '.');
    Expected<grid::Grid> open = grid::Grid::build(open_map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(open.has_value());
    std::vector<search::Query> far;
    for (std::int64_t agent = 0; agent < 10000; ++agent) far.push_back({agent % 50, agent / 50 % 50, 99, 99});
    const std::vector<search::Result> far_results = solve_crowd(*open, settings, far, 1, &report);
    expect_same_costs(solve_astar(*open, settings, far), far_results);
    EXPECT_EQ(report.field_groups, 1U);
    EXPECT_EQ(report.probe_queries, 0U);
}

/// A set of `queries` on `grid` (rows of unknown length), whole.
batch::ScenarioSet set_of(const std::shared_ptr<const grid::Grid>& grid, const std::vector<search::Query>& queries) {
    batch::ScenarioSet set;
    set.scenario_path = "crowd.scen";
    set.grid = grid;
    set.queries = queries;
    set.rows.resize(queries.size());
    for (std::uint32_t index = 0; index < queries.size(); ++index) set.row_indices.push_back(index);
    return set;
}

/// The rows of `whole` at `positions` (increasing), as a part that knows its whole set.
batch::ScenarioSet part_of(const batch::ScenarioSet& whole, const std::vector<std::uint32_t>& positions) {
    std::vector<search::Query> queries;
    for (std::uint32_t position : positions) queries.push_back(whole.queries[position]);
    batch::ScenarioSet part = set_of(whole.grid, queries);
    part.whole_queries = whole.queries;
    part.positions_in_whole = positions;
    return part;
}

batch::SetOutcome solve_alone(const batch::ScenarioSet& set) {
    search::SearchSettings settings;
    settings.algorithm = search::Algorithm::automatic;
    batch::BatchSolver workers(1);
    Expected<batch::SetOutcome> outcome = batch::solve_set(set, settings, workers);  // a fresh preparation each
    EXPECT_TRUE(outcome.has_value()) << outcome.error().describe();
    return outcome ? std::move(*outcome) : batch::SetOutcome{};
}

/// Solves `whole` under auto, then each part of `parts` (each in a process of its own, as a
/// distributed run's ranks do), and expects every query's answer, the algorithm and the fields of the
/// whole set from its parts.
void expect_parts_answer_as_whole(const batch::ScenarioSet& whole,
                                  const std::vector<std::vector<std::uint32_t>>& parts) {
    const batch::SetOutcome expected = solve_alone(whole);
    std::size_t field_groups = 0;
    std::size_t field_queries = 0;
    for (const std::vector<std::uint32_t>& positions : parts) {
        const batch::SetOutcome part = solve_alone(part_of(whole, positions));
        ASSERT_EQ(part.results.size(), positions.size());
        EXPECT_EQ(part.algorithm, expected.algorithm);
        field_groups += part.field_groups;
        field_queries += part.field_queries;
        for (std::size_t index = 0; index < positions.size(); ++index) {
            const search::Result& mine = part.results[index];
            const search::Result& theirs = expected.results[positions[index]];
            EXPECT_EQ(mine.status, theirs.status) << "query " << positions[index];
            EXPECT_EQ(mine.cost_units, theirs.cost_units) << "query " << positions[index];
            EXPECT_EQ(mine.path, theirs.path) << "query " << positions[index];
            EXPECT_EQ(mine.counters, theirs.counters) << "query " << positions[index];
        }
    }
    EXPECT_EQ(field_groups, expected.field_groups);
    EXPECT_EQ(field_queries, expected.field_queries);
}

// A set solved in parts, each part knowing its whole set (as a distributed run's shards do): auto
// plans each part as it plans the whole set, so the parts' answers, fields and choice of JPS or JPS+
// are the whole set's, where each part judged alone would choose for its own share.
TEST(CrowdSolver, PartsOfASetAnswerAsTheWholeSet) {
    std::mt19937_64 random(733);
    // Lone goals on an open map: somewhere between a few and a few thousand queries the JPS+ table
    // starts to pay. A prefix of the queries that takes JPS+ while each of its halves (alternate
    // pairs of rows: crowd_queries follows each query with a start = goal one) alone takes JPS (fewer
    // queries to pay for the table) is split in two: as parts of the prefix both halves take JPS+.
    const auto open = std::make_shared<const grid::Grid>(
        *grid::Grid::build(testing::random_map(random, 256, 256, 0.04), grid::TerrainTable::benchmark()));
    const std::vector<search::Query> lone = crowd_queries(*open, random, 4096, 1);
    auto halves_of = [](std::size_t count) {
        std::vector<std::vector<std::uint32_t>> halves(2);
        for (std::uint32_t index = 0; index < count; ++index) halves[index / 2 % 2].push_back(index);
        return halves;
    };
    auto takes = [](const batch::ScenarioSet& set) { return solve_alone(set).algorithm; };
    std::size_t count = 8;
    for (; count <= lone.size(); count += count / 8) {
        const batch::ScenarioSet prefix =
            set_of(open, {lone.begin(), lone.begin() + static_cast<std::ptrdiff_t>(count)});
        if (takes(prefix) != search::Algorithm::jps_plus) continue;
        bool halves_take_jps = true;
        for (const std::vector<std::uint32_t>& half : halves_of(count)) {
            batch::ScenarioSet alone = part_of(prefix, half);
            alone.whole_queries = {};
            alone.positions_in_whole.clear();
            halves_take_jps = halves_take_jps && takes(alone) == search::Algorithm::jps;
        }
        if (halves_take_jps) break;
    }
    ASSERT_LE(count, lone.size()) << "no prefix took JPS+ while its halves alone took JPS";
    const batch::ScenarioSet prefix = set_of(open, {lone.begin(), lone.begin() + static_cast<std::ptrdiff_t>(count)});
    const std::vector<std::vector<std::uint32_t>> halves = halves_of(count);
    expect_parts_answer_as_whole(prefix, halves);

    // A crowd on a cluttered map: goal groups of 1 to 300 agents, each group in one of three parts;
    // some groups take fields, the rest are searched (and probed).
    const auto cluttered = std::make_shared<const grid::Grid>(
        *grid::Grid::build(testing::random_map(random, 160, 140, 0.3), grid::TerrainTable::benchmark()));
    std::vector<search::Query> crowd;
    for (const int agents : {300, 1, 2, 40, 1, 5, 120, 3, 1, 60}) {
        const std::vector<search::Query> group = crowd_queries(*cluttered, random, 1, agents);
        crowd.insert(crowd.end(), group.begin(), group.end() - 2);  // without the two off-map queries
    }
    std::shuffle(crowd.begin(), crowd.end(), random);
    const batch::ScenarioSet whole = set_of(cluttered, crowd);
    std::map<std::pair<std::int64_t, std::int64_t>, std::size_t> part_of_goal;
    std::vector<std::vector<std::uint32_t>> thirds(3);
    for (std::uint32_t index = 0; index < crowd.size(); ++index) {
        const auto goal = std::pair{crowd[index].goal_x, crowd[index].goal_y};
        const auto [found, added] = part_of_goal.emplace(goal, part_of_goal.size() % 3);
        thirds[found->second].push_back(index);
    }
    const batch::SetOutcome expected = solve_alone(whole);
    EXPECT_GT(expected.field_groups, 0U);
    EXPECT_LT(expected.field_queries, crowd.size());
    expect_parts_answer_as_whole(whole, thirds);

    // A part whose positions do not place its queries in the whole set is refused.
    batch::ScenarioSet misplaced = part_of(whole, thirds[0]);
    std::swap(misplaced.queries[0], misplaced.queries[1]);
    search::SearchSettings settings;
    settings.algorithm = search::Algorithm::automatic;
    batch::BatchSolver workers(1);
    EXPECT_FALSE(batch::solve_set(misplaced, settings, workers).has_value());
    misplaced = part_of(whole, thirds[0]);
    misplaced.positions_in_whole.back() = static_cast<std::uint32_t>(crowd.size());
    EXPECT_FALSE(batch::solve_set(misplaced, settings, workers).has_value());
    misplaced = part_of(whole, thirds[0]);
    misplaced.whole_queries = {};  // positions without the whole they point into
    EXPECT_FALSE(batch::solve_set(misplaced, settings, workers).has_value());
    // The crowd solver itself refuses them alike, answering nothing.
    Expected<batch::CrowdSolver> crowd_solver = batch::CrowdSolver::create(*cluttered, settings);
    ASSERT_TRUE(crowd_solver.has_value());
    std::vector<search::Result> answers(misplaced.queries.size());
    const batch::CrowdReport refused =
        crowd_solver->solve(misplaced.queries, answers, workers, nullptr, nullptr, {{}, misplaced.positions_in_whole});
    EXPECT_TRUE(refused.refused);
    EXPECT_EQ(answers[0].status, search::QueryStatus::invalid);  // a default Result: nothing was solved
}

/// A map of `width` × `height` cells, open left of column `clutter_from`, each cell from there on
/// blocked with probability `density`.
io::MapFile open_then_cluttered(std::uint32_t width, std::uint32_t height, std::uint32_t clutter_from, double density) {
    std::mt19937_64 random(733);
    std::bernoulli_distribution blocked(density);
    io::MapFile map;
    map.width = width;
    map.height = height;
    map.letters.assign(std::size_t{width} * height, '.');
    for (std::size_t y = 0; y < height; ++y) {
        for (std::size_t x = clutter_from; x < width; ++x) map.letters[y * width + x] = blocked(random) ? '@' : '.';
    }
    return map;
}

/// Up to `count` agents bound for (goal_x, goal_y), from every `stride`-th cell of the columns
/// `from_x` to `from_x + span - 1` that is passable and connected to the goal.
std::vector<search::Query> agents_in_columns(const grid::Grid& grid, const search::Components& components,
                                             std::uint32_t goal_x, std::uint32_t goal_y, std::uint32_t from_x,
                                             std::uint32_t span, std::uint32_t stride, std::size_t count) {
    std::vector<search::Query> agents;
    for (std::uint32_t cell = 0; cell < grid.width() * grid.height() && agents.size() < count; cell += stride) {
        const std::uint32_t x = from_x + cell % span;
        const std::uint32_t y = cell / grid.width() % grid.height();
        if (grid.passable(x, y) && components.connected(grid.padded(x, y), grid.padded(goal_x, goal_y))) {
            agents.push_back({x, y, goal_x, goal_y});
        }
    }
    return agents;
}

/// A goal group's every agent searched by JPS, and the field workload the model makes of the group's
/// true mean work (what auto's probes estimate).
struct GroupTruth {
    std::vector<search::Result> searched;
    batch::QueryWork mean;
    batch::FieldWorkload workload;
};

GroupTruth group_truth(const grid::Grid& grid, const search::Solver& jump_points,
                       const std::vector<search::Query>& group) {
    GroupTruth truth;
    truth.searched.resize(group.size());
    batch::BatchSolver one(1);
    one.solve(jump_points, group, truth.searched);
    const auto agents = static_cast<double>(group.size());
    double max_distance = 0;
    for (std::size_t index = 0; index < group.size(); ++index) {
        const search::Query& query = group[index];
        const double dx = std::abs(static_cast<double>(query.start_x - query.goal_x));
        const double dy = std::abs(static_cast<double>(query.start_y - query.goal_y));
        const double distance = std::max(dx, dy) + (std::sqrt(2.0) - 1) * std::min(dx, dy);
        max_distance = std::max(max_distance, distance);
        truth.mean.distance += distance / agents;
        truth.mean.expansions += static_cast<double>(truth.searched[index].counters.expanded) / agents;
        truth.mean.generated += static_cast<double>(truth.searched[index].counters.generated) / agents;
    }
    const grid::PaddedIndex goal =
        grid.padded(static_cast<std::uint32_t>(group[0].goal_x), static_cast<std::uint32_t>(group[0].goal_y));
    std::size_t component_cells = 0;
    for (std::uint32_t cell = 0; cell < grid.padded_cell_count(); ++cell) {
        component_cells += jump_points.components().connected(grid::PaddedIndex{cell}, goal) ? 1 : 0;
    }
    truth.workload = {group.size(),
                      batch::query_seconds(search::Algorithm::jps, truth.mean, batch::mean_passable_run(grid)),
                      max_distance, component_cells, grid.padded_cell_count()};
    return truth;
}

// Probes stand for the group: a goal group whose first-listed agents search open ground (a few
// expansions each, at about half the group's mean distance) while the rest search a cluttered part
// of the map takes the field that the model, fed the group's true mean work, prefers. Probing the
// first agents listed priced the group below its field and searched it one agent at a time; the
// probes are spread over the group's distances instead.
TEST(CrowdSolver, ProbesStandForTheWholeGroup) {
    Expected<grid::Grid> grid =
        grid::Grid::build(open_then_cluttered(120, 60, 70, 0.35), grid::TerrainTable::benchmark());
    ASSERT_TRUE(grid.has_value());
    search::SearchSettings settings;
    settings.algorithm = search::Algorithm::jps;
    Expected<search::Solver> jump_points = search::Solver::create(*grid, settings);
    ASSERT_TRUE(jump_points.has_value());
    // Listed first: 8 agents on open ground 40-50 cells from the goal; then 40 agents in the
    // clutter, 75 cells away or more.
    std::vector<search::Query> group;
    for (std::uint32_t y = 5; y < 60; y += 7) group.push_back({50, y, 10, 30});
    for (const search::Query& agent : agents_in_columns(*grid, jump_points->components(), 10, 30, 85, 35, 97, 40)) {
        group.push_back(agent);
    }
    ASSERT_EQ(group.size(), 48U);
    const GroupTruth truth = group_truth(*grid, *jump_points, group);
    ASSERT_TRUE(batch::choose_field(truth.workload));  // the case is one for a field

    settings.algorithm = search::Algorithm::automatic;
    batch::CrowdReport report;
    const std::vector<search::Result> results = solve_crowd(*grid, settings, group, 1, &report);
    expect_same_costs(truth.searched, results);
    EXPECT_EQ(report.goal_groups, 1U);
    EXPECT_EQ(report.field_groups, 1U);
    EXPECT_LE(report.probe_queries, batch::kProbeAgents);
}

// A small group of long searches: when more probes would cost a large share of either choice, the
// first probe settles the group. Twelve agents 125 cells or more across a cluttered map from their
// goal (over 400 expansions each on average): one probe, then the field, which the model fed the
// group's true mean work prefers too. With four probes a group, a crowd on random512-40-0 (eight
// goals, a dozen agents each) took 1.75 times the instructions of fields alone; with one, 1.27.
TEST(CrowdSolver, OneProbeSettlesASmallGroupOfLongSearches) {
    Expected<grid::Grid> grid =
        grid::Grid::build(open_then_cluttered(160, 80, 20, 0.35), grid::TerrainTable::benchmark());
    ASSERT_TRUE(grid.has_value());
    search::SearchSettings settings;
    settings.algorithm = search::Algorithm::jps;
    Expected<search::Solver> jump_points = search::Solver::create(*grid, settings);
    ASSERT_TRUE(jump_points.has_value());
    const std::vector<search::Query> group =
        agents_in_columns(*grid, jump_points->components(), 5, 40, 130, 30, 61, 12);
    ASSERT_EQ(group.size(), 12U);
    const GroupTruth truth = group_truth(*grid, *jump_points, group);
    EXPECT_GT(truth.mean.expansions, 400);
    ASSERT_TRUE(batch::choose_field(truth.workload));

    settings.algorithm = search::Algorithm::automatic;
    batch::CrowdReport report;
    const std::vector<search::Result> results = solve_crowd(*grid, settings, group, 1, &report);
    expect_same_costs(truth.searched, results);
    EXPECT_EQ(report.field_groups, 1U);
    EXPECT_EQ(report.probe_queries, 1U);
}

TEST(AlgorithmChoice, JumpTablePaysForItselfOnlyWithEnoughWork) {
    // A 512² map of wide corridors (mean run 68 cells, like maze512-32): a handful of queries do not
    // pay for the table, a scenario file's thousands do. On a cluttered map (mean run 3, like
    // maze512-1 or random512-40) JPS's scans are short and a table read saves less per expansion:
    // thousands of short queries do not pay for the table there, thousands of long ones do; on
    // rooms (mean run 7, like 8room_000) long searches do.
    batch::SearchWorkload corridors{10, {55, 58, 900}, 68, 514 * 514};
    EXPECT_EQ(batch::choose_jump_points(corridors), search::Algorithm::jps);
    corridors.queries = 6000;
    EXPECT_EQ(batch::choose_jump_points(corridors), search::Algorithm::jps_plus);
    EXPECT_LT(batch::jump_table_seconds(corridors), batch::jump_point_seconds(corridors));
    batch::SearchWorkload cluttered{6000, {55, 58, 600}, 3, 514 * 514};
    EXPECT_EQ(batch::choose_jump_points(cluttered), search::Algorithm::jps);
    corridors.per_query = cluttered.per_query;
    EXPECT_EQ(batch::choose_jump_points(corridors), search::Algorithm::jps_plus);  // the same work, open
    cluttered.per_query = {11000, 14000, 600};
    EXPECT_EQ(batch::choose_jump_points(cluttered), search::Algorithm::jps_plus);
    const batch::SearchWorkload rooms{2140, {2000, 4000, 430}, 7.2, 514 * 514};
    EXPECT_EQ(batch::choose_jump_points(rooms), search::Algorithm::jps_plus);
    // The saving per expansion is less on a cluttered map, and the table costs more to build there.
    const batch::QueryWork work{300, 600, 700};
    const double open_saving = batch::query_seconds(search::Algorithm::jps, work, 68) -
                               batch::query_seconds(search::Algorithm::jps_plus, work, 68);
    const double cluttered_saving = batch::query_seconds(search::Algorithm::jps, work, 3) -
                                    batch::query_seconds(search::Algorithm::jps_plus, work, 3);
    EXPECT_GT(cluttered_saving, 0);
    EXPECT_LT(cluttered_saving, open_saving);
    EXPECT_GT(batch::jump_table_build_seconds(514 * 514, 3), batch::jump_table_build_seconds(514 * 514, 68));
    // Without a probe: hundreds of thousands of queries on open corridors make the table certain
    // (it saves JPS's cost per expansion in part, at least one expansion a query); thousands do
    // not, nor do as many on a cluttered map, where one expansion saves less.
    EXPECT_TRUE(batch::jump_table_certain({400000, {1, 0, 1200}, 68, 514 * 514}));
    EXPECT_FALSE(batch::jump_table_certain({6000, {1, 0, 1200}, 68, 514 * 514}));
    EXPECT_FALSE(batch::jump_table_certain({400000, {1, 0, 1200}, 3, 514 * 514}));
    // The table's cost grows with the map: a set that pays for a 512² table does not pay for 2048².
    EXPECT_FALSE(batch::jump_table_certain({400000, {1, 0, 1200}, 68, 2050 * 2050}));
}

TEST(AlgorithmChoice, MeanPassableRunCountsRowsApart) {
    // Rows "..@..." and "......": runs of 2, 3 and 6 cells, 11 passable in all; the padding between
    // rows keeps the end of one row from joining the start of the next.
    const io::MapFile map = testing::map_from_rows({"..@...", "......"});
    Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(grid.has_value());
    EXPECT_DOUBLE_EQ(batch::mean_passable_run(*grid), 11.0 / 3.0);
}

TEST(FieldFile, RoundTripsAndDetectsDamage) {
    std::mt19937_64 random(703);
    const io::MapFile map = testing::random_map(random, 33, 21, 0.3, "..G");
    Expected<grid::Grid> grid = grid::Grid::build(map, crowd_terrain());
    ASSERT_TRUE(grid.has_value());
    std::uint32_t goal_x = 16;
    while (!grid->passable(goal_x, 10)) ++goal_x;
    search::FieldWorkspace workspace;
    const search::GoalField field = search::GoalField::compute(
        *grid, search::Moves::eight, search::DiagonalRule::one_free, goal_x, 10, {}, true, workspace);
    const io::FieldFile file = search::field_file_from(field, *grid);
    EXPECT_EQ(file.diagonal_rule, 1);
    for (std::uint32_t y = 0; y < map.height; ++y) {
        for (std::uint32_t x = 0; x < map.width; ++x) {
            const std::size_t cell = static_cast<std::size_t>(y) * map.width + x;
            if (field.settled(x, y)) {
                EXPECT_FLOAT_EQ(file.costs[cell], static_cast<float>(grid->to_real_cost(field.cost_units(x, y))));
            } else {
                EXPECT_TRUE(std::isinf(file.costs[cell]));
            }
            EXPECT_EQ(file.directions[cell], field.next_direction(x, y));
        }
    }
    const std::string bytes = io::encode_field_file(file);
    EXPECT_EQ(bytes.size(), io::kFieldHeaderBytes + 5U * map.width * map.height);
    EXPECT_EQ(bytes.substr(0, 8), "SWPFIELD");
    Expected<io::FieldFile> decoded = io::decode_field_file(bytes, "memory");
    ASSERT_TRUE(decoded.has_value()) << decoded.error().describe();
    EXPECT_EQ(*decoded, file);

    const std::string folder = testing::scratch_folder("field-file");
    ASSERT_TRUE(io::write_field_file(folder + "/goal.field", file).has_value());
    Expected<io::FieldFile> read = io::read_field_file(folder + "/goal.field");
    ASSERT_TRUE(read.has_value());
    EXPECT_EQ(*read, file);

    std::string damaged = bytes;
    damaged[io::kFieldHeaderBytes + 7] ^= 0x10;
    Expected<io::FieldFile> bad = io::decode_field_file(damaged, "memory");
    ASSERT_FALSE(bad.has_value());
    EXPECT_NE(bad.error().message.find("checksum"), std::string::npos);
    EXPECT_FALSE(io::decode_field_file(bytes.substr(0, bytes.size() - 1), "memory").has_value());
    EXPECT_FALSE(io::decode_field_file("SWPFIELX" + bytes.substr(8), "memory").has_value());
    EXPECT_EQ(file.topology, 0);  // a square map
    std::string bad_shape = bytes;
    bad_shape[30] = 3;
    Expected<io::FieldFile> refused = io::decode_field_file(bad_shape, "memory");
    ASSERT_FALSE(refused.has_value());
    EXPECT_NE(refused.error().message.find("cell shape"), std::string::npos);
}

// A field of a hex or triangle map records its cell shape, and reads back with it.
TEST(FieldFile, RecordsTheCellShape) {
    for (const grid::Topology topology : {grid::Topology::hex, grid::Topology::triangle}) {
        std::mt19937_64 random(704);
        io::MapFile map = testing::random_map(random, 20, 14, 0.0);
        map.type = std::string(grid::topology_type_name(topology));
        Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
        ASSERT_TRUE(grid.has_value());
        search::FieldWorkspace workspace;
        const search::GoalField field = search::GoalField::compute(
            *grid, search::Moves::eight, search::DiagonalRule::both_free, 3, 4, {}, true, workspace);
        const io::FieldFile file = search::field_file_from(field, *grid);
        EXPECT_EQ(file.topology, static_cast<std::uint8_t>(topology));
        Expected<io::FieldFile> decoded = io::decode_field_file(io::encode_field_file(file), "memory");
        ASSERT_TRUE(decoded.has_value()) << decoded.error().describe();
        EXPECT_EQ(*decoded, file);
    }
}

TEST(MapEdits, ParseErrorsNameFileLineAndColumn) {
    Expected<std::vector<grid::CellEdit>> edits = io::parse_edits("# a wall\n3 4 @\n\n  10 2 T  # trees\n", "e.txt");
    ASSERT_TRUE(edits.has_value());
    ASSERT_EQ(edits->size(), 2U);
    EXPECT_EQ((*edits)[1].x, 10U);
    EXPECT_EQ((*edits)[1].letter, 'T');
    EXPECT_EQ((*edits)[1].line, 4U);
    Expected<std::vector<grid::CellEdit>> bad = io::parse_edits("1 2 .\n1 x .\n", "e.txt");
    ASSERT_FALSE(bad.has_value());
    EXPECT_EQ(bad.error().line, 2U);
    EXPECT_EQ(bad.error().column, 3U);
    EXPECT_FALSE(io::parse_edits("1 2 ..\n", "e.txt").has_value());
    EXPECT_FALSE(io::parse_edits("1 2\n", "e.txt").has_value());

    const io::MapFile map = testing::map_from_rows({"....", "@@.."});
    Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(grid.has_value());
    std::vector<grid::CellEdit> off_map = {{4, 0, '.', 7}};
    Expected<grid::Grid> edited = grid->with_edits(off_map, grid::TerrainTable::benchmark(), "e.txt");
    ASSERT_FALSE(edited.has_value());
    EXPECT_EQ(edited.error().line, 7U);
    std::vector<grid::CellEdit> unknown = {{0, 0, 'Z', 3}};
    EXPECT_FALSE(grid->with_edits(unknown, grid::TerrainTable::benchmark(), "e.txt").has_value());
}

TEST(MapEdits, SolvingAfterEditsEqualsSolvingTheEditedMapFromScratch) {
    std::mt19937_64 random(704);
    const grid::TerrainTable terrain = crowd_terrain();
    io::MapFile map = testing::random_map(random, 64, 48, 0.2, "..G");  // no S yet: an S edit rebuilds
    Expected<grid::Grid> original = grid::Grid::build(map, terrain);
    ASSERT_TRUE(original.has_value());
    batch::EditableMap editable(*original, terrain, search::Moves::eight, search::DiagonalRule::both_free);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> goals;
    while (goals.size() < 5) {
        const std::uint32_t x = static_cast<std::uint32_t>(random() % map.width);
        const std::uint32_t y = static_cast<std::uint32_t>(random() % map.height);
        if (original->passable(x, y)) goals.emplace_back(x, y);
    }
    for (int round = 0; round < 4; ++round) {
        for (const auto& [x, y] : goals) (void)editable.field(x, y);
        // A wall across part of the map, cells opened, cost changes; the last rounds add a new letter.
        std::vector<grid::CellEdit> edits;
        const std::uint32_t wall_x = 10 + static_cast<std::uint32_t>(round) * 12;
        for (std::uint32_t y = 0; y + 6 < map.height; ++y) edits.push_back({wall_x, y, '@', 0});
        for (int index = 0; index < 40; ++index) {
            const char letters[] = {'.', '@', 'G', round >= 2 ? 'S' : '.'};
            edits.push_back({static_cast<std::uint32_t>(random() % map.width),
                             static_cast<std::uint32_t>(random() % map.height), letters[random() % 4], 0});
        }
        for (const auto& [x, y] : goals) edits.push_back({x, y, '.', 0});  // keep the goals passable
        for (const grid::CellEdit& edit : edits)
            map.letters[static_cast<std::size_t>(edit.y) * map.width + edit.x] = edit.letter;
        Expected<batch::EditReport> report = editable.apply_edits(edits);
        ASSERT_TRUE(report.has_value()) << report.error().describe();
        EXPECT_EQ(report->fields_kept + report->fields_dropped, goals.size());

        Expected<grid::Grid> scratch = grid::Grid::build(map, terrain);
        ASSERT_TRUE(scratch.has_value());
        const grid::Grid& edited = editable.grid();
        // The patched grid is the rebuilt one, cell by cell.
        for (std::uint32_t y = 0; y < map.height; ++y) {
            for (std::uint32_t x = 0; x < map.width; ++x) {
                ASSERT_EQ(edited.letter(x, y), scratch->letter(x, y));
                ASSERT_EQ(edited.passable(x, y), scratch->passable(x, y));
            }
        }
        // Refreshed components partition the cells as computing them afresh does.
        const search::Components fresh =
            search::Components::compute(*scratch, search::Moves::eight, search::DiagonalRule::both_free);
        std::map<std::uint32_t, std::uint32_t> fresh_of_refreshed;
        std::map<std::uint32_t, std::uint32_t> refreshed_of_fresh;
        for (std::uint32_t cell = 0; cell < scratch->padded_cell_count(); ++cell) {
            const std::uint32_t a = editable.components().label(grid::PaddedIndex{cell});
            const std::uint32_t b = fresh.label(grid::PaddedIndex{cell});
            ASSERT_EQ(a == 0, b == 0);
            if (a == 0) continue;
            EXPECT_EQ(fresh_of_refreshed.try_emplace(a, b).first->second, b);
            EXPECT_EQ(refreshed_of_fresh.try_emplace(b, a).first->second, a);
        }
        // Cached (kept) and recomputed fields equal fields computed on the rebuilt grid.
        search::FieldWorkspace workspace;
        for (const auto& [goal_x, goal_y] : goals) {
            const auto kept = editable.field(goal_x, goal_y);
            const search::GoalField expected = search::GoalField::compute(
                *scratch, search::Moves::eight, search::DiagonalRule::both_free, goal_x, goal_y, {}, true, workspace);
            for (std::uint32_t y = 0; y < map.height; ++y) {
                for (std::uint32_t x = 0; x < map.width; ++x) {
                    ASSERT_EQ(kept->settled(x, y), expected.settled(x, y)) << x << "," << y;
                    if (expected.settled(x, y)) {
                        ASSERT_EQ(kept->cost_units(x, y), expected.cost_units(x, y));
                    }
                }
            }
        }
        // The crowd solver on the edited grid answers as on the rebuilt one, and as A* does.
        const std::vector<search::Query> queries = crowd_queries(*scratch, random, 3, 30);
        search::SearchSettings settings;
        settings.algorithm = search::Algorithm::flowfield;
        const std::vector<search::Result> expected = solve_astar(*scratch, settings, queries);
        expect_same_costs(expected, solve_crowd(edited, settings, queries, 2));
        settings.algorithm = search::Algorithm::automatic;
        expect_same_costs(expected, solve_crowd(edited, settings, queries, 2));
    }
}

// --- the command line ---------------------------------------------------------------------------

TEST(CrowdCommandLine, GeneratedCrowdsPassCheckWithFlowfieldAndAuto) {
    const std::string folder = testing::scratch_folder("crowd-cli");
    const std::string maps[] = {testing::dataset_folder() + "/dao/arena.map",
                                testing::dataset_folder() + "/street/Berlin_1_256.map",
                                testing::dataset_folder() + "/mazes/maze512-32-0.map"};
    int seed = 1;
    for (const std::string& map : maps) {
        const std::string scenario = folder + "/crowd" + std::to_string(seed) + ".map.scen";
        testing::CommandOutcome generated = testing::run_swarmpath(
            "generate crowd " + map + " --agents 600 --goals 3 --seed " + std::to_string(seed++) + " -o " + scenario);
        ASSERT_EQ(generated.exit_code, 0) << generated.standard_error;
        Expected<io::ScenarioFile> rows = io::read_scenario_file(scenario);
        ASSERT_TRUE(rows.has_value());
        ASSERT_EQ(rows->rows.size(), 600U);
        for (const char* algorithm : {"flowfield", "auto", "astar"}) {
            const std::string summary = folder + "/summary.json";
            testing::CommandOutcome solved =
                testing::run_swarmpath("solve " + scenario + " --map " + map + " --check --threads 2 --algorithm " +
                                       algorithm + " --summary " + summary);
            EXPECT_EQ(solved.exit_code, 0) << algorithm << " on " << map << "\n" << solved.standard_error;
            if (std::string(algorithm) == "flowfield") {
                const std::string text = testing::read_text(summary);
                EXPECT_NE(text.find("\"field_groups\": 3"), std::string::npos) << text;
                EXPECT_NE(text.find("\"algorithm\": \"flowfield\""), std::string::npos) << text;
            }
        }
    }
}

TEST(CrowdCommandLine, FlowfieldPassesCheckOnBundledScenarios) {
    for (const char* file : {"/dao/arena.map.scen", "/dao/den312d.map.scen"}) {
        testing::CommandOutcome solved = testing::run_swarmpath("solve " + testing::dataset_folder() + file +
                                                                " --check --threads 2 --algorithm flowfield");
        EXPECT_EQ(solved.exit_code, 0) << file << "\n" << solved.standard_error;
    }
}

TEST(CrowdCommandLine, EditsApplyBeforeSolving) {
    const std::string folder = testing::scratch_folder("crowd-edits");
    const std::string map_path = testing::dataset_folder() + "/dao/arena.map";
    Expected<io::MapFile> map = io::read_map_file(map_path);
    ASSERT_TRUE(map.has_value());
    // A wall with a gap through the middle of the arena, as an edit file and as an edited map.
    std::string edits = "# a wall\n";
    for (std::uint32_t y = 2; y + 4 < map->height; ++y) {
        edits += std::to_string(map->width / 2) + " " + std::to_string(y) + " @\n";
        map->letters[static_cast<std::size_t>(y) * map->width + map->width / 2] = '@';
    }
    std::ofstream(folder + "/wall.edits") << edits;
    std::ofstream(folder + "/edited.map") << testing::to_map_text(*map);
    const std::string scenario = folder + "/edited.map.scen";
    ASSERT_EQ(testing::run_swarmpath("generate crowd " + folder + "/edited.map --agents 300 --goals 2 -o " + scenario)
                  .exit_code,
              0);
    for (const char* algorithm : {"flowfield", "auto"}) {
        testing::CommandOutcome solved =
            testing::run_swarmpath("solve " + scenario + " --map " + map_path + " --edits " + folder +
                                   "/wall.edits --check --algorithm " + algorithm);
        EXPECT_EQ(solved.exit_code, 0) << solved.standard_error;
    }
    // Without the edits the lengths differ somewhere: the check fails.
    EXPECT_EQ(testing::run_swarmpath("solve " + scenario + " --map " + map_path + " --check").exit_code, 1);
    std::ofstream(folder + "/bad.edits") << "1 1 .\n1 -2 @\n";
    testing::CommandOutcome bad =
        testing::run_swarmpath("solve " + scenario + " --map " + map_path + " --edits " + folder + "/bad.edits");
    EXPECT_EQ(bad.exit_code, 2);
    EXPECT_NE(bad.standard_error.find("bad.edits:2:3"), std::string::npos) << bad.standard_error;
}

TEST(CrowdCommandLine, FieldCommandWritesAReadableFieldAndPicture) {
    const std::string folder = testing::scratch_folder("crowd-field");
    const std::string map_path = testing::dataset_folder() + "/dao/arena.map";
    Expected<io::MapFile> map = io::read_map_file(map_path);
    ASSERT_TRUE(map.has_value());
    Expected<grid::Grid> grid = grid::Grid::build(*map, grid::TerrainTable::benchmark());
    ASSERT_TRUE(grid.has_value());
    std::uint32_t goal_x = map->width / 2;
    const std::uint32_t goal_y = map->height / 2;
    while (!grid->passable(goal_x, goal_y)) ++goal_x;
    testing::CommandOutcome made = testing::run_swarmpath("field " + map_path + " " + std::to_string(goal_x) + " " +
                                                          std::to_string(goal_y) + " -o " + folder + "/arena.field");
    ASSERT_EQ(made.exit_code, 0) << made.standard_error;
    Expected<io::FieldFile> file = io::read_field_file(folder + "/arena.field");
    ASSERT_TRUE(file.has_value()) << file.error().describe();
    search::FieldWorkspace workspace;
    const search::GoalField field = search::GoalField::compute(
        *grid, search::Moves::eight, search::DiagonalRule::both_free, goal_x, goal_y, {}, true, workspace);
    EXPECT_EQ(*file, search::field_file_from(field, *grid));
    const std::string picture = testing::read_text(folder + "/arena.field.png");
    ASSERT_GT(picture.size(), 8U);
    EXPECT_EQ(picture.substr(1, 3), "PNG");
    EXPECT_EQ(testing::run_swarmpath("field " + map_path + " 0 0 -o " + folder + "/blocked.field").exit_code, 2);
}

}  // namespace
}  // namespace swarmpath
