// Checks of one cell edit as the bindings take them across their boundary (a C swarmpath_cell_edit,
// a Python (x, y, letter) triple), worded the same for both and naming the edit by its index
// ("edits[3]: ..."), so that a bad edit is refused before the engine's own edits see it. Shared by
// engine/bindings/c and engine/bindings/python; header-only, not installed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "core/printable.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/grid/terrain.hpp"

namespace swarmpath::bindings {

/// Why edit `index` at (x, y) cannot apply to `grid` (the cell is off the map), or nothing.
inline std::optional<std::string> edit_off_map(const grid::Grid& grid, std::size_t index, std::int64_t x,
                                               std::int64_t y) {
    if (grid.contains(x, y)) return std::nullopt;
    return "edits[" + std::to_string(index) + "]: (" + std::to_string(x) + ", " + std::to_string(y) + ") is off the " +
           std::to_string(grid.width()) + "x" + std::to_string(grid.height()) + " map";
}

/// Why edit `index` cannot set `letter` under `terrain` (the terrain does not declare it), or nothing.
inline std::optional<std::string> edit_letter_unknown(const grid::TerrainTable& terrain, std::size_t index,
                                                      char letter) {
    if (terrain.rule(letter).defined) return std::nullopt;
    return "edits[" + std::to_string(index) + "]: unknown terrain letter " + describe_letter(letter) +
           " (this grid's terrain does not declare it)";
}

}  // namespace swarmpath::bindings
