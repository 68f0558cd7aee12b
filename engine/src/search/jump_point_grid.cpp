// Building and refreshing JumpPointGrid (jump_point_grid.hpp): the row and column scan lines with
// their stop bits, and the diagonal lines. One rule (cell_bits) gives a cell's three row or column
// bits to both the build and a refresh; the diagonal bits are built word by word and refreshed cell
// by cell (diagonal_cell_bits), and the map-edit tests hold the two to the same bits.
#include "search/jump_point_grid.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <tuple>
#include <utility>
#include <vector>

#include "core/page_memory.hpp"
#include "search/best_first/node_table.hpp"
#include "swarmpath/core/bit_count.hpp"

namespace swarmpath::search {

LineBits::LineBits(std::uint32_t line_count, std::uint32_t line_length, unsigned planes, std::uint64_t* storage)
    : words_per_line_(words_per_line_for(line_length)),
      planes_(planes),
      word_count_(words_for(line_count, line_length, planes)) {
    if (storage != nullptr) {
        words_ = storage;
        return;
    }
    core::assign_populated(owned_, word_count_);
    words_ = owned_.data();
}

LineBits::LineBits(const LineBits& other)
    : words_per_line_(other.words_per_line_),
      planes_(other.planes_),
      word_count_(other.word_count_),
      owned_(other.words_, other.words_ + other.word_count_) {
    words_ = owned_.data();
}

LineBits& LineBits::operator=(const LineBits& other) {
    if (this != &other) *this = LineBits(other);
    return *this;
}

LineBits::LineBits(LineBits&& other) noexcept
    : words_per_line_(other.words_per_line_),
      planes_(other.planes_),
      word_count_(other.word_count_),
      words_(other.words_),
      owned_(std::move(other.owned_)) {  // a vector's move keeps its buffer: words_ stays valid
    other.word_count_ = 0;
    other.words_ = nullptr;
    other.owned_.clear();
}

LineBits& LineBits::operator=(LineBits&& other) noexcept {
    if (this != &other) {
        words_per_line_ = other.words_per_line_;
        planes_ = other.planes_;
        word_count_ = other.word_count_;
        words_ = other.words_;
        owned_ = std::move(other.owned_);
        other.word_count_ = 0;
        other.words_ = nullptr;
        other.owned_.clear();
    }
    return *this;
}

bool LineBits::operator==(const LineBits& other) const {
    return words_per_line_ == other.words_per_line_ && planes_ == other.planes_ && word_count_ == other.word_count_ &&
           std::equal(words_, words_ + word_count_, other.words_);
}

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

/// Bit x of the result is cell x + 1 (next_cells) or x − 1 (previous_cells) of the line's word `word`.
std::uint64_t next_cells(const std::uint64_t* line, std::size_t word, std::size_t words) {
    return (line[word] >> 1) | (word + 1 < words ? line[word + 1] << 63 : 0);
}
std::uint64_t previous_cells(const std::uint64_t* line, std::size_t word) {
    return (line[word] << 1) | (word > 0 ? line[word - 1] >> 63 : 0);
}

/// Line `line`'s found planes: whether a straight jump from each cell finds a jump point (the first
/// stop bit past the cell is on a passable cell). Word by word, a segmented prefix scan: in the word,
/// "the next cell is a passable stop" is generated and "the next cell is no stop" propagates, in six
/// doubling steps; what runs past the word's end takes the answer of the cell beyond it, from the
/// word already done. Bits outside the map are never read.
void write_found_planes(LineBits& bits, std::int64_t line) {
    const std::size_t words = bits.words_per_line();
    const std::uint64_t* passable = bits.line_words(line, ScanLines::kPassable);
    const std::uint64_t* stop = bits.line_words(line, ScanLines::kStopForward);
    std::uint64_t* out = bits.line_words(line, ScanLines::kFoundForward);
    std::uint64_t carry = 0;  // whether the cell just above the word finds a jump point
    for (std::size_t word = words; word-- > 0;) {
        const std::uint64_t above_stop = word + 1 < words ? stop[word + 1] & 1U : 0;
        const std::uint64_t above_found = word + 1 < words ? stop[word + 1] & passable[word + 1] & 1U : 0;
        std::uint64_t generate = ((stop[word] & passable[word]) >> 1) | (above_found << 63);
        std::uint64_t propagate = ~((stop[word] >> 1) | (above_stop << 63));
        for (unsigned shift = 1; shift < 64; shift <<= 1) {
            generate |= propagate & (generate >> shift);
            propagate &= (propagate >> shift) | (~std::uint64_t{0} << (64 - shift));
        }
        out[word] = generate | (propagate & (std::uint64_t{0} - carry));
        carry = out[word] & 1U;
    }
    stop = bits.line_words(line, ScanLines::kStopBackward);
    out = bits.line_words(line, ScanLines::kFoundBackward);
    carry = 0;  // whether the cell just below the word finds a jump point
    for (std::size_t word = 0; word < words; ++word) {
        const std::uint64_t below_stop = word > 0 ? stop[word - 1] >> 63 : 0;
        const std::uint64_t below_found = word > 0 ? (stop[word - 1] & passable[word - 1]) >> 63 : 0;
        std::uint64_t generate = ((stop[word] & passable[word]) << 1) | below_found;
        std::uint64_t propagate = ~((stop[word] << 1) | below_stop);
        for (unsigned shift = 1; shift < 64; shift <<= 1) {
            generate |= propagate & (generate << shift);
            propagate &= (propagate << shift) | (~std::uint64_t{0} >> (64 - shift));
        }
        out[word] = generate | (propagate & (std::uint64_t{0} - carry));
        carry = out[word] >> 63;
    }
}

/// Passability, stop and found bits of one orientation, `line_count` lines of `line_length` cells, from
/// `free`, the passability in LineBits's layout (one plane; lines −1 and line_count clear). Word by
/// word: 64 cells at once get cell_bits's rule, a cell's neighbours along its line coming from the
/// words either side (the guard words are clear), only positions −1 … line_length written.
ScanLines build_scan_lines(std::uint32_t line_count, std::uint32_t line_length, const LineBits& free,
                           std::uint64_t* storage = nullptr) {
    ScanLines lines{LineBits(line_count, line_length, 5, storage)};
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
                const std::uint64_t behind = previous_cells(side, word);
                const std::uint64_t ahead = next_cells(side, word, words);
                stop_forward |= side[word] & ~behind;
                stop_backward |= side[word] & ~ahead;
            }
            passable[word] = here[word] & mask;
            forward[word] = stop_forward & mask;
            backward[word] = stop_backward & mask;
        }
        write_found_planes(lines.bits, line);
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

