// A randomized check shared by the A* open lists' tests (compact_open_list_test.cpp and
// packed_open_list_test.cpp): random pushes, decrease-keys, replace-tops and pops, with few
// distinct f and g values so ties are common, against a reference ordered set. Every pop must
// give an entry whose order equals the reference's smallest (and that the reference holds), the
// sizes must agree after every step, and every entry's stamps[cell].slot must point at it.
// Header-only: a template over a Traits type that names the List and Entry and gives
//   make(f, g, cell) -> Entry, f(Entry), g(Entry), cell(Entry), order(Entry) -> an ordered value
//   (the list's own order: ties where the list may take either, none where it must not).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "search/four_ary_heap.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/context.hpp"

namespace swarmpath::testing {

template <class Traits>
void check_open_list_under_random_operations(std::uint64_t seed) {
    using Entry = typename Traits::Entry;
    using Order = decltype(Traits::order(std::declval<Entry>()));
    std::mt19937_64 random(seed);
    const std::uint32_t cells = 3000;
    std::vector<search::CellStamp> stamps(cells);
    std::vector<Entry> entry_of(cells);
    std::vector<bool> in_list(cells, false);
    std::set<std::pair<Order, std::uint32_t>> reference;
    typename Traits::List list;
    std::uniform_int_distribution<grid::Cost> f_value(100, 140);
    std::uniform_int_distribution<grid::Cost> g_value(0, 60);
    std::uniform_int_distribution<std::uint32_t> pick(0, cells - 1);
    std::uniform_int_distribution<int> action(0, 9);
    auto random_entry = [&](std::uint32_t cell) {
        const grid::Cost g = g_value(random);
        return Traits::make(f_value(random) + g, g, cell);
    };
    auto insert = [&](Entry entry) {
        entry_of[Traits::cell(entry)] = entry;
        in_list[Traits::cell(entry)] = true;
        reference.insert({Traits::order(entry), Traits::cell(entry)});
    };
    // Takes `popped` out of the reference: its order must be the smallest there, and the reference
    // must hold it under its cell.
    auto take = [&](Entry popped) {
        ASSERT_FALSE(reference.empty());
        ASSERT_TRUE(Traits::order(popped) == reference.begin()->first);
        ASSERT_EQ(reference.erase({Traits::order(popped), Traits::cell(popped)}), 1U);
        in_list[Traits::cell(popped)] = false;
    };
    for (int step = 0; step < 20000; ++step) {
        const int what = action(random);
        const std::uint32_t cell = pick(random);
        if (what < 5 && !in_list[cell]) {
            const Entry entry = random_entry(cell);
            list.push(entry, stamps.data());
            insert(entry);
        } else if (what < 7 && in_list[cell] && Traits::g(entry_of[cell]) > 0) {
            const Entry old_entry = entry_of[cell];
            const Entry entry = Traits::make(Traits::f(old_entry) - 1, Traits::g(old_entry) - 1, cell);
            ASSERT_TRUE(Traits::order(list.at(stamps[cell].slot)) == Traits::order(old_entry));
            ASSERT_EQ(Traits::cell(list.at(stamps[cell].slot)), cell);
            list.decrease_key(stamps[cell].slot, entry, stamps.data());
            reference.erase({Traits::order(old_entry), cell});
            insert(entry);
        } else if (what == 7 && !list.empty() && !in_list[cell]) {
            // replace_top: the minimum comes out and a new entry goes in, in one operation.
            const Entry entry = random_entry(cell);
            ASSERT_NO_FATAL_FAILURE(take(list.replace_top(entry, stamps.data())));
            insert(entry);
        } else if (!list.empty()) {
            ASSERT_NO_FATAL_FAILURE(take(list.pop(stamps.data())));
        }
        ASSERT_EQ(list.size(), reference.size());
        if (step % 97 == 0) {
            for (std::uint32_t position = 0; position < list.size(); ++position) {
                ASSERT_EQ(stamps[Traits::cell(list.at(position))].slot, position);
            }
        }
    }
    while (!list.empty()) ASSERT_NO_FATAL_FAILURE(take(list.pop(stamps.data())));
    EXPECT_TRUE(reference.empty());
}

}  // namespace swarmpath::testing
