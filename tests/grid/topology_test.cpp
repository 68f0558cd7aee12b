// Tests of grid/topology.hpp: the hex and triangle neighbourhoods are symmetric (b is a neighbour of
// a exactly when a is one of b), and the step distances equal a breadth-first search's on an open
// map from several sources, corners and odd rows included. Assumes nothing beyond the header.
#include "swarmpath/grid/topology.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <vector>

namespace swarmpath::grid {
namespace {

constexpr std::uint32_t kWidth = 23;
constexpr std::uint32_t kHeight = 17;

std::vector<std::uint64_t> breadth_first_steps(Topology topology, std::uint32_t source_x, std::uint32_t source_y) {
    std::vector<std::uint64_t> steps(kWidth * kHeight, ~std::uint64_t{0});
    std::deque<std::uint32_t> queue{source_y * kWidth + source_x};
    steps[queue.front()] = 0;
    while (!queue.empty()) {
        const std::uint32_t cell = queue.front();
        queue.pop_front();
        const std::uint32_t x = cell % kWidth;
        const std::uint32_t y = cell / kWidth;
        for (NeighbourOffset offset : shaped_neighbours(topology, x, y)) {
            const std::int64_t nx = std::int64_t{x} + offset.dx;
            const std::int64_t ny = std::int64_t{y} + offset.dy;
            if (nx < 0 || ny < 0 || nx >= kWidth || ny >= kHeight) continue;
            const auto next = static_cast<std::uint32_t>(ny * kWidth + nx);
            if (steps[next] != ~std::uint64_t{0}) continue;
            steps[next] = steps[cell] + 1;
            queue.push_back(next);
        }
    }
    return steps;
}

std::uint64_t open_map_steps(Topology topology, std::uint32_t x1, std::uint32_t y1, std::uint32_t x2,
                             std::uint32_t y2) {
    return topology == Topology::hex ? hex_steps(x1, y1, x2, y2) : triangle_steps(x1, y1, x2, y2);
}

TEST(TopologyTest, NeighbourhoodsAreSymmetric) {
    for (Topology topology : {Topology::hex, Topology::triangle}) {
        for (std::uint32_t y = 1; y + 1 < kHeight; ++y) {
            for (std::uint32_t x = 1; x + 1 < kWidth; ++x) {
                for (NeighbourOffset offset : shaped_neighbours(topology, x, y)) {
                    const std::uint32_t nx = x + offset.dx;
                    const std::uint32_t ny = y + offset.dy;
                    const auto back = shaped_neighbours(topology, nx, ny);
                    const bool found = std::any_of(back.begin(), back.end(), [&](NeighbourOffset other) {
                        return nx + other.dx == x && ny + other.dy == y;
                    });
                    EXPECT_TRUE(found) << topology_type_name(topology) << " (" << x << "," << y << ") -> (" << nx << ","
                                       << ny << ")";
                }
            }
        }
    }
    EXPECT_EQ(shaped_neighbours(Topology::hex, 3, 4).size(), 6U);
    EXPECT_EQ(shaped_neighbours(Topology::triangle, 3, 4).size(), 3U);
    EXPECT_TRUE(shaped_neighbours(Topology::square, 3, 4).empty());
}

TEST(TopologyTest, StepDistancesEqualBreadthFirstSearchOnAnOpenMap) {
    for (Topology topology : {Topology::hex, Topology::triangle}) {
        for (auto [source_x, source_y] : {std::pair<std::uint32_t, std::uint32_t>{0, 0},
                                          {kWidth - 1, kHeight - 1},
                                          {11, 8},
                                          {4, 13},
                                          {17, 3},
                                          {0, kHeight - 1}}) {
            const std::vector<std::uint64_t> steps = breadth_first_steps(topology, source_x, source_y);
            for (std::uint32_t y = 0; y < kHeight; ++y) {
                for (std::uint32_t x = 0; x < kWidth; ++x) {
                    ASSERT_EQ(open_map_steps(topology, source_x, source_y, x, y), steps[y * kWidth + x])
                        << topology_type_name(topology) << " from (" << source_x << "," << source_y << ") to (" << x
                        << "," << y << ")";
                }
            }
        }
    }
}

TEST(TopologyTest, TypeNamesRoundTrip) {
    for (Topology topology : {Topology::square, Topology::hex, Topology::triangle}) {
        EXPECT_EQ(topology_from_type(topology_type_name(topology)), topology);
    }
    EXPECT_EQ(topology_from_type(""), Topology::square);
    EXPECT_FALSE(topology_from_type("Hex"));
}

}  // namespace
}  // namespace swarmpath::grid
