// A deliberate data race between two oneTBB tasks, built only under SWARMPATH_SANITIZE=thread. Its
// ctest entry passes only if ThreadSanitizer reports the race, which shows that the TSan job can
// report one at all: the sanitizer is linked, its options do not hide reports, and tasks run by
// TBB's workers are checked. Assumes TBB can run two tasks at once (two hardware threads); the
// tasks meet at a rendezvous first, so each increment is made on a different thread.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

#include <tbb/parallel_invoke.h>
#include <tbb/task_arena.h>

namespace {

int shared_counter = 0;  // written by both tasks without synchronisation: the race
std::atomic<int> arrived{0};

bool meet_other_task() {
    arrived.fetch_add(1, std::memory_order_acq_rel);
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (arrived.load(std::memory_order_acquire) < 2) {
        if (std::chrono::steady_clock::now() > give_up) return false;
        std::this_thread::yield();
    }
    return true;
}

}  // namespace

int main() {
    std::atomic<bool> met{true};
    auto task = [&] {
        ++shared_counter;  // before the rendezvous, so nothing orders the two writes
        if (!meet_other_task()) met = false;
    };
    tbb::task_arena arena(2);
    arena.execute([&] { tbb::parallel_invoke(task, task); });
    if (!met) {
        std::puts("canary: TBB did not run the two tasks at the same time; nothing was tested");
        return 1;
    }
    std::printf("canary: counter %d, no race reported\n", shared_counter);
    return 0;
}
