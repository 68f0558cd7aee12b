// The state of a search whose nodes are few and far apart (jump point search): nodes numbered in the
// order they are generated, each with its cost so far, cell, parent node, open-list position and
// arrival directions (24 bytes), in one array every search reuses from the start; and one 4-byte
// index per map cell to find a cell's node. The index is never cleared: an entry counts only when it
// is below the node count and the node it names holds that very cell (Briggs and Torczon's sparse
// set), so a new search starts by setting the count to zero, in O(1), and whatever earlier searches
// left in the index is harmless. Against per-cell stamps, parent cells and arrival bytes (13 bytes a
// cell in three arrays, each touched per node), a search touches 4 bytes a cell at the cells it
// generates and 24 bytes a node, packed together: a cold pass first-touches a fraction of the pages
// (on this kind of virtual machine a page's first touch costs 4-10 µs, or 0.15 ms for a 2 MB one),
// and the map-sized part of a worker's state shrinks from 13 to 4 bytes a cell.
// The node array is reserved for one node per cell (a search never has more) as address space
// faulted in only where written (core::reserve_zeroed_pages), so it never moves during a search and
// only the pages nodes reach are ever touched; on a large map it follows the index in one
// reservation on 2 MB pages (see NodeTable::prepare). Internal to the search core (search_state.hpp owns
// one, jump_point_search.cpp uses it); assumes fewer than 2^32 − 1 cells.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "core/page_memory.hpp"
#include "search/best_first/zeroed_array.hpp"
#include "swarmpath/grid/grid.hpp"

namespace swarmpath::search::best_first {

/// One node: the best cost found so far (kClosedCost once expanded), its cell, its parent node, its
/// open-list entry's position, and a bit per direction it was reached by at its g. Trivial on
/// purpose: the array is allocated without being written, its pages touched as nodes fill them.
struct SearchNode {
    grid::Cost g;
    std::uint32_t cell;
    std::uint32_t parent;
    std::uint32_t slot;
    std::uint8_t arrivals;
};

/// g of a node once it has been expanded: no offer can lower it or tie with it.
inline constexpr grid::Cost kClosedCost = ~grid::Cost{0};
/// What NodeArrays::find returns for a cell without a node in the current search.
inline constexpr std::uint32_t kNoNode = ~std::uint32_t{0};
/// The cell of the node just past the last (kept there by add): no cell's index is this.
inline constexpr std::uint32_t kNoCell = ~std::uint32_t{0};

/// Where a search reads and writes its nodes: plain pointers and a count that a search keeps in
/// registers (copied into its frame; see loop.hpp's works_on_copy).
struct NodeArrays {
    std::uint32_t* index = nullptr;  ///< per cell: the node that may hold it
    SearchNode* nodes = nullptr;     ///< per node, and the one just past the last (see add)
    std::uint32_t count = 0;

