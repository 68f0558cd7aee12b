// `swarmpath solve`: runs every query of one or more scenario files as a batch, prints a table per
// file, and optionally checks costs against the files' optimal lengths (--check), writes a JSON
// summary (--summary, with the build and a checksum of every input), a CSV of every path (--paths;
// as waypoints or smoothed with --waypoints/--smooth) and one CSV row per query (--stats); rows are
// formatted in result_rows.hpp. Outputs are opened and checked against the
// inputs before anything is loaded or solved, and committed together at the end (run_files.hpp);
// "-" writes an output to standard output, and the table then goes to standard error.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "batch/row_check.hpp"
#include "commands.hpp"
#include "distributed_solve.hpp"
#include "option_limits.hpp"
#include "output_names.hpp"
#include "provenance.hpp"
#include "result_rows.hpp"
#include "run_files.hpp"
#include "search_options.hpp"
#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/path_oracle.hpp"
#include "swarmpath/batch/run_report.hpp"
#include "swarmpath/batch/scenario_run.hpp"
#include "swarmpath/grid/agent_grid.hpp"
#include "swarmpath/grid/edits.hpp"
#include "swarmpath/io/atomic_file.hpp"
#include "swarmpath/io/edits_file.hpp"
#include "swarmpath/io/input_log.hpp"
#include "swarmpath/search/goal_bounds.hpp"
#include "terminal_text.hpp"

