// The A* search loop, generic over its compile-time policies: the move rule (movement model and
// diagonal rule; its neighbourhood table is applied once per cell by the Solver, whose legal-moves
// byte per cell the loop reads), the cost model (uniform: a step costs its direction's units;
// terrain: a per-cell kind byte and a per-kind cost) and the heuristic. Internal: the Solver instantiates it
// once per policy combination and calls it through one function pointer per query.
//
// Invariants: g values are exact fixed-point integers; the open list orders by (f, larger g) and
// breaks remaining ties the same way on every run, so expansion order is deterministic; with a
// consistent heuristic and weight 1 a closed cell is final, so closed cells are never reopened
// (weighted A* does not reopen either, which keeps its W·optimal bound). Nothing here throws or
// allocates except the heap's growth and the returned path.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <utility>

#include "search/detail/platform.hpp"

#ifdef SWARMPATH_SSE2
#include <emmintrin.h>
#include <xmmintrin.h>
#endif

#include "search/detail/compact_open_list.hpp"
#include "search/detail/packed_open_list.hpp"
#include "search/detail/search_state.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/heuristics.hpp"
#include "swarmpath/search/moves.hpp"
#include "swarmpath/search/solver.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::search::detail {

/// Uniform cost: one layer, every passable cell costs the same; a step's cost is its direction's.
struct UniformCost {
    /// Step cost per direction (moves.hpp: the four straight directions come first).
    static constexpr grid::Cost kStep[kDirectionCount] = {
        grid::kStraightUnits, grid::kStraightUnits, grid::kStraightUnits, grid::kStraightUnits,
        grid::kDiagonalUnits, grid::kDiagonalUnits, grid::kDiagonalUnits, grid::kDiagonalUnits};
    /// A copy of kStep in the loop's own frame: indexed there, it needs no table address kept in a register.
    grid::Cost step_units[kDirectionCount];
    explicit UniformCost(const grid::Grid& /*grid*/) { std::copy(std::begin(kStep), std::end(kStep), step_units); }
    [[nodiscard]] grid::Cost step(int direction, std::uint32_t /*cell*/) const { return step_units[direction]; }
};

/// Terrain cost: the cell entered sets the cost (successors stay on the mover's layer, which the
/// solver's legal-moves table already accounts for).
struct TerrainCost {
    const std::uint8_t* kind_of;
    const grid::TerrainKind* kinds;
    explicit TerrainCost(const grid::Grid& source) : kind_of(source.kind_of()), kinds(source.kinds().data()) {}
    [[nodiscard]] grid::Cost step(int direction, std::uint32_t cell) const {
        const grid::TerrainKind& kind = kinds[kind_of[cell]];
        return is_diagonal(direction) ? kind.diagonal_units : kind.straight_units;
    }
};

inline std::uint32_t absolute_difference(std::uint32_t a, std::uint32_t b) { return a > b ? a - b : b - a; }

