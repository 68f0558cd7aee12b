// From a computed goal field to the plain record the field file format stores (io/field_file.hpp).
// The conversion lives here, above io, so that the file format never depends on search internals:
// io knows only dimensions, the goal, the movement rules as numbers, and the cost and direction
// arrays. Assumes the field was computed on `grid` (the same map the record describes).
#pragma once

#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/field_file.hpp"
#include "swarmpath/search/goal_field.hpp"

namespace swarmpath::search {

/// The file contents of a computed field: real costs (grid.to_real_cost, rounded to float32) and
/// first-step directions; cells the field did not settle are written as unreachable (+infinity,
/// kNoDirection).
io::FieldFile field_file_from(const GoalField& field, const grid::Grid& grid);

}  // namespace swarmpath::search
