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
// reservation on 2 MB pages, or sits in room a JPS+ table or JPS's lines lend; on a small map, where
// the process heap is on 2 MB pages (core::use_heap_for_small_blocks), both come from the heap
// instead (see NodeTable::prepare). On a map whose index would take 1 MB or more, searches find their
// nodes through a small hash table instead (HashedNodeArrays: 8 bytes a slot, sized to the nodes a
// search reaches), and the index, still reserved, is never touched. Internal to the search core
// (search_state.hpp owns one, jump_point_search.cpp uses it); assumes fewer than 2^32 − 1 cells.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

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
    /// The parent cell of `cell`, which has a node in the current search (for the path).
    [[nodiscard]] std::uint32_t parent_cell(std::uint32_t cell) const { return nodes[nodes[index[cell]].parent].cell; }
};

class NodeTable;

/// Whether a solver's searches find their nodes through the hash table (HashedNodeArrays), shared
/// by all of them: yes until one search outgrows the table's first size (2,048 nodes). Past it the
/// table costs more than the per-cell index it replaces (a larger table than the index, and a probe
/// where the index takes one read: 3-8% slower on maps of long searches, rooms, mazes of narrow
/// corridors, cluttered random maps), so later searches of that solver use the index. Which of the
/// two finds a node changes no result, only the time.
class HashingChoice {
public:
    [[nodiscard]] bool hashing() const { return hashing_.load(std::memory_order_relaxed); }
    /// Called by a search whose nodes outgrew the table's first size.
    void outgrown() const { hashing_.store(false, std::memory_order_relaxed); }

private:
    mutable std::atomic<bool> hashing_{true};
};

/// Where a search on a large map finds its nodes (NodeTable::hashes_nodes): the same nodes, found
/// through a small open-addressing table of node numbers instead of the per-cell index. The index
/// of a 1024×1024 map is 4 MB, of which a search of a hundred nodes touches a line here and there:
/// the first searches of a process took a fresh 2 MB page of it each (3-4 ms apiece on this
/// project's virtual machine), and a warm one a cache miss per node. The table holds a node number
/// and the search's stamp per slot (stale slots hold older stamps: a new search only advances the
/// stamp), and takes 8 bytes a slot, at most half of them used: 32 KB for up to 2,048 nodes, grown
/// by doubling (NodeTable::grow_slots) when a search has more. Probing is linear from the cell's
/// multiplicative hash (its high bits, so that cells a power-of-two stride apart do not collide).
struct HashedNodeArrays {
    std::uint64_t* slots = nullptr;  ///< per slot: (stamp << 32) | node
    SearchNode* nodes = nullptr;     ///< per node, and the one just past the last (as NodeArrays)
    std::uint32_t count = 0;
    std::uint32_t stamp = 0;                ///< this search's: a slot holding another one is free
    std::uint32_t shift = 0;                ///< 32 − log2(slots)
    std::uint32_t mask = 0;                 ///< slots − 1
    std::uint32_t limit = 0;                ///< the node count at which the table grows (half its slots)
    std::uint32_t vacant = 0;               ///< the free slot where the last find stopped (add fills it)
    NodeTable* table = nullptr;             ///< the owner, which grows the slots
    const HashingChoice* choice = nullptr;  ///< told when the table grows

    static constexpr std::uint32_t kHashFactor = 0x9E3779B1U;  // 2^32 / golden ratio, odd

