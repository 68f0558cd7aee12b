// Goal fields (flow fields): one reverse Dijkstra from a goal gives every cell it settles its exact
// optimal cost to that goal and the direction of its first step, so any number of agents bound for
// the goal read their paths off the field instead of searching.
//
// Semantics, identical to A* (astar.hpp) in every movement model, diagonal rule and terrain:
//   - A forward step u→v costs the straight or diagonal units of the terrain kind of v, the cell
//     ENTERED. The reverse search settles v and relaxes its predecessors u, charging each u the
//     units of v: cost(u) = cost(v) + units(kind(v), step). Costs are the same 64-bit fixed-point
//     integers as A*'s, so a field cost equals the A* cost exactly (no rounding).
//   - A step u→v is legal exactly when v→u is: both cells on one layer, and for a diagonal the two
//     side cells are the same two cells seen from either end. So the reverse search uses the same
//     MoveRule tables on v's own layer.
//   - The open list is Dial's buckets of width kStraightUnits (every step costs at least that), so
//     cells leave it in a fixed order: a field depends only on the grid, the rules, the goal and the
//     target set, never on threads or timing.
// A field stops once every target cell is settled (or the goal's region is exhausted); with no
// targets it covers every cell that can reach the goal. Unsettled cells have no cost and no direction.
// Memory: 9 bytes + 1 bit per padded cell. Computing allocates the field's arrays once and grows a
// caller-owned workspace's heap; the Dijkstra loop itself neither throws nor allocates past that.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "swarmpath/grid/bitset.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/grid/padded_layout.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::search {

/// Direction byte of a cell with no next step: the goal itself, or a cell the field did not settle.
inline constexpr std::uint8_t kNoDirection = 0xFF;

/// Scratch a worker reuses from field to field: the open list's buckets and the target marks.
struct FieldWorkspace {
    std::vector<std::vector<std::uint32_t>> buckets;  ///< Dial's buckets (goal_field.cpp)
    std::vector<std::uint32_t> targets;               ///< padded cells still to settle (deduplicated)
    grid::Bitset target_bits;
};

class GoalField {
public:
    /// Reverse Dijkstra from (goal_x, goal_y) on `grid` under `moves` and `rule`. `targets` are the
    /// cells whose costs are wanted (typically the agents' starts); the search stops once all of them
    /// that can reach the goal are settled. Empty `targets`, or `whole_map`, settles every cell that
    /// can reach the goal. A blocked or off-map goal gives an empty field; targets off the map are
    /// ignored.
    /// `stop` may end the Dijkstra early: its cancel token and deadline are read every
    /// kCheckpointInterval settled cells (its expansion limit is not used); the field is then
    /// incomplete and stopped() says why.
    static GoalField compute(const grid::Grid& grid, Moves moves, DiagonalRule rule, std::uint32_t goal_x,
                             std::uint32_t goal_y, std::span<const grid::CellIndex> targets, bool whole_map,
                             FieldWorkspace& workspace, const StopConditions& stop = {});
    /// The same computation into this field's own storage, for a worker that computes field after
    /// field: the arrays are reused and only the cells the previous computation touched are reset,
    /// so a small field on a large map costs what it settles, not the map's size. Keeps a list of the
    /// touched cells (4 bytes each) until the next recompute.
    void recompute(const grid::Grid& grid, Moves moves, DiagonalRule rule, std::uint32_t goal_x, std::uint32_t goal_y,
                   std::span<const grid::CellIndex> targets, bool whole_map, FieldWorkspace& workspace,
                   const StopConditions& stop = {});

    [[nodiscard]] std::uint32_t width() const { return width_; }
    [[nodiscard]] std::uint32_t height() const { return height_; }
    [[nodiscard]] std::uint32_t goal_x() const { return goal_x_; }
    [[nodiscard]] std::uint32_t goal_y() const { return goal_y_; }
    [[nodiscard]] Moves moves() const { return moves_; }
    [[nodiscard]] DiagonalRule diagonal() const { return diagonal_; }
    /// True when the search ran until no cell was left to settle (every reachable cell has a cost).
    [[nodiscard]] bool complete() const { return complete_; }
    /// `deadline` or `cancelled` when the StopConditions ended the Dijkstra early; `found` otherwise.
    [[nodiscard]] QueryStatus stopped() const { return stopped_; }
    /// Every cell cheaper than this (to the goal) is settled; cells unsettled cost at least this.
    [[nodiscard]] grid::Cost radius() const { return radius_; }
    /// What the Dijkstra did: cells settled (expanded), moves generated, heap pushes and pops.
    [[nodiscard]] const Counters& counters() const { return counters_; }

