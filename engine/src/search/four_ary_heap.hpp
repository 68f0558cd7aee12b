// A 4-ary min-heap with decrease-key, the open list of every search. Each entry knows its cell;
// whenever an entry moves, the heap writes its new position into the caller's per-cell stamp array,
// so decrease-key finds an entry in O(1) and the caller never scans the list (or into another array
// the caller names: jump point search's entries name nodes, whose positions it keeps per node).
// Order: a strict total order given by `Entry::before` (f, then larger g, then smaller cell), so
// the pop sequence is fully determined by the pushes — the root of the engine's determinism.
// No allocation once the capacity has grown to the largest open list seen (reserve to avoid even that).
#pragma once

#include <cstdint>
#include <vector>

#include "swarmpath/grid/grid.hpp"

namespace swarmpath::search {

/// Per-cell search state shared by the heap and the search: the generation that last touched the
/// cell (a stale generation means "not seen by this search") and the cell's position in the heap.
struct CellStamp {
    std::uint32_t generation = 0;
    std::uint32_t slot = 0;
};

/// Records that the entry of `cell` now sits at `position`. The lists' methods take where to record
/// as a template parameter: these stamps, or another form with its own record_slot (found by
/// argument-dependent lookup; jump point search's NodeSlots, best_first/node_table.hpp).
[[gnu::always_inline]] inline void record_slot(CellStamp* stamps, std::uint32_t cell, std::uint32_t position) {
    stamps[cell].slot = position;
}

struct HeapEntry {
    grid::Cost f = 0;
    grid::Cost g = 0;
    std::uint32_t cell = 0;  ///< padded cell index
    std::uint16_t x = 0;     ///< map coordinates of the cell, kept to spare a division per expansion
    std::uint16_t y = 0;

    /// Lower f first; on equal f the larger g (nearer the goal); then the smaller cell index.
    [[nodiscard]] static bool before(const HeapEntry& a, const HeapEntry& b) {
        if (a.f != b.f) return a.f < b.f;
        if (a.g != b.g) return a.g > b.g;
        return a.cell < b.cell;
    }
};

class FourAryHeap {
public:
    [[nodiscard]] bool empty() const { return entries_.empty(); }
    [[nodiscard]] std::size_t size() const { return entries_.size(); }
    void clear() { entries_.clear(); }
    void reserve(std::size_t capacity) { entries_.reserve(capacity); }
    [[nodiscard]] std::size_t memory_bytes() const { return entries_.capacity() * sizeof(HeapEntry); }

    [[nodiscard]] const HeapEntry& top() const { return entries_.front(); }
    [[nodiscard]] const HeapEntry& at(std::uint32_t position) const { return entries_[position]; }

    /// Inserts `entry`; writes its position (and that of every entry it displaces) to `stamps[cell].slot`.
    template <class Slots>
    void push(const HeapEntry& entry, Slots stamps) {
        entries_.push_back(entry);
        sift_up(static_cast<std::uint32_t>(entries_.size() - 1), entry, stamps);
    }

    /// Removes and returns the minimum.
    template <class Slots>
    HeapEntry pop(Slots stamps) {
        HeapEntry minimum = entries_.front();
        HeapEntry last = entries_.back();
        entries_.pop_back();
        if (!entries_.empty()) sift_down(0, last, stamps);
        return minimum;
    }

    /// Lowers the key of the entry at `position` to `f`, `g` (which must not order after it).
    template <class Slots>
    void decrease_key(std::uint32_t position, grid::Cost f, grid::Cost g, Slots stamps) {
        HeapEntry entry = entries_[position];
        entry.f = f;
        entry.g = g;
        sift_up(position, entry, stamps);
    }
    /// The same with the new key given as an entry (the interface the fast open lists share).
    template <class Slots>
    void decrease_key(std::uint32_t position, const HeapEntry& entry, Slots stamps) {
        decrease_key(position, entry.f, entry.g, stamps);
    }

    /// Pushes `entry` and pops the minimum, which may be `entry` itself.
    template <class Slots>
    HeapEntry replace_top(const HeapEntry& entry, Slots stamps) {
        push(entry, stamps);
        return pop(stamps);
    }

private:
    template <class Slots>
    void sift_up(std::uint32_t position, const HeapEntry& entry, Slots stamps) {
        while (position > 0) {
            std::uint32_t parent = (position - 1) >> 2;
            if (!HeapEntry::before(entry, entries_[parent])) break;
            entries_[position] = entries_[parent];
            record_slot(stamps, entries_[position].cell, position);
            position = parent;
        }
        entries_[position] = entry;
        record_slot(stamps, entry.cell, position);
    }

    template <class Slots>
    void sift_down(std::uint32_t position, const HeapEntry& entry, Slots stamps) {
        const auto count = static_cast<std::uint32_t>(entries_.size());
        for (;;) {
            std::uint32_t first_child = (position << 2) + 1;
            if (first_child >= count) break;
            std::uint32_t best = first_child;
            std::uint32_t last_child = first_child + 4 < count ? first_child + 4 : count;
            for (std::uint32_t child = first_child + 1; child < last_child; ++child) {
                if (HeapEntry::before(entries_[child], entries_[best])) best = child;
            }
            if (!HeapEntry::before(entries_[best], entry)) break;
            entries_[position] = entries_[best];
            record_slot(stamps, entries_[position].cell, position);
            position = best;
        }
        entries_[position] = entry;
        record_slot(stamps, entry.cell, position);
    }

    std::vector<HeapEntry> entries_;
};

}  // namespace swarmpath::search