namespace swarmpath::cli {
namespace {

struct SolveOptions {
    std::vector<std::string> scenarios;
    std::string map;
    unsigned threads = 0;
    bool check = false;
    bool strict = false;
    std::string summary_path;
    std::string paths_path;
    std::string stats_path;
    std::string edits_path;
    std::string oracle_path;       ///< --oracle: answer from a path oracle (batch/path_oracle.hpp)
    std::string goal_bounds_path;  ///< --goal-bounds: JPS+ with goal bounds (search/goal_bounds.hpp)
    SearchOptions search;
    PathShapeOptions shapes;  ///< --waypoints/--smooth (result_rows.hpp)
};

struct Progress {
    bool enabled = false;
    std::string label;
};

void show_progress(void* user, std::size_t done, std::size_t total) {
    auto* progress = static_cast<Progress*>(user);
    if (!progress->enabled) return;
    const int width = 30;
    const auto filled = static_cast<int>(static_cast<double>(done) / static_cast<double>(total) * width);
    std::fprintf(stderr, "\r%-28.28s [%s%s] %3d%%", progress->label.c_str(), std::string(filled, '#').c_str(),
                 std::string(width - filled, ' ').c_str(),
                 static_cast<int>(100.0 * static_cast<double>(done) / static_cast<double>(total)));
    if (done == total) std::fprintf(stderr, "\r%*s\r", 70, "");
    std::fflush(stderr);
}

/// Writes one row per query of `set` through `append_row(buffer, set, index, result)` (result_rows.hpp).
template <class AppendRow>
void write_rows(OutputStream& file, const batch::ScenarioSet& set, const batch::SetOutcome& outcome,
                AppendRow&& append_row) {
    std::string buffer;
    for (std::size_t index = 0; index < outcome.results.size(); ++index) {
        append_row(buffer, set, index, outcome.results[index]);
        if (buffer.size() > (1U << 20)) {
            file.write(buffer);
            buffer.clear();
        }
    }
    file.write(buffer);
}

/// --strict: every row whose endpoint is off the map or on a blocked cell is an error (reported with
/// its file and line, up to a limit); without --strict these are per-query statuses.
bool endpoints_are_valid(const std::vector<batch::ScenarioSet>& sets) {
    constexpr std::size_t kMaximumReports = 20;
    std::size_t refused = 0;
    for (const batch::ScenarioSet& set : sets) {
        for (std::size_t index = 0; index < set.rows.size(); ++index) {
            Status endpoints =
                batch::check_row_endpoints(*set.grid, set.queries[index], set.rows[index].line, set.scenario_path);
            if (endpoints) continue;
            if (++refused <= kMaximumReports) report_error(endpoints.error().describe(command_line_wording));
        }
    }
    if (refused > kMaximumReports) report_error(fmt::format("... {} rows in all (--strict)", refused));
    return refused == 0;
}

/// Provenance: every file the run read (scenario files, the maps they name, --map, terrain and
/// edits files, the --oracle and --goal-bounds files), each once, with the checksum of the bytes it used, in that
/// order of roles.
nlohmann::ordered_json describe_inputs(const io::InputLog& log) {
    nlohmann::ordered_json inputs = nlohmann::ordered_json::array();
    for (const std::string_view role : {"scenario", "map", "terrain", "edits", "oracle", "goal bounds"}) {
        for (const io::InputRecord& input : log.records()) {
            if (input.role == role) inputs.push_back(describe_input(input));
        }
    }
    return inputs;
}

/// Every file the run reads, each once, for checking that all ranks read the same bytes.
std::vector<distributed::InputFile> list_inputs(const SolveOptions& options,
                                                const std::vector<std::string>& map_paths) {
    std::vector<distributed::InputFile> inputs;
    auto add = [&inputs](const std::string& what, const std::string& path) {
        const bool seen = std::any_of(inputs.begin(), inputs.end(),
                                      [&path](const distributed::InputFile& input) { return input.path == path; });
        if (!path.empty() && !seen) inputs.push_back({what, path});
    };
    for (const std::string& scenario : options.scenarios) add("scenario file", scenario);
    add("map (--map)", options.map);
    for (const std::string& map_path : map_paths) add("map", map_path);
    add("terrain file (--terrain-file)", options.search.terrain_file);
    add("classes file (--classes-file)", options.search.classes_file);
    add("edits file (--edits)", options.edits_path);
    add("oracle file (--oracle)", options.oracle_path);
    add("goal-bounds file (--goal-bounds)", options.goal_bounds_path);
    return inputs;
}

/// The table: one row per set (with the algorithm that ran it, and its set-up time apart from its
/// search time), the total, and the count of each status other than found.
std::string format_table(const batch::RunReport& run, const batch::RunTotals& totals) {
    // The scenario and map columns are 28 and 22 wide, or as wide as their longest names
    // ("den312d.map 3x3 forester").
    std::vector<std::string> scenario_names;
    std::vector<std::string> map_names;
    std::size_t scenario_width = 28;
    std::size_t map_width = 22;
    for (const batch::SetReport& report : run.sets()) {
        std::string name = escape_text(file_name_of(report.map_path));
        // Sets of sized or classed agents name them after the map: "arena.map 2x2 tank".
        name += escape_text(grid::agent_suffix(report.agent_size, report.agent_class));
        map_width = std::max(map_width, name.size());
        scenario_names.push_back(escape_text(report.scenario_name));
        scenario_width = std::max(scenario_width, scenario_names.back().size());
        map_names.push_back(std::move(name));
    }
    std::string table = fmt::format("{:<{}} {:<{}} {:<9} {:>8} {:>8} {:>10} {:>14} {:>9} {:>10} {:>12}\n", "scenario",
                                    scenario_width, "map", map_width, "algorithm", "queries", "solved", "mismatches",
                                    "expanded", "setup (s)", "search (s)", "queries/s");
    for (std::size_t index = 0; index < run.sets().size(); ++index) {
        const batch::SetReport& report = run.sets()[index];
        const batch::SetOutcome& outcome = report.outcome;
        const double rate =
            outcome.search_seconds > 0 ? static_cast<double>(report.queries) / outcome.search_seconds : 0;
        table += fmt::format("{:<{}} {:<{}} {:<9} {:>8} {:>8} {:>10} {:>14} {:>9.3f} {:>10.3f} {:>12.0f}\n",
                             scenario_names[index], scenario_width, map_names[index], map_width,
                             search::to_string(outcome.algorithm), report.queries, report.solved, report.mismatches,
                             report.counters.expanded, outcome.setup_seconds, outcome.search_seconds, rate);
    }
    const double total_rate =
        totals.search_seconds > 0 ? static_cast<double>(totals.queries) / totals.search_seconds : 0;
    table += fmt::format("{:<{}} {:<{}} {:<9} {:>8} {:>8} {:>10} {:>14} {:>9.3f} {:>10.3f} {:>12.0f}\n", "total",
                         scenario_width, "", map_width, "", totals.queries, totals.solved, totals.mismatches,
                         totals.counters.expanded, totals.setup_seconds, totals.search_seconds, total_rate);
    std::string unsolved;
    for (int status = 1; status < search::kQueryStatusCount; ++status) {
        if (totals.status_counts[status] == 0) continue;
        unsolved += fmt::format(" {} {}", search::to_string(static_cast<search::QueryStatus>(status)),
                                totals.status_counts[status]);
    }
    if (!unsolved.empty()) table += "not found:" + unsolved + "\n";
    return table;
}

/// The summary's count of each status, by name.
nlohmann::ordered_json describe_statuses(const batch::StatusCounts& counts) {
    nlohmann::ordered_json statuses;
    for (int status = 0; status < search::kQueryStatusCount; ++status) {
        statuses[std::string(search::to_string(static_cast<search::QueryStatus>(status)))] = counts[status];
    }
    return statuses;
}

/// The summary's entry for one set (tools/perf-gate reads expanded, generated and cost_sum).
nlohmann::ordered_json describe_set(const batch::SetReport& report) {
    const batch::SetOutcome& outcome = report.outcome;
    nlohmann::ordered_json set = {{"file", escape_text(report.scenario_path)},
                                  {"map", escape_text(report.map_path)},
                                  {"map_type", std::string(grid::topology_type_name(report.topology))},
                                  {"algorithm", std::string(search::to_string(outcome.algorithm))},
                                  {"field_groups", outcome.field_groups},
                                  {"field_queries", outcome.field_queries},
                                  {"queries", report.queries},
                                  {"solved", report.solved},
                                  {"mismatches", report.mismatches},
                                  {"unknown", report.unknown},
                                  {"max_abs_error", report.max_abs_error},
                                  {"cost_sum", report.cost_sum},
                                  {"expanded", report.counters.expanded},
                                  {"generated", report.counters.generated},
                                  {"statuses", describe_statuses(report.status_counts)},
                                  {"setup_seconds", outcome.setup_seconds},
                                  {"search_seconds", outcome.search_seconds},
                                  {"preprocessing_seconds", outcome.preprocessing_seconds},
                                  {"preprocessing_bytes", outcome.preprocessing_bytes},
                                  {"setup_reused", outcome.setup_reused},
                                  {"setup_page_faults", outcome.setup_page_faults},
                                  {"search_page_faults", outcome.search_page_faults}};
    // Only sets of sized or classed agents say so, so a one-cell run's summary is as before.
    if (report.agent_size != 1) set["agent_size"] = report.agent_size;
    if (!report.agent_class.empty()) set["agent_class"] = escape_text(report.agent_class);
    return set;
}

/// The summary's totals of the run.
nlohmann::ordered_json describe_totals(const batch::RunTotals& totals, double wall_seconds) {
    const double search_seconds = totals.search_seconds;
    const auto per_second = [&](double count) { return search_seconds > 0 ? count / search_seconds : 0.0; };
    return {{"queries", totals.queries},
            {"solved", totals.solved},
            {"mismatches", totals.mismatches},
            {"expanded", totals.counters.expanded},
            {"generated", totals.counters.generated},
            {"heap_pushes", totals.counters.heap_pushes},
            {"heap_pops", totals.counters.heap_pops},
            {"decrease_keys", totals.counters.decrease_keys},
            {"statuses", describe_statuses(totals.status_counts)},
            {"setup_seconds", totals.setup_seconds},
            {"search_seconds", search_seconds},
            {"cpu_seconds", totals.cpu_seconds},
            {"setup_page_faults", totals.setup_page_faults},
            {"search_page_faults", totals.search_page_faults},
            {"wall_seconds", wall_seconds},
            {"queries_per_second", per_second(static_cast<double>(totals.queries))},
            {"expansions_per_second", per_second(static_cast<double>(totals.counters.expanded))}};
}

/// Carried on by a stage of the run; any other value is the exit code the run stops with.
constexpr int kGoOn = -1;

/// What one solve run works with from its options to its outputs. Made once, never moved (it
/// holds the MPI session).
struct SolveRun {
    explicit SolveRun(const SolveOptions& given) : options(given) {}
    const SolveOptions& options;
    distributed::Session session;  // one rank unless started by mpirun -np N (distributed_solve.hpp)
    search::SearchSettings settings;
    PathShapeOptions shapes;
    RunFiles files;
    io::AtomicFile* summary_file = nullptr;
    io::AtomicFile* paths_file = nullptr;
    io::AtomicFile* stats_file = nullptr;
    unsigned threads = 1;          ///< in force everywhere in the run: what was asked, at most the hardware's
    bool workers_started = false;  ///< whether the run's work outlasted the calling thread's start time
    io::InputLog inputs;           ///< every input, checksummed (XXH64) as it was read
    batch::LoadOptions load;
    std::map<std::string, std::size_t> last_use;  ///< each map's last scenario file
    std::vector<std::string> map_paths;           ///< every map named, in order
    std::chrono::steady_clock::time_point wall_start;
};

/// The settings of the run, and the search options an oracle run cannot honour refused.
int settle_settings(SolveRun& run, const ResolvedSearch& resolved) {
    const SolveOptions& options = run.options;
    run.settings = resolved.settings;
    run.settings.record_paths = !options.paths_path.empty();
    run.settings.time_queries = !options.stats_path.empty();  // per-query nanoseconds for --stats
    run.shapes = options.shapes;
    run.shapes.rules = {run.settings.moves, run.settings.diagonal};
    if (!options.goal_bounds_path.empty()) {
        std::string refusal;
        if (!options.oracle_path.empty()) {
            refusal = "--goal-bounds does not apply with --oracle (the oracle answers without a search)";
        } else if (run.settings.algorithm != search::Algorithm::jps_plus &&
                   run.settings.algorithm != search::Algorithm::automatic) {
            refusal = "--goal-bounds serves --algorithm jps+ alone (or auto, which then means jps+)";
        }
        if (!refusal.empty()) {
            report_error(refusal);
            return kExitBadInput;
        }
        run.settings.algorithm = search::Algorithm::jps_plus;  // the bounds serve JPS+ alone
    }
    if (options.oracle_path.empty()) return kGoOn;
    // The oracle stores optimal first moves for one map and rule: search options that change what
    // an answer is, and splitting the run over ranks, do not apply.
    const SearchOptions defaults;
    std::string conflicting;
    if (options.search.algorithm != defaults.algorithm) conflicting = "--algorithm";
    if (options.search.heuristic != defaults.heuristic) conflicting = "--heuristic";
    if (options.search.weight != defaults.weight) conflicting = "--weight";
    if (options.search.fallback != defaults.fallback) conflicting = "--fallback";
    if (options.search.max_expansions != defaults.max_expansions) conflicting = "--max-expansions";
    if (options.search.deadline_milliseconds != defaults.deadline_milliseconds) conflicting = "--deadline-ms";
    if (!options.edits_path.empty()) conflicting = "--edits";
    if (!conflicting.empty()) {
        report_error(conflicting +
                     " does not apply with --oracle (the oracle answers every query optimally from its file)");
        return kExitBadInput;
    }
    if (run.session.distributed()) {
        report_error("--oracle runs in one process; run it without mpirun");
        return kExitBadInput;
    }
    run.settings.algorithm = search::Algorithm::oracle;
    return kGoOn;
}

/// Outputs first: a refused or unwritable output, or one that is also an input, fails the run
/// before anything is loaded or solved. Only rank 0 writes.
int open_outputs(SolveRun& run) {
    const SolveOptions& options = run.options;
    for (const std::string& scenario : options.scenarios) run.files.add_input("scenario file", scenario);
    run.files.add_input("map (--map)", options.map);
    run.files.add_input("terrain file (--terrain-file)", options.search.terrain_file);
    run.files.add_input("classes file (--classes-file)", options.search.classes_file);
    run.files.add_input("edits file (--edits)", options.edits_path);
    run.files.add_input("oracle file (--oracle)", options.oracle_path);
    run.files.add_input("goal-bounds file (--goal-bounds)", options.goal_bounds_path);
    if (run.session.is_root()) {
        run.summary_file = run.files.add_output("--summary", options.summary_path);
        run.paths_file = run.files.add_output("--paths", options.paths_path);
        run.stats_file = run.files.add_output("--stats", options.stats_path);
    }
    if (Status checked = run.files.check(); !checked) {
        report_error(checked.error().describe(command_line_wording));
        return kExitBadInput;
    }
    return kGoOn;
}

/// The terrain and edits every map is loaded with, each file checksummed as it was read (the
/// summary reports those digests, and a file read twice must not change in between). Edits are
/// applied to each map as it is loaded, before anything is derived from it, so there is nothing
/// to refresh (maps that change between batches use batch::EditableMap).
int read_map_inputs(SolveRun& run, const ResolvedSearch& resolved) {
    const SolveOptions& options = run.options;
    struct ReadFile {
        const std::string& path;
        std::string_view role;
        const io::FileDigest& digest;
    };
    for (const ReadFile& file : {ReadFile{options.search.terrain_file, "terrain", resolved.terrain_file_digest},
                                 ReadFile{options.search.classes_file, "classes", resolved.classes_file_digest}}) {
        if (file.path.empty()) continue;
        if (Status same = run.inputs.record(file.path, file.role, file.digest); !same) {
            report_error(same.error().describe(command_line_wording));
            return kExitBadInput;
        }
    }
    run.load.map_override = options.map;
    run.load.terrain = resolved.terrain;
    run.load.inputs = &run.inputs;
    run.load.agent_size = resolved.agent_size;
    run.load.agent_class = resolved.agent_class;
    run.load.classes = resolved.classes;
    if (options.edits_path.empty()) return kGoOn;
    io::FileDigest digest = run.inputs.digest();
    Expected<std::vector<grid::CellEdit>> edits = io::read_edits_file(options.edits_path, &digest);
    if (!edits) {
        report_error(edits.error().describe(command_line_wording));
        return kExitBadInput;
    }
    if (Status same = run.inputs.record(options.edits_path, "edits", digest); !same) {
        report_error(same.error().describe(command_line_wording));
        return kExitBadInput;
    }
    run.load.edits = std::move(*edits);
    run.load.edits_origin = options.edits_path;
    return kGoOn;
}

/// A streaming pass over every scenario file first: each is checked whole (so a bad row fails the
/// run before anything is solved), the maps it names are checked against the outputs, and the last
/// file to use each map is known, so the main pass can drop a map when it is done. Under mpirun the
/// ranks then agree on every input's bytes, or none solves.
int check_scenario_files(SolveRun& run) {
    const SolveOptions& options = run.options;
    for (std::size_t file = 0; file < options.scenarios.size(); ++file) {
        Expected<std::vector<std::string>> maps = batch::scenario_map_paths(options.scenarios[file], run.load);
        if (!maps) {
            report_error(maps.error().describe(command_line_wording));
            return kExitBadInput;
        }
        for (const std::string& map_path : *maps) {
            if (run.last_use.count(map_path) == 0) run.map_paths.push_back(map_path);
            run.last_use[map_path] = file;
            if (Status distinct = run.files.check_input("map named by " + options.scenarios[file], map_path);
                !distinct) {
                report_error(distinct.error().describe(command_line_wording));
                return kExitBadInput;
            }
        }
    }
    if (run.session.distributed() && !run.session.agree_on_inputs(list_inputs(options, run.map_paths))) {
        return kExitBadInput;
    }
    return kGoOn;
}

/// Where a scenario set's results come from: this process's search, the path oracle (read once per
/// map), or, under mpirun, the shards every rank solved of the current file, gathered at rank 0.
class ResultSource {
public:
    ResultSource(SolveRun& run, batch::BatchSolver& workers) : run_(run), workers_(workers) {}

