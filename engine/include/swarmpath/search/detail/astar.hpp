// The A* search loop, generic over its compile-time policies: the move rule (movement model and
// diagonal rule, as a neighbourhood-mask table), the cost model (uniform: bits only; terrain: a
// per-cell kind byte and a per-kind cost) and the heuristic. Internal: the Solver instantiates it
// once per policy combination and calls it through one function pointer per query.
//
// Invariants: g values are exact fixed-point integers; the open list orders by (f, larger g, smaller
// cell) so expansion order is deterministic; with a consistent heuristic and weight 1 a closed cell
// is final, so closed cells are never reopened (weighted A* does not reopen either, which keeps its
// W·optimal bound). Nothing here throws or allocates except the heap's growth and the returned path.
#pragma once

#include <algorithm>
#include <cstdint>

#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/heuristics.hpp"
#include "swarmpath/search/moves.hpp"
#include "swarmpath/search/solver.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::search::detail {

/// Uniform cost: one layer, every passable cell costs the same; successors come from bits alone.
struct UniformCost {
    const grid::Bitset* bits;
    explicit UniformCost(const grid::Grid& grid) : bits(&grid.layer_bits(1)) {}
    [[nodiscard]] unsigned neighbourhood(std::uint32_t cell, std::uint32_t padded_width) const {
        return read_neighbourhood(*bits, cell, padded_width);
    }
    [[nodiscard]] static grid::Cost step(int direction, std::uint32_t /*cell*/) {
        return is_diagonal(direction) ? grid::kDiagonalUnits : grid::kStraightUnits;
    }
};

/// Terrain cost: the cell entered sets the cost; successors are read from the mover's layer.
struct TerrainCost {
    const grid::Grid* grid;
    const std::uint8_t* kind_of;
    const grid::TerrainKind* kinds;
    explicit TerrainCost(const grid::Grid& source)
        : grid(&source), kind_of(source.kind_of()), kinds(source.kinds().data()) {}
    [[nodiscard]] unsigned neighbourhood(std::uint32_t cell, std::uint32_t padded_width) const {
        return read_neighbourhood(grid->layer_bits(kinds[kind_of[cell]].layer), cell, padded_width);
    }
    [[nodiscard]] grid::Cost step(int direction, std::uint32_t cell) const {
        const grid::TerrainKind& kind = kinds[kind_of[cell]];
        return is_diagonal(direction) ? kind.diagonal_units : kind.straight_units;
    }
};

inline std::uint32_t absolute_difference(std::uint32_t a, std::uint32_t b) { return a > b ? a - b : b - a; }

/// Fills result.path (CellIndex, start first) by walking parent directions back from `end`.
inline void reconstruct_path(const grid::Grid& grid, SearchContext& context, std::uint32_t end,
                             std::uint32_t end_x, std::uint32_t end_y, Result& result) {
    const std::uint8_t* parents = context.parent_directions();
    std::vector<std::uint32_t>& scratch = context.path_scratch();
    scratch.clear();
    const auto padded_width = static_cast<std::int64_t>(grid.padded_width());
    std::int64_t cell = end;
    std::uint32_t x = end_x;
    std::uint32_t y = end_y;
    for (;;) {
        scratch.push_back(y * grid.width() + x);
        std::uint8_t direction = parents[cell];
        if (direction == kNoParent) break;
        int dx = kDirectionX[direction];
        int dy = kDirectionY[direction];
        cell -= dy * padded_width + dx;
        x = static_cast<std::uint32_t>(static_cast<std::int64_t>(x) - dx);
        y = static_cast<std::uint32_t>(static_cast<std::int64_t>(y) - dy);
    }
    result.path.resize(scratch.size());
    std::transform(scratch.rbegin(), scratch.rend(), result.path.begin(),
                   [](std::uint32_t value) { return grid::CellIndex{value}; });
}

/// The cell that fallback "nearest" would end at, tracked during the search.
struct NearestCell {
    grid::Cost distance = ~grid::Cost{0};
    grid::Cost g = 0;
    std::uint32_t cell_index = ~0U;  ///< unpadded, for the tie-break
    std::uint32_t padded = 0;
    std::uint32_t x = 0;
    std::uint32_t y = 0;

    void offer(grid::Cost candidate_distance, grid::Cost candidate_g, std::uint32_t candidate_index,
               std::uint32_t candidate_padded, std::uint32_t candidate_x, std::uint32_t candidate_y) {
        if (candidate_distance < distance ||
            (candidate_distance == distance &&
             (candidate_g < g || (candidate_g == g && candidate_index < cell_index)))) {
            distance = candidate_distance;
            g = candidate_g;
            cell_index = candidate_index;
            padded = candidate_padded;
            x = candidate_x;
            y = candidate_y;
        }
    }
};

