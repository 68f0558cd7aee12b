// `swarmpath generate crowd MAP --agents N --goals K [--seed S] -o FILE.scen`: a crowd scenario —
// K goals drawn uniformly from the map's largest connected region and N agents (agent i bound for
// goal i mod K) with starts drawn uniformly from the same region.
// Mixed units: `--agent-sizes 1,2,3` and `--classes-file FILE [--agent-classes a,b]` give agent i the
// size sizes[(i / K) mod S] and the class classes[(i / (K·S)) mod C], written as the row's `size=`
// and `class=` columns (docs/formats.md#agent-sizes-and-movement-classes). Each (size, class) kind
// then has its own largest region of open positions: goals are drawn from the positions in every
// kind's region, each agent's start from its own kind's region.
// The optimal lengths come from one Dijkstra per goal and kind in reference_lengths.hpp, which shares
// no code with the engine's search, so `solve --check` on the file is a real test of the engine.
// Without classes, benchmark terrain: `.` `G` `S` ground, `W` water (its own region), the rest
// blocked; on a hex or triangle map (its `type` line, docs/formats.md) the shape's own neighbours,
// each step costing 1, one-cell agents only.
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "commands.hpp"
#include "option_limits.hpp"
#include "output_names.hpp"
#include "progress_line.hpp"
#include "reference_lengths.hpp"
#include "run_files.hpp"
#include "search_options.hpp"
#include "swarmpath/grid/topology.hpp"
#include "swarmpath/io/atomic_file.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/movement_classes_file.hpp"
#include "swarmpath/io/scenario_file.hpp"
#include "terminal_text.hpp"