    /// Starts a scenario file's sets. Under mpirun this rank solves its shard of every set and rank 0
    /// gathers them; returns an exit code when the run stops here, or kGoOn (then only rank 0 goes
    /// on to the sets: `writes()`).
    int begin_file(const std::vector<batch::ScenarioSet>& sets, bool more_files) {
        if (!run_.session.distributed()) return kGoOn;
        distributed::SetSettings settings_for;
        if (!run_.options.goal_bounds_path.empty()) {
            settings_for = [this](const batch::ScenarioSet& set) { return settings_with_goal_bounds(set, nullptr); };
        }
        round_ = distributed::solve_shards(run_.session, sets, run_.settings, workers_, more_files, settings_for);
        if (round_.exit_code && (*round_.exit_code != kExitSuccess || run_.session.is_root())) return *round_.exit_code;
        if (run_.session.is_root()) distributed::accumulate(gathered_, round_);
        return kGoOn;
    }

    /// Whether this process writes the sets' results (rank 0, or the only process).
    [[nodiscard]] bool writes() const { return run_.session.is_root(); }

    /// The results of the current file's set `index`.
    Expected<batch::SetOutcome> solve(const batch::ScenarioSet& set, std::size_t index, batch::ProgressCallback show,
                                      void* progress) {
        if (run_.session.distributed()) return std::move(round_.outcomes[index]);
        if (!run_.options.oracle_path.empty()) return from_oracle(set, show, progress);
        if (!run_.options.goal_bounds_path.empty()) return with_goal_bounds(set, show, progress);
        return batch::solve_set(set, run_.settings, workers_, prepared_, show, progress);
    }

