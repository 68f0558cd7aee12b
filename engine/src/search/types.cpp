// Names of the search vocabulary and their parsers, and heuristic resolution and admissibility (see
// types.hpp).
#include "swarmpath/search/types.hpp"

#include <array>
#include <utility>

namespace swarmpath::search {
namespace {

template <class Value>
struct NamedValue {
    std::string_view name;
    Value value;
};

/// The value named `name` in `table`, or an Error about `setting` (or, when it is none, about the
/// `subject` named) listing `listed` (the names to show: aliases stay out of the list) and the
/// closest of them.
template <class Value, std::size_t Count, std::size_t Listed>
Expected<Value> parse_named(std::string_view name, Setting setting, const std::array<NamedValue<Value>, Count>& table,
                            const std::array<std::string_view, Listed>& listed, std::string_view subject = {}) {
    for (const NamedValue<Value>& entry : table) {
        if (entry.name == name) return entry.value;
    }
    const std::string named = setting == Setting::none ? std::string(subject) + " '" + std::string(name) + "'"
                                                       : setting_placeholder(setting, name);
    std::string message = named + " is unknown: expected " + list_names(listed);
    if (const std::string_view closest = closest_name(name, listed); !closest.empty()) {
        message.append(" (did you mean ").append(closest).append("?)");
    }
    return Error{"", 0, 0, std::move(message), setting, std::string(name)};
}

}  // namespace

Expected<Algorithm> parse_algorithm(std::string_view name) {
    static constexpr std::array<NamedValue<Algorithm>, 6> table = {{{"auto", Algorithm::automatic},
                                                                    {"astar", Algorithm::astar},
                                                                    {"jps", Algorithm::jps},
                                                                    {"jps+", Algorithm::jps_plus},
                                                                    {"jps_plus", Algorithm::jps_plus},
                                                                    {"flowfield", Algorithm::flowfield}}};
    static constexpr std::array<std::string_view, 5> listed = {"auto", "astar", "jps", "jps+", "flowfield"};
    return parse_named(name, Setting::algorithm, table, listed);
}

Expected<Moves> parse_moves(std::string_view name) {
    static constexpr std::array<NamedValue<Moves>, 2> table = {{{"8", Moves::eight}, {"4", Moves::four}}};
    static constexpr std::array<std::string_view, 2> listed = {"8", "4"};
    return parse_named(name, Setting::moves, table, listed);
}

Expected<DiagonalRule> parse_diagonal_rule(std::string_view name) {
    static constexpr std::array<NamedValue<DiagonalRule>, 5> table = {{{"both-free", DiagonalRule::both_free},
                                                                       {"both_free", DiagonalRule::both_free},
                                                                       {"one-free", DiagonalRule::one_free},
                                                                       {"one_free", DiagonalRule::one_free},
                                                                       {"any", DiagonalRule::any}}};
    static constexpr std::array<std::string_view, 3> listed = {"both-free", "one-free", "any"};
    return parse_named(name, Setting::diagonal_rule, table, listed);
}

Expected<HeuristicKind> parse_heuristic(std::string_view name) {
    static constexpr std::array<NamedValue<HeuristicKind>, 8> table = {{{"auto", HeuristicKind::automatic},
                                                                        {"octile", HeuristicKind::octile},
                                                                        {"manhattan", HeuristicKind::manhattan},
                                                                        {"euclidean", HeuristicKind::euclidean},
                                                                        {"chebyshev", HeuristicKind::chebyshev},
                                                                        {"zero", HeuristicKind::zero},
                                                                        {"hex", HeuristicKind::hex},
                                                                        {"triangle", HeuristicKind::triangle}}};
    static constexpr std::array<std::string_view, 8> listed = {"auto",      "octile", "manhattan", "euclidean",
                                                               "chebyshev", "zero",   "hex",       "triangle"};
    return parse_named(name, Setting::heuristic, table, listed);
}

Expected<Fallback> parse_fallback(std::string_view name) {
    static constexpr std::array<NamedValue<Fallback>, 2> table = {
        {{"none", Fallback::none}, {"nearest", Fallback::nearest}}};
    static constexpr std::array<std::string_view, 2> listed = {"none", "nearest"};
    return parse_named(name, Setting::fallback, table, listed);
}

Expected<QueryStatus> parse_status(std::string_view name) {
    static constexpr std::array<NamedValue<QueryStatus>, kQueryStatusCount> table = {
        {{"found", QueryStatus::found},
         {"no_path", QueryStatus::no_path},
         {"start_blocked", QueryStatus::start_blocked},
         {"goal_blocked", QueryStatus::goal_blocked},
         {"invalid", QueryStatus::invalid},
         {"partial", QueryStatus::partial},
         {"node_limit", QueryStatus::node_limit},
         {"deadline", QueryStatus::deadline},
         {"cancelled", QueryStatus::cancelled}}};
    static constexpr std::array<std::string_view, kQueryStatusCount> listed = {
        "found",   "no_path",    "start_blocked", "goal_blocked", "invalid",
        "partial", "node_limit", "deadline",      "cancelled"};
    return parse_named(name, Setting::none, table, listed, "status");
}

std::string_view to_string(Fallback fallback) { return fallback == Fallback::nearest ? "nearest" : "none"; }

std::string_view to_string(QueryStatus status) {
    switch (status) {
        case QueryStatus::found:
            return "found";
        case QueryStatus::no_path:
            return "no_path";
        case QueryStatus::start_blocked:
            return "start_blocked";
        case QueryStatus::goal_blocked:
            return "goal_blocked";
        case QueryStatus::invalid:
            return "invalid";
        case QueryStatus::partial:
            return "partial";
        case QueryStatus::node_limit:
            return "node_limit";
        case QueryStatus::deadline:
            return "deadline";
        case QueryStatus::cancelled:
            return "cancelled";
    }
    return "unknown";
}

std::string_view to_string(Moves moves) { return moves == Moves::four ? "4" : "8"; }

std::string_view to_string(DiagonalRule rule) {
    switch (rule) {
        case DiagonalRule::both_free:
            return "both-free";
        case DiagonalRule::one_free:
            return "one-free";
        case DiagonalRule::any:
            return "any";
    }
    return "unknown";
}

std::string_view to_string(HeuristicKind heuristic) {
    switch (heuristic) {
        case HeuristicKind::automatic:
            return "auto";
        case HeuristicKind::octile:
            return "octile";
        case HeuristicKind::manhattan:
            return "manhattan";
        case HeuristicKind::euclidean:
            return "euclidean";
        case HeuristicKind::chebyshev:
            return "chebyshev";
        case HeuristicKind::zero:
            return "zero";
        case HeuristicKind::hex:
            return "hex";
        case HeuristicKind::triangle:
            return "triangle";
    }
    return "unknown";
}

std::string_view to_string(Algorithm algorithm) {
    switch (algorithm) {
        case Algorithm::automatic:
            return "auto";
        case Algorithm::astar:
            return "astar";
        case Algorithm::jps:
            return "jps";
        case Algorithm::jps_plus:
            return "jps+";
        case Algorithm::flowfield:
            return "flowfield";
        case Algorithm::oracle:
            return "oracle";
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
        case grid::Topology::hex:
            return HeuristicKind::hex;
        case grid::Topology::triangle:
            return HeuristicKind::triangle;
        case grid::Topology::square:
            break;
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
        case grid::Topology::square:
            break;
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
