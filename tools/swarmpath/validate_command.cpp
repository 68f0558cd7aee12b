// `swarmpath validate FILE...`: checks Moving AI maps and scenarios and reports every problem found,
// not just the first: each on stderr as "file:line:column: error|warning: message", then one line per
// file on stdout. A scenario's rows are also checked against their maps (each map read once): a size
// that differs from the map's is an error (solve refuses it); an endpoint off the map or on a blocked
// cell is a warning (solve answers it with a status), an error with --strict. Exit 0 when no errors,
// 2 otherwise. A file ending in .scen is a scenario, in .map a map; any other is sniffed (a first
// word `version` means scenario). The summary names each map's type (octile, hex or triangle:
// docs/formats.md) and the types of the maps a scenario's rows were checked against; rows are checked
// against a hex or triangle map exactly as against a square one. A row with its own size= or class=
// column is checked for that agent (its whole block open to its class, as `solve` reads it), the
// classes declared by --classes or --classes-file; a class no option declares is an error.
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "batch/row_check.hpp"
#include "commands.hpp"
#include "io/text_lines.hpp"
#include "run_files.hpp"
#include "search_options.hpp"
#include "swarmpath/batch/scenario_run.hpp"
#include "swarmpath/grid/agent_grid.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/grid/terrain.hpp"
#include "swarmpath/io/file_reading.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/movement_classes_file.hpp"
#include "swarmpath/io/scenario_file.hpp"
#include "swarmpath/io/terrain_file.hpp"
#include "terminal_text.hpp"

