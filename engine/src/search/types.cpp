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
    }
    return "unknown";
}

HeuristicKind resolve_heuristic(HeuristicKind heuristic, Moves moves) {
    if (heuristic != HeuristicKind::automatic) return heuristic;
    return moves == Moves::four ? HeuristicKind::manhattan : HeuristicKind::octile;
}

bool is_admissible(HeuristicKind heuristic, Moves moves, DiagonalRule /*rule*/) {
    // Every diagonal rule allows at most the octile metric's shortcuts, so the answer depends on
    // the movement model alone.
    if (moves == Moves::four) return true;
    return resolve_heuristic(heuristic, moves) != HeuristicKind::manhattan;
}

double cost_bound(const SearchSettings& settings) {
    const bool admissible = is_admissible(settings.heuristic, settings.moves, settings.diagonal);
    return settings.weight * (admissible ? 1.0 : 1.4142135623730951);
}

}  // namespace swarmpath::search
