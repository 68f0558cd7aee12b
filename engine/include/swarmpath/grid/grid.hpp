// The search grid: a map compiled with a terrain table into flat, immutable, data-oriented form,
// shared read-only by every worker. Cells are addressed in two index spaces:
//   - CellIndex   y·width + x over the map as the user sees it (public API, paths, output);
//   - PaddedIndex (y+1)·padded_width + (x+1) over the map surrounded by one ring of blocked cells,
//     so that reading any of the 8 neighbours of a map cell needs no bounds check.
// Passability is bit-packed per movement layer (see terrain.hpp); per-cell terrain kinds are a
// separate byte array (structure of arrays). Costs are fixed point: entering a cell of the cheapest
// passable letter costs kStraightUnits straight and kDiagonalUnits diagonally; dearer letters scale up.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/bitset.hpp"
#include "swarmpath/grid/edits.hpp"
#include "swarmpath/grid/map_letters.hpp"
#include "swarmpath/grid/padded_layout.hpp"
#include "swarmpath/grid/terrain.hpp"
#include "swarmpath/grid/topology.hpp"

namespace swarmpath::grid {

/// Fixed-point path cost: kStraightUnits per straight step over the cheapest terrain.
using Cost = std::uint64_t;
inline constexpr Cost kStraightUnits = Cost{1} << 20;
/// round(√2 · 2^20). Against the exact √2 this is 2.7e-7 relative, well inside the .scen tolerance.
inline constexpr Cost kDiagonalUnits = 1482910;

struct CellIndex {
    std::uint32_t value = 0;
    friend bool operator==(CellIndex, CellIndex) = default;
};
struct PaddedIndex {
    std::uint32_t value = 0;
    friend bool operator==(PaddedIndex, PaddedIndex) = default;
};

/// One passable terrain kind as the search sees it.
struct TerrainKind {
    std::uint8_t layer = 0;
    Cost straight_units = kStraightUnits;
    Cost diagonal_units = kDiagonalUnits;
    double cost = 1.0;
    char letter = '.';
};

class Grid {
public:
    Grid() = default;
    /// Compiles `map` with `terrain`; a parsed io::MapFile is a MapLetters too. Fails, before reading
    /// any letter, when check_map refuses the map; then when a letter is undefined or the passable
    /// costs span more than kMaximumCostRatio.
    static Expected<Grid> build(const MapLetters& map, const TerrainTable& terrain);
    /// What build requires of a map made by a caller rather than the parser: both sides from 1 to
    /// kMaximumSide, at most kMaximumCells cells, exactly width × height letters, and a `type` that
    /// is empty (built in code), "octile", "hex" or "triangle" (topology.hpp).
    static Status check_map(const MapLetters& map);
    /// A copy with `edits` applied in order (grid/edits.hpp, src/grid/grid_edits.cpp); `terrain` must
    /// be the table the grid was built with. Fails, naming `origin` and the edit's line, on a cell off
    /// the map or an undefined letter. Not for use while a batch runs on this grid's copy.
    [[nodiscard]] Expected<Grid> with_edits(std::span<const CellEdit> edits, const TerrainTable& terrain,
                                            std::string_view origin = "edits") const;

    /// The cell shape the map was written for; square unless its `type` said hex or triangle.
    [[nodiscard]] Topology topology() const { return topology_; }
    [[nodiscard]] std::uint32_t width() const { return width_; }
    [[nodiscard]] std::uint32_t height() const { return height_; }
    /// The padded index space (padded_layout.hpp), where every index conversion below is defined.
    [[nodiscard]] PaddedLayout layout() const { return {width_, height_}; }
    [[nodiscard]] std::uint32_t padded_width() const { return layout().padded_width(); }
    [[nodiscard]] std::uint32_t padded_height() const { return layout().padded_height(); }
    [[nodiscard]] std::uint32_t cell_count() const { return width_ * height_; }
    [[nodiscard]] std::uint32_t padded_cell_count() const { return layout().padded_cell_count(); }

    [[nodiscard]] bool contains(std::int64_t x, std::int64_t y) const {
        return x >= 0 && y >= 0 && x < static_cast<std::int64_t>(width_) && y < static_cast<std::int64_t>(height_);
    }
    [[nodiscard]] PaddedIndex padded(std::uint32_t x, std::uint32_t y) const { return {layout().padded(x, y)}; }
    [[nodiscard]] CellIndex cell(std::uint32_t x, std::uint32_t y) const { return {layout().cell_index(x, y)}; }
    [[nodiscard]] PaddedIndex padded(CellIndex cell) const { return {layout().padded(cell.value)}; }
    [[nodiscard]] CellIndex unpadded(PaddedIndex index) const { return {layout().cell_index(index.value)}; }

