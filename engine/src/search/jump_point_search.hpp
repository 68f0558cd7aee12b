// Jump point search (Harabor & Grastien, AAAI 2011; block-based jumps, JPS+ and intermediate pruning
// from ICAPS 2014) for the Moving AI benchmark rule only: 8-connected moves, a diagonal step needs
// both orthogonal side cells passable (no corner cutting), every passable cell costs the same.
// Under that rule it returns the same optimal fixed-point cost as A* (paths may differ only where
// ties allow), a full cell-by-cell path, and far fewer heap operations.
//
// Pieces:
//   - JumpPointGrid (jump_point_grid.hpp): the grid bit-packed by rows and by columns, with
//     per-direction "stop" bits, so a straight jump tests 64 cells per step with two word reads, and
//     "found" bits, so a jump that finds no jump point is not scanned at all; and along its
//     diagonals, so a diagonal walk passes 64 cells that offer nothing per word read.
//   - the two search functions the Solver dispatches to (`jps` and `jps+`), declared for the engine
//     in search/search_functions.hpp; the table variant reads JumpPointTable (jump_point_table.hpp).
//   - check_jump_point_settings (solver.hpp): whether settings and grid fit the rule; the Solver
//     refuses `--algorithm jps`/`jps+` with its message, and `auto` falls back to A* when it fails.
//
// Search semantics (both variants):
//   - A node is a jump point; `expanded` counts jump points taken off the open list and `generated`
//     counts jump points offered to the open list (new, improved or not), so both are far below A*'s.
//   - Intermediate pruning: a diagonal jump does not put the diagonal cells it passes on the open
//     list; the straight jump points found from them are generated directly with the jump's origin
//     as parent. Every parent-to-node segment is therefore "diagonal steps, then straight steps",
//     and the path is rebuilt cell by cell from that rule.
//   - State: the context's node table (best_first/node_table.hpp: 4 bytes of index per padded cell,
//     then per node its g, cell, parent node and an arrival byte holding the set of directions by
//     which it was reached at its best g). A*'s per-cell stamps and parent directions stay untouched.
//   - max_expansions is honoured (counting jump points); weight 1 only; heuristic octile only;
//     fallback `none` only (a nearest-cell fallback needs every reachable cell, which JPS never visits).
#pragma once

#include <cstdint>
#include <vector>

#include "search/jump_point_grid.hpp"
#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::search {

/// Passed as `goal_position` when the goal is not on the line scanned.
inline constexpr std::int64_t kNoGoalPosition = -(std::int64_t{1} << 40);

/// Distance from `position` to the first jump point met moving along line `line` of `lines` in
/// direction `step` (+1 or −1), or to `goal_position` if that comes first (kNoGoalPosition when the
/// goal is not on this line); 0 when a blocked cell comes first. A cell is a jump point when, on either
/// neighbouring line, it is passable and the cell behind it is blocked (its forced neighbours under
/// the no-corner-cutting rule). Scans 64 cells per iteration.
[[nodiscard]] std::uint32_t jump_along_line(const ScanLines& lines, std::int64_t line, std::int64_t position, int step,
                                            std::int64_t goal_position);

}  // namespace swarmpath::search
