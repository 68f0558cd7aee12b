// Jump point search, online and over JPS+ tables (see jump_point_search.hpp): an expansion policy of
// the best-first core (best_first/loop.hpp), generic over how a jump is made (a compile-time
// policy: block scans, diagonal lines or cell-by-cell diagonal walks, or table lookups), so the hot
// loop has no virtual calls; the Solver picks the instantiation once. The open list, counters, stop
// checkpoints and path rebuild are the core's; the expansion holds its best new node as A* does.
//
// Pruning (no corner cutting): a node reached by a straight step in direction s keeps s, plus, for
// each side p of s whose side cell is passable while the cell behind it is blocked, the forced
// moves p and s+p. A node reached diagonally keeps its two components and the diagonal. The start
// keeps every legal move. A node reached at the same best g from several directions keeps the
// union (its arrival byte in the node table holds the set of arrival directions).
//
// State: the search's nodes live in the search state's node table (best_first/node_table.hpp:
// nodes numbered as generated, 4 bytes of index per map cell), not in per-cell stamps. The open
// list's entries name nodes rather than cells (the loop's "cell" is a node number here), and their
// positions are recorded per node, so ties of f and g are broken by the earlier generated node.
#include "search/jump_point_search.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <string>
#include <utility>

#include "search/best_first/cell_layout.hpp"
#include "search/best_first/loop.hpp"
#include "search/best_first/open_keys.hpp"
#include "search/best_first/path_rebuild.hpp"
#include "search/best_first/search_state.hpp"
#include "search/heuristics.hpp"
#include "search/jump_point_table.hpp"
#include "search/moves.hpp"
#include "search/preparations.hpp"
#include "search/search_functions.hpp"
#include "swarmpath/search/solver.hpp"

// The offer of a successor is forced inline at each of its call sites (two per diagonal cell stopped
// at in each of four walks, one per straight move, in every direction's expansion compiled apart:
// JumpExpansion::expand). Those copies are most of this file's compile time: 137 s under clang-14's
// AddressSanitizer at -O1, 25 s with the offer a call. A build defining SWARMPATH_QUICK_COMPILE
// (CMake option SWARMPATH_QUICK_COMPILE, which the sanitizer builds set) leaves it a call: the same
// results, a slower search.
#if defined(SWARMPATH_QUICK_COMPILE)
#define SWARMPATH_OFFER_INLINE
#else
#define SWARMPATH_OFFER_INLINE __attribute__((always_inline))
#endif

