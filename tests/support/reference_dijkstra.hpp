// An independent reference for the tests: a plain Dijkstra over a parsed map, written without any
// of the engine's machinery (no bitsets, no fixed point, no move tables): doubles, std::priority_queue
// and direct reading of the map letters and the terrain table. It answers the cheapest cost from one
// cell to every cell, under any movement model and diagonal rule, or on hex and triangle cells (their
// neighbours written out here again from docs/formats.md, not taken from grid/topology.hpp), so tests can
// compare the engine's costs with it on random grids.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "swarmpath/grid/terrain.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::testing {

inline constexpr double kUnreachable = std::numeric_limits<double>::infinity();

struct ReferenceRules {
    search::Moves moves = search::Moves::eight;
    search::DiagonalRule diagonal = search::DiagonalRule::both_free;
    grid::TerrainTable terrain = grid::TerrainTable::benchmark();
    /// Hex and triangle: every step goes to a shape neighbour and has length 1; moves and diagonal
    /// are ignored.
    grid::Topology topology = grid::Topology::square;
};

/// Cheapest cost from (x, y) to every cell (row-major, kUnreachable where unreachable), where a step
/// costs its length (1 or √2) times the terrain cost of the cell entered, and cells connect only
/// within one terrain layer.
std::vector<double> reference_costs_from(const io::MapFile& map, const ReferenceRules& rules, std::uint32_t x,
                                         std::uint32_t y);

/// Whether a step from (x, y) in direction (dx, dy) is legal under `rules` (used by path validation).
bool reference_step_allowed(const io::MapFile& map, const ReferenceRules& rules, std::int64_t x, std::int64_t y, int dx,
                            int dy);

/// The cost of a path of cell indices under `rules`, or -1 when a step in it is illegal.
double reference_path_cost(const io::MapFile& map, const ReferenceRules& rules,
                           const std::vector<std::uint32_t>& cells);

/// A path's cells as plain indices, as reference_path_cost takes them.
inline std::vector<std::uint32_t> cell_values(const std::vector<grid::CellIndex>& path) {
    std::vector<std::uint32_t> values;
    values.reserve(path.size());
    for (grid::CellIndex cell : path) values.push_back(cell.value);
    return values;
}

/// Whether a cost the engine reports equals the reference's, up to the rounding of its fixed-point
/// units (relative 1e-6, and 1e-9 for a cost of zero).
inline bool costs_equal(double engine, double reference) {
    return std::abs(engine - reference) <= 1e-6 * reference + 1e-9;
}

}  // namespace swarmpath::testing
