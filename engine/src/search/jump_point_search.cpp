// Jump point search, online and over JPS+ tables (see jump_point_search.hpp). One search loop,
// generic over how a jump is made (a compile-time policy: block scans or table lookups), so the hot
// loop has no virtual calls; the Solver picks the instantiation once.
//
// Pruning (no corner cutting): a node reached by a straight step in direction s keeps s, plus, for
// each side p of s whose side cell is passable while the cell behind it is blocked, the forced
// moves p and s+p. A node reached diagonally keeps its two components and the diagonal. The start
// keeps every legal move. A node reached at the same best g from several directions keeps the
// union (its parent-direction byte holds the set of arrival directions).
#include "swarmpath/search/jump_point_search.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <string>
#include <tuple>
#include <utility>

#include "search/detail/packed_open_list.hpp"
#include "search/detail/search_state.hpp"
#include "swarmpath/search/heuristics.hpp"
#include "swarmpath/search/jump_point_table.hpp"
#include "swarmpath/search/moves.hpp"
#include "swarmpath/search/solver.hpp"

namespace swarmpath::search {

namespace {

/// jump_along_line with the direction fixed at compile time, inlined into the searches.
template <int Step>
[[gnu::always_inline]] inline std::uint32_t scan_line(const ScanLines& lines, std::int64_t line, std::int64_t position,
                                                      std::int64_t goal_position) {
    const LineBits& bits = lines.bits;
    if constexpr (Step > 0) {
        std::int64_t first = position + 1;  // window: cells first … first+63, bit i = cell first+i
        for (;;) {
            std::uint64_t stop = bits.read(line, first, ScanLines::kStopForward);
            const std::int64_t goal_offset = goal_position - first;
            if (goal_offset >= 0 && goal_offset < 64) stop |= std::uint64_t{1} << goal_offset;
            if (stop != 0) {
                const std::int64_t cell = first + __builtin_ctzll(stop);
                if (!bits.test(line, cell, ScanLines::kPassable)) return 0;
                return static_cast<std::uint32_t>(cell - position);
            }
            first += 64;
        }
    } else {
        std::int64_t first = position - 64;  // window: cells first … first+63 = position−1, scanned downwards
        for (;;) {
            std::uint64_t stop = bits.read(line, first, ScanLines::kStopBackward);
            const std::int64_t goal_offset = goal_position - first;
            if (goal_offset >= 0 && goal_offset < 64) stop |= std::uint64_t{1} << goal_offset;
            if (stop != 0) {
                const std::int64_t cell = first + 63 - __builtin_clzll(stop);
                if (!bits.test(line, cell, ScanLines::kPassable)) return 0;
                return static_cast<std::uint32_t>(position - cell);
            }
            first -= 64;
        }
    }
}

}  // namespace

std::uint32_t jump_along_line(const ScanLines& lines, std::int64_t line, std::int64_t position, int step,
                              std::int64_t goal_position) {
    return step > 0 ? scan_line<1>(lines, line, position, goal_position)
                    : scan_line<-1>(lines, line, position, goal_position);
}

Status check_jump_point_settings(const grid::Grid& grid, const SearchSettings& settings) {
    auto fail = [](const std::string& reason) -> Status {
        return Error{"", 0, 0,
                     "jump point search needs the benchmark rule (8-connected moves, both-free diagonals, "
                     "uniform cost): " + reason};
    };
    if (settings.moves != Moves::eight) return fail("--moves is 4; use --algorithm astar");
    if (settings.diagonal != DiagonalRule::both_free) {
        return fail("--diagonal-rule is " + std::string(to_string(settings.diagonal)) + "; use --algorithm astar");
    }
    if (!grid.uniform_cost()) {
        return fail("this map's passable terrain has different costs or movement layers; use --algorithm astar");
    }
    if (settings.weight != 1.0) return fail("it finds optimal paths only (no --weight); use --algorithm astar");
    if (resolve_heuristic(settings.heuristic, settings.moves) != HeuristicKind::octile) {
        return fail("it uses the octile heuristic only; use --heuristic auto or octile, or --algorithm astar");
    }
    if (settings.fallback != Fallback::none) {
        return fail("--fallback nearest needs every reachable cell, which it never visits; use --algorithm astar");
    }
    return Success{};
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
            auto free = [&](int offset_x, int offset_y) { return ((mask >> neighbourhood_bit(offset_x, offset_y)) & 1U) != 0; };
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

/// Online jumps: block scans over rows and columns, diagonal steps one cell at a time.
struct OnlineJumps {
    const ScanLines* rows;
    const ScanLines* columns;
    const grid::Bitset* passable;
    std::int64_t padded_width;
    std::int64_t goal_x;
    std::int64_t goal_y;

    OnlineJumps(const Solver& solver, const Endpoints& endpoints)
        : rows(&solver.jump_grid()->rows()),
          columns(&solver.jump_grid()->columns()),
          passable(&solver.grid().passable_bits()),
          padded_width(solver.grid().padded_width()),
          goal_x(endpoints.goal_x),
          goal_y(endpoints.goal_y) {}

    [[nodiscard]] std::uint32_t straight(const Position& from, int direction) const {
        return scan(from.x, from.y, direction);
    }

    /// Steps from (x, y) straight in `direction` to the jump point or goal, 0 if none.
    [[nodiscard]] std::uint32_t scan(std::int64_t x, std::int64_t y, int direction) const {
        switch (direction) {
            case 0: return scan_line<-1>(*columns, x, y, x == goal_x ? goal_y : kNoGoalPosition);
            case 1: return scan_line<1>(*rows, y, x, y == goal_y ? goal_x : kNoGoalPosition);
            case 2: return scan_line<1>(*columns, x, y, x == goal_x ? goal_y : kNoGoalPosition);
            default: return scan_line<-1>(*rows, y, x, y == goal_y ? goal_x : kNoGoalPosition);
        }
    }

    /// Walks the diagonal from `from`; for every cell on it, offers the straight jump points found
    /// along its two components (and the goal, if the walk meets it).
    template <class Generate>
    void diagonal(const Position& from, int direction, Generate&& generate) const {
        switch (direction) {
            case 4: walk_diagonal<1, -1>(from, generate); break;
            case 5: walk_diagonal<1, 1>(from, generate); break;
            case 6: walk_diagonal<-1, 1>(from, generate); break;
            default: walk_diagonal<-1, -1>(from, generate); break;
        }
    }

    template <int DeltaX, int DeltaY, class Generate>
    void walk_diagonal(const Position& from, Generate&& generate) const {
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
            if (const std::uint32_t distance = scan_line<DeltaX>(*rows, y, x, y == goal_y ? goal_x : kNoGoalPosition);
                distance != 0) {
                generate(x + DeltaX * static_cast<std::int64_t>(distance), y, steps, distance, horizontal);
            }
            if (const std::uint32_t distance = scan_line<DeltaY>(*columns, x, y, x == goal_x ? goal_y : kNoGoalPosition);
                distance != 0) {
                generate(x, y + DeltaY * static_cast<std::int64_t>(distance), steps, distance, vertical);
            }
        }
    }
};

/// JPS+ jumps: every distance read from the table; the goal is found by comparing coordinates.
struct TableJumps {
    const JumpPointTable* table;
    std::int64_t padded_width;
    std::int64_t goal_x;
    std::int64_t goal_y;