namespace swarmpath::search {

namespace {

/// jump_along_line with the direction fixed at compile time, inlined into the searches.
template <int Step>
[[gnu::always_inline]] inline std::uint32_t scan_line(LinePlanes line, std::int64_t position,
                                                      std::int64_t goal_position) {
    if constexpr (Step > 0) {
        std::int64_t first = position + 1;  // window: cells first … first+63, bit i = cell first+i
        for (;;) {
            std::uint64_t stop = line.read(first, ScanLines::kStopForward);
            const std::int64_t goal_offset = goal_position - first;
            if (goal_offset >= 0 && goal_offset < 64) stop |= std::uint64_t{1} << goal_offset;
            if (stop != 0) {
                const std::int64_t cell = first + __builtin_ctzll(stop);
                if (!line.test(cell, ScanLines::kPassable)) return 0;
                return static_cast<std::uint32_t>(cell - position);
            }
            first += 64;
        }
    } else {
        std::int64_t first = position - 64;  // window: cells first … first+63 = position−1, scanned downwards
        for (;;) {
            std::uint64_t stop = line.read(first, ScanLines::kStopBackward);
            const std::int64_t goal_offset = goal_position - first;
            if (goal_offset >= 0 && goal_offset < 64) stop |= std::uint64_t{1} << goal_offset;
            if (stop != 0) {
                const std::int64_t cell = first + 63 - __builtin_clzll(stop);
                if (!line.test(cell, ScanLines::kPassable)) return 0;
                return static_cast<std::uint32_t>(position - cell);
            }
            first -= 64;
        }
    }
}

/// Steps from `position` along a diagonal line (toward larger positions when `forward`) to the
/// first cell whose stop bit is set, or to `extra_a` / `extra_b` steps when one comes first (ignored
/// when ≤ 0). `words` is the line's plane (LineBits::line_words: word w holds positions 64(w − 1) …).
/// Never 0: the walk's last cell on the map always has its stop bit set.
[[gnu::always_inline]] inline std::int64_t next_diagonal_stop(const std::uint64_t* words, std::int64_t position,
                                                              bool forward, std::int64_t extra_a,
                                                              std::int64_t extra_b) {
    // Window bit i is step done + 1 + i (forward) or step done + 64 − i (backward).
    for (std::int64_t done = 0;; done += 64) {
        const auto bit = static_cast<std::uint64_t>((forward ? position + done + 1 : position - done - 64) + 64);
        const std::uint64_t* word = words + (bit >> 6);
        const unsigned shift = static_cast<unsigned>(bit & 63);
        std::uint64_t stop = shift == 0 ? word[0] : (word[0] >> shift) | (word[1] << (64 - shift));
        const std::int64_t offset_a = extra_a - done - 1;
        const std::int64_t offset_b = extra_b - done - 1;
        if (offset_a >= 0 && offset_a < 64) stop |= std::uint64_t{1} << (forward ? offset_a : 63 - offset_a);
        if (offset_b >= 0 && offset_b < 64) stop |= std::uint64_t{1} << (forward ? offset_b : 63 - offset_b);
        if (stop != 0) return done + 1 + (forward ? __builtin_ctzll(stop) : __builtin_clzll(stop));
    }
}

/// Bit `index` of a bitset's words.
[[gnu::always_inline]] inline bool bit_of(const std::uint64_t* words, std::int64_t index) {
    const auto bit = static_cast<std::uint64_t>(index);
    return ((words[bit >> 6] >> (bit & 63)) & 1U) != 0;
}

/// scan_line, unless the line's found plane says the jump finds no jump point and the goal is not on
/// the line: then 0 without scanning (a jump that finds only a wall may cross the whole map).
template <int Step>
[[gnu::always_inline]] inline std::uint32_t jump_if_found(LinePlanes line, std::int64_t position,
                                                          std::int64_t goal_position) {
    if (goal_position == kNoGoalPosition &&
        !line.test(position, Step > 0 ? ScanLines::kFoundForward : ScanLines::kFoundBackward)) {
        return 0;
    }
    return scan_line<Step>(line, position, goal_position);
}

}  // namespace

std::uint32_t jump_along_line(const ScanLines& lines, std::int64_t line, std::int64_t position, int step,
                              std::int64_t goal_position) {
    const LinePlanes planes = lines.bits.planes_of(line);
    return step > 0 ? scan_line<1>(planes, position, goal_position) : scan_line<-1>(planes, position, goal_position);
}

namespace {

using LegalMoves = MoveRule<Moves::eight, DiagonalRule::both_free>;

constexpr int direction_of(int dx, int dy) {
    for (int direction = 0; direction < kDirectionCount; ++direction) {
        if (kDirectionX[static_cast<std::size_t>(direction)] == dx &&
            kDirectionY[static_cast<std::size_t>(direction)] == dy) {
            return direction;
        }
    }
    return -1;
}

/// Successor directions of a node reached by direction `arrival`, by its 3×3 neighbourhood mask.
/// Built once when the library loads rather than at compile time: as a constant expression it
/// exceeds clang's default evaluation step limit.
const std::array<std::array<std::uint8_t, 512>, 8> kPrunedMoves = [] {
    std::array<std::array<std::uint8_t, 512>, 8> table{};
    for (int arrival = 0; arrival < kDirectionCount; ++arrival) {
        const int dx = kDirectionX[static_cast<std::size_t>(arrival)];
        const int dy = kDirectionY[static_cast<std::size_t>(arrival)];
        for (unsigned mask = 0; mask < 512; ++mask) {
            const unsigned legal = legal_moves(mask, Moves::eight, DiagonalRule::both_free);
            unsigned moves = 0;
            auto add = [&](int to_x, int to_y) {
                const unsigned bit = 1U << direction_of(to_x, to_y);
                if ((legal & bit) != 0) moves |= bit;
            };
            auto free = [&](int offset_x, int offset_y) {
                return ((mask >> neighbourhood_bit(offset_x, offset_y)) & 1U) != 0;
            };
            if (is_diagonal(arrival)) {
                add(dx, 0);
                add(0, dy);
                add(dx, dy);
            } else {
                add(dx, dy);
                for (int side : {-1, 1}) {
                    const int side_x = dy != 0 ? side : 0;
                    const int side_y = dx != 0 ? side : 0;
                    if (free(side_x, side_y) && !free(side_x - dx, side_y - dy)) {
                        add(side_x, side_y);
                        add(side_x + dx, side_y + dy);
                    }
                }
            }
            table[static_cast<std::size_t>(arrival)][mask] = static_cast<std::uint8_t>(moves);
        }
    }
    return table;
}();

std::uint32_t absolute_difference(std::uint32_t a, std::uint32_t b) { return a > b ? a - b : b - a; }

/// Where the search is: the node being expanded and the goal.
struct Position {
    std::uint32_t cell;  ///< padded
    std::int64_t x;
    std::int64_t y;
};

/// Online jumps: block scans over rows and columns; diagonal walks along the diagonal lines
/// (`Lines`) or one cell at a time, as JumpPointGrid chose for the map (the search is compiled for
/// both, and the Solver takes one).
template <bool Lines>
struct OnlineJumps {
    LinesView rows;
    LinesView columns;
    const DiagonalLines* diagonals;
    const grid::Bitset* passable;
    std::int64_t padded_width;
    std::int64_t goal_x;
    std::int64_t goal_y;

    using Prepared = PreparedJumpPoints;

