// Connected-component labelling (see components.hpp): square maps by runs of passable cells joined
// row to row in a union-find, hex and triangle maps by breadth-first flood fill.
#include "swarmpath/search/components.hpp"

#include "core/page_memory.hpp"
#include "search/moves.hpp"
#include "swarmpath/core/bit_count.hpp"

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

/// The bits of one padded row, 64 cells a word from its first cell, with a clear word on either
/// side; bits past the row are clear. Bit x of shifted(word, s) is bit x + s of the row (s = -1, 0
/// or 1), clear where that is off the row.
struct RowWords {
    explicit RowWords(std::size_t count) : words(count + 2, 0) {}
    std::vector<std::uint64_t> words;

    [[nodiscard]] std::size_t size() const { return words.size() - 2; }
    [[nodiscard]] std::uint64_t at(std::size_t word) const { return words[word + 1]; }
    void set(std::size_t word, std::uint64_t bits) { words[word + 1] = bits; }
    void load(const grid::Bitset& bits, std::size_t row_start, std::uint32_t width) {
        for (std::size_t word = 0; word < size(); ++word) words[word + 1] = bits.bits_from(row_start + 64 * word);
        if (const unsigned tail = width & 63U; tail != 0) words[size()] &= (std::uint64_t{1} << tail) - 1;
    }
    [[nodiscard]] std::uint64_t shifted(std::size_t word, int shift) const {
        if (shift == 0) return words[word + 1];
        if (shift < 0) return (words[word + 1] << 1) | (words[word] >> 63);
        return (words[word + 1] >> 1) | (words[word + 2] << 63);
    }
};

/// One past the last cell of the run that starts at `first`: the next blocked cell or the next
/// run's first cell (`begins`, the row's run starts), at most `width`.
std::size_t run_end(const RowWords& cells, const std::uint64_t* begins, std::size_t first, std::size_t width) {
    std::size_t word = first >> 6;
    std::uint64_t stops = (~cells.at(word) | begins[word]) & (~std::uint64_t{1} << (first & 63U));
    while (stops == 0) {
        if (++word == cells.size()) return width;
        stops = ~cells.at(word) | begins[word];
    }
    return std::min(width, word * 64 + static_cast<std::size_t>(std::countr_zero(stops)));
}

/// Runs of passable cells of one layer, numbered from 1 in row-major order and joined in a
/// union-find whose root is always its set's smallest run number. A row's runs are known by their
/// first cells' bits (`starts`) and the count of runs before each word (`before`), kept for the
/// whole map so that the run of any cell is a rank: `before` plus the starts up to it in its word.
struct RunForest {
    std::size_t row_words = 0;
    std::vector<std::uint64_t> starts;     // per row and word
    std::vector<std::uint32_t> before;     // per row and word
    std::vector<std::uint32_t> parent{0};  // run 0 stands for "no run"

    [[nodiscard]] std::uint32_t run_count() const { return static_cast<std::uint32_t>(parent.size() - 1); }

    [[nodiscard]] std::uint32_t run_of(std::size_t row, std::size_t column) const {
        const std::size_t word = row * row_words + (column >> 6);
        const std::uint64_t up_to = ~std::uint64_t{0} >> (63 - (column & 63U));
        return before[word] + core::count_ones(starts[word] & up_to);
    }
    std::uint32_t find(std::uint32_t run) {
        while (parent[run] != run) {
            parent[run] = parent[parent[run]];  // path halving
            run = parent[run];
        }
        return run;
    }
    void unite(std::uint32_t a, std::uint32_t b) {
        a = find(a);
        b = find(b);
        parent[std::max(a, b)] = std::min(a, b);
    }
};

/// The first pass: every row's runs into a RunForest, each joined to the runs of the row above
/// that it touches. Keeps this row's and the previous row's bits, and on layered maps each layer's.
class RunFinder {
public:
    RunFinder(const grid::Grid& grid, bool corners)
        : grid_(&grid),
          width_(grid.padded_width()),
          row_words_((width_ + 63) / 64),
          corners_(corners),
          passable_(row_words_),
          previous_(row_words_),
          starts_(row_words_),
          layer_rows_(grid.layer_count() > 1 ? grid.layer_count() : 0, RowWords(row_words_)),
          previous_layer_rows_(layer_rows_) {}

