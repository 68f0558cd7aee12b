// The reverse Dijkstra behind goal fields (see goal_field.hpp). Compiled once per movement model,
// diagonal rule and cost model (uniform: bits only; terrain: the kind byte of the settled cell);
// the runtime choice is made once per field, never per cell.
#include "swarmpath/search/goal_field.hpp"

#include <algorithm>

#include "swarmpath/search/moves.hpp"

namespace swarmpath::search {
namespace {

/// Uniform cost: one layer and one cost; a step into any cell costs the base units.
struct UniformFieldCost {
    const grid::Bitset* bits;
    explicit UniformFieldCost(const grid::Grid& grid) : bits(&grid.layer_bits(1)) {}
    [[nodiscard]] unsigned neighbourhood(std::uint32_t cell, std::uint32_t padded_width) const {
        return read_neighbourhood(*bits, cell, padded_width);
    }
    [[nodiscard]] static grid::Cost straight(std::uint32_t /*cell*/) { return grid::kStraightUnits; }
    [[nodiscard]] static grid::Cost diagonal(std::uint32_t /*cell*/) { return grid::kDiagonalUnits; }
};

/// Terrain cost: neighbours on the settled cell's own layer; entering it costs its kind's units.
struct TerrainFieldCost {
    const grid::Grid* grid;
    const std::uint8_t* kind_of;
    const grid::TerrainKind* kinds;
    explicit TerrainFieldCost(const grid::Grid& source)
        : grid(&source), kind_of(source.kind_of()), kinds(source.kinds().data()) {}
    [[nodiscard]] unsigned neighbourhood(std::uint32_t cell, std::uint32_t padded_width) const {
        return read_neighbourhood(grid->layer_bits(kinds[kind_of[cell]].layer), cell, padded_width);
    }
    [[nodiscard]] grid::Cost straight(std::uint32_t cell) const { return kinds[kind_of[cell]].straight_units; }
    [[nodiscard]] grid::Cost diagonal(std::uint32_t cell) const { return kinds[kind_of[cell]].diagonal_units; }
};

/// The direction that undoes `direction` (N↔S, E↔W, NE↔SW, SE↔NW).
constexpr std::uint8_t opposite(int direction) {
    return static_cast<std::uint8_t>(direction < 4 ? (direction + 2) & 3 : 4 + ((direction - 2) & 3));
}
static_assert(opposite(0) == 2 && opposite(1) == 3 && opposite(4) == 6 && opposite(5) == 7 && opposite(7) == 5);

using FieldFunction = void (*)(const grid::Grid&, GoalField&, FieldWorkspace&, std::size_t, const StopConditions&);

}  // namespace

template <class Rule, class CostModel>
void run_field(const grid::Grid& grid, GoalField& field, FieldWorkspace& workspace, std::size_t targets,
               const StopConditions& stop) {
    const CostModel cost_model(grid);
    const std::uint32_t padded_width = grid.padded_width();
    const auto width_step = static_cast<std::int32_t>(padded_width);
    const std::int32_t offsets[8] = {-width_step, 1, width_step, -1, 1 - width_step,
                                     1 + width_step, width_step - 1, -1 - width_step};
    grid::Cost* cost = field.cost_.data();
    std::uint8_t* direction = field.direction_.data();
    grid::Bitset& settled = field.settled_;
    const grid::Bitset& target_bits = workspace.target_bits;
    const bool stop_early = targets != 0;
    std::size_t remaining = targets;
    Counters counters;

    // Dial's buckets of width kStraightUnits. Every step costs at least that much (the cheapest kind's
    // straight step is exactly kStraightUnits), so settling a cell of bucket k only ever pushes cells
    // into later buckets: a bucket's cells are final once the earlier buckets are done and may be
    // settled in any fixed order (insertion order: deterministic). Costs stay exact integers; the
    // buckets only order the work. A ring of buckets spans the dearest step.
    grid::Cost dearest = grid::kDiagonalUnits;
    for (std::size_t kind = 1; kind < grid.kinds().size(); ++kind) {
        dearest = std::max(dearest, grid.kinds()[kind].diagonal_units);
    }
    const std::size_t ring = static_cast<std::size_t>(dearest / grid::kStraightUnits) + 2;
    std::vector<std::vector<std::uint32_t>>& buckets = workspace.buckets;
    if (buckets.size() < ring) buckets.resize(ring);
    for (std::size_t index = 0; index < ring; ++index) buckets[index].clear();

    const std::uint32_t goal = grid.padded(field.goal_x_, field.goal_y_).value;
    cost[goal] = 0;
    field.touched_.push_back(goal);
    buckets[0].push_back(goal);
    std::size_t pending = 1;
    ++counters.heap_pushes;
    bool stopped = false;
    // Settled-cell count of the next checkpoint (none without a deadline or a cancel token).
    std::uint64_t expansion_limit = stop.first_limit();
    for (grid::Cost bucket = 0; pending != 0 && !stopped; ++bucket) {
        std::vector<std::uint32_t>& cells = buckets[bucket % ring];
        for (std::size_t position = 0; position < cells.size(); ++position) {
            const std::uint32_t cell = cells[position];
            --pending;
            ++counters.heap_pops;
            if (settled.test(cell)) continue;  // a stale entry: the cell was settled cheaper
            settled.set(cell);
            ++counters.expanded;
            field.radius_ = bucket * grid::kStraightUnits;
            if (counters.expanded >= expansion_limit) {
                const Checkpoint next = stop.checkpoint(counters.expanded);
                if (next.stop) {
                    field.stopped_ = next.status;
                    stopped = true;
                    break;
                }
                expansion_limit = next.limit;
            }
            if (stop_early && target_bits.test(cell) && --remaining == 0) {
                stopped = true;
                break;
            }
            const grid::Cost straight = cost[cell] + cost_model.straight(cell);
            const grid::Cost diagonal = cost[cell] + cost_model.diagonal(cell);
            unsigned moves = Rule::table[cost_model.neighbourhood(cell, padded_width)];
            while (moves != 0) {
                const int step = __builtin_ctz(moves);
                moves &= moves - 1;
                const auto predecessor = static_cast<std::uint32_t>(static_cast<std::int32_t>(cell) + offsets[step]);
                if (settled.test(predecessor)) continue;
                ++counters.generated;
                const grid::Cost candidate = is_diagonal(step) ? diagonal : straight;
                if (candidate < cost[predecessor]) {
                    if (cost[predecessor] == ~grid::Cost{0}) field.touched_.push_back(predecessor);
                    cost[predecessor] = candidate;
                    direction[predecessor] = opposite(step);
                    buckets[static_cast<std::size_t>(candidate / grid::kStraightUnits) % ring].push_back(predecessor);
                    ++pending;
                    ++counters.heap_pushes;
                }
            }
        }
        cells.clear();
    }
    for (std::size_t index = 0; index < ring; ++index) buckets[index].clear();
    field.complete_ = !stopped;
    if (field.stopped_ != QueryStatus::found) field.complete_ = false;
    field.counters_ = counters;
}

namespace {

template <class Rule>
FieldFunction pick_cost_model(bool uniform) {
    return uniform ? &run_field<Rule, UniformFieldCost> : &run_field<Rule, TerrainFieldCost>;
}

FieldFunction pick_field(Moves moves, DiagonalRule rule, bool uniform) {
    return with_move_rule(moves, rule, [uniform]<class Rule>() { return pick_cost_model<Rule>(uniform); });
}

}  // namespace

GoalField GoalField::compute(const grid::Grid& grid, Moves moves, DiagonalRule rule, std::uint32_t goal_x,
                             std::uint32_t goal_y, std::span<const grid::CellIndex> targets, bool whole_map,
                             FieldWorkspace& workspace, const StopConditions& stop) {
    GoalField field;
    field.recompute(grid, moves, rule, goal_x, goal_y, targets, whole_map, workspace, stop);
    field.touched_ = {};  // a standalone field keeps no reuse list
    field.reusable_ = false;
    return field;
}

void GoalField::recompute(const grid::Grid& grid, Moves moves, DiagonalRule rule, std::uint32_t goal_x,
                          std::uint32_t goal_y, std::span<const grid::CellIndex> targets, bool whole_map,
                          FieldWorkspace& workspace, const StopConditions& stop) {
    GoalField& field = *this;
    const std::uint32_t cells = grid.padded_cell_count();
    if (!field.reusable_ || field.cost_.size() != cells) {
        field.cost_.assign(cells, ~grid::Cost{0});
        field.direction_.assign(cells, kNoDirection);
        field.settled_ = grid::Bitset(cells);
    } else {
        for (std::uint32_t cell : field.touched_) {
            field.cost_[cell] = ~grid::Cost{0};
            field.direction_[cell] = kNoDirection;
            field.settled_.reset(cell);
        }
    }
    field.touched_.clear();
    field.reusable_ = true;
    field.width_ = grid.width();
    field.height_ = grid.height();
    field.goal_x_ = goal_x;
    field.goal_y_ = goal_y;
    field.moves_ = moves;
    field.diagonal_ = rule;
    field.complete_ = false;
    field.stopped_ = QueryStatus::found;
    field.radius_ = 0;
    field.counters_ = {};
    if (!grid.contains(goal_x, goal_y) || !grid.passable(goal_x, goal_y)) {
        field.complete_ = true;
        return;
    }
    const grid::PaddedIndex goal = grid.padded(goal_x, goal_y);
    const std::uint8_t goal_layer = grid.layer(goal);

    // Mark the distinct targets on the goal's layer; the others can never be settled.
    std::size_t target_count = 0;
    if (!whole_map && !targets.empty()) {
        if (workspace.target_bits.size() < cells) workspace.target_bits = grid::Bitset(cells);
        workspace.targets.clear();
        for (grid::CellIndex target : targets) {
            if (target.value >= grid.cell_count()) continue;  // off the map: never settled
            const grid::PaddedIndex padded = grid.padded(target);
            if (!grid.passable(padded) || grid.layer(padded) != goal_layer) continue;
            if (workspace.target_bits.test(padded.value)) continue;
            workspace.target_bits.set(padded.value);
            workspace.targets.push_back(padded.value);
        }
        target_count = workspace.targets.size();
        if (target_count == 0) target_count = 1;  // only the goal itself: settle it and stop
        if (workspace.targets.empty()) {
            workspace.target_bits.set(goal.value);
            workspace.targets.push_back(goal.value);
        }
    }
    StopConditions field_stop = stop;
    field_stop.max_expansions = 0;  // a field is not limited by expansions
    pick_field(moves, rule, grid.uniform_cost())(grid, field, workspace, target_count, field_stop);
    for (std::uint32_t target : workspace.targets) workspace.target_bits.reset(target);
    workspace.targets.clear();
}

bool GoalField::read_path(const grid::Grid& grid, std::uint32_t start_x, std::uint32_t start_y, bool record_path,
                          Result& result) const {
    // Entry checks: a field is read only on the grid size it was computed for, from a start on it.
    if (grid.width() != width_ || grid.height() != height_) return false;
    if (start_x >= width_ || start_y >= height_) {
        result.status = QueryStatus::invalid;
        result.cost_units = 0;
        result.cost = 0;
        result.path.clear();
        return true;
    }
    std::uint32_t cell = padded(start_x, start_y);
    if (!settled_.test(cell)) {
        if (!complete_) return false;
        result.status = QueryStatus::no_path;
        result.cost_units = 0;
        result.cost = 0;
        result.path.clear();
        return true;
    }
    result.status = QueryStatus::found;
    result.cost_units = cost_[cell];
    result.cost = grid.to_real_cost(cost_[cell]);
    result.path.clear();
    if (!record_path) return true;
    const auto padded_width = static_cast<std::int64_t>(width_ + 2);
    std::uint32_t x = start_x;
    std::uint32_t y = start_y;
    for (;;) {
        result.path.push_back(grid::CellIndex{y * width_ + x});
        const std::uint8_t step = direction_[cell];
        if (step == kNoDirection) break;
        x = static_cast<std::uint32_t>(static_cast<std::int64_t>(x) + kDirectionX[step]);
        y = static_cast<std::uint32_t>(static_cast<std::int64_t>(y) + kDirectionY[step]);
        cell = static_cast<std::uint32_t>(static_cast<std::int64_t>(cell) + kDirectionY[step] * padded_width +
                                          kDirectionX[step]);
    }
    return true;
}

bool GoalField::affected_by_change(std::uint32_t x, std::uint32_t y) const {
    if (x >= width_ || y >= height_) return false;  // off the map: no cell of the field can change
    const std::uint32_t centre = padded(x, y);
    const std::uint32_t padded_width = width_ + 2;
    for (std::uint32_t row : {centre - padded_width, centre, centre + padded_width}) {
        if (settled_.test(row - 1) || settled_.test(row) || settled_.test(row + 1)) return true;
    }
    return false;
}

}  // namespace swarmpath::search