    [[nodiscard, gnu::always_inline]] std::uint32_t home(std::uint32_t cell) const {
        return (cell * kHashFactor) >> shift;
    }
    /// The node of `cell` in the current search, or kNoNode (and then where add will put it).
    [[nodiscard, gnu::always_inline]] std::uint32_t find(std::uint32_t cell) {
        std::uint32_t position = home(cell);
        for (;;) {
            const std::uint64_t entry = slots[position];
            if (static_cast<std::uint32_t>(entry >> 32) != stamp) {
                vacant = position;
                return kNoNode;
            }
            const auto node = static_cast<std::uint32_t>(entry);
            if (nodes[node].cell == cell) return node;
            position = (position + 1) & mask;
        }
    }
    /// The parent cell of `cell`, which has a node in the current search (for the path).
    [[nodiscard]] std::uint32_t parent_cell(std::uint32_t cell) const {
        std::uint32_t position = home(cell);
        while (nodes[static_cast<std::uint32_t>(slots[position])].cell != cell) position = (position + 1) & mask;
        return nodes[nodes[static_cast<std::uint32_t>(slots[position])].parent].cell;
    }
    /// Adds the node of `cell`, for which find has just answered kNoNode (as NodeArrays::add).
    [[gnu::always_inline]] std::uint32_t add(std::uint32_t cell, grid::Cost g, std::uint32_t parent,
                                             std::uint8_t arrivals) {
        const std::uint32_t node = count;
        if (node >= limit) [[unlikely]] {
            grow(cell);
        }
        const std::uint32_t next = node + 1;
        slots[vacant] = std::uint64_t{stamp} << 32 | node;
        nodes[node] = SearchNode{g, cell, parent, 0, arrivals};
        nodes[next].cell = kNoCell;
        count = next;
        return node;
    }
    /// Starts a search (the stamp already advanced by NodeTable::start_hashed): node 0 at `start`.
    void begin(std::uint32_t start) {
        count = 0;
        (void)find(start);
        add(start, 0, 0, 0);
    }

private:
    /// Doubles the table (NodeTable::grow_slots) and finds `cell`'s free slot in the new one; the
    /// solver's later searches use the index (HashingChoice).
    void grow(std::uint32_t cell);  // not inlined: see its definition
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
    /// The bytes of a small map's nodes faulted in with its index (every search writes node 0).
    static constexpr std::size_t kNodeBytesPopulated = core::kPageBytes;

    /// Reserves room for a grid of `cells` cells. A small map's index and the first page of its nodes
    /// are faulted in now (a few 4 KB pages, populated in one call), the nodes' other 4 KB pages where
    /// written. A large map's
    /// index and nodes are on 2 MB pages: in `lent` room when it holds index_room_bytes(cells) and
    /// node_room_bytes(cells) (a JPS+ table's rooms before and after its distances, whose first and
    /// last pages its build faults in: core::LentPages), else in one new reservation, the nodes
    /// right after the index, so that the index's last page, which the first search faults in whole
    /// anyway, holds the first nodes too (on 4 KB pages they took a fault each, 11 µs here, per 170
    /// nodes). Where the process heap is on 2 MB pages (core::use_heap_for_small_blocks), a small
    /// map's index and nodes come from the heap instead, whose pages the process has touched
    /// already, where a fresh page costs a first touch even when faulted in beforehand
    /// (core/page_memory.hpp): the index zeroed, the nodes as they are (a search writes each node
    /// before it reads it: NodeArrays::begin and add; clearing them would touch every page). Throws
    /// std::bad_alloc when the system has no room (never in a search).
    void prepare(std::uint32_t cells, core::LentPages::Blocks lent = {}) {
        const std::size_t index_bytes = index_room_bytes(cells);
        const std::size_t node_bytes = node_room_bytes(cells);
        const bool takes_lent = cells > cells_ && index_bytes != 0 && lent.first.mapped_bytes >= index_bytes &&
                                lent.second.mapped_bytes >= node_bytes;
        if (!takes_lent) {  // room not taken goes back
            core::release_pages(lent.first);
            core::release_pages(lent.second);
        }
        if (cells <= cells_) return;
        cells_ = 0;  // until both arrays have room (an allocation may throw)
        index_ = {};
        nodes_ = {};
        heap_nodes_.reset();
        if (takes_lent) {
            index_ = ZeroedArray<std::uint32_t>::adopt(lent.first, cells);
            nodes_ = ZeroedArray<SearchNode>::adopt(lent.second, std::size_t{cells} + 1);
        } else if (index_bytes == 0 && core::small_blocks_on_heap.load(std::memory_order_relaxed)) {
            index_ = ZeroedArray<std::uint32_t>(cells);  // below kHugePagesFrom: from the heap
            heap_nodes_.reset(new SearchNode[std::size_t{cells} + 1]);
        } else {
            // The index's whole pages, then the nodes (one per cell and one past the last).
            const bool large = index_bytes != 0;
            const std::size_t front_bytes = index_page_bytes(cells);
            const std::size_t back_bytes = (std::size_t{cells} + 1) * sizeof(SearchNode);
            const core::PageBlock whole = core::reserve_zeroed_pages(front_bytes + back_bytes, large);
            if (whole.mapped_bytes != 0) {  // mapped, so it splits into two blocks
                // A small map's index and its nodes' first page in one call, not a trap each (the
                // first search's first node took one: 11-20 µs here, den312d's whole first query).
                if (!large)
                    core::populate_pages(whole.data, std::min(whole.mapped_bytes, front_bytes + kNodeBytesPopulated));
                const auto [index_block, node_block] = core::split_pages(whole, front_bytes);
                index_ = ZeroedArray<std::uint32_t>::adopt(index_block, cells);
                nodes_ = ZeroedArray<SearchNode>::adopt(node_block, std::size_t{cells} + 1);
            } else {  // a tiny map, or a system without mmap (calloc'ed blocks do not split)
                core::release_pages(whole);
                index_ = ZeroedArray<std::uint32_t>(cells);
                nodes_ = ZeroedArray<SearchNode>::reserve_on_touch(std::size_t{cells} + 1);
            }
        }
        if (hashes_nodes(cells) && slots_ == nullptr) allocate_slots(kFirstSlots);
        cells_ = cells;
        most_nodes_ = 0;
    }