namespace swarmpath::cli {
namespace {

/// Most (size, class) kinds one crowd mixes: each is one region search, and a Dijkstra per goal.
constexpr std::size_t kMaximumAgentKinds = 64;

struct CrowdOptions {
    std::string map_path;
    std::size_t agents = 1000;
    std::size_t goals = 4;
    std::uint64_t seed = 1;
    std::string output;
    std::vector<std::uint32_t> agent_sizes;  ///< empty: one-cell agents, no size column
    std::string classes_file;                ///< empty: benchmark terrain, no class column
    std::vector<std::string> agent_classes;  ///< empty with a classes file: every class in it
};

/// One (size, class) pair of the crowd; `class_name` empty when the crowd names no class.
struct AgentKind {
    std::uint32_t size = 1;
    std::string class_name;
    reference::LetterRules rules = reference::benchmark_rules();
};

/// The map's cell shape (the parser has refused any unknown `type`).
grid::Topology topology_of(const io::MapFile& map) {
    return grid::topology_from_type(map.type).value_or(grid::Topology::square);
}

/// A class's terrain table as the reference reads it: each passable letter's layer and cost.
reference::LetterRules letter_rules(const grid::TerrainTable& table) {
    reference::LetterRules rules{};
    for (int code = 0; code < 256; ++code) {
        const grid::TerrainRule& rule = table.rule(static_cast<char>(code));
        if (rule.defined && rule.passable) rules[static_cast<std::size_t>(code)] = {rule.layer, rule.cost};
    }
    return rules;
}

/// The crowd's kinds, sizes varying fastest, their classes among `declared` (those of the classes
/// file); or the refusal of the options that name them.
Expected<std::vector<AgentKind>> agent_kinds(const CrowdOptions& options, grid::Topology topology,
                                             const io::MovementClasses& declared) {
    std::vector<std::uint32_t> sizes = options.agent_sizes;
    if (sizes.empty()) sizes.push_back(1);
    for (std::size_t index = 0; index < sizes.size(); ++index) {
        for (std::size_t earlier = 0; earlier < index; ++earlier) {
            if (sizes[earlier] == sizes[index]) {
                return Error{"", 0, 0, "--agent-sizes lists " + std::to_string(sizes[index]) + " twice"};
            }
        }
        if (sizes[index] > 1 && topology != grid::Topology::square) {
            return Error{"", 0, 0,
                         "--agent-sizes above 1 need square cells; " + escape_text(options.map_path) + " is a " +
                             std::string(grid::topology_type_name(topology)) + " map"};
        }
    }
    std::vector<std::pair<std::string, reference::LetterRules>> classes;
    if (options.classes_file.empty()) {
        if (!options.agent_classes.empty()) return Error{"", 0, 0, "--agent-classes needs --classes-file"};
        classes.emplace_back("", reference::benchmark_rules());
    } else {
        if (options.agent_classes.empty()) {
            for (const io::MovementClass& movement_class : declared.classes) {
                classes.emplace_back(movement_class.name, letter_rules(movement_class.terrain));
            }
        }
        for (const std::string& name : options.agent_classes) {
            if (name.empty()) return Error{"", 0, 0, "--agent-classes holds an empty name"};
            Expected<std::uint32_t> index = declared.index_of(name);
            if (!index) {
                return Error{
                    "", 0, 0,
                    "--agent-classes: " + index.error().message + " (in " + escape_text(options.classes_file) + ")"};
            }
            for (const auto& chosen : classes) {
                if (chosen.first == name) return Error{"", 0, 0, "--agent-classes lists '" + name + "' twice"};
            }
            classes.emplace_back(name, letter_rules(declared.classes[*index].terrain));
        }
    }
    if (sizes.size() * classes.size() > kMaximumAgentKinds) {
        return Error{"", 0, 0,
                     "--agent-sizes and --agent-classes make " + std::to_string(sizes.size() * classes.size()) +
                         " kinds of agent; at most " + std::to_string(kMaximumAgentKinds)};
    }
    std::vector<AgentKind> kinds;
    for (const auto& [name, rules] : classes) {
        for (std::uint32_t size : sizes) kinds.push_back({size, name, rules});
    }
    return kinds;
}

/// What a row of `kind` writes after its optimal length.
std::string agent_columns(const CrowdOptions& options, const AgentKind& kind) {
    std::string columns;
    if (!options.agent_sizes.empty()) columns += fmt::format("\tsize={}", kind.size);
    if (!options.classes_file.empty()) columns += "\tclass=" + kind.class_name;
    return columns;
}

/// "size 2, class hover" for messages about one kind.
std::string kind_words(const AgentKind& kind) {
    std::string words = "size " + std::to_string(kind.size);
    if (!kind.class_name.empty()) words += ", class " + kind.class_name;
    return words;
}

/// Where the crowd may stand: each kind's largest region (only the first kind's cells are kept), and
/// the goals' candidates, the first kind's region cells that every kind's region holds, in its order.
struct CrowdRegions {
    std::vector<std::uint32_t> first_region;
    std::vector<std::size_t> region_sizes;  ///< per kind
    std::vector<std::uint32_t> goal_cells;
};

reference::ReferenceMap reference_map(const io::MapFile& map, grid::Topology topology, const AgentKind& kind) {
    return reference::ReferenceMap(map.letters, map.width, map.height, topology, kind.rules, kind.size);
}

/// The regions of every kind, one kind at a time; an error names the map when a kind has no open
/// position or no position suits every kind.
Expected<CrowdRegions> crowd_regions(const io::MapFile& map, grid::Topology topology,
                                     const std::vector<AgentKind>& kinds, const std::string& map_path) {
    CrowdRegions regions;
    std::vector<std::uint8_t> regions_holding(kinds.size() > 1 ? map.letters.size() : 0, 0);
    for (const AgentKind& kind : kinds) {
        std::vector<std::uint32_t> region = reference::largest_region(reference_map(map, topology, kind));
        if (region.empty()) {
            return Error{"", 0, 0,
                         escape_text(map_path) + ": the map has no open position for agents of " + kind_words(kind)};
        }
        regions.region_sizes.push_back(region.size());
        if (!regions_holding.empty()) {
            for (std::uint32_t cell : region) ++regions_holding[cell];
        }
        if (regions.first_region.empty()) regions.first_region = std::move(region);
    }
    for (std::uint32_t cell : regions.first_region) {
        if (regions_holding.empty() || regions_holding[cell] == kinds.size()) regions.goal_cells.push_back(cell);
    }
    if (regions.goal_cells.empty()) {
        return Error{"", 0, 0,
                     escape_text(map_path) +
                         ": no position lies in the largest region of every agent size and class, so no goal suits "
                         "them all (try fewer sizes or classes)"};
    }
    return regions;
}

/// The scenario file's text: goals and starts drawn from the seed, then one goal and kind at a time,
/// a single Dijkstra answering all of its agents. Agent i goes to goal i mod goals; its kind varies
/// after the goals, sizes fastest, then classes.
std::string crowd_text(const CrowdOptions& options, const io::MapFile& map, grid::Topology topology,
                       const std::vector<AgentKind>& kinds, CrowdRegions& regions) {
    auto kind_of = [&](std::size_t agent) { return (agent / options.goals) % kinds.size(); };
    std::mt19937_64 random(options.seed);
    std::uniform_int_distribution<std::size_t> pick_goal(0, regions.goal_cells.size() - 1);
    std::vector<std::uint32_t> goals(options.goals);
    for (std::uint32_t& goal : goals) goal = regions.goal_cells[pick_goal(random)];
    std::vector<std::uniform_int_distribution<std::size_t>> pick_start;
    for (std::size_t size : regions.region_sizes) pick_start.emplace_back(0, size - 1);
    // Each start as its index in its kind's region, turned into a cell when that region is rebuilt.
    std::vector<std::uint32_t> starts(options.agents);
    for (std::size_t agent = 0; agent < options.agents; ++agent) {
        starts[agent] = static_cast<std::uint32_t>(pick_start[kind_of(agent)](random));
    }

    const std::string map_name = file_name_of(options.map_path);
    std::vector<std::string> rows(options.agents);
    ProgressLine progress(escape_text(map_name), "goals");
    for (std::size_t kind_index = 0; kind_index < kinds.size(); ++kind_index) {
        const reference::ReferenceMap kind_map = reference_map(map, topology, kinds[kind_index]);
        const std::vector<std::uint32_t> region =
            kind_index == 0 ? std::move(regions.first_region) : reference::largest_region(kind_map);
        const std::string columns = agent_columns(options, kinds[kind_index]);
        reference::ReferenceSearch search(kind_map);
        const std::size_t stride = options.goals * kinds.size();
        for (std::size_t goal_index = 0; goal_index < goals.size(); ++goal_index) {
            const std::size_t first_agent = goal_index + options.goals * kind_index;
            if (first_agent >= options.agents) break;
            progress.update(kind_index * goals.size() + goal_index, kinds.size() * goals.size());
            const std::vector<double>& cost = search.lengths_to(goals[goal_index]);
            for (std::size_t agent = first_agent; agent < options.agents; agent += stride) {
                const std::uint32_t start = region[starts[agent]];
                const double length = cost[start];
                rows[agent] =
                    fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.8f}{}\n", static_cast<long long>(length / 4.0),
                                map_name, map.width, map.height, start % map.width, start / map.width,
                                goals[goal_index] % map.width, goals[goal_index] / map.width, length, columns);
            }
        }
    }
    progress.finish();
    std::string text = "version 1\n";
    for (const std::string& row : rows) text += row;
    return text;
}

