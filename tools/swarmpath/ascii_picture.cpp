// The ASCII picture of a map with paths (see map_picture.hpp): `swarmpath route` and `render -o
// FILE.txt`, and the crop windows both use.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#include "map_picture.hpp"
#include "swarmpath/grid/topology.hpp"

namespace swarmpath::cli {

CropWindow full_window(const io::MapFile& map) { return {0, 0, map.width, map.height}; }

CropWindow path_window(const io::MapFile& map, const std::vector<DrawnPath>& paths, std::uint32_t margin) {
    bool any = false;
    std::uint32_t left = map.width;
    std::uint32_t top = map.height;
    std::uint32_t right = 0;
    std::uint32_t bottom = 0;
    auto include = [&](std::uint32_t x, std::uint32_t y) {
        if (x >= map.width || y >= map.height) return;
        any = true;
        left = std::min(left, x);
        top = std::min(top, y);
        right = std::max(right, x + 1);
        bottom = std::max(bottom, y + 1);
    };
    for (const DrawnPath& path : paths) {
        for (std::size_t index = 0; index < path.xs.size(); ++index) {
            include(path.xs[index], path.ys[index]);
            include(path.xs[index] + path.agent_size - 1, path.ys[index] + path.agent_size - 1);
        }
        include(path.start_x, path.start_y);
        if (path.has_goal) include(path.goal_x, path.goal_y);
    }
    if (!any) return full_window(map);
    return {left > margin ? left - margin : 0, top > margin ? top - margin : 0, std::min(map.width, right + margin),
            std::min(map.height, bottom + margin)};
}

namespace {

/// Calls `visit(x, y)` for points every 1/`density` of a unit along each segment of `path`'s
/// polyline, from cell centre to cell centre (in units of `density` per cell), ends included; for a
/// sized agent the points are where its block's top-left cell passes.
template <class Visit>
void walk_polyline(const DrawnPath& path, std::uint32_t density, Visit&& visit) {
    for (std::size_t index = 1; index < path.xs.size(); ++index) {
        const double x0 = (path.xs[index - 1] + 0.5) * density;
        const double y0 = (path.ys[index - 1] + 0.5) * density;
        const double x1 = (path.xs[index] + 0.5) * density;
        const double y1 = (path.ys[index] + 0.5) * density;
        const double span = std::max(std::abs(x1 - x0), std::abs(y1 - y0));
        const auto steps = static_cast<std::int64_t>(std::ceil(span * 2)) + 1;
        for (std::int64_t step = 0; step <= steps; ++step) {
            const double t = static_cast<double>(step) / static_cast<double>(steps);
            visit(static_cast<std::int64_t>(std::floor(x0 + (x1 - x0) * t)),
                  static_cast<std::int64_t>(std::floor(y0 + (y1 - y0) * t)));
        }
    }
}

}  // namespace

std::string ascii_picture(const io::MapFile& map, const std::vector<DrawnPath>& paths, const CropWindow& window) {
    const std::uint32_t columns = window.right - window.left;
    std::vector<std::string> rows;
    rows.reserve(window.bottom - window.top);
    for (std::uint32_t y = window.top; y < window.bottom; ++y) {
        rows.push_back(map.letters.substr(static_cast<std::size_t>(y) * map.width + window.left, columns));
    }
    auto mark_cell = [&](std::uint32_t x, std::uint32_t y, char letter) {
        if (x < window.left || x >= window.right || y < window.top || y >= window.bottom) return;
        rows[y - window.top][x - window.left] = letter;
    };
    std::uint32_t block = 1;  // the side of the path being drawn
    auto mark = [&](std::uint32_t x, std::uint32_t y, char letter) {
        for (std::uint32_t dy = 0; dy < block; ++dy) {
            for (std::uint32_t dx = 0; dx < block; ++dx) mark_cell(x + dx, y + dy, letter);
        }
    };
    const grid::Topology topology = map_topology(map);
    for (const DrawnPath& path : paths) {
        block = topology == grid::Topology::square ? path.agent_size : 1;
        if (path.polyline && topology == grid::Topology::square) {
            walk_polyline(path, 1, [&](std::int64_t x, std::int64_t y) {
                if (x >= 0 && y >= 0) mark(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y), '*');
            });
            for (std::size_t index = 0; index < path.xs.size(); ++index) mark(path.xs[index], path.ys[index], 'o');
            continue;
        }
        for (std::size_t index = 0; index < path.xs.size(); ++index) mark(path.xs[index], path.ys[index], '*');
    }
    for (const DrawnPath& path : paths) {
        block = topology == grid::Topology::square ? path.agent_size : 1;
        mark(path.start_x, path.start_y, 'S');
        if (path.has_goal) mark(path.goal_x, path.goal_y, 'G');
    }
    std::string text;
    text.reserve(rows.size() * (2 * columns + 2));
    for (std::uint32_t y = window.top; y < window.bottom; ++y) {
        const std::string& row = rows[y - window.top];
        switch (topology) {
            case grid::Topology::square:
                text += row;
                break;
            case grid::Topology::hex:
                // Odd rows sit half a cell to the right (odd-r); a cell is two characters wide.
                if ((y & 1U) != 0) text += ' ';
                for (std::uint32_t column = 0; column < columns; ++column) {
                    if (column > 0) text += ' ';
                    text += row[column];
                }
                break;
            case grid::Topology::triangle:
                // Each cell between its sloping sides: an up triangle is /x\, a down one \x/.
                for (std::uint32_t column = 0; column < columns; ++column) {
                    text += grid::triangle_points_up(window.left + column, y) ? '/' : '\\';
                    text += row[column];
                }
                if (columns > 0) text += grid::triangle_points_up(window.right - 1, y) ? '\\' : '/';
                break;
        }
        text += '\n';
    }
    return text;
}
}  // namespace swarmpath::cli
