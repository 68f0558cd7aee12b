// Building and refreshing JPS+ jump distances (see jump_point_table.hpp). The rules are TableRules'
// (by map coordinates, line by line); the build applies them in row sweeps (RowSweeps: east and west
// row by row, rows as independent tasks of the caller's ParallelLoop, then north and south with their
// diagonals row after row), so the result is the same whatever the thread count. A refresh after
// map edits applies TableRules to the lines and cells an edit can reach, and the tests hold both to
// the same table.
#include "search/jump_point_table.hpp"

#include <algorithm>
#include <chrono>
#include <tuple>
#include <utility>

#include "search/best_first/node_table.hpp"
#include "search/best_first/platform.hpp"
#include "search/moves.hpp"
#include "swarmpath/core/bit_count.hpp"

#if SWARMPATH_SSE2
#include <emmintrin.h>
#endif

namespace swarmpath::search {
namespace {

using Entry = JumpPointTable::Entry;
using Stored = Entry::value_type;

/// The next value along a line walked backwards from its far end: a jump point one step on (1),
/// or the distance stored at that next cell extended by one step, saturating at ±kFar (a far
/// byte's cell is followed by another far one: its distance is a step longer still). Far bytes are
/// rare and come in long stretches, so the saturation is a branch the predictor gets right.
Stored extend(bool next_is_jump_point, Stored next_value) {
    if (next_is_jump_point) return 1;
    if (JumpPointTable::far(next_value)) [[unlikely]]
        return next_value;
    return static_cast<Stored>(next_value > 0 ? next_value + 1 : next_value - 1);
}

/// extend() with masks in place of its conditions, for the build's stretches of cells whose bits
/// change often: there a branch on either condition is mispredicted a third of the time, where
/// extend()'s branches cost little on a stretch that repeats its bits (and the masks take about
/// twice the instructions). Such stretches have jump points or walls every few cells, so a far byte
/// is rarer still there, and its saturation stays a branch.
Stored extend_masked(bool next_is_jump_point, Stored next_value) {
    const std::int32_t value = next_value;
    if (JumpPointTable::far(value)) [[unlikely]]
        return next_is_jump_point ? Stored{1} : next_value;
    const std::int32_t extended = value + 2 * static_cast<std::int32_t>(value > 0) - 1;
    const std::int32_t jump = -static_cast<std::int32_t>(next_is_jump_point);  // all ones or zero
    return static_cast<Stored>((extended & ~jump) | (1 & jump));
}

#if SWARMPATH_SSE2
/// extend() of each of sixteen bytes (two cells' entries), 1 where `jump` is all ones: positive
/// values a step longer and the others a step shorter, both saturating at the far values ±127
/// (which extend() keeps as they are).
__m128i extend_bytes(__m128i values, __m128i jump) {
    const __m128i one = _mm_set1_epi8(1);
    const __m128i positive = _mm_cmpgt_epi8(values, _mm_setzero_si128());
    const __m128i longer = _mm_adds_epi8(values, one);                              // 127 stays 127
    __m128i shorter = _mm_subs_epi8(values, one);                                   // −127 becomes −128 …
    shorter = _mm_sub_epi8(shorter, _mm_cmpeq_epi8(shorter, _mm_set1_epi8(-128)));  // … and −127 again
    const __m128i extended = _mm_or_si128(_mm_and_si128(positive, longer), _mm_andnot_si128(positive, shorter));
    return _mm_or_si128(_mm_and_si128(jump, one), _mm_andnot_si128(jump, extended));
}

/// All ones in the first cell's eight bytes where bit 0 of `bits` is set, in the second's where bit 1 is.
__m128i pair_mask(std::uint64_t bits) {
    alignas(16) static constexpr std::uint64_t kMasks[4][2] = {{0, 0}, {~0ULL, 0}, {0, ~0ULL}, {~0ULL, ~0ULL}};
    return _mm_load_si128(reinterpret_cast<const __m128i*>(kMasks[bits & 3U]));
}

/// Each cell's byte `From` moved to byte `To` of the same cell (the other bytes are left as the shift
/// leaves them).
template <int From, int To>
__m128i move_byte(__m128i cells) {
    if constexpr (To > From) {
        return _mm_slli_epi64(cells, 8 * (To - From));
    } else if constexpr (To < From) {
        return _mm_srli_epi64(cells, 8 * (From - To));
    } else {
        return cells;
    }
}

/// Byte `Lane` of both cells' entries set.
template <int Lane>
__m128i lane_mask() {
    return _mm_set1_epi64x(static_cast<long long>(std::uint64_t{0xFF} << (8 * Lane)));
}
#endif

/// The rules of the table over one grid and one entry array, by map coordinates (the blocked ring
/// included in reads: x, y ∈ [−1, side]).
class TableRules {
public:
    TableRules(const grid::Grid& grid, JumpPointTable::Distances& distances)
        : bits_(&grid.passable_bits()),
          layout_(grid.layout()),
          width_(grid.width()),
          height_(grid.height()),
          distances_(&distances) {}