    RunForest find() {
        RunForest forest;
        const std::uint32_t rows = grid_->padded_height();
        forest.row_words = row_words_;
        forest.starts.assign(std::size_t{rows} * row_words_, 0);
        forest.before.assign(std::size_t{rows} * row_words_, 0);
        for (std::uint32_t row = 0; row < rows; ++row) {
            const std::size_t row_start = std::size_t{row} * width_;
            passable_.load(grid_->passable_bits(), row_start, width_);
            for (std::uint8_t layer = 0; layer < layer_rows_.size(); ++layer) {
                layer_rows_[layer].load(grid_->layer_bits(static_cast<std::uint8_t>(layer + 1)), row_start, width_);
            }
            add_starts(forest, row);
            if (row > 0) join_above(forest, row);
            std::swap(passable_, previous_);
            std::swap(layer_rows_, previous_layer_rows_);
        }
        return forest;
    }

private:
    /// A run starts at a passable cell whose left neighbour is blocked or in another layer.
    void add_starts(RunForest& forest, std::uint32_t row) {
        std::uint32_t run_count = forest.run_count();
        for (std::size_t word = 0; word < row_words_; ++word) {
            const std::uint64_t cells = passable_.at(word);
            const std::uint64_t left = passable_.shifted(word, -1);
            std::uint64_t layer_change = 0;
            for (const RowWords& layer_row : layer_rows_) {
                layer_change |= layer_row.at(word) ^ layer_row.shifted(word, -1);
            }
            const std::uint64_t begins = (cells & ~left) | (cells & left & layer_change);
            starts_.set(word, begins);
            forest.starts[row * row_words_ + word] = begins;
            forest.before[row * row_words_ + word] = run_count;
            run_count += core::count_ones(begins);
        }
        const std::size_t first_new = forest.parent.size();
        forest.parent.resize(std::size_t{run_count} + 1);
        for (std::size_t run = first_new; run < forest.parent.size(); ++run) {
            forest.parent[run] = static_cast<std::uint32_t>(run);
        }
    }

    /// Cell x touches cell x + shift of the row above when both are passable in one layer. A
    /// stretch of touching cells lies in one run of each row until a run begins inside it; a run
    /// begins there only where the layer changes, and then it changes in both rows at once (both
    /// cells touch their neighbours in the stretch), so this row's starts mark every change of the
    /// pair. One join per stretch start and per run start within a stretch.
    void join_above(RunForest& forest, std::uint32_t row) {
        for (int shift = corners_ ? -1 : 0; shift <= (corners_ ? 1 : 0); ++shift) {
            std::uint64_t touching_before = 0;
            for (std::size_t word = 0; word < row_words_; ++word) {
                std::uint64_t touching = passable_.at(word) & previous_.shifted(word, shift);
                if (!layer_rows_.empty()) {
                    touching = 0;
                    for (std::size_t layer = 0; layer < layer_rows_.size(); ++layer) {
                        touching |= layer_rows_[layer].at(word) & previous_layer_rows_[layer].shifted(word, shift);
                    }
                }
                const std::uint64_t continued = (touching << 1) | (touching_before >> 63);
                std::uint64_t joins = touching & (~continued | starts_.at(word));
                touching_before = touching;
                while (joins != 0) {
                    const std::size_t column = word * 64 + static_cast<std::size_t>(std::countr_zero(joins));
                    joins &= joins - 1;
                    const std::size_t above_column =
                        static_cast<std::size_t>(static_cast<std::int64_t>(column) + shift);
                    forest.unite(forest.run_of(row - 1, above_column), forest.run_of(row, column));
                }
            }
        }
    }

    const grid::Grid* grid_;
    std::uint32_t width_;
    std::size_t row_words_;
    bool corners_;
    RowWords passable_;
    RowWords previous_;
    RowWords starts_;
    std::vector<RowWords> layer_rows_;
    std::vector<RowWords> previous_layer_rows_;
};

