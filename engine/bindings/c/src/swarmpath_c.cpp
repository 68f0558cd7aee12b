// The C API (include/swarmpath.h) over the C++ engine. Every entry point that can fail runs its
// body inside `guarded`, which turns any exception (std::bad_alloc included) into a status code and
// the thread's last-error message, so nothing throws across the C boundary. Every size and count
// is checked against its documented bound before a caller's buffer is read or anything is
// allocated. Messages name C fields and parameters (c_words.hpp), never command-line flags.
// Handles are plain structs owning the engine's objects. Assumes the engine's QueryStatus order
// and size limits match the header's (checked below).
#include "swarmpath.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <exception>
#include <map>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "c_words.hpp"
#include "cell_edits.hpp"
#include "core/printable.hpp"
#include "flat_queries.hpp"
#include "search/moves.hpp"
#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/crowd_solver.hpp"
#include "swarmpath/batch/editable_map.hpp"
#include "swarmpath/batch/path_oracle.hpp"
#include "swarmpath/grid/agent_grid.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/grid/map_letters.hpp"
#include "swarmpath/grid/terrain.hpp"
#include "swarmpath/grid/topology.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/scenario_file.hpp"
#include "swarmpath/io/terrain_file.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/goal_bounds.hpp"
#include "swarmpath/search/goal_field.hpp"
#include "swarmpath/search/path_shapes.hpp"
#include "swarmpath/search/solver.hpp"
#include "swarmpath/search/types.hpp"

using namespace swarmpath;

struct swarmpath_grid {
    /// The grid, shared: an editable map's current grid is handed out without a copy (its edits
    /// replace the map's grid, never change this one).
    std::shared_ptr<const grid::Grid> owner;
    const grid::Grid& grid;
    grid::TerrainTable terrain;  ///< the table the grid was built with (movement classes start from it)

    swarmpath_grid(std::shared_ptr<const grid::Grid> shared, grid::TerrainTable table)
        : owner(std::move(shared)), grid(*owner), terrain(std::move(table)) {}
    swarmpath_grid(grid::Grid&& built, grid::TerrainTable table)
        : swarmpath_grid(std::make_shared<const grid::Grid>(std::move(built)), std::move(table)) {}
};
struct swarmpath_solver {
    search::Solver solver;
    /// The grid of a solver made by an editable map, which no grid handle owns; null otherwise.
    std::shared_ptr<const grid::Grid> grid_owner = nullptr;
};
/// The grid and movement rule a path was found on, for turning it into points and shaping it.
struct PathOrigin {
    const grid::Grid* grid = nullptr;  ///< the solver's grid (a handle's outlives the solver)
    search::SmoothingRules rules;
    std::shared_ptr<const grid::Grid> owner = nullptr;  ///< keeps an editable map's grid alive
    [[nodiscard]] std::uint32_t width() const { return grid != nullptr ? grid->width() : 0; }
    static PathOrigin of(const search::Solver& solver, std::shared_ptr<const grid::Grid> owner = nullptr) {
        return {&solver.grid(), {solver.settings().moves, solver.settings().diagonal}, std::move(owner)};
    }
};

struct swarmpath_context {
    search::SearchContext context;
    search::Result result;  ///< the last query's answer, for swarmpath_context_path
    PathOrigin origin;      ///< where the last query's path lies
};
struct swarmpath_cancel_token {
    search::CancelToken token;
};
struct swarmpath_batch {
    batch::BatchSolver workers;
    std::vector<search::Result> results;          ///< the last batch's answers, for swarmpath_batch_path
    PathOrigin origin;                            ///< where the last batch's paths lie
    const search::CancelToken* cancel = nullptr;  ///< replaces the solver's token when set
    std::uint64_t deadline_ms = 0;                ///< replaces the solver's deadline when nonzero
    explicit swarmpath_batch(unsigned threads) : workers(threads) {}
};
struct swarmpath_scenario {
    io::ScenarioFile file;
};
struct swarmpath_editable_map {
    batch::EditableMap map;
    grid::TerrainTable terrain;  ///< the grid's, for the letters edits may use and for grid handles
};
struct swarmpath_oracle {
    batch::Oracle oracle;
    PathOrigin origin;  ///< its grid and movement rule
};
struct swarmpath_crowd {
    batch::CrowdSolver crowd;
};
struct swarmpath_goal_bounds {
    std::shared_ptr<const search::GoalBounds> bounds;
};
struct swarmpath_field {
    search::GoalField field;
    const grid::Grid* grid = nullptr;  ///< the solver's grid, for real costs
};

static_assert(static_cast<int>(search::QueryStatus::found) == SWARMPATH_QUERY_FOUND);
static_assert(static_cast<int>(search::QueryStatus::no_path) == SWARMPATH_QUERY_NO_PATH);
static_assert(static_cast<int>(search::QueryStatus::start_blocked) == SWARMPATH_QUERY_START_BLOCKED);
static_assert(static_cast<int>(search::QueryStatus::goal_blocked) == SWARMPATH_QUERY_GOAL_BLOCKED);
static_assert(static_cast<int>(search::QueryStatus::invalid) == SWARMPATH_QUERY_INVALID);
static_assert(static_cast<int>(search::QueryStatus::partial) == SWARMPATH_QUERY_PARTIAL);
static_assert(static_cast<int>(search::QueryStatus::node_limit) == SWARMPATH_QUERY_NODE_LIMIT);
static_assert(static_cast<int>(search::QueryStatus::deadline) == SWARMPATH_QUERY_DEADLINE);
static_assert(static_cast<int>(search::QueryStatus::cancelled) == SWARMPATH_QUERY_CANCELLED);
static_assert(search::kQueryStatusCount == SWARMPATH_QUERY_CANCELLED + 1);
static_assert(SWARMPATH_MINIMUM_COST == grid::kMinimumCost && SWARMPATH_MAXIMUM_COST == grid::kMaximumCost);
static_assert(SWARMPATH_MAXIMUM_COST_RATIO == grid::kMaximumCostRatio);
static_assert(SWARMPATH_MAXIMUM_SIDE == grid::kMaximumSide);
static_assert(SWARMPATH_MAXIMUM_CELLS == grid::kMaximumCells);
static_assert(static_cast<int>(grid::Topology::square) == SWARMPATH_TOPOLOGY_SQUARE);
static_assert(static_cast<int>(grid::Topology::hex) == SWARMPATH_TOPOLOGY_HEX);
static_assert(static_cast<int>(grid::Topology::triangle) == SWARMPATH_TOPOLOGY_TRIANGLE);

