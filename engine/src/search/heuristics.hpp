// Heuristics as compile-time policies, in the grid's fixed-point units. The square-cell ones take the
// absolute coordinate differences to the goal (`distance(dx, dy)`); the cell-shape ones (hex cube
// distance, triangle band distance) need the coordinates themselves, since a hex row's offset and a
// triangle's orientation depend on them (`between(x, y, goal_x, goal_y)`; estimate() calls either).
// Each returns an estimate that never exceeds the cheapest possible path under its movement model,
// because the grid scales every cost so that the cheapest passable letter costs exactly
// kStraightUnits / kDiagonalUnits per step. All are consistent.
#pragma once

#include <cmath>
#include <cstdint>

#include "swarmpath/grid/grid.hpp"

namespace swarmpath::search::heuristics {

using grid::Cost;

struct Octile {
    static Cost distance(std::uint32_t dx, std::uint32_t dy) {
        std::uint32_t low = dx < dy ? dx : dy;
        std::uint32_t high = dx < dy ? dy : dx;
        return grid::kStraightUnits * (high - low) + grid::kDiagonalUnits * low;
    }
};

struct Manhattan {
    static Cost distance(std::uint32_t dx, std::uint32_t dy) { return grid::kStraightUnits * (Cost{dx} + dy); }
};

struct Chebyshev {
    static Cost distance(std::uint32_t dx, std::uint32_t dy) { return grid::kStraightUnits * (dx < dy ? dy : dx); }
};

/// Straight-line distance, shrunk by one part in a million and rounded down so that it stays below
/// the octile distance computed with the rounded diagonal (kDiagonalUnits < √2 · kStraightUnits).
struct Euclidean {
    static Cost distance(std::uint32_t dx, std::uint32_t dy) {
        double length = std::sqrt(static_cast<double>(dx) * dx + static_cast<double>(dy) * dy);
        return static_cast<Cost>(length * static_cast<double>(grid::kStraightUnits) * (1.0 - 1e-6));
    }
};

struct Zero {
    static Cost distance(std::uint32_t /*dx*/, std::uint32_t /*dy*/) { return 0; }
};

/// Hex maps (odd-r rows): kStraightUnits per step of the cube distance, the open map's step count
/// (grid/topology.hpp hex_steps). A step moves to a neighbour, so it changes the cube distance to
/// the goal by at most one and costs at least kStraightUnits: consistent.
struct HexDistance {
    static Cost between(std::uint32_t x, std::uint32_t y, std::uint32_t goal_x, std::uint32_t goal_y) {
        // Axial q = x − floor(y / 2) (y ≥ 0), r = y; steps = max(|Δq|, |Δr|, |Δq + Δr|).
        const std::int64_t dq = (std::int64_t{goal_x} - (goal_y >> 1U)) - (std::int64_t{x} - (y >> 1U));
        const std::int64_t dr = std::int64_t{goal_y} - std::int64_t{y};
        const std::int64_t a = dq < 0 ? -dq : dq;
        const std::int64_t b = dr < 0 ? -dr : dr;
        const std::int64_t c = dq + dr < 0 ? -(dq + dr) : dq + dr;
        const std::int64_t steps = a > b ? (a > c ? a : c) : (b > c ? b : c);
        return grid::kStraightUnits * static_cast<Cost>(steps);
    }
};

/// Triangle maps: kStraightUnits per step of the band distance (grid/topology.hpp triangle_steps):
/// the sum of the differences in row, "/" band and "\" band. A step crosses one line of the tiling,
/// so it changes exactly one band by one: consistent, and exact on an open map.
struct TriangleDistance {
    static Cost between(std::uint32_t x, std::uint32_t y, std::uint32_t goal_x, std::uint32_t goal_y) {
        const auto sx = static_cast<std::int64_t>(x);
        const auto sy = static_cast<std::int64_t>(y);
        const auto gx = static_cast<std::int64_t>(goal_x);
        const auto gy = static_cast<std::int64_t>(goal_y);
        // Arithmetic shifts: floor halves, also of the negative x − y − 1.
        const std::int64_t row = gy - sy;
        const std::int64_t slash = ((gx + gy) >> 1) - ((sx + sy) >> 1);
        const std::int64_t backslash = ((gx - gy - 1) >> 1) - ((sx - sy - 1) >> 1);
        const std::int64_t steps =
            (row < 0 ? -row : row) + (slash < 0 ? -slash : slash) + (backslash < 0 ? -backslash : backslash);
        return grid::kStraightUnits * static_cast<Cost>(steps);
    }
};

/// The estimate of `Heuristic` from (x, y) to the goal, whichever form it takes.
template <class Heuristic>
[[gnu::always_inline]] inline Cost estimate(std::uint32_t x, std::uint32_t y, std::uint32_t goal_x,
                                            std::uint32_t goal_y) {
    if constexpr (requires { Heuristic::between(x, y, goal_x, goal_y); }) {
        return Heuristic::between(x, y, goal_x, goal_y);
    } else {
        return Heuristic::distance(x > goal_x ? x - goal_x : goal_x - x, y > goal_y ? y - goal_y : goal_y - y);
    }
}

}  // namespace swarmpath::search::heuristics
