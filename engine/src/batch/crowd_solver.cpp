// Grouping queries by goal and answering each group with a goal field or per-agent search
// (see crowd_solver.hpp). Groups are ordered by goal cell and queries within a group by index, so
// the work done and every result are the same whatever the thread count. All parallel work runs
// through the BatchSolver's for_each; a field lives in the worker's slot (WorkerSlot) or, for a
// large group whose agents every worker reads off, in a field of its own. Assumes what BatchSolver
// assumes: one call at a time on it.
#include "swarmpath/batch/crowd_solver.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <optional>
#include <string>

#include "swarmpath/search/jump_point_grid.hpp"
#include "swarmpath/search/jump_point_table.hpp"

namespace swarmpath::batch {

namespace {

/// Progress reports from worker threads: every 2% of the queries, by whoever crosses the step.
class ProgressMeter {
public:
    ProgressMeter(ProgressCallback callback, void* user, std::size_t total)
        : callback_(callback), user_(user), total_(total) {}

    void advance(std::size_t count) {
        if (callback_ == nullptr || total_ == 0) return;
        const std::size_t before = done_.fetch_add(count, std::memory_order_relaxed);
        const std::size_t after = before + count;
        if (after * 50 / total_ == before * 50 / total_ || after >= total_) return;  // the caller reports 100%
        std::unique_lock lock(mutex_, std::try_to_lock);
        if (lock.owns_lock()) callback_(user_, after, total_);
    }

private:
    ProgressCallback callback_;
    void* user_;
    std::size_t total_;
    std::atomic<std::size_t> done_{0};
    std::mutex mutex_;
};

/// Groups at least this large read their paths off in parallel (with more than one worker).
constexpr std::size_t kParallelReadOff = 4096;

double octile_distance(const search::Query& query) {
    const double dx = std::abs(static_cast<double>(query.start_x - query.goal_x));
    const double dy = std::abs(static_cast<double>(query.start_y - query.goal_y));
    return std::max(dx, dy) + (std::sqrt(2.0) - 1.0) * std::min(dx, dy);
}

std::uint64_t elapsed_nanoseconds(std::chrono::steady_clock::time_point since) {
    return static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - since).count());
}

struct Group {
    std::uint32_t goal = 0;     ///< CellIndex of the goal
    std::size_t begin = 0;      ///< range in the sorted member list
    std::size_t end = 0;
};

/// Sums over probe searches and over all the queries they stand for: the mean work of a query of
/// the lot is the probes' mean, scaled by how much farther the lot's endpoints lie apart than the
/// probes' (a search's work grows about in proportion to the distance it covers).
struct WorkTally {
    double probe_expansions = 0;
    double probe_generated = 0;
    double probe_distance = 0;
    std::size_t probes = 0;
    double distance = 0;
    std::size_t queries = 0;

    void add(const search::Query& query, const search::Result* probe) {
        const double between = octile_distance(query);
        distance += between;
        ++queries;
        if (probe == nullptr) return;
        probe_expansions += static_cast<double>(probe->counters.expanded);
        probe_generated += static_cast<double>(probe->counters.generated);
        probe_distance += between;
        ++probes;
    }
    /// With no probe, the least work a search can do: one expansion, over the lot's mean distance.
    [[nodiscard]] QueryWork mean() const {
        QueryWork work;
        if (queries == 0) return work;
        work.distance = distance / static_cast<double>(queries);
        if (probes == 0) {
            work.expansions = 1;
            return work;
        }
        const double count = static_cast<double>(probes);
        const double scale = probe_distance > 0 ? work.distance / (probe_distance / count) : 1.0;
        work.expansions = probe_expansions / count * scale;
        work.generated = probe_generated / count * scale;
        return work;
    }
};

}  // namespace

struct CrowdSolver::Shared {
    std::shared_ptr<const search::Components> components;  ///< shared with a JPS+ Solver auto may build
    std::vector<std::size_t> component_cells;  ///< by component label
    double mean_run = 1;                       ///< mean_passable_run of the grid
};

