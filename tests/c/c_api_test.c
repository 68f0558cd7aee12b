/* The C API (swarmpath.h) from C: compiled by a C compiler as C99, run by ctest with the source
 * tree as its one argument (for the bundled Moving AI files). Checks answers against the scenario
 * file's optimal lengths, the size-query protocol of the output buffers, the status codes of bad
 * input (a missing file, unknown letters and settings, NULL handles, cells off the map), hex and
 * triangle grids built from letters, the bounds on sizes, counts and threads (checked before a
 * buffer is read), error messages worded in this API's names (never command-line flags), and grids
 * for sized agents and movement classes against a block reference written in the test, and JPS+
 * with goal bounds against JPS+ without. Compiled as C99 with POSIX's monotonic clock. */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "swarmpath.h"

#include "c_checks.h"

static char* joined(const char* folder, const char* name) {
    size_t length = strlen(folder) + strlen(name) + 2;
    char* path = malloc(length);
    snprintf(path, length, "%s/%s", folder, name);
    return path;
}

static void test_one_query(const char* source) {
    char* map_path = joined(source, "datasets/movingai/dao/arena.map");
    swarmpath_grid* grid = NULL;
    CHECK(swarmpath_grid_from_file(map_path, NULL, &grid) == SWARMPATH_OK);
    CHECK(swarmpath_grid_width(grid) == 49 && swarmpath_grid_height(grid) == 49);
    CHECK(swarmpath_grid_passable(grid, 1, 11) == 1);
    CHECK(swarmpath_grid_passable(grid, 0, 0) == 0);
    CHECK(swarmpath_grid_passable(grid, -1, 5) == 0);

    swarmpath_solver* solver = NULL;
    swarmpath_context* context = NULL;
    CHECK(swarmpath_solver_create(grid, NULL, &solver) == SWARMPATH_OK);
    CHECK(swarmpath_context_create(&context) == SWARMPATH_OK);
    swarmpath_result result;
    CHECK(swarmpath_solve(solver, context, 1, 11, 1, 12, &result) == SWARMPATH_OK);
    CHECK(result.status == SWARMPATH_QUERY_FOUND);
    CHECK(fabs(result.cost - 1.0) < 1e-9);
    CHECK(result.path_length == 2);

    size_t length = 0;
    CHECK(swarmpath_context_path(context, NULL, 0, &length) == SWARMPATH_OK && length == 2);
    int32_t small[2];
    CHECK(swarmpath_context_path(context, small, 1, &length) == SWARMPATH_ERROR_BUFFER_TOO_SMALL && length == 2);
    int32_t xy[4] = {0, 0, 0, 0};
    CHECK(swarmpath_context_path(context, xy, 2, &length) == SWARMPATH_OK);
    CHECK(xy[0] == 1 && xy[1] == 11 && xy[2] == 1 && xy[3] == 12);

    /* A cell off the map is the query's status, not a failed call. */
    CHECK(swarmpath_solve(solver, context, -1, 0, 1, 12, &result) == SWARMPATH_OK);
    CHECK(result.status == SWARMPATH_QUERY_INVALID && result.path_length == 0);
    CHECK(strcmp(swarmpath_query_status_name(result.status), "invalid") == 0);
    CHECK(swarmpath_solve(solver, context, 1, 11, 0, 0, &result) == SWARMPATH_OK);
    CHECK(result.status == SWARMPATH_QUERY_GOAL_BLOCKED);

    /* A 4-connected A* solver over the same grid: the diagonal step is two straight ones. */
    swarmpath_settings settings;
    swarmpath_settings_default(&settings);
    settings.moves = 4;
    settings.algorithm = SWARMPATH_ALGORITHM_ASTAR;
    swarmpath_solver* four = NULL;
    CHECK(swarmpath_solver_create(grid, &settings, &four) == SWARMPATH_OK);
    CHECK(swarmpath_solve(four, context, 1, 11, 2, 12, &result) == SWARMPATH_OK);
    CHECK(result.status == SWARMPATH_QUERY_FOUND && fabs(result.cost - 2.0) < 1e-9);

    swarmpath_solver_destroy(four);
    swarmpath_context_destroy(context);
    swarmpath_solver_destroy(solver);
    swarmpath_grid_destroy(grid);
    free(map_path);
}

static void test_batch_against_scenario(const char* source) {
    char* scenario_path = joined(source, "datasets/movingai/dao/arena.map.scen");
    swarmpath_scenario* scenario = NULL;
    CHECK(swarmpath_scenario_read(scenario_path, &scenario) == SWARMPATH_OK);
    size_t count = swarmpath_scenario_count(scenario);
    CHECK(count > 100);
    int64_t* queries = malloc(count * 4 * sizeof(int64_t));
    double* optimal = malloc(count * sizeof(double));
    swarmpath_result* results = malloc(count * sizeof(swarmpath_result));
    CHECK(swarmpath_scenario_queries(scenario, queries, optimal, count - 1) == SWARMPATH_ERROR_BUFFER_TOO_SMALL);
    CHECK(swarmpath_scenario_queries(scenario, queries, optimal, count) == SWARMPATH_OK);

    size_t map_length = 0;
    CHECK(swarmpath_scenario_map_path(scenario, NULL, 0, &map_length) == SWARMPATH_OK && map_length > 0);
    char* map_path = malloc(map_length + 1);
    CHECK(swarmpath_scenario_map_path(scenario, map_path, map_length + 1, &map_length) == SWARMPATH_OK);
    swarmpath_grid* grid = NULL;
    swarmpath_solver* solver = NULL;
    swarmpath_batch* batch = NULL;
    CHECK(swarmpath_grid_from_file(map_path, NULL, &grid) == SWARMPATH_OK);
    CHECK(swarmpath_solver_create(grid, NULL, &solver) == SWARMPATH_OK);
    CHECK(swarmpath_batch_create(2, &batch) == SWARMPATH_OK);
    CHECK(swarmpath_batch_solve(batch, solver, queries, count, results) == SWARMPATH_OK);
    size_t mismatches = 0;
    for (size_t index = 0; index < count; ++index) {
        double tolerance = 1e-5 * optimal[index] + 1e-6;
        if (results[index].status != SWARMPATH_QUERY_FOUND || fabs(results[index].cost - optimal[index]) > tolerance) {
            ++mismatches;
        }
    }
    CHECK(mismatches == 0);
    /* Two rows take microseconds: a new batch of two workers answers them on the calling thread
     * alone, which keeps the work for its first millisecond (judged only when the call took less
     * than that: a loaded machine may stop the thread for longer). The file's rows two hundred times
     * over outlast the millisecond, and with two hardware threads the workers start, answering as
     * before. */
    swarmpath_batch* fresh = NULL;
    CHECK(swarmpath_batch_create(2, &fresh) == SWARMPATH_OK);
    struct timespec before;
    struct timespec after;
    clock_gettime(CLOCK_MONOTONIC, &before);
    CHECK(swarmpath_batch_solve(fresh, solver, queries, 2, results) == SWARMPATH_OK);
    clock_gettime(CLOCK_MONOTONIC, &after);
    double call_seconds = (double)(after.tv_sec - before.tv_sec) + 1e-9 * (double)(after.tv_nsec - before.tv_nsec);
    CHECK(call_seconds >= 1e-3 || swarmpath_batch_workers_started(fresh) == 0);
    CHECK(swarmpath_batch_workers_started(NULL) == 0);
    swarmpath_batch_destroy(fresh);
    size_t repeats = 200;
    int64_t* many = malloc(repeats * count * 4 * sizeof(int64_t));
    swarmpath_result* many_results = malloc(repeats * count * sizeof(swarmpath_result));
    for (size_t copy = 0; copy < repeats; ++copy) memcpy(many + copy * count * 4, queries, count * 4 * sizeof(int64_t));
    CHECK(swarmpath_batch_solve(batch, solver, many, repeats * count, many_results) == SWARMPATH_OK);
    size_t differing = 0;
    for (size_t index = 0; index < repeats * count; ++index) {
        if (many_results[index].status != results[index % count].status ||
            many_results[index].cost != results[index % count].cost) {
            ++differing;
        }
    }
    CHECK(differing == 0);
    CHECK(swarmpath_batch_workers_started(batch) == (swarmpath_batch_threads(batch) >= 2 ? 1 : 0));
    free(many_results);
    free(many);
    CHECK(swarmpath_batch_solve(batch, solver, queries, count, results) == SWARMPATH_OK);

    /* The last row's path runs from its start to its goal. */
    size_t last = count - 1;
    size_t length = 0;
    CHECK(swarmpath_batch_path(batch, last, NULL, 0, &length) == SWARMPATH_OK && length == results[last].path_length);
    int32_t* xy = malloc(2 * length * sizeof(int32_t));
    CHECK(swarmpath_batch_path(batch, last, xy, length, &length) == SWARMPATH_OK);
    CHECK(xy[0] == queries[4 * last] && xy[1] == queries[4 * last + 1]);
    CHECK(xy[2 * length - 2] == queries[4 * last + 2] && xy[2 * length - 1] == queries[4 * last + 3]);
    CHECK(swarmpath_batch_path(batch, count, xy, length, &length) == SWARMPATH_ERROR_INVALID_ARGUMENT);

    free(xy);
    swarmpath_batch_destroy(batch);
    swarmpath_solver_destroy(solver);
    swarmpath_grid_destroy(grid);
    free(map_path);
    free(results);
    free(optimal);
    free(queries);
    swarmpath_scenario_destroy(scenario);
    free(scenario_path);
}