    TableJumps(const Solver& solver, const Endpoints& endpoints)
        : table(solver.jump_table()),
          padded_width(solver.grid().padded_width()),
          goal_x(endpoints.goal_x),
          goal_y(endpoints.goal_y) {}

    /// Steps from `from` straight in `direction` to the goal if it lies within
    /// reach on that line, else to the next jump point; 0 if neither.
    [[nodiscard]] std::uint32_t straight(const Position& from, int direction) const {
        const std::int32_t value = table->distance(from.cell, direction);
        const std::int64_t x = from.x;
        const std::int64_t y = from.y;
        const std::int64_t reach = value > 0 ? value : -value;
        std::int64_t goal_distance = 0;
        switch (direction) {
            case 0: goal_distance = x == goal_x ? y - goal_y : 0; break;
            case 1: goal_distance = y == goal_y ? goal_x - x : 0; break;
            case 2: goal_distance = x == goal_x ? goal_y - y : 0; break;
            default: goal_distance = y == goal_y ? x - goal_x : 0; break;
        }
        if (goal_distance > 0 && goal_distance <= reach) return static_cast<std::uint32_t>(goal_distance);
        return value > 0 ? static_cast<std::uint32_t>(value) : 0;
    }


    /// Follows the diagonal from jump point to jump point; at each, offers the straight jump points
    /// along its two components. Offers the goal when it lies straight ahead of the diagonal cell
    /// on its row or column within reach.
    template <class Generate>
    void diagonal(const Position& from, int direction, Generate&& generate) const {
        const int dx = kDirectionX[static_cast<std::size_t>(direction)];
        const int dy = kDirectionY[static_cast<std::size_t>(direction)];
        const int horizontal = dx > 0 ? 1 : 3;
        const int vertical = dy > 0 ? 2 : 0;
        const std::int64_t cell_step = dx + dy * padded_width;
        // Diagonal steps to the goal's row or column, when the goal lies in this quadrant.
        const std::int64_t goal_dx = (goal_x - from.x) * dx;
        const std::int64_t goal_dy = (goal_y - from.y) * dy;
        const std::int64_t goal_steps = goal_dx > 0 && goal_dy > 0 ? std::min(goal_dx, goal_dy) : 0;
        std::int64_t cell = from.cell;
        std::int64_t steps = 0;
        for (;;) {
            const std::int32_t value = table->distance(static_cast<std::uint32_t>(cell), direction);
            const std::int64_t reach = value > 0 ? value : -value;
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
                    const std::int32_t straight_value = table->distance(static_cast<std::uint32_t>(at), toward);
                    if (goal_distance <= (straight_value > 0 ? straight_value : -straight_value)) {
                        generate(goal_x, goal_y, static_cast<std::uint32_t>(goal_steps),
                                 static_cast<std::uint32_t>(goal_distance), toward);
                    }
                }
            }
            if (value <= 0) return;
            steps += value;
            cell += cell_step * value;
            const std::int64_t x = from.x + dx * steps;
            const std::int64_t y = from.y + dy * steps;
            const std::int32_t across = table->distance(static_cast<std::uint32_t>(cell), horizontal);
            if (across > 0) {
                generate(x + dx * static_cast<std::int64_t>(across), y, static_cast<std::uint32_t>(steps),
                         static_cast<std::uint32_t>(across), horizontal);
            }
            const std::int32_t down = table->distance(static_cast<std::uint32_t>(cell), vertical);
            if (down > 0) {
                generate(x, y + dy * static_cast<std::int64_t>(down), static_cast<std::uint32_t>(steps),
                         static_cast<std::uint32_t>(down), vertical);
            }
        }
    }
};

