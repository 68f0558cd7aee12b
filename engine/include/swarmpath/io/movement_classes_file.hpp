// STAND-IN for the movement classes format (branch work-inputs writes the real header and parser):
// only the two structs the engine side codes against, so this branch builds alone. Drop this file
// in favour of work-inputs' when merging. A movement class is a named terrain table; the first class
// of a MovementClasses is the default.
#pragma once

#include <string>
#include <vector>

#include "swarmpath/grid/terrain.hpp"

namespace swarmpath::io {

struct MovementClass {
    std::string name;
    grid::TerrainTable terrain;
};

struct MovementClasses {
    std::vector<MovementClass> classes;
};

}  // namespace swarmpath::io
