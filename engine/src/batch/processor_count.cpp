// Processor counting for the batch layer (see processor_count.hpp). Linux: sched_getaffinity,
// /proc/self/cgroup and the cgroup files under /sys/fs/cgroup; a file that is missing or reads
// oddly counts as no quota. Nothing here throws or allocates beyond short strings.
#include "batch/processor_count.hpp"

#if defined(__linux__)
#include <sched.h>
#endif

#include <algorithm>
#include <charconv>
#include <fstream>
#include <string>
#include <thread>

namespace swarmpath::batch {

namespace {

/// `text` without its leading spaces and tabs.
std::string_view without_leading_blanks(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    return text;
}

/// A whole number at the start of `text` (after spaces), or nullopt.
std::optional<std::uint64_t> leading_number(std::string_view text) {
    text = without_leading_blanks(text);
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end == text.data()) return std::nullopt;
    return value;
}

#if defined(__linux__)
std::optional<std::string> first_line(const std::string& path) {
    std::ifstream file(path);
    std::string line;
    if (!file || !std::getline(file, line)) return std::nullopt;
    return line;
}

/// The tightest quota of cgroup v2 on `group` (a path below /sys/fs/cgroup) and its parents.
std::optional<unsigned> cgroup_v2_processors(std::string group) {
    std::optional<unsigned> tightest;
    while (true) {
        if (const std::optional<std::string> line = first_line("/sys/fs/cgroup" + group + "/cpu.max")) {
            if (const std::optional<unsigned> allowed = processors_of_cpu_max(*line)) {
                tightest = tightest ? std::min(*tightest, *allowed) : *allowed;
            }
        }
        if (group.empty() || group == "/") break;
        const std::size_t slash = group.rfind('/');
        group.resize(slash == std::string::npos ? 0 : slash);
    }
    return tightest;
}

/// The quota of cgroup v1's cpu controller on `group`, where its hierarchy is mounted under one of
/// the usual names: in the group's folder, or at the mount itself where a container sees only its
/// own group there while /proc/self/cgroup names the host's path for it.
std::optional<unsigned> cgroup_v1_processors(const std::string& group) {
    for (const std::string mount : {"/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct", "/sys/fs/cgroup/cpuacct,cpu"}) {
        std::string folder = mount + (group == "/" ? "" : group);
        std::optional<std::string> quota = first_line(folder + "/cpu.cfs_quota_us");
        if (!quota) {
            folder = mount;
            quota = first_line(folder + "/cpu.cfs_quota_us");
        }
        const std::optional<std::string> period = first_line(folder + "/cpu.cfs_period_us");
        if (!quota || !period) continue;
        if (!quota->empty() && quota->front() == '-') return std::nullopt;  // -1: no quota
        const std::optional<std::uint64_t> quota_value = leading_number(*quota);
        const std::optional<std::uint64_t> period_value = leading_number(*period);
        if (!quota_value || !period_value || *period_value == 0) return std::nullopt;
        return processors_of_quota(*quota_value, *period_value);
    }
    return std::nullopt;
}

/// The processors this process's control group's CPU quota allows, or nullopt for none.
std::optional<unsigned> cgroup_processors() {
    std::ifstream groups("/proc/self/cgroup");
    std::string line;
    std::optional<std::string> unified;
    std::optional<std::string> cpu_controller;
    while (std::getline(groups, line)) {
        // hierarchy-ID:controllers:path
        const std::size_t first = line.find(':');
        const std::size_t second = first == std::string::npos ? std::string::npos : line.find(':', first + 1);
        if (second == std::string::npos) continue;
        const std::string controllers = line.substr(first + 1, second - first - 1);
        const std::string path = line.substr(second + 1);
        if (line.compare(0, first, "0") == 0 && controllers.empty()) unified = path;
        if (controllers == "cpu" || controllers == "cpu,cpuacct" || controllers == "cpuacct,cpu") cpu_controller = path;
    }
    if (cpu_controller) return cgroup_v1_processors(*cpu_controller);
    if (unified) return cgroup_v2_processors(*unified == "/" ? std::string() : *unified);
    return std::nullopt;
}
#endif

}  // namespace

unsigned processors_of_quota(std::uint64_t quota, std::uint64_t period) {
    if (period == 0) return 1;
    const std::uint64_t whole = quota / period + (quota % period != 0 ? 1 : 0);
    return static_cast<unsigned>(std::clamp<std::uint64_t>(whole, 1, 1U << 20));
}

std::optional<unsigned> processors_of_cpu_max(std::string_view cpu_max) {
    cpu_max = without_leading_blanks(cpu_max);
    if (cpu_max.substr(0, 3) == "max") return std::nullopt;
    const std::optional<std::uint64_t> quota = leading_number(cpu_max);
    if (!quota) return std::nullopt;
    const std::size_t space = cpu_max.find(' ');
    const std::optional<std::uint64_t> period =
        space == std::string_view::npos ? std::optional<std::uint64_t>{100000} : leading_number(cpu_max.substr(space));
    if (!period || *period == 0) return std::nullopt;
    return processors_of_quota(*quota, *period);
}

unsigned hardware_threads() {
    unsigned count = std::max(1U, std::thread::hardware_concurrency());
#if defined(__linux__)
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    if (sched_getaffinity(0, sizeof allowed, &allowed) == 0 && CPU_COUNT(&allowed) > 0) {
        count = static_cast<unsigned>(CPU_COUNT(&allowed));
    }
    // The quota is read once a process: its files cost a batch call tens of microseconds (Python's
    // solve_batch asks for the count on every call), and a running container's quota rarely changes.
    static const std::optional<unsigned> quota = cgroup_processors();
    if (quota) count = std::min(count, *quota);
#endif
    return std::max(1U, count);
}

}  // namespace swarmpath::batch
