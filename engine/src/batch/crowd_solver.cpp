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
#include <limits>
#include <mutex>
#include <optional>
#include <string>

#include "core/elapsed_time.hpp"
#include "search/jump_point_grid.hpp"
#include "search/jump_point_table.hpp"

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

struct Group {
    std::uint32_t goal = 0;  ///< CellIndex of the goal
    std::size_t begin = 0;   ///< range in the sorted member list
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

/// The JPS+ Solver one of a crowd solver's solves built under auto, kept for its later solves (a
/// crowd solver serves one map: PreparedMaps keeps it across a run's scenario files). Guarded, since
/// solve is const and callers may share one crowd solver between threads.
struct KeptTable {
    std::mutex mutex;
    std::shared_ptr<const search::Solver> solver;
};

/// The passable cells of each component, by label: what a goal field can settle at most. Counted on
/// first use, since only goal groups weighed for a field read it and a scenario file of lone goals
/// has none (on a 1024² map the count is a pass over a million labels, a fifth of such a file's
/// set-up). Once only, since solve is const and callers may share one crowd solver between threads.
class ComponentSizes {
public:
    const std::vector<std::size_t>& of(const grid::Grid& grid, const search::Components& components) {
        std::call_once(counted_, [&] {
            cells_.assign(components.count() + 1, 0);
            for (std::uint32_t cell = 0; cell < grid.padded_cell_count(); ++cell) {
                ++cells_[components.label(grid::PaddedIndex{cell})];
            }
        });
        return cells_;
    }

private:
    std::once_flag counted_;
    std::vector<std::size_t> cells_;
};

struct CrowdSolver::Shared {
    std::shared_ptr<const search::Components> components;  ///< shared with a JPS+ Solver auto may build
    ComponentSizes component_cells;
    double mean_run = 1;  ///< mean_passable_run of the grid
    KeptTable table;
};

Expected<CrowdSolver> CrowdSolver::create(const grid::Grid& grid, const search::SearchSettings& settings,
                                          search::Algorithm per_agent, core::ParallelLoop parallel) {
    if (settings.algorithm != search::Algorithm::flowfield && settings.algorithm != search::Algorithm::automatic) {
        return Error{"", 0, 0, "the crowd solver runs only with algorithm flowfield or auto"};
    }
    search::SearchSettings search_settings = settings;
    search_settings.algorithm =
        settings.algorithm == search::Algorithm::automatic && per_agent == search::Algorithm::jps_plus
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
    return crowd;
}

bool CrowdSolver::holds_jump_table() const {
    if (solver_->jump_table() != nullptr) return true;
    const std::lock_guard<std::mutex> lock(shared_->table.mutex);
    return shared_->table.solver != nullptr;
}

namespace {

/// Everything one solve call works on, shared by its planning and its running.
struct CrowdBatch {
    const grid::Grid& grid;
    const search::Solver& solver;
    const search::SearchSettings& settings;
    ComponentSizes& component_cells;
    const std::shared_ptr<const search::Components>& components;
    double mean_run;
    KeptTable& kept_table;
    std::span<const search::Query> queries;
    std::span<search::Result> results;
    BatchSolver& workers;
    ProgressMeter& meter;
    CrowdReport& report;
};

/// What planning decided: which goal groups take a field, which queries are searched and with
/// which Solver, and which queries a probe has answered already.
struct CrowdPlan {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> members;  ///< (goal cell, query index), sorted
    std::vector<Group> field_groups;
    std::vector<std::uint32_t> searched;                 ///< sorted query indices for the per-agent search
    std::vector<char> probed;                            ///< per query: 1 answered by a probe, 2 probe stopped early
    std::shared_ptr<const search::Solver> table_solver;  ///< the JPS+ Solver, when auto chose it
    /// Planning a whole set for one of its parts, which has no results of its own: per query, the
    /// slot of its probe's answer in probe_answers (kNoSlot: not probed). Empty: answers go to the
    /// queries' results.
    std::vector<std::uint32_t> probe_slots;
    std::vector<search::Result> probe_answers;
};

constexpr std::uint32_t kNoSlot = std::numeric_limits<std::uint32_t>::max();

/// Plans a crowd batch: groups the queries a field can answer by goal, and under auto runs the
/// probes that weigh each group's field against its agents' searches and the set's JPS+ table
/// against JPS. Probe answers are kept in the results.
class CrowdPlanner {
public:
    CrowdPlanner(const CrowdBatch& batch, CrowdPlan& plan) : batch_(batch), plan_(plan) {}