namespace {

thread_local std::string last_error;

/// Records `message` as the thread's last error. Never throws: when even the message cannot be
/// stored, the error reads "out of memory".
swarmpath_status fail(swarmpath_status status, std::string message) noexcept {
    try {
        last_error = std::move(message);
    } catch (...) {
        // clear() keeps the capacity, which always holds these 13 letters: nothing is allocated.
        last_error.clear();
        last_error.append("out of memory");
        return SWARMPATH_ERROR_OUT_OF_MEMORY;
    }
    return status;
}

swarmpath_status fail(swarmpath_status status, const Error& error) noexcept {
    try {
        return fail(status, bindings::describe_for_c(error));
    } catch (...) {
        return fail(SWARMPATH_ERROR_OUT_OF_MEMORY, std::string());
    }
}

/// The message of an allocation failure; an empty string (which `fail` turns into "out of memory"
/// without allocating) when even this message cannot be made.
std::string out_of_memory() noexcept {
    try {
        return "out of memory";
    } catch (...) {
        return std::string();
    }
}

std::string internal_error(const char* what) noexcept {
    try {
        return what == nullptr ? std::string("internal error") : std::string("internal error: ") + what;
    } catch (...) {
        return std::string();
    }
}

/// Runs `body` (which returns a swarmpath_status), turning any exception into a status.
template <class Body>
swarmpath_status guarded(Body&& body) noexcept {
    try {
        return body();
    } catch (const std::bad_alloc&) {
        return fail(SWARMPATH_ERROR_OUT_OF_MEMORY, out_of_memory());
    } catch (const std::length_error&) {
        return fail(SWARMPATH_ERROR_OUT_OF_MEMORY, out_of_memory());  // a size past what can be allocated
    } catch (const std::exception& exception) {
        return fail(SWARMPATH_ERROR_INTERNAL, internal_error(exception.what()));
    } catch (...) {
        return fail(SWARMPATH_ERROR_INTERNAL, internal_error(nullptr));
    }
}

std::string deadline_problem(std::uint64_t deadline_ms) {
    return "deadline_ms is " + std::to_string(deadline_ms) + "; it may be 0 (none) to SWARMPATH_MAXIMUM_DEADLINE_MS (" +
           std::to_string(SWARMPATH_MAXIMUM_DEADLINE_MS) + ")";
}

/// The engine's settings for `settings` (NULL: the defaults), each field checked and named when bad.
swarmpath_status engine_settings(const swarmpath_settings* settings, search::SearchSettings& engine) {
    swarmpath_settings given;
    swarmpath_settings_default(&given);
    if (settings != nullptr) given = *settings;
    switch (given.algorithm) {
        case SWARMPATH_ALGORITHM_AUTO:
            engine.algorithm = search::Algorithm::automatic;
            break;
        case SWARMPATH_ALGORITHM_ASTAR:
            engine.algorithm = search::Algorithm::astar;
            break;
        case SWARMPATH_ALGORITHM_JPS:
            engine.algorithm = search::Algorithm::jps;
            break;
        case SWARMPATH_ALGORITHM_JPS_PLUS:
            engine.algorithm = search::Algorithm::jps_plus;
            break;
        case SWARMPATH_ALGORITHM_FLOWFIELD:
            engine.algorithm = search::Algorithm::flowfield;
            break;
        default:
            return fail(SWARMPATH_ERROR_INVALID_ARGUMENT,
                        "algorithm is " + std::to_string(given.algorithm) +
                            "; expected a swarmpath_algorithm (SWARMPATH_ALGORITHM_*)");
    }
    if (given.moves != 4 && given.moves != 8) {
        return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, "moves must be 4 or 8, not " + std::to_string(given.moves));
    }
    engine.moves = given.moves == 4 ? search::Moves::four : search::Moves::eight;
    switch (given.diagonal_rule) {
        case SWARMPATH_DIAGONAL_BOTH_FREE:
            engine.diagonal = search::DiagonalRule::both_free;
            break;
        case SWARMPATH_DIAGONAL_ONE_FREE:
            engine.diagonal = search::DiagonalRule::one_free;
            break;
        case SWARMPATH_DIAGONAL_ANY:
            engine.diagonal = search::DiagonalRule::any;
            break;
        default:
            return fail(SWARMPATH_ERROR_INVALID_ARGUMENT,
                        "diagonal_rule is " + std::to_string(given.diagonal_rule) +
                            "; expected a swarmpath_diagonal_rule (SWARMPATH_DIAGONAL_*)");
    }
    if (!std::isfinite(given.weight))
        return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, "weight must be a number from 1 to 1000");
    engine.weight = given.weight;
    engine.fallback = given.fallback_nearest ? search::Fallback::nearest : search::Fallback::none;
    engine.max_expansions = given.max_expansions;
    engine.record_paths = given.record_paths != 0;
    if (given.deadline_ms > SWARMPATH_MAXIMUM_DEADLINE_MS) {
        return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, deadline_problem(given.deadline_ms));
    }
    engine.time_budget = std::chrono::milliseconds(given.deadline_ms);
    engine.cancel = given.cancel_token != nullptr ? &given.cancel_token->token : nullptr;
    return SWARMPATH_OK;
}

/// The oracle settings (movement model and diagonal rule) of `settings`, checked as a solver's are.
swarmpath_status oracle_settings(const swarmpath_settings* settings, batch::OracleSettings& oracle,
                                 search::SmoothingRules& rules) {
    search::SearchSettings engine;
    if (const swarmpath_status converted = engine_settings(settings, engine); converted != SWARMPATH_OK)
        return converted;
    oracle.moves = rules.moves = engine.moves;
    oracle.diagonal = rules.diagonal = engine.diagonal;
    return SWARMPATH_OK;
}

swarmpath_status missing(const char* what) {
    return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, std::string(what) + " is NULL");
}

/// The benchmark terrain table with `spec` (may be NULL or empty) applied.
Expected<grid::TerrainTable> terrain_from(const char* spec) {
    if (spec == nullptr || *spec == '\0') return grid::TerrainTable::benchmark();
    return io::parse_terrain_spec(spec, grid::TerrainTable::benchmark(), "terrain_spec");
}

/// Why a `width` x `height` array cannot be a grid (checked before the caller's buffer is read), or
/// an empty string when it can.
std::string size_problem(int32_t width, int32_t height) {
    const std::string size = std::to_string(width) + " x " + std::to_string(height);
    if (width <= 0 || height <= 0) return "width and height must be positive, not " + size;
    if (static_cast<std::uint32_t>(width) > grid::kMaximumSide ||
        static_cast<std::uint32_t>(height) > grid::kMaximumSide) {
        return "width and height may be at most SWARMPATH_MAXIMUM_SIDE (" + std::to_string(grid::kMaximumSide) +
               "), not " + size;
    }
    if (std::uint64_t{static_cast<std::uint32_t>(width)} * static_cast<std::uint32_t>(height) > grid::kMaximumCells) {
        return "width x height may be at most SWARMPATH_MAXIMUM_CELLS (" + std::to_string(grid::kMaximumCells) +
               ") cells, not " + size;
    }
    return std::string();
}

/// The first cell of `map` whose letter `terrain` does not define, as an error naming its row and
/// column in `origin`; success when every letter is defined.
Status check_letters(const grid::MapLetters& map, const grid::TerrainTable& terrain, const char* origin) {
    for (std::size_t index = 0; index < map.letters.size(); ++index) {
        const char letter = map.letters[index];
        if (terrain.rule(letter).defined) continue;
        return Error{"", 0, 0,
                     std::string(origin) + " row " + std::to_string(index / map.width) + ", column " +
                         std::to_string(index % map.width) + ": unknown terrain letter " + describe_letter(letter) +
                         " (declare it with terrain_spec)"};
    }
    return Success{};
}

