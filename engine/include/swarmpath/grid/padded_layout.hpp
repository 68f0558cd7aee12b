// The padded index space, written once: a map of width × height cells surrounded by one ring of
// blocked cells, stored row by row, so that reading any neighbour of a map cell needs no bounds
// check (grid.hpp: PaddedIndex). Conversions between (x, y), CellIndex values and padded indices
// live here and nowhere else. Assumes the grid limits (io/map_file.hpp), so every index fits 32 bits.
#pragma once

#include <cstdint>

namespace swarmpath::grid {

class PaddedLayout {
public:
    constexpr PaddedLayout() = default;
    constexpr PaddedLayout(std::uint32_t width, std::uint32_t height) : width_(width), height_(height) {}

    [[nodiscard]] constexpr std::uint32_t width() const { return width_; }
    [[nodiscard]] constexpr std::uint32_t height() const { return height_; }
    [[nodiscard]] constexpr std::uint32_t padded_width() const { return width_ + 2; }
    [[nodiscard]] constexpr std::uint32_t padded_height() const { return height_ + 2; }
    [[nodiscard]] constexpr std::uint32_t padded_cell_count() const { return padded_width() * padded_height(); }

    /// Padded index of map cell (x, y).
    [[nodiscard]] constexpr std::uint32_t padded(std::uint32_t x, std::uint32_t y) const {
        return (y + 1) * padded_width() + (x + 1);
    }
    /// Padded index of a CellIndex value (below width · height).
    [[nodiscard]] constexpr std::uint32_t padded(std::uint32_t cell_index) const {
        return padded(cell_index % width_, cell_index / width_);
    }
    /// Map coordinates of a padded index inside the map.
    [[nodiscard]] constexpr std::uint32_t x_of(std::uint32_t padded_index) const {
        return padded_index % padded_width() - 1;
    }
    [[nodiscard]] constexpr std::uint32_t y_of(std::uint32_t padded_index) const {
        return padded_index / padded_width() - 1;
    }
    /// CellIndex value (y·width + x) of map cell (x, y).
    [[nodiscard]] constexpr std::uint32_t cell_index(std::uint32_t x, std::uint32_t y) const { return y * width_ + x; }
    /// CellIndex value of a padded index inside the map.
    [[nodiscard]] constexpr std::uint32_t cell_index(std::uint32_t padded_index) const {
        return cell_index(x_of(padded_index), y_of(padded_index));
    }
    /// Index offset of a step by (dx, dy).
    [[nodiscard]] constexpr std::int32_t offset(int dx, int dy) const {
        return dy * static_cast<std::int32_t>(padded_width()) + dx;
    }

private:
    std::uint32_t width_ = 0;
    std::uint32_t height_ = 0;
};

}  // namespace swarmpath::grid
