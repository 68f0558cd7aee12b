// The best-first core's open list in its 128-bit form (for costs beyond the compact list's 2^32; push, pop and the
// rest come from the shell shared with it, padded_open_list.hpp): a 4-ary min-heap of 16-byte
// keys, each key packing the whole order (f, larger g, smaller cell) into one unsigned 128-bit
// integer, so that comparing two entries is one 128-bit comparison and the four children of a node
// share one 64-byte cache line. Where the compiler has no 128-bit integer (or SWARMPATH_PORTABLE,
// platform.hpp), a key is a pair of 64-bit halves with the same order.
//
// Key layout, most significant first: f (48 bits) | ~g (48 bits) | padded cell (32 bits).
// Ordering keys as integers is then exactly FourAryHeap's order: lower f first; on equal f the
// larger g; then the smaller cell. It holds only while f and g stay below 2^48 (kPackedCostLimit);
// the Solver checks a bound once (key_bounds in open_keys.hpp) and the searches use FourAryHeap otherwise.
//
// Like FourAryHeap, every move writes the entry's position to stamps[cell].slot, so decrease-key
// finds an entry in O(1). Pop uses Floyd's bottom-up sift: the hole left by the minimum walks down
// to a leaf along the smallest children (no comparison with the moving entry on the way down), then
// the last entry is sifted up from there; it usually belongs near the leaves, so this saves about
// one comparison per level. Storage grows by doubling and is never released, so a worker's searches
// allocate nothing once the largest frontier has been seen. Internal to the A* search.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "search/best_first/padded_open_list.hpp"
#include "search/best_first/platform.hpp"
#include "search/four_ary_heap.hpp"
#include "swarmpath/grid/grid.hpp"

namespace swarmpath::search::best_first {

/// g must stay below this, and f below half of it (so the key's top bit stays clear), for keys to be packed.
inline constexpr grid::Cost kPackedCostLimit = grid::Cost{1} << 48;

#ifdef SWARMPATH_INT128_KEYS

__extension__ typedef unsigned __int128 PackedKey;

[[nodiscard]] inline PackedKey pack_key(grid::Cost f, grid::Cost g, std::uint32_t cell) {
    const std::uint64_t high = (f << 16) | ((~g >> 32) & 0xFFFFU);
    const std::uint64_t low = (~g << 32) | cell;
    return (static_cast<PackedKey>(high) << 64) | low;
}
[[nodiscard]] inline grid::Cost key_f(PackedKey key) { return static_cast<grid::Cost>(key >> 80); }
[[nodiscard]] inline grid::Cost key_g(PackedKey key) {
    return ~static_cast<grid::Cost>(key >> 32) & (kPackedCostLimit - 1);
}
[[nodiscard]] inline std::uint32_t key_cell(PackedKey key) { return static_cast<std::uint32_t>(key); }
/// 1 when a < b, else 0, by arithmetic alone (the sign of a − b): valid because f < 2^47 keeps the
/// top bit of every key clear. Written so, the compiler emits sub/sbb/shr rather than a branch.
[[nodiscard]] inline std::uint32_t less_bit(PackedKey a, PackedKey b) {
    return static_cast<std::uint32_t>((a - b) >> 127);
}
/// Orders after every real key (their top 17 bits are clear) and keeps less_bit valid (top bit clear).
inline constexpr PackedKey kPackedEmptyKey = ~PackedKey{0} >> 1;

#else  // the portable form (platform.hpp): the same 128-bit integer as two 64-bit halves

/// The key as its high and low 64 bits; ordered as the 128-bit integer they make.
struct alignas(16) PackedKey {
    std::uint64_t high;
    std::uint64_t low;
    friend constexpr bool operator==(PackedKey a, PackedKey b) = default;
    friend constexpr bool operator<(PackedKey a, PackedKey b) {
        return a.high < b.high || (a.high == b.high && a.low < b.low);
    }
};

[[nodiscard]] inline PackedKey pack_key(grid::Cost f, grid::Cost g, std::uint32_t cell) {
    return {(f << 16) | ((~g >> 32) & 0xFFFFU), (~g << 32) | cell};
}
[[nodiscard]] inline grid::Cost key_f(PackedKey key) { return key.high >> 16; }
[[nodiscard]] inline grid::Cost key_g(PackedKey key) {
    return ~((key.high << 32) | (key.low >> 32)) & (kPackedCostLimit - 1);
}
[[nodiscard]] inline std::uint32_t key_cell(PackedKey key) { return static_cast<std::uint32_t>(key.low); }
/// 1 when a < b, else 0: the sign of a − b, the borrow of the low halves carried into the high
/// ones (valid because f < 2^47 keeps the top bit of every key clear).
[[nodiscard]] inline std::uint32_t less_bit(PackedKey a, PackedKey b) {
    const std::uint64_t borrow = a.low < b.low ? 1U : 0U;
    return static_cast<std::uint32_t>((a.high - b.high - borrow) >> 63);
}
/// Orders after every real key (their top 17 bits are clear) and keeps less_bit valid (top bit clear).
inline constexpr PackedKey kPackedEmptyKey = {~std::uint64_t{0} >> 1, ~std::uint64_t{0}};

#endif

class PackedOpenList : public PaddedOpenList<PackedOpenList, PackedKey> {
public:
    PackedOpenList() = default;