/// A square map of `width` x `height` blank letters for a grid built from an array (sizes checked).
grid::MapLetters blank_map(int32_t width, int32_t height, const char* origin) {
    grid::MapLetters map;
    map.path = origin;
    map.type = "octile";
    map.width = static_cast<std::uint32_t>(width);
    map.height = static_cast<std::uint32_t>(height);
    map.letters.resize(static_cast<std::size_t>(map.width) * map.height);
    return map;
}

/// The letter of the blocked cells of an array-built grid; every other byte but 0 can name a cost.
constexpr char kBlockedLetter = '@';
constexpr int kDistinctCostLetters = 254;  // bytes 1 to 255 without '@'
static_assert(kDistinctCostLetters == SWARMPATH_MAXIMUM_DISTINCT_COSTS);

/// `costs` as letters into `map` and a terrain table declaring each distinct passable cost as one
/// letter (see swarmpath_grid_from_costs for what is blocked and what is refused).
Status letters_from_costs(const float* costs, grid::MapLetters& map, grid::TerrainTable& terrain) {
    terrain.declare(kBlockedLetter, false, 1.0);
    std::map<float, char> letter_of_cost;
    unsigned next_letter = 1;
    for (std::size_t index = 0; index < map.letters.size(); ++index) {
        const float cost = costs[index];
        if (!std::isfinite(cost) || cost <= 0.0f) {
            map.letters[index] = kBlockedLetter;
            continue;
        }
        const auto where = [&] {
            return "costs row " + std::to_string(index / map.width) + ", column " + std::to_string(index % map.width) +
                   ": ";
        };
        if (cost < grid::kMinimumCost || cost > grid::kMaximumCost) {
            return Error{"", 0, 0,
                         where() + "cost " + std::to_string(cost) + " is outside SWARMPATH_MINIMUM_COST to " +
                             "SWARMPATH_MAXIMUM_COST (a blocked cell is not finite or <= 0)"};
        }
        auto [entry, inserted] = letter_of_cost.try_emplace(cost, '\0');
        if (inserted) {
            if (next_letter == static_cast<unsigned char>(kBlockedLetter)) ++next_letter;
            if (next_letter > 255) {
                return Error{"", 0, 0,
                             where() + "more than SWARMPATH_MAXIMUM_DISTINCT_COSTS (" +
                                 std::to_string(kDistinctCostLetters) + ") distinct passable costs"};
            }
            entry->second = static_cast<char>(next_letter++);
            terrain.declare(entry->second, true, static_cast<double>(cost));
        }
        map.letters[index] = entry->second;
    }
    return Success{};
}

swarmpath_status make_grid(const grid::MapLetters& map, const grid::TerrainTable& terrain, swarmpath_grid** out) {
    Expected<grid::Grid> built = grid::Grid::build(map, terrain);
    if (!built) return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, built.error());
    *out = new swarmpath_grid(std::move(*built), terrain);
    return SWARMPATH_OK;
}

swarmpath_status make_grid(const Expected<io::MapFile>& map, const grid::TerrainTable& terrain,
                           swarmpath_status parse_failure, swarmpath_grid** out) {
    if (!map) return fail(parse_failure, map.error());
    return make_grid(static_cast<const grid::MapLetters&>(*map), terrain, out);
}

/// Copies `path` (cell indices of a grid `width` wide) as x, y pairs; see swarmpath_context_path.
swarmpath_status copy_path(const std::vector<grid::CellIndex>& path, std::uint32_t width, std::int32_t* xy,
                           std::size_t capacity, std::size_t* length) {
    if (length == nullptr) return missing("length");
    *length = path.size();
    if (xy == nullptr && capacity == 0) return SWARMPATH_OK;  // a size query
    if (xy == nullptr) return missing("xy");
    if (capacity < path.size()) {
        return fail(SWARMPATH_ERROR_BUFFER_TOO_SMALL, "the buffer holds " + std::to_string(capacity) +
                                                          " cells; the path has " + std::to_string(path.size()));
    }
    for (std::size_t index = 0; index < path.size(); ++index) {
        xy[2 * index] = static_cast<std::int32_t>(path[index].value % width);
        xy[2 * index + 1] = static_cast<std::int32_t>(path[index].value / width);
    }
    return SWARMPATH_OK;
}

/// Copies `points` as x, y pairs, with copy_path's size-query protocol.
swarmpath_status copy_points(const std::vector<search::Point>& points, std::int32_t* xy, std::size_t capacity,
                             std::size_t* length) {
    *length = points.size();
    if (xy == nullptr && capacity == 0) return SWARMPATH_OK;  // a size query
    if (xy == nullptr) return missing("xy");
    if (capacity < points.size()) {
        return fail(SWARMPATH_ERROR_BUFFER_TOO_SMALL, "the buffer holds " + std::to_string(capacity) +
                                                          " points; the path has " + std::to_string(points.size()));
    }
    for (std::size_t index = 0; index < points.size(); ++index) {
        xy[2 * index] = static_cast<std::int32_t>(points[index].x);
        xy[2 * index + 1] = static_cast<std::int32_t>(points[index].y);
    }
    return SWARMPATH_OK;
}

/// Copies `path`, found on `origin`, in `shape` (see swarmpath_context_path_shaped).
swarmpath_status copy_shaped_path(const std::vector<grid::CellIndex>& path, const PathOrigin& origin, int shape,
                                  std::int32_t* xy, std::size_t capacity, std::size_t* length) {
    if (length == nullptr) return missing("length");
    if (shape < SWARMPATH_PATH_CELLS || shape > SWARMPATH_PATH_SMOOTHED) {
        return fail(SWARMPATH_ERROR_INVALID_ARGUMENT,
                    "shape is " + std::to_string(shape) + "; expected a swarmpath_path_shape (SWARMPATH_PATH_*)");
    }
    if (shape == SWARMPATH_PATH_CELLS || path.empty()) return copy_path(path, origin.width(), xy, capacity, length);
    const grid::Grid& grid = *origin.grid;
    if (grid.topology() != grid::Topology::square) {
        return fail(
            SWARMPATH_ERROR_INVALID_ARGUMENT,
            std::string(shape == SWARMPATH_PATH_SMOOTHED ? "SWARMPATH_PATH_SMOOTHED" : "SWARMPATH_PATH_WAYPOINTS") +
                " is for square grids: this grid is " + std::string(grid::topology_type_name(grid.topology())) +
                ", whose paths have no straight segments");
    }
    const std::vector<search::Point> points = search::to_points(grid, path);
    if (shape == SWARMPATH_PATH_WAYPOINTS) return copy_points(search::waypoints(points), xy, capacity, length);
    return copy_points(search::smooth(grid, points, origin.rules), xy, capacity, length);
}

/// A call's query buffers checked before any is read: the count's bound, then `queries` and the
/// output buffer (named `output_name`, as the caller's header calls it) wherever the count needs them.
swarmpath_status check_query_buffers(const void* queries, std::size_t count, const void* output,
                                     const char* output_name) {
    if (count > SWARMPATH_MAXIMUM_BATCH_QUERIES) {
        return fail(SWARMPATH_ERROR_INVALID_ARGUMENT,
                    "count is " + std::to_string(count) + "; one call takes at most SWARMPATH_MAXIMUM_BATCH_QUERIES (" +
                        std::to_string(SWARMPATH_MAXIMUM_BATCH_QUERIES) + ") queries");
    }
    if (count != 0 && queries == nullptr) return missing("queries");
    if (count != 0 && output == nullptr) return missing(output_name);
    return SWARMPATH_OK;
}

