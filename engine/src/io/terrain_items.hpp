// The terrain-spec grammar's items (`LETTER=COST`, and comma-separated lists of them) applied to a
// terrain table, shared by the parsers that read them: terrain specs and files (io/terrain_file.hpp)
// and movement-class files and specs (io/movement_classes_file.hpp). Internal to the io area.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/terrain.hpp"

namespace swarmpath::io {

/// Where each letter was declared in the text being parsed (0: not yet), so that a letter declared
/// twice, even with the same cost, is an error naming both places.
struct TerrainDeclarations {
    std::array<std::uint32_t, 256> place{};
    bool by_line = true;  ///< places are lines (a file), else columns (a one-line spec)
};

/// Applies one `LETTER=COST` item (already trimmed) found at `line` and `column` of `origin`.
Status apply_terrain_item(std::string_view item, grid::TerrainTable& table, std::string_view origin, std::uint32_t line,
                          std::uint32_t column, TerrainDeclarations& declarations);

/// Applies `LETTER=COST,LETTER=COST,...`: `items` starts at column `first_column` of `line` (both
/// 1-based as errors report them). An empty list is an error, and so is an empty item.
Status apply_terrain_items(std::string_view items, grid::TerrainTable& table, std::string_view origin,
                           std::uint32_t line, std::uint32_t first_column, TerrainDeclarations& declarations);

}  // namespace swarmpath::io