    /// Drops the preparations of maps no later file uses (their grids are held by nothing else once
    /// the map cache has released them and the previous file's sets are freed).
    void release_unused() { prepared_.release_unused(); }

    /// The figures gathered from the ranks over the run (mpirun only).
    [[nodiscard]] const distributed::GatheredRun& gathered() const { return gathered_; }

private:
    /// A refused per-map file's error, in the command line's words, with the map it was checked against.
    static Error naming_map(const Error& error, const batch::ScenarioSet& set) {
        return Error{
            "", 0, 0,
            error.describe(command_line_wording) + " (the map of " + set.scenario_path + " is " + set.map_path + ")"};
    }

    /// The oracle is read into memory and checked against the set's map and rule once per map.
    Expected<batch::SetOutcome> from_oracle(const batch::ScenarioSet& set, batch::ProgressCallback show,
                                            void* progress) {
        const bool loaded_before = oracle_ && oracle_grid_ == set.grid.get();
        if (!loaded_before) {
            oracle_.reset();
            io::FileDigest digest = run_.inputs.digest();
            Expected<batch::Oracle> loaded =
                batch::Oracle::load(run_.options.oracle_path, *set.grid,
                                    {.moves = run_.settings.moves, .diagonal = run_.settings.diagonal}, &digest);
            if (!loaded) return naming_map(loaded.error(), set);
            if (Status same = run_.inputs.record(run_.options.oracle_path, "oracle", digest); !same)
                return same.error();
            oracle_.emplace(std::move(*loaded));
            oracle_grid_ = set.grid.get();
        }
        Expected<batch::SetOutcome> outcome =
            oracle_->solve_set(set, run_.settings.record_paths, workers_, show, progress, run_.settings.time_queries);
        if (outcome && loaded_before) {  // the load was the set-up of an earlier set
            outcome->setup_seconds = 0;
            outcome->preprocessing_seconds = 0;
            outcome->setup_reused = true;
        }
        return outcome;
    }