    [[nodiscard]] std::int64_t width() const { return width_; }
    [[nodiscard]] std::int64_t height() const { return height_; }
    [[nodiscard]] bool on_map(std::int64_t x, std::int64_t y) const {
        return x >= 0 && y >= 0 && x < width_ && y < height_;
    }
    [[nodiscard]] bool free(std::int64_t x, std::int64_t y) const { return bits_->test(padded(x, y)); }
    [[nodiscard]] Entry& at(std::int64_t x, std::int64_t y) const { return (*distances_)[padded(x, y)]; }
    /// Padded index of (x, y), the ring at −1 included: −1 + 1 wraps to 0 in unsigned arithmetic.
    [[nodiscard]] std::size_t padded(std::int64_t x, std::int64_t y) const {
        return layout_.padded(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y));
    }

    /// A straight step from (x, y) in (dx, dy) lands on a jump point when, beside the landing cell,
    /// a side cell is passable while the side cell behind it is blocked (a forced neighbour).
    [[nodiscard]] bool forced(std::int64_t x, std::int64_t y, int dx, int dy) const {
        const std::int64_t next_x = x + dx;
        const std::int64_t next_y = y + dy;
        for (int side : {-1, 1}) {
            const std::int64_t side_x = dy != 0 ? side : 0;
            const std::int64_t side_y = dx != 0 ? side : 0;
            if (free(next_x + side_x, next_y + side_y) && !free(x + side_x, y + side_y)) return true;
        }
        return false;
    }

    /// Straight direction `direction` along one line (a row for E and W, a column for N and S),
    /// walked from the far end back. Calls `changed(x, y)` for every entry whose value changed.
    template <class OnChange>
    void straight_line(int direction, std::int64_t line, OnChange&& changed) const {
        const int dx = kDirectionX[static_cast<std::size_t>(direction)];
        const int dy = kDirectionY[static_cast<std::size_t>(direction)];
        const std::int64_t length = dx != 0 ? width_ : height_;
        for (std::int64_t step = 0; step < length; ++step) {
            // Walk against the direction: the cell met first is the last along it.
            const std::int64_t position = (dx + dy) > 0 ? length - 1 - step : step;
            const std::int64_t x = dx != 0 ? position : line;
            const std::int64_t y = dx != 0 ? line : position;
            Stored value = 0;
            if (free(x + dx, y + dy)) {
                value = extend(forced(x, y, dx, dy), at(x + dx, y + dy)[static_cast<std::size_t>(direction)]);
            }
            Stored& stored = at(x, y)[static_cast<std::size_t>(direction)];
            if (stored != value) {
                stored = value;
                changed(x, y);
            }
        }
    }

