// Edits between batches with incremental refresh of components and cached fields (editable_map.hpp).
#include "swarmpath/batch/editable_map.hpp"

#include <vector>

namespace swarmpath::batch {

EditableMap::EditableMap(grid::Grid grid, grid::TerrainTable terrain, search::Moves moves, search::DiagonalRule rule)
    : grid_(std::make_shared<const grid::Grid>(std::move(grid))),
      terrain_(terrain),
      moves_(moves),
      rule_(rule),
      components_(search::Components::compute(*grid_, moves, rule)) {}

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
        if (grid_->letter(edit.x, edit.y) != edited->letter(edit.x, edit.y)) changed.push_back(grid_->cell(edit.x, edit.y));
    }
    report.cells_changed = changed.size();
    auto next = std::make_shared<const grid::Grid>(std::move(*edited));
    report.cells_relabelled = components_.refresh(*next, moves_, rule_, changed);
    // A rebuild that changed the terrain kinds may have changed the fixed-point unit: drop every field.
    const bool rescaled = next->unit_cost() != grid_->unit_cost() || next->kinds().size() != grid_->kinds().size();
    for (auto field = fields_.begin(); field != fields_.end();) {
        bool affected = rescaled;
        for (grid::CellIndex cell : changed) {
            affected = affected || field->second->affected_by_change(cell.value % next->width(), cell.value / next->width());
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
