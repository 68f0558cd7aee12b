// Connected-component labels, one per cell, computed once per grid and movement model so that a
// query whose endpoints lie in different components is answered `no_path` without any search.
// Under both_free and one_free every legal diagonal step has a passable side cell, so 8-connected
// reachability equals 4-connected reachability; only the `any` rule links cells through corners.
// Cells connect only within one movement layer. Label 0 means blocked. On hex and triangle maps
// (grid::Topology) cells connect through the shape's neighbours (grid/topology.hpp), whatever the
// movement model and diagonal rule say, and refresh labels the whole map afresh.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::search {

class Components {
public:
    static Components compute(const grid::Grid& grid, Moves moves, DiagonalRule rule);
    /// Brings the labels up to date after `changed` cells of `edited` changed (src/search/components_refresh.cpp):
    /// a few far-apart cells are settled from their neighbourhoods alone when they cannot split or
    /// merge a component; otherwise only the components touching the changed cells are
    /// flood-filled again, under fresh labels.
    /// Returns the number of cells relabelled. Afterwards connected() agrees with compute(edited, ...).
    /// Labels of another map size, or a changed cell off the map, make it label `edited` afresh.
    std::size_t refresh(const grid::Grid& edited, Moves moves, DiagonalRule rule,
                        std::span<const grid::CellIndex> changed);

    [[nodiscard]] std::uint32_t label(grid::PaddedIndex cell) const { return labels_[cell.value]; }
    [[nodiscard]] std::uint32_t count() const { return count_; }
    [[nodiscard]] bool connected(grid::PaddedIndex a, grid::PaddedIndex b) const {
        return labels_[a.value] != 0 && labels_[a.value] == labels_[b.value];
    }
    [[nodiscard]] std::size_t memory_bytes() const { return labels_.capacity() * sizeof(std::uint32_t); }

private:
    /// compute on a hex or triangle map: a flood fill over the shape's neighbours.
    static Components compute_shaped(const grid::Grid& grid);
    /// refresh's fast path for a few cells far apart, decided from their 3×3 neighbourhoods: true
    /// when it applied (components_refresh.cpp), false when nothing was written and a flood fill is due.
    bool refresh_locally(const grid::Grid& edited, bool corners, std::span<const grid::CellIndex> changed);
    std::vector<std::uint32_t> labels_;
    std::uint32_t count_ = 0;
};

}  // namespace swarmpath::search
