// Command-line options shared by every subcommand that searches: algorithm, movement model,
// diagonal rule, heuristic, weight, terrain, fallback and expansion limit. They are read as text
// and turned into engine settings by resolve(), which names the option in any error.
#pragma once

#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/grid/terrain.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/movement_classes_file.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::cli {

struct SearchOptions {
    std::string algorithm = "auto";
    int moves = 8;
    std::string diagonal = "both-free";
    std::string heuristic = "auto";
    double weight = 1.0;
    std::string terrain_spec;
    std::string terrain_file;
    std::string fallback = "none";
    std::uint64_t max_expansions = 0;
    std::uint64_t deadline_milliseconds = 0;  ///< --deadline-ms (solve and route only); 0: none
    std::uint32_t agent_size = 1;             ///< --agent-size (solve, route, field, precompute)
    std::string agent_class;                  ///< --class: empty for the default class
    std::string classes_spec;                 ///< --classes: movement classes on one line
    std::string classes_file;                 ///< --classes-file: movement classes from a file
    CLI::Option* weight_option = nullptr;
    CLI::Option* moves_option = nullptr;     ///< given: hex and triangle maps refuse it
    CLI::Option* diagonal_option = nullptr;  ///< given: hex and triangle maps refuse it

    /// Registers the options on `command`.
    void add_to(CLI::App& command);
    /// Registers --deadline-ms (a per-query time budget) on `command`.
    void add_deadline_to(CLI::App& command);
    /// Registers --agent-size, --class, --classes and --classes-file (the agents' size, movement
    /// class and the declared classes) on `command`.
    void add_agent_to(CLI::App& command);
};

/// The agent options of a command that keeps its options outside SearchOptions (field).
struct AgentOptions {
    std::uint32_t size = 1;
    std::string class_name;
    std::string classes_spec;
    std::string classes_file;
};

/// Registers --agent-size, --class, --classes and --classes-file on `command`, read into `agent`.
void add_agent_options(CLI::App& command, AgentOptions& agent);

struct ResolvedSearch {
    search::SearchSettings settings;
    grid::TerrainTable terrain = grid::TerrainTable::benchmark();
    /// The size and checksum of the --terrain-file bytes used, when one was read.
    io::FileDigest terrain_file_digest;
    std::uint32_t agent_size = 1;
    std::string agent_class;
    /// The declared movement classes (none: the one class is `terrain`). Each starts from `terrain`.
    io::MovementClasses classes;
    /// The size and checksum of the --classes-file bytes used, when one was read.
    io::FileDigest classes_file_digest;
};

Expected<ResolvedSearch> resolve(const SearchOptions& options);

/// The movement classes that --classes `spec` or --classes-file `file` declare (none when both are
/// empty; both given is refused), each starting from `terrain`. A letter only some classes define is
/// then a wall in `terrain` and in the other classes (MovementClasses::block_letters_defined_elsewhere),
/// so a map read with `terrain` may hold it. With `digest`, the file's bytes are checksummed there.
Expected<io::MovementClasses> declare_classes(const std::string& spec, const std::string& file,
                                              grid::TerrainTable& terrain, io::FileDigest* digest = nullptr);

/// A map read and compiled under resolved search options: where route and field start.
struct LoadedMap {
    ResolvedSearch search;
    io::MapFile map;
    /// The grid the agents search on: the map's, or the one derived for --agent-size and --class
    /// (grid/agent_grid.hpp; same size and cell indices, each cell standing for the block it heads).
    grid::Grid grid;
};

/// Resolves `options`, reads `map_path` with their terrain table and builds its grid (derived for the
/// agent size and class). The first error (an option value, the file, an undefined letter, a size the
/// map refuses) comes back as it is, naming the option or the file and line.
Expected<LoadedMap> load_map(const SearchOptions& options, const std::string& map_path);

}  // namespace swarmpath::cli
