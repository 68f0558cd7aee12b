// Path shapes: points, waypoints, line of sight and string pulling (see path_shapes.hpp). Exact
// integer arithmetic throughout: a segment between cell centres crosses the vertical grid line
// after its i-th column at parameter (2i + 1) / (2|dx|) and the horizontal one after its j-th row
// at (2j + 1) / (2|dy|), so comparing (2i + 1)·|dy| with (2j + 1)·|dx| says which it crosses first,
// and equality is an exact pass through a grid corner.
#include "swarmpath/search/path_shapes.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace swarmpath::search {

std::vector<Point> to_points(const grid::Grid& grid, std::span<const grid::CellIndex> path) {
    std::vector<Point> points;
    points.reserve(path.size());
    const std::uint32_t width = grid.width();
    for (grid::CellIndex cell : path) points.push_back({cell.value % width, cell.value / width});
    return points;
}

std::vector<Point> waypoints(std::span<const Point> path) {
    if (path.size() <= 2) return {path.begin(), path.end()};
    std::vector<Point> kept;
    kept.push_back(path.front());
    auto step = [&](std::size_t index) {
        return std::pair{static_cast<std::int64_t>(path[index + 1].x) - path[index].x,
                         static_cast<std::int64_t>(path[index + 1].y) - path[index].y};
    };
    for (std::size_t index = 1; index + 1 < path.size(); ++index) {
        if (step(index - 1) != step(index)) kept.push_back(path[index]);
    }
    kept.push_back(path.back());
    return kept;
}

namespace {

/// The terrain cost of a passable cell (grid::TerrainKind::cost).
double cell_cost(const grid::Grid& grid, grid::PaddedIndex cell) {
    return grid.kinds()[grid.kind_of()[cell.value]].cost;
}

}  // namespace

bool line_of_sight(const grid::Grid& grid, Point from, Point to, const SmoothingRules& rules, double cost_ceiling) {
    const grid::PaddedIndex first = grid.padded(from.x, from.y);
    if (!grid.passable(first)) return false;
    const std::uint8_t layer = grid.layer(first);
    const bool check_costs = !grid.uniform_cost();
    auto open = [&](std::int64_t x, std::int64_t y) {
        if (!grid.contains(x, y)) return false;
        const grid::PaddedIndex cell = grid.padded(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y));
        return grid.passable(cell) && grid.layer(cell) == layer;
    };
    auto enterable = [&](std::int64_t x, std::int64_t y) {
        if (!open(x, y)) return false;
        return !check_costs || cell_cost(grid, grid.padded(static_cast<std::uint32_t>(x),
                                                           static_cast<std::uint32_t>(y))) <= cost_ceiling;
    };
    if (!enterable(from.x, from.y)) return false;
    const std::int64_t dx = static_cast<std::int64_t>(to.x) - from.x;
    const std::int64_t dy = static_cast<std::int64_t>(to.y) - from.y;
    const std::int64_t step_x = dx > 0 ? 1 : -1;
    const std::int64_t step_y = dy > 0 ? 1 : -1;
    const std::int64_t span_x = std::abs(dx);
    const std::int64_t span_y = std::abs(dy);
    const bool both_sides = rules.moves == Moves::four || rules.diagonal == DiagonalRule::both_free;
    std::int64_t x = from.x;
    std::int64_t y = from.y;
    std::int64_t crossed_x = 0;  // vertical grid lines crossed so far
    std::int64_t crossed_y = 0;  // horizontal grid lines crossed so far
    while (crossed_x < span_x || crossed_y < span_y) {
        // Which line comes next: compare (2i + 1)/|dx| with (2j + 1)/|dy| (a finished axis never does).
        const std::int64_t next_x = crossed_x < span_x ? (2 * crossed_x + 1) * span_y : -1;
        const std::int64_t next_y = crossed_y < span_y ? (2 * crossed_y + 1) * span_x : -1;
        if (next_x >= 0 && next_y >= 0 && next_x == next_y) {
            // Through a corner: the two side cells are judged by the diagonal rule.
            const bool side_x = open(x + step_x, y);
            const bool side_y = open(x, y + step_y);
            if (both_sides && !(side_x && side_y)) return false;
            if (rules.diagonal == DiagonalRule::one_free && !(side_x || side_y)) return false;
            x += step_x;
            y += step_y;
            ++crossed_x;
            ++crossed_y;
        } else if (next_y < 0 || (next_x >= 0 && next_x < next_y)) {
            x += step_x;
            ++crossed_x;
        } else {
            y += step_y;
            ++crossed_y;
        }
        if (!enterable(x, y)) return false;
    }
    return true;
}

std::vector<Point> smooth(const grid::Grid& grid, std::span<const Point> path, const SmoothingRules& rules) {
    if (path.size() <= 2) return {path.begin(), path.end()};
    const bool uniform = grid.uniform_cost();
    auto cost_at = [&](std::size_t index) {
        return uniform ? 1.0 : cell_cost(grid, grid.padded(path[index].x, path[index].y));
    };
    std::vector<Point> kept;
    kept.push_back(path.front());
    std::size_t anchor = 0;
    double ceiling = cost_at(0);  // the dearest cell from the anchor to the candidate
    for (std::size_t index = 1; index + 1 < path.size(); ++index) {
        const double extended = std::max(ceiling, cost_at(index + 1));
        if (line_of_sight(grid, path[anchor], path[index + 1], rules, uniform ? 1e300 : extended)) {
            ceiling = extended;
            continue;
        }
        kept.push_back(path[index]);
        anchor = index;
        ceiling = std::max(cost_at(index), cost_at(index + 1));
    }
    kept.push_back(path.back());
    return kept;
}

double polyline_length(std::span<const Point> points) {
    double length = 0;
    for (std::size_t index = 1; index < points.size(); ++index) {
        const double dx = static_cast<double>(points[index].x) - static_cast<double>(points[index - 1].x);
        const double dy = static_cast<double>(points[index].y) - static_cast<double>(points[index - 1].y);
        length += std::sqrt(dx * dx + dy * dy);
    }
    return length;
}

}  // namespace swarmpath::search
