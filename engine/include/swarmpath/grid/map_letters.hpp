// A map as the grid is built from it: its size and its terrain letters, with the size limits every
// map must respect. It is plain data with no notion of files: the io area fills it from a `.map`
// file (io::MapFile adds the file's details), tools and tests fill it in code, and Grid::build
// compiles it. Assumes nothing about where the letters came from; Grid::check_map checks them.
#pragma once

#include <cstdint>
#include <string>

namespace swarmpath::grid {

/// Largest width or height accepted (the search packs coordinates in 16 bits, border included).
inline constexpr std::uint32_t kMaximumSide = 32768;
/// Largest width × height accepted: 2^28 cells (16384 × 16384), about 2.4 GiB of search state per
/// worker at the documented 9.1 bytes per cell.
inline constexpr std::uint64_t kMaximumCells = std::uint64_t{1} << 28;

struct MapLetters {
    std::string path;  ///< where the letters came from (a file, or an origin): named in errors
    std::string type;  ///< the map type, usually "octile"; empty when built in code
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::string letters;  ///< row-major, width × height, (0,0) top left

    [[nodiscard]] char letter(std::uint32_t x, std::uint32_t y) const {
        return letters[static_cast<std::size_t>(y) * width + x];
    }
};

}  // namespace swarmpath::grid
