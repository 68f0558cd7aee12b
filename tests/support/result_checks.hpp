// Assertions over search results shared by the tests: two result lists are identical (status,
// fixed-point cost, counters and every path cell), as thread-count determinism requires. GoogleTest
// fatal assertions: call from a test body or a void helper.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

#include "swarmpath/search/types.hpp"

namespace swarmpath::testing {

inline void expect_identical_results(const std::vector<search::Result>& a, const std::vector<search::Result>& b) {
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t index = 0; index < a.size(); ++index) {
        ASSERT_EQ(a[index].status, b[index].status) << index;
        ASSERT_EQ(a[index].cost_units, b[index].cost_units) << index;
        ASSERT_EQ(a[index].counters, b[index].counters) << index;
        ASSERT_EQ(a[index].path.size(), b[index].path.size()) << index;
        for (std::size_t step = 0; step < a[index].path.size(); ++step) {
            ASSERT_EQ(a[index].path[step].value, b[index].path[step].value) << index;
        }
    }
}

}  // namespace swarmpath::testing
