// Micro benchmarks of the pieces the search is built from: the open list (push/pop, decrease-key),
// neighbour generation from the bit-packed grid, map parsing and grid building, component labels,
// A*'s own set-up, and the per-query context reset. Inputs are the bundled Moving AI maps
// (SWARMPATH_SOURCE_DIR/datasets/movingai) and seeded random keys, so every run measures the same
// work. Rates are reported as counters (items/s, bytes/s); run with --benchmark_format=json for
// tools/perf-gate.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "search/best_first/search_state.hpp"
#include "search/four_ary_heap.hpp"
#include "search/moves.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/file_reading.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/search/components.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/solver.hpp"

namespace {

using namespace swarmpath;

const std::string kDatasets = std::string(SWARMPATH_SOURCE_DIR) + "/datasets/movingai/";

const grid::Grid& bundled_grid(const std::string& relative_path) {
    static std::vector<std::pair<std::string, grid::Grid>> cache;
    for (const auto& [path, grid] : cache) {
        if (path == relative_path) return grid;
    }
    Expected<io::MapFile> map = io::read_map_file(kDatasets + relative_path);
    if (!map) std::abort();
    Expected<grid::Grid> grid = grid::Grid::build(*map, grid::TerrainTable::benchmark());
    if (!grid) std::abort();
    cache.emplace_back(relative_path, std::move(*grid));
    return cache.back().second;
}

/// Heap entries with seeded random keys over `cells` distinct cells, as a search would push them.
std::vector<search::HeapEntry> random_entries(std::size_t count, std::uint32_t cells) {
    std::mt19937_64 random(12345);
    std::uniform_int_distribution<grid::Cost> f(0, grid::kStraightUnits * 4096);
    std::vector<search::HeapEntry> entries(count);
    for (std::size_t index = 0; index < count; ++index) {
        entries[index].f = f(random);
        entries[index].g = f(random) / 2;
        entries[index].cell = static_cast<std::uint32_t>(index % cells);
    }
    return entries;
}

// Push N entries, then pop them all: the open list's core cost per operation.
void BM_HeapPushPop(benchmark::State& state) {
    const auto count = static_cast<std::size_t>(state.range(0));
    const std::vector<search::HeapEntry> entries = random_entries(count, static_cast<std::uint32_t>(count));
    std::vector<search::CellStamp> stamps(count);
    search::FourAryHeap heap;
    heap.reserve(count);
    for (auto _ : state) {
        for (const search::HeapEntry& entry : entries) heap.push(entry, stamps.data());
        grid::Cost checksum = 0;
        while (!heap.empty()) checksum += heap.pop(stamps.data()).f;
        benchmark::DoNotOptimize(checksum);
    }
    state.counters["operations_per_second"] =
        benchmark::Counter(static_cast<double>(2 * count), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_HeapPushPop)->Arg(64)->Arg(1024)->Arg(16384);

// A frontier-shaped workload: push N, then lower the key of every other entry, then pop all.
void BM_HeapDecreaseKey(benchmark::State& state) {
    const auto count = static_cast<std::size_t>(state.range(0));
    const std::vector<search::HeapEntry> entries = random_entries(count, static_cast<std::uint32_t>(count));
    std::vector<search::CellStamp> stamps(count);
    search::FourAryHeap heap;
    heap.reserve(count);
    for (auto _ : state) {
        for (const search::HeapEntry& entry : entries) heap.push(entry, stamps.data());
        for (std::size_t index = 0; index < count; index += 2) {
            const search::HeapEntry& entry = heap.at(stamps[entries[index].cell].slot);
            heap.decrease_key(stamps[entries[index].cell].slot, entry.f / 2, entry.g / 2, stamps.data());
        }
        grid::Cost checksum = 0;
        while (!heap.empty()) checksum += heap.pop(stamps.data()).f;
        benchmark::DoNotOptimize(checksum);
    }
    state.counters["operations_per_second"] =
        benchmark::Counter(static_cast<double>(2 * count + count / 2), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_HeapDecreaseKey)->Arg(1024)->Arg(16384);

// The successor set of every passable cell of a map: three bit reads and a table lookup per cell.
void BM_NeighbourGeneration(benchmark::State& state, const char* map_path) {
    const grid::Grid& grid = bundled_grid(map_path);
    using Rule = search::MoveRule<search::Moves::eight, search::DiagonalRule::both_free>;
    const grid::Bitset& bits = grid.layer_bits(1);
    std::vector<std::uint32_t> cells;
    for (std::uint32_t y = 0; y < grid.height(); ++y) {
        for (std::uint32_t x = 0; x < grid.width(); ++x) {
            if (grid.passable(x, y)) cells.push_back(grid.padded(x, y).value);
        }
    }
    for (auto _ : state) {
        unsigned total = 0;
        for (std::uint32_t cell : cells) {
            total += static_cast<unsigned>(
                __builtin_popcount(Rule::table[search::read_neighbourhood(bits, cell, grid.padded_width())]));
        }
        benchmark::DoNotOptimize(total);
    }
    state.counters["cells_per_second"] =
        benchmark::Counter(static_cast<double>(cells.size()), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK_CAPTURE(BM_NeighbourGeneration, brc202d, "dao/brc202d.map");
BENCHMARK_CAPTURE(BM_NeighbourGeneration, random512_40, "random/random512-40-0.map");

// Parsing a map file's text (already in memory) into letters.
void BM_MapParse(benchmark::State& state, const char* map_path) {
    Expected<std::string> text = io::read_whole_file(kDatasets + map_path);
    if (!text) std::abort();
    for (auto _ : state) {
        Expected<io::MapFile> map = io::parse_map(*text, map_path);
        benchmark::DoNotOptimize(map.has_value());
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(text->size()));
}
BENCHMARK_CAPTURE(BM_MapParse, brc202d, "dao/brc202d.map");
BENCHMARK_CAPTURE(BM_MapParse, Paris_0_1024, "street/Paris_0_1024.map");

// Compiling a parsed map into the search grid (bitsets, kinds, costs).
void BM_GridBuild(benchmark::State& state, const char* map_path) {
    Expected<io::MapFile> map = io::read_map_file(kDatasets + map_path);
    if (!map) std::abort();
    for (auto _ : state) {
        Expected<grid::Grid> grid = grid::Grid::build(*map, grid::TerrainTable::benchmark());
        benchmark::DoNotOptimize(grid.has_value());
    }
    state.counters["cells_per_second"] = benchmark::Counter(static_cast<double>(map->width) * map->height,
                                                            benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK_CAPTURE(BM_GridBuild, Paris_0_1024, "street/Paris_0_1024.map");
BENCHMARK_CAPTURE(BM_GridBuild, AR0011SR, "bg512/AR0011SR.map");
BENCHMARK_CAPTURE(BM_GridBuild, random512_40, "random/random512-40-0.map");

// Connected-component labels of a map (every algorithm's set-up: unreachable goals answered at once).
void BM_Components(benchmark::State& state, const char* map_path) {
    const grid::Grid& grid = bundled_grid(map_path);
    for (auto _ : state) {
        search::Components components =
            search::Components::compute(grid, search::Moves::eight, search::DiagonalRule::both_free);
        benchmark::DoNotOptimize(components.count());
    }
    state.counters["cells_per_second"] = benchmark::Counter(static_cast<double>(grid.width()) * grid.height(),
                                                            benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK_CAPTURE(BM_Components, AR0011SR, "bg512/AR0011SR.map");
BENCHMARK_CAPTURE(BM_Components, random512_40, "random/random512-40-0.map");
BENCHMARK_CAPTURE(BM_Components, random512_10, "random/random512-10-0.map");
BENCHMARK_CAPTURE(BM_Components, brc202d, "dao/brc202d.map");
BENCHMARK_CAPTURE(BM_Components, maze512_1, "mazes/maze512-1-0.map");
BENCHMARK_CAPTURE(BM_Components, room8, "rooms/8room_000.map");
BENCHMARK_CAPTURE(BM_Components, Paris_0_1024, "street/Paris_0_1024.map");

// A* solver's own set-up on a map whose labels are given: its legal-moves byte per cell.
void BM_AstarSolverCreate(benchmark::State& state, const char* map_path) {
    const grid::Grid& grid = bundled_grid(map_path);
    search::Preparation preparation;
    preparation.components = std::make_shared<const search::Components>(
        search::Components::compute(grid, search::Moves::eight, search::DiagonalRule::both_free));
    search::SearchSettings settings;
    settings.algorithm = search::Algorithm::astar;
    for (auto _ : state) {
        Expected<search::Solver> solver = search::Solver::create(grid, settings, preparation);
        benchmark::DoNotOptimize(solver.has_value());
    }
    state.counters["cells_per_second"] = benchmark::Counter(static_cast<double>(grid.width()) * grid.height(),
                                                            benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK_CAPTURE(BM_AstarSolverCreate, AR0011SR, "bg512/AR0011SR.map");
BENCHMARK_CAPTURE(BM_AstarSolverCreate, random512_40, "random/random512-40-0.map");

// The per-query reset: a new generation, O(1) whatever the grid size.
void BM_ContextBeginSearch(benchmark::State& state) {
    search::SearchContext context;
    context.prepare(static_cast<std::uint32_t>(state.range(0)));
    for (auto _ : state) {
        context.state().begin_search();
        benchmark::DoNotOptimize(context.state().generation());
    }
    state.counters["bytes_per_cell"] = search::SearchContext::bytes_per_cell();
}
BENCHMARK(BM_ContextBeginSearch)->Arg(66 * 66)->Arg(1026 * 1026);

// The one-off cost a worker pays on its first query of a grid: allocating and zeroing its state.
void BM_ContextPrepare(benchmark::State& state) {
    const auto cells = static_cast<std::uint32_t>(state.range(0));
    for (auto _ : state) {
        search::SearchContext context;
        context.prepare(cells);
        benchmark::DoNotOptimize(context.capacity());
    }
    state.counters["cells_per_second"] =
        benchmark::Counter(static_cast<double>(cells), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_ContextPrepare)->Arg(514 * 514)->Arg(1026 * 1026);

}  // namespace

BENCHMARK_MAIN();
