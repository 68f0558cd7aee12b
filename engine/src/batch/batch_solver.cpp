// oneTBB-backed batch solving (see batch_solver.hpp). Work is split by tbb::parallel_for into
// chunks of at most 8 queries so that long and short queries balance across workers; per-worker contexts live in
// an enumerable_thread_specific inside a task_arena capped at the requested thread count.
#include "swarmpath/batch/batch_solver.hpp"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>

namespace swarmpath::batch {

struct BatchSolver::Workers {
    explicit Workers(unsigned count) : threads(count), arena(static_cast<int>(count)) {}
    unsigned threads;
    tbb::task_arena arena;
    tbb::enumerable_thread_specific<search::SearchContext> contexts;
};

BatchSolver::BatchSolver(unsigned threads) {
    if (threads == 0) threads = static_cast<unsigned>(tbb::info::default_concurrency());
    workers_ = std::make_unique<Workers>(threads);
}

BatchSolver::~BatchSolver() = default;
BatchSolver::BatchSolver(BatchSolver&&) noexcept = default;
BatchSolver& BatchSolver::operator=(BatchSolver&&) noexcept = default;

unsigned BatchSolver::threads() const { return workers_->threads; }

std::size_t BatchSolver::context_memory_bytes() const {
    std::size_t total = 0;
    for (const search::SearchContext& context : workers_->contexts) total += context.memory_bytes();
    return total;
}

void BatchSolver::run(std::size_t count, void (*call)(void*, search::SearchContext&, std::size_t), void* task) {
    if (count == 0) return;
    Workers& workers = *workers_;
    if (workers.threads == 1) {
        // One worker: run inline, without the scheduler, on the calling thread's context.
        search::SearchContext& context = workers.contexts.local();
        for (std::size_t index = 0; index < count; ++index) call(task, context, index);
        return;
    }
    workers.arena.execute([&] {
        // simple_partitioner: chunks of at most 8 queries, handed out on demand. Queries differ in cost
        // by orders of magnitude, so small chunks balance well, and this partitioner keeps no shared
        // "was I stolen" flag between tasks (the auto partitioner's flag is a deliberate benign race
        // inside oneTBB that ThreadSanitizer, blind to the uninstrumented library, reports).
        tbb::parallel_for(
            tbb::blocked_range<std::size_t>(0, count, 8),
            [&](const tbb::blocked_range<std::size_t>& range) {
                search::SearchContext& context = workers.contexts.local();
                for (std::size_t index = range.begin(); index != range.end(); ++index) call(task, context, index);
            },
            tbb::simple_partitioner());
    });
}

void BatchSolver::execute_erased(void (*call)(void*), void* work) {
    workers_->arena.execute([&] { call(work); });
}

Status BatchSolver::solve(const search::Solver& solver, std::span<const search::Query> queries,
                          std::span<search::Result> results) {
    if (results.size() != queries.size()) {
        return Error{"", 0, 0, "batch of " + std::to_string(queries.size()) + " queries given " +
                                   std::to_string(results.size()) + " result slots"};
    }
    for_each(queries.size(), [&](search::SearchContext& context, std::size_t index) {
        solver.solve(context, queries[index], results[index]);
    });
    return Success{};
}

}  // namespace swarmpath::batch
