// Rows of the per-query CSV outputs of `swarmpath solve`, one function per row so the command only
// registers options and calls them: the paths file (`--paths`, optionally with path shapes:
// `--waypoints` / `--smooth`, which add a `length` column) and the per-query records (`--stats`);
// and the reader of the paths file beside its writer, for `render --paths`.
// Assumes the set's grid is the one its results were found on; every text field goes through
// csv_field (RFC 4180), numbers are printed with fixed decimals so files compare byte for byte.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "swarmpath/batch/scenario_run.hpp"
#include "swarmpath/core/error.hpp"
#include "swarmpath/search/path_shapes.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::cli {

/// Which form of each path the paths file holds. Neither flag: every cell, and no `length` column
/// (the file is exactly as before path shapes existed). `smooth` wins over `waypoints` (a smoothed
/// path keeps only points where it turns anyway).
struct PathShapeOptions {
    bool waypoints = false;
    bool smooth = false;
    search::SmoothingRules rules;  ///< the movement rule the paths were found under (for smoothing)
    [[nodiscard]] bool shaped() const { return waypoints || smooth; }
};

/// Registers --waypoints and --smooth on `command` (solve, route, render).
void add_path_shape_options(CLI::App& command, PathShapeOptions& options);

/// Refuses --waypoints and --smooth on a hex or triangle map (`map_path` names it): straight segments
/// between square cell centres (line of sight) do not exist on those shapes.
Status check_path_shapes_apply(const PathShapeOptions& options, const grid::Grid& grid, const std::string& map_path);

/// The points of `result`'s path in the form `options` asks for.
std::vector<search::Point> shaped_points(const grid::Grid& grid, const search::Result& result,
                                         const PathShapeOptions& options);

/// `scenario,query,status,cost,path`, with `length` before `path` when options.shaped().
void append_paths_header(std::string& buffer, const PathShapeOptions& options);
/// One paths row for query `index` of `set`: cost is the grid cost (8 decimals), length the
/// Euclidean length of the written polyline (8 decimals), the path `x:y` points separated by spaces.
void append_path_row(std::string& buffer, const batch::ScenarioSet& set, std::size_t index,
                     const search::Result& result, const PathShapeOptions& options);

/// The --stats header (the columns docs/formats.md lists).
void append_stats_header(std::string& buffer);
/// One --stats row for query `index` of `set`: the file's bucket, endpoints and optimal length beside
/// the status, grid cost, counters (heap_operations = pushes + pops + decrease-keys) and nanoseconds.
void append_stats_row(std::string& buffer, const batch::ScenarioSet& set, std::size_t index,
                      const search::Result& result);

/// One row of a `solve --paths` CSV: `scenario,query,status,cost,path` with the path as `x:y x:y ...`.
struct PathRow {
    std::string scenario;
    std::uint32_t query = 0;
    std::string status;
    double cost = 0;
    bool has_length = false;  ///< the row had a `length` column: its points are a polyline
    double length = 0;
    std::vector<std::uint32_t> xs;
    std::vector<std::uint32_t> ys;
    std::uint32_t line = 0;
};

/// Parses the CSV text (5 columns, or 6 with `length` before `path` as `solve --waypoints/--smooth`
/// writes); errors name `origin` and the line.
Expected<std::vector<PathRow>> parse_path_rows(const std::string& text, const std::string& origin);

}  // namespace swarmpath::cli
