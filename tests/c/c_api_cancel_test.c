/* Cancelling a running batch from another thread through the C API: a batch of slow queries
 * (A* across a 1024 x 1024 map of scattered costs, each far longer than the wait below) is
 * started, a second thread fires the batch's cancel token after a short wait, and the batch
 * returns with the queries it had not finished answered `cancelled` and those it finished answered
 * exactly as an uncancelled run answers them. Asserts no time: only statuses and costs. Compiled
 * as C99 with POSIX threads. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "swarmpath.h"

#include "c_checks.h"

enum { kSide = 1024, kQueries = 64 };

/* Waits a little, then fires the token it is given. */
static void* cancel_soon(void* token) {
    struct timespec wait = {0, 50 * 1000 * 1000};
    nanosleep(&wait, NULL);
    swarmpath_cancel_token_cancel((swarmpath_cancel_token*)token);
    return NULL;
}

int main(void) {
    float* costs = malloc((size_t)kSide * kSide * sizeof(float));
    int64_t* queries = malloc(4 * kQueries * sizeof(int64_t));
    swarmpath_result* results = malloc(kQueries * sizeof(swarmpath_result));
    if (costs == NULL || queries == NULL || results == NULL) return 2;
    for (uint32_t y = 0; y < kSide; ++y) {
        for (uint32_t x = 0; x < kSide; ++x)
            costs[y * kSide + x] = (float)(1u + (((x * 73856093u) ^ (y * 19349663u)) >> 7) % 10u);
    }
    /* Corner to corner and back, each query a long search. */
    for (int index = 0; index < kQueries; ++index) {
        int64_t offset = index / 4;
        int64_t* row = queries + 4 * index;
        row[0] = index % 2 == 0 ? offset : kSide - 1 - offset;
        row[1] = index % 4 < 2 ? 0 : kSide - 1;
        row[2] = kSide - 1 - row[0];
        row[3] = kSide - 1 - row[1];
    }
    swarmpath_grid* grid = NULL;
    swarmpath_solver* solver = NULL;
    swarmpath_batch* batch = NULL;
    swarmpath_cancel_token* token = NULL;
    swarmpath_context* context = NULL;
    swarmpath_settings settings;
    swarmpath_settings_default(&settings);
    settings.algorithm = SWARMPATH_ALGORITHM_ASTAR;
    CHECK(swarmpath_grid_from_costs(kSide, kSide, costs, &grid) == SWARMPATH_OK);
    CHECK(swarmpath_solver_create(grid, &settings, &solver) == SWARMPATH_OK);
    CHECK(swarmpath_batch_create(0, &batch) == SWARMPATH_OK);
    CHECK(swarmpath_cancel_token_create(&token) == SWARMPATH_OK);
    CHECK(swarmpath_context_create(&context) == SWARMPATH_OK);
    CHECK(swarmpath_batch_set_cancel_token(batch, token) == SWARMPATH_OK);

    pthread_t canceller;
    CHECK(pthread_create(&canceller, NULL, cancel_soon, token) == 0);
    CHECK(swarmpath_batch_solve(batch, solver, queries, kQueries, results) == SWARMPATH_OK);
    pthread_join(canceller, NULL);
    CHECK(swarmpath_cancel_token_is_cancelled(token) == 1);

    int cancelled = 0;
    int found = 0;
    for (int index = 0; index < kQueries; ++index) {
        if (results[index].status == SWARMPATH_QUERY_CANCELLED) {
            ++cancelled;
            CHECK(results[index].path_length == 0);
            continue;
        }
        CHECK(results[index].status == SWARMPATH_QUERY_FOUND);
        ++found;
        /* A query that finished is answered as without the token. */
        const int64_t* row = queries + 4 * index;
        swarmpath_result alone;
        CHECK(swarmpath_solve(solver, context, row[0], row[1], row[2], row[3], &alone) == SWARMPATH_OK);
        CHECK(alone.status == SWARMPATH_QUERY_FOUND && alone.cost == results[index].cost);
    }
    CHECK(cancelled > 0);
    printf("c_api_cancel_test: %d of %d queries cancelled, %d found\n", cancelled, kQueries, found);

    swarmpath_context_destroy(context);
    swarmpath_batch_destroy(batch);
    swarmpath_cancel_token_destroy(token);
    swarmpath_solver_destroy(solver);
    swarmpath_grid_destroy(grid);
    free(results);
    free(queries);
    free(costs);
    if (failures != 0) {
        fprintf(stderr, "c_api_cancel_test: %d checks failed\n", failures);
        return 1;
    }
    printf("c_api_cancel_test: all checks passed\n");
    return 0;
}
