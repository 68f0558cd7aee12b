// Deriving the grid a sized agent of one movement class sees (see agent_grid.hpp). Four passes over
// the cells, each constant work per cell whatever the size: letter classes, clearance (the side of the
// largest one-layer passable square whose top-left cell is (x, y), capped at the size), then the
// block's dearest letter as a sliding-window maximum along rows and then along columns (van Herk /
// Gil-Werman: a prefix and a suffix maximum within windows of `size`, so each output is one max of two).
// The result is written as letters and compiled by Grid::build, so D is an ordinary grid.
#include "swarmpath/grid/agent_grid.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include "swarmpath/core/settings_words.hpp"

namespace swarmpath::grid {
namespace {

using Rank = std::uint16_t;  ///< a passable letter's place by (cost, layer); 0 blocked

/// What each letter code means for the derivation: its rank and layer, and one letter per rank.
struct LetterRanks {
    std::array<Rank, 256> rank{};
    std::array<std::uint8_t, 256> layer{};
    std::vector<char> letter_of_rank;  ///< index 0 unused
};

/// Ranks the passable letters present by (cost, layer); fails on a letter the table leaves undefined.
Expected<LetterRanks> rank_letters(const MapLetters& map, const TerrainTable& terrain) {
    std::array<bool, 256> present{};
    for (char letter : map.letters) present[static_cast<unsigned char>(letter)] = true;
    std::vector<std::pair<std::pair<double, std::uint8_t>, int>> passable;
    for (int code = 0; code < 256; ++code) {
        if (!present[code]) continue;
        const TerrainRule& rule = terrain.rule(static_cast<char>(code));
        if (!rule.defined) {
            return Error{map.path, 0, 0, "unknown terrain letter '" + std::string(1, static_cast<char>(code)) + "'"};
        }
        if (rule.passable) passable.push_back({{rule.cost, rule.layer}, code});
    }
    std::sort(passable.begin(), passable.end());
    LetterRanks ranks;
    ranks.letter_of_rank.push_back('\0');
    for (std::size_t index = 0; index < passable.size(); ++index) {
        if (index == 0 || passable[index].first != passable[index - 1].first) {
            ranks.letter_of_rank.push_back(static_cast<char>(passable[index].second));
        }
        const auto code = static_cast<std::size_t>(passable[index].second);
        ranks.rank[code] = static_cast<Rank>(ranks.letter_of_rank.size() - 1);
        ranks.layer[code] = passable[index].first.second;
    }
    return ranks;
}

/// A letter `terrain` blocks ('@' when it does), declaring one in `terrain` when none is.
char blocked_letter(TerrainTable& terrain) {
    auto blocks = [&](int code) {
        const TerrainRule& rule = terrain.rule(static_cast<char>(code));
        return rule.defined && !rule.passable;
    };
    if (blocks('@')) return '@';
    for (int code = 1; code < 256; ++code) {
        if (blocks(code)) return static_cast<char>(code);
    }
    for (int code = 1; code < 256; ++code) {
        if (!terrain.rule(static_cast<char>(code)).defined) {
            terrain.declare(static_cast<char>(code), false, 1.0);
            return static_cast<char>(code);
        }
    }
    return '@';  // every code defined and passable: unreachable with a blocked cell to write
}

/// Clearance of every cell, capped at `size`: 0 when blocked, else 1 + the smallest clearance of the
/// neighbours at +x, +y and +x+y that lie on the same layer (a neighbour on another layer counts 0).
std::vector<std::uint16_t> clearance(const MapLetters& map, const LetterRanks& ranks, std::uint32_t size) {
    const std::uint32_t width = map.width;
    const std::uint32_t height = map.height;
    std::vector<std::uint16_t> clear(static_cast<std::size_t>(width) * height, 0);
    std::vector<std::uint8_t> layer_below(width + 1, 0);
    std::vector<std::uint8_t> layer_here(width + 1, 0);
    std::vector<std::uint16_t> zero_row(width + 1, 0);
    for (std::uint32_t row = height; row-- > 0;) {
        const std::size_t begin = static_cast<std::size_t>(row) * width;
        const std::uint16_t* below = row + 1 < height ? &clear[begin + width] : zero_row.data();
        std::uint16_t* here = &clear[begin];
        layer_here[width] = 0;
        for (std::uint32_t x = width; x-- > 0;) {
            const auto code = static_cast<unsigned char>(map.letters[begin + x]);
            const std::uint8_t layer = ranks.rank[code] == 0 ? 0 : ranks.layer[code];
            layer_here[x] = layer;
            if (layer == 0) continue;
            const std::uint16_t right = x + 1 < width && layer_here[x + 1] == layer ? here[x + 1] : 0;
            const std::uint16_t down = layer_below[x] == layer ? below[x] : 0;
            const std::uint16_t diagonal = x + 1 < width && layer_below[x + 1] == layer ? below[x + 1] : 0;
            const std::uint32_t value = 1U + std::min({right, down, diagonal});
            here[x] = static_cast<std::uint16_t>(std::min(value, size));
        }
        std::swap(layer_below, layer_here);
    }
    return clear;
}

/// out[y·width + x] = max(in[y·width + x .. y·width + x + size − 1]) for x ≤ width − size in every row
/// (van Herk / Gil-Werman: within windows of `size` cells, a prefix and a suffix maximum; any run of
/// `size` cells spans at most two windows, so its maximum is one suffix's and one prefix's).
/// `prefix` and `suffix` are scratch as large as `in`.
void row_maximum(const std::vector<Rank>& in, std::vector<Rank>& out, std::vector<Rank>& prefix,
                 std::vector<Rank>& suffix, std::uint32_t width, std::uint32_t height, std::uint32_t size) {
    for (std::uint32_t row = 0; row < height; ++row) {
        const std::size_t first = static_cast<std::size_t>(row) * width;
        for (std::uint32_t window = 0; window < width; window += size) {
            const std::size_t begin = first + window;
            const std::size_t end = first + std::min(width, window + size);
            prefix[begin] = in[begin];
            for (std::size_t at = begin + 1; at < end; ++at) prefix[at] = std::max(prefix[at - 1], in[at]);
            suffix[end - 1] = in[end - 1];
            for (std::size_t at = end - 1; at-- > begin;) suffix[at] = std::max(suffix[at + 1], in[at]);
        }
        for (std::size_t at = first; at + size <= first + width; ++at) {
            out[at] = std::max(suffix[at], prefix[at + size - 1]);
        }
    }
}

/// The same down the columns, out[y·width + x] = max over rows y .. y + size − 1, worked a whole row at
/// a time so that every pass reads memory in order.
void column_maximum(const std::vector<Rank>& in, std::vector<Rank>& out, std::vector<Rank>& prefix,
                    std::vector<Rank>& suffix, std::uint32_t width, std::uint32_t height, std::uint32_t size) {
    auto row_of = [&](std::vector<Rank>& values, std::uint32_t row) {
        return values.data() + static_cast<std::size_t>(row) * width;
    };
    auto row_in = [&](std::uint32_t row) { return in.data() + static_cast<std::size_t>(row) * width; };
    for (std::uint32_t window = 0; window < height; window += size) {
        const std::uint32_t end = std::min(height, window + size);
        std::copy_n(row_in(window), width, row_of(prefix, window));
        for (std::uint32_t row = window + 1; row < end; ++row) {
            const Rank* above = row_of(prefix, row - 1);
            const Rank* values = row_in(row);
            Rank* here = row_of(prefix, row);
            for (std::uint32_t x = 0; x < width; ++x) here[x] = std::max(above[x], values[x]);
        }
        std::copy_n(row_in(end - 1), width, row_of(suffix, end - 1));
        for (std::uint32_t row = end - 1; row-- > window;) {
            const Rank* below = row_of(suffix, row + 1);
            const Rank* values = row_in(row);
            Rank* here = row_of(suffix, row);
            for (std::uint32_t x = 0; x < width; ++x) here[x] = std::max(below[x], values[x]);
        }
    }
    for (std::uint32_t row = 0; row + size <= height; ++row) {
        const Rank* top = row_of(suffix, row);
        const Rank* bottom = row_of(prefix, row + size - 1);
        Rank* here = row_of(out, row);
        for (std::uint32_t x = 0; x < width; ++x) here[x] = std::max(top[x], bottom[x]);
    }
}

/// Whether two tables give every letter the same meaning.
bool same_terrain(const TerrainTable& left, const TerrainTable& right) {
    for (int code = 0; code < 256; ++code) {
        const TerrainRule& a = left.rule(static_cast<char>(code));
        const TerrainRule& b = right.rule(static_cast<char>(code));
        if (a.defined != b.defined || a.passable != b.passable || a.cost != b.cost || a.layer != b.layer) return false;
    }
    return true;
}

}  // namespace

std::string agent_suffix(std::uint32_t size, std::string_view class_name) {
    std::string suffix;
    if (size != 1) {
        const std::string side = std::to_string(size);
        suffix.append(" ").append(side).append("x").append(side);
    }
    if (!class_name.empty()) suffix.append(" ").append(class_name);
    return suffix;
}

Status check_agent_size(std::uint32_t size, Topology topology) {
    const std::string value = std::to_string(size);
    auto refuse = [&](const std::string& why) -> Status {
        return Error{"", 0, 0, setting_placeholder(Setting::agent_size, value) + " " + why, Setting::agent_size, value};
    };
    if (size == 0) return refuse("is not a size: an agent covers at least 1 x 1 cells");
    if (size > kMaximumAgentSize) return refuse("is above the largest map side, " + std::to_string(kMaximumAgentSize));
    if (size > 1 && topology != Topology::square) {
        return refuse("needs square cells; this map's cells are " + std::string(topology_type_name(topology)));
    }
    return Success{};
}

Expected<Grid> derive_agent_grid(const MapLetters& map, const TerrainTable& terrain, std::uint32_t size) {
    if (Status valid = Grid::check_map(map); !valid) return valid.error();
    if (Status valid = check_agent_size(size, *topology_from_type(map.type)); !valid) {
        Error error = valid.error();
        error.file = map.path;
        return error;
    }
    if (size == 1) return Grid::build(map, terrain);
    Expected<LetterRanks> ranks = rank_letters(map, terrain);
    if (!ranks) return ranks.error();
    const std::uint32_t width = map.width;
    const std::uint32_t height = map.height;
    const std::size_t cells = static_cast<std::size_t>(width) * height;
    const std::vector<std::uint16_t> clear = clearance(map, *ranks, size);

    // The block's dearest rank; with one passable rank every legal block has it.
    std::vector<Rank> dearest;
    if (ranks->letter_of_rank.size() > 2) {
        std::vector<Rank> rank(cells);
        for (std::size_t cell = 0; cell < cells; ++cell) {
            rank[cell] = ranks->rank[static_cast<unsigned char>(map.letters[cell])];
        }
        std::vector<Rank> across(cells, 0);
        std::vector<Rank> prefix(cells);
        std::vector<Rank> suffix(cells);
        if (width >= size) row_maximum(rank, across, prefix, suffix, width, height, size);
        dearest.assign(cells, 0);
        if (height >= size) column_maximum(across, dearest, prefix, suffix, width, height, size);
    }

    TerrainTable derived_terrain = terrain;
    const char blocked = blocked_letter(derived_terrain);
    MapLetters derived;
    derived.path = map.path;
    derived.type = map.type;
    derived.width = width;
    derived.height = height;
    derived.letters.resize(cells);
    const char only_letter = ranks->letter_of_rank.size() > 1 ? ranks->letter_of_rank[1] : blocked;
    for (std::size_t cell = 0; cell < cells; ++cell) {
        const bool legal = clear[cell] >= size;
        derived.letters[cell] =
            !legal ? blocked : (dearest.empty() ? only_letter : ranks->letter_of_rank[dearest[cell]]);
    }
    return Grid::build(derived, derived_terrain);
}

AgentGrids::AgentGrids(std::shared_ptr<const Grid> base, const TerrainTable& base_terrain)
    : base_(std::move(base)), base_terrain_(base_terrain) {}

Expected<std::shared_ptr<const Grid>> AgentGrids::get(std::uint32_t size, const TerrainTable& terrain) {
    if (size == 1 && same_terrain(terrain, base_terrain_)) return base_;
    for (const Entry& entry : derived_) {
        if (entry.size == size && same_terrain(entry.terrain, terrain)) return entry.grid;
    }
    if (Status valid = check_agent_size(size, base_->topology()); !valid) return valid.error();
    Expected<Grid> derived = derive_agent_grid(base_->map_letters(""), terrain, size);
    if (!derived) return derived.error();
    derived_.push_back({size, terrain, std::make_shared<const Grid>(std::move(*derived))});
    return derived_.back().grid;
}

}  // namespace swarmpath::grid
