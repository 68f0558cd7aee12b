// The cells of a grid's largest connected region (8-connected, both-free diagonals), row by row: where
// the crowd benchmarks draw agents and goals so that every query has a path.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/components.hpp"

namespace swarmpath::bench {

inline std::vector<std::pair<std::uint32_t, std::uint32_t>> largest_region(const grid::Grid& grid) {
    const search::Components components =
        search::Components::compute(grid, search::Moves::eight, search::DiagonalRule::both_free);
    std::vector<std::size_t> sizes(components.count() + 1, 0);
    for (std::uint32_t cell = 0; cell < grid.padded_cell_count(); ++cell) ++sizes[components.label({cell})];
    std::uint32_t largest = 1;
    for (std::uint32_t label = 1; label < sizes.size(); ++label)
        largest = sizes[label] > sizes[largest] ? label : largest;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> region;
    for (std::uint32_t y = 0; y < grid.height(); ++y) {
        for (std::uint32_t x = 0; x < grid.width(); ++x) {
            if (components.label(grid.padded(x, y)) == largest) region.emplace_back(x, y);
        }
    }
    return region;
}

}  // namespace swarmpath::bench
