// A parallel loop handed down to preprocessing (the JPS+ table, and whatever else a lower layer
// builds in parallel) by whoever owns the threads. The engine's layers run core < grid < io <
// search < batch, and only the batch layer (batch::BatchSolver) owns threads: a builder in a lower
// layer takes a ParallelLoop and calls it, and never names oneTBB. A default-constructed ParallelLoop
// runs the loop serially on the calling thread, so a builder called without one uses one thread.
//
// Contract for a runner: call `body(begin, end)` for disjoint ranges that together cover
// [0, count) exactly once, each range at most `grain` long unless the runner is serial, and return
// only when all calls have returned. Ranges may run concurrently, so bodies must write only to
// their own indices. A ParallelLoop refers to its runner: it must not outlive it.
#pragma once

#include <cstddef>
#include <type_traits>

namespace swarmpath::core {

class ParallelLoop {
public:
    /// A body erased to a state pointer and a function: what a runner receives.
    struct Body {
        const void* state;
        void (*call)(const void* state, std::size_t begin, std::size_t end);
        void operator()(std::size_t begin, std::size_t end) const { call(state, begin, end); }
    };
    using Runner = void (*)(void* runner_state, std::size_t count, std::size_t grain, Body body);

    /// Serial: the whole range in one call on the calling thread.
    ParallelLoop() = default;
    ParallelLoop(Runner runner, void* runner_state) : runner_(runner), runner_state_(runner_state) {}

    /// Runs `body(begin, end)` over [0, count) as described above.
    template <class RangeBody>
    void operator()(std::size_t count, std::size_t grain, const RangeBody& body) const {
        if (count == 0) return;
        if (runner_ == nullptr) {
            body(std::size_t{0}, count);
            return;
        }
        const Body erased{&body, [](const void* state, std::size_t begin, std::size_t end) {
                              (*static_cast<const RangeBody*>(state))(begin, end);
                          }};
        runner_(runner_state_, count, grain == 0 ? 1 : grain, erased);
    }

    /// Whether this loop runs serially on the calling thread.
    [[nodiscard]] bool serial() const { return runner_ == nullptr; }

private:
    Runner runner_ = nullptr;
    void* runner_state_ = nullptr;
};

}  // namespace swarmpath::core
