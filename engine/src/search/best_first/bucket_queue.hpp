// Dial's buckets as an open list of the best-first core (loop.hpp), for the goal fields' reverse
// Dijkstra: buckets of width kStraightUnits in a ring that spans the grid's dearest step. Every step
// costs at least kStraightUnits (the cheapest kind's straight step is exactly that), so expanding a
// node of bucket k only ever pushes into later buckets: a bucket's nodes are final once the earlier
// buckets are done, and leave in insertion order (deterministic). The ring has a power-of-two size,
// so finding a cost's bucket is a shift and a mask, not a division. Costs stay exact integers in the
// caller's cost array; the buckets hold cells and only order the work. A cell pushed again at a
// lower cost leaves a stale entry behind, which the expansion rejects (admits_stale).
// The bucket vectors belong to the caller (a worker's FieldWorkspace) and keep their capacity from
// search to search; the queue leaves them empty.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "search/four_ary_heap.hpp"
#include "swarmpath/grid/grid.hpp"

namespace swarmpath::search::best_first {

/// An entry of the bucket queue: a cell, and the cost array its g is read from, only once the entry
/// is known to be live (a stale entry's cell is never looked up: that read would be a cache miss
/// for nothing).
struct BucketEntry {
    const grid::Cost* costs;
    std::uint32_t cell;
};

/// The key form of the bucket queue (open_keys.hpp): f is g, never bounded. A search on the bucket
/// queue starts with its first node pushed, not held (make has no cost array to point at).
struct BucketKeys {
    using Entry = BucketEntry;
    static constexpr bool bounded = false;
    static Entry make(grid::Cost /*f*/, grid::Cost /*g*/, std::uint32_t cell) { return {nullptr, cell}; }
    static grid::Cost f(Entry entry) { return entry.costs[entry.cell]; }
    static grid::Cost g(Entry entry) { return entry.costs[entry.cell]; }
    static std::uint32_t cell(Entry entry) { return entry.cell; }
};

class BucketQueue {
public:
    /// `costs`: the cost per padded cell that a popped entry carries.
    BucketQueue(std::vector<std::vector<std::uint32_t>>& buckets, grid::Cost dearest_step, const grid::Cost* costs)
        : buckets_(&buckets),
          ring_(std::bit_ceil(static_cast<std::size_t>(dearest_step / grid::kStraightUnits) + 2)),
          costs_(costs) {
        if (buckets.size() < ring_) buckets.resize(ring_);
        for (std::size_t index = 0; index < ring_; ++index) buckets[index].clear();
        current_ = buckets[0].data();
    }
    BucketQueue(const BucketQueue&) = delete;
    BucketQueue& operator=(const BucketQueue&) = delete;
    ~BucketQueue() {
        for (std::size_t index = 0; index < ring_; ++index) (*buckets_)[index].clear();
    }

    /// True when no entry is left. Moves on to the next non-empty bucket when the one being read is
    /// done: every entry lies at most ring − 1 buckets ahead, so ring − 1 empty buckets in a row
    /// mean an empty queue. No count of entries is kept, so a push or a pop is one vector operation.
    [[nodiscard]] bool empty() {
        if (position_ != current_size_) return false;
        for (std::size_t step = 1; step < ring_; ++step) {
            advance();
            if (current_size_ != 0) return false;
        }
        return true;
    }
    void push(grid::Cost cost, std::uint32_t cell) {
        (*buckets_)[static_cast<std::size_t>(cost / grid::kStraightUnits) & (ring_ - 1)].push_back(cell);
    }
    /// Pushes the search's first node, at cost 0, into the bucket being read.
    void push_first(std::uint32_t cell) {
        std::vector<std::uint32_t>& first = (*buckets_)[bucket_ & (ring_ - 1)];
        first.push_back(cell);
        current_ = first.data();
        current_size_ = first.size();
    }
    /// The next entry in bucket order. Call only after empty() returned false.
    BucketEntry pop(CellStamp* /*stamps*/) { return {costs_, current_[position_++]}; }

private:
    void advance() {
        (*buckets_)[bucket_ & (ring_ - 1)].clear();
        ++bucket_;
        std::vector<std::uint32_t>& next = (*buckets_)[bucket_ & (ring_ - 1)];
        current_ = next.data();
        current_size_ = next.size();  // fixed while this bucket is read: pushes go to later buckets
        position_ = 0;
    }

    std::vector<std::vector<std::uint32_t>>* buckets_;
    std::size_t ring_;
    const grid::Cost* costs_;
    std::uint64_t bucket_ = 0;
    const std::uint32_t* current_ = nullptr;
    std::size_t current_size_ = 0;
    std::size_t position_ = 0;
};

}  // namespace swarmpath::search::best_first
