// A*: the neighbour-by-neighbour expansion policy of the best-first core (best_first/loop.hpp),
// generic over its compile-time policies: the move rule (movement model and diagonal rule, or a hex
// or triangle ShapedRule; its neighbourhood table is applied once per cell by the Solver, whose
// legal-moves byte per cell the expansion reads, so a shaped map runs the very same expansion with
// fewer bits set), the cost model (best_first/cost_models.hpp) and the heuristic. Internal: the
// Solver (solver.cpp) instantiates it once per policy combination and calls it through one function
// pointer per query. It reads the grid, settings and prepared data it is given, never the Solver.
//
// Invariants: g values are exact fixed-point integers; the open list orders by (f, larger g) and
// breaks remaining ties the same way on every run, so expansion order is deterministic; with a
// consistent heuristic and weight 1 a closed cell is final, so closed cells are never reopened
// (weighted A* does not reopen either, which keeps its W·optimal bound). Nothing here throws or
// allocates except the heap's growth and the returned path.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "search/best_first/platform.hpp"

#ifdef SWARMPATH_SSE2
#include <emmintrin.h>
#include <xmmintrin.h>
#endif

#include "search/best_first/cell_layout.hpp"
#include "search/best_first/cost_models.hpp"
#include "search/best_first/loop.hpp"
#include "search/best_first/open_keys.hpp"
#include "search/best_first/path_rebuild.hpp"
#include "search/best_first/search_state.hpp"
#include "search/heuristics.hpp"
#include "search/moves.hpp"
#include "search/preparations.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::search::best_first {

using search::PreparedAstar;

inline std::uint32_t absolute_difference(std::uint32_t a, std::uint32_t b) { return a > b ? a - b : b - a; }

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

/// Number of legal moves in a move set (a table: a popcount instruction is not in baseline x86-64).
inline constexpr std::array<std::uint8_t, 256> kMoveCount = [] {
    std::array<std::uint8_t, 256> counts{};
    for (unsigned moves = 0; moves < 256; ++moves) counts[moves] = static_cast<std::uint8_t>(std::popcount(moves));
    return counts;
}();

/// Direction bits (see moves.hpp) of the neighbours set in a 12-bit block mask: bit 4·row + column
/// for the 3×4 block of cells from (x − 1, y − 1) to (x + 2, y + 1) around a cell (x, y); the fourth
/// column and the cell itself (bit 5) are ignored.
inline constexpr std::array<std::uint8_t, 4096> kBlockDirections = [] {
    std::array<std::uint8_t, 4096> directions{};
    for (unsigned mask = 0; mask < 4096; ++mask) {
        unsigned bits = 0;
        for (int direction = 0; direction < kDirectionCount; ++direction) {
            const int bit = 4 * (kDirectionY[direction] + 1) + (kDirectionX[direction] + 1);
            if ((mask >> bit & 1U) != 0) bits |= 1U << direction;
        }
        directions[mask] = static_cast<std::uint8_t>(bits);
    }
    return directions;
}();

/// Which of a cell's eight neighbours are closed and which are open in this search (direction bits).
struct NeighbourKinds {
    unsigned closed;
    unsigned open;
};

