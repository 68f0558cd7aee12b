/* The consumer's C program on the C API. Argument: the arena map. */
#include <stdio.h>

#include <swarmpath.h>

int main(int argc, char** argv) {
    swarmpath_grid* grid = NULL;
    swarmpath_solver* solver = NULL;
    swarmpath_context* context = NULL;
    swarmpath_result result;
    if (argc != 2) return 2;
    if (swarmpath_grid_from_file(argv[1], NULL, &grid) != SWARMPATH_OK) return 2;
    if (swarmpath_solver_create(grid, NULL, &solver) != SWARMPATH_OK) return 2;
    if (swarmpath_context_create(&context) != SWARMPATH_OK) return 2;
    if (swarmpath_solve(solver, context, 1, 11, 1, 12, &result) != SWARMPATH_OK) return 2;
    printf("c_app: %s %.6f\n", swarmpath_query_status_name(result.status), result.cost);
    swarmpath_context_destroy(context);
    swarmpath_solver_destroy(solver);
    swarmpath_grid_destroy(grid);
    return result.status == SWARMPATH_QUERY_FOUND ? 0 : 1;
}