    void plan() {
        plan_.probed.assign(batch_.queries.size(), 0);
        split_queries();
        const std::vector<Group> groups = goal_groups();
        batch_.report.goal_groups = groups.size();
        const bool automatic = batch_.settings.algorithm == search::Algorithm::automatic;
        if (automatic) probe_groups(groups);
        choose_fields(groups, automatic);
        if (automatic && batch_.solver.algorithm() == search::Algorithm::jps) choose_per_agent_search();
    }

private:
    /// Whether a query's endpoints are distinct cells of one component (a search or a field is
    /// needed; the Solver's own checks answer the rest).
    [[nodiscard]] bool needs_search(const search::Query& query) const {
        const grid::Grid& grid = batch_.grid;
        if (!grid.contains(query.start_x, query.start_y) || !grid.contains(query.goal_x, query.goal_y)) return false;
        const grid::PaddedIndex start =
            grid.padded(static_cast<std::uint32_t>(query.start_x), static_cast<std::uint32_t>(query.start_y));
        const grid::PaddedIndex goal =
            grid.padded(static_cast<std::uint32_t>(query.goal_x), static_cast<std::uint32_t>(query.goal_y));
        return start != goal && batch_.solver.components().connected(start, goal);
    }

    /// Queries a field can answer, as (goal cell, query index); the rest go to the Solver.
    void split_queries() {
        for (std::size_t index = 0; index < batch_.queries.size(); ++index) {
            const search::Query& query = batch_.queries[index];
            if (needs_search(query)) {
                const grid::CellIndex goal = batch_.grid.cell(static_cast<std::uint32_t>(query.goal_x),
                                                              static_cast<std::uint32_t>(query.goal_y));
                plan_.members.emplace_back(goal.value, static_cast<std::uint32_t>(index));
            } else {
                plan_.searched.push_back(static_cast<std::uint32_t>(index));
            }
        }
        std::sort(plan_.members.begin(), plan_.members.end());
    }

    [[nodiscard]] std::vector<Group> goal_groups() const {
        std::vector<Group> groups;
        const auto& members = plan_.members;
        for (std::size_t begin = 0; begin < members.size();) {
            std::size_t end = begin;
            while (end < members.size() && members[end].first == members[begin].first) ++end;
            groups.push_back({members[begin].first, begin, end});
            begin = end;
        }
        return groups;
    }

    /// Runs `probes`, the i-th stopped after limits[i] expansions where `limits` is given (0: none).
    /// A probe stopped at its limit keeps only what it shows of the cost: a field answers it later.
    void run_probes(const std::vector<std::uint32_t>& probes, const std::vector<std::uint64_t>* limits) {
        if (!plan_.probe_slots.empty()) {
            for (std::uint32_t index : probes) {
                if (plan_.probe_slots[index] != kNoSlot) continue;
                plan_.probe_slots[index] = static_cast<std::uint32_t>(plan_.probe_answers.size());
                plan_.probe_answers.emplace_back();
            }
        }
        const auto queries = batch_.queries;
        const search::Solver& solver = batch_.solver;
        batch_.workers.for_each(probes.size(), [&](WorkerSlot& slot, std::size_t position) {
            const std::uint64_t limit = limits != nullptr ? (*limits)[position] : 0;
            solver.solve(slot.context, queries[probes[position]], probe_answer(probes[position]), limit);
        });
        std::size_t answered = 0;
        for (std::size_t position = 0; position < probes.size(); ++position) {
            const std::uint32_t index = probes[position];
            const std::uint64_t limit = limits != nullptr ? (*limits)[position] : 0;
            const search::Result& result = probe_answer(index);
            const bool stopped = limit != 0 && result.status == search::QueryStatus::node_limit &&
                                 result.counters.expanded >= limit &&
                                 (batch_.settings.max_expansions == 0 || limit < batch_.settings.max_expansions);
            plan_.probed[index] = stopped ? 2 : 1;
            answered += stopped ? 0 : 1;
        }
        batch_.report.probe_queries += probes.size();
        batch_.report.probes_stopped += probes.size() - answered;
        batch_.meter.advance(answered);
    }

    /// Where the answer of query `index`'s probe goes (CrowdPlan::probe_slots).
    [[nodiscard]] search::Result& probe_answer(std::uint32_t index) const {
        return plan_.probe_slots.empty() ? batch_.results[index] : plan_.probe_answers[plan_.probe_slots[index]];
    }

    /// The answer of query `index`'s probe, or none when it was not probed.
    [[nodiscard]] const search::Result* probed_answer(std::uint32_t index) const {
        return plan_.probed[index] != 0 ? &probe_answer(index) : nullptr;
    }

