// What the search core's two fast open lists (packed_open_list.hpp, compact_open_list.hpp) share: a
// 4-ary min-heap whose slots past the last entry hold a padding key that orders after every real
// key, at least kPadding of them, so every family of four children is readable whole. This shell
// keeps the entry count and gives both lists the same push, pop, replace-top, decrease-key and
// clear; the list itself (the Derived of this CRTP base) owns the storage and provides top(),
// at(), pad(position), sift_up(), sift_down_from_root() and grow(). Internal to the search core.
#pragma once

#include <cstdint>

#include "search/four_ary_heap.hpp"

namespace swarmpath::search::best_first {

template <class Derived, class Entry>
class PaddedOpenList {
public:
    PaddedOpenList(const PaddedOpenList&) = delete;
    PaddedOpenList& operator=(const PaddedOpenList&) = delete;

    [[nodiscard]] bool empty() const { return size_ == 0; }
    [[nodiscard]] std::uint32_t size() const { return size_; }

    /// Empties the list, in O(entries left), restoring the padding behind it.
    void clear() {
        for (std::uint32_t position = 0; position < size_; ++position) self().pad(position);
        size_ = 0;
    }

    /// Allocates the first block of storage now, if there is none yet.
    void reserve_first_block() {
        if (capacity_ == 0) self().grow();
    }

    /// Inserts `entry`; writes its position (and that of every entry it displaces) to `stamps[cell].slot`.
    template <class Slots>
    [[gnu::always_inline]] void push(Entry entry, Slots stamps) {
        if (size_ + kPadding >= capacity_) self().grow();
        self().sift_up(size_++, entry, stamps);
    }

    // pop, replace_top and decrease_key are inlined, as push is: left to the compiler, a jump point
    // search's pops became calls 150 KB away, outside the code a solver reads in at set-up
    // (core::warm_code), once its expansion was compiled per direction.

    /// Removes and returns the minimum. The list must not be empty.
    template <class Slots>
    [[gnu::always_inline]] Entry pop(Slots stamps) {
        const Entry minimum = self().top();
        const std::uint32_t count = --size_;
        if (count == 0) {
            self().pad(0);
            return minimum;
        }
        const Entry last = self().at(count);
        self().pad(count);  // its place becomes padding
        self().sift_down_from_root(last, count, stamps);
        return minimum;
    }

    /// Returns the minimum and puts `entry` in its place: a pop followed by a push, in one walk down
    /// the heap (no sift up from the bottom for the new entry, no move of the last one). The list
    /// must not be empty.
    template <class Slots>
    [[gnu::always_inline]] Entry replace_top(Entry entry, Slots stamps) {
        const Entry minimum = self().top();
        self().sift_down_from_root(entry, size_, stamps);
        return minimum;
    }

    /// Replaces the entry at `position` with `entry`, which must not order after it.
    template <class Slots>
    [[gnu::always_inline]] void decrease_key(std::uint32_t position, Entry entry, Slots stamps) {
        self().sift_up(position, entry, stamps);
    }

protected:
    /// Padding slots that always follow the last entry.
    static constexpr std::uint32_t kPadding = 4;

    PaddedOpenList() = default;
    PaddedOpenList(PaddedOpenList&&) noexcept = default;
    PaddedOpenList& operator=(PaddedOpenList&&) noexcept = default;
    ~PaddedOpenList() = default;

    std::uint32_t size_ = 0;
    std::uint32_t capacity_ = 0;  ///< slots allocated (entries plus padding)

private:
    Derived& self() { return static_cast<Derived&>(*this); }
};

}  // namespace swarmpath::search::best_first
