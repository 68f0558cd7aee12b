// Connected-component labelling by breadth-first flood fill (see components.hpp).
#include "swarmpath/search/components.hpp"

#include "swarmpath/search/moves.hpp"

namespace swarmpath::search {

Components Components::compute_shaped(const grid::Grid& grid) {
    Components components;
    const grid::Topology topology = grid.topology();
    components.labels_.assign(grid.padded_cell_count(), 0);
    const grid::PaddedLayout layout = grid.layout();
    std::vector<std::uint32_t> queue;
    for (std::uint32_t seed_y = 0; seed_y < grid.height(); ++seed_y) {
        for (std::uint32_t seed_x = 0; seed_x < grid.width(); ++seed_x) {
            const grid::PaddedIndex seed = grid.padded(seed_x, seed_y);
            if (!grid.passable(seed) || components.labels_[seed.value] != 0) continue;
            const std::uint32_t label = ++components.count_;
            const std::uint8_t layer = grid.layer(seed);
            components.labels_[seed.value] = label;
            queue.clear();
            queue.push_back(seed.value);
            for (std::size_t head = 0; head < queue.size(); ++head) {
                const std::uint32_t cell = queue[head];
                const std::uint32_t x = layout.x_of(cell);
                const std::uint32_t y = layout.y_of(cell);
                for (const grid::NeighbourOffset offset : grid::shaped_neighbours(topology, x, y)) {
                    // Off the map is the padding ring, which is never passable.
                    const auto next = static_cast<std::uint32_t>(static_cast<std::int64_t>(cell) +
                                                                 layout.offset(offset.dx, offset.dy));
                    if (!grid.passable(grid::PaddedIndex{next}) || components.labels_[next] != 0) continue;
                    if (grid.layer(grid::PaddedIndex{next}) != layer) continue;
                    components.labels_[next] = label;
                    queue.push_back(next);
                }
            }
        }
    }
    return components;
}

Components Components::compute(const grid::Grid& grid, Moves moves, DiagonalRule rule) {
    Components components;
    const std::uint32_t cells = grid.padded_cell_count();
    components.labels_.assign(cells, 0);
    if (grid.topology() != grid::Topology::square) return compute_shaped(grid);
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
