// Directions, neighbourhood masks and the compile-time move rules.
// A cell's 3×3 neighbourhood is a 9-bit mask: bit (dy+1)·3 + (dx+1) is set when that neighbour is
// passable on the mover's layer (bit 4 is the cell itself). A move rule is a 512-entry table from
// that mask to the set of legal directions, built at compile time for each movement model and
// diagonal rule, so the search finds its successors with three bit reads and one table lookup.
// Direction numbering: 0 N, 1 E, 2 S, 3 W (straight), 4 NE, 5 SE, 6 SW, 7 NW (diagonal); y grows down.
// Hex and triangle cells (grid/topology.hpp) have neighbours inside the same 3×3 block, so their moves
// are these directions too, filtered by the shape's mask for the cell's row (hex) or orientation
// (triangle): ShapedRule. On them every direction is one step of the same length.
#pragma once

#include <array>
#include <cstdint>

#include "swarmpath/grid/bitset.hpp"
#include "swarmpath/grid/topology.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::search {

inline constexpr int kDirectionCount = 8;
inline constexpr std::array<int, 8> kDirectionX = {0, 1, 0, -1, 1, 1, -1, -1};
inline constexpr std::array<int, 8> kDirectionY = {-1, 0, 1, 0, -1, 1, 1, -1};
/// Marks a cell without a parent (the start) in the parent-direction array.
inline constexpr std::uint8_t kNoParent = 0xFF;

[[nodiscard]] constexpr bool is_diagonal(int direction) { return direction >= 4; }

/// The direction that undoes `direction` (N↔S, E↔W, NE↔SW, SE↔NW).
[[nodiscard]] constexpr std::uint8_t opposite(int direction) {
    return static_cast<std::uint8_t>(direction < 4 ? (direction + 2) & 3 : 4 + ((direction - 2) & 3));
}
static_assert(opposite(0) == 2 && opposite(1) == 3 && opposite(4) == 6 && opposite(5) == 7 && opposite(7) == 5);

/// Bit of the neighbourhood mask that holds the neighbour at offset (dx, dy).
[[nodiscard]] constexpr unsigned neighbourhood_bit(int dx, int dy) {
    return static_cast<unsigned>((dy + 1) * 3 + (dx + 1));
}

/// The 9-bit neighbourhood from the bits of the three rows around a cell: each row's three cells,
/// west to east, in the low bits of `above`, `middle` and `below` (higher bits are ignored).
[[nodiscard]] constexpr unsigned neighbourhood_of_rows(std::uint64_t above, std::uint64_t middle, std::uint64_t below) {
    return static_cast<unsigned>((above & 7U) | ((middle & 7U) << 3) | ((below & 7U) << 6));
}

/// The 9-bit neighbourhood of padded cell `cell` in `bits` (a padded-index bitset).
[[nodiscard]] inline unsigned read_neighbourhood(const grid::Bitset& bits, std::uint32_t cell,
                                                 std::uint32_t padded_width) {
    return neighbourhood_of_rows(bits.read_bits(cell - padded_width - 1, 3), bits.read_bits(cell - 1, 3),
                                 bits.read_bits(cell + padded_width - 1, 3));
}

/// Legal directions (bit d for direction d) out of a cell with neighbourhood `mask`.
[[nodiscard]] constexpr std::uint8_t legal_moves(unsigned mask, Moves moves, DiagonalRule rule) {
    std::uint8_t legal = 0;
    for (int direction = 0; direction < kDirectionCount; ++direction) {
        int dx = kDirectionX[direction];
        int dy = kDirectionY[direction];
        if ((mask >> neighbourhood_bit(dx, dy) & 1U) == 0) continue;
        if (is_diagonal(direction)) {
            if (moves == Moves::four) continue;
            bool side_x = (mask >> neighbourhood_bit(dx, 0) & 1U) != 0;
            bool side_y = (mask >> neighbourhood_bit(0, dy) & 1U) != 0;
            if (rule == DiagonalRule::both_free && !(side_x && side_y)) continue;
            if (rule == DiagonalRule::one_free && !(side_x || side_y)) continue;
        }
        legal = static_cast<std::uint8_t>(legal | (1U << direction));
    }
    return legal;
}

/// A movement model and diagonal rule as a compile-time policy.
template <Moves MovesValue, DiagonalRule RuleValue>
struct MoveRule {
    static constexpr grid::Topology topology = grid::Topology::square;
    static constexpr Moves moves = MovesValue;
    static constexpr DiagonalRule diagonal = RuleValue;
    static constexpr std::array<std::uint8_t, 512> table = [] {
        std::array<std::uint8_t, 512> result{};
        for (unsigned mask = 0; mask < 512; ++mask) result[mask] = legal_moves(mask, MovesValue, RuleValue);
        return result;
    }();
};

