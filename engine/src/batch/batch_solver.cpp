// oneTBB-backed batch solving (see batch_solver.hpp): the one place in the engine that names
// oneTBB's parallel_for and task_arena. Work is split by tbb::parallel_for into chunks of at most 8
// indices so that long and short queries balance across workers. A task finds its worker's slot by
// the thread's index in the arena, which is below the arena's concurrency, so the slots are a
// plain vector made once. With one thread nothing is scheduled: loops run inline on slot 0. With
// more, loops run inline on slot 0 too until the BatchSolver's calling-thread time is spent (see
// set_workers_start_after); only then is the arena entered, which is what starts oneTBB (its
// library's one-time set-up, its allocator library and the worker threads). The arena is a plain
// member constructed without entering oneTBB, and the hardware thread count comes from the
// process's processor affinity and CPU quota (processor_count.hpp), so a BatchSolver whose work
// stays short never starts oneTBB at all.
#include "swarmpath/batch/batch_solver.hpp"

#include "batch/processor_count.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <string>
#include <vector>

namespace swarmpath::batch {

struct BatchSolver::Workers {
    using Clock = std::chrono::steady_clock;
    explicit Workers(unsigned count) : threads(count), arena(static_cast<int>(count)), slots(count) {}
    unsigned threads;
    tbb::task_arena arena;
    std::vector<WorkerSlot> slots;  ///< by thread index in the arena
    TaskObserver observer = nullptr;
    void* observer_user = nullptr;
    /// Whether work goes to the arena; until then (and always with one worker) it runs inline on
    /// the calling thread with slot 0. Written only by the calling thread, before it enters the arena.
    bool started = false;
    Clock::duration start_after = std::chrono::milliseconds(1);  ///< calling-thread time before starting
    Clock::duration spent_inline{};                              ///< calling-thread time so far

    void observe() const {
        if (observer != nullptr) observer(observer_user);
    }
    [[nodiscard]] bool inline_only() const { return threads == 1 || !started; }
    /// The running worker's slot: slot 0 while work runs inline, else by the thread's index in the arena.
    WorkerSlot& slot() {
        if (inline_only()) return slots[0];
        const int index = tbb::this_task_arena::current_thread_index();
        return slots[static_cast<std::size_t>(index < 0 ? 0 : index)];
    }
    /// Runs ranges of [0, count) of at most `grain` inline while calling-thread time is left, and
    /// returns where it stopped: `count` when the loop is done, else the first index the arena runs
    /// (the workers have started then).
    std::size_t run_inline(std::size_t count, std::size_t grain, core::ParallelLoop::Body body) {
        const Clock::time_point call_start = Clock::now();
        Clock::duration spent = spent_inline;
        std::size_t begin = 0;
        while (begin != count && spent < start_after) {
            const std::size_t end = begin + std::min(grain, count - begin);
            observe();
            body(begin, end);
            begin = end;
            spent = spent_inline + (Clock::now() - call_start);
        }
        spent_inline = spent;
        if (spent >= start_after) started = true;
        return begin;
    }
};

/// core::ParallelLoop's runner for a BatchSolver: its loop over the workers' arena.
void BatchSolver::run_parallel_loop(void* state, std::size_t count, std::size_t grain, core::ParallelLoop::Body body) {
    auto& workers = *static_cast<Workers*>(state);
    if (workers.threads == 1) {
        workers.observe();
        body(0, count);
        return;
    }
    const std::size_t first = workers.started ? 0 : workers.run_inline(count, grain, body);
    if (first == count) return;
    workers.arena.execute([&] {
        // simple_partitioner: ranges of at most `grain`, handed out on demand; it keeps no shared
        // "was I stolen" flag between tasks (the auto partitioner's flag is a deliberate benign race
        // inside oneTBB that ThreadSanitizer, blind to the uninstrumented library, reports).
        tbb::parallel_for(
            tbb::blocked_range<std::size_t>(first, count, grain),
            [&](const tbb::blocked_range<std::size_t>& range) {
                workers.observe();
                body(range.begin(), range.end());
            },
            tbb::simple_partitioner());
    });
}

BatchSolver::BatchSolver(unsigned threads) {
    if (threads == 0) threads = hardware_threads();
    workers_ = std::make_unique<Workers>(threads);
}

BatchSolver::~BatchSolver() = default;
BatchSolver::BatchSolver(BatchSolver&&) noexcept = default;
BatchSolver& BatchSolver::operator=(BatchSolver&&) noexcept = default;

unsigned BatchSolver::threads() const { return workers_->threads; }

std::size_t BatchSolver::context_memory_bytes() const {
    std::size_t total = 0;
    for (const WorkerSlot& slot : workers_->slots) total += slot.memory_bytes();
    return total;
}

void BatchSolver::set_workers_start_after(std::chrono::nanoseconds calling_thread_time) {
    workers_->start_after = std::max(calling_thread_time, std::chrono::nanoseconds::zero());
}

bool BatchSolver::workers_started() const { return workers_->threads > 1 && workers_->started; }

void BatchSolver::set_task_observer(TaskObserver observer, void* user) {
    workers_->observer = observer;
    workers_->observer_user = user;
}

core::ParallelLoop BatchSolver::parallel_loop() { return core::ParallelLoop(&run_parallel_loop, workers_.get()); }

void BatchSolver::run(std::size_t count, void (*call)(void*, WorkerSlot&, std::size_t), void* task) {
    if (count == 0) return;
    Workers& workers = *workers_;
    const core::ParallelLoop loop = parallel_loop();
    loop(count, 8, [&](std::size_t begin, std::size_t end) {
        WorkerSlot& slot = workers.slot();
        for (std::size_t index = begin; index != end; ++index) call(task, slot, index);
    });
}

void BatchSolver::execute_erased(void (*call)(void*), void* work) {
    Workers& workers = *workers_;
    if (workers.inline_only()) {
        workers.observe();
        call(work);
        return;
    }
    workers.arena.execute([&] {
        workers.observe();
        call(work);
    });
}

void BatchSolver::prepare(std::uint32_t padded_cells) {
    Workers& workers = *workers_;
    for (WorkerSlot& slot : workers.slots) slot.context.prepare(padded_cells);
}

void BatchSolver::prepare(const search::Solver& solver) {
    Workers& workers = *workers_;
    for (WorkerSlot& slot : workers.slots) solver.prepare(slot.context);
}

Status BatchSolver::solve(const search::Solver& solver, std::span<const search::Query> queries,
                          std::span<search::Result> results) {
    if (results.size() != queries.size()) {
        return Error{"", 0, 0,
                     "batch of " + std::to_string(queries.size()) + " queries given " + std::to_string(results.size()) +
                         " result slots"};
    }
    for_each(queries.size(),
             [&](WorkerSlot& slot, std::size_t index) { solver.solve(slot.context, queries[index], results[index]); });
    return Success{};
}

unsigned worker_threads(unsigned requested) {
    if (requested == 1) return 1;
    const unsigned hardware = hardware_threads();
    return requested == 0 ? hardware : std::min(requested, hardware);
}

unsigned preparation_threads(search::Algorithm algorithm) {
    switch (algorithm) {
        case search::Algorithm::astar:
        case search::Algorithm::jps:
            return 1;
        default:
            return 0;
    }
}

}  // namespace swarmpath::batch