Expected<CrowdSolver> CrowdSolver::create(const grid::Grid& grid, const search::SearchSettings& settings,
                                          search::Algorithm per_agent, core::ParallelLoop parallel) {
    if (settings.algorithm != search::Algorithm::flowfield && settings.algorithm != search::Algorithm::automatic) {
        return Error{"", 0, 0, "the crowd solver runs only with algorithm flowfield or auto"};
    }
    search::SearchSettings search_settings = settings;
    search_settings.algorithm = settings.algorithm == search::Algorithm::automatic &&
                                        per_agent == search::Algorithm::jps_plus
                                    ? search::Algorithm::jps_plus
                                    : search::Algorithm::automatic;
    // A grid no search can run on (an empty one) gets the Solver's own error before anything is
    // computed over its cells. (Settings the Solver refuses on a hex or triangle map are refused by
    // the Solver::create below.)
    if (grid.width() == 0 || grid.height() == 0) {
        Expected<search::Solver> refused = search::Solver::create(grid, search_settings);
        if (!refused) return refused.error();
    }
    auto shared = std::make_shared<Shared>();
    shared->components = std::make_shared<const search::Components>(
        search::Components::compute(grid, settings.moves, settings.diagonal));
    Expected<search::Solver> solver =
        search::Solver::create(grid, search_settings, {.parallel = parallel, .components = shared->components});
    if (!solver) return solver.error();
    CrowdSolver crowd;
    crowd.grid_ = &grid;
    crowd.settings_ = settings;
    crowd.solver_ = std::make_shared<const search::Solver>(std::move(*solver));
    crowd.shared_ = std::move(shared);
    crowd.shared_->mean_run = mean_passable_run(grid);
    const search::Components& components = crowd.solver_->components();
    crowd.shared_->component_cells.assign(components.count() + 1, 0);
    for (std::uint32_t cell = 0; cell < grid.padded_cell_count(); ++cell) {
        ++crowd.shared_->component_cells[components.label(grid::PaddedIndex{cell})];
    }
    return crowd;
}

