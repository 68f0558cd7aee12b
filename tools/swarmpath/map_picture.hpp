// Drawing a map with paths over it, for `swarmpath route` and `swarmpath render`: as ASCII text
// (the map's own letters, `*` on path cells, `S` and `G` on each path's start and goal, as the
// classic A* texts print it) and as a PNG through libpng (each terrain letter in its own colour,
// each path in its own colour, every cell a square of `scale` × `scale` pixels): ascii_picture.cpp
// and png_picture.cpp. Assumes maps fit the engine's limits (io/map_file.hpp).
// The map's `type` decides the cell shape (docs/formats.md): on a hex map the text puts a space between
// cells and indents odd rows by one character (half a cell), and the PNG draws pointy-top hexagons
// `scale` pixels wide; on a triangle map the text writes each cell's sloping sides around its letter
// (`/.\` up, `\./` down), and the PNG draws triangles with a base `scale` pixels wide. On both, a path
// is a line through the cell centres with the start and goal as discs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/terrain.hpp"
#include "swarmpath/grid/topology.hpp"
#include "swarmpath/io/map_file.hpp"

namespace swarmpath::cli {

/// The map's cell shape, from its `type` header (an unknown word, which the parser refuses, draws as
/// squares).
inline grid::Topology map_topology(const io::MapFile& map) {
    return grid::topology_from_type(map.type).value_or(grid::Topology::square);
}

/// One path to draw: its cells (x, y), start first. `goal_x`/`goal_y` is where the query asked to go,
/// which differs from the last cell for a partial path; `has_goal` is false when it is not known.
struct DrawnPath {
    std::vector<std::uint32_t> xs;
    std::vector<std::uint32_t> ys;
    std::uint32_t start_x = 0;
    std::uint32_t start_y = 0;
    std::uint32_t goal_x = 0;
    std::uint32_t goal_y = 0;
    bool has_goal = false;
    /// xs/ys are the corners of straight segments between cell centres (a waypoint or smoothed path,
    /// `solve --waypoints/--smooth`), not every cell: drawn as lines, with `o` on the corners in ASCII.
    bool polyline = false;
    /// The agent's side (--agent-size): every position, start and goal is drawn as the block of
    /// agent_size x agent_size cells it heads (square maps only), and a line through the blocks' centres.
    std::uint32_t agent_size = 1;
};

/// Cells of the map that a crop keeps: columns [left, right) and rows [top, bottom).
struct CropWindow {
    std::uint32_t left = 0;
    std::uint32_t top = 0;
    std::uint32_t right = 0;
    std::uint32_t bottom = 0;
};

/// The whole map.
CropWindow full_window(const io::MapFile& map);
/// The smallest window holding every path cell and endpoint, grown by `margin` cells on each side
/// (clipped to the map); the whole map when there are no paths.
CropWindow path_window(const io::MapFile& map, const std::vector<DrawnPath>& paths, std::uint32_t margin);

/// The map as text, one line per row of `window`: terrain letters, `*` on path cells, then `S` on
/// each start and `G` on each goal (drawn last, so they win over `*`); for sized agents on every cell
/// of each position's block. Hex rows are `. . @` with odd
/// rows indented by one space; triangle rows are `/.\./.\` (a letter between `/` and `\` points up).
std::string ascii_picture(const io::MapFile& map, const std::vector<DrawnPath>& paths, const CropWindow& window);

/// RGB colour of a terrain letter: fixed colours for the benchmark letters, a colour derived from
/// the letter for any other, darkened when `terrain` blocks it.
struct Colour {
    std::uint8_t red = 0;
    std::uint8_t green = 0;
    std::uint8_t blue = 0;
    friend bool operator==(const Colour&, const Colour&) = default;
};
Colour terrain_colour(char letter, const grid::TerrainTable& terrain);
/// Colour of the `index`-th path (a fixed palette of distinct saturated colours, cycling).
Colour path_colour(std::size_t index);

/// A pixel scale that makes the longer side of the picture about 800 pixels, from 1 to 16.
std::uint32_t automatic_scale(const io::MapFile& map);

/// The picture's size in pixels at `scale`: width × scale by height × scale for squares; for hexes
/// ceil((width + 1/2) × scale) by ceil((2 + 3 (height − 1) / 2) × scale / √3); for triangles
/// ceil((width + 1) × scale / 2) by ceil(height × scale × √3 / 2).
struct PictureSize {
    std::uint64_t width = 0;
    std::uint64_t height = 0;
};
PictureSize picture_size(const io::MapFile& map, std::uint32_t scale);

/// Encodes the picture as PNG bytes (RGB, 8 bits). Fails only when libpng reports an error or the
/// picture would exceed 2^28 pixels.
Expected<std::string> png_picture(const io::MapFile& map, const grid::TerrainTable& terrain,
                                  const std::vector<DrawnPath>& paths, std::uint32_t scale);

/// Encodes `width` × `height` RGB pixels (3 bytes each, row by row) as PNG bytes. Fails only when
/// libpng reports an error.
Expected<std::string> png_from_pixels(const std::vector<std::uint8_t>& pixels, std::uint32_t width,
                                      std::uint32_t height);

/// A picture of the map with cell (x, y) painted cell_colours[y · width + x] and no paths: squares
/// `scale` pixels wide, or hexagons and triangles laid out (and outlined) as png_picture lays them
/// out. For pictures of values per cell, such as a goal field's costs.
Expected<std::string> png_cell_picture(const io::MapFile& map, const std::vector<Colour>& cell_colours,
                                       std::uint32_t scale);

}  // namespace swarmpath::cli
