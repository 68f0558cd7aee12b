// `swarmpath precompute MAP -o FILE [--kind oracle|goal-bounds] [--threads N] [--order ...]`: builds
// the path oracle of one map (batch/path_oracle.hpp: one goal field per passable cell, run-length
// encoded first moves) and writes it atomically in the layout of docs/oracle-format.md, or, with
// --kind goal-bounds, JPS+'s goal bounds (search/goal_bounds.hpp: one search per passable cell, in
// one process). Under `mpirun -np N` the ranks split
// the sources into N contiguous shares, each builds its share with its own threads, and rank 0
// gathers them in order and writes the one file, byte-identical to a one-process build. A progress
// bar with an estimate of the time left goes to standard error when it is a terminal (or always,
// with --progress). Assumes the same map and options on every rank.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "commands.hpp"
#include "distributed_solve.hpp"
#include "option_limits.hpp"
#include "output_names.hpp"
#include "run_files.hpp"
#include "search_options.hpp"
#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/path_oracle.hpp"
#include "swarmpath/grid/agent_grid.hpp"
#include "swarmpath/search/goal_bounds.hpp"
#include "terminal_text.hpp"

namespace swarmpath::cli {
namespace {

struct PrecomputeOptions {
    std::string map_path;
    std::string output;
    unsigned threads = 0;
    std::string kind = "oracle";
    std::string order = "hilbert";
    std::string progress = "auto";
    SearchOptions search;
};

struct ProgressBar {
    bool enabled = false;
    std::string label;
    std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
    std::chrono::steady_clock::time_point last_drawn{};
    bool drawn = false;
    /// Under mpirun only rank 0 draws, its own share of the rows: the ranks hold equal shares and run
    /// at once, so its fraction and time left stand for the whole build. 1: one process.
    int ranks = 1;
    std::size_t whole_rows = 0;
};

std::string format_seconds(double seconds) {
    char text[32];
    if (seconds < 60) {
        std::snprintf(text, sizeof(text), "%.0f s", seconds);
    } else if (seconds < 3600) {
        std::snprintf(text, sizeof(text), "%d min %02d s", static_cast<int>(seconds) / 60,
                      static_cast<int>(seconds) % 60);
    } else {
        std::snprintf(text, sizeof(text), "%d h %02d min", static_cast<int>(seconds) / 3600,
                      static_cast<int>(seconds) % 3600 / 60);
    }
    return text;
}

void draw_progress(void* user, std::size_t done, std::size_t total) {
    auto* bar = static_cast<ProgressBar*>(user);
    if (!bar->enabled || total == 0) return;
    const auto now = std::chrono::steady_clock::now();
    if (done < total && bar->drawn && now - bar->last_drawn < std::chrono::milliseconds(200)) return;
    bar->last_drawn = now;
    bar->drawn = true;
    const double elapsed = std::chrono::duration<double>(now - bar->started).count();
    const double fraction = static_cast<double>(done) / static_cast<double>(total);
    const int width = 30;
    const auto filled = static_cast<int>(fraction * width);
    const std::string left = done == 0 ? "?" : format_seconds(elapsed / fraction - elapsed);
    const std::string share = bar->ranks > 1 ? " (rank 0's share; " + std::to_string(bar->whole_rows) + " on " +
                                                   std::to_string(bar->ranks) + " ranks)"
                                             : "";
    std::fprintf(stderr, "\r%-24.24s [%s%s] %3d%% %zu/%zu rows%s, %s elapsed, about %s left   ", bar->label.c_str(),
                 std::string(static_cast<std::size_t>(filled), '#').c_str(),
                 std::string(static_cast<std::size_t>(width - filled), ' ').c_str(), static_cast<int>(100 * fraction),
                 done, total, share.c_str(), format_seconds(elapsed).c_str(), left.c_str());
    if (done == total) std::fprintf(stderr, "\n");
    std::fflush(stderr);
}

Expected<search::CellOrder> parse_order(const std::string& text) {
    for (search::CellOrder order :
         {search::CellOrder::depth_first, search::CellOrder::hilbert, search::CellOrder::row_major}) {
        if (text == search::to_string(order)) return order;
    }
    return Error{"", 0, 0, "--order must be depth-first, hilbert or row-major, not '" + text + "'"};
}

/// This rank's share of the oracle's rows (all of them on one process), built on `workers` with a
/// progress bar on rank 0.
batch::OracleRows build_share(const PrecomputeOptions& options, const distributed::Session& session,
                              const grid::Grid& grid, const batch::OracleSettings& settings,
                              const search::OracleLayout& layout, batch::BatchSolver& workers) {
    const auto positions = static_cast<std::uint32_t>(layout.position_of_rank.size());
    const auto ranks = static_cast<std::uint64_t>(session.size());
    const auto first = static_cast<std::uint32_t>(positions * static_cast<std::uint64_t>(session.rank()) / ranks);
    const auto end = static_cast<std::uint32_t>(positions * static_cast<std::uint64_t>(session.rank() + 1) / ranks);
    ProgressBar bar;
    bar.enabled =
        session.is_root() && (options.progress == "always" || (options.progress == "auto" && ::isatty(2) != 0));
    bar.label = escape_text(file_name_of(options.map_path));
    bar.ranks = session.size();
    bar.whole_rows = positions;
    return batch::Oracle::build_rows(grid, settings, layout, first, end - first, workers, draw_progress, &bar);
}

/// How long the build took and on what.
struct BuildEffort {
    double whole_seconds;  ///< every rank's rows built and gathered
    double share_seconds;  ///< this rank's own rows
    unsigned threads;      ///< per rank
    int ranks;
};

/// The closing line: the oracle's size, its compression and the build's effort.
void report_oracle(const PrecomputeOptions& options, std::FILE* stream, const batch::Oracle& oracle,
                   search::CellOrder order, const BuildEffort& effort) {
    const double passable = std::max<double>(1.0, static_cast<double>(oracle.passable_cells()));
    std::fprintf(stream,
                 "oracle of %s: %zu passable cells, %zu runs (%.1f per row), %s order; %llu bytes (%.1f per passable "
                 "cell), %zu bytes in memory; built in %.2f s (%.2f s of it on this rank's %u thread%s, %d rank%s); "
                 "wrote %s\n",
                 escape_text(options.map_path).c_str(), oracle.passable_cells(), oracle.run_count(),
                 static_cast<double>(oracle.run_count()) / passable, std::string(search::to_string(order)).c_str(),
                 static_cast<unsigned long long>(oracle.file_bytes()),
                 static_cast<double>(oracle.file_bytes()) / passable, oracle.memory_bytes(), effort.whole_seconds,
                 effort.share_seconds, effort.threads, effort.threads == 1 ? "" : "s", effort.ranks,
                 effort.ranks == 1 ? "" : "s", escape_text(options.output).c_str());
}

/// --kind goal-bounds: this rank's share of the boxes (all of them in one process), built on every
/// thread; rank 0 gathers the shares, assembles them and writes `output`.
int build_goal_bounds(const PrecomputeOptions& options, distributed::Session& session, const grid::Grid& grid,
                      RunFiles& files, io::AtomicFile* output) {
    const unsigned available = std::max(1U, std::thread::hardware_concurrency());
    const unsigned threads = options.threads == 0 ? available : std::min(options.threads, available);
    const std::uint64_t passable = grid.passable_bits().count();
    const auto ranks = static_cast<std::uint64_t>(session.size());
    const std::uint64_t first = passable * static_cast<std::uint64_t>(session.rank()) / ranks;
    const std::uint64_t end = passable * static_cast<std::uint64_t>(session.rank() + 1) / ranks;
    ProgressBar bar;
    bar.enabled =
        session.is_root() && (options.progress == "always" || (options.progress == "auto" && ::isatty(2) != 0));
    bar.label = escape_text(file_name_of(options.map_path));
    bar.ranks = session.size();
    bar.whole_rows = passable;
    const auto started = std::chrono::steady_clock::now();
    batch::BatchSolver workers(threads);
    std::vector<search::GoalBounds::Box> mine;
    std::optional<Error> failed;
    workers.execute([&] {
        Expected<std::vector<search::GoalBounds::Box>> share =
            search::GoalBounds::build_share(grid, first, end - first, workers.parallel_loop(), draw_progress, &bar);
        if (share) {
            mine = std::move(*share);
        } else {
            failed = share.error();
        }
    });
    if (failed) {
        report_error(options.map_path + ": " + word_message(failed->message, command_line_wording));
        return kExitBadInput;
    }
    std::vector<search::GoalBounds::Box> all = distributed::gather_goal_bounds(session, std::move(mine));
    if (!session.is_root()) return kExitSuccess;
    Expected<search::GoalBounds> bounds = search::GoalBounds::assemble(grid, all);
    Status written = bounds ? bounds->write_to(*output) : Status(bounds.error());
    if (written) written = files.commit();
    if (!written) {
        report_error(written.error().describe(command_line_wording));
        return kExitBadInput;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::fprintf(files.writes_standard_output() ? stderr : stdout,
                 "goal bounds of %s: %llu passable cells, %zu bytes in memory; built in %.2f s on %u thread%s, %d "
                 "rank%s; wrote %s\n",
                 escape_text(options.map_path).c_str(), static_cast<unsigned long long>(passable),
                 bounds->memory_bytes(), seconds, threads, threads == 1 ? "" : "s", session.size(),
                 session.size() == 1 ? "" : "s", escape_text(options.output).c_str());
    return kExitSuccess;
}

/// Why `grid` under `settings` cannot have goal bounds, or nothing (every rank asks before the build).
std::optional<std::string> refused_goal_bounds(const PrecomputeOptions& options, const batch::OracleSettings& settings,
                                               const grid::Grid& grid) {
    if (settings.moves != search::Moves::eight || settings.diagonal != search::DiagonalRule::both_free)
        return "--kind goal-bounds is built for JPS+'s rule (--moves 8 --diagonal-rule both-free)";
    if (Status fits = search::GoalBounds::check(grid); !fits)
        return options.map_path + ": " + word_message(fits.error().message, command_line_wording);
    return std::nullopt;
}

/// Why --progress or --kind cannot be taken as given, or nothing.
std::optional<std::string> refused_words(const PrecomputeOptions& options) {
    if (options.progress != "auto" && options.progress != "always" && options.progress != "never") {
        return "--progress must be auto, always or never, not '" + options.progress + "'";
    }
    if (options.kind != "oracle" && options.kind != "goal-bounds") {
        return "--kind must be oracle or goal-bounds, not '" + options.kind + "'";
    }
    return std::nullopt;
}

int run_precompute(const PrecomputeOptions& options) {
    distributed::Session session;
    // A rank that refuses returns before agree_on_inputs(); the Session's destructor then tells the
    // other ranks, and rank 0 prints each distinct message once.
    auto refuse = [](const std::string& message) {
        report_error(message);
        return kExitBadInput;
    };
    if (std::optional<std::string> refused = refused_words(options)) return refuse(*refused);
    const bool goal_bounds = options.kind == "goal-bounds";
    Expected<search::CellOrder> order = parse_order(options.order);
    if (!order) return refuse(order.error().describe(command_line_wording));
    RunFiles files;
    files.add_input("map", options.map_path);
    files.add_input("terrain file (--terrain-file)", options.search.terrain_file);
    files.add_input("classes file (--classes-file)", options.search.classes_file);
    // Only rank 0 writes; the other ranks still check the path so that every rank agrees.
    io::AtomicFile* output = session.is_root() ? files.add_output("-o", options.output) : nullptr;
    if (Status checked = files.check(); !checked) return refuse(checked.error().describe(command_line_wording));
    if (auto refused = goal_bounds ? wrong_output_extension("-o", options.output, ".bounds", "goal bounds")
                                   : wrong_output_extension("-o", options.output, ".oracle", "a path oracle"))
        return refuse(*refused);
    Expected<LoadedMap> loaded = load_map(options.search, options.map_path);
    if (!loaded) return refuse(loaded.error().describe(command_line_wording));
    const grid::Grid& grid = loaded->grid;
    batch::OracleSettings settings;
    settings.moves = loaded->search.settings.moves;
    settings.diagonal = loaded->search.settings.diagonal;
    settings.order = *order;
    Expected<search::OracleLayout> layout =
        goal_bounds ? search::OracleLayout{} : batch::Oracle::layout(grid, settings);
    if (!layout) return refuse(options.map_path + ": " + word_message(layout.error().message, command_line_wording));
    if (std::optional<std::string> refused = goal_bounds ? refused_goal_bounds(options, settings, grid) : std::nullopt)
        return refuse(*refused);
    std::vector<distributed::InputFile> inputs{{"map", options.map_path}};
    if (!options.search.terrain_file.empty())
        inputs.push_back({"terrain file (--terrain-file)", options.search.terrain_file});
    if (!options.search.classes_file.empty())
        inputs.push_back({"classes file (--classes-file)", options.search.classes_file});
    if (session.distributed() && !session.agree_on_inputs(inputs)) return kExitBadInput;
    if (goal_bounds) return build_goal_bounds(options, session, grid, files, output);

    const unsigned available = std::max(1U, std::thread::hardware_concurrency());
    const unsigned threads = options.threads == 0 ? available : std::min(options.threads, available);
    batch::BatchSolver workers(threads);
    const auto started = std::chrono::steady_clock::now();
    batch::OracleRows mine = build_share(options, session, grid, settings, *layout, workers);
    const double build_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

    std::vector<batch::OracleRows> rows;
    if (session.distributed()) {
        rows = distributed::gather_oracle_rows(session, std::move(mine));
        if (!session.is_root()) return kExitSuccess;
    } else {
        rows.push_back(std::move(mine));
    }
    const double gathered_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    Expected<batch::Oracle> oracle = batch::Oracle::assemble(
        grid, settings,
        file_name_of(options.map_path) + grid::agent_suffix(loaded->search.agent_size, loaded->search.agent_class),
        std::move(*layout), rows);
    if (!oracle) {
        report_error(options.map_path + ": " + word_message(oracle.error().message, command_line_wording));
        return kExitBadInput;
    }
    if (Status written = oracle->write_to(*output); !written) {
        report_error(written.error().describe(command_line_wording));
        return kExitBadInput;
    }
    if (Status committed = files.commit(); !committed) {
        report_error(committed.error().describe(command_line_wording));
        return kExitBadInput;
    }
    report_oracle(options, files.writes_standard_output() ? stderr : stdout, *oracle, *order,
                  {gathered_seconds, build_seconds, threads, session.size()});
    return kExitSuccess;
}

}  // namespace

void add_precompute_command(CLI::App& app, int& exit_code) {
    auto options = std::make_shared<PrecomputeOptions>();
    CLI::App* command =
        app.add_subcommand("precompute",
                           "Build a path oracle of a map: the first move of an optimal path between every two cells, "
                           "compressed (docs/path-oracle.md); answer with `solve --oracle FILE`. With --kind "
                           "goal-bounds, JPS+'s goal bounds instead; search with `solve --algorithm jps+ "
                           "--goal-bounds FILE`");
    command->add_option("map", options->map_path, "Map file (.map)")->required();
    command
        ->add_option("-o,--output", options->output,
                     "File to write: .oracle (layout: docs/oracle-format.md) or, with --kind goal-bounds, .bounds")
        ->required();
    command
        ->add_option("--kind", options->kind,
                     "What to build: oracle (first moves between every two cells) or goal-bounds (JPS+'s boxes)")
        ->capture_default_str();
    command
        ->add_option("--threads", options->threads,
                     "Worker threads, 0 to 1024 (0, the default, and at most: one per hardware thread)")
        ->check(whole_number(0, kMaximumThreads));
    command
        ->add_option("--order", options->order, "Cell order of the compressed rows: depth-first, hilbert or row-major")
        ->capture_default_str();
    command
        ->add_option("--progress", options->progress,
                     "Progress bar on standard error: auto (when it is a terminal), always or never")
        ->capture_default_str();
    command->add_option("--moves", options->search.moves, "Movement model: 8 or 4")->capture_default_str();
    command->add_option("--diagonal-rule", options->search.diagonal, "both-free, one-free or any")
        ->capture_default_str();
    command->add_option("--terrain", options->search.terrain_spec, "Terrain costs, LETTER=COST,...");
    command->add_option("--terrain-file", options->search.terrain_file, "Terrain costs, one LETTER=COST per line");
    options->search.add_agent_to(*command);
    command->callback([options, &exit_code] { exit_code = run_precompute(*options); });
}

}  // namespace swarmpath::cli
