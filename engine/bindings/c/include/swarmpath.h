/* swarmpath.h: the C API of the swarmpath grid pathfinding engine (C99; also valid C++).
 *
 * For game engines and other languages that bind through C. The library, libswarmpath_c, is a
 * shared library that carries the engine and brings the C++ runtime and oneTBB as its own
 * dependencies, so a pure C program links it alone: swarmpath::c in CMake (find_package(swarmpath),
 * also from a `LANGUAGES C` project, or add_subdirectory), `pkg-config --cflags --libs swarmpath`,
 * or -I<prefix>/include -L<prefix>/lib -lswarmpath_c by hand.
 *
 * Usage:
 *   swarmpath_grid* grid = NULL;
 *   if (swarmpath_grid_from_file("arena.map", NULL, &grid) != SWARMPATH_OK) {
 *       fprintf(stderr, "%s\n", swarmpath_last_error());   // "arena.map: cannot open file: ..."
 *   }
 *   swarmpath_solver* solver = NULL;  swarmpath_solver_create(grid, NULL, &solver);   // NULL: defaults
 *   swarmpath_context* context = NULL; swarmpath_context_create(&context);
 *   swarmpath_result result;
 *   swarmpath_solve(solver, context, 1, 11, 1, 12, &result);   // result.status, .cost, .path_length
 *   swarmpath_context_path(context, xy, capacity, &length);      // the path as x, y pairs
 *   ... swarmpath_context_destroy(context); swarmpath_solver_destroy(solver); swarmpath_grid_destroy(grid);
 *
 * Objects (opaque handles, each created by a *_create / *_from_* call and freed by its *_destroy,
 * which accepts NULL):
 *   swarmpath_grid     an immutable map with its terrain costs.
 *   swarmpath_solver   a grid bound to search settings. Keeps a reference to its grid: destroy the
 *                      solver before the grid.
 *   swarmpath_context  one thread's search state, reused from query to query; holds the last path.
 *   swarmpath_batch    a pool of worker threads for many queries at once; holds the last results.
 *   swarmpath_scenario a Moving AI .scen file's queries and optimal lengths.
 *   swarmpath_cancel_token  a stop signal any thread may fire; searches that hold it stop early.
 *   swarmpath_crowd    a grid bound to settings for many queries sharing few goals (goal fields).
 *   swarmpath_field    one goal field: every cell's cost to a goal and its first step there.
 *   swarmpath_oracle   a path oracle: first moves of optimal paths between every pair of cells,
 *                      built once (or loaded from its file) and answering queries without search.
 *   swarmpath_goal_bounds  JPS+'s goal bounds: per cell and first move, the box of the goals an
 *                      optimal path starting with that move reaches (a solver made with them skips
 *                      the other moves); built once or loaded from its file.
 *   swarmpath_editable_map  a map whose cells change between batches, with what solvers derive from
 *                      it kept current for the cells each edit touches; hands out solvers and grids
 *                      of the map as it is at that moment.
 *
 * Thread safety: grids, solvers, crowds, fields, oracles and goal bounds are immutable once
 * created; any number of threads may use one at the same time. A context, a batch or an editable map
 * is used by one thread at a time (one context per thread); swarmpath_batch_solve* spread their queries over the
 * batch's own workers and return when all are done. A cancel token may be fired from any thread.
 * Results never depend on the thread count. Solvers, crowds, fields and oracles keep a reference to
 * their grid: destroy them before it (goal bounds keep none: they are checked against a grid when a
 * solver is made with them; a solver made by an editable map keeps its own map).
 *
 * Errors: every function that can fail returns a swarmpath_status; nothing throws across this API
 * and nothing aborts on bad input. An allocation that fails anywhere inside a call is
 * SWARMPATH_ERROR_OUT_OF_MEMORY, and the process goes on. On failure the output handles are set
 * to NULL and swarmpath_last_error() describes the failure until the same thread's next failing
 * call. Messages use this header's names: swarmpath_settings fields ("moves 4 is set; use algorithm
 * SWARMPATH_ALGORITHM_ASTAR"), parameter names ("declare it with terrain_spec") and constants; a file
 * is named with its line and column ("arena.map:5:3: ..."), a caller's buffer by its row and column
 * (0-based, as y and x: "letters row 1, column 2: ..."). Per-query problems (a coordinate off the
 * map, a blocked cell, no path) are not failures: they are the query's swarmpath_query_status.
 *
 * Limits: every size and count is checked against its bound below before any buffer is read or
 * memory allocated; a value past its bound is SWARMPATH_ERROR_INVALID_ARGUMENT.
 *
 * Memory: outputs go to caller-owned buffers. Each buffer comes with its capacity; when it is too
 * small (or NULL with capacity 0) the call writes the length needed and returns
 * SWARMPATH_ERROR_BUFFER_TOO_SMALL (or SWARMPATH_OK for the NULL size query), so a caller can ask
 * first and allocate once.
 *
 * Coordinates: x is the column, y the row, (0, 0) the top-left cell. Movement rules, terrain
 * letters and costs are those of the engine (README.md, docs/movement-and-terrain.md): by default
 * 8-connected, a diagonal costs sqrt(2) and needs both side cells free (the Moving AI rule).
 */
#ifndef SWARMPATH_H
#define SWARMPATH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Symbol visibility: the library exports these functions only (a Windows DLL's import and export;
 * ELF default visibility when building, everything else being hidden). */
#if defined(_WIN32) && defined(SWARMPATH_C_SHARED)
#ifdef SWARMPATH_C_BUILDING
#define SWARMPATH_API __declspec(dllexport)
#else
#define SWARMPATH_API __declspec(dllimport)
#endif
#elif defined(SWARMPATH_C_BUILDING) && defined(__GNUC__)
#define SWARMPATH_API __attribute__((visibility("default")))
#else
#define SWARMPATH_API
#endif