    OnlineJumps(const Solver& solver, const Endpoints& endpoints)
        : rows(solver.prepared<Prepared>().lines->rows().bits),
          columns(solver.prepared<Prepared>().lines->columns().bits),
          diagonals(&solver.prepared<Prepared>().lines->diagonals()),
          passable(&solver.grid().passable_bits()),
          padded_width(solver.grid().padded_width()),
          goal_x(endpoints.goal_x),
          goal_y(endpoints.goal_y) {}

    /// Every move (no goal bounds).
    [[gnu::always_inline]] unsigned admitted(std::uint32_t /*cell*/) const { return 0xFF; }

    /// No hint (see TableJumps::prefetch).
    [[gnu::always_inline]] void prefetch(std::uint32_t /*cell*/, const grid::Bitset& /*passable*/) const {}

    /// Steps from `from` straight in direction `Direction` (0-3) to the jump point or goal, 0 if none.
    template <int Direction>
    [[gnu::always_inline]] std::uint32_t straight_in(const Position& from) const {
        if constexpr (Direction == 0) {
            return jump_if_found<-1>(columns.line(from.x), from.y, from.x == goal_x ? goal_y : kNoGoalPosition);
        } else if constexpr (Direction == 1) {
            return jump_if_found<1>(rows.line(from.y), from.x, from.y == goal_y ? goal_x : kNoGoalPosition);
        } else if constexpr (Direction == 2) {
            return jump_if_found<1>(columns.line(from.x), from.y, from.x == goal_x ? goal_y : kNoGoalPosition);
        } else {
            return jump_if_found<-1>(rows.line(from.y), from.x, from.y == goal_y ? goal_x : kNoGoalPosition);
        }
    }

    /// Walks the diagonal from `from`; for every cell on it, offers the straight jump points found
    /// along its two components (and the goal, if the walk meets it). Inlined down to the walks along
    /// lines, so that they lie inside the search function whose code Solver::create reads in
    /// (core::warm_code): as functions of their own the linker put them 40 KB before it, outside
    /// the window read, and a process's first query took 13-21 µs instead of 2-3 µs.
    template <class Generate>
    [[gnu::always_inline]] void diagonal(const Position& from, int direction, Generate&& generate) const {
        switch (direction) {
            case 4:
                walk_diagonal<1, -1>(from, generate);
                break;
            case 5:
                walk_diagonal<1, 1>(from, generate);
                break;
            case 6:
                walk_diagonal<-1, 1>(from, generate);
                break;
            default:
                walk_diagonal<-1, -1>(from, generate);
                break;
        }
    }

    template <int DeltaX, int DeltaY, class Generate>
    [[gnu::always_inline]] void walk_diagonal(const Position& from, Generate&& generate) const {
        if constexpr (Lines) {
            walk_diagonal_lines<DeltaX, DeltaY>(from, generate);
        } else {
            walk_diagonal_cells<DeltaX, DeltaY>(from, generate);
        }
    }

    /// Cell by cell: at every cell the two straight jumps (maps where nearly every cell stops a walk).
    template <int DeltaX, int DeltaY, class Generate>
    void walk_diagonal_cells(const Position& from, Generate&& generate) const {
        constexpr int direction = direction_of(DeltaX, DeltaY);
        constexpr int horizontal = DeltaX > 0 ? 1 : 3;
        constexpr int vertical = DeltaY > 0 ? 2 : 0;
        const std::int64_t side_x = DeltaX;
        const std::int64_t side_y = DeltaY * padded_width;
        std::int64_t cell = from.cell;
        std::int64_t x = from.x;
        std::int64_t y = from.y;
        for (std::uint32_t steps = 1;; ++steps) {
            if (!passable->test(static_cast<std::size_t>(cell + side_x)) ||
                !passable->test(static_cast<std::size_t>(cell + side_y)) ||
                !passable->test(static_cast<std::size_t>(cell + side_x + side_y))) {
                return;
            }
            cell += side_x + side_y;
            x += DeltaX;
            y += DeltaY;
            if (x == goal_x && y == goal_y) {
                generate(x, y, steps, 0U, direction);
                return;
            }
            if (const std::uint32_t distance =
                    jump_if_found<DeltaX>(rows.line(y), x, y == goal_y ? goal_x : kNoGoalPosition);
                distance != 0) {
                generate(x + DeltaX * static_cast<std::int64_t>(distance), y, steps, distance, horizontal);
            }
            if (const std::uint32_t distance =
                    jump_if_found<DeltaY>(columns.line(x), y, x == goal_x ? goal_y : kNoGoalPosition);
                distance != 0) {
                generate(x, y + DeltaY * static_cast<std::int64_t>(distance), steps, distance, vertical);
            }
        }
    }

