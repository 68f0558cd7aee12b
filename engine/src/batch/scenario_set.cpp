// The process CPU clock, its page-fault count and the algorithm-naming rule of set outcomes (see scenario_set.hpp).
#include "swarmpath/batch/scenario_set.hpp"

#if __has_include(<sys/resource.h>)
#include <sys/resource.h>
#define SWARMPATH_HAS_GETRUSAGE 1
#endif

#include <ctime>

namespace swarmpath::batch {

search::Algorithm outcome_algorithm(search::Algorithm requested, std::size_t field_queries, std::size_t queries,
                                    search::Algorithm per_agent) {
    const bool crowd = requested == search::Algorithm::flowfield || requested == search::Algorithm::automatic;
    const bool all_fields = requested == search::Algorithm::flowfield || field_queries == queries;
    return crowd && all_fields ? search::Algorithm::flowfield : per_agent;
}

double process_cpu_seconds() {
#ifdef SWARMPATH_HAS_GETRUSAGE
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
#else
    return static_cast<double>(std::clock()) / CLOCKS_PER_SEC;  // the process's CPU time where POSIX is absent
#endif
}

std::uint64_t process_page_faults() {
#ifdef SWARMPATH_HAS_GETRUSAGE
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<std::uint64_t>(usage.ru_minflt) + static_cast<std::uint64_t>(usage.ru_majflt);
#else
    return 0;
#endif
}

}  // namespace swarmpath::batch