/** Largest grid width or height, in cells. */
#define SWARMPATH_MAXIMUM_SIDE 32768
/** Largest grid width x height, in cells (2^28: 16384 x 16384). */
#define SWARMPATH_MAXIMUM_CELLS 268435456
/** Largest thread count of a batch (a batch uses at most one thread per hardware thread). */
#define SWARMPATH_MAXIMUM_THREADS 1024u
/** Most queries in one swarmpath_batch_solve call (2^24); split larger sets into several batches. */
#define SWARMPATH_MAXIMUM_BATCH_QUERIES 16777216u
/** Most cell edits in one swarmpath_editable_map_apply call (2^24). */
#define SWARMPATH_MAXIMUM_EDITS 16777216u
/** Largest per-query deadline, in milliseconds (one day). */
#define SWARMPATH_MAXIMUM_DEADLINE_MS 86400000u
/** Cheapest and dearest passable cost of a cell in swarmpath_grid_from_costs (as in a terrain_spec). */
#define SWARMPATH_MINIMUM_COST 1.0e-6
#define SWARMPATH_MAXIMUM_COST 1.0e12
/** Largest ratio between the dearest and the cheapest passable cost of one grid. */
#define SWARMPATH_MAXIMUM_COST_RATIO 1.0e4
/** Most distinct passable costs in one swarmpath_grid_from_costs grid. */
#define SWARMPATH_MAXIMUM_DISTINCT_COSTS 254

/** Outcome of a call. */
typedef enum swarmpath_status {
    SWARMPATH_OK = 0,
    SWARMPATH_ERROR_INVALID_ARGUMENT = 1, /**< a NULL handle, an unknown setting, a bad size or letter */
    SWARMPATH_ERROR_FILE = 2,             /**< a file could not be read or parsed */
    SWARMPATH_ERROR_BUFFER_TOO_SMALL = 3, /**< the length needed has been written; nothing else was */
    SWARMPATH_ERROR_OUT_OF_MEMORY = 4,
    SWARMPATH_ERROR_INTERNAL = 5, /**< an unexpected failure inside the engine */
    SWARMPATH_ERROR_CANCELLED = 6 /**< a build's cancel token (its batch's) fired before it was done */
} swarmpath_status;

/** Outcome of one query (the engine's QueryStatus, in the same order). */
typedef enum swarmpath_query_status {
    SWARMPATH_QUERY_FOUND = 0,         /**< a path to the goal (optimal, or within the weight's bound) */
    SWARMPATH_QUERY_NO_PATH = 1,       /**< start and goal are not connected */
    SWARMPATH_QUERY_START_BLOCKED = 2, /**< the start cell is not passable */
    SWARMPATH_QUERY_GOAL_BLOCKED = 3,  /**< the goal cell is not passable */
    SWARMPATH_QUERY_INVALID = 4,       /**< an endpoint is off the map */
    SWARMPATH_QUERY_PARTIAL = 5,       /**< fallback "nearest": a path to the reachable cell nearest the goal */
    SWARMPATH_QUERY_NODE_LIMIT = 6,    /**< max_expansions stopped the search */
    SWARMPATH_QUERY_DEADLINE = 7,      /**< the query's deadline_ms passed before it was answered */
    SWARMPATH_QUERY_CANCELLED = 8      /**< its cancel token fired before or while the query ran */
} swarmpath_query_status;

typedef enum swarmpath_algorithm {
    SWARMPATH_ALGORITHM_AUTO = 0, /**< jump point search where it applies, else A* */
    SWARMPATH_ALGORITHM_ASTAR = 1,
    SWARMPATH_ALGORITHM_JPS = 2,
    SWARMPATH_ALGORITHM_JPS_PLUS = 3,
    SWARMPATH_ALGORITHM_FLOWFIELD = 4 /**< goal fields for queries sharing goals: swarmpath_crowd only */
} swarmpath_algorithm;

typedef enum swarmpath_diagonal_rule {
    SWARMPATH_DIAGONAL_BOTH_FREE = 0, /**< both side cells passable (the Moving AI rule) */
    SWARMPATH_DIAGONAL_ONE_FREE = 1,  /**< at least one side cell passable */
    SWARMPATH_DIAGONAL_ANY = 2        /**< only the destination must be passable */
} swarmpath_diagonal_rule;

/** A grid's cell shape (docs/formats.md): a map file's `type` line, octile, hex or triangle. */
typedef enum swarmpath_topology {
    SWARMPATH_TOPOLOGY_SQUARE = 0,  /**< `type octile`: square cells, 8 or 4 moves */
    SWARMPATH_TOPOLOGY_HEX = 1,     /**< `type hex`: pointy-top hexagons, odd rows shifted half a cell right */
    SWARMPATH_TOPOLOGY_TRIANGLE = 2 /**< `type triangle`: cell (x, y) points up when x + y is even */
} swarmpath_topology;

typedef struct swarmpath_cancel_token swarmpath_cancel_token;

/** How a path is copied out (swarmpath_context_path_shaped, swarmpath_batch_path_shaped). */
typedef enum swarmpath_path_shape {
    SWARMPATH_PATH_CELLS = 0,     /**< every cell, start to goal (as swarmpath_context_path) */
    SWARMPATH_PATH_WAYPOINTS = 1, /**< the cells where the direction changes, start and goal kept */
    SWARMPATH_PATH_SMOOTHED = 2   /**< string pulling: cells joined by straight segments with line of
                                       sight (no blocked cell, no corner the diagonal rule forbids, no
                                       costlier terrain than the cells a segment replaces) */
} swarmpath_path_shape;

/** Search settings; start from swarmpath_settings_default(). A query that stops early (deadline,
 *  cancel token, expansion limit) has no path unless fallback_nearest is set, which then gives the
 *  path to the reachable cell nearest the goal among those searched. */
