// Scenario files as batch jobs: loading (maps resolved beside each scenario file, each map parsed
// and compiled once while the files that use it are loaded: see MapCache), solving each set on a
// BatchSolver with timings, and checking costs against the files' optimal lengths. A scenario file
// is read row by row (io::for_each_scenario_row) into compact per-row facts, so a loaded set costs
// about 52 bytes a row. Shared by the command line and the tests. The set and outcome types are in
// scenario_set.hpp, below both this file and the crowd solver that solve_set hands field work to.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/prepared_maps.hpp"
#include "swarmpath/batch/scenario_set.hpp"
#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/agent_grid.hpp"
#include "swarmpath/grid/edits.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/input_log.hpp"
#include "swarmpath/io/movement_classes_file.hpp"
#include "swarmpath/io/scenario_file.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::batch {

struct LoadOptions {
    std::string map_override;  ///< when set, every scenario row uses this map
    grid::TerrainTable terrain = grid::TerrainTable::benchmark();
    /// Applied to every map as it is loaded (solve --edits); `edits_origin` names them in errors.
    std::vector<grid::CellEdit> edits;
    std::string edits_origin;
    /// When set, every scenario file and map read is recorded here with the digest of the bytes
    /// used; a file whose bytes differ from an earlier read in the run fails the load (input_log.hpp).
    io::InputLog* inputs = nullptr;
    /// The agents' size and class for rows that name none (a row's size of 1 counts as none).
    std::uint32_t agent_size = 1;
    std::string agent_class;
    /// The declared movement classes; none: the one class is `terrain`, named by the empty name.
    io::MovementClasses classes;
};

/// The terrain table of movement class `name`: the first declared class for an empty name, `terrain`
/// when no class is declared and the name is empty; otherwise an Error about {{agent_class}} that
/// lists the declared names.
Expected<grid::TerrainTable> class_terrain(const io::MovementClasses& classes, const std::string& name,
                                           const grid::TerrainTable& terrain);

/// The maps of a run, each parsed and compiled once and kept until release() (or the cache's end).
class MapCache {
public:
    /// The grid of the map at `path`, loading it (with the options' terrain and edits) if needed.
    Expected<std::shared_ptr<const grid::Grid>> get(const std::string& path, const LoadOptions& options);
    /// The grid agents of `size` and class `class_name` (class_terrain) search on the map at `path`:
    /// the map's own grid for size 1 and the run's terrain, else derived once (grid/agent_grid.hpp).
    Expected<std::shared_ptr<const grid::Grid>> get(const std::string& path, const LoadOptions& options,
                                                    std::uint32_t size, const std::string& class_name);
    /// Drops the cache's hold on a map; sets that still hold its grid keep it alive.
    void release(const std::string& path);

private:
    std::vector<std::pair<std::string, grid::AgentGrids>> grids_;
};

/// The map paths a scenario file's rows use, in order of first use, found by a streaming pass that
/// also checks the whole file (the first problem comes back naming file and line).
Expected<std::vector<std::string>> scenario_map_paths(const std::string& scenario_path, const LoadOptions& options);

/// Loads one scenario file's sets, taking maps from `maps`: one set per map, agent size and movement
/// class (a row's own, else the options'), in order of first use. Fails on the first error (naming
/// file and line), including a row whose map size differs from its map's, a map that cannot be read
/// (named at the row that names it), and an agent size or class the map refuses.
Expected<std::vector<ScenarioSet>> load_scenario_file(const std::string& scenario_path, const LoadOptions& options,
                                                      MapCache& maps);

/// Loads scenario files and their maps, all at once.
Expected<std::vector<ScenarioSet>> load_scenario_sets(const std::vector<std::string>& scenario_paths,
                                                      const LoadOptions& options);

/// Solves one set with `settings` (a part of a set as its whole set plans it: ScenarioSet::whole_queries).
/// Fails only when the settings do not suit the set's grid, or a part's positions do not place it in its whole.
Expected<SetOutcome> solve_set(const ScenarioSet& set, const search::SearchSettings& settings, BatchSolver& workers,
                               ProgressCallback progress = nullptr, void* progress_user = nullptr);
/// The same, taking the map's preparation from `prepared` (made and kept there for the next set
/// on the same grid and settings when absent).
Expected<SetOutcome> solve_set(const ScenarioSet& set, const search::SearchSettings& settings, BatchSolver& workers,
                               PreparedMaps& prepared, ProgressCallback progress = nullptr,
                               void* progress_user = nullptr);

/// How a result compares with its row's optimal length.
enum class CheckVerdict : std::uint8_t { match, mismatch, unknown };

/// A row with optimal length 0 and start ≠ goal is `unknown`. A row with a known length matches when
/// the result is `found` and its cost is within the docs/formats.md tolerance of it, or, when the settings
/// only promise a cost bound B > 1 (search::cost_bound: weighted A*, an inadmissible heuristic), at
/// most B × optimal plus that tolerance.
CheckVerdict check_result(const search::Query& query, double optimal_length, const search::Result& result,
                          double cost_bound);
/// The same for row `index` of `set`.
inline CheckVerdict check_result(const ScenarioSet& set, std::size_t index, const search::Result& result,
                                 double cost_bound) {
    return check_result(set.queries[index], set.rows[index].optimal_length, result, cost_bound);
}

}  // namespace swarmpath::batch