    /// Bytes of room a large map's index takes (whole 4 KB pages, so that its nodes can follow it in
    /// a block of their own), which a JPS+ table sets aside for one search state; 0 for a map whose
    /// index is small (on 4 KB pages, or on the heap: see prepare).
    [[nodiscard]] static std::size_t index_room_bytes(std::uint32_t cells) {
        if (std::size_t{cells} * sizeof(std::uint32_t) < core::kHugePagesFrom) return 0;
        return index_page_bytes(cells);
    }
    /// Bytes the index takes in a reservation of its own: whole 4 KB pages, the nodes right after.
    [[nodiscard]] static std::size_t index_page_bytes(std::uint32_t cells) {
        return core::whole_pages(std::size_t{cells} * sizeof(std::uint32_t));
    }
    /// Bytes a large map's nodes take (one per cell and one past the last); 0 for a small map.
    [[nodiscard]] static std::size_t node_room_bytes(std::uint32_t cells) {
        return index_room_bytes(cells) == 0 ? 0 : (std::size_t{cells} + 1) * sizeof(SearchNode);
    }

    /// Whether searches on a grid of `cells` cells find their nodes through the hash table
    /// (HashedNodeArrays) rather than the per-cell index: when the index would take 1 MB or more,
    /// more than a search touches of it and more than the second-level cache holds.
    [[nodiscard]] static bool hashes_nodes(std::uint32_t cells) {
        return cells >= hashed_from().load(std::memory_order_relaxed);
    }
    /// Test hook: grids of `cells` cells or more hash their nodes from now on (solvers and
    /// preparations made afterwards), so that the searches' tests run both forms on small maps.
    static void set_hashed_from_for_testing(std::uint32_t cells) {
        hashed_from().store(cells, std::memory_order_relaxed);
    }
    /// Test hook: the stamp the last search used (the next one takes the one after it).
    void set_stamp_for_testing(std::uint32_t stamp) { stamp_ = stamp; }

