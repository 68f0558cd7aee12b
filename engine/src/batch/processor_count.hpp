// How many hardware threads a process may keep busy, without asking oneTBB (asking runs its
// one-time set-up): the processors its affinity allows, narrowed by a Linux control group's CPU
// quota (a container started with --cpus 2 on a 64-core host may use two processors' time, though
// its affinity names all 64; oneTBB 2021 counts the 64). The quota is read from cgroup v2's
// cpu.max along the process's group and its parents, or from cgroup v1's cpu.cfs_quota_us and
// cpu.cfs_period_us; a quota rounds up to whole processors, and none (or none readable) leaves the
// affinity's count. Internal to the engine (batch layer); Linux reads files under /proc and /sys,
// elsewhere only the standard library's count is used.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace swarmpath::batch {

/// Whole processors a quota of `quota` microseconds every `period` allows (rounded up, at least one).
[[nodiscard]] unsigned processors_of_quota(std::uint64_t quota, std::uint64_t period);

/// The processors a cgroup v2 cpu.max line allows ("max 100000": none, nullopt; "150000 100000": 2),
/// nullopt for text that is neither.
[[nodiscard]] std::optional<unsigned> processors_of_cpu_max(std::string_view cpu_max);

/// Hardware threads this process may keep busy (at least one), as described above: the affinity read
/// on every call, the control group's quota on the first only.
[[nodiscard]] unsigned hardware_threads();

}  // namespace swarmpath::batch