    /// Along the diagonal lines (DiagonalLines in jump_point_grid.hpp): from each cell where the walk
    /// must stop to the next, 64 cells per word read; the cells between offer nothing, since neither
    /// straight jump from them finds a jump point and the walk stops also where it crosses the goal's
    /// row or column.
    template <int DeltaX, int DeltaY, class Generate>
    [[gnu::always_inline]] void walk_diagonal_lines(const Position& from, Generate&& generate) const {
        constexpr int direction = direction_of(DeltaX, DeltaY);
        constexpr int horizontal = DeltaX > 0 ? 1 : 3;
        constexpr int vertical = DeltaY > 0 ? 2 : 0;
        constexpr bool rising = DeltaX != DeltaY;
        constexpr unsigned plane = DeltaX > 0 ? DiagonalLines::kEastward : DiagonalLines::kWestward;
        // Positions along the line are x or y (DiagonalLines::along_x): the sign of a step on it.
        const int position_step = diagonals->along_x ? DeltaX : DeltaY;
        const LineBits& lines = rising ? diagonals->rising : diagonals->falling;
        const std::uint64_t* const words = lines.line_words(
            rising ? diagonals->rising_line(from.x, from.y) : diagonals->falling_line(from.x, from.y), plane);
        const std::int64_t side_x = DeltaX;
        const std::int64_t side_y = DeltaY * padded_width;
        // Steps from `from` to the goal's row and to its column (not ahead: ≤ 0).
        const std::int64_t row_steps = (goal_y - from.y) * DeltaY;
        const std::int64_t column_steps = (goal_x - from.x) * DeltaX;
        // Held in locals: the offers' stores could alias what the members point at.
        const std::uint64_t* const passable_words = passable->words();
        const std::int64_t start_position = diagonals->along_x ? from.x : from.y;
        std::int64_t cell = from.cell;
        std::int64_t steps = 0;
        for (;;) {
            if (!bit_of(passable_words, cell + side_x) || !bit_of(passable_words, cell + side_y) ||
                !bit_of(passable_words, cell + side_x + side_y)) {
                return;
            }
            const std::int64_t position = start_position + position_step * steps;
            const std::int64_t ahead =
                next_diagonal_stop(words, position, position_step > 0, row_steps - steps, column_steps - steps);
            steps += ahead;
            cell += (side_x + side_y) * ahead;
            const std::int64_t x = from.x + DeltaX * steps;
            const std::int64_t y = from.y + DeltaY * steps;
            if (x == goal_x && y == goal_y) {
                generate(x, y, static_cast<std::uint32_t>(steps), 0U, direction);
                return;
            }
            if (const std::uint32_t distance =
                    jump_if_found<DeltaX>(rows.line(y), x, y == goal_y ? goal_x : kNoGoalPosition);
                distance != 0) {
                generate(x + DeltaX * static_cast<std::int64_t>(distance), y, static_cast<std::uint32_t>(steps),
                         distance, horizontal);
            }
            if (const std::uint32_t distance =
                    jump_if_found<DeltaY>(columns.line(x), y, x == goal_x ? goal_y : kNoGoalPosition);
                distance != 0) {
                generate(x, y + DeltaY * static_cast<std::int64_t>(distance), static_cast<std::uint32_t>(steps),
                         distance, vertical);
            }
        }
    }
};

/// JPS+ jumps: every distance read from the table; the goal is found by comparing coordinates.
/// `Bounded`: with goal bounds, a node's moves whose box does not hold the goal are not followed.
template <bool Bounded>
struct TableJumps {
    /// The table's entries (JumpPointTable::distances), held directly: a load less per read.
    const JumpPointTable::Entry* table;
    const GoalBounds::Box* boxes;  ///< GoalBounds::data(), or null
    std::int64_t padded_width;
    std::int64_t goal_x;
    std::int64_t goal_y;

    using Prepared = PreparedJumpTable;

    TableJumps(const Solver& solver, const Endpoints& endpoints)
        : table(&solver.prepared<Prepared>().table->distances(0)),
          boxes(Bounded ? solver.prepared<Prepared>().goal_bounds->data() : nullptr),
          padded_width(solver.grid().padded_width()),
          goal_x(endpoints.goal_x),
          goal_y(endpoints.goal_y) {}

    /// The moves of `cell` an optimal path to the goal may start with: those whose box holds it.
    [[gnu::always_inline]] unsigned admitted(std::uint32_t cell) const {
        if constexpr (!Bounded) {
            return 0xFF;
        } else {
            const GoalBounds::Box* own = boxes + std::size_t{cell} * 8;
            unsigned moves = 0;
            for (unsigned direction = 0; direction < 8; ++direction) {
                const GoalBounds::Box& box = own[direction];
                const bool inside =
                    goal_x >= box.min_x && goal_x < box.end_x && goal_y >= box.min_y && goal_y < box.end_y;
                moves |= static_cast<unsigned>(inside) << direction;
            }
            return moves;
        }
    }

