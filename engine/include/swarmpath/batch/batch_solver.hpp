// Solving many queries at once over oneTBB. Each worker thread owns one SearchContext, created on
// its first query and reused for every later one, in this call and in later calls on the same
// BatchSolver. Each result is written to its query's own slot, so the output is the same whatever
// the thread count or schedule. The solver and its grid are shared read-only; no worker writes
// anything another reads while the batch runs.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <type_traits>

#include "swarmpath/search/solver.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::batch {

class BatchSolver {
public:
    /// `threads` workers (0: one per hardware thread).
    explicit BatchSolver(unsigned threads = 0);
    ~BatchSolver();
    BatchSolver(BatchSolver&&) noexcept;
    BatchSolver& operator=(BatchSolver&&) noexcept;

    /// Solves queries[i] into results[i] for every i. `results` must be exactly as long as
    /// `queries`; otherwise nothing is solved and the Error says so.
    Status solve(const search::Solver& solver, std::span<const search::Query> queries,
               std::span<search::Result> results);

    /// Runs `task(context, index)` for every index in [0, count) on the workers, each call with the
    /// calling worker's own context. For algorithms built on the same per-worker state.
    template <class Task>
    void for_each(std::size_t count, Task&& task);

    /// Runs `work` on the calling thread inside the workers' task arena, so any oneTBB parallelism
    /// within it (preprocessing: the JPS+ table, components) is held to the same thread count.
    template <class Work>
    void execute(Work&& work);

    [[nodiscard]] unsigned threads() const;
    /// Bytes held by all workers' contexts.
    [[nodiscard]] std::size_t context_memory_bytes() const;

private:
    struct Workers;
    void execute_erased(void (*call)(void*), void* work);
    void run(std::size_t count, void (*call)(void*, search::SearchContext&, std::size_t), void* task);
    std::unique_ptr<Workers> workers_;
};

template <class Task>
void BatchSolver::for_each(std::size_t count, Task&& task) {
    auto trampoline = [](void* erased, search::SearchContext& context, std::size_t index) {
        (*static_cast<std::remove_reference_t<Task>*>(erased))(context, index);
    };
    run(count, trampoline, &task);
}

template <class Work>
void BatchSolver::execute(Work&& work) {
    execute_erased([](void* erased) { (*static_cast<std::remove_reference_t<Work>*>(erased))(); }, &work);
}

}  // namespace swarmpath::batch
