// A count of work done by parallel tasks, reported through a caller's progress callback: each task
// adds what it finished, and the one that finds the report free calls the callback with the count so
// far (never less than the report before), while the others go on without waiting for it (a
// try_lock, not a lock: a slow callback, such as Python's, never holds the workers up). Serves the
// long builds that take a progress callback (the path oracle's rows, goal bounds). Internal to the
// engine. Assumes the callback may run on any worker thread, one call at a time.
#pragma once

#include <atomic>
#include <cstddef>
#include <mutex>

namespace swarmpath::core {

class ProgressCount {
public:
    using Callback = void (*)(void* user, std::size_t done, std::size_t total);

    /// Counts towards `total`; reports nothing when `callback` is null.
    ProgressCount(Callback callback, void* user, std::size_t total) : callback_(callback), user_(user), total_(total) {}

    /// Adds `finished` units and reports the count, unless another task is reporting now. The count
    /// is read under the report's lock, so successive reports never go down (one read before the
    /// lock could be overtaken by another task's larger count reported first).
    void add(std::size_t finished) {
        done_.fetch_add(finished, std::memory_order_relaxed);
        if (callback_ != nullptr && report_.try_lock()) {
            callback_(user_, done_.load(std::memory_order_relaxed), total_);
            report_.unlock();
        }
    }

    /// Reports the whole count once the tasks are over (a task's own report may have been skipped).
    void finish() const {
        if (callback_ != nullptr) callback_(user_, total_, total_);
    }

private:
    Callback callback_;
    void* user_;
    std::size_t total_;
    std::atomic<std::size_t> done_{0};
    std::mutex report_;
};

}  // namespace swarmpath::core
