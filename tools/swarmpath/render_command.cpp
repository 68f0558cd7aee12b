// `swarmpath render MAP -o OUT.png|OUT.txt [--scen FILE --query I ...] [--paths FILE.csv]`: draws
// the map with paths over it (map_picture.hpp). Paths come from scenario rows solved here with the
// search options (--scen, rows chosen by --query, the first five by default) and/or from the CSV that
// `swarmpath solve --paths` writes (--paths, filtered by --query when given). An output name ending
// in .txt gets the ASCII form; anything else gets a PNG. The picture is opened, and checked against
// the inputs (it may not be the map, the scenario or the paths file), before any work, and written
// atomically (run_files.hpp). Hex and triangle maps (their `type` line) are drawn as hexagons and
// triangles, paths as lines through the cell centres; --waypoints/--smooth are refused on them.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "commands.hpp"
#include "map_picture.hpp"
#include "option_limits.hpp"
#include "result_rows.hpp"
#include "run_files.hpp"
#include "search_options.hpp"
#include "terminal_text.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/atomic_file.hpp"
#include "io/gzip_file.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/scenario_file.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/solver.hpp"

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

bool ends_with(const std::string& text, const std::string& suffix) {
    return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

int fail(const Error& error) {
    report_error(error.describe(command_line_wording));
    return kExitBadInput;
}

int run_render(const RenderOptions& options) {
    RunFiles files;
    files.add_input("map", options.map_path);
    files.add_input("scenario file (--scen)", options.scenario_path);
    files.add_input("paths file (--paths)", options.paths_path);
    files.add_input("terrain file (--terrain-file)", options.search.terrain_file);
    io::AtomicFile* file = files.add_output("-o", options.output_path);
    if (Status checked = files.check(); !checked) return fail(checked.error());
    Expected<ResolvedSearch> resolved = resolve(options.search);
    if (!resolved) return fail(resolved.error());
    Expected<io::MapFile> map = io::read_map_file(options.map_path, resolved->terrain);
    if (!map) return fail(map.error());

    std::vector<DrawnPath> paths;
    std::string report;
    auto in_range = [&](std::uint32_t x, std::uint32_t y) { return x < map->width && y < map->height; };

    if (!options.scenario_path.empty()) {
        Expected<io::ScenarioFile> scenario = io::read_scenario_file(options.scenario_path);
        if (!scenario) return fail(scenario.error());
        std::vector<std::uint32_t> chosen = options.queries;
        if (chosen.empty()) {
            for (std::uint32_t index = 0; index < std::min<std::size_t>(5, scenario->rows.size()); ++index) chosen.push_back(index);
        }
        Expected<grid::Grid> grid = grid::Grid::build(*map, resolved->terrain);
        if (!grid) return fail(grid.error());
        if (Status shapes = check_path_shapes_apply(options.shapes, *grid, options.map_path); !shapes) return fail(shapes.error());
        Expected<search::Solver> solver = search::Solver::create(*grid, resolved->settings);
        if (!solver) return fail(solver.error());
        search::SearchContext context;
        PathShapeOptions shapes = options.shapes;
        shapes.rules = {resolved->settings.moves, resolved->settings.diagonal};
        for (std::uint32_t index : chosen) {
            if (index >= scenario->rows.size()) {
                return fail(Error{options.scenario_path, 0, 0,
                                  fmt::format("--query {} is out of range: the file has {} rows (0-based)", index,
                                              scenario->rows.size())});
            }
            const io::ScenarioRow& row = scenario->rows[index];
            if (row.map_width != map->width || row.map_height != map->height) {
                return fail(Error{options.scenario_path, row.line, 0,
                                  fmt::format("row names a {} x {} map but {} is {} x {}", row.map_width, row.map_height,
                                              options.map_path, map->width, map->height)});
            }
            const search::Result result = solver->solve(context, {row.start_x, row.start_y, row.goal_x, row.goal_y});
            fmt::format_to(std::back_inserter(report), "query {}: ({},{}) -> ({},{}) {}", index, row.start_x, row.start_y,
                           row.goal_x, row.goal_y, search::to_string(result.status));
            if (!result.path.empty()) fmt::format_to(std::back_inserter(report), " cost {:.8f} cells {}", result.cost, result.path.size());
            report += '\n';
            if (!grid->contains(row.start_x, row.start_y) || !grid->contains(row.goal_x, row.goal_y)) continue;
            DrawnPath drawn;
            for (grid::CellIndex cell : result.path) {
                drawn.xs.push_back(cell.value % map->width);
                drawn.ys.push_back(cell.value / map->width);
            }
            drawn.start_x = static_cast<std::uint32_t>(row.start_x);
            drawn.start_y = static_cast<std::uint32_t>(row.start_y);
            drawn.goal_x = static_cast<std::uint32_t>(row.goal_x);
            drawn.goal_y = static_cast<std::uint32_t>(row.goal_y);
            drawn.has_goal = true;
            if (shapes.shaped() && !result.path.empty()) {
                // The shaped path beside the grid path, in the next colour.
                DrawnPath shaped = drawn;
                shaped.xs.clear();
                shaped.ys.clear();
                const std::vector<search::Point> points = shaped_points(*grid, result, shapes);
                for (const search::Point& point : points) {
                    shaped.xs.push_back(point.x);
                    shaped.ys.push_back(point.y);
                }
                shaped.polyline = true;
                fmt::format_to(std::back_inserter(report), "query {}: {} {} points, length {:.8f}\n", index,
                               shapes.smooth ? "smoothed" : "waypoints", points.size(), search::polyline_length(points));
                paths.push_back(std::move(drawn));
                paths.push_back(std::move(shaped));
                continue;
            }
            paths.push_back(std::move(drawn));
        }
    }

    if (!options.paths_path.empty()) {
        Expected<std::string> text = io::read_text_file(options.paths_path);  // plain or gzip
        if (!text) return fail(text.error());
        Expected<std::vector<PathRow>> rows = parse_path_rows(*text, options.paths_path);
        if (!rows) return fail(rows.error());
        for (const PathRow& row : *rows) {
            if (!options.queries.empty() &&
                std::find(options.queries.begin(), options.queries.end(), row.query) == options.queries.end()) {
                continue;
            }
            if (row.xs.empty()) continue;
            for (std::size_t index = 0; index < row.xs.size(); ++index) {
                if (!in_range(row.xs[index], row.ys[index])) {
                    return fail(Error{options.paths_path, row.line, 0,
                                      fmt::format("path cell {}:{} is off the {} x {} map", row.xs[index], row.ys[index],
                                                  map->width, map->height)});
                }
            }
            DrawnPath drawn;
            drawn.xs = row.xs;
            drawn.ys = row.ys;
            drawn.start_x = row.xs.front();
            drawn.start_y = row.ys.front();
            // The goal of a partial path is not in the CSV; mark the end of found paths only.
            drawn.has_goal = row.status == "found";
            drawn.goal_x = row.xs.back();
            drawn.goal_y = row.ys.back();
            drawn.polyline = row.has_length;  // a waypoint or smoothed path: draw its segments
            fmt::format_to(std::back_inserter(report), "{} query {}: {} cost {:.8f} cells {}\n", escape_text(row.scenario), row.query,
                           escape_text(row.status), row.cost, row.xs.size());
            paths.push_back(std::move(drawn));
        }
    }

    if (ends_with(options.output_path, ".txt")) {
        const CropWindow window =
            options.crop < 0 ? full_window(*map) : path_window(*map, paths, static_cast<std::uint32_t>(options.crop));
        const std::string picture = ascii_picture(*map, paths, window);
        std::size_t longest = 0;  // hex and triangle rows are wider than their cell count
        for (std::size_t start = 0; start < picture.size();) {
            const std::size_t end = picture.find('\n', start);
            longest = std::max(longest, end - start);
            start = end + 1;
        }
        file->write(picture);
        if (Status status = files.commit(); !status) return fail(status.error());
        fmt::format_to(std::back_inserter(report), "wrote {} ({} x {} characters, {} paths)\n", escape_text(options.output_path),
                       longest, window.bottom - window.top, paths.size());
    } else {
        const std::uint32_t scale = options.scale == 0 ? automatic_scale(*map) : options.scale;
        Expected<std::string> png = png_picture(*map, resolved->terrain, paths, scale);
        if (!png) return fail(png.error());
        file->write(*png);
        if (Status status = files.commit(); !status) return fail(status.error());
        const PictureSize size = picture_size(*map, scale);
        fmt::format_to(std::back_inserter(report), "wrote {} ({} x {} pixels, scale {}, {} paths)\n", escape_text(options.output_path),
                       size.width, size.height, scale, paths.size());
    }
    std::fputs(report.c_str(), files.writes_standard_output() ? stderr : stdout);
    return kExitSuccess;
}

}  // namespace

