// The search state one worker owns and reuses for every query it runs: per-cell stamps
// (generation + heap slot), parent directions, the open lists and path scratch, and jump point
// search's node table. A new search costs O(1) up front: the state advances a 32-bit generation, so
// a cell's stamp tells whether this search has seen or closed it (only when the generation wraps,
// after 2^31 searches, are the stamps cleared in full); jump point search's table starts again by
// setting its node count to zero.
// Memory: 8 (stamp) + 1 (parent direction) = 9 bytes per padded cell, plus the open list; jump point
// search uses none of these per-cell arrays but its node table: 4 bytes per padded cell, 24 per node
// it generates.
//
// The state itself (SearchState, defined in the engine's sources: search/best_first/search_state.hpp)
// is opaque to users and not installed: its open lists are the search core's platform-tuned
// details. A SearchContext owns one through a pointer; the searches fetch it once per query, so the
// indirection costs nothing in their loops. Not thread-safe: one context per thread (BatchSolver keeps one per worker).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace swarmpath::search {

class SearchState;  // opaque outside the engine (search/best_first/search_state.hpp)

class SearchContext {
public:
    SearchContext();
    ~SearchContext();
    /// A moved-from context may only be destroyed or assigned to.
    SearchContext(SearchContext&& other) noexcept;
    SearchContext& operator=(SearchContext&& other) noexcept;
    SearchContext(const SearchContext&) = delete;
    SearchContext& operator=(const SearchContext&) = delete;

    /// Makes room for a grid of `padded_cells` cells ahead of the first query (solving does this
    /// by itself). Growing reallocates; same size or smaller is free. Solver::prepare does the same
    /// for a solver's grid, with the room the solver may lend.
    void prepare(std::uint32_t padded_cells);
    /// Padded cells the context has room for.
    [[nodiscard]] std::uint32_t capacity() const;

    /// Bytes of per-cell state per padded cell (excluding the heap, which grows with the frontier).
    static constexpr double bytes_per_cell() { return kStampBytes + kParentDirectionBytes; }
    /// A cell's stamp (generation and heap slot) and its parent direction; context.cpp checks both
    /// against the state's own types.
    static constexpr double kStampBytes = 8;
    static constexpr double kParentDirectionBytes = 1;
    /// Bytes held by the context now.
    [[nodiscard]] std::size_t memory_bytes() const;

    /// The engine's own view of the state (an opaque type outside the engine's sources).
    [[nodiscard]] SearchState& state() { return *state_; }

private:
    std::unique_ptr<SearchState> state_;
};

}  // namespace swarmpath::search
