// The reverse Dijkstra behind goal fields (see goal_field.hpp): an expansion policy of the
// best-first core (best_first/loop.hpp) over Dial's buckets (best_first/bucket_queue.hpp), with the
// core's cost models. Compiled once per movement model, diagonal rule and cost model (and once per
// hex or triangle shape, whose fields ignore the movement model); the runtime choice is made once per
// field, never per cell.
#include "swarmpath/search/goal_field.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "search/best_first/bucket_queue.hpp"
#include "search/best_first/cell_layout.hpp"
#include "search/best_first/cost_models.hpp"
#include "search/best_first/loop.hpp"
#include "search/best_first/path_rebuild.hpp"
#include "search/moves.hpp"

namespace swarmpath::search {
namespace {

static_assert(kNoDirection == best_first::kNoNextStep);

using FieldFunction = void (*)(const grid::Grid&, GoalField&, FieldWorkspace&, std::size_t, const StopConditions&);

/// The reverse search's expansion: settling a cell v relaxes its predecessors u (the cells from
/// which a legal step enters v), charging each the units of v's kind; u's direction is the step
/// u → v. `targets` > 0: stop once that many target cells are settled.
template <class Rule, class CostModel>
class FieldExpansion {
public:
    static constexpr bool admits_stale = true;
    static constexpr bool stamps_hold_slots = true;
    static constexpr bool works_on_copy = false;
    static constexpr bool inlines_packed_loop = false;

    FieldExpansion(const grid::Grid& grid, grid::Cost* cost, std::uint8_t* direction, grid::Bitset& settled,
                   std::vector<std::uint32_t>& touched, const grid::Bitset& target_bits, std::size_t targets)
        : cost_model_(grid),
          padded_width_(grid.padded_width()),
          offsets_(best_first::direction_offsets(best_first::layout_of(grid))),
          coordinates_(best_first::layout_of(grid)),
          cost_(cost),
          direction_(direction),
          settled_(&settled),
          touched_(&touched),
          target_bits_(&target_bits),
          remaining_(targets) {}

    /// False for a cell settled cheaper since this entry was pushed.
    [[gnu::always_inline]] bool admit(std::uint32_t cell) const { return !settled_->test(cell); }
    [[gnu::always_inline]] void close(std::uint32_t cell, grid::Cost g) {
        settled_->set(cell);
        last_settled_cost_ = g;
    }
    [[gnu::always_inline]] bool is_goal(std::uint32_t cell, grid::Cost /*g*/) {
        return remaining_ != 0 && target_bits_->test(cell) && --remaining_ == 0;
    }
    [[gnu::always_inline]] void visit(std::uint32_t /*cell*/, grid::Cost /*g*/) {}

    template <class Keys, class List>
    [[gnu::always_inline]] bool expand(std::uint32_t cell, grid::Cost g, List& open, Counters& counters,
                                       typename Keys::Entry& /*next*/) {
        // The pointers the expansion writes through, copied into its own frame: a store through the
        // byte-wide direction array could alias any member, which would then be reloaded after it.
        grid::Cost* const cost = cost_;
        std::uint8_t* const direction = direction_;
        const grid::Bitset* const settled = settled_;
        std::vector<std::uint32_t>* const touched = touched_;
        const grid::Cost straight = g + cost_model_.straight(cell);
        const grid::Cost diagonal = g + cost_model_.diagonal(cell);
        unsigned moves = Rule::table[cost_model_.neighbourhood(cell, padded_width_)];
        if constexpr (Rule::topology != grid::Topology::square) {
            // A shape's neighbourhood is symmetric, so the predecessors of a cell are its neighbours.
            std::uint32_t x = 0;
            std::uint32_t y = 0;
            coordinates_.of(cell, x, y);
            moves &= Rule::directions(x, y);
        }
        while (moves != 0) {
            const int step = __builtin_ctz(moves);
            moves &= moves - 1;
            const auto predecessor =
                static_cast<std::uint32_t>(static_cast<std::int32_t>(cell) + offsets_[static_cast<std::size_t>(step)]);
            if (settled->test(predecessor)) continue;
            ++counters.generated;
            const grid::Cost candidate = is_diagonal(step) ? diagonal : straight;
            if (candidate < cost[predecessor]) {
                if (cost[predecessor] == ~grid::Cost{0}) touched->push_back(predecessor);
                cost[predecessor] = candidate;
                direction[predecessor] = opposite(step);
                open.push(candidate, predecessor);
                ++counters.heap_pushes;
            }
        }
        return false;
    }

