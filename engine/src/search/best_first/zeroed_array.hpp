// A fixed-size array of trivially copyable values that starts all zero without writing them: it is
// taken from std::calloc, which for a large block maps fresh zero pages from the system, so a page
// costs its first-touch fault only when a search reaches it. A search state for a 512×512 map is
// about 3 MB; filling it at allocation (std::vector::assign) faulted in every page up front, which
// was the fixed ~3 ms a cold batch paid even for one short query (issue 19). Internal to the search
// core (search_state.hpp). Assumes an all-zero bit pattern is the value-initialised T.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>

namespace swarmpath::search::best_first {

template <class T>
class ZeroedArray {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

public:
    ZeroedArray() = default;
    /// `size` zero values; throws std::bad_alloc when the system has no room (never in a search).
    explicit ZeroedArray(std::size_t size)
        : data_(size == 0 ? nullptr : static_cast<T*>(std::calloc(size, sizeof(T)))), size_(size) {
        if (size != 0 && data_ == nullptr) throw std::bad_alloc();
    }

    [[nodiscard]] T* data() { return data_.get(); }
    [[nodiscard]] const T* data() const { return data_.get(); }
    [[nodiscard]] std::size_t size() const { return size_; }
    T& operator[](std::size_t index) { return data_.get()[index]; }
    const T& operator[](std::size_t index) const { return data_.get()[index]; }
    T* begin() { return data_.get(); }
    T* end() { return data_.get() + size_; }

private:
    struct Free {
        void operator()(T* pointer) const { std::free(pointer); }
    };
    std::unique_ptr<T, Free> data_;
    std::size_t size_ = 0;
};

}  // namespace swarmpath::search::best_first