typedef struct swarmpath_settings {
    int algorithm;                        /**< a swarmpath_algorithm */
    int moves;                            /**< 8 or 4 */
    int diagonal_rule;                    /**< a swarmpath_diagonal_rule (8 moves only) */
    double weight;                        /**< weighted A*: f = g + weight * h, weight >= 1 (A* only) */
    int fallback_nearest;                 /**< nonzero: answer an unreachable goal with a path to the nearest cell */
    uint64_t max_expansions;              /**< 0: unlimited */
    int record_paths;                     /**< nonzero: keep paths (default); zero: costs only, a little faster */
    uint64_t deadline_ms;                 /**< per query: 0 none, else 1 to SWARMPATH_MAXIMUM_DEADLINE_MS milliseconds
                                               from the query's start (checked every 1024 expansions); status DEADLINE */
    swarmpath_cancel_token* cancel_token; /**< NULL: none; else every query of the solver stops when it
                                               fires (status CANCELLED). Must outlive the solver. */
} swarmpath_settings;

/** One query's answer. */
typedef struct swarmpath_result {
    int status;         /**< a swarmpath_query_status */
    double cost;        /**< path cost (0 unless a path was found) */
    uint64_t expanded;  /**< nodes expanded */
    uint64_t generated; /**< successors generated */
    size_t path_length; /**< cells in the path, start and end included (0 when there is none) */
} swarmpath_result;

typedef struct swarmpath_grid swarmpath_grid;
typedef struct swarmpath_solver swarmpath_solver;
typedef struct swarmpath_context swarmpath_context;
typedef struct swarmpath_batch swarmpath_batch;
typedef struct swarmpath_scenario swarmpath_scenario;

/** The library's version, "MAJOR.MINOR.PATCH" (the project's version, as swarmpath.pc and
 *  find_package report it). Static storage; never NULL. */
SWARMPATH_API const char* swarmpath_version(void);
/** The calling thread's last failure message ("" if none). Valid until that thread's next call. */
SWARMPATH_API const char* swarmpath_last_error(void);
/** "found", "no_path", ... for a swarmpath_query_status; "unknown" otherwise. Static storage. */
SWARMPATH_API const char* swarmpath_query_status_name(int status);

/* ---- Grids ---- */

/** Reads a Moving AI .map file. `terrain_spec` (may be NULL) changes letters' costs on top of the
 *  benchmark table: "LETTER=COST,..." with COST a positive number or "inf" for blocked.
 *  Limits: the file's sides and cells as for swarmpath_grid_from_letters, its size at most 600 MiB,
 *  all checked before anything is allocated. Output: *grid, NULL on failure.
 *  Errors: SWARMPATH_ERROR_FILE (missing, unreadable or malformed: "file:line:column: why");
 *  SWARMPATH_ERROR_INVALID_ARGUMENT (a NULL pointer, a bad terrain_spec: "terrain_spec, character
 *  N: why", a map the terrain cannot build); SWARMPATH_ERROR_OUT_OF_MEMORY. */
SWARMPATH_API swarmpath_status swarmpath_grid_from_file(const char* map_path, const char* terrain_spec,
                                                        swarmpath_grid** grid);
/** Builds a grid from `width` x `height` letters, row by row from the top (no line breaks), with the
 *  same letters and terrain_spec as a map file (".": ground, "@" or "T": blocked, ...).
 *  Inputs: width and height from 1 to SWARMPATH_MAXIMUM_SIDE, width x height at most
 *  SWARMPATH_MAXIMUM_CELLS, all checked before `letters` is read; `letters` then holds exactly
 *  width x height bytes (no NUL needed). Output: *grid, NULL on failure.
 *  Errors: SWARMPATH_ERROR_INVALID_ARGUMENT for a size past its bound, a NULL pointer, a bad
 *  terrain_spec or a letter it does not define (the message gives the cell's row and column);
 *  SWARMPATH_ERROR_OUT_OF_MEMORY. */
SWARMPATH_API swarmpath_status swarmpath_grid_from_letters(int32_t width, int32_t height, const char* letters,
                                                           const char* terrain_spec, swarmpath_grid** grid);
/** As swarmpath_grid_from_letters, with cells of the shape `topology` (a swarmpath_topology; another
 *  value is SWARMPATH_ERROR_INVALID_ARGUMENT, checked before `letters` is read). On hex and triangle
 *  grids a solver refuses `moves` other than 8, a diagonal rule other than both-free, and JPS / JPS+
 *  (settings from swarmpath_settings_default() are accepted). */
SWARMPATH_API swarmpath_status swarmpath_grid_from_shaped_letters(int32_t width, int32_t height, int topology,
                                                                  const char* letters, const char* terrain_spec,
                                                                  swarmpath_grid** grid);
/** The grid that agents of `agent_size` x `agent_size` cells with movement class `agent_class` search
 *  on (docs/formats.md, "Agent sizes and movement classes"): its cell (x, y) stands for the block from
 *  (x, y) to (x + agent_size - 1, y + agent_size - 1), passable when every cell of the block is and
 *  costing the dearest of them, so solvers, batches, crowds and fields on it answer for such agents
 *  (positions and paths are the blocks' top-left cells). `agent_class`: a terrain spec
 *  "LETTER=COST,..." applied on top of `grid`'s own terrain (NULL or "": that terrain). Linear time in
 *  the cells; `grid` may be destroyed afterwards. Output: *derived, NULL on failure.
 *  Errors: SWARMPATH_ERROR_INVALID_ARGUMENT (a NULL pointer, agent_size 0 or above
 *  SWARMPATH_MAXIMUM_SIDE, agent_size above 1 on a hex or triangle grid, a bad agent_class spec). */
SWARMPATH_API swarmpath_status swarmpath_grid_for_agents(const swarmpath_grid* grid, uint32_t agent_size,
                                                         const char* agent_class, swarmpath_grid** derived);
