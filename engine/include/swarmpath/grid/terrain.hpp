// Terrain letters and what they mean for movement: passable or blocked, the cost of entering a cell,
// and the movement layer. Cells move only to cells of the same layer: that is how the benchmark's
// `W` ("passable only to and from other W cells") is expressed. The benchmark table (docs/formats.md):
// `.` `G` `S` ground, cost 1; `W` water (its own layer), cost 1; `T` `@` `O` blocked; every other
// letter undefined, so a map using it is an error until a terrain spec declares it. Specs and
// terrain files are parsed into a table by io/terrain_file.hpp.
#pragma once

#include <array>
#include <cstdint>

namespace swarmpath::grid {

/// Largest ratio between the dearest and the cheapest passable cost in one map. It keeps path costs,
/// held as 64-bit fixed point, far from overflow on the largest allowed map.
inline constexpr double kMaximumCostRatio = 1.0e4;
inline constexpr double kMinimumCost = 1.0e-6;
inline constexpr double kMaximumCost = 1.0e12;

struct TerrainRule {
    bool defined = false;
    bool passable = false;
    double cost = 1.0;       ///< cost factor of entering a cell of this letter; > 0
    std::uint8_t layer = 0;  ///< 0 when blocked; 1 ground; 2 water-only (benchmark `W`)
};

class TerrainTable {
public:
    /// The benchmark's rules (see the file comment).
    static TerrainTable benchmark();

    [[nodiscard]] const TerrainRule& rule(char letter) const { return rules_[static_cast<unsigned char>(letter)]; }
    /// Declares `letter` as an ordinary ground letter of `cost` (finite, positive) or, when
    /// `passable` is false, as blocked. Declaring `W` turns it into an ordinary cost letter.
    void declare(char letter, bool passable, double cost);

    /// True when every defined passable letter costs the same and lives on one layer.
    [[nodiscard]] bool is_benchmark_rule() const;

    friend bool operator==(const TerrainTable&, const TerrainTable&) = default;

private:
    std::array<TerrainRule, 256> rules_{};
};

}  // namespace swarmpath::grid
