// Positions, region and shortest lengths from the movement rules alone (see reference_lengths.hpp):
// blocks checked cell by cell, plain Dijkstra and A* in doubles over std::priority_queue, no engine
// search code.
#include "reference_lengths.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <utility>

namespace swarmpath::cli::reference {
namespace {

constexpr double kUnreached = std::numeric_limits<double>::infinity();

using QueueItem = std::pair<double, std::uint32_t>;  // (cost, cell), smallest first
using MinimumQueue = std::priority_queue<QueueItem, std::vector<QueueItem>, std::greater<>>;

}  // namespace

LetterRules benchmark_rules() {
    LetterRules rules{};
    for (char letter : {'.', 'G', 'S'}) rules[static_cast<unsigned char>(letter)].layer = 1;
    rules[static_cast<unsigned char>('W')].layer = 2;
    return rules;
}

ReferenceMap::ReferenceMap(std::string_view letters, std::uint32_t width, std::uint32_t height, grid::Topology topology,
                           const LetterRules& rules, std::uint32_t size)
    : width_(width),
      height_(height),
      topology_(topology),
      rules_(rules),
      layers_(letters.size()),
      dearest_(letters.size()) {
    bool any_passable = false;
    for (const LetterRule& rule : rules_) {
        if (rule.layer == 0) continue;
        cheapest_cost_ = any_passable ? std::min(cheapest_cost_, rule.cost) : rule.cost;
        any_passable = true;
    }
    // From the definition in two passes, so that a position costs 2k looks, not k²: first each
    // cell's run of k cells to its right (open when all are passable on one layer, with the dearest
    // letter among them), then each position's k runs downwards (open when all are open on one layer).
    std::vector<std::uint8_t> run_layer(letters.size(), 0);
    std::vector<std::uint8_t> run_dearest(letters.size(), 0);
    auto dearer = [&](std::uint8_t left, std::uint8_t right) {
        return rules_[right].cost > rules_[left].cost ? right : left;
    };
    for (std::size_t row = 0; row < height; ++row) {
        for (std::size_t column = 0; column + size <= width; ++column) {
            const std::size_t cell = row * width + column;
            const auto first = static_cast<std::uint8_t>(letters[cell]);
            std::uint8_t layer = rules_[first].layer;
            std::uint8_t dearest = first;
            for (std::size_t across = 1; across < size; ++across) {
                const auto letter = static_cast<std::uint8_t>(letters[cell + across]);
                if (rules_[letter].layer != layer) layer = 0;
                dearest = dearer(dearest, letter);
            }
            run_layer[cell] = layer;
            run_dearest[cell] = dearest;
        }
    }
    for (std::size_t row = 0; row + size <= height; ++row) {
        for (std::size_t column = 0; column < width; ++column) {
            const std::size_t cell = row * width + column;
            std::uint8_t layer = run_layer[cell];
            std::uint8_t dearest = run_dearest[cell];
            for (std::size_t down = 1; down < size; ++down) {
                if (run_layer[cell + down * width] != layer) layer = 0;
                dearest = dearer(dearest, run_dearest[cell + down * width]);
            }
            layers_[cell] = layer;
            dearest_[cell] = dearest;
        }
    }
}

std::vector<std::uint32_t> largest_region(const ReferenceMap& map) {
    const std::int64_t width = map.width();
    const std::int64_t height = map.height();
    std::vector<std::uint32_t> region_of(map.cell_count(), 0);
    std::vector<std::uint32_t> best;
    std::vector<std::uint32_t> cells;
    std::uint32_t regions = 0;
    for (std::uint32_t seed = 0; seed < map.cell_count(); ++seed) {
        const int layer = map.layer(seed);
        if (layer == 0 || region_of[seed] != 0) continue;
        region_of[seed] = ++regions;
        cells.assign(1, seed);
        for (std::size_t head = 0; head < cells.size(); ++head) {
            auto reach = [&](std::uint32_t next) {
                if (region_of[next] != 0 || map.layer(next) != layer) return;
                region_of[next] = regions;
                cells.push_back(next);
            };
            if (map.topology() != grid::Topology::square) {
                for_each_shaped_neighbour(map.topology(), map.width(), map.height(), cells[head], reach);
                continue;
            }
            const std::int64_t x = cells[head] % width;
            const std::int64_t y = cells[head] / width;
            const std::int64_t steps[4][2] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
            for (const auto& step : steps) {
                const std::int64_t next_x = x + step[0];
                const std::int64_t next_y = y + step[1];
                if (next_x < 0 || next_y < 0 || next_x >= width || next_y >= height) continue;
                reach(static_cast<std::uint32_t>(next_y * width + next_x));
            }
        }
        if (cells.size() > best.size()) best = cells;
    }
    return best;
}

ReferenceSearch::ReferenceSearch(const ReferenceMap& map) : map_(map), cost_(map.cell_count(), kUnreached) {}

void ReferenceSearch::reset() {
    for (std::uint32_t cell : touched_) cost_[cell] = kUnreached;
    touched_.clear();
}

double ReferenceSearch::shortest_length(std::uint32_t start, std::uint32_t goal) {
    return map_.topology() == grid::Topology::square ? octile_search(start, goal) : search_from_goal(goal, start);
}

const std::vector<double>& ReferenceSearch::lengths_to(std::uint32_t goal) {
    search_from_goal(goal, static_cast<std::uint32_t>(map_.cell_count()));
    return cost_;
}

/// Dijkstra from `goal`, stopping when `stop` is settled (never, when `stop` is not a cell); returns
/// the length of `stop`, or -1 when it was not reached.
double ReferenceSearch::search_from_goal(std::uint32_t goal, std::uint32_t stop) {
    reset();
    MinimumQueue queue;
    cost_[goal] = 0;
    touched_.push_back(goal);
    queue.push({0.0, goal});
    while (!queue.empty()) {
        const double settled = queue.top().first;
        const std::uint32_t cell = queue.top().second;
        queue.pop();
        if (settled > cost_[cell]) continue;  // a stale entry
        if (cell == stop) return settled;
        const double leaving = map_.entry_cost(cell);  // a forward step into `cell` pays it
        map_.for_each_step(cell, [&](std::uint32_t next, double step) {
            const double through = settled + step * leaving;
            if (through >= cost_[next]) return;
            if (cost_[next] == kUnreached) touched_.push_back(next);
            cost_[next] = through;
            queue.push({through, next});
        });
    }
    return -1;
}

/// A* from `start` to `goal` on a square map, estimating with the octile distance.
double ReferenceSearch::octile_search(std::uint32_t start, std::uint32_t goal) {
    reset();
    const std::uint32_t width = map_.width();
    const auto goal_x = static_cast<double>(goal % width);
    const auto goal_y = static_cast<double>(goal / width);
    const double cheapest = map_.cheapest_cost();
    auto estimate = [&](std::uint32_t cell) {
        const double dx = std::abs(static_cast<double>(cell % width) - goal_x);
        const double dy = std::abs(static_cast<double>(cell / width) - goal_y);
        return (std::max(dx, dy) + (kRootTwo - 1.0) * std::min(dx, dy)) * cheapest;
    };
    MinimumQueue queue;  // ordered by estimated total, cost so far plus estimate
    cost_[start] = 0;
    touched_.push_back(start);
    queue.push({estimate(start), start});
    while (!queue.empty()) {
        const double total = queue.top().first;
        const std::uint32_t cell = queue.top().second;
        queue.pop();
        const double so_far = cost_[cell];
        if (total > so_far + estimate(cell) + 1e-9) continue;  // a stale entry
        if (cell == goal) return so_far;
        map_.for_each_step(cell, [&](std::uint32_t next, double step) {
            const double through = so_far + step * map_.entry_cost(next);
            if (through >= cost_[next]) return;
            if (cost_[next] == kUnreached) touched_.push_back(next);
            cost_[next] = through;
            queue.push({through + estimate(next), next});
        });
    }
    return -1;
}

}  // namespace swarmpath::cli::reference
