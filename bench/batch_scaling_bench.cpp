// Batch-size scaling and memory flatness of the batch solver, printed as two tables:
//   1. batch sizes 10, 100, …, 100,000 queries: wall time per query and process CPU-seconds, each
//      batch on a fresh BatchSolver (so the small batches include the one-off context set-up);
//   2. a long run of --total queries (default 1,000,000) through one BatchSolver in chunks of 10,000
//      into one reused results buffer, printing the process's resident memory (VmRSS) after every
//      10% of the run: the engine's memory must stay flat however many queries pass through it.
// Queries are the rows of a scenario file, cycled in order (all solvable, deterministic).
// Usage: swarmpath_batch_scaling SCENARIO [--threads N] [--total Q] [--algorithm astar|auto]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/scenario_run.hpp"
#include "swarmpath/search/solver.hpp"

namespace {

using namespace swarmpath;

/// Resident memory of this process in KiB (VmRSS from /proc/self/status), 0 where unavailable.
long resident_kib() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmRSS:", 0) == 0) return std::atol(line.c_str() + 6);
    }
    return 0;
}

std::vector<search::Query> cycled(const std::vector<search::Query>& rows, std::size_t first, std::size_t count) {
    std::vector<search::Query> queries(count);
    for (std::size_t index = 0; index < count; ++index) queries[index] = rows[(first + index) % rows.size()];
    return queries;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s SCENARIO [--threads N] [--total Q] [--algorithm astar|auto]\n", argv[0]);
        return 2;
    }
    unsigned threads = 1;
    std::size_t total = 1000000;
    search::SearchSettings settings;
    settings.algorithm = search::Algorithm::astar;
    settings.record_paths = false;
    for (int index = 2; index + 1 < argc; index += 2) {
        const std::string option = argv[index];
        if (option == "--threads") threads = static_cast<unsigned>(std::atoi(argv[index + 1]));
        if (option == "--total") total = static_cast<std::size_t>(std::atoll(argv[index + 1]));
        if (option == "--algorithm" && std::string(argv[index + 1]) == "auto")
            settings.algorithm = search::Algorithm::automatic;
    }
    Expected<std::vector<batch::ScenarioSet>> sets = batch::load_scenario_sets({argv[1]}, batch::LoadOptions{});
    if (!sets || sets->empty() || sets->front().queries.empty()) {
        std::fprintf(stderr, "%s\n", sets ? "no queries" : sets.error().describe().c_str());
        return 2;
    }
    const batch::ScenarioSet& set = sets->front();
    Expected<search::Solver> solver = search::Solver::create(*set.grid, settings);
    if (!solver) {
        std::fprintf(stderr, "%s\n", solver.error().describe().c_str());
        return 2;
    }
    std::printf("map %s (%u x %u), %zu distinct queries cycled, %u thread(s)\n\n", set.map_path.c_str(),
                set.grid->width(), set.grid->height(), set.queries.size(), threads);

    std::printf("%10s %14s %14s %12s\n", "batch", "wall us/query", "cpu us/query", "queries/s");
    for (std::size_t size = 10; size <= 100000; size *= 10) {
        const std::vector<search::Query> queries = cycled(set.queries, 0, size);
        std::vector<search::Result> results(size);
        batch::BatchSolver workers(threads);
        const double cpu_before = batch::process_cpu_seconds();
        const auto begin = std::chrono::steady_clock::now();
        workers.solve(*solver, queries, results);
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
        const double cpu = batch::process_cpu_seconds() - cpu_before;
        std::printf("%10zu %14.2f %14.2f %12.0f\n", size, wall / static_cast<double>(size) * 1e6,
                    cpu / static_cast<double>(size) * 1e6, static_cast<double>(size) / wall);
    }

    std::printf("\n%12s %12s %14s\n", "queries done", "VmRSS KiB", "context bytes");
    const std::size_t chunk = 10000;
    batch::BatchSolver workers(threads);
    std::vector<search::Result> results(chunk);
    std::vector<search::Query> queries;
    std::size_t next_report = total / 10;
    std::uint64_t found = 0;
    const auto begin = std::chrono::steady_clock::now();
    for (std::size_t done = 0; done < total;) {
        const std::size_t count = std::min(chunk, total - done);
        queries = cycled(set.queries, done, count);
        workers.solve(*solver, queries, std::span(results).first(count));
        for (std::size_t index = 0; index < count; ++index)
            found += results[index].status == search::QueryStatus::found;
        done += count;
        if (done >= next_report || done == total) {
            std::printf("%12zu %12ld %14zu\n", done, resident_kib(), workers.context_memory_bytes());
            std::fflush(stdout);
            next_report += total / 10;
        }
    }
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    std::printf("\n%zu queries, %llu found, %.2f s, %.0f queries/s\n", total, static_cast<unsigned long long>(found),
                wall, static_cast<double>(total) / wall);
    return found == total ? 0 : 1;
}
