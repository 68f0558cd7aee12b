// What solving a scenario set prepares per map, kept for the next set on the same map: a run of many
// scenario files that name one map (a benchmark suite, a regression job) builds the Solver's data
// (component labels, JPS scan bits, the JPS+ table) and the crowd solver's (labels, component sizes,
// the mean passable run, a JPS+ table `auto` chose) once per map and settings, not once per file.
// Each preparation holds its grid, so a grid is never freed under it and a new grid at a freed
// grid's address is never mistaken for it; release_unused() drops the preparations of grids nothing
// else holds (a streaming run calls it between files, so memory stays bounded by the maps in use),
// and at most kKept are kept, the least recently used dropped first (files that alternate between
// many large maps would otherwise hold a JPS+ table, 8 bytes a cell, for each).
// Not thread-safe: one run uses one cache from one thread, as solve_set is called.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "swarmpath/batch/crowd_solver.hpp"
#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/solver.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::batch {

class PreparedMaps {
public:
    /// Preparations kept at most.
    static constexpr std::size_t kKept = 4;

    /// The Solver for `grid` under `settings`, made by search::Solver::create (with `parallel`) on
    /// first use. `reused` is set when it was already prepared.
    Expected<std::shared_ptr<const search::Solver>> solver(const std::shared_ptr<const grid::Grid>& grid,
                                                           const search::SearchSettings& settings,
                                                           core::ParallelLoop parallel, bool& reused);
    /// The crowd solver for `grid` under `settings` and `per_agent` (CrowdSolver::create), made on
    /// first use; a JPS+ table one of its solves builds stays with it for the next.
    Expected<std::shared_ptr<const CrowdSolver>> crowd_solver(const std::shared_ptr<const grid::Grid>& grid,
                                                              const search::SearchSettings& settings,
                                                              search::Algorithm per_agent, core::ParallelLoop parallel,
                                                              bool& reused);
    /// mean_passable_run (algorithm_choice.hpp) of `grid`, worked out on first use and kept while the
    /// grid lives: `auto` plans every set with it.
    double mean_passable_run(const std::shared_ptr<const grid::Grid>& grid);
    /// Drops the preparations whose grid only this cache holds.
    void release_unused();
    /// Preparations kept.
    [[nodiscard]] std::size_t size() const { return entries_.size(); }

private:
    struct Entry {
        std::shared_ptr<const grid::Grid> grid;
        search::SearchSettings settings;
        search::Algorithm per_agent = search::Algorithm::automatic;  ///< crowd solvers only
        std::shared_ptr<const search::Solver> solver;                ///< or
        std::shared_ptr<const CrowdSolver> crowd;
        std::uint64_t last_use = 0;  ///< uses_ when last found or made
    };
    /// Makes room for one more preparation (dropping the least recently used at kKept).
    void make_room();
    Entry* find(const grid::Grid* grid, const search::SearchSettings& settings, search::Algorithm per_agent,
                bool crowd);
    std::vector<Entry> entries_;
    std::uint64_t uses_ = 0;
    /// Mean passable runs by grid, held weakly: a grid freed drops its entry, and a new grid at its
    /// address is never taken for it (lock() fails on the freed one).
    struct MeanRun {
        std::weak_ptr<const grid::Grid> grid;
        double value = 1;
    };
    std::vector<MeanRun> mean_runs_;
};

}  // namespace swarmpath::batch
