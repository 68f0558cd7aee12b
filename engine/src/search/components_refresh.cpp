// Refreshing component labels after map edits (see components.hpp). Every component that touched a
// changed cell before the edit, or touches one after it, contains a changed cell or one of its eight
// neighbours (a component split by a new wall keeps a cell beside the wall in each piece; a merge
// happens through the opened cell). So flood-filling from those cells again, under labels above
// every old one, relabels exactly the affected components and leaves the rest of the map alone.
//
// Most single-cell edits need not even that (a fast path, tried first): a cell opened beside one
// component joins it; a cell blocked whose neighbours in its component stay connected through the
// ring of eight cells around it leaves the component whole. Both are decided from the 3×3
// neighbourhood alone, so the fast path is taken only when the changed cells are few and more than
// two cells apart (no neighbourhood holds another changed cell), and then for all of them or none.
#include "swarmpath/search/components.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

namespace swarmpath::search {
namespace {

/// Changed cells beyond this many are refreshed by flood fill.
constexpr std::size_t kLocalRefreshLimit = 16;
/// The ring around a cell in order: N, NE, E, SE, S, SW, W, NW, as (dx, dy).
constexpr std::array<std::array<int, 2>, 8> kRing = {
    {{0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}}};

/// Whether a step of (dx, dy) connects two cells: 4-connected, or any of 8 with `corners`.
bool connects(int dx, int dy, bool corners) {
    const int reach = std::abs(dx) + std::abs(dy);
    return corners ? (reach >= 1 && std::abs(dx) <= 1 && std::abs(dy) <= 1) : reach == 1;
}

}  // namespace

bool Components::refresh_locally(const grid::Grid& edited, bool corners, std::span<const grid::CellIndex> changed) {
    if (changed.size() > kLocalRefreshLimit) return false;
    const std::uint32_t width = edited.width();
    for (std::size_t first = 0; first < changed.size(); ++first) {
        for (std::size_t second = first + 1; second < changed.size(); ++second) {
            const auto dx = static_cast<std::int64_t>(changed[first].value % width) - changed[second].value % width;
            const auto dy = static_cast<std::int64_t>(changed[first].value / width) - changed[second].value / width;
            if (std::max(std::abs(dx), std::abs(dy)) <= 2) return false;
        }
    }
    const grid::Bitset& passable = edited.passable_bits();
    const auto padded_width = static_cast<std::int64_t>(edited.padded_width());
    auto ring_cell = [&](std::uint32_t centre, std::size_t position) {
        return static_cast<std::uint32_t>(static_cast<std::int64_t>(centre) + kRing[position][0] +
                                          kRing[position][1] * padded_width);
    };
    // Decide every cell first (nothing written), then write: all fast or none.
    std::array<std::uint32_t, kLocalRefreshLimit> new_labels{};
    std::uint32_t fresh_labels = 0;
    for (std::size_t index = 0; index < changed.size(); ++index) {
        const std::uint32_t centre = edited.padded(changed[index]).value;
        const std::uint32_t old_label = labels_[centre];
        const bool open = passable.test(centre);
        if (!open) {
            new_labels[index] = 0;
            if (old_label == 0) continue;  // blocked before and after
            // Blocked now: its old component's cells around it must stay connected through the ring.
            std::array<int, 8> group{};
            for (std::size_t position = 0; position < 8; ++position) group[position] = static_cast<int>(position);
            auto usable = [&](std::size_t position) { return labels_[ring_cell(centre, position)] == old_label; };
            // Union by relabelling (eight cells): join ring cells a legal step apart.
            for (std::size_t a = 0; a < 8; ++a) {
                for (std::size_t b = a + 1; b < 8; ++b) {
                    if (!usable(a) || !usable(b)) continue;
                    if (!connects(kRing[a][0] - kRing[b][0], kRing[a][1] - kRing[b][1], corners)) continue;
                    const int from = group[b];
                    const int to = group[a];
                    for (int& member : group) member = member == from ? to : member;
                }
            }
            int joined = -1;
            for (std::size_t position = 0; position < 8; ++position) {
                if (!usable(position) || !connects(kRing[position][0], kRing[position][1], corners)) continue;
                if (joined >= 0 && group[position] != joined) return false;  // may split: flood fill
                joined = group[position];
            }
            continue;
        }
        // Passable now: the labels of the neighbours it connects to, on its layer.
        const std::uint8_t layer = edited.layer(grid::PaddedIndex{centre});
        std::uint32_t neighbour_label = 0;
        bool layer_kept = old_label == 0;  // opened: no old layer to keep
        for (std::size_t position = 0; position < 8; ++position) {
            const std::uint32_t cell = ring_cell(centre, position);
            if (!connects(kRing[position][0], kRing[position][1], corners) || labels_[cell] == 0) continue;
            const bool same_layer = edited.layer(grid::PaddedIndex{cell}) == layer;
            if (old_label != 0 && labels_[cell] == old_label) {
                if (!same_layer) return false;  // passable before and after, but its layer changed
                layer_kept = true;
            }
            if (!same_layer) continue;
            if (neighbour_label != 0 && labels_[cell] != neighbour_label) return false;  // a merge: flood fill
            neighbour_label = labels_[cell];
        }
        if (old_label != 0 && layer_kept && neighbour_label == old_label) {
            new_labels[index] = old_label;  // passable before and after in the same component
        } else if (old_label != 0 && neighbour_label != 0) {
            return false;  // was a component of its own, or changed layer: flood fill
        } else if (neighbour_label != 0) {
            new_labels[index] = neighbour_label;
        } else {
            new_labels[index] = old_label != 0 ? old_label : count_ + ++fresh_labels;  // alone
        }
    }
    for (std::size_t index = 0; index < changed.size(); ++index)
        labels_[edited.padded(changed[index]).value] = new_labels[index];
    count_ += fresh_labels;
    return true;
}

std::size_t Components::refresh(const grid::Grid& edited, Moves moves, DiagonalRule rule,
                                std::span<const grid::CellIndex> changed) {
    // Entry checks: labels of another map size, or a changed cell off the map, cannot be patched
    // in place; labelling the edited grid afresh is always right.
    const bool all_on_map = std::all_of(changed.begin(), changed.end(),
                                        [&](grid::CellIndex cell) { return cell.value < edited.cell_count(); });
    // Hex and triangle maps: the fast path and the local flood fill below read square neighbourhoods,
    // so those maps are labelled afresh (one linear flood fill).
    if (labels_.size() != edited.padded_cell_count() || !all_on_map || edited.topology() != grid::Topology::square) {
        *this = compute(edited, moves, rule);
        return edited.cell_count();
    }
    const bool corners = moves == Moves::eight && rule == DiagonalRule::any;
    if (refresh_locally(edited, corners, changed)) return changed.size();
    const std::uint32_t old_count = count_;
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
                    const auto next =
                        static_cast<std::uint32_t>(static_cast<std::int64_t>(current) + offsets[direction]);
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