/// The words one orientation of a width × height map's diagonal lines takes.
std::size_t diagonal_words(std::uint32_t width, std::uint32_t height) {
    return LineBits::words_for(width + height - 1, width <= height ? width : height, 2);
}

/// The lines' sizes and positions for a width × height map, in `storage` (zeroed, two orientations'
/// diagonal_words) or in words of their own.
DiagonalLines empty_diagonal_lines(std::uint32_t width, std::uint32_t height, std::uint64_t* storage = nullptr) {
    DiagonalLines diagonals;
    diagonals.along_x = width <= height;
    diagonals.height = height;
    const std::uint32_t line_count = width + height - 1;
    const std::uint32_t line_length = diagonals.along_x ? width : height;
    diagonals.rising = LineBits(line_count, line_length, 2, storage);
    diagonals.falling =
        LineBits(line_count, line_length, 2, storage != nullptr ? storage + diagonal_words(width, height) : nullptr);
    return diagonals;
}

/// Sets cell (x, y)'s four diagonal stop bits (bit 0 NE, 1 SE, 2 SW, 3 NW).
void set_diagonal_bits(DiagonalLines& diagonals, std::int64_t x, std::int64_t y, unsigned bits) {
    const std::int64_t position = diagonals.position(x, y);
    diagonals.rising.assign(diagonals.rising_line(x, y), position, DiagonalLines::kEastward, (bits & 1U) != 0);
    diagonals.falling.assign(diagonals.falling_line(x, y), position, DiagonalLines::kEastward, (bits & 2U) != 0);
    diagonals.rising.assign(diagonals.rising_line(x, y), position, DiagonalLines::kWestward, (bits & 4U) != 0);
    diagonals.falling.assign(diagonals.falling_line(x, y), position, DiagonalLines::kWestward, (bits & 8U) != 0);
}

/// One row word's diagonal stop bits as far as the row tells them (bit x: cell 64(word − 1) + x):
/// passable cells whose step in the direction is illegal or whose horizontal jump that way finds a
/// jump point; the vertical jumps are added by build_diagonal_lines, row to row.
struct RowStops {
    std::uint64_t passable = 0;
    std::uint64_t north_east = 0;
    std::uint64_t south_east = 0;
    std::uint64_t south_west = 0;
    std::uint64_t north_west = 0;
};

