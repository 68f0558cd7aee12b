// Agents larger than one cell and movement classes, reduced to one-cell agents on a derived grid.
// An agent of size k at (x, y) occupies the k x k block from (x, y) to (x+k-1, y+k-1); its class is a
// terrain table deciding each letter's cost or blockage (docs/formats.md, "Agent sizes and movement
// classes"). The derived grid D has, at (x, y), a passable cell exactly when that block lies on the map
// with every cell passable for the class and all on one movement layer; D's cell then costs the
// highest class cost among the block's cells, on the block's layer. A one-cell search on D under any
// movement model and diagonal rule is then the sized search by definition (the side positions of a
// diagonal step are D's side cells), so every algorithm runs on D unchanged. Paths on D name each
// block by its top-left cell; D has the map's width and height, so cell indices are the map's.
// Square cells only: hex and triangle maps refuse sizes above 1.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/grid/map_letters.hpp"
#include "swarmpath/grid/terrain.hpp"

namespace swarmpath::grid {

/// Largest agent side accepted: a map's largest side.
inline constexpr std::uint32_t kMaximumAgentSize = kMaximumSide;

/// Whether `size` is an agent size the engine accepts on a map of `topology`: Ok, or an Error naming
/// the setting (`{{agent_size}}`) and why.
Status check_agent_size(std::uint32_t size, Topology topology);

/// What follows a map's name for sized or classed agents: " 2x2", " tank", " 3x3 tank"; empty for
/// one-cell agents of the default class. Oracle files carry it in their map name, so a file built
/// for one kind of agent names it when another kind's run refuses it; the command line's table too.
std::string agent_suffix(std::uint32_t size, std::string_view class_name);

/// The derived grid D for agents of `size` moving with `terrain` on `map`'s letters (see the file
/// comment), in time linear in the cells whatever the size: clearance by dynamic programming and the
/// block's dearest letter by a separable sliding-window maximum. For size 1 it is Grid::build(map,
/// terrain). Fails as Grid::build does (an undefined letter, the costs' ratio) and on a size that
/// check_agent_size refuses.
Expected<Grid> derive_agent_grid(const MapLetters& map, const TerrainTable& terrain, std::uint32_t size);

/// The derived grids of one map, built on first use and shared read-only afterwards: one per agent
/// size and terrain table asked for. Size 1 with the map's own terrain is the map's grid itself (no
/// copy). Not thread-safe: fill it before the batch's workers read the grids.
class AgentGrids {
public:
    AgentGrids() = default;
    /// `base` is the map's grid, compiled with `base_terrain`.
    AgentGrids(std::shared_ptr<const Grid> base, const TerrainTable& base_terrain);

    /// The grid agents of `size` with `terrain` search on, derived on the first call for the pair.
    Expected<std::shared_ptr<const Grid>> get(std::uint32_t size, const TerrainTable& terrain);
    [[nodiscard]] const std::shared_ptr<const Grid>& base() const { return base_; }

private:
    struct Entry {
        std::uint32_t size;
        TerrainTable terrain;
        std::shared_ptr<const Grid> grid;
    };
    std::shared_ptr<const Grid> base_;
    TerrainTable base_terrain_;
    std::vector<Entry> derived_;
};

}  // namespace swarmpath::grid