    /// A group's agents and probes so far.
    [[nodiscard]] WorkTally group_tally(const Group& group) const {
        WorkTally tally;
        for (std::size_t member = group.begin; member < group.end; ++member) {
            const std::uint32_t index = plan_.members[member].second;
            tally.add(batch_.queries[index], probed_answer(index));
        }
        return tally;
    }

    /// The estimate of a group from its probes so far (field against its agents' searches).
    [[nodiscard]] FieldWorkload group_workload(const Group& group) const {
        FieldWorkload workload;
        for (std::size_t member = group.begin; member < group.end; ++member) {
            workload.max_distance =
                std::max(workload.max_distance, octile_distance(batch_.queries[plan_.members[member].second]));
        }
        const WorkTally tally = group_tally(group);
        // Probe agents are already answered: a field would not save their searches (a probe stopped
        // early answered nothing).
        std::size_t answered = 0;
        for (std::size_t member = group.begin; member < group.end; ++member) {
            answered += plan_.probed[plan_.members[member].second] == 1;
        }
        workload.agents = tally.queries - answered;
        workload.seconds_per_agent = query_seconds(batch_.solver.algorithm(), tally.mean(), batch_.mean_run);
        workload.map_cells = batch_.grid.padded_cell_count();
        const grid::PaddedIndex goal = batch_.grid.padded(grid::CellIndex{group.goal});
        const search::Components& components = batch_.solver.components();
        workload.component_cells = batch_.component_cells.of(batch_.grid, components)[components.label(goal)];
        return workload;
    }

    /// `count` agents of a group (at most all of them) spread over its distances: sorted by octile
    /// distance to the goal (then by query index), the agent at the middle of each of `count` equal
    /// shares. A search's work grows with its distance, so agents taken by position alone (in a
    /// scenario file sorted by length, the shortest) could stand for the group's searches badly.
    [[nodiscard]] std::vector<std::uint32_t> probe_agents(const Group& group, std::size_t count) const {
        std::vector<std::pair<double, std::uint32_t>> agents;
        agents.reserve(group.end - group.begin);
        for (std::size_t member = group.begin; member < group.end; ++member) {
            const std::uint32_t index = plan_.members[member].second;
            agents.emplace_back(octile_distance(batch_.queries[index]), index);
        }
        std::sort(agents.begin(), agents.end());
        count = std::min(count, agents.size());
        std::vector<std::uint32_t> picked;
        picked.reserve(count);
        for (std::size_t share = 0; share < count; ++share) {
            picked.push_back(agents[(2 * share + 1) * agents.size() / (2 * count)].second);
        }
        return picked;
    }

    /// The first-round probe of a group, or none when the group takes its field at the least work a
    /// search can do (probes could only raise that estimate). The probe stops once its expansions
    /// show the group's searches cost kDecisiveMargin times the field.
    [[nodiscard]] std::optional<std::pair<std::uint32_t, std::uint64_t>> first_probe(const Group& group) const {
        const FieldWorkload least = group_workload(group);  // no probe yet: the least work
        if (choose_field(least)) return std::nullopt;
        // The probe's work is scaled by the group's mean distance over its own.
        const double mean_distance = group_tally(group).mean().distance;
        // Of the agents the second round would search, the one nearest the middle, so that the two
        // rounds together search no more than kProbeAgents.
        const std::vector<std::uint32_t> spread = probe_agents(group, kProbeAgents);
        const std::uint32_t probe = spread[(spread.size() - 1) / 2];
        const double scale = mean_distance / std::max(1.0, octile_distance(batch_.queries[probe]));
        const double decisive = kDecisiveMargin * field_seconds(least) / static_cast<double>(least.agents);
        const double expansions =
            expansions_for_seconds(batch_.solver.algorithm(), decisive, mean_distance, batch_.mean_run) / scale;
        return std::pair{probe, static_cast<std::uint64_t>(std::clamp(std::ceil(expansions), 1.0, 1e18))};
    }

