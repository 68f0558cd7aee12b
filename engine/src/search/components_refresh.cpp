// Refreshing component labels after map edits (see components.hpp). Every component that touched a
// changed cell before the edit, or touches one after it, contains a changed cell or one of its eight
// neighbours (a component split by a new wall keeps a cell beside the wall in each piece; a merge
// happens through the opened cell). So flood-filling from those cells again, under labels above
// every old one, relabels exactly the affected components and leaves the rest of the map alone.
#include "swarmpath/search/components.hpp"

#include <algorithm>

namespace swarmpath::search {

std::size_t Components::refresh(const grid::Grid& edited, Moves moves, DiagonalRule rule,
                                std::span<const grid::CellIndex> changed) {
    // Entry checks: labels of another map size, or a changed cell off the map, cannot be patched
    // in place; labelling the edited grid afresh is always right.
    const bool all_on_map = std::all_of(changed.begin(), changed.end(),
                                        [&](grid::CellIndex cell) { return cell.value < edited.cell_count(); });
    if (labels_.size() != edited.padded_cell_count() || !all_on_map) {
        *this = compute(edited, moves, rule);
        return edited.cell_count();
    }
    const std::uint32_t old_count = count_;
    const bool corners = moves == Moves::eight && rule == DiagonalRule::any;
    const auto width = static_cast<std::int64_t>(edited.padded_width());
    const std::int64_t offsets[8] = {-width, 1, width, -1, 1 - width, 1 + width, width - 1, -1 - width};
    const int neighbour_count = corners ? 8 : 4;
    const grid::Bitset& passable = edited.passable_bits();
    std::vector<std::uint32_t> queue;
    std::size_t relabelled = 0;
    for (grid::CellIndex cell : changed) {
        const std::uint32_t centre = edited.padded(cell).value;
        if (!passable.test(centre)) labels_[centre] = 0;
    }
    for (grid::CellIndex cell : changed) {
        const auto centre = static_cast<std::int64_t>(edited.padded(cell).value);
        for (int seed_offset = -1; seed_offset < 8; ++seed_offset) {
            const auto seed = static_cast<std::uint32_t>(centre + (seed_offset < 0 ? 0 : offsets[seed_offset]));
            if (!passable.test(seed) || labels_[seed] > old_count) continue;
            const std::uint32_t label = ++count_;
            const std::uint8_t layer = edited.layer(grid::PaddedIndex{seed});
            labels_[seed] = label;
            queue.assign(1, seed);
            for (std::size_t head = 0; head < queue.size(); ++head) {
                const std::uint32_t current = queue[head];
                for (int direction = 0; direction < neighbour_count; ++direction) {
                    const auto next = static_cast<std::uint32_t>(static_cast<std::int64_t>(current) + offsets[direction]);
                    if (!passable.test(next) || labels_[next] > old_count) continue;
                    if (edited.layer(grid::PaddedIndex{next}) != layer) continue;
                    labels_[next] = label;
                    queue.push_back(next);
                }
            }
            relabelled += queue.size();
        }
    }
    return relabelled;
}

}  // namespace swarmpath::search
