// The bit-packed lines online jump point search scans (jump_point_search.hpp): the grid by rows and
// by columns (a transposed copy), each line guarded by blocked words, with per-direction "stop" bits
// (blocked or jump point), so a straight jump in any of the four directions tests 64 cells per step
// with two word reads; and the grid along its diagonals, with a stop bit per diagonal direction, so
// a diagonal walk passes 64 cells that offer nothing per word read instead of scanning twice at each.
// Built once per Solver in O(cells) (about 2 bytes per cell); no search state, no per-query
// preprocessing, though on a large map the lines' 2 MB pages hold room for one search state's node
// index and nodes, which the first context prepared for the grid takes (search_pages). After map
// edits, `refresh` rewrites only the bits a changed cell can affect (its 3×3 neighbourhood in rows
// and columns; the whole rows and columns beside it along diagonals).
// Assumes the benchmark rule (one layer, no corner cutting).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/page_memory.hpp"
#include "search/best_first/zeroed_array.hpp"
#include "swarmpath/grid/grid.hpp"

namespace swarmpath::search {

/// The planes of one line (LineBits::planes_of, LinesView::line), where every read of the line
/// happens. A search takes them once per jump rather than locating the line for each plane read
/// (through LineBits, the sizes are reloaded after every store the search makes, since a byte store
/// may alias them).
struct LinePlanes {
    const std::uint64_t* words;  ///< plane 0 of the line: word w holds cells 64(w − 1) … 64w − 1
    std::size_t plane_words;     ///< words per plane
    [[nodiscard]] bool test(std::int64_t position, unsigned plane) const {
        const auto bit = static_cast<std::size_t>(position + 64);
        return ((words[plane * plane_words + (bit >> 6)] >> (bit & 63)) & 1U) != 0;
    }
    /// 64 cells from `first` (≥ −64, ≤ the line's length): bit i is cell first+i.
    [[nodiscard]] std::uint64_t read(std::int64_t first, unsigned plane) const {
        const auto bit = static_cast<std::size_t>(first + 64);
        const std::uint64_t* word = words + plane * plane_words + (bit >> 6);
        const unsigned shift = static_cast<unsigned>(bit & 63);
        if (shift == 0) return word[0];
        return (word[0] >> shift) | (word[1] << (64 - shift));
    }
};

/// Bits per cell along lines (rows, or columns for the transposed copy), in `planes` planes stored
/// interleaved line by line, so the planes of one line share nearby cache lines. Line l of the map is
/// stored as line l+1, between two all-clear lines; along a line, cell c is bit c+64 of its plane,
/// with a clear guard word before the line and at least one after it. The words are the object's
/// own (on the heap) or, when built into `storage`, its owner's (JumpPointGrid's block); a copy's
/// are always its own.
class LineBits {
public:
    LineBits() = default;
    /// All clear. `storage`: zeroed words the caller keeps for this object's lifetime, at least
    /// words_for(line_count, line_length, planes) of them; none: words of its own.
    LineBits(std::uint32_t line_count, std::uint32_t line_length, unsigned planes = 1,
             std::uint64_t* storage = nullptr);
    LineBits(const LineBits& other);
    LineBits& operator=(const LineBits& other);
    LineBits(LineBits&& other) noexcept;
    LineBits& operator=(LineBits&& other) noexcept;
    /// The words `line_count` lines of `line_length` cells in `planes` planes take.
    [[nodiscard]] static std::size_t words_for(std::uint32_t line_count, std::uint32_t line_length, unsigned planes) {
        return (static_cast<std::size_t>(line_count) + 2) * planes * words_per_line_for(line_length);
    }