    /// The diagonal entry of (x, y) in `direction` (4 … 7) from its next cell's entries.
    [[nodiscard]] Stored diagonal_value(std::int64_t x, std::int64_t y, int direction) const {
        const int dx = kDirectionX[static_cast<std::size_t>(direction)];
        const int dy = kDirectionY[static_cast<std::size_t>(direction)];
        const std::int64_t next_x = x + dx;
        const std::int64_t next_y = y + dy;
        if (!(free(next_x, next_y) && free(next_x, y) && free(x, next_y))) return 0;
        const Entry& next = at(next_x, next_y);
        const std::size_t horizontal = dx > 0 ? 1 : 3;
        const std::size_t vertical = dy > 0 ? 2 : 0;
        return extend(next[horizontal] > 0 || next[vertical] > 0, next[static_cast<std::size_t>(direction)]);
    }

private:
    const grid::Bitset* bits_;
    grid::PaddedLayout layout_;
    std::int64_t width_;
    std::int64_t height_;
    JumpPointTable::Distances* distances_;
};

/// The build's own walk over the table (TableRules' rules, in an order that reads memory in
/// sequence): every entry is a function of the next cell's entry in its direction, so the rows are
/// swept once from the top (north, north-east and north-west read the row above) and once from the
/// bottom (south and its diagonals), after each row's east and west entries, which read only their
/// row. Passability is read 64 cells at a time: for each run of 64 cells of a row, the bits a rule
/// tests (the cell ahead free; a forced neighbour beside it; the three cells of a diagonal step)
/// are words shifted from the grid's bit words, and each cell then takes its bits from those words
/// and its value from the next cell's entry, with branches where the rows repeat and with masks
/// where they do not (irregular); a run with no cell ahead free is left as the table starts (zero:
/// its pages come zeroed, and each direction is written by one sweep only). AR0011SR's build: 106M
/// instructions by the line-by-line rules (which a refresh applies), 47M in row sweeps testing one
/// bit at a time, 24M so (callgrind; brc202d 31M -> 13M). With SSE2 the vertical sweeps take two
/// cells at a time without a branch (vertical_pairs).
class RowSweeps {
public:
    RowSweeps(const grid::Grid& grid, JumpPointTable::Distances& distances)
        : bits_(grid.passable_bits().words()),
          word_count_(grid.passable_bits().word_count()),
          layout_(grid.layout()),
          padded_width_(grid.padded_width()),
          width_(grid.width()),
          entries_(distances.data()) {}

    /// East and west along row y.
    void horizontal(std::uint32_t y) const {
        along_row<1, 1>(layout_.padded(0, y));
        along_row<-1, 3>(layout_.padded(0, y));
    }

    /// North, north-east and north-west along row y, from row y − 1's entries.
    void northward(std::uint32_t y) const { vertical<-1, 0, 4, 7>(layout_.padded(0, y)); }
    /// South, south-east and south-west along row y, from row y + 1's entries.
    void southward(std::uint32_t y) const { vertical<1, 2, 5, 6>(layout_.padded(0, y)); }

private:
    /// The 64 bits of the grid from bit `position` (≥ 0) on: bit i is padded cell position + i.
    [[nodiscard]] std::uint64_t bits_at(std::int64_t position) const {
        const auto word = static_cast<std::size_t>(position) >> 6;
        const auto shift = static_cast<unsigned>(position & 63);
        const std::uint64_t low = word < word_count_ ? bits_[word] >> shift : 0;
        if (shift == 0 || word + 1 >= word_count_) return low;
        return low | (bits_[word + 1] << (64 - shift));
    }
    [[nodiscard]] static bool bit(std::uint64_t word, std::int64_t index) { return ((word >> index) & 1U) != 0; }
    [[nodiscard]] std::int64_t last_chunk_start() const { return (width_ - 1) / 64 * 64; }
    /// The lowest `count` (1 … 64) bits set.
    [[nodiscard]] static std::uint64_t low_bits(std::int64_t count) {
        return count >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << count) - 1;
    }

