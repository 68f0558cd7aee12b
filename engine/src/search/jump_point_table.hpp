// JPS+ jump distances (Harabor & Grastien, ICAPS 2014; S. Rabin's JPS+): for every cell and each of
// the 8 directions, how far the next jump point lies, precomputed once per grid so that a search
// never scans. Benchmark rule only (8-connected, both-free diagonals, uniform cost), like jump
// point search itself (see jump_point_search.hpp for the definition of a jump point).
//
// Encoding of distance(cell, direction), d, a signed count of steps:
//   d > 0   a jump point lies d steps away: for a straight direction, a cell with a forced neighbour;
//           for a diagonal, a cell from which a straight jump along one of the diagonal's two
//           components finds a jump point (the straight distance there is > 0);
//   d ≤ 0   no jump point before a wall: −d steps can be taken before the next step is illegal.
// The search adds the goal itself: a goal within |d| steps on that line (or, diagonally, on the
// row or column reached within |d| diagonal steps) is reached directly.
//
// Stored in one signed byte per direction, 8 bytes a cell: d itself while |d| < kFar (127), and
// kFar with d's sign where |d| ≥ kFar, read as "neither a jump point nor a wall within the next
// kFarStep (126) steps; the entry of the cell kFarStep steps on holds the rest" (its d is this d
// less kFarStep steps). Each entry is its next cell's extended by one step, so a build from the far
// end stores sign(d)·min(|d|, kFar) by saturating the step, and a reader adds kFarStep per far byte
// until it meets a near one: on open ground a line of 1,000 free cells takes 8 reads, on most maps
// every distance is near. Half the memory of 16-bit distances: a cold pass over a large map reads
// half the lines from memory, and the build writes half the bytes.
//
// Build: east and west row by row (rows run by the caller's core::ParallelLoop: serial by default,
// the batch layer's BatchSolver supplies its workers), then one sweep over the rows from the top for
// north and its diagonals and one from the bottom for south and its diagonals, each entry from the
// next cell's in its direction. Memory: 8 bytes per padded cell, on zeroed pages (huge ones when
// large); the room before and after the table, which shares its first and last 2 MB pages, is lent to
// the first search state prepared for the grid (search_pages()). A table belongs to
// the grid it was built from; `built_for` checks a grid's size and a fingerprint of its
// passability, so a table is never used with a changed map. After map edits, `refresh` brings the
// table to the edited grid by recomputing only what the changed cells can reach (see there).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/page_memory.hpp"
#include "search/best_first/zeroed_array.hpp"
#include "search/moves.hpp"
#include "swarmpath/core/parallel_loop.hpp"
#include "swarmpath/grid/grid.hpp"

namespace swarmpath::search {

class JumpPointTable {
public:
    JumpPointTable() = default;
    /// A copy with distances of its own (and room of its own to lend: search_pages()), for a map
    /// that edits its table while searches use the old one (batch/editable_map.cpp).
    JumpPointTable(const JumpPointTable& other);
    JumpPointTable& operator=(const JumpPointTable&) = delete;
    JumpPointTable(JumpPointTable&&) noexcept = default;
    JumpPointTable& operator=(JumpPointTable&&) noexcept = default;
    ~JumpPointTable() = default;

    /// One cell's stored distances, one signed byte per direction (see the encoding above).
    using Entry = std::array<std::int8_t, 8>;
    /// A stored byte of this magnitude is a far one: kFarStep steps on, the next entry holds the rest.
    static constexpr std::int32_t kFar = 127;
    static constexpr std::int32_t kFarStep = kFar - 1;
    /// The distances of every padded cell, on huge pages when large (core/page_memory.hpp): the
    /// build writes nearly every entry, so 4 KB pages cost a fault per 512 cells of set-up.
    using Distances = best_first::ZeroedArray<Entry>;

    /// Whether a stored byte is a far one (|value| == kFar), in one comparison.
    [[nodiscard]] static constexpr bool far(std::int32_t value) {
        return static_cast<std::uint32_t>(value + kFarStep) > static_cast<std::uint32_t>(2 * kFarStep);
    }