/// Rebuilds the full cell path from `end` back to the start through parent cells; each segment
/// parent → node is diagonal steps first, then straight steps.
void reconstruct_jump_path(const grid::Grid& grid, detail::SearchState& context, std::uint32_t start, std::uint32_t end,
                           Result& result) {
    const std::uint32_t* parents = context.parent_cells();
    std::vector<std::uint32_t>& scratch = context.path_scratch();
    scratch.clear();
    const std::int64_t padded_width = grid.padded_width();
    const std::int64_t width = grid.width();
    std::int64_t cell = end;
    std::int64_t x = cell % padded_width - 1;
    std::int64_t y = cell / padded_width - 1;
    for (;;) {
        scratch.push_back(static_cast<std::uint32_t>(y * width + x));
        if (cell == start) break;
        const std::int64_t parent = parents[cell];
        const std::int64_t parent_x = parent % padded_width - 1;
        const std::int64_t parent_y = parent / padded_width - 1;
        const std::int64_t step_x = x > parent_x ? 1 : (x < parent_x ? -1 : 0);
        const std::int64_t step_y = y > parent_y ? 1 : (y < parent_y ? -1 : 0);
        const std::int64_t across = x > parent_x ? x - parent_x : parent_x - x;
        const std::int64_t down = y > parent_y ? y - parent_y : parent_y - y;
        const std::int64_t diagonal_steps = std::min(across, down);
        // Backwards: the straight part first, then the diagonal part, stopping short of the parent.
        std::int64_t straight_steps = std::max(across, down) - diagonal_steps;
        const std::int64_t straight_x = across > down ? step_x : 0;
        const std::int64_t straight_y = down > across ? step_y : 0;
        for (; straight_steps > 0; --straight_steps) {
            x -= straight_x;
            y -= straight_y;
            if (x != parent_x || y != parent_y) scratch.push_back(static_cast<std::uint32_t>(y * width + x));
        }
        for (std::int64_t step = 1; step < diagonal_steps; ++step) {
            x -= step_x;
            y -= step_y;
            scratch.push_back(static_cast<std::uint32_t>(y * width + x));
        }
        cell = parent;
        x = parent_x;
        y = parent_y;
    }
    result.path.resize(scratch.size());
    std::transform(scratch.rbegin(), scratch.rend(), result.path.begin(),
                   [](std::uint32_t value) { return grid::CellIndex{value}; });
}

