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
#include "swarmpath/batch/scenario_set.hpp"
#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/edits.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/input_log.hpp"
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
};

/// The maps of a run, each parsed and compiled once and kept until release() (or the cache's end).
class MapCache {
public:
    /// The grid of the map at `path`, loading it (with the options' terrain and edits) if needed.
    Expected<std::shared_ptr<const grid::Grid>> get(const std::string& path, const LoadOptions& options);
    /// Drops the cache's hold on a map; sets that still hold its grid keep it alive.
    void release(const std::string& path);

private:
    std::vector<std::pair<std::string, std::shared_ptr<const grid::Grid>>> grids_;
};

/// The map paths a scenario file's rows use, in order of first use, found by a streaming pass that
/// also checks the whole file (the first problem comes back naming file and line).
Expected<std::vector<std::string>> scenario_map_paths(const std::string& scenario_path, const LoadOptions& options);

/// Loads one scenario file's sets, taking maps from `maps`. Fails on the first error (naming file
/// and line), including a row whose map size differs from its map's, and a map that cannot be read
/// (named at the row that names it).
Expected<std::vector<ScenarioSet>> load_scenario_file(const std::string& scenario_path, const LoadOptions& options,
                                                      MapCache& maps);

/// Loads scenario files and their maps, all at once.
Expected<std::vector<ScenarioSet>> load_scenario_sets(const std::vector<std::string>& scenario_paths,
                                                      const LoadOptions& options);

/// Solves one set with `settings`. Fails only when the settings do not suit the set's grid.
Expected<SetOutcome> solve_set(const ScenarioSet& set, const search::SearchSettings& settings, BatchSolver& workers,
                               ProgressCallback progress = nullptr, void* progress_user = nullptr);

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
