// The wall time since a steady-clock reading, in whole nanoseconds: the per-query `nanoseconds` of
// searches, crowd batches and path oracle answers. Internal to the engine; assumes the steady clock
// (monotonic, so never negative).
#pragma once

#include <chrono>
#include <cstdint>

namespace swarmpath::core {

[[nodiscard]] inline std::uint64_t elapsed_nanoseconds(std::chrono::steady_clock::time_point since) {
    return static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - since).count());
}

}  // namespace swarmpath::core
