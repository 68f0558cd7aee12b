// The 4-ary heap against a reference ordered set under random pushes, pops and decrease-keys: the
// pop sequence must equal the reference's exactly (the order is total), and every entry's slot must
// point at the entry after every operation.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "search/four_ary_heap.hpp"

namespace swarmpath::search {
namespace {

struct ReferenceOrder {
    bool operator()(const HeapEntry& a, const HeapEntry& b) const { return HeapEntry::before(a, b); }
};

void expect_slots_consistent(const FourAryHeap& heap, const std::vector<CellStamp>& stamps) {
    for (std::uint32_t position = 0; position < heap.size(); ++position) {
        ASSERT_EQ(stamps[heap.at(position).cell].slot, position);
    }
}

TEST(FourAryHeapTest, MatchesReferenceUnderRandomOperations) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        std::mt19937_64 random(seed);
        const std::uint32_t cells = 2000;
        std::vector<CellStamp> stamps(cells);
        std::vector<bool> in_heap(cells, false);
        std::vector<HeapEntry> current(cells);
        FourAryHeap heap;
        std::set<HeapEntry, ReferenceOrder> reference;
        // Small key ranges force many ties on f and g, exercising the full order.
        std::uniform_int_distribution<grid::Cost> key(0, 50);
        std::uniform_int_distribution<std::uint32_t> cell_pick(0, cells - 1);
        std::uniform_int_distribution<int> operation(0, 9);
        for (int step = 0; step < 20000; ++step) {
            const int choice = operation(random);
            if (choice < 5) {
                std::uint32_t cell = cell_pick(random);
                if (in_heap[cell]) continue;
                HeapEntry entry{key(random) + 20, key(random), cell, 0, 0};
                heap.push(entry, stamps.data());
                reference.insert(entry);
                current[cell] = entry;
                in_heap[cell] = true;
            } else if (choice < 8) {
                if (reference.empty()) {
                    ASSERT_TRUE(heap.empty());
                    continue;
                }
                HeapEntry expected = *reference.begin();
                reference.erase(reference.begin());
                HeapEntry popped = heap.pop(stamps.data());
                ASSERT_EQ(popped.cell, expected.cell) << "seed " << seed << " step " << step;
                ASSERT_EQ(popped.f, expected.f);
                ASSERT_EQ(popped.g, expected.g);
                in_heap[popped.cell] = false;
            } else {
                std::uint32_t cell = cell_pick(random);
                if (!in_heap[cell]) continue;
                HeapEntry old_entry = current[cell];
                if (old_entry.f == 0) continue;
                HeapEntry lowered = old_entry;
                lowered.f = old_entry.f - std::uniform_int_distribution<grid::Cost>(1, old_entry.f)(random);
                lowered.g = old_entry.g;
                reference.erase(old_entry);
                reference.insert(lowered);
                heap.decrease_key(stamps[cell].slot, lowered.f, lowered.g, stamps.data());
                current[cell] = lowered;
            }
            ASSERT_EQ(heap.size(), reference.size());
            if (step % 997 == 0) expect_slots_consistent(heap, stamps);
        }
        while (!reference.empty()) {
            ASSERT_EQ(heap.pop(stamps.data()).cell, reference.begin()->cell);
            reference.erase(reference.begin());
        }
        EXPECT_TRUE(heap.empty());
    }
}

TEST(FourAryHeapTest, OrderIsFThenLargerGThenSmallerCell) {
    std::vector<CellStamp> stamps(10);
    FourAryHeap heap;
    heap.push({10, 1, 5, 0, 0}, stamps.data());
    heap.push({10, 4, 7, 0, 0}, stamps.data());
    heap.push({10, 4, 3, 0, 0}, stamps.data());
    heap.push({9, 0, 9, 0, 0}, stamps.data());
    EXPECT_EQ(heap.pop(stamps.data()).cell, 9U);
    EXPECT_EQ(heap.pop(stamps.data()).cell, 3U);
    EXPECT_EQ(heap.pop(stamps.data()).cell, 7U);
    EXPECT_EQ(heap.pop(stamps.data()).cell, 5U);
}

}  // namespace
}  // namespace swarmpath::search
