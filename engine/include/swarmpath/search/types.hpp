// The vocabulary of a search: queries, settings (movement model, diagonal rule, heuristic, weight,
// fallback, limits), per-query statuses and counters. Settings are chosen once per batch; the
// solver turns them into one compiled instantiation of the search (see solver.hpp).
//
// Movement semantics (docs/formats.md):
//   - Hex and triangle maps (grid::Topology): every step goes to one of the cell shape's neighbours
//     (grid/topology.hpp) and costs the terrain cost of the cell entered; movement model and diagonal
//     rule do not apply to them (anything but the defaults is refused by the Solver).
//   - 8-connected: straight steps cost 1, diagonal steps √2, times the cost of the cell entered.
//   - Diagonal rules: both_free (the Moving AI benchmark rule: both orthogonal side cells passable),
//     one_free (at least one side passable), any (only the destination must be passable).
//     "Passable" for a side cell means passable on the mover's layer.
//   - 4-connected: straight steps only.
//
// Stopping short: a query stops at its expansion limit (max_expansions), at its deadline (time_budget
// after it starts) or when the batch's CancelToken fires, with a status of its own for each
// (node_limit, deadline, cancelled; never no_path). The search loops pay for this with the one
// comparison per expansion they always made: the clock and the token are read only at checkpoints,
// every kCheckpointInterval expansions (StopConditions below).
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/grid.hpp"

namespace swarmpath::search {

enum class Moves : std::uint8_t { four, eight };
enum class DiagonalRule : std::uint8_t { both_free, one_free, any };
/// `hex` (cube distance) and `triangle` (band distance) are the open-map step counts of those cell
/// shapes (grid/topology.hpp), valid only on maps of that shape; the others are for square cells,
/// apart from the few that stay admissible on a shape (Solver::create says which).
enum class HeuristicKind : std::uint8_t { automatic, octile, manhattan, euclidean, chebyshev, zero, hex, triangle };
enum class Fallback : std::uint8_t { none, nearest };
/// `oracle`: answered from a precomputed path oracle (batch/path_oracle.hpp), never by a Solver.
enum class Algorithm : std::uint8_t { automatic, astar, jps, jps_plus, flowfield, oracle };

enum class QueryStatus : std::uint8_t {
    found,          ///< optimal (or, with weight W, at most W × optimal) path to the goal
    no_path,        ///< start and goal are in different connected components
    start_blocked,  ///< start cell is not passable
    goal_blocked,   ///< goal cell is not passable
    invalid,        ///< an endpoint is off the map
    partial,        ///< fallback nearest: path to the reachable cell closest to the goal
    node_limit,     ///< the expansion limit stopped the search (path given only with fallback)
    deadline,       ///< the query's time budget ran out (path given only with fallback)
    cancelled,      ///< the batch's CancelToken fired before or while the query ran (path only with fallback)
};

std::string_view to_string(QueryStatus status);
std::string_view to_string(Moves moves);
std::string_view to_string(DiagonalRule rule);
std::string_view to_string(HeuristicKind heuristic);
std::string_view to_string(Algorithm algorithm);
std::string_view to_string(Fallback fallback);
inline constexpr int kQueryStatusCount = 9;

/// One parser per enumeration, the inverse of to_string, shared by the command line, Python and C so
/// that all accept the same names. Names are exact; `jps_plus`, `both_free` and `one_free` are
/// accepted beside `jps+`, `both-free` and `one-free` for callers whose names cannot hold `+` or `-`.
/// An unknown name is an Error about its setting that lists the valid names and the closest one.
/// `oracle` is not an algorithm a caller asks a Solver for, so parse_algorithm refuses it.
Expected<Algorithm> parse_algorithm(std::string_view name);
Expected<Moves> parse_moves(std::string_view name);
Expected<DiagonalRule> parse_diagonal_rule(std::string_view name);
Expected<HeuristicKind> parse_heuristic(std::string_view name);
Expected<Fallback> parse_fallback(std::string_view name);
Expected<QueryStatus> parse_status(std::string_view name);

/// A batch-wide stop signal: any thread calls cancel(); every query of every search that holds the
/// token stops at its next checkpoint (a few microseconds of search), and queries not yet started
/// stop before searching. Both are answered `cancelled`. The token must outlive the searches that
/// hold it; reset() rearms it for another batch.
class GoalBounds;  // goal_bounds.hpp

/// The message of the Error a build (a path oracle's, goal bounds') returns when its cancel token
/// fired before it was done.
inline constexpr const char* kBuildCancelled = "the build was cancelled before it was done";

class CancelToken {
public:
    void cancel() { cancelled_.store(true, std::memory_order_relaxed); }
    void reset() { cancelled_.store(false, std::memory_order_relaxed); }
    [[nodiscard]] bool cancelled() const { return cancelled_.load(std::memory_order_relaxed); }

private:
    std::atomic<bool> cancelled_{false};
};

struct Query {
    std::int64_t start_x = 0;
    std::int64_t start_y = 0;
    std::int64_t goal_x = 0;
    std::int64_t goal_y = 0;
};

struct Counters {
    std::uint64_t expanded = 0;   ///< nodes taken off the open list and expanded
    std::uint64_t generated = 0;  ///< successors evaluated (legal moves out of expanded nodes)
    std::uint64_t heap_pushes = 0;
    std::uint64_t heap_pops = 0;
    std::uint64_t decrease_keys = 0;