/// A batch's inputs checked before any is read: the handle, then the query buffers.
swarmpath_status check_batch_inputs(const swarmpath_batch* batch, const std::int64_t* queries, std::size_t count,
                                    const swarmpath_result* results) {
    if (batch == nullptr) return missing("batch");
    return check_query_buffers(queries, count, results, "results");
}

void fill_result(const search::Result& result, swarmpath_result& out) {
    out.status = static_cast<int>(result.status);
    out.cost = result.cost;
    out.expanded = result.counters.expanded;
    out.generated = result.counters.generated;
    out.path_length = result.path.size();
}

}  // namespace

extern "C" {

const char* swarmpath_version(void) { return SWARMPATH_VERSION_TEXT; }

const char* swarmpath_last_error(void) { return last_error.c_str(); }

const char* swarmpath_query_status_name(int status) {
    if (status < 0 || status >= search::kQueryStatusCount) return "unknown";
    return search::to_string(static_cast<search::QueryStatus>(status)).data();  // names are literals
}

swarmpath_status swarmpath_grid_from_file(const char* map_path, const char* terrain_spec, swarmpath_grid** grid) {
    return guarded([&] {
        if (grid == nullptr) return missing("grid");
        *grid = nullptr;
        if (map_path == nullptr) return missing("map_path");
        Expected<grid::TerrainTable> terrain = terrain_from(terrain_spec);
        if (!terrain) return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, terrain.error());
        return make_grid(io::read_map_file(map_path, *terrain), *terrain, SWARMPATH_ERROR_FILE, grid);
    });
}

swarmpath_status swarmpath_grid_for_agents(const swarmpath_grid* grid, uint32_t agent_size, const char* agent_class,
                                           swarmpath_grid** derived) {
    return guarded([&] {
        if (derived == nullptr) return missing("derived");
        *derived = nullptr;
        if (grid == nullptr) return missing("grid");
        grid::TerrainTable terrain = grid->terrain;
        if (agent_class != nullptr && *agent_class != '\0') {
            Expected<grid::TerrainTable> table = io::parse_terrain_spec(agent_class, grid->terrain, "agent_class");
            if (!table) return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, table.error());
            terrain = *table;
        }
        Expected<grid::Grid> built = grid::derive_agent_grid(grid->grid.map_letters("grid"), terrain, agent_size);
        if (!built) return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, built.error());
        *derived = new swarmpath_grid(std::move(*built), terrain);
        return SWARMPATH_OK;
    });
}

swarmpath_status swarmpath_grid_from_letters(int32_t width, int32_t height, const char* letters,
                                             const char* terrain_spec, swarmpath_grid** grid) {
    return swarmpath_grid_from_shaped_letters(width, height, SWARMPATH_TOPOLOGY_SQUARE, letters, terrain_spec, grid);
}

swarmpath_status swarmpath_grid_from_shaped_letters(int32_t width, int32_t height, int topology, const char* letters,
                                                    const char* terrain_spec, swarmpath_grid** grid) {
    return guarded([&] {
        if (grid == nullptr) return missing("grid");
        *grid = nullptr;
        // Every size and setting is checked before the buffer is read.
        if (const std::string problem = size_problem(width, height); !problem.empty()) {
            return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, problem);
        }
        if (topology < SWARMPATH_TOPOLOGY_SQUARE || topology > SWARMPATH_TOPOLOGY_TRIANGLE) {
            return fail(
                SWARMPATH_ERROR_INVALID_ARGUMENT,
                "topology must be SWARMPATH_TOPOLOGY_SQUARE, _HEX or _TRIANGLE, not " + std::to_string(topology));
        }
        if (letters == nullptr) return missing("letters");
        Expected<grid::TerrainTable> terrain = terrain_from(terrain_spec);
        if (!terrain) return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, terrain.error());
        grid::MapLetters map;
        map.path = "letters";
        map.type = std::string(grid::topology_type_name(static_cast<grid::Topology>(topology)));
        map.width = static_cast<std::uint32_t>(width);
        map.height = static_cast<std::uint32_t>(height);
        map.letters.assign(letters, static_cast<std::size_t>(map.width) * map.height);
        if (Status known = check_letters(map, *terrain, "letters"); !known) {
            return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, known.error());
        }
        return make_grid(map, *terrain, grid);
    });
}

swarmpath_status swarmpath_grid_from_costs(int32_t width, int32_t height, const float* costs, swarmpath_grid** grid) {
    return guarded([&] {
        if (grid == nullptr) return missing("grid");
        *grid = nullptr;
        if (const std::string problem = size_problem(width, height); !problem.empty()) {
            return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, problem);
        }
        if (costs == nullptr) return missing("costs");
        grid::MapLetters map = blank_map(width, height, "costs");
        grid::TerrainTable terrain;
        if (Status converted = letters_from_costs(costs, map, terrain); !converted) {
            return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, converted.error());
        }
        return make_grid(map, terrain, grid);
    });
}

swarmpath_status swarmpath_grid_from_passability(int32_t width, int32_t height, const uint8_t* passable,
                                                 swarmpath_grid** grid) {
    return guarded([&] {
        if (grid == nullptr) return missing("grid");
        *grid = nullptr;
        if (const std::string problem = size_problem(width, height); !problem.empty()) {
            return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, problem);
        }
        if (passable == nullptr) return missing("passable");
        grid::MapLetters map = blank_map(width, height, "passable");
        for (std::size_t index = 0; index < map.letters.size(); ++index)
            map.letters[index] = passable[index] ? '.' : '@';
        return make_grid(map, grid::TerrainTable::benchmark(), grid);
    });
}

void swarmpath_grid_destroy(swarmpath_grid* grid) { delete grid; }
int32_t swarmpath_grid_width(const swarmpath_grid* grid) { return grid ? static_cast<int32_t>(grid->grid.width()) : 0; }
int32_t swarmpath_grid_height(const swarmpath_grid* grid) {
    return grid ? static_cast<int32_t>(grid->grid.height()) : 0;
}
int swarmpath_grid_topology(const swarmpath_grid* grid) { return grid ? static_cast<int>(grid->grid.topology()) : -1; }
int swarmpath_grid_passable(const swarmpath_grid* grid, int64_t x, int64_t y) {
    if (grid == nullptr || !grid->grid.contains(x, y)) return 0;
    return grid->grid.passable(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y)) ? 1 : 0;
}

void swarmpath_settings_default(swarmpath_settings* settings) {
    if (settings == nullptr) return;
    const search::SearchSettings defaults;
    settings->algorithm = SWARMPATH_ALGORITHM_AUTO;
    settings->moves = 8;
    settings->diagonal_rule = SWARMPATH_DIAGONAL_BOTH_FREE;
    settings->weight = defaults.weight;
    settings->fallback_nearest = 0;
    settings->max_expansions = defaults.max_expansions;
    settings->record_paths = 1;
    settings->deadline_ms = 0;
    settings->cancel_token = nullptr;
}

