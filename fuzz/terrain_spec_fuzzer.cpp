// libFuzzer target: terrain specs (`--terrain LETTER=COST,...`) and terrain files (one pair per
// line, # comments). The first input byte chooses which parser sees the rest. Checks that errors
// name their origin and that an accepted table only holds costs inside the documented limits; an
// accepted table is then used to compile a one-row grid of its passable letters.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/grid/terrain.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/terrain_file.hpp"

namespace {

using namespace swarmpath;
using fuzz::require;

void check_table(const grid::TerrainTable& table) {
    std::string row;
    for (int code = 0; code < 256; ++code) {
        const grid::TerrainRule& rule = table.rule(static_cast<char>(code));
        if (!rule.defined) continue;
        require(code > 32 && code < 127, "a non-printable letter was declared");
        if (!rule.passable) {
            require(rule.layer == 0, "blocked letter on a movement layer");
            continue;
        }
        require(rule.cost >= grid::kMinimumCost && rule.cost <= grid::kMaximumCost, "cost outside the limits");
        require(rule.layer == 1 || rule.layer == 2, "passable letter on no layer");
        row.push_back(static_cast<char>(code));
    }
    (void)table.is_benchmark_rule();
    if (row.empty()) return;
    io::MapFile map;
    map.path = "fuzz-terrain.map";
    map.width = static_cast<std::uint32_t>(row.size());
    map.height = 1;
    map.letters = row;
    Expected<grid::Grid> built = grid::Grid::build(map, table);
    if (!built) return;  // costs spanning more than kMaximumCostRatio are refused cleanly
    for (std::uint32_t x = 0; x < map.width; ++x) require(built->passable(x, 0), "declared passable letter is blocked");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    const bool as_file = (data[0] & 1) != 0;
    const std::string_view origin = as_file ? "fuzz.terrain" : "--terrain";
    Expected<grid::TerrainTable> table =
        as_file ? io::parse_terrain_file_text(text, grid::TerrainTable::benchmark(), origin)
                : io::parse_terrain_spec(text, grid::TerrainTable::benchmark(), origin);
    if (!table) {
        fuzz::require_clean_error(table.error(), origin, fuzz::count_lines(text));
        return 0;
    }
    check_table(*table);
    return 0;
}
