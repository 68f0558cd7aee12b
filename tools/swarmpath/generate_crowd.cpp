// `swarmpath generate crowd MAP --agents N --goals K [--seed S] -o FILE.scen`: a crowd scenario —
// K goals drawn uniformly from the map's largest connected region and N agents (agent i bound for
// goal i mod K) with starts drawn uniformly from the same region.
// The optimal lengths are computed here by an independent plain Dijkstra over the map letters
// (doubles, std::priority_queue, the benchmark rule of FORMATS.md with √2 = 1.414213562), sharing no
// code with the engine's search, so `solve --check` on the file is a real test of the engine.
// Benchmark terrain only: `.` `G` `S` ground, `W` water (its own region), the rest blocked.
// On a hex or triangle map (its `type` line, FORMATS.md) the Dijkstra and the region step to the
// shape's own neighbours (grid/topology.hpp), each step costing 1 (every benchmark letter costs 1).
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <memory>
#include <queue>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "commands.hpp"
#include "option_limits.hpp"
#include "run_files.hpp"
#include "terminal_text.hpp"
#include "swarmpath/grid/topology.hpp"
#include "swarmpath/io/atomic_file.hpp"
#include "swarmpath/io/map_file.hpp"

namespace swarmpath::cli {
namespace {

struct CrowdOptions {
    std::string map_path;
    std::size_t agents = 1000;
    std::size_t goals = 4;
    std::uint64_t seed = 1;
    std::string output;
};

/// Benchmark layer of a letter: 0 blocked, 1 ground, 2 water.
int layer_of(char letter) {
    if (letter == '.' || letter == 'G' || letter == 'S') return 1;
    if (letter == 'W') return 2;
    return 0;
}

/// The map's cell shape (the parser has refused any unknown `type`).
grid::Topology topology_of(const io::MapFile& map) {
    return grid::topology_from_type(map.type).value_or(grid::Topology::square);
}

/// Calls `visit(x, y)` for each neighbour of (x, y) on a hex or triangle map, on the map or not.
template <class Visit>
void for_each_shaped_neighbour(grid::Topology topology, std::int64_t x, std::int64_t y, Visit&& visit) {
    for (const grid::NeighbourOffset offset :
         grid::shaped_neighbours(topology, static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y))) {
        visit(x + offset.dx, y + offset.dy);
    }
}

/// Cheapest benchmark-rule cost from (x, y) to every cell (symmetric: also every cell's cost to it).
std::vector<double> plain_dijkstra(const io::MapFile& map, std::uint32_t source) {
    const grid::Topology topology = topology_of(map);
    constexpr double kRootTwo = 1.414213562;
    const std::int64_t width = map.width;
    const std::int64_t height = map.height;
    std::vector<double> cost(map.letters.size(), std::numeric_limits<double>::infinity());
    auto open_on = [&](std::int64_t x, std::int64_t y, int layer) {
        return x >= 0 && y >= 0 && x < width && y < height &&
               layer_of(map.letters[static_cast<std::size_t>(y * width + x)]) == layer;
    };
    using Item = std::pair<double, std::uint32_t>;
    std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
    cost[source] = 0;
    queue.push({0.0, source});
    while (!queue.empty()) {
        // Plain variables, not a structured binding: clang 14 cannot capture a binding in a lambda.
        const double distance = queue.top().first;
        const std::uint32_t cell = queue.top().second;
        queue.pop();
        if (distance > cost[cell]) continue;
        const std::int64_t x = cell % width;
        const std::int64_t y = cell / width;
        const int layer = layer_of(map.letters[cell]);
        if (topology != grid::Topology::square) {
            for_each_shaped_neighbour(topology, x, y, [&](std::int64_t next_x, std::int64_t next_y) {
                if (!open_on(next_x, next_y, layer)) return;
                const auto next = static_cast<std::uint32_t>(next_y * width + next_x);
                if (distance + 1.0 < cost[next]) {
                    cost[next] = distance + 1.0;
                    queue.push({distance + 1.0, next});
                }
            });
            continue;
        }
        for (int dy = -1; dy <= 1; ++dy) {
            for (int dx = -1; dx <= 1; ++dx) {
                if ((dx == 0 && dy == 0) || !open_on(x + dx, y + dy, layer)) continue;
                // No corner cutting: both side cells open.
                if (dx != 0 && dy != 0 && !(open_on(x + dx, y, layer) && open_on(x, y + dy, layer))) continue;
                const double next_cost = distance + (dx != 0 && dy != 0 ? kRootTwo : 1.0);
                const auto next = static_cast<std::uint32_t>((y + dy) * width + (x + dx));
                if (next_cost < cost[next]) {
                    cost[next] = next_cost;
                    queue.push({next_cost, next});
                }
            }
        }
    }
    return cost;
}

/// Cells of the largest 4-connected region of one layer (the benchmark rule's reachability), or
/// connected through the shape's neighbours on a hex or triangle map.
std::vector<std::uint32_t> largest_region(const io::MapFile& map) {
    const grid::Topology topology = topology_of(map);
    const std::int64_t width = map.width;
    const std::int64_t height = map.height;
    std::vector<std::uint32_t> region_of(map.letters.size(), 0);
    std::vector<std::uint32_t> best;
    std::vector<std::uint32_t> cells;
    std::uint32_t regions = 0;
    for (std::uint32_t seed = 0; seed < map.letters.size(); ++seed) {
        const int layer = layer_of(map.letters[seed]);
        if (layer == 0 || region_of[seed] != 0) continue;
        region_of[seed] = ++regions;
        cells.assign(1, seed);
        for (std::size_t head = 0; head < cells.size(); ++head) {
            const std::int64_t x = cells[head] % width;
            const std::int64_t y = cells[head] / width;
            auto reach = [&](std::int64_t nx, std::int64_t ny) {
                if (nx < 0 || ny < 0 || nx >= width || ny >= height) return;
                const auto next = static_cast<std::uint32_t>(ny * width + nx);
                if (region_of[next] != 0 || layer_of(map.letters[next]) != layer) return;
                region_of[next] = regions;
                cells.push_back(next);
            };
            if (topology != grid::Topology::square) {
                for_each_shaped_neighbour(topology, x, y, reach);
                continue;
            }
            const std::int64_t steps[4][2] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
            for (const auto& step : steps) reach(x + step[0], y + step[1]);
        }
        if (cells.size() > best.size()) best = cells;
    }
    return best;
}

int run_generate_crowd(const CrowdOptions& options) {
    if (options.goals > options.agents) {
        report_error("--goals must not exceed --agents (each goal needs an agent)");
        return kExitBadInput;
    }
    RunFiles files;
    files.add_input("map", options.map_path);
    io::AtomicFile* file = files.add_output("-o", options.output);
    if (Status checked = files.check(); !checked) {
        report_error(checked.error().describe(command_line_wording));
        return kExitBadInput;
    }
    Expected<io::MapFile> map = io::read_map_file(options.map_path);
    if (!map) {
        report_error(map.error().describe(command_line_wording));
        return kExitBadInput;
    }
    if (options.agents == 0 || options.goals == 0) {
        report_error("--agents and --goals must be at least 1");
        return kExitBadInput;
    }
    std::vector<std::uint32_t> region = largest_region(*map);
    if (region.empty()) {
        report_error(options.map_path + ": the map has no passable cell");
        return kExitBadInput;
    }
    std::mt19937_64 random(options.seed);
    std::uniform_int_distribution<std::size_t> pick(0, region.size() - 1);
    std::vector<std::uint32_t> goals(options.goals);
    for (std::uint32_t& goal : goals) goal = region[pick(random)];
    std::vector<std::uint32_t> starts(options.agents);
    for (std::uint32_t& start : starts) start = region[pick(random)];

    std::string map_name = options.map_path.substr(options.map_path.find_last_of('/') + 1);
    std::string buffer = "version 1\n";
    // One goal at a time: a single Dijkstra answers all of its agents (the costs are symmetric).
    std::vector<std::string> rows(options.agents);
    for (std::size_t goal_index = 0; goal_index < goals.size(); ++goal_index) {
        if (goal_index >= options.agents) break;
        const std::vector<double> cost = plain_dijkstra(*map, goals[goal_index]);
        for (std::size_t agent = goal_index; agent < options.agents; agent += goals.size()) {
            const double length = cost[starts[agent]];
            rows[agent] = fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.8f}\n", static_cast<long long>(length / 4.0),
                                      map_name, map->width, map->height, starts[agent] % map->width,
                                      starts[agent] / map->width, goals[goal_index] % map->width,
                                      goals[goal_index] / map->width, length);
        }
    }
    for (const std::string& row : rows) buffer += row;
    file->write(buffer);
    if (Status committed = files.commit(); !committed) {
        report_error(committed.error().describe(command_line_wording));
        return kExitBadInput;
    }
    std::fprintf(stderr, "swarmpath: wrote %zu agents bound for %zu goals to %s\n", options.agents, options.goals,
                 escape_text(options.output).c_str());
    return kExitSuccess;
}

}  // namespace

void add_generate_crowd_command(CLI::App& generate, int& exit_code) {
    auto options = std::make_shared<CrowdOptions>();
    CLI::App* command = generate.add_subcommand(
        "crowd", "A scenario of many agents bound for a few goals, optimal lengths by an independent Dijkstra");
    command->add_option("map", options->map_path, "Map file (.map); benchmark terrain")->required();
    command->add_option("--agents", options->agents, "Number of agents (rows)")
        ->check(whole_number(1, kMaximumAgents))
        ->capture_default_str();
    command->add_option("--goals", options->goals, "Number of distinct goals; agent i goes to goal i mod K")
        ->check(whole_number(1, kMaximumGoals))
        ->capture_default_str();
    command->add_option("--seed", options->seed, "Random seed")->check(whole_number(0, kMaximumSeed))->capture_default_str();
    command->add_option("-o,--output", options->output, "Scenario file to write (.map.scen)")->required();
    command->callback([options, &exit_code] { exit_code = run_generate_crowd(*options); });
}

}  // namespace swarmpath::cli
