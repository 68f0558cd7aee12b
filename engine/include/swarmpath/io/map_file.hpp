// Moving AI `.map` files: parsing to a plain letter array, with typed errors that name the file,
// line and column. Accepts LF or CRLF line ends, a missing final newline, and header lines
// (`type`, `height`, `width`) in any order before the `map` line, each exactly once (a repeat is an
// error even with the same value). `type` is `octile`, `hex` or `triangle` (docs/formats.md;
// grid/topology.hpp); any other word is refused as unknown. A UTF-8 byte-order mark or CR-only line
// ends are refused with a message naming them (see encoding_problem). Every letter must be defined by
// the terrain table given. Sizes are checked before any allocation against kMaximumSide and
// kMaximumCells (grid/map_letters.hpp), so a hostile header cannot make the parser allocate
// gigabytes. A parsed MapFile is a grid::MapLetters, ready for grid::Grid::build.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/map_letters.hpp"
#include "swarmpath/grid/terrain.hpp"
#include "swarmpath/io/file_reading.hpp"

namespace swarmpath::io {

/// The map size limits, defined with the map's letters (grid/map_letters.hpp).
inline constexpr std::uint32_t kMaximumSide = grid::kMaximumSide;
inline constexpr std::uint64_t kMaximumCells = grid::kMaximumCells;

/// A parsed map file: its letters (`path` is where it was read from, or the origin given to the
/// parser; `type` is the `type` header) and where in the file they start.
struct MapFile : grid::MapLetters {
    std::uint32_t first_row_line = 0;  ///< file line of row y = 0 (for error messages)
};

/// Most problems one parse records in a problem list (see parse_map); parsing stops there.
inline constexpr std::size_t kMaximumProblems = 100;

/// Parses the text of a map file. `origin` is used in error messages and stored as `path`.
/// Without `problems` the parse stops at the first problem and returns it. With `problems`, every
/// problem found is appended there (up to kMaximumProblems in the list) and parsing goes on past
/// the ones it can step over (a bad header line, a row of the wrong length, an unknown letter);
/// the return value is then the same as without the list: the first problem, or the map.
Expected<MapFile> parse_map(std::string_view text, std::string_view origin,
                            const grid::TerrainTable& terrain = grid::TerrainTable::benchmark(),
                            std::vector<Error>* problems = nullptr);

/// Reads and parses a map file; a missing or unreadable file is an Error naming it. With `digest`,
/// the bytes parsed are checksummed there as they are read (file_reading.hpp).
Expected<MapFile> read_map_file(const std::string& path,
                                const grid::TerrainTable& terrain = grid::TerrainTable::benchmark(),
                                FileDigest* digest = nullptr);

}  // namespace swarmpath::io
