// The state of a search whose nodes are few and far apart (jump point search): nodes numbered in the
// order they are generated, each with its cost so far, cell, parent node and arrival directions, in
// dense arrays every search reuses from the start; and one 4-byte index per map cell to find a cell's
// node. The index is never cleared: an entry counts only when it is below the node count and the
// node it names holds that very cell (Briggs and Torczon's sparse set), so a new search starts by
// setting the count to zero, in O(1), and whatever earlier searches left in the index is harmless.
// Against per-cell stamps, parent cells and arrival bytes (13 bytes a cell, three arrays a node
// touches), a search touches 4 bytes a cell, at the cells it generates, and its nodes' 17 bytes
// each, packed together: a cold pass first-touches a quarter of the pages (on this kind of virtual
// machine a page's first touch costs 4-10 µs, or 0.15 ms for a 2 MB one), and the map-sized part
// of a worker's state shrinks from 13 to 4 bytes a cell. Internal to the search core
// (search_state.hpp owns one, jump_point_search.cpp uses it); assumes cell indices below 2^32.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>

#include "search/best_first/zeroed_array.hpp"
#include "swarmpath/grid/grid.hpp"

namespace swarmpath::search::best_first {

/// One node: the best cost found so far (kClosedCost once expanded), its cell, its parent node.
/// Trivial on purpose: a block of them is allocated without being written, so its pages are first
/// touched only as nodes fill them.
struct SearchNode {
    grid::Cost g;
    std::uint32_t cell;
    std::uint32_t parent;
};

/// g of a node once it has been expanded: no offer can lower it or tie with it.
inline constexpr grid::Cost kClosedCost = ~grid::Cost{0};
/// What NodeTable::find returns for a cell without a node in the current search.
inline constexpr std::uint32_t kNoNode = ~std::uint32_t{0};

/// Where a search reads and writes its nodes: plain pointers and counts a search keeps in registers
/// (copied into its frame; see loop.hpp's works_on_copy), handed back to the table when it grows.
struct NodeArrays {
    std::uint32_t* index = nullptr;    ///< per cell: the node that may hold it
    SearchNode* nodes = nullptr;       ///< per node
    std::uint8_t* arrivals = nullptr;  ///< per node: a bit per direction the node was reached by at its g
    std::uint32_t count = 0;
    std::uint32_t capacity = 0;

    /// The node of `cell` in the current search, or kNoNode.
    [[nodiscard, gnu::always_inline]] std::uint32_t find(std::uint32_t cell) const {
        const std::uint32_t node = index[cell];
        return node < count && nodes[node].cell == cell ? node : kNoNode;
    }
    /// The node of a cell known to have one (a cell taken off the open list).
    [[nodiscard, gnu::always_inline]] std::uint32_t node_of(std::uint32_t cell) const { return index[cell]; }
};

class NodeTable {
public:
    /// Makes room for a grid of `cells` cells (index on zero pages, 2 MB ones when large) and the
    /// first block of nodes. Growing reallocates the index; same size or smaller is free.
    void prepare(std::uint32_t cells) {
        if (cells > index_.size()) index_ = ZeroedArray<std::uint32_t>(cells);
        if (capacity_ == 0) grow(kFirstBlock);
    }
    [[nodiscard]] bool prepared() const { return capacity_ != 0; }

    /// The arrays, for a new search: no nodes.
    [[nodiscard]] NodeArrays start() { return NodeArrays{index_.data(), nodes_.get(), arrivals_.get(), 0, capacity_}; }
    /// Twice the room, the first `arrays.count` nodes kept; returns the new arrays. Throws
    /// std::bad_alloc when the system has none (as the open lists' growth does).
    [[gnu::noinline]] NodeArrays grow(const NodeArrays& arrays) {
        grow(static_cast<std::size_t>(capacity_) * 2, arrays.count);
        NodeArrays grown = arrays;
        grown.nodes = nodes_.get();
        grown.arrivals = arrivals_.get();
        grown.capacity = capacity_;
        return grown;
    }

    [[nodiscard]] std::size_t memory_bytes() const {
        return index_.size() * sizeof(std::uint32_t) + std::size_t{capacity_} * (sizeof(SearchNode) + 1);
    }

private:
    static constexpr std::size_t kFirstBlock = 4096;

    void grow(std::size_t capacity, std::uint32_t keep = 0) {
        // At most one node per cell: the table never needs more than the index has cells.
        const std::size_t bound = index_.size() < kFirstBlock ? kFirstBlock : index_.size();
        if (capacity > bound) capacity = bound;
        std::unique_ptr<SearchNode[]> nodes(new SearchNode[capacity]);
        std::unique_ptr<std::uint8_t[]> arrivals(new std::uint8_t[capacity]);
        if (keep != 0) {
            std::memcpy(static_cast<void*>(nodes.get()), nodes_.get(), keep * sizeof(SearchNode));
            std::memcpy(arrivals.get(), arrivals_.get(), keep);
        }
        nodes_ = std::move(nodes);
        arrivals_ = std::move(arrivals);
        capacity_ = static_cast<std::uint32_t>(capacity);
    }

    ZeroedArray<std::uint32_t> index_;
    std::unique_ptr<SearchNode[]> nodes_;
    std::unique_ptr<std::uint8_t[]> arrivals_;
    std::uint32_t capacity_ = 0;
};

}  // namespace swarmpath::search::best_first
