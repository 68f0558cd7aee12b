// One thread means one thread: with a BatchSolver of one worker, solving a set — JPS+ with
// its table build, goal fields with their component labels — starts no thread at all, because every
// preparation step runs inside the workers' arena. Counted by the threads of this process
// (/proc/self/task, Linux), each test in its own process as ctest runs them. Nor does a BatchSolver
// of two workers before its workers' start time is spent: preparing the workers' contexts starts no
// thread, and the same sets run on the calling thread alone. Also: the goal-field
// path reports progress between 0 and 100%, not only at the end.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <vector>

#include "random_maps.hpp"
#include "swarmpath/batch/crowd_solver.hpp"
#include "swarmpath/batch/scenario_run.hpp"

namespace swarmpath::batch {
namespace {

std::size_t thread_count() {
    std::size_t count = 0;
    for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator("/proc/self/task")) ++count;
    return count;
}

std::vector<ScenarioSet> bundled(const std::string& relative) {
    Expected<std::vector<ScenarioSet>> sets =
        load_scenario_sets({testing::dataset_folder() + "/" + relative}, LoadOptions{});
    EXPECT_TRUE(sets) << sets.error().describe();
    return sets ? std::move(*sets) : std::vector<ScenarioSet>{};
}

/// Solves the first 64 rows of Paris_0_1024 with each of `algorithms` on `workers`, expecting this
/// process to hold as many threads after each as before the first.
void expect_no_thread_started(BatchSolver& workers, std::initializer_list<search::Algorithm> algorithms) {
    const std::vector<ScenarioSet> sets = bundled("street/Paris_0_1024.map.scen");
    ASSERT_EQ(sets.size(), 1U);
    const std::size_t before = thread_count();
    for (search::Algorithm algorithm : algorithms) {
        search::SearchSettings settings;
        settings.algorithm = algorithm;
        ScenarioSet small = sets.front();
        small.queries.resize(64);
        small.rows.resize(64);
        small.row_indices.resize(64);
        Expected<SetOutcome> outcome = solve_set(small, settings, workers);
        ASSERT_TRUE(outcome) << outcome.error().describe();
        EXPECT_EQ(thread_count(), before) << "algorithm " << search::to_string(algorithm);
    }
}

TEST(ThreadLimitTest, OneWorkerStartsNoThreadForJumpPointTablesOrGoalFields) {
    BatchSolver workers(1);
    expect_no_thread_started(workers,
                             {search::Algorithm::jps_plus, search::Algorithm::flowfield, search::Algorithm::automatic});
}

TEST(ThreadLimitTest, TwoWorkersStartNoThreadBeforeTheirStartTime) {
    BatchSolver workers(2);
    workers.set_workers_start_after(std::chrono::hours(1));
    expect_no_thread_started(workers, {search::Algorithm::jps, search::Algorithm::jps_plus,
                                       search::Algorithm::flowfield, search::Algorithm::automatic});
    EXPECT_FALSE(workers.workers_started());
}

TEST(ThreadLimitTest, GoalFieldsReportProgressBeforeTheEnd) {
    const std::vector<ScenarioSet> sets = bundled("street/Berlin_1_256.map.scen");
    ASSERT_EQ(sets.size(), 1U);
    std::vector<std::size_t> reports;
    auto record = [](void* user, std::size_t done, std::size_t total) {
        auto* seen = static_cast<std::vector<std::size_t>*>(user);
        EXPECT_LE(done, total);
        seen->push_back(done);
    };
    for (unsigned threads : {1U, 2U}) {
        reports.clear();
        BatchSolver workers(threads);
        search::SearchSettings settings;
        settings.algorithm = search::Algorithm::automatic;
        Expected<SetOutcome> outcome = solve_set(sets.front(), settings, workers, record, &reports);
        ASSERT_TRUE(outcome) << outcome.error().describe();
        ASSERT_GE(reports.size(), 3U) << "threads " << threads;
        EXPECT_LT(reports.front(), sets.front().queries.size());
        EXPECT_EQ(reports.back(), sets.front().queries.size());
    }
}

}  // namespace
}  // namespace swarmpath::batch