    /// Every cell cheaper than the last settled cell's bucket is settled (Dial's order).
    [[nodiscard]] grid::Cost radius() const { return last_settled_cost_ / grid::kStraightUnits * grid::kStraightUnits; }

private:
    CostModel cost_model_;
    std::uint32_t padded_width_;
    std::array<std::int32_t, kDirectionCount> offsets_;
    best_first::FastCoordinates coordinates_;  ///< a shaped rule's cell parity
    grid::Cost* cost_;
    std::uint8_t* direction_;
    grid::Bitset* settled_;
    std::vector<std::uint32_t>* touched_;
    const grid::Bitset* target_bits_;
    std::size_t remaining_;
    grid::Cost last_settled_cost_ = 0;
};

}  // namespace

template <class Rule, class CostModel>
void run_field(const grid::Grid& grid, GoalField& field, FieldWorkspace& workspace, std::size_t targets,
               const StopConditions& stop) {
    const std::uint32_t goal = grid.padded(field.goal_x_, field.goal_y_).value;
    field.cost_[goal] = 0;
    field.touched_.push_back(goal);
    FieldExpansion<Rule, CostModel> expansion(grid, field.cost_.data(), field.direction_.data(), field.settled_,
                                              field.touched_, workspace.target_bits, targets);
    best_first::BucketQueue open(workspace.buckets, best_first::dearest_step(grid), field.cost_.data());
    open.push_first(goal);  // pushed, not held: see BucketKeys
    best_first::LoopState loop;
    loop.counters.heap_pushes = 1;
    loop.expansion_limit = stop.first_limit();
    best_first::best_first_loop<best_first::BucketKeys>(expansion, open, nullptr, stop, loop, ~grid::Cost{0});
    field.radius_ = expansion.radius();
    if (loop.limited) field.stopped_ = loop.stop_status;
    field.complete_ = !loop.reached && !loop.limited;
    loop.counters.heap_pops += loop.counters.expanded;  // the stale pops, plus one per settled cell
    field.counters_ = loop.counters;
}

namespace {

template <class Rule>
FieldFunction pick_cost_model(bool uniform) {
    return uniform ? &run_field<Rule, best_first::UniformCost> : &run_field<Rule, best_first::TerrainCost>;
}

FieldFunction pick_field(const grid::Grid& grid, Moves moves, DiagonalRule rule) {
    const bool uniform = grid.uniform_cost();
    if (grid.topology() != grid::Topology::square) {
        // Hex and triangle: the shape's neighbours, every step straight; moves and rule do not apply.
        return with_shaped_rule(grid.topology(), [uniform]<class Rule>() -> FieldFunction {
            return uniform ? &run_field<Rule, best_first::ShapedUniformCost>
                           : &run_field<Rule, best_first::ShapedTerrainCost>;
        });
    }
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
    pick_field(grid, moves, rule)(grid, field, workspace, target_count, field_stop);
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
    best_first::follow_directions(grid::PaddedLayout(width_, height_), direction_.data(), start_x, start_y, result);
    return true;
}

bool GoalField::affected_by_change(std::uint32_t x, std::uint32_t y) const {
    if (x >= width_ || y >= height_) return false;  // off the map: no cell of the field can change
    const std::uint32_t centre = padded(x, y);
    const std::uint32_t padded_width = grid::PaddedLayout(width_, height_).padded_width();
    for (std::uint32_t row : {centre - padded_width, centre, centre + padded_width}) {
        if (settled_.test(row - 1) || settled_.test(row) || settled_.test(row + 1)) return true;
    }
    return false;
}

}  // namespace swarmpath::search