    /// A cell's entry from the cell ahead: 0 when that cell is blocked, else extend()'s (1 when it is a
    /// jump point or, on a diagonal, a straight jump from it finds one; else its entry one step longer).
    /// `Masked`: without a branch (extend_masked).
    template <bool Masked>
    [[nodiscard]] static Stored next_value(bool ahead_free, bool jump, Stored ahead_value) {
        if constexpr (Masked) {
            return static_cast<Stored>(extend_masked(jump, ahead_value) & -static_cast<std::int32_t>(ahead_free));
        } else {
            return ahead_free ? extend(jump, ahead_value) : Stored{0};
        }
    }
    /// Whether 64 cells are better computed without branches: when their row and the row beside it
    /// (`here`, `beside`) differ in more than eight of them, as on a random or maze map. A map whose
    /// rows repeat (rooms, open ground) repeats its outcomes too, which the branch predictor learns:
    /// masked throughout, 8room_000's build took 15% longer than with branches, random512-40-0's
    /// 43% less.
    [[nodiscard]] static bool irregular(std::uint64_t here, std::uint64_t beside) {
        return core::count_ones(here ^ beside) > 8;
    }

    /// Direction `Direction` (E for Step 1, W for −1) along the row starting at padded cell `first`,
    /// walked from the far end back: each entry reads the one ahead of it on the same row.
    template <int Step, int Direction>
    void along_row(std::int64_t first) const {
        Stored value = 0;  // the entry of the cell ahead: the blocked ring, to begin with
        const std::int64_t last = last_chunk_start();
        for (std::int64_t chunk = 0; chunk <= last; chunk += 64) {
            const std::int64_t start = Step > 0 ? last - chunk : chunk;
            const std::int64_t cell = first + start;
            const std::int64_t count = std::min<std::int64_t>(64, width_ - start);
            const std::uint64_t ahead = bits_at(cell + Step) & low_bits(count);
            if (ahead == 0) {  // every entry 0, as the table starts
                value = 0;
                continue;
            }
            const std::uint64_t above = bits_at(cell - padded_width_);
            const std::uint64_t below = bits_at(cell + padded_width_);
            const std::uint64_t jump =
                (bits_at(cell + Step - padded_width_) & ~above) | (bits_at(cell + Step + padded_width_) & ~below);
            const std::uint64_t here = bits_at(cell);
            if (irregular(here, above) || irregular(here, below)) {
                value = row_cells<Step, Direction, true>(cell, count, ahead, jump, value);
            } else {
                value = row_cells<Step, Direction, false>(cell, count, ahead, jump, value);
            }
        }
    }

    /// along_row's `count` cells from padded cell `cell`, given their bits; returns the last value.
    template <int Step, int Direction, bool Masked>
    Stored row_cells(std::int64_t cell, std::int64_t count, std::uint64_t ahead, std::uint64_t jump,
                     Stored value) const {
        Entry* const entries = entries_;  // a local: the byte-wide stores below may alias any member
        for (std::int64_t walked = 0; walked < count; ++walked) {
            const std::int64_t index = Step > 0 ? count - 1 - walked : walked;
            value = next_value<Masked>(bit(ahead, index), bit(jump, index), value);
            entries[cell + index][Direction] = value;
        }
        return value;
    }

