// The A* open list in its fast form: a 4-ary min-heap of 16-byte keys, each key packing the whole
// order (f, larger g, smaller cell) into one unsigned 128-bit integer, so that comparing two entries
// is one 128-bit comparison and the four children of a node share one 64-byte cache line.
//
// Key layout, most significant first: f (48 bits) | ~g (48 bits) | padded cell (32 bits).
// Ordering keys as integers is then exactly FourAryHeap's order: lower f first; on equal f the
// larger g; then the smaller cell. It holds only while f and g stay below 2^48 (kPackedCostLimit);
// the search checks a bound per query (packed_keys_fit in astar.hpp) and uses FourAryHeap otherwise.
//
// Like FourAryHeap, every move writes the entry's position to stamps[cell].slot, so decrease-key
// finds an entry in O(1). Pop uses Floyd's bottom-up sift: the hole left by the minimum walks down
// to a leaf along the smallest children (no comparison with the moving entry on the way down), then
// the last entry is sifted up from there; it usually belongs near the leaves, so this saves about
// one comparison per level. Storage grows by doubling and is never released, so a worker's searches
// allocate nothing once the largest frontier has been seen. Internal to the A* search.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/four_ary_heap.hpp"

namespace swarmpath::search::detail {

__extension__ typedef unsigned __int128 PackedKey;

/// g must stay below this, and f below half of it (so the key's top bit stays clear), for keys to be packed.
inline constexpr grid::Cost kPackedCostLimit = grid::Cost{1} << 48;

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
[[nodiscard]] inline std::uint32_t less_bit(PackedKey a, PackedKey b) { return static_cast<std::uint32_t>((a - b) >> 127); }

class PackedOpenList {
public:
    PackedOpenList() = default;
    PackedOpenList(const PackedOpenList&) = delete;
    PackedOpenList& operator=(const PackedOpenList&) = delete;
    PackedOpenList(PackedOpenList&&) noexcept = default;
    PackedOpenList& operator=(PackedOpenList&&) noexcept = default;

    [[nodiscard]] bool empty() const { return size_ == 0; }
    [[nodiscard]] std::uint32_t size() const { return size_; }
    void clear() { size_ = 0; }
    [[nodiscard]] std::size_t memory_bytes() const {
        return storage_ ? (static_cast<std::size_t>(capacity_) + kAlignmentSlack) * sizeof(PackedKey) : 0;
    }

    [[nodiscard]] PackedKey top() const { return keys_[0]; }
    [[nodiscard]] PackedKey at(std::uint32_t position) const { return keys_[position]; }

    void push(PackedKey key, CellStamp* stamps) {
        if (size_ == capacity_) grow();
        sift_up(size_++, key, stamps);
    }

    /// Removes and returns the minimum. The list must not be empty.
    PackedKey pop(CellStamp* stamps) {
        PackedKey* keys = keys_;
        const PackedKey minimum = keys[0];
        const std::uint32_t count = --size_;
        if (count == 0) return minimum;
        const PackedKey last = keys[count];
        // Walk the hole down along the smallest child while a full set of four children exists.
        std::uint32_t hole = 0;
        for (;;) {
            const std::uint32_t first = (hole << 2) + 1;
            if (first + 3 >= count) break;
            // The smallest of four siblings without a branch: which outcome wins is a coin toss
            // for the predictor, so the comparisons become index arithmetic.
            const PackedKey* children = keys + first;
            const std::uint32_t low_pair = less_bit(children[1], children[0]);
            const std::uint32_t high_pair = 2U + less_bit(children[3], children[2]);
            const std::uint32_t take_high = less_bit(children[high_pair], children[low_pair]);
            const std::uint32_t best = first + (low_pair ^ ((low_pair ^ high_pair) & (0U - take_high)));
            keys[hole] = keys[best];
            stamps[key_cell(keys[hole])].slot = hole;
            hole = best;
        }
        // A last, partial set of children (fewer than four, all before `count`).
        const std::uint32_t first = (hole << 2) + 1;
        if (first < count) {
            std::uint32_t best = first;
            for (std::uint32_t child = first + 1; child < count; ++child) {
                if (keys[child] < keys[best]) best = child;
            }
            keys[hole] = keys[best];
            stamps[key_cell(keys[hole])].slot = hole;
            hole = best;
        }
        sift_up(hole, last, stamps);
        return minimum;
    }

    /// Replaces the key at `position` with `key`, which must not order after it.
    void decrease_key(std::uint32_t position, PackedKey key, CellStamp* stamps) { sift_up(position, key, stamps); }

private:
    // The storage starts 3 keys before a 64-byte boundary, so key 1 (and every set of four
    // siblings 4i+1 … 4i+4) fills exactly one cache line.
    static constexpr std::uint32_t kAlignmentSlack = 4;

    void sift_up(std::uint32_t position, PackedKey key, CellStamp* stamps) {
        PackedKey* keys = keys_;
        while (position > 0) {
            const std::uint32_t parent = (position - 1) >> 2;
            const PackedKey parent_key = keys[parent];
            if (!(key < parent_key)) break;
            keys[position] = parent_key;
            stamps[key_cell(parent_key)].slot = position;
            position = parent;
        }
        keys[position] = key;
        stamps[key_cell(key)].slot = position;
    }

    void grow() {
        const std::uint32_t capacity = capacity_ == 0 ? 1024 : capacity_ * 2;
        std::unique_ptr<PackedKey[]> storage(new PackedKey[static_cast<std::size_t>(capacity) + kAlignmentSlack]);
        const auto address = reinterpret_cast<std::uintptr_t>(storage.get());
        // First index i (0…3) such that key 1 lands on a 64-byte boundary: (address + 16(i+1)) % 64 == 0.
        const std::size_t offset = ((64 - (address + sizeof(PackedKey)) % 64) % 64) / sizeof(PackedKey);
        PackedKey* keys = storage.get() + offset;
        if (size_ != 0) std::memcpy(static_cast<void*>(keys), keys_, size_ * sizeof(PackedKey));
        storage_ = std::move(storage);
        keys_ = keys;
        capacity_ = capacity;
    }

    std::unique_ptr<PackedKey[]> storage_;
    PackedKey* keys_ = nullptr;
    std::uint32_t size_ = 0;
    std::uint32_t capacity_ = 0;
};

}  // namespace swarmpath::search::detail
