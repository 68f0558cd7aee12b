// Connected-component labelling by breadth-first flood fill (see components.hpp).
#include "swarmpath/search/components.hpp"

#include "swarmpath/search/moves.hpp"

namespace swarmpath::search {

Components Components::compute(const grid::Grid& grid, Moves moves, DiagonalRule rule) {
    Components components;
    const std::uint32_t cells = grid.padded_cell_count();
    components.labels_.assign(cells, 0);
    const bool corners = moves == Moves::eight && rule == DiagonalRule::any;
    const auto width = static_cast<std::int64_t>(grid.padded_width());
    const std::int64_t offsets[8] = {-width, 1, width, -1, 1 - width, 1 + width, width - 1, -1 - width};
    const int neighbour_count = corners ? 8 : 4;
    std::vector<std::uint32_t> queue;
    const grid::Bitset& passable = grid.passable_bits();
    for (std::uint32_t seed = 0; seed < cells; ++seed) {
        if (!passable.test(seed) || components.labels_[seed] != 0) continue;
        const std::uint32_t label = ++components.count_;
        const std::uint8_t layer = grid.layer(grid::PaddedIndex{seed});
        components.labels_[seed] = label;
        queue.clear();
        queue.push_back(seed);
        for (std::size_t head = 0; head < queue.size(); ++head) {
            const std::uint32_t cell = queue[head];
            for (int direction = 0; direction < neighbour_count; ++direction) {
                const auto next = static_cast<std::uint32_t>(static_cast<std::int64_t>(cell) + offsets[direction]);
                if (!passable.test(next) || components.labels_[next] != 0) continue;
                if (grid.layer(grid::PaddedIndex{next}) != layer) continue;
                components.labels_[next] = label;
                queue.push_back(next);
            }
        }
    }
    return components;
}

}  // namespace swarmpath::search
