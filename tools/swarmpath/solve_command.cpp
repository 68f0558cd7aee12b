// `swarmpath solve`: runs every query of one or more scenario files as a batch, prints a table per
// file, and optionally checks costs against the files' optimal lengths (--check), writes a JSON
// summary (--summary, with the build and a checksum of every input), a CSV of every path (--paths;
// as waypoints or smoothed with --waypoints/--smooth) and one CSV row per query (--stats); rows are
// formatted in result_rows.hpp. Outputs are opened and checked against the
// inputs before anything is loaded or solved, and committed together at the end (run_files.hpp);
// "-" writes an output to standard output, and the table then goes to standard error.
#include <unistd.h>

#include <tbb/global_control.h>
#include <tbb/info.h>


#include <algorithm>
#include <chrono>
#include <map>
#include <optional>
#include <cstdio>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "distributed_solve.hpp"
#include "option_limits.hpp"
#include "provenance.hpp"
#include "result_rows.hpp"
#include "run_files.hpp"
#include "search_options.hpp"
#include "terminal_text.hpp"
#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/row_check.hpp"
#include "swarmpath/batch/run_report.hpp"
#include "swarmpath/grid/edits.hpp"
#include "swarmpath/batch/path_oracle.hpp"
#include "swarmpath/batch/scenario_run.hpp"
#include "swarmpath/io/atomic_file.hpp"
#include "swarmpath/io/edits_file.hpp"
#include "swarmpath/io/input_log.hpp"

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
    std::string oracle_path;  ///< --oracle: answer from a path oracle (batch/path_oracle.hpp)
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
                 std::string(width - filled, ' ').c_str(), static_cast<int>(100.0 * static_cast<double>(done) / static_cast<double>(total)));
    if (done == total) std::fprintf(stderr, "\r%*s\r", 70, "");
    std::fflush(stderr);
}

/// Writes one row per query of `set` through `append_row(buffer, set, index, result)` (result_rows.hpp).
template <class AppendRow>
void write_rows(OutputStream& file, const batch::ScenarioSet& set, const batch::SetOutcome& outcome, AppendRow&& append_row) {
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
            if (++refused <= kMaximumReports) report_error(endpoints.error().describe());
        }
    }
    if (refused > kMaximumReports) report_error(fmt::format("... {} rows in all (--strict)", refused));
    return refused == 0;
}

/// Provenance: every file the run read (scenario files, the maps they name, --map, terrain and
/// edits files, the --oracle file), each once, with the checksum of the bytes it used, in that
/// order of roles.
nlohmann::ordered_json describe_inputs(const io::InputLog& log) {
    nlohmann::ordered_json inputs = nlohmann::ordered_json::array();
    for (const std::string_view role : {"scenario", "map", "terrain", "edits", "oracle"}) {
        for (const io::InputRecord& input : log.records()) {
            if (input.role == role) inputs.push_back(describe_input(input));
        }
    }
    return inputs;
}

/// The table: one row per set (with the algorithm that ran it, and its set-up time apart from its
/// search time), the total, and the count of each status other than found.
std::string format_table(const batch::RunReport& run, const batch::RunTotals& totals) {
    std::string table = fmt::format("{:<28} {:<22} {:<9} {:>8} {:>8} {:>10} {:>14} {:>9} {:>10} {:>12}\n", "scenario",
                                    "map", "algorithm", "queries", "solved", "mismatches", "expanded", "setup (s)",
                                    "search (s)", "queries/s");
    for (const batch::SetReport& report : run.sets()) {
        const batch::SetOutcome& outcome = report.outcome;
        std::string map_name = escape_text(report.map_path.substr(report.map_path.find_last_of('/') + 1));
        const double rate = outcome.search_seconds > 0 ? static_cast<double>(report.queries) / outcome.search_seconds : 0;
        table += fmt::format("{:<28} {:<22} {:<9} {:>8} {:>8} {:>10} {:>14} {:>9.3f} {:>10.3f} {:>12.0f}\n",
                             escape_text(report.scenario_name), map_name, search::to_string(outcome.algorithm),
                             report.queries, report.solved, report.mismatches, report.counters.expanded,
                             outcome.setup_seconds, outcome.search_seconds, rate);
    }
    const double total_rate = totals.search_seconds > 0 ? static_cast<double>(totals.queries) / totals.search_seconds : 0;
    table += fmt::format("{:<28} {:<22} {:<9} {:>8} {:>8} {:>10} {:>14} {:>9.3f} {:>10.3f} {:>12.0f}\n", "total", "", "",
                         totals.queries, totals.solved, totals.mismatches, totals.counters.expanded,
                         totals.setup_seconds, totals.search_seconds, total_rate);
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
    return {{"file", escape_text(report.scenario_path)},
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
            {"preprocessing_bytes", outcome.preprocessing_bytes}};
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
            {"wall_seconds", wall_seconds},
            {"queries_per_second", per_second(static_cast<double>(totals.queries))},
            {"expansions_per_second", per_second(static_cast<double>(totals.counters.expanded))}};
}

