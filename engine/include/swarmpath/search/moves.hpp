// Directions, neighbourhood masks and the compile-time move rules.
// A cell's 3×3 neighbourhood is a 9-bit mask: bit (dy+1)·3 + (dx+1) is set when that neighbour is
// passable on the mover's layer (bit 4 is the cell itself). A move rule is a 512-entry table from
// that mask to the set of legal directions, built at compile time for each movement model and
// diagonal rule, so the search finds its successors with three bit reads and one table lookup.
// Direction numbering: 0 N, 1 E, 2 S, 3 W (straight), 4 NE, 5 SE, 6 SW, 7 NW (diagonal); y grows down.
#pragma once

#include <array>
#include <cstdint>

#include "swarmpath/grid/bitset.hpp"
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

/// The 9-bit neighbourhood of padded cell `cell` in `bits` (a padded-index bitset).
[[nodiscard]] inline unsigned read_neighbourhood(const grid::Bitset& bits, std::uint32_t cell,
                                                 std::uint32_t padded_width) {
    auto above = static_cast<unsigned>(bits.read_bits(cell - padded_width - 1, 3));
    auto middle = static_cast<unsigned>(bits.read_bits(cell - 1, 3));
    auto below = static_cast<unsigned>(bits.read_bits(cell + padded_width - 1, 3));
    return above | (middle << 3) | (below << 6);
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
    static constexpr Moves moves = MovesValue;
    static constexpr DiagonalRule diagonal = RuleValue;
    static constexpr std::array<std::uint8_t, 512> table = [] {
        std::array<std::uint8_t, 512> result{};
        for (unsigned mask = 0; mask < 512; ++mask) result[mask] = legal_moves(mask, MovesValue, RuleValue);
        return result;
    }();
};

/// Runs `choose.template operator()<Rule>()` with the MoveRule of a run-time movement model and
/// diagonal rule (4-connected moves have no diagonal rule) and returns what it returns: the one
/// place where a batch's run-time choice becomes a compile-time policy.
template <class Choose>
decltype(auto) with_move_rule(Moves moves, DiagonalRule rule, Choose&& choose) {
    if (moves == Moves::four) return choose.template operator()<MoveRule<Moves::four, DiagonalRule::both_free>>();
    switch (rule) {
        case DiagonalRule::one_free:
            return choose.template operator()<MoveRule<Moves::eight, DiagonalRule::one_free>>();
        case DiagonalRule::any: return choose.template operator()<MoveRule<Moves::eight, DiagonalRule::any>>();
        case DiagonalRule::both_free: break;
    }
    return choose.template operator()<MoveRule<Moves::eight, DiagonalRule::both_free>>();
}

}  // namespace swarmpath::search