    /// Probes in two rounds: one agent per group of two or more, then up to kProbeAgents for the
    /// groups whose estimates lie within kDecisiveMargin of each other (a probe costs as much as the
    /// searches a field would save, so a clear case is not probed further).
    void probe_groups(const std::vector<Group>& groups) {
        std::vector<char> decided(groups.size(), 0);
        for (const std::size_t round_size : {std::size_t{1}, kProbeAgents}) {
            std::vector<std::uint32_t> probes;
            std::vector<std::uint64_t> limits;
            for (std::size_t group_index = 0; group_index < groups.size(); ++group_index) {
                const Group& group = groups[group_index];
                if (group.end - group.begin < 2 || decided[group_index] != 0) continue;
                if (round_size == 1) {
                    const auto probe = first_probe(group);
                    if (!probe) {
                        decided[group_index] = 1;
                        continue;
                    }
                    probes.push_back(probe->first);
                    limits.push_back(probe->second);
                    continue;
                }
                for (std::uint32_t index : probe_agents(group, round_size)) {
                    if (plan_.probed[index] == 0) probes.push_back(index);
                }
            }
            run_probes(probes, round_size == 1 ? &limits : nullptr);
            for (std::size_t group_index = 0; group_index < groups.size(); ++group_index) {
                const Group& group = groups[group_index];
                if (group.end - group.begin < 2 || decided[group_index] != 0) continue;
                const FieldWorkload workload = group_workload(group);
                const double searches = static_cast<double>(workload.agents) * workload.seconds_per_agent;
                const double field = field_seconds(workload);
                // More probes are worth their searches only while kProbeAgents of them, at the first
                // probe's estimate, cost a small share of either choice: a small group of long
                // searches is settled by its first probe.
                const double more_probes = static_cast<double>(kProbeAgents) * workload.seconds_per_agent;
                if (searches >= kDecisiveMargin * field || kDecisiveMargin * searches <= field ||
                    kDecisiveMargin * more_probes > std::min(searches, field))
                    decided[group_index] = 1;
            }
        }
    }

    /// Each group to its field or to per-agent search: flowfield fields every group; auto weighs
    /// groups of two or more and searches single agents.
    void choose_fields(const std::vector<Group>& groups, bool automatic) {
        for (const Group& group : groups) {
            bool use_field = batch_.settings.algorithm == search::Algorithm::flowfield;
            if (automatic && group.end - group.begin >= 2) use_field = choose_field(group_workload(group));
            if (use_field) {
                plan_.field_groups.push_back(group);
                batch_.report.field_queries += group.end - group.begin;
            } else {
                for (std::size_t member = group.begin; member < group.end; ++member) {
                    plan_.searched.push_back(plan_.members[member].second);
                }
            }
        }
        batch_.report.field_groups = plan_.field_groups.size();
        batch_.report.search_queries = plan_.searched.size();
        std::sort(plan_.searched.begin(), plan_.searched.end());
    }

    /// Under auto and the benchmark rule: JPS+ for the set's searches when its table pays for itself
    /// at the probes' expansions (up to kSetProbes of them), else JPS.
    void choose_per_agent_search() {
        // A table an earlier solve built is paid for: JPS+ answers faster than JPS at no set-up.
        if (std::shared_ptr<const search::Solver> kept = kept_table()) {
            use_table(std::move(kept));
            batch_.report.table_reused = true;
            return;
        }
        // Only queries that need a search tell its cost: not those the Solver's checks answer.
        std::vector<std::uint32_t> searchable;
        for (std::uint32_t index : plan_.searched) {
            if (needs_search(batch_.queries[index])) searchable.push_back(index);
        }
        std::size_t probe_count = 0;
        for (std::uint32_t index : searchable) probe_count += plan_.probed[index] != 0 ? 1 : 0;
        if (probe_count < kSetProbes && searchable.size() > probe_count) {
            std::vector<std::uint32_t> probes;
            const std::size_t wanted = std::min(kSetProbes - probe_count, searchable.size() - probe_count);
            for (std::size_t step = 0; step < wanted; ++step) {
                const std::uint32_t index = searchable[step * searchable.size() / wanted];
                if (plan_.probed[index] == 0) probes.push_back(index);
            }
            run_probes(probes, nullptr);
        }
        SearchWorkload workload;
        WorkTally tally;
        for (std::uint32_t index : searchable) {
            tally.add(batch_.queries[index], probed_answer(index));
        }
        workload.queries = tally.queries - tally.probes;
        workload.per_query = tally.mean();
        workload.mean_run = batch_.mean_run;
        workload.padded_cells = batch_.grid.padded_cell_count();
        if (workload.queries > 0 && choose_jump_points(workload) == search::Algorithm::jps_plus) build_table();
    }

    /// The table an earlier solve of this crowd solver built, if any.
    [[nodiscard]] std::shared_ptr<const search::Solver> kept_table() const {
        const std::lock_guard<std::mutex> lock(batch_.kept_table.mutex);
        return batch_.kept_table.solver;
    }

