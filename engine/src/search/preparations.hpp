// What a Solver prepares once for its algorithm, one type per alternative of Solver's variant
// (solver.hpp, Solver::PreparedData): the A* legal-moves table, the online JPS scan lines, or the JPS+ jump table, each
// with the open-list key bounds (best_first/open_keys.hpp) its searches use. Internal to the engine:
// the public header only names these types.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "search/best_first/node_table.hpp"
#include "search/best_first/open_keys.hpp"
#include "search/jump_point_grid.hpp"
#include "search/jump_point_table.hpp"
#include "swarmpath/search/goal_bounds.hpp"

namespace swarmpath::search {

/// A*: the legal moves of every padded cell under the solver's move rule, on the cell's own
/// movement layer (0 for blocked and padding cells): one byte per cell, shared by every thread, so
/// the A* expansion reads one byte where it would read three rows of bits and look up the rule.
struct PreparedAstar {
    std::vector<std::uint8_t> legal_moves;
    best_first::KeyBounds bounds;
};

/// Online jump point search: the grid by rows and columns with stop bits.
struct PreparedJumpPoints {
    std::shared_ptr<const JumpPointGrid> lines;  ///< shared: an EditableMap may keep it current across edits
    best_first::KeyBounds bounds;
    /// Whether searches find their nodes through a hash table; none on maps that never do
    /// (best_first::NodeTable::hashes_nodes).
    std::shared_ptr<const best_first::HashingChoice> hashing = nullptr;
};

/// JPS+: the precomputed jump distances, and the goal bounds when the settings give them.
struct PreparedJumpTable {
    std::shared_ptr<const JumpPointTable> table;  ///< shared, as the scan lines
    best_first::KeyBounds bounds;
    std::shared_ptr<const GoalBounds> goal_bounds = nullptr;
    std::shared_ptr<const best_first::HashingChoice> hashing = nullptr;  ///< as PreparedJumpPoints'
};

}  // namespace swarmpath::search