/// Reads the stamps of the 3×4 block from (x − 1, y − 1) to (x + 2, y + 1) (padded, so in bounds
/// but for the block's last stamp, which SearchState keeps one spare stamp for) and compares their
/// generations with the search's. With SSE2: two loads and a shuffle gather a row's four
/// generations, one comparison per row and kind, and two packs and a byte mask turn the twelve
/// lanes into a 12-bit mask. Plain comparisons otherwise. Branch-free either way.
[[gnu::always_inline]] inline NeighbourKinds classify_neighbours(const CellStamp* stamps, std::uint32_t cell,
                                                                 std::uint32_t padded_width, std::uint32_t generation) {
    const std::uint32_t closed_generation = generation | 1U;
    const CellStamp* rows[3] = {stamps + (cell - padded_width - 1), stamps + (cell - 1),
                                stamps + (cell + padded_width - 1)};
    unsigned closed = 0;
    unsigned open = 0;
#ifdef SWARMPATH_SSE2
    static_assert(sizeof(CellStamp) == 8 && offsetof(CellStamp, generation) == 0);
    const __m128i closed_value = _mm_set1_epi32(static_cast<int>(closed_generation));
    const __m128i open_value = _mm_set1_epi32(static_cast<int>(generation));
    __m128i closed_rows[3];
    __m128i open_rows[3];
    for (int row = 0; row < 3; ++row) {
        const __m128 first_two = _mm_castsi128_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(rows[row])));
        const __m128 last_two = _mm_castsi128_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(rows[row] + 2)));
        // Lanes: the generations of the row's four stamps.
        const __m128i generations = _mm_castps_si128(_mm_shuffle_ps(first_two, last_two, _MM_SHUFFLE(2, 0, 2, 0)));
        closed_rows[row] = _mm_cmpeq_epi32(generations, closed_value);
        open_rows[row] = _mm_cmpeq_epi32(generations, open_value);
    }
    const __m128i zero = _mm_setzero_si128();
    const __m128i closed_bytes =
        _mm_packs_epi16(_mm_packs_epi32(closed_rows[0], closed_rows[1]), _mm_packs_epi32(closed_rows[2], zero));
    const __m128i open_bytes =
        _mm_packs_epi16(_mm_packs_epi32(open_rows[0], open_rows[1]), _mm_packs_epi32(open_rows[2], zero));
    closed = static_cast<unsigned>(_mm_movemask_epi8(closed_bytes));
    open = static_cast<unsigned>(_mm_movemask_epi8(open_bytes));
#else
    for (int row = 0; row < 3; ++row) {
        for (int column = 0; column < 4; ++column) {
            const std::uint32_t stamp_generation = rows[row][column].generation;
            closed |= static_cast<unsigned>(stamp_generation == closed_generation) << (4 * row + column);
            open |= static_cast<unsigned>(stamp_generation == generation) << (4 * row + column);
        }
    }
#endif
    return {kBlockDirections[closed], kBlockDirections[open]};
}

/// The heuristic estimate from (x, y) to the goal, weighted (16.16 fixed point) when weight ≠ 1.
template <class Heuristic>
grid::Cost weighted_estimate(std::uint32_t x, std::uint32_t y, std::uint32_t goal_x, std::uint32_t goal_y,
                             std::uint64_t weight_fixed) {
    grid::Cost h = heuristics::estimate<Heuristic>(x, y, goal_x, goal_y);
    if (weight_fixed != 65536) h = (h * weight_fixed) >> 16;
    return h;
}

/// A*'s expansion policy. One shortcut keeps the open list's order while skipping heap work: of the
/// new cells generated by an expansion, the best one is held outside the heap; if it orders before
/// the heap's top once all successors are in, it is expanded next without ever entering the heap
/// (on open ground, where the octile heuristic keeps f constant along a straight run, that is most
/// expansions); if not, it replaces the top, which is expanded next (one walk down the heap instead
/// of a push and a pop). The counters still count it as one heap push and one pop, so they describe
/// the search, not the shortcut.
template <class Rule, class CostModel, class Heuristic>
class AstarExpansion {
public:
    static constexpr bool admits_stale = false;
    static constexpr bool stamps_hold_slots = true;
    static constexpr bool works_on_copy = false;
    static constexpr bool inlines_packed_loop = false;

    AstarExpansion(const grid::Grid& grid, const SearchSettings& settings, std::uint64_t weight_fixed,
                   const PreparedAstar& prepared, SearchState& state, const Endpoints& endpoints)
        : cost_model_(grid),
          coordinates_(layout_of(grid)),
          padded_width_(grid.padded_width()),
          map_width_(grid.width()),
          weight_fixed_(weight_fixed),
          track_nearest_(settings.fallback == Fallback::nearest),
          goal_(endpoints.goal),
          goal_x_(endpoints.goal_x),
          goal_y_(endpoints.goal_y),
          legal_moves_(prepared.legal_moves.data()),
          stamps_(state.stamps()),
          parents_(state.parent_directions()),
          generation_(state.generation()),
          closed_generation_(state.closed_generation()) {
        const std::array<std::int32_t, kDirectionCount> offsets = direction_offsets(layout_of(grid));
        for (int direction = 0; direction < kDirectionCount; ++direction) {
            offsets_[direction] = offsets[static_cast<std::size_t>(direction)];
            direction_x_[direction] = kDirectionX[static_cast<std::size_t>(direction)];
            direction_y_[direction] = kDirectionY[static_cast<std::size_t>(direction)];
        }
    }