namespace swarmpath::cli {
namespace {

/// Most row warnings printed per scenario file; the rest are counted.
constexpr std::size_t kMaximumRowReports = 100;

struct ValidateOptions {
    std::vector<std::string> files;
    std::string map;
    std::string terrain_spec;
    std::string terrain_file;
    std::string classes_spec;
    std::string classes_file;
    bool strict = false;
};

struct Tally {
    std::size_t errors = 0;
    std::size_t warnings = 0;
    std::size_t unprinted = 0;
};

bool ends_with(std::string_view text, std::string_view suffix) {
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

class Validator {
public:
    Validator(const ValidateOptions& options, grid::TerrainTable terrain, io::MovementClasses classes)
        : options_(options), terrain_(std::move(terrain)), classes_(std::move(classes)) {}

    /// Validates one file named on the command line; returns its tally.
    Tally validate(const std::string& path) {
        Tally tally;
        // The first block is enough to tell a scenario from a map; a scenario is then streamed.
        std::string opening_block;
        Status opened = io::read_file_in_blocks(path, [&](std::string_view block) {
            opening_block.assign(block.substr(0, 64));
            return false;
        });
        if (!opened) {
            report(tally, opened.error(), false);
            return tally;
        }
        // A byte-order mark is skipped for the sniff only: the parser then reports it by name.
        std::string_view opening = opening_block;
        if (opening.substr(0, 3) == "\xEF\xBB\xBF") opening.remove_prefix(3);
        const bool scenario = ends_with(path, ".scen") ||
                              (!ends_with(path, ".map") && io::first_word(io::trim_spaces(opening)) == "version");
        if (scenario) {
            validate_scenario(path, tally);
            return tally;
        }
        Expected<std::string> text = io::read_whole_file(path);
        if (!text) {
            report(tally, text.error(), false);
            return tally;
        }
        validate_map(path, *text, tally);
        return tally;
    }

private:
    void report(Tally& tally, Error error, bool warning, bool print = true) {
        const bool counts_as_error = !warning || options_.strict;
        (counts_as_error ? tally.errors : tally.warnings) += 1;
        if (!print) {
            ++tally.unprinted;
            return;
        }
        error.message = (counts_as_error ? "error: " : "warning: ") + error.message;
        std::fprintf(stderr, "%s\n", escape_text(error.describe(command_line_wording)).c_str());
    }

    /// Reports every problem of a map's text; returns its grid when it has none. A map named on the
    /// command line is always reported in full, even when a scenario named it first.
    const grid::Grid* validate_map(const std::string& path, std::string_view text, Tally& tally) {
        auto [cached, inserted] = grids_.try_emplace(path);
        if (!inserted && cached->second != nullptr) return cached->second.get();
        std::vector<Error> problems;
        Expected<io::MapFile> map = io::parse_map(text, path, terrain_, &problems);
        for (const Error& problem : problems) report(tally, problem, false);
        if (problems.size() >= io::kMaximumProblems) {
            report(tally, Error{path, 0, 0, fmt::format("stopped after {} problems", problems.size())}, false);
        }
        if (!map) return nullptr;
        Expected<grid::Grid> built = grid::Grid::build(*map, terrain_);
        if (!built) {
            report(tally, built.error(), false);
            return nullptr;
        }
        cached->second = std::make_unique<grid::Grid>(std::move(*built));
        maps_[path] = std::make_unique<io::MapFile>(std::move(*map));
        map_sizes_[path] = fmt::format("type {}, {} x {}", grid::topology_type_name(cached->second->topology()),
                                       map->width, map->height);
        return cached->second.get();
    }

    /// The grid a row's own agent searches on (its size= and class= columns, a row without class=
    /// being of the first declared class, as `solve` reads it; the map's grid when the row names
    /// neither and no class is declared), derived once per map, size and class; or the row's error
    /// (an undeclared class, a size the map refuses), naming the row.
    Expected<const grid::Grid*> row_grid(const std::string& scenario_path, const io::ScenarioRow& row,
                                         const std::string& map_path, const grid::Grid* map_grid) {
        if (row.agent_size == 1 && row.agent_class.empty() && classes_.classes.empty()) return map_grid;
        const std::string key = map_path + grid::agent_suffix(row.agent_size, row.agent_class);
        if (auto cached = agent_grids_.find(key); cached != agent_grids_.end()) return cached->second.get();
        Expected<grid::TerrainTable> table = batch::class_terrain(classes_, row.agent_class, terrain_);
        if (!table) return batch::row_agent_error(table.error(), row, scenario_path);
        Expected<grid::Grid> derived = grid::derive_agent_grid(*maps_.at(map_path), *table, row.agent_size);
        if (!derived) return batch::row_agent_error(derived.error(), row, scenario_path);
        auto& stored = agent_grids_[key];
        stored = std::make_unique<grid::Grid>(std::move(*derived));
        return stored.get();
    }

    /// The grid of the map `map_path` a row names, read and checked on the first row that names it
    /// (the map's own problems reported then, under its name; null for such a map from then on); or,
    /// on that first row, the row's error when the map cannot be read.
    Expected<const grid::Grid*> map_grid(const std::string& scenario_path, const io::ScenarioRow& row,
                                         const std::string& map_path, Tally& tally) {
        if (auto cached = grids_.find(map_path); cached != grids_.end()) return cached->second.get();
        Expected<std::string> map_text = io::read_whole_file(map_path);
        if (!map_text) {
            grids_.emplace(map_path, nullptr);
            return Error{scenario_path, row.line, 0,
                         "map '" + row.map_name + "' (" + map_path + ") cannot be read: " + map_text.error().message};
        }
        return validate_map(map_path, *map_text, tally);
    }

    /// Streams a scenario file (io::for_each_scenario_row: a block and a row in memory, whatever its
    /// size), checking each row that parses against its map. Parse problems are printed first, then
    /// the rows' problems (at most kMaximumRowReports printed; the rest counted).
    void validate_scenario(const std::string& path, Tally& tally) {
        std::vector<Error> problems;
        std::vector<std::pair<Error, bool>> row_problems;  // (problem, is a warning), printed after the parse's
        std::size_t rows = 0;
        std::size_t row_reports = 0;
        std::set<grid::Topology> topologies;  // of the maps the rows were checked against
        auto row_problem = [&](Error problem, bool warning) {
            if (++row_reports <= kMaximumRowReports) {
                row_problems.emplace_back(std::move(problem), warning);
            } else {
                report(tally, problem, warning, false);
            }
        };
        // Rows name their map again and again: its path is resolved when the name changes.
        std::string last_map_name;
        std::string map_path = options_.map;
        Status read = io::for_each_scenario_row(
            path,
            [&](const io::ScenarioRow& row) {
                ++rows;
                if (options_.map.empty() && (map_path.empty() || row.map_name != last_map_name)) {
                    map_path = io::resolve_map_path(path, row.map_name);
                    last_map_name = row.map_name;
                }
                Expected<const grid::Grid*> map = map_grid(path, row, map_path, tally);
                if (!map) {
                    row_problem(map.error(), false);
                    return true;
                }
                const grid::Grid* const grid = *map;
                if (grid == nullptr) return true;  // the map's own problems are reported once, under its name
                topologies.insert(grid->topology());
                if (row.map_width != grid->width() || row.map_height != grid->height()) {
                    row_problem(Error{path, row.line, 0,
                                      fmt::format("row names a {} x {} map but {} is {} x {}", row.map_width,
                                                  row.map_height, map_path, grid->width(), grid->height())},
                                false);
                    return true;
                }
                Expected<const grid::Grid*> agents_grid = row_grid(path, row, map_path, grid);
                if (!agents_grid) {
                    row_problem(agents_grid.error(), false);
                    return true;
                }
                if (Status endpoints = batch::check_row_endpoints(**agents_grid, row, path); !endpoints) {
                    Error problem = endpoints.error();
                    const std::string agent = grid::agent_suffix(row.agent_size, row.agent_class);
                    if (!agent.empty()) {
                        problem.message += " for agents of" + agent + " (the block from that cell must be open)";
                    }
                    row_problem(std::move(problem), true);
                }
                return true;
            },
            &problems);
        if (!read && problems.empty()) {  // the file itself could not be read
            report(tally, read.error(), false);
            return;
        }
        for (const Error& problem : problems) report(tally, problem, false);
        if (problems.size() >= io::kMaximumProblems) {
            report(tally,
                   Error{path, 0, 0,
                         fmt::format("stopped after {} problems; rows after that are not checked", problems.size())},
                   false);
            return;
        }
        rows_[path] = rows;
        std::string types;
        for (grid::Topology topology : topologies) {
            if (!types.empty()) types += " and ";
            types += grid::topology_type_name(topology);
        }
        if (!types.empty()) scenario_map_types_[path] = types;
        for (const auto& [problem, warning] : row_problems) report(tally, problem, warning);
    }

public:
    /// What a file turned out to hold, for its summary line.
    std::string describe(const std::string& path) const {
        if (auto rows = rows_.find(path); rows != rows_.end()) {
            const auto types = scenario_map_types_.find(path);
            if (types == scenario_map_types_.end()) return fmt::format("scenario, {} rows", rows->second);
            return fmt::format("scenario, {} rows, maps of type {}", rows->second, types->second);
        }
        if (auto size = map_sizes_.find(path); size != map_sizes_.end()) return "map, " + size->second;
        return "";
    }

private:
    const ValidateOptions& options_;
    grid::TerrainTable terrain_;
    io::MovementClasses classes_;                                     ///< declared by --classes or --classes-file
    std::map<std::string, std::unique_ptr<grid::Grid>> grids_;        ///< null: unreadable or invalid
    std::map<std::string, std::unique_ptr<io::MapFile>> maps_;        ///< the valid maps' letters, for derived grids
    std::map<std::string, std::unique_ptr<grid::Grid>> agent_grids_;  ///< by map path and agent suffix
    std::map<std::string, std::string> map_sizes_;
    std::map<std::string, std::size_t> rows_;
    std::map<std::string, std::string> scenario_map_types_;  ///< "octile", "hex and triangle", ...
};

int run_validate(const ValidateOptions& options) {
    grid::TerrainTable terrain = grid::TerrainTable::benchmark();
    if (!options.terrain_file.empty()) {
        Expected<grid::TerrainTable> table = io::read_terrain_file(options.terrain_file, terrain);
        if (!table) {
            report_error(table.error().describe(command_line_wording));
            return kExitBadInput;
        }
        terrain = *table;
    }
    if (!options.terrain_spec.empty()) {
        Expected<grid::TerrainTable> table = io::parse_terrain_spec(options.terrain_spec, terrain, "--terrain");
        if (!table) {
            report_error(table.error().describe(command_line_wording));
            return kExitBadInput;
        }
        terrain = *table;
    }
    Expected<io::MovementClasses> classes = declare_classes(options.classes_spec, options.classes_file, terrain);
    if (!classes) {
        report_error(classes.error().describe(command_line_wording));
        return kExitBadInput;
    }
    Validator validator(options, terrain, std::move(*classes));
    std::size_t errors = 0;
    for (const std::string& path : options.files) {
        const Tally tally = validator.validate(path);
        errors += tally.errors;
        std::string what = validator.describe(path);
        std::string verdict =
            tally.errors == 0 ? "ok" : fmt::format("{} error{}", tally.errors, tally.errors == 1 ? "" : "s");
        if (tally.warnings > 0)
            verdict += fmt::format(", {} warning{}", tally.warnings, tally.warnings == 1 ? "" : "s");
        if (tally.unprinted > 0) verdict += fmt::format(" ({} not shown)", tally.unprinted);
        std::printf("%s: %s%s\n", escape_text(path).c_str(), verdict.c_str(),
                    what.empty() ? "" : (" (" + escape_text(what) + ")").c_str());
    }
    if (Status shown = flush_standard_output(); !shown) {
        report_error(shown.error().describe(command_line_wording));
        return kExitBadInput;
    }
    return errors == 0 ? kExitSuccess : kExitBadInput;
}

}  // namespace

void add_validate_command(CLI::App& app, int& exit_code) {
    auto options = std::make_shared<ValidateOptions>();
    CLI::App* command = app.add_subcommand(
        "validate", "Check Moving AI maps and scenarios and report every problem found (exit 2 if any error)");
    command->add_option("files", options->files, "Map (.map) and scenario (.map.scen) files")->required();
    command->add_option("--map", options->map, "Check every scenario row against this map instead of the one it names");
    command->add_option("--terrain", options->terrain_spec, "Terrain letters, LETTER=COST,... (as for solve)");
    command->add_option("--terrain-file", options->terrain_file, "Terrain letters, one LETTER=COST per line");
    command->add_option(
        "--classes", options->classes_spec,
        "Movement classes the rows' class= columns name, NAME[:LETTER=COST,...][;NAME...] (as for solve)");
    command->add_option("--classes-file", options->classes_file, "Movement classes file (as for solve)");
    command->add_flag("--strict", options->strict,
                      "Count endpoints off the map or on blocked cells as errors, not warnings");
    command->callback([options, &exit_code] { exit_code = run_validate(*options); });
}

}  // namespace swarmpath::cli
