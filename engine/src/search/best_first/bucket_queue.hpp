// Dial's buckets as an open list of the best-first core (loop.hpp), for the goal fields' reverse
// Dijkstra: buckets of width kStraightUnits in a ring that spans the grid's dearest step. Every step
// costs at least kStraightUnits (the cheapest kind's straight step is exactly that), so expanding a
// node of bucket k only ever pushes into later buckets: a bucket's nodes are final once the earlier
// buckets are done, and leave in insertion order (deterministic). Costs stay exact integers in the
// caller's cost array; the buckets hold cells and only order the work. A cell pushed again at a
// lower cost leaves a stale entry behind, which the expansion rejects (admits_stale).
// The bucket vectors belong to the caller (a worker's FieldWorkspace) and keep their capacity from
// search to search; the queue leaves them empty.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/four_ary_heap.hpp"

namespace swarmpath::search::best_first {

/// An entry of the bucket queue: a cell and its cost.
struct BucketEntry {
    grid::Cost g;
    std::uint32_t cell;
};

/// The key form of the bucket queue (open_keys.hpp): f is g, never bounded.
struct BucketKeys {
    using Entry = BucketEntry;
    static constexpr bool bounded = false;
    static Entry make(grid::Cost /*f*/, grid::Cost g, std::uint32_t cell) { return {g, cell}; }
    static grid::Cost f(Entry entry) { return entry.g; }
    static grid::Cost g(Entry entry) { return entry.g; }
    static std::uint32_t cell(Entry entry) { return entry.cell; }
};

class BucketQueue {
public:
    /// `costs`: the cost per padded cell that a popped entry carries.
    BucketQueue(std::vector<std::vector<std::uint32_t>>& buckets, grid::Cost dearest_step, const grid::Cost* costs)
        : buckets_(&buckets), ring_(static_cast<std::size_t>(dearest_step / grid::kStraightUnits) + 2), costs_(costs) {
        if (buckets.size() < ring_) buckets.resize(ring_);
        for (std::size_t index = 0; index < ring_; ++index) buckets[index].clear();
        current_ = buckets[0].data();
    }
    BucketQueue(const BucketQueue&) = delete;
    BucketQueue& operator=(const BucketQueue&) = delete;
    ~BucketQueue() {
        for (std::size_t index = 0; index < ring_; ++index) (*buckets_)[index].clear();
    }

    [[nodiscard]] bool empty() const { return pending_ == 0; }
    void push(grid::Cost cost, std::uint32_t cell) {
        (*buckets_)[static_cast<std::size_t>(cost / grid::kStraightUnits) % ring_].push_back(cell);
        ++pending_;
    }
    /// The next entry in bucket order. The queue must not be empty.
    BucketEntry pop(CellStamp* /*stamps*/) {
        while (position_ == current_size_) advance();
        const std::uint32_t cell = current_[position_++];
        --pending_;
        return {costs_[cell], cell};
    }

private:
    void advance() {
        (*buckets_)[bucket_ % ring_].clear();
        ++bucket_;
        std::vector<std::uint32_t>& next = (*buckets_)[bucket_ % ring_];
        current_ = next.data();
        current_size_ = next.size();  // fixed while this bucket is read: pushes go to later buckets
        position_ = 0;
    }

    std::vector<std::vector<std::uint32_t>>* buckets_;
    std::size_t ring_;
    const grid::Cost* costs_;
    std::size_t pending_ = 0;
    std::uint64_t bucket_ = 0;
    const std::uint32_t* current_ = nullptr;
    std::size_t current_size_ = 0;
    std::size_t position_ = 0;
};

}  // namespace swarmpath::search::best_first