    [[gnu::always_inline]] bool admit(std::uint32_t /*cell*/) const { return true; }
    [[gnu::always_inline]] void close(std::uint32_t cell, grid::Cost /*g*/) {
        stamps_[cell].generation = closed_generation_;
    }
    [[gnu::always_inline]] bool is_goal(std::uint32_t cell, grid::Cost /*g*/) const { return cell == goal_; }
    [[gnu::always_inline]] void visit(std::uint32_t cell, grid::Cost g) {
        coordinates_.of(cell, current_x_, current_y_);
        if (track_nearest_) {
            nearest_.offer(natural_distance(current_x_, current_y_), g, current_y_ * map_width_ + current_x_, cell,
                           current_x_, current_y_);
        }
    }

    template <class Keys, class List>
    [[gnu::always_inline]] bool expand(std::uint32_t current_cell, grid::Cost current_g, List& open, Counters& counters,
                                       typename Keys::Entry& next) {
        using Entry = typename Keys::Entry;
        CellStamp* const stamps = stamps_;
        std::uint8_t* const parents = parents_;
        const unsigned moves = legal_moves_[current_cell];
        counters.generated += kMoveCount[moves];
        // Sort the neighbours into closed, open and new from their stamps, without a branch: which
        // kind a neighbour is would be a coin toss for the branch predictor. Closed neighbours are
        // then never visited.
        const NeighbourKinds kinds = classify_neighbours(stamps, current_cell, padded_width_, generation_);
        // Open neighbours: lower the key of those this expansion reaches more cheaply.
        for (unsigned open_moves = moves & kinds.open; open_moves != 0; open_moves &= open_moves - 1) {
            const int direction = __builtin_ctz(open_moves);
            const std::uint32_t neighbour =
                static_cast<std::uint32_t>(static_cast<std::int32_t>(current_cell) + offsets_[direction]);
            const grid::Cost g = current_g + cost_model_.step(direction, neighbour);
            const std::uint32_t slot = stamps[neighbour].slot;
            const Entry entry = open.at(slot);
            const grid::Cost old_g = Keys::g(entry);
            if (g < old_g) {
                open.decrease_key(slot, Keys::make(Keys::f(entry) - old_g + g, g, neighbour), stamps);
                parents[neighbour] = static_cast<std::uint8_t>(direction);
                ++counters.decrease_keys;
            }
        }
        // New neighbours: onto the open list, except the best one, which is held. The first is
        // held; each later one pushes the larger of itself and the held one and keeps the smaller,
        // chosen without a branch (which of the two is smaller is a coin toss for the predictor).
        unsigned new_moves = moves & ~(kinds.closed | kinds.open);
        auto open_new = [&](int direction) -> Entry {
            const std::uint32_t neighbour =
                static_cast<std::uint32_t>(static_cast<std::int32_t>(current_cell) + offsets_[direction]);
            const grid::Cost g = current_g + cost_model_.step(direction, neighbour);
            stamps[neighbour].generation = generation_;
            parents[neighbour] = static_cast<std::uint8_t>(direction);
            const auto x = static_cast<std::uint32_t>(static_cast<std::int32_t>(current_x_) + direction_x_[direction]);
            const auto y = static_cast<std::uint32_t>(static_cast<std::int32_t>(current_y_) + direction_y_[direction]);
            return Keys::make(g + weighted_estimate<Heuristic>(x, y, goal_x_, goal_y_, weight_fixed_), g, neighbour);
        };
        counters.heap_pushes += kMoveCount[new_moves];
        if (new_moves == 0) return false;
        Entry held = open_new(__builtin_ctz(new_moves));
        for (new_moves &= new_moves - 1; new_moves != 0; new_moves &= new_moves - 1) {
            Entry pushed = open_new(__builtin_ctz(new_moves));
            Keys::order(held, pushed);
            open.push(pushed, stamps);
        }
        // Expand the held cell next if it orders before everything in the heap; otherwise the
        // heap's top is next, and the held cell takes its place in one walk down the heap.
        if (!open.empty() && !Keys::before(held, open.top())) {
            next = open.replace_top(held, stamps);
        } else {
            next = held;
        }
        return true;
    }