    /// The JPS+ Solver, timed as set-up, and kept for the crowd solver's next solves.
    void build_table() {
        search::SearchSettings table_settings = batch_.solver.settings();
        table_settings.algorithm = search::Algorithm::jps_plus;
        const auto table_start = std::chrono::steady_clock::now();
        const double table_cpu_start = process_cpu_seconds();
        const std::uint64_t table_faults_start = process_page_faults();
        std::optional<Expected<search::Solver>> created;
        batch_.workers.execute([&] {
            created.emplace(
                search::Solver::create(batch_.grid, table_settings,
                                       {.parallel = batch_.workers.parallel_loop(), .components = batch_.components}));
        });
        batch_.report.table_seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - table_start).count();
        batch_.report.table_cpu_seconds = process_cpu_seconds() - table_cpu_start;
        batch_.report.table_page_faults = process_page_faults() - table_faults_start;
        if (!*created) return;
        auto table = std::make_shared<const search::Solver>(std::move(**created));
        {
            const std::lock_guard<std::mutex> lock(batch_.kept_table.mutex);
            batch_.kept_table.solver = table;
        }
        use_table(std::move(table));
    }

    void use_table(std::shared_ptr<const search::Solver> table) {
        plan_.table_solver = std::move(table);
        batch_.report.search_algorithm = search::Algorithm::jps_plus;
        if (const search::JumpPointTable* jump_table = plan_.table_solver->jump_table()) {
            batch_.report.table_bytes = jump_table->memory_bytes();
        }
    }

    const CrowdBatch& batch_;
    CrowdPlan& plan_;
};

/// Runs a planned crowd batch: each field group's field and its agents' paths read off it, then the
/// per-agent searches. A group counts as one query for the time budget and the cancel token.
class CrowdRunner {
public:
    CrowdRunner(const CrowdBatch& batch, CrowdPlan& plan)
        : batch_(batch), plan_(plan), settled_per_group_(plan.field_groups.size(), 0) {}

    void run() {
        // Groups of ordinary size: one task each, the field in the running worker's slot. With more
        // than one worker, groups of kParallelReadOff agents or more are kept for the waves.
        const bool parallel = batch_.workers.threads() > 1;
        std::vector<std::size_t> whole_groups;
        std::vector<std::size_t> large_groups;
        for (std::size_t group_index = 0; group_index < plan_.field_groups.size(); ++group_index) {
            const Group& group = plan_.field_groups[group_index];
            (parallel && group.end - group.begin >= kParallelReadOff ? large_groups : whole_groups)
                .push_back(group_index);
        }
        run_whole_groups(whole_groups);
        run_large_groups(large_groups);
        for (std::uint64_t settled : settled_per_group_) batch_.report.field_cells_settled += settled;
        run_searches();
    }

private:
    /// A group not started when the batch is cancelled (or its budget is spent) answers its members
    /// with that status without computing its field. Returns false then.
    bool start_group(const Group& group, const search::StopConditions& stop) {
        const search::QueryStatus interrupted = stop.interrupted();
        if (interrupted == search::QueryStatus::found) return true;
        for (std::size_t member = group.begin; member < group.end; ++member) {
            search::Result& result = batch_.results[plan_.members[member].second];
            result = search::Result{};
            result.status = interrupted;
        }
        batch_.meter.advance(group.end - group.begin);
        return false;
    }

    void compute_field(const Group& group, const search::StopConditions& stop, search::GoalField& field,
                       search::FieldWorkspace& workspace) const {
        const grid::Grid& grid = batch_.grid;
        std::vector<grid::CellIndex> starts;
        starts.reserve(group.end - group.begin);
        for (std::size_t member = group.begin; member < group.end; ++member) {
            const search::Query& query = batch_.queries[plan_.members[member].second];
            starts.push_back(
                grid.cell(static_cast<std::uint32_t>(query.start_x), static_cast<std::uint32_t>(query.start_y)));
        }
        field.recompute(grid, batch_.settings.moves, batch_.settings.diagonal, group.goal % grid.width(),
                        group.goal / grid.width(), starts, false, workspace, stop);
    }

    void read_off(std::size_t member, const search::GoalField& field, search::SearchContext& context) const {
        const std::uint32_t index = plan_.members[member].second;
        const search::Query& query = batch_.queries[index];
        search::Result& result = batch_.results[index];
        const bool time_queries = batch_.settings.time_queries;
        result.counters = {};
        result.nanoseconds = 0;
        const auto read_start =
            time_queries ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{};
        if (!field.read_path(batch_.grid, static_cast<std::uint32_t>(query.start_x),
                             static_cast<std::uint32_t>(query.start_y), batch_.settings.record_paths, result)) {
            if (field.stopped() != search::QueryStatus::found) {
                // The field was stopped before it reached this start: the group's status, no search.
                result = search::Result{};
                result.status = field.stopped();
            } else {
                batch_.solver.solve(context, query, result);  // not reached for a connected start
            }
        }
        if (time_queries) result.nanoseconds = core::elapsed_nanoseconds(read_start);
    }