RowStops row_stops(const ScanLines& rows, std::int64_t y, std::size_t word) {
    const std::size_t words = rows.bits.words_per_line();
    const std::uint64_t* here = rows.bits.line_words(y, ScanLines::kPassable);
    const std::uint64_t* north = rows.bits.line_words(y - 1, ScanLines::kPassable);
    const std::uint64_t* south = rows.bits.line_words(y + 1, ScanLines::kPassable);
    RowStops stops;
    stops.passable = here[word];
    if (stops.passable == 0) return stops;
    const std::uint64_t east_found = rows.bits.line_words(y, ScanLines::kFoundForward)[word];
    const std::uint64_t west_found = rows.bits.line_words(y, ScanLines::kFoundBackward)[word];
    const std::uint64_t east_pair = here[word] & next_cells(here, word, words);
    const std::uint64_t west_pair = here[word] & previous_cells(here, word);
    stops.north_east = here[word] & (~(east_pair & north[word] & next_cells(north, word, words)) | east_found);
    stops.south_east = here[word] & (~(east_pair & south[word] & next_cells(south, word, words)) | east_found);
    stops.south_west = here[word] & (~(west_pair & south[word] & previous_cells(south, word)) | west_found);
    stops.north_west = here[word] & (~(west_pair & north[word] & previous_cells(north, word)) | west_found);
    return stops;
}

/// Whether walks along the diagonal lines pay on this map: a walk reads a word to find its next stop,
/// which pays where stops are far apart and costs where nearly every cell is one (random obstacles:
/// 90-95% of the cells stop a walk, measured 9% slower there, against 1.3-3× faster on game, room,
/// street and wide maze maps, where 6-51% do). Counted from the rows alone, word by word, before any
/// line is built: a lower bound of the stops (vertical jumps not counted; 0.73-0.89 on the random
/// maps, 0.05-0.41 on the others), so the lines are built below six in ten.
bool diagonal_lines_pay(const ScanLines& rows, std::uint32_t height) {
    std::uint64_t passable = 0;
    std::uint64_t stops = 0;
    const std::size_t words = rows.bits.words_per_line();
    for (std::int64_t y = 0; y < static_cast<std::int64_t>(height); ++y) {
        for (std::size_t word = 1; word < words; ++word) {
            const RowStops row = row_stops(rows, y, word);
            passable += core::count_ones(row.passable);
            stops += core::count_ones(row.north_east) + core::count_ones(row.south_east) +
                     core::count_ones(row.south_west) + core::count_ones(row.north_west);
        }
    }
    return 10 * stops < 24 * passable;  // stops counted in four directions per passable cell
}

/// For northward (`north`) or southward jumps, row y's stop bits in the rows' layout (the columns'
/// stop bits, transposed): blocked cells, and cells with a passable side whose cell behind (one row
/// back against the jump) is blocked.
std::uint64_t vertical_stops(const ScanLines& rows, std::int64_t y, std::size_t word, bool north) {
    const std::size_t words = rows.bits.words_per_line();
    const std::uint64_t* here = rows.bits.line_words(y, ScanLines::kPassable);
    const std::uint64_t* behind = rows.bits.line_words(north ? y + 1 : y - 1, ScanLines::kPassable);
    return ~here[word] | (previous_cells(here, word) & ~previous_cells(behind, word)) |
           (next_cells(here, word, words) & ~next_cells(behind, word, words));
}

