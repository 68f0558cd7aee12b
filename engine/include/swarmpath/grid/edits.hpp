// Map edits between batches: a building placed, a wall destroyed. An edit sets one cell's terrain
// letter. Grids are immutable while a batch runs; edits make a new grid (Grid::with_edits) between
// batches, patching the changed cells in place of a rebuild when every new letter is a terrain kind
// the grid already has (otherwise the grid is rebuilt from its letters, which is always correct).
// Edit files hold one `x y letter` per line; `#` starts a comment; blank lines are ignored.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "swarmpath/core/error.hpp"

namespace swarmpath::grid {

struct CellEdit {
    std::uint32_t x = 0;
    std::uint32_t y = 0;
    char letter = '.';
    std::uint32_t line = 0;  ///< line in the edit file (0 when built in code), for error messages
};

/// Parses edit-file text; errors name `origin`, the line and the column. Coordinates are checked
/// against the map when the edits are applied (Grid::with_edits), letters against its terrain table.
/// A UTF-8 byte-order mark or CR-only line ends are errors that name them.
Expected<std::vector<CellEdit>> parse_edits(std::string_view text, std::string_view origin);
Expected<std::vector<CellEdit>> read_edits_file(const std::string& path);

}  // namespace swarmpath::grid
