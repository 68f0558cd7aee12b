// A one-cell map edit on Paris_0_1024 (1024×1024, bundled): refreshing the derived data against
// rebuilding it, per structure. Each refresh iteration toggles one cell (blocked, then open again),
// so every iteration is a real one-cell edit and the data stays valid; rebuilds build from the
// edited grid. Single thread unless the name says `all_threads` (a BatchSolver of every hardware
// thread). Structures:
//   MapEdit/components/{rebuild,refresh}         labels (8-connected, both-free rule)
//   MapEdit/components/refresh_split_check       a corridor cell, whose blocking may split its component:
//                                                the flood-fill path (when the map has such a cell)
//   MapEdit/jump_grid/{rebuild,refresh}          JPS scan lines (JumpPointGrid)
//   MapEdit/jump_table/{rebuild,rebuild_all_threads,refresh}   JPS+ table
//   MapEdit/goal_field/{rebuild,affected_check}  a whole-map goal field: a field the edit can affect is
//                                                computed again (there is no partial repair), one it
//                                                cannot is kept after an O(1) check
//   MapEdit/editable_map/apply_edits             everything above through EditableMap::apply_edits,
//                                                with the grid copy Grid::with_edits makes
// Run: build/bench/swarmpath_map_edit_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "search/jump_point_grid.hpp"
#include "search/jump_point_table.hpp"
#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/editable_map.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/search/components.hpp"
#include "swarmpath/search/goal_field.hpp"

