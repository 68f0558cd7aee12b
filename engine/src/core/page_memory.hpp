// Large blocks of zeroed memory from the system, backed by 2 MB pages where the kernel offers them
// (Linux transparent huge pages, asked for with madvise). Why: a first touch of a 4 KB page costs a
// page fault, 5-10 µs on a virtual machine, so a search whose per-cell arrays span a few megabytes
// paid more in faults on its first pass than in searching (tools/cold-warm measures it); a 2 MB page
// costs one fault that clears it, about 100 µs, for what would be 512 faults. Huge pages also cut the
// TLB misses of random access over a large table. Blocks below kHugePagesFrom (256 KB: a 140×140
// map's search state) stay on 4 KB pages
// (mapped, or calloc'ed when small), where a short search touching a few pages would pay more to
// clear a whole 2 MB page than it saves; those smaller blocks are faulted in whole at once
// (MADV_POPULATE_WRITE, where the kernel has it), one system call instead of a trap per page: a
// cold 200-query pass on den312d, whose search state is a few such blocks, searched 30% faster
// (JPS 3.84 -> 2.71 µs per query, medians of three alternated runs; large maps unchanged). Pages
// faulted in that way still count as the process's minor faults (getrusage, and so tools/cold-warm's
// fault columns) but are no traps (`perf stat -e page-faults` does not count them). The same call
// serves the per-cell arrays that loading a map and building a solver fill in std::vectors
// (reserve_populated, assign_populated). Where madvise or mmap is absent (not Linux/POSIX), blocks
// come from calloc and nothing else changes. Internal to the engine; assumes an all-zero bit pattern
// is a valid value of whatever the block holds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <new>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#define SWARMPATH_PAGE_MEMORY_MMAP 1
#endif

