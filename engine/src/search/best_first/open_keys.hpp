// The open-list concept of the best-first core (loop.hpp): three key forms over three heaps, one
// interface. A key form ("Keys") says how (f, g, cell) is packed into an entry, how two entries
// compare and how the smaller of two is picked without a branch; its List type is the heap that
// holds such entries. Every List offers empty, size, top, at(slot), push, pop, replace_top,
// decrease_key(slot, entry) and clear, and writes each entry's position into the per-cell stamps
// (or wherever the search keeps them: loop.hpp's stamps_hold_slots).
//   - CompactKeys: 64-bit keys (compact_open_list.hpp), for searches whose f and g stay below 2^32;
//     `bounded`: the loop checks every expanded cell's f against a limit and hands the search over
//     to a wider form before a key could overflow (run_with_key_forms in loop.hpp).
//   - PackedKeys: 16-byte keys (packed_open_list.hpp), f and g below 2^47, one comparison.
//   - WideKeys: FourAryHeap entries, any 64-bit f and g.
// Order: lower f, then larger g, then (packed and wide) the smaller cell, so a search's expansion
// order is a function of its input. Which forms a grid may use is worked out once per Solver
// (key_bounds).
#pragma once

#include <cstdint>
#include <optional>
#include <utility>

#include "search/best_first/compact_open_list.hpp"
#include "search/best_first/packed_open_list.hpp"
#include "search/best_first/platform.hpp"
#include "search/best_first/search_state.hpp"
#include "search/four_ary_heap.hpp"
#include "swarmpath/grid/grid.hpp"

namespace swarmpath::search::best_first {

struct CompactKeys {
    using Entry = CompactEntry;
    using List = CompactOpenList;
    static constexpr bool bounded = true;
    static List& list(SearchState& state) { return state.compact_open_list(); }
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
};

struct PackedKeys {
    using Entry = PackedKey;
    using List = PackedOpenList;
    static constexpr bool bounded = false;
    static List& list(SearchState& state) { return state.packed_open_list(); }
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
};

struct WideKeys {
    using Entry = HeapEntry;
    using List = FourAryHeap;
    static constexpr bool bounded = false;
    static List& list(SearchState& state) { return state.open_list(); }
    static Entry make(grid::Cost f, grid::Cost g, std::uint32_t cell) { return HeapEntry{f, g, cell, 0, 0}; }
    static grid::Cost f(const Entry& entry) { return entry.f; }
    static grid::Cost g(const Entry& entry) { return entry.g; }
    static std::uint32_t cell(const Entry& entry) { return entry.cell; }
    static bool before(const Entry& a, const Entry& b) { return HeapEntry::before(a, b); }
    static void order(Entry& first, Entry& second) {
        if (HeapEntry::before(second, first)) std::swap(first, second);
    }
};

/// Moves every entry of From's open list onto To's (emptying From's), keeping f, g and cell.
template <class From, class To, class Slots>
void move_open_entries(SearchState& state, Slots stamps) {
    auto& from = From::list(state);
    auto& to = To::list(state);
    for (std::uint32_t position = 0; position < from.size(); ++position) {
        const typename From::Entry entry = from.at(position);
        to.push(To::make(From::f(entry), From::g(entry), From::cell(entry)), stamps);
    }
    from.clear();
}

/// Which key forms a search on one grid, at one weight, may use: worked out once per Solver, since
/// it depends on the grid's dearest step and the weight, never on the query.
struct KeyBounds {
    bool packed_keys_fit = false;    ///< every f and g a query can meet fits the packed keys
    bool compact_usable = false;     ///< the compact keys (32-bit f and g) have room at all
    grid::Cost compact_f_limit = 0;  ///< the largest f a cell may have and be expanded on compact keys
};

/// The key bounds of a grid whose dearest step is `dearest`, at weight `weight_fixed` (16.16).
///   - Packed: any g is the cost of a simple path (at most one step per map cell, each at most
///     `dearest`), any heuristic at most the weighted manhattan distance across the map; both
///     must stay below half the packed limit.
///   - Compact: a successor's g is one step more than the expanded cell's, and its heuristic at
///     most 2·weight straight steps more (a step changes each coordinate difference by at most one,
///     and no heuristic grows faster than the manhattan distance), so its f is at most that much
///     above the expanded cell's f; it must stay below kCompactCostLimit, and g ≤ f then does too.
inline KeyBounds key_bounds(const grid::Grid& grid, grid::Cost dearest, std::uint64_t weight_fixed) {
    KeyBounds bounds;
    const double g_bound = (static_cast<double>(grid.cell_count()) + 1.0) * static_cast<double>(dearest);
    const double h_bound = static_cast<double>(grid.width() + grid.height()) *
                           static_cast<double>(grid::kStraightUnits) *
                           (static_cast<double>(weight_fixed) / 65536.0 + 1.0);
    bounds.packed_keys_fit = g_bound + h_bound < 0.5 * static_cast<double>(kPackedCostLimit);
    const grid::Cost heuristic_growth = ((2 * grid::kStraightUnits * weight_fixed) >> 16) + 1;
    const grid::Cost reserve = dearest + heuristic_growth + 1;
    if (dearest < kCompactCostLimit && reserve < kCompactCostLimit) {
        bounds.compact_usable = true;
        bounds.compact_f_limit = kCompactCostLimit - reserve;
    }
    return bounds;
}

}  // namespace swarmpath::search::best_first
