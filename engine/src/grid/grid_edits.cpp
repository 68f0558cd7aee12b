// Map edits: parsing edit files and applying edits to a grid (see grid/edits.hpp). Applying patches
// the letters, kind bytes and passability bits of each changed cell when its new letter is a kind
// the grid already has; a letter new to the grid (a new cost or layer) rebuilds from the letters.
#include <charconv>

#include "swarmpath/grid/edits.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/text_lines.hpp"

namespace swarmpath::grid {

Expected<std::vector<CellEdit>> parse_edits(std::string_view text, std::string_view origin) {
    if (std::string problem = io::encoding_problem(text); !problem.empty()) {
        return Error{std::string(origin), 1, 1, std::move(problem)};
    }
    std::vector<CellEdit> edits;
    std::uint32_t line_number = 0;
    std::size_t position = 0;
    while (position < text.size()) {
        std::size_t end = text.find('\n', position);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(position, end - position);
        const std::size_t line_start = position;
        position = end + 1;
        ++line_number;
        if (const std::size_t comment = line.find('#'); comment != std::string_view::npos) line = line.substr(0, comment);
        // Split into whitespace-separated fields, remembering each field's column.
        std::string_view fields[4];
        std::uint32_t columns[4] = {};
        int count = 0;
        for (std::size_t index = 0; index < line.size();) {
            if (line[index] == ' ' || line[index] == '\t' || line[index] == '\r') {
                ++index;
                continue;
            }
            std::size_t stop = index;
            while (stop < line.size() && line[stop] != ' ' && line[stop] != '\t' && line[stop] != '\r') ++stop;
            if (count == 3) {
                return Error{std::string(origin), line_number, static_cast<std::uint32_t>(index + 1),
                             "expected `x y letter`, found an extra field"};
            }
            fields[count] = line.substr(index, stop - index);
            columns[count] = static_cast<std::uint32_t>(index + 1);
            ++count;
            index = stop;
        }
        (void)line_start;
        if (count == 0) continue;
        if (count != 3) {
            return Error{std::string(origin), line_number, 1, "expected `x y letter`"};
        }
        CellEdit edit;
        edit.line = line_number;
        std::uint32_t* targets[2] = {&edit.x, &edit.y};
        for (int field = 0; field < 2; ++field) {
            const char* first = fields[field].data();
            const char* last = first + fields[field].size();
            auto [stop, error] = std::from_chars(first, last, *targets[field]);
            if (error != std::errc() || stop != last) {
                return Error{std::string(origin), line_number, columns[field],
                             std::string(field == 0 ? "x" : "y") + " must be a non-negative integer, found '" +
                                 std::string(fields[field]) + "'"};
            }
        }
        if (fields[2].size() != 1) {
            return Error{std::string(origin), line_number, columns[2],
                         "the terrain letter must be one character, found '" + std::string(fields[2]) + "'"};
        }
        edit.letter = fields[2][0];
        edits.push_back(edit);
    }
    return edits;
}

Expected<std::vector<CellEdit>> read_edits_file(const std::string& path) {
    Expected<std::string> text = io::read_whole_file(path);
    if (!text) return text.error();
    return parse_edits(*text, path);
}

Expected<Grid> Grid::with_edits(std::span<const CellEdit> edits, const TerrainTable& terrain,
                                std::string_view origin) const {
    bool patchable = true;
    for (const CellEdit& edit : edits) {
        if (!contains(edit.x, edit.y)) {
            return Error{std::string(origin), edit.line, 0,
                         "cell " + std::to_string(edit.x) + " " + std::to_string(edit.y) + " is off the " +
                             std::to_string(width_) + " x " + std::to_string(height_) + " map"};
        }
        const TerrainRule& rule = terrain.rule(edit.letter);
        if (!rule.defined) {
            return Error{std::string(origin), edit.line, 0,
                         "unknown terrain letter '" + std::string(1, edit.letter) + "'"};
        }
        if (!rule.passable) continue;
        bool known = false;
        for (std::size_t kind = 1; kind < kinds_.size(); ++kind) {
            known = known || (kinds_[kind].letter == edit.letter && kinds_[kind].cost == rule.cost);
        }
        patchable = patchable && known;
    }
    if (!patchable) {
        io::MapFile map;
        map.path = std::string(origin);
        map.type = "octile";
        map.width = width_;
        map.height = height_;
        map.letters.assign(letters_.begin(), letters_.end());
        for (const CellEdit& edit : edits) map.letters[static_cast<std::size_t>(edit.y) * width_ + edit.x] = edit.letter;
        return build(map, terrain);
    }
    Grid edited = *this;
    for (const CellEdit& edit : edits) {
        const std::uint32_t index = padded(edit.x, edit.y).value;
        const std::uint8_t old_kind = edited.kind_of_[index];
        if (old_kind != 0) edited.layer_bits_[kinds_[old_kind].layer - 1].reset(index);
        std::uint8_t new_kind = 0;
        if (terrain.rule(edit.letter).passable) {
            for (std::size_t kind = 1; kind < kinds_.size(); ++kind) {
                if (kinds_[kind].letter == edit.letter) new_kind = static_cast<std::uint8_t>(kind);
            }
        }
        edited.kind_of_[index] = new_kind;
        edited.passable_.assign(index, new_kind != 0);
        if (new_kind != 0) edited.layer_bits_[kinds_[new_kind].layer - 1].set(index);
        edited.letters_[static_cast<std::size_t>(edit.y) * width_ + edit.x] = edit.letter;
    }
    return edited;
}

}  // namespace swarmpath::grid