    // settled, cost_units and next_direction are unchecked reads: (x, y) must be on the field's map.
    [[nodiscard]] bool settled(std::uint32_t x, std::uint32_t y) const { return settled_.test(padded(x, y)); }
    /// Fixed-point cost from (x, y) to the goal; meaningful only when settled(x, y).
    [[nodiscard]] grid::Cost cost_units(std::uint32_t x, std::uint32_t y) const { return cost_[padded(x, y)]; }
    /// Direction (0 N, 1 E, 2 S, 3 W, 4 NE, 5 SE, 6 SW, 7 NW) of the first step from (x, y) towards
    /// the goal; kNoDirection at the goal and at unsettled cells.
    [[nodiscard]] std::uint8_t next_direction(std::uint32_t x, std::uint32_t y) const {
        return direction_[padded(x, y)];
    }

    /// Answers the query from (start_x, start_y) to this field's goal: `found` with the cost and, when
    /// `record_path`, the path (start first, goal last) read off the directions; `no_path` when the
    /// field is complete and the start unsettled; `invalid` for a start off the map. Returns false,
    /// leaving `result` untouched, when the start was not settled by an incomplete field (a target it
    /// was not computed for) or when `grid` is not the size the field was computed for.
    bool read_path(const grid::Grid& grid, std::uint32_t start_x, std::uint32_t start_y, bool record_path,
                   Result& result) const;

    /// True when cells at (x, y) changing could change this field: a settled cell, or a cell
    /// 8-adjacent to one (it may be a diagonal side cell or a new predecessor). Cells farther out
    /// cost at least radius() to reach the goal, so changing them cannot improve any settled cell.
    /// False for a cell off the field's map.
    [[nodiscard]] bool affected_by_change(std::uint32_t x, std::uint32_t y) const;

    /// The raw per-padded-cell arrays, for readers that sweep a whole field (the path oracle's
    /// columns): costs are meaningful only where settled_bits() is set.
    [[nodiscard]] const grid::Cost* padded_costs() const { return cost_.data(); }
    [[nodiscard]] const grid::Bitset& settled_bits() const { return settled_; }

    [[nodiscard]] std::size_t memory_bytes() const {
        return cost_.capacity() * sizeof(grid::Cost) + direction_.capacity() + settled_.memory_bytes() +
               touched_.capacity() * sizeof(std::uint32_t);
    }

private:
    [[nodiscard]] std::uint32_t padded(std::uint32_t x, std::uint32_t y) const {
        return grid::PaddedLayout(width_, height_).padded(x, y);
    }
    template <class Rule, class CostModel>
    friend void run_field(const grid::Grid& grid, GoalField& field, FieldWorkspace& workspace, std::size_t targets,
                          const StopConditions& stop);

    std::uint32_t width_ = 0;
    std::uint32_t height_ = 0;
    std::uint32_t goal_x_ = 0;
    std::uint32_t goal_y_ = 0;
    Moves moves_ = Moves::eight;
    DiagonalRule diagonal_ = DiagonalRule::both_free;
    bool complete_ = false;
    QueryStatus stopped_ = QueryStatus::found;
    grid::Cost radius_ = 0;
    Counters counters_;
    std::vector<grid::Cost> cost_;         ///< per padded cell; tentative until settled
    std::vector<std::uint8_t> direction_;  ///< per padded cell
    grid::Bitset settled_;                 ///< per padded cell
    std::vector<std::uint32_t> touched_;   ///< cells given a cost since the last reset (recompute only)
    bool reusable_ = false;                ///< touched_ lists every cell that differs from the reset state
};

}  // namespace swarmpath::search
