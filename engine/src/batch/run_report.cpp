// Tallying set outcomes into a run report, and merging shard outcomes (see run_report.hpp).
#include "swarmpath/batch/run_report.hpp"

#include <algorithm>
#include <cmath>

#include "swarmpath/batch/scenario_run.hpp"

namespace swarmpath::batch {

const SetReport& RunReport::add_set(const ScenarioSet& set, const SetOutcome& outcome) {
    SetReport report;
    report.scenario_path = set.scenario_path;
    report.scenario_name = set.scenario_name;
    report.map_path = set.map_path;
    report.agent_size = set.agent_size;
    report.agent_class = set.agent_class;
    if (set.grid != nullptr) report.topology = set.grid->topology();
    report.queries = set.queries.size();
    for (std::size_t index = 0; index < outcome.results.size(); ++index) {
        const search::Result& result = outcome.results[index];
        const ScenarioEntry& row = set.rows[index];
        const bool found = result.status == search::QueryStatus::found;
        report.counters += result.counters;
        ++report.status_counts[static_cast<std::size_t>(result.status)];
        if (found) {
            ++report.solved;
            report.cost_sum += result.cost;
        }
        const CheckVerdict verdict = check_result(set, index, result, cost_bound_);
        if (verdict == CheckVerdict::unknown) {
            ++report.unknown;
            continue;
        }
        if (found) report.max_abs_error = std::max(report.max_abs_error, std::abs(result.cost - row.optimal_length));
        if (verdict == CheckVerdict::mismatch) {
            if (report.first_mismatches.size() < kMismatchesKept) report.first_mismatches.push_back(index);
            ++report.mismatches;
        }
    }
    report.outcome.algorithm = outcome.algorithm;
    report.outcome.field_groups = outcome.field_groups;
    report.outcome.field_queries = outcome.field_queries;
    report.outcome.search_seconds = outcome.search_seconds;
    report.outcome.setup_seconds = outcome.setup_seconds;
    report.outcome.cpu_seconds = outcome.cpu_seconds;
    report.outcome.preprocessing_seconds = outcome.preprocessing_seconds;
    report.outcome.preprocessing_bytes = outcome.preprocessing_bytes;
    report.outcome.setup_reused = outcome.setup_reused;
    report.outcome.setup_page_faults = outcome.setup_page_faults;
    report.outcome.search_page_faults = outcome.search_page_faults;
    sets_.push_back(std::move(report));
    return sets_.back();
}

RunTotals RunReport::totals() const {
    RunTotals totals;
    for (const SetReport& report : sets_) {
        totals.queries += report.queries;
        totals.solved += report.solved;
        totals.mismatches += report.mismatches;
        totals.counters += report.counters;
        for (std::size_t status = 0; status < totals.status_counts.size(); ++status) {
            totals.status_counts[status] += report.status_counts[status];
        }
        totals.search_seconds += report.outcome.search_seconds;
        totals.setup_seconds += report.outcome.setup_seconds;
        totals.cpu_seconds += report.outcome.cpu_seconds;
        totals.setup_page_faults += report.outcome.setup_page_faults;
        totals.search_page_faults += report.outcome.search_page_faults;
    }
    return totals;
}

search::Algorithm RunReport::algorithm(search::Algorithm requested) const {
    return sets_.empty() ? requested : sets_.front().outcome.algorithm;
}

void merge_shard_outcomes(SetOutcome& whole, std::span<const SetOutcome> shards, search::Algorithm requested,
                          std::size_t queries) {
    if (shards.empty()) return;
    // The per-agent algorithm: what a shard that ran searches reports (a shard answered wholly from
    // fields reports flowfield, which names no per-agent algorithm).
    search::Algorithm per_agent = shards.front().algorithm;
    whole.setup_reused = true;  // when every shard reused its rank's preparation of the map
    for (const SetOutcome& shard : shards) {
        whole.setup_reused = whole.setup_reused && shard.setup_reused;
        if (shard.algorithm != search::Algorithm::flowfield) per_agent = shard.algorithm;
        whole.field_groups += shard.field_groups;
        whole.field_queries += shard.field_queries;
        whole.search_seconds = std::max(whole.search_seconds, shard.search_seconds);
        whole.setup_seconds = std::max(whole.setup_seconds, shard.setup_seconds);
        // Every shard builds the same per-map data for the same choice: the largest stands for it.
        whole.preprocessing_seconds = std::max(whole.preprocessing_seconds, shard.preprocessing_seconds);
        whole.preprocessing_bytes = std::max(whole.preprocessing_bytes, shard.preprocessing_bytes);
        whole.cpu_seconds += shard.cpu_seconds;
        whole.setup_page_faults += shard.setup_page_faults;
        whole.search_page_faults += shard.search_page_faults;
    }
    whole.algorithm = outcome_algorithm(requested, whole.field_queries, queries, per_agent);
}

}  // namespace swarmpath::batch