static void test_bad_input(void) {
    swarmpath_grid* grid = (swarmpath_grid*)&failures; /* must be reset to NULL on failure */
    CHECK(swarmpath_grid_from_file("/nonexistent/no.map", NULL, &grid) == SWARMPATH_ERROR_FILE);
    CHECK(grid == NULL);
    CHECK(strstr(swarmpath_last_error(), "/nonexistent/no.map") != NULL);
    CHECK(swarmpath_grid_from_file(NULL, NULL, &grid) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(swarmpath_grid_from_file("x.map", NULL, NULL) == SWARMPATH_ERROR_INVALID_ARGUMENT);

    swarmpath_scenario* scenario = NULL;
    CHECK(swarmpath_scenario_read("/nonexistent/no.scen", &scenario) == SWARMPATH_ERROR_FILE && scenario == NULL);

    /* Letters: a 4x3 room with a wall; an undefined letter and a bad terrain spec are refused. */
    const char* room =
        "...."
        ".@@."
        "....";
    CHECK(swarmpath_grid_from_letters(4, 3,
                                      "...."
                                      ".Z.."
                                      "....",
                                      NULL, &grid) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(swarmpath_last_error(), "Z") != NULL);
    CHECK(swarmpath_grid_from_letters(0, 3, room, NULL, &grid) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(swarmpath_grid_from_letters(4, 3, room, "W=abc", &grid) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(swarmpath_grid_from_letters(4, 3, room, NULL, &grid) == SWARMPATH_OK);

    swarmpath_settings settings;
    swarmpath_settings_default(&settings);
    settings.moves = 5;
    swarmpath_solver* solver = NULL;
    CHECK(swarmpath_solver_create(grid, &settings, &solver) == SWARMPATH_ERROR_INVALID_ARGUMENT && solver == NULL);
    swarmpath_settings_default(&settings);
    settings.weight = 0.5;
    CHECK(swarmpath_solver_create(grid, &settings, &solver) == SWARMPATH_ERROR_INVALID_ARGUMENT && solver == NULL);
    CHECK(swarmpath_solver_create(NULL, NULL, &solver) == SWARMPATH_ERROR_INVALID_ARGUMENT);

    CHECK(swarmpath_solver_create(grid, NULL, &solver) == SWARMPATH_OK);
    swarmpath_result result;
    CHECK(swarmpath_solve(solver, NULL, 0, 0, 3, 0, &result) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    swarmpath_context* context = NULL;
    CHECK(swarmpath_context_create(&context) == SWARMPATH_OK);
    /* Around the wall: (0,1) to (3,1) is 5 straight steps, the both-free rule cutting no corner. */
    CHECK(swarmpath_solve(solver, context, 0, 1, 3, 1, &result) == SWARMPATH_OK);
    CHECK(result.status == SWARMPATH_QUERY_FOUND && fabs(result.cost - 5.0) < 1e-9);
    CHECK(swarmpath_context_path(context, NULL, 0, NULL) == SWARMPATH_ERROR_INVALID_ARGUMENT);

    swarmpath_context_destroy(context);
    swarmpath_solver_destroy(solver);
    swarmpath_grid_destroy(grid);
    swarmpath_grid_destroy(NULL); /* destroying NULL is allowed */
}

/* Hex and triangle grids from letters: the same room's shortest paths on each shape's own
 * neighbours (docs/formats.md), the topology reported back, square-only settings refused. */
static void test_shaped_grids(void) {
    /* Around the wall at (1, 1) from (0, 0) to (3, 2): 4 hex steps, 5 triangle steps. */
    const char* room =
        "...."
        ".@.."
        "....";
    const int shapes[2] = {SWARMPATH_TOPOLOGY_HEX, SWARMPATH_TOPOLOGY_TRIANGLE};
    const double optimal[2] = {4.0, 5.0};
    for (int shape = 0; shape < 2; ++shape) {
        swarmpath_grid* grid = NULL;
        CHECK(swarmpath_grid_from_shaped_letters(4, 3, shapes[shape], room, NULL, &grid) == SWARMPATH_OK);
        CHECK(swarmpath_grid_topology(grid) == shapes[shape]);
        swarmpath_solver* solver = NULL;
        CHECK(swarmpath_solver_create(grid, NULL, &solver) == SWARMPATH_OK);
        swarmpath_context* context = NULL;
        CHECK(swarmpath_context_create(&context) == SWARMPATH_OK);
        swarmpath_result result;
        CHECK(swarmpath_solve(solver, context, 0, 0, 3, 2, &result) == SWARMPATH_OK);
        CHECK(result.status == SWARMPATH_QUERY_FOUND && fabs(result.cost - optimal[shape]) < 1e-9);
        swarmpath_settings settings;
        swarmpath_settings_default(&settings);
        settings.moves = 4;
        swarmpath_solver* refused = NULL;
        CHECK(swarmpath_solver_create(grid, &settings, &refused) == SWARMPATH_ERROR_INVALID_ARGUMENT &&
              refused == NULL);
        CHECK(strstr(swarmpath_last_error(), "moves does not apply") != NULL);
        CHECK(strstr(swarmpath_last_error(), "--") == NULL);
        swarmpath_settings_default(&settings);
        settings.algorithm = SWARMPATH_ALGORITHM_JPS;
        CHECK(swarmpath_solver_create(grid, &settings, &refused) == SWARMPATH_ERROR_INVALID_ARGUMENT &&
              refused == NULL);
        CHECK(strstr(swarmpath_last_error(), "algorithm SWARMPATH_ALGORITHM_JPS does not apply") != NULL);
        CHECK(strstr(swarmpath_last_error(),
                     "use algorithm SWARMPATH_ALGORITHM_ASTAR, algorithm SWARMPATH_ALGORITHM_AUTO") != NULL);
        CHECK(strstr(swarmpath_last_error(), "--") == NULL);
        swarmpath_context_destroy(context);
        swarmpath_solver_destroy(solver);
        swarmpath_grid_destroy(grid);
    }
    swarmpath_grid* grid = NULL;
    CHECK(swarmpath_grid_from_letters(4, 3, room, NULL, &grid) == SWARMPATH_OK);
    CHECK(swarmpath_grid_topology(grid) == SWARMPATH_TOPOLOGY_SQUARE);
    swarmpath_grid_destroy(grid);
    CHECK(swarmpath_grid_topology(NULL) == -1);
    CHECK(swarmpath_grid_from_shaped_letters(4, 3, 7, room, NULL, &grid) == SWARMPATH_ERROR_INVALID_ARGUMENT &&
          grid == NULL);
}

/* A refused solver's message names `expected` and no command-line flag. */
static void check_refusal(const swarmpath_grid* grid, const swarmpath_settings* settings, const char* expected) {
    swarmpath_solver* solver = (swarmpath_solver*)&failures;
    CHECK(swarmpath_solver_create(grid, settings, &solver) == SWARMPATH_ERROR_INVALID_ARGUMENT && solver == NULL);
    if (strstr(swarmpath_last_error(), expected) == NULL || strstr(swarmpath_last_error(), "--") != NULL) {
        fprintf(stderr, "expected a message with \"%s\" and no flag, got \"%s\"\n", expected, swarmpath_last_error());
        ++failures;
    }
}

/* Settings problems in C words: the engine's refusals reworded, the C API's own checks. */
static void test_messages_in_c_words(void) {
    swarmpath_grid* grid = NULL;
    CHECK(swarmpath_grid_from_letters(4, 3,
                                      "...."
                                      ".@.."
                                      "....",
                                      NULL, &grid) == SWARMPATH_OK);
    swarmpath_settings settings;
    swarmpath_settings_default(&settings);
    settings.algorithm = SWARMPATH_ALGORITHM_JPS;
    settings.moves = 4;
    check_refusal(grid, &settings, "moves 4 is set; use algorithm SWARMPATH_ALGORITHM_ASTAR");
    swarmpath_settings_default(&settings);
    settings.algorithm = SWARMPATH_ALGORITHM_JPS_PLUS;
    settings.diagonal_rule = SWARMPATH_DIAGONAL_ONE_FREE;
    check_refusal(grid, &settings,
                  "diagonal_rule SWARMPATH_DIAGONAL_ONE_FREE is set; use algorithm SWARMPATH_ALGORITHM_ASTAR");
    swarmpath_settings_default(&settings);
    settings.algorithm = SWARMPATH_ALGORITHM_JPS;
    settings.fallback_nearest = 1;
    check_refusal(grid, &settings, "fallback_nearest needs every reachable cell");
    swarmpath_settings_default(&settings);
    settings.algorithm = SWARMPATH_ALGORITHM_JPS;
    settings.weight = 2.0;
    check_refusal(grid, &settings, "(no weight)");
    swarmpath_settings_default(&settings);
    settings.weight = INFINITY;
    check_refusal(grid, &settings, "weight must be a number from 1 to 1000");
    swarmpath_settings_default(&settings);
    settings.algorithm = 9;
    check_refusal(grid, &settings, "algorithm is 9; expected a swarmpath_algorithm");
    swarmpath_settings_default(&settings);
    settings.diagonal_rule = -1;
    check_refusal(grid, &settings, "diagonal_rule is -1; expected a swarmpath_diagonal_rule");
    swarmpath_grid_destroy(grid);

    /* A letter the terrain does not define: its row and column (y, x), and the parameter to declare it in. */
    grid = (swarmpath_grid*)&failures;
    CHECK(swarmpath_grid_from_letters(4, 3,
                                      "...."
                                      "...."
                                      ".Z..",
                                      NULL, &grid) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(grid == NULL);
    CHECK(strcmp(swarmpath_last_error(),
                 "letters row 2, column 1: unknown terrain letter 'Z' (declare it with terrain_spec)") == 0);
    CHECK(swarmpath_grid_from_letters(2, 1, ".\n", NULL, &grid) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(swarmpath_last_error(), "row 0, column 1: unknown terrain letter byte 10") != NULL);
    CHECK(swarmpath_grid_from_letters(4, 3,
                                      "...."
                                      "...."
                                      ".Z..",
                                      "Z=3", &grid) == SWARMPATH_OK);
    swarmpath_grid_destroy(grid);
    CHECK(swarmpath_grid_from_letters(4, 3, "....", "W=abc", &grid) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(strncmp(swarmpath_last_error(), "terrain_spec, character 1: terrain cost 'abc'", 45) == 0);

    /* In a file, the same letter is named by the file's line and column (written to the working folder). */
    const char* map_path = "c_api_test_unknown_letter.map";
    FILE* file = fopen(map_path, "w");
    CHECK(file != NULL);
    if (file == NULL) return;
    fputs("type octile\nheight 2\nwidth 3\nmap\n...\n.Z.\n", file);
    fclose(file);
    CHECK(swarmpath_grid_from_file(map_path, NULL, &grid) == SWARMPATH_ERROR_FILE && grid == NULL);
    CHECK(strcmp(swarmpath_last_error(),
                 "c_api_test_unknown_letter.map:6:2: unknown terrain letter 'Z' (declare it with terrain_spec)") == 0);
    CHECK(swarmpath_grid_from_file(map_path, "Z=2", &grid) == SWARMPATH_OK);
    swarmpath_grid_destroy(grid);
    remove(map_path);
}

/* Every size, count and thread number is checked against its documented bound before anything is
 * read or allocated: the buffers here are far smaller than the sizes claim, so reading them would
 * be a memory error. */
static void test_bounds(void) {
    const char small[13] = "............"; /* 12 letters and a NUL */
    swarmpath_grid* grid = (swarmpath_grid*)&failures;
    CHECK(swarmpath_grid_from_letters(100000, 100000, small, NULL, &grid) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(grid == NULL && strstr(swarmpath_last_error(), "SWARMPATH_MAXIMUM_SIDE") != NULL);
    CHECK(swarmpath_grid_from_letters(SWARMPATH_MAXIMUM_SIDE + 1, 1, small, NULL, &grid) ==
          SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(swarmpath_grid_from_letters(20000, 20000, small, NULL, &grid) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(swarmpath_last_error(), "SWARMPATH_MAXIMUM_CELLS") != NULL);
    CHECK(swarmpath_grid_from_letters(INT32_MAX, INT32_MAX, small, NULL, &grid) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(swarmpath_grid_from_letters(-4, 3, small, NULL, &grid) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(swarmpath_grid_from_shaped_letters(100000, 3, 7, NULL, NULL, &grid) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(swarmpath_last_error(), "SWARMPATH_MAXIMUM_SIDE") != NULL);
    CHECK(swarmpath_grid_from_letters(4, 3, small, NULL, &grid) == SWARMPATH_OK);

    /* Threads: above the maximum refused; at the maximum, 0 and 1 accepted, never more than the
     * machine's hardware threads; each solves and tears down. */
    const unsigned counts[6] = {65537u, UINT_MAX, SWARMPATH_MAXIMUM_THREADS + 1, SWARMPATH_MAXIMUM_THREADS, 0, 1};
    const swarmpath_status expected[6] = {SWARMPATH_ERROR_INVALID_ARGUMENT,
                                          SWARMPATH_ERROR_INVALID_ARGUMENT,
                                          SWARMPATH_ERROR_INVALID_ARGUMENT,
                                          SWARMPATH_OK,
                                          SWARMPATH_OK,
                                          SWARMPATH_OK};
    swarmpath_solver* solver = NULL;
    CHECK(swarmpath_solver_create(grid, NULL, &solver) == SWARMPATH_OK);
    unsigned hardware = 0;
    for (int index = 0; index < 6; ++index) {
        swarmpath_batch* batch = (swarmpath_batch*)&failures;
        CHECK(swarmpath_batch_create(counts[index], &batch) == expected[index]);
        if (expected[index] != SWARMPATH_OK) {
            CHECK(batch == NULL && strstr(swarmpath_last_error(), "SWARMPATH_MAXIMUM_THREADS (1024)") != NULL);
            continue;
        }
        unsigned threads = swarmpath_batch_threads(batch);
        if (counts[index] == 0) hardware = threads;
        CHECK(threads >= 1 && threads <= SWARMPATH_MAXIMUM_THREADS);
        CHECK(counts[index] != 1 || threads == 1);
        int64_t queries[8] = {0, 0, 3, 2, 0, 1, 3, 1};
        swarmpath_result results[2];
        CHECK(swarmpath_batch_solve(batch, solver, queries, 2, results) == SWARMPATH_OK);
        CHECK(results[0].status == SWARMPATH_QUERY_FOUND && results[1].status == SWARMPATH_QUERY_FOUND);
        /* A batch's count bound, checked before `queries` (2 rows long) is read. */
        CHECK(swarmpath_batch_solve(batch, solver, queries, (size_t)SWARMPATH_MAXIMUM_BATCH_QUERIES + 1, results) ==
              SWARMPATH_ERROR_INVALID_ARGUMENT);
        CHECK(strstr(swarmpath_last_error(), "SWARMPATH_MAXIMUM_BATCH_QUERIES") != NULL);
        CHECK(swarmpath_batch_solve(batch, solver, queries, SIZE_MAX, results) == SWARMPATH_ERROR_INVALID_ARGUMENT);
        swarmpath_batch_destroy(batch);
    }
    /* The maximum ran on no more workers than 0 (one per hardware thread) did. */
    swarmpath_batch* most = NULL;
    CHECK(swarmpath_batch_create(SWARMPATH_MAXIMUM_THREADS, &most) == SWARMPATH_OK);
    CHECK(swarmpath_batch_threads(most) == hardware);
    swarmpath_batch_destroy(most);
    CHECK(swarmpath_batch_threads(NULL) == 0);
    swarmpath_solver_destroy(solver);
    swarmpath_grid_destroy(grid);
}

/* Grids from cost and passability arrays: costs of entering cells, blocked values, the bounds. */
static void test_grids_from_arrays(void) {
    /* A 3 x 2 cost map; row 1 blocked but for its last cell, by each kind of blocked value. */
    const float nan_value = NAN;
    const float costs[6] = {1.0f, 2.0f, 4.0f, nan_value, -1.0f, 3.0f};
    swarmpath_grid* grid = (swarmpath_grid*)&failures;
    CHECK(swarmpath_grid_from_costs(3, 2, costs, &grid) == SWARMPATH_OK);
    CHECK(swarmpath_grid_passable(grid, 2, 0) == 1 && swarmpath_grid_passable(grid, 0, 1) == 0);
    CHECK(swarmpath_grid_passable(grid, 1, 1) == 0 && swarmpath_grid_passable(grid, 2, 1) == 1);
    swarmpath_solver* solver = NULL;
    swarmpath_context* context = NULL;
    swarmpath_settings settings;
    swarmpath_settings_default(&settings);
    settings.algorithm = SWARMPATH_ALGORITHM_ASTAR;
    CHECK(swarmpath_solver_create(grid, &settings, &solver) == SWARMPATH_OK);
    CHECK(swarmpath_context_create(&context) == SWARMPATH_OK);
    swarmpath_result result;
    /* Entering (1, 0) costs 2 and (2, 0) costs 4; then (2, 1) costs 3. */
    CHECK(swarmpath_solve(solver, context, 0, 0, 2, 0, &result) == SWARMPATH_OK);
    CHECK(result.status == SWARMPATH_QUERY_FOUND && fabs(result.cost - 6.0) < 1e-9);
    /* The diagonal (1, 0) to (2, 1) cuts the blocked (1, 1): both-free sends it round by (2, 0). */
    CHECK(swarmpath_solve(solver, context, 0, 0, 2, 1, &result) == SWARMPATH_OK);
    CHECK(result.status == SWARMPATH_QUERY_FOUND && fabs(result.cost - 9.0) < 1e-9);
    CHECK(swarmpath_solve(solver, context, 0, 0, 0, 1, &result) == SWARMPATH_OK);
    CHECK(result.status == SWARMPATH_QUERY_GOAL_BLOCKED);
    swarmpath_solver_destroy(solver);
    swarmpath_grid_destroy(grid);

    const float infinite = INFINITY;
    const float blocked_kinds[4] = {infinite, -infinite, 0.0f, 1.5f};
    CHECK(swarmpath_grid_from_costs(4, 1, blocked_kinds, &grid) == SWARMPATH_OK);
    CHECK(swarmpath_grid_passable(grid, 0, 0) == 0 && swarmpath_grid_passable(grid, 1, 0) == 0);
    CHECK(swarmpath_grid_passable(grid, 2, 0) == 0 && swarmpath_grid_passable(grid, 3, 0) == 1);
    swarmpath_grid_destroy(grid);

    /* Refused: a cost out of range (by row and column), too many distinct costs, too wide a ratio. */
    const float tiny[4] = {1.0f, 1.0f, 1.0f, 1.0e-9f};
    CHECK(swarmpath_grid_from_costs(2, 2, tiny, &grid) == SWARMPATH_ERROR_INVALID_ARGUMENT && grid == NULL);
    CHECK(strstr(swarmpath_last_error(), "costs row 1, column 1: cost") != NULL);
    CHECK(strstr(swarmpath_last_error(), "SWARMPATH_MINIMUM_COST") != NULL);
    float many[300];
    for (int index = 0; index < 300; ++index) many[index] = 1.0f + (float)index / 64.0f;
    CHECK(swarmpath_grid_from_costs(300, 1, many, &grid) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(swarmpath_last_error(), "row 0, column 254: more than SWARMPATH_MAXIMUM_DISTINCT_COSTS (254)") !=
          NULL);
    CHECK(swarmpath_grid_from_costs(254, 1, many, &grid) == SWARMPATH_OK);
    swarmpath_grid_destroy(grid);
    const float wide[2] = {1.0f, 20000.0f};
    CHECK(swarmpath_grid_from_costs(2, 1, wide, &grid) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(swarmpath_last_error(), "ratio") != NULL);
    /* Sizes are checked before the (4-cell) arrays are read. */
    CHECK(swarmpath_grid_from_costs(100000, 100000, tiny, &grid) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(swarmpath_last_error(), "SWARMPATH_MAXIMUM_SIDE") != NULL);
    CHECK(swarmpath_grid_from_costs(2, 2, NULL, &grid) == SWARMPATH_ERROR_INVALID_ARGUMENT);

    /* Passability: the letters test's room, nonzero passable. */
    const uint8_t room[12] = {1, 1, 1, 1, 255, 0, 0, 7, 1, 1, 1, 1};
    CHECK(swarmpath_grid_from_passability(4, 3, room, &grid) == SWARMPATH_OK);
    CHECK(swarmpath_grid_passable(grid, 0, 1) == 1 && swarmpath_grid_passable(grid, 1, 1) == 0);
    CHECK(swarmpath_solver_create(grid, NULL, &solver) == SWARMPATH_OK);
    CHECK(swarmpath_solve(solver, context, 0, 1, 3, 1, &result) == SWARMPATH_OK);
    CHECK(result.status == SWARMPATH_QUERY_FOUND && fabs(result.cost - 5.0) < 1e-9);
    swarmpath_solver_destroy(solver);
    swarmpath_grid_destroy(grid);
    CHECK(swarmpath_grid_from_passability(0, 3, room, &grid) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(swarmpath_grid_from_passability(40000, 3, room, &grid) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(swarmpath_grid_from_passability(4, 3, NULL, &grid) == SWARMPATH_ERROR_INVALID_ARGUMENT && grid == NULL);
    swarmpath_context_destroy(context);
}

/* A 1024 x 1024 map of scattered costs (1 to 10) whose corner-to-corner A* query expands hundreds
 * of thousands of cells: far more work than the 1 ms deadlines below allow. */
static swarmpath_grid* slow_grid(void) {
    const int32_t side = 1024;
    float* costs = malloc((size_t)side * (size_t)side * sizeof(float));
    for (int32_t y = 0; y < side; ++y) {
        for (int32_t x = 0; x < side; ++x) {
            uint32_t mixed = ((uint32_t)x * 73856093u) ^ ((uint32_t)y * 19349663u); /* no cheap straight line */
            costs[(size_t)y * (size_t)side + (size_t)x] = (float)(1u + (mixed >> 7) % 10u);
        }
    }
    swarmpath_grid* grid = NULL;
    CHECK(swarmpath_grid_from_costs(side, side, costs, &grid) == SWARMPATH_OK);
    free(costs);
    return grid;
}

/* Deadlines and cancel tokens, on the solver (settings) and on a batch. */
static void test_deadlines_and_cancellation(void) {
    swarmpath_grid* grid = slow_grid();
    const int64_t queries[8] = {0, 0, 1023, 1023, 1023, 0, 0, 1023};
    swarmpath_result results[2];
    swarmpath_settings settings;
    swarmpath_settings_default(&settings);
    settings.algorithm = SWARMPATH_ALGORITHM_ASTAR;
    swarmpath_solver* plain = NULL;
    CHECK(swarmpath_solver_create(grid, &settings, &plain) == SWARMPATH_OK);

    /* The solver's deadline: each query stops after about 1 ms, without a path. */
    settings.deadline_ms = 1;
    swarmpath_solver* hurried = NULL;
    CHECK(swarmpath_solver_create(grid, &settings, &hurried) == SWARMPATH_OK);
    swarmpath_context* context = NULL;
    CHECK(swarmpath_context_create(&context) == SWARMPATH_OK);
    swarmpath_result result;
    CHECK(swarmpath_solve(hurried, context, 0, 0, 1023, 1023, &result) == SWARMPATH_OK);
    CHECK(result.status == SWARMPATH_QUERY_DEADLINE && result.path_length == 0 && result.expanded > 0);
    CHECK(strcmp(swarmpath_query_status_name(result.status), "deadline") == 0);
    settings.deadline_ms = (uint64_t)SWARMPATH_MAXIMUM_DEADLINE_MS + 1;
    check_refusal(grid, &settings, "deadline_ms is 86400001; it may be 0 (none) to SWARMPATH_MAXIMUM_DEADLINE_MS");

    /* The solver's cancel token: fired, every query is cancelled before searching; reset, solved. */
    swarmpath_cancel_token* token = NULL;
    CHECK(swarmpath_cancel_token_create(&token) == SWARMPATH_OK);
    CHECK(swarmpath_cancel_token_is_cancelled(token) == 0);
    swarmpath_settings_default(&settings);
    settings.cancel_token = token;
    swarmpath_solver* stoppable = NULL;
    CHECK(swarmpath_solver_create(grid, &settings, &stoppable) == SWARMPATH_OK);
    swarmpath_cancel_token_cancel(token);
    CHECK(swarmpath_cancel_token_is_cancelled(token) == 1);
    CHECK(swarmpath_solve(stoppable, context, 0, 0, 5, 5, &result) == SWARMPATH_OK);
    CHECK(result.status == SWARMPATH_QUERY_CANCELLED && result.path_length == 0);
    swarmpath_cancel_token_reset(token);
    CHECK(swarmpath_solve(stoppable, context, 0, 0, 5, 5, &result) == SWARMPATH_OK);
    CHECK(result.status == SWARMPATH_QUERY_FOUND);

    /* A batch's own token and deadline replace the solver's, and go away when cleared. */
    swarmpath_batch* batch = NULL;
    CHECK(swarmpath_batch_create(2, &batch) == SWARMPATH_OK);
    swarmpath_cancel_token_cancel(token);
    CHECK(swarmpath_batch_set_cancel_token(batch, token) == SWARMPATH_OK);
    CHECK(swarmpath_batch_solve(batch, plain, queries, 2, results) == SWARMPATH_OK);
    CHECK(results[0].status == SWARMPATH_QUERY_CANCELLED && results[1].status == SWARMPATH_QUERY_CANCELLED);
    CHECK(swarmpath_batch_set_cancel_token(batch, NULL) == SWARMPATH_OK);
    CHECK(swarmpath_batch_set_deadline_ms(batch, 1) == SWARMPATH_OK);
    CHECK(swarmpath_batch_solve(batch, plain, queries, 2, results) == SWARMPATH_OK);
    CHECK(results[0].status == SWARMPATH_QUERY_DEADLINE && results[1].status == SWARMPATH_QUERY_DEADLINE);
    CHECK(swarmpath_batch_set_deadline_ms(batch, (uint64_t)SWARMPATH_MAXIMUM_DEADLINE_MS + 1) ==
          SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(swarmpath_last_error(), "deadline_ms") != NULL);
    CHECK(swarmpath_batch_set_deadline_ms(batch, 0) == SWARMPATH_OK);
    CHECK(swarmpath_batch_solve(batch, plain, queries, 2, results) == SWARMPATH_OK);
    CHECK(results[0].status == SWARMPATH_QUERY_FOUND && results[1].status == SWARMPATH_QUERY_FOUND);
    /* The same queries one at a time cost the same. */
    CHECK(swarmpath_solve(plain, context, 0, 0, 1023, 1023, &result) == SWARMPATH_OK);
    CHECK(result.status == SWARMPATH_QUERY_FOUND && result.cost == results[0].cost);
    CHECK(swarmpath_batch_set_cancel_token(NULL, token) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(swarmpath_cancel_token_create(NULL) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    swarmpath_cancel_token_cancel(NULL);
    CHECK(swarmpath_cancel_token_is_cancelled(NULL) == 0);

    /* A field over the whole slow map stops at its solver's deadline or fired token. */
    swarmpath_field* field = NULL;
    CHECK(swarmpath_field_create(hurried, 1023, 1023, &field) == SWARMPATH_OK);
    CHECK(swarmpath_field_status(field) == SWARMPATH_QUERY_DEADLINE);
    swarmpath_field_destroy(field);
    swarmpath_cancel_token_cancel(token);
    CHECK(swarmpath_field_create(stoppable, 1023, 1023, &field) == SWARMPATH_OK);
    CHECK(swarmpath_field_status(field) == SWARMPATH_QUERY_CANCELLED);
    swarmpath_field_destroy(field);
    swarmpath_cancel_token_reset(token);
    CHECK(swarmpath_field_create(plain, 1023, 1023, &field) == SWARMPATH_OK);
    CHECK(swarmpath_field_status(field) == SWARMPATH_QUERY_FOUND);
    double corner = 0.0;
    CHECK(swarmpath_field_cost(field, 0, 0, &corner) == 1 && corner == results[0].cost);
    swarmpath_field_destroy(field);

    swarmpath_batch_destroy(batch);
    swarmpath_solver_destroy(stoppable);
    swarmpath_solver_destroy(hurried);
    swarmpath_solver_destroy(plain);
    swarmpath_context_destroy(context);
    swarmpath_cancel_token_destroy(token);
    swarmpath_cancel_token_destroy(NULL);
    swarmpath_grid_destroy(grid);
}

/* Waypoints and smoothing: an open room, where the smoothed path is one straight segment, and a
 * room with a pillar the segment must go round. */
static void test_path_shapes(void) {
    const char* open =
        "....."
        "....."
        ".....";
    const char* pillar =
        "....."
        "..@.."
        ".....";
    swarmpath_grid* grid = NULL;
    swarmpath_solver* solver = NULL;
    swarmpath_context* context = NULL;
    swarmpath_result result;
    int32_t xy[32];
    size_t length = 0;
    CHECK(swarmpath_context_create(&context) == SWARMPATH_OK);
    CHECK(swarmpath_grid_from_letters(5, 3, open, NULL, &grid) == SWARMPATH_OK);
    CHECK(swarmpath_solver_create(grid, NULL, &solver) == SWARMPATH_OK);
    CHECK(swarmpath_solve(solver, context, 0, 0, 4, 1, &result) == SWARMPATH_OK);
    CHECK(result.status == SWARMPATH_QUERY_FOUND && result.path_length == 5);
    /* One diagonal and three straight steps: waypoints at the start, the turn and the goal. */
    CHECK(swarmpath_context_path_shaped(context, SWARMPATH_PATH_WAYPOINTS, NULL, 0, &length) == SWARMPATH_OK);
    CHECK(length == 3);
    CHECK(swarmpath_context_path_shaped(context, SWARMPATH_PATH_WAYPOINTS, xy, 2, &length) ==
          SWARMPATH_ERROR_BUFFER_TOO_SMALL);
    CHECK(swarmpath_context_path_shaped(context, SWARMPATH_PATH_WAYPOINTS, xy, 16, &length) == SWARMPATH_OK);
    CHECK(length == 3 && xy[0] == 0 && xy[1] == 0 && xy[4] == 4 && xy[5] == 1);
    CHECK(swarmpath_context_path_shaped(context, SWARMPATH_PATH_SMOOTHED, xy, 16, &length) == SWARMPATH_OK);
    CHECK(length == 2 && xy[0] == 0 && xy[1] == 0 && xy[2] == 4 && xy[3] == 1);
    CHECK(fabs(swarmpath_polyline_length(xy, length) - sqrt(17.0)) < 1e-12);
    CHECK(swarmpath_context_path_shaped(context, SWARMPATH_PATH_CELLS, xy, 16, &length) == SWARMPATH_OK && length == 5);
    CHECK(swarmpath_polyline_length(xy, length) > sqrt(17.0));
    CHECK(swarmpath_context_path_shaped(context, 3, xy, 16, &length) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(swarmpath_last_error(), "shape is 3") != NULL);
    swarmpath_solver_destroy(solver);
    swarmpath_grid_destroy(grid);

    /* Round the pillar at (2, 1) from (0, 1) to (4, 1): no segment crosses it. */
    CHECK(swarmpath_grid_from_letters(5, 3, pillar, NULL, &grid) == SWARMPATH_OK);
    CHECK(swarmpath_solver_create(grid, NULL, &solver) == SWARMPATH_OK);
    CHECK(swarmpath_solve(solver, context, 0, 1, 4, 1, &result) == SWARMPATH_OK);
    CHECK(result.status == SWARMPATH_QUERY_FOUND);
    CHECK(swarmpath_context_path_shaped(context, SWARMPATH_PATH_SMOOTHED, xy, 16, &length) == SWARMPATH_OK);
    CHECK(length >= 3 && xy[0] == 0 && xy[1] == 1 && xy[2 * length - 2] == 4 && xy[2 * length - 1] == 1);
    for (size_t point = 0; point < length; ++point) CHECK(!(xy[2 * point] == 2 && xy[2 * point + 1] == 1));
    /* The same from a batch. */
    swarmpath_batch* batch = NULL;
    const int64_t query[4] = {0, 1, 4, 1};
    int32_t from_batch[32];
    size_t batch_length = 0;
    CHECK(swarmpath_batch_create(1, &batch) == SWARMPATH_OK);
    CHECK(swarmpath_batch_solve(batch, solver, query, 1, &result) == SWARMPATH_OK);
    CHECK(swarmpath_batch_path_shaped(batch, 0, SWARMPATH_PATH_SMOOTHED, from_batch, 16, &batch_length) ==
          SWARMPATH_OK);
    CHECK(batch_length == length && memcmp(from_batch, xy, 2 * length * sizeof(int32_t)) == 0);
    CHECK(swarmpath_batch_path_shaped(batch, 1, SWARMPATH_PATH_SMOOTHED, from_batch, 16, &batch_length) ==
          SWARMPATH_ERROR_INVALID_ARGUMENT);
    swarmpath_batch_destroy(batch);
    swarmpath_solver_destroy(solver);
    swarmpath_grid_destroy(grid);

    /* Hex grids have no straight segments: only cells. */
    CHECK(swarmpath_grid_from_shaped_letters(5, 3, SWARMPATH_TOPOLOGY_HEX, open, NULL, &grid) == SWARMPATH_OK);
    CHECK(swarmpath_solver_create(grid, NULL, &solver) == SWARMPATH_OK);
    CHECK(swarmpath_solve(solver, context, 0, 0, 4, 2, &result) == SWARMPATH_OK);
    CHECK(swarmpath_context_path_shaped(context, SWARMPATH_PATH_SMOOTHED, xy, 16, &length) ==
          SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(swarmpath_last_error(), "SWARMPATH_PATH_SMOOTHED is for square grids: this grid is hex") != NULL);
    CHECK(swarmpath_context_path_shaped(context, SWARMPATH_PATH_CELLS, xy, 16, &length) == SWARMPATH_OK);
    swarmpath_solver_destroy(solver);
    swarmpath_grid_destroy(grid);
    swarmpath_context_destroy(context);
    CHECK(swarmpath_polyline_length(NULL, 3) == 0.0);
}

/* Crowds and goal fields on the arena map: a crowd's answers (fields, or auto's choice) equal the
 * solver's, and a field's cost at every scenario start equals the solver's cost to its goal, its
 * directions leading there. */
static void test_goal_fields(const char* source) {
    char* scenario_path = joined(source, "datasets/movingai/dao/arena.map.scen");
    char* map_path = joined(source, "datasets/movingai/dao/arena.map");
    swarmpath_scenario* scenario = NULL;
    swarmpath_grid* grid = NULL;
    CHECK(swarmpath_scenario_read(scenario_path, &scenario) == SWARMPATH_OK);
    CHECK(swarmpath_grid_from_file(map_path, NULL, &grid) == SWARMPATH_OK);
    size_t count = swarmpath_scenario_count(scenario);
    /* Every query sent to one goal (the first row's), so fields have groups to answer. */
    int64_t* queries = malloc(count * 4 * sizeof(int64_t));
    swarmpath_result* searched = malloc(count * sizeof(swarmpath_result));
    swarmpath_result* crowded = malloc(count * sizeof(swarmpath_result));
    CHECK(swarmpath_scenario_queries(scenario, queries, NULL, count) == SWARMPATH_OK);
    const int64_t goal_x = queries[2];
    const int64_t goal_y = queries[3];
    for (size_t index = 0; index < count; ++index) {
        queries[4 * index + 2] = goal_x;
        queries[4 * index + 3] = goal_y;
    }
    swarmpath_solver* solver = NULL;
    swarmpath_batch* batch = NULL;
    CHECK(swarmpath_solver_create(grid, NULL, &solver) == SWARMPATH_OK);
    CHECK(swarmpath_batch_create(2, &batch) == SWARMPATH_OK);
    CHECK(swarmpath_batch_solve(batch, solver, queries, count, searched) == SWARMPATH_OK);

    const int algorithms[2] = {SWARMPATH_ALGORITHM_FLOWFIELD, SWARMPATH_ALGORITHM_AUTO};
    for (int which = 0; which < 2; ++which) {
        swarmpath_settings settings;
        swarmpath_settings_default(&settings);
        settings.algorithm = algorithms[which];
        swarmpath_crowd* crowd = NULL;
        CHECK(swarmpath_crowd_create(grid, &settings, &crowd) == SWARMPATH_OK);
        CHECK(swarmpath_batch_solve_crowd(batch, crowd, queries, count, crowded) == SWARMPATH_OK);
        size_t mismatches = 0;
        for (size_t index = 0; index < count; ++index) {
            if (crowded[index].status != searched[index].status ||
                fabs(crowded[index].cost - searched[index].cost) > 1e-9) {
                ++mismatches;
            }
        }
        CHECK(mismatches == 0);
        /* A crowd's paths are read like a solver batch's: the last query's runs from start to goal. */
        size_t last = count - 1;
        size_t length = 0;
        CHECK(swarmpath_batch_path(batch, last, NULL, 0, &length) == SWARMPATH_OK &&
              length == crowded[last].path_length);
        int32_t* xy = malloc(2 * length * sizeof(int32_t));
        CHECK(swarmpath_batch_path(batch, last, xy, length, &length) == SWARMPATH_OK);
        CHECK(xy[0] == queries[4 * last] && xy[1] == queries[4 * last + 1]);
        CHECK(xy[2 * length - 2] == goal_x && xy[2 * length - 1] == goal_y);
        free(xy);
        swarmpath_crowd_destroy(crowd);
    }
    swarmpath_settings settings;
    swarmpath_settings_default(&settings);
    settings.algorithm = SWARMPATH_ALGORITHM_ASTAR;
    swarmpath_crowd* refused = (swarmpath_crowd*)&failures;
    CHECK(swarmpath_crowd_create(grid, &settings, &refused) == SWARMPATH_ERROR_INVALID_ARGUMENT && refused == NULL);
    CHECK(strstr(swarmpath_last_error(), "SWARMPATH_ALGORITHM_FLOWFIELD or SWARMPATH_ALGORITHM_AUTO") != NULL);
    settings.algorithm = SWARMPATH_ALGORITHM_FLOWFIELD;
    check_refusal(grid, &settings, "algorithm SWARMPATH_ALGORITHM_FLOWFIELD answers goal groups");

    /* One field: its cost at each start is the searched cost, and its directions walk there. */
    swarmpath_field* field = NULL;
    CHECK(swarmpath_field_create(solver, goal_x, goal_y, &field) == SWARMPATH_OK);
    CHECK(swarmpath_field_status(field) == SWARMPATH_QUERY_FOUND);
    size_t mismatches = 0;
    for (size_t index = 0; index < count; ++index) {
        double cost = -1.0;
        int reached = swarmpath_field_cost(field, queries[4 * index], queries[4 * index + 1], &cost);
        if (!reached || fabs(cost - searched[index].cost) > 1e-9) ++mismatches;
        /* Following the directions reaches the goal in as many steps as the searched path has. */
        int64_t x = queries[4 * index];
        int64_t y = queries[4 * index + 1];
        size_t steps = 0;
        int dx = 0;
        int dy = 0;
        while (swarmpath_field_direction(field, x, y, &dx, &dy) && steps <= searched[index].path_length) {
            x += dx;
            y += dy;
            ++steps;
        }
        if (x != goal_x || y != goal_y || steps + 1 != searched[index].path_length) ++mismatches;
    }
    CHECK(mismatches == 0);
    double cost = -1.0;
    int dx = 0;
    int dy = 0;
    CHECK(swarmpath_field_cost(field, goal_x, goal_y, &cost) == 1 && cost == 0.0);
    CHECK(swarmpath_field_direction(field, goal_x, goal_y, &dx, &dy) == 0);
    CHECK(swarmpath_field_cost(field, 0, 0, &cost) == 0);  /* blocked */
    CHECK(swarmpath_field_cost(field, -1, 5, &cost) == 0); /* off the map */
    swarmpath_field_destroy(field);
    /* A goal off the map or on a blocked cell: a field no cell reaches. */
    CHECK(swarmpath_field_create(solver, 5000, 5000, &field) == SWARMPATH_OK);
    CHECK(swarmpath_field_cost(field, queries[0], queries[1], &cost) == 0);
    swarmpath_field_destroy(field);
    CHECK(swarmpath_field_create(solver, 0, 0, &field) == SWARMPATH_OK);
    CHECK(swarmpath_field_cost(field, queries[0], queries[1], &cost) == 0);
    swarmpath_field_destroy(field);
    CHECK(swarmpath_field_create(NULL, 0, 0, &field) == SWARMPATH_ERROR_INVALID_ARGUMENT && field == NULL);
    CHECK(swarmpath_field_status(NULL) == -1);

    swarmpath_batch_destroy(batch);
    swarmpath_solver_destroy(solver);
    swarmpath_grid_destroy(grid);
    swarmpath_scenario_destroy(scenario);
    free(crowded);
    free(searched);
    free(queries);
    free(map_path);
    free(scenario_path);
}

/* Counts a build's progress calls and keeps the last (done, total). */
struct progress_record {
    size_t calls;
    size_t done;
    size_t total;
};

static void record_progress(void* user, size_t done, size_t total) {
    struct progress_record* record = user;
    ++record->calls;
    record->done = done;
    record->total = total;
}

/* A progress callback that fires a cancel token at its first call, recording the calls as
 * record_progress does. */
struct cancelling_progress {
    struct progress_record record;
    swarmpath_cancel_token* token;
};

static void cancel_at_first_progress(void* user, size_t done, size_t total) {
    struct cancelling_progress* progress = user;
    record_progress(&progress->record, done, total);
    swarmpath_cancel_token_cancel(progress->token);
}

/* A build on a batch whose cancel token fires at its first progress report stops early: it returns
 * SWARMPATH_ERROR_CANCELLED with a message saying so, makes nothing, and reports fewer cells done
 * than the total; with the token reset, the same batch builds whole. `which` is 0 for an oracle,
 * 1 for goal bounds. */
static void check_build_cancels(swarmpath_grid* grid, swarmpath_batch* batch, int which) {
    swarmpath_cancel_token* token = NULL;
    CHECK(swarmpath_cancel_token_create(&token) == SWARMPATH_OK);
    CHECK(swarmpath_batch_set_cancel_token(batch, token) == SWARMPATH_OK);
    struct cancelling_progress progress = {{0, 0, 0}, token};
    swarmpath_oracle* oracle = NULL;
    swarmpath_goal_bounds* bounds = NULL;
    swarmpath_status status =
        which == 0 ? swarmpath_oracle_build(grid, NULL, batch, "x.map", cancel_at_first_progress, &progress, &oracle)
                   : swarmpath_goal_bounds_build(grid, batch, cancel_at_first_progress, &progress, &bounds);
    CHECK(status == SWARMPATH_ERROR_CANCELLED);
    CHECK(oracle == NULL && bounds == NULL);
    CHECK(strstr(swarmpath_last_error(), "cancelled") != NULL);
    CHECK(progress.record.calls > 0 && progress.record.done < progress.record.total);
    swarmpath_cancel_token_reset(token);
    status = which == 0 ? swarmpath_oracle_build(grid, NULL, batch, "x.map", NULL, NULL, &oracle)
                        : swarmpath_goal_bounds_build(grid, batch, NULL, NULL, &bounds);
    CHECK(status == SWARMPATH_OK && (oracle != NULL || bounds != NULL));
    swarmpath_oracle_destroy(oracle);
    swarmpath_goal_bounds_destroy(bounds);
    CHECK(swarmpath_batch_set_cancel_token(batch, NULL) == SWARMPATH_OK);
    swarmpath_cancel_token_destroy(token);
}

/* Path oracles on the arena map: built with progress, its answers equal to the solver's, saved,
 * loaded back with the same answers; foreign files, rules and shapes refused. The file goes to the
 * working folder and is removed. */
static void test_path_oracle(const char* source) {
    char* scenario_path = joined(source, "datasets/movingai/dao/arena.map.scen");
    char* map_path = joined(source, "datasets/movingai/dao/arena.map");
    const char* oracle_path = "c_api_test_arena.oracle";
    swarmpath_scenario* scenario = NULL;
    swarmpath_grid* grid = NULL;
    swarmpath_solver* solver = NULL;
    swarmpath_batch* batch = NULL;
    CHECK(swarmpath_scenario_read(scenario_path, &scenario) == SWARMPATH_OK);
    CHECK(swarmpath_grid_from_file(map_path, NULL, &grid) == SWARMPATH_OK);
    CHECK(swarmpath_solver_create(grid, NULL, &solver) == SWARMPATH_OK);
    CHECK(swarmpath_batch_create(2, &batch) == SWARMPATH_OK);
    size_t count = swarmpath_scenario_count(scenario);
    int64_t* queries = malloc(count * 4 * sizeof(int64_t));
    swarmpath_result* searched = malloc(count * sizeof(swarmpath_result));
    swarmpath_result* answered = malloc(count * sizeof(swarmpath_result));
    CHECK(swarmpath_scenario_queries(scenario, queries, NULL, count) == SWARMPATH_OK);
    CHECK(swarmpath_batch_solve(batch, solver, queries, count, searched) == SWARMPATH_OK);

    struct progress_record progress = {0, 0, 0};
    swarmpath_oracle* oracle = NULL;
    CHECK(swarmpath_oracle_build(grid, NULL, batch, "arena.map", record_progress, &progress, &oracle) == SWARMPATH_OK);
    CHECK(progress.calls > 0 && progress.done == progress.total && progress.total > 0);
    check_build_cancels(grid, batch, 0);
    for (int round = 0; round < 2; ++round) {
        CHECK(swarmpath_batch_solve_oracle(batch, oracle, queries, count, answered) == SWARMPATH_OK);
        size_t mismatches = 0;
        for (size_t index = 0; index < count; ++index) {
            if (answered[index].status != searched[index].status ||
                fabs(answered[index].cost - searched[index].cost) > 1e-9) {
                ++mismatches;
            }
        }
        CHECK(mismatches == 0);
        size_t last = count - 1;
        size_t length = 0;
        CHECK(swarmpath_batch_path(batch, last, NULL, 0, &length) == SWARMPATH_OK &&
              length == answered[last].path_length);
        /* One query through a context, its path smoothed as a searched one is. */
        swarmpath_context* context = NULL;
        swarmpath_result result;
        CHECK(swarmpath_context_create(&context) == SWARMPATH_OK);
        CHECK(swarmpath_oracle_solve(oracle, context, queries[4 * last], queries[4 * last + 1], queries[4 * last + 2],
                                     queries[4 * last + 3], &result) == SWARMPATH_OK);
        CHECK(result.status == SWARMPATH_QUERY_FOUND && result.cost == answered[last].cost);
        CHECK(swarmpath_context_path_shaped(context, SWARMPATH_PATH_SMOOTHED, NULL, 0, &length) == SWARMPATH_OK);
        CHECK(length >= 2 && length <= result.path_length);
        swarmpath_context_destroy(context);
        if (round == 0) {
            /* Saved and loaded back: the second round answers from the mapped file. */
            CHECK(swarmpath_oracle_save(oracle, oracle_path) == SWARMPATH_OK);
            swarmpath_oracle_destroy(oracle);
            oracle = NULL;
            CHECK(swarmpath_oracle_load(oracle_path, grid, NULL, &oracle) == SWARMPATH_OK);
            /* In memory the runs take 4 bytes each (3 in this file) beside per-cell tables: more than the file. */
            FILE* saved = fopen(oracle_path, "rb");
            CHECK(saved != NULL);
            if (saved != NULL) {
                CHECK(fseek(saved, 0, SEEK_END) == 0);
                const long file_bytes = ftell(saved);
                fclose(saved);
                CHECK(file_bytes > 0 && swarmpath_oracle_memory_bytes(oracle) > (uint64_t)file_bytes);
            }
            CHECK(swarmpath_oracle_memory_bytes(NULL) == 0);
        }
    }
    /* First moves in one call: each agrees with the path the oracle answers (its second cell is one
       step from the start in that direction), -1 for a query from a cell to itself and off the map,
       and NULLs or an absurd count refused in the C field names. */
    {
        static const int step_x[8] = {0, 1, 0, -1, 1, 1, -1, -1};
        static const int step_y[8] = {-1, 0, 1, 0, -1, 1, 1, -1};
        int8_t* moves = malloc(count + 2);
        int64_t* asked = malloc((count + 2) * 4 * sizeof(int64_t));
        memcpy(asked, queries, count * 4 * sizeof(int64_t));
        const int64_t same[4] = {queries[0], queries[1], queries[0], queries[1]};
        const int64_t off_map[4] = {-1, 0, queries[2], queries[3]};
        memcpy(asked + 4 * count, same, sizeof(same));
        memcpy(asked + 4 * (count + 1), off_map, sizeof(off_map));
        CHECK(swarmpath_oracle_first_moves(oracle, asked, count + 2, moves) == SWARMPATH_OK);
        size_t disagreements = 0;
        swarmpath_context* context = NULL;
        CHECK(swarmpath_context_create(&context) == SWARMPATH_OK);
        for (size_t index = 0; index < count; index += 7) {
            swarmpath_result result;
            CHECK(swarmpath_oracle_solve(oracle, context, queries[4 * index], queries[4 * index + 1],
                                         queries[4 * index + 2], queries[4 * index + 3], &result) == SWARMPATH_OK);
            if (result.status != SWARMPATH_QUERY_FOUND || result.path_length < 2) {
                disagreements += moves[index] >= 0;
                continue;
            }
            int32_t* cells = malloc(result.path_length * 2 * sizeof(int32_t));
            size_t length = 0;
            CHECK(swarmpath_context_path(context, cells, result.path_length, &length) == SWARMPATH_OK);
            const int move = moves[index];
            if (move < 0 || move > 7 || cells[2] != cells[0] + step_x[move] || cells[3] != cells[1] + step_y[move]) {
                ++disagreements;
            }
            free(cells);
        }
        swarmpath_context_destroy(context);
        CHECK(disagreements == 0);
        CHECK(moves[count] == -1 && moves[count + 1] == -1);
        CHECK(swarmpath_oracle_first_moves(oracle, NULL, 3, moves) == SWARMPATH_ERROR_INVALID_ARGUMENT);
        CHECK(strstr(swarmpath_last_error(), "queries") != NULL);
        CHECK(swarmpath_oracle_first_moves(oracle, asked, 3, NULL) == SWARMPATH_ERROR_INVALID_ARGUMENT);
        CHECK(strstr(swarmpath_last_error(), "moves") != NULL);
        CHECK(swarmpath_oracle_first_moves(oracle, asked, (size_t)-1, moves) == SWARMPATH_ERROR_INVALID_ARGUMENT);
        CHECK(strstr(swarmpath_last_error(), "count") != NULL);
        CHECK(swarmpath_oracle_first_moves(NULL, asked, 0, moves) == SWARMPATH_ERROR_INVALID_ARGUMENT);
        /* The int32 form, read where the rows lie, answers as the int64 one; a negative coordinate is
           off every map; the same refusals. */
        int32_t* asked_int32 = malloc((count + 2) * 4 * sizeof(int32_t));
        int8_t* moves_int32 = malloc(count + 2);
        for (size_t index = 0; index < 4 * (count + 2); ++index) asked_int32[index] = (int32_t)asked[index];
        memset(moves_int32, 99, count + 2);
        CHECK(swarmpath_oracle_first_moves_int32(oracle, asked_int32, count + 2, moves_int32) == SWARMPATH_OK);
        CHECK(memcmp(moves, moves_int32, count + 2) == 0);
        asked_int32[0] = -5;
        CHECK(swarmpath_oracle_first_moves_int32(oracle, asked_int32, 1, moves_int32) == SWARMPATH_OK);
        CHECK(moves_int32[0] == -1);
        CHECK(swarmpath_oracle_first_moves_int32(oracle, NULL, 3, moves_int32) == SWARMPATH_ERROR_INVALID_ARGUMENT);
        CHECK(strstr(swarmpath_last_error(), "queries") != NULL);
        CHECK(swarmpath_oracle_first_moves_int32(oracle, asked_int32, 3, NULL) == SWARMPATH_ERROR_INVALID_ARGUMENT);
        CHECK(strstr(swarmpath_last_error(), "moves") != NULL);
        CHECK(swarmpath_oracle_first_moves_int32(oracle, asked_int32, (size_t)-1, moves_int32) ==
              SWARMPATH_ERROR_INVALID_ARGUMENT);
        CHECK(strstr(swarmpath_last_error(), "count") != NULL);
        CHECK(swarmpath_oracle_first_moves_int32(NULL, asked_int32, 0, moves_int32) ==
              SWARMPATH_ERROR_INVALID_ARGUMENT);
        free(asked_int32);
        free(moves_int32);
        free(asked);
        free(moves);
    }
    swarmpath_oracle_destroy(oracle);

    /* Refusals: another movement rule than the file's, a missing file, a hex grid, NULLs. */
    swarmpath_settings settings;
    swarmpath_settings_default(&settings);
    settings.moves = 4;
    oracle = (swarmpath_oracle*)&failures;
    CHECK(swarmpath_oracle_load(oracle_path, grid, &settings, &oracle) == SWARMPATH_ERROR_FILE && oracle == NULL);
    CHECK(strstr(swarmpath_last_error(), oracle_path) != NULL);
    CHECK(swarmpath_oracle_load("/nonexistent/arena.oracle", grid, NULL, &oracle) == SWARMPATH_ERROR_FILE);
    CHECK(strstr(swarmpath_last_error(), "/nonexistent/arena.oracle") != NULL);
    swarmpath_grid* hex = NULL;
    CHECK(swarmpath_grid_from_shaped_letters(2, 2, SWARMPATH_TOPOLOGY_HEX, "....", NULL, &hex) == SWARMPATH_OK);
    CHECK(swarmpath_oracle_build(hex, NULL, batch, NULL, NULL, NULL, &oracle) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(swarmpath_last_error(), "octile maps only") != NULL && oracle == NULL);
    CHECK(swarmpath_oracle_build(grid, NULL, NULL, NULL, NULL, NULL, &oracle) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(swarmpath_oracle_save(NULL, oracle_path) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    swarmpath_grid_destroy(hex);
    remove(oracle_path);

    swarmpath_batch_destroy(batch);
    swarmpath_solver_destroy(solver);
    swarmpath_grid_destroy(grid);
    swarmpath_scenario_destroy(scenario);
    free(answered);
    free(searched);
    free(queries);
    free(map_path);
    free(scenario_path);
}

/* Sized agents and classes (swarmpath_grid_for_agents) against a reference written here from the
 * definition: a Dijkstra over the positions of a k x k block on the letters, every cell of the block
 * checked, the dearest cell priced, a diagonal step needing both side positions legal. */
enum { kAgentWidth = 9, kAgentHeight = 7 };
static const char* const kAgentLetters =
    "........."
    "..@......"
    "....a...."
    "......@.."
    "..a......"
    "........."
    "...@.....";

/* The price of the block at (x, y) for letters '.' (1), 'a' (a_cost, or blocked when a_cost < 0),
 * or -1 when the block is illegal. */
static double block_price(int x, int y, int size, double a_cost) {
    if (x < 0 || y < 0 || x + size > kAgentWidth || y + size > kAgentHeight) return -1;
    double dearest = 0;
    for (int dy = 0; dy < size; ++dy) {
        for (int dx = 0; dx < size; ++dx) {
            const char letter = kAgentLetters[(y + dy) * kAgentWidth + x + dx];
            const double cost = letter == '.' ? 1.0 : letter == 'a' ? a_cost : -1.0;
            if (cost < 0) return -1;
            if (cost > dearest) dearest = cost;
        }
    }
    return dearest;
}

static void reference_costs(int start_x, int start_y, int size, double a_cost, double* best) {
    int done[kAgentWidth * kAgentHeight] = {0};
    for (int cell = 0; cell < kAgentWidth * kAgentHeight; ++cell) best[cell] = INFINITY;
    if (block_price(start_x, start_y, size, a_cost) < 0) return;
    best[start_y * kAgentWidth + start_x] = 0;
    for (;;) {
        int current = -1;
        for (int cell = 0; cell < kAgentWidth * kAgentHeight; ++cell) {
            if (!done[cell] && isfinite(best[cell]) && (current < 0 || best[cell] < best[current])) current = cell;
        }
        if (current < 0) return;
        done[current] = 1;
        const int x = current % kAgentWidth;
        const int y = current / kAgentWidth;
        for (int dy = -1; dy <= 1; ++dy) {
            for (int dx = -1; dx <= 1; ++dx) {
                if (dx == 0 && dy == 0) continue;
                const double price = block_price(x + dx, y + dy, size, a_cost);
                if (price < 0) continue;
                if (dx != 0 && dy != 0 &&
                    (block_price(x + dx, y, size, a_cost) < 0 || block_price(x, y + dy, size, a_cost) < 0)) {
                    continue;
                }
                const double total = best[current] + price * (dx != 0 && dy != 0 ? sqrt(2.0) : 1.0);
                const int next = (y + dy) * kAgentWidth + x + dx;
                if (total < best[next]) best[next] = total;
            }
        }
    }
}

static void test_agent_sizes_and_classes(void) {
    swarmpath_grid* grid = NULL;
    CHECK(swarmpath_grid_from_letters(kAgentWidth, kAgentHeight, kAgentLetters, "a=2", &grid) == SWARMPATH_OK);
    const char* classes[2] = {NULL, "a=inf"};
    const double a_costs[2] = {2.0, -1.0};
    swarmpath_batch* batch = NULL;
    CHECK(swarmpath_batch_create(2, &batch) == SWARMPATH_OK);
    int found = 0;
    for (int size = 1; size <= 3; ++size) {
        for (int class_index = 0; class_index < 2; ++class_index) {
            swarmpath_grid* agents = NULL;
            CHECK(swarmpath_grid_for_agents(grid, (uint32_t)size, classes[class_index], &agents) == SWARMPATH_OK);
            swarmpath_solver* solver = NULL;
            CHECK(swarmpath_solver_create(agents, NULL, &solver) == SWARMPATH_OK);
            int64_t queries[4 * 12];
            size_t count = 0;
            for (int start = 0; start < 3; ++start) {
                for (int goal = 0; goal < 4; ++goal) {
                    queries[4 * count + 0] = start * 3;
                    queries[4 * count + 1] = start;
                    queries[4 * count + 2] = kAgentWidth - size - goal;
                    queries[4 * count + 3] = kAgentHeight - size - (goal % 2);
                    ++count;
                }
            }
            swarmpath_result results[12];
            CHECK(swarmpath_batch_solve(batch, solver, queries, count, results) == SWARMPATH_OK);
            for (size_t index = 0; index < count; ++index) {
                double best[kAgentWidth * kAgentHeight];
                const int start_x = (int)queries[4 * index];
                const int start_y = (int)queries[4 * index + 1];
                const int goal_x = (int)queries[4 * index + 2];
                const int goal_y = (int)queries[4 * index + 3];
                reference_costs(start_x, start_y, size, a_costs[class_index], best);
                const double optimal = best[goal_y * kAgentWidth + goal_x];
                if (block_price(start_x, start_y, size, a_costs[class_index]) < 0) {
                    CHECK(results[index].status == SWARMPATH_QUERY_START_BLOCKED);
                } else if (block_price(goal_x, goal_y, size, a_costs[class_index]) < 0) {
                    CHECK(results[index].status == SWARMPATH_QUERY_GOAL_BLOCKED);
                } else if (!isfinite(optimal)) {
                    CHECK(results[index].status == SWARMPATH_QUERY_NO_PATH);
                } else {
                    CHECK(results[index].status == SWARMPATH_QUERY_FOUND);
                    CHECK(fabs(results[index].cost - optimal) <= 1e-6 * optimal);
                    ++found;
                }
            }
            swarmpath_solver_destroy(solver);
            swarmpath_grid_destroy(agents);
        }
    }
    CHECK(found > 20);
    /* Refusals, in this API's names. */
    swarmpath_grid* refused = NULL;
    CHECK(swarmpath_grid_for_agents(grid, 0, NULL, &refused) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(refused == NULL && strstr(swarmpath_last_error(), "agent_size 0") != NULL);
    CHECK(swarmpath_grid_for_agents(grid, 2, "a=", &refused) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(swarmpath_last_error(), "agent_class") != NULL);
    CHECK(swarmpath_grid_for_agents(NULL, 2, NULL, &refused) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    swarmpath_grid* hexes = NULL;
    CHECK(swarmpath_grid_from_shaped_letters(3, 3, SWARMPATH_TOPOLOGY_HEX, ".........", NULL, &hexes) == SWARMPATH_OK);
    CHECK(swarmpath_grid_for_agents(hexes, 2, NULL, &refused) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(swarmpath_last_error(), "square cells") != NULL);
    swarmpath_grid_destroy(hexes);
    swarmpath_batch_destroy(batch);
    swarmpath_grid_destroy(grid);
}

/* Goal bounds on den312d: built with progress, a JPS+ solver with them answers the scenario with the
 * plain solver's costs and fewer expansions, saved and loaded back the same; bounds of another map,
 * another algorithm and NULLs refused in the C field names. */
static void test_goal_bounds(const char* source) {
    char* scenario_path = joined(source, "datasets/movingai/dao/den312d.map.scen");
    char* map_path = joined(source, "datasets/movingai/dao/den312d.map");
    char* other_path = joined(source, "datasets/movingai/dao/arena.map");
    const char* bounds_path = "c_api_test_den312d.bounds";
    swarmpath_scenario* scenario = NULL;
    swarmpath_grid* grid = NULL;
    swarmpath_grid* other = NULL;
    swarmpath_batch* batch = NULL;
    CHECK(swarmpath_scenario_read(scenario_path, &scenario) == SWARMPATH_OK);
    CHECK(swarmpath_grid_from_file(map_path, NULL, &grid) == SWARMPATH_OK);
    CHECK(swarmpath_grid_from_file(other_path, NULL, &other) == SWARMPATH_OK);
    CHECK(swarmpath_batch_create(2, &batch) == SWARMPATH_OK);
    size_t count = swarmpath_scenario_count(scenario);
    int64_t* queries = malloc(count * 4 * sizeof(int64_t));
    swarmpath_result* plain = malloc(count * sizeof(swarmpath_result));
    swarmpath_result* bounded = malloc(count * sizeof(swarmpath_result));
    CHECK(swarmpath_scenario_queries(scenario, queries, NULL, count) == SWARMPATH_OK);
    swarmpath_settings settings;
    swarmpath_settings_default(&settings);
    settings.algorithm = SWARMPATH_ALGORITHM_JPS_PLUS;
    swarmpath_solver* solver = NULL;
    CHECK(swarmpath_solver_create(grid, &settings, &solver) == SWARMPATH_OK);
    CHECK(swarmpath_batch_solve(batch, solver, queries, count, plain) == SWARMPATH_OK);
    swarmpath_solver_destroy(solver);

    struct progress_record progress = {0, 0, 0};
    swarmpath_goal_bounds* bounds = NULL;
    CHECK(swarmpath_goal_bounds_build(grid, batch, record_progress, &progress, &bounds) == SWARMPATH_OK);
    CHECK(progress.calls > 0 && progress.done == progress.total && progress.total > 0);
    check_build_cancels(grid, batch, 1);
    for (int round = 0; round < 2; ++round) {
        solver = NULL;
        CHECK(swarmpath_solver_create_with_goal_bounds(grid, &settings, bounds, &solver) == SWARMPATH_OK);
        CHECK(swarmpath_batch_solve(batch, solver, queries, count, bounded) == SWARMPATH_OK);
        uint64_t expanded_plain = 0;
        uint64_t expanded_bounded = 0;
        size_t mismatches = 0;
        for (size_t index = 0; index < count; ++index) {
            if (bounded[index].status != plain[index].status || fabs(bounded[index].cost - plain[index].cost) > 1e-9)
                ++mismatches;
            expanded_plain += plain[index].expanded;
            expanded_bounded += bounded[index].expanded;
        }
        CHECK(mismatches == 0);
        CHECK(expanded_bounded < expanded_plain);
        swarmpath_solver_destroy(solver);
        if (round == 0) {
            CHECK(swarmpath_goal_bounds_save(bounds, bounds_path) == SWARMPATH_OK);
            swarmpath_goal_bounds_destroy(bounds);
            bounds = NULL;
            CHECK(swarmpath_goal_bounds_load(bounds_path, grid, &bounds) == SWARMPATH_OK);
        }
    }
    solver = NULL;
    CHECK(swarmpath_solver_create_with_goal_bounds(other, &settings, bounds, &solver) ==
          SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(solver == NULL && strstr(swarmpath_last_error(), "another map") != NULL);
    settings.algorithm = SWARMPATH_ALGORITHM_ASTAR;
    CHECK(swarmpath_solver_create_with_goal_bounds(grid, &settings, bounds, &solver) ==
          SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(swarmpath_last_error(), "goal_bounds serve algorithm SWARMPATH_ALGORITHM_JPS_PLUS") != NULL);
    CHECK(swarmpath_solver_create_with_goal_bounds(grid, &settings, NULL, &solver) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(swarmpath_last_error(), "bounds") != NULL);
    swarmpath_goal_bounds* foreign = NULL;
    CHECK(swarmpath_goal_bounds_load(bounds_path, other, &foreign) == SWARMPATH_ERROR_FILE);
    CHECK(foreign == NULL && strstr(swarmpath_last_error(), bounds_path) != NULL);
    CHECK(swarmpath_goal_bounds_build(grid, NULL, NULL, NULL, &foreign) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(swarmpath_last_error(), "batch") != NULL);
    remove(bounds_path);
    swarmpath_goal_bounds_destroy(bounds);
    free(queries);
    free(plain);
    free(bounded);
    swarmpath_batch_destroy(batch);
    swarmpath_grid_destroy(other);
    swarmpath_grid_destroy(grid);
    swarmpath_scenario_destroy(scenario);
    free(scenario_path);
    free(map_path);
    free(other_path);
}

/* How many of `count` answers differ in status or cost. */
static size_t answers_differing(const swarmpath_result* first, const swarmpath_result* second, size_t count) {
    size_t differing = 0;
    for (size_t index = 0; index < count; ++index) {
        if (first[index].status != second[index].status || fabs(first[index].cost - second[index].cost) > 1e-9)
            ++differing;
    }
    return differing;
}

/* Editable maps on arena, for A*, JPS and JPS+: a wall across the middle of a query's path is
 * applied through the map and its solvers answer as solvers made afresh on a copy of the edited map
 * (the incremental refresh against a rebuild, over the whole scenario); a solver made before the edit
 * still answers on the map as it was, and outlives the editable map, as does a grid handle taken
 * from it (which later edits leave as it was); the paths of its batch outlive it too. Edits are all or nothing, and bad
 * ones are refused in C's words. */
static void check_editable_map(const char* map_path, const int64_t* queries, size_t count, int algorithm) {
    swarmpath_grid* grid = NULL;
    CHECK(swarmpath_grid_from_file(map_path, NULL, &grid) == SWARMPATH_OK);
    swarmpath_settings settings;
    swarmpath_settings_default(&settings);
    settings.algorithm = algorithm;
    swarmpath_editable_map* map = NULL;
    CHECK(swarmpath_editable_map_create(grid, &settings, &map) == SWARMPATH_OK);
    swarmpath_grid_destroy(grid); /* the map holds its own copy */
    swarmpath_solver* before = NULL;
    CHECK(swarmpath_editable_map_solver(map, &settings, &before) == SWARMPATH_OK);
    swarmpath_batch* batch = NULL;
    CHECK(swarmpath_batch_create(2, &batch) == SWARMPATH_OK);
    swarmpath_result* old_results = malloc(count * sizeof(swarmpath_result));
    swarmpath_result* new_results = malloc(count * sizeof(swarmpath_result));
    swarmpath_result* rebuilt = malloc(count * sizeof(swarmpath_result));
    CHECK(swarmpath_batch_solve(batch, before, queries, count, old_results) == SWARMPATH_OK);

    /* A wall along row 24 from x 1 to 40, leaving the map's far side open. */
    swarmpath_cell_edit wall[40];
    for (int index = 0; index < 40; ++index) wall[index] = (swarmpath_cell_edit){1 + index, 24, '@'};
    swarmpath_edit_report report;
    CHECK(swarmpath_editable_map_apply(map, wall, 40, &report) == SWARMPATH_OK);
    CHECK(report.cells_changed > 0 && report.cells_changed <= 40);
    swarmpath_solver* after = NULL;
    CHECK(swarmpath_editable_map_solver(map, &settings, &after) == SWARMPATH_OK);
    CHECK(swarmpath_batch_solve(batch, after, queries, count, new_results) == SWARMPATH_OK);
    swarmpath_grid* copy = NULL;
    CHECK(swarmpath_editable_map_grid(map, &copy) == SWARMPATH_OK);
    CHECK(swarmpath_grid_passable(copy, 10, 24) == 0);
    swarmpath_solver* fresh = NULL;
    CHECK(swarmpath_solver_create(copy, &settings, &fresh) == SWARMPATH_OK);
    CHECK(swarmpath_batch_solve(batch, fresh, queries, count, rebuilt) == SWARMPATH_OK);
    size_t mismatches = 0;
    size_t longer = 0;
    for (size_t index = 0; index < count; ++index) {
        if (new_results[index].status != rebuilt[index].status ||
            (rebuilt[index].status == SWARMPATH_QUERY_FOUND &&
             fabs(new_results[index].cost - rebuilt[index].cost) > 1e-9))
            ++mismatches;
        if (new_results[index].status == SWARMPATH_QUERY_FOUND && old_results[index].status == SWARMPATH_QUERY_FOUND &&
            new_results[index].cost > old_results[index].cost + 1e-9)
            ++longer;
    }
    CHECK(mismatches == 0);
    CHECK(longer > 0); /* the wall lengthened some paths */

    /* A grid handle is the map as it was when taken: a later edit makes the map a new grid, and the
     * handle (shared, not copied) keeps reading the old one, as do solvers made on it. */
    swarmpath_cell_edit reopen = {10, 24, '.'};
    CHECK(swarmpath_editable_map_apply(map, &reopen, 1, NULL) == SWARMPATH_OK);
    swarmpath_grid* reopened = NULL;
    CHECK(swarmpath_editable_map_grid(map, &reopened) == SWARMPATH_OK);
    CHECK(swarmpath_grid_passable(reopened, 10, 24) == 1);
    CHECK(swarmpath_grid_passable(copy, 10, 24) == 0);
    swarmpath_grid_destroy(reopened);

    /* The solver made before the edit answers as before; so after the map is destroyed. */
    swarmpath_editable_map_destroy(map);
    map = NULL;
    CHECK(swarmpath_batch_solve(batch, before, queries, count, new_results) == SWARMPATH_OK);
    CHECK(answers_differing(new_results, old_results, count) == 0);
    /* So does the grid handle taken from it, and the solver made on that handle. */
    CHECK(swarmpath_grid_passable(copy, 10, 24) == 0);
    CHECK(swarmpath_batch_solve(batch, fresh, queries, count, new_results) == SWARMPATH_OK);
    CHECK(answers_differing(new_results, rebuilt, count) == 0);
    /* The batch's paths stay readable once their solver is gone. */
    swarmpath_solver_destroy(before);
    size_t found = 0;
    while (found < count && new_results[found].status != SWARMPATH_QUERY_FOUND) ++found;
    CHECK(found < count);
    size_t length = 0;
    CHECK(swarmpath_batch_path(batch, found, NULL, 0, &length) == SWARMPATH_OK);
    CHECK(length == new_results[found].path_length);
    int32_t* xy = malloc(2 * length * sizeof(int32_t));
    CHECK(swarmpath_batch_path(batch, found, xy, length, &length) == SWARMPATH_OK);
    CHECK(xy[0] == queries[4 * found] && xy[1] == queries[4 * found + 1]);
    free(xy);

    swarmpath_solver_destroy(fresh);
    swarmpath_solver_destroy(after);
    swarmpath_grid_destroy(copy);
    swarmpath_batch_destroy(batch);
    free(old_results);
    free(new_results);
    free(rebuilt);
}

static void test_editable_maps(const char* source) {
    char* scenario_path = joined(source, "datasets/movingai/dao/arena.map.scen");
    char* map_path = joined(source, "datasets/movingai/dao/arena.map");
    swarmpath_scenario* scenario = NULL;
    CHECK(swarmpath_scenario_read(scenario_path, &scenario) == SWARMPATH_OK);
    size_t count = swarmpath_scenario_count(scenario);
    int64_t* queries = malloc(count * 4 * sizeof(int64_t));
    CHECK(swarmpath_scenario_queries(scenario, queries, NULL, count) == SWARMPATH_OK);
    check_editable_map(map_path, queries, count, SWARMPATH_ALGORITHM_ASTAR);
    check_editable_map(map_path, queries, count, SWARMPATH_ALGORITHM_JPS);
    check_editable_map(map_path, queries, count, SWARMPATH_ALGORITHM_JPS_PLUS);

    /* Bad edits change nothing, and say which edit and why in C's words. */
    swarmpath_grid* grid = NULL;
    CHECK(swarmpath_grid_from_file(map_path, NULL, &grid) == SWARMPATH_OK);
    swarmpath_editable_map* map = NULL;
    CHECK(swarmpath_editable_map_create(grid, NULL, &map) == SWARMPATH_OK);
    const int open_before = swarmpath_grid_passable(grid, 10, 24);
    swarmpath_cell_edit edits[2] = {{10, 24, open_before ? '@' : '.'}, {49, 3, '@'}};
    CHECK(swarmpath_editable_map_apply(map, edits, 2, NULL) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(swarmpath_last_error(), "edits[1]: (49, 3) is off the 49x49 map") != NULL);
    edits[1] = (swarmpath_cell_edit){3, 3, 'Q'};
    CHECK(swarmpath_editable_map_apply(map, edits, 2, NULL) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(swarmpath_last_error(), "edits[1]: unknown terrain letter 'Q'") != NULL);
    edits[1] = (swarmpath_cell_edit){3, 3, '\x01'};
    CHECK(swarmpath_editable_map_apply(map, edits, 2, NULL) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(swarmpath_last_error(),
                 "edits[1]: unknown terrain letter byte 1 (this grid's terrain does not declare it)") != NULL);
    swarmpath_grid* unchanged = NULL;
    CHECK(swarmpath_editable_map_grid(map, &unchanged) == SWARMPATH_OK);
    CHECK(swarmpath_grid_passable(unchanged, 10, 24) == open_before);
    CHECK(swarmpath_editable_map_apply(map, NULL, 1, NULL) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(strstr(swarmpath_last_error(), "edits is NULL") != NULL);
    CHECK(swarmpath_editable_map_apply(map, edits, (size_t)SWARMPATH_MAXIMUM_EDITS + 1, NULL) ==
          SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(swarmpath_editable_map_apply(map, NULL, 0, NULL) == SWARMPATH_OK);
    CHECK(swarmpath_editable_map_apply(NULL, edits, 1, NULL) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    swarmpath_settings settings;
    swarmpath_settings_default(&settings);
    settings.moves = 4;
    swarmpath_solver* solver = NULL;
    CHECK(swarmpath_editable_map_solver(map, &settings, &solver) == SWARMPATH_ERROR_INVALID_ARGUMENT);
    CHECK(solver == NULL);
    CHECK(strstr(swarmpath_last_error(), "movement model") != NULL);
    swarmpath_grid* none = NULL;
    CHECK(swarmpath_editable_map_grid(NULL, &none) == SWARMPATH_ERROR_INVALID_ARGUMENT && none == NULL);
    swarmpath_editable_map_destroy(map);
    CHECK(swarmpath_editable_map_create(NULL, NULL, &map) == SWARMPATH_ERROR_INVALID_ARGUMENT && map == NULL);
    swarmpath_editable_map_destroy(NULL);

    swarmpath_grid_destroy(unchanged);
    swarmpath_grid_destroy(grid);
    swarmpath_scenario_destroy(scenario);
    free(queries);
    free(map_path);
    free(scenario_path);
}

int main(int argc, char** argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s SOURCE_DIR\n", argv[0]);
        return 2;
    }
    CHECK(strcmp(swarmpath_version(), SWARMPATH_EXPECTED_VERSION) == 0);
    test_one_query(argv[1]);
    test_batch_against_scenario(argv[1]);
    test_bad_input();
    test_shaped_grids();
    test_messages_in_c_words();
    test_bounds();
    test_grids_from_arrays();
    test_deadlines_and_cancellation();
    test_path_shapes();
    test_goal_fields(argv[1]);
    test_path_oracle(argv[1]);
    test_goal_bounds(argv[1]);
    test_agent_sizes_and_classes();
    test_editable_maps(argv[1]);
    if (failures != 0) {
        fprintf(stderr, "c_api_test: %d checks failed\n", failures);
        return 1;
    }
    printf("c_api_test: all checks passed\n");
    return 0;
}