    [[nodiscard]] std::size_t memory_bytes() const {
        return storage_ ? (static_cast<std::size_t>(capacity_) + kAlignmentSlack) * sizeof(PackedKey) : 0;
    }
    [[nodiscard]] PackedKey top() const { return keys_[0]; }
    [[nodiscard]] PackedKey at(std::uint32_t position) const { return keys_[position]; }

private:
    friend class PaddedOpenList<PackedOpenList, PackedKey>;  // calls pad, the sifts and grow

    // The storage starts 3 keys before a 64-byte boundary, so key 1 (and every set of four
    // siblings 4i+1 … 4i+4) fills exactly one cache line.
    static constexpr std::uint32_t kAlignmentSlack = 4;
    static constexpr PackedKey kEmptyKey = kPackedEmptyKey;

    void pad(std::uint32_t position) { keys_[position] = kEmptyKey; }

    // Floyd's bottom-up sift for a root vacated in a heap of `count` entries: the hole walks down
    // along the smallest children to a leaf, without comparing with `key`, then `key` is sifted
    // up from there. The smallest of four siblings is found without a branch (which one wins is a
    // coin toss for the predictor); padding keys never win over a real child. Inlined, as sift_up is
    // (below): with jump point search's expansion compiled per direction, the compiler left it a
    // function of its own 150 KB from the searches, and a process's first query took its page fault.
    template <class Slots>
    [[gnu::always_inline]] void sift_down_from_root(PackedKey key, std::uint32_t count, Slots stamps) {
        PackedKey* const keys = keys_;
        std::uint32_t hole = 0;
        for (std::uint32_t first = 1; first < count; first = (hole << 2) + 1) {
            const PackedKey* const children = keys + first;
            const std::uint32_t low_pair = less_bit(children[1], children[0]);
            const std::uint32_t high_pair = 2U + less_bit(children[3], children[2]);
            const std::uint32_t take_high = 0U - less_bit(children[high_pair], children[low_pair]);
            const PackedKey* const best = children + (low_pair ^ ((low_pair ^ high_pair) & take_high));
            const PackedKey moved = *best;
            keys[hole] = moved;
            record_slot(stamps, key_cell(moved), hole);
            hole = static_cast<std::uint32_t>(best - keys);
        }
        sift_up(hole, key, stamps);
    }

    // Inlined: as a function of its own the compiler kept one copy 128 KB away from the jump point
    // searches it serves, outside the code a solver reads in at set-up (core::warm_code), and a
    // process's first sift-up took that page's fault (8-12 µs) in the middle of a cold pass.
    template <class Slots>
    [[gnu::always_inline]] void sift_up(std::uint32_t position, PackedKey key, Slots stamps) {
        PackedKey* keys = keys_;
        while (position > 0) {
            const std::uint32_t parent = (position - 1) >> 2;
            const PackedKey parent_key = keys[parent];
            if (!(key < parent_key)) break;
            keys[position] = parent_key;
            record_slot(stamps, key_cell(parent_key), position);
            position = parent;
        }
        keys[position] = key;
        record_slot(stamps, key_cell(key), position);
    }

    [[gnu::noinline]] void grow() {
        const std::uint32_t capacity = capacity_ == 0 ? 1024 : capacity_ * 2;
        std::unique_ptr<PackedKey[]> storage(new PackedKey[static_cast<std::size_t>(capacity) + kAlignmentSlack]);
        const auto address = reinterpret_cast<std::uintptr_t>(storage.get());
        // First index i (0…3) such that key 1 lands on a 64-byte boundary: (address + 16(i+1)) % 64 == 0.
        const std::size_t offset = ((64 - (address + sizeof(PackedKey)) % 64) % 64) / sizeof(PackedKey);
        PackedKey* keys = storage.get() + offset;
        if (size_ != 0) std::memcpy(static_cast<void*>(keys), keys_, size_ * sizeof(PackedKey));
        std::fill(keys + size_, keys + capacity, kEmptyKey);
        storage_ = std::move(storage);
        keys_ = keys;
        capacity_ = capacity;
    }

    std::unique_ptr<PackedKey[]> storage_;
    PackedKey* keys_ = nullptr;
};

}  // namespace swarmpath::search::best_first
