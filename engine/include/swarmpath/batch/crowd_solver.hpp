// Crowds: many queries sharing a few goals, answered with goal fields (search/goal_field.hpp).
// Queries are grouped by goal cell; each group is solved either with one goal field (a reverse
// Dijkstra that stops when the group's last start is settled, then one path read-off per agent) or
// with per-agent search.
//   - Algorithm::flowfield: every group with a reachable goal uses a field; the other queries go to
//     the Solver under Algorithm::automatic (JPS under the benchmark rule, else A*).
//   - Algorithm::automatic: `auto`'s cost model (algorithm_choice.hpp) decides. A group of two or
//     more agents whose searches cost more than its field even at the least work a search can do
//     (one expansion over the group's mean distance) takes the field at once. Otherwise one, and
//     when that does not settle it up to kProbeAgents, of its agents are searched (JPS or A*, the
//     probe): agents spread over the group's distances to the goal (the middle one of each of
//     kProbeAgents equal shares, the first probe the one nearest the middle of the group), not the
//     first listed. The first probe stops as soon as its expansions show the searches cost
//     kDecisiveMargin times the field; it settles the group alone when the estimates lie
//     kDecisiveMargin apart, or when kProbeAgents searches at its estimate would cost more than a
//     kDecisiveMargin-th of the cheaper choice (a small group of long searches). The group takes a field when the
//     field is estimated cheaper than its agents' searches at the probes' expansions.
//     Then, under the benchmark rule, the set's remaining searches take JPS or JPS+ (building the
//     table) by the same model, from the expansions of up to kSetProbes probe searches. Answers of
//     probes that ran to the end are kept (of a group that takes a field, its field answers them
//     again); probes are picked by position and stopped by expansion counts, so the choice never
//     depends on threads or timing.
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

#include "swarmpath/batch/algorithm_choice.hpp"
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
    std::size_t goal_groups = 0;     ///< distinct goals among the queries a field could answer
    std::size_t field_groups = 0;    ///< groups answered with a field
    std::size_t field_queries = 0;   ///< queries answered from a field
    std::size_t search_queries = 0;  ///< queries answered by the Solver (search or its early checks)
    std::uint64_t field_cells_settled = 0;
    search::Algorithm search_algorithm = search::Algorithm::astar;  ///< what per-agent search runs
    std::size_t probe_queries = 0;   ///< queries auto searched to estimate costs (their answers kept)
    std::size_t probes_stopped = 0;  ///< of those, probes stopped once they showed a field pays
    double table_seconds = 0;        ///< building the JPS+ table when auto chose jps+ (set-up, not search)
    double table_cpu_seconds = 0;    ///< the process CPU time of that build
    std::size_t table_bytes = 0;
    std::uint64_t table_page_faults = 0;  ///< page faults the process took building that table
    /// auto took the JPS+ table an earlier solve of this crowd solver built (no table_seconds).
    bool table_reused = false;
    bool refused = false;  ///< `results` was not as long as `queries`: nothing was solved
};

/// Agents of a goal group that auto searches before weighing a field (one first, the rest only when
/// the two estimates lie within kDecisiveMargin of each other), and searches of a set it probes
/// before weighing JPS+ against JPS.
inline constexpr std::size_t kProbeAgents = 4;
inline constexpr double kDecisiveMargin = 4.0;
inline constexpr std::size_t kSetProbes = 8;

/// A solve's queries as a part of a larger set's (ScenarioSet::whole_queries): the whole set's
/// queries and, in increasing order, the position of each of the part's queries among them.
struct WholeSet {
    std::span<const search::Query> queries;
    std::span<const std::uint32_t> positions;
};

/// Whether `queries` is a part of `whole` as CrowdSolver::solve takes one: each query equal to the
/// whole set's query at its position, positions increasing.
bool is_part_of(std::span<const search::Query> queries, const WholeSet& whole);

class CrowdSolver {
public:
    /// Prepares per-agent search (a Solver with Algorithm::automatic), the component labels and
    /// sizes, and the map's mean passable run (for auto's cost model).
    /// `settings.algorithm` must be flowfield or automatic. The grid must outlive the solver.
    /// `per_agent` jps_plus (auto only, and only under the benchmark rule) builds the JPS+ table
    /// now, on `parallel`, for a set where it is known to pay (jump_table_certain), so no JPS data
    /// is built for probes first; automatic leaves the choice to solve.
    static Expected<CrowdSolver> create(const grid::Grid& grid, const search::SearchSettings& settings,
                                        search::Algorithm per_agent = search::Algorithm::automatic,
                                        core::ParallelLoop parallel = {});

    /// Solves queries[i] into results[i] for every i. `results` must be exactly as long as
    /// `queries`; otherwise nothing is solved and the report has `refused` set.
    /// `progress`, when given, is called now and then with (queries done, queries total) from
    /// whichever worker crossed the next 2% step, never from two threads at once.
    /// With `whole` given (queries or positions), `queries` is a part of whole.queries (each
    /// queries[i] equal to whole.queries[whole.positions[i]], positions increasing; otherwise
    /// `refused`, where solve_set answers an Error): the whole set is planned (its probes run again
    /// in every part) and only the part's share is run, so each query's result, the choice of JPS or
    /// JPS+ and which goal groups take fields are those of one solve over the whole set, provided no
    /// goal group is split between parts. The report counts the part's groups, fields and queries.
    CrowdReport solve(std::span<const search::Query> queries, std::span<search::Result> results, BatchSolver& workers,
                      ProgressCallback progress = nullptr, void* progress_user = nullptr, WholeSet whole = {}) const;

    [[nodiscard]] const search::Solver& search_solver() const { return *solver_; }
    /// Whether its searches have a JPS+ table: made with per_agent jps_plus, or built by a solve
    /// under auto and kept for the next.
    [[nodiscard]] bool holds_jump_table() const;
    [[nodiscard]] const search::SearchSettings& settings() const { return settings_; }

private:
    struct Shared;
    const grid::Grid* grid_ = nullptr;
    search::SearchSettings settings_;
    std::shared_ptr<const search::Solver> solver_;
    std::shared_ptr<Shared> shared_;
};

/// The per-agent algorithm a crowd solver for `set` is created with (CrowdSolver::create):
/// jps_plus under auto when the set is mostly lone goals whose JPS+ table pays even at the least work
/// a search can do (jump_table_certain), so the table is built at once and no JPS data for probes;
/// otherwise automatic, leaving the choice to solve. A part of a set (ScenarioSet::whole_queries) is
/// judged by its whole set. `mean_run` is the map's mean_passable_run (PreparedMaps::mean_passable_run
/// works it out once per map: a pass over the map's bits that every file on it would pay again).
search::Algorithm planned_per_agent(const ScenarioSet& set, const search::SearchSettings& settings, double mean_run);

/// solve_set (scenario_run.hpp) for Algorithm::flowfield and Algorithm::automatic, once `crowd` is
/// made for the set's grid: solves the set (a part as its whole set plans it, when
/// ScenarioSet::whole_queries is given) and completes `outcome` (which carries the set-up figures so
/// far). The outcome names `flowfield` when fields answered every query, otherwise the
/// per-agent algorithm (under auto, when fields answered only some queries: see field_queries), and
/// counts the fields and the queries they answered. A JPS+ table auto builds counts as set-up.
SetOutcome solve_set_with_fields(const ScenarioSet& set, const CrowdSolver& crowd, SetOutcome outcome,
                                 BatchSolver& workers, ProgressCallback progress, void* progress_user);

}  // namespace swarmpath::batch