    /// The run's settings with the goal bounds of the set's map, read and checked once per map;
    /// `load_seconds` (may be null) gets the read's time, 0 when the map's bounds were read before.
    Expected<search::SearchSettings> settings_with_goal_bounds(const batch::ScenarioSet& set, double* load_seconds) {
        if (load_seconds != nullptr) *load_seconds = 0;
        if (goal_bounds_grid_ != set.grid.get()) {
            goal_bounds_.reset();
            io::FileDigest digest = run_.inputs.digest();
            Expected<search::GoalBounds> loaded =
                search::GoalBounds::load(run_.options.goal_bounds_path, *set.grid, &digest);
            if (!loaded) return naming_map(loaded.error(), set);
            if (Status same = run_.inputs.record(run_.options.goal_bounds_path, "goal bounds", digest); !same)
                return same.error();
            if (load_seconds != nullptr) *load_seconds = loaded->seconds();
            goal_bounds_ = std::make_shared<const search::GoalBounds>(std::move(*loaded));
            goal_bounds_grid_ = set.grid.get();
        }
        search::SearchSettings settings = run_.settings;
        settings.goal_bounds = goal_bounds_;
        return settings;
    }

    /// JPS+ with the goal bounds of the set's map.
    Expected<batch::SetOutcome> with_goal_bounds(const batch::ScenarioSet& set, batch::ProgressCallback show,
                                                 void* progress) {
        double load_seconds = 0;
        Expected<search::SearchSettings> settings = settings_with_goal_bounds(set, &load_seconds);
        if (!settings) return settings.error();
        Expected<batch::SetOutcome> outcome = batch::solve_set(set, *settings, workers_, prepared_, show, progress);
        if (outcome) {  // reading the file is part of the set-up of the set that read it
            outcome->setup_seconds += load_seconds;
            outcome->preprocessing_seconds += load_seconds;
        }
        return outcome;
    }

