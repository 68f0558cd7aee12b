// core/code_warming.hpp: finds the segment that holds a function among the loaded objects' program
// headers and reads its lines around the function. Assumes 64-byte cache lines (a longer line only
// means some lines are read twice).
#include "core/code_warming.hpp"

#include <cstdint>

#if __has_include(<link.h>)
#include <link.h>
#define SWARMPATH_CODE_WARMING 1
#endif

namespace swarmpath::core {

#if SWARMPATH_CODE_WARMING
namespace {

/// The bounds of the readable, executable loaded segment holding `address` (both 0 if none does).
struct Segment {
    std::uintptr_t address = 0;
    std::uintptr_t begin = 0;
    std::uintptr_t end = 0;
};

int find_segment(dl_phdr_info* info, std::size_t /*size*/, void* data) {
    auto* segment = static_cast<Segment*>(data);
    for (int header = 0; header < info->dlpi_phnum; ++header) {
        const auto& program = info->dlpi_phdr[header];
        if (program.p_type != PT_LOAD || (program.p_flags & PF_X) == 0 || (program.p_flags & PF_R) == 0) continue;
        const std::uintptr_t begin = info->dlpi_addr + program.p_vaddr;
        const std::uintptr_t end = begin + program.p_filesz;  // file-backed bytes: mapped and readable
        if (segment->address >= begin && segment->address < end) {
            segment->begin = begin;
            segment->end = end;
            return 1;
        }
    }
    return 0;
}

}  // namespace
#endif

void warm_code(const void* function, std::size_t before, std::size_t after) {
#if SWARMPATH_CODE_WARMING
    Segment segment;
    segment.address = reinterpret_cast<std::uintptr_t>(function);
    if (segment.address == 0 || dl_iterate_phdr(&find_segment, &segment) == 0) return;
    const std::uintptr_t begin = segment.address - segment.begin > before ? segment.address - before : segment.begin;
    const std::uintptr_t end = segment.end - segment.address > after ? segment.address + after : segment.end;
    // Independent loads (volatile: kept, though their values go unused), so that many lines are on
    // their way at once.
    for (std::uintptr_t line = begin; line < end; line += 64)
        (void)*reinterpret_cast<const volatile unsigned char*>(line);
#else
    (void)function;
    (void)before;
    (void)after;
#endif
}

}  // namespace swarmpath::core