    Counters& operator+=(const Counters& other) {
        expanded += other.expanded;
        generated += other.generated;
        heap_pushes += other.heap_pushes;
        heap_pops += other.heap_pops;
        decrease_keys += other.decrease_keys;
        return *this;
    }
    friend bool operator==(const Counters&, const Counters&) = default;
};

struct Result {
    QueryStatus status = QueryStatus::invalid;
    grid::Cost cost_units = 0;  ///< fixed-point cost (grid::kStraightUnits per cheapest straight step)
    double cost = 0;            ///< real cost: grid.to_real_cost(cost_units)
    Counters counters;
    std::vector<grid::CellIndex> path;  ///< start to end, inclusive; empty unless a path is returned
    std::uint64_t nanoseconds = 0;      ///< wall time of the solve, when SearchSettings::time_queries; else 0
};

/// Defaults: `automatic` (jump point search where the benchmark rule and uniform cost hold and no
/// expansion limit is set, A* otherwise), exactly as the command line's `--algorithm auto`.
struct SearchSettings {
    Algorithm algorithm = Algorithm::automatic;
    /// The cell shape the settings are meant for. Unset: the grid's own (Solver::create records it in
    /// the Solver's settings); set: it must be the grid's, or Solver::create refuses the pair.
    std::optional<grid::Topology> topology = std::nullopt;
    Moves moves = Moves::eight;
    DiagonalRule diagonal = DiagonalRule::both_free;
    /// The caller chose `moves` / `diagonal` rather than leaving the defaults (the command line sets
    /// these when --moves / --diagonal-rule is given): hex and triangle maps, where neither applies,
    /// refuse the settings instead of ignoring the choice.
    bool moves_chosen = false;
    bool diagonal_chosen = false;
    HeuristicKind heuristic = HeuristicKind::automatic;
    double weight = 1.0;              ///< weighted A*: f = g + weight·h, weight ≥ 1
    bool allow_inadmissible = false;  ///< accept a heuristic that overestimates for this movement
    Fallback fallback = Fallback::none;
    std::uint64_t max_expansions = 0;  ///< 0: unlimited
    /// Per-query deadline: a query stops (status `deadline`) once this much wall time has passed since
    /// it started; 0: none. Checked every kCheckpointInterval expansions, so a query may overrun it by
    /// one interval's work (tens of microseconds).
    std::chrono::nanoseconds time_budget{0};
    /// Batch-wide cancellation (status `cancelled`); null: none. Not owned; must outlive the searches.
    const CancelToken* cancel = nullptr;
    bool record_paths = true;
    /// Measure each query's wall time into Result::nanoseconds (two clock reads per query).
    bool time_queries = false;
    /// Goal bounds for JPS+ (goal_bounds.hpp), built for the grid the Solver is made on: JPS+ then
    /// follows only the moves whose box holds the goal. Null: none. With them, `automatic` means
    /// jps_plus, and any other algorithm is refused.
    std::shared_ptr<const GoalBounds> goal_bounds = nullptr;
};

/// Expansions between two readings of the clock and the cancel token, when a deadline or a token is set.
inline constexpr std::uint64_t kCheckpointInterval = 1024;

/// What a checkpoint decided: stop with `status`, or go on until `limit` expansions.
struct Checkpoint {
    bool stop = false;
    QueryStatus status = QueryStatus::node_limit;
    std::uint64_t limit = 0;
};

/// When one query's search stops short of its goal: its expansion limit, its deadline and the
/// batch's cancel token. A search loop compares its expansion count with one limit per expansion, as
/// it always did; `first_limit()` is max_expansions (or none) when neither a deadline nor a token is
/// set, so such searches run exactly as before, and otherwise the next checkpoint, every
/// kCheckpointInterval expansions. Only at the limit does the loop call `checkpoint()`, which
/// reads the token and the clock and returns the next limit or the status to stop with.
struct StopConditions {
    std::uint64_t max_expansions = 0;  ///< 0: none
    bool timed = false;                ///< a deadline or a token is in force
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
    const CancelToken* cancel = nullptr;

