// Side-by-side peer benchmark: Boost Graph's astar_search against swarmpath's A* on the same maps
// and the same scenario queries, in one process, one thread. For each scenario file it prints the
// median time per query of each engine, the ratio (Boost time / swarmpath time), the expansions per
// second of each and the largest cost difference between the two (they must agree: both are
// optimal under the Moving AI rule, 8-connected, no corner cutting, diagonal √2).
//
// How the peer is set up, to be fair to it:
//   - the map becomes a boost::compressed_sparse_row_graph (Boost's fastest static graph) with one
//     vertex per map cell and one edge per legal move, built once per map, outside the timing;
//   - the property maps (distance, rank, colour, predecessor) are vectors allocated once per map and
//     reused; astar_search itself re-initialises every vertex on every query (that is its design);
//   - the heuristic is the octile distance in doubles; the search stops at the goal through the
//     visitor exception that Boost's documentation prescribes;
//   - neither side extracts the path (swarmpath runs with record_paths = false).
// Times are the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID), which other processes on a
// shared machine disturb far less than wall time. The engines take turns on blocks of 16 queries,
// so a drift in the machine's speed hits both alike; the ratio printed is the median over
// --repetitions of each repetition's (Boost time / swarmpath time).
// Usage: swarmpath_boost_peer [--repetitions R] [--stride K] [--json FILE] SCENARIO...
// Exit status 1 when the two engines disagree on a cost, 2 on bad input.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include <boost/graph/astar_search.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>

#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/atomic_file.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/scenario_file.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/solver.hpp"
#include "thread_timing.hpp"

