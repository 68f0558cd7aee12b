/* A C program on every part of the C API (grids from files, letters, costs and passability; solvers
 * and batches; deadlines and cancel tokens; path shapes; crowds and goal fields; the path oracle;
 * the version), built by the C-only CMake project beside it and by a plain
 * `cc c_only_app.c $(pkg-config --cflags --libs swarmpath)` (tests/packaging/check-consumers.sh).
 * Arguments: the arena map and the version the package must report. Exits 0 when every answer is
 * the expected one, 1 otherwise, naming the failed check. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <swarmpath.h>

static int failed(const char* what) {
    fprintf(stderr, "c_only_app: %s failed: %s\n", what, swarmpath_last_error());
    return 1;
}

/* Grids from cost and passability arrays, and a batch's cancel token and deadline. */
static int check_arrays_and_stopping(swarmpath_batch* batch) {
    const float costs[3] = {1.0f, 2.0f, 4.0f};
    const uint8_t passable[3] = {1, 0, 1};
    const int64_t across[4] = {0, 0, 2, 0};
    swarmpath_grid* grid = NULL;
    swarmpath_solver* solver = NULL;
    swarmpath_cancel_token* token = NULL;
    swarmpath_result result;
    if (swarmpath_grid_from_costs(3, 1, costs, &grid) != SWARMPATH_OK) return failed("costs");
    if (swarmpath_solver_create(grid, NULL, &solver) != SWARMPATH_OK) return failed("costs solver");
    if (swarmpath_batch_set_deadline_ms(batch, 1000) != SWARMPATH_OK) return failed("deadline");
    if (swarmpath_batch_solve(batch, solver, across, 1, &result) != SWARMPATH_OK) return failed("costs solve");
    if (result.status != SWARMPATH_QUERY_FOUND || fabs(result.cost - 6.0) > 1e-9) return failed("costs answer");
    if (swarmpath_cancel_token_create(&token) != SWARMPATH_OK) return failed("cancel token");
    swarmpath_cancel_token_cancel(token);
    if (swarmpath_batch_set_cancel_token(batch, token) != SWARMPATH_OK) return failed("attach token");
    if (swarmpath_batch_solve(batch, solver, across, 1, &result) != SWARMPATH_OK) return failed("cancelled solve");
    if (result.status != SWARMPATH_QUERY_CANCELLED) return failed("cancelled answer");
    swarmpath_batch_set_cancel_token(batch, NULL);
    swarmpath_batch_set_deadline_ms(batch, 0);
    swarmpath_cancel_token_destroy(token);
    swarmpath_solver_destroy(solver);
    swarmpath_grid_destroy(grid);
    if (swarmpath_grid_from_passability(3, 1, passable, &grid) != SWARMPATH_OK) return failed("passability");
    if (swarmpath_grid_passable(grid, 1, 0) != 0 || swarmpath_grid_passable(grid, 2, 0) != 1) return failed("passable");
    swarmpath_grid_destroy(grid);
    return 0;
}

/* Shapes, a crowd, a goal field and a path oracle on the arena map: each answers (1, 11) to (1, 12)
 * (one straight step, cost 1) as the solver does. */