    /// Asks the memory for what expanding `cell` will read first, its distances and its
    /// neighbourhood's passability words, when it is first put on the open list: a jump point lies far
    /// from its parent, so on a large map these reads missed the cache at expansion, and by then they
    /// have arrived (a cold pass over Paris_0_1024 ran about 10% faster; warm, no change). Hints
    /// only: no result depends on them. (JPS does without: its scans ran 2-5% slower with them.)
    [[gnu::always_inline]] void prefetch(std::uint32_t cell, const grid::Bitset& passable) const {
        const std::uint64_t* words = passable.words();
        const auto width = static_cast<std::uint32_t>(padded_width);
        __builtin_prefetch(words + ((cell - width - 1) >> 6));
        __builtin_prefetch(words + ((cell + width - 1) >> 6));
        __builtin_prefetch(&table[cell]);
        if constexpr (Bounded) __builtin_prefetch(boxes + std::size_t{cell} * 8);
    }

    /// Steps from `from` straight in direction `Direction` (0-3) to the goal if it lies within
    /// reach on that line, else to the next jump point; 0 if neither.
    template <int Direction>
    [[nodiscard, gnu::always_inline]] std::uint32_t straight_in(const Position& from) const {
        const std::int64_t value = JumpPointTable::distance_in(table, from.cell, Direction, padded_width);
        const std::int64_t x = from.x;
        const std::int64_t y = from.y;
        const std::int64_t reach = value > 0 ? value : -value;
        std::int64_t goal_distance = 0;
        if constexpr (Direction == 0) {
            goal_distance = x == goal_x ? y - goal_y : 0;
        } else if constexpr (Direction == 1) {
            goal_distance = y == goal_y ? goal_x - x : 0;
        } else if constexpr (Direction == 2) {
            goal_distance = x == goal_x ? goal_y - y : 0;
        } else {
            goal_distance = y == goal_y ? x - goal_x : 0;
        }
        if (goal_distance > 0 && goal_distance <= reach) return static_cast<std::uint32_t>(goal_distance);
        return value > 0 ? static_cast<std::uint32_t>(value) : 0;
    }

    /// Follows the diagonal from jump point to jump point; at each, offers the straight jump points
    /// along its two components. Offers the goal when it lies straight ahead of the diagonal cell
    /// on its row or column within reach.
    template <class Generate>
    [[gnu::always_inline]] void diagonal(const Position& from, int direction, Generate&& generate) const {
        const int dx = kDirectionX[static_cast<std::size_t>(direction)];
        const int dy = kDirectionY[static_cast<std::size_t>(direction)];
        const int horizontal = dx > 0 ? 1 : 3;
        const int vertical = dy > 0 ? 2 : 0;
        const std::int64_t cell_step = dx + dy * padded_width;
        // Diagonal steps to the goal's row or column, when the goal lies in this quadrant.
        const std::int64_t goal_dx = (goal_x - from.x) * dx;
        const std::int64_t goal_dy = (goal_y - from.y) * dy;
        const std::int64_t goal_steps = goal_dx > 0 && goal_dy > 0 ? std::min(goal_dx, goal_dy) : 0;
        const JumpPointTable::Entry* const entries = table;  // a local: the offers' stores may alias members
        const std::int64_t width = padded_width;
        std::int64_t cell = from.cell;
        std::int64_t steps = 0;
        for (;;) {
            const std::int32_t value = entries[cell][static_cast<std::size_t>(direction)];
            // A far byte: kFarStep steps with neither a jump point nor a wall, then read on.
            const bool far = JumpPointTable::far(value);
            const std::int64_t reach = far ? JumpPointTable::kFarStep : value > 0 ? value : -value;
            if (goal_steps > steps && goal_steps <= steps + reach) {
                const std::int64_t x = from.x + dx * goal_steps;
                const std::int64_t y = from.y + dy * goal_steps;
                const std::int64_t at = from.cell + cell_step * goal_steps;
                if (x == goal_x && y == goal_y) {
                    generate(x, y, static_cast<std::uint32_t>(goal_steps), 0U, direction);
                    return;  // nothing beyond the goal can be on a shortest path to it
                } else {
                    // The goal lies straight on from here, along the axis where it is farther.
                    const int toward = x == goal_x ? vertical : horizontal;
                    const std::int64_t goal_distance = x == goal_x ? goal_dy - goal_steps : goal_dx - goal_steps;
                    const std::int64_t straight_value = JumpPointTable::distance_in(entries, at, toward, width);
                    if (goal_distance <= (straight_value > 0 ? straight_value : -straight_value)) {
                        generate(goal_x, goal_y, static_cast<std::uint32_t>(goal_steps),
                                 static_cast<std::uint32_t>(goal_distance), toward);
                    }
                }
            }
            if (far) [[unlikely]] {
                steps += JumpPointTable::kFarStep;
                cell += cell_step * JumpPointTable::kFarStep;
                continue;
            }
            if (value <= 0) return;
            steps += value;
            cell += cell_step * value;
            const std::int64_t x = from.x + dx * steps;
            const std::int64_t y = from.y + dy * steps;
            // With goal bounds, the stop's own boxes: its straight jumps and the walk on need the goal
            // in theirs (an optimal path through this cell goes on optimally from it).
            const unsigned admitted_here = admitted(static_cast<std::uint32_t>(cell));
            const std::int64_t across = (admitted_here >> horizontal & 1U) != 0
                                            ? JumpPointTable::distance_in(entries, cell, horizontal, width)
                                            : 0;
            if (across > 0) {
                generate(x + dx * static_cast<std::int64_t>(across), y, static_cast<std::uint32_t>(steps),
                         static_cast<std::uint32_t>(across), horizontal);
            }
            const std::int64_t down =
                (admitted_here >> vertical & 1U) != 0 ? JumpPointTable::distance_in(entries, cell, vertical, width) : 0;
            if (down > 0) {
                generate(x, y + dy * static_cast<std::int64_t>(down), static_cast<std::uint32_t>(steps),
                         static_cast<std::uint32_t>(down), vertical);
            }
            if ((admitted_here >> direction & 1U) == 0) return;
        }
    }
};

/// Jump point search's expansion policy: the pruned directions of a node (by how it was reached),
/// each followed by a jump to the next jump point; the jump points found are offered to the open
/// list with the node as their parent. The same cell may be offered twice by one expansion, so no
/// successor is held outside the open list.
template <class Jumps, class Nodes>
class JumpExpansion {
public:
    static constexpr bool admits_stale = false;
    static constexpr bool stamps_hold_slots = false;
    static constexpr bool works_on_copy = true;
    static constexpr bool inlines_packed_loop = true;