/// The diagonal lines of a width × height map from its row scan lines (with their horizontal jump
/// results, the found planes), word by word: the vertical jump results follow row to row (a cell's
/// northward jump finds a jump point if the cell north of it is a passable stop, or is no stop and
/// its own jump finds one; southward from the bottom up), so every row's four stop words come from
/// word operations; only their set bits are then placed on the lines one by one.
DiagonalLines build_diagonal_lines(const ScanLines& rows, std::uint32_t width, std::uint32_t height,
                                   std::uint64_t* storage = nullptr) {
    DiagonalLines diagonals = empty_diagonal_lines(width, height, storage);
    const std::size_t words = rows.bits.words_per_line();
    // Southward results of every row, from the bottom row up (row `height` is clear: nothing found).
    LineBits south_found(height, width, 1);
    for (std::int64_t y = static_cast<std::int64_t>(height) - 2; y >= 0; --y) {
        const std::uint64_t* below = rows.bits.line_words(y + 1, ScanLines::kPassable);
        const std::uint64_t* below_found = south_found.line_words(y + 1, 0);
        std::uint64_t* found = south_found.line_words(y, 0);
        for (std::size_t word = 0; word < words; ++word) {
            const std::uint64_t stops = vertical_stops(rows, y + 1, word, false);
            found[word] = (stops & below[word]) | (~stops & below_found[word]);
        }
    }
    std::vector<std::uint64_t> north_found(words, 0);  // row −1 is clear: nothing found
    for (std::int64_t y = 0; y < static_cast<std::int64_t>(height); ++y) {
        if (y > 0) {
            const std::uint64_t* above = rows.bits.line_words(y - 1, ScanLines::kPassable);
            for (std::size_t word = 0; word < words; ++word) {
                const std::uint64_t stops = vertical_stops(rows, y - 1, word, true);
                north_found[word] = (stops & above[word]) | (~stops & north_found[word]);
            }
        }
        const std::uint64_t* south = south_found.line_words(y, 0);
        // Word w holds cells 64(w − 1) … 64w − 1; words 1 … cover the map.
        for (std::size_t word = 1; word < words; ++word) {
            const RowStops row = row_stops(rows, y, word);
            if (row.passable == 0) continue;
            const std::uint64_t planes[4] = {
                row.north_east | (row.passable & north_found[word]), row.south_west | (row.passable & south[word]),
                row.south_east | (row.passable & south[word]), row.north_west | (row.passable & north_found[word])};
            for (unsigned plane = 0; plane < 4; ++plane) {
                LineBits& lines = plane < 2 ? diagonals.rising : diagonals.falling;
                const unsigned lines_plane = plane % 2 == 0 ? DiagonalLines::kEastward : DiagonalLines::kWestward;
                for (std::uint64_t cells = planes[plane]; cells != 0; cells &= cells - 1) {
                    const std::int64_t x = static_cast<std::int64_t>(word - 1) * 64 + __builtin_ctzll(cells);
                    const std::int64_t line = plane < 2 ? diagonals.rising_line(x, y) : diagonals.falling_line(x, y);
                    lines.set(line, diagonals.position(x, y), lines_plane);
                }
            }
        }
    }
    return diagonals;
}

/// Cell (x, y)'s four diagonal stop bits (bit 0 NE, 1 SE, 2 SW, 3 NW) from the scan lines.
unsigned diagonal_cell_bits(const ScanLines& rows, const ScanLines& columns, std::int64_t x, std::int64_t y) {
    auto free = [&](std::int64_t at_x, std::int64_t at_y) { return rows.bits.test(at_y, at_x, ScanLines::kPassable); };
    if (!free(x, y)) return 0;
    const bool east = rows.bits.test(y, x, ScanLines::kFoundForward);
    const bool west = rows.bits.test(y, x, ScanLines::kFoundBackward);
    const bool south = columns.bits.test(x, y, ScanLines::kFoundForward);
    const bool north = columns.bits.test(x, y, ScanLines::kFoundBackward);
    auto legal = [&](int dx, int dy) { return free(x + dx, y) && free(x, y + dy) && free(x + dx, y + dy); };
    return ((!legal(1, -1) || east || north) ? 1U : 0U) | ((!legal(1, 1) || east || south) ? 2U : 0U) |
           ((!legal(-1, 1) || west || south) ? 4U : 0U) | ((!legal(-1, -1) || west || north) ? 8U : 0U);
}

/// Transposes a 64×64 bit block in place: bit c of word r moves to bit r of word c. Halves, then
/// quarters and so on, are swapped across the diagonal with masks (six rounds of 32 word pairs).
void transpose_block(std::array<std::uint64_t, 64>& block) {
    std::uint64_t mask = 0x00000000FFFFFFFFULL;
    for (unsigned half = 32; half != 0; half >>= 1, mask ^= mask << half) {
        for (unsigned row = 0; row < 64; row = ((row | half) + 1) & ~half) {
            const std::uint64_t swapped = ((block[row] >> half) ^ block[row | half]) & mask;
            block[row] ^= swapped << half;
            block[row | half] ^= swapped;
        }
    }
}

