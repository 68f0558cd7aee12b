// BatchSolver owns the engine's threads. With one worker, everything the engine runs through it —
// building a JPS+ solver (its table through BatchSolver::parallel_loop), a batch, a crowd with goal
// fields — runs on exactly one thread, the caller's: the task observer records the thread of every
// chunk of work. With two workers the JPS+ table, the batch and the crowd (including goal groups
// large enough to be read off by every worker) give byte-identical results to one worker, whether
// the workers start at once, never (all work stays on the calling thread, outside oneTBB's arena,
// until their start time is spent) or part way through (the first chunks on the calling thread
// before the workers start, the rest shared out after).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <mutex>
#include <optional>
#include <random>
#include <set>
#include <thread>
#include <vector>

#include "random_maps.hpp"
#include "result_checks.hpp"
#include "search/jump_point_table.hpp"
#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/crowd_solver.hpp"
#include "swarmpath/search/solver.hpp"

namespace swarmpath::batch {
namespace {

struct ThreadLog {
    std::mutex mutex;
    std::set<std::thread::id> threads;
    std::size_t chunks = 0;
    const BatchSolver* workers = nullptr;  ///< the BatchSolver observed, when `started` is to be recorded
    std::vector<bool> started;             ///< chunk by chunk, in the order recorded: whether the workers had started
    static void record(void* user) {
        auto& log = *static_cast<ThreadLog*>(user);
        const std::lock_guard lock(log.mutex);
        log.threads.insert(std::this_thread::get_id());
        if (log.workers != nullptr) log.started.push_back(log.workers->workers_started());
        ++log.chunks;
    }
};

grid::Grid random_grid(std::uint64_t seed) {
    std::mt19937_64 random(seed);
    Expected<grid::Grid> grid =
        grid::Grid::build(testing::random_map(random, 72, 60, 0.2), grid::TerrainTable::benchmark());
    EXPECT_TRUE(grid.has_value());
    return std::move(*grid);
}

std::vector<search::Query> random_worker_queries(const grid::Grid& grid, std::size_t count, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    std::vector<search::Query> queries(count);
    for (search::Query& query : queries) {
        query = {
            static_cast<std::int64_t>(random() % grid.width()), static_cast<std::int64_t>(random() % grid.height()),
            static_cast<std::int64_t>(random() % grid.width()), static_cast<std::int64_t>(random() % grid.height())};
    }
    return queries;
}

/// Two goals with more agents than a group needs to be read off by every worker, and small groups.
std::vector<search::Query> crowd_queries(const grid::Grid& grid, std::uint64_t seed) {
    std::mt19937_64 random(seed);
    auto passable_cell = [&] {
        while (true) {
            const auto x = static_cast<std::int64_t>(random() % grid.width());
            const auto y = static_cast<std::int64_t>(random() % grid.height());
            if (grid.passable(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y))) return std::pair{x, y};
        }
    };
    std::vector<search::Query> queries;
    for (int goal = 0; goal < 14; ++goal) {
        const auto [goal_x, goal_y] = passable_cell();
        const int agents = goal < 2 ? 4200 : 6;
        for (int agent = 0; agent < agents; ++agent) {
            const auto [start_x, start_y] = passable_cell();
            queries.push_back({start_x, start_y, goal_x, goal_y});
        }
    }
    return queries;
}

struct Outputs {
    std::vector<search::Result> batch;
    std::vector<search::Result> crowd;
    CrowdReport report;
};

Outputs solve_everything(BatchSolver& workers, const grid::Grid& grid) {
    Outputs outputs;
    std::optional<Expected<search::Solver>> solver;
    search::SearchSettings settings;
    settings.algorithm = search::Algorithm::jps_plus;
    workers.execute(
        [&] { solver.emplace(search::Solver::create(grid, settings, {.parallel = workers.parallel_loop()})); });
    EXPECT_TRUE(solver && solver->has_value());
    const std::vector<search::Query> queries = random_worker_queries(grid, 300, 5);
    outputs.batch.resize(queries.size());
    EXPECT_TRUE(workers.solve(**solver, queries, outputs.batch));

    search::SearchSettings crowd_settings;
    crowd_settings.algorithm = search::Algorithm::flowfield;
    std::optional<Expected<CrowdSolver>> crowd;
    workers.execute([&] { crowd.emplace(CrowdSolver::create(grid, crowd_settings)); });
    EXPECT_TRUE(crowd && crowd->has_value());
    const std::vector<search::Query> agents = crowd_queries(grid, 9);
    outputs.crowd.resize(agents.size());
    outputs.report = (*crowd)->solve(agents, outputs.crowd, workers);
    return outputs;
}

TEST(ThreadLimitTest, OneWorkerRunsAllEngineWorkOnTheCallingThread) {
    const grid::Grid grid = random_grid(31);
    BatchSolver workers(1);
    ThreadLog log;
    workers.set_task_observer(&ThreadLog::record, &log);
    const Outputs outputs = solve_everything(workers, grid);
    const search::JumpPointTable table = search::JumpPointTable::build(grid, workers.parallel_loop());
    EXPECT_GT(outputs.report.field_groups, 0U);
    EXPECT_GT(log.chunks, 4U);
    ASSERT_EQ(log.threads.size(), 1U);
    EXPECT_EQ(*log.threads.begin(), std::this_thread::get_id());
}

TEST(ThreadLimitTest, TwoWorkersGiveWhatOneWorkerGives) {
    const grid::Grid grid = random_grid(32);
    BatchSolver one(1);
    BatchSolver two(2);
    two.set_workers_start_after(std::chrono::nanoseconds::zero());
    ThreadLog log;
    two.set_task_observer(&ThreadLog::record, &log);
    const Outputs serial = solve_everything(one, grid);
    const Outputs parallel = solve_everything(two, grid);
    testing::expect_identical_results(serial.batch, parallel.batch);
    testing::expect_identical_results(serial.crowd, parallel.crowd);
    EXPECT_EQ(serial.report.field_groups, parallel.report.field_groups);
    EXPECT_EQ(serial.report.field_cells_settled, parallel.report.field_cells_settled);
    EXPECT_LE(log.threads.size(), 2U);
    const search::JumpPointTable by_one = search::JumpPointTable::build(grid, one.parallel_loop());
    const search::JumpPointTable by_two = search::JumpPointTable::build(grid, two.parallel_loop());
    for (std::uint32_t cell = 0; cell < grid.padded_cell_count(); ++cell) {
        ASSERT_EQ(by_one.distances(cell), by_two.distances(cell)) << cell;
    }
}

/// Solves everything (solve_everything) with one worker and with two that start after
/// `start_after`, recording the two's chunks in `log`; returns the two's outputs after checking them
/// against the one's.
Outputs solve_with_two_starting_after(std::chrono::nanoseconds start_after, const grid::Grid& grid, ThreadLog& log,
                                      BatchSolver& two) {
    BatchSolver one(1);
    two.set_workers_start_after(start_after);
    log.workers = &two;
    two.set_task_observer(&ThreadLog::record, &log);
    const Outputs serial = solve_everything(one, grid);
    Outputs outputs = solve_everything(two, grid);
    testing::expect_identical_results(serial.batch, outputs.batch);
    testing::expect_identical_results(serial.crowd, outputs.crowd);
    EXPECT_EQ(serial.report.field_cells_settled, outputs.report.field_cells_settled);
    return outputs;
}

TEST(ThreadLimitTest, WorkersThatHaveNotStartedLeaveAllWorkOnTheCallingThread) {
    BatchSolver two(2);
    ThreadLog log;
    (void)solve_with_two_starting_after(std::chrono::hours(1), random_grid(33), log, two);
    EXPECT_GT(log.chunks, 4U);
    ASSERT_EQ(log.threads.size(), 1U);
    EXPECT_EQ(*log.threads.begin(), std::this_thread::get_id());
    EXPECT_EQ(std::count(log.started.begin(), log.started.end(), true), 0);
    EXPECT_FALSE(two.workers_started());
}

TEST(ThreadLimitTest, WorkersStartWhenTheCallingThreadHasSpentItsTime) {
    BatchSolver two(2);
    ThreadLog log;
    // Less than the JPS+ table, the 300 queries and the crowd of 8,484 agents take on any machine,
    // more than one chunk of eight queries.
    (void)solve_with_two_starting_after(std::chrono::microseconds(100), random_grid(34), log, two);
    ASSERT_GT(log.started.size(), 2U);
    EXPECT_FALSE(log.started.front()) << "the first chunk runs before the workers start";
    EXPECT_TRUE(log.started.back()) << "the last chunk runs once the workers have started";
    EXPECT_TRUE(two.workers_started());
    // Once started, the workers stay started: no chunk before the start after the first after it.
    const auto first_started = std::find(log.started.begin(), log.started.end(), true);
    EXPECT_EQ(std::find(first_started, log.started.end(), false), log.started.end());
    EXPECT_LE(log.threads.size(), 2U);
}

}  // namespace
}  // namespace swarmpath::batch