namespace {

/// swarmpath_solver_create's work, with goal bounds or none.
swarmpath_status create_solver(const swarmpath_grid* grid, const swarmpath_settings* settings,
                               std::shared_ptr<const search::GoalBounds> bounds, swarmpath_solver** solver) {
    return guarded([&] {
        if (solver == nullptr) return missing("solver");
        *solver = nullptr;
        if (grid == nullptr) return missing("grid");
        search::SearchSettings engine;
        if (const swarmpath_status converted = engine_settings(settings, engine); converted != SWARMPATH_OK) {
            return converted;
        }
        engine.goal_bounds = std::move(bounds);
        if (engine.algorithm == search::Algorithm::flowfield) {
            return fail(SWARMPATH_ERROR_INVALID_ARGUMENT,
                        "algorithm SWARMPATH_ALGORITHM_FLOWFIELD answers goal groups: "
                        "create a swarmpath_crowd (swarmpath_crowd_create) instead");
        }
        // Preparation (the JPS+ table) runs on a BatchSolver's workers, one per hardware thread.
        batch::BatchSolver preparers(batch::preparation_threads(engine.algorithm));
        Expected<search::Solver> created =
            search::Solver::create(grid->grid, engine, {.parallel = preparers.parallel_loop()});
        if (!created) return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, created.error());
        *solver = new swarmpath_solver{std::move(*created)};
        return SWARMPATH_OK;
    });
}

}  // namespace

swarmpath_status swarmpath_solver_create(const swarmpath_grid* grid, const swarmpath_settings* settings,
                                         swarmpath_solver** solver) {
    return create_solver(grid, settings, nullptr, solver);
}

swarmpath_status swarmpath_solver_create_with_goal_bounds(const swarmpath_grid* grid,
                                                          const swarmpath_settings* settings,
                                                          const swarmpath_goal_bounds* bounds,
                                                          swarmpath_solver** solver) {
    if (bounds == nullptr) {
        if (solver != nullptr) *solver = nullptr;
        return guarded([] { return missing("bounds"); });
    }
    return create_solver(grid, settings, bounds->bounds, solver);
}

namespace {

/// The status of a build that failed on `batch`: cancelled when its cancel token fired, otherwise
/// refused for its arguments (a build fails for nothing else but memory, which guarded() reports).
swarmpath_status build_failure(const swarmpath_batch* batch) {
    return batch->cancel != nullptr && batch->cancel->cancelled() ? SWARMPATH_ERROR_CANCELLED
                                                                  : SWARMPATH_ERROR_INVALID_ARGUMENT;
}

}  // namespace

swarmpath_status swarmpath_goal_bounds_build(const swarmpath_grid* grid, swarmpath_batch* batch,
                                             swarmpath_progress progress, void* progress_user,
                                             swarmpath_goal_bounds** bounds) {
    return guarded([&] {
        if (bounds == nullptr) return missing("bounds");
        *bounds = nullptr;
        if (grid == nullptr) return missing("grid");
        if (batch == nullptr) return missing("batch");
        std::shared_ptr<const search::GoalBounds> made;
        std::optional<Error> failed;
        batch->workers.execute([&] {
            Expected<search::GoalBounds> built = search::GoalBounds::build(grid->grid, batch->workers.parallel_loop(),
                                                                           progress, progress_user, batch->cancel);
            if (built) {
                made = std::make_shared<const search::GoalBounds>(std::move(*built));
            } else {
                failed = built.error();
            }
        });
        if (failed) return fail(build_failure(batch), *failed);
        *bounds = new swarmpath_goal_bounds{std::move(made)};
        return SWARMPATH_OK;
    });
}

swarmpath_status swarmpath_goal_bounds_load(const char* bounds_path, const swarmpath_grid* grid,
                                            swarmpath_goal_bounds** bounds) {
    return guarded([&] {
        if (bounds == nullptr) return missing("bounds");
        *bounds = nullptr;
        if (bounds_path == nullptr) return missing("bounds_path");
        if (grid == nullptr) return missing("grid");
        Expected<search::GoalBounds> loaded = search::GoalBounds::load(bounds_path, grid->grid);
        if (!loaded) return fail(SWARMPATH_ERROR_FILE, loaded.error());
        *bounds = new swarmpath_goal_bounds{std::make_shared<const search::GoalBounds>(std::move(*loaded))};
        return SWARMPATH_OK;
    });
}

swarmpath_status swarmpath_goal_bounds_save(const swarmpath_goal_bounds* bounds, const char* bounds_path) {
    return guarded([&] {
        if (bounds == nullptr) return missing("bounds");
        if (bounds_path == nullptr) return missing("bounds_path");
        if (Status saved = bounds->bounds->save(bounds_path); !saved) return fail(SWARMPATH_ERROR_FILE, saved.error());
        return SWARMPATH_OK;
    });
}

void swarmpath_goal_bounds_destroy(swarmpath_goal_bounds* bounds) { delete bounds; }

void swarmpath_solver_destroy(swarmpath_solver* solver) { delete solver; }

swarmpath_status swarmpath_context_create(swarmpath_context** context) {
    return guarded([&] {
        if (context == nullptr) return missing("context");
        *context = new swarmpath_context();
        return SWARMPATH_OK;
    });
}

void swarmpath_context_destroy(swarmpath_context* context) { delete context; }

swarmpath_status swarmpath_solve(const swarmpath_solver* solver, swarmpath_context* context, int64_t start_x,
                                 int64_t start_y, int64_t goal_x, int64_t goal_y, swarmpath_result* result) {
    return guarded([&] {
        if (solver == nullptr) return missing("solver");
        if (context == nullptr) return missing("context");
        if (result == nullptr) return missing("result");
        solver->solver.solve(context->context, {start_x, start_y, goal_x, goal_y}, context->result);
        context->origin = PathOrigin::of(solver->solver, solver->grid_owner);
        fill_result(context->result, *result);
        return SWARMPATH_OK;
    });
}

swarmpath_status swarmpath_context_path(const swarmpath_context* context, int32_t* xy, size_t capacity,
                                        size_t* length) {
    return guarded([&] {
        if (context == nullptr) return missing("context");
        return copy_path(context->result.path, context->origin.width(), xy, capacity, length);
    });
}

swarmpath_status swarmpath_context_path_shaped(const swarmpath_context* context, int shape, int32_t* xy,
                                               size_t capacity, size_t* length) {
    return guarded([&] {
        if (context == nullptr) return missing("context");
        return copy_shaped_path(context->result.path, context->origin, shape, xy, capacity, length);
    });
}

double swarmpath_polyline_length(const int32_t* xy, size_t length) {
    if (xy == nullptr || length < 2) return 0.0;
    double total = 0.0;
    for (std::size_t index = 1; index < length; ++index) {
        const double dx = static_cast<double>(xy[2 * index]) - static_cast<double>(xy[2 * index - 2]);
        const double dy = static_cast<double>(xy[2 * index + 1]) - static_cast<double>(xy[2 * index - 1]);
        total += std::sqrt(dx * dx + dy * dy);
    }
    return total;
}