int run_generate_crowd(const CrowdOptions& options) {
    if (options.goals > options.agents) {
        report_error("--goals must not exceed --agents (each goal needs an agent)");
        return kExitBadInput;
    }
    RunFiles files;
    files.add_input("map", options.map_path);
    if (!options.classes_file.empty()) files.add_input("--classes-file", options.classes_file);
    io::AtomicFile* file = files.add_output("-o", options.output);
    if (Status checked = files.check(); !checked) {
        report_error(checked.error().describe(command_line_wording));
        return kExitBadInput;
    }
    if (auto refused = wrong_output_extension("-o", options.output, ".scen", "a scenario file")) {
        report_error(*refused);
        return kExitBadInput;
    }
    // The classes first: a letter only some of them define is then read as a wall for the others.
    grid::TerrainTable terrain = grid::TerrainTable::benchmark();
    Expected<io::MovementClasses> declared = declare_classes("", options.classes_file, terrain);
    if (!declared) {
        report_error(declared.error().describe(command_line_wording));
        return kExitBadInput;
    }
    Expected<io::MapFile> map = io::read_map_file(options.map_path, terrain);
    if (!map) {
        report_error(map.error().describe(command_line_wording));
        return kExitBadInput;
    }
    if (options.agents == 0 || options.goals == 0) {
        report_error("--agents and --goals must be at least 1");
        return kExitBadInput;
    }
    const grid::Topology topology = topology_of(*map);
    Expected<std::vector<AgentKind>> kinds = agent_kinds(options, topology, *declared);
    if (!kinds) {
        report_error(kinds.error().describe(command_line_wording));
        return kExitBadInput;
    }
    if (options.goals * kinds->size() > kMaximumGoals) {
        report_error("--goals times the kinds of agent (" + std::to_string(kinds->size()) + ") is more than " +
                     std::to_string(kMaximumGoals) + " (one Dijkstra each)");
        return kExitBadInput;
    }
    Expected<CrowdRegions> regions = crowd_regions(*map, topology, *kinds, options.map_path);
    if (!regions) {
        report_error(regions.error().describe(command_line_wording));
        return kExitBadInput;
    }
    file->write(crowd_text(options, *map, topology, *kinds, *regions));
    if (Status committed = files.commit(); !committed) {
        report_error(committed.error().describe(command_line_wording));
        return kExitBadInput;
    }
    std::string kinds_words;
    if (kinds->size() > 1) kinds_words = fmt::format(", {} kinds of agent", kinds->size());
    std::fprintf(stderr, "swarmpath: wrote %zu scenarios (agents bound for %zu goals%s) to %s\n", options.agents,
                 options.goals, kinds_words.c_str(), printable_output_name(options.output).c_str());
    return kExitSuccess;
}

}  // namespace