/// The open list as 16-byte packed keys (detail/packed_open_list.hpp), for grids where every f and
/// g fits in 47 bits: any g is at most one diagonal step per cell, any h at most twice the
/// straight distance across the map.
struct PackedOpen {
    detail::PackedOpenList* list;
    explicit PackedOpen(detail::SearchState& context) : list(&context.packed_open_list()) {}
    static bool fits(const grid::Grid& grid) {
        const double g_bound = (static_cast<double>(grid.cell_count()) + 1.0) * static_cast<double>(grid::kDiagonalUnits);
        const double h_bound = 2.0 * static_cast<double>(grid.width() + grid.height()) * static_cast<double>(grid::kStraightUnits);
        return g_bound + h_bound < 0.5 * static_cast<double>(detail::kPackedCostLimit);
    }
    [[nodiscard]] bool empty() const { return list->empty(); }
    void push(grid::Cost f, grid::Cost g, std::uint32_t cell, CellStamp* stamps) {
        list->push(detail::pack_key(f, g, cell), stamps);
    }
    /// Removes the minimum; returns its cell and g.
    std::pair<std::uint32_t, grid::Cost> pop(CellStamp* stamps) {
        const detail::PackedKey key = list->pop(stamps);
        return {detail::key_cell(key), detail::key_g(key)};
    }
    [[nodiscard]] grid::Cost f_at(std::uint32_t slot) const { return detail::key_f(list->at(slot)); }
    [[nodiscard]] grid::Cost g_at(std::uint32_t slot) const { return detail::key_g(list->at(slot)); }
    void decrease(std::uint32_t slot, grid::Cost f, grid::Cost g, std::uint32_t cell, CellStamp* stamps) {
        list->decrease_key(slot, detail::pack_key(f, g, cell), stamps);
    }
};

/// The open list as FourAryHeap entries, for any cost range.
struct WideOpen {
    FourAryHeap* heap;
    explicit WideOpen(detail::SearchState& context) : heap(&context.open_list()) {}
    [[nodiscard]] bool empty() const { return heap->empty(); }
    void push(grid::Cost f, grid::Cost g, std::uint32_t cell, CellStamp* stamps) { heap->push({f, g, cell, 0, 0}, stamps); }
    std::pair<std::uint32_t, grid::Cost> pop(CellStamp* stamps) {
        const HeapEntry entry = heap->pop(stamps);
        return {entry.cell, entry.g};
    }
    [[nodiscard]] grid::Cost f_at(std::uint32_t slot) const { return heap->at(slot).f; }
    [[nodiscard]] grid::Cost g_at(std::uint32_t slot) const { return heap->at(slot).g; }
    void decrease(std::uint32_t slot, grid::Cost f, grid::Cost g, std::uint32_t /*cell*/, CellStamp* stamps) {
        heap->decrease_key(slot, f, g, stamps);
    }
};