SWARMPATH_API void swarmpath_grid_destroy(swarmpath_grid* grid);
/** The grid's cell shape, a swarmpath_topology (a file's from its `type` line); -1 for NULL. */
SWARMPATH_API int swarmpath_grid_topology(const swarmpath_grid* grid);
SWARMPATH_API int32_t swarmpath_grid_width(const swarmpath_grid* grid);  /**< 0 for NULL */
SWARMPATH_API int32_t swarmpath_grid_height(const swarmpath_grid* grid); /**< 0 for NULL */
/** 1 when (x, y) is on the map and passable, else 0. */
SWARMPATH_API int swarmpath_grid_passable(const swarmpath_grid* grid, int64_t x, int64_t y);

/** Builds a square-cell grid from a cost per cell, `costs[y * width + x]`: the cost of entering the
 *  cell (a straight step into it costs that much, a diagonal step sqrt(2) times that).
 *  Blocked: a cost that is not finite (NaN, +-infinity) or is <= 0. Passable costs must lie from
 *  SWARMPATH_MINIMUM_COST to SWARMPATH_MAXIMUM_COST, at most SWARMPATH_MAXIMUM_DISTINCT_COSTS
 *  distinct values, the dearest at most SWARMPATH_MAXIMUM_COST_RATIO times the cheapest.
 *  Inputs: width and height as for swarmpath_grid_from_letters, checked before `costs` is read;
 *  `costs` then holds width x height floats. Output: *grid, NULL on failure.
 *  Errors: SWARMPATH_ERROR_INVALID_ARGUMENT (a size past its bound, a NULL pointer, a cost out of
 *  range, named by its row and column, too many distinct costs or too wide a ratio);
 *  SWARMPATH_ERROR_OUT_OF_MEMORY. */
SWARMPATH_API swarmpath_status swarmpath_grid_from_costs(int32_t width, int32_t height, const float* costs,
                                                         swarmpath_grid** grid);
/** Builds a square-cell grid of uniform cost from `passable[y * width + x]`: nonzero passable, zero
 *  blocked. Inputs, output and errors as swarmpath_grid_from_costs (`passable` holds width x height
 *  bytes). */
SWARMPATH_API swarmpath_status swarmpath_grid_from_passability(int32_t width, int32_t height, const uint8_t* passable,
                                                               swarmpath_grid** grid);

/* ---- Solvers ---- */

/** The engine's defaults: auto algorithm, 8 moves, both-free diagonals, weight 1, paths kept, no
 *  expansion limit, no deadline, no cancel token. */
SWARMPATH_API void swarmpath_settings_default(swarmpath_settings* settings);
/** Binds `grid` (which must outlive the solver) to `settings` (NULL: the defaults) and validates them.
 *  Errors: SWARMPATH_ERROR_INVALID_ARGUMENT naming the field (an unknown algorithm or diagonal rule,
 *  moves other than 4 or 8, a weight outside 1 to 1000, deadline_ms past its bound, settings the
 *  algorithm or the grid's cell shape cannot use); SWARMPATH_ERROR_OUT_OF_MEMORY. */
SWARMPATH_API swarmpath_status swarmpath_solver_create(const swarmpath_grid* grid, const swarmpath_settings* settings,
                                                       swarmpath_solver** solver);
SWARMPATH_API void swarmpath_solver_destroy(swarmpath_solver* solver);

/* ---- One query at a time ---- */

/** A search context for one thread's queries (its memory grows to the largest grid it searched).
 *  Errors: SWARMPATH_ERROR_INVALID_ARGUMENT (NULL), SWARMPATH_ERROR_OUT_OF_MEMORY. */
SWARMPATH_API swarmpath_status swarmpath_context_create(swarmpath_context** context);
SWARMPATH_API void swarmpath_context_destroy(swarmpath_context* context);
/** Solves one query into `result`; the path stays in `context` for swarmpath_context_path until
 *  the context's next query. A per-query problem (off the map, blocked, no path, a deadline or
 *  token that stopped it) is result->status, and the call still returns SWARMPATH_OK. Coordinates
 *  may be any int64_t: those off the map give SWARMPATH_QUERY_INVALID.
 *  Errors: SWARMPATH_ERROR_INVALID_ARGUMENT (a NULL pointer), SWARMPATH_ERROR_OUT_OF_MEMORY (the
 *  context's state for a larger grid, or the path, could not be allocated). */
SWARMPATH_API swarmpath_status swarmpath_solve(const swarmpath_solver* solver, swarmpath_context* context,
                                               int64_t start_x, int64_t start_y, int64_t goal_x, int64_t goal_y,
                                               swarmpath_result* result);
/** Copies the context's last path as x, y pairs (2 * length values) into `xy`, which holds
 *  `capacity` cells (2 * capacity values); writes the cell count to *length (also when the buffer
 *  is too small; `xy` NULL with capacity 0 asks for the count alone and returns SWARMPATH_OK).
 *  Errors: SWARMPATH_ERROR_INVALID_ARGUMENT (NULL context or length, NULL xy with a capacity),
 *  SWARMPATH_ERROR_BUFFER_TOO_SMALL. */
SWARMPATH_API swarmpath_status swarmpath_context_path(const swarmpath_context* context, int32_t* xy, size_t capacity,
                                                      size_t* length);

/* ---- Stopping searches early ---- */

/** Creates a cancel token, not fired. Attach it to a solver (swarmpath_settings.cancel_token) or to a
 *  batch (swarmpath_batch_set_cancel_token). Errors: SWARMPATH_ERROR_INVALID_ARGUMENT (NULL),
 *  SWARMPATH_ERROR_OUT_OF_MEMORY. */
SWARMPATH_API swarmpath_status swarmpath_cancel_token_create(swarmpath_cancel_token** token);
/** Fires the token; safe from any thread (a signal handler included: it only sets an atomic flag),
 *  at any time, any number of times. Every query that holds it and is running stops at its next
 *  check (within 1024 expansions) and every query not yet started stops before searching, each
 *  answered SWARMPATH_QUERY_CANCELLED. A NULL token is ignored. */
