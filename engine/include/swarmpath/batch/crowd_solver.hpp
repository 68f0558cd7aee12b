// Crowds: many queries sharing a few goals, answered with goal fields (search/goal_field.hpp).
// Queries are grouped by goal cell; each group is solved either with one goal field (a reverse
// Dijkstra that stops when the group's last start is settled, then one path read-off per agent) or
// with per-agent search (the Solver under Algorithm::automatic: JPS or A*, whichever it picks).
//   - Algorithm::flowfield: every group with a reachable goal uses a field.
//   - Algorithm::automatic: a group uses a field when the estimated field work is below the
//     estimated per-agent work (choose_field, the rule measured in docs/crowds.md).
// Queries a field cannot answer better than the Solver's checks (off-map, blocked endpoints,
// start = goal, different components, Fallback::nearest on an unreachable goal) go to the Solver.
// Field groups run in parallel over the BatchSolver's workers; each result goes to its query's
// slot and each field depends only on its group, so results do not depend on threads or timing.
// A field's Dijkstra counters are charged to the first query (lowest index) of its group; the other
// agents of the group carry zero counters. max_expansions limits per-agent searches only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/scenario_set.hpp"
#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/goal_field.hpp"
#include "swarmpath/search/solver.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::batch {

/// What a crowd solve did.
struct CrowdReport {
    std::size_t goal_groups = 0;       ///< distinct goals among the queries a field could answer
    std::size_t field_groups = 0;      ///< groups answered with a field
    std::size_t field_queries = 0;     ///< queries answered from a field
    std::size_t search_queries = 0;    ///< queries answered by the Solver (search or its early checks)
    std::uint64_t field_cells_settled = 0;
    search::Algorithm search_algorithm = search::Algorithm::astar;  ///< what per-agent search runs
    bool refused = false;  ///< `results` was not as long as `queries`: nothing was solved
};

/// The inputs of the automatic rule for one goal group, all in cells.
struct GroupEstimate {
    std::size_t agents = 0;
    double mean_squared_distance = 0;  ///< mean of the squared octile distances from starts to the goal
    double max_distance = 0;           ///< largest octile distance from a start to the goal
    std::size_t component_cells = 0;   ///< passable cells connected to the goal
    std::size_t map_cells = 0;         ///< padded cells of the map (a field initialises them all)
};

/// The automatic rule: true when one field is expected to be cheaper than per-agent search, both in
/// units of one A* expansion:
///   field     = 0.7 · min(component, 2·max_distance²) + 0.01 · map_cells
///               (the cells the Dijkstra settles out to the farthest agent, capped by the goal's
///               component, at 0.7 A* expansions each, plus clearing the field's arrays)
///   per agent = 0.09 · mean_squared_distance          for A*
///             = 0.09 · mean_squared_distance · 0.014  for JPS
/// The constants were measured on Paris_0_1024 with 3,000 agents and 4 goals (docs/crowds.md):
/// A* expanded 0.09·d² nodes per query at 68 ns each, a field settled cells at 48 ns each, and JPS
/// took 1.4 % of A*'s time per query. `jps` tells which per-agent search the Solver runs.
bool choose_field(const GroupEstimate& group, bool jps);

class CrowdSolver {
public:
    /// Prepares per-agent search (a Solver with Algorithm::automatic) and the component sizes.
    /// `settings.algorithm` must be flowfield or automatic. The grid must outlive the solver.
    static Expected<CrowdSolver> create(const grid::Grid& grid, const search::SearchSettings& settings);

    /// Solves queries[i] into results[i] for every i. `results` must be exactly as long as
    /// `queries`; otherwise nothing is solved and the report has `refused` set.
    /// `progress`, when given, is called now and then with (queries done, queries total) from
    /// whichever worker crossed the next 2% step, never from two threads at once.
    CrowdReport solve(std::span<const search::Query> queries, std::span<search::Result> results,
                      BatchSolver& workers, ProgressCallback progress = nullptr, void* progress_user = nullptr) const;

    [[nodiscard]] const search::Solver& search_solver() const { return *solver_; }
    [[nodiscard]] const search::SearchSettings& settings() const { return settings_; }

private:
    struct Shared;
    const grid::Grid* grid_ = nullptr;
    search::SearchSettings settings_;
    std::shared_ptr<const search::Solver> solver_;
    std::shared_ptr<Shared> shared_;
};

/// solve_set (scenario_run.hpp) for Algorithm::flowfield and Algorithm::automatic: one CrowdSolver
/// over the set. The outcome names `flowfield` when fields answered every query, otherwise the
/// per-agent algorithm (under auto, when fields answered only some queries: see field_queries), and
/// counts the fields and the queries they answered.
Expected<SetOutcome> solve_set_with_fields(const ScenarioSet& set, const search::SearchSettings& settings,
                                           BatchSolver& workers, ProgressCallback progress, void* progress_user);

}  // namespace swarmpath::batch