    void set(std::int64_t line, std::int64_t position, unsigned plane = 0) {
        const std::size_t bit = bit_index(line, position, plane);
        words_[bit >> 6] |= std::uint64_t{1} << (bit & 63);
    }
    void assign(std::int64_t line, std::int64_t position, unsigned plane, bool value) {
        const std::size_t bit = bit_index(line, position, plane);
        const std::uint64_t mask = std::uint64_t{1} << (bit & 63);
        words_[bit >> 6] = value ? (words_[bit >> 6] | mask) : (words_[bit >> 6] & ~mask);
    }
    [[nodiscard]] bool test(std::int64_t line, std::int64_t position, unsigned plane = 0) const {
        return planes_of(line).test(position, plane);
    }
    /// 64 cells of line `line` (−1 … line_count) from `first` (≥ −64, ≤ line_length): bit i is cell first+i.
    [[nodiscard]] std::uint64_t read(std::int64_t line, std::int64_t first, unsigned plane = 0) const {
        return planes_of(line).read(first, plane);
    }
    /// The planes of line `line` (−1 … line_count).
    [[nodiscard]] LinePlanes planes_of(std::int64_t line) const { return {line_words(line, 0), words_per_line_}; }
    /// The words of one line's plane (−1 … line_count): word w holds cells 64(w − 1) … 64w − 1,
    /// words_per_line() of them.
    [[nodiscard]] std::uint64_t* line_words(std::int64_t line, unsigned plane) {
        return words_ + (static_cast<std::size_t>(line + 1) * planes_ + plane) * words_per_line_;
    }
    [[nodiscard]] const std::uint64_t* line_words(std::int64_t line, unsigned plane) const {
        return words_ + (static_cast<std::size_t>(line + 1) * planes_ + plane) * words_per_line_;
    }
    [[nodiscard]] std::size_t words_per_line() const { return words_per_line_; }
    [[nodiscard]] std::size_t planes() const { return planes_; }
    [[nodiscard]] std::size_t memory_bytes() const { return word_count_ * sizeof(std::uint64_t); }
    /// The same shape and bits (wherever the words are).
    [[nodiscard]] bool operator==(const LineBits& other) const;

private:
    [[nodiscard]] static std::size_t words_per_line_for(std::uint32_t line_length) {
        return (static_cast<std::size_t>(line_length) + 64) / 64 + 2;
    }
    [[nodiscard]] std::size_t bit_index(std::int64_t line, std::int64_t position, unsigned plane) const {
        return ((static_cast<std::size_t>(line + 1) * planes_ + plane) * words_per_line_) * 64 +
               static_cast<std::size_t>(position + 64);
    }
    std::size_t words_per_line_ = 0;
    std::size_t planes_ = 1;
    std::size_t word_count_ = 0;
    std::uint64_t* words_ = nullptr;    ///< owned_'s, or the storage the object was built into
    std::vector<std::uint64_t> owned_;  ///< empty when the words are an owner's
};

/// A LineBits' layout copied out once per query (its words and strides), so that a search holds it
/// in its own members.
struct LinesView {
    const std::uint64_t* words = nullptr;  ///< line −1's plane 0
    std::size_t line_words = 0;            ///< planes × words per plane
    std::size_t plane_words = 0;
    explicit LinesView(const LineBits& bits)
        : words(bits.line_words(-1, 0)),
          line_words(bits.planes() * bits.words_per_line()),
          plane_words(bits.words_per_line()) {}
    [[nodiscard]] LinePlanes line(std::int64_t line) const {
        return {words + static_cast<std::size_t>(line + 1) * line_words, plane_words};
    }
};

/// One orientation (rows or columns) of the grid for straight jumps, five planes per line:
/// passability, and for each direction along the lines a "stop" bit per cell, set where a jump in
/// that direction must stop: the cell is blocked, or it is a jump point (on a neighbouring line it is
/// passable while the cell behind it is blocked: a forced neighbour under the no-corner-cutting
/// rule); and for each direction a "found" bit: the jump from the cell finds a jump point (its first
/// stop is passable), so a jump that would find nothing but a wall is never scanned. Precomputing the
/// stop bits (they depend only on the map) lets a scan test 64 cells with one unaligned word read.
struct ScanLines {
    static constexpr unsigned kPassable = 0;
    static constexpr unsigned kStopForward = 1;   ///< for jumps towards larger positions
    static constexpr unsigned kStopBackward = 2;  ///< for jumps towards smaller positions
    static constexpr unsigned kFoundForward = 3;  ///< a jump towards larger positions finds a jump point
    static constexpr unsigned kFoundBackward = 4;
    LineBits bits;
    [[nodiscard]] std::size_t memory_bytes() const { return bits.memory_bytes(); }
    [[nodiscard]] bool operator==(const ScanLines&) const = default;
};

/// The grid along its diagonals, for diagonal walks: per cell and diagonal direction a stop bit, set
/// where a walk in that direction must stop: the next diagonal step is illegal (a side cell or the
/// cell ahead blocked, or off the map), or a straight jump from the cell along one of the direction's
/// two components finds a jump point (the goal aside: a walk stops where it crosses the goal's row or
/// column, which the search adds per query). Blocked cells have no bits (no walk reaches one).
/// Two orientations of lines: rising (x + y constant; planes NE, SW) and falling (x − y + height − 1
/// constant; planes SE, NW). Along a line, a cell's position is its x when the map is no wider than
/// it is tall, else its y, so each line holds at most min(width, height) cells' bits and the memory
/// stays about 4 bits per cell on long thin maps too.
struct DiagonalLines {
    static constexpr unsigned kEastward = 0;  ///< the plane of NE (rising) or SE (falling)
    static constexpr unsigned kWestward = 1;  ///< the plane of SW (rising) or NW (falling)
    LineBits rising;
    LineBits falling;
    bool along_x = true;  ///< positions are x (else y)
    std::int64_t height = 0;
    [[nodiscard]] std::int64_t rising_line(std::int64_t x, std::int64_t y) const { return x + y; }
    [[nodiscard]] std::int64_t falling_line(std::int64_t x, std::int64_t y) const { return x - y + height - 1; }
    [[nodiscard]] std::int64_t position(std::int64_t x, std::int64_t y) const { return along_x ? x : y; }
    [[nodiscard]] std::size_t memory_bytes() const { return rising.memory_bytes() + falling.memory_bytes(); }
    [[nodiscard]] bool operator==(const DiagonalLines&) const = default;
};

/// The grid by rows and by columns (a transposed copy), for block-based straight jumps: 10 bits per
/// cell, and along its diagonals for diagonal walks: 4 bits per cell; about 2 bytes per cell with
/// the guard words. Built once per Solver in O(cells).
class JumpPointGrid {
public:
    /// How diagonal walks go: along the diagonal lines (built), cell by cell (not built), or as the
    /// map's stops make pay (automatic: lines unless most cells stop a walk, as on maps of random
    /// obstacles; the choice made at construction stays through refreshes).
    enum class DiagonalWalk : std::uint8_t { automatic, lines, cells };

