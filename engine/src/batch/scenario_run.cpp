// Loading and solving scenario sets (see scenario_run.hpp).
#include "swarmpath/batch/scenario_run.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>

#include "batch/row_check.hpp"
#include "search/jump_point_search.hpp"
#include "search/jump_point_table.hpp"
#include "swarmpath/batch/crowd_solver.hpp"
#include "swarmpath/core/settings_words.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/search/solver.hpp"

namespace swarmpath::batch {

namespace {

/// The digest of one input a load reads, where the run logs its inputs (the command line); a
/// library caller's loads keep no log, and nothing is checksummed for them.
class LoggedInput {
public:
    explicit LoggedInput(const LoadOptions& options) : log_(options.inputs) {
        if (log_ != nullptr) digest_ = log_->digest();
    }
    /// What the reader fills as it reads: null without a log.
    [[nodiscard]] io::FileDigest* digest() { return log_ != nullptr ? &digest_ : nullptr; }
    /// Logs the bytes read from `path` in `role`: an Error when the run read other bytes there before.
    [[nodiscard]] Status record(const std::string& path, std::string_view role) const {
        if (log_ == nullptr) return Success{};
        return log_->record(path, role, digest_);
    }

private:
    io::InputLog* log_;
    io::FileDigest digest_;
};

std::string base_name(const std::string& path) {
    std::size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

Expected<std::shared_ptr<const grid::Grid>> MapCache::get(const std::string& path, const LoadOptions& options) {
    for (const auto& [cached_path, grids] : grids_) {
        if (cached_path == path) return grids.base();
    }
    LoggedInput input(options);
    Expected<io::MapFile> map = io::read_map_file(path, options.terrain, input.digest());
    if (!map) return map.error();
    if (Status same = input.record(path, "map"); !same) return same.error();
    Expected<grid::Grid> built = grid::Grid::build(*map, options.terrain);
    if (!built) return built.error();
    if (!options.edits.empty()) {
        built = built->with_edits(options.edits, options.terrain, options.edits_origin);
        if (!built) return built.error();
    }
    grids_.emplace_back(path, grid::AgentGrids(std::make_shared<const grid::Grid>(std::move(*built)), options.terrain));
    return grids_.back().second.base();
}

Expected<std::shared_ptr<const grid::Grid>> MapCache::get(const std::string& path, const LoadOptions& options,
                                                          std::uint32_t size, const std::string& class_name) {
    Expected<std::shared_ptr<const grid::Grid>> base = get(path, options);
    if (!base) return base.error();
    Expected<grid::TerrainTable> terrain = class_terrain(options.classes, class_name, options.terrain);
    if (!terrain) return terrain.error();
    for (auto& [cached_path, grids] : grids_) {
        if (cached_path != path) continue;
        Expected<std::shared_ptr<const grid::Grid>> derived = grids.get(size, *terrain);
        if (!derived && derived.error().file.empty()) {
            Error error = derived.error();
            error.file = path;
            return error;
        }
        return derived;
    }
    return base;
}

Expected<grid::TerrainTable> class_terrain(const io::MovementClasses& classes, const std::string& name,
                                           const grid::TerrainTable& terrain) {
    if (name.empty()) return classes.classes.empty() ? terrain : classes.classes.front().terrain;
    std::vector<std::string_view> names;
    for (const io::MovementClass& declared : classes.classes) {
        if (declared.name == name) return declared.terrain;
        names.push_back(declared.name);
    }
    std::string message = setting_placeholder(Setting::agent_class, name) + " is not a declared movement class";
    if (names.empty()) {
        message += " (no classes are declared: declare them with " + setting_placeholder(Setting::classes, "") + ")";
    } else {
        message += ": declared are " + list_names(names);
        const std::string_view closest = closest_name(name, names);
        if (!closest.empty()) message += " (did you mean '" + std::string(closest) + "'?)";
    }
    return Error{"", 0, 0, std::move(message), Setting::agent_class, name};
}

void MapCache::release(const std::string& path) {
    std::erase_if(grids_, [&](const auto& entry) { return entry.first == path; });
}

Expected<std::vector<std::string>> scenario_map_paths(const std::string& scenario_path, const LoadOptions& options) {
    std::vector<std::string> paths;
    std::string last_name;
    LoggedInput input(options);
    Status read = io::for_each_scenario_row(
        scenario_path,
        [&](const io::ScenarioRow& row) {
            if (!options.map_override.empty()) {
                if (paths.empty()) paths.push_back(options.map_override);
                return true;
            }
            if (!paths.empty() && row.map_name == last_name) return true;
            last_name = row.map_name;
            std::string path = io::resolve_map_path(scenario_path, row.map_name);
            if (std::find(paths.begin(), paths.end(), path) == paths.end()) paths.push_back(std::move(path));
            return true;
        },
        nullptr, input.digest());
    if (!read) return read.error();
    if (Status same = input.record(scenario_path, "scenario"); !same) return same.error();
    return paths;
}

namespace {

/// The index in `sets` of the set for rows of (`map_path`, `size`, `class_name`), opened when `row`
/// is its first: the map read (or found in `maps`) and its grid derived for the agent. A map that
/// cannot be read, or that refuses the size or class, is the row's problem and names it.
Expected<std::size_t> find_or_open_set(std::vector<ScenarioSet>& sets, const std::string& scenario_path,
                                       const io::ScenarioRow& row, const std::string& map_path, std::uint32_t size,
                                       const std::string& class_name, const LoadOptions& options, MapCache& maps) {
    auto found = std::find_if(sets.begin(), sets.end(), [&](const ScenarioSet& set) {
        return set.map_path == map_path && set.agent_size == size && set.agent_class == class_name;
    });
    if (found != sets.end()) return static_cast<std::size_t>(found - sets.begin());
    Expected<std::shared_ptr<const grid::Grid>> grid = maps.get(map_path, options);
    if (!grid) {
        // A map that cannot be read at all (missing, a folder, not a regular file): name the scenario
        // file and line, and the map as the row gave it.
        const Error& error = grid.error();
        if (error.line != 0 || error.file != map_path) return error;
        return Error{scenario_path, row.line, 0,
                     "the map '" + row.map_name + "' named here (" + map_path + "): " + error.message};
    }
    grid = maps.get(map_path, options, size, class_name);
    if (!grid) return row_agent_error(grid.error(), row, scenario_path);
    ScenarioSet set;
    set.scenario_path = scenario_path;
    set.scenario_name = base_name(scenario_path);
    set.map_path = map_path;
    set.agent_size = size;
    set.agent_class = class_name;
    set.grid = std::move(*grid);
    sets.push_back(std::move(set));
    return sets.size() - 1;
}

}  // namespace

Expected<std::vector<ScenarioSet>> load_scenario_file(const std::string& scenario_path, const LoadOptions& options,
                                                      MapCache& maps) {
    std::vector<ScenarioSet> sets;
    std::optional<Error> failure;
    // Rows are grouped by map path, agent size and class, in the order they first appear; the last
    // row's map name, size, class and set are remembered, since consecutive rows nearly always share them.
    std::string last_name;
    std::uint32_t last_size = 0;
    std::string last_class;
    std::size_t last_set = 0;
    std::uint32_t index = 0;
    LoggedInput input(options);
    Status read = io::for_each_scenario_row(
        scenario_path,
        [&](const io::ScenarioRow& row) {
            const std::uint32_t size = row.agent_size_given ? row.agent_size : options.agent_size;
            const std::string& class_name = row.agent_class.empty() ? options.agent_class : row.agent_class;
            if (sets.empty() || row.map_name != last_name || size != last_size || class_name != last_class) {
                const std::string map_path = options.map_override.empty()
                                                 ? io::resolve_map_path(scenario_path, row.map_name)
                                                 : options.map_override;
                Expected<std::size_t> found =
                    find_or_open_set(sets, scenario_path, row, map_path, size, class_name, options, maps);
                if (!found) {
                    failure = found.error();
                    return false;
                }
                last_name = row.map_name;
                last_size = size;
                last_class = class_name;
                last_set = *found;
            }
            ScenarioSet& set = sets[last_set];
            if (row.map_width != set.grid->width() || row.map_height != set.grid->height()) {
                failure = Error{scenario_path, row.line, 0,
                                "row names a " + std::to_string(row.map_width) + " x " +
                                    std::to_string(row.map_height) + " map but " + set.map_path + " is " +
                                    std::to_string(set.grid->width()) + " x " + std::to_string(set.grid->height())};
                return false;
            }
            // A row's optimal length is for the agent the row names: a size or class the run gives a
            // row that names none leaves the length unknown rather than wrong.
            const bool agent_from_run =
                (!row.agent_size_given && size != 1) || (row.agent_class.empty() && !class_name.empty());
            set.rows.push_back({agent_from_run ? 0.0 : row.optimal_length, row.line, row.bucket});
            set.row_indices.push_back(index++);
            set.queries.push_back({row.start_x, row.start_y, row.goal_x, row.goal_y});
            return true;
        },
        nullptr, input.digest());
    if (!read) return read.error();
    if (failure) return *failure;
    if (Status same = input.record(scenario_path, "scenario"); !same) return same.error();
    if (sets.empty()) {
        // A file with no rows still appears in reports.
        ScenarioSet set;
        set.scenario_path = scenario_path;
        set.scenario_name = base_name(scenario_path);
        sets.push_back(std::move(set));
    }
    return sets;
}

Expected<std::vector<ScenarioSet>> load_scenario_sets(const std::vector<std::string>& scenario_paths,
                                                      const LoadOptions& options) {
    MapCache maps;
    std::vector<ScenarioSet> sets;
    for (const std::string& scenario_path : scenario_paths) {
        Expected<std::vector<ScenarioSet>> loaded = load_scenario_file(scenario_path, options, maps);
        if (!loaded) return loaded.error();
        for (ScenarioSet& set : *loaded) sets.push_back(std::move(set));
    }
    return sets;
}

namespace {

/// A refusal of the settings for this set's map (a hex map and --moves 4, say), naming the map.
Error naming_map(Error error, const ScenarioSet& set) {
    if (error.file.empty()) error.file = set.map_path;
    return error;
}

}  // namespace

Expected<SetOutcome> solve_set(const ScenarioSet& set, const search::SearchSettings& settings, BatchSolver& workers,
                               ProgressCallback progress, void* progress_user) {
    PreparedMaps once;
    return solve_set(set, settings, workers, once, progress, progress_user);
}

Expected<SetOutcome> solve_set(const ScenarioSet& set, const search::SearchSettings& settings, BatchSolver& workers,
                               PreparedMaps& prepared, ProgressCallback progress, void* progress_user) {
    SetOutcome outcome;
    if (set.queries.empty()) return outcome;
    // Preparation (JPS+ table, components) runs inside the workers' arena: --threads 1 means one thread.
    const auto setup_before = std::chrono::steady_clock::now();
    const std::uint64_t faults_before = process_page_faults();
    if (settings.algorithm == search::Algorithm::flowfield || settings.algorithm == search::Algorithm::automatic) {
        const bool part = !set.whole_queries.empty() || !set.positions_in_whole.empty();
        if (part && !is_part_of(set.queries, {set.whole_queries, set.positions_in_whole})) {
            return Error{set.scenario_path, 0, 0,
                         "the set's positions_in_whole do not place its queries among its whole_queries"};
        }
        const search::Algorithm per_agent =
            planned_per_agent(set, settings, prepared.mean_passable_run(set.grid));  // crowd_solver.hpp
        std::optional<Expected<std::shared_ptr<const CrowdSolver>>> crowd;
        workers.execute([&] {
            crowd.emplace(
                prepared.crowd_solver(set.grid, settings, per_agent, workers.parallel_loop(), outcome.setup_reused));
        });
        if (!*crowd) return naming_map(crowd->error(), set);
        workers.prepare((***crowd).search_solver());  // lends a JPS+ table's room when it has one now
        outcome.setup_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - setup_before).count();
        outcome.setup_page_faults = process_page_faults() - faults_before;
        return solve_set_with_fields(set, ***crowd, std::move(outcome), workers, progress, progress_user);
    }
    std::optional<Expected<std::shared_ptr<const search::Solver>>> created;
    workers.execute(
        [&] { created.emplace(prepared.solver(set.grid, settings, workers.parallel_loop(), outcome.setup_reused)); });
    if (!*created) return naming_map(created->error(), set);
    const search::Solver& solver = ***created;
    outcome.algorithm = solver.algorithm();
    if (const search::JumpPointGrid* lines = solver.jump_grid()) {
        outcome.preprocessing_seconds = lines->build_seconds();
        outcome.preprocessing_bytes = lines->memory_bytes();
    }
    if (const search::JumpPointTable* table = solver.jump_table()) {
        outcome.preprocessing_seconds = table->build_seconds();
        outcome.preprocessing_bytes = table->memory_bytes();
    }
    if (outcome.setup_reused) outcome.preprocessing_seconds = 0;  // paid by the set that built it
    outcome.results.resize(set.queries.size());
    workers.prepare(solver);
    outcome.setup_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - setup_before).count();
    const std::uint64_t faults_between = process_page_faults();
    outcome.setup_page_faults = faults_between - faults_before;
    const std::size_t total = set.queries.size();
    const std::size_t chunk = progress == nullptr ? total : std::max<std::size_t>(512, total / 50);
    const double cpu_before = process_cpu_seconds();
    const auto wall_before = std::chrono::steady_clock::now();
    for (std::size_t begin = 0; begin < total; begin += chunk) {
        const std::size_t count = std::min(chunk, total - begin);
        workers.solve(solver, std::span(set.queries).subspan(begin, count),
                      std::span(outcome.results).subspan(begin, count));
        if (progress != nullptr) progress(progress_user, begin + count, total);
    }
    outcome.search_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_before).count();
    outcome.cpu_seconds = process_cpu_seconds() - cpu_before;
    outcome.search_page_faults = process_page_faults() - faults_between;
    return outcome;
}

CheckVerdict check_result(const search::Query& query, double optimal_length, const search::Result& result,
                          double cost_bound) {
    const bool same_cell = query.start_x == query.goal_x && query.start_y == query.goal_y;
    if (optimal_length == 0 && !same_cell) return CheckVerdict::unknown;
    if (result.status != search::QueryStatus::found) return CheckVerdict::mismatch;
    if (io::length_matches(result.cost, optimal_length)) return CheckVerdict::match;
    if (cost_bound > 1.0 && result.cost <= cost_bound * optimal_length + 1e-5 * optimal_length + 1e-6 &&
        result.cost >= optimal_length - 1e-5 * optimal_length - 1e-6) {
        return CheckVerdict::match;
    }
    return CheckVerdict::mismatch;
}

}  // namespace swarmpath::batch