/// The grid's passability by rows (line y holds row y) and by columns (line x holds column x), a
/// word at a time: each row's 64 cells are read from the grid's padded bits with one unaligned word
/// read, and the columns come from the rows by transposing 64×64 blocks (per cell, a fraction of an
/// instruction where testing and setting each cell took about fourteen).
void passability_lines(const grid::Grid& grid, LineBits& by_row, LineBits& by_column) {
    const std::uint32_t width = grid.width();
    const std::uint32_t height = grid.height();
    const grid::Bitset& bits = grid.passable_bits();
    const std::size_t row_words = (static_cast<std::size_t>(width) + 63) / 64;
    for (std::uint32_t y = 0; y < height; ++y) {
        std::uint64_t* line = by_row.line_words(y, 0);
        const std::size_t first = grid.layout().padded(0, y);
        for (std::size_t word = 0; word < row_words; ++word) {
            std::uint64_t cells = bits.bits_from(first + 64 * word);
            const std::size_t past = width - 64 * word;  // cells of the row from this word on
            if (past < 64) cells &= (std::uint64_t{1} << past) - 1;
            line[word + 1] = cells;
        }
    }
    std::array<std::uint64_t, 64> block{};
    for (std::uint32_t y0 = 0; y0 < height; y0 += 64) {
        for (std::size_t word = 0; word < row_words; ++word) {
            for (std::uint32_t row = 0; row < 64; ++row) {
                block[row] = y0 + row < height ? by_row.line_words(y0 + row, 0)[word + 1] : 0;
            }
            transpose_block(block);
            const std::size_t x0 = 64 * word;
            for (std::uint32_t column = 0; column < 64 && x0 + column < width; ++column) {
                by_column.line_words(static_cast<std::int64_t>(x0 + column), 0)[y0 / 64 + 1] = block[column];
            }
        }
    }
}

/// Zeroed words for the lines (`words` of them: rows, columns and room for the diagonals) in one
/// mapping on 2 MB pages, with
/// room for one search state's node index before them and its nodes after them (lent through
/// JumpPointGrid::search_pages), where that costs set-up no page of its own: the index room and the
/// lines together span no more 2 MB pages than the lines alone, so the page the lines' build faults
/// in holds the index whole (or its last part) and the first nodes, which a process's first JPS query
/// otherwise faulted in itself (130-200 µs here). Those lines, 10-14 bits a cell, took as much of
/// the process's heap: a 512×512 map's run mostly held one 2 MB heap page fewer with them apart
/// (AR0011SR 8 → 6 MB; maze512-32-0 8 → 8, where set-up pays the lines' page instead), so the
/// lines' own page mostly replaces one. On a map whose index is small (its state on 4 KB pages,
/// best_first::NodeTable), whose lines are below core::kHugePagesFrom, or where the room would span
/// a page more, nothing is returned and the lines keep words of their own, as before.
std::pair<best_first::ZeroedArray<std::uint64_t>, core::LentPages> allocate_line_words(std::size_t words,
                                                                                       std::uint32_t cells) {
    const std::size_t index_bytes = best_first::NodeTable::index_room_bytes(cells);
    const std::size_t bytes = words * sizeof(std::uint64_t);
    if (index_bytes == 0 || bytes < core::kHugePagesFrom) return {};
    const std::size_t page = core::kHugePageBytes;
    const std::size_t front = core::whole_pages(index_bytes);
    const std::size_t pages_with_room = (front + bytes + page - 1) / page - front / page;
    if (pages_with_room != (bytes + page - 1) / page) return {};
    const core::BlockBetween blocks =
        core::allocate_zeroed_pages_between(index_bytes, bytes, best_first::NodeTable::node_room_bytes(cells));
    if (blocks.before.data == nullptr) {  // no mapping (no mmap): no rooms
        core::release_pages(blocks.block);
        return {};
    }
    core::fault_in_shared_room_pages(blocks);
    return {best_first::ZeroedArray<std::uint64_t>::adopt(blocks.block, words),
            core::LentPages(blocks.before, blocks.after)};
}

}  // namespace

