// libFuzzer target: Moving AI map parsing, then compiling the map into a search grid. Checks that the first-error parse
// and the problem-list parse agree, that every error names the file and a line inside the text, and that an accepted
// map is exactly what its text says (size, letters, passability). Seeds: crops of the bundled maps (see
// tools/run-fuzz.sh).
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/map_file.hpp"

namespace {

using namespace swarmpath;
using fuzz::require;

constexpr std::string_view kOrigin = "fuzz.map";

/// The benchmark letters plus lower-case cost letters and a blocked '#', so grids with several costs
/// are built too (every other byte is an unknown letter, the error path).
const grid::TerrainTable& weighted_table() {
    static const grid::TerrainTable table = [] {
        grid::TerrainTable built = grid::TerrainTable::benchmark();
        for (char letter = 'a'; letter <= 'z'; ++letter) built.declare(letter, true, 1.0 + (letter - 'a'));
        built.declare('#', false, 1.0);
        return built;
    }();
    return table;
}

void check_accepted_map(const io::MapFile& map, const grid::TerrainTable& terrain) {
    require(map.width >= 1 && map.height >= 1, "accepted map has a zero side");
    require(map.width <= io::kMaximumSide && map.height <= io::kMaximumSide, "accepted map is too large");
    require(map.letters.size() == static_cast<std::size_t>(map.width) * map.height, "letters do not fill the map");
    for (char letter : map.letters) require(terrain.rule(letter).defined, "accepted map holds an undefined letter");

    Expected<grid::Grid> built = grid::Grid::build(map, terrain);
    if (!built) return;  // a cost ratio over the limit is a clean refusal
    const grid::Grid& grid = *built;
    require(grid.width() == map.width && grid.height() == map.height, "grid size differs from the map's");
    for (std::uint32_t y = 0; y < map.height; ++y) {
        for (std::uint32_t x = 0; x < map.width; ++x) {
            const grid::TerrainRule& rule = terrain.rule(map.letter(x, y));
            require(grid.passable(x, y) == rule.passable, "grid passability differs from the terrain table");
        }
    }
}

void check_parse(std::string_view text, const grid::TerrainTable& terrain) {
    Expected<io::MapFile> first_error = io::parse_map(text, kOrigin, terrain);
    std::vector<Error> problems;
    Expected<io::MapFile> collected = io::parse_map(text, kOrigin, terrain, &problems);
    require(first_error.has_value() == collected.has_value(), "problem-list parse disagrees on success");
    require(problems.size() <= io::kMaximumProblems, "problem list exceeds its limit");
    if (!first_error) {
        require(!problems.empty(), "failed parse recorded no problem");
        require(fuzz::same_error(first_error.error(), problems.front()), "first problem differs from the error");
        require(fuzz::same_error(collected.error(), problems.front()), "collected parse returned another error");
        const std::uint32_t line_count = fuzz::count_lines(text);
        for (const Error& problem : problems) fuzz::require_clean_error(problem, kOrigin, line_count);
        return;
    }
    require(problems.empty(), "successful parse recorded problems");
    require(first_error->letters == collected->letters, "the two parses read different letters");
    check_accepted_map(*first_error, terrain);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    check_parse(text, weighted_table());
    return 0;
}
