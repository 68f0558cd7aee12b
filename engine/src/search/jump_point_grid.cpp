// Building and refreshing JumpPointGrid (jump_point_grid.hpp): the row and column scan lines with
// their stop bits. One rule (cell_bits) gives a cell's three bits to both the build and a refresh.
#include "search/jump_point_grid.hpp"

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

/// Passability and stop bits of one orientation, `line_count` lines of `line_length` cells, from
/// `free`, the passability in LineBits's layout (one plane; lines −1 and line_count clear). Word by
/// word: 64 cells at once get cell_bits's rule, a cell's neighbours along its line coming from the
/// words either side (the guard words are clear), only positions −1 … line_length written.
ScanLines build_scan_lines(std::uint32_t line_count, std::uint32_t line_length, const LineBits& free) {
    ScanLines lines{LineBits(line_count, line_length, 3)};
    const std::size_t words = free.words_per_line();
    // Positions −1 … line_length are bits 63 … line_length + 64 of a line's words.
    const std::size_t first_bit = 63;
    const std::size_t last_bit = static_cast<std::size_t>(line_length) + 64;
    auto written = [&](std::size_t word) {
        const std::size_t low = word * 64;
        const std::size_t high = low + 63;
        if (high < first_bit || low > last_bit) return std::uint64_t{0};
        const std::uint64_t from = first_bit > low ? ~std::uint64_t{0} << (first_bit - low) : ~std::uint64_t{0};
        const std::uint64_t to = last_bit < high ? ~std::uint64_t{0} >> (high - last_bit) : ~std::uint64_t{0};
        return from & to;
    };
    for (std::int64_t line = 0; line < static_cast<std::int64_t>(line_count); ++line) {
        const std::uint64_t* here = free.line_words(line, 0);
        const std::uint64_t* sides[2] = {free.line_words(line - 1, 0), free.line_words(line + 1, 0)};
        std::uint64_t* passable = lines.bits.line_words(line, ScanLines::kPassable);
        std::uint64_t* forward = lines.bits.line_words(line, ScanLines::kStopForward);
        std::uint64_t* backward = lines.bits.line_words(line, ScanLines::kStopBackward);
        for (std::size_t word = 0; word < words; ++word) {
            const std::uint64_t mask = written(word);
            if (mask == 0) continue;
            std::uint64_t stop_forward = ~here[word];
            std::uint64_t stop_backward = ~here[word];
            for (const std::uint64_t* side : sides) {
                // side's cell one position back (forward jumps) and one position ahead (backward).
                const std::uint64_t behind = side[word] << 1 | (word > 0 ? side[word - 1] >> 63 : 0);
                const std::uint64_t ahead = side[word] >> 1 | (word + 1 < words ? side[word + 1] << 63 : 0);
                stop_forward |= side[word] & ~behind;
                stop_backward |= side[word] & ~ahead;
            }
            passable[word] = here[word] & mask;
            forward[word] = stop_forward & mask;
            backward[word] = stop_backward & mask;
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
    for (std::int64_t near_line = std::max<std::int64_t>(line - 1, 0); near_line <= std::min(line + 1, line_count - 1);
         ++near_line) {
        for (std::int64_t near = std::max<std::int64_t>(position - 1, 0);
             near <= std::min(position + 1, line_length - 1); ++near) {
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
    // The passability by rows and by columns (the transposed copy), then the stop bits word by word.
    LineBits by_row(grid.height(), grid.width());
    LineBits by_column(grid.width(), grid.height());
    for (std::int64_t y = 0; y < height; ++y) {
        for (std::int64_t x = 0; x < width; ++x) {
            if (!free(x, y)) continue;
            by_row.set(y, x);
            by_column.set(x, y);
        }
    }
    rows_ = build_scan_lines(grid.height(), grid.width(), by_row);
    columns_ = build_scan_lines(grid.width(), grid.height(), by_column);
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
