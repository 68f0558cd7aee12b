// The optimal lengths `swarmpath generate` writes into scenario files, computed here from the
// movement rules alone. It deliberately shares no code with the engine's search (no grid, heap or
// search from engine/): that independence is what makes `swarmpath solve --check` on a generated
// file a real test of the engine, so keep it.
// The rules (docs/formats.md):
//   terrain  benchmark letters only: `.` `G` `S` ground, `W` water (a layer of its own), every other
//            letter blocked; a step joins two cells of one layer and costs 1 (times √2 diagonally);
//   squares  8 moves, a straight step 1 and a diagonal √2 = 1.414213562, a diagonal only when both
//            cells beside it are open (no corner cutting);
//   hex and triangle maps  the shape's own neighbours (grid/topology.hpp), each step 1.
// Sums are plain doubles in the order the searches settle cells, with std::priority_queue ordered by
// (cost, cell): generated files are reproducible byte for byte, so that order must not change.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "swarmpath/grid/topology.hpp"

namespace swarmpath::cli::reference {

/// The benchmark diagonal cost.
inline constexpr double kRootTwo = 1.414213562;

/// Calls `visit(neighbour)` for each neighbour of `cell` that lies on a `width` x `height` hex or
/// triangle map, in the order grid::shaped_neighbours lists them, whatever the letters.
template <class Visit>
void for_each_shaped_neighbour(grid::Topology topology, std::uint32_t width, std::uint32_t height, std::uint32_t cell,
                               Visit&& visit) {
    const std::uint32_t x = cell % width;
    const std::uint32_t y = cell / width;
    for (const grid::NeighbourOffset offset : grid::shaped_neighbours(topology, x, y)) {
        const std::int64_t next_x = std::int64_t{x} + offset.dx;
        const std::int64_t next_y = std::int64_t{y} + offset.dy;
        if (next_x < 0 || next_y < 0 || next_x >= width || next_y >= height) continue;
        visit(static_cast<std::uint32_t>(next_y * width + next_x));
    }
}

/// A map's letters reduced to benchmark layers (0 blocked, 1 ground, 2 water), row by row.
class ReferenceMap {
public:
    ReferenceMap(std::string_view letters, std::uint32_t width, std::uint32_t height, grid::Topology topology);

    [[nodiscard]] std::uint32_t width() const { return width_; }
    [[nodiscard]] std::uint32_t height() const { return height_; }
    [[nodiscard]] std::size_t cell_count() const { return layers_.size(); }
    [[nodiscard]] grid::Topology topology() const { return topology_; }
    [[nodiscard]] int layer(std::uint32_t cell) const { return layers_[cell]; }

    /// Calls `visit(next, step_cost)` for every legal step out of the passable `cell`: on squares the
    /// eight directions row by row (dy, then dx, from -1 to 1), elsewhere the shape's neighbours.
    template <class Visit>
    void for_each_step(std::uint32_t cell, Visit&& visit) const {
        const int here = layers_[cell];
        if (topology_ != grid::Topology::square) {
            for_each_shaped_neighbour(topology_, width_, height_, cell, [&](std::uint32_t next) {
                if (layers_[next] == here) visit(next, 1.0);
            });
            return;
        }
        const std::int64_t x = cell % width_;
        const std::int64_t y = cell / width_;
        auto open = [&](std::int64_t column, std::int64_t row) {
            return column >= 0 && row >= 0 && column < width_ && row < height_ &&
                   layers_[static_cast<std::size_t>(row * width_ + column)] == here;
        };
        for (int dy = -1; dy <= 1; ++dy) {
            for (int dx = -1; dx <= 1; ++dx) {
                if ((dx == 0 && dy == 0) || !open(x + dx, y + dy)) continue;
                const bool diagonal = dx != 0 && dy != 0;
                if (diagonal && !(open(x + dx, y) && open(x, y + dy))) continue;
                visit(static_cast<std::uint32_t>((y + dy) * width_ + (x + dx)), diagonal ? kRootTwo : 1.0);
            }
        }
    }

private:
    std::uint32_t width_;
    std::uint32_t height_;
    grid::Topology topology_;
    std::vector<std::uint8_t> layers_;
};

/// The cells of the map's largest connected region of one layer (the first found when several tie),
/// in breadth-first order from its first cell: 4-connected on squares (under no corner cutting the
/// same reachability as the eight moves), through the shape's neighbours on hex and triangle maps.
std::vector<std::uint32_t> largest_region(const ReferenceMap& map);

/// Shortest lengths over one map; reuses its arrays from query to query and resets only the cells
/// the last query reached.
class ReferenceSearch {
public:
    explicit ReferenceSearch(const ReferenceMap& map);

    /// The optimal length from `start` to `goal`, or -1 when the goal cannot be reached: on squares
    /// an A* from the start with the octile estimate, elsewhere a Dijkstra from the goal that stops
    /// when it settles the start.
    double shortest_length(std::uint32_t start, std::uint32_t goal);

    /// Every cell's optimal length to `goal` (infinity where it cannot reach it) by one Dijkstra from
    /// the goal over the whole map; the steps are symmetric, so this is also the length from the goal.
    /// Valid until the next call.
    const std::vector<double>& lengths_to(std::uint32_t goal);

private:
    void reset();
    double search_from_goal(std::uint32_t goal, std::uint32_t stop);
    double octile_search(std::uint32_t start, std::uint32_t goal);

    const ReferenceMap& map_;
    std::vector<double> cost_;
    std::vector<std::uint32_t> touched_;
};

}  // namespace swarmpath::cli::reference
