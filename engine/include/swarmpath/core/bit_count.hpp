// Counting a word's set bits inline. The default build targets the x86-64 baseline, which has no
// popcnt instruction, so std::popcount there is a call into libgcc (__popcountdi2) per word; the
// oracle's ranks and set-up loops that count bits per word or per run use this instead. Assumes
// 64-bit words.
#pragma once

#include <bit>
#include <cstdint>

namespace swarmpath::core {

/// The number of set bits of `word`: the popcnt instruction where the build targets it, otherwise
/// sums of bit fields, widening 2, 4 and 8 bits at a time, added up by one multiplication.
[[nodiscard]] inline std::uint32_t count_ones(std::uint64_t word) {
#if defined(__POPCNT__)
    return static_cast<std::uint32_t>(std::popcount(word));
#else
    word -= (word >> 1) & 0x5555555555555555ULL;
    word = (word & 0x3333333333333333ULL) + ((word >> 2) & 0x3333333333333333ULL);
    word = (word + (word >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return static_cast<std::uint32_t>((word * 0x0101010101010101ULL) >> 56);
#endif
}

}  // namespace swarmpath::core
