// `swarmpath generate crowd MAP --agents N --goals K [--seed S] -o FILE.scen`: a crowd scenario —
// K goals drawn uniformly from the map's largest connected region and N agents (agent i bound for
// goal i mod K) with starts drawn uniformly from the same region.
// The optimal lengths come from one Dijkstra per goal in reference_lengths.hpp, which shares no code
// with the engine's search, so `solve --check` on the file is a real test of the engine.
// Benchmark terrain only: `.` `G` `S` ground, `W` water (its own region), the rest blocked; on a hex
// or triangle map (its `type` line, docs/formats.md) the shape's own neighbours, each step costing 1.
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "commands.hpp"
#include "option_limits.hpp"
#include "output_names.hpp"
#include "progress_line.hpp"
#include "reference_lengths.hpp"
#include "run_files.hpp"
#include "swarmpath/grid/topology.hpp"
#include "swarmpath/io/atomic_file.hpp"
#include "swarmpath/io/map_file.hpp"
#include "terminal_text.hpp"

namespace swarmpath::cli {
namespace {

struct CrowdOptions {
    std::string map_path;
    std::size_t agents = 1000;
    std::size_t goals = 4;
    std::uint64_t seed = 1;
    std::string output;
};

/// The map's cell shape (the parser has refused any unknown `type`).
grid::Topology topology_of(const io::MapFile& map) {
    return grid::topology_from_type(map.type).value_or(grid::Topology::square);
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
    if (auto refused = wrong_output_extension("-o", options.output, ".scen", "a scenario file")) {
        report_error(*refused);
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
    const reference::ReferenceMap reference_map(map->letters, map->width, map->height, topology_of(*map));
    const std::vector<std::uint32_t> region = reference::largest_region(reference_map);
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
    reference::ReferenceSearch search(reference_map);
    ProgressLine progress(escape_text(map_name), "goals");
    for (std::size_t goal_index = 0; goal_index < goals.size(); ++goal_index) {
        if (goal_index >= options.agents) break;
        progress.update(goal_index, goals.size());
        const std::vector<double>& cost = search.lengths_to(goals[goal_index]);
        for (std::size_t agent = goal_index; agent < options.agents; agent += goals.size()) {
            const double length = cost[starts[agent]];
            rows[agent] =
                fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.8f}\n", static_cast<long long>(length / 4.0), map_name,
                            map->width, map->height, starts[agent] % map->width, starts[agent] / map->width,
                            goals[goal_index] % map->width, goals[goal_index] / map->width, length);
        }
    }
    progress.finish();
    for (const std::string& row : rows) buffer += row;
    file->write(buffer);
    if (Status committed = files.commit(); !committed) {
        report_error(committed.error().describe(command_line_wording));
        return kExitBadInput;
    }
    std::fprintf(stderr, "swarmpath: wrote %zu scenarios (agents bound for %zu goals) to %s\n", options.agents,
                 options.goals, printable_output_name(options.output).c_str());
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
    command->add_option("--seed", options->seed, "Random seed")
        ->check(whole_number(0, kMaximumSeed))
        ->capture_default_str();
    command->add_option("-o,--output", options->output, "Scenario file to write (.scen, as in MAP.map.scen)")
        ->required();
    command->callback([options, &exit_code] { exit_code = run_generate_crowd(*options); });
}

}  // namespace swarmpath::cli