swarmpath_status swarmpath_batch_create(unsigned threads, swarmpath_batch** batch) {
    return guarded([&] {
        if (batch == nullptr) return missing("batch");
        *batch = nullptr;
        if (threads > SWARMPATH_MAXIMUM_THREADS) {
            return fail(SWARMPATH_ERROR_INVALID_ARGUMENT,
                        "threads is " + std::to_string(threads) + "; it may be 0 (one per hardware thread) to " +
                            "SWARMPATH_MAXIMUM_THREADS (" + std::to_string(SWARMPATH_MAXIMUM_THREADS) + ")");
        }
        *batch = new swarmpath_batch(batch::worker_threads(threads));
        return SWARMPATH_OK;
    });
}

unsigned swarmpath_batch_threads(const swarmpath_batch* batch) { return batch ? batch->workers.threads() : 0; }

int swarmpath_batch_workers_started(const swarmpath_batch* batch) {
    return batch != nullptr && batch->workers.workers_started() ? 1 : 0;
}

void swarmpath_batch_destroy(swarmpath_batch* batch) { delete batch; }

swarmpath_status swarmpath_batch_solve(swarmpath_batch* batch, const swarmpath_solver* solver, const int64_t* queries,
                                       size_t count, swarmpath_result* results) {
    return guarded([&] {
        if (solver == nullptr) return missing("solver");
        if (const swarmpath_status checked = check_batch_inputs(batch, queries, count, results);
            checked != SWARMPATH_OK) {
            return checked;
        }
        const std::vector<search::Query> engine_queries = bindings::queries_from_flat(queries, count);
        batch->results.assign(count, search::Result{});
        const search::Solver& own = solver->solver;
        if (batch->cancel != nullptr || batch->deadline_ms != 0) {
            // The batch's own token or deadline in place of the solver's, over the same prepared data.
            const search::Solver limited = own.with_stop_conditions(
                batch->deadline_ms != 0 ? std::chrono::milliseconds(batch->deadline_ms) : own.settings().time_budget,
                batch->cancel != nullptr ? batch->cancel : own.settings().cancel);
            batch->workers.solve(limited, engine_queries, batch->results);
        } else {
            batch->workers.solve(own, engine_queries, batch->results);
        }
        batch->origin = PathOrigin::of(solver->solver, solver->grid_owner);
        for (std::size_t index = 0; index < count; ++index) fill_result(batch->results[index], results[index]);
        return SWARMPATH_OK;
    });
}

swarmpath_status swarmpath_crowd_create(const swarmpath_grid* grid, const swarmpath_settings* settings,
                                        swarmpath_crowd** crowd) {
    return guarded([&] {
        if (crowd == nullptr) return missing("crowd");
        *crowd = nullptr;
        if (grid == nullptr) return missing("grid");
        search::SearchSettings engine;
        if (const swarmpath_status converted = engine_settings(settings, engine); converted != SWARMPATH_OK) {
            return converted;
        }
        if (engine.algorithm != search::Algorithm::flowfield && engine.algorithm != search::Algorithm::automatic) {
            return fail(SWARMPATH_ERROR_INVALID_ARGUMENT,
                        "a crowd's algorithm is SWARMPATH_ALGORITHM_FLOWFIELD or "
                        "SWARMPATH_ALGORITHM_AUTO, not " +
                            std::string(search::to_string(engine.algorithm)));
        }
        batch::BatchSolver preparers;
        Expected<batch::CrowdSolver> created =
            batch::CrowdSolver::create(grid->grid, engine, search::Algorithm::automatic, preparers.parallel_loop());
        if (!created) return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, created.error());
        *crowd = new swarmpath_crowd{std::move(*created)};
        return SWARMPATH_OK;
    });
}

void swarmpath_crowd_destroy(swarmpath_crowd* crowd) { delete crowd; }

swarmpath_status swarmpath_batch_solve_crowd(swarmpath_batch* batch, const swarmpath_crowd* crowd,
                                             const int64_t* queries, size_t count, swarmpath_result* results) {
    return guarded([&] {
        if (crowd == nullptr) return missing("crowd");
        if (const swarmpath_status checked = check_batch_inputs(batch, queries, count, results);
            checked != SWARMPATH_OK) {
            return checked;
        }
        const std::vector<search::Query> engine_queries = bindings::queries_from_flat(queries, count);
        batch->results.assign(count, search::Result{});
        crowd->crowd.solve(engine_queries, batch->results, batch->workers);
        batch->origin = PathOrigin::of(crowd->crowd.search_solver());
        for (std::size_t index = 0; index < count; ++index) fill_result(batch->results[index], results[index]);
        return SWARMPATH_OK;
    });
}

swarmpath_status swarmpath_field_create(const swarmpath_solver* solver, int64_t goal_x, int64_t goal_y,
                                        swarmpath_field** field) {
    return guarded([&] {
        if (field == nullptr) return missing("field");
        *field = nullptr;
        if (solver == nullptr) return missing("solver");
        const search::Solver& engine = solver->solver;
        const grid::Grid& grid = engine.grid();
        auto made = std::make_unique<swarmpath_field>();
        made->grid = &grid;
        // An off-map goal is given as a cell past the map's corner: the field then settles nothing.
        const bool on_map = grid.contains(goal_x, goal_y);
        const auto x = on_map ? static_cast<std::uint32_t>(goal_x) : grid.width();
        const auto y = on_map ? static_cast<std::uint32_t>(goal_y) : grid.height();
        search::FieldWorkspace workspace;
        made->field = search::GoalField::compute(grid, engine.settings().moves, engine.settings().diagonal, x, y, {},
                                                 true, workspace, search::StopConditions::for_query(engine.settings()));
        *field = made.release();
        return SWARMPATH_OK;
    });
}

void swarmpath_field_destroy(swarmpath_field* field) { delete field; }

int swarmpath_field_status(const swarmpath_field* field) {
    return field != nullptr ? static_cast<int>(field->field.stopped()) : -1;
}

int swarmpath_field_cost(const swarmpath_field* field, int64_t x, int64_t y, double* cost) {
    if (field == nullptr || cost == nullptr || !field->grid->contains(x, y)) return 0;
    const auto column = static_cast<std::uint32_t>(x);
    const auto row = static_cast<std::uint32_t>(y);
    if (!field->field.settled(column, row)) return 0;
    *cost = field->grid->to_real_cost(field->field.cost_units(column, row));
    return 1;
}

int swarmpath_field_direction(const swarmpath_field* field, int64_t x, int64_t y, int* dx, int* dy) {
    if (field == nullptr || dx == nullptr || dy == nullptr || !field->grid->contains(x, y)) return 0;
    const std::uint8_t direction =
        field->field.next_direction(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y));
    if (direction >= search::kDirectionCount) return 0;
    *dx = search::kDirectionX[direction];
    *dy = search::kDirectionY[direction];
    return 1;
}

