// Map edits between batches: a building placed, a wall destroyed. An edit sets one cell's terrain
// letter. Grids are immutable while a batch runs; edits make a new grid (Grid::with_edits) between
// batches, patching the changed cells in place of a rebuild when every new letter is a terrain kind
// the grid already has (otherwise the grid is rebuilt from its letters, which is always correct).
// Edit files (one `x y letter` per line) are parsed by io/edits_file.hpp into these records.
#pragma once

#include <cstdint>

namespace swarmpath::grid {

struct CellEdit {
    std::uint32_t x = 0;
    std::uint32_t y = 0;
    char letter = '.';
    std::uint32_t line = 0;  ///< line in the edit file (0 when built in code), for error messages
};

}  // namespace swarmpath::grid