namespace {

using namespace swarmpath;

/// The map, the same map with one cell blocked, and that cell.
struct EditPair {
    grid::Grid original;
    grid::Grid edited;
    grid::CellIndex cell;
    std::vector<grid::CellEdit> block;
    std::vector<grid::CellEdit> reopen;
};

grid::Grid paris() {
    Expected<io::MapFile> map =
        io::read_map_file(std::string(SWARMPATH_SOURCE_DIR) + "/datasets/movingai/street/Paris_0_1024.map");
    if (!map) std::abort();
    Expected<grid::Grid> built = grid::Grid::build(*map, grid::TerrainTable::benchmark());
    if (!built) std::abort();
    return std::move(*built);
}

/// Blocks (x, y) of `original`.
EditPair edit_pair(const grid::Grid& original, std::uint32_t x, std::uint32_t y) {
    const char letter = original.letter(x, y);
    EditPair pair{original, original, original.cell(x, y), {{x, y, '@', 0}}, {{x, y, letter, 0}}};
    Expected<grid::Grid> edited = original.with_edits(pair.block, grid::TerrainTable::benchmark());
    if (!edited) std::abort();
    pair.edited = std::move(*edited);
    return pair;
}

/// A passable cell near the centre whose 3×3 neighbourhood is open: blocking it splits nothing.
const EditPair& open_cell() {
    static const EditPair pair = [] {
        const grid::Grid grid = paris();
        for (std::uint32_t radius = 0; radius < 512; ++radius) {
            for (std::uint32_t y = 512 - radius; y <= 512 + radius; ++y) {
                for (std::uint32_t x = 512 - radius; x <= 512 + radius; ++x) {
                    bool open = true;
                    for (int dy = -1; dy <= 1; ++dy) {
                        for (int dx = -1; dx <= 1; ++dx) open = open && grid.passable(x + dx, y + dy);
                    }
                    if (open) return edit_pair(grid, x, y);
                }
            }
        }
        std::abort();
    }();
    return pair;
}

/// A corridor cell (open above and below, blocked left and right), or none.
const std::optional<EditPair>& corridor_cell() {
    static const std::optional<EditPair> pair = []() -> std::optional<EditPair> {
        const grid::Grid grid = paris();
        for (std::uint32_t y = 1; y + 1 < grid.height(); ++y) {
            for (std::uint32_t x = 1; x + 1 < grid.width(); ++x) {
                if (grid.passable(x, y) && grid.passable(x, y - 1) && grid.passable(x, y + 1) &&
                    !grid.passable(x - 1, y) && !grid.passable(x + 1, y)) {
                    return edit_pair(grid, x, y);
                }
            }
        }
        return std::nullopt;
    }();
    return pair;
}

constexpr auto kMoves = search::Moves::eight;
constexpr auto kRule = search::DiagonalRule::both_free;

void components_rebuild(benchmark::State& state) {
    const EditPair& pair = open_cell();
    for (auto _ : state) benchmark::DoNotOptimize(search::Components::compute(pair.edited, kMoves, kRule).count());
}

void components_refresh(benchmark::State& state, const EditPair& pair) {
    search::Components labels = search::Components::compute(pair.original, kMoves, kRule);
    const std::vector<grid::CellIndex> changed{pair.cell};
    bool blocked = false;
    for (auto _ : state) {
        benchmark::DoNotOptimize(labels.refresh(blocked ? pair.original : pair.edited, kMoves, kRule, changed));
        blocked = !blocked;
    }
}

void jump_grid_rebuild(benchmark::State& state) {
    const EditPair& pair = open_cell();
    for (auto _ : state) benchmark::DoNotOptimize(search::JumpPointGrid(pair.edited).memory_bytes());
}

void jump_grid_refresh(benchmark::State& state) {
    const EditPair& pair = open_cell();
    search::JumpPointGrid lines(pair.original);
    const std::vector<grid::CellIndex> changed{pair.cell};
    bool blocked = false;
    for (auto _ : state) {
        benchmark::DoNotOptimize(lines.refresh(blocked ? pair.original : pair.edited, changed));
        blocked = !blocked;
    }
}

void jump_table_rebuild(benchmark::State& state, unsigned threads) {
    const EditPair& pair = open_cell();
    batch::BatchSolver workers(threads);
    for (auto _ : state) {
        benchmark::DoNotOptimize(search::JumpPointTable::build(pair.edited, workers.parallel_loop()).memory_bytes());
    }
}

void jump_table_refresh(benchmark::State& state) {
    const EditPair& pair = open_cell();
    search::JumpPointTable table = search::JumpPointTable::build(pair.original);
    const std::vector<grid::CellIndex> changed{pair.cell};
    bool blocked = false;
    std::size_t recomputed = 0;
    for (auto _ : state) {
        const grid::Grid& from = blocked ? pair.edited : pair.original;
        const grid::Grid& to = blocked ? pair.original : pair.edited;
        recomputed = table.refresh(from, to, changed);
        benchmark::DoNotOptimize(recomputed);
        blocked = !blocked;
    }
    state.counters["entries_recomputed"] = static_cast<double>(recomputed);
}

void goal_field_rebuild(benchmark::State& state) {
    const EditPair& pair = open_cell();
    const std::uint32_t goal_x = pair.cell.value % pair.edited.width() + 3;
    const std::uint32_t goal_y = pair.cell.value / pair.edited.width();
    search::FieldWorkspace workspace;
    search::GoalField field;
    for (auto _ : state) {
        field.recompute(pair.edited, kMoves, kRule, goal_x, goal_y, {}, true, workspace);
        benchmark::DoNotOptimize(field.counters().expanded);
    }
}

void goal_field_affected_check(benchmark::State& state) {
    const EditPair& pair = open_cell();
    const std::uint32_t goal_x = pair.cell.value % pair.edited.width() + 3;
    const std::uint32_t goal_y = pair.cell.value / pair.edited.width();
    search::FieldWorkspace workspace;
    const search::GoalField field =
        search::GoalField::compute(pair.original, kMoves, kRule, goal_x, goal_y, {}, true, workspace);
    const std::uint32_t x = pair.cell.value % pair.edited.width();
    const std::uint32_t y = pair.cell.value / pair.edited.width();
    for (auto _ : state) benchmark::DoNotOptimize(field.affected_by_change(x, y));
}

void editable_map_apply(benchmark::State& state) {
    const EditPair& pair = open_cell();
    batch::EditableMap editable(pair.original, grid::TerrainTable::benchmark(), kMoves, kRule,
                                {.scan_lines = true, .table = true});
    bool blocked = false;
    for (auto _ : state) {
        Expected<batch::EditReport> report = editable.apply_edits(blocked ? pair.reopen : pair.block);
        benchmark::DoNotOptimize(report.has_value());
        blocked = !blocked;
    }
}

void everything_rebuild(benchmark::State& state) {
    const EditPair& pair = open_cell();
    for (auto _ : state) {
        Expected<grid::Grid> edited = pair.original.with_edits(pair.block, grid::TerrainTable::benchmark());
        batch::EditableMap rebuilt(std::move(*edited), grid::TerrainTable::benchmark(), kMoves, kRule,
                                   {.scan_lines = true, .table = true});
        benchmark::DoNotOptimize(rebuilt.components().count());
    }
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    auto micro = [](benchmark::internal::Benchmark* registered) { registered->Unit(benchmark::kMicrosecond); };
    micro(benchmark::RegisterBenchmark("MapEdit/components/rebuild", components_rebuild));
    micro(benchmark::RegisterBenchmark("MapEdit/components/refresh",
                                       [](benchmark::State& state) { components_refresh(state, open_cell()); }));
    if (corridor_cell()) {
        micro(benchmark::RegisterBenchmark("MapEdit/components/refresh_split_check", [](benchmark::State& state) {
            components_refresh(state, *corridor_cell());
        }));
    }
    micro(benchmark::RegisterBenchmark("MapEdit/jump_grid/rebuild", jump_grid_rebuild));
    micro(benchmark::RegisterBenchmark("MapEdit/jump_grid/refresh", jump_grid_refresh));
    micro(benchmark::RegisterBenchmark("MapEdit/jump_table/rebuild",
                                       [](benchmark::State& state) { jump_table_rebuild(state, 1); }));
    micro(benchmark::RegisterBenchmark("MapEdit/jump_table/rebuild_all_threads", [](benchmark::State& state) {
              jump_table_rebuild(state, 0);
          })->UseRealTime());
    micro(benchmark::RegisterBenchmark("MapEdit/jump_table/refresh", jump_table_refresh));
    micro(benchmark::RegisterBenchmark("MapEdit/goal_field/rebuild", goal_field_rebuild));
    micro(benchmark::RegisterBenchmark("MapEdit/goal_field/affected_check", goal_field_affected_check));
    micro(benchmark::RegisterBenchmark("MapEdit/editable_map/apply_edits", editable_map_apply));
    micro(benchmark::RegisterBenchmark("MapEdit/editable_map/rebuild_everything", everything_rebuild));
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
