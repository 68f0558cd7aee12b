// The reference Dijkstra (see reference_dijkstra.hpp).
#include "reference_dijkstra.hpp"

#include <cmath>
#include <cstdlib>
#include <functional>
#include <queue>
#include <utility>

namespace swarmpath::testing {
namespace {

bool open_on_layer(const io::MapFile& map, const ReferenceRules& rules, std::int64_t x, std::int64_t y,
                   std::uint8_t layer) {
    if (x < 0 || y < 0 || x >= map.width || y >= map.height) return false;
    const grid::TerrainRule& rule =
        rules.terrain.rule(map.letter(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y)));
    return rule.passable && rule.layer == layer;
}

/// docs/formats.md "Hex and triangle cells": hex (odd-r) neighbours are (x±1, y) and, for even y,
/// (x−1, y±1) and (x, y±1), for odd y (x, y±1) and (x+1, y±1); a triangle's are (x±1, y) and (x, y+1)
/// when x + y is even (pointing up), (x, y−1) otherwise.
bool shape_neighbour(grid::Topology topology, std::int64_t x, std::int64_t y, int dx, int dy) {
    if (dy == 0) return dx == 1 || dx == -1;
    if (topology == grid::Topology::hex) {
        const bool odd_row = (y & 1) != 0;
        return odd_row ? (dx == 0 || dx == 1) : (dx == 0 || dx == -1);
    }
    const bool points_up = ((x + y) & 1) == 0;
    return dx == 0 && dy == (points_up ? 1 : -1);
}

}  // namespace

bool reference_step_allowed(const io::MapFile& map, const ReferenceRules& rules, std::int64_t x, std::int64_t y, int dx,
                            int dy) {
    if (dx == 0 && dy == 0) return false;
    if (x < 0 || y < 0 || x >= map.width || y >= map.height) return false;
    const grid::TerrainRule& here =
        rules.terrain.rule(map.letter(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y)));
    if (!here.passable) return false;
    if (!open_on_layer(map, rules, x + dx, y + dy, here.layer)) return false;
    if (rules.topology != grid::Topology::square) return shape_neighbour(rules.topology, x, y, dx, dy);
    if (dx != 0 && dy != 0) {
        if (rules.moves == search::Moves::four) return false;
        const bool side_a = open_on_layer(map, rules, x + dx, y, here.layer);
        const bool side_b = open_on_layer(map, rules, x, y + dy, here.layer);
        if (rules.diagonal == search::DiagonalRule::both_free && !(side_a && side_b)) return false;
        if (rules.diagonal == search::DiagonalRule::one_free && !(side_a || side_b)) return false;
    }
    return true;
}

std::vector<double> reference_costs_from(const io::MapFile& map, const ReferenceRules& rules, std::uint32_t x,
                                         std::uint32_t y) {
    const std::size_t cells = static_cast<std::size_t>(map.width) * map.height;
    std::vector<double> cost(cells, kUnreachable);
    using Item = std::pair<double, std::size_t>;
    std::priority_queue<Item, std::vector<Item>, std::greater<>> queue;
    const std::size_t source = static_cast<std::size_t>(y) * map.width + x;
    if (!rules.terrain.rule(map.letter(x, y)).passable) return cost;
    cost[source] = 0;
    queue.push({0.0, source});
    while (!queue.empty()) {
        auto [distance, cell] = queue.top();
        queue.pop();
        if (distance > cost[cell]) continue;
        const auto cx = static_cast<std::int64_t>(cell % map.width);
        const auto cy = static_cast<std::int64_t>(cell / map.width);
        for (int dy = -1; dy <= 1; ++dy) {
            for (int dx = -1; dx <= 1; ++dx) {
                if (!reference_step_allowed(map, rules, cx, cy, dx, dy)) continue;
                const std::int64_t nx = cx + dx;
                const std::int64_t ny = cy + dy;
                const double length =
                    (dx != 0 && dy != 0 && rules.topology == grid::Topology::square) ? std::sqrt(2.0) : 1.0;
                const double step =
                    length *
                    rules.terrain.rule(map.letter(static_cast<std::uint32_t>(nx), static_cast<std::uint32_t>(ny))).cost;
                const std::size_t next = static_cast<std::size_t>(ny) * map.width + static_cast<std::size_t>(nx);
                if (distance + step < cost[next]) {
                    cost[next] = distance + step;
                    queue.push({cost[next], next});
                }
            }
        }
    }
    return cost;
}

double reference_path_cost(const io::MapFile& map, const ReferenceRules& rules,
                           const std::vector<std::uint32_t>& cells) {
    double total = 0;
    for (std::size_t index = 1; index < cells.size(); ++index) {
        const auto ax = static_cast<std::int64_t>(cells[index - 1] % map.width);
        const auto ay = static_cast<std::int64_t>(cells[index - 1] / map.width);
        const auto bx = static_cast<std::int64_t>(cells[index] % map.width);
        const auto by = static_cast<std::int64_t>(cells[index] / map.width);
        const auto dx = static_cast<int>(bx - ax);
        const auto dy = static_cast<int>(by - ay);
        if (std::abs(dx) > 1 || std::abs(dy) > 1 || !reference_step_allowed(map, rules, ax, ay, dx, dy)) return -1;
        const double length = (dx != 0 && dy != 0 && rules.topology == grid::Topology::square) ? std::sqrt(2.0) : 1.0;
        total += length *
                 rules.terrain.rule(map.letter(static_cast<std::uint32_t>(bx), static_cast<std::uint32_t>(by))).cost;
    }
    return total;
}

}  // namespace swarmpath::testing