static int check_goals_shapes_and_oracle(const swarmpath_grid* grid, const swarmpath_solver* solver,
                                         swarmpath_batch* batch) {
    const int64_t step[4] = {1, 11, 1, 12};
    int32_t xy[8];
    size_t length = 0;
    double cost = 0.0;
    int dx = 0;
    int dy = 0;
    swarmpath_result result;
    swarmpath_settings settings;
    swarmpath_crowd* crowd = NULL;
    swarmpath_field* field = NULL;
    swarmpath_oracle* oracle = NULL;
    swarmpath_context* context = NULL;
    swarmpath_settings_default(&settings);
    settings.algorithm = SWARMPATH_ALGORITHM_FLOWFIELD;
    if (swarmpath_crowd_create(grid, &settings, &crowd) != SWARMPATH_OK) return failed("crowd");
    if (swarmpath_batch_solve_crowd(batch, crowd, step, 1, &result) != SWARMPATH_OK) return failed("crowd solve");
    if (result.status != SWARMPATH_QUERY_FOUND || result.cost != 1.0) return failed("crowd answer");
    if (swarmpath_batch_path_shaped(batch, 0, SWARMPATH_PATH_SMOOTHED, xy, 4, &length) != SWARMPATH_OK || length != 2) {
        return failed("smoothed path");
    }
    if (swarmpath_field_create(solver, 1, 12, &field) != SWARMPATH_OK) return failed("field");
    if (!swarmpath_field_cost(field, 1, 11, &cost) || cost != 1.0) return failed("field cost");
    if (!swarmpath_field_direction(field, 1, 11, &dx, &dy) || dx != 0 || dy != 1) return failed("field direction");
    if (swarmpath_oracle_build(grid, NULL, batch, "arena.map", NULL, NULL, &oracle) != SWARMPATH_OK)
        return failed("oracle");
    if (swarmpath_context_create(&context) != SWARMPATH_OK) return failed("context");
    if (swarmpath_oracle_solve(oracle, context, 1, 11, 1, 12, &result) != SWARMPATH_OK) return failed("oracle solve");
    if (result.status != SWARMPATH_QUERY_FOUND || result.cost != 1.0) return failed("oracle answer");
    swarmpath_context_destroy(context);
    swarmpath_oracle_destroy(oracle);
    swarmpath_field_destroy(field);
    swarmpath_crowd_destroy(crowd);
    return 0;
}

int main(int argc, char** argv) {
    swarmpath_grid* grid = NULL;
    swarmpath_grid* room = NULL;
    swarmpath_solver* solver = NULL;
    swarmpath_batch* batch = NULL;
    swarmpath_result results[2];
    const int64_t queries[8] = {1, 11, 1, 12, 0, 0, 3, 2};
    if (argc != 3) return 2;
    if (strcmp(swarmpath_version(), argv[2]) != 0) return failed("swarmpath_version");
    if (swarmpath_grid_from_file(argv[1], NULL, &grid) != SWARMPATH_OK) return failed("grid from file");
    if (swarmpath_grid_from_letters(4, 3,
                                    "...."
                                    ".@.."
                                    "....",
                                    NULL, &room) != SWARMPATH_OK)
        return failed("letters");
    if (swarmpath_solver_create(grid, NULL, &solver) != SWARMPATH_OK) return failed("solver");
    if (swarmpath_batch_create(0, &batch) != SWARMPATH_OK) return failed("batch");
    if (swarmpath_batch_solve(batch, solver, queries, 1, results) != SWARMPATH_OK) return failed("batch solve");
    if (results[0].status != SWARMPATH_QUERY_FOUND || fabs(results[0].cost - 1.0) > 1e-9) return failed("arena answer");
    if (check_goals_shapes_and_oracle(grid, solver, batch) != 0) return 1;
    swarmpath_solver_destroy(solver);
    if (swarmpath_solver_create(room, NULL, &solver) != SWARMPATH_OK) return failed("room solver");
    if (swarmpath_batch_solve(batch, solver, queries + 4, 1, results + 1) != SWARMPATH_OK) return failed("room solve");
    if (results[1].status != SWARMPATH_QUERY_FOUND || fabs(results[1].cost - (3.0 + sqrt(2.0))) > 1e-9) {
        return failed("room answer");
    }
    if (check_arrays_and_stopping(batch) != 0) return 1;
    printf("c_only_app: swarmpath %s, %s %.6f, %s %.6f\n", swarmpath_version(),
           swarmpath_query_status_name(results[0].status), results[0].cost,
           swarmpath_query_status_name(results[1].status), results[1].cost);
    swarmpath_batch_destroy(batch);
    swarmpath_solver_destroy(solver);
    swarmpath_grid_destroy(room);
    swarmpath_grid_destroy(grid);
    return 0;
}
