// A map that changes between batches, with the data derived from it kept current for what each
// edit touched instead of rebuilt: the grid, its component labels for one movement model and
// diagonal rule, the JPS data (the scan lines of online jump point search and the JPS+ table, when
// asked for), and a cache of whole-map goal fields. apply_edits() patches the grid
// (Grid::with_edits), refreshes the components touching the changed cells (Components::refresh),
// the scan lines around them (JumpPointGrid::refresh) and the JPS+ entries they reach
// (JumpPointTable::refresh), and drops only the cached fields the changes can affect
// (GoalField::affected_by_change); a dropped field is computed again when next asked for. solver()
// is the Solver-ready view: a Solver over the current grid that reuses this data.
//
// Solvers and fields handed out share their data with the map. apply_edits() never changes data
// a Solver or field still holds: data shared with one is copied before it is refreshed, so a Solver
// made before the edits keeps answering on the map as it was (keep its grid: shared_grid()). Not
// thread-safe: call apply_edits(), field() and solver() between batches, from one thread.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string_view>

#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/edits.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/components.hpp"
#include "swarmpath/search/goal_field.hpp"
#include "swarmpath/search/solver.hpp"

namespace swarmpath::search {
class JumpPointGrid;   // internal: the JPS scan lines (engine/src/search/jump_point_grid.hpp)
class JumpPointTable;  // internal: the JPS+ table (engine/src/search/jump_point_table.hpp)
}  // namespace swarmpath::search

namespace swarmpath::batch {

struct EditReport {
    std::size_t cells_changed = 0;            ///< edits that changed a letter
    std::size_t cells_relabelled = 0;         ///< component labels rewritten
    std::size_t jump_cells_rewritten = 0;     ///< scan-line cells rewritten (JumpPointGrid)
    std::size_t jump_entries_recomputed = 0;  ///< JPS+ table entries recomputed
    std::size_t fields_kept = 0;
    std::size_t fields_dropped = 0;
};

/// Which JPS data an EditableMap keeps current (both depend on passability only).
struct JumpPointData {
    bool scan_lines = false;  ///< search::JumpPointGrid, for Algorithm::jps (and automatic)
    bool table = false;       ///< search::JumpPointTable, for Algorithm::jps_plus

    /// The data solvers of `algorithm` read: the scan lines for jps and automatic (which may choose
    /// it), the table for jps_plus, nothing for the others.
    static JumpPointData for_algorithm(search::Algorithm algorithm) {
        return {.scan_lines = algorithm == search::Algorithm::jps || algorithm == search::Algorithm::automatic,
                .table = algorithm == search::Algorithm::jps_plus};
    }
};

class EditableMap {
public:
    /// Labels components, and builds the JPS data asked for in `jump` (its table with `parallel`).
    EditableMap(grid::Grid grid, grid::TerrainTable terrain, search::Moves moves, search::DiagonalRule rule,
                JumpPointData jump = {}, const core::ParallelLoop& parallel = {});

    [[nodiscard]] const grid::Grid& grid() const { return *grid_; }
    /// The current grid, shared: a batch may keep solving on it while the next edits build a new one.
    [[nodiscard]] std::shared_ptr<const grid::Grid> shared_grid() const { return grid_; }
    [[nodiscard]] const search::Components& components() const { return *components_; }
    /// The scan lines and the JPS+ table, or null when not kept.
    [[nodiscard]] const search::JumpPointGrid* jump_grid() const { return jump_grid_.get(); }
    [[nodiscard]] const search::JumpPointTable* jump_table() const { return jump_table_.get(); }

    /// A Solver over the current grid for `settings`, reusing the components and JPS data kept here
    /// (data not kept is built as Solver::create builds it). `settings.moves` and
    /// `settings.diagonal` must be this map's, or the Error says so. The Solver refers to the grid
    /// of this moment: keep shared_grid() alive as long as the Solver.
    [[nodiscard]] Expected<search::Solver> solver(const search::SearchSettings& settings,
                                                  const core::ParallelLoop& parallel = {}) const;

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
    std::shared_ptr<search::Components> components_;
    std::shared_ptr<search::JumpPointGrid> jump_grid_;
    std::shared_ptr<search::JumpPointTable> jump_table_;
    search::FieldWorkspace workspace_;
    std::map<std::uint32_t, std::shared_ptr<const search::GoalField>> fields_;  ///< by goal CellIndex
};

}  // namespace swarmpath::batch