void add_render_command(CLI::App& app, int& exit_code) {
    auto options = std::make_shared<RenderOptions>();
    CLI::App* command = app.add_subcommand(
        "render", "Draw a map with paths as a PNG (or as ASCII text for a .txt output); hex and triangle maps as their shapes");
    command->add_option("map", options->map_path, "Map file (.map)")->required();
    command->add_option("-o,--output", options->output_path, "Output picture: OUT.png, or OUT.txt for ASCII")->required();
    command->add_option("--scen", options->scenario_path, "Scenario file whose rows to solve on MAP and draw");
    command->add_option("--query", options->queries,
                        "0-based row of --scen (or query index of --paths) to draw; repeatable; default: rows 0-4 of --scen")
        ->check(whole_number(0, kMaximumCoordinate));
    command->add_option("--paths", options->paths_path, "Path CSV written by 'swarmpath solve --paths' to draw (plain or .gz)");
    command->add_option("--scale", options->scale, "Pixels per cell, or a hexagon's or triangle's width (default: about 800 pixels across, 1 to 16)")
        ->check(whole_number(1, 64));
    command->add_option("--crop", options->crop, "ASCII output only: just the part around the paths, with this margin")
        ->check(whole_number(0, io::kMaximumSide));
    options->search.add_to(*command);
    add_path_shape_options(*command, options->shapes);
    command->callback([options, &exit_code] { exit_code = run_render(*options); });
}

}  // namespace swarmpath::cli