    /// A search from `endpoints.start`, which becomes node 0 at cost 0.
    JumpExpansion(const Solver& solver, best_first::NodeTable& table, const Endpoints& endpoints)
        : jumps_(solver, endpoints),
          passable_(&solver.grid().passable_bits()),
          layout_(best_first::layout_of(solver.grid())),
          goal_(endpoints.goal),
          goal_x_(endpoints.goal_x),
          goal_y_(endpoints.goal_y),
          nodes_(start_nodes(solver, table)) {
        nodes_.begin(endpoints.start);
    }

    /// The nodes as the search left them (for the path).
    [[nodiscard]] const Nodes& nodes() const { return nodes_; }
    /// Where the open list records its entries' positions: per node.
    [[nodiscard]] best_first::NodeSlots slots() const { return {nodes_.nodes}; }

    [[nodiscard]] grid::Cost estimate(std::int64_t x, std::int64_t y) const {
        return heuristics::Octile::distance(absolute_difference(static_cast<std::uint32_t>(x), goal_x_),
                                            absolute_difference(static_cast<std::uint32_t>(y), goal_y_));
    }

    // The loop's cells are node numbers here (see the file comment).
    [[gnu::always_inline]] bool admit(std::uint32_t /*node*/) const { return true; }
    [[gnu::always_inline]] void close(std::uint32_t node, grid::Cost /*g*/) {
        nodes_.nodes[node].g = best_first::kClosedCost;
    }
    [[gnu::always_inline]] bool is_goal(std::uint32_t node, grid::Cost /*g*/) const {
        return nodes_.nodes[node].cell == goal_;
    }
    [[gnu::always_inline]] void visit(std::uint32_t /*cell*/, grid::Cost /*g*/) {}

    /// Of the new nodes an expansion generates, the best is held outside the open list, as A*'s
    /// expansion does (astar.hpp): if it orders before the open list's top once the expansion is
    /// over, it is expanded next without entering the heap; if not, it takes the top's place, which
    /// is expanded next, in one walk down the heap. The order of expansions is the heap's (one total
    /// order: f, larger g, earlier node), so every result and counter is as without it. A held node's
    /// slot is kHeldSlot while it is held; offered again, the held entry itself is lowered.
    template <class Keys, class List>
    [[gnu::always_inline]] bool expand(std::uint32_t current_node, grid::Cost current_g, List& open, Counters& counters,
                                       typename Keys::Entry& next) {
        const std::uint32_t current_cell = nodes_.nodes[current_node].cell;
        current_node_ = current_node;
        Held<Keys> held;
        // Inlined at every call site (two per diagonal cell stopped at, in four walks, and one per
        // straight move): with each direction's jump compiled apart (expand_moves), an offer left a
        // function of its own lay outside the code Solver::create reads in (core::warm_code), and a
        // JPS+ process's first query took 13-15 µs instead of 2-3.
        auto generate = [&](std::int64_t x, std::int64_t y, std::uint32_t diagonal_steps, std::uint32_t straight_steps,
                            int arrival) SWARMPATH_OFFER_INLINE {
            offer<Keys>(x, y, diagonal_steps, straight_steps, arrival, current_g, open, counters, held);
        };
        expand_moves(current_cell, generate);
        if (!held.present) return false;
        if (!open.empty() && !Keys::before(held.entry, open.top())) {
            next = open.replace_top(held.entry, slots());
        } else {
            next = held.entry;
        }
        return true;
    }

private:
    static constexpr std::uint32_t kHeldSlot = ~std::uint32_t{0};

