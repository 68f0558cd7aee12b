// Building JumpPointGrid (jump_point_grid.hpp): the row and column scan lines with their stop bits.
#include "swarmpath/search/jump_point_grid.hpp"

#include <chrono>

namespace swarmpath::search {

LineBits::LineBits(std::uint32_t line_count, std::uint32_t line_length, unsigned planes)
    : words_per_line_((static_cast<std::size_t>(line_length) + 64) / 64 + 2),
      planes_(planes),
      words_((static_cast<std::size_t>(line_count) + 2) * planes * words_per_line_, 0) {}

namespace {

/// Passability and stop bits of one orientation; `free(line, position)` reads the grid (blocked
/// outside it), `line_count` lines of `line_length` cells.
template <class Free>
ScanLines build_scan_lines(std::uint32_t line_count, std::uint32_t line_length, Free&& free) {
    ScanLines lines{LineBits(line_count, line_length, 3)};
    const auto count = static_cast<std::int64_t>(line_count);
    const auto length = static_cast<std::int64_t>(line_length);
    for (std::int64_t line = 0; line < count; ++line) {
        // Positions −1 and `length` are the blocked ring: a jump stops there at the latest.
        for (std::int64_t position = -1; position <= length; ++position) {
            const bool here = free(line, position);
            if (here) lines.bits.set(line, position, ScanLines::kPassable);
            bool forward = !here;
            bool backward = !here;
            for (std::int64_t side : {line - 1, line + 1}) {
                if (!free(side, position)) continue;
                forward = forward || !free(side, position - 1);
                backward = backward || !free(side, position + 1);
            }
            if (forward) lines.bits.set(line, position, ScanLines::kStopForward);
            if (backward) lines.bits.set(line, position, ScanLines::kStopBackward);
        }
    }
    return lines;
}

}  // namespace

JumpPointGrid::JumpPointGrid(const grid::Grid& grid) {
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

}  // namespace swarmpath::search
