// Map edits applied to a grid (see grid/edits.hpp; edit files are parsed in io/edits_file.hpp).
// Applying patches the letters, kind bytes and passability bits of each changed cell when its new
// letter is a kind the grid already has; a letter new to the grid (a new cost or layer) rebuilds
// from the letters.
#include <string>

#include "swarmpath/grid/edits.hpp"
#include "swarmpath/grid/grid.hpp"

namespace swarmpath::grid {

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
        MapLetters map = map_letters(std::string(origin));
        for (const CellEdit& edit : edits)
            map.letters[static_cast<std::size_t>(edit.y) * width_ + edit.x] = edit.letter;
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
