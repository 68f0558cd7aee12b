// Per-query CSV rows of `swarmpath solve` (see result_rows.hpp).
#include "result_rows.hpp"

#include <iterator>

#include <fmt/format.h>

#include "terminal_text.hpp"

namespace swarmpath::cli {

void add_path_shape_options(CLI::App& command, PathShapeOptions& options) {
    command.add_flag("--waypoints", options.waypoints,
                     "Paths as waypoints: only the cells where the direction changes (start and goal kept)");
    command.add_flag("--smooth", options.smooth,
                     "Paths smoothed by string pulling with line of sight under the diagonal rule (never across a "
                     "blocked cell, a corner the rule forbids, or costlier terrain than the cells replaced)");
}

Status check_path_shapes_apply(const PathShapeOptions& options, const grid::Grid& grid, const std::string& map_path) {
    if (!options.shaped() || grid.topology() == grid::Topology::square) return Success{};
    return Error{map_path, 0, 0,
                 fmt::format("--{} is for square maps: this map is type {}, whose paths have no straight segments",
                             options.smooth ? "smooth" : "waypoints", grid::topology_type_name(grid.topology()))};
}

std::vector<search::Point> shaped_points(const grid::Grid& grid, const search::Result& result,
                                         const PathShapeOptions& options) {
    std::vector<search::Point> points = search::to_points(grid, result.path);
    if (options.smooth) return search::smooth(grid, points, options.rules);
    if (options.waypoints) return search::waypoints(points);
    return points;
}

void append_paths_header(std::string& buffer, const PathShapeOptions& options) {
    buffer += options.shaped() ? "scenario,query,status,cost,length,path\n" : "scenario,query,status,cost,path\n";
}

void append_path_row(std::string& buffer, const batch::ScenarioSet& set, std::size_t index, const search::Result& result,
                     const PathShapeOptions& options) {
    auto out = std::back_inserter(buffer);
    fmt::format_to(out, "{},{},{},{:.8f},", csv_field(set.scenario_name), set.row_indices[index],
                   search::to_string(result.status), result.cost);
    auto append_point = [&](bool first, std::uint32_t x, std::uint32_t y) {
        if (!first) buffer.push_back(' ');
        fmt::format_to(out, "{}:{}", x, y);
    };
    if (!options.shaped()) {
        const std::uint32_t width = set.grid->width();
        for (std::size_t step = 0; step < result.path.size(); ++step) {
            append_point(step == 0, result.path[step].value % width, result.path[step].value / width);
        }
    } else {
        const std::vector<search::Point> points = shaped_points(*set.grid, result, options);
        fmt::format_to(out, "{:.8f},", search::polyline_length(points));
        for (std::size_t step = 0; step < points.size(); ++step) append_point(step == 0, points[step].x, points[step].y);
    }
    buffer.push_back('\n');
}

void append_stats_header(std::string& buffer) {
    buffer += "scenario,query,bucket,start_x,start_y,goal_x,goal_y,status,cost,optimal,expanded,generated,"
              "heap_operations,nanoseconds\n";
}

void append_stats_row(std::string& buffer, const batch::ScenarioSet& set, std::size_t index, const search::Result& result) {
    const batch::ScenarioEntry& row = set.rows[index];
    const search::Query& query = set.queries[index];
    const search::Counters& counters = result.counters;
    fmt::format_to(std::back_inserter(buffer), "{},{},{},{},{},{},{},{},{:.8f},{:.8f},{},{},{},{}\n",
                   csv_field(set.scenario_name), set.row_indices[index], row.bucket, query.start_x, query.start_y,
                   query.goal_x, query.goal_y, search::to_string(result.status), result.cost, row.optimal_length, counters.expanded,
                   counters.generated, counters.heap_pushes + counters.heap_pops + counters.decrease_keys,
                   result.nanoseconds);
}

}  // namespace swarmpath::cli
