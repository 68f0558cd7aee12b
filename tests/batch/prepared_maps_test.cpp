// PreparedMaps (batch/prepared_maps.hpp): sets on one map and settings share one preparation and get
// the same answers as sets solved each with its own; other settings or another grid get their own;
// release_unused drops a preparation once nothing else holds its grid, and at most kKept are kept;
// the mean passable run is the map's own, kept per grid and never taken for another grid's.
// Uses bundled maps: brc202d (large enough that auto's probes can choose JPS+) and den312d.
#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "random_maps.hpp"
#include "swarmpath/batch/algorithm_choice.hpp"
#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/prepared_maps.hpp"
#include "swarmpath/batch/scenario_run.hpp"

namespace swarmpath::batch {
namespace {

std::string bundled(const std::string& relative) { return testing::dataset_folder() + "/" + relative; }

/// The sets of one bundled scenario file, loaded through `maps` (so two loads share the grid).
std::vector<ScenarioSet> load(const std::string& relative, MapCache& maps) {
    Expected<std::vector<ScenarioSet>> sets = load_scenario_file(bundled(relative), LoadOptions{}, maps);
    EXPECT_TRUE(sets) << sets.error().describe();
    return sets ? std::move(*sets) : std::vector<ScenarioSet>{};
}

/// `set` cut into `parts` sets of consecutive rows (the files a benchmark suite splits a map into).
std::vector<ScenarioSet> split(const ScenarioSet& set, std::size_t parts) {
    std::vector<ScenarioSet> pieces;
    for (std::size_t part = 0; part < parts; ++part) {
        ScenarioSet piece = set;
        piece.rows.clear();
        piece.row_indices.clear();
        piece.queries.clear();
        for (std::size_t index = part * set.rows.size() / parts; index < (part + 1) * set.rows.size() / parts;
             ++index) {
            piece.rows.push_back(set.rows[index]);
            piece.row_indices.push_back(set.row_indices[index]);
            piece.queries.push_back(set.queries[index]);
        }
        pieces.push_back(std::move(piece));
    }
    return pieces;
}

void expect_same_answers(const SetOutcome& shared, const SetOutcome& alone) {
    ASSERT_EQ(shared.results.size(), alone.results.size());
    for (std::size_t index = 0; index < shared.results.size(); ++index) {
        EXPECT_EQ(shared.results[index].status, alone.results[index].status) << "query " << index;
        EXPECT_EQ(shared.results[index].cost_units, alone.results[index].cost_units) << "query " << index;
    }
}

class PreparedMapsTest : public ::testing::TestWithParam<search::Algorithm> {};

TEST_P(PreparedMapsTest, SetsOnOneMapShareOnePreparationAndAnswerAsAlone) {
    MapCache maps;
    std::vector<ScenarioSet> sets = load("dao/brc202d.map.scen", maps);
    ASSERT_EQ(sets.size(), 1U);
    const std::vector<ScenarioSet> pieces = split(sets.front(), 8);
    const search::SearchSettings settings{.algorithm = GetParam()};
    BatchSolver workers(2);
    PreparedMaps prepared;
    for (std::size_t part = 0; part < 3; ++part) {  // three of the eight: fields are slow under sanitizers
        Expected<SetOutcome> shared = solve_set(pieces[part], settings, workers, prepared);
        ASSERT_TRUE(shared) << shared.error().describe();
        Expected<SetOutcome> alone = solve_set(pieces[part], settings, workers);
        ASSERT_TRUE(alone) << alone.error().describe();
        EXPECT_FALSE(alone->setup_reused);
        if (part == 0) {
            EXPECT_FALSE(shared->setup_reused);
        } else {
            // Under auto a later set may still build the table its probes call for, once.
            if (GetParam() != search::Algorithm::automatic) {
                EXPECT_TRUE(shared->setup_reused) << "set " << part;
            }
            if (shared->setup_reused) {
                EXPECT_EQ(shared->preprocessing_seconds, 0.0) << "set " << part;
            }
        }
        expect_same_answers(*shared, *alone);
        for (std::size_t index = 0; index < pieces[part].rows.size(); ++index) {
            EXPECT_EQ(check_result(pieces[part], index, shared->results[index], 1.0), CheckVerdict::match)
                << "set " << part << " row " << index;
        }
    }
    EXPECT_EQ(prepared.size(), 1U);
}

INSTANTIATE_TEST_SUITE_P(EveryPreparation, PreparedMapsTest,
                         ::testing::Values(search::Algorithm::astar, search::Algorithm::jps,
                                           search::Algorithm::jps_plus, search::Algorithm::automatic,
                                           search::Algorithm::flowfield),
                         [](const ::testing::TestParamInfo<search::Algorithm>& parameter) {
                             std::string name(search::to_string(parameter.param));
                             for (char& letter : name) {
                                 if (letter == '+') letter = 'p';
                             }
                             return name;
                         });

TEST(PreparedMapsTest, AutoKeepsItsJumpTableForTheNextSet) {
    MapCache maps;
    std::vector<ScenarioSet> sets = load("dao/brc202d.map.scen", maps);
    ASSERT_EQ(sets.size(), 1U);
    const std::vector<ScenarioSet> halves = split(sets.front(), 2);
    const search::SearchSettings settings{.algorithm = search::Algorithm::automatic};
    BatchSolver workers(1);
    PreparedMaps prepared;
    Expected<SetOutcome> first = solve_set(sets.front(), settings, workers, prepared);
    ASSERT_TRUE(first) << first.error().describe();
    // All of brc202d's rows, mostly long: auto's cost model takes JPS+ (the case under test).
    ASSERT_EQ(first->algorithm, search::Algorithm::jps_plus);
    EXPECT_GT(first->preprocessing_seconds, 0.0);
    for (const ScenarioSet& half : halves) {
        Expected<SetOutcome> later = solve_set(half, settings, workers, prepared);
        ASSERT_TRUE(later) << later.error().describe();
        EXPECT_EQ(later->algorithm, search::Algorithm::jps_plus);
        EXPECT_TRUE(later->setup_reused);
        EXPECT_EQ(later->preprocessing_seconds, 0.0);
        EXPECT_GT(later->preprocessing_bytes, 0U);  // the table is in use, though built before
        Expected<SetOutcome> alone = solve_set(half, settings, workers);
        ASSERT_TRUE(alone) << alone.error().describe();
        expect_same_answers(*later, *alone);
    }
    EXPECT_EQ(prepared.size(), 1U);
}

TEST(PreparedMapsTest, OtherSettingsOrAnotherMapPrepareAgainAndReleaseFreesThem) {
    MapCache maps;
    PreparedMaps prepared;
    BatchSolver workers(1);
    std::string den_map;
    std::string arena_map;
    {
        std::vector<ScenarioSet> den = load("dao/den312d.map.scen", maps);
        std::vector<ScenarioSet> arena = load("dao/arena.map.scen", maps);
        ASSERT_EQ(den.size(), 1U);
        ASSERT_EQ(arena.size(), 1U);
        den_map = den.front().map_path;
        arena_map = arena.front().map_path;
        for (const search::Algorithm algorithm : {search::Algorithm::jps_plus, search::Algorithm::astar}) {
            Expected<SetOutcome> outcome = solve_set(den.front(), {.algorithm = algorithm}, workers, prepared);
            ASSERT_TRUE(outcome) << outcome.error().describe();
            EXPECT_FALSE(outcome->setup_reused) << search::to_string(algorithm);
        }
        search::SearchSettings four{.algorithm = search::Algorithm::astar, .moves = search::Moves::four};
        Expected<SetOutcome> outcome = solve_set(den.front(), four, workers, prepared);
        ASSERT_TRUE(outcome) << outcome.error().describe();
        EXPECT_FALSE(outcome->setup_reused);  // another movement rule: another preparation
        outcome = solve_set(arena.front(), {.algorithm = search::Algorithm::astar}, workers, prepared);
        ASSERT_TRUE(outcome) << outcome.error().describe();
        EXPECT_FALSE(outcome->setup_reused);  // another map
        outcome = solve_set(den.front(), {.algorithm = search::Algorithm::astar}, workers, prepared);
        ASSERT_TRUE(outcome) << outcome.error().describe();
        EXPECT_TRUE(outcome->setup_reused);
        EXPECT_EQ(prepared.size(), 4U);
        prepared.release_unused();  // the sets and the map cache still hold both grids
        EXPECT_EQ(prepared.size(), 4U);
        maps.release(den_map);
    }
    prepared.release_unused();  // the sets are gone; the map cache holds arena only
    EXPECT_EQ(prepared.size(), 1U);
    maps.release(arena_map);
    prepared.release_unused();
    EXPECT_EQ(prepared.size(), 0U);
}

TEST(PreparedMapsTest, KeepsAtMostKKeptAndDropsTheLeastRecentlyUsed) {
    MapCache maps;
    std::vector<ScenarioSet> den = load("dao/den312d.map.scen", maps);
    ASSERT_EQ(den.size(), 1U);
    PreparedMaps prepared;
    BatchSolver workers(1);
    const std::vector<double> weights{1.0, 1.5, 2.0, 2.5, 3.0};  // five settings: five preparations
    ASSERT_GT(weights.size(), PreparedMaps::kKept);
    auto solve_weighted = [&](double weight) {
        Expected<SetOutcome> outcome =
            solve_set(den.front(), {.algorithm = search::Algorithm::astar, .weight = weight}, workers, prepared);
        EXPECT_TRUE(outcome) << outcome.error().describe();
        return outcome ? outcome->setup_reused : false;
    };
    for (std::size_t index = 0; index < PreparedMaps::kKept; ++index) EXPECT_FALSE(solve_weighted(weights[index]));
    EXPECT_TRUE(solve_weighted(weights[0]));                     // used again: the most recent now
    EXPECT_FALSE(solve_weighted(weights[PreparedMaps::kKept]));  // drops the least recently used, weights[1]
    EXPECT_EQ(prepared.size(), PreparedMaps::kKept);
    EXPECT_TRUE(solve_weighted(weights[0]));
    EXPECT_FALSE(solve_weighted(weights[1]));
}

// auto plans each set with its map's mean passable run, which the cache works out once per grid: the
// value is the map's own for each of two maps asked in turn, and a grid made after another was freed
// gets its own value, not the freed one's.
TEST(PreparedMapsTest, MeanPassableRunIsEachGridsOwn) {
    MapCache maps;
    PreparedMaps prepared;
    const std::vector<ScenarioSet> den = load("dao/den312d.map.scen", maps);
    const std::vector<ScenarioSet> arena = load("dao/arena.map.scen", maps);
    ASSERT_FALSE(den.empty() || arena.empty());
    const double den_run = mean_passable_run(*den.front().grid);
    const double arena_run = mean_passable_run(*arena.front().grid);
    ASSERT_NE(den_run, arena_run);
    for (int round = 0; round < 2; ++round) {
        EXPECT_EQ(prepared.mean_passable_run(den.front().grid), den_run);
        EXPECT_EQ(prepared.mean_passable_run(arena.front().grid), arena_run);
    }
    std::mt19937_64 random(5);
    for (int made = 0; made < 8; ++made) {  // grids made and freed in turn may reuse an address
        const double density = 0.1 + 0.1 * made;
        auto grid = std::make_shared<const grid::Grid>(
            *grid::Grid::build(testing::random_map(random, 40, 30, density), grid::TerrainTable::benchmark()));
        EXPECT_EQ(prepared.mean_passable_run(grid), mean_passable_run(*grid)) << density;
    }
}

}  // namespace
}  // namespace swarmpath::batch
