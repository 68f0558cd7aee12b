// The optimal lengths `swarmpath generate` writes into scenario files, computed here from the
// movement rules alone. It deliberately shares no code with the engine's search (no grid, heap or
// search from engine/): that independence is what makes `swarmpath solve --check` on a generated
// file a real test of the engine, so keep it.
// The rules (docs/formats.md):
//   terrain  by default the benchmark letters: `.` `G` `S` ground, `W` water (a layer of its own),
//            every other letter blocked, each cost 1; or a movement class's letters (LetterRules:
//            each letter's layer and cost); a step joins two positions of one layer;
//   agents   an agent of size k at (x, y) is the k x k block from (x, y) to (x+k-1, y+k-1); the
//            position is open when every cell of the block is on the map, passable and on one layer,
//            and a step costs its length times the dearest cell of the block it enters;
//   squares  8 moves, a straight step 1 and a diagonal √2 = 1.414213562, a diagonal only when both
//            positions beside it are open (no corner cutting, so the block never sweeps a wall);
//   hex and triangle maps  the shape's own neighbours (grid/topology.hpp), each step of length 1,
//            one-cell agents only.
// Sums are plain doubles in the order the searches settle cells, with std::priority_queue ordered by
// (cost, cell): generated files are reproducible byte for byte, so that order must not change.
#pragma once

#include <array>
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

/// What one letter means to an agent: its layer (0 blocked, 1 ground, 2 water) and entry cost.
struct LetterRule {
    std::uint8_t layer = 0;
    double cost = 1.0;
};
using LetterRules = std::array<LetterRule, 256>;

/// The benchmark letters: `.` `G` `S` ground, `W` water, each cost 1; every other letter blocked.
LetterRules benchmark_rules();

/// A map's positions for one agent size and one set of letter rules: each position's layer (0 when
/// the block is not open) and the letter whose cost entering it pays (its block's dearest), row by row.
class ReferenceMap {
public:
    /// `size` above 1 needs square cells.
    ReferenceMap(std::string_view letters, std::uint32_t width, std::uint32_t height, grid::Topology topology,
                 const LetterRules& rules = benchmark_rules(), std::uint32_t size = 1);

    [[nodiscard]] std::uint32_t width() const { return width_; }
    [[nodiscard]] std::uint32_t height() const { return height_; }
    [[nodiscard]] std::size_t cell_count() const { return layers_.size(); }
    [[nodiscard]] grid::Topology topology() const { return topology_; }
    [[nodiscard]] int layer(std::uint32_t cell) const { return layers_[cell]; }
    /// The cost factor of entering the open position `cell`.
    [[nodiscard]] double entry_cost(std::uint32_t cell) const { return rules_[dearest_[cell]].cost; }
    /// The cheapest cost factor of any passable letter (1 without letter rules): scales the estimate.
    [[nodiscard]] double cheapest_cost() const { return cheapest_cost_; }

    /// Calls `visit(next, step_length)` for every legal step out of the open position `cell`: on
    /// squares the eight directions row by row (dy, then dx, from -1 to 1), elsewhere the shape's
    /// neighbours. A step costs its length times entry_cost(next).
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
    LetterRules rules_;
    double cheapest_cost_ = 1.0;
    std::vector<std::uint8_t> layers_;
    std::vector<std::uint8_t> dearest_;  ///< per position, the letter of its block's dearest cell
};

/// The positions of the map's largest connected region of one layer (the first found when several tie),
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

    /// Every position's optimal length to `goal` (infinity where it cannot reach it) by one Dijkstra
    /// from the goal over the steps taken backwards (each paying the entry cost of the position it
    /// leaves). Valid until the next call.
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
