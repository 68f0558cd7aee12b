// `swarmpath render MAP -o OUT.png|OUT.txt [--scen FILE --query I ...] [--paths FILE.csv]`: draws
// the map with paths over it (map_picture.hpp). Paths come from scenario rows solved here with the
// search options (--scen, rows chosen by --query, the first five by default) and/or from the CSV that
// `swarmpath solve --paths` writes (--paths, filtered by --query when given). An output name ending
// in .txt gets the ASCII form; anything else gets a PNG. The picture is opened, and checked against
// the inputs (it may not be the map, the scenario or the paths file), before any work, and written
// atomically (run_files.hpp). Hex and triangle maps (their `type` line) are drawn as hexagons and
// triangles, paths as lines through the cell centres; --waypoints/--smooth are refused on them.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "commands.hpp"
#include "io/gzip_file.hpp"
#include "map_picture.hpp"
#include "option_limits.hpp"
#include "output_names.hpp"
#include "result_rows.hpp"
#include "run_files.hpp"
#include "search_options.hpp"
#include "swarmpath/batch/scenario_run.hpp"
#include "swarmpath/grid/agent_grid.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/atomic_file.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/scenario_file.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/solver.hpp"
#include "terminal_text.hpp"

namespace swarmpath::cli {
namespace {

struct RenderOptions {
    std::string map_path;
    std::string output_path;
    std::string scenario_path;
    std::vector<std::uint32_t> queries;
    std::string paths_path;
    std::uint32_t scale = 0;  ///< 0: automatic
    int crop = -1;            ///< ASCII only: < 0 the whole map, else the margin around the paths
    SearchOptions search;
    PathShapeOptions shapes;  ///< --waypoints/--smooth: draw each --scen path's shaped form beside it
};

int fail(const Error& error) {
    report_error(error.describe(command_line_wording));
    return kExitBadInput;
}

/// Whether the output is ASCII text (a name ending in .txt, in any case); PNG otherwise.
bool is_text_output(const std::string& path) {
    if (path.size() < 4) return false;
    std::string ending = path.substr(path.size() - 4);
    for (char& letter : ending) letter = static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
    return ending == ".txt";
}

/// A render output is a PNG unless its name ends in .txt; a name whose extension says another
/// format (`-o x.jpg`) is refused before any work, as every command refuses one (output_names.hpp).
Status check_output_name(const std::string& path) {
    if (is_text_output(path)) return Success{};
    if (std::optional<std::string> refused =
            wrong_output_extension("-o", path, ".png", "a PNG picture (ASCII text takes a name ending in .txt)")) {
        return Error{"", 0, 0, *refused};
    }
    return Success{};
}

/// A colour's name for the legend: a few words for the palette's colours, hex for the rest.
std::string colour_name(const Colour& colour) {
    static const std::pair<Colour, const char*> names[] = {
        {{220, 30, 30}, "red"},  {{30, 80, 220}, "blue"},    {{210, 0, 190}, "magenta"}, {{245, 130, 0}, "orange"},
        {{0, 150, 150}, "teal"}, {{120, 50, 200}, "purple"}, {{40, 150, 0}, "green"},    {{150, 80, 20}, "brown"}};
    std::string name = fmt::format("#{:02x}{:02x}{:02x}", colour.red, colour.green, colour.blue);
    for (const auto& [known, word] : names) {
        if (known == colour) return std::string(word) + " " + name;
    }
    return name;
}

/// What render draws: the paths in drawing order, each with the legend line that names it.
struct DrawnPaths {
    std::vector<DrawnPath> paths;
    std::vector<std::string> labels;  ///< per path: "query 12, grid path", "query 12, smoothed line", ...
    std::string report;               ///< one line per query solved or read
    void add(DrawnPath path, std::string label) {
        paths.push_back(std::move(path));
        labels.push_back(std::move(label));
    }
};

/// The --scen rows chosen by --query (the first five by default), solved on the map and drawn with
/// their waypoint or smoothed form beside them when asked.
Status add_scenario_paths(const RenderOptions& options, const io::MapFile& map, const ResolvedSearch& resolved,
                          DrawnPaths& drawn) {
    Expected<io::ScenarioFile> scenario = io::read_scenario_file(options.scenario_path);
    if (!scenario) return scenario.error();
    std::vector<std::uint32_t> chosen = options.queries;
    if (chosen.empty()) {
        for (std::uint32_t index = 0; index < std::min<std::size_t>(5, scenario->rows.size()); ++index)
            chosen.push_back(index);
    }
    // Sized or classed agents search their derived grid (grid/agent_grid.hpp).
    Expected<grid::TerrainTable> terrain =
        batch::class_terrain(resolved.classes, resolved.agent_class, resolved.terrain);
    if (!terrain) return terrain.error();
    Expected<grid::Grid> grid = grid::derive_agent_grid(map, *terrain, resolved.agent_size);
    if (!grid) return grid.error();
    if (Status shapes = check_path_shapes_apply(options.shapes, *grid, options.map_path); !shapes)
        return shapes.error();
    Expected<search::Solver> solver = search::Solver::create(*grid, resolved.settings);
    if (!solver) return solver.error();
    search::SearchContext context;
    PathShapeOptions shapes = options.shapes;
    shapes.rules = {resolved.settings.moves, resolved.settings.diagonal};
    for (std::uint32_t index : chosen) {
        if (index >= scenario->rows.size()) {
            return Error{options.scenario_path, 0, 0,
                         fmt::format("--query {} is out of range: the file has {} rows (0-based)", index,
                                     scenario->rows.size())};
        }
        const io::ScenarioRow& row = scenario->rows[index];
        if (row.map_width != map.width || row.map_height != map.height) {
            return Error{options.scenario_path, row.line, 0,
                         fmt::format("row names a {} x {} map but {} is {} x {}", row.map_width, row.map_height,
                                     options.map_path, map.width, map.height)};
        }
        const search::Result result = solver->solve(context, {row.start_x, row.start_y, row.goal_x, row.goal_y});
        fmt::format_to(std::back_inserter(drawn.report), "query {}: ({},{}) -> ({},{}) {}", index, row.start_x,
                       row.start_y, row.goal_x, row.goal_y, search::to_string(result.status));
        if (!result.path.empty())
            fmt::format_to(std::back_inserter(drawn.report), " cost {:.8f} cells {}", result.cost, result.path.size());
        drawn.report += '\n';
        if (!grid->contains(row.start_x, row.start_y) || !grid->contains(row.goal_x, row.goal_y)) continue;
        DrawnPath path;
        for (grid::CellIndex cell : result.path) {
            path.xs.push_back(cell.value % map.width);
            path.ys.push_back(cell.value / map.width);
        }
        path.start_x = static_cast<std::uint32_t>(row.start_x);
        path.start_y = static_cast<std::uint32_t>(row.start_y);
        path.goal_x = static_cast<std::uint32_t>(row.goal_x);
        path.goal_y = static_cast<std::uint32_t>(row.goal_y);
        path.has_goal = true;
        path.agent_size = resolved.agent_size;
        if (!shapes.shaped() || result.path.empty()) {
            drawn.add(std::move(path), fmt::format("query {}, grid path", index));
            continue;
        }
        // The shaped path beside the grid path, in the next colour.
        DrawnPath shaped = path;
        shaped.xs.clear();
        shaped.ys.clear();
        const std::vector<search::Point> points = shaped_points(*grid, result, shapes);
        for (const search::Point& point : points) {
            shaped.xs.push_back(point.x);
            shaped.ys.push_back(point.y);
        }
        shaped.polyline = true;
        const char* kind = shapes.smooth ? "smoothed" : "waypoints";
        fmt::format_to(std::back_inserter(drawn.report), "query {}: {} {} points, length {:.8f}\n", index, kind,
                       points.size(), search::polyline_length(points));
        drawn.add(std::move(path), fmt::format("query {}, grid path", index));
        drawn.add(std::move(shaped), fmt::format("query {}, {} line", index, kind));
    }
    return Success{};
}

/// The rows of a `solve --paths` CSV (plain or gzip), those chosen by --query when given.
Status add_csv_paths(const RenderOptions& options, const io::MapFile& map, DrawnPaths& drawn) {
    Expected<std::string> text = io::read_text_file(options.paths_path);
    if (!text) return text.error();
    Expected<std::vector<PathRow>> rows = parse_path_rows(*text, options.paths_path);
    if (!rows) return rows.error();
    for (const PathRow& row : *rows) {
        if (!options.queries.empty() &&
            std::find(options.queries.begin(), options.queries.end(), row.query) == options.queries.end()) {
            continue;
        }
        if (row.xs.empty()) continue;
        for (std::size_t index = 0; index < row.xs.size(); ++index) {
            if (row.xs[index] >= map.width || row.ys[index] >= map.height) {
                return Error{options.paths_path, row.line, 0,
                             fmt::format("path cell {}:{} is off the {} x {} map", row.xs[index], row.ys[index],
                                         map.width, map.height)};
            }
        }
        DrawnPath path;
        path.xs = row.xs;
        path.ys = row.ys;
        path.start_x = row.xs.front();
        path.start_y = row.ys.front();
        // The goal of a partial path is not in the CSV; mark the end of found paths only.
        path.has_goal = row.status == "found";
        path.goal_x = row.xs.back();
        path.goal_y = row.ys.back();
        path.polyline = row.has_length;  // a waypoint or smoothed path: draw its segments
        path.agent_size = options.search.agent_size;
        fmt::format_to(std::back_inserter(drawn.report), "{} query {}: {} cost {:.8f} cells {}\n",
                       escape_text(row.scenario), row.query, escape_text(row.status), row.cost, row.xs.size());
        drawn.add(std::move(path), fmt::format("{} query {}, {}", escape_text(row.scenario), row.query,
                                               row.has_length ? "waypoint or smoothed line" : "grid path"));
    }
    return Success{};
}

/// Draws the picture into `file` and commits it; the line that says what was written.
Expected<std::string> draw(const RenderOptions& options, const io::MapFile& map, const grid::TerrainTable& terrain,
                           const DrawnPaths& drawn, io::AtomicFile& file, RunFiles& files) {
    if (is_text_output(options.output_path)) {
        const CropWindow window = options.crop < 0
                                      ? full_window(map)
                                      : path_window(map, drawn.paths, static_cast<std::uint32_t>(options.crop));
        const std::string picture = ascii_picture(map, drawn.paths, window);
        std::size_t longest = 0;  // hex and triangle rows are wider than their cell count
        for (std::size_t start = 0; start < picture.size();) {
            const std::size_t end = picture.find('\n', start);
            longest = std::max(longest, end - start);
            start = end + 1;
        }
        file.write(picture);
        if (Status status = files.commit(); !status) return status.error();
        return fmt::format("wrote {} ({} x {} characters, {} paths)\n", escape_text(options.output_path), longest,
                           window.bottom - window.top, drawn.paths.size());
    }
    const std::uint32_t scale = options.scale == 0 ? automatic_scale(map) : options.scale;
    Expected<std::string> png = png_picture(map, terrain, drawn.paths, scale);
    if (!png) return png.error();
    file.write(*png);
    if (Status status = files.commit(); !status) return status.error();
    const PictureSize size = picture_size(map, scale);
    std::string written =
        fmt::format("wrote {} ({} x {} pixels, scale {}, {} paths)\n", escape_text(options.output_path), size.width,
                    size.height, scale, drawn.paths.size());
    // The legend: which colour is which path (S and G mark each start and goal).
    for (std::size_t index = 0; index < drawn.paths.size(); ++index) {
        written += fmt::format("legend: {} is {}\n", colour_name(path_colour(index)), drawn.labels[index]);
    }
    return written;
}

int run_render(const RenderOptions& options) {
    RunFiles files;
    files.add_input("map", options.map_path);
    files.add_input("scenario file (--scen)", options.scenario_path);
    files.add_input("paths file (--paths)", options.paths_path);
    files.add_input("terrain file (--terrain-file)", options.search.terrain_file);
    files.add_input("classes file (--classes-file)", options.search.classes_file);
    io::AtomicFile* file = files.add_output("-o", options.output_path);
    if (Status checked = files.check(); !checked) return fail(checked.error());
    if (Status named = check_output_name(options.output_path); !named) return fail(named.error());
    Expected<ResolvedSearch> resolved = resolve(options.search);
    if (!resolved) return fail(resolved.error());
    Expected<io::MapFile> map = io::read_map_file(options.map_path, resolved->terrain);
    if (!map) return fail(map.error());
    DrawnPaths drawn;
    if (!options.scenario_path.empty()) {
        if (Status added = add_scenario_paths(options, *map, *resolved, drawn); !added) return fail(added.error());
    }
    if (!options.paths_path.empty()) {
        if (Status added = add_csv_paths(options, *map, drawn); !added) return fail(added.error());
    }
    Expected<std::string> written = draw(options, *map, resolved->terrain, drawn, *file, files);
    if (!written) return fail(written.error());
    drawn.report += *written;
    std::fputs(drawn.report.c_str(), files.writes_standard_output() ? stderr : stdout);
    return kExitSuccess;
}

}  // namespace

void add_render_command(CLI::App& app, int& exit_code) {
    auto options = std::make_shared<RenderOptions>();
    CLI::App* command = app.add_subcommand(
        "render",
        "Draw a map with paths as a PNG (or as ASCII text for a .txt output); hex and triangle maps as their shapes");
    command->add_option("map", options->map_path, "Map file (.map)")->required();
    command->add_option("-o,--output", options->output_path, "Output picture: OUT.png, or OUT.txt for ASCII")
        ->required();
    command->add_option("--scen", options->scenario_path, "Scenario file whose rows to solve on MAP and draw");
    command
        ->add_option(
            "--query", options->queries,
            "0-based row of --scen (or query index of --paths) to draw; repeatable; default: rows 0-4 of --scen")
        ->check(whole_number(0, kMaximumCoordinate));
    command->add_option("--paths", options->paths_path,
                        "Path CSV written by 'swarmpath solve --paths' to draw (plain or .gz)");
    command
        ->add_option("--scale", options->scale,
                     "Pixels per cell, or a hexagon's or triangle's width (default: about 800 pixels across, 1 to 16)")
        ->check(whole_number(1, 64));
    command->add_option("--crop", options->crop, "ASCII output only: just the part around the paths, with this margin")
        ->check(whole_number(0, io::kMaximumSide));
    options->search.add_to(*command);
    options->search.add_agent_to(*command);
    add_path_shape_options(*command, options->shapes);
    command->callback([options, &exit_code] { exit_code = run_render(*options); });
}

}  // namespace swarmpath::cli
