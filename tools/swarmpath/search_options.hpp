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
    CLI::Option* weight_option = nullptr;
    CLI::Option* moves_option = nullptr;     ///< given: hex and triangle maps refuse it
    CLI::Option* diagonal_option = nullptr;  ///< given: hex and triangle maps refuse it

    /// Registers the options on `command`.
    void add_to(CLI::App& command);
    /// Registers --deadline-ms (a per-query time budget) on `command`.
    void add_deadline_to(CLI::App& command);
};

struct ResolvedSearch {
    search::SearchSettings settings;
    grid::TerrainTable terrain = grid::TerrainTable::benchmark();
    /// The size and checksum of the --terrain-file bytes used, when one was read.
    io::FileDigest terrain_file_digest;
};

Expected<ResolvedSearch> resolve(const SearchOptions& options);

/// A map read and compiled under resolved search options: where route and field start.
struct LoadedMap {
    ResolvedSearch search;
    io::MapFile map;
    grid::Grid grid;
};

/// Resolves `options`, reads `map_path` with their terrain table and builds its grid. The first
/// error (an option value, the file, an undefined letter) comes back as it is, naming the option
/// or the file and line.
Expected<LoadedMap> load_map(const SearchOptions& options, const std::string& map_path);

}  // namespace swarmpath::cli
