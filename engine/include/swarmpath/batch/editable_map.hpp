// A map that changes between batches, with the data derived from it kept current: the grid, its
// component labels for one movement model and diagonal rule, and a cache of whole-map goal fields.
// apply_edits() patches the grid (Grid::with_edits), refreshes only the components touching the
// changed cells (Components::refresh) and drops only the cached fields the changes can affect
// (GoalField::affected_by_change); everything else is kept. Not thread-safe: call apply_edits() and
// field() between batches, never while a batch reads grid() or a field.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string_view>

#include "swarmpath/batch/scenario_run.hpp"
#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/edits.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/components.hpp"
#include "swarmpath/search/goal_field.hpp"

namespace swarmpath::batch {

struct EditReport {
    std::size_t cells_changed = 0;     ///< edits that changed a letter
    std::size_t cells_relabelled = 0;  ///< component labels rewritten
    std::size_t fields_kept = 0;
    std::size_t fields_dropped = 0;
};

class EditableMap {
public:
    EditableMap(grid::Grid grid, grid::TerrainTable terrain, search::Moves moves, search::DiagonalRule rule);

    [[nodiscard]] const grid::Grid& grid() const { return *grid_; }
    /// The current grid, shared: a batch may keep solving on it while the next edits build a new one.
    [[nodiscard]] std::shared_ptr<const grid::Grid> shared_grid() const { return grid_; }
    [[nodiscard]] const search::Components& components() const { return components_; }

    /// The whole-map field of a passable goal: cached, computed on first request.
    std::shared_ptr<const search::GoalField> field(std::uint32_t goal_x, std::uint32_t goal_y);
    [[nodiscard]] std::size_t cached_fields() const { return fields_.size(); }

    /// Applies `edits` in order. On an error (a cell off the map, an unknown letter) nothing changes.
    Expected<EditReport> apply_edits(std::span<const grid::CellEdit> edits, std::string_view origin = "edits");

private:
    std::shared_ptr<const grid::Grid> grid_;
    grid::TerrainTable terrain_;
    search::Moves moves_;
    search::DiagonalRule rule_;
    search::Components components_;
    search::FieldWorkspace workspace_;
    std::map<std::uint32_t, std::shared_ptr<const search::GoalField>> fields_;  ///< by goal CellIndex
};

}  // namespace swarmpath::batch