/// The second pass: each cell's label, `run_label` of its run (0 for a blocked cell, which `labels`
/// holds already), row by row.
void write_labels(const grid::Grid& grid, const RunForest& forest, const std::vector<std::uint32_t>& run_label,
                  std::uint32_t* labels_of_grid) {
    const std::uint32_t width = grid.padded_width();
    const std::uint32_t rows = grid.padded_height();
    const std::size_t row_words = forest.row_words;
    RowWords passable(row_words);
    for (std::uint32_t row = 0; row < rows; ++row) {
        const std::size_t row_start = std::size_t{row} * width;
        passable.load(grid.passable_bits(), row_start, width);
        const std::uint64_t* const begins = forest.starts.data() + row * row_words;
        const std::uint32_t* const before = forest.before.data() + row * row_words;
        std::uint32_t* const labels = labels_of_grid + row_start;
        const std::uint32_t runs_here = (row + 1 < rows ? before[row_words] : forest.run_count()) - before[0];
        if (std::size_t{runs_here} * 12 <= width) {
            // Runs of 12 cells or more on average (an open map's rows): each run filled whole, up to
            // a blocked cell or the next run's first cell. A run costs about 40 instructions and a
            // mispredicted branch this way, what 12 cells cost one by one below.
            std::uint32_t run = before[0];
            for (std::size_t word = 0; word < row_words; ++word) {
                for (std::uint64_t here = begins[word]; here != 0; here &= here - 1) {
                    const std::size_t first = word * 64 + static_cast<std::size_t>(std::countr_zero(here));
                    const std::size_t end = run_end(passable, begins, first, width);
                    std::fill(labels + first, labels + end, run_label[++run]);
                }
            }
            continue;
        }
        // Short runs (a cluttered map's rows): every cell from its word's bits, without a branch.
        for (std::size_t word = 0; word < row_words; ++word) {
            const std::uint64_t cells = passable.at(word);
            if (cells == 0) continue;  // labels start at 0
            std::uint32_t run = before[word];
            const std::size_t count = std::min<std::size_t>(64, width - word * 64);
            for (std::size_t cell = 0; cell < count; ++cell) {
                run += static_cast<std::uint32_t>((begins[word] >> cell) & 1U);
                labels[word * 64 + cell] = run_label[run] & (0U - static_cast<std::uint32_t>((cells >> cell) & 1U));
            }
        }
    }
}

}  // namespace

Components Components::compute(const grid::Grid& grid, Moves moves, DiagonalRule rule) {
    if (grid.topology() != grid::Topology::square) return compute_shaped(grid);
    // Runs of passable cells of one layer, row by row, found 64 cells at a time from the bits; a
    // run joins every run of the row above that shares a column with it (or touches a corner of it,
    // under the `any` rule) in its layer. Labels then number the sets in the order of their earliest
    // cell in row-major order: the order in which a flood fill seeded at each unlabelled cell in turn
    // would number them, so the labels are the same. Work per word, per run and per touching pair
    // of runs, with no branch per cell: on cluttered maps, whose runs are a cell or two long, a
    // branch per run or per cell is mispredicted half the time.
    Components components;
    core::assign_populated(components.labels_, grid.padded_cell_count());
    const RunForest forest = RunFinder(grid, moves == Moves::eight && rule == DiagonalRule::any).find();
    // Roots are their sets' earliest runs and every parent precedes its run, so one pass in run
    // order labels each set when its root comes and every other run from its parent.
    std::vector<std::uint32_t> run_label(forest.parent.size(), 0);
    for (std::size_t run = 1; run < forest.parent.size(); ++run) {
        const std::uint32_t parent = forest.parent[run];
        const bool root = parent == run;
        components.count_ += root ? 1 : 0;
        run_label[run] = root ? components.count_ : run_label[parent];
    }
    write_labels(grid, forest, run_label, components.labels_.data());
    return components;
}

}  // namespace swarmpath::search
