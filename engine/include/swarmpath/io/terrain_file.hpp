// Terrain specs and terrain files: the text forms of a terrain table (grid/terrain.hpp). A spec is
// `LETTER=COST,LETTER=COST,...` (the command line's --terrain); a file holds one `LETTER=COST` a
// line. COST is a positive number from grid::kMinimumCost to grid::kMaximumCost, or `inf` (also
// `INF`, `blocked`) for a blocked letter. Both are applied on top of a base table. Errors name the
// origin, the line and the column; the parsers never print.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/terrain.hpp"
#include "swarmpath/io/file_reading.hpp"

namespace swarmpath::io {

/// Parses `LETTER=COST,LETTER=COST,...` (COST a positive number or `inf` for blocked) on top of
/// `base`. `origin` names where the text came from for error messages; `line` is reported as given.
/// A letter may be declared once per spec (a second declaration is an error naming both columns).
Expected<grid::TerrainTable> parse_terrain_spec(std::string_view spec, grid::TerrainTable base, std::string_view origin,
                                                std::uint32_t line = 0);

/// Parses a terrain file: one `LETTER=COST` pair per line, `#` starts a comment, blank lines ignored.
/// A letter may be declared once per file; a UTF-8 byte-order mark or CR-only line ends are errors
/// that name them (io/text_lines.hpp, encoding_problem).
Expected<grid::TerrainTable> parse_terrain_file_text(std::string_view text, grid::TerrainTable base,
                                                     std::string_view origin);
/// Reads and parses a terrain file; with `digest`, its bytes are checksummed there as they are read.
Expected<grid::TerrainTable> read_terrain_file(const std::string& path, grid::TerrainTable base,
                                               FileDigest* digest = nullptr);

}  // namespace swarmpath::io