SWARMPATH_API void swarmpath_cancel_token_cancel(swarmpath_cancel_token* token);
/** Rearms a fired token for later searches. Call it while no search holding the token runs. */
SWARMPATH_API void swarmpath_cancel_token_reset(swarmpath_cancel_token* token);
/** 1 when the token has fired (and not been reset since), else 0; 0 for NULL. */
SWARMPATH_API int swarmpath_cancel_token_is_cancelled(const swarmpath_cancel_token* token);
/** Destroys the token; no solver or batch may hold it any more. NULL is allowed. */
SWARMPATH_API void swarmpath_cancel_token_destroy(swarmpath_cancel_token* token);

/** Copies the context's last path in `shape` (a swarmpath_path_shape) as x, y pairs, with the same
 *  size-query protocol as swarmpath_context_path. Waypoints and smoothing are for square grids; the
 *  solver of the last query (and its grid) must still exist. The result keeps the start and the
 *  goal; a smoothed path is never longer (swarmpath_polyline_length) than the cells it replaces.
 *  Errors: SWARMPATH_ERROR_INVALID_ARGUMENT (a NULL pointer, an unknown shape, a shape other than
 *  cells on a hex or triangle grid), SWARMPATH_ERROR_BUFFER_TOO_SMALL, SWARMPATH_ERROR_OUT_OF_MEMORY. */
SWARMPATH_API swarmpath_status swarmpath_context_path_shaped(const swarmpath_context* context, int shape, int32_t* xy,
                                                             size_t capacity, size_t* length);
/** The Euclidean length of the polyline through `length` points `xy` (x, y pairs), from cell centre
 *  to cell centre; 0 for NULL or fewer than two points. */
SWARMPATH_API double swarmpath_polyline_length(const int32_t* xy, size_t length);

/* ---- Many queries at once ---- */

/** A pool of worker threads. `threads`: 0 for one per hardware thread, else 1 to
 *  SWARMPATH_MAXIMUM_THREADS; a batch never runs more workers than the machine has hardware threads
 *  (swarmpath_batch_threads says how many it runs). Results do not depend on the count.
 *  Errors: SWARMPATH_ERROR_INVALID_ARGUMENT for a count above SWARMPATH_MAXIMUM_THREADS or a NULL
 *  `batch`; SWARMPATH_ERROR_OUT_OF_MEMORY. */
SWARMPATH_API swarmpath_status swarmpath_batch_create(unsigned threads, swarmpath_batch** batch);
/** The number of worker threads the batch runs; 0 for NULL. */
SWARMPATH_API unsigned swarmpath_batch_threads(const swarmpath_batch* batch);
/** 1 once the batch's worker threads have started sharing its work, else 0 (and for NULL). A batch of
 *  several threads runs its solves on the calling thread until they have taken a millisecond in all,
 *  so short solves never start the workers (nor does a batch of one thread); once started, they take
 *  every later solve's work until swarmpath_batch_destroy. */
SWARMPATH_API int swarmpath_batch_workers_started(const swarmpath_batch* batch);
SWARMPATH_API void swarmpath_batch_destroy(swarmpath_batch* batch);
/** Solves `count` queries, `queries[4 i .. 4 i + 3]` = start x, start y, goal x, goal y, into
 *  results[i]. The paths stay in `batch` for swarmpath_batch_path until its next solve.
 *  Inputs: `count` from 0 to SWARMPATH_MAXIMUM_BATCH_QUERIES (checked before `queries` is read);
 *  `queries` holds 4 x count values and `results` count entries (either may be NULL when count is 0).
 *  Errors: SWARMPATH_ERROR_INVALID_ARGUMENT (a NULL pointer, count past its bound),
 *  SWARMPATH_ERROR_OUT_OF_MEMORY (the batch's results or paths could not be allocated). */
SWARMPATH_API swarmpath_status swarmpath_batch_solve(swarmpath_batch* batch, const swarmpath_solver* solver,
                                                     const int64_t* queries, size_t count, swarmpath_result* results);
/** Attaches `token` to the batch (NULL detaches it): its later solves stop when the token fires,
 *  whatever the solver's own settings.cancel_token, and so do the goal-bounds and oracle builds run
 *  on it (SWARMPATH_ERROR_CANCELLED). The token must outlive its use by the batch.
 *  Errors: SWARMPATH_ERROR_INVALID_ARGUMENT (a NULL batch). */
SWARMPATH_API swarmpath_status swarmpath_batch_set_cancel_token(swarmpath_batch* batch, swarmpath_cancel_token* token);
/** Gives the batch's later solves a per-query deadline of `deadline_ms` milliseconds (1 to
 *  SWARMPATH_MAXIMUM_DEADLINE_MS) in place of the solver's settings.deadline_ms; 0 goes back to the
 *  solver's. Errors: SWARMPATH_ERROR_INVALID_ARGUMENT (a NULL batch, a value past its bound). */
SWARMPATH_API swarmpath_status swarmpath_batch_set_deadline_ms(swarmpath_batch* batch, uint64_t deadline_ms);
/** Copies the path of query `index` of the last batch, as swarmpath_context_path does.
 *  Errors: as swarmpath_context_path, and SWARMPATH_ERROR_INVALID_ARGUMENT for an index not below
 *  the last batch's count. */
SWARMPATH_API swarmpath_status swarmpath_batch_path(const swarmpath_batch* batch, size_t index, int32_t* xy,
                                                    size_t capacity, size_t* length);

/** Copies the path of query `index` of the last batch in `shape`, as swarmpath_context_path_shaped. */
SWARMPATH_API swarmpath_status swarmpath_batch_path_shaped(const swarmpath_batch* batch, size_t index, int shape,
                                                           int32_t* xy, size_t capacity, size_t* length);

/* ---- Goal fields: many agents, few goals ---- */

typedef struct swarmpath_crowd swarmpath_crowd;
typedef struct swarmpath_field swarmpath_field;