    /// One vertical sweep's row starting at padded cell `first`: the straight direction
    /// `Straight` (N or S, towards the row `DeltaY` away) and the diagonals `East` and `West` beside
    /// it, each from the row ahead's entries.
    template <int DeltaY, int Straight, int East, int West>
    void vertical(std::int64_t first) const {
        const std::int64_t ahead_row = DeltaY * padded_width_;
        for (std::int64_t start = 0; start < width_; start += 64) {
            const std::int64_t cell = first + start;
            const std::uint64_t ahead = bits_at(cell + ahead_row);
            const std::int64_t count = std::min<std::int64_t>(64, width_ - start);
            if ((ahead & low_bits(count)) == 0) continue;  // no step ahead: every entry 0, as the table starts
            const std::uint64_t east = bits_at(cell + 1);
            const std::uint64_t west = bits_at(cell - 1);
            const std::uint64_t ahead_east = bits_at(cell + ahead_row + 1);
            const std::uint64_t ahead_west = bits_at(cell + ahead_row - 1);
            const std::uint64_t jump = (ahead_east & ~east) | (ahead_west & ~west);
            const std::uint64_t east_step = ahead_east & east & ahead;
            const std::uint64_t west_step = ahead_west & west & ahead;
#if SWARMPATH_SSE2
            vertical_pairs<DeltaY, Straight, East, West>(cell, count, ahead, jump, east_step, west_step);
#else
            if (irregular(bits_at(cell), ahead)) {
                vertical_cells<DeltaY, Straight, East, West, true>(cell, count, ahead, jump, east_step, west_step);
            } else {
                vertical_cells<DeltaY, Straight, East, West, false>(cell, count, ahead, jump, east_step, west_step);
            }
#endif
        }
    }

    /// vertical's `count` cells from padded cell `cell`, given their bits.
    template <int DeltaY, int Straight, int East, int West, bool Masked>
    void vertical_cells(std::int64_t cell, std::int64_t count, std::uint64_t ahead, std::uint64_t jump,
                        std::uint64_t east_step, std::uint64_t west_step) const {
        const std::int64_t ahead_row = DeltaY * padded_width_;
        Entry* const entries = entries_;  // a local: the byte-wide stores below may alias any member
        for (std::int64_t index = 0; index < count; ++index) {
            Entry& entry = entries[cell + index];
            entry[Straight] =
                next_value<Masked>(bit(ahead, index), bit(jump, index), entries[cell + index + ahead_row][Straight]);
            const Entry& to_east = entries[cell + index + ahead_row + 1];
            entry[East] =
                next_value<Masked>(bit(east_step, index), std::max(to_east[1], to_east[Straight]) > 0, to_east[East]);
            const Entry& to_west = entries[cell + index + ahead_row - 1];
            entry[West] =
                next_value<Masked>(bit(west_step, index), std::max(to_west[3], to_west[Straight]) > 0, to_west[West]);
        }
    }

#if SWARMPATH_SSE2
    /// vertical_cells' entries two cells at a time in SSE2 registers, without a branch: the row
    /// ahead's entries of both cells (straight on) and of their neighbours east and west (the
    /// diagonals) are extended byte by byte, the three bytes this sweep writes are taken from them and
    /// the cells' other bytes kept. An odd last cell goes through vertical_cells. As many instructions
    /// as vertical_cells' branches and masks on AR0011SR (19.0 M), none of its mispredicted branches:
    /// the whole build 0.74-0.88 of its time on the bundled maps (docs/performance-log.md).
    template <int DeltaY, int Straight, int East, int West>
    void vertical_pairs(std::int64_t cell, std::int64_t count, std::uint64_t ahead, std::uint64_t jump,
                        std::uint64_t east_step, std::uint64_t west_step) const {
        const std::int64_t ahead_row = DeltaY * padded_width_;
        Entry* const entries = entries_;
        const __m128i zero = _mm_setzero_si128();
        const __m128i kept = _mm_andnot_si128(
            _mm_or_si128(_mm_or_si128(lane_mask<Straight>(), lane_mask<East>()), lane_mask<West>()), _mm_set1_epi8(-1));
        std::int64_t index = 0;
        for (; index + 2 <= count; index += 2) {
            const Entry* const ahead_entries = entries + cell + index + ahead_row;
            const __m128i straight_on = _mm_loadu_si128(reinterpret_cast<const __m128i*>(ahead_entries));
            const __m128i to_east = _mm_loadu_si128(reinterpret_cast<const __m128i*>(ahead_entries + 1));
            const __m128i to_west = _mm_loadu_si128(reinterpret_cast<const __m128i*>(ahead_entries - 1));
            const auto shift = static_cast<unsigned>(index);
            const __m128i straight =
                _mm_and_si128(extend_bytes(straight_on, pair_mask(jump >> shift)), pair_mask(ahead >> shift));
            // A diagonal's next cell is a jump point where a straight jump from it finds one: its
            // horizontal byte (1 east, 3 west) or its straight byte above zero.
            const __m128i east_found = _mm_cmpgt_epi8(to_east, zero);
            const __m128i east = _mm_and_si128(
                extend_bytes(to_east,
                             _mm_or_si128(move_byte<1, East>(east_found), move_byte<Straight, East>(east_found))),
                pair_mask(east_step >> shift));
            const __m128i west_found = _mm_cmpgt_epi8(to_west, zero);
            const __m128i west = _mm_and_si128(
                extend_bytes(to_west,
                             _mm_or_si128(move_byte<3, West>(west_found), move_byte<Straight, West>(west_found))),
                pair_mask(west_step >> shift));
            auto* const here = reinterpret_cast<__m128i*>(entries + cell + index);
            const __m128i written = _mm_or_si128(
                _mm_or_si128(_mm_and_si128(straight, lane_mask<Straight>()), _mm_and_si128(east, lane_mask<East>())),
                _mm_and_si128(west, lane_mask<West>()));
            _mm_storeu_si128(here, _mm_or_si128(_mm_and_si128(_mm_loadu_si128(here), kept), written));
        }
        if (index < count) {
            const auto shift = static_cast<unsigned>(index);
            vertical_cells<DeltaY, Straight, East, West, true>(cell + index, 1, ahead >> shift, jump >> shift,
                                                               east_step >> shift, west_step >> shift);
        }
    }
#endif

