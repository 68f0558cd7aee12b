// Component labels on square maps (search/components.hpp) against a breadth-first flood fill written
// here: seeded at each unlabelled passable cell in row-major order, stepping to the four side
// neighbours (and the four corners under the `any` diagonal rule, the only rule whose diagonal steps
// need no passable side cell) within one movement layer. The engine labels runs of cells joined row
// to row, and must give the very same numbers, not only the same partition: path oracle files store
// the labels, and they are compared byte for byte. Random maps of every density, with and without a
// water layer, under every rule; and every bundled map.
#include <gtest/gtest.h>

#include <deque>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "random_maps.hpp"
#include "rule_sets.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/search/components.hpp"

namespace swarmpath::search {
namespace {

/// Labels by flood fill, in the padded index space the engine's labels use.
std::vector<std::uint32_t> flood_fill_labels(const grid::Grid& grid, bool corners) {
    std::vector<std::uint32_t> labels(grid.padded_cell_count(), 0);
    const auto width = static_cast<std::int64_t>(grid.padded_width());
    std::vector<std::int64_t> steps = {-width, 1, width, -1};
    if (corners) steps.insert(steps.end(), {1 - width, 1 + width, width - 1, -1 - width});
    std::uint32_t count = 0;
    for (std::uint32_t y = 0; y < grid.height(); ++y) {
        for (std::uint32_t x = 0; x < grid.width(); ++x) {
            const grid::PaddedIndex seed = grid.padded(x, y);
            if (!grid.passable(seed) || labels[seed.value] != 0) continue;
            labels[seed.value] = ++count;
            std::deque<std::uint32_t> queue{seed.value};
            while (!queue.empty()) {
                const std::uint32_t cell = queue.front();
                queue.pop_front();
                for (const std::int64_t step : steps) {
                    const auto next = static_cast<std::uint32_t>(static_cast<std::int64_t>(cell) + step);
                    if (!grid.passable(grid::PaddedIndex{next}) || labels[next] != 0) continue;
                    if (grid.layer(grid::PaddedIndex{next}) != grid.layer(grid::PaddedIndex{cell})) continue;
                    labels[next] = count;
                    queue.push_back(next);
                }
            }
        }
    }
    return labels;
}

void expect_flood_fill_labels(const grid::Grid& grid, const std::string& what) {
    for (const testing::Rules& rules : testing::kAllRules) {
        const Components components = Components::compute(grid, rules.moves, rules.diagonal);
        const bool corners = rules.moves == Moves::eight && rules.diagonal == DiagonalRule::any;
        const std::vector<std::uint32_t> expected = flood_fill_labels(grid, corners);
        std::uint32_t largest = 0;
        for (std::uint32_t cell = 0; cell < grid.padded_cell_count(); ++cell) {
            ASSERT_EQ(components.label(grid::PaddedIndex{cell}), expected[cell])
                << what << ", cell " << cell << (corners ? ", corners" : "");
            largest = std::max(largest, expected[cell]);
        }
        EXPECT_EQ(components.count(), largest) << what;
    }
}

TEST(ComponentLabels, EqualAFloodFillOnRandomMaps) {
    std::mt19937_64 random(42);
    for (int map_index = 0; map_index < 60; ++map_index) {
        std::uniform_int_distribution<std::uint32_t> side(1, 90);
        const double density = std::uniform_real_distribution<double>(0.0, 0.7)(random);
        const bool water = map_index % 2 == 1;
        const io::MapFile map = testing::random_map(random, side, density, water ? "...W" : ".");
        Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
        ASSERT_TRUE(grid.has_value()) << grid.error().describe();
        expect_flood_fill_labels(*grid, "random map " + std::to_string(map_index));
    }
}

TEST(ComponentLabels, EqualAFloodFillOnRowsOfSeveralWords) {
    // The engine reads each padded row 64 cells a word: padded widths around one, two and four
    // words, densities from open (runs of whole words) to cluttered (runs of a cell or two).
    std::mt19937_64 random(7);
    for (const std::uint32_t width : {61U, 62U, 63U, 64U, 125U, 126U, 127U, 190U, 254U, 300U}) {
        for (const double density : {0.02, 0.3, 0.6}) {
            std::uniform_int_distribution<std::uint32_t> height(1, 40);
            const bool water = width % 2 == 0;
            const io::MapFile map = testing::random_map(random, width, height(random), density, water ? "..W" : ".");
            Expected<grid::Grid> grid = grid::Grid::build(map, grid::TerrainTable::benchmark());
            ASSERT_TRUE(grid.has_value()) << grid.error().describe();
            expect_flood_fill_labels(*grid, std::to_string(width) + " wide, density " + std::to_string(density));
        }
    }
}

TEST(ComponentLabels, EqualAFloodFillOnEveryBundledMap) {
    std::size_t maps = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(testing::dataset_folder())) {
        if (entry.path().extension() != ".map") continue;
        Expected<io::MapFile> map = io::read_map_file(entry.path().string());
        ASSERT_TRUE(map.has_value()) << map.error().describe();
        Expected<grid::Grid> grid = grid::Grid::build(*map, grid::TerrainTable::benchmark());
        ASSERT_TRUE(grid.has_value()) << grid.error().describe();
        expect_flood_fill_labels(*grid, entry.path().filename().string());
        ++maps;
    }
    EXPECT_GE(maps, 12U);
}

}  // namespace
}  // namespace swarmpath::search
