// Connected-component labelling (see components.hpp): square maps by runs of passable cells joined
// row to row in a union-find, hex and triangle maps by breadth-first flood fill.
#include "swarmpath/search/components.hpp"

#include "core/page_memory.hpp"
#include "search/moves.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

namespace swarmpath::search {

Components Components::compute_shaped(const grid::Grid& grid) {
    Components components;
    const grid::Topology topology = grid.topology();
    core::assign_populated(components.labels_, grid.padded_cell_count());
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

namespace {

/// The first set bit at or after `bit`, below `end`, in `words` (or `end`); with `set` false, the
/// first clear bit.
std::uint32_t next_bit(const std::uint64_t* words, std::uint32_t bit, std::uint32_t end, bool set) {
    while (bit < end) {
        std::uint64_t word = set ? words[bit >> 6] : ~words[bit >> 6];
        word &= ~std::uint64_t{0} << (bit & 63U);
        if (word != 0) return std::min(end, (bit & ~63U) + static_cast<std::uint32_t>(std::countr_zero(word)));
        bit = (bit & ~63U) + 64;
    }
    return end;
}

/// The runs of passable cells of one layer found so far, row by row, in a union-find over them.
struct Runs {
    std::vector<std::uint32_t> begin;  // padded index of each run's first cell
    std::vector<std::uint32_t> end;    // one past its last
    std::vector<std::uint8_t> layer;
    std::vector<std::uint32_t> parent;

    std::uint32_t find(std::uint32_t run) {
        while (parent[run] != run) {
            parent[run] = parent[parent[run]];  // path halving
            run = parent[run];
        }
        return run;
    }

    /// Adds the runs of the padded row [row_start, row_end): stretches of passable cells, cut where
    /// the layer changes (only `layered` grids have more than one).
    void add_row(const grid::Grid& grid, const std::uint64_t* passable, std::uint32_t row_start, std::uint32_t row_end,
                 bool layered) {
        for (std::uint32_t cell = next_bit(passable, row_start, row_end, true); cell < row_end;) {
            const std::uint32_t stretch_end = next_bit(passable, cell, row_end, false);
            for (std::uint32_t first = cell; first < stretch_end;) {
                std::uint32_t stop = stretch_end;
                const std::uint8_t first_layer = grid.layer(grid::PaddedIndex{first});
                if (layered) {
                    stop = first + 1;
                    while (stop < stretch_end && grid.layer(grid::PaddedIndex{stop}) == first_layer) ++stop;
                }
                parent.push_back(static_cast<std::uint32_t>(begin.size()));
                begin.push_back(first);
                end.push_back(stop);
                layer.push_back(first_layer);
                first = stop;
            }
            cell = next_bit(passable, stretch_end, row_end, true);
        }
    }
};

}  // namespace

Components Components::compute(const grid::Grid& grid, Moves moves, DiagonalRule rule) {
    if (grid.topology() != grid::Topology::square) return compute_shaped(grid);
    // Runs of passable cells of one layer, row by row; a run joins the runs of the row above that
    // share a column with it (or touch a corner of it, under the `any` rule) and lie in its layer,
    // in a union-find whose root is always the set's earliest run. Labels then number the sets in
    // the order of their earliest cell in row-major order: the order in which a flood fill seeded
    // at each unlabelled cell in turn would number them, so the labels are the same. Work per run
    // and per row, and one fill per run, instead of a queue entry and four or eight probes per cell.
    Components components;
    const std::uint32_t cells = grid.padded_cell_count();
    core::assign_populated(components.labels_, cells);
    const std::uint32_t corner = moves == Moves::eight && rule == DiagonalRule::any ? 1 : 0;
    const std::uint32_t width = grid.padded_width();
    const std::uint32_t rows = grid.padded_height();
    const std::uint64_t* passable = grid.passable_bits().words();
    const bool layered = grid.layer_count() > 1;
    Runs runs;
    std::size_t previous_first = 0;
    std::size_t previous_last = 0;
    for (std::uint32_t row = 0; row < rows; ++row) {
        const std::size_t current_first = runs.begin.size();
        runs.add_row(grid, passable, row * width, row * width + width, layered);
        const std::size_t current_last = runs.begin.size();
        // Join each run to the runs above it: those overlapping its columns, widened by `corner`.
        std::size_t above = previous_first;
        for (std::size_t run = current_first; run < current_last; ++run) {
            const std::uint32_t begin = runs.begin[run] - width;  // the same columns, a row up
            const std::uint32_t end = runs.end[run] - width;
            while (above < previous_last && runs.end[above] + corner <= begin) ++above;
            for (std::size_t other = above; other < previous_last && runs.begin[other] < end + corner; ++other) {
                if (runs.layer[other] != runs.layer[run]) continue;
                const std::uint32_t a = runs.find(static_cast<std::uint32_t>(other));
                const std::uint32_t b = runs.find(static_cast<std::uint32_t>(run));
                if (a < b) runs.parent[b] = a;
                if (b < a) runs.parent[a] = b;
            }
        }
        previous_first = current_first;
        previous_last = current_last;
    }
    // Runs are numbered in row-major order, so a set's root is its earliest run and is labelled
    // before any other run of its set.
    std::vector<std::uint32_t> run_label(runs.begin.size(), 0);
    for (std::uint32_t run = 0; run < runs.begin.size(); ++run) {
        const std::uint32_t root = runs.find(run);
        run_label[run] = root == run ? ++components.count_ : run_label[root];
        std::fill(components.labels_.begin() + runs.begin[run], components.labels_.begin() + runs.end[run],
                  run_label[run]);
    }
    return components;
}

}  // namespace swarmpath::search
