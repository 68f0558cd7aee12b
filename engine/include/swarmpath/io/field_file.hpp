// The goal-field file a game engine loads (`swarmpath field MAP GX GY -o FIELD`). Little-endian,
// fixed layout, version 1:
//
//   offset  size          field
//   0       8             magic "SWPFIELD"
//   8       4  uint32     version (1)
//   12      4  uint32     width
//   16      4  uint32     height
//   20      4  uint32     goal x
//   24      4  uint32     goal y
//   28      1  uint8      movement model: 4 or 8
//   29      1  uint8      diagonal rule: 0 both-free, 1 one-free, 2 any
//   30      1  uint8      cell shape: 0 square (`type octile`), 1 hex, 2 triangle; on hex and
//                         triangle maps the movement model reads 8 and the rule 0, which do not apply
//   31      1             reserved, zero
//   32      8  uint64     checksum: FNV-1a 64 over every byte from offset 40 to the end
//   40      4·W·H float32 cost from each cell to the goal, row-major ((0,0) top left, x fastest);
//                         +infinity where the goal cannot be reached
//   40+4WH  W·H   uint8   direction of each cell's first step: 0 N, 1 E, 2 S, 3 W, 4 NE, 5 SE, 6 SW,
//                         7 NW (y grows down; on hex and triangle maps the code names the step's
//                         (dx, dy) the same way); 255 at the goal and where the goal cannot be reached
//
// Costs are real path costs (a straight step over the cheapest terrain costs its terrain cost, 1 on
// benchmark maps) rounded to float32; the exact values are the engine's 64-bit fixed point.
// FieldFile is a plain record of numbers: this file format knows nothing of how a field is computed.
// A computed search::GoalField becomes a record with search::field_file_from
// (search/goal_field_record.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "swarmpath/core/error.hpp"

namespace swarmpath::io {

inline constexpr std::uint32_t kFieldFileVersion = 1;
inline constexpr std::size_t kFieldHeaderBytes = 40;

struct FieldFile {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    std::uint32_t goal_x = 0;
    std::uint32_t goal_y = 0;
    std::uint8_t moves = 8;                ///< 4 or 8
    std::uint8_t diagonal_rule = 0;        ///< 0 both-free, 1 one-free, 2 any
    std::uint8_t topology = 0;             ///< 0 square, 1 hex, 2 triangle (grid::Topology's order)
    std::vector<float> costs;              ///< width × height
    std::vector<std::uint8_t> directions;  ///< width × height

    friend bool operator==(const FieldFile&, const FieldFile&) = default;
};

/// FNV-1a 64 of `bytes`.
std::uint64_t field_checksum(std::string_view bytes);

/// Serialises to the layout above.
std::string encode_field_file(const FieldFile& field);
/// Parses the layout above; errors (bad magic, version, size, checksum) name `origin`.
Expected<FieldFile> decode_field_file(std::string_view bytes, std::string_view origin);

Status write_field_file(const std::string& path, const FieldFile& field);
Expected<FieldFile> read_field_file(const std::string& path);

}  // namespace swarmpath::io