    SolveRun& run_;
    batch::BatchSolver& workers_;
    distributed::GatheredRun round_;  // the current file's shards, under mpirun
    distributed::GatheredRun gathered_;
    batch::PreparedMaps prepared_;  // each map's Solver or crowd solver, kept for its next file
    std::optional<batch::Oracle> oracle_;
    const grid::Grid* oracle_grid_ = nullptr;
    std::shared_ptr<const search::GoalBounds> goal_bounds_;
    const grid::Grid* goal_bounds_grid_ = nullptr;
};

/// A run's outputs: each set's mismatches, paths and statistics rows as the set is solved, then the
/// table, the summary, and the commit of every output file together.
class RunOutputs {
public:
    explicit RunOutputs(SolveRun& run) : run_(run), paths_(run.paths_file), stats_(run.stats_file) {
        std::string header;
        append_paths_header(header, run.shapes);
        paths_.write(header);
        header.clear();
        append_stats_header(header);
        stats_.write(header);
    }

    void write_set(const batch::ScenarioSet& set, const batch::SetOutcome& outcome, const batch::SetReport& report) {
        if (run_.options.check) {
            for (std::size_t index : report.first_mismatches) {
                const batch::ScenarioEntry& row = set.rows[index];
                const search::Result& result = outcome.results[index];
                std::fprintf(stderr, "%s:%u: expected %.8f, got %s %.8f\n", escape_text(set.scenario_path).c_str(),
                             row.line, row.optimal_length, std::string(search::to_string(result.status)).c_str(),
                             result.cost);
            }
        }
        if (paths_) {
            const PathShapeOptions& shapes = run_.shapes;
            write_rows(paths_, set, outcome,
                       [&](std::string& buffer, const batch::ScenarioSet& rows, std::size_t row,
                           const search::Result& result) { append_path_row(buffer, rows, row, result, shapes); });
        }
        if (stats_) write_rows(stats_, set, outcome, append_stats_row);
    }

