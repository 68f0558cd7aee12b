// The cell shape of a map (docs/formats.md "Hex and triangle cells"): square cells with 4 or 8 moves,
// pointy-top hexagons in odd-r offset rows, or triangles pointing up where x + y is even. This
// header is the one home of each shape's neighbourhood and of its step distance on an open map,
// shared by the parser, the grid, the searches and the tools. Assumes coordinates inside the map:
// a neighbour offset may lead off the map, which the caller checks (or the padded border catches).
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "swarmpath/core/error.hpp"

namespace swarmpath::grid {

enum class Topology : std::uint8_t { square, hex, triangle };

/// The `type` header value that names a topology: "octile" (or empty, a map built in code) is square.
[[nodiscard]] constexpr std::optional<Topology> topology_from_type(std::string_view type) {
    if (type.empty() || type == "octile") return Topology::square;
    if (type == "hex") return Topology::hex;
    if (type == "triangle") return Topology::triangle;
    return std::nullopt;
}

/// The `type` header value a map of this topology is written with.
[[nodiscard]] constexpr std::string_view topology_type_name(Topology topology) {
    switch (topology) {
        case Topology::hex:
            return "hex";
        case Topology::triangle:
            return "triangle";
        case Topology::square:
            break;
    }
    return "octile";
}

/// The one parser of cell-shape names for every front end: `square` (also `octile`, the map files'
/// word), `hex` or `triangle`. An unknown name is an Error about Setting::topology.
inline Expected<Topology> parse_topology(std::string_view name) {
    if (name == "square") return Topology::square;
    if (!name.empty()) {
        if (const std::optional<Topology> topology = topology_from_type(name)) return *topology;
    }
    static constexpr std::array<std::string_view, 4> listed = {"square", "octile", "hex", "triangle"};
    std::string message = setting_placeholder(Setting::topology, name) + " is unknown: expected " + list_names(listed);
    if (const std::string_view closest = closest_name(name, listed); !closest.empty()) {
        message.append(" (did you mean ").append(closest).append("?)");
    }
    return Error{"", 0, 0, std::move(message), Setting::topology, std::string(name)};
}

struct NeighbourOffset {
    std::int8_t dx = 0;
    std::int8_t dy = 0;
};

namespace detail {
// Hex, odd-r: index 0 for even rows, 1 for odd rows. Order: west, east, then the row above and the
// row below, each left to right.
inline constexpr std::array<std::array<NeighbourOffset, 6>, 2> kHexNeighbours{{
    {{{-1, 0}, {1, 0}, {-1, -1}, {0, -1}, {-1, 1}, {0, 1}}},
    {{{-1, 0}, {1, 0}, {0, -1}, {1, -1}, {0, 1}, {1, 1}}},
}};
// Triangle: index 0 for an up triangle (x + y even: its third neighbour is below), 1 for a down one.
inline constexpr std::array<std::array<NeighbourOffset, 3>, 2> kTriangleNeighbours{{
    {{{-1, 0}, {1, 0}, {0, 1}}},
    {{{-1, 0}, {1, 0}, {0, -1}}},
}};
[[nodiscard]] constexpr std::int64_t floor_half(std::int64_t value) { return value >> 1; }  // arithmetic shift: floor
}  // namespace detail

/// The neighbours of (x, y) on a hex or triangle map, each one step away. Square maps have their own
/// move rules (search/moves.hpp) and are not served here: the result is empty for them.
[[nodiscard]] constexpr std::span<const NeighbourOffset> shaped_neighbours(Topology topology, std::uint32_t x,
                                                                           std::uint32_t y) {
    switch (topology) {
        case Topology::hex:
            return detail::kHexNeighbours[y & 1U];
        case Topology::triangle:
            return detail::kTriangleNeighbours[(x + y) & 1U];
        case Topology::square:
            break;
    }
    return {};
}

/// True for an up-pointing triangle (flat side at the bottom): x + y even.
[[nodiscard]] constexpr bool triangle_points_up(std::uint32_t x, std::uint32_t y) { return ((x + y) & 1U) == 0; }

/// Steps between two hex cells on an open map: the cube distance of docs/formats.md, with
/// q = x − (y − (y & 1)) / 2 and r = y, steps = max(|Δq|, |Δr|, |Δq + Δr|).
[[nodiscard]] constexpr std::uint64_t hex_steps(std::uint32_t x1, std::uint32_t y1, std::uint32_t x2,
                                                std::uint32_t y2) {
    const std::int64_t q1 = std::int64_t{x1} - (std::int64_t{y1} - (y1 & 1U)) / 2;
    const std::int64_t q2 = std::int64_t{x2} - (std::int64_t{y2} - (y2 & 1U)) / 2;
    const std::int64_t dq = q2 - q1;
    const std::int64_t dr = std::int64_t{y2} - std::int64_t{y1};
    const std::int64_t a = dq < 0 ? -dq : dq;
    const std::int64_t b = dr < 0 ? -dr : dr;
    const std::int64_t c = dq + dr < 0 ? -(dq + dr) : dq + dr;
    return static_cast<std::uint64_t>(a > b ? (a > c ? a : c) : (b > c ? b : c));
}

/// Steps between two triangle cells on an open map. Each triangle lies in one band of each of the
/// three line families of the tiling: the row y, the "/" band floor((x + y) / 2) and the "\" band
/// floor((x − y − 1) / 2). A step crosses exactly one line, so it changes exactly one band by one,
/// and on an open map a path crossing each line between the two cells once exists: the distance is
/// the sum of the three band differences.
[[nodiscard]] constexpr std::uint64_t triangle_steps(std::uint32_t x1, std::uint32_t y1, std::uint32_t x2,
                                                     std::uint32_t y2) {
    auto absolute = [](std::int64_t value) { return value < 0 ? -value : value; };
    const std::int64_t row = std::int64_t{y2} - std::int64_t{y1};
    const std::int64_t slash = detail::floor_half(std::int64_t{x2} + y2) - detail::floor_half(std::int64_t{x1} + y1);
    const std::int64_t backslash =
        detail::floor_half(std::int64_t{x2} - y2 - 1) - detail::floor_half(std::int64_t{x1} - y1 - 1);
    return static_cast<std::uint64_t>(absolute(row) + absolute(slash) + absolute(backslash));
}

}  // namespace swarmpath::grid
