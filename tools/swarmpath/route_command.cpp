// `swarmpath route MAP SX SY GX GY [search options]`: one query without a scenario file. Prints the
// settings in force, the status, cost, expansions and cells of the path, then the map in ASCII with
// the path drawn (`*` on path cells, `S` and `G` on the endpoints; hex maps with odd rows indented
// half a cell, triangle maps with each cell's sloping sides: see map_picture.hpp). Every status is an
// answer (exit 0), an endpoint off the map too (status invalid, and a `reason` line saying which one);
// only bad input or options exit 2 (--waypoints/--smooth on a hex or triangle map).
#include <cstdio>
#include <memory>
#include <string>

#include <fmt/format.h>

#include "commands.hpp"
#include "map_picture.hpp"
#include "option_limits.hpp"
#include "result_rows.hpp"
#include "search_options.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/solver.hpp"
#include "terminal_text.hpp"

namespace swarmpath::cli {
namespace {

struct RouteOptions {
    std::string map_path;
    std::uint32_t start_x = 0;
    std::uint32_t start_y = 0;
    std::uint32_t goal_x = 0;
    std::uint32_t goal_y = 0;
    bool no_map = false;
    int crop = -1;  ///< < 0: the whole map; otherwise the margin around the path
    SearchOptions search;
    PathShapeOptions shapes;
};

/// Which endpoints of `query` lie off the map, with their coordinates and the map's size ("the goal
/// (7,0) is off the map: it is 7 x 5, columns 0 to 6 and rows 0 to 4"); empty when both are on it.
std::string endpoints_off_map(const grid::Grid& grid, const search::Query& query) {
    const bool start_off = !grid.contains(query.start_x, query.start_y);
    const bool goal_off = !grid.contains(query.goal_x, query.goal_y);
    if (!start_off && !goal_off) return {};
    const std::string start = fmt::format("the start ({},{})", query.start_x, query.start_y);
    const std::string goal = fmt::format("the goal ({},{})", query.goal_x, query.goal_y);
    const std::string which =
        start_off && goal_off ? start + " and " + goal + " are" : (start_off ? start : goal) + " is";
    return fmt::format("{} off the map: it is {} x {}, columns 0 to {} and rows 0 to {}", which, grid.width(),
                       grid.height(), grid.width() - 1, grid.height() - 1);
}

/// The header lines: map, query, settings in force, bound, status (and why, off the map), cost,
/// expansions and cell count.
std::string describe_query(const RouteOptions& options, const io::MapFile& map, const grid::Grid& grid,
                           const search::Solver& solver, const search::Query& query, const search::Result& result) {
    const search::SearchSettings& settings = solver.settings();
    std::string text;
    fmt::format_to(std::back_inserter(text), "map       {} ({} x {})\n", escape_text(options.map_path), map.width,
                   map.height);
    fmt::format_to(std::back_inserter(text), "query     ({},{}) -> ({},{})\n", query.start_x, query.start_y,
                   query.goal_x, query.goal_y);
    if (grid.topology() == grid::Topology::square) {
        fmt::format_to(std::back_inserter(text),
                       "settings  moves {}, diagonal rule {}, heuristic {}, weight {}, algorithm {}\n",
                       search::to_string(settings.moves), search::to_string(settings.diagonal),
                       search::to_string(solver.heuristic()), settings.weight, search::to_string(solver.algorithm()));
    } else {  // one step to each of the shape's neighbours: no moves or diagonal rule to name
        fmt::format_to(std::back_inserter(text), "settings  topology {}, heuristic {}, weight {}, algorithm {}\n",
                       grid::topology_type_name(grid.topology()), search::to_string(solver.heuristic()),
                       settings.weight, search::to_string(solver.algorithm()));
    }
    if (search::cost_bound(settings) > 1.0) {
        fmt::format_to(std::back_inserter(text), "bound     the cost is at most {:.6g} x optimal\n",
                       search::cost_bound(settings));
    }
    fmt::format_to(std::back_inserter(text), "status    {}\n", search::to_string(result.status));
    if (const std::string off_map = endpoints_off_map(grid, query); !off_map.empty()) {
        fmt::format_to(std::back_inserter(text), "reason    {}\n", off_map);
    }
    if (!result.path.empty()) fmt::format_to(std::back_inserter(text), "cost      {:.8f}\n", result.cost);
    fmt::format_to(std::back_inserter(text), "expanded  {}\n", result.counters.expanded);
    fmt::format_to(std::back_inserter(text), "cells     {}\n", result.path.size());
    return text;
}

/// The path's lines (its cells, then its waypoint or smoothed points when asked) appended to `text`,
/// and the path to draw: the shaped one, when asked, replaces the grid path in the picture.
DrawnPath describe_path(const RouteOptions& options, const grid::Grid& grid, const search::Solver& solver,
                        const search::Result& result, std::string& text) {
    DrawnPath drawn;
    if (result.path.empty()) return drawn;
    const std::uint32_t width = grid.width();
    text += "path     ";
    for (grid::CellIndex cell : result.path) {
        drawn.xs.push_back(cell.value % width);
        drawn.ys.push_back(cell.value / width);
        fmt::format_to(std::back_inserter(text), " {}:{}", cell.value % width, cell.value / width);
    }
    text += '\n';
    PathShapeOptions shapes = options.shapes;
    shapes.rules = {solver.settings().moves, solver.settings().diagonal};
    if (!shapes.shaped()) return drawn;
    // Its segments as `*`, corners as `o`.
    const std::vector<search::Point> points = shaped_points(grid, result, shapes);
    fmt::format_to(std::back_inserter(text), "{} {} points, length {:.8f}\npoints   ",
                   shapes.smooth ? "smoothed " : "waypoints", points.size(), search::polyline_length(points));
    drawn.xs.clear();
    drawn.ys.clear();
    for (const search::Point& point : points) {
        drawn.xs.push_back(point.x);
        drawn.ys.push_back(point.y);
        fmt::format_to(std::back_inserter(text), " {}:{}", point.x, point.y);
    }
    drawn.polyline = true;
    text += '\n';
    return drawn;
}

int run_route(const RouteOptions& options) {
    Expected<LoadedMap> loaded = load_map(options.search, options.map_path);
    if (!loaded) {
        report_error(loaded.error().describe(command_line_wording));
        return kExitBadInput;
    }
    const io::MapFile& map = loaded->map;
    const grid::Grid& grid = loaded->grid;
    if (Status shapes = check_path_shapes_apply(options.shapes, grid, options.map_path); !shapes) {
        report_error(shapes.error().describe(command_line_wording));
        return kExitBadInput;
    }
    Expected<search::Solver> solver = search::Solver::create(grid, loaded->search.settings);
    if (!solver) {
        report_error(solver.error().describe(command_line_wording));
        return kExitBadInput;
    }
    search::SearchContext context;
    const search::Query query{options.start_x, options.start_y, options.goal_x, options.goal_y};
    const search::Result result = solver->solve(context, query);

    std::string text = describe_query(options, map, grid, *solver, query, result);
    DrawnPath drawn = describe_path(options, grid, *solver, result, text);
    const bool on_map = grid.contains(query.start_x, query.start_y) && grid.contains(query.goal_x, query.goal_y);
    if (!options.no_map && on_map) {
        drawn.start_x = static_cast<std::uint32_t>(query.start_x);
        drawn.start_y = static_cast<std::uint32_t>(query.start_y);
        drawn.goal_x = static_cast<std::uint32_t>(query.goal_x);
        drawn.goal_y = static_cast<std::uint32_t>(query.goal_y);
        drawn.has_goal = true;
        drawn.agent_size = loaded->search.agent_size;
        const std::vector<DrawnPath> paths{drawn};
        const CropWindow window =
            options.crop < 0 ? full_window(map) : path_window(map, paths, static_cast<std::uint32_t>(options.crop));
        if (options.crop >= 0) {
            fmt::format_to(std::back_inserter(text), "window    columns {}..{}, rows {}..{}\n", window.left,
                           window.right - 1, window.top, window.bottom - 1);
        }
        text += '\n';
        text += ascii_picture(map, paths, window);
    }
    std::fputs(text.c_str(), stdout);
    return kExitSuccess;
}

}  // namespace

void add_route_command(CLI::App& app, int& exit_code) {
    auto options = std::make_shared<RouteOptions>();
    CLI::App* command = app.add_subcommand(
        "route",
        "Solve one query on a map and print the path on the map in ASCII (* path, S start, G goal; hex maps with "
        "odd rows indented half a cell, triangle cells as /.\\ up and \\./ down)");
    command->add_option("map", options->map_path, "Map file (.map)")->required();
    const CLI::Validator coordinate = whole_number(0, kMaximumCoordinate);
    command->add_option("start_x", options->start_x, "Start column")->required()->check(coordinate);
    command->add_option("start_y", options->start_y, "Start row")->required()->check(coordinate);
    command->add_option("goal_x", options->goal_x, "Goal column")->required()->check(coordinate);
    command->add_option("goal_y", options->goal_y, "Goal row")->required()->check(coordinate);
    command->add_flag("--no-map", options->no_map, "Print the result without the ASCII map");
    command
        ->add_option("--crop", options->crop,
                     "Print only the part of the map around the path, with this many cells of margin")
        ->check(whole_number(0, io::kMaximumSide));
    options->search.add_to(*command);
    options->search.add_deadline_to(*command);
    options->search.add_agent_to(*command);
    add_path_shape_options(*command, options->shapes);
    command->callback([options, &exit_code] { exit_code = run_route(*options); });
}

}  // namespace swarmpath::cli
