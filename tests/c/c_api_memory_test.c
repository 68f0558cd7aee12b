/* Allocation failures through the C API: with the process's address space capped (setrlimit
 * RLIMIT_AS) just above what it already uses, calls that must allocate a large map's worth of
 * memory return SWARMPATH_ERROR_OUT_OF_MEMORY with a message, leave their outputs NULL, and the
 * process goes on: once the cap is lifted the same calls succeed. Compiled as C99 with the POSIX
 * resource interface; assumes Linux's /proc/self/statm for the current address-space size. Under
 * a sanitizer (which reserves terabytes of shadow memory) it reports itself skipped. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "swarmpath.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define SANITIZED 1
#endif
#endif

#ifdef SANITIZED
int main(void) {
    printf("c_api_memory_test: skipped under a sanitizer; all checks passed\n");
    return 0;
}
#else
#include "c_checks.h"

/* The process's address-space size now, in bytes; 0 when it cannot be read. */
static unsigned long long address_space_bytes(void) {
    FILE* file = fopen("/proc/self/statm", "r");
    unsigned long long pages = 0;
    if (file == NULL) return 0;
    if (fscanf(file, "%llu", &pages) != 1) pages = 0;
    fclose(file);
    return pages * (unsigned long long)sysconf(_SC_PAGESIZE);
}

/* Caps the address space at `bytes` (RLIM_INFINITY: lifts the cap back to the hard limit). */
static int cap_address_space(rlim_t bytes) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_AS, &limit) != 0) return 0;
    limit.rlim_cur = bytes == RLIM_INFINITY ? limit.rlim_max : bytes;
    return setrlimit(RLIMIT_AS, &limit) == 0;
}

int main(void) {
    const int32_t side = 4096;
    const size_t cells = (size_t)side * (size_t)side;
    const size_t count = 1000000;
    char* letters = malloc(cells);
    int64_t* queries = calloc(4 * count, sizeof(int64_t));
    swarmpath_result* results = malloc(count * sizeof(swarmpath_result));
    swarmpath_grid* small = NULL;
    swarmpath_solver* solver = NULL;
    swarmpath_batch* batch = NULL;
    if (letters == NULL || queries == NULL || results == NULL) return 2;
    memset(letters, '.', cells);
    CHECK(swarmpath_grid_from_letters(4, 3, letters, NULL, &small) == SWARMPATH_OK);
    CHECK(swarmpath_solver_create(small, NULL, &solver) == SWARMPATH_OK);
    CHECK(swarmpath_batch_create(1, &batch) == SWARMPATH_OK);
    unsigned long long used = address_space_bytes();
    if (used == 0 || !cap_address_space((rlim_t)(used + (8u << 20)))) {
        printf("c_api_memory_test: no /proc/self/statm or RLIMIT_AS here; skipped; all checks passed\n");
        return 0;
    }

    /* A 16 MiB map's letters, and a million queries' results, cannot be allocated under the cap. */
    swarmpath_grid* grid = (swarmpath_grid*)&failures;
    CHECK(swarmpath_grid_from_letters(side, side, letters, NULL, &grid) == SWARMPATH_ERROR_OUT_OF_MEMORY);
    CHECK(grid == NULL && strcmp(swarmpath_last_error(), "out of memory") == 0);
    CHECK(swarmpath_batch_solve(batch, solver, queries, count, results) == SWARMPATH_ERROR_OUT_OF_MEMORY);
    CHECK(strcmp(swarmpath_last_error(), "out of memory") == 0);

    /* Lifted: the process is intact and the same calls succeed. */
    CHECK(cap_address_space(RLIM_INFINITY));
    CHECK(swarmpath_grid_from_letters(side, side, letters, NULL, &grid) == SWARMPATH_OK);
    CHECK(swarmpath_grid_width(grid) == side);
    CHECK(swarmpath_batch_solve(batch, solver, queries, count, results) == SWARMPATH_OK);
    CHECK(results[count - 1].status == SWARMPATH_QUERY_FOUND && results[count - 1].cost == 0.0);

    swarmpath_grid_destroy(grid);
    swarmpath_batch_destroy(batch);
    swarmpath_solver_destroy(solver);
    swarmpath_grid_destroy(small);
    free(results);
    free(queries);
    free(letters);
    if (failures != 0) {
        fprintf(stderr, "c_api_memory_test: %d checks failed\n", failures);
        return 1;
    }
    printf("c_api_memory_test: all checks passed\n");
    return 0;
}
#endif