/** Binds `grid` (which must outlive the crowd) to `settings` for swarmpath_batch_solve_crowd.
 *  settings->algorithm: SWARMPATH_ALGORITHM_FLOWFIELD (every group of queries with one reachable goal
 *  is answered from one goal field: a reverse Dijkstra from the goal, then a path read off per agent)
 *  or SWARMPATH_ALGORITHM_AUTO (the command line's cost model picks a field or per-agent search for
 *  each group, as `swarmpath solve --algorithm auto` does). Other queries are searched. Answers are
 *  optimal and equal to a solver's costs. Its deadline_ms and cancel_token apply (a batch's own do not).
 *  Errors: SWARMPATH_ERROR_INVALID_ARGUMENT naming the field (another algorithm, settings as for
 *  swarmpath_solver_create), SWARMPATH_ERROR_OUT_OF_MEMORY. */
SWARMPATH_API swarmpath_status swarmpath_crowd_create(const swarmpath_grid* grid, const swarmpath_settings* settings,
                                                      swarmpath_crowd** crowd);
SWARMPATH_API void swarmpath_crowd_destroy(swarmpath_crowd* crowd);
/** Solves `count` queries with the crowd, as swarmpath_batch_solve does with a solver (same inputs,
 *  bounds, results and paths: swarmpath_batch_path and swarmpath_batch_path_shaped read them). A
 *  field's work is counted in the expanded/generated counters of its group's first query. */
SWARMPATH_API swarmpath_status swarmpath_batch_solve_crowd(swarmpath_batch* batch, const swarmpath_crowd* crowd,
                                                           const int64_t* queries, size_t count,
                                                           swarmpath_result* results);

/** Computes the goal field of (goal_x, goal_y) over the whole map under the solver's grid, moves and
 *  diagonal rule (its algorithm and weight do not matter); the solver's deadline_ms (for the whole
 *  field) and cancel_token may stop it early, which swarmpath_field_status reports. A goal off the
 *  map or blocked gives an empty field (no cell reaches it). The solver's grid must outlive the field.
 *  Memory: about 9 bytes per cell. Errors: SWARMPATH_ERROR_INVALID_ARGUMENT (NULL),
 *  SWARMPATH_ERROR_OUT_OF_MEMORY. */
SWARMPATH_API swarmpath_status swarmpath_field_create(const swarmpath_solver* solver, int64_t goal_x, int64_t goal_y,
                                                      swarmpath_field** field);
SWARMPATH_API void swarmpath_field_destroy(swarmpath_field* field);
/** SWARMPATH_QUERY_FOUND when the field was computed to the end, SWARMPATH_QUERY_DEADLINE or
 *  SWARMPATH_QUERY_CANCELLED when it was stopped (cells it reached are still exact); -1 for NULL. */
SWARMPATH_API int swarmpath_field_status(const swarmpath_field* field);
/** 1 with the optimal cost from (x, y) to the goal in *cost when the field reached (x, y); 0 (and
 *  *cost untouched) for a cell off the map, blocked, unconnected or not reached. */
SWARMPATH_API int swarmpath_field_cost(const swarmpath_field* field, int64_t x, int64_t y, double* cost);
/** 1 with the first step from (x, y) towards the goal in *dx, *dy (each -1, 0 or 1: the neighbour
 *  (x + dx, y + dy)); 0 at the goal itself and wherever swarmpath_field_cost gives 0. */
SWARMPATH_API int swarmpath_field_direction(const swarmpath_field* field, int64_t x, int64_t y, int* dx, int* dy);

/* ---- Path oracles: every query answered without search ---- */

typedef struct swarmpath_oracle swarmpath_oracle;
/** A build's progress: called with the rows done and the total, from whichever worker thread
 *  finished a share of the rows (never from two threads at once). */
typedef void (*swarmpath_progress)(void* user, size_t done, size_t total);

/* ---- Goal bounds: JPS+ that skips moves which cannot start an optimal path ---- */

/** For every cell of a square grid of uniform cost and each of its eight first moves, the box of the
 *  cells an optimal path starting with that move reaches (the files of `swarmpath precompute --kind
 *  goal-bounds`). Immutable once made; may be shared by solvers of any thread. */
typedef struct swarmpath_goal_bounds swarmpath_goal_bounds;
/** Builds the goal bounds of `grid` on the batch's workers: one Dijkstra per passable cell, as an
 *  oracle's build. `progress` (may be NULL) is called with the cells done and the total. The batch's
 *  cancel token (swarmpath_batch_set_cancel_token), fired from any thread (the progress callback
 *  too), stops the build within one cell's search per worker. Errors: SWARMPATH_ERROR_INVALID_ARGUMENT
 *  (a NULL pointer, a hex or triangle grid, terrain costs, more passable cells than a build takes),
 *  SWARMPATH_ERROR_OUT_OF_MEMORY, SWARMPATH_ERROR_CANCELLED (nothing is made). */
SWARMPATH_API swarmpath_status swarmpath_goal_bounds_build(const swarmpath_grid* grid, swarmpath_batch* batch,
                                                           swarmpath_progress progress, void* progress_user,
                                                           swarmpath_goal_bounds** bounds);
/** Loads a goal-bounds file built for `grid` (read whole and checked). Errors: SWARMPATH_ERROR_FILE (a
 *  missing, damaged or foreign file, or one built for another map; the message names the file),
 *  SWARMPATH_ERROR_INVALID_ARGUMENT, SWARMPATH_ERROR_OUT_OF_MEMORY. */
SWARMPATH_API swarmpath_status swarmpath_goal_bounds_load(const char* bounds_path, const swarmpath_grid* grid,
                                                          swarmpath_goal_bounds** bounds);
/** Writes the goal bounds to `bounds_path` atomically. Errors: SWARMPATH_ERROR_FILE,
 *  SWARMPATH_ERROR_INVALID_ARGUMENT. */