template <class Jumps, class Open>
void jump_point_search(const Solver& solver, detail::SearchState& context, const Endpoints& endpoints, Result& result) {
    const grid::Grid& grid = solver.grid();
    const Jumps jumps(solver, endpoints);
    const grid::Bitset& passable = grid.passable_bits();
    const std::int64_t padded_width = grid.padded_width();
    // The expansion count at which the search stops or reaches its next checkpoint (StopConditions).
    std::uint64_t expansion_limit = endpoints.stop.first_limit();
    const std::uint32_t goal = endpoints.goal;
    const std::uint32_t goal_x = endpoints.goal_x;
    const std::uint32_t goal_y = endpoints.goal_y;

    context.begin_search();
    CellStamp* stamps = context.stamps();
    std::uint8_t* arrivals = context.parent_directions();
    std::uint32_t* parents = context.parent_cells();
    Open open(context);
    // A stamp holding `generation` marks an open cell, `closed_generation` a closed one (context.hpp).
    const std::uint32_t generation = context.generation();
    const std::uint32_t closed_generation = context.closed_generation();
    Counters counters;

    auto estimate = [&](std::int64_t x, std::int64_t y) {
        return heuristics::Octile::distance(absolute_difference(static_cast<std::uint32_t>(x), goal_x),
                                            absolute_difference(static_cast<std::uint32_t>(y), goal_y));
    };

    context.touch(endpoints.start);
    arrivals[endpoints.start] = 0;
    parents[endpoints.start] = endpoints.start;
    open.push(estimate(endpoints.start_x, endpoints.start_y), 0, endpoints.start, stamps);
    ++counters.heap_pushes;

    std::uint32_t current_cell = 0;
    grid::Cost current_g = 0;
    // Offers the node at (x, y), reached from the current node by `diagonal_steps` diagonal then
    // `straight_steps` straight steps, the last of them in direction `arrival`.
    auto generate = [&](std::int64_t x, std::int64_t y, std::uint32_t diagonal_steps, std::uint32_t straight_steps,
                        int arrival) {
        ++counters.generated;
        const auto cell = static_cast<std::uint32_t>((y + 1) * padded_width + (x + 1));
        CellStamp& stamp = stamps[cell];
        if (stamp.generation == closed_generation) return;
        const grid::Cost g = current_g + grid::kDiagonalUnits * diagonal_steps + grid::kStraightUnits * straight_steps;
        const auto arrival_bit = static_cast<std::uint8_t>(1U << arrival);
        if (stamp.generation != generation) {
            stamp.generation = generation;
            parents[cell] = current_cell;
            arrivals[cell] = arrival_bit;
            open.push(g + estimate(x, y), g, cell, stamps);
            ++counters.heap_pushes;
            return;
        }
        const grid::Cost old_g = open.g_at(stamp.slot);
        if (g < old_g) {
            open.decrease(stamp.slot, open.f_at(stamp.slot) - old_g + g, g, cell, stamps);
            parents[cell] = current_cell;
            arrivals[cell] = arrival_bit;
            ++counters.decrease_keys;
        } else if (g == old_g) {
            arrivals[cell] = static_cast<std::uint8_t>(arrivals[cell] | arrival_bit);
        }
    };

    bool reached = false;
    bool limited = false;
    QueryStatus stop_status = QueryStatus::node_limit;
    while (!open.empty()) {
        std::tie(current_cell, current_g) = open.pop(stamps);
        ++counters.heap_pops;
        ++counters.expanded;
        stamps[current_cell].generation = closed_generation;
        if (current_cell == goal) {
            reached = true;
            break;
        }
        if (counters.expanded >= expansion_limit) {
            const Checkpoint next = endpoints.stop.checkpoint(counters.expanded);
            if (next.stop) {
                limited = true;
                stop_status = next.status;
                break;
            }
            expansion_limit = next.limit;
        }
        const unsigned neighbourhood = read_neighbourhood(passable, current_cell, static_cast<std::uint32_t>(padded_width));
        unsigned arrived = arrivals[current_cell];
        unsigned moves = 0;
        if (arrived == 0) {
            moves = LegalMoves::table[neighbourhood];
        } else {
            while (arrived != 0) {
                moves |= kPrunedMoves[static_cast<std::size_t>(__builtin_ctz(arrived))][neighbourhood];
                arrived &= arrived - 1;
            }
        }
        const Position from{current_cell, static_cast<std::int64_t>(current_cell) % padded_width - 1,
                            static_cast<std::int64_t>(current_cell) / padded_width - 1};
        while (moves != 0) {
            const int direction = __builtin_ctz(moves);
            moves &= moves - 1;
            if (is_diagonal(direction)) {
                jumps.diagonal(from, direction, generate);
            } else if (const std::uint32_t distance = jumps.straight(from, direction); distance != 0) {
                generate(from.x + kDirectionX[static_cast<std::size_t>(direction)] * static_cast<std::int64_t>(distance),
                         from.y + kDirectionY[static_cast<std::size_t>(direction)] * static_cast<std::int64_t>(distance), 0U,
                         distance, direction);
            }
        }
    }

    result.counters = counters;
    if (reached) {
        result.status = QueryStatus::found;
        result.cost_units = current_g;
        result.cost = grid.to_real_cost(current_g);
        if (solver.settings().record_paths) reconstruct_jump_path(grid, context, endpoints.start, goal, result);
        return;
    }
    result.status = limited ? stop_status : QueryStatus::no_path;
}

template <class Jumps>
void jump_point_search_with_open_list(const Solver& solver, detail::SearchState& context, const Endpoints& endpoints,
                                      Result& result) {
    if (PackedOpen::fits(solver.grid())) {
        jump_point_search<Jumps, PackedOpen>(solver, context, endpoints, result);
    } else {
        jump_point_search<Jumps, WideOpen>(solver, context, endpoints, result);
    }
}

}  // namespace

void jump_point_search_online(const Solver& solver, detail::SearchState& context, const Endpoints& endpoints, Result& result) {
    jump_point_search_with_open_list<OnlineJumps>(solver, context, endpoints, result);
}

void jump_point_search_table(const Solver& solver, detail::SearchState& context, const Endpoints& endpoints, Result& result) {
    jump_point_search_with_open_list<TableJumps>(solver, context, endpoints, result);
}

}  // namespace swarmpath::search
