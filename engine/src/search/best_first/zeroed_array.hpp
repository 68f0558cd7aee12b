// A fixed-size array of trivially copyable values that starts all zero without writing them: its
// block comes from core::allocate_zeroed_pages, fresh zero pages from the system for a large one
// (2 MB pages from 256 KB up, core/page_memory.hpp), so a page costs its first-touch fault only when a
// search reaches it. (calloc alone is not enough: glibc clears a block it recycles from its heap,
// touching every page.) Filling a 512×512 map's search state at allocation faulted in every page up
// front, the fixed ~3 ms a cold batch paid even for one short query. Internal to the search core
// (search_state.hpp). Assumes an all-zero bit pattern is the value-initialised T.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>

#include "core/page_memory.hpp"

namespace swarmpath::search::best_first {

template <class T>
class ZeroedArray {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

public:
    ZeroedArray() = default;
    /// `size` zero values, on 2 MB pages when large unless `huge_pages` is false; throws
    /// std::bad_alloc when the system has no room (never in a search).
    explicit ZeroedArray(std::size_t size, bool huge_pages = true) : size_(size) {
        if (size > SIZE_MAX / sizeof(T)) throw std::bad_alloc();
        block_ = Block(core::allocate_zeroed_pages(size * sizeof(T), huge_pages));
    }
    /// `size` zero values on 4 KB pages none of which is faulted in until written
    /// (core::reserve_zeroed_pages): for arrays a search fills from the front.
    static ZeroedArray reserve_on_touch(std::size_t size) {
        if (size > SIZE_MAX / sizeof(T)) throw std::bad_alloc();
        ZeroedArray array;
        array.size_ = size;
        array.block_ = Block(core::reserve_zeroed_pages(size * sizeof(T)));
        return array;
    }

    /// `size` values in `block`, which becomes this array's to give back: zeroed pages from
    /// core/page_memory.hpp of at least `size` values (a lent or split block: core::LentPages,
    /// core::split_pages).
    static ZeroedArray adopt(core::PageBlock block, std::size_t size) {
        ZeroedArray array;
        array.size_ = size;
        array.block_ = Block(block);
        return array;
    }

    [[nodiscard]] T* data() { return static_cast<T*>(block_.get().data); }
    [[nodiscard]] const T* data() const { return static_cast<const T*>(block_.get().data); }
    [[nodiscard]] std::size_t size() const { return size_; }
    T& operator[](std::size_t index) { return data()[index]; }
    const T& operator[](std::size_t index) const { return data()[index]; }
    T* begin() { return data(); }
    T* end() { return data() + size_; }

private:
    /// Owns one core::PageBlock.
    class Block {
    public:
        Block() = default;
        explicit Block(core::PageBlock block) : block_(block) {}
        Block(Block&& other) noexcept : block_(other.block_) { other.block_ = {}; }
        Block& operator=(Block&& other) noexcept {
            if (this != &other) {
                core::release_pages(block_);
                block_ = other.block_;
                other.block_ = {};
            }
            return *this;
        }
        Block(const Block&) = delete;
        Block& operator=(const Block&) = delete;
        ~Block() { core::release_pages(block_); }
        [[nodiscard]] const core::PageBlock& get() const { return block_; }

    private:
        core::PageBlock block_;
    };
    Block block_;
    std::size_t size_ = 0;
};

}  // namespace swarmpath::search::best_first