    /// The first query of the group carries the field's work and, when queries are timed, its time
    /// (read-offs are timed on their own).
    void finish_group(std::size_t group_index, const search::GoalField& field, std::uint64_t field_nanoseconds) {
        const Group& group = plan_.field_groups[group_index];
        settled_per_group_[group_index] = field.counters().expanded;
        std::uint32_t first = plan_.members[group.begin].second;
        for (std::size_t member = group.begin; member < group.end; ++member) {
            first = std::min(first, plan_.members[member].second);
        }
        batch_.results[first].counters += field.counters();
        batch_.results[first].nanoseconds += field_nanoseconds;
        batch_.meter.advance(group.end - group.begin);
    }

    void run_whole_groups(const std::vector<std::size_t>& whole_groups) {
        const bool time_queries = batch_.settings.time_queries;
        batch_.workers.for_each(whole_groups.size(), [&](WorkerSlot& slot, std::size_t position) {
            const std::size_t group_index = whole_groups[position];
            const Group& group = plan_.field_groups[group_index];
            const auto group_start = std::chrono::steady_clock::now();
            const search::StopConditions stop = search::StopConditions::for_query(batch_.settings);
            if (!start_group(group, stop)) return;
            compute_field(group, stop, slot.field, slot.field_workspace);
            const std::uint64_t field_nanoseconds = time_queries ? core::elapsed_nanoseconds(group_start) : 0;
            for (std::size_t member = group.begin; member < group.end; ++member)
                read_off(member, slot.field, slot.context);
            finish_group(group_index, slot.field, field_nanoseconds);
        });
    }

    /// Large groups, in waves of one group per worker: the wave's fields in parallel (each in a field
    /// of the wave, not a worker's slot, since every worker reads it next), then all the wave's
    /// agents read off in parallel, each on its worker's context.
    void run_large_groups(const std::vector<std::size_t>& large_groups) {
        const bool time_queries = batch_.settings.time_queries;
        const std::size_t wave_size = std::min<std::size_t>(batch_.workers.threads(), large_groups.size());
        std::vector<search::GoalField> wave_fields(wave_size);
        std::vector<std::uint64_t> wave_nanoseconds(wave_size, 0);
        std::vector<char> wave_started(wave_size, 0);
        std::vector<std::size_t> wave_offsets;
        for (std::size_t wave_begin = 0; wave_begin < large_groups.size(); wave_begin += wave_size) {
            const std::size_t wave_count = std::min(wave_size, large_groups.size() - wave_begin);
            batch_.workers.for_each(wave_count, [&](WorkerSlot& slot, std::size_t position) {
                const Group& group = plan_.field_groups[large_groups[wave_begin + position]];
                const auto group_start = std::chrono::steady_clock::now();
                const search::StopConditions stop = search::StopConditions::for_query(batch_.settings);
                wave_started[position] = start_group(group, stop) ? 1 : 0;
                if (wave_started[position] == 0) return;
                compute_field(group, stop, wave_fields[position], slot.field_workspace);
                wave_nanoseconds[position] = time_queries ? core::elapsed_nanoseconds(group_start) : 0;
            });
            // Agents of the wave's started groups, numbered one after another.
            wave_offsets.assign(1, 0);
            for (std::size_t position = 0; position < wave_count; ++position) {
                const Group& group = plan_.field_groups[large_groups[wave_begin + position]];
                wave_offsets.push_back(wave_offsets.back() +
                                       (wave_started[position] != 0 ? group.end - group.begin : 0));
            }
            batch_.workers.for_each(wave_offsets.back(), [&](WorkerSlot& slot, std::size_t agent) {
                const auto position = static_cast<std::size_t>(
                    std::upper_bound(wave_offsets.begin(), wave_offsets.end(), agent) - wave_offsets.begin() - 1);
                const Group& group = plan_.field_groups[large_groups[wave_begin + position]];
                read_off(group.begin + (agent - wave_offsets[position]), wave_fields[position], slot.context);
            });
            for (std::size_t position = 0; position < wave_count; ++position) {
                if (wave_started[position] != 0) {
                    finish_group(large_groups[wave_begin + position], wave_fields[position],
                                 wave_nanoseconds[position]);
                }
            }
        }
    }