    static Nodes start_nodes(const Solver& solver, best_first::NodeTable& table) {
        if constexpr (std::is_same_v<Nodes, best_first::HashedNodeArrays>) {
            return table.start_hashed(*solver.prepared<typename Jumps::Prepared>().hashing);
        } else {
            (void)solver;
            return table.start();
        }
    }

    /// The best new node of one expansion, kept outside the open list (see expand).
    template <class Keys>
    struct Held {
        typename Keys::Entry entry{};
        bool present = false;
    };

    /// Offers the node at (x, y), reached from the current node (current_node_) by `diagonal_steps`
    /// diagonal then `straight_steps` straight steps, the last of them in direction `arrival`.
    template <class Keys, class List>
    SWARMPATH_OFFER_INLINE void offer(std::int64_t x, std::int64_t y, std::uint32_t diagonal_steps,
                                      std::uint32_t straight_steps, int arrival, grid::Cost current_g, List& open,
                                      Counters& counters, Held<Keys>& held) {
        ++counters.generated;
        const std::uint32_t cell = layout_.padded(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y));
        const std::uint32_t node = nodes_.find(cell);
        const grid::Cost g = current_g + grid::kDiagonalUnits * diagonal_steps + grid::kStraightUnits * straight_steps;
        const auto arrival_bit = static_cast<std::uint8_t>(1U << arrival);
        if (node == best_first::kNoNode) {
            const std::uint32_t added = nodes_.add(cell, g, current_node_, arrival_bit);
            jumps_.prefetch(cell, *passable_);
            ++counters.heap_pushes;
            auto entry = Keys::make(g + estimate(x, y), g, added);
            if (!held.present) {
                held.entry = entry;
                held.present = true;
                nodes_.nodes[added].slot = kHeldSlot;
                return;
            }
            Keys::order(held.entry, entry);  // the smaller stays held, the other goes onto the heap
            nodes_.nodes[Keys::cell(held.entry)].slot = kHeldSlot;
            open.push(entry, slots());
            return;
        }
        best_first::SearchNode& found = nodes_.nodes[node];
        const grid::Cost old_g = found.g;
        if (old_g == best_first::kClosedCost) return;
        if (g < old_g) {
            const std::uint32_t slot = found.slot;
            const bool is_held = slot == kHeldSlot;
            const auto entry = is_held ? held.entry : open.at(slot);
            const auto lowered = Keys::make(Keys::f(entry) - old_g + g, g, node);
            if (is_held) {
                held.entry = lowered;
            } else {
                open.decrease_key(slot, lowered, slots());
            }
            found.g = g;
            found.parent = current_node_;
            found.arrivals = arrival_bit;
            ++counters.decrease_keys;
        } else if (g == old_g) {
            found.arrivals = static_cast<std::uint8_t>(found.arrivals | arrival_bit);
        }
    }

    /// The pruned moves of `current_cell`, each followed by its jump, the jump points found offered
    /// through `generate`.
    template <class Generate>
    [[gnu::always_inline]] void expand_moves(std::uint32_t current_cell, Generate& generate) {
        const unsigned neighbourhood = read_neighbourhood(*passable_, current_cell, layout_.padded_width());
        unsigned arrived = nodes_.nodes[current_node_].arrivals;
        unsigned moves = 0;
        if (arrived == 0) {
            moves = LegalMoves::table[neighbourhood];
        } else {
            while (arrived != 0) {
                moves |= kPrunedMoves[static_cast<std::size_t>(__builtin_ctz(arrived))][neighbourhood];
                arrived &= arrived - 1;
            }
        }
        moves &= jumps_.admitted(current_cell);
        const Position from{current_cell, static_cast<std::int64_t>(layout_.x_of(current_cell)),
                            static_cast<std::int64_t>(layout_.y_of(current_cell))};
        follow_if<0>(moves, from, generate);
        follow_if<1>(moves, from, generate);
        follow_if<2>(moves, from, generate);
        follow_if<3>(moves, from, generate);
        follow_if<4>(moves, from, generate);
        follow_if<5>(moves, from, generate);
        follow_if<6>(moves, from, generate);
        follow_if<7>(moves, from, generate);
    }

    /// Follows move `Direction` when `moves` holds it: each direction's jump compiled apart, so that
    /// no branch chooses among directions (a new process's predictor missed them).
    template <int Direction, class Generate>
    [[gnu::always_inline]] void follow_if(unsigned moves, const Position& from, Generate& generate) {
        if ((moves >> Direction & 1U) == 0) return;
        if constexpr (is_diagonal(Direction)) {
            jumps_.diagonal(from, Direction, generate);
        } else if (const std::uint32_t distance = jumps_.template straight_in<Direction>(from); distance != 0) {
            generate(from.x + kDirectionX[Direction] * static_cast<std::int64_t>(distance),
                     from.y + kDirectionY[Direction] * static_cast<std::int64_t>(distance), 0U, distance, Direction);
        }
    }

