// A fixed-size bitset over 64-bit words, used for passability and for the closed set.
// Assumes a little-endian target (x86-64, AArch64): `read_bits` loads 8 bytes at an arbitrary
// byte offset, so the storage carries two spare words at its end and such reads never leave it.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "swarmpath/core/bit_count.hpp"

namespace swarmpath::grid {

static_assert(std::endian::native == std::endian::little,
              "swarmpath::grid::Bitset::read_bits assumes a little-endian target");

class Bitset {
public:
    Bitset() = default;
    /// `size` bits, all clear.
    explicit Bitset(std::size_t size) : size_(size), words_(word_count_for(size) + 2, 0) {}

    [[nodiscard]] std::size_t size() const { return size_; }

    [[nodiscard]] bool test(std::size_t bit) const { return ((words_[bit >> 6] >> (bit & 63)) & 1U) != 0; }
    void set(std::size_t bit) { words_[bit >> 6] |= std::uint64_t{1} << (bit & 63); }
    void reset(std::size_t bit) { words_[bit >> 6] &= ~(std::uint64_t{1} << (bit & 63)); }
    void assign(std::size_t bit, bool value) {
        if (value) {
            set(bit);
        } else {
            reset(bit);
        }
    }
    /// The 64 bits from `first_bit` on (bit i is bit first_bit + i), from the word holding it and the
    /// next; the spare words at the end make that read safe for any bit within the size.
    [[nodiscard]] std::uint64_t bits_from(std::size_t first_bit) const {
        const auto shift = static_cast<unsigned>(first_bit & 63U);
        const std::uint64_t low = words_[first_bit >> 6] >> shift;
        return shift == 0 ? low : low | (words_[(first_bit >> 6) + 1] << (64 - shift));
    }
    /// Sets the bits of `bits` from `first_bit` on (bit i of `bits` is bit first_bit + i), within
    /// the bitset's size; the spare words at the end take what a shift carries past the last word.
    void set_bits(std::size_t first_bit, std::uint64_t bits) {
        const auto shift = static_cast<unsigned>(first_bit & 63U);
        words_[first_bit >> 6] |= bits << shift;
        if (shift != 0) words_[(first_bit >> 6) + 1] |= bits >> (64 - shift);
    }
    void clear_all() { std::memset(words_.data(), 0, words_.size() * sizeof(std::uint64_t)); }

    /// The `count` (at most 57) bits starting at `first_bit`, lowest bit first.
    [[nodiscard]] std::uint64_t read_bits(std::size_t first_bit, unsigned count) const {
        std::uint64_t chunk = 0;
        std::memcpy(&chunk, reinterpret_cast<const unsigned char*>(words_.data()) + (first_bit >> 3), sizeof(chunk));
        return (chunk >> (first_bit & 7)) & ((std::uint64_t{1} << count) - 1);
    }

    [[nodiscard]] std::size_t count() const {
        std::size_t total = 0;
        for (std::uint64_t word : words_) total += core::count_ones(word);
        return total;
    }

    [[nodiscard]] const std::uint64_t* words() const { return words_.data(); }
    [[nodiscard]] std::size_t word_count() const { return word_count_for(size_); }
    [[nodiscard]] std::size_t memory_bytes() const { return words_.capacity() * sizeof(std::uint64_t); }

    friend bool operator==(const Bitset&, const Bitset&) = default;

private:
    static std::size_t word_count_for(std::size_t bits) { return (bits + 63) / 64; }

    std::size_t size_ = 0;
    std::vector<std::uint64_t> words_;
};

}  // namespace swarmpath::grid
