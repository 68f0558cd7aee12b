// The search state one worker owns and reuses for every query it runs: per-cell stamps
// (generation + heap slot), parent directions, the closed bitset, the open list and path scratch.
// A new search costs O(1) up front: it bumps the 32-bit generation, and a cell whose stamp carries
// an older generation counts as untouched (its closed bit is cleared when it is first touched).
// Only when the generation wraps (after 2^32 − 1 searches) are the stamps cleared in full.
// Memory: 8 (stamp) + 1 (parent direction) + 1/8 (closed bit) bytes per padded cell, plus the heap.
#pragma once

#include <cstdint>
#include <vector>

#include "swarmpath/grid/bitset.hpp"
#include "swarmpath/search/four_ary_heap.hpp"

namespace swarmpath::search {

class SearchContext {
public:
    /// Makes room for a grid of `padded_cells` cells. Growing reallocates; same size or smaller is free.
    void prepare(std::uint32_t padded_cells) {
        if (padded_cells <= capacity_) return;
        capacity_ = padded_cells;
        stamps_.assign(padded_cells, CellStamp{});
        parent_direction_.assign(padded_cells, 0);
        closed_ = grid::Bitset(padded_cells);
        generation_ = 0;
    }

    /// Starts a new search: everything touched by earlier searches becomes stale.
    void begin_search() {
        ++generation_;
        if (generation_ == 0) {  // wrapped: the only full clear, once per 2^32 searches
            for (CellStamp& stamp : stamps_) stamp.generation = 0;
            generation_ = 1;
        }
        open_.clear();
    }

    /// Marks `cell` as seen by this search (clearing stale closed state); returns false if it was already.
    bool touch(std::uint32_t cell) {
        if (stamps_[cell].generation == generation_) return false;
        stamps_[cell].generation = generation_;
        closed_.reset(cell);
        return true;
    }
    [[nodiscard]] bool seen(std::uint32_t cell) const { return stamps_[cell].generation == generation_; }
    [[nodiscard]] bool closed(std::uint32_t cell) const { return seen(cell) && closed_.test(cell); }

    [[nodiscard]] std::uint32_t generation() const { return generation_; }
    [[nodiscard]] std::uint32_t capacity() const { return capacity_; }
    /// Test hook: jump the generation counter (to exercise the wrap-around path).
    void set_generation_for_testing(std::uint32_t generation) { generation_ = generation; }

    CellStamp* stamps() { return stamps_.data(); }
    std::uint8_t* parent_directions() { return parent_direction_.data(); }
    grid::Bitset& closed_bits() { return closed_; }
    FourAryHeap& open_list() { return open_; }
    std::vector<std::uint32_t>& path_scratch() { return path_scratch_; }
    /// Parent cell (padded index) per cell, for searches whose parent need not be a neighbour (jump
    /// point search). Allocated on first use, so only contexts that run such searches pay its
    /// 4 bytes per padded cell; call after prepare().
    std::uint32_t* parent_cells() {
        if (parent_cells_.size() < capacity_) parent_cells_.assign(capacity_, 0);
        return parent_cells_.data();
    }

    /// Bytes of per-cell state per padded cell (excluding the heap, which grows with the frontier).
    static constexpr double bytes_per_cell() {
        return static_cast<double>(sizeof(CellStamp) + sizeof(std::uint8_t)) + 1.0 / 8.0;
    }
    [[nodiscard]] std::size_t memory_bytes() const {
        return stamps_.capacity() * sizeof(CellStamp) + parent_direction_.capacity() +
               closed_.memory_bytes() + open_.memory_bytes() +
               path_scratch_.capacity() * sizeof(std::uint32_t) + parent_cells_.capacity() * sizeof(std::uint32_t);
    }

private:
    std::uint32_t capacity_ = 0;
    std::uint32_t generation_ = 0;
    std::vector<CellStamp> stamps_;
    std::vector<std::uint8_t> parent_direction_;
    grid::Bitset closed_;
    FourAryHeap open_;
    std::vector<std::uint32_t> path_scratch_;
    std::vector<std::uint32_t> parent_cells_;
};

}  // namespace swarmpath::search