    // The accessors below taking (x, y) or an index are read by the search and are not checked:
    // the caller guarantees contains(x, y), or an index below cell_count() / padded_cell_count().
    // Public entry points that take coordinates from a caller (Solver::solve, GoalField::compute,
    // with_edits, ...) check them first.
    [[nodiscard]] bool passable(std::uint32_t x, std::uint32_t y) const { return passable_.test(padded(x, y).value); }
    [[nodiscard]] bool passable(PaddedIndex index) const { return passable_.test(index.value); }
    /// Movement layer of a cell: 0 blocked, otherwise cells move only within one layer.
    [[nodiscard]] std::uint8_t layer(PaddedIndex index) const { return kinds_[kind_of_[index.value]].layer; }
    [[nodiscard]] char letter(std::uint32_t x, std::uint32_t y) const {
        return letters_[static_cast<std::size_t>(y) * width_ + x];
    }
    /// The letters the grid was built from (edits included), as a map named `path`: to compile them
    /// again with another terrain table (a movement class, agent_grid.hpp).
    [[nodiscard]] MapLetters map_letters(std::string path) const;

    /// All passable cells, padded index space.
    [[nodiscard]] const Bitset& passable_bits() const { return passable_; }
    /// Passable cells of layer `layer` (1-based), padded index space.
    [[nodiscard]] const Bitset& layer_bits(std::uint8_t layer) const { return layer_bits_[layer - 1]; }
    [[nodiscard]] std::uint8_t layer_count() const { return static_cast<std::uint8_t>(layer_bits_.size()); }

    /// Terrain kind byte per padded cell; kind 0 is blocked.
    [[nodiscard]] const std::uint8_t* kind_of() const { return kind_of_.data(); }
    [[nodiscard]] const std::vector<TerrainKind>& kinds() const { return kinds_; }

    /// True when one layer and one cost cover every passable cell: the search then reads only bits.
    [[nodiscard]] bool uniform_cost() const { return uniform_cost_; }
    /// Real cost of the cheapest passable letter present: one kStraightUnits is worth this much.
    [[nodiscard]] double unit_cost() const { return unit_cost_; }
    /// Converts fixed-point units to the real path cost. On a uniform-cost grid the units are
    /// decomposed back into straight and diagonal step counts, so the cost is reported as exactly
    /// (straight + diagonal·√2)·unit cost rather than with kDiagonalUnits' rounding (2.7e-7 per step).
    [[nodiscard]] double to_real_cost(Cost units) const {
        if (uniform_cost_) return octile_length(units) * unit_cost_;
        return static_cast<double>(units) / static_cast<double>(kStraightUnits) * unit_cost_;
    }
    /// The length a + b·√2 of a path of a straight and b diagonal unit steps costing
    /// units = a·kStraightUnits + b·kDiagonalUnits. kDiagonalUnits = 2·741455 with 741455 odd, so b is
    /// unique modulo 2^19 and recovered with a modular inverse; should b exceed that (over 524,287
    /// diagonal steps) the plain conversion is used.
    [[nodiscard]] static double octile_length(Cost units) {
        constexpr Cost kModulus = Cost{1} << 19;
        constexpr Cost kOddFactor = kDiagonalUnits / 2;
        constexpr Cost kInverse = [] {
            Cost inverse = 1;  // Newton's iteration doubles the correct low bits each step
            for (int step = 0; step < 5; ++step) inverse = inverse * (2 - kOddFactor * inverse);
            return inverse & ((Cost{1} << 19) - 1);
        }();
        static_assert(((kOddFactor * kInverse) & (kModulus - 1)) == 1);
        const Cost diagonal = ((units >> 1) * kInverse) & (kModulus - 1);
        const Cost diagonal_units = diagonal * kDiagonalUnits;
        if (diagonal_units > units || (units - diagonal_units) % kStraightUnits != 0) {
            return static_cast<double>(units) / static_cast<double>(kStraightUnits);
        }
        const Cost straight = (units - diagonal_units) / kStraightUnits;
        return static_cast<double>(straight) + static_cast<double>(diagonal) * 1.4142135623730951;
    }

    [[nodiscard]] std::size_t memory_bytes() const;

private:
    std::uint32_t width_ = 0;
    std::uint32_t height_ = 0;
    Topology topology_ = Topology::square;
    Bitset passable_;
    std::vector<Bitset> layer_bits_;
    std::vector<std::uint8_t> kind_of_;
    std::vector<TerrainKind> kinds_;
    std::vector<char> letters_;
    bool uniform_cost_ = true;
    double unit_cost_ = 1.0;
};

}  // namespace swarmpath::grid
