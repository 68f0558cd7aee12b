// The best-first core every search of the engine runs on: A* (astar.hpp), jump point search and
// JPS+ (jump_point_search.cpp) and the goal fields' reverse Dijkstra (goal_field.cpp). Written once
// here: taking the next node off the open list, closing it, the goal test, the expansion counters,
// the stop checkpoints (max_expansions, deadline, cancel token: one comparison per expansion), and
// the hand-over from the compact open-list keys to wider ones part-way through a search.
// What differs between the searches is an Expansion policy, a compile-time, copyable type with:
//   - works_on_copy (constant): whether the loop runs on a copy of it in its own frame;
//   - inlines_packed_loop (constant): whether the loop on packed keys is inlined into the search
//     that runs it rather than left to the compiler (see best_first_loop);
//   - admits_stale (constant) and admit(cell): whether a popped entry is still live (a search whose
//     open list keeps stale entries, like Dial's buckets, skips them here before reading its g);
//   - stamps_hold_slots (constant): whether the open list records each entry's position (for
//     decrease-key in place) in the state's per-cell stamps; if not, the expansion's slots() says
//     where (jump point search: per node of its node table, its entries naming nodes, not cells);
//   - close(cell, g): mark the node closed; is_goal(cell, g): stop here, the goal is reached;
//   - visit(cell, g): what the search records of a closed node before its checkpoint;
//   - expand<Keys>(cell, g, open, counters, next): generate the successors onto `open`; return true
//     with `next` set when the search holds its next node outside the open list (A*'s shortcut).
// The open list is any List of a key form (open_keys.hpp), or another list with the same push,
// pop and empty (bucket_queue.hpp). Nothing here throws or allocates but the open list's growth.
#pragma once

#include <cstdint>
#include <type_traits>

#include "search/best_first/open_keys.hpp"
#include "search/best_first/search_state.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::search::best_first {

/// What the loop carries from one expansion to the next, in a form that does not depend on the
/// open list's keys, so a search can leave one key form for a wider one part-way.
struct LoopState {
    /// heap_pops counts only stale pops (admit refused them); a search adds its expansions at the end.
    Counters counters;
    // The node to expand next, held outside the open list (the start, or a held successor).
    bool have_next = false;
    grid::Cost next_f = 0;
    grid::Cost next_g = 0;
    std::uint32_t next_cell = 0;
    // How the search ended.
    bool reached = false;  ///< is_goal held for the last node closed, at cost goal_g
    bool limited = false;  ///< stopped short: by max_expansions, the deadline or the cancel token
    QueryStatus stop_status = QueryStatus::node_limit;  ///< which of them, when limited
    grid::Cost goal_g = 0;
    /// The expansion count at which the loop next consults the stop conditions.
    std::uint64_t expansion_limit = ~std::uint64_t{0};

    /// A search that starts from `cell` at cost 0 with estimate `f`, held outside the open list.
    static LoopState starting_at(std::uint32_t cell, grid::Cost f, const StopConditions& stop) {
        LoopState state;
        state.counters.heap_pushes = 1;
        state.have_next = true;
        state.next_f = f;
        state.next_cell = cell;
        state.expansion_limit = stop.first_limit();
        return state;
    }
};

/// How best_first_loop returned: the search is over, or it needs wider keys (its next node, in
/// LoopState, has an f beyond the bounded key form's limit).
enum class LoopEnd { finished, needs_wider_keys };

/// The loop proper, from `state` and the entries already on `open`. On a bounded key form, a node
/// whose f exceeds `f_limit` is not expanded: it goes back into `state` and the loop returns
/// needs_wider_keys. Inlined where it is called: best_first_loop_on is its function of its own.
template <class Keys, class Expansion, class List, class Slots>
[[gnu::always_inline]] inline LoopEnd best_first_loop_inlined(Expansion& expansion, List& open, Slots stamps,
                                                              const StopConditions& stop, LoopState& state,
                                                              grid::Cost f_limit) {
    using Entry = typename Keys::Entry;
    Counters counters = state.counters;
    std::uint64_t expansion_limit = state.expansion_limit;
    bool have_current = state.have_next;
    Entry current = Keys::make(state.next_f, state.next_g, state.next_cell);
    LoopEnd end = LoopEnd::finished;
    for (;;) {
        if (!have_current) {
            if (open.empty()) break;
            current = open.pop(stamps);
        }
        const std::uint32_t cell = Keys::cell(current);
        if constexpr (Keys::bounded) {
            if (Keys::f(current) > f_limit) {
                state.have_next = true;
                state.next_f = Keys::f(current);
                state.next_g = Keys::g(current);
                state.next_cell = cell;
                end = LoopEnd::needs_wider_keys;
                break;
            }
        }
        if constexpr (Expansion::admits_stale) {
            if (!expansion.admit(cell)) {
                ++counters.heap_pops;  // a stale pop: counted here, live pops are the expansions
                have_current = false;
                continue;
            }
        }
        // After admit: a list that keeps stale entries reads a live entry's g only (bucket_queue.hpp).
        const grid::Cost g = Keys::g(current);
        ++counters.expanded;
        expansion.close(cell, g);
        if (expansion.is_goal(cell, g)) {
            state.reached = true;
            state.goal_g = g;
            break;
        }
        expansion.visit(cell, g);
        if (counters.expanded >= expansion_limit) {
            const Checkpoint next = stop.checkpoint(counters.expanded);
            if (next.stop) {
                state.limited = true;
                state.stop_status = next.status;
                break;
            }
            expansion_limit = next.limit;
        }
        have_current = expansion.template expand<Keys>(cell, g, open, counters, current);
    }
    state.counters = counters;
    state.expansion_limit = expansion_limit;
    return end;
}

