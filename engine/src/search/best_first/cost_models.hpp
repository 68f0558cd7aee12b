// The cost models, written once for every search (A*, jump point search's benchmark rule, the goal
// fields' reverse Dijkstra): what a step costs and on which layer a cell's neighbours are read.
// A step costs the straight or diagonal units of the terrain kind of the cell it ENTERS, so a
// forward search charges the successor's kind and a reverse search (goal fields) charges the
// settled cell's kind to each predecessor: both give the same fixed-point cost for the same path.
// Compile-time policies: a search is instantiated once per model, never choosing per cell.
#pragma once

#include <algorithm>
#include <cstdint>
#include <iterator>

#include "search/moves.hpp"
#include "swarmpath/grid/grid.hpp"

namespace swarmpath::search::best_first {

/// Uniform cost: one layer, every passable cell costs the same; a step costs its direction's units.
struct UniformCost {
    /// Step cost per direction (moves.hpp: the four straight directions come first).
    static constexpr grid::Cost kStep[kDirectionCount] = {
        grid::kStraightUnits, grid::kStraightUnits, grid::kStraightUnits, grid::kStraightUnits,
        grid::kDiagonalUnits, grid::kDiagonalUnits, grid::kDiagonalUnits, grid::kDiagonalUnits};
    /// A copy of kStep in the search's own frame: indexed there, it needs no table address kept in a register.
    grid::Cost step_units[kDirectionCount];
    const grid::Bitset* bits;
    explicit UniformCost(const grid::Grid& grid) : bits(&grid.layer_bits(1)) {
        std::copy(std::begin(kStep), std::end(kStep), step_units);
    }
    /// Cost of a step in `direction` into `cell`.
    [[nodiscard]] grid::Cost step(int direction, std::uint32_t /*cell*/) const { return step_units[direction]; }
    [[nodiscard]] static grid::Cost straight(std::uint32_t /*cell*/) { return grid::kStraightUnits; }
    [[nodiscard]] static grid::Cost diagonal(std::uint32_t /*cell*/) { return grid::kDiagonalUnits; }
    /// The 9-bit neighbourhood (moves.hpp) of `cell` on its own layer.
    [[nodiscard]] unsigned neighbourhood(std::uint32_t cell, std::uint32_t padded_width) const {
        return read_neighbourhood(*bits, cell, padded_width);
    }
};

/// Terrain cost: a per-cell kind byte and a per-kind cost; a cell's neighbours are read on its own
/// movement layer.
struct TerrainCost {
    const grid::Grid* grid;
    const std::uint8_t* kind_of;
    const grid::TerrainKind* kinds;
    explicit TerrainCost(const grid::Grid& source)
        : grid(&source), kind_of(source.kind_of()), kinds(source.kinds().data()) {}
    [[nodiscard]] grid::Cost step(int direction, std::uint32_t cell) const {
        const grid::TerrainKind& kind = kinds[kind_of[cell]];
        return is_diagonal(direction) ? kind.diagonal_units : kind.straight_units;
    }
    [[nodiscard]] grid::Cost straight(std::uint32_t cell) const { return kinds[kind_of[cell]].straight_units; }
    [[nodiscard]] grid::Cost diagonal(std::uint32_t cell) const { return kinds[kind_of[cell]].diagonal_units; }
    [[nodiscard]] unsigned neighbourhood(std::uint32_t cell, std::uint32_t padded_width) const {
        return read_neighbourhood(grid->layer_bits(kinds[kind_of[cell]].layer), cell, padded_width);
    }
};

/// Uniform cost on a hex or triangle map: every direction is one step of kStraightUnits (a shape's
/// neighbours are all equally far apart), including the ones numbered diagonal in moves.hpp.
struct ShapedUniformCost : UniformCost {
    explicit ShapedUniformCost(const grid::Grid& grid) : UniformCost(grid) {
        std::fill(std::begin(step_units), std::end(step_units), grid::kStraightUnits);
    }
    [[nodiscard]] grid::Cost step(int direction, std::uint32_t /*cell*/) const { return step_units[direction]; }
    [[nodiscard]] static grid::Cost diagonal(std::uint32_t /*cell*/) { return grid::kStraightUnits; }
};

/// Terrain cost on a hex or triangle map: every step costs the straight units of the cell entered.
struct ShapedTerrainCost : TerrainCost {
    using TerrainCost::TerrainCost;
    [[nodiscard]] grid::Cost step(int /*direction*/, std::uint32_t cell) const { return straight(cell); }
    [[nodiscard]] grid::Cost diagonal(std::uint32_t cell) const { return straight(cell); }
};

/// Runs `choose.template operator()<CostModel>()` with the cost model a grid needs.
template <class Choose>
decltype(auto) with_cost_model(const grid::Grid& grid, Choose&& choose) {
    if (grid.uniform_cost()) return choose.template operator()<UniformCost>();
    return choose.template operator()<TerrainCost>();
}

/// The dearest single step of the grid, in fixed-point units: a diagonal step on a uniform-cost
/// grid, else the dearest step of any terrain kind (and never less than a diagonal step). On hex and
/// triangle maps every step is straight, so this bounds them too, a little generously.
inline grid::Cost dearest_step(const grid::Grid& grid) {
    grid::Cost dearest = grid::kDiagonalUnits;
    if (!grid.uniform_cost()) {
        for (const grid::TerrainKind& kind : grid.kinds()) {
            dearest = std::max({dearest, kind.diagonal_units, kind.straight_units});
        }
    }
    return dearest;
}

}  // namespace swarmpath::search::best_first
