// Compiling a map's letters and a terrain table into the search grid (see grid.hpp).
#include "swarmpath/grid/grid.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <string>

#include "core/page_memory.hpp"
#include "core/printable.hpp"
#include "grid/letter_blocks.hpp"

namespace swarmpath::grid {

Status Grid::check_map(const MapLetters& map) {
    auto fail = [&](const std::string& message) -> Status { return Error{map.path, 0, 0, message}; };
    const std::string size = std::to_string(map.width) + " x " + std::to_string(map.height);
    if (map.width == 0 || map.height == 0) return fail("map of " + size + " cells has an empty side");
    if (map.width > kMaximumSide || map.height > kMaximumSide) {
        return fail("map of " + size + " cells has a side above the maximum of " + std::to_string(kMaximumSide));
    }
    const std::uint64_t cells = std::uint64_t{map.width} * map.height;
    if (cells > kMaximumCells) {
        return fail("map of " + size + " cells exceeds the maximum of " + std::to_string(kMaximumCells) + " cells");
    }
    if (map.letters.size() != cells) {
        return fail("map of " + size + " cells holds " + std::to_string(map.letters.size()) +
                    " letters (expected width x height = " + std::to_string(cells) + ")");
    }
    if (!topology_from_type(map.type)) {
        return fail("map type '" + printable(map.type, 30) + "' is not supported (octile, hex or triangle)");
    }
    return Success{};
}

namespace {

/// One bit per byte of `eight` (lowest byte, lowest bit): set where the byte is not zero. The high
/// bit of each byte is gathered by one multiplication into the top byte.
std::uint64_t nonzero_bytes(std::uint64_t eight) {
    constexpr std::uint64_t kLow = 0x7F7F7F7F7F7F7F7FULL;
    const std::uint64_t high = (((eight & kLow) + kLow) | eight) & ~kLow;
    return ((high >> 7) * 0x0102040810204080ULL) >> 56;
}

/// write_cells for a map of one layer and at most LetterBlocks::kBlockLetters passable letters:
/// each row's kinds written sixteen cells at a time (every passable letter compared with the sixteen
/// at once, a blocked letter matching none and so written 0), and their passable bits taken from the
/// same compares, 64 cells to a word.
void write_cells_in_blocks(const MapLetters& map, PaddedLayout layout,
                           const std::array<std::uint8_t, 256>& kind_of_letter,
                           const std::vector<TerrainKind>& kind_table, std::uint8_t* kinds, Bitset& passable) {
    LetterBlocks letters;
    for (std::size_t kind = 1; kind < kind_table.size(); ++kind) {
        (void)letters.add(kind_table[kind].letter, static_cast<std::uint8_t>(kind));
    }
    for (std::uint32_t y = 0; y < map.height; ++y) {
        const char* const row = map.letters.data() + std::size_t{y} * map.width;
        const std::uint32_t first = layout.padded(0, y);
        std::uint8_t* const out = kinds + first;
        for (std::uint32_t x = 0; x < map.width; x += 64) {
            const std::uint32_t count = std::min<std::uint32_t>(64, map.width - x);
            std::uint64_t bits = 0;
            std::uint32_t cell = 0;
            for (; cell + kLetterBlockBytes <= count; cell += kLetterBlockBytes) {
                bits |= std::uint64_t{letters.values(row + x + cell, out + x + cell)} << cell;
            }
            for (; cell < count; ++cell) {
                const std::uint8_t kind = kind_of_letter[static_cast<unsigned char>(row[x + cell])];
                out[x + cell] = kind;
                bits |= std::uint64_t{kind != 0} << cell;
            }
            passable.set_bits(std::size_t{first} + x, bits);
        }
    }
}

/// Writes each cell's terrain kind (0 for blocked) into `kinds` and sets its bit in `passable` and
/// in its layer's bits. With one layer (every benchmark map) the kinds are written without a
/// branch, the passable bits are read back from them 64 cells at a time, and the layer's bits are
/// the passable bits, copied once at the end: on a cluttered map a branch per cell on whether it
/// is blocked is mispredicted a third of the time.
void write_cells(const MapLetters& map, PaddedLayout layout, const std::array<std::uint8_t, 256>& kind_of_letter,
                 const std::vector<TerrainKind>& kind_table, std::uint8_t* kinds, Bitset& passable,
                 std::vector<Bitset>& layer_bits) {
    if (layer_bits.size() == 1 && kind_table.size() - 1 <= LetterBlocks::kBlockLetters) {
        write_cells_in_blocks(map, layout, kind_of_letter, kind_table, kinds, passable);
        layer_bits[0] = passable;
        return;
    }
    if (layer_bits.size() == 1) {
        for (std::uint32_t y = 0; y < map.height; ++y) {
            const char* const row = map.letters.data() + std::size_t{y} * map.width;
            const std::uint32_t first = layout.padded(0, y);
            std::uint8_t* const out = kinds + first;
            for (std::uint32_t x = 0; x < map.width; ++x) out[x] = kind_of_letter[static_cast<unsigned char>(row[x])];
            for (std::uint32_t x = 0; x < map.width; x += 64) {
                const std::uint32_t count = std::min<std::uint32_t>(64, map.width - x);
                std::uint64_t bits = 0;
                std::uint32_t byte = 0;
                for (; byte + 8 <= count; byte += 8) {
                    std::uint64_t eight = 0;
                    std::memcpy(&eight, out + x + byte, sizeof(eight));
                    bits |= nonzero_bytes(eight) << byte;
                }
                for (; byte < count; ++byte) bits |= static_cast<std::uint64_t>(out[x + byte] != 0) << byte;
                passable.set_bits(std::size_t{first} + x, bits);
            }
        }
        layer_bits[0] = passable;
        return;
    }
    std::array<std::uint8_t, 256> layer_of_kind{};
    for (std::size_t kind = 1; kind < kind_table.size(); ++kind) layer_of_kind[kind] = kind_table[kind].layer;
    for (std::uint32_t y = 0; y < map.height; ++y) {
        const char* const row = map.letters.data() + std::size_t{y} * map.width;
        const std::uint32_t first = layout.padded(0, y);
        for (std::uint32_t x = 0; x < map.width; ++x) {
            const std::uint8_t kind = kind_of_letter[static_cast<unsigned char>(row[x])];
            if (kind == 0) continue;
            kinds[first + x] = kind;
            passable.set(first + x);
            layer_bits[layer_of_kind[kind] - 1].set(first + x);
        }
    }
}

}  // namespace

Expected<Grid> Grid::build(const MapLetters& map, const TerrainTable& terrain) {
    // Checked before anything is allocated or read: the letters are read as width x height.
    if (Status valid = check_map(map); !valid) return valid.error();
    Grid grid;
    grid.width_ = map.width;
    grid.height_ = map.height;
    grid.topology_ = *topology_from_type(map.type);
    core::reserve_populated(grid.letters_, map.letters.size());
    grid.letters_.assign(map.letters.begin(), map.letters.end());

    // Which letters occur, and the layers and cheapest cost among the passable ones.
    std::array<bool, 256> present{};
    LetterBlocks seen;
    mark_present_letters(map.letters, seen, present);
    std::array<bool, 256> layer_present{};
    double cheapest = 0;
    double dearest = 0;
    for (int code = 0; code < 256; ++code) {
        if (!present[code]) continue;
        const TerrainRule& rule = terrain.rule(static_cast<char>(code));
        if (!rule.defined) {
            return Error{map.path, 0, 0, "unknown terrain letter '" + std::string(1, static_cast<char>(code)) + "'"};
        }
        if (!rule.passable) continue;
        layer_present[rule.layer] = true;
        cheapest = cheapest == 0 ? rule.cost : std::min(cheapest, rule.cost);
        dearest = std::max(dearest, rule.cost);
    }
    if (cheapest > 0 && dearest / cheapest > kMaximumCostRatio) {
        return Error{map.path, 0, 0,
                     "passable terrain costs span a ratio above " +
                         std::to_string(static_cast<long long>(kMaximumCostRatio)) + " (dearest / cheapest)"};
    }
    grid.unit_cost_ = cheapest > 0 ? cheapest : 1.0;

    // Compact layer numbers 1..n in order of the table's layer ids.
    std::array<std::uint8_t, 256> compact_layer{};
    std::uint8_t layer_count = 0;
    for (int layer = 1; layer < 256; ++layer) {
        if (layer_present[layer]) compact_layer[layer] = ++layer_count;
    }
    grid.layer_bits_.assign(std::max<std::uint8_t>(layer_count, 1), Bitset(grid.padded_cell_count()));
    grid.passable_ = Bitset(grid.padded_cell_count());

    // One kind per passable letter present; kind 0 is blocked.
    std::array<std::uint8_t, 256> kind_of_letter{};
    grid.kinds_.push_back(TerrainKind{0, 0, 0, 0.0, '@'});
    for (int code = 0; code < 256; ++code) {
        const TerrainRule& rule = terrain.rule(static_cast<char>(code));
        if (!present[code] || !rule.passable) continue;
        TerrainKind kind;
        kind.layer = compact_layer[rule.layer];
        kind.cost = rule.cost;
        kind.letter = static_cast<char>(code);
        const double ratio = rule.cost / grid.unit_cost_;
        if (ratio != 1.0) {
            kind.straight_units = static_cast<Cost>(std::llround(ratio * static_cast<double>(kStraightUnits)));
            kind.diagonal_units =
                static_cast<Cost>(std::llround(ratio * std::sqrt(2.0) * static_cast<double>(kStraightUnits)));
        }
        kind_of_letter[code] = static_cast<std::uint8_t>(grid.kinds_.size());
        grid.kinds_.push_back(kind);
    }
    grid.uniform_cost_ = layer_count <= 1 && grid.kinds_.size() <= 2;
    if (!grid.uniform_cost_ && layer_count == 1) {
        grid.uniform_cost_ = std::all_of(grid.kinds_.begin() + 1, grid.kinds_.end(),
                                         [&](const TerrainKind& kind) { return kind.cost == grid.unit_cost_; });
    }

    core::assign_populated(grid.kind_of_, grid.padded_cell_count());
    write_cells(map, grid.layout(), kind_of_letter, grid.kinds_, grid.kind_of_.data(), grid.passable_,
                grid.layer_bits_);
    return grid;
}

MapLetters Grid::map_letters(std::string path) const {
    MapLetters map;
    map.path = std::move(path);
    map.type = std::string(topology_type_name(topology_));
    map.width = width_;
    map.height = height_;
    map.letters.assign(letters_.begin(), letters_.end());
    return map;
}

std::size_t Grid::memory_bytes() const {
    std::size_t total =
        passable_.memory_bytes() + kind_of_.capacity() + letters_.capacity() + kinds_.capacity() * sizeof(TerrainKind);
    for (const Bitset& bits : layer_bits_) total += bits.memory_bytes();
    return total;
}

}  // namespace swarmpath::grid
