// Turning what a search left behind into a cell path (Result::path, CellIndex values, start first),
// written once for every search:
//   - rebuild_from_directions: a parent-direction byte per cell, the direction of the step that
//     entered the cell (A*), walked back from the end to the start (kNoParent);
//   - rebuild_from_parent_cells: a parent cell per node, given by a callable, whose parent need not be
//     a neighbour (jump point search): each parent-to-node segment is diagonal steps first, then
//     straight steps;
//   - follow_directions: a next-step byte per cell, walked forward from the start until kNoDirection
//     (goal fields: the direction of each cell's first step towards the goal).
// The first two collect the path end first in a caller-owned scratch vector and reverse it once.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "search/best_first/cell_layout.hpp"
#include "search/moves.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::search::best_first {

/// Copies `scratch` (end first) into result.path, start first.
inline void store_reversed(const std::vector<std::uint32_t>& scratch, Result& result) {
    result.path.resize(scratch.size());
    std::transform(scratch.rbegin(), scratch.rend(), result.path.begin(),
                   [](std::uint32_t value) { return grid::CellIndex{value}; });
}

inline void rebuild_from_directions(const PaddedLayout& layout, const std::uint8_t* parents, std::uint32_t end,
                                    std::vector<std::uint32_t>& scratch, Result& result) {
    scratch.clear();
    std::uint32_t cell = end;
    std::uint32_t x = layout.x_of(end);
    std::uint32_t y = layout.y_of(end);
    for (;;) {
        scratch.push_back(layout.cell_index(x, y));
        const std::uint8_t direction = parents[cell];
        if (direction == kNoParent) break;
        cell = static_cast<std::uint32_t>(static_cast<std::int64_t>(cell) - direction_offset(layout, direction));
        x = static_cast<std::uint32_t>(static_cast<std::int64_t>(x) - kDirectionX[direction]);
        y = static_cast<std::uint32_t>(static_cast<std::int64_t>(y) - kDirectionY[direction]);
    }
    store_reversed(scratch, result);
}

template <class ParentOf>
void rebuild_from_parent_cells(const PaddedLayout& layout, ParentOf parent_of, std::uint32_t start, std::uint32_t end,
                               std::vector<std::uint32_t>& scratch, Result& result) {
    scratch.clear();
    std::uint32_t cell = end;
    auto x = static_cast<std::int64_t>(layout.x_of(end));
    auto y = static_cast<std::int64_t>(layout.y_of(end));
    auto add = [&](std::int64_t at_x, std::int64_t at_y) {
        scratch.push_back(layout.cell_index(static_cast<std::uint32_t>(at_x), static_cast<std::uint32_t>(at_y)));
    };
    for (;;) {
        add(x, y);
        if (cell == start) break;
        const std::uint32_t parent = parent_of(cell);
        const auto parent_x = static_cast<std::int64_t>(layout.x_of(parent));
        const auto parent_y = static_cast<std::int64_t>(layout.y_of(parent));
        const std::int64_t step_x = x > parent_x ? 1 : (x < parent_x ? -1 : 0);
        const std::int64_t step_y = y > parent_y ? 1 : (y < parent_y ? -1 : 0);
        const std::int64_t across = x > parent_x ? x - parent_x : parent_x - x;
        const std::int64_t down = y > parent_y ? y - parent_y : parent_y - y;
        const std::int64_t diagonal_steps = std::min(across, down);
        // Backwards: the straight part first, then the diagonal part, stopping short of the parent.
        std::int64_t straight_steps = std::max(across, down) - diagonal_steps;
        const std::int64_t straight_x = across > down ? step_x : 0;
        const std::int64_t straight_y = down > across ? step_y : 0;
        for (; straight_steps > 0; --straight_steps) {
            x -= straight_x;
            y -= straight_y;
            if (x != parent_x || y != parent_y) add(x, y);
        }
        for (std::int64_t step = 1; step < diagonal_steps; ++step) {
            x -= step_x;
            y -= step_y;
            add(x, y);
        }
        cell = parent;
        x = parent_x;
        y = parent_y;
    }
    store_reversed(scratch, result);
}

/// Direction byte of a cell with no next step (the goal, or a cell a field did not settle).
inline constexpr std::uint8_t kNoNextStep = 0xFF;

inline void follow_directions(const PaddedLayout& layout, const std::uint8_t* next_steps, std::uint32_t x,
                              std::uint32_t y, Result& result) {
    std::uint32_t cell = layout.padded(x, y);
    for (;;) {
        result.path.push_back(grid::CellIndex{layout.cell_index(x, y)});
        const std::uint8_t step = next_steps[cell];
        if (step == kNoNextStep) break;
        x = static_cast<std::uint32_t>(static_cast<std::int64_t>(x) + kDirectionX[step]);
        y = static_cast<std::uint32_t>(static_cast<std::int64_t>(y) + kDirectionY[step]);
        cell = static_cast<std::uint32_t>(static_cast<std::int64_t>(cell) + direction_offset(layout, step));
    }
}

}  // namespace swarmpath::search::best_first
