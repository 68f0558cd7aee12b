// `auto`'s cost model: which of A*, JPS, JPS+ and goal fields answers a scenario set's queries, per
// goal group and per set, from estimates in seconds (issue 19). Pure functions of numbers, so the
// rule can be tested and documented on its own; the crowd solver (crowd_solver.cpp) gathers the
// inputs and runs what is chosen. The inputs are deterministic (counts, the map's passable bits,
// the counters of a few probe searches), so the same set on the same map always gets the same choice.
//
// The model (constants fitted to CPU times of the bundled scenario files and of generated crowds,
// one thread; docs/performance.md, "How auto chooses"). A query that expands E nodes and generates
// G successors between endpoints D cells apart (octile), on a map whose mean horizontal run of
// passable cells is r (R = min(r, 64)), costs
//       A*:   55 ns · E
//       JPS:  70 ns · E + 35 ns · G + 1.0 ns · R · D   (the online jumps scan further on open maps)
//       JPS+: 60 ns · E + 20 ns · G + 0.25 ns · R · D  (the same jump points, read from the table)
//             + 60 ns · E · clamp((6 − r) / 3, 0, 1)   (on cluttered maps the 16-byte-per-cell table
//             misses the cache where JPS's short scans stay in its bits: maze512-1, r 2.2, 153 ns
//             against JPS's 103 ns per expansion)
//   the JPS+ table, once per map   = 100 ns · padded cells
//   a goal field, once per group   = 48 ns · min(component cells, 2·d_max²) + 1 ns · map cells
// E and G come from probe searches (JPS where the benchmark rule holds, else A*), whose answers
// are kept. A group takes a field when its field costs less than searching its agents one by one;
// the rest of the set takes JPS+ when the table plus JPS+'s searches cost less than JPS's.
// Maps or settings outside the benchmark rule (terrain, 4-connected moves, weights, fallback, an
// expansion cap) have no jump points: A* there, against fields.
#pragma once

#include <cstddef>

#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::batch {

/// The model's constants, in seconds (see the file comment and docs/performance.md).
struct CostConstants {
    double astar_expansion = 55e-9;  ///< A*: 47–59 ns per expansion on the bundled maps
    double jump_expansion = 70e-9;
    double jump_generated = 35e-9;
    double jump_scan = 1.0e-9;       ///< per cell of distance and of mean run
    double table_expansion = 60e-9;
    double table_generated = 20e-9;
    double table_scan = 0.25e-9;
    double table_clutter = 60e-9;    ///< per expansion, in full at a mean run of 3 cells or less
    double clutter_run = 6;          ///< ... fading out linearly to none at this mean run
    double longest_run = 64;         ///< runs longer than this scan no further per step (R)
    double table_cell = 100e-9;      ///< the JPS+ table: 68 (512²) to 144 ns (1024²) per padded cell
    double field_cell = 48e-9;       ///< a goal field's Dijkstra per settled cell (docs/crowds.md)
    double field_clear = 1e-9;       ///< a field's arrays, per padded cell
};
inline constexpr CostConstants kCostConstants{};

/// The map's mean horizontal run of passable cells (passable cells over runs), from its bits.
double mean_passable_run(const grid::Grid& grid);

/// The work of one query, as a probe search measured it (or a mean over probes).
struct QueryWork {
    double expansions = 0;
    double generated = 0;
    double distance = 0;  ///< octile distance between the endpoints, cells
};

/// Estimated seconds of one per-agent query of `algorithm` (astar, jps or jps_plus) doing `work`
/// on a map whose mean passable run is `mean_run`. JPS and JPS+ expand the same jump points, so
/// the expansions of a JPS probe serve for both.
double query_seconds(search::Algorithm algorithm, const QueryWork& work, double mean_run);

/// The expansions (nothing generated) at which query_seconds of `algorithm` over `distance` cells
/// reaches `seconds`: a probe search that has expanded this many nodes without reaching its goal
/// already shows the query costs at least `seconds`, so it can stop there. At least 1.
double expansions_for_seconds(search::Algorithm algorithm, double seconds, double distance, double mean_run);

/// What auto knows when it picks the per-agent search for a set's remaining queries.
struct SearchWorkload {
    std::size_t queries = 0;  ///< queries left to search one by one
    QueryWork per_query;      ///< mean over the JPS probe queries
    double mean_run = 1;      ///< mean_passable_run of the map
    std::size_t padded_cells = 0;  ///< what the JPS+ table covers
};

/// Estimated seconds of the workload under JPS, and under JPS+ with its table.
double jump_point_seconds(const SearchWorkload& workload);
double jump_table_seconds(const SearchWorkload& workload);
/// jps_plus when the table pays for itself on this workload, otherwise jps.
search::Algorithm choose_jump_points(const SearchWorkload& workload);
/// True when the table pays for itself twice over even at `workload`'s work, taken as a lower bound
/// (one expansion, nothing generated, the mean distance), on a map open enough (mean run of at
/// least CostConstants::clutter_run) that a JPS+ expansion never costs more than a JPS one: then no
/// probe is needed to choose JPS+.
bool jump_table_certain(const SearchWorkload& least);

/// What auto knows about one goal group when it weighs a field against per-agent search.
struct FieldWorkload {
    std::size_t agents = 0;          ///< agents still to answer (probe agents excluded)
    double seconds_per_agent = 0;    ///< query_seconds of the per-agent search, from a probe
    double max_distance = 0;         ///< largest octile distance from a start to the goal, cells
    std::size_t component_cells = 0; ///< passable cells connected to the goal
    std::size_t map_cells = 0;       ///< padded cells of the map (a field initialises them all)
};

/// Estimated seconds of one field for the group: the cells its Dijkstra settles before the last
/// agent (at most the goal's component, at most the disc out to the farthest agent) and its arrays.
double field_seconds(const FieldWorkload& workload);
/// True when one field is expected to cost less than searching every agent of the group.
bool choose_field(const FieldWorkload& workload);

}  // namespace swarmpath::batch
