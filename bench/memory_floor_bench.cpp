// What this machine gives a program that reads one 64-byte line at a random place of a large block,
// as a path oracle's lookup reads its runs: the time per line with `in flight` reads issued before
// any is used (prefetches, then loads), for blocks from within the caches to far beyond them.
// With --entries-megabytes E, a second row per block and count in flight times the two-step read a
// batched oracle lookup makes (search/oracle_tables.cpp): a 64-byte entry at a random place of an E MB
// block names the line of the large block to read, so that read waits on the entry's, in groups as
// the lookups go (every entry asked for, then each read and its line asked for, then the lines read).
//   swarmpath_memory_floor [--megabytes 4,16,52,256] [--in-flight 1,16,64] [--entries-megabytes E]
//                          [--repetitions 7]
// Prints the median over the repetitions (and the fastest) per block size, kind and reads in flight. A
// lookup that needs a line from a block of this size cannot, on average, take less than its row here
// (docs/path-oracle.md compares the oracle's lookups with it). Assumes Linux (transparent huge
// pages asked for with madvise, as the oracle's runs are) and blocks that fit in memory.
#include <sys/mman.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

std::vector<std::size_t> parse_list(const std::string& text) {
    std::vector<std::size_t> values;
    std::stringstream stream(text);
    std::string item;
    while (std::getline(stream, item, ',')) values.push_back(std::strtoull(item.c_str(), nullptr, 10));
    return values;
}

/// Nanoseconds per line for `places.size()` reads of the lines at `places` of `words`, `in_flight`
/// at a time: each group's lines are asked for first, then read and summed into `sink`.
double time_per_line(const std::uint64_t* words, const std::vector<std::uint32_t>& places, std::size_t in_flight,
                     std::uint64_t& sink) {
    const auto started = Clock::now();
    std::uint64_t sum = 0;
    for (std::size_t first = 0; first + in_flight <= places.size(); first += in_flight) {
        for (std::size_t index = first; index < first + in_flight; ++index) {
            __builtin_prefetch(words + std::size_t{places[index]} * 8);
        }
        for (std::size_t index = first; index < first + in_flight; ++index)
            sum += words[std::size_t{places[index]} * 8];
    }
    sink += sum;
    return std::chrono::duration<double, std::nano>(Clock::now() - started).count() /
           static_cast<double>(places.size() / in_flight * in_flight);
}

/// Nanoseconds per read pair for `entry_places.size()` pairs, `in_flight` at a time: the 64-byte entry
/// at each place of `entries`, whose first word is the line of `words` then read (see the file comment).
double time_per_entry_and_line(const std::uint64_t* entries, const std::vector<std::uint32_t>& entry_places,
                               const std::uint64_t* words, std::size_t in_flight, std::uint64_t& sink) {
    std::vector<std::uint64_t> lines(in_flight);
    const auto started = Clock::now();
    std::uint64_t sum = 0;
    for (std::size_t first = 0; first + in_flight <= entry_places.size(); first += in_flight) {
        for (std::size_t index = first; index < first + in_flight; ++index) {
            __builtin_prefetch(entries + std::size_t{entry_places[index]} * 8);
        }
        for (std::size_t index = 0; index < in_flight; ++index) {
            lines[index] = entries[std::size_t{entry_places[first + index]} * 8];
            __builtin_prefetch(words + lines[index] * 8);
        }
        for (std::size_t index = 0; index < in_flight; ++index) sum += words[lines[index] * 8];
    }
    sink += sum;
    return std::chrono::duration<double, std::nano>(Clock::now() - started).count() /
           static_cast<double>(entry_places.size() / in_flight * in_flight);
}

/// `megabytes` MB of zeroed memory asked to be on 2 MB pages, or null.
std::uint64_t* map_block(std::size_t megabytes) {
    if (megabytes == 0) return nullptr;
    const std::size_t bytes = megabytes << 20;
    void* mapped = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped == MAP_FAILED) return nullptr;
    (void)::madvise(mapped, bytes, MADV_HUGEPAGE);
    return static_cast<std::uint64_t*>(mapped);
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::size_t> megabytes = {4, 16, 52, 256};
    std::vector<std::size_t> in_flight = {1, 16, 64};
    std::size_t repetitions = 7;
    std::size_t entries_megabytes = 0;
    for (int index = 1; index + 1 < argc; index += 2) {
        const std::string option = argv[index];
        if (option == "--megabytes") {
            megabytes = parse_list(argv[index + 1]);
        } else if (option == "--in-flight") {
            in_flight = parse_list(argv[index + 1]);
        } else if (option == "--entries-megabytes") {
            entries_megabytes = std::strtoull(argv[index + 1], nullptr, 10);
        } else if (option == "--repetitions") {
            repetitions = std::max<std::size_t>(1, std::strtoull(argv[index + 1], nullptr, 10));
        } else {
            std::fprintf(stderr,
                         "usage: swarmpath_memory_floor [--megabytes LIST] [--in-flight LIST] [--entries-megabytes E] "
                         "[--repetitions N]\n");
            return 2;
        }
    }
    std::uint64_t sink = 0;
    std::uint64_t* const entries = entries_megabytes != 0 ? map_block(entries_megabytes) : nullptr;
    if (entries_megabytes != 0 && entries == nullptr) {
        std::fprintf(stderr, "swarmpath_memory_floor: %zu MB of entries cannot be had\n", entries_megabytes);
        return 1;
    }
    const std::size_t entry_count = (entries_megabytes << 20) / 64;
    std::printf(
        "| block MB | reads | in flight | ns per line or pair (median) | fastest |\n|---:|---|---:|---:|---:|\n");
    for (const std::size_t size : megabytes) {
        const std::size_t bytes = size << 20;
        std::uint64_t* const words = map_block(size);
        if (words == nullptr) {
            std::fprintf(stderr, "swarmpath_memory_floor: %zu MB cannot be had\n", size);
            return 1;
        }
        for (std::size_t word = 0; word < bytes / 8; ++word) words[word] = word;
        std::mt19937_64 random(size);
        std::vector<std::uint32_t> places(std::size_t{1} << 22);
        for (std::uint32_t& place : places) place = static_cast<std::uint32_t>(random() % (bytes / 64));
        std::vector<std::uint32_t> entry_places(entry_count != 0 ? places.size() : 0);
        for (std::uint32_t& place : entry_places) place = static_cast<std::uint32_t>(random() % entry_count);
        for (std::size_t entry = 0; entry < entry_count; ++entry) entries[entry * 8] = random() % (bytes / 64);
        for (const std::size_t group : in_flight) {
            if (group == 0) continue;
            for (const bool paired : {false, true}) {
                if (paired && entry_count == 0) continue;
                std::vector<double> times;
                for (std::size_t repetition = 0; repetition < repetitions; ++repetition) {
                    times.push_back(paired ? time_per_entry_and_line(entries, entry_places, words, group, sink)
                                           : time_per_line(words, places, group, sink));
                }
                std::sort(times.begin(), times.end());
                std::printf("| %zu | %s | %zu | %.2f | %.2f |\n", size, paired ? "entry, then line" : "line", group,
                            times[times.size() / 2], times.front());
            }
        }
        ::munmap(words, bytes);
    }
    if (entries != nullptr) ::munmap(entries, entries_megabytes << 20);
    return sink == 42 ? 3 : 0;  // the sum is used, so the reads are made
}
