// Goal bounds for JPS+ (Rabin and Sturtevant's "goal bounding"): for every passable cell and each of
// its eight first moves, the bounding box of the cells that some optimal path from the cell reaches
// by starting with that move. A JPS+ search given them follows a move out of a node only when the
// goal lies in that move's box, and so skips every jump that cannot begin an optimal path; paths
// and costs stay optimal, since every optimal first move of a node towards the goal keeps its box
// (the boxes cover the union of all optimal first moves, ties included).
//
// The boxes come from one Dijkstra from every passable cell (the path oracle's row search,
// search/oracle_tables.hpp), so a build costs about what a path oracle's does: seconds on a 256x256
// map, minutes on a 512x512 one. Build them once with `swarmpath precompute --kind goal-bounds`,
// keep the file and load it per run (docs/formats.md describes its bytes). Assumes the rule JPS+
// searches under: square cells, 8-connected, no corner cutting, uniform cost.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "swarmpath/core/error.hpp"
#include "swarmpath/core/parallel_loop.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/atomic_file.hpp"
#include "swarmpath/io/file_reading.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::search {

class GoalBounds {
public:
    GoalBounds() = default;
    /// One box: the cells (x, y) with min_x ≤ x < end_x and min_y ≤ y < end_y. All zero, and so
    /// holding no cell, when no optimal path starts with its move: memory the system hands out
    /// zeroed is empty boxes already, so a load writes only the passable cells' boxes.
    struct Box {
        std::uint16_t min_x;
        std::uint16_t min_y;
        std::uint16_t end_x;
        std::uint16_t end_y;
        [[nodiscard]] bool holds(std::uint32_t x, std::uint32_t y) const {
            return x >= min_x && x < end_x && y >= min_y && y < end_y;
        }
    };
    static constexpr Box kEmpty{0, 0, 0, 0};

    /// Passable cells above which build and load refuse a map: one search per cell makes a larger
    /// build take days.
    static constexpr std::uint64_t kMaximumPassableCells = std::uint64_t{1} << 22;

    /// Called now and then during a build with the sources done and their total.
    using Progress = void (*)(void* user, std::size_t done, std::size_t total);

    /// Why `grid` cannot have goal bounds (not square cells, not uniform cost, more than
    /// kMaximumPassableCells passable cells), or Success.
    static Status check(const grid::Grid& grid);

    /// Builds the boxes of `grid`, one Dijkstra per passable cell spread over `parallel`. An Error for
    /// a grid the boxes do not apply to (not square cells, not uniform cost), one with more than
    /// kMaximumPassableCells passable cells, or memory that cannot be had; and one (kBuildCancelled)
    /// when `cancel` (may be null) fired before the build was done: no further cell's search starts.
    static Expected<GoalBounds> build(const grid::Grid& grid, const core::ParallelLoop& parallel = {},
                                      Progress progress = nullptr, void* progress_user = nullptr,
                                      const CancelToken* cancel = nullptr);
    /// A share of a build, for builds split over processes: the boxes (eight a cell) of the passable
    /// cells `first` to `first + count − 1` in row-major order (`count` clipped to the passable
    /// cells), whose searches run over `parallel`; `progress` counts this share's cells. The same
    /// Errors as build.
    static Expected<std::vector<Box>> build_share(const grid::Grid& grid, std::uint64_t first, std::uint64_t count,
                                                  const core::ParallelLoop& parallel = {}, Progress progress = nullptr,
                                                  void* progress_user = nullptr, const CancelToken* cancel = nullptr);
    /// The goal bounds of `grid` from every passable cell's boxes in row-major order (the shares of
    /// build_share joined in order). An Error when their count is not eight per passable cell.
    static Expected<GoalBounds> assemble(const grid::Grid& grid, const std::vector<Box>& boxes);

    /// Reads the file at `path` (written by save) and checks it whole against `grid`: the map's size
    /// and passable cells must be those it was built for. Errors name the file.
    /// With `digest`, every byte read is added to it (a run's record of its inputs).
    static Expected<GoalBounds> load(const std::string& path, const grid::Grid& grid, io::FileDigest* digest = nullptr);
    /// Writes the file atomically (temporary file, then rename).
    [[nodiscard]] Status save(const std::string& path) const;
    /// Writes the file's bytes to `file` (the caller commits it).
    [[nodiscard]] Status write_to(io::AtomicFile& file) const;

    /// Whether these boxes were built for `grid`'s size and passable cells.
    [[nodiscard]] bool built_for(const grid::Grid& grid) const;
    /// The eight boxes of padded cell `cell`, by direction (search/moves.hpp numbering).
    [[nodiscard]] const Box* boxes(std::uint32_t cell) const { return boxes_.get() + std::size_t{cell} * 8; }
    /// The boxes of every padded cell, eight per cell (blocked and padding cells: empty).
    [[nodiscard]] const Box* data() const { return boxes_.get(); }
    [[nodiscard]] std::size_t memory_bytes() const { return box_count_ * sizeof(Box); }
    /// Seconds the build or the load took.
    [[nodiscard]] double seconds() const { return seconds_; }

private:
    /// Over `boxes` (eight per padded cell of `grid`, filled or to be filled by the caller) for the
    /// grid of passability_fingerprint `fingerprint`, whose passable cells are `cells` (row-major):
    /// what assemble and load both make.
    GoalBounds(const grid::Grid& grid, std::uint64_t fingerprint, std::shared_ptr<Box> boxes,
               std::vector<std::uint32_t> cells);

    std::uint32_t width_ = 0;
    std::uint32_t height_ = 0;
    std::uint64_t fingerprint_ = 0;  ///< search::passability_fingerprint of the grid
    /// 8 per padded cell, on huge pages where the system has them (freed by the pointer's deleter).
    std::shared_ptr<Box> boxes_;
    std::size_t box_count_ = 0;
    std::vector<std::uint32_t> cells_;  ///< the passable cells' padded indices, row-major: the file's order
    double seconds_ = 0;
};

}  // namespace swarmpath::search