swarmpath_status swarmpath_oracle_build(const swarmpath_grid* grid, const swarmpath_settings* settings,
                                        swarmpath_batch* batch, const char* map_name, swarmpath_progress progress,
                                        void* progress_user, swarmpath_oracle** oracle) {
    return guarded([&] {
        if (oracle == nullptr) return missing("oracle");
        *oracle = nullptr;
        if (grid == nullptr) return missing("grid");
        if (batch == nullptr) return missing("batch");
        batch::OracleSettings engine;
        search::SmoothingRules rules;
        if (const swarmpath_status converted = oracle_settings(settings, engine, rules); converted != SWARMPATH_OK) {
            return converted;
        }
        Expected<batch::Oracle> built = batch::Oracle::build(grid->grid, engine, map_name != nullptr ? map_name : "",
                                                             batch->workers, progress, progress_user, batch->cancel);
        if (!built) return fail(build_failure(batch), built.error());
        *oracle = new swarmpath_oracle{std::move(*built), {&grid->grid, rules}};
        return SWARMPATH_OK;
    });
}

swarmpath_status swarmpath_oracle_load(const char* oracle_path, const swarmpath_grid* grid,
                                       const swarmpath_settings* settings, swarmpath_oracle** oracle) {
    return guarded([&] {
        if (oracle == nullptr) return missing("oracle");
        *oracle = nullptr;
        if (oracle_path == nullptr) return missing("oracle_path");
        if (grid == nullptr) return missing("grid");
        batch::OracleSettings engine;
        search::SmoothingRules rules;
        if (const swarmpath_status converted = oracle_settings(settings, engine, rules); converted != SWARMPATH_OK) {
            return converted;
        }
        Expected<batch::Oracle> loaded = batch::Oracle::load(oracle_path, grid->grid, engine);
        if (!loaded) return fail(SWARMPATH_ERROR_FILE, loaded.error());
        *oracle = new swarmpath_oracle{std::move(*loaded), {&grid->grid, rules}};
        return SWARMPATH_OK;
    });
}

swarmpath_status swarmpath_oracle_save(const swarmpath_oracle* oracle, const char* oracle_path) {
    return guarded([&] {
        if (oracle == nullptr) return missing("oracle");
        if (oracle_path == nullptr) return missing("oracle_path");
        if (Status saved = oracle->oracle.save(oracle_path); !saved) return fail(SWARMPATH_ERROR_FILE, saved.error());
        return SWARMPATH_OK;
    });
}

void swarmpath_oracle_destroy(swarmpath_oracle* oracle) { delete oracle; }

uint64_t swarmpath_oracle_memory_bytes(const swarmpath_oracle* oracle) {
    return oracle != nullptr ? static_cast<uint64_t>(oracle->oracle.memory_bytes()) : 0;
}

swarmpath_status swarmpath_oracle_solve(const swarmpath_oracle* oracle, swarmpath_context* context, int64_t start_x,
                                        int64_t start_y, int64_t goal_x, int64_t goal_y, swarmpath_result* result) {
    return guarded([&] {
        if (oracle == nullptr) return missing("oracle");
        if (context == nullptr) return missing("context");
        if (result == nullptr) return missing("result");
        oracle->oracle.path({start_x, start_y, goal_x, goal_y}, true, context->result);
        context->origin = oracle->origin;
        fill_result(context->result, *result);
        return SWARMPATH_OK;
    });
}

swarmpath_status swarmpath_oracle_first_moves(const swarmpath_oracle* oracle, const int64_t* queries, size_t count,
                                              int8_t* moves) {
    return guarded([&] {
        if (oracle == nullptr) return missing("oracle");
        if (const swarmpath_status checked = check_query_buffers(queries, count, moves, "moves");
            checked != SWARMPATH_OK) {
            return checked;
        }
        bindings::first_moves_from_flat(oracle->oracle, queries, count, moves);
        return SWARMPATH_OK;
    });
}

swarmpath_status swarmpath_oracle_first_moves_int32(const swarmpath_oracle* oracle, const int32_t* queries,
                                                    size_t count, int8_t* moves) {
    return guarded([&] {
        if (oracle == nullptr) return missing("oracle");
        if (const swarmpath_status checked = check_query_buffers(queries, count, moves, "moves");
            checked != SWARMPATH_OK) {
            return checked;
        }
        bindings::first_moves_from_words(oracle->oracle, queries, count, moves);
        return SWARMPATH_OK;
    });
}

swarmpath_status swarmpath_batch_solve_oracle(swarmpath_batch* batch, const swarmpath_oracle* oracle,
                                              const int64_t* queries, size_t count, swarmpath_result* results) {
    return guarded([&] {
        if (oracle == nullptr) return missing("oracle");
        if (const swarmpath_status checked = check_batch_inputs(batch, queries, count, results);
            checked != SWARMPATH_OK) {
            return checked;
        }
        const std::vector<search::Query> engine_queries = bindings::queries_from_flat(queries, count);
        batch->results.assign(count, search::Result{});
        if (Status solved = oracle->oracle.solve(engine_queries, batch->results, true, batch->workers); !solved) {
            return fail(SWARMPATH_ERROR_INTERNAL, solved.error());
        }
        batch->origin = oracle->origin;
        for (std::size_t index = 0; index < count; ++index) fill_result(batch->results[index], results[index]);
        return SWARMPATH_OK;
    });
}

swarmpath_status swarmpath_batch_set_cancel_token(swarmpath_batch* batch, swarmpath_cancel_token* token) {
    return guarded([&] {
        if (batch == nullptr) return missing("batch");
        batch->cancel = token != nullptr ? &token->token : nullptr;
        return SWARMPATH_OK;
    });
}

swarmpath_status swarmpath_batch_set_deadline_ms(swarmpath_batch* batch, uint64_t deadline_ms) {
    return guarded([&] {
        if (batch == nullptr) return missing("batch");
        if (deadline_ms > SWARMPATH_MAXIMUM_DEADLINE_MS)
            return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, deadline_problem(deadline_ms));
        batch->deadline_ms = deadline_ms;
        return SWARMPATH_OK;
    });
}

swarmpath_status swarmpath_cancel_token_create(swarmpath_cancel_token** token) {
    return guarded([&] {
        if (token == nullptr) return missing("token");
        *token = new swarmpath_cancel_token();
        return SWARMPATH_OK;
    });
}

void swarmpath_cancel_token_cancel(swarmpath_cancel_token* token) {
    if (token != nullptr) token->token.cancel();
}

void swarmpath_cancel_token_reset(swarmpath_cancel_token* token) {
    if (token != nullptr) token->token.reset();
}

int swarmpath_cancel_token_is_cancelled(const swarmpath_cancel_token* token) {
    return token != nullptr && token->token.cancelled() ? 1 : 0;
}

void swarmpath_cancel_token_destroy(swarmpath_cancel_token* token) { delete token; }

swarmpath_status swarmpath_batch_path(const swarmpath_batch* batch, size_t index, int32_t* xy, size_t capacity,
                                      size_t* length) {
    return guarded([&] {
        if (batch == nullptr) return missing("batch");
        if (index >= batch->results.size()) {
            return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, "query " + std::to_string(index) +
                                                              " is not in the last batch of " +
                                                              std::to_string(batch->results.size()));
        }
        return copy_path(batch->results[index].path, batch->origin.width(), xy, capacity, length);
    });
}

