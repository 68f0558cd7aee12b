// The path oracle against JPS+ and A* on one scenario file, in one process and one thread, with the
// three interleaved repetition by repetition so that machine load falls on all of them alike:
//   swarmpath_oracle_bench SCENARIO ORACLE [--repetitions N] [--lookups N] [--skip-astar]
// ORACLE is a file from `swarmpath precompute` for the scenario's map. Every query is answered with
// its full path (the cells, start to goal). Printed, as medians over the repetitions:
//   - time per query (µs) of the oracle, JPS+ and A*, and the oracle's time per move (ns);
//   - the ratios JPS+ / oracle and A* / oracle;
//   - the time of one first-move lookup (ns) over random pairs of cells of one component, one call
//     each (Oracle::first_move) and all in one call (Oracle::first_moves), and over the same targets
//     grouped 16 to a source (its row then warm in cache);
//   - the oracle's file size (bytes and bytes per passable cell) and load time, and the JPS+
//     table's build time.
// Every oracle cost is checked against JPS+'s (exit 1 on a difference), so the timing is of right answers.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/path_oracle.hpp"
#include "swarmpath/batch/scenario_run.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/solver.hpp"

namespace {

using namespace swarmpath;
using Clock = std::chrono::steady_clock;

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t middle = values.size() / 2;
    return values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s SCENARIO ORACLE [--repetitions N] [--lookups N] [--skip-astar]\n", argv[0]);
        return 2;
    }
    const std::string scenario = argv[1];
    const std::string oracle_path = argv[2];
    int repetitions = 7;
    std::size_t lookup_count = 2000000;
    bool skip_astar = false;
    for (int index = 3; index < argc; ++index) {
        const std::string option = argv[index];
        if (option == "--repetitions" && index + 1 < argc) {
            repetitions = std::max(1, std::atoi(argv[++index]));
        } else if (option == "--lookups" && index + 1 < argc) {
            lookup_count = static_cast<std::size_t>(std::max(1, std::atoi(argv[++index])));
        } else if (option == "--skip-astar") {
            skip_astar = true;
        } else {
            std::fprintf(stderr, "unknown option %s\n", option.c_str());
            return 2;
        }
    }
    Expected<std::vector<batch::ScenarioSet>> sets = batch::load_scenario_sets({scenario}, {});
    if (!sets || sets->empty()) {
        std::fprintf(stderr, "%s\n", sets ? "no queries" : sets.error().describe().c_str());
        return 2;
    }
    const batch::ScenarioSet& set = sets->front();
    const grid::Grid& grid = *set.grid;
    Expected<batch::Oracle> oracle = batch::Oracle::load(oracle_path, grid, {});
    if (!oracle) {
        std::fprintf(stderr, "%s\n", oracle.error().describe().c_str());
        return 2;
    }
    search::SearchSettings settings;
    settings.record_paths = true;
    settings.algorithm = search::Algorithm::jps_plus;
    const auto table_start = Clock::now();
    Expected<search::Solver> jump_table = search::Solver::create(grid, settings);
    const double table_seconds = seconds_since(table_start);
    settings.algorithm = search::Algorithm::astar;
    Expected<search::Solver> astar = search::Solver::create(grid, settings);
    if (!jump_table || !astar) {
        std::fprintf(stderr, "solver: %s\n", (!jump_table ? jump_table : astar).error().describe().c_str());
        return 2;
    }
    const std::vector<search::Query>& queries = set.queries;
    search::SearchContext context;
    search::Result result;

    // Correctness first (and a warm-up): the oracle's costs are JPS+'s.
    std::uint64_t moves = 0;
    for (const search::Query& query : queries) {
        jump_table->solve(context, query, result);
        const grid::Cost expected = result.cost_units;
        const search::QueryStatus status = result.status;
        oracle->path(query, true, result);
        if (result.status != status || result.cost_units != expected) {
            std::fprintf(stderr, "oracle differs from jps+ on %lld %lld -> %lld %lld\n",
                         static_cast<long long>(query.start_x), static_cast<long long>(query.start_y),
                         static_cast<long long>(query.goal_x), static_cast<long long>(query.goal_y));
            return 1;
        }
        moves += result.path.empty() ? 0 : result.path.size() - 1;
    }

    // Random lookup pairs: passable cells of one component.
    std::vector<std::uint32_t> passable;
    for (std::uint32_t cell = 0; cell < grid.cell_count(); ++cell) {
        if (grid.passable(grid.padded(grid::CellIndex{cell}))) passable.push_back(cell);
    }
    std::mt19937_64 random(20);
    std::vector<std::uint32_t> pairs;  // x1, y1, x2, y2
    while (pairs.size() < lookup_count * 4) {
        const std::uint32_t from = passable[random() % passable.size()];
        const std::uint32_t to = passable[random() % passable.size()];
        if (oracle->first_move(from % grid.width(), from / grid.width(), to % grid.width(), to / grid.width()) < 0) {
            continue;  // the same cell, or another component
        }
        pairs.insert(pairs.end(), {from % grid.width(), from / grid.width(), to % grid.width(), to / grid.width()});
    }

    // The same pairs grouped by source, kWarmTargets targets each: after the first lookup of a
    // source its row is in cache, as when one agent asks again and again (the figure compressed path
    // databases usually quote).
    constexpr std::size_t kWarmTargets = 16;
    std::vector<std::uint32_t> warm_pairs;
    for (std::size_t pair = 0; pair + 4 * kWarmTargets <= pairs.size(); pair += 4 * kWarmTargets) {
        for (std::size_t target = 0; target < kWarmTargets; ++target) {
            warm_pairs.insert(warm_pairs.end(), {pairs[pair], pairs[pair + 1], pairs[pair + 4 * target + 2],
                                                 pairs[pair + 4 * target + 3]});
        }
    }

    std::vector<batch::MoveRequest> requests;
    for (std::size_t pair = 0; pair < pairs.size(); pair += 4) {
        requests.push_back({pairs[pair], pairs[pair + 1], pairs[pair + 2], pairs[pair + 3]});
    }
    std::vector<std::int8_t> batch_moves(requests.size());
    // The batch answers as the single calls do.
    if (!oracle->first_moves(requests, batch_moves)) return 2;
    for (std::size_t request = 0; request < requests.size(); ++request) {
        const batch::MoveRequest& asked = requests[request];
        if (batch_moves[request] != oracle->first_move(asked.start_x, asked.start_y, asked.goal_x, asked.goal_y)) {
            std::fprintf(stderr, "first_moves differs from first_move at request %zu\n", request);
            return 1;
        }
    }

    std::vector<double> oracle_times, table_times, astar_times, lookup_times, batch_times, warm_times;
    std::uint64_t checksum = 0;
    for (int repetition = 0; repetition < repetitions; ++repetition) {
        auto start = Clock::now();
        for (const search::Query& query : queries) {
            oracle->path(query, true, result);
            checksum += result.path.size();
        }
        oracle_times.push_back(seconds_since(start) / static_cast<double>(queries.size()));
        start = Clock::now();
        for (const search::Query& query : queries) {
            jump_table->solve(context, query, result);
            checksum += result.path.size();
        }
        table_times.push_back(seconds_since(start) / static_cast<double>(queries.size()));
        if (!skip_astar) {
            start = Clock::now();
            for (const search::Query& query : queries) {
                astar->solve(context, query, result);
                checksum += result.path.size();
            }
            astar_times.push_back(seconds_since(start) / static_cast<double>(queries.size()));
        }
        start = Clock::now();
        for (std::size_t pair = 0; pair < pairs.size(); pair += 4) {
            checksum += static_cast<std::uint64_t>(
                oracle->first_move(pairs[pair], pairs[pair + 1], pairs[pair + 2], pairs[pair + 3]));
        }
        lookup_times.push_back(seconds_since(start) / static_cast<double>(lookup_count));
        start = Clock::now();
        (void)oracle->first_moves(requests, batch_moves);
        batch_times.push_back(seconds_since(start) / static_cast<double>(lookup_count));
        for (const std::int8_t move : batch_moves) checksum += static_cast<std::uint64_t>(move);
        start = Clock::now();
        for (std::size_t pair = 0; pair < warm_pairs.size(); pair += 4) {
            checksum += static_cast<std::uint64_t>(
                oracle->first_move(warm_pairs[pair], warm_pairs[pair + 1], warm_pairs[pair + 2], warm_pairs[pair + 3]));
        }
        warm_times.push_back(seconds_since(start) / static_cast<double>(warm_pairs.size() / 4));
    }
    const double oracle_query = median(oracle_times);
    const double table_query = median(table_times);
    const double mean_moves = static_cast<double>(moves) / static_cast<double>(queries.size());
    std::printf("%s: %zu queries, %.1f moves per path on average, %d repetitions (checksum %llu)\n",
                set.scenario_name.c_str(), queries.size(), mean_moves, repetitions,
                static_cast<unsigned long long>(checksum));
    std::printf(
        "  oracle: %.2f us/query (%.1f ns/move), first-move lookup %.1f ns one call each, %.1f ns in one "
        "first_moves call (%.1f ns one call each with the source's row warm); file %llu bytes, %.1f bytes per "
        "passable cell, %zu runs of %u bytes, %zu bytes in memory, loaded in %.1f ms\n",
        oracle_query * 1e6, oracle_query * 1e9 / std::max(1.0, mean_moves), median(lookup_times) * 1e9,
        median(batch_times) * 1e9, median(warm_times) * 1e9, static_cast<unsigned long long>(oracle->file_bytes()),
        static_cast<double>(oracle->file_bytes()) / static_cast<double>(oracle->passable_cells()), oracle->run_count(),
        oracle->run_bytes(), oracle->memory_bytes(), oracle->preparation_seconds() * 1e3);
    std::printf("  jps+:   %.2f us/query (table built in %.1f ms); jps+ / oracle = %.2f\n", table_query * 1e6,
                table_seconds * 1e3, table_query / oracle_query);
    if (!skip_astar) {
        const double astar_query = median(astar_times);
        std::printf("  astar:  %.2f us/query; astar / oracle = %.2f\n", astar_query * 1e6, astar_query / oracle_query);
    }
    return 0;
}
