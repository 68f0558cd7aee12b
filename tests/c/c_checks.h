/* The C API tests' one check macro: a failed condition prints the file, the line, the condition and
 * swarmpath_last_error(), and counts in `failures`, which each test program defines and returns.
 * Assumes <stdio.h> and swarmpath.h are included first. */
#ifndef SWARMPATH_TESTS_C_CHECKS_H
#define SWARMPATH_TESTS_C_CHECKS_H

static int failures = 0;

#define CHECK(condition)                                                                                  \
    do {                                                                                                  \
        if (!(condition)) {                                                                               \
            fprintf(stderr, "%s:%d: check failed: %s (last error: %s)\n", __FILE__, __LINE__, #condition, \
                    swarmpath_last_error());                                                              \
            ++failures;                                                                                   \
        }                                                                                                 \
    } while (0)

#endif
