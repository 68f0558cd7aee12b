// Map edit files: one `x y letter` per line, `#` starts a comment, blank lines are ignored. Parsing
// turns the text into grid::CellEdit records (grid/edits.hpp); applying them is the grid's job
// (Grid::with_edits), which checks coordinates against the map and letters against its terrain.
// Errors name the file, the line and the column; the parser never prints.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/edits.hpp"
#include "swarmpath/io/file_reading.hpp"

namespace swarmpath::io {

/// Parses edit-file text; errors name `origin`, the line and the column. A UTF-8 byte-order mark or
/// CR-only line ends are errors that name them.
Expected<std::vector<grid::CellEdit>> parse_edits(std::string_view text, std::string_view origin);
/// Reads and parses an edit file; a missing or unreadable file is an Error naming it. With `digest`,
/// its bytes are checksummed there as they are read.
Expected<std::vector<grid::CellEdit>> read_edits_file(const std::string& path, FileDigest* digest = nullptr);

}  // namespace swarmpath::io
