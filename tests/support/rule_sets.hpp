// The movement rules and terrain tables the differential tests sweep: every movement model and
// diagonal rule, and a weighted terrain with a water layer. Shared so that every engine part (A*,
// goal fields, path oracles) is checked against the reference Dijkstra under the same settings.
#pragma once

#include "swarmpath/grid/terrain.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::testing {

struct Rules {
    search::Moves moves;
    search::DiagonalRule diagonal;
};

inline constexpr Rules kAllRules[] = {{search::Moves::four, search::DiagonalRule::both_free},
                                      {search::Moves::eight, search::DiagonalRule::both_free},
                                      {search::Moves::eight, search::DiagonalRule::one_free},
                                      {search::Moves::eight, search::DiagonalRule::any}};

/// The benchmark letters plus grass (2.5) and sand (0.75); `W` stays water, its own layer.
inline grid::TerrainTable weighted_terrain() {
    grid::TerrainTable terrain = grid::TerrainTable::benchmark();
    terrain.declare('G', true, 2.5);
    terrain.declare('S', true, 0.75);
    return terrain;
}

}  // namespace swarmpath::testing