    /// The conditions of one query that starts now under `settings` (reads the clock only when a
    /// time budget is set).
    static StopConditions for_query(const SearchSettings& settings);
    /// The expansion count at which the loop first calls checkpoint().
    [[nodiscard]] std::uint64_t first_limit() const {
        const std::uint64_t expansions = max_expansions != 0 ? max_expansions : ~std::uint64_t{0};
        return timed ? std::min(expansions, kCheckpointInterval) : expansions;
    }
    /// Called when `expanded` reached the last limit: out of line and cold, off the hot path.
    [[nodiscard]] Checkpoint checkpoint(std::uint64_t expanded) const;
    /// The token or the deadline, read now: the status to stop with, or `found` to go on.
    [[nodiscard]] QueryStatus interrupted() const;
};

/// Endpoints of a query after validation, in both index spaces, and when its search must stop.
struct Endpoints {
    std::uint32_t start_x, start_y, goal_x, goal_y;
    std::uint32_t start, goal;  ///< padded indices
    StopConditions stop;
};

/// The heuristic `automatic` stands for under `moves`: octile for 8-connected, manhattan for 4.
HeuristicKind resolve_heuristic(HeuristicKind heuristic, Moves moves);
/// The heuristic `automatic` stands for on a map of `topology`: the shape's own distance (hex, triangle),
/// or as above on square cells.
HeuristicKind resolve_heuristic(HeuristicKind heuristic, Moves moves, grid::Topology topology);
/// Whether `heuristic` never overestimates under `moves` (and `rule`) on square cells.
bool is_admissible(HeuristicKind heuristic, Moves moves, DiagonalRule rule);
/// Whether `heuristic` is one a search accepts on a hex or triangle map: admissible and consistent
/// there (hex: hex, chebyshev, zero; triangle: triangle, manhattan, octile, euclidean, chebyshev,
/// zero). Every step changes the shape's distance by at most one and moves x and y by at most one
/// each (on triangles, only one of them), and costs at least kStraightUnits. False for square maps (see is_admissible).
bool fits_shape(HeuristicKind heuristic, grid::Topology topology);
/// The factor by which a found path may cost more than the optimum under `settings`: the weight,
/// times √2 when the heuristic overestimates (manhattan under 8 moves: a diagonal step lowers it by 2
/// where the step costs at least √2, so manhattan / √2 is consistent and W·manhattan = W·√2 · that).
/// 1 means the search is optimal.
double cost_bound(const SearchSettings& settings);

}  // namespace swarmpath::search