CrowdReport CrowdSolver::solve(std::span<const search::Query> queries, std::span<search::Result> results,
                               BatchSolver& workers, ProgressCallback progress, void* progress_user) const {
    ProgressMeter meter(progress, progress_user, queries.size());
    const grid::Grid& grid = *grid_;
    const search::Solver& solver = *solver_;
    const search::Components& components = solver.components();
    CrowdReport report;
    report.search_algorithm = solver.algorithm();
    if (results.size() != queries.size()) {
        report.refused = true;
        return report;
    }
    const bool automatic = settings_.algorithm == search::Algorithm::automatic;

    // Queries a field can answer, as (goal cell, query index); the rest go to the Solver.
    std::vector<std::pair<std::uint32_t, std::uint32_t>> members;
    std::vector<std::uint32_t> searched;
    for (std::size_t index = 0; index < queries.size(); ++index) {
        const search::Query& query = queries[index];
        bool field_ready = grid.contains(query.start_x, query.start_y) && grid.contains(query.goal_x, query.goal_y);
        if (field_ready) {
            const grid::PaddedIndex start =
                grid.padded(static_cast<std::uint32_t>(query.start_x), static_cast<std::uint32_t>(query.start_y));
            const grid::PaddedIndex goal =
                grid.padded(static_cast<std::uint32_t>(query.goal_x), static_cast<std::uint32_t>(query.goal_y));
            field_ready = start != goal && components.connected(start, goal);
        }
        if (field_ready) {
            const grid::CellIndex goal =
                grid.cell(static_cast<std::uint32_t>(query.goal_x), static_cast<std::uint32_t>(query.goal_y));
            members.emplace_back(goal.value, static_cast<std::uint32_t>(index));
        } else {
            searched.push_back(static_cast<std::uint32_t>(index));
        }
    }
    std::sort(members.begin(), members.end());

    // Goal groups. Under auto, a group of two or more agents has its first agents searched (the
    // probe, answers kept), so that its field is weighed against searches at their expansions.
    std::vector<Group> groups;
    for (std::size_t begin = 0; begin < members.size();) {
        std::size_t end = begin;
        while (end < members.size() && members[end].first == members[begin].first) ++end;
        groups.push_back({members[begin].first, begin, end});
        begin = end;
    }
    report.goal_groups = groups.size();
    // A probe's outcome per query: searched to its answer, or stopped at its expansion limit
    // (only what it shows of the cost is kept: the query is answered later, by a field).
    std::vector<char> probed(queries.size(), 0);  // 1: answered by a probe, 2: probe stopped early
    // Runs `probes`, the i-th stopped after limits[i] expansions where `limits` is given (0: none).
    auto run_probes = [&](const std::vector<std::uint32_t>& probes, const std::vector<std::uint64_t>* limits) {
        workers.for_each(probes.size(), [&](WorkerSlot& slot, std::size_t position) {
            const std::uint64_t limit = limits != nullptr ? (*limits)[position] : 0;
            solver.solve(slot.context, queries[probes[position]], results[probes[position]], limit);
        });
        std::size_t answered = 0;
        for (std::size_t position = 0; position < probes.size(); ++position) {
            const std::uint32_t index = probes[position];
            const std::uint64_t limit = limits != nullptr ? (*limits)[position] : 0;
            const search::Result& result = results[index];
            const bool stopped = limit != 0 && result.status == search::QueryStatus::node_limit &&
                                 result.counters.expanded >= limit &&
                                 (settings_.max_expansions == 0 || limit < settings_.max_expansions);
            probed[index] = stopped ? 2 : 1;
            answered += stopped ? 0 : 1;
        }
        report.probe_queries += probes.size();
        report.probes_stopped += probes.size() - answered;
        meter.advance(answered);
    };
    // A group's agents and probes so far.
    auto group_tally = [&](const Group& group) {
        WorkTally tally;
        for (std::size_t member = group.begin; member < group.end; ++member) {
            const std::uint32_t index = members[member].second;
            tally.add(queries[index], probed[index] != 0 ? &results[index] : nullptr);
        }
        return tally;
    };
    // The estimate of a group from its probes so far (field against its agents' searches).
    auto group_workload = [&](const Group& group) {
        FieldWorkload workload;
        for (std::size_t member = group.begin; member < group.end; ++member) {
            workload.max_distance = std::max(workload.max_distance, octile_distance(queries[members[member].second]));
        }
        const WorkTally tally = group_tally(group);
        // Probe agents are already answered: a field would not save their searches (a probe stopped
        // early answered nothing).
        std::size_t answered = 0;
        for (std::size_t member = group.begin; member < group.end; ++member) answered += probed[members[member].second] == 1;
        workload.agents = tally.queries - answered;
        workload.seconds_per_agent = query_seconds(solver.algorithm(), tally.mean(), shared_->mean_run);
        workload.map_cells = grid.padded_cell_count();
        const grid::PaddedIndex goal = grid.padded(grid::CellIndex{group.goal});
        workload.component_cells = shared_->component_cells[components.label(goal)];
        return workload;
    };
    // Probes in two rounds: one agent per group, then up to kProbeAgents for the groups whose
    // estimates lie within kDecisiveMargin of each other (a probe costs as much as the searches a
    // field would save, so a clear case is not probed further). Before any probe, a group whose
    // searches would cost more than its field even at the least work a search can do (one
    // expansion, the scan over the group's mean distance) takes the field: probes could only raise
    // that estimate. A first-round probe stops once its expansions show the group's searches
    // cost kDecisiveMargin times the field (the decision it would have settled on when finished).
    std::vector<char> decided(groups.size(), 0);
    if (automatic) {
        const search::Algorithm searched_with = solver.algorithm();
        for (const std::size_t round_size : {std::size_t{1}, kProbeAgents}) {
            std::vector<std::uint32_t> probes;
            std::vector<std::uint64_t> limits;
            for (std::size_t group_index = 0; group_index < groups.size(); ++group_index) {
                const Group& group = groups[group_index];
                if (group.end - group.begin < 2 || decided[group_index] != 0) continue;
                if (round_size == 1) {
                    const FieldWorkload least = group_workload(group);  // no probe yet: the least work
                    if (choose_field(least)) {
                        decided[group_index] = 1;
                        continue;
                    }
                    // The probe's work is scaled by the group's mean distance over its own.
                    const double mean_distance = group_tally(group).mean().distance;
                    const search::Query& probe = queries[members[group.begin].second];
                    const double scale = mean_distance / std::max(1.0, octile_distance(probe));
                    const double decisive = kDecisiveMargin * field_seconds(least) / static_cast<double>(least.agents);
                    const double expansions =
                        expansions_for_seconds(searched_with, decisive, mean_distance, shared_->mean_run) / scale;
                    probes.push_back(members[group.begin].second);
                    limits.push_back(static_cast<std::uint64_t>(std::clamp(std::ceil(expansions), 1.0, 1e18)));
                    continue;
                }
                const std::size_t count = std::min(round_size, group.end - group.begin);
                for (std::size_t member = group.begin; member < group.begin + count; ++member) {
                    if (probed[members[member].second] == 0) probes.push_back(members[member].second);
                }
            }
            run_probes(probes, round_size == 1 ? &limits : nullptr);
            for (std::size_t group_index = 0; group_index < groups.size(); ++group_index) {
                const Group& group = groups[group_index];
                if (group.end - group.begin < 2 || decided[group_index] != 0) continue;
                const FieldWorkload workload = group_workload(group);
                const double searches = static_cast<double>(workload.agents) * workload.seconds_per_agent;
                const double field = field_seconds(workload);
                if (searches >= kDecisiveMargin * field || kDecisiveMargin * searches <= field) decided[group_index] = 1;
            }
        }
    }
    std::vector<Group> field_groups;
    for (const Group& group : groups) {
        bool use_field = settings_.algorithm == search::Algorithm::flowfield;
        if (automatic && group.end - group.begin >= 2) use_field = choose_field(group_workload(group));
        if (use_field) {
            field_groups.push_back(group);
            report.field_queries += group.end - group.begin;
        } else {
            for (std::size_t member = group.begin; member < group.end; ++member) searched.push_back(members[member].second);
        }
    }
    report.field_groups = field_groups.size();
    report.search_queries = searched.size();
    std::sort(searched.begin(), searched.end());

    // The per-agent search of the set's remaining queries: under auto and the benchmark rule, JPS+
    // when its table pays for itself at the probes' expansions (up to kSetProbes of them), else JPS.
    const search::Solver* per_agent = &solver;
    std::optional<search::Solver> table_solver;
    report.search_algorithm = solver.algorithm();
    if (automatic && solver.algorithm() == search::Algorithm::jps) {
        // Only queries that need a search tell its cost: not those the Solver's checks answer.
        std::vector<std::uint32_t> searchable;
        for (std::uint32_t index : searched) {
            const search::Query& query = queries[index];
            if (!grid.contains(query.start_x, query.start_y) || !grid.contains(query.goal_x, query.goal_y)) continue;
            const grid::PaddedIndex start =
                grid.padded(static_cast<std::uint32_t>(query.start_x), static_cast<std::uint32_t>(query.start_y));
            const grid::PaddedIndex goal =
                grid.padded(static_cast<std::uint32_t>(query.goal_x), static_cast<std::uint32_t>(query.goal_y));
            if (start != goal && components.connected(start, goal)) searchable.push_back(index);
        }
        std::size_t probe_count = 0;
        for (std::uint32_t index : searchable) probe_count += probed[index] != 0 ? 1 : 0;
        if (probe_count < kSetProbes && searchable.size() > probe_count) {
            std::vector<std::uint32_t> probes;
            const std::size_t wanted = std::min(kSetProbes - probe_count, searchable.size() - probe_count);
            for (std::size_t step = 0; step < wanted; ++step) {
                const std::uint32_t index = searchable[step * searchable.size() / wanted];
                if (probed[index] == 0) probes.push_back(index);
            }
            run_probes(probes, nullptr);
        }
        SearchWorkload workload;
        WorkTally tally;
        for (std::uint32_t index : searchable) tally.add(queries[index], probed[index] != 0 ? &results[index] : nullptr);
        workload.queries = tally.queries - tally.probes;
        workload.per_query = tally.mean();
        workload.mean_run = shared_->mean_run;
        workload.padded_cells = grid.padded_cell_count();
        if (workload.queries > 0 && choose_jump_points(workload) == search::Algorithm::jps_plus) {
            search::SearchSettings table_settings = solver.settings();
            table_settings.algorithm = search::Algorithm::jps_plus;
            const auto table_start = std::chrono::steady_clock::now();
            const double table_cpu_start = process_cpu_seconds();
            std::optional<Expected<search::Solver>> created;
            workers.execute([&] {
                created.emplace(search::Solver::create(
                    grid, table_settings, {.parallel = workers.parallel_loop(), .components = shared_->components}));
            });
            report.table_seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - table_start).count();
            report.table_cpu_seconds = process_cpu_seconds() - table_cpu_start;
            if (*created) {
                table_solver.emplace(std::move(**created));
                per_agent = &*table_solver;
                report.search_algorithm = search::Algorithm::jps_plus;
                if (const search::JumpPointTable* table = table_solver->jump_table()) {
                    report.table_bytes = table->memory_bytes();
                }
            }
        }
    }

    const bool record_paths = settings_.record_paths;
    const bool time_queries = settings_.time_queries;
    std::vector<std::uint64_t> settled_per_group(field_groups.size(), 0);
    // A group counts as one query for the time budget; a group not started when the batch is
    // cancelled answers its members `cancelled` without computing its field. Returns false then.
    auto start_group = [&](const Group& group, const search::StopConditions& stop) {
        const search::QueryStatus interrupted = stop.interrupted();
        if (interrupted == search::QueryStatus::found) return true;
        for (std::size_t member = group.begin; member < group.end; ++member) {
            search::Result& result = results[members[member].second];
            result = search::Result{};
            result.status = interrupted;
        }
        meter.advance(group.end - group.begin);
        return false;
    };
    auto compute_field = [&](const Group& group, const search::StopConditions& stop, search::GoalField& field,
                             search::FieldWorkspace& workspace) {
        std::vector<grid::CellIndex> starts;
        starts.reserve(group.end - group.begin);
        for (std::size_t member = group.begin; member < group.end; ++member) {
            const search::Query& query = queries[members[member].second];
            starts.push_back(grid.cell(static_cast<std::uint32_t>(query.start_x), static_cast<std::uint32_t>(query.start_y)));
        }
        field.recompute(grid, settings_.moves, settings_.diagonal, group.goal % grid.width(), group.goal / grid.width(),
                        starts, false, workspace, stop);
    };
    auto read_off = [&](std::size_t member, const search::GoalField& field, search::SearchContext& context) {
        const std::uint32_t index = members[member].second;
        const search::Query& query = queries[index];
        search::Result& result = results[index];
        result.counters = {};
        result.nanoseconds = 0;
        const auto read_start = time_queries ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{};
        if (!field.read_path(grid, static_cast<std::uint32_t>(query.start_x), static_cast<std::uint32_t>(query.start_y),
                             record_paths, result)) {
            if (field.stopped() != search::QueryStatus::found) {
                // The field was stopped before it reached this start: the group's status, no search.
                result = search::Result{};
                result.status = field.stopped();
            } else {
                solver.solve(context, query, result);  // not reached for a connected start
            }
        }
        if (time_queries) result.nanoseconds = elapsed_nanoseconds(read_start);
    };
    // The first query of the group carries the field's work and, when queries are timed, its time
    // (read-offs are timed on their own).
    auto finish_group = [&](std::size_t group_index, const search::GoalField& field, std::uint64_t field_nanoseconds) {
        const Group& group = field_groups[group_index];
        settled_per_group[group_index] = field.counters().expanded;
        std::uint32_t first = members[group.begin].second;
        for (std::size_t member = group.begin; member < group.end; ++member) first = std::min(first, members[member].second);
        results[first].counters += field.counters();
        results[first].nanoseconds += field_nanoseconds;
        meter.advance(group.end - group.begin);
    };

    // Groups of ordinary size: one task each, the field in the running worker's slot. With more
    // than one worker, groups of kParallelReadOff agents or more are kept for the waves below.
    const bool parallel = workers.threads() > 1;
    std::vector<std::size_t> whole_groups;
    std::vector<std::size_t> large_groups;
    for (std::size_t group_index = 0; group_index < field_groups.size(); ++group_index) {
        const Group& group = field_groups[group_index];
        (parallel && group.end - group.begin >= kParallelReadOff ? large_groups : whole_groups).push_back(group_index);
    }
    workers.for_each(whole_groups.size(), [&](WorkerSlot& slot, std::size_t position) {
        const std::size_t group_index = whole_groups[position];
        const Group& group = field_groups[group_index];
        const auto group_start = std::chrono::steady_clock::now();
        const search::StopConditions stop = search::StopConditions::for_query(settings_);
        if (!start_group(group, stop)) return;
        compute_field(group, stop, slot.field, slot.field_workspace);
        const std::uint64_t field_nanoseconds = time_queries ? elapsed_nanoseconds(group_start) : 0;
        for (std::size_t member = group.begin; member < group.end; ++member) read_off(member, slot.field, slot.context);
        finish_group(group_index, slot.field, field_nanoseconds);
    });
    // Large groups, in waves of one group per worker: the wave's fields in parallel (each in a field
    // of the wave, not a worker's slot, since every worker reads it next), then all the wave's
    // agents read off in parallel, each on its worker's context.
    const std::size_t wave_size = std::min<std::size_t>(workers.threads(), large_groups.size());
    std::vector<search::GoalField> wave_fields(wave_size);
    std::vector<std::uint64_t> wave_nanoseconds(wave_size, 0);
    std::vector<char> wave_started(wave_size, 0);
    std::vector<std::size_t> wave_offsets;
    for (std::size_t wave_begin = 0; wave_begin < large_groups.size(); wave_begin += wave_size) {
        const std::size_t wave_count = std::min(wave_size, large_groups.size() - wave_begin);
        workers.for_each(wave_count, [&](WorkerSlot& slot, std::size_t position) {
            const Group& group = field_groups[large_groups[wave_begin + position]];
            const auto group_start = std::chrono::steady_clock::now();
            const search::StopConditions stop = search::StopConditions::for_query(settings_);
            wave_started[position] = start_group(group, stop) ? 1 : 0;
            if (wave_started[position] == 0) return;
            compute_field(group, stop, wave_fields[position], slot.field_workspace);
            wave_nanoseconds[position] = time_queries ? elapsed_nanoseconds(group_start) : 0;
        });
        // Agents of the wave's started groups, numbered one after another.
        wave_offsets.assign(1, 0);
        for (std::size_t position = 0; position < wave_count; ++position) {
            const Group& group = field_groups[large_groups[wave_begin + position]];
            wave_offsets.push_back(wave_offsets.back() + (wave_started[position] != 0 ? group.end - group.begin : 0));
        }
        workers.for_each(wave_offsets.back(), [&](WorkerSlot& slot, std::size_t agent) {
            const auto position = static_cast<std::size_t>(
                std::upper_bound(wave_offsets.begin(), wave_offsets.end(), agent) - wave_offsets.begin() - 1);
            const Group& group = field_groups[large_groups[wave_begin + position]];
            read_off(group.begin + (agent - wave_offsets[position]), wave_fields[position], slot.context);
        });
        for (std::size_t position = 0; position < wave_count; ++position) {
            if (wave_started[position] != 0) {
                finish_group(large_groups[wave_begin + position], wave_fields[position], wave_nanoseconds[position]);
            }
        }
    }
    for (std::uint64_t settled : settled_per_group) report.field_cells_settled += settled;

    std::erase_if(searched, [&](std::uint32_t index) { return probed[index] == 1; });
    workers.for_each(searched.size(), [&](WorkerSlot& slot, std::size_t position) {
        const std::uint32_t index = searched[position];
        per_agent->solve(slot.context, queries[index], results[index]);
        meter.advance(1);
    });
    return report;
}