    /// The per-agent searches, but for the queries a probe answered already.
    void run_searches() {
        std::vector<std::uint32_t>& searched = plan_.searched;
        std::erase_if(searched, [&](std::uint32_t index) { return plan_.probed[index] == 1; });
        const search::Solver& per_agent = plan_.table_solver ? *plan_.table_solver : batch_.solver;
        batch_.workers.for_each(searched.size(), [&](WorkerSlot& slot, std::size_t position) {
            const std::uint32_t index = searched[position];
            per_agent.solve(slot.context, batch_.queries[index], batch_.results[index]);
            batch_.meter.advance(1);
        });
    }

    const CrowdBatch& batch_;
    CrowdPlan& plan_;
    std::vector<std::uint64_t> settled_per_group_;
};

}  // namespace

bool is_part_of(std::span<const search::Query> queries, const WholeSet& whole) {
    if (whole.positions.size() != queries.size()) return false;
    for (std::size_t index = 0; index < queries.size(); ++index) {
        const std::uint32_t position = whole.positions[index];
        if (position >= whole.queries.size() || (index > 0 && position <= whole.positions[index - 1])) return false;
        const search::Query& mine = queries[index];
        const search::Query& theirs = whole.queries[position];
        if (mine.start_x != theirs.start_x || mine.start_y != theirs.start_y || mine.goal_x != theirs.goal_x ||
            mine.goal_y != theirs.goal_y) {
            return false;
        }
    }
    return true;
}

namespace {

/// Plans `batch`, a part of `whole`, as the whole set is planned: the whole set's plan is made (its
/// probes run here), then the part takes its probes' answers, its share of the searches and the
/// members it holds of each field group, and the whole plan's choice of JPS or JPS+.
void plan_part(const CrowdBatch& batch, const WholeSet& whole, CrowdPlan& plan) {
    ProgressMeter silent(nullptr, nullptr, 0);
    CrowdReport whole_report = batch.report;
    const CrowdBatch whole_batch{batch.grid,
                                 batch.solver,
                                 batch.settings,
                                 batch.component_cells,
                                 batch.components,
                                 batch.mean_run,
                                 batch.kept_table,
                                 whole.queries,
                                 {},
                                 batch.workers,
                                 silent,
                                 whole_report};
    CrowdPlan whole_plan;
    whole_plan.probe_slots.assign(whole.queries.size(), kNoSlot);  // the probes' answers kept apart
    CrowdPlanner(whole_batch, whole_plan).plan();

    constexpr std::uint32_t kOutside = std::numeric_limits<std::uint32_t>::max();
    std::vector<std::uint32_t> part_index(whole.queries.size(), kOutside);
    for (std::size_t index = 0; index < whole.positions.size(); ++index) {
        part_index[whole.positions[index]] = static_cast<std::uint32_t>(index);
    }
    plan.probed.assign(batch.queries.size(), 0);
    std::size_t answered = 0;
    for (std::size_t index = 0; index < whole.positions.size(); ++index) {
        const std::uint32_t position = whole.positions[index];
        plan.probed[index] = whole_plan.probed[position];
        if (plan.probed[index] != 0) {
            batch.results[index] = std::move(whole_plan.probe_answers[whole_plan.probe_slots[position]]);
        }
        answered += plan.probed[index] == 1 ? 1 : 0;
    }
    for (std::uint32_t position : whole_plan.searched) {
        if (part_index[position] != kOutside) plan.searched.push_back(part_index[position]);
    }
    for (const Group& group : whole_plan.field_groups) {
        Group mine{group.goal, plan.members.size(), plan.members.size()};
        for (std::size_t member = group.begin; member < group.end; ++member) {
            const std::uint32_t index = part_index[whole_plan.members[member].second];
            if (index != kOutside) plan.members.emplace_back(group.goal, index);
        }
        mine.end = plan.members.size();
        if (mine.end > mine.begin) plan.field_groups.push_back(mine);
    }
    plan.table_solver = whole_plan.table_solver;

    CrowdReport& report = batch.report;
    report = whole_report;
    report.goal_groups = 0;
    std::optional<std::uint32_t> counted;  // members are sorted by goal: count each goal at its first member here
    for (const auto& [goal, position] : whole_plan.members) {
        if (part_index[position] == kOutside || counted == goal) continue;
        counted = goal;
        ++report.goal_groups;
    }
    report.field_groups = plan.field_groups.size();
    report.field_queries = plan.members.size();
    report.search_queries = plan.searched.size();
    batch.meter.advance(answered);
}

}  // namespace

