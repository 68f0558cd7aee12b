// Path shapes for game code: a found path as (x, y) points, as waypoints (the cells where its
// direction changes), and smoothed by string pulling with line of sight; the Euclidean length of a
// polyline. Post-processing of a Result's path, never part of a search: each function runs once per
// path, allocates its output and does not touch a SearchContext.
//
// Line of sight between two cell centres (what smoothing may replace a stretch of the path with):
//   - every cell whose interior the straight segment crosses is passable, on the same movement layer
//     as the segment's first cell (water stays water, ground stays ground);
//   - where the segment passes exactly through a grid corner (a diagonal touch of two cells), the two
//     other cells at that corner must satisfy the diagonal rule, exactly as a diagonal grid step
//     would: both passable under both_free (and under 4-connected moves), at least one under
//     one_free, no condition under any. So a segment never slips between two blocked cells that
//     touch at a corner unless the rule lets a grid step do so too.
//   - terrain costs (the decision for non-uniform grids): a segment that replaces the path's cells i
//     to j may cross only cells that cost no more than the dearest of those cells. Smoothing never
//     takes an agent across terrain costlier than what it replaces; on uniform grids this is no
//     restriction.
// The smoothed path keeps the start and the goal and a subset of the path's cells in order, so its
// Euclidean length never exceeds the grid path's (each dropped stretch becomes a straight segment).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::search {

/// A cell as map coordinates: x the column, y the row, (0, 0) top-left.
struct Point {
    std::uint32_t x = 0;
    std::uint32_t y = 0;
    friend bool operator==(const Point&, const Point&) = default;
};

/// The movement rule smoothing must respect (the one the path was found under).
struct SmoothingRules {
    Moves moves = Moves::eight;
    DiagonalRule diagonal = DiagonalRule::both_free;
};

/// A path of CellIndex values (Result::path) as points on `grid`.
std::vector<Point> to_points(const grid::Grid& grid, std::span<const grid::CellIndex> path);

/// The points where the direction of travel changes, with the first and last point always kept
/// (a path of one or two points is returned as it is). Collinear runs collapse to their ends.
std::vector<Point> waypoints(std::span<const Point> path);

/// Whether the segment between the centres of `from` and `to` has line of sight on `grid` under
/// `rules` (file comment), with every crossed cell costing at most `cost_ceiling` (terrain cost as
/// in grid::TerrainKind::cost; pass a large value to ignore costs). Both endpoints must be on the map.
bool line_of_sight(const grid::Grid& grid, Point from, Point to, const SmoothingRules& rules,
                   double cost_ceiling = 1e300);

/// String pulling: walks the path from the last kept point while the next point is in line of sight
/// from it (under the cost ceiling of the stretch it would replace), and keeps the point before the
/// first that is not. `path` must be a grid path on `grid` (consecutive points one legal step apart),
/// as a search returns; the start and goal are kept. Costs O(path length × segment length).
std::vector<Point> smooth(const grid::Grid& grid, std::span<const Point> path, const SmoothingRules& rules);

/// The Euclidean length of the polyline through `points` (0 for fewer than two points).
double polyline_length(std::span<const Point> points);

}  // namespace swarmpath::search
