// The entry point for one query: a Solver binds a grid to search settings, validates them, computes
// what the settings need once (component labels), and picks one compiled instantiation of the search
// for the movement model, cost model and heuristic. `solve` then runs any number of queries, each on
// a caller-owned SearchContext (one per thread); a Solver itself is immutable and thread-safe.
//
// Before searching, `solve` answers without search where it can: `invalid` (an endpoint off the map),
// `start_blocked`, `goal_blocked`, `no_path` (different components), or `found` at cost 0 when start
// equals goal. With Fallback::nearest, a blocked or unreachable goal is searched anyway and answered
// `partial` with the path to the reachable cell nearest the goal: smallest natural distance to the
// goal (octile for 8-connected, manhattan for 4, in fixed-point units), then smallest g, then smallest
// CellIndex.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "swarmpath/core/error.hpp"
#include "swarmpath/core/parallel_loop.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/components.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::search {

class JumpPointGrid;   // jump_point_search.hpp
class JumpPointTable;  // jump_point_table.hpp
namespace detail {
class SearchState;  // search/detail/search_state.hpp (internal): a SearchContext's state
}  // namespace detail

/// Endpoints of a query after validation, in both index spaces, and when its search must stop.
struct Endpoints {
    std::uint32_t start_x, start_y, goal_x, goal_y;
    std::uint32_t start, goal;  ///< padded indices
    StopConditions stop;
};

/// How A* may key its open list on one grid and weight (detail/astar.hpp), worked out once when
/// the Solver is created: it depends on the grid's dearest step and the weight, not on the query.
struct OpenListBounds {
    bool packed_keys_fit = false;   ///< every f and g a query can meet fits the packed list's keys
    bool compact_usable = false;    ///< the compact list (32-bit f and g) has room at all
    grid::Cost compact_f_limit = 0; ///< the largest f a cell may have and be expanded on the compact list
};

/// How Solver::create prepares its data: the loop its builders run their independent lines on
/// (the JPS+ table; serial by default, a batch::BatchSolver's workers in a batch), and data the
/// caller already holds for this grid and these settings' moves and diagonal rule (kept current
/// across map edits by batch::EditableMap), used instead of computing it. Data given but not needed
/// by the algorithm is ignored.
struct Preparation {
    core::ParallelLoop parallel = {};
    std::shared_ptr<const Components> components = nullptr;
    std::shared_ptr<const JumpPointGrid> jump_grid = nullptr;
    std::shared_ptr<const JumpPointTable> jump_table = nullptr;
};

class Solver {
public:
    /// One compiled search. It takes the context's internal state, fetched once per query by solve.
    using SearchFunction = void (*)(const Solver&, detail::SearchState&, const Endpoints&, Result&);

    /// Validates `settings` against `grid` (an inadmissible heuristic without allow_inadmissible,
    /// a weight below 1, an empty grid, ...) and prepares the search. The grid must outlive the solver.
    /// `preparation` says how to prepare (see Preparation): serially and from scratch by default.
    static Expected<Solver> create(const grid::Grid& grid, const SearchSettings& settings,
                                   const Preparation& preparation = {});

    /// Solves one query. No exceptions; allocates only to return the path. A query started after the
    /// settings' CancelToken fired is answered `cancelled` at once.
    [[nodiscard]] Result solve(SearchContext& context, const Query& query) const;
    void solve(SearchContext& context, const Query& query, Result& result) const;

    [[nodiscard]] const grid::Grid& grid() const { return *grid_; }
    [[nodiscard]] const SearchSettings& settings() const { return settings_; }
    /// The heuristic in force (`automatic` resolved).
    [[nodiscard]] HeuristicKind heuristic() const { return heuristic_; }
    /// The algorithm in force (`automatic` resolved).
    [[nodiscard]] Algorithm algorithm() const { return algorithm_; }
    [[nodiscard]] const Components& components() const { return *components_; }
    /// Weight as 16.16 fixed point (65536 = 1).
    [[nodiscard]] std::uint64_t weight_fixed() const { return weight_fixed_; }
    /// Row and column bits for online jump point search (set when the algorithm is jps).
    [[nodiscard]] const JumpPointGrid* jump_grid() const { return jump_grid_.get(); }
    /// JPS+ jump distances, built in create (set when the algorithm is jps_plus).
    [[nodiscard]] const JumpPointTable* jump_table() const { return jump_table_.get(); }
    /// The legal moves (direction bits, moves.hpp) out of every padded cell under this solver's
    /// move rule, on the cell's own movement layer: one byte per cell, shared by every thread, so
    /// the A* loop reads one byte where it would read three rows of bits and look up the rule's
    /// table. Set when the algorithm is astar; 0 for blocked and padding cells.
    [[nodiscard]] const std::uint8_t* legal_moves() const { return legal_moves_ ? legal_moves_->data() : nullptr; }
    /// A* runs on its compact open list (32-bit f and g) while the f of every cell it expands is at
    /// most bounds.compact_f_limit, which keeps its successors' keys in 32 bits; past it, the search
    /// moves to the packed list when bounds.packed_keys_fit, else to the general one.
    [[nodiscard]] const OpenListBounds& open_list_bounds() const { return open_list_bounds_; }
    /// Test hook: cap the compact open list's f limit (the lower of the cap and the limit the grid
    /// allows is used), so that searches move to the wider open list part-way, or (below the
    /// start's f) never use the compact list. A cap of ~0 restores the grid's own limit.
    void set_compact_f_cap_for_testing(grid::Cost cap) {
        open_list_bounds_.compact_f_limit = std::min(compact_f_ceiling_, cap);
    }

private:
    void solve_untimed(SearchContext& context, const Query& query, Result& result) const;
    const grid::Grid* grid_ = nullptr;
    SearchSettings settings_;
    HeuristicKind heuristic_ = HeuristicKind::octile;
    Algorithm algorithm_ = Algorithm::astar;
    std::uint64_t weight_fixed_ = 65536;
    std::shared_ptr<const Components> components_;
    std::shared_ptr<const JumpPointGrid> jump_grid_;
    std::shared_ptr<const JumpPointTable> jump_table_;
    std::shared_ptr<const std::vector<std::uint8_t>> legal_moves_;
    SearchFunction search_ = nullptr;
    OpenListBounds open_list_bounds_;
    grid::Cost compact_f_ceiling_ = 0;  ///< the compact f limit the grid and weight allow
};

}  // namespace swarmpath::search
