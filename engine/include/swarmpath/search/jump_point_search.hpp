// Jump point search (Harabor & Grastien, AAAI 2011; block-based jumps, JPS+ and intermediate pruning
// from ICAPS 2014) for the Moving AI benchmark rule only: 8-connected moves, a diagonal step needs
// both orthogonal side cells passable (no corner cutting), every passable cell costs the same.
// Under that rule it returns the same optimal fixed-point cost as A* (paths may differ only where
// ties allow), a full cell-by-cell path, and far fewer heap operations.
//
// Pieces:
//   - JumpPointGrid: the grid bit-packed by rows and by columns (a transposed copy), each line
//     guarded by blocked words, with per-direction "stop" bits (blocked or jump point), so a straight
//     jump in any of the four directions tests 64 cells per step with two word reads. Built once
//     per Solver in O(cells) (about 1 byte per cell); no search state, no per-query preprocessing.
//   - jump_point_search_online / jump_point_search_table: the two search functions the Solver
//     dispatches to (`jps` and `jps+`); the table variant reads JumpPointTable (jump_point_table.hpp).
//   - check_jump_point_settings: whether settings and grid fit the rule; the Solver refuses
//     `--algorithm jps`/`jps+` with its message, and `auto` falls back to A* when it fails.
//
// Search semantics (both variants):
//   - A node is a jump point; `expanded` counts jump points taken off the open list and `generated`
//     counts jump points offered to the open list (new, improved or not), so both are far below A*'s.
//   - Intermediate pruning: a diagonal jump does not put the diagonal cells it passes on the open
//     list; the straight jump points found from them are generated directly with the jump's origin
//     as parent. Every parent-to-node segment is therefore "diagonal steps, then straight steps",
//     and the path is rebuilt cell by cell from that rule.
//   - Per-cell search state beyond SearchContext's: a parent cell index (4 bytes per padded cell,
//     the context's parent cells, allocated on the first JPS query of a context); the context's
//     parent-direction byte holds the set of directions by which the node was reached at its best g.
//   - max_expansions is honoured (counting jump points); weight 1 only; heuristic octile only;
//     fallback `none` only (a nearest-cell fallback needs every reachable cell, which JPS never visits).
#pragma once

#include <cstdint>
#include <vector>

#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::search {

class Solver;
struct Endpoints;
namespace detail {
class SearchState;  // search/detail/search_state.hpp (internal)
}  // namespace detail

/// Bits per cell along lines (rows, or columns for the transposed copy), in `planes` planes stored
/// interleaved line by line, so the planes of one line share nearby cache lines. Line l of the map is
/// stored as line l+1, between two all-clear lines; along a line, cell c is bit c+64 of its plane,
/// with a clear guard word before the line and at least one after it.
class LineBits {
public:
    LineBits() = default;
    LineBits(std::uint32_t line_count, std::uint32_t line_length, unsigned planes = 1);

    void set(std::int64_t line, std::int64_t position, unsigned plane = 0) {
        const std::size_t bit = bit_index(line, position, plane);
        words_[bit >> 6] |= std::uint64_t{1} << (bit & 63);
    }
    [[nodiscard]] bool test(std::int64_t line, std::int64_t position, unsigned plane = 0) const {
        const std::size_t bit = bit_index(line, position, plane);
        return ((words_[bit >> 6] >> (bit & 63)) & 1U) != 0;
    }
    /// 64 cells of line `line` (−1 … line_count) from `first` (≥ −64, ≤ line_length): bit i is cell first+i.
    [[nodiscard]] std::uint64_t read(std::int64_t line, std::int64_t first, unsigned plane = 0) const {
        const std::size_t bit = bit_index(line, first, plane);
        const std::uint64_t* word = words_.data() + (bit >> 6);
        const unsigned shift = static_cast<unsigned>(bit & 63);
        if (shift == 0) return word[0];
        return (word[0] >> shift) | (word[1] << (64 - shift));
    }
    [[nodiscard]] std::size_t memory_bytes() const { return words_.capacity() * sizeof(std::uint64_t); }

private:
    [[nodiscard]] std::size_t bit_index(std::int64_t line, std::int64_t position, unsigned plane) const {
        return ((static_cast<std::size_t>(line + 1) * planes_ + plane) * words_per_line_) * 64 +
               static_cast<std::size_t>(position + 64);
    }
    std::size_t words_per_line_ = 0;
    std::size_t planes_ = 1;
    std::vector<std::uint64_t> words_;
};

/// One orientation (rows or columns) of the grid for straight jumps, three planes per line:
/// passability, and for each direction along the lines a "stop" bit per cell, set where a jump in
/// that direction must stop: the cell is blocked, or it is a jump point (on a neighbouring line it is
/// passable while the cell behind it is blocked: a forced neighbour under the no-corner-cutting
/// rule). Precomputing the stop bits (they depend only on the map) lets a scan test 64 cells with
/// one unaligned word read.
struct ScanLines {
    static constexpr unsigned kPassable = 0;
    static constexpr unsigned kStopForward = 1;   ///< for jumps towards larger positions
    static constexpr unsigned kStopBackward = 2;  ///< for jumps towards smaller positions
    LineBits bits;
    [[nodiscard]] std::size_t memory_bytes() const { return bits.memory_bytes(); }
};

/// The grid by rows and by columns (a transposed copy), for block-based straight jumps: 6 bits per
/// cell, about 1 byte per cell with the guard words. Built once per Solver in O(cells).
class JumpPointGrid {
public:
    explicit JumpPointGrid(const grid::Grid& grid);

    [[nodiscard]] const ScanLines& rows() const { return rows_; }        ///< line y, position x
    [[nodiscard]] const ScanLines& columns() const { return columns_; }  ///< line x, position y
    [[nodiscard]] std::size_t memory_bytes() const { return rows_.memory_bytes() + columns_.memory_bytes(); }
    [[nodiscard]] double build_seconds() const { return build_seconds_; }

private:
    ScanLines rows_;
    ScanLines columns_;
    double build_seconds_ = 0;
};

/// Passed as `goal_position` when the goal is not on the line scanned.
inline constexpr std::int64_t kNoGoalPosition = -(std::int64_t{1} << 40);

/// Distance from `position` to the first jump point met moving along line `line` of `lines` in
/// direction `step` (+1 or −1), or to `goal_position` if that comes first (kNoGoalPosition when the
/// goal is not on this line); 0 when a blocked cell comes first. A cell is a jump point when, on either
/// neighbouring line, it is passable and the cell behind it is blocked (its forced neighbours under
/// the no-corner-cutting rule). Scans 64 cells per iteration.
[[nodiscard]] std::uint32_t jump_along_line(const ScanLines& lines, std::int64_t line, std::int64_t position, int step,
                                            std::int64_t goal_position);

/// Ok when `settings` on `grid` follow the benchmark rule JPS needs; otherwise an Error saying why.
Status check_jump_point_settings(const grid::Grid& grid, const SearchSettings& settings);

/// `jps`: online jump point search over solver.jump_grid().
void jump_point_search_online(const Solver& solver, detail::SearchState& context, const Endpoints& endpoints, Result& result);
/// `jps+`: jump point search over the precomputed solver.jump_table().
void jump_point_search_table(const Solver& solver, detail::SearchState& context, const Endpoints& endpoints, Result& result);

}  // namespace swarmpath::search