    explicit JumpPointGrid(const grid::Grid& grid, DiagonalWalk walk = DiagonalWalk::automatic);
    /// The same lines, in words of its own on the heap, with no room to lend (a map edit's copy).
    JumpPointGrid(const JumpPointGrid& other);
    JumpPointGrid& operator=(const JumpPointGrid& other);
    JumpPointGrid(JumpPointGrid&&) noexcept = default;
    JumpPointGrid& operator=(JumpPointGrid&&) noexcept = default;
    ~JumpPointGrid() = default;

    /// Brings the lines up to `edited` after the cells `changed` (CellIndex; duplicates and cells
    /// whose passability did not change allowed) were edited: the row and column bits of a cell
    /// depend only on its 3×3 neighbourhood, so only those around each changed cell are rewritten;
    /// the diagonal bits along the three rows and columns through it. Afterwards the lines equal
    /// JumpPointGrid(edited) bit for bit, built with the walk this grid took (lines or cells: the
    /// choice is not made again). Lines of another size are rebuilt. Returns the number of cells
    /// whose bits were rewritten (diagonal bits counted apart from row and column bits).
    std::size_t refresh(const grid::Grid& edited, std::span<const grid::CellIndex> changed);
    /// Whether both orientations hold the same bits (for tests of refresh).
    [[nodiscard]] bool same_lines(const JumpPointGrid& other) const {
        return rows_ == other.rows_ && columns_ == other.columns_ && diagonal_lines_ == other.diagonal_lines_ &&
               diagonals_ == other.diagonals_;
    }

    [[nodiscard]] const ScanLines& rows() const { return rows_; }        ///< line y, position x
    [[nodiscard]] const ScanLines& columns() const { return columns_; }  ///< line x, position y
    /// Whether diagonal walks go along the diagonal lines (else cell by cell; the lines are empty).
    [[nodiscard]] bool diagonal_lines() const { return diagonal_lines_; }
    [[nodiscard]] const DiagonalLines& diagonals() const { return diagonals_; }
    [[nodiscard]] std::size_t memory_bytes() const {
        return rows_.memory_bytes() + columns_.memory_bytes() + diagonals_.memory_bytes();
    }
    [[nodiscard]] double build_seconds() const { return build_seconds_; }
    /// Room for one search state's node index and nodes in the 2 MB pages the row and column lines
    /// share with it (built into one mapping where that adds no page to set-up: see the constructor),
    /// lent to the first search state prepared for this grid (Solver::prepare), as a JPS+ table lends
    /// its own; nothing to lend otherwise.
    [[nodiscard]] const core::LentPages& search_pages() const { return search_pages_; }

private:
    std::uint32_t width_ = 0;
    std::uint32_t height_ = 0;
    ScanLines rows_;
    ScanLines columns_;
    DiagonalWalk walk_ = DiagonalWalk::automatic;
    bool diagonal_lines_ = false;
    DiagonalLines diagonals_;
    double build_seconds_ = 0;
    /// The words of rows_ and columns_ when they are built into one block with rooms (else empty,
    /// each LineBits holding its own).
    best_first::ZeroedArray<std::uint64_t> line_words_;
    core::LentPages search_pages_;
};

}  // namespace swarmpath::search