    const std::uint64_t* bits_;
    std::size_t word_count_;
    grid::PaddedLayout layout_;
    std::int64_t padded_width_;
    std::int64_t width_;
    Entry* entries_;
};

/// One fingerprint term: a 64-bit mix (splitmix64's finaliser) of a passability word and its position.
std::uint64_t word_term(std::size_t index, std::uint64_t word) {
    std::uint64_t value = word + 0x9E3779B97F4A7C15ULL * (static_cast<std::uint64_t>(index) + 1);
    value = (value ^ (value >> 30)) * 0xBF58476D1CE4E5B9ULL;
    value = (value ^ (value >> 27)) * 0x94D049BB133111EBULL;
    return value ^ (value >> 31);
}

std::uint64_t size_term(const grid::Grid& grid) {
    return word_term(~std::size_t{0}, (static_cast<std::uint64_t>(grid.width()) << 32) | grid.height());
}

}  // namespace

std::uint64_t passability_fingerprint(const grid::Grid& grid) {
    std::uint64_t hash = size_term(grid);
    const grid::Bitset& bits = grid.passable_bits();
    for (std::size_t word = 0; word < bits.word_count(); ++word) hash += word_term(word, bits.words()[word]);
    return hash;
}

bool JumpPointTable::built_for(const grid::Grid& grid) const {
    return grid.width() == width_ && grid.height() == height_ && passability_fingerprint(grid) == fingerprint_;
}

namespace {

/// Zeroed distances for `cells` padded cells (a run of cells the build leaves unwritten reads 0),
/// with room for a search state's node index before them and its nodes after them in the same
/// mapping (search_pages()).
std::pair<JumpPointTable::Distances, core::LentPages> allocate_distances(std::uint32_t cells) {
    const core::BlockBetween blocks = core::allocate_zeroed_pages_between(
        best_first::NodeTable::index_room_bytes(cells), std::size_t{cells} * sizeof(Entry),
        best_first::NodeTable::node_room_bytes(cells));
    // The rooms share the distances' first and last 2 MB pages: those are faulted in now, with the
    // table (the build alone leaves a page untouched where the map's first or last rows are walls,
    // their entries staying zero), so the state that takes the rooms finds its index's last page and
    // its first nodes in place.
    core::fault_in_shared_room_pages(blocks);
    return {JumpPointTable::Distances::adopt(blocks.block, cells), core::LentPages(blocks.before, blocks.after)};
}

}  // namespace

