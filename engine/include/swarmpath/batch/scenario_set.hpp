// A scenario set as a batch job and what solving it produced: the types shared by the scenario
// runner (scenario_run.hpp), the crowd solver (crowd_solver.hpp) and the run report
// (run_report.hpp). It sits below all three, so none of them has to include another to name a set
// or an outcome. Holds data and two small rules: the process CPU clock and the name a set's outcome
// gives the algorithm that ran.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::batch {

/// What a set keeps of each scenario row besides its query: the file's optimal length, the row's
/// line (for messages) and its bucket.
struct ScenarioEntry {
    double optimal_length = 0;  ///< 0 with start != goal means "unknown"
    std::uint32_t line = 0;
    std::uint32_t bucket = 0;
};

/// The rows of one scenario file that use one map with one agent size and movement class (nearly
/// always: all of its rows).
struct ScenarioSet {
    std::string scenario_path;
    std::string scenario_name;  ///< base name of the scenario file
    std::string map_path;
    std::uint32_t agent_size = 1;
    std::string agent_class;  ///< empty: the default class
    /// The grid the set's agents search on: the map's, or the one derived for the set's agent size and
    /// class (grid/agent_grid.hpp), with the map's size and cell indices.
    std::shared_ptr<const grid::Grid> grid;
    std::vector<ScenarioEntry> rows;
    std::vector<std::uint32_t> row_indices;  ///< each row's 0-based index among the file's rows
    std::vector<search::Query> queries;
    /// Set by a caller that solves a set in parts, one solve_set per part (a distributed run's
    /// shards, goal groups never split between parts): the whole set's queries, which must outlive
    /// the solve, and, in increasing order, the position among them of each of this part's queries.
    /// `auto` then plans the part as it plans the whole set (which goal groups take fields, JPS or
    /// JPS+, which probe answers are kept) and answers only the part's queries, so the parts'
    /// results are the whole set's. Empty: the set is whole.
    std::span<const search::Query> whole_queries;
    std::vector<std::uint32_t> positions_in_whole;
};

struct SetOutcome {
    std::vector<search::Result> results;
    search::Algorithm algorithm = search::Algorithm::astar;  ///< what ran (see outcome_algorithm)
    std::size_t field_groups = 0;   ///< goal fields computed (flowfield and auto, crowd_solver.hpp)
    std::size_t field_queries = 0;  ///< queries answered from a goal field
    double search_seconds = 0;      ///< wall time of the batch solve alone (set-up excluded)
    double cpu_seconds = 0;         ///< process CPU time during the batch solve
    /// Wall time of everything paid once per map before the first search: creating the Solver
    /// (component labels, the algorithm's per-map data, so preprocessing_seconds is part of it),
    /// `auto`'s choice, and making the workers' contexts ready. Not included in search_seconds.
    double setup_seconds = 0;
    /// Per-grid data the Solver built before searching (jps: row/column scan bits; jps+: the jump
    /// distance table), part of setup_seconds.
    double preprocessing_seconds = 0;
    std::size_t preprocessing_bytes = 0;
    /// The per-map preparation was made for an earlier set of the run and reused (PreparedMaps):
    /// setup_seconds is then only the lookup and readying the workers, preprocessing_seconds is 0,
    /// and preprocessing_bytes still counts the data in use.
    bool setup_reused = false;
    /// Page faults the process took during set-up and during the batch solve (process_page_faults):
    /// a search that first touches its memory inside the timed solve pays one per page it reaches.
    std::uint64_t setup_page_faults = 0;
    std::uint64_t search_page_faults = 0;
};

/// Called between chunks with (queries done, queries total) of the current set.
using ProgressCallback = void (*)(void* user, std::size_t done, std::size_t total);

/// The algorithm a set's outcome names, given what was asked (`requested`), how many of the set's
/// `queries` goal fields answered (`field_queries`) and the per-agent algorithm that ran for the
/// others (`per_agent`: what the Solver picked). Under flowfield and auto (the crowd solver), the
/// outcome names `flowfield` when flowfield was asked or fields answered every query, otherwise the
/// per-agent algorithm; under any other algorithm it names `per_agent`. The one rule, used by the
/// crowd solver and by anything that merges outcomes (the MPI gather: run_report.hpp).
search::Algorithm outcome_algorithm(search::Algorithm requested, std::size_t field_queries, std::size_t queries,
                                    search::Algorithm per_agent);

/// Process CPU time (user + system) in seconds.
double process_cpu_seconds();
/// Page faults the process has taken so far (minor and major: first touches of fresh memory and of
/// mapped files); 0 where the system does not count them.
std::uint64_t process_page_faults();

}  // namespace swarmpath::batch