namespace swarmpath::core {

/// The size of a huge page (x86-64 and most arm64 kernels), and the block size from which blocks
/// are mapped onto them (rounded up to whole huge pages).
inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;
inline constexpr std::size_t kHugePagesFrom = std::size_t{256} << 10;
/// Blocks from this size up are mapped (fresh zero pages, faulted in where touched); smaller ones
/// come from calloc.
inline constexpr std::size_t kMappedFrom = std::size_t{64} << 10;

/// A block of zeroed memory and how to give it back.
struct PageBlock {
    void* data = nullptr;
    std::size_t mapped_bytes = 0;  ///< bytes of the mapping, or 0 for a calloc'ed block
};

/// Faults in the whole pages of [data, data + bytes) in one call where the kernel offers it
/// (MADV_POPULATE_WRITE, Linux 5.14): one system call instead of a trap per 4 KB page touched.
inline void populate_pages(void* data, std::size_t bytes) noexcept {
#if defined(SWARMPATH_PAGE_MEMORY_MMAP) && defined(MADV_POPULATE_WRITE)
    constexpr std::uintptr_t kPage = 4096;
    const auto start = (reinterpret_cast<std::uintptr_t>(data) + kPage - 1) / kPage * kPage;
    const auto end = (reinterpret_cast<std::uintptr_t>(data) + bytes) / kPage * kPage;
    if (end > start) (void)::madvise(reinterpret_cast<void*>(start), end - start, MADV_POPULATE_WRITE);
#else
    (void)data;
    (void)bytes;
#endif
}

/// Makes room for `count` elements in `container` (a std::vector or std::string) and faults the
/// room's pages in with one call (populate_pages) rather than one trap per 4 KB page as they are
/// first written: for the per-cell arrays of loading a map and of a solver's set-up (letters, terrain
/// kinds, component labels, JPS scan bits), several hundred traps on a 512×512 map.
template <class Container>
void reserve_populated(Container& container, std::size_t count) {
    container.reserve(count);
    populate_pages(container.data(), count * sizeof(typename Container::value_type));
}

/// Sets `container` to `count` copies of `value`, its pages faulted in first (reserve_populated).
template <class Container>
void assign_populated(Container& container, std::size_t count, const typename Container::value_type& value = {}) {
    container.clear();
    reserve_populated(container, count);
    container.assign(count, value);
}

/// `bytes` of zeroed memory (none for 0 bytes), on huge pages from kHugePagesFrom unless
/// `huge_pages` is false; throws std::bad_alloc when the system has none.
inline PageBlock allocate_zeroed_pages(std::size_t bytes, bool huge_pages = true) {
    if (bytes == 0) return {};
#ifdef SWARMPATH_PAGE_MEMORY_MMAP
    if (bytes >= kMappedFrom) {
        const bool huge = huge_pages && bytes >= kHugePagesFrom;
        const std::size_t unit = huge ? kHugePageBytes : 1;
        if (bytes > std::numeric_limits<std::size_t>::max() - 2 * unit) throw std::bad_alloc();
        const std::size_t mapped = huge ? (bytes + unit - 1) / unit * unit : bytes;
        // A huge page must start on a 2 MB boundary: map one more, keep the aligned part.
        const std::size_t asked = huge ? mapped + unit : mapped;
        void* raw = ::mmap(nullptr, asked, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (raw == MAP_FAILED) throw std::bad_alloc();
        if (!huge) {
            populate_pages(raw, mapped);
            return {raw, mapped};
        }
        const auto start = reinterpret_cast<std::uintptr_t>(raw);
        const std::uintptr_t aligned = (start + unit - 1) / unit * unit;
        if (aligned > start) ::munmap(raw, aligned - start);
        const std::uintptr_t end = start + asked;
        if (end > aligned + mapped) ::munmap(reinterpret_cast<void*>(aligned + mapped), end - (aligned + mapped));
#ifdef MADV_HUGEPAGE
        (void)::madvise(reinterpret_cast<void*>(aligned), mapped, MADV_HUGEPAGE);  // a hint: 4 KB pages if refused
#endif
        return {reinterpret_cast<void*>(aligned), mapped};
    }
#endif
    void* block = std::calloc(bytes, 1);
    if (block == nullptr) throw std::bad_alloc();
    populate_pages(block, bytes);
    return {block, 0};
}

/// `bytes` of zeroed address space on 4 KB pages, none of them faulted in or populated: a page costs
/// its first touch only if something writes it. For arrays filled from the front only as far as a
/// search goes (jump point search's nodes, reserved for one per map cell and mostly never reached),
/// where populating the whole block, or clearing a 2 MB page, would cost a cold search more than
/// the few pages it fills. Mapped with MAP_NORESERVE: under the kernel's default (heuristic)
/// overcommit a single mapping larger than memory and swap is refused, and this one, 24 bytes a cell
/// for jump point search's nodes, passes 6 GB on a 16384×16384 map while a search writes a few MB
/// of it (strict overcommit, vm.overcommit_memory=2, still counts it whole). Throws std::bad_alloc
/// when the system has no room.
inline PageBlock reserve_zeroed_pages(std::size_t bytes) {
    if (bytes == 0) return {};
#ifdef SWARMPATH_PAGE_MEMORY_MMAP
    if (bytes >= kMappedFrom) {
#ifdef MAP_NORESERVE
        constexpr int kNoReserve = MAP_NORESERVE;
#else
        constexpr int kNoReserve = 0;
#endif
        void* raw = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | kNoReserve, -1, 0);
        if (raw == MAP_FAILED) throw std::bad_alloc();
        return {raw, bytes};
    }
#endif
    void* block = std::calloc(bytes, 1);
    if (block == nullptr) throw std::bad_alloc();
    return {block, 0};
}

/// Gives back a block allocate_zeroed_pages or reserve_zeroed_pages returned.
inline void release_pages(const PageBlock& block) noexcept {
    if (block.data == nullptr) return;
#ifdef SWARMPATH_PAGE_MEMORY_MMAP
    if (block.mapped_bytes != 0) {
        ::munmap(block.data, block.mapped_bytes);
        return;
    }
#endif
    std::free(block.data);
}

/// A std::allocator for containers of large tables (the JPS+ table, the JPS scan bits): their
/// storage comes from allocate_zeroed_pages, so a large table sits on huge pages. Stateless.
template <class T>
struct PageAllocator {
    using value_type = T;
    PageAllocator() = default;
    template <class U>
    explicit PageAllocator(const PageAllocator<U>& /*other*/) noexcept {}

    T* allocate(std::size_t count) {
        if (count > std::numeric_limits<std::size_t>::max() / sizeof(T)) throw std::bad_alloc();
        const PageBlock block = allocate_zeroed_pages(count * sizeof(T));
        return static_cast<T*>(block.data);
    }
    void deallocate(T* pointer, std::size_t count) noexcept {
        const std::size_t bytes = count * sizeof(T);
#ifdef SWARMPATH_PAGE_MEMORY_MMAP
        if (bytes >= kMappedFrom) {
            const std::size_t mapped =
                bytes >= kHugePagesFrom ? (bytes + kHugePageBytes - 1) / kHugePageBytes * kHugePageBytes : bytes;
            release_pages({pointer, mapped});
            return;
        }
#endif
        release_pages({pointer, 0});
    }
    friend bool operator==(const PageAllocator& /*left*/, const PageAllocator& /*right*/) { return true; }
};

}  // namespace swarmpath::core
