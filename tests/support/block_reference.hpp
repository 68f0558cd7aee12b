// The definition of sized agents and movement classes (docs/formats.md, "Agent sizes and movement
// classes") written out for the tests, straight from a map's letters and a class's terrain table and
// never from a derived grid: a k x k block's legality (every cell on the map, passable for the class,
// all on one layer), its dearest cost, a step's legality and cost under each movement rule, a
// Dijkstra over positions, and the price of a path (or -1 when a step of it is illegal for the block).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <queue>
#include <utility>
#include <vector>

#include "rule_sets.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/grid/terrain.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::testing {

inline constexpr double kNever = std::numeric_limits<double>::infinity();

/// The definition, read straight off the map's letters and the class's table.
struct BlockReference {
    const io::MapFile& map;
    const grid::TerrainTable& terrain;
    std::uint32_t size;
    Rules rules;

    /// The block's layer when every cell of it is on the map, passable and on one layer; else 0.
    [[nodiscard]] std::uint8_t layer(std::int64_t x, std::int64_t y) const {
        if (x < 0 || y < 0 || x + size > map.width || y + size > map.height) return 0;
        std::uint8_t first = 0;
        for (std::uint32_t dy = 0; dy < size; ++dy) {
            for (std::uint32_t dx = 0; dx < size; ++dx) {
                const grid::TerrainRule& rule =
                    terrain.rule(map.letter(static_cast<std::uint32_t>(x) + dx, static_cast<std::uint32_t>(y) + dy));
                if (!rule.passable) return 0;
                if (first == 0) first = rule.layer;
                if (rule.layer != first) return 0;
            }
        }
        return first;
    }
    /// The dearest class cost among the block's cells.
    [[nodiscard]] double cost(std::int64_t x, std::int64_t y) const {
        double dearest = 0;
        for (std::uint32_t dy = 0; dy < size; ++dy) {
            for (std::uint32_t dx = 0; dx < size; ++dx) {
                dearest = std::max(
                    dearest,
                    terrain.rule(map.letter(static_cast<std::uint32_t>(x) + dx, static_cast<std::uint32_t>(y) + dy))
                        .cost);
            }
        }
        return dearest;
    }
    /// The cost of the step from (x, y) by (dx, dy), or kNever when the step is illegal.
    [[nodiscard]] double step(std::int64_t x, std::int64_t y, int dx, int dy) const {
        const std::uint8_t here = layer(x, y);
        if (here == 0 || layer(x + dx, y + dy) != here) return kNever;
        const bool diagonal = dx != 0 && dy != 0;
        if (diagonal) {
            if (rules.moves == search::Moves::four) return kNever;
            const bool side_x = layer(x + dx, y) == here;
            const bool side_y = layer(x, y + dy) == here;
            if (rules.diagonal == search::DiagonalRule::both_free && !(side_x && side_y)) return kNever;
            if (rules.diagonal == search::DiagonalRule::one_free && !(side_x || side_y)) return kNever;
        }
        return (diagonal ? std::sqrt(2.0) : 1.0) * cost(x + dx, y + dy);
    }
    /// Cheapest cost from (x, y) to every position, row-major; kNever where unreachable.
    [[nodiscard]] std::vector<double> costs_from(std::uint32_t x, std::uint32_t y) const {
        std::vector<double> best(static_cast<std::size_t>(map.width) * map.height, kNever);
        if (layer(x, y) == 0) return best;
        using Entry = std::pair<double, std::uint32_t>;
        std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
        best[static_cast<std::size_t>(y) * map.width + x] = 0;
        open.push({0.0, y * map.width + x});
        while (!open.empty()) {
            const auto [distance, cell] = open.top();
            open.pop();
            if (distance > best[cell]) continue;
            const std::int64_t cx = cell % map.width;
            const std::int64_t cy = cell / map.width;
            for (int dy = -1; dy <= 1; ++dy) {
                for (int dx = -1; dx <= 1; ++dx) {
                    if (dx == 0 && dy == 0) continue;
                    const double cost = step(cx, cy, dx, dy);
                    if (cost == kNever) continue;
                    const auto next = static_cast<std::uint32_t>((cy + dy) * map.width + (cx + dx));
                    if (distance + cost < best[next]) {
                        best[next] = distance + cost;
                        open.push({best[next], next});
                    }
                }
            }
        }
        return best;
    }
    /// The cost of a path of cell indices, or -1 when a step of it is illegal for the block.
    [[nodiscard]] double path_cost(const std::vector<grid::CellIndex>& path) const {
        double total = 0;
        for (std::size_t index = 1; index < path.size(); ++index) {
            const std::int64_t x = path[index - 1].value % map.width;
            const std::int64_t y = path[index - 1].value / map.width;
            const std::int64_t dx = static_cast<std::int64_t>(path[index].value % map.width) - x;
            const std::int64_t dy = static_cast<std::int64_t>(path[index].value / map.width) - y;
            if (dx < -1 || dx > 1 || dy < -1 || dy > 1) return -1;
            const double cost = step(x, y, static_cast<int>(dx), static_cast<int>(dy));
            if (cost == kNever) return -1;
            total += cost;
        }
        return total;
    }
};

}  // namespace swarmpath::testing