template <class Rule, class CostModel, class Heuristic>
void astar(const Solver& solver, SearchContext& context, const Endpoints& endpoints, Result& result) {
    const grid::Grid& grid = solver.grid();
    const SearchSettings& settings = solver.settings();
    const CostModel cost_model(grid);
    const std::uint32_t padded_width = grid.padded_width();
    const std::int32_t width_step = static_cast<std::int32_t>(padded_width);
    const std::int32_t offsets[8] = {-width_step, 1, width_step, -1, 1 - width_step,
                                     1 + width_step, width_step - 1, -1 - width_step};
    const std::uint64_t weight_fixed = solver.weight_fixed();
    const bool weighted = weight_fixed != 65536;
    const bool track_nearest = settings.fallback == Fallback::nearest;
    const std::uint64_t max_expansions = settings.max_expansions;
    const std::uint32_t goal = endpoints.goal;
    const std::uint32_t goal_x = endpoints.goal_x;
    const std::uint32_t goal_y = endpoints.goal_y;

    auto estimate = [&](std::uint32_t x, std::uint32_t y) -> grid::Cost {
        grid::Cost h = Heuristic::distance(absolute_difference(x, goal_x), absolute_difference(y, goal_y));
        if (weighted) h = (h * weight_fixed) >> 16;
        return h;
    };
    auto natural_distance = [&](std::uint32_t x, std::uint32_t y) -> grid::Cost {
        std::uint32_t dx = absolute_difference(x, goal_x);
        std::uint32_t dy = absolute_difference(y, goal_y);
        return Rule::moves == Moves::four ? heuristics::Manhattan::distance(dx, dy)
                                          : heuristics::Octile::distance(dx, dy);
    };

    context.begin_search();
    CellStamp* stamps = context.stamps();
    std::uint8_t* parents = context.parent_directions();
    grid::Bitset& closed = context.closed_bits();
    FourAryHeap& open = context.open_list();
    const std::uint32_t generation = context.generation();
    Counters counters;

    context.touch(endpoints.start);
    parents[endpoints.start] = kNoParent;
    open.push({estimate(endpoints.start_x, endpoints.start_y), 0, endpoints.start,
               static_cast<std::uint16_t>(endpoints.start_x), static_cast<std::uint16_t>(endpoints.start_y)},
              stamps);
    ++counters.heap_pushes;

    NearestCell nearest;
    bool reached = false;
    bool limited = false;
    HeapEntry current{};
    while (!open.empty()) {
        current = open.pop(stamps);
        ++counters.heap_pops;
        ++counters.expanded;
        closed.set(current.cell);
        if (current.cell == goal) {
            reached = true;
            break;
        }
        if (track_nearest) {
            nearest.offer(natural_distance(current.x, current.y), current.g,
                          current.y * grid.width() + current.x, current.cell, current.x, current.y);
        }
        if (max_expansions != 0 && counters.expanded >= max_expansions) {
            limited = true;
            break;
        }
        unsigned moves = Rule::table[cost_model.neighbourhood(current.cell, padded_width)];
        while (moves != 0) {
            const int direction = __builtin_ctz(moves);
            moves &= moves - 1;
            ++counters.generated;
            const std::uint32_t neighbour = static_cast<std::uint32_t>(
                static_cast<std::int32_t>(current.cell) + offsets[direction]);
            const grid::Cost g = current.g + cost_model.step(direction, neighbour);
            CellStamp& stamp = stamps[neighbour];
            if (stamp.generation != generation) {
                stamp.generation = generation;
                closed.reset(neighbour);
                parents[neighbour] = static_cast<std::uint8_t>(direction);
                const auto x = static_cast<std::uint32_t>(static_cast<int>(current.x) + kDirectionX[direction]);
                const auto y = static_cast<std::uint32_t>(static_cast<int>(current.y) + kDirectionY[direction]);
                open.push({g + estimate(x, y), g, neighbour, static_cast<std::uint16_t>(x),
                           static_cast<std::uint16_t>(y)},
                          stamps);
                ++counters.heap_pushes;
            } else if (!closed.test(neighbour)) {
                const HeapEntry& entry = open.at(stamp.slot);
                if (g < entry.g) {
                    open.decrease_key(stamp.slot, entry.f - entry.g + g, g, stamps);
                    parents[neighbour] = static_cast<std::uint8_t>(direction);
                    ++counters.decrease_keys;
                }
            }
        }
    }

    result.counters = counters;
    if (reached) {
        result.status = QueryStatus::found;
        result.cost_units = current.g;
        result.cost = grid.to_real_cost(current.g);
        if (settings.record_paths) reconstruct_path(grid, context, goal, goal_x, goal_y, result);
        return;
    }
    result.status = limited ? QueryStatus::node_limit : QueryStatus::no_path;
    if (track_nearest && nearest.cell_index != ~0U) {
        if (!limited) result.status = QueryStatus::partial;
        result.cost_units = nearest.g;
        result.cost = grid.to_real_cost(nearest.g);
        if (settings.record_paths) reconstruct_path(grid, context, nearest.padded, nearest.x, nearest.y, result);
    }
}

}  // namespace swarmpath::search::detail