/// The directions (bit d for direction d) of the neighbours of a hex or triangle cell, by its parity
/// (shape_parity): what grid::shaped_neighbours lists, in this header's numbering.
[[nodiscard]] constexpr std::uint8_t shape_directions(grid::Topology topology, unsigned parity) {
    // Parity 0 (any x, y with the right parity) stands for all cells of its kind.
    const std::uint32_t x = topology == grid::Topology::triangle ? parity : 0;
    const std::uint32_t y = topology == grid::Topology::hex ? parity : 0;
    std::uint8_t bits = 0;
    for (const grid::NeighbourOffset offset : grid::shaped_neighbours(topology, x, y)) {
        for (int direction = 0; direction < kDirectionCount; ++direction) {
            if (kDirectionX[direction] == offset.dx && kDirectionY[direction] == offset.dy) {
                bits = static_cast<std::uint8_t>(bits | (1U << direction));
            }
        }
    }
    return bits;
}

/// Which of the shape's two neighbour sets cell (x, y) has: its row's parity on hex maps, the parity
/// of x + y (1: pointing down) on triangle maps.
[[nodiscard]] constexpr unsigned shape_parity(grid::Topology topology, std::uint32_t x, std::uint32_t y) {
    return topology == grid::Topology::hex ? (y & 1U) : ((x + y) & 1U);
}

/// The move rule of a hex or triangle map as a compile-time policy: the neighbours passable on the
/// cell's layer (`table`, the any-rule table of all eight directions) masked by the shape's
/// directions for the cell (`directions`). No diagonal rule: a shape's neighbours share an edge.
template <grid::Topology TopologyValue>
struct ShapedRule {
    static_assert(TopologyValue != grid::Topology::square);
    static constexpr grid::Topology topology = TopologyValue;
    static constexpr Moves moves = Moves::eight;
    static constexpr DiagonalRule diagonal = DiagonalRule::any;
    static constexpr std::array<std::uint8_t, 512> table = MoveRule<Moves::eight, DiagonalRule::any>::table;
    static constexpr std::array<std::uint8_t, 2> kDirections = {shape_directions(TopologyValue, 0),
                                                                shape_directions(TopologyValue, 1)};
    [[nodiscard]] static constexpr std::uint8_t directions(std::uint32_t x, std::uint32_t y) {
        return kDirections[shape_parity(TopologyValue, x, y)];
    }
};
// Hex even rows: N, E, S, W, SW, NW; odd rows: N, E, S, W, NE, SE. Triangle up: E, S, W; down: N, E, W.
static_assert(ShapedRule<grid::Topology::hex>::kDirections[0] == 0b11001111);
static_assert(ShapedRule<grid::Topology::hex>::kDirections[1] == 0b00111111);
static_assert(ShapedRule<grid::Topology::triangle>::kDirections[0] == 0b00001110);
static_assert(ShapedRule<grid::Topology::triangle>::kDirections[1] == 0b00001011);

/// Runs `choose.template operator()<Rule>()` with the ShapedRule of a hex or triangle topology.
template <class Choose>
decltype(auto) with_shaped_rule(grid::Topology topology, Choose&& choose) {
    if (topology == grid::Topology::triangle) return choose.template operator()<ShapedRule<grid::Topology::triangle>>();
    return choose.template operator()<ShapedRule<grid::Topology::hex>>();
}

/// Runs `choose.template operator()<Rule>()` with the MoveRule of a run-time movement model and
/// diagonal rule (4-connected moves have no diagonal rule) and returns what it returns: the one
/// place where a batch's run-time choice becomes a compile-time policy.
template <class Choose>
decltype(auto) with_move_rule(Moves moves, DiagonalRule rule, Choose&& choose) {
    if (moves == Moves::four) return choose.template operator()<MoveRule<Moves::four, DiagonalRule::both_free>>();
    switch (rule) {
        case DiagonalRule::one_free:
            return choose.template operator()<MoveRule<Moves::eight, DiagonalRule::one_free>>();
        case DiagonalRule::any:
            return choose.template operator()<MoveRule<Moves::eight, DiagonalRule::any>>();
        case DiagonalRule::both_free:
            break;
    }
    return choose.template operator()<MoveRule<Moves::eight, DiagonalRule::both_free>>();
}

}  // namespace swarmpath::search
