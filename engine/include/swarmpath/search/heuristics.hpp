// Heuristics as compile-time policies, in the grid's fixed-point units. Each takes the absolute
// coordinate differences to the goal and returns an estimate that never exceeds the cheapest
// possible path under its movement model, because the grid scales every cost so that the cheapest
// passable letter costs exactly kStraightUnits / kDiagonalUnits per step. All are consistent.
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
    static Cost distance(std::uint32_t dx, std::uint32_t dy) {
        return grid::kStraightUnits * (Cost{dx} + dy);
    }
};

struct Chebyshev {
    static Cost distance(std::uint32_t dx, std::uint32_t dy) {
        return grid::kStraightUnits * (dx < dy ? dy : dx);
    }
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

}  // namespace swarmpath::search::heuristics
