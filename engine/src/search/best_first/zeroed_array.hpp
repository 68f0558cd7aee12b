// A fixed-size array of trivially copyable values that starts all zero without writing them: a large
// one is mapped as fresh zero pages from the system (mmap on POSIX; std::calloc elsewhere and for
// small arrays), so a page costs its first-touch fault only when a search reaches it. (calloc alone
// is not enough: glibc clears a block it recycles from its heap, touching every page.) A search state for a 512×512 map
// is about 3 MB; filling it at allocation (std::vector::assign) faulted in every page up front, which was the fixed ~3
// ms a cold batch paid even for one short query. Internal to the search core (search_state.hpp). Assumes an all-zero
// bit pattern is the value-initialised T.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#define SWARMPATH_ZEROED_ARRAY_MMAP 1
#endif

namespace swarmpath::search::best_first {

template <class T>
class ZeroedArray {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

public:
    ZeroedArray() = default;
    /// `size` zero values; throws std::bad_alloc when the system has no room (never in a search).
    explicit ZeroedArray(std::size_t size) : size_(size) {
        if (size == 0) return;
        if (size > SIZE_MAX / sizeof(T)) throw std::bad_alloc();
        void* block = nullptr;
#ifdef SWARMPATH_ZEROED_ARRAY_MMAP
        if (size * sizeof(T) >= kMappedBytes) {
            block = ::mmap(nullptr, size * sizeof(T), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (block == MAP_FAILED) throw std::bad_alloc();
            data_ = std::unique_ptr<T, Release>(static_cast<T*>(block), Release{size * sizeof(T)});
            return;
        }
#endif
        block = std::calloc(size, sizeof(T));
        if (block == nullptr) throw std::bad_alloc();
        data_ = std::unique_ptr<T, Release>(static_cast<T*>(block), Release{0});
    }

    [[nodiscard]] T* data() { return data_.get(); }
    [[nodiscard]] const T* data() const { return data_.get(); }
    [[nodiscard]] std::size_t size() const { return size_; }
    T& operator[](std::size_t index) { return data_.get()[index]; }
    const T& operator[](std::size_t index) const { return data_.get()[index]; }
    T* begin() { return data_.get(); }
    T* end() { return data_.get() + size_; }

private:
    /// Blocks of at least this many bytes are mapped (POSIX): a few pages, below which calloc's
    /// clearing costs nothing worth avoiding.
    static constexpr std::size_t kMappedBytes = 64 * 1024;
    /// Gives a block back the way it was taken: `mapped_bytes` of a mapping, or 0 for calloc.
    struct Release {
        std::size_t mapped_bytes = 0;
        void operator()(T* pointer) const {
#ifdef SWARMPATH_ZEROED_ARRAY_MMAP
            if (mapped_bytes != 0) {
                ::munmap(pointer, mapped_bytes);
                return;
            }
#endif
            std::free(pointer);
        }
    };
    std::unique_ptr<T, Release> data_;
    std::size_t size_ = 0;
};

}  // namespace swarmpath::search::best_first
