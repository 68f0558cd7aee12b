// Reading letters sixteen at a time (grid/letter_blocks.hpp) against reading them one by one: the
// masks and values of random blocks, the first refused letter and the letters present in random
// rows of every length from 0 to 100 (so every tail length is met), with alphabets smaller and
// larger than the letters one LetterBlocks holds; and grids built from random maps of up to 12
// passable letters (the blocked reading up to 8, the byte-by-byte one beyond), cell by cell
// against the terrain table.
#include <array>
#include <cstdint>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "grid/letter_blocks.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/grid/terrain.hpp"

namespace swarmpath::grid {
namespace {

/// `count` distinct letters drawn from the printable ones.
std::string alphabet_of(std::mt19937_64& random, unsigned count) {
    std::string letters;
    while (letters.size() < count) {
        const char letter = static_cast<char>('!' + random() % 94);
        if (letters.find(letter) == std::string::npos) letters += letter;
    }
    return letters;
}

std::string random_text(std::mt19937_64& random, const std::string& alphabet, std::size_t size) {
    std::string text(size, ' ');
    for (char& letter : text) letter = alphabet[random() % alphabet.size()];
    return text;
}

TEST(LetterBlocks, MasksAndValuesAreTheByteByByteOnes) {
    std::mt19937_64 random(31);
    for (int round = 0; round < 400; ++round) {
        const std::string alphabet = alphabet_of(random, 1 + static_cast<unsigned>(random() % 12));
        LetterBlocks blocks;
        std::array<int, 256> value{};
        value.fill(-1);
        for (std::size_t index = 0; index < alphabet.size(); ++index) {
            if (random() % 3 == 0) continue;  // a letter not held
            const auto written = static_cast<std::uint8_t>(random() % 4 == 0 ? 0 : 1 + random() % 250);
            const bool room = blocks.count() < LetterBlocks::kBlockLetters;
            const bool added = blocks.add(alphabet[index], written);
            EXPECT_EQ(added, room);
            if (added) value[static_cast<unsigned char>(alphabet[index])] = written;
        }
        const std::string block = random_text(random, alphabet, kLetterBlockBytes);
        unsigned held = 0;
        unsigned nonzero = 0;
        for (unsigned byte = 0; byte < kLetterBlockBytes; ++byte) {
            const int expected = value[static_cast<unsigned char>(block[byte])];
            held |= static_cast<unsigned>(expected >= 0) << byte;
            nonzero |= static_cast<unsigned>(expected > 0) << byte;
            EXPECT_EQ(blocks.holds(block[byte]), expected >= 0);
        }
        EXPECT_EQ(blocks.held_mask(block.data()), held) << "round " << round;
        std::array<std::uint8_t, kLetterBlockBytes> out{};
        EXPECT_EQ(blocks.values(block.data(), out.data()), nonzero) << "round " << round;
        for (unsigned byte = 0; byte < kLetterBlockBytes; ++byte) {
            EXPECT_EQ(out[byte], std::max(0, value[static_cast<unsigned char>(block[byte])])) << "byte " << byte;
        }
    }
}

TEST(LetterBlocks, FirstRefusedLetterAndLettersPresentAreTheByteByByteOnes) {
    std::mt19937_64 random(37);
    for (int round = 0; round < 600; ++round) {
        const std::string alphabet = alphabet_of(random, 1 + static_cast<unsigned>(random() % 14));
        std::array<bool, 256> allowed{};
        for (const char letter : alphabet) allowed[static_cast<unsigned char>(letter)] = random() % 8 != 0;
        // Rows mostly of allowed letters, a refused one now and then at any place.
        LetterBlocks known;
        LetterBlocks seen;
        std::array<bool, 256> present{};
        std::array<bool, 256> expected_present{};
        for (int row = 0; row < 5; ++row) {
            const std::string text = random_text(random, alphabet, static_cast<std::size_t>(random() % 101));
            std::size_t expected = text.size();
            for (std::size_t at = 0; at < text.size(); ++at) {
                expected_present[static_cast<unsigned char>(text[at])] = true;
                if (!allowed[static_cast<unsigned char>(text[at])] && expected == text.size()) expected = at;
            }
            EXPECT_EQ(first_letter_outside(text, allowed, known), expected) << "round " << round << ", row " << row;
            mark_present_letters(text, seen, present);
            EXPECT_EQ(present, expected_present) << "round " << round << ", row " << row;
        }
        for (int code = 0; code < 256; ++code) {
            if (known.holds(static_cast<char>(code))) {
                EXPECT_TRUE(allowed[code]) << "a refused letter was passed";
            }
            if (seen.holds(static_cast<char>(code))) {
                EXPECT_TRUE(present[code]);
            }
        }
    }
}

TEST(LetterBlocks, GridsReadTheirLettersCellByCell) {
    std::mt19937_64 random(41);
    for (int round = 0; round < 60; ++round) {
        // Up to 12 passable letters (one layer, some at other costs) and up to 3 blocked ones.
        const unsigned passable_count = 1 + static_cast<unsigned>(random() % 12);
        const unsigned blocked_count = static_cast<unsigned>(random() % 4);
        const std::string alphabet = alphabet_of(random, passable_count + blocked_count);
        TerrainTable terrain;
        for (std::size_t index = 0; index < alphabet.size(); ++index) {
            terrain.declare(alphabet[index], index < passable_count, 1.0 + static_cast<double>(random() % 3));
        }
        MapLetters map;
        map.path = "random";
        map.type = "octile";
        map.width = 1 + static_cast<std::uint32_t>(random() % 150);
        map.height = 1 + static_cast<std::uint32_t>(random() % 20);
        map.letters = random_text(random, alphabet, std::size_t{map.width} * map.height);
        const Expected<Grid> grid = Grid::build(map, terrain);
        ASSERT_TRUE(grid) << grid.error().describe();
        for (std::uint32_t y = 0; y < map.height; ++y) {
            for (std::uint32_t x = 0; x < map.width; ++x) {
                const char letter = map.letter(x, y);
                const bool passable = terrain.rule(letter).passable;
                ASSERT_EQ(grid->passable(x, y), passable) << "round " << round << " at " << x << "," << y;
                const std::uint8_t kind = grid->kind_of()[grid->layout().padded(x, y)];
                if (passable) {
                    ASSERT_EQ(grid->kinds()[kind].letter, letter) << "round " << round << " at " << x << "," << y;
                } else {
                    ASSERT_EQ(kind, 0) << "round " << round << " at " << x << "," << y;
                }
            }
        }
    }
}

}  // namespace
}  // namespace swarmpath::grid