SWARMPATH_API swarmpath_status swarmpath_goal_bounds_save(const swarmpath_goal_bounds* bounds, const char* bounds_path);
SWARMPATH_API void swarmpath_goal_bounds_destroy(swarmpath_goal_bounds* bounds);
/** As swarmpath_solver_create, searching with `bounds` (built for `grid`; the solver keeps its own
 *  reference, so they may be destroyed first). settings->algorithm must be SWARMPATH_ALGORITHM_JPS_PLUS
 *  or auto (which then means it). Errors: as swarmpath_solver_create, and SWARMPATH_ERROR_INVALID_ARGUMENT
 *  for bounds of another map or another algorithm. */
SWARMPATH_API swarmpath_status swarmpath_solver_create_with_goal_bounds(const swarmpath_grid* grid,
                                                                        const swarmpath_settings* settings,
                                                                        const swarmpath_goal_bounds* bounds,
                                                                        swarmpath_solver** solver);

/** Builds the path oracle of a square grid under settings->moves and ->diagonal_rule (NULL: the
 *  defaults; the other fields are not used) on the batch's workers: one Dijkstra per passable cell,
 *  so it costs about (passable cells)^2 work; the sizes a map may have (SWARMPATH_MAXIMUM_CELLS)
 *  bound it. `map_name` (may be NULL) is recorded in the file. `progress` may be NULL. The batch's
 *  cancel token (swarmpath_batch_set_cancel_token), fired from any thread (the progress callback
 *  too), stops the build within one row per worker. The grid must outlive the oracle. Errors:
 *  SWARMPATH_ERROR_INVALID_ARGUMENT (a NULL pointer, a hex or triangle grid, bad settings),
 *  SWARMPATH_ERROR_OUT_OF_MEMORY, SWARMPATH_ERROR_CANCELLED (nothing is made). */
SWARMPATH_API swarmpath_status swarmpath_oracle_build(const swarmpath_grid* grid, const swarmpath_settings* settings,
                                                      swarmpath_batch* batch, const char* map_name,
                                                      swarmpath_progress progress, void* progress_user,
                                                      swarmpath_oracle** oracle);
/** Loads an oracle file (read whole into memory the oracle owns, so later changes to the file cannot reach it) made by
 * swarmpath_oracle_save or `swarmpath precompute` for `grid` under settings->moves and ->diagonal_rule. Errors:
 * SWARMPATH_ERROR_FILE (a missing, damaged or foreign file, or one built for another map, terrain or rule; the message
 *  names the file), SWARMPATH_ERROR_INVALID_ARGUMENT, SWARMPATH_ERROR_OUT_OF_MEMORY. */
SWARMPATH_API swarmpath_status swarmpath_oracle_load(const char* oracle_path, const swarmpath_grid* grid,
                                                     const swarmpath_settings* settings, swarmpath_oracle** oracle);
/** Writes the oracle to `oracle_path` atomically (a temporary file renamed over it when complete).
 *  Errors: SWARMPATH_ERROR_FILE (the message names the file), SWARMPATH_ERROR_INVALID_ARGUMENT. */
SWARMPATH_API swarmpath_status swarmpath_oracle_save(const swarmpath_oracle* oracle, const char* oracle_path);
SWARMPATH_API void swarmpath_oracle_destroy(swarmpath_oracle* oracle);
/** Bytes the oracle holds in memory: its runs (4 bytes each, where a file may keep 3), row index,
 *  per-cell tables and the lookup tables made when it is loaded or built; more than its file, and not
 *  counting the grid it refers to. 0 for NULL. */
SWARMPATH_API uint64_t swarmpath_oracle_memory_bytes(const swarmpath_oracle* oracle);
/** Answers one query from the oracle into `result` (an optimal cost and, in the context, the path),
 *  as swarmpath_solve does; expanded and generated count the steps read. */
SWARMPATH_API swarmpath_status swarmpath_oracle_solve(const swarmpath_oracle* oracle, swarmpath_context* context,
                                                      int64_t start_x, int64_t start_y, int64_t goal_x, int64_t goal_y,
                                                      swarmpath_result* result);
/** Answers `count` queries from the oracle on the batch's workers, as swarmpath_batch_solve does. */
SWARMPATH_API swarmpath_status swarmpath_batch_solve_oracle(swarmpath_batch* batch, const swarmpath_oracle* oracle,
                                                            const int64_t* queries, size_t count,
                                                            swarmpath_result* results);

/** The stored first move of each of `count` queries (four int64 each: start x, start y, goal x,
 *  goal y) into moves[i]: 0 N, 1 E, 2 S, 3 W, 4 NE, 5 SE, 6 SW, 7 NW, or -1 where there is none (an
 *  endpoint off the map or blocked, the two cells equal, or in areas that do not connect). One call
 *  for a whole crowd's next steps, on the calling thread, without allocating; its lookups overlap
 *  their memory fetches, so each costs less than alone. Errors: SWARMPATH_ERROR_INVALID_ARGUMENT (a
 *  NULL oracle, NULL queries or moves with count above 0, count above
 *  SWARMPATH_MAXIMUM_BATCH_QUERIES). */
SWARMPATH_API swarmpath_status swarmpath_oracle_first_moves(const swarmpath_oracle* oracle, const int64_t* queries,
                                                            size_t count, int8_t* moves);
/** swarmpath_oracle_first_moves for queries of four int32 each, read where they lie (the int64 form
 *  converts its rows first; two million random pairs on Berlin_1_256's oracle: 9.6-10.5 against
 *  12.2-14.5 ns a lookup). A negative coordinate is off every map (-1). Errors: as
 *  swarmpath_oracle_first_moves. */
SWARMPATH_API swarmpath_status swarmpath_oracle_first_moves_int32(const swarmpath_oracle* oracle,
                                                                  const int32_t* queries, size_t count, int8_t* moves);

/* ---- Maps that change between batches ---- */

