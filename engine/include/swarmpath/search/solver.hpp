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

#include <cstdint>
#include <memory>
#include <variant>
#include <vector>

#include "swarmpath/core/error.hpp"
#include "swarmpath/core/parallel_loop.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/components.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::search {

class JumpPointGrid;   // jump_point_grid.hpp
class JumpPointTable;  // jump_point_table.hpp
class SearchState;     // a SearchContext's state, opaque outside the engine (context.hpp)
// What a Solver prepares for each algorithm, defined in the engine's sources (search/preparations.hpp).
struct PreparedAstar;
struct PreparedJumpPoints;
struct PreparedJumpTable;

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

/// Ok when `settings` on `grid` follow the benchmark rule jump point search needs (8-connected,
/// both-free diagonals, uniform cost, weight 1, octile, no fallback); otherwise an Error saying why.
Status check_jump_point_settings(const grid::Grid& grid, const SearchSettings& settings);

/// Ok on square grids; on hex and triangle grids, an Error naming the first option that does not apply
/// to the shape (--moves, --diagonal-rule, --algorithm jps|jps+, an overestimating --heuristic), as
/// Solver::create refuses it. For callers that use the settings without a Solver (goal fields).
Status check_shape_settings(const grid::Grid& grid, const SearchSettings& settings);

class Solver {
public:
    /// One compiled search. It takes the context's state, fetched once per query by solve.
    using SearchFunction = void (*)(const Solver&, SearchState&, const Endpoints&, Result&);
    /// What the solver prepared for its algorithm: exactly one alternative, fixed by create.
    using PreparedData = std::variant<std::shared_ptr<const PreparedAstar>, std::shared_ptr<const PreparedJumpPoints>,
                                      std::shared_ptr<const PreparedJumpTable>>;

    /// Validates `settings` against `grid` (an inadmissible heuristic without allow_inadmissible,
    /// a weight below 1, an empty grid, ...) and prepares the search. The grid must outlive the solver.
    /// `preparation` says how to prepare (see Preparation): serially and from scratch by default.
    static Expected<Solver> create(const grid::Grid& grid, const SearchSettings& settings,
                                   const Preparation& preparation = {});

    /// Makes `context` ready for this solver's grid ahead of the first query (solving does it by
    /// itself), as SearchContext::prepare does, and lends it the room this solver set aside for one
    /// context when it has some and the context grows: a JPS+ solver's table lends its first context
    /// the room right before and after its distances, in 2 MB pages its build faulted in, so that
    /// context's first query faults in no 2 MB page of its own (50-250 µs on a virtual machine).
    /// Throws std::bad_alloc when the system has no room.
    void prepare(SearchContext& context) const;

    /// Solves one query. No exceptions; allocates only to return the path. A query started after the
    /// settings' CancelToken fired is answered `cancelled` at once.
    [[nodiscard]] Result solve(SearchContext& context, const Query& query) const;
    void solve(SearchContext& context, const Query& query, Result& result) const;
    /// As solve, with the search stopped after at most `expansion_limit` expansions (status
    /// node_limit), or the settings' max_expansions when that is smaller or `expansion_limit` is 0:
    /// for a probe that only needs to know whether a query costs more than some bound.
    void solve(SearchContext& context, const Query& query, Result& result, std::uint64_t expansion_limit) const;

    /// This solver with another per-query deadline and cancel token (SearchSettings::time_budget and
    /// cancel; zero and null: none). Everything prepared is shared, so it costs a few reference
    /// counts: for one batch's own deadline or token over a solver made once.
    [[nodiscard]] Solver with_stop_conditions(std::chrono::nanoseconds time_budget, const CancelToken* cancel) const {
        Solver copy = *this;
        copy.settings_.time_budget = time_budget;
        copy.settings_.cancel = cancel;
        return copy;
    }

    [[nodiscard]] const grid::Grid& grid() const { return *grid_; }
    [[nodiscard]] const SearchSettings& settings() const { return settings_; }
    /// The heuristic in force (`automatic` resolved).
    [[nodiscard]] HeuristicKind heuristic() const { return heuristic_; }
    /// The algorithm in force (`automatic` resolved).
    [[nodiscard]] Algorithm algorithm() const { return algorithm_; }
    [[nodiscard]] const Components& components() const { return *components_; }
    /// Weight as 16.16 fixed point (65536 = 1).
    [[nodiscard]] std::uint64_t weight_fixed() const { return weight_fixed_; }
    /// Row and column bits for online jump point search (the algorithm is jps), else null.
    [[nodiscard]] const JumpPointGrid* jump_grid() const;
    /// JPS+ jump distances, built in create (the algorithm is jps_plus), else null.
    [[nodiscard]] const JumpPointTable* jump_table() const;
    /// The prepared data of the algorithm in force; `Prepared` must be that alternative (the engine's
    /// searches, which the solver itself picked, are the only callers).
    template <class Prepared>
    [[nodiscard]] const Prepared& prepared() const {
        return **std::get_if<std::shared_ptr<const Prepared>>(&prepared_);
    }

private:
    void solve_untimed(SearchContext& context, const Query& query, Result& result, std::uint64_t expansion_limit) const;
    const grid::Grid* grid_ = nullptr;
    SearchSettings settings_;
    HeuristicKind heuristic_ = HeuristicKind::octile;
    Algorithm algorithm_ = Algorithm::astar;
    std::uint64_t weight_fixed_ = 65536;
    std::shared_ptr<const Components> components_;
    PreparedData prepared_;
    SearchFunction search_ = nullptr;
};

}  // namespace swarmpath::search
