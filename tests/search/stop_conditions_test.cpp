// Deadlines and cancellation (SearchSettings::time_budget, CancelToken; types.hpp). A batch on the
// bundled maze set cancelled from another thread must return within 50 ms of wall time, with every
// query it did not finish answered `cancelled` (never no_path) and every one it finished exact. A
// deadline stops a query with `deadline`, and with Fallback::nearest still returns a partial path.
// A deadline or token that never fires must leave every counter and path exactly as without one
// (the checkpoints reuse the expansion-limit comparison and change nothing else).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "random_maps.hpp"
#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/crowd_solver.hpp"
#include "swarmpath/batch/scenario_run.hpp"
#include "swarmpath/io/scenario_file.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/solver.hpp"

namespace swarmpath::search {
namespace {

std::vector<batch::ScenarioSet> maze_sets() {
    const std::string folder = testing::dataset_folder() + "/mazes/";
    Expected<std::vector<batch::ScenarioSet>> sets = batch::load_scenario_sets(
        {folder + "maze512-1-0.map.scen", folder + "maze512-32-0.map.scen"}, batch::LoadOptions{});
    EXPECT_TRUE(sets.has_value());
    return sets ? std::move(*sets) : std::vector<batch::ScenarioSet>{};
}

/// The stop latency a test accepts: 50 ms as the issue asks, and ten times that in sanitizer builds,
/// whose instrumentation slows every step of the search several times over.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr double kStopLimitMilliseconds = 500.0;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
constexpr double kStopLimitMilliseconds = 500.0;
#else
constexpr double kStopLimitMilliseconds = 50.0;
#endif
#else
constexpr double kStopLimitMilliseconds = 50.0;
#endif

/// Runs every maze query under `algorithm` on two workers, cancels from this thread after
/// `delay`, checks every status, and returns the stop latency in milliseconds.
double cancel_maze_batch(Algorithm algorithm, std::chrono::milliseconds delay) {
    const std::vector<batch::ScenarioSet> sets = maze_sets();
    EXPECT_EQ(sets.size(), 2U);
    if (sets.size() != 2U) return 0;
    CancelToken token;
    SearchSettings settings;
    settings.algorithm = algorithm;
    settings.cancel = &token;
    settings.record_paths = false;
    std::vector<std::vector<Result>> results(sets.size());
    // Set-up (components, JPS rows, the crowd's groups' solver) before the batch: what is timed is
    // the batch itself, from cancel() until the last query has returned.
    std::vector<std::optional<Solver>> solvers;
    std::vector<std::optional<batch::CrowdSolver>> crowds;
    for (const batch::ScenarioSet& set : sets) {
        if (algorithm == Algorithm::flowfield) {
            Expected<batch::CrowdSolver> crowd = batch::CrowdSolver::create(*set.grid, settings);
            EXPECT_TRUE(crowd);
            if (!crowd) return 0;
            crowds.emplace_back(std::move(*crowd));
        } else {
            Expected<Solver> solver = Solver::create(*set.grid, settings);
            EXPECT_TRUE(solver);
            if (!solver) return 0;
            solvers.emplace_back(std::move(*solver));
        }
    }
    batch::BatchSolver workers(2);
    std::atomic<bool> finished{false};
    std::chrono::steady_clock::time_point finished_at;
    std::thread batch_thread([&] {
        for (std::size_t index = 0; index < sets.size(); ++index) {
            results[index].resize(sets[index].queries.size());
            if (algorithm == Algorithm::flowfield) {
                crowds[index]->solve(sets[index].queries, results[index], workers);
            } else {
                EXPECT_TRUE(workers.solve(*solvers[index], sets[index].queries, results[index]));
            }
        }
        finished_at = std::chrono::steady_clock::now();
        finished = true;
    });
    std::this_thread::sleep_for(delay);
    const auto cancelled_at = std::chrono::steady_clock::now();
    token.cancel();
    batch_thread.join();
    EXPECT_TRUE(finished.load());
    const double latency_ms = std::chrono::duration<double, std::milli>(finished_at - cancelled_at).count();
    std::printf("[ stop latency ] %s: %.3f ms\n", std::string(to_string(algorithm)).c_str(), latency_ms);

    std::size_t found = 0;
    std::size_t cancelled = 0;
    for (std::size_t set = 0; set < sets.size(); ++set) {
        for (std::size_t index = 0; index < results[set].size(); ++index) {
            const Result& result = results[set][index];
            if (result.status == QueryStatus::cancelled) {
                ++cancelled;
                continue;
            }
            EXPECT_EQ(result.status, QueryStatus::found) << "query " << index << " of " << sets[set].scenario_name;
            EXPECT_TRUE(io::length_matches(result.cost, sets[set].rows[index].optimal_length));
            ++found;
        }
    }
    EXPECT_GT(cancelled, 0U);  // the batch was stopped, not finished
    // The second maze was not started when the token fired: all of it is cancelled.
    for (const Result& result : results[1]) EXPECT_EQ(result.status, QueryStatus::cancelled);
    std::printf("[ stop latency ] %zu found, %zu cancelled\n", found, cancelled);
    return latency_ms;
}

/// Up to three cancelled batches, every status checked each time; the fastest stop must be within
/// the limit. One attempt can lose its time slices to another process on a shared machine; what
/// the test establishes is that the batch can stop that fast, not the machine's load.
void expect_prompt_stop(Algorithm algorithm, std::chrono::milliseconds delay) {
    double fastest = 1e9;
    for (int attempt = 0; attempt < 3 && fastest >= kStopLimitMilliseconds; ++attempt) {
        fastest = std::min(fastest, cancel_maze_batch(algorithm, delay));
        if (::testing::Test::HasFailure()) return;
    }
    EXPECT_LT(fastest, kStopLimitMilliseconds) << to_string(algorithm);
}

TEST(StopConditionsTest, CancellingAnAStarBatchFromAnotherThreadStopsItWithinFiftyMilliseconds) {
    expect_prompt_stop(Algorithm::astar, std::chrono::milliseconds(300));
}

TEST(StopConditionsTest, CancellingAJumpPointBatchStopsItWithinFiftyMilliseconds) {
    expect_prompt_stop(Algorithm::jps, std::chrono::milliseconds(150));
}

TEST(StopConditionsTest, CancellingAGoalFieldBatchStopsItWithinFiftyMilliseconds) {
    expect_prompt_stop(Algorithm::flowfield, std::chrono::milliseconds(150));
}

TEST(StopConditionsTest, ATokenFiredBeforeTheBatchCancelsEveryQueryWithoutSearching) {
    const std::vector<batch::ScenarioSet> sets = maze_sets();
    ASSERT_FALSE(sets.empty());
    CancelToken token;
    token.cancel();
    SearchSettings settings;
    settings.algorithm = Algorithm::astar;
    settings.cancel = &token;
    Expected<Solver> solver = Solver::create(*sets[0].grid, settings);
    ASSERT_TRUE(solver);
    batch::BatchSolver workers(2);
    std::vector<Result> results(sets[0].queries.size());
    ASSERT_TRUE(workers.solve(*solver, sets[0].queries, results));
    for (const Result& result : results) {
        EXPECT_EQ(result.status, QueryStatus::cancelled);
        EXPECT_EQ(result.counters.expanded, 0U);
    }
    token.reset();
    SearchContext context;
    EXPECT_EQ(solver->solve(context, sets[0].queries.back()).status, QueryStatus::found);
}

/// The longest query of the first maze (its last row).
Query longest_maze_query(const batch::ScenarioSet& set) { return set.queries.back(); }

TEST(StopConditionsTest, ADeadlineStopsAQueryWithItsOwnStatus) {
    const std::vector<batch::ScenarioSet> sets = maze_sets();
    ASSERT_FALSE(sets.empty());
    for (Algorithm algorithm : {Algorithm::astar, Algorithm::jps}) {
        SearchSettings settings;
        settings.algorithm = algorithm;
        settings.time_budget = std::chrono::nanoseconds(1);
        Expected<Solver> solver = Solver::create(*sets[0].grid, settings);
        ASSERT_TRUE(solver);
        SearchContext context;
        const Result result = solver->solve(context, longest_maze_query(sets[0]));
        EXPECT_EQ(result.status, QueryStatus::deadline) << to_string(algorithm);
        EXPECT_EQ(result.counters.expanded, kCheckpointInterval) << "stopped at the first checkpoint";
        EXPECT_TRUE(result.path.empty());
    }
}

TEST(StopConditionsTest, FallbackNearestUnderADeadlineReturnsAPartialPath) {
    const std::vector<batch::ScenarioSet> sets = maze_sets();
    ASSERT_FALSE(sets.empty());
    const grid::Grid& grid = *sets[0].grid;
    SearchSettings settings;
    settings.algorithm = Algorithm::astar;
    settings.fallback = Fallback::nearest;
    settings.time_budget = std::chrono::nanoseconds(1);
    Expected<Solver> solver = Solver::create(grid, settings);
    ASSERT_TRUE(solver);
    SearchContext context;
    const Query query = longest_maze_query(sets[0]);
    const Result result = solver->solve(context, query);
    ASSERT_EQ(result.status, QueryStatus::deadline);
    ASSERT_GE(result.path.size(), 2U);
    EXPECT_EQ(result.path.front(),
              grid.cell(static_cast<std::uint32_t>(query.start_x), static_cast<std::uint32_t>(query.start_y)));
    EXPECT_NE(result.path.back(),
              grid.cell(static_cast<std::uint32_t>(query.goal_x), static_cast<std::uint32_t>(query.goal_y)));
    // The partial path is a chain of legal steps whose cost is the reported cost.
    double cost = 0;
    for (std::size_t index = 1; index < result.path.size(); ++index) {
        const std::int64_t dx =
            std::int64_t{result.path[index].value % grid.width()} - result.path[index - 1].value % grid.width();
        const std::int64_t dy =
            std::int64_t{result.path[index].value / grid.width()} - result.path[index - 1].value / grid.width();
        ASSERT_LE(std::abs(dx), 1);
        ASSERT_LE(std::abs(dy), 1);
        cost += (dx != 0 && dy != 0) ? std::sqrt(2.0) : 1.0;
    }
    EXPECT_NEAR(cost, result.cost, 1e-5);
}

TEST(StopConditionsTest, ADeadlineOrTokenThatNeverFiresChangesNothing) {
    const std::vector<batch::ScenarioSet> sets = maze_sets();
    ASSERT_FALSE(sets.empty());
    const batch::ScenarioSet& set = sets[1];
    CancelToken token;
    for (Algorithm algorithm : {Algorithm::astar, Algorithm::jps}) {
        for (std::uint64_t max_expansions : {std::uint64_t{0}, std::uint64_t{5000}}) {
            if (algorithm == Algorithm::jps && max_expansions != 0) continue;
            SearchSettings plain;
            plain.algorithm = algorithm;
            plain.max_expansions = max_expansions;
            SearchSettings watched = plain;
            watched.time_budget = std::chrono::hours(1);
            watched.cancel = &token;
            Expected<Solver> plain_solver = Solver::create(*set.grid, plain);
            Expected<Solver> watched_solver = Solver::create(*set.grid, watched);
            ASSERT_TRUE(plain_solver && watched_solver);
            SearchContext context;
            // Every 23rd query (268 of maze512-32-0's, short and long): the watched search must
            // match the plain one on each; more queries only lengthened the sanitizer runs (30 s).
            for (std::size_t index = 0; index < set.queries.size(); index += 23) {
                const Result expected = plain_solver->solve(context, set.queries[index]);
                const Result actual = watched_solver->solve(context, set.queries[index]);
                ASSERT_EQ(actual.status, expected.status) << index;
                EXPECT_EQ(actual.counters, expected.counters) << index;
                EXPECT_EQ(actual.cost_units, expected.cost_units) << index;
                EXPECT_EQ(actual.path, expected.path) << index;
            }
        }
    }
}

TEST(StopConditionsTest, TimedQueriesReportTheirNanoseconds) {
    const std::vector<batch::ScenarioSet> sets = maze_sets();
    ASSERT_FALSE(sets.empty());
    SearchSettings settings;
    settings.algorithm = Algorithm::astar;
    settings.time_queries = true;
    Expected<Solver> solver = Solver::create(*sets[1].grid, settings);
    ASSERT_TRUE(solver);
    SearchContext context;
    const Result result = solver->solve(context, sets[1].queries.back());
    EXPECT_EQ(result.status, QueryStatus::found);
    EXPECT_GT(result.nanoseconds, 0U);
    settings.time_queries = false;
    Expected<Solver> untimed = Solver::create(*sets[1].grid, settings);
    ASSERT_TRUE(untimed);
    EXPECT_EQ(untimed->solve(context, sets[1].queries.back()).nanoseconds, 0U);
}

}  // namespace
}  // namespace swarmpath::search
