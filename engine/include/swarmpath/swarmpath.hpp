// The umbrella header: everything a user of the swarmpath engine needs. Areas, lowest layer first
// (docs/architecture.md; each includes only itself and the areas above it in this list):
//   core    — typed errors
//   grid    — a map's letters, terrain tables and the immutable, bit-packed search grid
//   io      — Moving AI map and scenario files, terrain specs and edit files, atomic output
//   search  — settings, statuses, the Solver and per-worker SearchContext
//   batch   — many queries over oneTBB with deterministic results, and the run report
#pragma once

#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/path_oracle.hpp"
#include "swarmpath/batch/prepared_maps.hpp"
#include "swarmpath/batch/run_report.hpp"
#include "swarmpath/batch/scenario_run.hpp"
#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/agent_grid.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/grid/terrain.hpp"
#include "swarmpath/io/atomic_file.hpp"
#include "swarmpath/io/edits_file.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/scenario_file.hpp"
#include "swarmpath/io/terrain_file.hpp"
#include "swarmpath/search/components.hpp"
#include "swarmpath/search/context.hpp"
#include "swarmpath/search/goal_bounds.hpp"
#include "swarmpath/search/path_shapes.hpp"
#include "swarmpath/search/solver.hpp"
#include "swarmpath/search/types.hpp"