namespace {

using namespace swarmpath;
using bench::median;
using bench::thread_seconds;

struct EdgeData {
    double weight = 1.0;
};
using BoostGraph = boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, EdgeData>;
using Vertex = boost::graph_traits<BoostGraph>::vertex_descriptor;

/// The benchmark move rule, written directly over map letters for the peer's graph.
BoostGraph build_boost_graph(const io::MapFile& map, const grid::TerrainTable& terrain) {
    auto open = [&](std::int64_t x, std::int64_t y) {
        if (x < 0 || y < 0 || x >= map.width || y >= map.height) return false;
        return terrain.rule(map.letter(static_cast<std::uint32_t>(x), static_cast<std::uint32_t>(y))).passable;
    };
    std::vector<std::pair<std::size_t, std::size_t>> edges;
    std::vector<EdgeData> weights;
    for (std::int64_t y = 0; y < map.height; ++y) {
        for (std::int64_t x = 0; x < map.width; ++x) {
            if (!open(x, y)) continue;
            for (int dy = -1; dy <= 1; ++dy) {
                for (int dx = -1; dx <= 1; ++dx) {
                    if ((dx == 0 && dy == 0) || !open(x + dx, y + dy)) continue;
                    const bool diagonal = dx != 0 && dy != 0;
                    if (diagonal && !(open(x + dx, y) && open(x, y + dy))) continue;
                    edges.emplace_back(static_cast<std::size_t>(y * map.width + x),
                                       static_cast<std::size_t>((y + dy) * map.width + (x + dx)));
                    weights.push_back({diagonal ? std::sqrt(2.0) : 1.0});
                }
            }
        }
    }
    return BoostGraph(boost::edges_are_sorted, edges.begin(), edges.end(), weights.begin(),
                      static_cast<std::size_t>(map.width) * map.height);
}

class OctileHeuristic : public boost::astar_heuristic<BoostGraph, double> {
public:
    OctileHeuristic(std::uint32_t width, std::uint32_t goal_x, std::uint32_t goal_y)
        : width_(width), goal_x_(goal_x), goal_y_(goal_y) {}
    double operator()(Vertex vertex) const {
        const double dx = std::abs(static_cast<double>(vertex % width_) - goal_x_);
        const double dy = std::abs(static_cast<double>(vertex / width_) - goal_y_);
        return std::max(dx, dy) + (std::sqrt(2.0) - 1.0) * std::min(dx, dy);
    }

private:
    std::uint32_t width_;
    double goal_x_;
    double goal_y_;
};

struct FoundGoal {};

class CountingVisitor : public boost::default_astar_visitor {
public:
    CountingVisitor(Vertex goal, std::uint64_t* expanded) : goal_(goal), expanded_(expanded) {}
    void examine_vertex(Vertex vertex, const BoostGraph&) {
        ++*expanded_;
        if (vertex == goal_) throw FoundGoal{};
    }

private:
    Vertex goal_;
    std::uint64_t* expanded_;
};

struct PeerState {
    std::vector<double> distance, rank;
    std::vector<Vertex> predecessor;
    std::vector<boost::default_color_type> colour;
    explicit PeerState(std::size_t vertices)
        : distance(vertices), rank(vertices), predecessor(vertices), colour(vertices) {}
};

/// One Boost query: the cost (or -1 when unreachable) and its expansions added to `expanded`.
double boost_query(const BoostGraph& graph, PeerState& state, std::uint32_t width, const search::Query& query,
                   std::uint64_t* expanded) {
    const auto start = static_cast<Vertex>(query.start_y * width + query.start_x);
    const auto goal = static_cast<Vertex>(query.goal_y * width + query.goal_x);
    try {
        boost::astar_search(
            graph, start,
            OctileHeuristic(width, static_cast<std::uint32_t>(query.goal_x), static_cast<std::uint32_t>(query.goal_y)),
            boost::visitor(CountingVisitor(goal, expanded))
                .predecessor_map(state.predecessor.data())
                .distance_map(state.distance.data())
                .rank_map(state.rank.data())
                .color_map(state.colour.data())
                .weight_map(boost::get(&EdgeData::weight, graph)));
    } catch (const FoundGoal&) {
        return state.distance[goal];
    }
    return -1;
}

struct Row {
    std::string scenario;
    std::size_t queries = 0;
    double swarmpath_seconds = 0, boost_seconds = 0;
    std::uint64_t swarmpath_expanded = 0, boost_expanded = 0;
    double max_difference = 0;
    double ratio = 0;  ///< median over repetitions of (Boost time / swarmpath time)
};

int run(int argc, char** argv) {
    int repetitions = 3;
    std::size_t stride = 1;
    std::string json_path;
    std::vector<std::string> scenarios;
    for (int index = 1; index < argc; ++index) {
        std::string argument = argv[index];
        if (argument == "--repetitions" && index + 1 < argc) {
            repetitions = std::max(1, std::atoi(argv[++index]));
        } else if (argument == "--stride" && index + 1 < argc) {
            stride = static_cast<std::size_t>(std::max(1, std::atoi(argv[++index])));
        } else if (argument == "--json" && index + 1 < argc) {
            json_path = argv[++index];
        } else if (!argument.empty() && argument[0] == '-') {
            std::fprintf(stderr, "usage: %s [--repetitions R] [--stride K] [--json FILE] SCENARIO...\n", argv[0]);
            return 2;
        } else {
            scenarios.push_back(argument);
        }
    }
    if (scenarios.empty()) {
        std::fprintf(stderr, "usage: %s [--repetitions R] [--stride K] [--json FILE] SCENARIO...\n", argv[0]);
        return 2;
    }
    const grid::TerrainTable terrain = grid::TerrainTable::benchmark();
    std::vector<Row> rows;
    bool disagree = false;
    std::printf("%-24s %7s %12s %12s %8s %14s %14s %10s\n", "scenario", "queries", "sp cpu us", "boost cpu us", "ratio",
                "swarmpath exp/s", "boost exp/s", "max diff");
    for (const std::string& scenario_path : scenarios) {
        Expected<io::ScenarioFile> scenario = io::read_scenario_file(scenario_path);
        if (!scenario) {
            std::fprintf(stderr, "%s\n", scenario.error().describe().c_str());
            return 2;
        }
        if (scenario->rows.empty()) continue;
        const std::string map_path = io::resolve_map_path(scenario_path, scenario->rows.front().map_name);
        Expected<io::MapFile> map = io::read_map_file(map_path, terrain);
        if (!map) {
            std::fprintf(stderr, "%s\n", map.error().describe().c_str());
            return 2;
        }
        Expected<grid::Grid> grid = grid::Grid::build(*map, terrain);
        if (!grid) {
            std::fprintf(stderr, "%s\n", grid.error().describe().c_str());
            return 2;
        }
        search::SearchSettings settings;
        settings.algorithm = search::Algorithm::astar;  // the peer comparison is A* against A*
        settings.record_paths = false;
        Expected<search::Solver> solver = search::Solver::create(*grid, settings);
        if (!solver) {
            std::fprintf(stderr, "%s\n", solver.error().describe().c_str());
            return 2;
        }
        // Queries both engines search: start != goal, both passable (the benchmark rows all are).
        std::vector<search::Query> queries;
        for (std::size_t index = 0; index < scenario->rows.size(); index += stride) {
            const io::ScenarioRow& row = scenario->rows[index];
            if (row.start_x == row.goal_x && row.start_y == row.goal_y) continue;
            queries.push_back({row.start_x, row.start_y, row.goal_x, row.goal_y});
        }
        const BoostGraph graph = build_boost_graph(*map, terrain);
        PeerState state(static_cast<std::size_t>(map->width) * map->height);
        search::SearchContext context;
        std::vector<double> swarmpath_costs(queries.size()), boost_costs(queries.size());
        std::vector<double> swarmpath_times, boost_times, ratios;
        Row row;
        row.scenario = scenario_path.substr(scenario_path.find_last_of('/') + 1);
        row.queries = queries.size();
        search::Result result;
        // The engines take turns on blocks of kBlockQueries queries (about a millisecond or more of
        // work each), so both see the same machine: on a shared virtual machine whose speed drifts
        // by tens of percent within seconds, timing one engine's whole pass and then the other's
        // measured the drift as much as the engines.
        constexpr std::size_t kBlockQueries = 16;
        for (int repetition = 0; repetition < repetitions; ++repetition) {
            std::uint64_t swarmpath_expanded = 0;
            std::uint64_t boost_expanded = 0;
            double swarmpath_total = 0;
            double boost_total = 0;
            for (std::size_t block = 0; block < queries.size(); block += kBlockQueries) {
                const std::size_t end = std::min(queries.size(), block + kBlockQueries);
                double begin = thread_seconds();
                for (std::size_t index = block; index < end; ++index) {
                    solver->solve(context, queries[index], result);
                    swarmpath_expanded += result.counters.expanded;
                    swarmpath_costs[index] = result.status == search::QueryStatus::found ? result.cost : -1;
                }
                swarmpath_total += thread_seconds() - begin;
                begin = thread_seconds();
                for (std::size_t index = block; index < end; ++index) {
                    boost_costs[index] = boost_query(graph, state, map->width, queries[index], &boost_expanded);
                }
                boost_total += thread_seconds() - begin;
            }
            swarmpath_times.push_back(swarmpath_total);
            boost_times.push_back(boost_total);
            ratios.push_back(boost_total / swarmpath_total);
            row.swarmpath_expanded = swarmpath_expanded;
            row.boost_expanded = boost_expanded;
        }
        for (std::size_t index = 0; index < queries.size(); ++index) {
            const double difference = std::abs(swarmpath_costs[index] - boost_costs[index]);
            row.max_difference = std::max(row.max_difference, difference);
            if (difference > 1e-5 * std::max(1.0, boost_costs[index])) disagree = true;
        }
        row.swarmpath_seconds = median(swarmpath_times);
        row.boost_seconds = median(boost_times);
        row.ratio = median(ratios);
        const double count = static_cast<double>(row.queries);
        std::printf("%-24s %7zu %12.1f %12.1f %7.2fx %14.3e %14.3e %10.2e\n", row.scenario.c_str(), row.queries,
                    row.swarmpath_seconds / count * 1e6, row.boost_seconds / count * 1e6, row.ratio,
                    static_cast<double>(row.swarmpath_expanded) / row.swarmpath_seconds,
                    static_cast<double>(row.boost_expanded) / row.boost_seconds, row.max_difference);
        std::fflush(stdout);
        rows.push_back(row);
    }
    if (!json_path.empty()) {
        std::string text = "{\n  \"peer\": \"boost::astar_search\",\n  \"rows\": [\n";
        for (std::size_t index = 0; index < rows.size(); ++index) {
            const Row& row = rows[index];
            char line[512];
            std::snprintf(line, sizeof(line),
                          "    {\"scenario\": \"%s\", \"queries\": %zu, \"swarmpath_seconds\": %.6f, "
                          "\"boost_seconds\": %.6f, \"ratio\": %.4f, \"swarmpath_expanded\": %llu, "
                          "\"boost_expanded\": %llu, \"max_cost_difference\": %.3e}%s\n",
                          row.scenario.c_str(), row.queries, row.swarmpath_seconds, row.boost_seconds, row.ratio,
                          static_cast<unsigned long long>(row.swarmpath_expanded),
                          static_cast<unsigned long long>(row.boost_expanded), row.max_difference,
                          index + 1 < rows.size() ? "," : "");
            text += line;
        }
        text += "  ]\n}\n";
        if (Status status = io::write_file_atomically(json_path, text); !status) {
            std::fprintf(stderr, "%s\n", status.error().describe().c_str());
            return 2;
        }
    }
    if (disagree) {
        std::fprintf(stderr, "swarmpath and Boost disagree on a cost\n");
        return 1;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) { return run(argc, argv); }
