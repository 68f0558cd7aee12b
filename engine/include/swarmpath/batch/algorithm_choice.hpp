// `auto`'s cost model: which of A*, JPS, JPS+ and goal fields answers a scenario set's queries, per
// goal group and per set, from estimates in seconds. Pure functions of numbers, so the
// rule can be tested and documented on its own; the crowd solver (crowd_solver.cpp) gathers the
// inputs and runs what is chosen. The inputs are deterministic (counts, the map's passable bits,
// the counters of a few probe searches), so the same set on the same map always gets the same choice.
//
// The model (constants fitted to CPU times of the bundled scenario files, one thread; docs/
// performance.md, "How auto chooses"). A query that expands E nodes and generates G successors
// between endpoints D cells apart (octile), on a map whose mean horizontal run of passable cells is
// r (R = min(r, 64)), costs
//       A*:   40 ns · E
//       JPS:  28 ns · E + 45 ns · G + 0.007 ns · R · D
//       JPS+: JPS − 19 ns · E                        (the same jump points and successors, the
//                                                     jump distances read from the table)
//             + 12 ns · E · clamp((6 − r) / 3, 0, 1) (on cluttered maps JPS's scans are short, so
//                                                     the table saves less: 5-12 ns an expansion)
//   the JPS+ table, once per map of C padded cells = C · (9 ns + 8 ns / r)
//   a goal field, once per group   = 30 ns · min(component cells, 2·d_max²) + 1 ns · map cells
// JPS's constants are 2026-12-05's: a refit on 2026-12-07 gave 23 ns · E + 33 ns · G (JPS got
// faster), but its only other use, a goal group's field against searching its agents, then sent a
// group of 750 agents on CatwalkAlley to JPS at 1.55 times the field's time: the probes, one to four
// agents scaled to the group's mean distance, understate the group's searches, and the higher
// constants made up for it. JPS against JPS+ turns on the saving alone.
// JPS+ is written as JPS less what the table saves because the choice turns on that difference,
// which is small beside either cost: fitted each on its own, the two estimates were within 1.3
// times of the measurements but their difference was not. The saving measured per expansion is
// 8-26 ns (median 19) on the open bundled maps from 65x81 to 1024², and 9-53 ns on generated 2048²
// maps: no trend in the map's size since the table takes one byte a direction. E and G come from
// probe searches (JPS where the benchmark rule holds, else A*), whose answers are kept. A group
// takes a field when its field costs less than searching its agents one by one; the rest of the set
// takes JPS+ when the table plus JPS+'s searches cost at most close_call (1.0) times JPS's. A set
// whose table pays for itself even at the least work a query can do (one expansion, nothing
// generated) takes JPS+ without probes: JPS+ saves part of JPS's cost per expansion, which grows
// with the work.
// Maps or settings outside the benchmark rule (terrain, 4-connected moves, weights, fallback, an
// expansion cap) have no jump points: A* there, against fields.
#pragma once

#include <cstddef>

#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::batch {

/// The model's constants, in seconds (see the file comment and docs/performance.md).
struct CostConstants {
    double astar_expansion = 40e-9;    ///< A*: 37–53 ns per expansion on the bundled maps
    double jump_expansion = 28e-9;     ///< (fitted 2026-12-05; see the file comment for why not refitted)
    double jump_generated = 45e-9;     ///< JPS+ generates the same successors, at the same cost
    double jump_scan = 0.007e-9;       ///< per cell of distance and of mean run
    double table_saving = 19e-9;       ///< JPS+ per expansion below JPS (measured 8–26 ns off cluttered maps)
    double table_clutter = 12e-9;      ///< ... less this, in full at a mean run of 3 or less (measured 5–12 ns saved)
    double clutter_run = 6;            ///< ... fading out linearly to none at this mean run
    double longest_run = 64;           ///< runs longer than this scan no further per step (R)
    double table_cell = 9e-9;          ///< the JPS+ table per padded cell (measured 6–14 ns), ...
    double table_cell_clutter = 8e-9;  ///< ... plus this over the mean run
    double field_cell = 30e-9;         ///< a goal field's Dijkstra per settled cell, its read-offs included
    double field_clear = 1e-9;         ///< a field's arrays, per padded cell
    double close_call = 1.0;           ///< JPS+ is taken while its estimate is at most this times JPS's
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
/// on a map whose mean passable run is `mean_run`. JPS and JPS+ expand the same jump points, so the
/// expansions of a JPS probe serve for both.
double query_seconds(search::Algorithm algorithm, const QueryWork& work, double mean_run);

/// The expansions E at which query_seconds of `algorithm` over `distance` cells, with E − 1
/// successors generated, reaches `seconds`: a probe search that has expanded this many nodes
/// without reaching its goal already shows the query costs at least `seconds`, so it can stop
/// there. Every node expanded after the start was generated first, so a search that expanded E
/// nodes generated at least E − 1: the least its work can be. At least 1; infinite where further
/// expansions would add nothing to the estimate.
double expansions_for_seconds(search::Algorithm algorithm, double seconds, double distance, double mean_run);

/// What auto knows when it picks the per-agent search for a set's remaining queries.
struct SearchWorkload {
    std::size_t queries = 0;       ///< queries left to search one by one
    QueryWork per_query;           ///< mean over the JPS probe queries
    double mean_run = 1;           ///< mean_passable_run of the map
    std::size_t padded_cells = 0;  ///< what the JPS+ table covers
};

/// Estimated seconds of building the JPS+ table of a map of `padded_cells` cells whose mean passable
/// run is `mean_run`.
double jump_table_build_seconds(std::size_t padded_cells, double mean_run);
/// Estimated seconds of the workload under JPS, and under JPS+ with its table.
double jump_point_seconds(const SearchWorkload& workload);
double jump_table_seconds(const SearchWorkload& workload);
/// jps_plus when the table and JPS+'s searches cost at most CostConstants::close_call times JPS's
/// searches on this workload, otherwise jps.
search::Algorithm choose_jump_points(const SearchWorkload& workload);
/// True when the table pays for itself even at `workload`'s work, the least a query can do (one
/// expansion, nothing generated, the mean distance): JPS+ saves part of JPS's cost per expansion,
/// so more work a probe would find only saves more, and no probe is needed to choose JPS+.
bool jump_table_certain(const SearchWorkload& least);

/// What auto knows about one goal group when it weighs a field against per-agent search.
struct FieldWorkload {
    std::size_t agents = 0;           ///< agents still to answer (probe agents excluded)
    double seconds_per_agent = 0;     ///< query_seconds of the per-agent search, from a probe
    double max_distance = 0;          ///< largest octile distance from a start to the goal, cells
    std::size_t component_cells = 0;  ///< passable cells connected to the goal
    std::size_t map_cells = 0;        ///< padded cells of the map (a field initialises them all)
};

/// Estimated seconds of one field for the group: the cells its Dijkstra settles before the last
/// agent (at most the goal's component, at most the disc out to the farthest agent) and its arrays.
double field_seconds(const FieldWorkload& workload);
/// True when one field is expected to cost less than searching every agent of the group.
bool choose_field(const FieldWorkload& workload);

}  // namespace swarmpath::batch
