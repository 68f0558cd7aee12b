// Same-process A/B timing of two builds of the engine (tools/ab-time.sh builds and runs it): loads
// two shared objects made from engine_entry.cpp and two source trees, and has them take turns on
// blocks of 16 queries of each scenario file (which one goes first alternates), timing each block
// by the thread's CPU clock. Both builds therefore see the same machine, whose speed drifts by tens
// of percent within minutes on a shared host; the figure is the median over repetitions of
// (time A / time B), so above 1 means B is faster. Also prints each side's nanoseconds per expansion,
// flags a difference in expansions (a change of tie order does that), and fails (exit 1) when the two
// disagree on the summed path costs, which no speed change may do.
// Usage: driver A.so B.so REPETITIONS STRIDE SCENARIO...
#include <dlfcn.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "thread_timing.hpp"

namespace {

using swarmpath::bench::median;
using swarmpath::bench::thread_seconds;

using Load = void* (*)(const char*, int);
using QueryCount = std::size_t (*)(void*);
using Solve = std::uint64_t (*)(void*, std::size_t, std::size_t, double*);

struct Build {
    Load load;
    QueryCount query_count;
    Solve solve;
};

Build open_build(const char* path) {
    void* library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
        std::fprintf(stderr, "%s\n", dlerror());
        std::exit(2);
    }
    Build build{reinterpret_cast<Load>(dlsym(library, "ab_load")),
                reinterpret_cast<QueryCount>(dlsym(library, "ab_query_count")),
                reinterpret_cast<Solve>(dlsym(library, "ab_solve"))};
    if (build.load == nullptr || build.query_count == nullptr || build.solve == nullptr) {
        std::fprintf(stderr, "%s: not an A/B engine build\n", path);
        std::exit(2);
    }
    return build;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 6) {
        std::fprintf(stderr, "usage: %s A.so B.so REPETITIONS STRIDE SCENARIO...\n", argv[0]);
        return 2;
    }
    const Build builds[2] = {open_build(argv[1]), open_build(argv[2])};
    const int repetitions = std::max(1, std::atoi(argv[3]));
    const int stride = std::max(1, std::atoi(argv[4]));
    constexpr std::size_t kBlockQueries = 16;
    bool disagree = false;
    std::printf("%-26s %8s %8s %8s %8s %12s %12s %14s\n", "scenario", "queries", "A/B", "min", "max", "A ns/exp",
                "B ns/exp", "expanded");
    for (int argument = 5; argument < argc; ++argument) {
        void* loaded[2] = {builds[0].load(argv[argument], stride), builds[1].load(argv[argument], stride)};
        if (loaded[0] == nullptr || loaded[1] == nullptr) {
            std::fprintf(stderr, "%s: cannot load the scenario or its map\n", argv[argument]);
            return 2;
        }
        const std::size_t count = builds[0].query_count(loaded[0]);
        std::vector<double> ratios, nanoseconds[2];
        std::uint64_t expanded[2] = {0, 0};
        double costs[2] = {0, 0};
        for (int repetition = 0; repetition < repetitions; ++repetition) {
            double seconds[2] = {0, 0};
            expanded[0] = expanded[1] = 0;
            costs[0] = costs[1] = 0;
            for (std::size_t block = 0; block < count; block += kBlockQueries) {
                const std::size_t end = std::min(count, block + kBlockQueries);
                const int first = static_cast<int>((block / kBlockQueries + static_cast<std::size_t>(repetition)) % 2);
                for (int turn = 0; turn < 2; ++turn) {
                    const int side = turn == 0 ? first : 1 - first;
                    const double begin = thread_seconds();
                    expanded[side] += builds[side].solve(loaded[side], block, end, &costs[side]);
                    seconds[side] += thread_seconds() - begin;
                }
            }
            ratios.push_back(seconds[0] / seconds[1]);
            for (int side = 0; side < 2; ++side) {
                nanoseconds[side].push_back(seconds[side] * 1e9 /
                                            static_cast<double>(std::max<std::uint64_t>(1, expanded[side])));
            }
        }
        std::string name = argv[argument];
        name = name.substr(name.find_last_of('/') + 1);
        const bool same_costs = costs[0] == costs[1];
        disagree = disagree || !same_costs;
        std::string remark;
        if (!same_costs) {
            remark = "  COSTS DIFFER";
        } else if (expanded[0] != expanded[1]) {
            remark = "  (B expands " + std::to_string(expanded[1]) + ")";
        }
        std::printf("%-26s %8zu %8.3f %8.3f %8.3f %12.1f %12.1f %14llu%s\n", name.c_str(), count, median(ratios),
                    *std::min_element(ratios.begin(), ratios.end()), *std::max_element(ratios.begin(), ratios.end()),
                    median(nanoseconds[0]), median(nanoseconds[1]), static_cast<unsigned long long>(expanded[0]),
                    remark.c_str());
    }
    return disagree ? 1 : 0;
}
