// Names of the search vocabulary, and heuristic resolution and admissibility (see types.hpp).
#include "swarmpath/search/types.hpp"

namespace swarmpath::search {

std::string_view to_string(QueryStatus status) {
    switch (status) {
        case QueryStatus::found: return "found";
        case QueryStatus::no_path: return "no_path";
        case QueryStatus::start_blocked: return "start_blocked";
        case QueryStatus::goal_blocked: return "goal_blocked";
        case QueryStatus::invalid: return "invalid";
        case QueryStatus::partial: return "partial";
        case QueryStatus::node_limit: return "node_limit";
        case QueryStatus::deadline: return "deadline";
        case QueryStatus::cancelled: return "cancelled";
    }
    return "unknown";
}

std::string_view to_string(Moves moves) { return moves == Moves::four ? "4" : "8"; }

std::string_view to_string(DiagonalRule rule) {
    switch (rule) {
        case DiagonalRule::both_free: return "both-free";
        case DiagonalRule::one_free: return "one-free";
        case DiagonalRule::any: return "any";
    }
    return "unknown";
}

std::string_view to_string(HeuristicKind heuristic) {
    switch (heuristic) {
        case HeuristicKind::automatic: return "auto";
        case HeuristicKind::octile: return "octile";
        case HeuristicKind::manhattan: return "manhattan";
        case HeuristicKind::euclidean: return "euclidean";
        case HeuristicKind::chebyshev: return "chebyshev";
        case HeuristicKind::zero: return "zero";
        case HeuristicKind::hex: return "hex";
        case HeuristicKind::triangle: return "triangle";
    }
    return "unknown";
}

std::string_view to_string(Algorithm algorithm) {
    switch (algorithm) {
        case Algorithm::automatic: return "auto";
        case Algorithm::astar: return "astar";
        case Algorithm::jps: return "jps";
        case Algorithm::jps_plus: return "jps+";
        case Algorithm::flowfield: return "flowfield";
        case Algorithm::oracle: return "oracle";
    }
    return "unknown";
}

HeuristicKind resolve_heuristic(HeuristicKind heuristic, Moves moves) {
    if (heuristic != HeuristicKind::automatic) return heuristic;
    return moves == Moves::four ? HeuristicKind::manhattan : HeuristicKind::octile;
}

HeuristicKind resolve_heuristic(HeuristicKind heuristic, Moves moves, grid::Topology topology) {
    if (heuristic != HeuristicKind::automatic) return heuristic;
    switch (topology) {
        case grid::Topology::hex: return HeuristicKind::hex;
        case grid::Topology::triangle: return HeuristicKind::triangle;
        case grid::Topology::square: break;
    }
    return resolve_heuristic(heuristic, moves);
}

bool fits_shape(HeuristicKind heuristic, grid::Topology topology) {
    switch (topology) {
        case grid::Topology::hex:
            return heuristic == HeuristicKind::automatic || heuristic == HeuristicKind::hex ||
                   heuristic == HeuristicKind::chebyshev || heuristic == HeuristicKind::zero;
        case grid::Topology::triangle:
            return heuristic == HeuristicKind::automatic || heuristic == HeuristicKind::triangle ||
                   heuristic == HeuristicKind::manhattan || heuristic == HeuristicKind::octile ||
                   heuristic == HeuristicKind::euclidean || heuristic == HeuristicKind::chebyshev ||
                   heuristic == HeuristicKind::zero;
        case grid::Topology::square: break;
    }
    return false;
}

bool is_admissible(HeuristicKind heuristic, Moves moves, DiagonalRule /*rule*/) {
    // Every diagonal rule allows at most the octile metric's shortcuts, so the answer depends on
    // the movement model alone.
    if (moves == Moves::four) return true;
    return resolve_heuristic(heuristic, moves) != HeuristicKind::manhattan;
}

double cost_bound(const SearchSettings& settings) {
    const grid::Topology topology = settings.topology.value_or(grid::Topology::square);
    const bool admissible = topology != grid::Topology::square
                                ? fits_shape(settings.heuristic, topology)
                                : is_admissible(settings.heuristic, settings.moves, settings.diagonal);
    return settings.weight * (admissible ? 1.0 : 1.4142135623730951);
}

StopConditions StopConditions::for_query(const SearchSettings& settings) {
    StopConditions stop;
    stop.max_expansions = settings.max_expansions;
    stop.cancel = settings.cancel;
    if (settings.time_budget.count() > 0) stop.deadline = std::chrono::steady_clock::now() + settings.time_budget;
    stop.timed = settings.cancel != nullptr || settings.time_budget.count() > 0;
    return stop;
}

QueryStatus StopConditions::interrupted() const {
    if (cancel != nullptr && cancel->cancelled()) return QueryStatus::cancelled;
    if (deadline != std::chrono::steady_clock::time_point::max() && std::chrono::steady_clock::now() >= deadline) {
        return QueryStatus::deadline;
    }
    return QueryStatus::found;
}

[[gnu::cold]] [[gnu::noinline]] Checkpoint StopConditions::checkpoint(std::uint64_t expanded) const {
    Checkpoint next;
    if (max_expansions != 0 && expanded >= max_expansions) {
        next.stop = true;
        next.status = QueryStatus::node_limit;
        return next;
    }
    if (const QueryStatus status = interrupted(); status != QueryStatus::found) {
        next.stop = true;
        next.status = status;
        return next;
    }
    next.limit = expanded + kCheckpointInterval;
    if (max_expansions != 0) next.limit = std::min(next.limit, max_expansions);
    return next;
}

}  // namespace swarmpath::search
