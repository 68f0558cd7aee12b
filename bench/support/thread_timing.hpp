// Timing helpers shared by the side-by-side harnesses (boost_peer_bench.cpp and
// same_process_ab/driver.cpp): the calling thread's CPU clock, which other processes on a shared
// machine disturb far less than wall time, and the median of a sample. POSIX clock_gettime assumed.
#pragma once

#include <time.h>

#include <algorithm>
#include <vector>

namespace swarmpath::bench {

/// CPU seconds used so far by the calling thread.
inline double thread_seconds() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

/// The median of a non-empty sample (the upper one of the middle two for an even count).
inline double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

}  // namespace swarmpath::bench
