// Reading a search's machine code into the caches when its solver is set up. A new process's first
// search otherwise fetches its instructions from memory one miss at a time, each waiting for the
// last: on this project's test machine the first JPS query of a process took 22-45 µs against
// 0.3-1 µs for the next ones, while loading the same lines as data, many at a time, takes a few
// microseconds (docs/performance.md). Software prefetches do not do it: they were measured to leave
// the first query as slow. Assumes ELF program headers (dl_iterate_phdr: Linux, the BSDs); elsewhere
// it does nothing.
#pragma once

#include <cstddef>

namespace swarmpath::core {

/// Loads one byte of every 64-byte line from `before` bytes before `function` to `after` bytes after
/// it, cut to the loaded, readable and executable segment that holds `function`; nothing if no such
/// segment holds it. The code a search runs lies mostly around its entry (its translation unit's
/// helpers and template instances), so the window covers most of it without knowing its extent.
void warm_code(const void* function, std::size_t before, std::size_t after);

}  // namespace swarmpath::core