    /// The arrays, for a new search (NodeArrays::begin). A hash table grown past its first size
    /// (by the search that turned its solver to the index: HashingChoice) is given back.
    [[nodiscard]] NodeArrays start() {
        if (slot_count_ > kFirstSlots) [[unlikely]] {
            slots_.reset();
            slot_count_ = 0;
        }
        return NodeArrays{index_.data(), heap_nodes_ != nullptr ? heap_nodes_.get() : nodes_.data(), 0};
    }
    /// The arrays for a new search that finds its nodes through the hash table (HashedNodeArrays::
    /// begin): the stamp advances, so every slot an earlier search filled reads as free.
    [[nodiscard]] HashedNodeArrays start_hashed(const HashingChoice& choice) {
        if (slots_ == nullptr) [[unlikely]] {
            allocate_slots(kFirstSlots);
        }
        if (++stamp_ == 0) [[unlikely]] {  // wrapped: the only clear, once per 2^32 searches
            std::fill(slots_.get(), slots_.get() + slot_count_, std::uint64_t{0});
            stamp_ = 1;
        }
        HashedNodeArrays arrays;
        arrays.slots = slots_.get();
        arrays.nodes = heap_nodes_ != nullptr ? heap_nodes_.get() : nodes_.data();
        arrays.stamp = stamp_;
        arrays.table = this;
        arrays.choice = &choice;
        fit(arrays);
        return arrays;
    }
    /// Doubles the hash table of the search `arrays` belong to, moving its nodes' slots over.
    void grow_slots(HashedNodeArrays& arrays) {
        allocate_slots(slot_count_ * 2);  // the nodes say where each slot goes: the old table is not read
        arrays.slots = slots_.get();
        fit(arrays);
        for (std::uint32_t node = 0; node < arrays.count; ++node) {
            (void)arrays.find(arrays.nodes[node].cell);
            arrays.slots[arrays.vacant] = std::uint64_t{arrays.stamp} << 32 | node;
        }
    }
    /// Notes how many nodes a search used (for memory_bytes).
    void note_used(std::uint32_t count) { most_nodes_ = std::max(most_nodes_, count); }

    /// The index, the hash table and the nodes as far as searches have filled them; nothing before
    /// a search used them.
    [[nodiscard]] std::size_t memory_bytes() const {
        if (most_nodes_ == 0) return 0;
        return std::size_t{cells_} * sizeof(std::uint32_t) + std::size_t{slot_count_} * sizeof(std::uint64_t) +
               (std::size_t{most_nodes_} + 1) * sizeof(SearchNode);
    }

private:
    /// Cells from which searches hash their nodes (hashes_nodes): a 1 MB index.
    static constexpr std::uint32_t kHashedNodesFrom = (std::uint32_t{1} << 20) / sizeof(std::uint32_t);
    static std::atomic<std::uint32_t>& hashed_from() {
        static std::atomic<std::uint32_t> from{kHashedNodesFrom};
        return from;
    }
    /// The hash table's first size: 32 KB, for searches of up to 2,048 nodes.
    static constexpr std::uint32_t kFirstSlots = 4096;

    void allocate_slots(std::uint32_t count) {
        slots_.reset(new std::uint64_t[count]());
        slot_count_ = count;
    }
    /// Copies the table's size into `arrays`.
    void fit(HashedNodeArrays& arrays) const {
        arrays.mask = slot_count_ - 1;
        arrays.shift = 32U - static_cast<std::uint32_t>(__builtin_ctz(slot_count_));
        arrays.limit = slot_count_ / 2;
    }

    std::unique_ptr<std::uint64_t[]> slots_;  ///< the hash table, once a search has used it
    std::uint32_t slot_count_ = 0;
    std::uint32_t stamp_ = 0;
    ZeroedArray<std::uint32_t> index_;
    ZeroedArray<SearchNode> nodes_;             ///< on zero pages
    std::unique_ptr<SearchNode[]> heap_nodes_;  ///< or a small map's on the heap, not cleared
    std::uint32_t cells_ = 0;
    std::uint32_t most_nodes_ = 0;
};

// Out of the search's line (rare: a search of more nodes than any before it in this context).
[[gnu::noinline, gnu::cold]] inline void HashedNodeArrays::grow(std::uint32_t cell) {
    choice->outgrown();
    table->grow_slots(*this);
    (void)find(cell);
}

}  // namespace swarmpath::search::best_first