/// Fills result.path (CellIndex, start first) by walking parent directions back from `end`.
inline void reconstruct_path(const grid::Grid& grid, SearchState& context, std::uint32_t end,
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

/// The open list in its compact form (detail/compact_open_list.hpp): 64-bit keys, for searches
/// whose f and g stay below 2^32 (`bounded`: the loop checks every expanded cell's f against
/// compact_f_limit and hands the search over to a wider form before a key could overflow).
struct CompactOpenPolicy {
    using Entry = CompactEntry;
    static constexpr bool bounded = true;
    static CompactOpenList& list(SearchState& context) { return context.compact_open_list(); }
    static Entry make(grid::Cost f, grid::Cost g, std::uint32_t cell) { return {compact_key(f, g), cell}; }
    static grid::Cost f(Entry entry) { return compact_f(entry.key); }
    static grid::Cost g(Entry entry) { return compact_g(entry.key); }
    static std::uint32_t cell(Entry entry) { return entry.cell; }
    static bool before(Entry a, Entry b) { return a.key < b.key; }
    /// Puts the smaller of the two in `first`, without a branch (on x86-64 by conditional moves
    /// the compiler cannot turn back into a branch; elsewhere by masks).
    static void order(Entry& first, Entry& second) {
#ifdef SWARMPATH_X86_64_ASSEMBLY
        std::uint64_t first_key = first.key;
        std::uint64_t second_key = second.key;
        std::uint32_t first_cell = first.cell;
        std::uint32_t second_cell = second.cell;
        const std::uint64_t old_first_key = first_key;
        const std::uint32_t old_first_cell = first_cell;
        asm("cmp %[first_key], %[second_key]\n\t"  // carry: second < first
            "cmovb %[second_key], %[first_key]\n\t"
            "cmovb %[second_cell], %[first_cell]\n\t"
            "cmovb %[old_first_key], %[second_key]\n\t"
            "cmovb %[old_first_cell], %[second_cell]"
            : [first_key] "+&r"(first_key), [second_key] "+&r"(second_key), [first_cell] "+&r"(first_cell),
              [second_cell] "+&r"(second_cell)
            : [old_first_key] "r"(old_first_key), [old_first_cell] "r"(old_first_cell)
            : "cc");
        first = {first_key, first_cell};
        second = {second_key, second_cell};
#else
        const std::uint64_t swap = mask_if(second.key < first.key);
        const std::uint64_t key_change = (first.key ^ second.key) & swap;
        const std::uint32_t cell_change = (first.cell ^ second.cell) & static_cast<std::uint32_t>(swap);
        first.key ^= key_change;
        second.key ^= key_change;
        first.cell ^= cell_change;
        second.cell ^= cell_change;
#endif
    }
    static void decrease_key(CompactOpenList& list, std::uint32_t slot, Entry entry, CellStamp* stamps) {
        list.decrease_key(slot, entry, stamps);
    }
    static Entry replace_top(CompactOpenList& list, Entry entry, CellStamp* stamps) {
        return list.replace_top(entry, stamps);
    }
};

/// The open list in its packed form (detail/packed_open_list.hpp): 16-byte keys (f, larger g,
/// smaller cell), one comparison, for f and g below 2^47.
struct PackedOpenPolicy {
    using Entry = PackedKey;
    static constexpr bool bounded = false;
    static PackedOpenList& list(SearchState& context) { return context.packed_open_list(); }
    static Entry make(grid::Cost f, grid::Cost g, std::uint32_t cell) { return pack_key(f, g, cell); }
    static grid::Cost f(Entry entry) { return key_f(entry); }
    static grid::Cost g(Entry entry) { return key_g(entry); }
    static std::uint32_t cell(Entry entry) { return key_cell(entry); }
    static bool before(Entry a, Entry b) { return a < b; }
    /// Puts the smaller of the two in `first` (conditional moves: the compiler does not branch here).
    static void order(Entry& first, Entry& second) {
        const bool swap = second < first;
        const Entry smaller = swap ? second : first;
        second = swap ? first : second;
        first = smaller;
    }
    static void decrease_key(PackedOpenList& list, std::uint32_t slot, Entry entry, CellStamp* stamps) {
        list.decrease_key(slot, entry, stamps);
    }
    static Entry replace_top(PackedOpenList& list, Entry entry, CellStamp* stamps) {
        return list.replace_top(entry, stamps);
    }
};

/// The open list in its general form (FourAryHeap, 64-bit f and g), for costs beyond 2^47.
struct WideOpenPolicy {
    using Entry = HeapEntry;
    static constexpr bool bounded = false;
    static FourAryHeap& list(SearchState& context) { return context.open_list(); }
    static Entry make(grid::Cost f, grid::Cost g, std::uint32_t cell) { return HeapEntry{f, g, cell, 0, 0}; }
    static grid::Cost f(const Entry& entry) { return entry.f; }
    static grid::Cost g(const Entry& entry) { return entry.g; }
    static std::uint32_t cell(const Entry& entry) { return entry.cell; }
    static bool before(const Entry& a, const Entry& b) { return HeapEntry::before(a, b); }
    static void order(Entry& first, Entry& second) {
        if (HeapEntry::before(second, first)) std::swap(first, second);
    }
    static void decrease_key(FourAryHeap& list, std::uint32_t slot, const Entry& entry, CellStamp* stamps) {
        list.decrease_key(slot, entry.f, entry.g, stamps);
    }
    static Entry replace_top(FourAryHeap& list, const Entry& entry, CellStamp* stamps) {
        list.push(entry, stamps);
        return list.pop(stamps);
    }
};

/// The dearest single step of the grid, in fixed-point units: a diagonal step on a uniform-cost
/// grid, else the dearest step of any terrain kind (and never less than a diagonal step).
inline grid::Cost dearest_step(const grid::Grid& grid) {
    grid::Cost dearest = grid::kDiagonalUnits;
    if (!grid.uniform_cost()) {
        for (const grid::TerrainKind& kind : grid.kinds()) {
            dearest = std::max({dearest, kind.diagonal_units, kind.straight_units});
        }
    }
    return dearest;
}

/// The largest f a cell may have and still be expanded on the compact open list, or nothing when
/// the grid's dearest step and the weight leave no room for it. A successor's g is one step (at
/// most the dearest) more than the expanded cell's, and its heuristic at most 2·weight straight
/// steps more (a step changes each coordinate difference by at most one, and no heuristic grows
/// faster than the manhattan distance), so its f is at most that much above the expanded cell's f;
/// it must stay below kCompactCostLimit, and g ≤ f then does too.
inline std::optional<grid::Cost> compact_f_limit(grid::Cost dearest, std::uint64_t weight_fixed) {
    const grid::Cost heuristic_growth = ((2 * grid::kStraightUnits * weight_fixed) >> 16) + 1;
    const grid::Cost reserve = dearest + heuristic_growth + 1;
    if (dearest >= kCompactCostLimit || reserve >= kCompactCostLimit) return std::nullopt;
    return kCompactCostLimit - reserve;
}

/// Whether every f and g a query on `grid` can meet stays below kPackedCostLimit: any g is the cost
/// of a simple path (at most one step per map cell, each at most `dearest`), and any heuristic is
/// at most the weighted manhattan distance across the map.
inline bool packed_keys_fit(const grid::Grid& grid, grid::Cost dearest, std::uint64_t weight_fixed) {
    const double g_bound = (static_cast<double>(grid.cell_count()) + 1.0) * static_cast<double>(dearest);
    const double h_bound = static_cast<double>(grid.width() + grid.height()) * static_cast<double>(grid::kStraightUnits) *
                           (static_cast<double>(weight_fixed) / 65536.0 + 1.0);
    return g_bound + h_bound < 0.5 * static_cast<double>(kPackedCostLimit);
}

/// The open-list bounds of `grid` at this weight (Solver::open_list_bounds, computed once per Solver).
inline OpenListBounds open_list_bounds(const grid::Grid& grid, std::uint64_t weight_fixed) {
    const grid::Cost dearest = dearest_step(grid);
    OpenListBounds bounds;
    bounds.packed_keys_fit = packed_keys_fit(grid, dearest, weight_fixed);
    if (const std::optional<grid::Cost> limit = compact_f_limit(dearest, weight_fixed)) {
        bounds.compact_usable = true;
        bounds.compact_f_limit = *limit;
    }
    return bounds;
}

/// Map coordinates of a padded cell without a division: y = floor((cell + ½) / padded_width), taken
/// in double precision (exact: the quotient is at least 1/(2·padded_width) away from an integer,
/// far above the rounding error for any cell index below 2^32).
struct CellCoordinates {
    double reciprocal;
    std::uint32_t padded_width;
    explicit CellCoordinates(std::uint32_t width) : reciprocal(1.0 / width), padded_width(width) {}
    void of(std::uint32_t cell, std::uint32_t& x, std::uint32_t& y) const {
        const auto row = static_cast<std::uint32_t>((static_cast<double>(cell) + 0.5) * reciprocal);
        x = cell - row * padded_width - 1;
        y = row - 1;
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
    const CellStamp* rows[3] = {stamps + (cell - padded_width - 1), stamps + (cell - 1), stamps + (cell + padded_width - 1)};
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
    const __m128i closed_bytes = _mm_packs_epi16(_mm_packs_epi32(closed_rows[0], closed_rows[1]),
                                                 _mm_packs_epi32(closed_rows[2], zero));
    const __m128i open_bytes = _mm_packs_epi16(_mm_packs_epi32(open_rows[0], open_rows[1]),
                                               _mm_packs_epi32(open_rows[2], zero));
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
    grid::Cost h = Heuristic::distance(absolute_difference(x, goal_x), absolute_difference(y, goal_y));
    if (weight_fixed != 65536) h = (h * weight_fixed) >> 16;
    return h;
}

/// What the A* loop carries from one expansion to the next, in a form that does not depend on the
/// open list, so a search can leave one open list for a wider one part-way (see astar()).
struct LoopState {
    Counters counters;
    NearestCell nearest;
    // The cell to expand next, held outside the open list (the start, or a held successor).
    bool have_next = false;
    grid::Cost next_f = 0;
    grid::Cost next_g = 0;
    std::uint32_t next_cell = 0;
    // How the search ended.
    bool reached = false;  ///< the goal was expanded, at cost goal_g
    bool limited = false;  ///< stopped short: by max_expansions, the deadline or the cancel token
    QueryStatus stop_status = QueryStatus::node_limit;  ///< which of them, when limited
    grid::Cost goal_g = 0;
    /// The expansion count at which the loop next consults Endpoints::stop (StopConditions).
    std::uint64_t expansion_limit = ~std::uint64_t{0};
};

/// How astar_loop returned: the search is over, or it needs a wider open list (its next cell, in
/// LoopState, has an f beyond the compact list's limit).
enum class LoopEnd { finished, needs_wider_keys };

/// The A* loop proper, from `state` and the entries already on OpenPolicy's list. Expansion order is
/// the open list's order: lower f, then larger g (then, on the packed and wide lists, the smaller
/// cell; on the compact list, the order of the heap operations).
/// One shortcut keeps that order while skipping heap work: of the new cells generated by an
/// expansion, the best one is held outside the heap; if it orders before the heap's top once all
/// successors are in, it is expanded next without ever entering the heap (on open ground, where the
/// octile heuristic keeps f constant along a straight run, that is most expansions); if not, it
/// replaces the top, which is expanded next (one walk down the heap instead of a push and a pop). The counters
/// still count it as one heap push and one pop, so they describe the search, not the shortcut.
/// On a bounded list, a cell whose f exceeds `f_limit` is not expanded: it goes back into `state`
/// and the loop returns needs_wider_keys.
template <class Rule, class CostModel, class Heuristic, class OpenPolicy>
LoopEnd astar_loop(const Solver& solver, SearchState& context, const Endpoints& endpoints, LoopState& state,
                   grid::Cost f_limit) {
    using Entry = typename OpenPolicy::Entry;
    const grid::Grid& grid = solver.grid();
    const SearchSettings& settings = solver.settings();
    const CostModel cost_model(grid);
    const std::uint32_t padded_width = grid.padded_width();
    const CellCoordinates coordinates(padded_width);
    const std::int32_t width_step = static_cast<std::int32_t>(padded_width);
    const std::int32_t offsets[8] = {-width_step, 1, width_step, -1, 1 - width_step,
                                     1 + width_step, width_step - 1, -1 - width_step};
    // Per-direction coordinate steps, copied into the loop's frame (see UniformCost::step_units).
    std::int32_t direction_x[kDirectionCount];
    std::int32_t direction_y[kDirectionCount];
    std::copy(kDirectionX.begin(), kDirectionX.end(), direction_x);
    std::copy(kDirectionY.begin(), kDirectionY.end(), direction_y);
    const std::uint64_t weight_fixed = solver.weight_fixed();
    const bool track_nearest = settings.fallback == Fallback::nearest;
    // The expansion count at which the search stops or, with a deadline or a cancel token, reaches
    // its next checkpoint (StopConditions in solver.hpp): the one comparison per expansion either way.
    std::uint64_t expansion_limit = state.expansion_limit;
    const std::uint32_t goal = endpoints.goal;
    const std::uint32_t goal_x = endpoints.goal_x;
    const std::uint32_t goal_y = endpoints.goal_y;
    auto natural_distance = [&](std::uint32_t x, std::uint32_t y) -> grid::Cost {
        std::uint32_t dx = absolute_difference(x, goal_x);
        std::uint32_t dy = absolute_difference(y, goal_y);
        return Rule::moves == Moves::four ? heuristics::Manhattan::distance(dx, dy)
                                          : heuristics::Octile::distance(dx, dy);
    };

    const std::uint8_t* const legal_moves = solver.legal_moves();
    CellStamp* const stamps = context.stamps();
    std::uint8_t* const parents = context.parent_directions();
    auto& open = OpenPolicy::list(context);
    const std::uint32_t generation = context.generation();
    const std::uint32_t closed_generation = context.closed_generation();
    Counters counters = state.counters;
    NearestCell nearest = state.nearest;

    // `current` holds the next cell to expand when have_current (the start, or a held cell).
    bool have_current = state.have_next;
    Entry current = OpenPolicy::make(state.next_f, state.next_g, state.next_cell);
    LoopEnd end = LoopEnd::finished;
    std::uint32_t current_cell = 0;
    std::uint32_t current_x = 0;
    std::uint32_t current_y = 0;
    grid::Cost current_g = 0;
    for (;;) {
        if (!have_current) {
            if (open.empty()) break;
            current = open.pop(stamps);
        }
        current_cell = OpenPolicy::cell(current);
        current_g = OpenPolicy::g(current);
        if constexpr (OpenPolicy::bounded) {
            if (OpenPolicy::f(current) > f_limit) {
                state.have_next = true;
                state.next_f = OpenPolicy::f(current);
                state.next_g = current_g;
                state.next_cell = current_cell;
                end = LoopEnd::needs_wider_keys;
                break;
            }
        }
        ++counters.expanded;  // heap_pops equals expanded and is filled in once the search ends
        stamps[current_cell].generation = closed_generation;
        if (current_cell == goal) {
            state.reached = true;
            state.goal_g = current_g;
            break;
        }
        coordinates.of(current_cell, current_x, current_y);
        if (track_nearest) {
            nearest.offer(natural_distance(current_x, current_y), current_g, current_y * grid.width() + current_x,
                          current_cell, current_x, current_y);
        }
        if (counters.expanded >= expansion_limit) {
            const Checkpoint next = endpoints.stop.checkpoint(counters.expanded);
            if (next.stop) {
                state.limited = true;
                state.stop_status = next.status;
                break;
            }
            expansion_limit = next.limit;
        }
        const unsigned moves = legal_moves[current_cell];
        counters.generated += kMoveCount[moves];
        // Sort the neighbours into closed, open and new from their stamps, without a branch: which
        // kind a neighbour is would be a coin toss for the branch predictor. Closed neighbours are
        // then never visited.
        const NeighbourKinds kinds = classify_neighbours(stamps, current_cell, padded_width, generation);
        const unsigned closed_mask = kinds.closed;
        const unsigned open_mask = kinds.open;
        // Open neighbours: lower the key of those this expansion reaches more cheaply.
        for (unsigned open_moves = moves & open_mask; open_moves != 0; open_moves &= open_moves - 1) {
            const int direction = __builtin_ctz(open_moves);
            const std::uint32_t neighbour =
                static_cast<std::uint32_t>(static_cast<std::int32_t>(current_cell) + offsets[direction]);
            const grid::Cost g = current_g + cost_model.step(direction, neighbour);
            const std::uint32_t slot = stamps[neighbour].slot;
            const Entry entry = open.at(slot);
            const grid::Cost old_g = OpenPolicy::g(entry);
            if (g < old_g) {
                OpenPolicy::decrease_key(open, slot, OpenPolicy::make(OpenPolicy::f(entry) - old_g + g, g, neighbour), stamps);
                parents[neighbour] = static_cast<std::uint8_t>(direction);
                ++counters.decrease_keys;
            }
        }
        // New neighbours: onto the open list, except the best one, which is held. The first is
        // held; each later one pushes the larger of itself and the held one and keeps the smaller,
        // chosen without a branch (which of the two is smaller is a coin toss for the predictor).
        unsigned new_moves = moves & ~(closed_mask | open_mask);
        auto open_new = [&](int direction) -> Entry {
            const std::uint32_t neighbour =
                static_cast<std::uint32_t>(static_cast<std::int32_t>(current_cell) + offsets[direction]);
            const grid::Cost g = current_g + cost_model.step(direction, neighbour);
            stamps[neighbour].generation = generation;
            parents[neighbour] = static_cast<std::uint8_t>(direction);
            const auto x = static_cast<std::uint32_t>(static_cast<std::int32_t>(current_x) + direction_x[direction]);
            const auto y = static_cast<std::uint32_t>(static_cast<std::int32_t>(current_y) + direction_y[direction]);
            return OpenPolicy::make(g + weighted_estimate<Heuristic>(x, y, goal_x, goal_y, weight_fixed), g, neighbour);
        };
        counters.heap_pushes += kMoveCount[new_moves];
        have_current = new_moves != 0;
        if (have_current) {
            Entry held = open_new(__builtin_ctz(new_moves));
            for (new_moves &= new_moves - 1; new_moves != 0; new_moves &= new_moves - 1) {
                Entry pushed = open_new(__builtin_ctz(new_moves));
                OpenPolicy::order(held, pushed);
                open.push(pushed, stamps);
            }
            // Expand the held cell next if it orders before everything in the heap; otherwise the
            // heap's top is next, and the held cell takes its place in one walk down the heap.
            if (!open.empty() && !OpenPolicy::before(held, open.top())) {
                current = OpenPolicy::replace_top(open, held, stamps);
            } else {
                current = held;
            }
        }
    }
    state.counters = counters;
    state.nearest = nearest;
    state.expansion_limit = expansion_limit;
    return end;
}

/// Moves every entry of From's open list onto To's (emptying From's), keeping f, g and cell.
template <class From, class To>
void move_open_entries(SearchState& context) {
    auto& from = From::list(context);
    auto& to = To::list(context);
    CellStamp* const stamps = context.stamps();
    for (std::uint32_t position = 0; position < from.size(); ++position) {
        const typename From::Entry entry = from.at(position);
        to.push(To::make(From::f(entry), From::g(entry), From::cell(entry)), stamps);
    }
    from.clear();
}

/// Writes the outcome of a finished search into `result`.
inline void finish_search(const Solver& solver, SearchState& context, const Endpoints& endpoints,
                          LoopState& state, Result& result) {
    const grid::Grid& grid = solver.grid();
    const SearchSettings& settings = solver.settings();
    state.counters.heap_pops = state.counters.expanded;
    result.counters = state.counters;
    if (state.reached) {
        result.status = QueryStatus::found;
        result.cost_units = state.goal_g;
        result.cost = grid.to_real_cost(state.goal_g);
        if (settings.record_paths) reconstruct_path(grid, context, endpoints.goal, endpoints.goal_x, endpoints.goal_y, result);
        return;
    }
    result.status = state.limited ? state.stop_status : QueryStatus::no_path;
    const NearestCell& nearest = state.nearest;
    if (settings.fallback == Fallback::nearest && nearest.cell_index != ~0U) {
        if (!state.limited) result.status = QueryStatus::partial;
        result.cost_units = nearest.g;
        result.cost = grid.to_real_cost(nearest.g);
        if (settings.record_paths) reconstruct_path(grid, context, nearest.padded, nearest.x, nearest.y, result);
    }
}

/// The search the Solver dispatches to. It starts on the compact open list (64-bit keys) when this
/// query's keys can start there (Solver::open_list_bounds), and moves its open entries to the
/// packed list (or the wide one, when the grid's costs could outgrow even the packed keys) the
/// moment a cell to expand has an f beyond the limit; that happens only on paths of thousands of steps. Queries
/// that cannot start compact use the packed list, or the wide one, throughout.
template <class Rule, class CostModel, class Heuristic>
void astar(const Solver& solver, SearchState& context, const Endpoints& endpoints, Result& result) {
    context.begin_search();
    CellStamp* const stamps = context.stamps();
    stamps[endpoints.start].generation = context.generation();
    context.parent_directions()[endpoints.start] = kNoParent;
    LoopState state;
    state.counters.heap_pushes = 1;
    state.have_next = true;
    state.next_f = weighted_estimate<Heuristic>(endpoints.start_x, endpoints.start_y, endpoints.goal_x,
                                                endpoints.goal_y, solver.weight_fixed());
    state.next_g = 0;
    state.next_cell = endpoints.start;
    state.expansion_limit = endpoints.stop.first_limit();

    const OpenListBounds& bounds = solver.open_list_bounds();
    const bool packed = bounds.packed_keys_fit;
    constexpr grid::Cost kNoLimit = ~grid::Cost{0};
    bool finished = false;
    if (bounds.compact_usable && state.next_f <= bounds.compact_f_limit) {
        finished = astar_loop<Rule, CostModel, Heuristic, CompactOpenPolicy>(solver, context, endpoints, state,
                                                                             bounds.compact_f_limit) == LoopEnd::finished;
        if (!finished) {
            if (packed) {
                move_open_entries<CompactOpenPolicy, PackedOpenPolicy>(context);
            } else {
                move_open_entries<CompactOpenPolicy, WideOpenPolicy>(context);
            }
        }
    }
    if (!finished) {
        if (packed) {
            astar_loop<Rule, CostModel, Heuristic, PackedOpenPolicy>(solver, context, endpoints, state, kNoLimit);
        } else {
            astar_loop<Rule, CostModel, Heuristic, WideOpenPolicy>(solver, context, endpoints, state, kNoLimit);
        }
    }
    finish_search(solver, context, endpoints, state, result);
}

}  // namespace swarmpath::search::detail