JumpPointTable::JumpPointTable(const JumpPointTable& other)
    : width_(other.width_),
      height_(other.height_),
      fingerprint_(other.fingerprint_),
      build_seconds_(other.build_seconds_) {
    std::tie(distances_, search_pages_) = allocate_distances(static_cast<std::uint32_t>(other.distances_.size()));
    std::copy(other.distances_.data(), other.distances_.data() + other.distances_.size(), distances_.data());
}

JumpPointTable JumpPointTable::build(const grid::Grid& grid, const core::ParallelLoop& parallel) {
    const auto started = std::chrono::steady_clock::now();
    JumpPointTable table;
    table.width_ = grid.width();
    table.height_ = grid.height();
    table.fingerprint_ = passability_fingerprint(grid);
    std::tie(table.distances_, table.search_pages_) = allocate_distances(grid.padded_cell_count());
    const RowSweeps sweeps(grid, table.distances_);
    // East and west: each row alone, rows in parallel. Then the two sweeps, row after row (each row
    // reads the one before it), north from the top and south from the bottom.
    parallel(grid.height(), 8, [&](std::size_t begin, std::size_t end) {
        for (std::size_t y = begin; y != end; ++y) sweeps.horizontal(static_cast<std::uint32_t>(y));
    });
    for (std::uint32_t y = 0; y < grid.height(); ++y) sweeps.northward(y);
    for (std::uint32_t y = grid.height(); y-- > 0;) sweeps.southward(y);
    table.build_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return table;
}

namespace {

/// A straight entry that changed in a refresh, with its direction: the diagonals read it at their
/// next cell.
struct StraightChange {
    std::int64_t x;
    std::int64_t y;
    int direction;
};

/// Sorts `values` and drops repeats.
void sort_unique(std::vector<std::int64_t>& values) {
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
}

/// Recomputes the straight entries of every row and column within one of a flipped cell (the
/// forced-neighbour test looks at the lines on either side), recording each entry that changed.
/// Returns the entries recomputed.
std::size_t refresh_straight_entries(const TableRules& rules,
                                     const std::vector<std::pair<std::int64_t, std::int64_t>>& flipped,
                                     std::vector<StraightChange>& changes) {
    std::vector<std::int64_t> rows;
    std::vector<std::int64_t> columns;
    for (const auto& [x, y] : flipped) {
        for (std::int64_t offset = -1; offset <= 1; ++offset) {
            if (y + offset >= 0 && y + offset < rules.height()) rows.push_back(y + offset);
            if (x + offset >= 0 && x + offset < rules.width()) columns.push_back(x + offset);
        }
    }
    sort_unique(rows);
    sort_unique(columns);
    std::size_t recomputed = 0;
    for (std::int64_t row : rows) {
        for (int direction : {1, 3}) {
            rules.straight_line(direction, row, [&](std::int64_t x, std::int64_t y) {
                changes.push_back({x, y, direction});
            });
        }
        recomputed += 2 * static_cast<std::size_t>(rules.width());
    }
    for (std::int64_t column : columns) {
        for (int direction : {0, 2}) {
            rules.straight_line(direction, column, [&](std::int64_t x, std::int64_t y) {
                changes.push_back({x, y, direction});
            });
        }
        recomputed += 2 * static_cast<std::size_t>(rules.height());
    }
    return recomputed;
}

/// Recomputes the diagonal entries the flips and the straight changes can reach. The entry of
/// (x, y) in (dx, dy) reads the passability of (x+dx, y+dy), (x+dx, y) and (x, y+dy), and the
/// entries of (x+dx, y+dy). Seeds: the cells whose inputs changed. From the seed furthest along each
/// diagonal, walk backwards recomputing; past the last seed of that diagonal, stop at the first entry
/// that did not change. Returns the entries recomputed.
std::size_t refresh_diagonal_entries(const TableRules& rules,
                                     const std::vector<std::pair<std::int64_t, std::int64_t>>& flipped,
                                     const std::vector<StraightChange>& straight_changes) {
    struct Seed {
        std::int64_t line;   ///< which diagonal: x − y or x + y
        std::int64_t order;  ///< position along the direction of travel
        std::int64_t x, y;
        bool operator<(const Seed& other) const {
            return line != other.line ? line < other.line : order > other.order;  // furthest along first
        }
    };
    std::size_t recomputed = 0;
    std::vector<Seed> seeds;
    for (int direction = 4; direction < 8; ++direction) {
        const int dx = kDirectionX[static_cast<std::size_t>(direction)];
        const int dy = kDirectionY[static_cast<std::size_t>(direction)];
        const int horizontal = dx > 0 ? 1 : 3;
        const int vertical = dy > 0 ? 2 : 0;
        seeds.clear();
        auto seed = [&](std::int64_t x, std::int64_t y) {
            if (rules.on_map(x, y)) seeds.push_back({dx == dy ? x - y : x + y, dx * x, x, y});
        };
        for (const auto& [x, y] : flipped) {
            seed(x - dx, y - dy);
            seed(x - dx, y);
            seed(x, y - dy);
        }
        for (const StraightChange& change : straight_changes) {
            if (change.direction == horizontal || change.direction == vertical) seed(change.x - dx, change.y - dy);
        }
        std::sort(seeds.begin(), seeds.end());
        for (std::size_t first = 0; first < seeds.size();) {
            std::size_t last = first;
            while (last + 1 < seeds.size() && seeds[last + 1].line == seeds[first].line) ++last;
            const std::int64_t final_order = seeds[last].order;  // the seed furthest back
            for (std::int64_t x = seeds[first].x, y = seeds[first].y; rules.on_map(x, y); x -= dx, y -= dy) {
                const Stored value = rules.diagonal_value(x, y, direction);
                Stored& stored = rules.at(x, y)[static_cast<std::size_t>(direction)];
                ++recomputed;
                const bool same = stored == value;
                stored = value;
                if (same && dx * x <= final_order) break;
            }
            first = last + 1;
        }
    }
    return recomputed;
}

}  // namespace

