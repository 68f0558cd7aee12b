// The best-first core's open list in its fastest form, for searches whose f and g stay below 2^32 fixed-point
// units (about 4,000 straight steps; the core checks the bound per query and per expansion,
// loop.hpp): a 4-ary min-heap of 64-bit keys, f (32 bits) | ~g (32 bits), with the cells
// in a parallel array. Integer order of a key is (lower f, then larger g), so comparing two entries
// is one 64-bit comparison, and the four children of a node fill one aligned 32-byte half of a
// cache line. Entries with equal f and g are equal keys: their relative order is not
// by cell but by the sequence of heap operations, which is fixed by the pushes, so it is the same
// on every run and every thread count.
//
// Like PackedOpenList (and through the same shell, padded_open_list.hpp): every move writes the
// entry's position to stamps[cell].slot (decrease-key in O(1)); pop and replace-top use Floyd's
// bottom-up walk; padding keys behind the last entry spare the walk a partial-family case; storage
// grows by doubling and is never released. Internal to A*.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>

#include "search/best_first/padded_open_list.hpp"
#include "search/best_first/platform.hpp"
#include "search/four_ary_heap.hpp"
#include "swarmpath/grid/grid.hpp"

namespace swarmpath::search::best_first {

/// One open-list entry: the key (f | ~g) and its padded cell.
struct CompactEntry {
    std::uint64_t key;
    std::uint32_t cell;
};

/// f must stay below this (and g with it) for compact keys; the padding key (all ones) then
/// orders after every real key.
inline constexpr grid::Cost kCompactCostLimit = (grid::Cost{1} << 32) - 1;

[[nodiscard]] inline std::uint64_t compact_key(grid::Cost f, grid::Cost g) { return (f << 32) | (~g & 0xFFFFFFFFU); }
[[nodiscard]] inline grid::Cost compact_f(std::uint64_t key) { return key >> 32; }
[[nodiscard]] inline grid::Cost compact_g(std::uint64_t key) { return ~key & 0xFFFFFFFFU; }

/// Hides a value from the optimiser, so a selection written with masks stays masks instead of
/// becoming a branch (which of four siblings is smallest is a coin toss for the branch predictor).
[[nodiscard]] inline std::uint64_t opaque(std::uint64_t value) {
#ifdef SWARMPATH_OPTIMISER_BARRIER
    asm("" : "+r"(value));
#endif
    return value;
}

/// All ones when `condition`, else zero, chosen without a branch.
[[nodiscard]] inline std::uint64_t mask_if(bool condition) { return opaque(0 - static_cast<std::uint64_t>(condition)); }

/// The position (0…3) of the smallest of four keys, the first one on ties, and that key in
/// `smallest`, chosen without a branch (which sibling is smallest is a coin toss for the branch
/// predictor). On x86-64: three comparisons and five conditional moves, the index built from the
/// carry flag (GCC otherwise turns the selection into branches or a longer mask sequence).
[[nodiscard]] [[gnu::always_inline]] inline std::uint32_t smallest_of_four(const std::uint64_t* keys,
                                                                           std::uint64_t& smallest) {
#ifdef SWARMPATH_X86_64_ASSEMBLY
    std::uint64_t low = keys[0];
    std::uint64_t high = keys[2];
    std::uint64_t low_index = 0;
    std::uint64_t high_index = 2;
    asm("cmp %[low], %[second]\n\t"  // carry: second < low
        "cmovb %[second], %[low]\n\t"
        "adc $0, %[low_index]\n\t"
        "cmp %[high], %[fourth]\n\t"  // carry: fourth < high
        "cmovb %[fourth], %[high]\n\t"
        "adc $0, %[high_index]\n\t"
        "cmp %[low], %[high]\n\t"  // carry: high < low
        "cmovb %[high], %[low]\n\t"
        "cmovb %[high_index], %[low_index]"
        : [low] "+&r"(low), [high] "+&r"(high), [low_index] "+&r"(low_index), [high_index] "+&r"(high_index)
        : [second] "r"(keys[1]), [fourth] "r"(keys[3])
        : "cc");
    smallest = low;
    return static_cast<std::uint32_t>(low_index);
#else
    const std::uint64_t low_mask = mask_if(keys[1] < keys[0]);
    const std::uint64_t low = keys[0] ^ ((keys[0] ^ keys[1]) & low_mask);
    const std::uint64_t high_mask = mask_if(keys[3] < keys[2]);
    const std::uint64_t high = keys[2] ^ ((keys[2] ^ keys[3]) & high_mask);
    const std::uint64_t take_high = mask_if(high < low);
    const std::uint64_t low_index = low_mask & 1U;
    const std::uint64_t high_index = 2U | (high_mask & 1U);
    smallest = low ^ ((low ^ high) & take_high);
    return static_cast<std::uint32_t>(low_index ^ ((low_index ^ high_index) & take_high));
#endif
}

class CompactOpenList : public PaddedOpenList<CompactOpenList, CompactEntry> {
public:
    CompactOpenList() = default;