    Jumps jumps_;
    const grid::Bitset* passable_;
    grid::PaddedLayout layout_;
    std::uint32_t goal_;
    std::uint32_t goal_x_;
    std::uint32_t goal_y_;
    Nodes nodes_;
    std::uint32_t current_node_ = 0;  ///< the node being expanded
};

// Inlined into its entry point, so that the address Solver::create reads the code around
// (core::warm_code) is the search itself rather than a jump to it placed elsewhere.
template <class Jumps, class Nodes>
[[gnu::always_inline]] inline void jump_point_search(const Solver& solver, SearchState& state,
                                                     const Endpoints& endpoints, Result& result) {
    const auto& prepared = solver.prepared<typename Jumps::Prepared>();
    state.begin_search();  // the open lists emptied; the per-cell stamps are not used
    JumpExpansion<Jumps, Nodes> expansion(solver, state.jump_nodes(), endpoints);
    constexpr std::uint32_t kStartNode = 0;
    best_first::LoopState loop = best_first::LoopState::starting_at(
        kStartNode, expansion.estimate(endpoints.start_x, endpoints.start_y), endpoints.stop);
    // Packed keys (or wide ones on grids too large for them) from the start: jump point search does
    // not use the compact keys, whose ties break by heap order rather than by node.
    best_first::run_with_key_forms<false>(expansion, state, prepared.bounds, false, endpoints.stop, loop);

    loop.counters.heap_pops = loop.counters.expanded;
    state.jump_nodes().note_used(expansion.nodes().count);
    result.counters = loop.counters;
    if (loop.reached) {
        const grid::Grid& grid = solver.grid();
        result.status = QueryStatus::found;
        result.cost_units = loop.goal_g;
        result.cost = grid.to_real_cost(loop.goal_g);
        if (solver.settings().record_paths) {
            const Nodes& nodes = expansion.nodes();
            best_first::rebuild_from_parent_cells(
                best_first::layout_of(grid), [&nodes](std::uint32_t cell) { return nodes.parent_cell(cell); },
                endpoints.start, endpoints.goal, state.path_scratch(), result);
        }
        return;
    }
    result.status = loop.limited ? loop.stop_status : QueryStatus::no_path;
}

/// A large map's search (best_first::NodeTable::hashes_nodes): through the hash table while the
/// solver's searches fit its first size, else through the index, by `Indexed` (the solver's
/// best_first::HashingChoice: one read of a shared flag a query).
template <class Jumps, void (*Indexed)(const Solver&, SearchState&, const Endpoints&, Result&)>
[[gnu::always_inline]] inline void jump_point_search_hashed(const Solver& solver, SearchState& state,
                                                            const Endpoints& endpoints, Result& result) {
    if (!solver.prepared<typename Jumps::Prepared>().hashing->hashing()) {
        Indexed(solver, state, endpoints, result);
        return;
    }
    jump_point_search<Jumps, best_first::HashedNodeArrays>(solver, state, endpoints, result);
}

}  // namespace

void jump_point_search_online_lines(const Solver& solver, SearchState& state, const Endpoints& endpoints,
                                    Result& result) {
    jump_point_search<OnlineJumps<true>, best_first::NodeArrays>(solver, state, endpoints, result);
}

void jump_point_search_online_cells(const Solver& solver, SearchState& state, const Endpoints& endpoints,
                                    Result& result) {
    jump_point_search<OnlineJumps<false>, best_first::NodeArrays>(solver, state, endpoints, result);
}

void jump_point_search_table(const Solver& solver, SearchState& state, const Endpoints& endpoints, Result& result) {
    jump_point_search<TableJumps<false>, best_first::NodeArrays>(solver, state, endpoints, result);
}

void jump_point_search_table_bounded(const Solver& solver, SearchState& state, const Endpoints& endpoints,
                                     Result& result) {
    jump_point_search<TableJumps<true>, best_first::NodeArrays>(solver, state, endpoints, result);
}

void jump_point_search_online_lines_hashed(const Solver& solver, SearchState& state, const Endpoints& endpoints,
                                           Result& result) {
    jump_point_search_hashed<OnlineJumps<true>, &jump_point_search_online_lines>(solver, state, endpoints, result);
}

void jump_point_search_online_cells_hashed(const Solver& solver, SearchState& state, const Endpoints& endpoints,
                                           Result& result) {
    jump_point_search_hashed<OnlineJumps<false>, &jump_point_search_online_cells>(solver, state, endpoints, result);
}

void jump_point_search_table_hashed(const Solver& solver, SearchState& state, const Endpoints& endpoints,
                                    Result& result) {
    jump_point_search_hashed<TableJumps<false>, &jump_point_search_table>(solver, state, endpoints, result);
}

void jump_point_search_table_bounded_hashed(const Solver& solver, SearchState& state, const Endpoints& endpoints,
                                            Result& result) {
    jump_point_search_hashed<TableJumps<true>, &jump_point_search_table_bounded>(solver, state, endpoints, result);
}

}  // namespace swarmpath::search