JumpPointGrid::JumpPointGrid(const grid::Grid& grid, DiagonalWalk walk)
    : width_(grid.width()), height_(grid.height()), walk_(walk) {
    const auto started = std::chrono::steady_clock::now();
    // The passability by rows and by columns (the transposed copy), then the stop bits word by word.
    LineBits by_row(grid.height(), grid.width());
    LineBits by_column(grid.width(), grid.height());
    passability_lines(grid, by_row, by_column);
    // Rows, columns and diagonals in one block where it holds a search state's room too (the words
    // for the diagonals set aside whether or not the map's walks take them, decided from the rows).
    const std::size_t row_words = LineBits::words_for(grid.height(), grid.width(), 5);
    const std::size_t column_words = LineBits::words_for(grid.width(), grid.height(), 5);
    const std::size_t diagonal_line_words = walk == DiagonalWalk::cells ? 0 : 2 * diagonal_words(width_, height_);
    std::tie(line_words_, search_pages_) =
        allocate_line_words(row_words + column_words + diagonal_line_words, grid.padded_cell_count());
    std::uint64_t* const storage = line_words_.size() != 0 ? line_words_.data() : nullptr;
    auto part = [storage](std::size_t offset) { return storage != nullptr ? storage + offset : nullptr; };
    rows_ = build_scan_lines(grid.height(), grid.width(), by_row, part(0));
    columns_ = build_scan_lines(grid.width(), grid.height(), by_column, part(row_words));
    if (walk == DiagonalWalk::lines || (walk == DiagonalWalk::automatic && diagonal_lines_pay(rows_, grid.height()))) {
        diagonals_ = build_diagonal_lines(rows_, grid.width(), grid.height(), part(row_words + column_words));
        diagonal_lines_ = true;
    }
    build_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
}

JumpPointGrid::JumpPointGrid(const JumpPointGrid& other)
    : width_(other.width_),
      height_(other.height_),
      rows_(other.rows_),
      columns_(other.columns_),
      walk_(other.walk_),
      diagonal_lines_(other.diagonal_lines_),
      diagonals_(other.diagonals_),
      build_seconds_(other.build_seconds_) {}

JumpPointGrid& JumpPointGrid::operator=(const JumpPointGrid& other) {
    if (this != &other) *this = JumpPointGrid(other);
    return *this;
}

std::size_t JumpPointGrid::refresh(const grid::Grid& edited, std::span<const grid::CellIndex> changed) {
    if (edited.width() != width_ || edited.height() != height_) {
        *this = JumpPointGrid(edited, walk_);
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
    // The found planes and the diagonal bits read whole rows and columns (where the straight jumps
    // from a cell stop): the three rows and three columns through each changed cell's neighbourhood
    // are rewritten (the diagonal bits: or the whole map, when that is less work).
    std::vector<bool> rows_to_write(height_, false);
    std::vector<bool> columns_to_write(width_, false);
    std::size_t line_cells = 0;
    for (grid::CellIndex cell : changed) {
        if (cell.value >= edited.cell_count()) continue;
        const std::int64_t x = cell.value % width_;
        const std::int64_t y = cell.value / width_;
        for (std::int64_t near = std::max<std::int64_t>(y - 1, 0); near <= std::min(y + 1, height - 1); ++near) {
            if (!rows_to_write[static_cast<std::size_t>(near)]) line_cells += width_;
            rows_to_write[static_cast<std::size_t>(near)] = true;
        }
        for (std::int64_t near = std::max<std::int64_t>(x - 1, 0); near <= std::min(x + 1, width - 1); ++near) {
            if (!columns_to_write[static_cast<std::size_t>(near)]) line_cells += height_;
            columns_to_write[static_cast<std::size_t>(near)] = true;
        }
    }
    for (std::int64_t y = 0; y < height; ++y) {
        if (rows_to_write[static_cast<std::size_t>(y)]) write_found_planes(rows_.bits, y);
    }
    for (std::int64_t x = 0; x < width; ++x) {
        if (columns_to_write[static_cast<std::size_t>(x)]) write_found_planes(columns_.bits, x);
    }
    if (!diagonal_lines_) return written;
    if (line_cells >= edited.cell_count()) {
        diagonals_ = build_diagonal_lines(rows_, width_, height_);
        return written + edited.cell_count();
    }
    for (std::int64_t y = 0; y < height; ++y) {
        if (!rows_to_write[static_cast<std::size_t>(y)]) continue;
        for (std::int64_t x = 0; x < width; ++x)
            set_diagonal_bits(diagonals_, x, y, diagonal_cell_bits(rows_, columns_, x, y));
    }
    for (std::int64_t x = 0; x < width; ++x) {
        if (!columns_to_write[static_cast<std::size_t>(x)]) continue;
        for (std::int64_t y = 0; y < height; ++y)
            set_diagonal_bits(diagonals_, x, y, diagonal_cell_bits(rows_, columns_, x, y));
    }
    return written + line_cells;
}

}  // namespace swarmpath::search