std::size_t JumpPointTable::refresh(const grid::Grid& previous, const grid::Grid& edited,
                                    std::span<const grid::CellIndex> changed) {
    if (edited.width() != width_ || edited.height() != height_ || previous.width() != width_ ||
        previous.height() != height_ || distances_.size() != edited.padded_cell_count()) {
        *this = build(edited);
        return distances_.size() * 8;
    }
    // Cells whose passability changed (the only input of the table), by map coordinates.
    std::vector<std::pair<std::int64_t, std::int64_t>> flipped;
    std::vector<std::size_t> words;
    for (grid::CellIndex cell : changed) {
        if (cell.value >= edited.cell_count()) continue;
        const grid::PaddedIndex padded = edited.padded(cell);
        if (previous.passable(padded) == edited.passable(padded)) continue;
        flipped.emplace_back(cell.value % width_, cell.value / width_);
        words.push_back(padded.value / 64);
    }
    // The fingerprint: swap the terms of the words that changed.
    std::sort(words.begin(), words.end());
    words.erase(std::unique(words.begin(), words.end()), words.end());
    for (std::size_t word : words) {
        fingerprint_ -= word_term(word, previous.passable_bits().words()[word]);
        fingerprint_ += word_term(word, edited.passable_bits().words()[word]);
    }
    if (flipped.empty()) return 0;
    std::sort(flipped.begin(), flipped.end());
    flipped.erase(std::unique(flipped.begin(), flipped.end()), flipped.end());

    const TableRules rules(edited, distances_);
    std::vector<StraightChange> straight_changes;
    std::size_t recomputed = refresh_straight_entries(rules, flipped, straight_changes);
    recomputed += refresh_diagonal_entries(rules, flipped, straight_changes);
    return recomputed;
}

}  // namespace swarmpath::search
