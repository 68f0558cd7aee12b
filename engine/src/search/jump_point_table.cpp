// Building JPS+ jump distances in parallel (see jump_point_table.hpp). Each pass fills one group of
// directions; within a pass every line (row, column or diagonal) depends only on itself and on
// passes already finished, so lines run as independent oneTBB tasks and the result is the same
// whatever the thread count.
#include "swarmpath/search/jump_point_table.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <chrono>

#include "swarmpath/search/moves.hpp"

namespace swarmpath::search {
namespace {

/// Read access to passability by map coordinates, the blocked ring included (x, y ∈ [−1, side]).
struct Passability {
    const grid::Bitset* bits;
    std::int64_t padded_width;
    [[nodiscard]] bool free(std::int64_t x, std::int64_t y) const {
        return bits->test(static_cast<std::size_t>((y + 1) * padded_width + (x + 1)));
    }
};

/// The next value along a line walked backwards from its far end: a jump point one step on (1),
/// or the distance stored at that next cell extended by one step.
std::int16_t extend(bool next_is_jump_point, std::int16_t next_value) {
    if (next_is_jump_point) return 1;
    return static_cast<std::int16_t>(next_value > 0 ? next_value + 1 : next_value - 1);
}

}  // namespace

std::uint64_t passability_fingerprint(const grid::Grid& grid) {
    std::uint64_t hash = 1469598103934665603ULL;
    auto mix = [&hash](std::uint64_t value) {
        for (int byte = 0; byte < 8; ++byte) {
            hash ^= (value >> (byte * 8)) & 0xFFU;
            hash *= 1099511628211ULL;
        }
    };
    mix(grid.width());
    mix(grid.height());
    const grid::Bitset& bits = grid.passable_bits();
    for (std::size_t word = 0; word < bits.word_count(); ++word) mix(bits.words()[word]);
    return hash;
}

bool JumpPointTable::built_for(const grid::Grid& grid) const {
    return grid.width() == width_ && grid.height() == height_ && passability_fingerprint(grid) == fingerprint_;
}

JumpPointTable JumpPointTable::build(const grid::Grid& grid) {
    const auto started = std::chrono::steady_clock::now();
    JumpPointTable table;
    table.width_ = grid.width();
    table.height_ = grid.height();
    table.fingerprint_ = passability_fingerprint(grid);
    table.distances_.assign(grid.padded_cell_count(), std::array<std::int16_t, 8>{});

    const std::int64_t width = grid.width();
    const std::int64_t height = grid.height();
    const Passability passable{&grid.passable_bits(), static_cast<std::int64_t>(grid.padded_width())};
    auto& distances = table.distances_;
    auto at = [&](std::int64_t x, std::int64_t y) -> std::array<std::int16_t, 8>& {
        return distances[static_cast<std::size_t>((y + 1) * passable.padded_width + (x + 1))];
    };

    // A straight step from (x, y) in (dx, dy) lands on a jump point when, beside the landing cell,
    // a side cell is passable while the side cell behind it is blocked (a forced neighbour).
    auto forced = [&](std::int64_t x, std::int64_t y, int dx, int dy) {
        const std::int64_t next_x = x + dx;
        const std::int64_t next_y = y + dy;
        for (int side : {-1, 1}) {
            const std::int64_t side_x = dy != 0 ? side : 0;
            const std::int64_t side_y = dx != 0 ? side : 0;
            if (passable.free(next_x + side_x, next_y + side_y) && !passable.free(x + side_x, y + side_y)) return true;
        }
        return false;
    };
    // Straight direction `direction` along one line, walked from the far end back.
    auto straight_line = [&](int direction, std::int64_t line) {
        const int dx = kDirectionX[static_cast<std::size_t>(direction)];
        const int dy = kDirectionY[static_cast<std::size_t>(direction)];
        const std::int64_t length = dx != 0 ? width : height;
        for (std::int64_t step = 0; step < length; ++step) {
            // Walk against the direction: the cell met first is the last along it.
            const std::int64_t position = (dx + dy) > 0 ? length - 1 - step : step;
            const std::int64_t x = dx != 0 ? position : line;
            const std::int64_t y = dx != 0 ? line : position;
            std::int16_t value = 0;
            if (passable.free(x + dx, y + dy)) {
                value = extend(forced(x, y, dx, dy), at(x + dx, y + dy)[static_cast<std::size_t>(direction)]);
            }
            at(x, y)[static_cast<std::size_t>(direction)] = value;
        }
    };
    tbb::parallel_for(tbb::blocked_range<std::int64_t>(0, height, 8), [&](const tbb::blocked_range<std::int64_t>& rows) {
        for (std::int64_t y = rows.begin(); y != rows.end(); ++y) {
            straight_line(1, y);
            straight_line(3, y);
        }
    });
    tbb::parallel_for(tbb::blocked_range<std::int64_t>(0, width, 8), [&](const tbb::blocked_range<std::int64_t>& columns) {
        for (std::int64_t x = columns.begin(); x != columns.end(); ++x) {
            straight_line(0, x);
            straight_line(2, x);
        }
    });

    // Diagonals, after every straight distance is known. Direction (dx, dy) chains cells along
    // diagonal lines, each walked from its far end; the width + height − 1 lines are independent.
    const std::int64_t line_count = width + height - 1;
    tbb::parallel_for(tbb::blocked_range<std::int64_t>(0, line_count, 16), [&](const tbb::blocked_range<std::int64_t>& lines) {
        for (int direction = 4; direction < 8; ++direction) {
            const int dx = kDirectionX[static_cast<std::size_t>(direction)];
            const int dy = kDirectionY[static_cast<std::size_t>(direction)];
            const std::size_t horizontal = dx > 0 ? 1 : 3;
            const std::size_t vertical = dy > 0 ? 2 : 0;
            for (std::int64_t line = lines.begin(); line != lines.end(); ++line) {
                // The walk starts at the last cell of the line along (dx, dy): on the map's edge in
                // the direction of travel. Enumerate those edge cells: first along the far row
                // (y = dy > 0 ? height−1 : 0), then down the far column (x = dx > 0 ? width−1 : 0).
                std::int64_t x = 0;
                std::int64_t y = 0;
                const std::int64_t far_row = dy > 0 ? height - 1 : 0;
                const std::int64_t far_column = dx > 0 ? width - 1 : 0;
                if (line < width) {
                    x = line;
                    y = far_row;
                } else {
                    x = far_column;
                    const std::int64_t offset = line - width + 1;  // 1 … height−1
                    y = dy > 0 ? height - 1 - offset : offset;
                }
                // Walk against the direction until leaving the map.
                for (; x >= 0 && x < width && y >= 0 && y < height; x -= dx, y -= dy) {
                    std::int16_t value = 0;
                    const std::int64_t next_x = x + dx;
                    const std::int64_t next_y = y + dy;
                    if (passable.free(next_x, next_y) && passable.free(next_x, y) && passable.free(x, next_y)) {
                        const auto& next = at(next_x, next_y);
                        value = extend(next[horizontal] > 0 || next[vertical] > 0, next[static_cast<std::size_t>(direction)]);
                    }
                    at(x, y)[static_cast<std::size_t>(direction)] = value;
                }
            }
        }
    });

    table.build_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return table;
}

}  // namespace swarmpath::search