Expected<SetOutcome> solve_set_with_fields(const ScenarioSet& set, const search::SearchSettings& settings,
                                           BatchSolver& workers, ProgressCallback progress, void* progress_user) {
    SetOutcome outcome;
    if (set.queries.empty()) return outcome;
    // Preparation (components, the Solver's JPS data) runs inside the workers' arena, so a thread
    // limit holds for it too.
    const auto setup_before = std::chrono::steady_clock::now();
    std::optional<Expected<CrowdSolver>> created;
    // Under auto, a set of mostly lone goals whose JPS+ table pays even at the least work a search
    // can do gets its table now, and no JPS data for probes.
    search::Algorithm per_agent = search::Algorithm::automatic;
    if (settings.algorithm == search::Algorithm::automatic && settings.max_expansions == 0 &&
        search::check_jump_point_settings(*set.grid, settings)) {
        std::vector<std::uint32_t> goals;
        goals.reserve(set.queries.size());
        double distance = 0;
        for (const search::Query& query : set.queries) {
            goals.push_back(static_cast<std::uint32_t>(query.goal_y) * set.grid->width() +
                            static_cast<std::uint32_t>(query.goal_x));
            distance += octile_distance(query);
        }
        std::sort(goals.begin(), goals.end());
        const std::size_t shared_goals = static_cast<std::size_t>(
            goals.size() - static_cast<std::size_t>(std::unique(goals.begin(), goals.end()) - goals.begin()));
        SearchWorkload least;
        least.queries = set.queries.size();
        least.per_query = {1, 0, distance / static_cast<double>(set.queries.size())};
        least.mean_run = mean_passable_run(*set.grid);
        least.padded_cells = set.grid->padded_cell_count();
        if (shared_goals * 10 < set.queries.size() && jump_table_certain(least)) per_agent = search::Algorithm::jps_plus;
    }
    workers.execute([&] {
        created.emplace(CrowdSolver::create(*set.grid, settings, per_agent, workers.parallel_loop()));
    });
    Expected<CrowdSolver>& crowd = *created;
    if (!crowd) return crowd.error();
    outcome.results.resize(set.queries.size());
    workers.prepare(set.grid->padded_cell_count());
    outcome.setup_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - setup_before).count();
    const double cpu_before = process_cpu_seconds();
    const auto wall_before = std::chrono::steady_clock::now();
    const CrowdReport report = crowd->solve(set.queries, outcome.results, workers, progress, progress_user);
    // A JPS+ table auto chose to build is per-map set-up, not search.
    outcome.search_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_before).count() - report.table_seconds;
    outcome.setup_seconds += report.table_seconds;
    outcome.cpu_seconds = process_cpu_seconds() - cpu_before - report.table_cpu_seconds;
    if (const search::JumpPointGrid* lines = crowd->search_solver().jump_grid()) {
        outcome.preprocessing_seconds = lines->build_seconds();
        outcome.preprocessing_bytes = lines->memory_bytes();
    }
    if (const search::JumpPointTable* table = crowd->search_solver().jump_table()) {
        outcome.preprocessing_seconds = table->build_seconds();
        outcome.preprocessing_bytes = table->memory_bytes();
    }
    outcome.preprocessing_seconds += report.table_seconds;
    outcome.preprocessing_bytes += report.table_bytes;
    if (progress != nullptr) progress(progress_user, set.queries.size(), set.queries.size());
    outcome.field_groups = report.field_groups;
    outcome.field_queries = report.field_queries;
    // flowfield asked for: fields answered everything a search would have had to (the rest were
    // answered by the Solver's checks). auto: the per-agent algorithm unless fields answered all.
    outcome.algorithm = outcome_algorithm(settings.algorithm, report.field_queries, set.queries.size(),
                                          report.search_algorithm);
    return outcome;
}

}  // namespace swarmpath::batch