void add_generate_crowd_command(CLI::App& generate, int& exit_code) {
    auto options = std::make_shared<CrowdOptions>();
    CLI::App* command = generate.add_subcommand(
        "crowd", "A scenario of many agents bound for a few goals, optimal lengths by an independent Dijkstra");
    command->add_option("map", options->map_path, "Map file (.map); benchmark terrain unless --classes-file")
        ->required();
    command->add_option("--agents", options->agents, "Number of agents (rows)")
        ->check(whole_number(1, kMaximumAgents))
        ->capture_default_str();
    command->add_option("--goals", options->goals, "Number of distinct goals; agent i goes to goal i mod K")
        ->check(whole_number(1, kMaximumGoals))
        ->capture_default_str();
    command->add_option("--seed", options->seed, "Random seed")
        ->check(whole_number(0, kMaximumSeed))
        ->capture_default_str();
    command
        ->add_option("--agent-sizes", options->agent_sizes,
                     "Agent sizes to mix, comma-separated (agent i: the ((i / K) mod S)-th); rows get size=")
        ->delimiter(',')
        ->check(whole_number(1, io::kMaximumAgentSize));
    command->add_option("--classes-file", options->classes_file,
                        "Movement classes file (docs/formats.md); rows get class=, each class in turn");
    command
        ->add_option("--agent-classes", options->agent_classes,
                     "Classes of --classes-file to mix, comma-separated (default: all of them)")
        ->delimiter(',');
    command->add_option("-o,--output", options->output, "Scenario file to write (.scen, as in MAP.map.scen)")
        ->required();
    command->callback([options, &exit_code] { exit_code = run_generate_crowd(*options); });
}

}  // namespace swarmpath::cli
