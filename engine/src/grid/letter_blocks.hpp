// Reading a map's letters sixteen at a time: the map parser's check that every letter is declared
// (io/map_file.cpp) and the grid's passes over its letters (grid.cpp) read every cell, and a
// map holds few distinct letters (two to six in the benchmark sets). A LetterBlocks holds up to
// kBlockLetters of them, each with a byte to write for it; a block of sixteen bytes is compared
// with each at once. Internal to the engine. With SSE2 (x86-64, unless SWARMPATH_PORTABLE is
// defined) the compares are vector instructions; otherwise a table per byte gives the same answers.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#if defined(__SSE2__) && !defined(SWARMPATH_PORTABLE)
#include <emmintrin.h>
#define SWARMPATH_LETTER_BLOCKS_SSE2 1
#endif

namespace swarmpath::grid {

/// Bytes a LetterBlocks compares at once.
inline constexpr unsigned kLetterBlockBytes = 16;
/// The mask of a block whose sixteen bytes all matched.
inline constexpr unsigned kWholeLetterBlock = 0xFFFFU;

class LetterBlocks {
public:
    /// Letters one LetterBlocks holds: the compares per block grow with them.
    static constexpr unsigned kBlockLetters = 8;

    /// Adds `letter` (not held yet), written as `value` by values(); false, adding nothing, when
    /// kBlockLetters are held already.
    bool add(char letter, std::uint8_t value = 0) {
        if (count_ == kBlockLetters) return false;
        held_[static_cast<unsigned char>(letter)] = true;
        value_of_[static_cast<unsigned char>(letter)] = value;
#if defined(SWARMPATH_LETTER_BLOCKS_SSE2)
        letters_[count_] = _mm_set1_epi8(letter);
        values_[count_] = _mm_set1_epi8(static_cast<char>(value));
#endif
        ++count_;
        return true;
    }
    [[nodiscard]] bool holds(char letter) const { return held_[static_cast<unsigned char>(letter)]; }
    [[nodiscard]] unsigned count() const { return count_; }

    /// Bit i set where byte i of the sixteen at `bytes` is a letter held.
    [[nodiscard]] unsigned held_mask(const char* bytes) const {
#if defined(SWARMPATH_LETTER_BLOCKS_SSE2)
        const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes));
        __m128i matched = _mm_setzero_si128();
        for (unsigned letter = 0; letter < count_; ++letter) {
            matched = _mm_or_si128(matched, _mm_cmpeq_epi8(block, letters_[letter]));
        }
        return static_cast<unsigned>(_mm_movemask_epi8(matched));
#else
        unsigned mask = 0;
        for (unsigned byte = 0; byte < kLetterBlockBytes; ++byte) {
            mask |= static_cast<unsigned>(holds(bytes[byte])) << byte;
        }
        return mask;
#endif
    }

    /// Writes the value of each of the sixteen bytes at `bytes` to `out` (0 for a letter not held);
    /// returns bit i set where byte i's value is not 0.
    unsigned values(const char* bytes, std::uint8_t* out) const {
#if defined(SWARMPATH_LETTER_BLOCKS_SSE2)
        const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes));
        __m128i written = _mm_setzero_si128();
        for (unsigned letter = 0; letter < count_; ++letter) {
            written = _mm_or_si128(written, _mm_and_si128(_mm_cmpeq_epi8(block, letters_[letter]), values_[letter]));
        }
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out), written);
        return ~static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(written, _mm_setzero_si128()))) &
               kWholeLetterBlock;
#else
        unsigned nonzero = 0;
        for (unsigned byte = 0; byte < kLetterBlockBytes; ++byte) {
            out[byte] = value_of_[static_cast<unsigned char>(bytes[byte])];
            nonzero |= static_cast<unsigned>(out[byte] != 0) << byte;
        }
        return nonzero;
#endif
    }

private:
    std::array<bool, 256> held_{};
    std::array<std::uint8_t, 256> value_of_{};
    unsigned count_ = 0;
#if defined(SWARMPATH_LETTER_BLOCKS_SSE2)
    __m128i letters_[kBlockLetters] = {};
    __m128i values_[kBlockLetters] = {};
#endif
};

/// Calls `visit(letter)` for each byte of `bytes`, in order, but those in blocks of sixteen that
/// hold only letters `known` holds, until it returns false; the letters it returned true for are
/// added to `known` while it has room. Returns the position where it stopped, or bytes.size().
template <class Visit>
std::size_t visit_unknown_letters(std::string_view bytes, LetterBlocks& known, const Visit& visit) {
    std::size_t at = 0;
    const auto visit_one = [&](std::size_t position) {
        if (!visit(bytes[position])) return false;
        if (!known.holds(bytes[position])) (void)known.add(bytes[position]);
        return true;
    };
    for (; at + kLetterBlockBytes <= bytes.size(); at += kLetterBlockBytes) {
        if (known.held_mask(bytes.data() + at) == kWholeLetterBlock) continue;
        for (std::size_t byte = at; byte < at + kLetterBlockBytes; ++byte) {
            if (!visit_one(byte)) return byte;
        }
    }
    for (; at < bytes.size(); ++at) {
        if (!visit_one(at)) return at;
    }
    return bytes.size();
}

/// Sets present[c] for every byte c of `bytes`; `seen` holds letters already marked.
inline void mark_present_letters(std::string_view bytes, LetterBlocks& seen, std::array<bool, 256>& present) {
    (void)visit_unknown_letters(bytes, seen, [&](char letter) {
        present[static_cast<unsigned char>(letter)] = true;
        return true;
    });
}

/// The position of the first of `bytes` whose letter `allowed` refuses (bytes.size() when there is
/// none); `known` holds allowed letters.
inline std::size_t first_letter_outside(std::string_view bytes, const std::array<bool, 256>& allowed,
                                        LetterBlocks& known) {
    return visit_unknown_letters(bytes, known,
                                 [&](char letter) { return allowed[static_cast<unsigned char>(letter)]; });
}

}  // namespace swarmpath::grid
