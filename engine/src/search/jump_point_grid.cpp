// Building and refreshing JumpPointGrid (jump_point_grid.hpp): the row and column scan lines with
// their stop bits. One rule (cell_bits) gives a cell's three bits to both the build and a refresh.
#include "swarmpath/search/jump_point_grid.hpp"

#include <algorithm>
#include <chrono>

namespace swarmpath::search {

LineBits::LineBits(std::uint32_t line_count, std::uint32_t line_length, unsigned planes)
    : words_per_line_((static_cast<std::size_t>(line_length) + 64) / 64 + 2),
      planes_(planes),
      words_((static_cast<std::size_t>(line_count) + 2) * planes * words_per_line_, 0) {}

namespace {

/// The passability and stop bits of one cell.
struct CellBits {
    bool passable;
    bool stop_forward;
    bool stop_backward;
};

/// The bits of (line, position); `free(line, position)` reads the grid, blocked outside it.
template <class Free>
CellBits cell_bits(std::int64_t line, std::int64_t position, const Free& free) {
    const bool here = free(line, position);
    bool forward = !here;
    bool backward = !here;
    for (std::int64_t side : {line - 1, line + 1}) {
        if (!free(side, position)) continue;
        forward = forward || !free(side, position - 1);
        backward = backward || !free(side, position + 1);
    }
    return {here, forward, backward};
}

/// Overwrites the bits of (line, position) (a refresh; a build only sets bits on clear lines).
template <class Free>
void write_cell(ScanLines& lines, std::int64_t line, std::int64_t position, const Free& free) {
    const CellBits bits = cell_bits(line, position, free);
    lines.bits.assign(line, position, ScanLines::kPassable, bits.passable);
    lines.bits.assign(line, position, ScanLines::kStopForward, bits.stop_forward);
    lines.bits.assign(line, position, ScanLines::kStopBackward, bits.stop_backward);
}

/// Passability and stop bits of one orientation, `line_count` lines of `line_length` cells.
template <class Free>
ScanLines build_scan_lines(std::uint32_t line_count, std::uint32_t line_length, const Free& free) {
    ScanLines lines{LineBits(line_count, line_length, 3)};
    const auto count = static_cast<std::int64_t>(line_count);
    const auto length = static_cast<std::int64_t>(line_length);
    for (std::int64_t line = 0; line < count; ++line) {
        // Positions −1 and `length` are the blocked ring: a jump stops there at the latest.
        for (std::int64_t position = -1; position <= length; ++position) {
            const CellBits bits = cell_bits(line, position, free);
            if (bits.passable) lines.bits.set(line, position, ScanLines::kPassable);
            if (bits.stop_forward) lines.bits.set(line, position, ScanLines::kStopForward);
            if (bits.stop_backward) lines.bits.set(line, position, ScanLines::kStopBackward);
        }
    }
    return lines;
}

/// Rewrites the cells of one orientation within one line and one position of (line, position):
/// on the map only, since the ring's bits (all stops, never passable) cannot change.
template <class Free>
std::size_t refresh_around(ScanLines& lines, std::int64_t line, std::int64_t position, std::int64_t line_count,
                           std::int64_t line_length, const Free& free) {
    std::size_t written = 0;
    for (std::int64_t near_line = std::max<std::int64_t>(line - 1, 0); near_line <= std::min(line + 1, line_count - 1); ++near_line) {
        for (std::int64_t near = std::max<std::int64_t>(position - 1, 0); near <= std::min(position + 1, line_length - 1); ++near) {
            write_cell(lines, near_line, near, free);
            ++written;
        }
    }
    return written;
}

}  // namespace

JumpPointGrid::JumpPointGrid(const grid::Grid& grid) : width_(grid.width()), height_(grid.height()) {
    const auto started = std::chrono::steady_clock::now();
    const auto width = static_cast<std::int64_t>(grid.width());
    const auto height = static_cast<std::int64_t>(grid.height());
    auto free = [&](std::int64_t x, std::int64_t y) {
        return x >= 0 && y >= 0 && x < width && y < height &&
               grid.passable(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y));
    };
    rows_ = build_scan_lines(grid.height(), grid.width(), [&](std::int64_t y, std::int64_t x) { return free(x, y); });
    columns_ = build_scan_lines(grid.width(), grid.height(), [&](std::int64_t x, std::int64_t y) { return free(x, y); });
    build_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
}

std::size_t JumpPointGrid::refresh(const grid::Grid& edited, std::span<const grid::CellIndex> changed) {
    if (edited.width() != width_ || edited.height() != height_) {
        *this = JumpPointGrid(edited);
        return edited.cell_count();
    }
    const auto width = static_cast<std::int64_t>(width_);
    const auto height = static_cast<std::int64_t>(height_);
    auto free = [&](std::int64_t x, std::int64_t y) {
        return x >= 0 && y >= 0 && x < width && y < height &&
               edited.passable(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y));
    };
    auto free_by_row = [&](std::int64_t y, std::int64_t x) { return free(x, y); };
    std::size_t written = 0;
    for (grid::CellIndex cell : changed) {
        if (cell.value >= edited.cell_count()) continue;
        const std::int64_t x = cell.value % width_;
        const std::int64_t y = cell.value / width_;
        written += refresh_around(rows_, y, x, height, width, free_by_row);
        written += refresh_around(columns_, x, y, width, height, free);
    }
    return written;
}

}  // namespace swarmpath::search