    [[nodiscard]] const NearestCell& nearest() const { return nearest_; }

private:
    /// The distance fallback "nearest" ranks cells by: the shape's own step distance on hex and
    /// triangle maps, octile or manhattan on square cells.
    [[nodiscard]] grid::Cost natural_distance(std::uint32_t x, std::uint32_t y) const {
        if constexpr (Rule::topology == grid::Topology::hex) {
            return heuristics::HexDistance::between(x, y, goal_x_, goal_y_);
        } else if constexpr (Rule::topology == grid::Topology::triangle) {
            return heuristics::TriangleDistance::between(x, y, goal_x_, goal_y_);
        } else {
            const std::uint32_t dx = absolute_difference(x, goal_x_);
            const std::uint32_t dy = absolute_difference(y, goal_y_);
            return Rule::moves == Moves::four ? heuristics::Manhattan::distance(dx, dy)
                                              : heuristics::Octile::distance(dx, dy);
        }
    }

    CostModel cost_model_;
    FastCoordinates coordinates_;
    std::uint32_t padded_width_;
    std::uint32_t map_width_;
    std::uint64_t weight_fixed_;
    bool track_nearest_;
    std::uint32_t goal_;
    std::uint32_t goal_x_;
    std::uint32_t goal_y_;
    const std::uint8_t* legal_moves_;
    CellStamp* stamps_;
    std::uint8_t* parents_;
    std::uint32_t generation_;
    std::uint32_t closed_generation_;
    // Offsets and coordinate steps per direction, copied into the search's own frame.
    std::int32_t offsets_[kDirectionCount];
    std::int32_t direction_x_[kDirectionCount];
    std::int32_t direction_y_[kDirectionCount];
    // The cell being expanded (set by visit).
    std::uint32_t current_x_ = 0;
    std::uint32_t current_y_ = 0;
    NearestCell nearest_;
};

/// A* from the start on `state`'s heaps with the key bounds `bounds` (the Solver's own, or
/// narrower ones a test imposes to force the hand-over between key forms). The Solver's entry
/// (solver.cpp) passes its grid, settings, weight (16.16) and prepared data.
template <class Rule, class CostModel, class Heuristic>
void astar_with_bounds(const grid::Grid& grid, const SearchSettings& settings, std::uint64_t weight_fixed,
                       const PreparedAstar& prepared, const KeyBounds& bounds, SearchState& state,
                       const Endpoints& endpoints, Result& result) {
    state.begin_search();
    state.stamps()[endpoints.start].generation = state.generation();
    state.parent_directions()[endpoints.start] = kNoParent;
    AstarExpansion<Rule, CostModel, Heuristic> expansion(grid, settings, weight_fixed, prepared, state, endpoints);
    LoopState loop =
        LoopState::starting_at(endpoints.start,
                               weighted_estimate<Heuristic>(endpoints.start_x, endpoints.start_y, endpoints.goal_x,
                                                            endpoints.goal_y, weight_fixed),
                               endpoints.stop);
    run_with_key_forms(expansion, state, bounds, true, endpoints.stop, loop);

    const PaddedLayout layout = layout_of(grid);
    loop.counters.heap_pops = loop.counters.expanded;
    result.counters = loop.counters;
    if (loop.reached) {
        result.status = QueryStatus::found;
        result.cost_units = loop.goal_g;
        result.cost = grid.to_real_cost(loop.goal_g);
        if (settings.record_paths) {
            rebuild_from_directions(layout, state.parent_directions(), endpoints.goal, state.path_scratch(), result);
        }
        return;
    }
    result.status = loop.limited ? loop.stop_status : QueryStatus::no_path;
    const NearestCell& nearest = expansion.nearest();
    if (settings.fallback == Fallback::nearest && nearest.cell_index != ~0U) {
        if (!loop.limited) result.status = QueryStatus::partial;
        result.cost_units = nearest.g;
        result.cost = grid.to_real_cost(nearest.g);
        if (settings.record_paths) {
            rebuild_from_directions(layout, state.parent_directions(), nearest.padded, state.path_scratch(), result);
        }
    }
}

}  // namespace swarmpath::search::best_first
