// The search state behind a SearchContext (search/context.hpp), which owns one and hands it to the
// searches: internal to the engine (not installed), since its open lists are the search core's
// platform-tuned details (packed_open_list.hpp, compact_open_list.hpp).
// The search state one worker owns and reuses for every query it runs: per-cell stamps
// (generation + heap slot), parent directions, the open lists and path scratch, and jump point
// search's node table.
// Allocation writes nothing: the per-cell arrays start as zero pages (zeroed_array.hpp), so a cold
// context pays a first touch only where a search reaches, never the whole map up front. The stamps
// are on 2 MB pages when they take 256 KB or more: a page fault per 2 MB rather than per 4 KB (the
// faults of 4 KB pages made a cold pass of JPS+ cost up to 6× a warm one: tools/cold-warm). The
// parent directions have a block of their own, on 2 MB pages too: beside the stamps, A* ran 7.6%
// slower on brc202d (tools/ab-time.sh); apart it runs as on 4 KB pages, and a cold pass no longer
// takes a 4 KB fault for each page of them (66 on a 512×512 map, 268 on 1024²).
// A new search costs O(1) up front: it advances the 32-bit generation by two, to an even value G.
// A cell whose stamp holds G is open (seen by this search), G + 1 is closed (expanded: the A* search
// folds its closed flag into the stamp this way, so no separate closed set is touched), anything else
// is untouched. Only when the generation wraps (after 2^31 searches) are the stamps cleared in full.
// Jump point search touches none of these per-cell arrays: its nodes live in a node table
// (node_table.hpp: 4 bytes a cell plus 24 a node, or on large maps a hash table of 8 bytes a slot in
// place of the per-cell index), which it resets by setting its node count to zero (or advancing the
// table's stamp).
// Memory: 8 (stamp) + 1 (parent direction) = 9 bytes per padded cell, plus the open list; searches
// using jump_nodes() 4 bytes (a page only once touched) and 24 a node instead.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "search/best_first/compact_open_list.hpp"
#include "search/best_first/node_table.hpp"
#include "search/best_first/packed_open_list.hpp"
#include "search/best_first/zeroed_array.hpp"
#include "search/four_ary_heap.hpp"

namespace swarmpath::search {

class SearchState {
public:
    /// Makes room for a grid of `padded_cells` cells. Growing reallocates; same size or smaller is
    /// free. Growing takes room for jump point search's node index and nodes from `lender` when it
    /// has some for this size (a JPS+ table's, JumpPointTable::search_pages()).
    void prepare(std::uint32_t padded_cells, const core::LentPages* lender = nullptr) {
        if (padded_cells <= capacity_) return;
        // No room claimed until every array below has it: an allocation that fails (std::bad_alloc)
        // leaves a state that prepares again next time, never one whose capacity outruns its arrays.
        capacity_ = 0;
        // One spare stamp: the A* search reads its neighbours as a 3×4 block (astar.hpp),
        // whose last stamp lies one past the grid for the bottom-right cell.
        stamps_ = best_first::ZeroedArray<CellStamp>(static_cast<std::size_t>(padded_cells) + 1);
        parent_direction_ = best_first::ZeroedArray<std::uint8_t>(padded_cells);
        // Jump point search's node table, allocated here rather than in a context's first JPS query:
        // a small map's index is faulted in now with the other small blocks, a large one's and the
        // nodes are address space until a search writes them (node_table.hpp).
        jump_nodes_.prepare(padded_cells, lender != nullptr ? lender->take() : core::LentPages::Blocks{});
        generation_ = 0;
        // The open lists' first blocks and room for a path of a few hundred cells: allocated and
        // filled here, these were a small search's first query's largest cost in a cold run.
        packed_open_.reserve_first_block();
        compact_open_.reserve_first_block();
        path_scratch_.reserve(kPathScratchCells);
        capacity_ = padded_cells;
    }

    /// Starts a new search: everything touched by earlier searches becomes stale.
    void begin_search() {
        generation_ = (generation_ | 1U) + 1U;  // the next even value
        if (generation_ == 0) {                 // wrapped: the only full clear, once per 2^31 searches
            for (std::size_t cell = 0; cell <= capacity_; ++cell) stamps_[cell].generation = 0;
            generation_ = 2;
        }
        open_.clear();
        packed_open_.clear();
        compact_open_.clear();
    }

    /// The current (even) generation: a stamp holding it marks an open cell.
    [[nodiscard]] std::uint32_t generation() const { return generation_; }
    /// generation() + 1: a stamp holding it marks a closed cell (see the file comment).
    [[nodiscard]] std::uint32_t closed_generation() const { return generation_ | 1U; }
    [[nodiscard]] std::uint32_t capacity() const { return capacity_; }
    /// Test hook: jump the generation counter (to exercise the wrap-around path).
    void set_generation_for_testing(std::uint32_t generation) { generation_ = generation; }

    CellStamp* stamps() { return stamps_.data(); }
    std::uint8_t* parent_directions() { return parent_direction_.data(); }
    FourAryHeap& open_list() { return open_; }
    /// The A* search's open list of packed keys (packed_open_list.hpp).
    best_first::PackedOpenList& packed_open_list() { return packed_open_; }
    /// The A* search's open list of 64-bit keys, while a query's costs fit (compact_open_list.hpp).
    best_first::CompactOpenList& compact_open_list() { return compact_open_; }
    std::vector<std::uint32_t>& path_scratch() { return path_scratch_; }
    /// Jump point search's node table (node_table.hpp), for this state's grid (call after prepare()).
    best_first::NodeTable& jump_nodes() { return jump_nodes_; }

    /// Bytes of per-cell state per padded cell (excluding the heap, which grows with the frontier).
    static constexpr double bytes_per_cell() { return static_cast<double>(sizeof(CellStamp) + sizeof(std::uint8_t)); }
    [[nodiscard]] std::size_t memory_bytes() const {
        const std::size_t cells = capacity_ == 0 ? 0 : std::size_t{capacity_} + 1;
        return cells * sizeof(CellStamp) + capacity_ + open_.memory_bytes() + packed_open_.memory_bytes() +
               compact_open_.memory_bytes() + path_scratch_.capacity() * sizeof(std::uint32_t) +
               jump_nodes_.memory_bytes();
    }

private:
    static constexpr std::size_t kPathScratchCells = 512;

    std::uint32_t capacity_ = 0;
    std::uint32_t generation_ = 0;
    best_first::ZeroedArray<CellStamp> stamps_;  ///< capacity + 1 (see prepare)
    best_first::ZeroedArray<std::uint8_t> parent_direction_;
    best_first::NodeTable jump_nodes_;
    FourAryHeap open_;
    best_first::PackedOpenList packed_open_;
    best_first::CompactOpenList compact_open_;
    std::vector<std::uint32_t> path_scratch_;
};

}  // namespace swarmpath::search
