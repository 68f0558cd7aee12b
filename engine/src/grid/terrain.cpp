// Terrain tables: the benchmark default and declaring letters (the `LETTER=COST` spec and file
// parsers are in io/terrain_file.hpp).
#include "swarmpath/grid/terrain.hpp"

namespace swarmpath::grid {

TerrainTable TerrainTable::benchmark() {
    TerrainTable table;
    for (char letter : {'.', 'G', 'S'}) table.rules_[static_cast<unsigned char>(letter)] = {true, true, 1.0, 1};
    table.rules_[static_cast<unsigned char>('W')] = {true, true, 1.0, 2};
    for (char letter : {'T', '@', 'O'}) table.rules_[static_cast<unsigned char>(letter)] = {true, false, 1.0, 0};
    return table;
}

void TerrainTable::declare(char letter, bool passable, double cost) {
    rules_[static_cast<unsigned char>(letter)] = {true, passable, passable ? cost : 1.0,
                                                  static_cast<std::uint8_t>(passable ? 1 : 0)};
}

bool TerrainTable::is_benchmark_rule() const {
    double cost = 0;
    std::uint8_t layer = 0;
    for (const TerrainRule& rule : rules_) {
        if (!rule.defined || !rule.passable) continue;
        if (layer == 0) {
            layer = rule.layer;
            cost = rule.cost;
        } else if (rule.cost != cost) {
            return false;
        }
    }
    return true;
}

}  // namespace swarmpath::grid