int run_solve(const SolveOptions& options) {
    distributed::Session session;  // one rank unless started by mpirun -np N (issue 8, distributed_solve.hpp)
    Expected<ResolvedSearch> resolved = resolve(options.search);
    if (!resolved) {
        report_error(resolved.error().describe());
        return kExitBadInput;
    }
    search::SearchSettings settings = resolved->settings;
    settings.record_paths = !options.paths_path.empty();
    settings.time_queries = !options.stats_path.empty();  // per-query nanoseconds for --stats
    PathShapeOptions shapes = options.shapes;
    shapes.rules = {settings.moves, settings.diagonal};

    // Outputs first: a refused or unwritable output, or one that is also an input, fails the run
    // before anything is loaded or solved. Only rank 0 writes.
    RunFiles files;
    for (const std::string& scenario : options.scenarios) files.add_input("scenario file", scenario);
    files.add_input("map (--map)", options.map);
    files.add_input("terrain file (--terrain-file)", options.search.terrain_file);
    files.add_input("edits file (--edits)", options.edits_path);
    files.add_input("oracle file (--oracle)", options.oracle_path);
    if (!options.oracle_path.empty()) {
        // The oracle stores optimal first moves for one map and rule: search options that change
        // what an answer is, and splitting the run over ranks, do not apply.
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
            report_error(conflicting + " does not apply with --oracle (the oracle answers every query optimally from its file)");
            return kExitBadInput;
        }
        if (session.distributed()) {
            report_error("--oracle runs in one process; run it without mpirun");
            return kExitBadInput;
        }
        settings.algorithm = search::Algorithm::oracle;
    }
    io::AtomicFile* summary_file = nullptr;
    io::AtomicFile* paths_file = nullptr;
    io::AtomicFile* stats_file = nullptr;
    if (session.is_root()) {
        summary_file = files.add_output("--summary", options.summary_path);
        paths_file = files.add_output("--paths", options.paths_path);
        stats_file = files.add_output("--stats", options.stats_path);
    }
    if (Status checked = files.check(); !checked) {
        report_error(checked.error().describe());
        return kExitBadInput;
    }
    std::FILE* table_stream = files.writes_standard_output() ? stderr : stdout;

    // The thread count in force everywhere (the batch, preprocessing, goal fields): what was asked,
    // at most one per hardware thread.
    const auto available = static_cast<unsigned>(std::max(1, tbb::info::default_concurrency()));
    const unsigned threads = options.threads == 0 ? available : std::min(options.threads, available);
    tbb::global_control thread_limit(tbb::global_control::max_allowed_parallelism, threads);

    // Every input is checksummed as it is read; the summary reports those digests, and a file read
    // twice (a scenario file's two passes) must not change in between.
    io::InputLog inputs;
    if (!options.search.terrain_file.empty()) {
        if (Status same = inputs.record(options.search.terrain_file, "terrain", resolved->terrain_file_digest); !same) {
            report_error(same.error().describe());
            return kExitBadInput;
        }
    }
    batch::LoadOptions load;
    load.map_override = options.map;
    load.terrain = resolved->terrain;
    load.inputs = &inputs;
    // Map edits (issue 7) are applied to each map as it is loaded, before anything is derived from
    // it: components and JPS data are built once, on the edited map, so there is nothing to refresh.
    // (Maps that change between batches keep derived data current with batch::EditableMap.)
    if (!options.edits_path.empty()) {
        io::FileDigest digest;
        Expected<std::vector<grid::CellEdit>> edits = io::read_edits_file(options.edits_path, &digest);
        if (!edits) {
            report_error(edits.error().describe());
            return kExitBadInput;
        }
        if (Status same = inputs.record(options.edits_path, "edits", digest); !same) {
            report_error(same.error().describe());
            return kExitBadInput;
        }
        load.edits = std::move(*edits);
        load.edits_origin = options.edits_path;
    }
    const auto wall_start = std::chrono::steady_clock::now();
    // A streaming pass over every scenario file first: each is checked whole (so a bad row fails
    // the run before anything is solved), the maps it names are checked against the outputs, and
    // the last file to use each map is known, so the main pass can drop a map when it is done.
    std::map<std::string, std::size_t> last_use;
    for (std::size_t file = 0; file < options.scenarios.size(); ++file) {
        Expected<std::vector<std::string>> maps = batch::scenario_map_paths(options.scenarios[file], load);
        if (!maps) {
            report_error(maps.error().describe());
            return kExitBadInput;
        }
        for (const std::string& map_path : *maps) {
            last_use[map_path] = file;
            if (Status distinct = files.check_input("map named by " + options.scenarios[file], map_path); !distinct) {
                report_error(distinct.error().describe());
                return kExitBadInput;
            }
        }
    }
    if (!session.agree_on_inputs()) return kExitBadInput;  // every rank read its inputs, or none solves

    // The main pass streams: one scenario file at a time is loaded, solved, written to the outputs
    // and freed, so memory is bounded by the largest file, not by the run (issue 21).
    batch::BatchSolver workers(threads);
    batch::MapCache maps;
    distributed::GatheredRun gathered;  // under mpirun: per file each rank solves a shard, rank 0 gathers
    batch::RunReport run(search::cost_bound(settings));  // every set's figures, however it was solved
    Progress progress;
    progress.enabled = ::isatty(2) != 0;
    OutputStream paths(paths_file);  // gzip-compressed for a name ending in .gz
    OutputStream stats(stats_file);
    {
        std::string header;
        append_paths_header(header, shapes);
        paths.write(header);
        header.clear();
        append_stats_header(header);
        stats.write(header);
    }
    std::optional<batch::Oracle> oracle;  // --oracle: the file, read into memory, for the map of the current set
    const grid::Grid* oracle_grid = nullptr;
    for (std::size_t file = 0; file < options.scenarios.size(); ++file) {
        Expected<std::vector<batch::ScenarioSet>> sets = batch::load_scenario_file(options.scenarios[file], load, maps);
        bool ready = static_cast<bool>(sets);
        if (!sets && session.is_root()) report_error(sets.error().describe());
        // --strict judges the map the queries run on: after the edits.
        if (ready && options.strict) ready = endpoints_are_valid(*sets);
        if (session.distributed() && !session.all_ranks_succeeded(ready, options.scenarios[file])) return kExitBadInput;
        if (!ready) return kExitBadInput;
        for (auto map = last_use.begin(); map != last_use.end();) {  // maps no later file uses
            if (map->second == file) {
                maps.release(map->first);
                map = last_use.erase(map);
            } else {
                ++map;
            }
        }
        distributed::GatheredRun round;
        if (session.distributed()) {
            round = distributed::solve_shards(session, *sets, settings, workers, file + 1 < options.scenarios.size());
            if (round.exit_code && (*round.exit_code != kExitSuccess || session.is_root())) return *round.exit_code;
            if (!session.is_root()) continue;  // this rank's shard is sent; rank 0 writes
            distributed::accumulate(gathered, round);
        }
        for (std::size_t set_index = 0; set_index < sets->size(); ++set_index) {
            const batch::ScenarioSet& set = (*sets)[set_index];
            progress.label = escape_text(set.scenario_name);
            const batch::ProgressCallback show = set.queries.size() >= 2000 ? show_progress : nullptr;
            Expected<batch::SetOutcome> outcome = batch::SetOutcome{};
            if (session.distributed()) {
                outcome = std::move(round.outcomes[set_index]);
            } else if (!options.oracle_path.empty()) {
                // Loaded (read into memory and checked against the set's map and rule) once per map.
                if (!oracle || oracle_grid != set.grid.get()) {
                    oracle.reset();
                    io::FileDigest digest;
                    Expected<batch::Oracle> loaded = batch::Oracle::load(
                        options.oracle_path, *set.grid, {.moves = settings.moves, .diagonal = settings.diagonal}, &digest);
                    if (!loaded) {
                        report_error(loaded.error().describe() + " (the map of " + set.scenario_path + " is " +
                                     set.map_path + ")");
                        return kExitBadInput;
                    }
                    if (Status same = inputs.record(options.oracle_path, "oracle", digest); !same) {
                        report_error(same.error().describe());
                        return kExitBadInput;
                    }
                    oracle.emplace(std::move(*loaded));
                    oracle_grid = set.grid.get();
                }
                outcome = oracle->solve_set(set, settings.record_paths, workers, show, &progress);
            } else {
                outcome = batch::solve_set(set, settings, workers, show, &progress);
            }
            if (!outcome) {
                report_error(outcome.error().describe());
                return kExitBadInput;
            }
            const batch::SetReport& report = run.add_set(set, *outcome);
            if (options.check) {
                for (std::size_t index : report.first_mismatches) {
                    const batch::ScenarioEntry& row = set.rows[index];
                    const search::Result& result = outcome->results[index];
                    std::fprintf(stderr, "%s:%u: expected %.8f, got %s %.8f\n", escape_text(set.scenario_path).c_str(),
                                 row.line, row.optimal_length, std::string(search::to_string(result.status)).c_str(),
                                 result.cost);
                }
            }
            if (paths) {
                write_rows(paths, set, *outcome,
                           [&](std::string& buffer, const batch::ScenarioSet& rows, std::size_t row, const search::Result& result) {
                               append_path_row(buffer, rows, row, result, shapes);
                           });
            }
            if (stats) write_rows(stats, set, *outcome, append_stats_row);
            // The results are written and tallied: they are freed here, before the next file.
        }
    }
    if (!session.is_root()) return kExitSuccess;

    // The table.
    const batch::RunTotals totals = run.totals();
    const std::size_t queries = totals.queries;
    std::string table = format_table(run, totals);
    if (session.distributed()) table += distributed::table_line(gathered);
    if (search::cost_bound(settings) > 1.0) {  // weighted A* or an overestimating heuristic
        table += fmt::format("bound: paths cost at most {:.6g} x optimal\n", search::cost_bound(settings));
    }
    std::fputs(table.c_str(), table_stream);
    std::fflush(table_stream);

    const double wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    if (summary_file != nullptr) {
        nlohmann::ordered_json summary;
        summary["version"] = version();
        summary["build"] = build_description();  // provenance (provenance.hpp)
        summary["threads"] = threads;
        summary["threads_requested"] = options.threads == 0 ? available : options.threads;
        summary["algorithm"] = std::string(search::to_string(run.algorithm(settings.algorithm)));
        summary["moves"] = options.search.moves;
        summary["diagonal_rule"] = options.search.diagonal;
        summary["heuristic"] = options.search.heuristic;
        summary["weight"] = settings.weight;
        if (search::cost_bound(settings) > 1.0) {
            summary["cost_bound"] = fmt::format("paths cost at most {:.6g} x optimal", search::cost_bound(settings));
        }
        nlohmann::ordered_json scenario_entries = nlohmann::ordered_json::array();
        for (const batch::SetReport& report : run.sets()) scenario_entries.push_back(describe_set(report));
        summary["scenarios"] = scenario_entries;
        summary["inputs"] = describe_inputs(inputs);
        summary["totals"] = describe_totals(totals, wall_seconds);
        if (session.distributed()) distributed::describe(gathered, summary);
        // Names are escaped above; `replace` is a second guard, so a byte that is not UTF-8 can never
        // throw away a finished batch here.
        summary_file->write(summary.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n");
    }
    for (OutputStream* stream : {&paths, &stats}) {
        if (Status finished = stream->finish(); !finished) {
            report_error(finished.error().describe());
            return kExitBadInput;
        }
    }
    if (Status committed = files.commit(); !committed) {  // both outputs or neither
        report_error(committed.error().describe());
        return kExitBadInput;
    }
    if (options.check && totals.mismatches > 0) {
        std::fprintf(stderr, "swarmpath: %zu of %zu queries do not match their optimal length\n", totals.mismatches, queries);
        return kExitMismatch;
    }
    return kExitSuccess;
}

}  // namespace

void add_solve_command(CLI::App& app, int& exit_code) {
    auto options = std::make_shared<SolveOptions>();
    CLI::App* command = app.add_subcommand("solve", "Solve every query of Moving AI scenario files");
    command->add_option("scenarios", options->scenarios, "Scenario files (.map.scen)")->required();
    command->add_option("--map", options->map, "Use this map for every scenario row (overrides the names in the files)");
    command->add_option("--threads", options->threads,
                        "Worker threads, 1 to 1024, used everywhere in the run (default and at most: one per hardware thread)")
        ->check(whole_number(1, kMaximumThreads));
    command->add_flag("--check", options->check, "Compare each cost with the file's optimal length; exit 1 on a mismatch");
    command->add_flag("--strict", options->strict,
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
    options->search.add_to(*command);
    options->search.add_deadline_to(*command);
    add_path_shape_options(*command, options->shapes);
    command->callback([options, &exit_code] { exit_code = run_solve(*options); });
}

}  // namespace swarmpath::cli