/** A map whose cells change between batches (doors, walls built or knocked down), keeping what its
 *  solvers derive from it current for the cells each edit touches instead of making it again: the
 *  connected areas, and for JPS and JPS+ their scan lines and table (a one-cell wall on a 481 x 530
 *  map refreshes in 0.1 to 1.5 ms where a new grid and solver take 28 to 67 ms). Made for one
 *  movement model, diagonal rule and algorithm; solvers made from it share its data, and one made
 *  before an edit keeps answering on the map as it was. Not thread-safe: apply edits between
 *  batches, from one thread, while no solver made from it is being created. */
typedef struct swarmpath_editable_map swarmpath_editable_map;

/** One cell's new terrain letter: '@' blocks it, '.' opens it, any letter of the grid's terrain. */
typedef struct swarmpath_cell_edit {
    int64_t x;
    int64_t y;
    char letter;
} swarmpath_cell_edit;

/** What one swarmpath_editable_map_apply call did. */
typedef struct swarmpath_edit_report {
    uint64_t cells_changed;           /**< edits that changed a cell's letter */
    uint64_t cells_relabelled;        /**< connected-area labels rewritten */
    uint64_t jump_cells_rewritten;    /**< JPS scan-line cells rewritten */
    uint64_t jump_entries_recomputed; /**< JPS+ table entries recomputed */
} swarmpath_edit_report;

/** Makes an editable map from `grid` (copied: the grid may be destroyed afterwards) for
 *  settings->moves, ->diagonal_rule and ->algorithm (NULL: the defaults): JPS keeps its scan lines
 *  current (also for SWARMPATH_ALGORITHM_AUTO), JPS+ its table. Errors: SWARMPATH_ERROR_INVALID_ARGUMENT
 *  (a NULL pointer, bad settings), SWARMPATH_ERROR_OUT_OF_MEMORY. */
SWARMPATH_API swarmpath_status swarmpath_editable_map_create(const swarmpath_grid* grid,
                                                             const swarmpath_settings* settings,
                                                             swarmpath_editable_map** map);
/** Applies `count` edits in order (a later edit of the same cell wins), all or nothing: an edit off
 *  the map or with a letter the grid's terrain does not declare changes nothing and the message names
 *  it ("edits[3]: ..."). `report` (may be NULL) gets what the edits did. Errors:
 *  SWARMPATH_ERROR_INVALID_ARGUMENT (a NULL map, NULL edits with a count, count above
 *  SWARMPATH_MAXIMUM_EDITS, a bad edit), SWARMPATH_ERROR_OUT_OF_MEMORY (nothing changed). */
SWARMPATH_API swarmpath_status swarmpath_editable_map_apply(swarmpath_editable_map* map,
                                                            const swarmpath_cell_edit* edits, size_t count,
                                                            swarmpath_edit_report* report);
/** A solver over the map as it is now, sharing the data the map keeps (what it does not keep is made
 *  as swarmpath_solver_create makes it). settings->moves and ->diagonal_rule must be the map's. The
 *  solver keeps the map of this moment alive itself: it needs no grid handle and outlives later edits
 *  and the editable map. Errors: as swarmpath_solver_create. */
SWARMPATH_API swarmpath_status swarmpath_editable_map_solver(const swarmpath_editable_map* map,
                                                             const swarmpath_settings* settings,
                                                             swarmpath_solver** solver);
/** A grid handle on the map as it is now (for crowds, oracles, goal bounds and fields, which take a
 *  grid): it shares the map's grid rather than copying it, and later edits leave it as it was (an edit
 *  gives the map a new grid). It outlives the editable map. Errors: SWARMPATH_ERROR_INVALID_ARGUMENT (a NULL pointer),
 *  SWARMPATH_ERROR_OUT_OF_MEMORY. */
SWARMPATH_API swarmpath_status swarmpath_editable_map_grid(const swarmpath_editable_map* map, swarmpath_grid** grid);
SWARMPATH_API void swarmpath_editable_map_destroy(swarmpath_editable_map* map);

/* ---- Moving AI scenario files ---- */

/** Reads a Moving AI .scen file (at most 600 MiB). Output: *scenario, NULL on failure.
 *  Errors: SWARMPATH_ERROR_FILE ("file:line:column: why"), SWARMPATH_ERROR_INVALID_ARGUMENT (NULL),
 *  SWARMPATH_ERROR_OUT_OF_MEMORY. */
SWARMPATH_API swarmpath_status swarmpath_scenario_read(const char* scenario_path, swarmpath_scenario** scenario);
SWARMPATH_API void swarmpath_scenario_destroy(swarmpath_scenario* scenario);
SWARMPATH_API size_t swarmpath_scenario_count(const swarmpath_scenario* scenario); /**< rows; 0 for NULL */
/** Copies the rows' queries (4 values a row, as swarmpath_batch_solve takes them) and, when
 *  `optimal` is not NULL, their optimal lengths; both hold `capacity` rows.
 *  Errors: SWARMPATH_ERROR_INVALID_ARGUMENT (a NULL scenario or queries),
 *  SWARMPATH_ERROR_BUFFER_TOO_SMALL (capacity below swarmpath_scenario_count; nothing written). */
SWARMPATH_API swarmpath_status swarmpath_scenario_queries(const swarmpath_scenario* scenario, int64_t* queries,
                                                          double* optimal, size_t capacity);
/** The map file of row 0, resolved as the command line does (its base name beside the scenario),
 *  as a NUL-terminated string in `path` of `capacity` bytes; *length gets its length without the NUL
 *  (`path` NULL with capacity 0 asks for the length alone).
 *  Errors: SWARMPATH_ERROR_INVALID_ARGUMENT (a NULL pointer, a scenario without rows),
 *  SWARMPATH_ERROR_BUFFER_TOO_SMALL (capacity not above the length). */
SWARMPATH_API swarmpath_status swarmpath_scenario_map_path(const swarmpath_scenario* scenario, char* path,
                                                           size_t capacity, size_t* length);

#ifdef __cplusplus
}
#endif

#endif /* SWARMPATH_H */
