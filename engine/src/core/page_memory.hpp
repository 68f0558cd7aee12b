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
// (reserve_populated, assign_populated). On this kind of virtual machine a fresh page still costs
// its first touch by the processor after the kernel has faulted it in (MADV_POPULATE_WRITE: 0.7 µs
// a page, then 4.5-5.8 µs at the first read, against 0.01 µs for a page touched before; a 256-page
// mapping), so where the process heap is on 2 MB pages and hands out pages already touched (the
// command line asks mimalloc for them and says so: use_heap_for_small_blocks), blocks below
// kHugePagesFrom come from the heap instead: the first query on a small map found its search state
// on fresh pages (den312d JPS 20.4 -> 2.0 µs, arena JPS+ 25.1 -> 2.1 µs). A library cannot know its
// host's heap (from Python, glibc's heap made the same first query slower), so that is the command
// line's choice alone. Where madvise or mmap is absent (not Linux/POSIX), blocks come from calloc and
// nothing else changes. Internal to the engine; assumes an all-zero bit pattern
// is a valid value of whatever the block holds.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <new>
#include <type_traits>
#include <utility>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#define SWARMPATH_PAGE_MEMORY_MMAP 1
#endif

namespace swarmpath::core {

/// The size of a huge page (x86-64 and most arm64 kernels), and the block size from which blocks
/// are mapped onto them (rounded up to whole huge pages).
inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;
inline constexpr std::size_t kHugePagesFrom = std::size_t{256} << 10;
/// The size of a small page, the unit a mapping is populated and split in (split_pages).
inline constexpr std::size_t kPageBytes = 4096;
/// `bytes` rounded up to whole small pages (a block that another follows from a page boundary).
[[nodiscard]] inline constexpr std::size_t whole_pages(std::size_t bytes) {
    return (bytes + kPageBytes - 1) / kPageBytes * kPageBytes;
}
/// Blocks from this size up are mapped (fresh zero pages, faulted in where touched); smaller ones
/// come from calloc.
inline constexpr std::size_t kMappedFrom = std::size_t{64} << 10;

/// Whether zeroed blocks below kHugePagesFrom come from the process heap (see above): off unless the
/// host says its heap is on 2 MB pages (use_heap_for_small_blocks).
inline std::atomic<bool> small_blocks_on_heap{false};
/// Says whether the process heap is on 2 MB pages whose first touch it has paid (mimalloc with large
/// OS pages), so that zeroed blocks below kHugePagesFrom come from it. Call before anything is
/// allocated through this header (a block is given back by how it was taken, so a later change
/// only affects later blocks).
inline void use_heap_for_small_blocks(bool heap_is_on_large_pages) noexcept {
    small_blocks_on_heap.store(heap_is_on_large_pages, std::memory_order_relaxed);
}
/// The size from which allocate_zeroed_pages maps fresh pages.
[[nodiscard]] inline std::size_t zeroed_blocks_mapped_from() noexcept {
    return small_blocks_on_heap.load(std::memory_order_relaxed) ? kHugePagesFrom : kMappedFrom;
}

/// A block of zeroed memory and how to give it back.
struct PageBlock {
    void* data = nullptr;
    std::size_t mapped_bytes = 0;  ///< bytes of the mapping, or 0 for a calloc'ed block
};

/// Faults in the whole pages of [data, data + bytes) in one call where the kernel offers it
/// (MADV_POPULATE_WRITE, Linux 5.14): one system call instead of a trap per 4 KB page touched.
inline void populate_pages(void* data, std::size_t bytes) noexcept {
#if defined(SWARMPATH_PAGE_MEMORY_MMAP) && defined(MADV_POPULATE_WRITE)
    constexpr std::uintptr_t kPage = kPageBytes;
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

#ifdef SWARMPATH_PAGE_MEMORY_MMAP
/// Maps fresh zero pages for `bytes` (rounded up to whole 2 MB pages with `huge`, then on a 2 MB
/// boundary and madvised for them) with `extra_flags` added to mmap's; throws std::bad_alloc.
inline PageBlock map_zero_pages(std::size_t bytes, bool huge, int extra_flags) {
    const std::size_t unit = huge ? kHugePageBytes : 1;
    if (bytes > std::numeric_limits<std::size_t>::max() - 2 * unit) throw std::bad_alloc();
    const std::size_t mapped = (bytes + unit - 1) / unit * unit;
    // A huge page must start on a 2 MB boundary: map one more, keep the aligned part.
    const std::size_t asked = huge ? mapped + unit : mapped;
    void* raw = ::mmap(nullptr, asked, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | extra_flags, -1, 0);
    if (raw == MAP_FAILED) throw std::bad_alloc();
    if (!huge) return {raw, mapped};
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

/// How a block on huge pages is faulted in: a page at a time as it is first written (a block read or
/// written only in part, such as a search's arrays), or all at once when it is made (a block its
/// owner fills whole: a table built or read). The two are alike where the system grants huge pages;
/// where it refuses them (transparent huge pages off, or none free at that moment) a block filled
/// whole would take a trap for each 4 KB page, several microseconds each on a virtual machine,
/// against one call: the JPS+ table of Paris_0_1024 25.7 -> 16.8 ms so.
enum class HugeBlockUse { written_in_part, filled_whole };

/// `bytes` of zeroed memory (none for 0 bytes): fresh pages from `mapped_from` bytes, on huge pages
/// from kHugePagesFrom unless `huge_pages` is false (faulted in as `use` says), faulted in at once
/// otherwise, and calloc'ed (faulted in at once) below it; throws std::bad_alloc when the system
/// has none.
inline PageBlock allocate_zeroed_pages_from(std::size_t bytes, std::size_t mapped_from, bool huge_pages,
                                            HugeBlockUse use = HugeBlockUse::written_in_part) {
    if (bytes == 0) return {};
#ifdef SWARMPATH_PAGE_MEMORY_MMAP
    if (bytes >= mapped_from) {
        const bool huge = huge_pages && bytes >= kHugePagesFrom;
        const PageBlock block = map_zero_pages(bytes, huge, 0);
        if (!huge || use == HugeBlockUse::filled_whole) populate_pages(block.data, block.mapped_bytes);
        return block;
    }
#else
    (void)use;
#endif
    void* block = std::calloc(bytes, 1);
    if (block == nullptr) throw std::bad_alloc();
    populate_pages(block, bytes);
    return {block, 0};
}

/// `bytes` of zeroed memory (none for 0 bytes), on huge pages from kHugePagesFrom unless
/// `huge_pages` is false, from the heap below zeroed_blocks_mapped_from(); throws std::bad_alloc
/// when the system has none.
inline PageBlock allocate_zeroed_pages(std::size_t bytes, bool huge_pages = true,
                                       HugeBlockUse use = HugeBlockUse::written_in_part) {
    return allocate_zeroed_pages_from(bytes, zeroed_blocks_mapped_from(), huge_pages, use);
}

/// `bytes` of zeroed address space, none of it faulted in or populated: a page costs its first touch
/// only if something writes it. For arrays filled from the front only as far as a search goes
/// (jump point search's nodes, reserved for one per map cell and mostly never reached), where
/// populating the whole block would cost a cold search more than the few pages it fills. On 4 KB
/// pages by default; with `huge_pages`, on 2 MB pages (aligned to one, madvised): for a block whose
/// front a search touches at random (a map-sized index) with what follows it filled from the front,
/// where one fault that clears 2 MB (about 50-150 µs here) replaces what would be up to 512 faults of
/// 11 µs each. Mapped with MAP_NORESERVE: under the kernel's default (heuristic)
/// overcommit a single mapping larger than memory and swap is refused, and this one, 24 bytes a cell
/// for jump point search's nodes, passes 6 GB on a 16384×16384 map while a search writes a few MB
/// of it (strict overcommit, vm.overcommit_memory=2, still counts it whole). Throws std::bad_alloc
/// when the system has no room.
inline PageBlock reserve_zeroed_pages(std::size_t bytes, bool huge_pages = false) {
    if (bytes == 0) return {};
#ifdef SWARMPATH_PAGE_MEMORY_MMAP
    if (bytes >= kMappedFrom) {
#ifdef MAP_NORESERVE
        return map_zero_pages(bytes, huge_pages, MAP_NORESERVE);
#else
        return map_zero_pages(bytes, huge_pages, 0);
#endif
    }
#endif
    void* block = std::calloc(bytes, 1);
    if (block == nullptr) throw std::bad_alloc();
    return {block, 0};
}

/// A block of zeroed memory with room reserved before and after it in the same mapping (see
/// allocate_zeroed_pages_between).
struct BlockBetween {
    PageBlock before;  ///< empty when the block is too small for huge pages, or without mmap
    PageBlock block;
    PageBlock after;  ///< likewise
};

/// Splits a mapped block (mapped_bytes not 0: a calloc'ed one cannot be split) into its first
/// `front_bytes` (a multiple of 4 KB, at most its size) and the rest, each to be given back on its
/// own (release_pages).
inline std::pair<PageBlock, PageBlock> split_pages(PageBlock block, std::size_t front_bytes) {
    auto* const data = static_cast<unsigned char*>(block.data);
    const std::size_t back_bytes = block.mapped_bytes - front_bytes;
    return {PageBlock{front_bytes == 0 ? nullptr : data, front_bytes},
            PageBlock{back_bytes == 0 ? nullptr : data + front_bytes, back_bytes}};
}

/// `bytes` of zeroed memory on huge pages (as allocate_zeroed_pages), with `before_bytes` of room in
/// front of it and `after_bytes` behind it, all in one mapping on 2 MB pages (the mapping starts on a
/// 2 MB boundary; the block on the first 4 KB boundary after the room in front, the room behind on
/// the first after the block). The rooms are reserved as reserve_zeroed_pages(…, true) reserves:
/// faulted in only where written. Why: whoever fills the block faults its first and last 2 MB pages
/// in whole, and their rest is room: memory placed there (a JPS+ table lends it to a search state's
/// node index and nodes) costs no fault of its own. The three are given back each on its own
/// (release_pages). All are mapped with MAP_NORESERVE; the block is meant to be filled at once, and
/// is faulted in at once (HugeBlockUse::filled_whole), the rooms only where written. A
/// block below kHugePagesFrom, both rooms 0, or no mmap: the block as allocate_zeroed_pages gives it
/// and no rooms. Throws std::bad_alloc when the system has no room.
inline BlockBetween allocate_zeroed_pages_between(std::size_t before_bytes, std::size_t bytes,
                                                  std::size_t after_bytes) {
#if defined(SWARMPATH_PAGE_MEMORY_MMAP) && defined(MAP_NORESERVE)
    if (bytes >= kHugePagesFrom && (before_bytes > 0 || after_bytes > 0)) {
        const std::size_t limit = (std::numeric_limits<std::size_t>::max() - 4 * kHugePageBytes) / 3;
        if (before_bytes > limit || bytes > limit || after_bytes > limit) throw std::bad_alloc();
        const std::size_t front = whole_pages(before_bytes);
        const std::size_t middle = whole_pages(bytes);
        const PageBlock whole = map_zero_pages(front + middle + after_bytes, true, MAP_NORESERVE);
        const auto [room_before, rest] = split_pages(whole, front);
        const auto [block, room_after] = split_pages(rest, middle);
        populate_pages(block.data, block.mapped_bytes);  // HugeBlockUse::filled_whole
        return {room_before, block, room_after};
    }
#endif
    return {{}, allocate_zeroed_pages(bytes, true, HugeBlockUse::filled_whole), {}};
}

/// Faults in the 2 MB pages the rooms of `blocks` share with its block, one byte each, so that whoever
/// takes the rooms finds those pages in place even where filling the block leaves them untouched (a
/// table's entries for walls stay zero): the last page of the room before the block, unless the room
/// ends on a page boundary, and the first page of the room after it, unless it starts one. A room on
/// pages of its own is left alone: faulting it here would only move its cost to set-up.
inline void fault_in_shared_room_pages(const BlockBetween& blocks) noexcept {
    if (blocks.before.data != nullptr) {
        auto* const last = static_cast<unsigned char*>(blocks.before.data) + blocks.before.mapped_bytes - 1;
        if ((reinterpret_cast<std::uintptr_t>(last) + 1) % kHugePageBytes != 0) {
            *static_cast<volatile unsigned char*>(last) = 0;
        }
    }
    if (blocks.after.data != nullptr && reinterpret_cast<std::uintptr_t>(blocks.after.data) % kHugePageBytes != 0) {
        *static_cast<volatile unsigned char*>(blocks.after.data) = 0;
    }
}

/// Gives back a block allocate_zeroed_pages, reserve_zeroed_pages, allocate_zeroed_pages_between or
/// split_pages returned.
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

/// Two mapped blocks that their owner lends, once, to whoever asks first (a JPS+ table lends the
/// rooms before and after its distances to the first search state prepared for its grid: see
/// search/jump_point_table.hpp). take() may be called from any thread; the taker owns what it gets
/// (release_pages); blocks never taken are given back with their lender.
class LentPages {
public:
    /// What take() hands over.
    struct Blocks {
        PageBlock first;
        PageBlock second;
    };

    LentPages() = default;
    /// Lends `first` and `second` (mapped blocks, or none).
    LentPages(PageBlock first, PageBlock second) : blocks_{first, second}, taken_(false) {}
    LentPages(LentPages&& other) noexcept : blocks_(other.blocks_), taken_(other.taken_.exchange(true)) {}
    LentPages& operator=(LentPages&& other) noexcept {
        if (this != &other) {
            give_back();
            blocks_ = other.blocks_;
            taken_.store(other.taken_.exchange(true));
        }
        return *this;
    }
    LentPages(const LentPages&) = delete;
    LentPages& operator=(const LentPages&) = delete;
    ~LentPages() { give_back(); }

    /// The blocks, to the first caller; empty blocks to every later one.
    [[nodiscard]] Blocks take() const noexcept { return taken_.exchange(true) ? Blocks{} : blocks_; }

private:
    void give_back() noexcept {
        if (taken_.exchange(true)) return;
        release_pages(blocks_.first);
        release_pages(blocks_.second);
    }

    Blocks blocks_;
    mutable std::atomic<bool> taken_{true};  ///< nothing to lend until constructed with blocks
};

/// A std::allocator for containers of large tables (the path oracle's runs): their
/// storage comes from allocate_zeroed_pages, so a large table sits on huge pages, faulted in when
/// allocated (HugeBlockUse::filled_whole: a container fills what it allocates). Stateless.
/// Value-initialising an element (resize(count), a container made with a count) leaves it as
/// allocate gave it, zero bytes, which are the value 0 of the trivial types such a table holds: a
/// loaded oracle's runs are sized before the file fills them, and writing zeros over the 52 MB the
/// kernel has just zeroed took about 4% of AR0011SR's load. So such a container is sized from
/// empty, or grows with an explicit value (resize(count, value), written as usual): past size(), a
/// container that shrank keeps what it held.
template <class T>
struct PageAllocator {
    using value_type = T;
    PageAllocator() = default;
    template <class U>
    explicit PageAllocator(const PageAllocator<U>& /*other*/) noexcept {}

    T* allocate(std::size_t count) {
        if (count > std::numeric_limits<std::size_t>::max() / sizeof(T)) throw std::bad_alloc();
        // Mapped from kMappedFrom whatever use_heap_for_small_blocks says, as deallocate assumes.
        const PageBlock block =
            allocate_zeroed_pages_from(count * sizeof(T), kMappedFrom, true, HugeBlockUse::filled_whole);
        return static_cast<T*>(block.data);
    }
    /// Value-initialisation: the element stays the zero bytes allocate gave (see above).
    template <class U>
    void construct(U* /*pointer*/) noexcept {
        static_assert(std::is_trivially_default_constructible_v<U>, "zero bytes must be a value of U");
    }
    /// Any other construction, as std::allocator makes it.
    template <class U, class... Arguments>
    void construct(U* pointer, Arguments&&... arguments) {
        ::new (static_cast<void*>(pointer)) U(std::forward<Arguments>(arguments)...);
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
