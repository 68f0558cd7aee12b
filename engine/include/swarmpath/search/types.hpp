// The vocabulary of a search: queries, settings (movement model, diagonal rule, heuristic, weight,
// fallback, limits), per-query statuses and counters. Settings are chosen once per batch; the
// solver turns them into one compiled instantiation of the search (see solver.hpp).
//
// Movement semantics (FORMATS.md):
//   - 8-connected: straight steps cost 1, diagonal steps √2, times the cost of the cell entered.
//   - Diagonal rules: both_free (the Moving AI benchmark rule: both orthogonal side cells passable),
//     one_free (at least one side passable), any (only the destination must be passable).
//     "Passable" for a side cell means passable on the mover's layer.
//   - 4-connected: straight steps only.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "swarmpath/grid/grid.hpp"

namespace swarmpath::search {

enum class Moves : std::uint8_t { four, eight };
enum class DiagonalRule : std::uint8_t { both_free, one_free, any };
enum class HeuristicKind : std::uint8_t { automatic, octile, manhattan, euclidean, chebyshev, zero };
enum class Fallback : std::uint8_t { none, nearest };
enum class Algorithm : std::uint8_t { automatic, astar, jps, jps_plus, flowfield };

enum class QueryStatus : std::uint8_t {
    found,          ///< optimal (or, with weight W, at most W × optimal) path to the goal
    no_path,        ///< start and goal are in different connected components
    start_blocked,  ///< start cell is not passable
    goal_blocked,   ///< goal cell is not passable
    invalid,        ///< an endpoint is off the map
    partial,        ///< fallback nearest: path to the reachable cell closest to the goal
    node_limit,     ///< the expansion limit stopped the search (path given only with fallback)
};

std::string_view to_string(QueryStatus status);
std::string_view to_string(Moves moves);
std::string_view to_string(DiagonalRule rule);
std::string_view to_string(HeuristicKind heuristic);
std::string_view to_string(Algorithm algorithm);
inline constexpr int kQueryStatusCount = 7;

struct Query {
    std::int64_t start_x = 0;
    std::int64_t start_y = 0;
    std::int64_t goal_x = 0;
    std::int64_t goal_y = 0;
};

struct Counters {
    std::uint64_t expanded = 0;       ///< nodes taken off the open list and expanded
    std::uint64_t generated = 0;      ///< successors evaluated (legal moves out of expanded nodes)
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
};

struct SearchSettings {
    Algorithm algorithm = Algorithm::astar;
    Moves moves = Moves::eight;
    DiagonalRule diagonal = DiagonalRule::both_free;
    HeuristicKind heuristic = HeuristicKind::automatic;
    double weight = 1.0;              ///< weighted A*: f = g + weight·h, weight ≥ 1
    bool allow_inadmissible = false;  ///< accept a heuristic that overestimates for this movement
    Fallback fallback = Fallback::none;
    std::uint64_t max_expansions = 0; ///< 0: unlimited
    bool record_paths = true;
};

/// The heuristic `automatic` stands for under `moves`: octile for 8-connected, manhattan for 4.
HeuristicKind resolve_heuristic(HeuristicKind heuristic, Moves moves);
/// Whether `heuristic` never overestimates under `moves` (and `rule`).
bool is_admissible(HeuristicKind heuristic, Moves moves, DiagonalRule rule);
/// The factor by which a found path may cost more than the optimum under `settings`: the weight,
/// times √2 when the heuristic overestimates (manhattan under 8 moves: a diagonal step lowers it by 2
/// where the step costs at least √2, so manhattan / √2 is consistent and W·manhattan = W·√2 · that).
/// 1 means the search is optimal.
double cost_bound(const SearchSettings& settings);

}  // namespace swarmpath::search
