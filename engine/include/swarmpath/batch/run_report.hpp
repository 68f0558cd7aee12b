// The report of a run of scenario sets: what is kept of each set once its results are written and
// freed (counts by status, checks against the files' optimal lengths, counters, timings), and the
// run's totals. One type for every way a run is made: the solve command tallies each set's outcome
// here whether the set was solved in this process (solve_set) or in shards over MPI ranks and merged
// (merge_shard_outcomes, below), so both paths report the same figures by the same rules. It holds
// numbers only; the command line formats them (table, JSON summary). Assumes each outcome's results
// are in the order of its set's queries.
#pragma once

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "swarmpath/batch/scenario_set.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::batch {

/// Query counts by search::QueryStatus, indexed by the status's value.
using StatusCounts = std::array<std::size_t, search::kQueryStatusCount>;

/// What a run keeps of one set once its rows are written and its results freed.
struct SetReport {
    std::string scenario_path;
    std::string scenario_name;
    std::string map_path;
    std::uint32_t agent_size = 1;  ///< the set's agents (scenario_set.hpp)
    std::string agent_class;
    grid::Topology topology = grid::Topology::square;  ///< the map's cell shape
    std::size_t queries = 0;
    SetOutcome outcome;          ///< the set's outcome without its results
    std::size_t solved = 0;      ///< results `found`
    std::size_t mismatches = 0;  ///< rows whose result does not match the optimal length (check_result)
    std::size_t unknown = 0;     ///< rows with no optimal length to check against
    double max_abs_error = 0;    ///< largest |cost − optimal| over found paths of checked rows
    double cost_sum = 0;         ///< summed cost of the found paths (a deterministic check value for tools/perf-gate)
    search::Counters counters;
    StatusCounts status_counts{};
    /// The first mismatching rows (indices into the set, at most RunReport::kMismatchesKept), so a
    /// caller can name them while the results are still at hand.
    std::vector<std::size_t> first_mismatches;
};

/// The sums over every set of a run.
struct RunTotals {
    std::size_t queries = 0;
    std::size_t solved = 0;
    std::size_t mismatches = 0;
    search::Counters counters;
    StatusCounts status_counts{};
    double search_seconds = 0;  ///< summed over sets (they run one after another)
    double setup_seconds = 0;   ///< summed over sets: SetOutcome::setup_seconds, not part of search_seconds
    double cpu_seconds = 0;
    std::uint64_t setup_page_faults = 0;   ///< summed over sets (SetOutcome)
    std::uint64_t search_page_faults = 0;  ///< summed over sets (SetOutcome)
};

class RunReport {
public:
    /// Mismatching rows remembered per set (SetReport::first_mismatches).
    static constexpr std::size_t kMismatchesKept = 5;

    /// `cost_bound` is search::cost_bound of the run's settings: results are checked against it.
    explicit RunReport(double cost_bound) : cost_bound_(cost_bound) {}

    /// Tallies the outcome of `set` (results in the order of its queries) and keeps its figures
    /// without the results. Returns the set's report.
    const SetReport& add_set(const ScenarioSet& set, const SetOutcome& outcome);

    [[nodiscard]] const std::vector<SetReport>& sets() const { return sets_; }
    [[nodiscard]] RunTotals totals() const;
    /// The algorithm the run names: the first set's outcome's, or `requested` when no set ran.
    [[nodiscard]] search::Algorithm algorithm(search::Algorithm requested) const;
    [[nodiscard]] double cost_bound() const { return cost_bound_; }

private:
    double cost_bound_ = 1.0;
    std::vector<SetReport> sets_;
};

/// The figures solve_set over a whole set would report, from the outcomes of its shards: each shard
/// a solve_set over part of the set's `queries` queries (a goal group never split), all run at the
/// same time. Field groups, field queries and CPU seconds are summed; search, set-up and
/// preprocessing seconds and preprocessing bytes are the largest shard's; setup_reused holds when
/// every shard reused its rank's preparation of the map; the algorithm is named by outcome_algorithm
/// with `requested` and the per-agent algorithm the shards report. Results are not touched: the caller puts each
/// shard's results at their positions in `whole.results`. With no shard, `whole` is left as it is (an empty set's
/// outcome).
void merge_shard_outcomes(SetOutcome& whole, std::span<const SetOutcome> shards, search::Algorithm requested,
                          std::size_t queries);

}  // namespace swarmpath::batch
