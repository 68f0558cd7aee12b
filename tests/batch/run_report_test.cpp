// The run report (batch/run_report.hpp): tallying a set's results against its rows' optimal lengths,
// the run's totals, and merging the outcomes of a set's shards (the MPI gather) by the same
// algorithm-naming rule as one process (outcome_algorithm, batch/scenario_set.hpp).
#include <gtest/gtest.h>

#include <vector>

#include "swarmpath/batch/run_report.hpp"

namespace swarmpath::batch {
namespace {

search::Result result_of(search::QueryStatus status, double cost, std::uint64_t expanded) {
    search::Result result;
    result.status = status;
    result.cost = cost;
    result.counters.expanded = expanded;
    return result;
}

/// Three rows: one matching its optimal length, one mismatching by 0.5, one with no known length.
ScenarioSet three_row_set() {
    ScenarioSet set;
    set.scenario_path = "maps/arena.map.scen";
    set.scenario_name = "arena.map.scen";
    set.map_path = "maps/arena.map";
    set.queries = {{0, 0, 3, 0}, {0, 0, 2, 0}, {0, 0, 1, 1}};
    set.rows = {{3.0, 2, 0}, {2.0, 3, 0}, {0.0, 4, 0}};
    set.row_indices = {0, 1, 2};
    return set;
}

TEST(RunReport, TalliesStatusesChecksAndCountersOfASet) {
    SetOutcome outcome;
    outcome.algorithm = search::Algorithm::jps;
    outcome.search_seconds = 0.25;
    outcome.cpu_seconds = 0.5;
    outcome.results = {result_of(search::QueryStatus::found, 3.0, 10), result_of(search::QueryStatus::found, 2.5, 20),
                       result_of(search::QueryStatus::no_path, 0.0, 0)};
    RunReport run(1.0);
    const SetReport& report = run.add_set(three_row_set(), outcome);
    EXPECT_EQ(report.scenario_name, "arena.map.scen");
    EXPECT_EQ(report.queries, 3U);
    EXPECT_EQ(report.solved, 2U);
    EXPECT_EQ(report.mismatches, 1U);
    EXPECT_EQ(report.unknown, 1U);
    EXPECT_DOUBLE_EQ(report.max_abs_error, 0.5);
    EXPECT_DOUBLE_EQ(report.cost_sum, 5.5);
    EXPECT_EQ(report.counters.expanded, 30U);
    EXPECT_EQ(report.status_counts[static_cast<std::size_t>(search::QueryStatus::found)], 2U);
    EXPECT_EQ(report.status_counts[static_cast<std::size_t>(search::QueryStatus::no_path)], 1U);
    EXPECT_EQ(report.first_mismatches, std::vector<std::size_t>{1});
    EXPECT_TRUE(report.outcome.results.empty());  // the report keeps the figures, not the results
    EXPECT_EQ(report.outcome.algorithm, search::Algorithm::jps);

    run.add_set(three_row_set(), outcome);
    const RunTotals totals = run.totals();
    EXPECT_EQ(totals.queries, 6U);
    EXPECT_EQ(totals.solved, 4U);
    EXPECT_EQ(totals.mismatches, 2U);
    EXPECT_EQ(totals.counters.expanded, 60U);
    EXPECT_DOUBLE_EQ(totals.search_seconds, 0.5);
    EXPECT_DOUBLE_EQ(totals.cpu_seconds, 1.0);
    EXPECT_EQ(run.algorithm(search::Algorithm::automatic), search::Algorithm::jps);
    EXPECT_EQ(RunReport(1.0).algorithm(search::Algorithm::automatic), search::Algorithm::automatic);
}

TEST(RunReport, KeepsAtMostFiveMismatchingRows) {
    ScenarioSet set;
    SetOutcome outcome;
    for (int row = 0; row < 8; ++row) {
        set.queries.push_back({0, 0, 1, 0});
        set.rows.push_back({1.0, static_cast<std::uint32_t>(row + 2), 0});
        outcome.results.push_back(result_of(search::QueryStatus::found, 2.0, 1));
    }
    RunReport run(1.0);
    const SetReport& report = run.add_set(set, outcome);
    EXPECT_EQ(report.mismatches, 8U);
    EXPECT_EQ(report.first_mismatches, (std::vector<std::size_t>{0, 1, 2, 3, 4}));
}

TEST(OutcomeAlgorithm, NamesFlowfieldOnlyWhenFieldsAnsweredEverything) {
    using search::Algorithm;
    EXPECT_EQ(outcome_algorithm(Algorithm::astar, 0, 10, Algorithm::astar), Algorithm::astar);
    EXPECT_EQ(outcome_algorithm(Algorithm::jps_plus, 0, 10, Algorithm::jps_plus), Algorithm::jps_plus);
    EXPECT_EQ(outcome_algorithm(Algorithm::flowfield, 3, 10, Algorithm::jps), Algorithm::flowfield);
    EXPECT_EQ(outcome_algorithm(Algorithm::automatic, 10, 10, Algorithm::jps), Algorithm::flowfield);
    EXPECT_EQ(outcome_algorithm(Algorithm::automatic, 9, 10, Algorithm::jps), Algorithm::jps);
}

TEST(MergeShardOutcomes, GivesWhatOneProcessWouldReport) {
    SetOutcome fields;  // a shard answered wholly from goal fields
    fields.algorithm = search::Algorithm::flowfield;
    fields.field_groups = 2;
    fields.field_queries = 5;
    fields.search_seconds = 0.5;
    fields.cpu_seconds = 1.0;
    SetOutcome searched;  // a shard whose agents were searched with JPS
    searched.algorithm = search::Algorithm::jps;
    searched.field_groups = 1;
    searched.field_queries = 2;
    searched.search_seconds = 0.75;
    searched.cpu_seconds = 0.25;
    const std::vector<SetOutcome> shards{fields, searched};

    SetOutcome whole;
    merge_shard_outcomes(whole, shards, search::Algorithm::automatic, 10);
    EXPECT_EQ(whole.algorithm, search::Algorithm::jps);  // fields answered 7 of 10
    EXPECT_EQ(whole.field_groups, 3U);
    EXPECT_EQ(whole.field_queries, 7U);
    EXPECT_DOUBLE_EQ(whole.search_seconds, 0.75);  // shards run at the same time
    EXPECT_DOUBLE_EQ(whole.cpu_seconds, 1.25);

    SetOutcome all_fields;
    merge_shard_outcomes(all_fields, shards, search::Algorithm::automatic, 7);
    EXPECT_EQ(all_fields.algorithm, search::Algorithm::flowfield);

    SetOutcome empty;  // no shard: an empty set's outcome is left as solve_set returns it
    merge_shard_outcomes(empty, {}, search::Algorithm::automatic, 0);
    EXPECT_EQ(empty.algorithm, SetOutcome{}.algorithm);
}

}  // namespace
}  // namespace swarmpath::batch