CrowdReport CrowdSolver::solve(std::span<const search::Query> queries, std::span<search::Result> results,
                               BatchSolver& workers, ProgressCallback progress, void* progress_user,
                               WholeSet whole) const {
    ProgressMeter meter(progress, progress_user, queries.size());
    CrowdReport report;
    report.search_algorithm = solver_->algorithm();
    const bool part = !whole.queries.empty() || !whole.positions.empty();
    if (results.size() != queries.size() || (part && !is_part_of(queries, whole))) {
        report.refused = true;
        return report;
    }
    const CrowdBatch batch{*grid_,
                           *solver_,
                           settings_,
                           shared_->component_cells,
                           shared_->components,
                           shared_->mean_run,
                           shared_->table,
                           queries,
                           results,
                           workers,
                           meter,
                           report};
    CrowdPlan plan;
    if (part) {
        plan_part(batch, whole, plan);
    } else {
        CrowdPlanner(batch, plan).plan();
    }
    CrowdRunner(batch, plan).run();
    return report;
}

search::Algorithm planned_per_agent(const ScenarioSet& set, const search::SearchSettings& settings, double mean_run) {
    const std::span<const search::Query> queries =
        set.whole_queries.empty() ? std::span<const search::Query>(set.queries) : set.whole_queries;
    if (settings.algorithm != search::Algorithm::automatic || settings.max_expansions != 0 || queries.empty() ||
        !search::check_jump_point_settings(*set.grid, settings)) {
        return search::Algorithm::automatic;
    }
    std::vector<std::uint32_t> goals;
    goals.reserve(queries.size());
    double distance = 0;
    for (const search::Query& query : queries) {
        goals.push_back(static_cast<std::uint32_t>(query.goal_y) * set.grid->width() +
                        static_cast<std::uint32_t>(query.goal_x));
        distance += octile_distance(query);
    }
    std::sort(goals.begin(), goals.end());
    const std::size_t shared_goals = static_cast<std::size_t>(
        goals.size() - static_cast<std::size_t>(std::unique(goals.begin(), goals.end()) - goals.begin()));
    SearchWorkload least;
    least.queries = queries.size();
    least.per_query = {1, 0, distance / static_cast<double>(queries.size())};
    least.mean_run = mean_run;
    least.padded_cells = set.grid->padded_cell_count();
    return shared_goals * 10 < queries.size() && jump_table_certain(least) ? search::Algorithm::jps_plus
                                                                           : search::Algorithm::automatic;
}

SetOutcome solve_set_with_fields(const ScenarioSet& set, const CrowdSolver& crowd, SetOutcome outcome,
                                 BatchSolver& workers, ProgressCallback progress, void* progress_user) {
    outcome.results.resize(set.queries.size());
    const std::uint64_t faults_before = process_page_faults();
    const double cpu_before = process_cpu_seconds();
    const auto wall_before = std::chrono::steady_clock::now();
    const CrowdReport report = crowd.solve(set.queries, outcome.results, workers, progress, progress_user,
                                           {set.whole_queries, set.positions_in_whole});
    const std::uint64_t faults_after = process_page_faults();
    // A JPS+ table auto chose to build is per-map set-up, not search: its time and its page faults.
    outcome.search_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_before).count() - report.table_seconds;
    outcome.setup_seconds += report.table_seconds;
    outcome.cpu_seconds = process_cpu_seconds() - cpu_before - report.table_cpu_seconds;
    outcome.setup_page_faults += report.table_page_faults;
    outcome.search_page_faults = faults_after - faults_before - report.table_page_faults;
    if (const search::JumpPointGrid* lines = crowd.search_solver().jump_grid()) {
        outcome.preprocessing_seconds = lines->build_seconds();
        outcome.preprocessing_bytes = lines->memory_bytes();
    }
    if (const search::JumpPointTable* table = crowd.search_solver().jump_table()) {
        outcome.preprocessing_seconds = table->build_seconds();
        outcome.preprocessing_bytes = table->memory_bytes();
    }
    if (outcome.setup_reused) outcome.preprocessing_seconds = 0;  // paid by the set that built it
    outcome.setup_reused = outcome.setup_reused && report.table_seconds == 0;
    outcome.preprocessing_seconds += report.table_seconds;
    outcome.preprocessing_bytes += report.table_bytes;
    if (progress != nullptr) progress(progress_user, set.queries.size(), set.queries.size());
    outcome.field_groups = report.field_groups;
    outcome.field_queries = report.field_queries;
    // flowfield asked for: fields answered everything a search would have had to (the rest were
    // answered by the Solver's checks). auto: the per-agent algorithm unless fields answered all.
    outcome.algorithm = outcome_algorithm(crowd.settings().algorithm, report.field_queries, set.queries.size(),
                                          report.search_algorithm);
    return outcome;
}

}  // namespace swarmpath::batch