    /// Builds the table for `grid`, its independent lines run by `parallel` (serial by default).
    static JumpPointTable build(const grid::Grid& grid, const core::ParallelLoop& parallel = {});

    /// Brings a table built for `previous` up to `edited`, the same map after the cells `changed`
    /// (CellIndex of either grid; duplicates and unchanged cells allowed) were edited. Straight
    /// distances are recomputed on the rows and columns beside a cell whose passability changed;
    /// diagonal distances are recomputed backwards along each diagonal from the cells whose inputs
    /// changed, only while values change. Afterwards the table equals build(edited) entry for entry.
    /// A table of another size is rebuilt. Returns the number of entries recomputed.
    std::size_t refresh(const grid::Grid& previous, const grid::Grid& edited, std::span<const grid::CellIndex> changed);

    /// Signed jump distance d from padded cell `cell` in `direction` (0 N, 1 E, 2 S, 3 W, 4 NE, 5 SE,
    /// 6 SW, 7 NW), far bytes followed to the end.
    [[nodiscard]] std::int32_t distance(std::uint32_t cell, int direction) const {
        return static_cast<std::int32_t>(
            distance_in(distances_.data(), cell, direction, grid::PaddedLayout{width_, height_}.padded_width()));
    }
    /// distance() over the entries of a table whose padded rows are `padded_width` cells long: the
    /// stored byte, or where that is a far one, the bytes kFarStep steps apart added up until a near
    /// one (on open ground only: a line of 127 free cells or more without a jump point). The search
    /// reads the table through it (inlined: it holds the entries and width in its own fields).
    [[nodiscard, gnu::always_inline]] static std::int64_t distance_in(const Entry* entries, std::int64_t cell,
                                                                      int direction, std::int64_t padded_width) {
        const auto column = static_cast<std::size_t>(direction);
        std::int32_t value = entries[cell][column];
        if (!far(value)) [[likely]]
            return value;
        const std::int64_t step = kDirectionX[column] + kDirectionY[column] * padded_width;
        std::int64_t walked = 0;
        do {
            walked += kFarStep;
            cell += step * kFarStep;
            value = entries[cell][column];
        } while (far(value));
        return value > 0 ? walked + value : value - walked;
    }
    /// The stored bytes of `cell` (see the encoding above).
    [[nodiscard]] const Entry& distances(std::uint32_t cell) const { return distances_[cell]; }

    /// Whether this table was built from a grid with `grid`'s size and passability.
    [[nodiscard]] bool built_for(const grid::Grid& grid) const;

    [[nodiscard]] double build_seconds() const { return build_seconds_; }
    [[nodiscard]] std::size_t memory_bytes() const { return distances_.size() * sizeof(distances_[0]); }
    /// Room for a search state's node index and nodes on this table's grid
    /// (best_first::NodeTable::prepare), set aside right before and right after the distances in
    /// the same mapping, lent to the first state prepared for the grid (Solver::prepare passes it
    /// on). The index's room ends in the table's first 2 MB page and the nodes' room starts in its
    /// last, pages the build faults in (as it does the others), so on a map of up to about 700×700 that
    /// state's whole node index, and wherever the table's last page has room its first nodes, cost its
    /// first query no fault of their own (a 2 MB one, 50-250 µs here). Empty for a small table.
    [[nodiscard]] const core::LentPages& search_pages() const { return search_pages_; }
    [[nodiscard]] static constexpr std::size_t bytes_per_cell() { return sizeof(Entry); }

private:
    std::uint32_t width_ = 0;
    std::uint32_t height_ = 0;
    std::uint64_t fingerprint_ = 0;
    double build_seconds_ = 0;
    Distances distances_;  ///< per padded cell
    core::LentPages search_pages_;
};

/// A 64-bit fingerprint of `grid`'s size and passable cells: a hash of the size plus, for every
/// 64-bit word of the passability bits, a mix of the word and its position (a sum, so that editing
/// one word updates it in constant time).
std::uint64_t passability_fingerprint(const grid::Grid& grid);

}  // namespace swarmpath::search
