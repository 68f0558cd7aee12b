// Edits between batches with incremental refresh of the derived data (editable_map.hpp). Data still
// shared with a Solver or a caller (use_count above one) is copied before it is refreshed.
#include "swarmpath/batch/editable_map.hpp"

#include "search/jump_point_grid.hpp"
#include "search/jump_point_table.hpp"

#include <vector>

namespace swarmpath::batch {
namespace {

/// The data behind `shared`, owned by the map alone: a copy when someone else still holds it.
template <class Data>
Data& sole_owner(std::shared_ptr<Data>& shared) {
    if (shared.use_count() > 1) shared = std::make_shared<Data>(*shared);
    return *shared;
}

}  // namespace

EditableMap::EditableMap(grid::Grid grid, grid::TerrainTable terrain, search::Moves moves, search::DiagonalRule rule,
                         JumpPointData jump, const core::ParallelLoop& parallel)
    : grid_(std::make_shared<const grid::Grid>(std::move(grid))),
      terrain_(terrain),
      moves_(moves),
      rule_(rule),
      components_(std::make_shared<search::Components>(search::Components::compute(*grid_, moves, rule))) {
    if (jump.scan_lines) jump_grid_ = std::make_shared<search::JumpPointGrid>(*grid_);
    if (jump.table)
        jump_table_ = std::make_shared<search::JumpPointTable>(search::JumpPointTable::build(*grid_, parallel));
}

Expected<search::Solver> EditableMap::solver(const search::SearchSettings& settings,
                                             const core::ParallelLoop& parallel) const {
    if (settings.moves != moves_ || settings.diagonal != rule_) {
        return Error{"", 0, 0, "the settings' movement model or diagonal rule is not the editable map's"};
    }
    return search::Solver::create(
        *grid_, settings,
        {.parallel = parallel, .components = components_, .jump_grid = jump_grid_, .jump_table = jump_table_});
}

std::shared_ptr<const search::GoalField> EditableMap::field(std::uint32_t goal_x, std::uint32_t goal_y) {
    const std::uint32_t key = grid_->cell(goal_x, goal_y).value;
    auto found = fields_.find(key);
    if (found != fields_.end()) return found->second;
    auto computed = std::make_shared<const search::GoalField>(
        search::GoalField::compute(*grid_, moves_, rule_, goal_x, goal_y, {}, true, workspace_));
    fields_.emplace(key, computed);
    return computed;
}

Expected<EditReport> EditableMap::apply_edits(std::span<const grid::CellEdit> edits, std::string_view origin) {
    EditReport report;
    Expected<grid::Grid> edited = grid_->with_edits(edits, terrain_, origin);
    if (!edited) return edited.error();
    std::vector<grid::CellIndex> changed;
    for (const grid::CellEdit& edit : edits) {
        if (grid_->letter(edit.x, edit.y) != edited->letter(edit.x, edit.y))
            changed.push_back(grid_->cell(edit.x, edit.y));
    }
    report.cells_changed = changed.size();
    auto next = std::make_shared<const grid::Grid>(std::move(*edited));
    if (!changed.empty()) {
        report.cells_relabelled = sole_owner(components_).refresh(*next, moves_, rule_, changed);
        if (jump_grid_) report.jump_cells_rewritten = sole_owner(jump_grid_).refresh(*next, changed);
        if (jump_table_) report.jump_entries_recomputed = sole_owner(jump_table_).refresh(*grid_, *next, changed);
    }
    // A rebuild that changed the terrain kinds may have changed the fixed-point unit: drop every field.
    const bool rescaled = next->unit_cost() != grid_->unit_cost() || next->kinds().size() != grid_->kinds().size();
    for (auto field = fields_.begin(); field != fields_.end();) {
        bool affected = rescaled;
        for (grid::CellIndex cell : changed) {
            affected =
                affected || field->second->affected_by_change(cell.value % next->width(), cell.value / next->width());
        }
        if (affected) {
            field = fields_.erase(field);
            ++report.fields_dropped;
        } else {
            ++field;
            ++report.fields_kept;
        }
    }
    grid_ = std::move(next);
    return report;
}

}  // namespace swarmpath::batch