    /// The table, the summary and the commit; the run's exit code.
    int finish(const batch::RunReport& report, const distributed::GatheredRun& gathered) {
        const batch::RunTotals totals = report.totals();
        if (Status shown = print_table(report, totals, gathered); !shown) {  // a lost table: no outputs either
            report_error(shown.error().describe(command_line_wording));
            return kExitBadInput;
        }
        const double wall_seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - run_.wall_start).count();
        if (run_.summary_file != nullptr) {
            // Names are escaped; `replace` is a second guard, so a byte that is not UTF-8 can never
            // throw away a finished batch here.
            run_.summary_file->write(summary(report, totals, gathered, wall_seconds)
                                         .dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) +
                                     "\n");
        }
        for (OutputStream* stream : {&paths_, &stats_}) {
            if (Status finished = stream->finish(); !finished) {
                report_error(finished.error().describe(command_line_wording));
                return kExitBadInput;
            }
        }
        if (Status committed = run_.files.commit(); !committed) {  // every output or none
            report_error(committed.error().describe(command_line_wording));
            return kExitBadInput;
        }
        if (run_.options.check && totals.mismatches > 0) {
            std::fprintf(stderr, "swarmpath: %zu of %zu queries do not match their optimal length\n", totals.mismatches,
                         totals.queries);
            return kExitMismatch;
        }
        return kExitSuccess;
    }

private:
    Status print_table(const batch::RunReport& report, const batch::RunTotals& totals,
                       const distributed::GatheredRun& gathered) const {
        std::string table = format_table(report, totals);
        if (run_.session.distributed()) table += distributed::table_line(gathered);
        const double bound = search::cost_bound(run_.settings);
        if (bound > 1.0) table += fmt::format("bound: paths cost at most {:.6g} x optimal\n", bound);  // weighted
        std::fputs(table.c_str(), run_.files.writes_standard_output() ? stderr : stdout);
        return flush_standard_output();
    }

    nlohmann::ordered_json summary(const batch::RunReport& report, const batch::RunTotals& totals,
                                   const distributed::GatheredRun& gathered, double wall_seconds) const {
        const SolveOptions& options = run_.options;
        nlohmann::ordered_json summary;
        summary["version"] = version();
        summary["build"] = build_description();  // provenance (provenance.hpp)
        summary["threads"] = run_.threads;
        summary["threads_requested"] = options.threads == 0 ? run_.threads : options.threads;
        summary["workers_started"] = run_.workers_started;
        summary["algorithm"] = std::string(search::to_string(report.algorithm(run_.settings.algorithm)));
        summary["moves"] = options.search.moves;
        summary["diagonal_rule"] = options.search.diagonal;
        summary["heuristic"] = options.search.heuristic;
        summary["weight"] = run_.settings.weight;
        if (search::cost_bound(run_.settings) > 1.0) {
            summary["cost_bound"] =
                fmt::format("paths cost at most {:.6g} x optimal", search::cost_bound(run_.settings));
        }
        nlohmann::ordered_json scenario_entries = nlohmann::ordered_json::array();
        for (const batch::SetReport& set : report.sets()) scenario_entries.push_back(describe_set(set));
        summary["scenarios"] = scenario_entries;
        summary["inputs"] = describe_inputs(run_.inputs);
        summary["totals"] = describe_totals(totals, wall_seconds);
        if (run_.session.distributed()) distributed::describe(gathered, summary);
        return summary;
    }

    SolveRun& run_;
    OutputStream paths_;  // gzip-compressed for a name ending in .gz
    OutputStream stats_;
};

/// The main pass streams: one scenario file at a time is loaded, solved, written to the outputs and
/// freed, so memory is bounded by the largest file, not by the run.
int solve_scenario_files(SolveRun& run) {
    const SolveOptions& options = run.options;
    batch::BatchSolver workers(run.threads);
    batch::MapCache maps;
    ResultSource source(run, workers);
    RunOutputs outputs(run);
    batch::RunReport report(search::cost_bound(run.settings));  // every set's figures, however it was solved
    Progress progress;
    progress.enabled = ::isatty(2) != 0;
    for (std::size_t file = 0; file < options.scenarios.size(); ++file) {
        source.release_unused();  // the previous file's sets are freed
        Expected<std::vector<batch::ScenarioSet>> sets =
            batch::load_scenario_file(options.scenarios[file], run.load, maps);
        bool ready = static_cast<bool>(sets);
        if (!sets && run.session.is_root()) report_error(sets.error().describe(command_line_wording));
        // --strict judges the map the queries run on: after the edits.
        if (ready && options.strict) ready = endpoints_are_valid(*sets);
        if (run.session.distributed() && !run.session.all_ranks_succeeded(ready, options.scenarios[file]))
            return kExitBadInput;
        if (!ready) return kExitBadInput;
        for (auto map = run.last_use.begin(); map != run.last_use.end();) {  // maps no later file uses
            if (map->second == file) {
                maps.release(map->first);
                map = run.last_use.erase(map);
            } else {
                ++map;
            }
        }
        if (int stop = source.begin_file(*sets, file + 1 < options.scenarios.size()); stop != kGoOn) return stop;
        if (!source.writes()) continue;  // this rank's shard is sent; rank 0 writes
        for (std::size_t set_index = 0; set_index < sets->size(); ++set_index) {
            const batch::ScenarioSet& set = (*sets)[set_index];
            progress.label = escape_text(set.scenario_name);
            const batch::ProgressCallback show = set.queries.size() >= 2000 ? show_progress : nullptr;
            Expected<batch::SetOutcome> outcome = source.solve(set, set_index, show, &progress);
            if (!outcome) {
                report_error(outcome.error().describe(command_line_wording));
                return kExitBadInput;
            }
            outputs.write_set(set, *outcome, report.add_set(set, *outcome));
            // The results are written and tallied: they are freed here, before the next file.
        }
    }
    if (!run.session.is_root()) return kExitSuccess;
    run.workers_started = workers.workers_started();
    return outputs.finish(report, source.gathered());
}