swarmpath_status swarmpath_batch_path_shaped(const swarmpath_batch* batch, size_t index, int shape, int32_t* xy,
                                             size_t capacity, size_t* length) {
    return guarded([&] {
        if (batch == nullptr) return missing("batch");
        if (index >= batch->results.size()) {
            return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, "query " + std::to_string(index) +
                                                              " is not in the last batch of " +
                                                              std::to_string(batch->results.size()));
        }
        return copy_shaped_path(batch->results[index].path, batch->origin, shape, xy, capacity, length);
    });
}

swarmpath_status swarmpath_scenario_read(const char* scenario_path, swarmpath_scenario** scenario) {
    return guarded([&] {
        if (scenario == nullptr) return missing("scenario");
        *scenario = nullptr;
        if (scenario_path == nullptr) return missing("scenario_path");
        Expected<io::ScenarioFile> file = io::read_scenario_file(scenario_path);
        if (!file) return fail(SWARMPATH_ERROR_FILE, file.error());
        *scenario = new swarmpath_scenario{std::move(*file)};
        return SWARMPATH_OK;
    });
}

void swarmpath_scenario_destroy(swarmpath_scenario* scenario) { delete scenario; }

size_t swarmpath_scenario_count(const swarmpath_scenario* scenario) {
    return scenario ? scenario->file.rows.size() : 0;
}

swarmpath_status swarmpath_scenario_queries(const swarmpath_scenario* scenario, int64_t* queries, double* optimal,
                                            size_t capacity) {
    return guarded([&] {
        if (scenario == nullptr) return missing("scenario");
        if (queries == nullptr) return missing("queries");
        const std::vector<io::ScenarioRow>& rows = scenario->file.rows;
        if (capacity < rows.size()) {
            return fail(SWARMPATH_ERROR_BUFFER_TOO_SMALL, "the buffers hold " + std::to_string(capacity) +
                                                              " rows; the scenario has " + std::to_string(rows.size()));
        }
        bindings::write_flat_endpoints(rows, queries, optimal);
        return SWARMPATH_OK;
    });
}

swarmpath_status swarmpath_scenario_map_path(const swarmpath_scenario* scenario, char* path, size_t capacity,
                                             size_t* length) {
    return guarded([&] {
        if (scenario == nullptr) return missing("scenario");
        if (length == nullptr) return missing("length");
        if (scenario->file.rows.empty()) return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, "the scenario has no rows");
        const std::string resolved = io::resolve_map_path(scenario->file.path, scenario->file.rows.front().map_name);
        *length = resolved.size();
        if (path == nullptr && capacity == 0) return SWARMPATH_OK;
        if (path == nullptr) return missing("path");
        if (capacity <= resolved.size()) {
            return fail(SWARMPATH_ERROR_BUFFER_TOO_SMALL, "the buffer holds " + std::to_string(capacity) + " bytes; " +
                                                              std::to_string(resolved.size() + 1) + " are needed");
        }
        std::memcpy(path, resolved.c_str(), resolved.size() + 1);
        return SWARMPATH_OK;
    });
}

swarmpath_status swarmpath_editable_map_create(const swarmpath_grid* grid, const swarmpath_settings* settings,
                                               swarmpath_editable_map** map) {
    return guarded([&] {
        if (map == nullptr) return missing("map");
        *map = nullptr;
        if (grid == nullptr) return missing("grid");
        search::SearchSettings engine;
        if (const swarmpath_status converted = engine_settings(settings, engine); converted != SWARMPATH_OK) {
            return converted;
        }
        const batch::JumpPointData jump = batch::JumpPointData::for_algorithm(engine.algorithm);
        // Builds the JPS+ table, when there is one, on every hardware thread.
        batch::BatchSolver preparers(batch::preparation_threads(engine.algorithm));
        *map = new swarmpath_editable_map{batch::EditableMap(grid->grid, grid->terrain, engine.moves, engine.diagonal,
                                                             jump, preparers.parallel_loop()),
                                          grid->terrain};
        return SWARMPATH_OK;
    });
}

swarmpath_status swarmpath_editable_map_apply(swarmpath_editable_map* map, const swarmpath_cell_edit* edits,
                                              size_t count, swarmpath_edit_report* report) {
    return guarded([&] {
        if (map == nullptr) return missing("map");
        if (count > 0 && edits == nullptr) return missing("edits");
        if (count > SWARMPATH_MAXIMUM_EDITS) {
            return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, "count is " + std::to_string(count) +
                                                              "; one call takes at most SWARMPATH_MAXIMUM_EDITS (" +
                                                              std::to_string(SWARMPATH_MAXIMUM_EDITS) + ") edits");
        }
        const grid::Grid& grid = map->map.grid();
        std::vector<grid::CellEdit> list;
        list.reserve(count);
        for (std::size_t index = 0; index < count; ++index) {
            const swarmpath_cell_edit& edit = edits[index];
            if (const auto off_map = bindings::edit_off_map(grid, index, edit.x, edit.y)) {
                return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, *off_map);
            }
            if (const auto unknown = bindings::edit_letter_unknown(map->terrain, index, edit.letter)) {
                return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, *unknown);
            }
            list.push_back({static_cast<std::uint32_t>(edit.x), static_cast<std::uint32_t>(edit.y), edit.letter, 0});
        }
        Expected<batch::EditReport> done = map->map.apply_edits(list, "edits");
        if (!done) return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, done.error());
        if (report != nullptr) {
            *report = {done->cells_changed, done->cells_relabelled, done->jump_cells_rewritten,
                       done->jump_entries_recomputed};
        }
        return SWARMPATH_OK;
    });
}

swarmpath_status swarmpath_editable_map_solver(const swarmpath_editable_map* map, const swarmpath_settings* settings,
                                               swarmpath_solver** solver) {
    return guarded([&] {
        if (solver == nullptr) return missing("solver");
        *solver = nullptr;
        if (map == nullptr) return missing("map");
        search::SearchSettings engine;
        if (const swarmpath_status converted = engine_settings(settings, engine); converted != SWARMPATH_OK) {
            return converted;
        }
        if (engine.algorithm == search::Algorithm::flowfield) {
            return fail(SWARMPATH_ERROR_INVALID_ARGUMENT,
                        "algorithm SWARMPATH_ALGORITHM_FLOWFIELD answers goal groups: make a grid of the map "
                        "(swarmpath_editable_map_grid) and a swarmpath_crowd on it instead");
        }
        batch::BatchSolver preparers(batch::preparation_threads(engine.algorithm));
        std::shared_ptr<const grid::Grid> grid = map->map.shared_grid();
        Expected<search::Solver> created = map->map.solver(engine, preparers.parallel_loop());
        if (!created) return fail(SWARMPATH_ERROR_INVALID_ARGUMENT, created.error());
        *solver = new swarmpath_solver{std::move(*created), std::move(grid)};
        return SWARMPATH_OK;
    });
}

swarmpath_status swarmpath_editable_map_grid(const swarmpath_editable_map* map, swarmpath_grid** grid) {
    return guarded([&] {
        if (grid == nullptr) return missing("grid");
        *grid = nullptr;
        if (map == nullptr) return missing("map");
        *grid = new swarmpath_grid(map->map.shared_grid(), map->terrain);
        return SWARMPATH_OK;
    });
}

void swarmpath_editable_map_destroy(swarmpath_editable_map* map) { delete map; }

}  // extern "C"