    /// The node of `cell` in the current search, or kNoNode. An index entry past the nodes is read
    /// as the node just past the last, whose cell is kNoCell, so the one branch a caller takes is on
    /// the answer itself: a stale index entry costs no misprediction of its own.
    [[nodiscard, gnu::always_inline]] std::uint32_t find(std::uint32_t cell) const {
        const std::uint32_t entry = index[cell];
        const std::uint32_t node = entry < count ? entry : count;
        return nodes[node].cell == cell ? node : kNoNode;
    }
    /// Adds the node of `cell` (which has none) at cost `g`, reached by the directions `arrivals`
    /// from node `parent`, its open-list position still to be written; returns its number.
    [[gnu::always_inline]] std::uint32_t add(std::uint32_t cell, grid::Cost g, std::uint32_t parent,
                                             std::uint8_t arrivals) {
        const std::uint32_t node = count;
        const std::uint32_t next = node + 1;
        index[cell] = node;
        nodes[node] = SearchNode{g, cell, parent, 0, arrivals};
        nodes[next].cell = kNoCell;
        count = next;
        return node;
    }
    /// Starts a search: no node but `start`'s, node 0 at cost 0, its own parent.
    void begin(std::uint32_t start) {
        count = 0;
        add(start, 0, 0, 0);
    }
};

/// What an open list is handed to record its entries' positions when their ids are node numbers.
struct NodeSlots {
    SearchNode* nodes;
};
[[gnu::always_inline]] inline void record_slot(NodeSlots slots, std::uint32_t node, std::uint32_t position) {
    slots.nodes[node].slot = position;
}

class NodeTable {
public:
    /// Reserves room for a grid of `cells` cells. A small map's index is faulted in now (a few 4 KB
    /// pages, populated at once) and its nodes are 4 KB pages faulted in where written. A large map's
    /// index and nodes share one reservation on 2 MB pages, the nodes right after the index: the
    /// index's last page, which the first search faults in whole anyway, holds the first nodes too,
    /// where on 4 KB pages they took a fault each (11 µs here) per 170 nodes. That reservation is
    /// `lent` when it holds reservation_bytes(cells) (a JPS+ table's spare room, whose first pages its
    /// build has faulted in already: core::LentPages), else a new one. Throws std::bad_alloc when
    /// the system has no room (never in a search).
    void prepare(std::uint32_t cells, core::PageBlock lent = {}) {
        if (cells <= cells_) {
            core::release_pages(lent);
            return;
        }
        const std::size_t index_bytes = index_bytes_for(cells);
        small_index_ = {};
        small_nodes_ = {};
        together_ = {};
        if (index_bytes >= core::kHugePagesFrom) {
            const std::size_t bytes = reservation_bytes(cells);
            if (lent.data != nullptr && lent.mapped_bytes >= bytes) {
                together_ = ZeroedArray<std::byte>::adopt(lent, bytes);
            } else {
                core::release_pages(lent);
                together_ = ZeroedArray<std::byte>::reserve_on_touch(bytes, true);
            }
            index_ = reinterpret_cast<std::uint32_t*>(together_.data());
            nodes_ = reinterpret_cast<SearchNode*>(together_.data() + index_bytes);
        } else {
            core::release_pages(lent);
            small_index_ = ZeroedArray<std::uint32_t>(cells);
            small_nodes_ = ZeroedArray<SearchNode>::reserve_on_touch(std::size_t{cells} + 1);
            index_ = small_index_.data();
            nodes_ = small_nodes_.data();
        }
        cells_ = cells;
        most_nodes_ = 0;
    }

    /// Bytes of the one reservation a large map's index and nodes take (see prepare), which a JPS+
    /// table sets aside for one search state. 0 for a map whose index is small.
    [[nodiscard]] static std::size_t reservation_bytes(std::uint32_t cells) {
        const std::size_t index_bytes = index_bytes_for(cells);
        if (index_bytes < core::kHugePagesFrom) return 0;
        return index_bytes + (std::size_t{cells} + 1) * sizeof(SearchNode);  // and one past the last
    }

    /// The arrays, for a new search (NodeArrays::begin).
    [[nodiscard]] NodeArrays start() { return NodeArrays{index_, nodes_, 0}; }
    /// Notes how many nodes a search used (for memory_bytes).
    void note_used(std::uint32_t count) { most_nodes_ = std::max(most_nodes_, count); }

    /// The index and the nodes as far as searches have filled them; nothing before a search used it.
    [[nodiscard]] std::size_t memory_bytes() const {
        if (most_nodes_ == 0) return 0;
        return std::size_t{cells_} * sizeof(std::uint32_t) + (std::size_t{most_nodes_} + 1) * sizeof(SearchNode);
    }

private:
    /// Where the nodes start after a large map's index: a cache line's boundary.
    static constexpr std::size_t kAlign = 64;

    static std::size_t index_bytes_for(std::uint32_t cells) {
        return (std::size_t{cells} * sizeof(std::uint32_t) + kAlign - 1) / kAlign * kAlign;
    }

    ZeroedArray<std::uint32_t> small_index_;  ///< a small map's index
    ZeroedArray<SearchNode> small_nodes_;     ///< a small map's nodes
    ZeroedArray<std::byte> together_;         ///< a large map's index, then its nodes
    std::uint32_t* index_ = nullptr;
    SearchNode* nodes_ = nullptr;
    std::uint32_t cells_ = 0;
    std::uint32_t most_nodes_ = 0;
};

}  // namespace swarmpath::search::best_first
