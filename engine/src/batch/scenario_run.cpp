// Loading and solving scenario sets (see scenario_run.hpp).
#include "swarmpath/batch/scenario_run.hpp"

#if __has_include(<sys/resource.h>)
#include <sys/resource.h>
#define SWARMPATH_HAS_GETRUSAGE 1
#endif

#include <chrono>
#include <ctime>
#include <map>

#include "swarmpath/batch/crowd_solver.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/search/jump_point_search.hpp"
#include "swarmpath/search/jump_point_table.hpp"
#include "swarmpath/search/solver.hpp"

namespace swarmpath::batch {

double process_cpu_seconds() {
#ifdef SWARMPATH_HAS_GETRUSAGE
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
#else
    return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;  // the process's CPU time where POSIX is absent
#endif
}

namespace {

std::string base_name(const std::string& path) {
    std::size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

Expected<std::vector<ScenarioSet>> load_scenario_sets(const std::vector<std::string>& scenario_paths,
                                                      const LoadOptions& options) {
    std::map<std::string, std::shared_ptr<const grid::Grid>> grids;
    std::vector<ScenarioSet> sets;
    for (const std::string& scenario_path : scenario_paths) {
        Expected<io::ScenarioFile> scenario = io::read_scenario_file(scenario_path);
        if (!scenario) return scenario.error();
        // Group rows by map path, keeping the order in which maps first appear.
        std::map<std::string, std::size_t> set_of_map;
        const std::size_t first_set = sets.size();
        for (std::uint32_t index = 0; index < scenario->rows.size(); ++index) {
            const io::ScenarioRow& row = scenario->rows[index];
            std::string map_path = options.map_override.empty()
                                       ? io::resolve_map_path(scenario_path, row.map_name)
                                       : options.map_override;
            auto [found, inserted] = set_of_map.try_emplace(map_path, sets.size());
            if (inserted) {
                ScenarioSet set;
                set.scenario_path = scenario_path;
                set.scenario_name = base_name(scenario_path);
                set.map_path = map_path;
                auto cached = grids.find(map_path);
                if (cached == grids.end()) {
                    Expected<io::MapFile> map = io::read_map_file(map_path, options.terrain);
                    if (!map) {
                        Error error = map.error();
                        if (error.line == 0 && error.message.rfind("cannot open", 0) == 0) {
                            error.message += " (map named by " + scenario_path + " line " + std::to_string(row.line) + ")";
                        }
                        return error;
                    }
                    Expected<grid::Grid> built = grid::Grid::build(*map, options.terrain);
                    if (!built) return built.error();
                    cached = grids.emplace(map_path, std::make_shared<const grid::Grid>(std::move(*built))).first;
                }
                set.grid = cached->second;
                sets.push_back(std::move(set));
            }
            ScenarioSet& set = sets[found->second];
            if (row.map_width != set.grid->width() || row.map_height != set.grid->height()) {
                return Error{scenario_path, row.line, 0,
                             "row names a " + std::to_string(row.map_width) + " x " + std::to_string(row.map_height) +
                                 " map but " + map_path + " is " + std::to_string(set.grid->width()) + " x " +
                                 std::to_string(set.grid->height())};
            }
            set.rows.push_back(row);
            set.row_indices.push_back(index);
            set.queries.push_back({row.start_x, row.start_y, row.goal_x, row.goal_y});
        }
        if (sets.size() == first_set) {
            // A file with no rows still appears in reports.
            ScenarioSet set;
            set.scenario_path = scenario_path;
            set.scenario_name = base_name(scenario_path);
            sets.push_back(std::move(set));
        }
    }
    return sets;
}

Expected<SetOutcome> solve_set(const ScenarioSet& set, const search::SearchSettings& settings, BatchSolver& workers,
                               ProgressCallback progress, void* progress_user) {
    SetOutcome outcome;
    if (set.queries.empty()) return outcome;
    if (settings.algorithm == search::Algorithm::flowfield || settings.algorithm == search::Algorithm::automatic) {
        return solve_set_with_fields(set, settings, workers, progress, progress_user);  // crowd_solver.hpp
    }
    Expected<search::Solver> solver = search::Solver::create(*set.grid, settings);
    if (!solver) return solver.error();
    outcome.algorithm = solver->algorithm();
    if (const search::JumpPointGrid* lines = solver->jump_grid()) {
        outcome.preprocessing_seconds = lines->build_seconds();
        outcome.preprocessing_bytes = lines->memory_bytes();
    }
    if (const search::JumpPointTable* table = solver->jump_table()) {
        outcome.preprocessing_seconds = table->build_seconds();
        outcome.preprocessing_bytes = table->memory_bytes();
    }
    outcome.results.resize(set.queries.size());
    const std::size_t total = set.queries.size();
    const std::size_t chunk = progress == nullptr ? total : std::max<std::size_t>(512, total / 50);
    const double cpu_before = process_cpu_seconds();
    const auto wall_before = std::chrono::steady_clock::now();
    for (std::size_t begin = 0; begin < total; begin += chunk) {
        const std::size_t count = std::min(chunk, total - begin);
        workers.solve(*solver, std::span(set.queries).subspan(begin, count),
                      std::span(outcome.results).subspan(begin, count));
        if (progress != nullptr) progress(progress_user, begin + count, total);
    }
    outcome.search_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_before).count();
    outcome.cpu_seconds = process_cpu_seconds() - cpu_before;
    return outcome;
}

CheckVerdict check_result(const io::ScenarioRow& row, const search::Result& result, double cost_bound) {
    const bool same_cell = row.start_x == row.goal_x && row.start_y == row.goal_y;
    if (row.optimal_length == 0 && !same_cell) return CheckVerdict::unknown;
    if (result.status != search::QueryStatus::found) return CheckVerdict::mismatch;
    if (io::length_matches(result.cost, row.optimal_length)) return CheckVerdict::match;
    if (cost_bound > 1.0 && result.cost <= cost_bound * row.optimal_length + 1e-5 * row.optimal_length + 1e-6 &&
        result.cost >= row.optimal_length - 1e-5 * row.optimal_length - 1e-6) {
        return CheckVerdict::match;
    }
    return CheckVerdict::mismatch;
}

}  // namespace swarmpath::batch
