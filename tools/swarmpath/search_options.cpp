// Parsing of the shared search options (see search_options.hpp).
#include "search_options.hpp"

#include <chrono>
#include <string>

#include "option_limits.hpp"
#include "swarmpath/batch/scenario_run.hpp"
#include "swarmpath/grid/agent_grid.hpp"
#include "swarmpath/io/terrain_file.hpp"

namespace swarmpath::cli {

void SearchOptions::add_to(CLI::App& command) {
    command
        .add_option("--algorithm", algorithm,
                    "Search algorithm: auto (per scenario file and goal group, whichever of astar, jps, jps+ and "
                    "goal fields a cost model calibrated on measured runs expects to be fastest, set-up included; "
                    "jps and jps+ only where the benchmark rule and uniform cost hold), "
                    "astar, jps (jump point search), jps+ (JPS with precomputed jump distances) or flowfield "
                    "(one goal field per goal); "
                    "jps and jps+ need --moves 8, --diagonal-rule both-free, uniform-cost terrain and square cells "
                    "(on hex and triangle maps auto chooses between astar and goal fields)")
        ->capture_default_str();
    moves_option = command
                       .add_option("--moves", moves,
                                   "Movement model: 8 (straight and diagonal) or 4 (straight only); square cells only: "
                                   "hex and triangle maps step to the cell shape's neighbours")
                       ->capture_default_str();
    diagonal_option =
        command
            .add_option("--diagonal-rule", diagonal,
                        "When a diagonal step may pass a corner: both-free (benchmark rule), one-free, any; "
                        "square cells only")
            ->capture_default_str();
    command
        .add_option("--heuristic", heuristic,
                    "auto, octile, manhattan, euclidean, chebyshev or zero (Dijkstra); hex (cube distance) or "
                    "triangle (band distance) on those maps, where auto picks them and only the heuristics "
                    "that never overestimate are accepted (hex: chebyshev, zero; triangle: manhattan, "
                    "chebyshev, zero)")
        ->capture_default_str();
    weight_option =
        command.add_option("--weight", weight, "Weighted A*: f = g + W*h, W >= 1; paths cost at most W x optimal");
    command.add_option("--terrain", terrain_spec, "Terrain costs, LETTER=COST,... (COST positive or inf)");
    command.add_option("--terrain-file", terrain_file, "Terrain costs, one LETTER=COST per line, # comments");
    command
        .add_option("--fallback", fallback,
                    "none, or nearest: answer an unreachable goal with the path to the nearest reachable cell")
        ->capture_default_str();
    command
        .add_option("--max-expansions", max_expansions,
                    "Stop a search after N expansions (status node_limit); 0: no limit")
        ->check(whole_number(0, kMaximumExpansions))
        ->capture_default_str();
}

void SearchOptions::add_deadline_to(CLI::App& command) {
    command
        .add_option("--deadline-ms", deadline_milliseconds,
                    "Stop each query after this many milliseconds of search (status deadline; with --fallback "
                    "nearest the path to the nearest cell reached); 0 to 86400000, 0: no deadline")
        ->check(whole_number(0, kMaximumDeadlineMilliseconds))
        ->capture_default_str();
}

namespace {

/// The agent options themselves, bound to wherever the command keeps them.
void add_agent_options_to(CLI::App& command, std::uint32_t& size, std::string& class_name, std::string& classes_spec,
                          std::string& classes_file) {
    command
        .add_option("--agent-size", size,
                    "Side of the square block of cells each agent occupies, 1 to 32768 (square cells only); a "
                    "position is the block's top-left cell, and a scenario row's own size overrides it")
        ->capture_default_str();
    command.add_option("--class", class_name,
                       "Movement class of the agents (a declared class's name): its terrain table decides each "
                       "letter's cost or blockage; a scenario row's own class overrides it");
    command.add_option("--classes", classes_spec,
                       "Movement classes on one line, NAME[:LETTER=COST,...][;NAME...]; each starts from the run's "
                       "terrain table and the first is the default (docs/formats.md)");
    command.add_option("--classes-file", classes_file,
                       "Movement classes file: 'version 1', then 'class NAME' and its LETTER=COST lines "
                       "(docs/formats.md)");
}

}  // namespace

void SearchOptions::add_agent_to(CLI::App& command) {
    add_agent_options_to(command, agent_size, agent_class, classes_spec, classes_file);
}

void add_agent_options(CLI::App& command, AgentOptions& agent) {
    add_agent_options_to(command, agent.size, agent.class_name, agent.classes_spec, agent.classes_file);
}

Expected<ResolvedSearch> resolve(const SearchOptions& options) {
    ResolvedSearch resolved;
    search::SearchSettings& settings = resolved.settings;
    auto fail = [](std::string message) -> Error { return Error{"", 0, 0, std::move(message)}; };

    // One parser per enumeration (search/types.hpp), shared with the bindings.
    Expected<search::Algorithm> algorithm = search::parse_algorithm(options.algorithm);
    if (!algorithm) return algorithm.error();
    settings.algorithm = *algorithm;

    Expected<search::Moves> moves = search::parse_moves(std::to_string(options.moves));
    if (!moves) return moves.error();
    settings.moves = *moves;

    Expected<search::DiagonalRule> rule = search::parse_diagonal_rule(options.diagonal);
    if (!rule) return rule.error();
    settings.diagonal = *rule;
    settings.moves_chosen = options.moves_option != nullptr && options.moves_option->count() > 0;
    settings.diagonal_chosen = options.diagonal_option != nullptr && options.diagonal_option->count() > 0;

    Expected<search::HeuristicKind> heuristic = search::parse_heuristic(options.heuristic);
    if (!heuristic) return heuristic.error();
    settings.heuristic = *heuristic;

    if (!(options.weight >= 1.0 && options.weight <= 1000.0)) return fail("--weight must be from 1 to 1000");
    settings.weight = options.weight;
    settings.allow_inadmissible = options.weight_option != nullptr && options.weight_option->count() > 0;

    Expected<search::Fallback> fallback = search::parse_fallback(options.fallback);
    if (!fallback) return fallback.error();
    settings.fallback = *fallback;
    settings.max_expansions = options.max_expansions;
    settings.time_budget = std::chrono::milliseconds(options.deadline_milliseconds);

    if (!options.terrain_file.empty()) {
        Expected<grid::TerrainTable> table =
            io::read_terrain_file(options.terrain_file, resolved.terrain, &resolved.terrain_file_digest);
        if (!table) return table.error();
        resolved.terrain = *table;
    }
    if (!options.terrain_spec.empty()) {
        Expected<grid::TerrainTable> table =
            io::parse_terrain_spec(options.terrain_spec, resolved.terrain, "--terrain");
        if (!table) return table.error();
        resolved.terrain = *table;
    }
    // Classes start from the run's terrain table, so --terrain applies to every class.
    Expected<io::MovementClasses> classes =
        declare_classes(options.classes_spec, options.classes_file, resolved.terrain, &resolved.classes_file_digest);
    if (!classes) return classes.error();
    resolved.classes = std::move(*classes);
    if (Status size = grid::check_agent_size(options.agent_size, grid::Topology::square); !size) return size.error();
    resolved.agent_size = options.agent_size;
    resolved.agent_class = options.agent_class;
    if (Expected<grid::TerrainTable> terrain =
            batch::class_terrain(resolved.classes, resolved.agent_class, resolved.terrain);
        !terrain) {
        return terrain.error();
    }
    return resolved;
}

Expected<io::MovementClasses> declare_classes(const std::string& spec, const std::string& file,
                                              grid::TerrainTable& terrain, io::FileDigest* digest) {
    if (!spec.empty() && !file.empty()) {
        return Error{"", 0, 0, "--classes and --classes-file both declare movement classes: give one of them"};
    }
    io::MovementClasses classes;
    if (!spec.empty() || !file.empty()) {
        Expected<io::MovementClasses> declared = file.empty()
                                                     ? io::parse_movement_classes_spec(spec, "--classes", terrain)
                                                     : io::read_movement_classes_file(file, terrain, digest);
        if (!declared) return declared.error();
        classes = std::move(*declared);
    }
    classes.block_letters_defined_elsewhere(terrain);
    return classes;
}

Expected<LoadedMap> load_map(const SearchOptions& options, const std::string& map_path) {
    Expected<ResolvedSearch> resolved = resolve(options);
    if (!resolved) return resolved.error();
    Expected<io::MapFile> map = io::read_map_file(map_path, resolved->terrain);
    if (!map) return map.error();
    Expected<grid::TerrainTable> terrain =
        batch::class_terrain(resolved->classes, resolved->agent_class, resolved->terrain);
    if (!terrain) return terrain.error();
    Expected<grid::Grid> grid = grid::derive_agent_grid(*map, *terrain, resolved->agent_size);
    if (!grid) return grid.error();
    return LoadedMap{std::move(*resolved), std::move(*map), std::move(*grid)};
}

}  // namespace swarmpath::cli