int run_solve(const SolveOptions& options) {
    SolveRun run(options);
    Expected<ResolvedSearch> resolved = resolve(options.search);
    if (!resolved) {
        report_error(resolved.error().describe(command_line_wording));
        return kExitBadInput;
    }
    if (int stop = settle_settings(run, *resolved); stop != kGoOn) return stop;
    if (int stop = open_outputs(run); stop != kGoOn) return stop;
    // The thread count in force everywhere (the batch, preprocessing, goal fields): what was asked,
    // at most one per hardware thread. Every parallel loop of the run goes through the one
    // BatchSolver's arena, which is capped at that count, so oneTBB needs no global limit; and
    // setting one would start oneTBB (its one-time set-up loads its allocator library and faults in
    // its first blocks, about 40 traps of a short run's 300; docs/performance-log.md) in runs whose
    // work is too short for the BatchSolver to start its workers at all.
    run.threads = batch::worker_threads(options.threads);
    if (int stop = read_map_inputs(run, *resolved); stop != kGoOn) return stop;
    run.wall_start = std::chrono::steady_clock::now();
    if (int stop = check_scenario_files(run); stop != kGoOn) return stop;
    return solve_scenario_files(run);
}

}  // namespace

void add_solve_command(CLI::App& app, int& exit_code) {
    auto options = std::make_shared<SolveOptions>();
    CLI::App* command = app.add_subcommand("solve", "Solve every query of Moving AI scenario files");
    command->add_option("scenarios", options->scenarios, "Scenario files (.map.scen)")->required();
    command->add_option("--map", options->map,
                        "Use this map for every scenario row (overrides the names in the files)");
    command
        ->add_option("--threads", options->threads,
                     "Worker threads, 0 to 1024, used everywhere in the run (0, the default, and at most: one per "
                     "hardware thread)")
        ->check(whole_number(0, kMaximumThreads));
    command->add_flag("--check", options->check,
                      "Compare each cost with the file's optimal length; exit 1 on a mismatch");
    command->add_flag(
        "--strict", options->strict,
        "Refuse the run (exit 2, naming file and line) if any row has an endpoint off the map or on a "
        "blocked cell; without it such rows are answered with a status (invalid, start_blocked, goal_blocked)");
    command->add_option("--summary", options->summary_path, "Write a JSON summary to this file ('-': standard output)");
    command->add_option("--paths", options->paths_path,
                        "Write every path as CSV to this file ('-': standard output; a name ending in .gz: gzip)");
    command->add_option("--stats", options->stats_path,
                        "Write one CSV row per query (bucket, endpoints, status, cost, optimal, counters, nanoseconds) "
                        "to this file ('-': standard output; a name ending in .gz: gzip)");
    command->add_option("--edits", options->edits_path, "Apply map edits first: one `x y letter` per line, # comments");
    command->add_option("--oracle", options->oracle_path,
                        "Answer from this path oracle (built by `swarmpath precompute` for the scenarios' map and the "
                        "same --moves, --diagonal-rule and terrain) instead of searching");
    command->add_option(
        "--goal-bounds", options->goal_bounds_path,
        "Search with JPS+ (--algorithm jps+, or auto) and these goal bounds (built by `swarmpath precompute --kind "
        "goal-bounds` for the scenarios' map): moves that cannot start an optimal path are skipped");
    options->search.add_to(*command);
    options->search.add_deadline_to(*command);
    options->search.add_agent_to(*command);
    add_path_shape_options(*command, options->shapes);
    command->callback([options, &exit_code] { exit_code = run_solve(*options); });
}

}  // namespace swarmpath::cli