    [[nodiscard]] std::size_t memory_bytes() const {
        if (!key_storage_) return 0;
        return (static_cast<std::size_t>(capacity_) + kAlignmentSlack) * sizeof(std::uint64_t) +
               static_cast<std::size_t>(capacity_) * sizeof(std::uint32_t);
    }
    [[nodiscard]] CompactEntry top() const { return {keys_[0], cells_[0]}; }
    [[nodiscard]] CompactEntry at(std::uint32_t position) const { return {keys_[position], cells_[position]}; }

private:
    friend class PaddedOpenList<CompactOpenList, CompactEntry>;  // calls pad, the sifts and grow

    // The key storage starts one key before a 32-byte boundary, so every family of four siblings
    // 4i+1 … 4i+4 fills one aligned half of a cache line.
    static constexpr std::uint32_t kAlignmentSlack = 4;
    static constexpr std::uint64_t kEmptyKey = ~std::uint64_t{0};

    void pad(std::uint32_t position) { keys_[position] = kEmptyKey; }

    // Floyd's walk for a root vacated in a heap of `count` entries: the hole follows the smallest
    // children to a leaf, then `entry` is sifted up from there. The smallest of four siblings is
    // chosen without a branch (smallest_of_four); padding keys never win over a real child.
    template <class Slots>
    void sift_down_from_root(CompactEntry entry, std::uint32_t count, Slots stamps) {
        std::uint64_t* const keys = keys_;
        std::uint32_t* const cells = cells_;
        std::uint32_t hole = 0;
        for (std::uint32_t first = 1; first < count; first = (hole << 2) + 1) {
            std::uint64_t smallest = 0;
            const auto best = first + smallest_of_four(keys + first, smallest);
            const std::uint32_t moved_cell = cells[best];
            keys[hole] = smallest;
            cells[hole] = moved_cell;
            record_slot(stamps, moved_cell, hole);
            hole = best;
        }
        sift_up(hole, entry, stamps);
    }

    template <class Slots>
    void sift_up(std::uint32_t position, CompactEntry entry, Slots stamps) {
        std::uint64_t* const keys = keys_;
        std::uint32_t* const cells = cells_;
        while (position > 0) {
            const std::uint32_t parent = (position - 1) >> 2;
            const std::uint64_t parent_key = keys[parent];
            if (!(entry.key < parent_key)) break;
            const std::uint32_t parent_cell = cells[parent];
            keys[position] = parent_key;
            cells[position] = parent_cell;
            record_slot(stamps, parent_cell, position);
            position = parent;
        }
        keys[position] = entry.key;
        cells[position] = entry.cell;
        record_slot(stamps, entry.cell, position);
    }

    [[gnu::noinline]] void grow() {  // cold: runs a few times per context
        const std::uint32_t capacity = capacity_ == 0 ? 1024 : capacity_ * 2;
        std::unique_ptr<std::uint64_t[]> key_storage(
            new std::uint64_t[static_cast<std::size_t>(capacity) + kAlignmentSlack]);
        std::unique_ptr<std::uint32_t[]> cell_storage(new std::uint32_t[capacity]);
        const auto address = reinterpret_cast<std::uintptr_t>(key_storage.get());
        // First index i (0…3) such that key 1 lands on a 32-byte boundary: (address + 8(i+1)) % 32 == 0.
        const std::size_t offset = ((32 - (address + sizeof(std::uint64_t)) % 32) % 32) / sizeof(std::uint64_t);
        std::uint64_t* const keys = key_storage.get() + offset;
        if (size_ != 0) {
            std::memcpy(keys, keys_, size_ * sizeof(std::uint64_t));
            std::memcpy(cell_storage.get(), cells_, size_ * sizeof(std::uint32_t));
        }
        std::fill(keys + size_, keys + capacity, kEmptyKey);
        key_storage_ = std::move(key_storage);
        cell_storage_ = std::move(cell_storage);
        keys_ = keys;
        cells_ = cell_storage_.get();
        capacity_ = capacity;
    }

    std::unique_ptr<std::uint64_t[]> key_storage_;
    std::unique_ptr<std::uint32_t[]> cell_storage_;
    std::uint64_t* keys_ = nullptr;
    std::uint32_t* cells_ = nullptr;
};

}  // namespace swarmpath::search::best_first