/// best_first_loop_inlined as a function of its own, which the compiler may inline or not.
template <class Keys, class Expansion, class List, class Slots>
LoopEnd best_first_loop_on(Expansion& expansion, List& open, Slots stamps, const StopConditions& stop, LoopState& state,
                           grid::Cost f_limit) {
    return best_first_loop_inlined<Keys>(expansion, open, stamps, stop, state, f_limit);
}

/// best_first_loop_on, on the caller's policy or, when the policy asks for it (works_on_copy), on a
/// copy of it in the loop's own frame, handed back when the loop ends: no store through the search's
/// arrays can alias such a copy, so its fields stay in registers instead of being reloaded after
/// every byte-wide store. Which is faster depends on the policy's shape (measured: jump point search
/// gains from the copy, A* and the goal fields do not). A policy may also ask for its packed-key
/// loop, the one nearly every search runs, to be inlined (inlines_packed_loop): jump point search
/// does, whose searches are always-inlined into their entry points, so that the loop stays inside
/// the code Solver::create reads in at set-up (core::warm_code) whatever size the compiler's
/// inlining limits leave its expansion (a loop left out of line lay before the window read, and a
/// process's first query took 16 µs instead of 2-3). Its wide-key loop (grids too large for packed
/// keys) stays a function of its own, so as not to double the code read.
template <class Keys, class Expansion, class List, class Slots>
[[gnu::always_inline]] inline LoopEnd best_first_loop(Expansion& expansion, List& open, Slots stamps,
                                                      const StopConditions& stop, LoopState& state,
                                                      grid::Cost f_limit) {
    constexpr bool kInlined = Expansion::inlines_packed_loop && std::is_same_v<Keys, PackedKeys>;
    if constexpr (Expansion::works_on_copy) {
        Expansion copy = expansion;
        LoopEnd end = LoopEnd::finished;
        if constexpr (kInlined) {
            end = best_first_loop_inlined<Keys>(copy, open, stamps, stop, state, f_limit);
        } else {
            end = best_first_loop_on<Keys>(copy, open, stamps, stop, state, f_limit);
        }
        expansion = copy;
        return end;
    } else if constexpr (kInlined) {
        return best_first_loop_inlined<Keys>(expansion, open, stamps, stop, state, f_limit);
    } else {
        return best_first_loop_on<Keys>(expansion, open, stamps, stop, state, f_limit);
    }
}

/// Where the open list records its entries' positions for `expansion` (see stamps_hold_slots).
template <class Expansion>
auto slots_of([[maybe_unused]] const Expansion& expansion, [[maybe_unused]] SearchState& search_state) {
    if constexpr (Expansion::stamps_hold_slots) {
        return search_state.stamps();
    } else {
        return expansion.slots();
    }
}

/// Runs a search on the state's heaps: on the compact keys while `start_compact` allows and the
/// grid's bounds leave room, handing its open entries over to the packed keys (or the wide ones,
/// when even packed keys could overflow on this grid) the moment a node to expand has an f beyond
/// the compact limit; that happens only on paths of thousands of steps. Searches that cannot start
/// compact use the packed keys, or the wide ones, throughout; with `CompactKeysUsed` false, the
/// compact loop is not compiled at all (start_compact is then ignored). Inlined into the search
/// calling it (with its packed-key loop where the policy asks: see best_first_loop).
template <bool CompactKeysUsed = true, class Expansion>
[[gnu::always_inline]] inline void run_with_key_forms(Expansion& expansion, SearchState& search_state,
                                                      const KeyBounds& bounds, bool start_compact,
                                                      const StopConditions& stop, LoopState& state) {
    constexpr grid::Cost kNoLimit = ~grid::Cost{0};
    const auto stamps = slots_of(expansion, search_state);
    const bool packed = bounds.packed_keys_fit;
    if constexpr (CompactKeysUsed) {
        if (start_compact && bounds.compact_usable && state.next_f <= bounds.compact_f_limit) {
            if (best_first_loop<CompactKeys>(expansion, CompactKeys::list(search_state), stamps, stop, state,
                                             bounds.compact_f_limit) == LoopEnd::finished) {
                return;
            }
            if (packed) {
                move_open_entries<CompactKeys, PackedKeys>(search_state, stamps);
            } else {
                move_open_entries<CompactKeys, WideKeys>(search_state, stamps);
            }
        }
    }
    if (packed) {
        best_first_loop<PackedKeys>(expansion, PackedKeys::list(search_state), stamps, stop, state, kNoLimit);
    } else {
        best_first_loop<WideKeys>(expansion, WideKeys::list(search_state), stamps, stop, state, kNoLimit);
    }
}

}  // namespace swarmpath::search::best_first
