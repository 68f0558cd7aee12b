// Solving many queries at once over oneTBB, and the engine's only owner of threads. A BatchSolver
// holds a task arena capped at its thread count and one WorkerSlot per worker: the worker's search
// context and goal-field workspace, created once and reused for every task it runs, in this call
// and in later calls on the same BatchSolver. Everything parallel in the engine runs here:
//   - for_each: a task per index, each call handed the running worker's slot;
//   - parallel_loop(): a core::ParallelLoop for preprocessing in lower layers (the JPS+ table), which
//     runs its loop in the same arena, so a thread limit holds for preprocessing too;
//   - execute: any work (creating a Solver, labelling components) on the calling thread, inside the
//     arena once the workers have started.
// With one thread, nothing is scheduled: every task runs on the calling thread. With more, work also
// runs on the calling thread until it has taken a millisecond in all (set_workers_start_after), and
// only the rest is shared out: starting oneTBB costs a process about a millisecond of wall time and
// several of CPU, more than a short batch or a small map's JPS+ table gains from a second thread,
// and a batch that runs longer pays it once, where it is small beside the batch. Each result is
// written to its query's own slot, so the output is the same whatever the thread count or schedule.
// The solver and its grid are shared read-only. A BatchSolver runs one call at a time: do not call
// it from two threads at once, nor from inside one of its own tasks.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <type_traits>

#include "swarmpath/core/parallel_loop.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/goal_field.hpp"
#include "swarmpath/search/solver.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::batch {

/// What one worker owns: everything a task may reuse from one task to the next. Only the worker
/// running a task touches its slot, so a task may use it freely and keep nothing in it that another
/// task needs afterwards.
struct alignas(64) WorkerSlot {
    search::SearchContext context;           ///< per-agent search (Solver::solve)
    search::FieldWorkspace field_workspace;  ///< a goal field's Dijkstra scratch
    search::GoalField field;                 ///< one goal field whose storage is reused field after field
    [[nodiscard]] std::size_t memory_bytes() const { return context.memory_bytes() + field.memory_bytes(); }
};

class BatchSolver {
public:
    /// `threads` workers (0: one per hardware thread).
    explicit BatchSolver(unsigned threads = 0);
    ~BatchSolver();
    BatchSolver(BatchSolver&&) noexcept;
    BatchSolver& operator=(BatchSolver&&) noexcept;

    /// Makes every worker's search context ready for grids of up to `padded_cells` padded cells, so
    /// that the batches that follow do not pay for it. A context's per-cell arrays are mapped as zero
    /// pages, faulted in only where searches go, so this costs microseconds, not a pass over the map.
    /// Free when the contexts are already large enough. Optional: solve does the same by itself
    /// (timed as search then). Starts no threads (see set_workers_start_after).
    void prepare(std::uint32_t padded_cells);
    /// The same for `solver`'s grid; the first worker's context takes what the solver set aside for
    /// one (search::Solver::prepare).
    void prepare(const search::Solver& solver);

    /// Solves queries[i] into results[i] for every i. `results` must be exactly as long as
    /// `queries`; otherwise nothing is solved and the Error says so.
    Status solve(const search::Solver& solver, std::span<const search::Query> queries,
                 std::span<search::Result> results);

    /// Runs `task(slot, index)` for every index in [0, count) on the workers, each call with the
    /// running worker's own slot. Indices are handed out in chunks of at most 8.
    template <class Task>
    void for_each(std::size_t count, Task&& task);

    /// A parallel loop over this BatchSolver's workers, for builders that take a core::ParallelLoop
    /// (search::JumpPointTable::build, search::Solver::create). Valid while this BatchSolver lives.
    [[nodiscard]] core::ParallelLoop parallel_loop();

    /// Runs `work` on the calling thread, inside the workers' task arena once they have started, so
    /// that any parallel loop within it (from parallel_loop()) is held to the same thread count.
    template <class Work>
    void execute(Work&& work);

    /// How long work runs on the calling thread alone (summed over every call: batches, loops,
    /// execute) before the worker threads start; what comes after is shared out. One millisecond
    /// unless set; zero starts them with the first loop. No effect with one worker. Results are the
    /// same either way: each index is written by whichever thread runs it, into its own place.
    void set_workers_start_after(std::chrono::nanoseconds calling_thread_time);
    /// Whether work is shared out among the workers yet (always false with one worker). Once
    /// started, they stay started for the BatchSolver's life.
    [[nodiscard]] bool workers_started() const;

    /// Called with `user` on the running thread before every chunk of work this BatchSolver runs
    /// (for_each chunks, parallel_loop() ranges, execute), or nothing when `observer` is null. For
    /// profiling and for tests that check which threads ran the engine's work. Set it between calls.
    using TaskObserver = void (*)(void* user);
    void set_task_observer(TaskObserver observer, void* user);

    [[nodiscard]] unsigned threads() const;
    /// Bytes held by all workers' slots (search contexts and goal fields).
    [[nodiscard]] std::size_t context_memory_bytes() const;

private:
    struct Workers;
    static void run_parallel_loop(void* workers, std::size_t count, std::size_t grain, core::ParallelLoop::Body body);
    void execute_erased(void (*call)(void*), void* work);
    void run(std::size_t count, void (*call)(void*, WorkerSlot&, std::size_t), void* task);
    std::unique_ptr<Workers> workers_;
};

/// The workers a batch asked for `requested` threads runs (the command line's --threads, Python's
/// `threads=`, C's `threads`): one per hardware thread at most, 0 meaning that many; more would only
/// wait for a core and hold memory. Hardware threads are those the process's processor affinity
/// allows, at most its control group's CPU quota in whole processors (a container's --cpus),
/// counted without asking oneTBB (asking would start it).
[[nodiscard]] unsigned worker_threads(unsigned requested);

/// The workers a solver's set-up for `algorithm` runs on, for a BatchSolver made to prepare it: one
/// per hardware thread (0) where the set-up builds a table in parallel (JPS+; auto and goal fields,
/// which may build one), one otherwise (A*, JPS). One worker runs inline on the calling thread, so
/// a set-up with nothing to share out never starts oneTBB (starting it loads its allocator library,
/// and an OpenMP runtime where one is installed: 1-1.5 ms of a process).
[[nodiscard]] unsigned preparation_threads(search::Algorithm algorithm);

template <class Task>
void BatchSolver::for_each(std::size_t count, Task&& task) {
    auto trampoline = [](void* erased, WorkerSlot& slot, std::size_t index) {
        (*static_cast<std::remove_reference_t<Task>*>(erased))(slot, index);
    };
    run(count, trampoline, &task);
}

template <class Work>
void BatchSolver::execute(Work&& work) {
    execute_erased([](void* erased) { (*static_cast<std::remove_reference_t<Work>*>(erased))(); }, &work);
}

}  // namespace swarmpath::batch
