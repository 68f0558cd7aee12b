// Moving AI `.map` files: parsing to a plain letter array, with typed errors that name the file,
// line and column. Accepts LF or CRLF line ends, a missing final newline, and header lines
// (`type`, `height`, `width`) in any order before the `map` line, each exactly once (a repeat is an
// error even with the same value). `type` must be `octile`: `hex` and `triangle` (FORMATS.md) are
// refused as not supported yet, any other word as unknown. A UTF-8 byte-order mark or CR-only line
// ends are refused with a message naming them (see encoding_problem). Every letter must be defined by
// the terrain table given. Sizes are checked before any allocation against kMaximumSide and
// kMaximumCells, so a hostile header cannot make the parser allocate gigabytes.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/terrain.hpp"
#include "swarmpath/io/file_reading.hpp"

namespace swarmpath::io {

/// Largest width or height accepted (the search packs coordinates in 16 bits, border included).
inline constexpr std::uint32_t kMaximumSide = 32768;
/// Largest width × height accepted: 2^28 cells (16384 × 16384), about 2.4 GiB of search state per
/// worker at the documented 9.1 bytes per cell.
inline constexpr std::uint64_t kMaximumCells = std::uint64_t{1} << 28;

struct MapFile {
    std::string path;           ///< where it was read from (or the origin given to the parser)
    std::string type;           ///< the `type` header, usually "octile"
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::string letters;        ///< row-major, width × height, (0,0) top left
    std::uint32_t first_row_line = 0;  ///< file line of row y = 0 (for error messages)

    [[nodiscard]] char letter(std::uint32_t x, std::uint32_t y) const {
        return letters[static_cast<std::size_t>(y) * width + x];
    }
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

/// Reads and parses a map file; a missing or unreadable file is an Error naming it.
Expected<MapFile> read_map_file(const std::string& path,
                                const grid::TerrainTable& terrain = grid::TerrainTable::benchmark());

/// Writes `contents` to `path` atomically: a temporary file beside it, then a rename. On failure
/// nothing is left at `path` (an existing file there is untouched) and the temporary is removed.
Status write_file_atomically(const std::string& path, std::string_view contents);

}  // namespace swarmpath::io
