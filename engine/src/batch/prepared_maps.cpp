// PreparedMaps (prepared_maps.hpp): a short list of preparations, looked up by grid and settings.
// A run holds a few maps at a time, so a linear search is all it needs.
#include "swarmpath/batch/prepared_maps.hpp"

#include <algorithm>
#include <utility>

#include "swarmpath/batch/algorithm_choice.hpp"

namespace swarmpath::batch {
namespace {

/// Whether a preparation made under `kept` serves `wanted`: every setting equal.
bool same_settings(const search::SearchSettings& kept, const search::SearchSettings& wanted) {
    return kept.algorithm == wanted.algorithm && kept.topology == wanted.topology && kept.moves == wanted.moves &&
           kept.diagonal == wanted.diagonal && kept.moves_chosen == wanted.moves_chosen &&
           kept.diagonal_chosen == wanted.diagonal_chosen && kept.heuristic == wanted.heuristic &&
           kept.weight == wanted.weight && kept.allow_inadmissible == wanted.allow_inadmissible &&
           kept.fallback == wanted.fallback && kept.max_expansions == wanted.max_expansions &&
           kept.time_budget == wanted.time_budget && kept.cancel == wanted.cancel &&
           kept.record_paths == wanted.record_paths && kept.time_queries == wanted.time_queries &&
           kept.goal_bounds == wanted.goal_bounds;
}

}  // namespace

PreparedMaps::Entry* PreparedMaps::find(const grid::Grid* grid, const search::SearchSettings& settings,
                                        search::Algorithm per_agent, bool crowd) {
    for (Entry& entry : entries_) {
        if (entry.grid.get() == grid && (entry.crowd != nullptr) == crowd && entry.per_agent == per_agent &&
            same_settings(entry.settings, settings)) {
            entry.last_use = ++uses_;
            return &entry;
        }
    }
    return nullptr;
}

void PreparedMaps::make_room() {
    if (entries_.size() < kKept) return;
    entries_.erase(std::min_element(entries_.begin(), entries_.end(), [](const Entry& left, const Entry& right) {
        return left.last_use < right.last_use;
    }));
}

Expected<std::shared_ptr<const search::Solver>> PreparedMaps::solver(const std::shared_ptr<const grid::Grid>& grid,
                                                                     const search::SearchSettings& settings,
                                                                     core::ParallelLoop parallel, bool& reused) {
    reused = false;
    if (Entry* entry = find(grid.get(), settings, search::Algorithm::automatic, false)) {
        reused = true;
        return entry->solver;
    }
    Expected<search::Solver> created = search::Solver::create(*grid, settings, {.parallel = parallel});
    if (!created) return created.error();
    auto solver = std::make_shared<const search::Solver>(std::move(*created));
    make_room();
    entries_.push_back({grid, settings, search::Algorithm::automatic, solver, nullptr, ++uses_});
    return solver;
}

Expected<std::shared_ptr<const CrowdSolver>> PreparedMaps::crowd_solver(const std::shared_ptr<const grid::Grid>& grid,
                                                                        const search::SearchSettings& settings,
                                                                        search::Algorithm per_agent,
                                                                        core::ParallelLoop parallel, bool& reused) {
    reused = false;
    // A crowd solver holding a JPS+ table serves any set on its map; one without serves sets that
    // leave the choice to solve (automatic), which build the table there when they call for it.
    Entry* entry = find(grid.get(), settings, search::Algorithm::jps_plus, true);
    if (entry == nullptr || !entry->crowd->holds_jump_table()) {
        Entry* automatic = find(grid.get(), settings, search::Algorithm::automatic, true);
        if (automatic != nullptr && (per_agent == search::Algorithm::automatic || automatic->crowd->holds_jump_table()))
            entry = automatic;
    }
    if (entry != nullptr) {
        reused = true;
        return entry->crowd;
    }
    Expected<CrowdSolver> created = CrowdSolver::create(*grid, settings, per_agent, parallel);
    if (!created) return created.error();
    auto crowd = std::make_shared<const CrowdSolver>(std::move(*created));
    make_room();
    entries_.push_back({grid, settings, per_agent, nullptr, crowd, ++uses_});
    return crowd;
}

double PreparedMaps::mean_passable_run(const std::shared_ptr<const grid::Grid>& grid) {
    std::erase_if(mean_runs_, [](const MeanRun& run) { return run.grid.expired(); });
    for (const MeanRun& run : mean_runs_) {
        if (run.grid.lock() == grid) return run.value;
    }
    const double value = batch::mean_passable_run(*grid);
    mean_runs_.push_back({grid, value});
    return value;
}

void PreparedMaps::release_unused() {
    // A grid several preparations hold (other settings, a crowd solver beside a Solver) is unused
    // when its holders are all here.
    std::vector<const grid::Grid*> unused;
    for (const Entry& entry : entries_) {
        const auto holders = std::count_if(entries_.begin(), entries_.end(),
                                           [&](const Entry& other) { return other.grid == entry.grid; });
        if (entry.grid.use_count() == holders) unused.push_back(entry.grid.get());
    }
    std::erase_if(entries_, [&](const Entry& entry) {
        return std::find(unused.begin(), unused.end(), entry.grid.get()) != unused.end();
    });
}

}  // namespace swarmpath::batch
