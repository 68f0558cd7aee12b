// The padded index space as the searches use it: grid::PaddedLayout (grid/padded_layout.hpp) for
// every conversion, plus what only a search needs: the index offset of each of the eight directions
// (search/moves.hpp order) and division-free coordinates for the A* loop.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "search/moves.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/grid/padded_layout.hpp"

namespace swarmpath::search::best_first {

using grid::PaddedLayout;

/// The layout of a grid.
inline PaddedLayout layout_of(const grid::Grid& grid) { return grid.layout(); }

/// Index offset of one step in `direction`.
constexpr std::int32_t direction_offset(const PaddedLayout& layout, int direction) {
    return layout.offset(kDirectionX[static_cast<std::size_t>(direction)],
                         kDirectionY[static_cast<std::size_t>(direction)]);
}

/// The eight offsets, for a loop to copy into its own frame.
constexpr std::array<std::int32_t, kDirectionCount> direction_offsets(const PaddedLayout& layout) {
    std::array<std::int32_t, kDirectionCount> all{};
    for (int direction = 0; direction < kDirectionCount; ++direction) {
        all[static_cast<std::size_t>(direction)] = direction_offset(layout, direction);
    }
    return all;
}

/// Map coordinates of a padded cell without a division, for the A* loop: y = floor((cell + ½) /
/// padded_width) taken in double precision (exact: the quotient is at least 1/(2·padded_width)
/// away from an integer, far above the rounding error for any cell index below 2^32).
class FastCoordinates {
public:
    explicit FastCoordinates(const PaddedLayout& layout)
        : reciprocal_(1.0 / layout.padded_width()), padded_width_(layout.padded_width()) {}
    void of(std::uint32_t cell, std::uint32_t& x, std::uint32_t& y) const {
        const auto row = static_cast<std::uint32_t>((static_cast<double>(cell) + 0.5) * reciprocal_);
        x = cell - row * padded_width_ - 1;
        y = row - 1;
    }

private:
    double reciprocal_;
    std::uint32_t padded_width_;
};

}  // namespace swarmpath::search::best_first
