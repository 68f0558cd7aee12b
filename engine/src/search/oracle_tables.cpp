// The path oracle's layout, row encoder, table check and query (see search/oracle_tables.hpp). A row is one
// forward Dijkstra from its source over Dial's buckets (best_first/bucket_queue.hpp, the goal
// fields' open list) that carries each cell's set of optimal first moves, then one sweep over the
// target positions in which a run grows while some move stays in the intersection of its cells'
// sets (the greedy cover, which makes the fewest runs for the order). The row code is compiled once
// per move rule and cost model and chosen once per builder.
#include "swarmpath/search/oracle_tables.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "core/page_memory.hpp"
#include "search/best_first/bucket_queue.hpp"
#include "search/best_first/cell_layout.hpp"
#include "search/best_first/cost_models.hpp"
#include "search/best_first/platform.hpp"
#include "search/moves.hpp"
#include "search/oracle_instructions.hpp"
#include "swarmpath/search/components.hpp"

#if SWARMPATH_SSE2
#include <emmintrin.h>
#endif
#if SWARMPATH_AVX512_CLONE
#include <immintrin.h>
#endif

namespace swarmpath::search {
namespace {

constexpr std::uint8_t kAnyMove = 0xFF;

/// The passable cells in the order of the Hilbert curve over the smallest square of power-of-two
/// side that holds the map (docs/path-oracle.md), made by walking the curve itself: each square is
/// four half squares, the first and last turned, so a square is an origin and two unit steps (its
/// cell (s, t) lies at origin + s * along + t * across) and the walk is a recursion over them, with
/// squares wholly off the map skipped. No index a cell and no sort: every load makes this order
/// again (tests/batch/path_oracle_test.cpp checks it against an index computed as described).
class HilbertWalk {
public:
    HilbertWalk(const grid::Grid& grid, std::vector<std::uint32_t>& cells)
        : grid_(grid), width_(grid.width()), height_(grid.height()), cells_(cells) {}

    void run() {
        std::int64_t side = 1;
        while (side < std::max(width_, height_)) side *= 2;
        visit({0, 0}, {1, 0}, {0, 1}, side);
    }

private:
    struct Step {
        std::int64_t x, y;
        Step operator+(Step other) const { return {x + other.x, y + other.y}; }
        Step operator*(std::int64_t times) const { return {x * times, y * times}; }
        Step operator-() const { return {-x, -y}; }
    };

    /// Appends `cell` if it is passable; `kInside`: it is known to lie on the map.
    template <bool kInside>
    void take(Step cell) {
        if (!kInside && (cell.x < 0 || cell.y < 0 || cell.x >= width_ || cell.y >= height_)) return;
        const auto x = static_cast<std::uint32_t>(cell.x);
        const auto y = static_cast<std::uint32_t>(cell.y);
        if (grid_.passable(x, y)) cells_.push_back(grid_.cell(x, y).value);
    }

    /// The square of `size` cells a side at `origin` spanned by `along` and `across`; `kInside`: it
    /// is known to lie wholly on the map, as then do its quarters.
    template <bool kInside = false>
    void visit(Step origin, Step along, Step across, std::int64_t size) {
        if (!kInside) {
            const Step far_corner = origin + (along + across) * (size - 1);
            const std::int64_t low_x = std::min(origin.x, far_corner.x);
            const std::int64_t high_x = std::max(origin.x, far_corner.x);
            const std::int64_t low_y = std::min(origin.y, far_corner.y);
            const std::int64_t high_y = std::max(origin.y, far_corner.y);
            // The two unit steps span the square, so its corners bound it.
            if (high_x < 0 || low_x >= width_ || high_y < 0 || low_y >= height_) return;
            if (low_x >= 0 && low_y >= 0 && high_x < width_ && high_y < height_) {
                visit<true>(origin, along, across, size);
                return;
            }
        }
        if (size == 2) {
            take<kInside>(origin);
            take<kInside>(origin + across);
            take<kInside>(origin + along + across);
            take<kInside>(origin + along);
            return;
        }
        if (size == 1) {
            take<kInside>(origin);
            return;
        }
        const std::int64_t half = size / 2;
        visit<kInside>(origin, across, along, half);
        visit<kInside>(origin + across * half, along, across, half);
        visit<kInside>(origin + (along + across) * half, along, across, half);
        visit<kInside>(origin + along * (size - 1) + across * (half - 1), -across, -along, half);
    }

    const grid::Grid& grid_;
    std::int64_t width_;
    std::int64_t height_;
    std::vector<std::uint32_t>& cells_;
};

std::vector<std::uint32_t> passable_cells(const grid::Grid& grid) {
    std::vector<std::uint32_t> cells;
    core::reserve_populated(cells, grid.passable_bits().count());
    for (std::uint32_t y = 0; y < grid.height(); ++y) {
        for (std::uint32_t x = 0; x < grid.width(); ++x) {
            if (grid.passable(x, y)) cells.push_back(grid.cell(x, y).value);
        }
    }
    return cells;
}

/// Pre-order of a depth-first walk over legal moves, from each unvisited cell in row-major order.
template <class Rule>
std::vector<std::uint32_t> depth_first_cells(const grid::Grid& grid) {
    const grid::PaddedLayout layout = grid.layout();
    const auto offsets = best_first::direction_offsets(layout);
    std::vector<std::uint32_t> order;
    std::vector<bool> visited(grid.padded_cell_count(), false);
    std::vector<std::pair<std::uint32_t, unsigned>> stack;  // padded cell, moves still to try
    for (std::uint32_t root_cell : passable_cells(grid)) {
        const std::uint32_t root = layout.padded(root_cell);
        if (visited[root]) continue;
        visited[root] = true;
        order.push_back(root_cell);
        const grid::Bitset& layer = grid.layer_bits(grid.layer(grid::PaddedIndex{root}));
        stack.emplace_back(root, Rule::table[read_neighbourhood(layer, root, layout.padded_width())]);
        while (!stack.empty()) {
            auto& [cell, moves] = stack.back();
            if (moves == 0) {
                stack.pop_back();
                continue;
            }
            const int direction = __builtin_ctz(moves);
            moves &= moves - 1;
            const auto next = static_cast<std::uint32_t>(static_cast<std::int32_t>(cell) +
                                                         offsets[static_cast<std::size_t>(direction)]);
            if (visited[next]) continue;
            visited[next] = true;
            order.push_back(layout.cell_index(next));
            stack.emplace_back(next, Rule::table[read_neighbourhood(layer, next, layout.padded_width())]);
        }
    }
    return order;
}

}  // namespace

std::string_view to_string(CellOrder order) {
    switch (order) {
        case CellOrder::row_major:
            return "row-major";
        case CellOrder::hilbert:
            return "hilbert";
        case CellOrder::depth_first:
            return "depth-first";
    }
    return "?";
}

Expected<OracleLayout> make_oracle_layout(const grid::Grid& grid, Moves moves, DiagonalRule rule, CellOrder order) {
    std::vector<std::uint32_t> cells;
    switch (order) {
        case CellOrder::row_major:
            cells = passable_cells(grid);
            break;
        case CellOrder::hilbert:
            core::reserve_populated(cells, grid.passable_bits().count());
            HilbertWalk(grid, cells).run();
            break;
        case CellOrder::depth_first:
            cells = with_move_rule(moves, rule, [&]<class Rule>() { return depth_first_cells<Rule>(grid); });
            break;
    }
    if (cells.size() >= kMaximumOraclePositions) {
        return Error{"", 0, 0,
                     "the map has " + std::to_string(cells.size()) + " passable cells; a path oracle holds at most " +
                         std::to_string(kMaximumOraclePositions - 1)};
    }
    const Components components = Components::compute(grid, moves, rule);
    const PassableRanks ranks(grid);
    OracleLayout layout;
    // Populated first, as every per-cell array of loading: on a fresh process each 4 KB page would
    // otherwise be a trap of its own as the loop below first writes it.
    core::assign_populated(layout.position_of_rank, cells.size(), 0U);
    core::assign_populated(layout.component_of_rank, cells.size(), 0U);
    core::assign_populated(layout.padded_of_position, cells.size(), 0U);
    for (std::uint32_t position = 0; position < cells.size(); ++position) {
        const std::uint32_t padded = grid.padded(grid::CellIndex{cells[position]}).value;
        const std::uint32_t rank = ranks.rank(padded);
        layout.padded_of_position[position] = padded;
        layout.position_of_rank[rank] = position;
        layout.component_of_rank[rank] = components.label(grid::PaddedIndex{padded});
    }
    return layout;
}

PassableRanks::PassableRanks(const grid::Grid& grid) : words_(grid.passable_bits().words()) {
    const std::size_t words = grid.passable_bits().word_count();
    before_.resize(words + 1);
    std::uint32_t count = 0;
    for (std::size_t word = 0; word < words; ++word) {
        before_[word] = count;
        count += static_cast<std::uint32_t>(std::popcount(words_[word]));
    }
    before_[words] = count;
    count_ = count;
}

namespace {

/// Sizes `scratch` for `grid` on first use: every cost unset, nothing settled.
void prepare_scratch(const grid::Grid& grid, OracleRowScratch& scratch) {
    const std::uint32_t cells = grid.padded_cell_count();
    if (scratch.cost.size() == cells) return;
    scratch.cost.assign(cells, ~grid::Cost{0});
    scratch.first_moves.assign(cells, 0);
    scratch.settled = grid::Bitset(cells);
    scratch.settled_cells.clear();
    scratch.settled_cells.reserve(grid.passable_bits().count());
}

/// Forward Dijkstra from `source_cell` over Dial's buckets, leaving in `scratch` each reached cell's
/// set of optimal first moves. A cell's set is the union of those of its optimal predecessors (the
/// source's own neighbours: the step itself), each final when it is settled: a predecessor costs at
/// least one bucket less.
template <class Rule, class CostModel>
[[gnu::flatten]] void search_first_moves(const grid::Grid& grid, std::uint32_t source_cell, OracleRowScratch& scratch) {
    grid::Cost* const cost = scratch.cost.data();
    std::uint8_t* const first_moves = scratch.first_moves.data();
    grid::Bitset& settled = scratch.settled;
    const CostModel cost_model(grid);
    const std::uint32_t padded_width = grid.padded_width();
    const auto offsets = best_first::direction_offsets(grid.layout());
    cost[source_cell] = 0;
    first_moves[source_cell] = 0;
    best_first::BucketQueue open(scratch.buckets, best_first::dearest_step(grid), cost);
    open.push_first(source_cell);
    while (!open.empty()) {
        const std::uint32_t cell = open.pop(nullptr).cell;
        if (settled.test(cell)) continue;
        settled.set(cell);
        scratch.settled_cells.push_back(cell);
        const grid::Cost here = cost[cell];
        const bool at_source = cell == source_cell;
        const unsigned inherited = first_moves[cell];
        unsigned moves = Rule::table[cost_model.neighbourhood(cell, padded_width)];
        while (moves != 0) {
            const int direction = __builtin_ctz(moves);
            moves &= moves - 1;
            const auto next = static_cast<std::uint32_t>(static_cast<std::int32_t>(cell) +
                                                         offsets[static_cast<std::size_t>(direction)]);
            // No settled test: a settled neighbour costs less than `here` plus one bucket, so the
            // candidate, at least a bucket dearer than `here`, can neither improve nor tie it.
            const grid::Cost candidate = here + cost_model.step(direction, next);
            const unsigned carried = at_source ? 1U << direction : inherited;
            if (candidate < cost[next]) {
                cost[next] = candidate;
                first_moves[next] = static_cast<std::uint8_t>(carried);
                open.push(candidate, next);
            } else if (candidate == cost[next]) {
                first_moves[next] = static_cast<std::uint8_t>(first_moves[next] | carried);
            }
        }
    }
}

/// Appends the row to `runs`: targets in position order, each run as long as one move is optimal
/// for all its targets; the source itself and unreachable targets take any move. Returns its runs.
std::size_t encode_row(const OracleLayout& layout, std::uint32_t source_cell, const OracleRowScratch& scratch,
                       std::vector<std::uint32_t>& runs) {
    const std::uint32_t* padded_of_position = layout.padded_of_position.data();
    const std::size_t positions = layout.padded_of_position.size();
    const std::size_t first_run = runs.size();
    unsigned run_moves = kAnyMove;
    std::uint32_t run_start = 0;
    for (std::uint32_t position = 0; position < positions; ++position) {
        const std::uint32_t cell = padded_of_position[position];
        const unsigned optimal =
            cell != source_cell && scratch.settled.test(cell) ? scratch.first_moves[cell] : kAnyMove;
        const unsigned shared = run_moves & optimal;
        if (shared != 0) {
            run_moves = shared;
            continue;
        }
        runs.push_back(run_start << 3 | static_cast<std::uint32_t>(__builtin_ctz(run_moves)));
        run_start = position;
        run_moves = optimal;
    }
    runs.push_back(run_start << 3 | static_cast<std::uint32_t>(__builtin_ctz(run_moves)));
    return runs.size() - first_run;
}

/// Back to the reset state in O(cells settled), not O(map): every cell given a cost was settled
/// (the search ran until its buckets were empty).
void reset_scratch(OracleRowScratch& scratch) {
    for (std::uint32_t cell : scratch.settled_cells) {
        scratch.cost[cell] = ~grid::Cost{0};
        scratch.settled.reset(cell);
    }
    scratch.settled_cells.clear();
}

}  // namespace

template <class Rule, class CostModel>
std::size_t build_row(const OracleRowBuilder& builder, std::uint32_t source, OracleRowScratch& scratch,
                      std::vector<std::uint32_t>& runs) {
    const grid::Grid& grid = *builder.grid_;
    prepare_scratch(grid, scratch);
    const std::uint32_t source_cell = builder.padded_of_rank_[source];
    search_first_moves<Rule, CostModel>(grid, source_cell, scratch);
    const std::size_t row_runs = encode_row(*builder.layout_, source_cell, scratch, runs);
    reset_scratch(scratch);
    return row_runs;
}

OracleRowBuilder::OracleRowBuilder(const grid::Grid& grid, Moves moves, DiagonalRule rule, const OracleLayout& layout)
    : grid_(&grid), layout_(&layout) {
    padded_of_rank_.resize(layout.position_of_rank.size());
    for (std::size_t rank = 0; rank < padded_of_rank_.size(); ++rank) {
        padded_of_rank_[rank] = layout.padded_of_position[layout.position_of_rank[rank]];
    }
    const bool uniform = grid.uniform_cost();
    function_ = with_move_rule(moves, rule, [uniform]<class Rule>() -> RowFunction {
        return uniform ? &build_row<Rule, best_first::UniformCost> : &build_row<Rule, best_first::TerrainCost>;
    });
}

std::size_t OracleRowBuilder::build(std::uint32_t source, OracleRowScratch& scratch,
                                    std::vector<std::uint32_t>& runs) const {
    return function_(*this, source, scratch, runs);
}

void search_oracle_first_moves(const grid::Grid& grid, Moves moves, DiagonalRule rule, std::uint32_t source_cell,
                               OracleRowScratch& scratch) {
    prepare_scratch(grid, scratch);
    const bool uniform = grid.uniform_cost();
    with_move_rule(moves, rule, [&]<class Rule>() {
        if (uniform) {
            search_first_moves<Rule, best_first::UniformCost>(grid, source_cell, scratch);
        } else {
            search_first_moves<Rule, best_first::TerrainCost>(grid, source_cell, scratch);
        }
    });
}

void reset_oracle_scratch(OracleRowScratch& scratch) { reset_scratch(scratch); }

std::vector<std::uint32_t> oracle_block_keys(std::span<const std::uint32_t> runs) {
    std::vector<std::uint32_t> keys;
    core::assign_populated(keys, (runs.size() + kOracleBlockRuns - 1) / kOracleBlockRuns, 0U);
    for (std::size_t block = 0; block < keys.size(); ++block) keys[block] = runs[block * kOracleBlockRuns];
    return keys;
}

bool oracle_lines_pay(std::span<const std::uint32_t> row_begin) {
    std::size_t long_rows = 0;
    for (std::size_t row = 0; row + 1 < row_begin.size(); ++row) {
        long_rows += row_begin[row + 1] - row_begin[row] > 4 * kOracleBlockRuns ? 1 : 0;
    }
    return row_begin.size() > 1 && long_rows * 16 <= row_begin.size() - 1;
}

std::vector<std::uint32_t> oracle_lined_row_begin(std::span<const std::uint32_t> row_begin) {
    std::vector<std::uint32_t> lined;
    core::assign_populated(lined, row_begin.size(), 0U);
    std::uint64_t words = 0;
    for (std::size_t row = 0; row + 1 < row_begin.size(); ++row) {
        lined[row] = static_cast<std::uint32_t>(words);
        words += oracle_lined_words(row_begin[row + 1] - row_begin[row]);
        if (words >= kOracleLongRow) return {};
    }
    if (!lined.empty()) lined.back() = static_cast<std::uint32_t>(words);
    return lined;
}

void line_up_oracle_rows(std::span<const std::uint32_t> row_begin, std::span<const std::uint32_t> runs,
                         std::span<const std::uint32_t> lined_row_begin, std::span<std::uint32_t> lined_runs) {
    for (std::size_t row = 0; row + 1 < row_begin.size(); ++row) {
        const auto at = lined_runs.begin() + lined_row_begin[row];
        const auto end = std::copy(runs.begin() + row_begin[row], runs.begin() + row_begin[row + 1], at);
        std::fill(end, lined_runs.begin() + lined_row_begin[row + 1], kOracleGapRun);
    }
}

std::vector<OracleRowEntry> oracle_row_entries(std::span<const std::uint32_t> row_begin,
                                               std::span<const std::uint32_t> runs) {
    std::vector<OracleRowEntry> entries;
    if (row_begin.empty() || row_begin.back() >= kOracleLongRow ||
        !std::ranges::all_of(row_begin, [](std::uint32_t begin) { return begin % kOracleBlockRuns == 0; })) {
        return entries;  // rows not on lines, or too far to mark
    }
    core::assign_populated(entries, row_begin.size() - 1);
    for (std::size_t row = 0; row + 1 < row_begin.size(); ++row) {
        const std::uint32_t begin = row_begin[row];
        const std::uint32_t words = row_begin[row + 1] - begin;
        OracleRowEntry& entry = entries[row];
        entry.begin = begin;
        if (words > 4 * kOracleBlockRuns) {
            entry.begin |= kOracleLongRow;
            entry.line_keys[0] = words;
            continue;
        }
        for (std::uint32_t line = 1; line < 4 && line * kOracleBlockRuns < words; ++line) {
            entry.line_keys[line - 1] = runs[begin + line * kOracleBlockRuns];
        }
    }
    return entries;
}

std::vector<OracleRowBlocks> oracle_row_blocks(std::span<const std::uint32_t> row_begin,
                                               std::span<const std::uint32_t> block_keys) {
    std::vector<OracleRowBlocks> rows;
    if (row_begin.size() < 2) return rows;
    core::assign_populated(rows, row_begin.size() - 1);
    for (std::size_t row = 0; row + 1 < row_begin.size(); ++row) {
        OracleRowBlocks& entry = rows[row];
        entry.begin = row_begin[row];
        entry.end = row_begin[row + 1];
        std::fill(std::begin(entry.later_keys), std::end(entry.later_keys), kOracleGapRun);
        if (entry.end == entry.begin) continue;
        const std::uint32_t first_block = entry.begin / kOracleBlockRuns;
        const std::uint32_t later_blocks = (entry.end - 1) / kOracleBlockRuns - first_block;
        if (later_blocks > kOracleRowBlockKeys) continue;  // its lookups read the block keys
        for (std::uint32_t block = 1; block <= later_blocks; ++block) {
            entry.later_keys[block - 1] = block_keys[first_block + block];
        }
    }
    return rows;
}

std::vector<OracleNarrowRowBlocks> oracle_narrow_row_blocks(std::span<const std::uint32_t> row_begin,
                                                            std::span<const std::uint32_t> block_keys,
                                                            std::span<const std::uint32_t> component_of_rank) {
    std::vector<OracleNarrowRowBlocks> rows;
    if (row_begin.size() < 2 || component_of_rank.size() + 1 != row_begin.size()) return rows;
    core::assign_populated(rows, row_begin.size() - 1);
    for (std::size_t row = 0; row + 1 < row_begin.size(); ++row) {
        OracleNarrowRowBlocks& entry = rows[row];
        const std::uint32_t runs = row_begin[row + 1] - row_begin[row];
        if (runs >= kOracleNarrowPositions || component_of_rank[row] >= kOracleNarrowPositions) return {};
        entry.begin = row_begin[row];
        entry.runs = static_cast<std::uint16_t>(runs);
        entry.component = static_cast<std::uint16_t>(component_of_rank[row]);
        std::fill(std::begin(entry.later_positions), std::end(entry.later_positions),
                  static_cast<std::uint16_t>(kOracleNarrowPositions));
        if (runs == 0) continue;
        const std::uint32_t first_block = entry.begin / kOracleBlockRuns;
        const std::uint32_t later_blocks = (entry.begin + runs - 1) / kOracleBlockRuns - first_block;
        if (later_blocks > kOracleNarrowRowBlocks) continue;  // its lookups read the block keys
        for (std::uint32_t block = 1; block <= later_blocks; ++block) {
            const std::uint32_t position = block_keys[first_block + block] >> 3;
            if (position >= kOracleNarrowPositions) return {};
            entry.later_positions[block - 1] = static_cast<std::uint16_t>(position);
        }
    }
    return rows;
}

std::vector<std::uint32_t> oracle_narrow_targets(std::span<const std::uint32_t> position_of_rank,
                                                 std::span<const std::uint32_t> component_of_rank) {
    std::vector<std::uint32_t> targets;
    if (position_of_rank.size() != component_of_rank.size()) return targets;
    core::assign_populated(targets, position_of_rank.size(), 0U);
    for (std::size_t rank = 0; rank < targets.size(); ++rank) {
        if (position_of_rank[rank] >= kOracleNarrowPositions || component_of_rank[rank] >= kOracleNarrowPositions) {
            return {};
        }
        targets[rank] = component_of_rank[rank] << 16 | position_of_rank[rank];
    }
    return targets;
}

std::span<const std::uint32_t> oracle_row_runs(const OracleTables& tables, std::uint32_t rank) {
    std::span<const std::uint32_t> row =
        tables.runs.subspan(tables.row_begin[rank], tables.row_begin[rank + 1] - tables.row_begin[rank]);
    while (!row.empty() && row.back() == kOracleGapRun) row = row.first(row.size() - 1);
    return row;
}

std::vector<std::uint8_t> oracle_legal_moves(const grid::Grid& grid, Moves moves, DiagonalRule rule) {
    return with_move_rule(moves, rule, [&]<class Rule>() {
        const grid::PaddedLayout layout = grid.layout();
        std::vector<std::uint8_t> legal;
        core::reserve_populated(legal, grid.passable_bits().count());
        for (std::uint32_t y = 0; y < grid.height(); ++y) {
            for (std::uint32_t x = 0; x < grid.width(); ++x) {
                if (!grid.passable(x, y)) continue;
                const std::uint32_t padded = layout.padded(x, y);
                const grid::Bitset& layer = grid.layer_bits(grid.layer(grid::PaddedIndex{padded}));
                legal.push_back(Rule::table[read_neighbourhood(layer, padded, layout.padded_width())]);
            }
        }
        return legal;
    });
}

Status check_oracle_row_runs(std::span<const std::uint32_t> row_begin, std::span<const std::uint32_t> runs_in,
                             std::size_t positions, Moves moves, bool lined, std::size_t first_row,
                             std::size_t last_row, std::string_view origin) {
    auto fail = [&](const std::string& message) -> Error { return Error{std::string(origin), 0, 0, message}; };
    const std::int32_t signed_limit = moves == Moves::four ? 4 : 8;
    const auto signed_positions = static_cast<std::int32_t>(positions);
    const std::uint32_t* const runs = runs_in.data();
    for (std::size_t source = first_row; source < last_row; ++source) {
        const std::uint32_t begin = row_begin[source];
        const std::uint32_t end = row_begin[source + 1];
        if (end <= begin || end > runs_in.size() || (runs[begin] >> 3) != 0) {
            return fail("row " + std::to_string(source) + " is malformed");
        }
        // Rows on lines may end in gap words, and hold nothing but gap words after the first.
        std::uint32_t filled = end;
        while (lined && filled > begin && runs[filled - 1] == kOracleGapRun) --filled;
        // Every run's move and position checked, each position above the last, the answers gathered
        // without a branch per run (a row's runs are many, and nearly always right): positions (below
        // 2^29) and moves compared as signed 32-bit numbers, which SSE2 compares four at a time.
        // (Gathered as what holds, each test a compare of its own without negation: SSE2 has only
        // "greater", so a gathered "fails" cost three more instructions every four runs.)
        std::int32_t well_formed = static_cast<std::int32_t>(runs[begin] & 7U) < signed_limit ? 1 : 0;
        for (std::uint32_t run = begin + 1; run < filled; ++run) {
            const auto move = static_cast<std::int32_t>(runs[run] & 7U);
            const auto position = static_cast<std::int32_t>(runs[run] >> 3);
            const auto last = static_cast<std::int32_t>(runs[run - 1] >> 3);
            well_formed &= static_cast<std::int32_t>(signed_limit > move) & static_cast<std::int32_t>(position > last) &
                           static_cast<std::int32_t>(signed_positions > position);
        }
        if (well_formed == 0) return fail("row " + std::to_string(source) + " has a malformed run");
    }
    return Success{};
}

Status check_oracle_rows(const OracleTables& tables, const grid::Grid& grid, std::string_view origin,
                         bool runs_checked) {
    auto fail = [&](const std::string& message) -> Error { return Error{std::string(origin), 0, 0, message}; };
    if (tables.width != grid.width() || tables.height != grid.height()) {
        return fail("built for a " + std::to_string(tables.width) + " x " + std::to_string(tables.height) +
                    " map, not " + std::to_string(grid.width()) + " x " + std::to_string(grid.height()));
    }
    const std::size_t positions = tables.position_of_rank.size();
    if (tables.ranks == nullptr || tables.ranks->count() != positions || tables.component_of_rank.size() != positions ||
        tables.row_begin.size() != positions + 1 || tables.legal_moves.size() != positions ||
        positions >= kMaximumOraclePositions) {
        return fail("its tables do not match the map's passable cells");
    }
    const bool lined = !tables.row_entries.empty();
    if (tables.row_begin[0] != 0 || tables.row_begin[positions] != tables.runs.size()) {
        return fail("its row index does not cover its runs");
    }
    if (!runs_checked) {
        if (Status rows = check_oracle_row_runs(tables.row_begin, tables.runs, positions, tables.moves, lined, 0,
                                                positions, origin);
            !rows) {
            return rows;
        }
    }
    if (lined) {
        // Lookups through the entries read the line an entry names, and the block keys for long rows.
        if (tables.row_entries.size() != positions ||
            !std::ranges::equal(tables.row_entries, oracle_row_entries(tables.row_begin, tables.runs)) ||
            !std::ranges::equal(tables.block_keys, oracle_block_keys(tables.runs))) {
            return fail("its row entries do not match its rows");
        }
    }
    return Success{};
}

Status check_oracle_tables(const OracleTables& tables, const grid::Grid& grid, std::string_view origin) {
    if (Status rows = check_oracle_rows(tables, grid, origin); !rows) return rows;
    auto fail = [&](const std::string& message) -> Error { return Error{std::string(origin), 0, 0, message}; };
    const std::size_t positions = tables.position_of_rank.size();
    std::vector<bool> seen(positions, false);
    for (std::uint32_t position : tables.position_of_rank) {
        if (position >= positions || seen[position])
            return fail("its cell order is not a permutation of the passable cells");
        seen[position] = true;
    }
    // The component labels decide "unreachable" without a search, so they must group the cells as
    // the map's own components do: each map label has one stored label, no two the same, whatever
    // the stored numbers are.
    const Components components = Components::compute(grid, tables.moves, tables.diagonal);
    constexpr auto kUnseen = std::numeric_limits<std::uint64_t>::max();
    std::vector<std::uint64_t> stored_of_map(std::size_t{components.count()} + 1, kUnseen);
    const grid::PaddedLayout layout = grid.layout();
    std::uint32_t rank = 0;
    for (std::uint32_t y = 0; y < grid.height(); ++y) {
        for (std::uint32_t x = 0; x < grid.width(); ++x) {
            if (!grid.passable(x, y)) continue;
            const std::uint32_t stored = tables.component_of_rank[rank++];
            std::uint64_t& expected = stored_of_map[components.label(grid::PaddedIndex{layout.padded(x, y)})];
            if (expected == kUnseen) expected = stored;
            if (expected != stored) return fail("its component labels do not match the map's connected areas");
        }
    }
    std::sort(stored_of_map.begin(), stored_of_map.end());
    const auto seen_end = std::lower_bound(stored_of_map.begin(), stored_of_map.end(), kUnseen);
    if (std::adjacent_find(stored_of_map.begin(), seen_end) != seen_end) {
        return fail("its component labels do not match the map's connected areas");
    }
    return Success{};
}

namespace {

/// The instructions a copy of the query code is compiled for (search/oracle_instructions.hpp): plain
/// C++ (and SSE2), with POPCNT for ranks, or with POPCNT and AVX-512 (a row's window of runs compared
/// sixteen at a time).
using Instructions = OracleInstructions;

/// Oracles whose rows and row index fill more than this are followed with the rows ahead fetched
/// early (follow's kPrefetch): smaller ones stay in the second-level cache, where the fetches
/// would only cost instructions (measured: docs/path-oracle.md, "How a query is answered").
constexpr std::size_t kPrefetchAboveBytes = std::size_t{1} << 20;

/// Rows are searched by halving down to this many runs, then counted in one pass (move_in_runs).
constexpr std::size_t kCountedRuns = 16;
static_assert(kCountedRuns * sizeof(std::uint32_t) <= kOracleRunSlack, "a counted window may start at the last run");

/// Narrows the `count` runs from `base` by branch-free halving to at most `window`, keeping base[0]
/// a run that starts at or before `key`'s position (the search key of move_in_runs).
[[gnu::always_inline]] inline void halve_runs(const std::uint32_t*& base, std::size_t& count, std::uint32_t key,
                                              std::size_t window) {
    while (count > window) {
        const std::size_t half = count / 2;
        base = base[half] <= key ? base + half : base;
        count -= half;
    }
}

/// The direction of the last of the `count` runs from `base` that starts at or before position
/// `target`, the first of them starting at position 0 (a row). Halving steps (branch-free) narrow
/// the runs to at most kCountedRuns, and the runs of that window starting at or before `target` are
/// then counted, every comparison independent of the others (four at a time with SSE2), instead of
/// four more halvings, each waiting for the load before it. The window reads kCountedRuns runs from
/// where it starts, into the slack after the last run at the very end.
[[gnu::always_inline]] inline std::uint8_t move_in_runs(const std::uint32_t* base, std::size_t count,
                                                        std::uint32_t target) {
    const std::uint32_t key = (target << 3) | 7U;
    halve_runs(base, count, key, kCountedRuns);
    // base[0] starts at or before `target` (the row's first run starts at position 0, and the
    // halving keeps that), so at least one run is counted. The window's runs ascend up to `count`
    // (the words after it belong to the next row, or are slack): the runs counted are those before
    // the first that starts after `target`, or all `count`.
#if SWARMPATH_SSE2
    const __m128i bias = _mm_set1_epi32(static_cast<int>(0x80000000U));  // unsigned order as signed
    const __m128i keys = _mm_set1_epi32(static_cast<int>(key ^ 0x80000000U));
    unsigned after = 1U << count;
    for (std::size_t quarter = 0; quarter < kCountedRuns / 4; ++quarter) {
        const __m128i words =
            _mm_xor_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(base + 4 * quarter)), bias);
        after |= static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpgt_epi32(words, keys))))
                 << (4 * quarter);
    }
    const auto before = static_cast<unsigned>(std::countr_zero(after));
#else
    std::uint32_t before = 0;
    for (std::size_t run = 0; run < kCountedRuns; ++run) {
        before += static_cast<std::uint32_t>(run < count) & static_cast<std::uint32_t>(base[run] <= key);
    }
#endif
    return static_cast<std::uint8_t>(base[before - 1] & 7U);
}

#if SWARMPATH_AVX512_CLONE
/// Rows are searched by halving down to this many runs in the AVX-512 copy: most rows are shorter,
/// so most lookups take no halving step (and no mispredicted loop exit) at all.
constexpr std::size_t kWideCountedRuns = 64;

/// move_in_runs with AVX-512: the window's runs compared with the key sixteen at a time, unsigned,
/// into a mask of those starting at or before `target`; the runs of a row ascend, so the runs
/// counted are the mask's set bits. Lanes past the window's `count` runs are masked off, loads
/// included, so the window never reads past its row (no slack needed, no line of the next row
/// fetched). Windows of at most 32 runs compare two parts, not four: always four cost den312d
/// (rows of 16 runs on average) 20% per lookup, always two cost brc202d (29) 10% on single lookups.
[[gnu::target("avx512f,bmi2,popcnt")]] inline std::uint8_t move_in_runs_avx512(const std::uint32_t* base,
                                                                               std::size_t count,
                                                                               std::uint32_t target) {
    const std::uint32_t key = (target << 3) | 7U;
    halve_runs(base, count, key, kWideCountedRuns);
    const __m512i keys = _mm512_set1_epi32(static_cast<int>(key));
    const std::uint64_t lanes = _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(count));
    std::uint64_t at_or_before = 0;
    const unsigned parts = count > 32 ? 4U : 2U;
    for (unsigned part = 0; part < parts; ++part) {
        const auto part_lanes = static_cast<__mmask16>(lanes >> (16 * part));
        const __m512i words = _mm512_maskz_loadu_epi32(part_lanes, base + 16 * part);
        at_or_before |= std::uint64_t{_mm512_mask_cmple_epu32_mask(part_lanes, words, keys)} << (16 * part);
    }
    return static_cast<std::uint8_t>(base[std::popcount(at_or_before) - 1] & 7U);
}
#endif

#if SWARMPATH_AVX512_CLONE
/// The block of the row of runs [begin, begin + count) that holds the last run starting at or before
/// `key` (a search key of move_in_runs): the row's first block, or the last block starting inside
/// the row whose key (oracle_block_keys) is at most `key`. The keys of the blocks inside a row
/// ascend, so the blocks passed are counted, sixteen keys to a compare.
[[gnu::target("avx512f,bmi2,popcnt")]] inline std::uint32_t block_of_key_avx512(const std::uint32_t* block_keys,
                                                                                std::uint32_t begin,
                                                                                std::uint32_t count,
                                                                                std::uint32_t key) {
    const std::uint32_t first_block = begin / kOracleBlockRuns;
    std::uint32_t later_blocks = (begin + count - 1) / kOracleBlockRuns - first_block;
    const std::uint32_t* keys = block_keys + first_block + 1;
    const __m512i search_keys = _mm512_set1_epi32(static_cast<int>(key));
    std::uint32_t block = first_block;
    // Rows of more than sixteen blocks (256 runs or more) are rare: all but their last sixteen keys
    // in a loop, the rest (every key of most rows, none of a row within one block) without a branch.
    while (later_blocks > 16) [[unlikely]] {
            const __m512i words = _mm512_loadu_si512(keys);
            block += static_cast<std::uint32_t>(
                std::popcount(static_cast<unsigned>(_mm512_cmple_epu32_mask(words, search_keys))));
            keys += 16;
            later_blocks -= 16;
        }
    const auto lanes = static_cast<__mmask16>(_bzhi_u32(0xFFFFU, later_blocks));
    const __m512i words = _mm512_maskz_loadu_epi32(lanes, keys);
    return block + static_cast<std::uint32_t>(
                       std::popcount(static_cast<unsigned>(_mm512_mask_cmple_epu32_mask(lanes, words, search_keys))));
}

/// The direction of the last run of the row [begin, begin + count) starting at or before `key`,
/// found in `block` (block_of_key_avx512): the block's runs that belong to the row, compared at once.
[[gnu::target("avx512f,bmi2,popcnt")]] inline std::uint8_t move_in_block_avx512(
    const std::uint32_t* runs, std::uint32_t begin, std::uint32_t count, std::uint32_t block, std::uint32_t key) {
    const std::uint32_t block_begin = block * kOracleBlockRuns;
    const std::uint32_t low = std::max(begin, block_begin) - block_begin;
    const std::uint32_t high = std::min(begin + count, block_begin + kOracleBlockRuns) - block_begin;
    const auto lanes = static_cast<__mmask16>(_bzhi_u32(0xFFFFU, high) & ~_bzhi_u32(0xFFFFU, low));
    const __m512i words = _mm512_maskz_loadu_epi32(lanes, runs + block_begin);
    const auto at_or_before =
        static_cast<unsigned>(_mm512_mask_cmple_epu32_mask(lanes, words, _mm512_set1_epi32(static_cast<int>(key))));
    const std::uint32_t last = block_begin + low + static_cast<std::uint32_t>(std::popcount(at_or_before)) - 1;
    return static_cast<std::uint8_t>(runs[last] & 7U);
}
#endif

/// move_in_runs in the copy's instructions.
template <Instructions kInstructions>
[[gnu::always_inline]] inline std::uint8_t move_in_window(const std::uint32_t* base, std::size_t count,
                                                          std::uint32_t target) {
#if SWARMPATH_AVX512_CLONE
    if constexpr (kInstructions == Instructions::avx512) return move_in_runs_avx512(base, count, target);
#endif
    return move_in_runs(base, count, target);
}

/// The first run of the row of rank `source`.
[[gnu::always_inline]] inline const std::uint32_t* row_start(const OracleTables& tables, std::uint32_t source) {
    return tables.runs.data() + tables.row_begin[source];
}

/// Asks for the cache lines from `begin` up to `end`, at most `limit` of them.
[[gnu::always_inline]] inline void prefetch_lines(const void* begin, const void* end, int limit) {
    const auto* line = static_cast<const char*>(begin);
    for (int lines = 0; line < static_cast<const char*>(end) && lines < limit; ++lines, line += 64) {
        __builtin_prefetch(line);
    }
}

/// The direction of the stored first move from the cell of rank `source` towards the cell at
/// position `target`: that of the last run of the row starting at or before `target`. Meaningful
/// only for two distinct cells of one component.
template <Instructions kInstructions>
[[gnu::always_inline]] inline std::uint8_t move_in_row(const OracleTables& tables, std::uint32_t source,
                                                       std::uint32_t target) {
    return move_in_window<kInstructions>(row_start(tables, source),
                                         tables.row_begin[source + 1] - tables.row_begin[source], target);
}

/// A rank with the POPCNT instruction (in the copy compiled for it) or PassableRanks' own count.
template <Instructions kInstructions>
[[gnu::always_inline]] inline std::uint32_t rank_of(const PassableRanks& ranks, std::uint32_t cell) {
    if constexpr (kInstructions != Instructions::plain) {
        return ranks.count_before(cell) + static_cast<std::uint32_t>(std::popcount(ranks.bits_below(cell)));
    } else {
        return ranks.rank(cell);
    }
}

#if SWARMPATH_SSE2
/// Bit i set where words[i] <= key (unsigned order), for the sixteen words from `words` (all
/// readable): four compares of four words, unsigned order as signed after flipping the top bit.
[[gnu::always_inline]] inline unsigned sixteen_at_or_before_sse2(const std::uint32_t* words, std::uint32_t key) {
    const __m128i bias = _mm_set1_epi32(static_cast<int>(0x80000000U));
    const __m128i keys = _mm_set1_epi32(static_cast<int>(key ^ 0x80000000U));
    unsigned after = 0;
    for (unsigned quarter = 0; quarter < 4; ++quarter) {
        const __m128i four =
            _mm_xor_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(words + 4 * quarter)), bias);
        after |= static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpgt_epi32(four, keys)))) << (4 * quarter);
    }
    return ~after & 0xFFFFU;
}

/// block_of_key_avx512 with SSE2, for the other copies: the same blocks counted, sixteen keys to a
/// sixteen_at_or_before_sse2. The row's last keys are read from a copy where sixteen words from
/// them would pass the end of `block_keys` (the last rows of the runs).
[[gnu::always_inline]] inline std::uint32_t block_of_key_sse2(std::span<const std::uint32_t> block_keys,
                                                              std::uint32_t begin, std::uint32_t count,
                                                              std::uint32_t key) {
    const std::uint32_t first_block = begin / kOracleBlockRuns;
    std::uint32_t later_blocks = (begin + count - 1) / kOracleBlockRuns - first_block;
    const std::uint32_t* keys = block_keys.data() + first_block + 1;
    std::uint32_t block = first_block;
    while (later_blocks > 16) [[unlikely]] {
            block += static_cast<std::uint32_t>(std::popcount(sixteen_at_or_before_sse2(keys, key)));
            keys += 16;
            later_blocks -= 16;
        }
    std::uint32_t near_end[16];
    if (keys + 16 > block_keys.data() + block_keys.size()) [[unlikely]] {
        std::copy(keys, keys + later_blocks, near_end);
        keys = near_end;
    }
    const unsigned lanes = (1U << later_blocks) - 1U;
    return block + static_cast<std::uint32_t>(std::popcount(sixteen_at_or_before_sse2(keys, key) & lanes));
}

/// move_in_block_avx512 with SSE2: the block's sixteen words read whole (the runs' slack covers a last
/// block that ends early), those of the row counted.
[[gnu::always_inline]] inline std::uint8_t move_in_block_sse2(const std::uint32_t* runs, std::uint32_t begin,
                                                              std::uint32_t count, std::uint32_t block,
                                                              std::uint32_t key) {
    const std::uint32_t block_begin = block * kOracleBlockRuns;
    const std::uint32_t low = std::max(begin, block_begin) - block_begin;
    const std::uint32_t high = std::min(begin + count, block_begin + kOracleBlockRuns) - block_begin;
    const unsigned lanes = ((1U << high) - 1U) & ~((1U << low) - 1U);
    const unsigned at_or_before = sixteen_at_or_before_sse2(runs + block_begin, key) & lanes;
    const std::uint32_t last = block_begin + low + static_cast<std::uint32_t>(std::popcount(at_or_before)) - 1;
    return static_cast<std::uint8_t>(runs[last] & 7U);
}

/// move_in_line_avx512 with SSE2.
[[gnu::always_inline]] inline std::uint8_t move_in_line_sse2(const std::uint32_t* line, std::uint32_t key) {
    return static_cast<std::uint8_t>(line[std::popcount(sixteen_at_or_before_sse2(line, key)) - 1] & 7U);
}
#endif

#if SWARMPATH_AVX512_CLONE
/// The direction of the last run of `line` (line_of_key) starting at or before `key`: the
/// line's sixteen words compared at once (gap words never count).
[[gnu::target("avx512f,bmi2,popcnt")]] inline std::uint8_t move_in_line_avx512(const std::uint32_t* line,
                                                                               std::uint32_t key) {
    const __m512i words = _mm512_loadu_si512(line);
    const auto at_or_before =
        static_cast<unsigned>(_mm512_cmple_epu32_mask(words, _mm512_set1_epi32(static_cast<int>(key))));
    return static_cast<std::uint8_t>(line[std::popcount(at_or_before) - 1] & 7U);
}
#endif

#if SWARMPATH_AVX512_CLONE
inline constexpr bool kAvx512Copy = true;
#else
inline constexpr bool kAvx512Copy = false;
#endif
#if SWARMPATH_SSE2
inline constexpr bool kSse2Helpers = true;
#else
inline constexpr bool kSse2Helpers = false;
#endif
/// Whether copy kInstructions reads rows through their block keys and row entries (one block or line
/// of a row): the AVX-512 copy with its own instructions, the others with SSE2 where the build has
/// it; without, they read whole rows whatever reading is asked.
template <Instructions kInstructions>
inline constexpr bool kReadsBlocks = kInstructions == Instructions::avx512 ? kAvx512Copy : kSse2Helpers;

/// The block of a row holding a key's run (block_of_key_avx512) in the copy's instructions.
template <Instructions kInstructions>
[[gnu::always_inline]] inline std::uint32_t block_of_key(const OracleTables& tables, std::uint32_t begin,
                                                         std::uint32_t count, std::uint32_t key) {
#if SWARMPATH_AVX512_CLONE
    if constexpr (kInstructions == Instructions::avx512) {
        return block_of_key_avx512(tables.block_keys.data(), begin, count, key);
    }
#endif
#if SWARMPATH_SSE2
    if constexpr (kInstructions != Instructions::avx512) return block_of_key_sse2(tables.block_keys, begin, count, key);
#endif
    (void)tables, (void)begin, (void)count, (void)key;
    return 0;  // never taken: lookups read blocks only where kReadsBlocks
}

/// The direction of a key's run in its block (move_in_block_avx512) in the copy's instructions.
template <Instructions kInstructions>
[[gnu::always_inline]] inline std::uint8_t move_in_block(const std::uint32_t* runs, std::uint32_t begin,
                                                         std::uint32_t count, std::uint32_t block, std::uint32_t key) {
#if SWARMPATH_AVX512_CLONE
    if constexpr (kInstructions == Instructions::avx512) return move_in_block_avx512(runs, begin, count, block, key);
#endif
#if SWARMPATH_SSE2
    if constexpr (kInstructions != Instructions::avx512) return move_in_block_sse2(runs, begin, count, block, key);
#endif
    (void)runs, (void)begin, (void)count, (void)block, (void)key;
    return 0;  // never taken, as above
}

/// The direction of a key's run in its line (move_in_line_avx512) in the copy's instructions.
template <Instructions kInstructions>
[[gnu::always_inline]] inline std::uint8_t move_in_line(const std::uint32_t* line, std::uint32_t key) {
#if SWARMPATH_AVX512_CLONE
    if constexpr (kInstructions == Instructions::avx512) return move_in_line_avx512(line, key);
#endif
#if SWARMPATH_SSE2
    if constexpr (kInstructions != Instructions::avx512) return move_in_line_sse2(line, key);
#endif
    (void)line, (void)key;
    return 0;  // never taken, as above
}

/// move_in_row through the row's block keys (block_of_key, then move_in_block), for one lookup on
/// its own. The row's lines are fetched as well while the keys come: that costs the call no wait,
/// and the next lookups from the same source (an agent asking again) find the row in cache.
template <Instructions kInstructions>
[[gnu::always_inline]] inline std::uint8_t move_in_row_by_keys(const OracleTables& tables, std::uint32_t source,
                                                               std::uint32_t target) {
    const std::uint32_t begin = tables.row_begin[source];
    const std::uint32_t count = tables.row_begin[source + 1] - begin;
    prefetch_lines(tables.runs.data() + begin, tables.runs.data() + begin + count, 8);
    const std::uint32_t key = (target << 3) | 7U;
    const std::uint32_t block = block_of_key<kInstructions>(tables, begin, count, key);
    return move_in_block<kInstructions>(tables.runs.data(), begin, count, block, key);
}

/// The line of the row of `entry` (OracleTables::row_entries) that holds the last run starting at or
/// before `key` (a search key of move_in_runs): from the entry's keys, or for a row of more than four
/// lines from the block keys. The row's first line starts at position 0, and a later line is taken
/// only when its first run is at or before `key`, so the line holds at least one run counted.
template <Instructions kInstructions>
[[gnu::always_inline]] inline const std::uint32_t* line_of_key(const OracleTables& tables, const OracleRowEntry& entry,
                                                               std::uint32_t key) {
    if ((entry.begin & kOracleLongRow) != 0) [[unlikely]] {
        const std::uint32_t begin = entry.begin & ~kOracleLongRow;
        return tables.runs.data() +
               std::size_t{block_of_key<kInstructions>(tables, begin, entry.line_keys[0], key)} * kOracleBlockRuns;
    }
    const std::uint32_t later_lines = static_cast<std::uint32_t>(entry.line_keys[0] <= key) +
                                      static_cast<std::uint32_t>(entry.line_keys[1] <= key) +
                                      static_cast<std::uint32_t>(entry.line_keys[2] <= key);
    return tables.runs.data() + entry.begin + kOracleBlockRuns * later_lines;
}

/// Whether a lookup between the cells of ranks `source` and `target` has no move: one cell, or two
/// components (`component`: OracleTables::component_of_rank).
[[gnu::always_inline]] inline bool ends_apart(const std::uint32_t* component, std::uint32_t source,
                                              std::uint32_t target) {
    return source == target || component[source] != component[target];
}

/// The first move of an oracle lookup between two passable padded cells, or -1 when they are the
/// same cell or lie in different components; the AVX-512 copy reads the row's block keys first when
/// `kReading` says so, and otherwise the whole row (rows on lines too: see QueryFunctions::lookup_with).
template <Instructions kInstructions, OracleRowReading kReading = OracleRowReading::whole_rows>
[[gnu::always_inline]] inline int lookup(const OracleTables& tables, std::uint32_t source, std::uint32_t target) {
    const PassableRanks& ranks = *tables.ranks;
    const std::uint32_t source_rank = rank_of<kInstructions>(ranks, source);
    const std::uint32_t target_rank = rank_of<kInstructions>(ranks, target);
    if (ends_apart(tables.component_of_rank.data(), source_rank, target_rank)) return -1;
    if constexpr (kReading == OracleRowReading::block_keys && kReadsBlocks<kInstructions>) {
        return move_in_row_by_keys<kInstructions>(tables, source_rank, tables.position_of_rank[target_rank]);
    }
    return move_in_row<kInstructions>(tables, source_rank, tables.position_of_rank[target_rank]);
}

/// Lookups go through oracle_lookups this many at a time: enough for the fetches of one group to
/// overlap, few enough that its lines stay in the first-level cache until they are searched.
constexpr std::size_t kLookupGroup = 16;
/// The same through block keys, where each lookup waits on two fetches one after the other (its
/// keys, then its block) and reads two lines: more lookups a group overlap more of those waits.
/// Measured (random lookups, batched): Berlin_1_256 16.4 -> 14.3 -> 12.7 -> 13.2 ns and AR0011SR
/// 27.7 -> 23.2 -> 20.9 -> 21.1 ns with groups of 16, 32, 64 and 128; the whole-row reading gained
/// nothing past 16 (brc202d 12.9, 12.6, 13.0 ns with 16, 32, 64). Lookups through the row entries
/// (rows on lines) go 64 at a time as well: each waits on its entry, then its line (brc202d 11.4-11.7,
/// 10.2-10.3 and 10.1 ns with 32, 64 and 128, measured when both layouts were in memory).
constexpr std::size_t kBlockLookupGroup = 64;

/// The last pass of the lookups through blocks: each lookup of `group` answered from its block
/// (move_in_block, its row [begin, begin + count)), or -1 for two ends of one rank or of two
/// components.
template <Instructions kInstructions>
[[gnu::always_inline]] inline void answer_from_blocks(const OracleTables& tables, const std::uint32_t* source_rank,
                                                      const std::uint32_t* target_rank, const std::uint32_t* begin,
                                                      const std::uint32_t* count, const std::uint32_t* block,
                                                      const std::uint32_t* key, std::int8_t* moves, std::size_t group) {
    const std::uint32_t* const runs = tables.runs.data();
    const std::uint32_t* const component = tables.component_of_rank.data();
    for (std::size_t index = 0; index < group; ++index) {
        const bool apart = ends_apart(component, source_rank[index], target_rank[index]);
        moves[index] = apart ? std::int8_t{-1}
                             : static_cast<std::int8_t>(move_in_block<kInstructions>(runs, begin[index], count[index],
                                                                                     block[index], key[index]));
    }
}

/// The passes of lookups() after the first, for one group of `group` lookups on a large file: fetch
/// the keys of the blocks that start inside each source row (and the row's first block, without a
/// branch on which one the row needs), then choose each lookup's block (block_of_key) and fetch
/// it, then search it.
template <Instructions kInstructions>
[[gnu::always_inline]] inline void lookups_in_blocks(const OracleTables& tables, const std::uint32_t* source_rank,
                                                     const std::uint32_t* target_rank, std::int8_t* moves,
                                                     std::size_t group) {
    const std::uint32_t* const runs = tables.runs.data();
    const std::uint32_t* const block_keys = tables.block_keys.data();
    const std::uint32_t* const row_begin = tables.row_begin.data();
    const std::uint32_t* const position = tables.position_of_rank.data();
    std::uint32_t begin[kBlockLookupGroup];
    std::uint32_t count[kBlockLookupGroup];
    std::uint32_t key[kBlockLookupGroup];
    std::uint32_t block[kBlockLookupGroup];
    for (std::size_t index = 0; index < group; ++index) {
        begin[index] = row_begin[source_rank[index]];
        count[index] = row_begin[source_rank[index] + 1] - begin[index];
        __builtin_prefetch(runs + begin[index]);
        __builtin_prefetch(block_keys + begin[index] / kOracleBlockRuns + 1);
        __builtin_prefetch(block_keys + (begin[index] + count[index] - 1) / kOracleBlockRuns);
    }
    for (std::size_t index = 0; index < group; ++index) {
        key[index] = (position[target_rank[index]] << 3) | 7U;
        block[index] = block_of_key<kInstructions>(tables, begin[index], count[index], key[index]);
        __builtin_prefetch(runs + block[index] * kOracleBlockRuns);
    }
    answer_from_blocks<kInstructions>(tables, source_rank, target_rank, begin, count, block, key, moves, group);
}

/// The passes of lookups() after the first through the row entries, for one group of `group`
/// lookups: choose each lookup's line from its row's entry (line_of_key) and fetch it, then
/// compare it: one line of runs per lookup, found without reading the row.
template <Instructions kInstructions>
[[gnu::always_inline]] inline void lookups_in_lines(const OracleTables& tables, const std::uint32_t* source_rank,
                                                    const std::uint32_t* target_rank, std::int8_t* moves,
                                                    std::size_t group) {
    const std::uint32_t* const component = tables.component_of_rank.data();
    const std::uint32_t* const position = tables.position_of_rank.data();
    const std::uint32_t* line[kBlockLookupGroup];
    std::uint32_t key[kBlockLookupGroup];
    for (std::size_t index = 0; index < group; ++index) {
        key[index] = (position[target_rank[index]] << 3) | 7U;
        line[index] = line_of_key<kInstructions>(tables, tables.row_entries[source_rank[index]], key[index]);
        __builtin_prefetch(line[index]);
    }
    for (std::size_t index = 0; index < group; ++index) {
        const bool apart = ends_apart(component, source_rank[index], target_rank[index]);
        const std::uint8_t move = move_in_line<kInstructions>(line[index], key[index]);
        moves[index] = apart ? std::int8_t{-1} : static_cast<std::int8_t>(move);
    }
}

#if SWARMPATH_AVX512_CLONE
/// The same through narrow row blocks, whose passes of two groups interleave (narrow_row_block_lookups):
/// Berlin_1_256, in one process against the wide entries, 0.84 of their time with groups of 32 or 48,
/// 0.88 with 64, 1.02 with 128 and 1.05-1.08 with 16.
constexpr std::size_t kNarrowLookupGroup = 32;

/// lookups_in_blocks through the rows' OracleRowBlocks (OracleTables::row_blocks): each
/// lookup's entry, fetched in the first pass, names its row and, compared with the search key at
/// once, its block, which is fetched and then searched; a row spanning more blocks than an entry
/// holds takes its block from the block keys.
[[gnu::target("avx512f,bmi2,popcnt")]] inline void lookups_in_row_blocks_avx512(const OracleTables& tables,
                                                                                const std::uint32_t* source_rank,
                                                                                const std::uint32_t* target_rank,
                                                                                std::int8_t* moves, std::size_t group) {
    const std::uint32_t* const runs = tables.runs.data();
    const OracleRowBlocks* const row_blocks = tables.row_blocks.data();
    const std::uint32_t* const position = tables.position_of_rank.data();
    std::uint32_t begin[kBlockLookupGroup];
    std::uint32_t count[kBlockLookupGroup];
    std::uint32_t key[kBlockLookupGroup];
    std::uint32_t block[kBlockLookupGroup];
    for (std::size_t index = 0; index < group; ++index) {
        const OracleRowBlocks& row = row_blocks[source_rank[index]];
        begin[index] = row.begin;
        count[index] = row.end - row.begin;
        key[index] = (position[target_rank[index]] << 3) | 7U;
        const std::uint32_t first_block = row.begin / kOracleBlockRuns;
        if ((row.end - 1) / kOracleBlockRuns - first_block <= kOracleRowBlockKeys) [[likely]] {
            // Lanes 0 and 1 hold the row's bounds, not keys: masked off.
            const __m512i words = _mm512_load_si512(&row);
            const auto passed = static_cast<unsigned>(
                _mm512_mask_cmple_epu32_mask(0xFFFC, words, _mm512_set1_epi32(static_cast<int>(key[index]))));
            block[index] = first_block + static_cast<std::uint32_t>(std::popcount(passed));
        } else {
            block[index] = block_of_key<Instructions::avx512>(tables, begin[index], count[index], key[index]);
        }
        __builtin_prefetch(runs + block[index] * kOracleBlockRuns);
    }
    answer_from_blocks<Instructions::avx512>(tables, source_rank, target_rank, begin, count, block, key, moves, group);
}

/// The second pass of the lookups through the rows' OracleNarrowRowBlocks
/// (OracleTables::narrow_row_blocks), as lookups_in_row_blocks_avx512's through the wide ones: the
/// entry's words widened to sixteen lanes and compared with the target's position (from
/// OracleTables::narrow_targets, with its component); `apart` for two ends of one rank or of two
/// components, whose lookups are answered -1.
[[gnu::target("avx512f,bmi2,popcnt")]] inline void choose_narrow_row_blocks_avx512(
    const OracleTables& tables, const std::uint32_t* source_rank, const std::uint32_t* target_rank, std::size_t group,
    std::uint32_t* begin, std::uint32_t* count, std::uint32_t* key, std::uint32_t* block, bool* apart) {
    const std::uint32_t* const runs = tables.runs.data();
    const OracleNarrowRowBlocks* const row_blocks = tables.narrow_row_blocks.data();
    const std::uint32_t* const targets = tables.narrow_targets.data();
    for (std::size_t index = 0; index < group; ++index) {
        const OracleNarrowRowBlocks& row = row_blocks[source_rank[index]];
        const std::uint32_t target_word = targets[target_rank[index]];
        const std::uint32_t target = target_word & 0xFFFFU;
        apart[index] = source_rank[index] == target_rank[index] || row.component != target_word >> 16;
        begin[index] = row.begin;
        count[index] = row.runs;
        key[index] = (target << 3) | 7U;
        const std::uint32_t first_block = row.begin / kOracleBlockRuns;
        if ((row.begin + row.runs - 1) / kOracleBlockRuns - first_block <= kOracleNarrowRowBlocks) [[likely]] {
            // Lanes 0 to 3 hold the row's first word, run count and component, not positions.
            const __m512i words =
                _mm512_maskz_cvtepu16_epi32(0xFFFF, _mm256_load_si256(reinterpret_cast<const __m256i*>(&row)));
            const auto passed = static_cast<unsigned>(
                _mm512_mask_cmple_epu32_mask(0xFFF0, words, _mm512_set1_epi32(static_cast<int>(target))));
            block[index] = first_block + static_cast<std::uint32_t>(std::popcount(passed));
        } else {
            block[index] = block_of_key_avx512(tables.block_keys.data(), begin[index], count[index], key[index]);
        }
        __builtin_prefetch(runs + block[index] * kOracleBlockRuns);
    }
}

/// The last pass through narrow row blocks: each lookup of `group` answered from its block
/// (move_in_block_avx512), or -1 where choose_narrow_row_blocks_avx512 found it `apart`.
[[gnu::target("avx512f,bmi2,popcnt")]] inline void answer_from_narrow_blocks_avx512(
    const OracleTables& tables, const std::uint32_t* begin, const std::uint32_t* count, const std::uint32_t* block,
    const std::uint32_t* key, const bool* apart, std::int8_t* moves, std::size_t group) {
    const std::uint32_t* const runs = tables.runs.data();
    for (std::size_t index = 0; index < group; ++index) {
        moves[index] = apart[index] ? std::int8_t{-1}
                                    : static_cast<std::int8_t>(move_in_block_avx512(runs, begin[index], count[index],
                                                                                    block[index], key[index]));
    }
}

#endif

#if SWARMPATH_AVX512_CLONE
/// Whether the processor counts the bits of eight 64-bit lanes in one instruction (AVX-512 VPOPCNTDQ,
/// beside AVX-512F), which ranking sixteen requests at once needs (rank_requests_by_lanes); the
/// AVX-512 copy ranks them one at a time without it.
bool processor_counts_lanes() {
    static const bool counts = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx512f") != 0 && __builtin_cpu_supports("avx512vpopcntdq") != 0;
    }();
    return counts;
}

// GCC 12 reads the self-initialised placeholder its AVX-512 headers pass to unmasked intrinsics
// (_mm512_undefined_epi32) as "may be used uninitialized" once they are inlined: a false alarm.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

/// The ranks of sixteen padded cells (PassableRanks::rank) and which of them are passable: each
/// cell's passability word and the count before it gathered, the word's bits below the cell counted.
[[gnu::target("avx512f,avx512vpopcntdq"), gnu::always_inline]] inline __m512i rank_lanes(const PassableRanks& ranks,
                                                                                         __m512i cells,
                                                                                         __mmask16& passable) {
    const __m512i word_index = _mm512_srli_epi32(cells, 6);
    const __m512i bit = _mm512_and_si512(cells, _mm512_set1_epi32(63));
    const __m512i one = _mm512_set1_epi64(1);
    __m512i below[2];  // eight 64-bit words a vector: cells 0-7, then 8-15
    unsigned passable_bits = 0;
    for (int half = 0; half < 2; ++half) {
        const __m256i half_index =
            half == 0 ? _mm512_castsi512_si256(word_index) : _mm512_extracti64x4_epi64(word_index, 1);
        const __m256i half_bit = half == 0 ? _mm512_castsi512_si256(bit) : _mm512_extracti64x4_epi64(bit, 1);
        const __m512i words = _mm512_i32gather_epi64(half_index, ranks.words(), 8);
        const __m512i own = _mm512_sllv_epi64(one, _mm512_cvtepu32_epi64(half_bit));
        passable_bits |= static_cast<unsigned>(_mm512_test_epi64_mask(words, own)) << (8 * half);
        below[half] = _mm512_popcnt_epi64(_mm512_and_si512(words, _mm512_sub_epi64(own, one)));
    }
    passable = static_cast<__mmask16>(passable_bits);
    const __m512i counted =
        _mm512_inserti64x4(_mm512_zextsi256_si512(_mm512_cvtepi64_epi32(below[0])), _mm512_cvtepi64_epi32(below[1]), 1);
    return _mm512_add_epi32(_mm512_i32gather_epi32(word_index, ranks.counts_before(), 4), counted);
}

/// RequestEndpoints::ranks_of for requests [0, count) sixteen at a time, into source_rank and
/// target_rank from index 0; returns how many it ranked (a multiple of sixteen: the rest are left).
/// The requests' four coordinates are gathered into a vector each, checked against the map together
/// and turned into cells with one multiply a vector (cell 0, padding, off the map), both ends ranked
/// (rank_lanes), and a request refused (off the map, or an end blocked) given rank 0 at both ends.
/// One at a time, the checks and the cells took most of a request's ranking; ready-made cells
/// (CellEndpoints) rank faster one at a time than gathered (brc202d 6.4-7.0 against 6.7-7.8 ns a
/// lookup), so they are not ranked here.
[[gnu::target("avx512f,avx512vpopcntdq"), gnu::noinline]] std::size_t rank_requests_by_lanes(
    const PassableRanks& ranks, grid::PaddedLayout layout, const OracleMoveRequest* requests, std::size_t count,
    std::uint32_t* source_rank, std::uint32_t* target_rank) {
    static_assert(sizeof(OracleMoveRequest) == 4 * sizeof(std::uint32_t), "a request is four coordinates");
    const __m512i width = _mm512_set1_epi32(static_cast<int>(layout.width()));
    const __m512i height = _mm512_set1_epi32(static_cast<int>(layout.height()));
    const __m512i padded_width = _mm512_set1_epi32(static_cast<int>(layout.padded_width()));
    const __m512i one = _mm512_set1_epi32(1);
    // From two vectors of four requests each: the eight start x then start y, or goal x then goal y.
    const __m512i starts = _mm512_setr_epi32(0, 4, 8, 12, 16, 20, 24, 28, 1, 5, 9, 13, 17, 21, 25, 29);
    const __m512i goals = _mm512_setr_epi32(2, 6, 10, 14, 18, 22, 26, 30, 3, 7, 11, 15, 19, 23, 27, 31);
    std::size_t index = 0;
    for (; index + 16 <= count; index += 16) {
        const auto* words = reinterpret_cast<const std::uint32_t*>(requests + index);
        const __m512i first_four = _mm512_loadu_si512(words);
        const __m512i second_four = _mm512_loadu_si512(words + 16);
        const __m512i third_four = _mm512_loadu_si512(words + 32);
        const __m512i fourth_four = _mm512_loadu_si512(words + 48);
        const __m512i low_starts = _mm512_permutex2var_epi32(first_four, starts, second_four);
        const __m512i high_starts = _mm512_permutex2var_epi32(third_four, starts, fourth_four);
        const __m512i low_goals = _mm512_permutex2var_epi32(first_four, goals, second_four);
        const __m512i high_goals = _mm512_permutex2var_epi32(third_four, goals, fourth_four);
        const __m512i start_x = _mm512_shuffle_i64x2(low_starts, high_starts, 0x44);
        const __m512i start_y = _mm512_shuffle_i64x2(low_starts, high_starts, 0xEE);
        const __m512i goal_x = _mm512_shuffle_i64x2(low_goals, high_goals, 0x44);
        const __m512i goal_y = _mm512_shuffle_i64x2(low_goals, high_goals, 0xEE);
        const auto on_map =
            static_cast<__mmask16>(_mm512_cmplt_epu32_mask(start_x, width) & _mm512_cmplt_epu32_mask(start_y, height) &
                                   _mm512_cmplt_epu32_mask(goal_x, width) & _mm512_cmplt_epu32_mask(goal_y, height));
        // (y + 1) · padded width + x + 1 where the request is on the map, cell 0 elsewhere.
        const __m512i start = _mm512_maskz_add_epi32(
            on_map, _mm512_mullo_epi32(_mm512_add_epi32(start_y, one), padded_width), _mm512_add_epi32(start_x, one));
        const __m512i goal = _mm512_maskz_add_epi32(
            on_map, _mm512_mullo_epi32(_mm512_add_epi32(goal_y, one), padded_width), _mm512_add_epi32(goal_x, one));
        __mmask16 start_passable = 0;
        __mmask16 goal_passable = 0;
        const __m512i start_rank = rank_lanes(ranks, start, start_passable);
        const __m512i goal_rank = rank_lanes(ranks, goal, goal_passable);
        const auto usable = static_cast<__mmask16>(start_passable & goal_passable);
        _mm512_storeu_si512(source_rank + index, _mm512_maskz_mov_epi32(usable, start_rank));
        _mm512_storeu_si512(target_rank + index, _mm512_maskz_mov_epi32(usable, goal_rank));
    }
    return index;
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
#endif

/// The endpoints of batched lookups given as passable padded cells (oracle_lookups).
struct CellEndpoints {
    const std::uint32_t* sources;
    const std::uint32_t* targets;

    /// The ranks of lookup `index`'s two cells: equal where the cells are.
    template <Instructions kInstructions>
    [[gnu::always_inline]] void ranks_of(const PassableRanks& ranks, std::size_t index, std::uint32_t& source,
                                         std::uint32_t& target) const {
        source = rank_of<kInstructions>(ranks, sources[index]);
        target = rank_of<kInstructions>(ranks, targets[index]);
    }
    /// Ranks none ahead (see RequestEndpoints::ranked_ahead): ready cells rank faster one at a time.
    template <Instructions kInstructions>
    [[gnu::always_inline]] std::size_t ranked_ahead(const PassableRanks& /*ranks*/, std::size_t /*first*/,
                                                    std::size_t /*count*/, std::uint32_t* /*source_rank*/,
                                                    std::uint32_t* /*target_rank*/) const {
        return 0;
    }
};

/// The endpoints of batched lookups given as requests by map coordinates (oracle_request_lookups),
/// checked without a branch: a request off the map or with a blocked end takes rank 0 for both ends,
/// which the lookup answers as it answers the same cell twice (-1). The map must have a passable cell.
struct RequestEndpoints {
    const OracleMoveRequest* requests;
    grid::PaddedLayout layout;

    template <Instructions kInstructions>
    [[gnu::always_inline]] void ranks_of(const PassableRanks& ranks, std::size_t index, std::uint32_t& source,
                                         std::uint32_t& target) const {
        const OracleMoveRequest& request = requests[index];
        // Four compares combined without a branch (as bits, not with &&).
        const bool on_map = (static_cast<unsigned>(request.start_x < layout.width()) &
                             static_cast<unsigned>(request.start_y < layout.height()) &
                             static_cast<unsigned>(request.goal_x < layout.width()) &
                             static_cast<unsigned>(request.goal_y < layout.height())) != 0;
        const std::uint32_t start = on_map ? layout.padded(request.start_x, request.start_y) : 0;
        const std::uint32_t goal = on_map ? layout.padded(request.goal_x, request.goal_y) : 0;
        // Cell 0 (off the map) is padding, never passable; the bit and the rank read one word.
        const bool usable =
            (static_cast<unsigned>(ranks.passable(start)) & static_cast<unsigned>(ranks.passable(goal))) != 0;
        const std::uint32_t start_rank = rank_of<kInstructions>(ranks, start);
        const std::uint32_t goal_rank = rank_of<kInstructions>(ranks, goal);
        source = usable ? start_rank : 0;
        target = usable ? goal_rank : 0;
    }
    /// ranks_of for requests [first, first + count) into source_rank and target_rank from index 0, as
    /// many as the copy ranks ahead of the lookups' first pass: the AVX-512 copy sixteen at a time where
    /// the processor counts lanes' bits (rank_requests_by_lanes), the others none. Returns how many.
    template <Instructions kInstructions>
    [[gnu::always_inline]] std::size_t ranked_ahead(const PassableRanks& ranks, std::size_t first, std::size_t count,
                                                    std::uint32_t* source_rank, std::uint32_t* target_rank) const {
#if SWARMPATH_AVX512_CLONE
        if constexpr (kInstructions == Instructions::avx512) {
            if (processor_counts_lanes()) {
                return rank_requests_by_lanes(ranks, layout, requests + first, count, source_rank, target_rank);
            }
        }
#endif
        (void)ranks;
        (void)first;
        (void)count;
        (void)source_rank;
        (void)target_rank;
        return 0;
    }
};

/// The first pass of the lookups over the `group` lookups from `first`: their ends ranked into
/// `source_rank` and `target_rank` (as many as the copy ranks ahead at once, the rest one at a
/// time), and `fetch(source, target)` called with each lookup's ranks to start the fetches the next
/// passes read by rank.
template <Instructions kInstructions, class Endpoints, class Fetch>
[[gnu::always_inline]] inline void rank_group(const PassableRanks& ranks, const Endpoints& endpoints, std::size_t first,
                                              std::size_t group, std::uint32_t* source_rank, std::uint32_t* target_rank,
                                              const Fetch& fetch) {
    const std::size_t ranked =
        endpoints.template ranked_ahead<kInstructions>(ranks, first, group, source_rank, target_rank);
    for (std::size_t index = 0; index < group; ++index) {
        if (index >= ranked) {
            endpoints.template ranks_of<kInstructions>(ranks, first + index, source_rank[index], target_rank[index]);
        }
        fetch(source_rank[index], target_rank[index]);
    }
}

#if SWARMPATH_AVX512_CLONE
/// The lookups through narrow row blocks with the passes of two groups interleaved: the next group
/// is ranked (its entries fetched) between this group's choice of blocks and its answers, so each
/// fetch has a pass more to arrive.
template <Instructions kInstructions, class Endpoints>
[[gnu::always_inline]] inline void narrow_row_block_lookups(const OracleTables& tables, const Endpoints& endpoints,
                                                            std::int8_t* moves, std::size_t count) {
    std::uint32_t source_rank[2][kNarrowLookupGroup];
    std::uint32_t target_rank[2][kNarrowLookupGroup];
    std::uint32_t begin[kNarrowLookupGroup];
    std::uint32_t row_runs[kNarrowLookupGroup];
    std::uint32_t key[kNarrowLookupGroup];
    std::uint32_t block[kNarrowLookupGroup];
    bool apart[kNarrowLookupGroup];
    const PassableRanks& ranks = *tables.ranks;
    const auto fetch = [&tables](std::uint32_t source, std::uint32_t target) {
        __builtin_prefetch(tables.narrow_row_blocks.data() + source);
        __builtin_prefetch(tables.narrow_targets.data() + target);
    };
    if (count == 0) return;
    rank_group<kInstructions>(ranks, endpoints, 0, std::min(kNarrowLookupGroup, count), source_rank[0], target_rank[0],
                              fetch);
    std::size_t buffer = 0;
    for (std::size_t first = 0; first < count; first += kNarrowLookupGroup, buffer ^= 1U) {
        const std::size_t group = std::min(kNarrowLookupGroup, count - first);
        choose_narrow_row_blocks_avx512(tables, source_rank[buffer], target_rank[buffer], group, begin, row_runs, key,
                                        block, apart);
        if (first + kNarrowLookupGroup < count) {
            const std::size_t next = first + kNarrowLookupGroup;
            rank_group<kInstructions>(ranks, endpoints, next, std::min(kNarrowLookupGroup, count - next),
                                      source_rank[buffer ^ 1U], target_rank[buffer ^ 1U], fetch);
        }
        answer_from_narrow_blocks_avx512(tables, begin, row_runs, block, key, apart, moves + first, group);
    }
}
#endif

/// oracle_lookups in three passes over each group of lookups, each pass only starting fetches that
/// the next one needs: the ranks, then the row bounds (and the first, middle and last line of each
/// row, where a search reads), then the searches. Two ends of one rank (the same cell, or a request
/// RequestEndpoints refused) are answered -1.
template <Instructions kInstructions, OracleRowReading kReading = OracleRowReading::whole_rows, class Endpoints>
[[gnu::always_inline]] inline void lookups(const OracleTables& tables, const Endpoints& endpoints, std::int8_t* moves,
                                           std::size_t count) {
    const PassableRanks& ranks = *tables.ranks;
    const std::uint32_t* const row_begin = tables.row_begin.data();
    const std::uint32_t* const component = tables.component_of_rank.data();
    const std::uint32_t* const position = tables.position_of_rank.data();
    constexpr bool kBlocks = kReading == OracleRowReading::block_keys;
    constexpr bool kLines = kReading == OracleRowReading::lines;
    constexpr std::size_t kGroup = kBlocks || kLines ? kBlockLookupGroup : kLookupGroup;
    std::uint32_t source_rank[kGroup];
    std::uint32_t target_rank[kGroup];
    const std::uint32_t* row[kGroup];
    std::uint32_t row_runs[kGroup];
    // Row blocks, wide or narrow, are read by the AVX-512 copy alone; the others read the block keys.
    constexpr bool kRowBlocks = kBlocks && kInstructions == Instructions::avx512;
#if SWARMPATH_AVX512_CLONE
    if constexpr (kRowBlocks) {
        if (!tables.narrow_row_blocks.empty()) {
            narrow_row_block_lookups<kInstructions>(tables, endpoints, moves, count);
            return;
        }
    }
#endif
    for (std::size_t first = 0; first < count; first += kGroup) {
        const std::size_t group = std::min(kGroup, count - first);
        rank_group<kInstructions>(ranks, endpoints, first, group, source_rank, target_rank,
                                  [&](std::uint32_t source, std::uint32_t target) {
                                      if constexpr (kLines) {
                                          __builtin_prefetch(tables.row_entries.data() + source);
                                      } else if (kRowBlocks && !tables.row_blocks.empty()) {
                                          __builtin_prefetch(tables.row_blocks.data() + source);
                                      } else {
                                          __builtin_prefetch(row_begin + source);
                                      }
                                      __builtin_prefetch(component + source);
                                      __builtin_prefetch(component + target);
                                      __builtin_prefetch(position + target);
                                  });
        if constexpr (kLines && kReadsBlocks<kInstructions>) {
            lookups_in_lines<kInstructions>(tables, source_rank, target_rank, moves + first, group);
            continue;
        }
        if constexpr (kBlocks && kReadsBlocks<kInstructions>) {
#if SWARMPATH_AVX512_CLONE
            if constexpr (kRowBlocks) {
                if (!tables.row_blocks.empty()) {
                    lookups_in_row_blocks_avx512(tables, source_rank, target_rank, moves + first, group);
                    continue;
                }
            }
#endif
            lookups_in_blocks<kInstructions>(tables, source_rank, target_rank, moves + first, group);
            continue;
        }
        for (std::size_t index = 0; index < group; ++index) {
            const std::uint32_t begin = row_begin[source_rank[index]];
            row_runs[index] = row_begin[source_rank[index] + 1] - begin;
            row[index] = tables.runs.data() + begin;
            __builtin_prefetch(row[index]);
            __builtin_prefetch(row[index] + row_runs[index] / 2);
            __builtin_prefetch(row[index] + row_runs[index] - 1);
            if (row_runs[index] > 64) {
                // A long row's halving and window read lines between those three: fetch them all.
                prefetch_lines(reinterpret_cast<const char*>(row[index]) + 64, row[index] + row_runs[index], 8);
            }
        }
        for (std::size_t index = 0; index < group; ++index) {
            const bool apart = ends_apart(component, source_rank[index], target_rank[index]);
            moves[first + index] = apart ? std::int8_t{-1}
                                         : static_cast<std::int8_t>(move_in_window<kInstructions>(
                                               row[index], row_runs[index], position[target_rank[index]]));
        }
    }
}

/// Ends a walk that a damaged or forged table sent off its rules: the query is `invalid`.
inline void refuse_damaged_table(std::uint64_t steps, Result& result) {
    result.status = QueryStatus::invalid;
    result.path.clear();
    result.cost_units = 0;
    result.cost = 0;
    result.counters.expanded = steps;
}

/// Paths run straight for several steps (a run's move is the lowest direction its targets share, so
/// a path keeps one move while it stays optimal). While this step's row is searched, fetches the
/// whole rows (at most 16 cache lines each) of the next two cells `stride` apart, whose index entries
/// were fetched on earlier steps, and the index entry of the third: a binary search in a long row,
/// which would touch several lines one after the other, then finds them in cache. `first_row` is 2
/// when the direction did not change (the next cell's row was fetched on the last step, as the row two
/// steps ahead), so only the second row and the third entry are new; 1 otherwise.
template <Instructions kInstructions>
[[gnu::always_inline]] inline void prefetch_rows_ahead(const OracleTables& tables, std::uint32_t padded,
                                                       std::int32_t stride, int first_row) {
    const PassableRanks& ranks = *tables.ranks;
    const std::uint32_t* const row_begin = tables.row_begin.data();
    std::uint32_t ahead = padded;
    for (int distance = 1; distance <= 3; ++distance) {
        ahead = static_cast<std::uint32_t>(static_cast<std::int32_t>(ahead) + stride);
        if (!ranks.passable(ahead)) break;
        if (distance < first_row) continue;
        const std::uint32_t ahead_rank = rank_of<kInstructions>(ranks, ahead);
        if (distance == 3) {
            __builtin_prefetch(row_begin + ahead_rank);
            break;
        }
        prefetch_lines(row_start(tables, ahead_rank), row_start(tables, ahead_rank + 1), 16);
    }
}

/// Follows first moves from the start to the goal, two passable cells of one component. The cost
/// model, the bit count and the fetching ahead are chosen once per query (oracle_solve).
template <bool kUniform, Instructions kInstructions, bool kPrefetch>
[[gnu::always_inline]] inline void follow(const grid::Grid& grid, const OracleTables& tables, std::uint32_t padded,
                                          std::uint32_t goal, std::uint32_t cell, bool record_path, Result& result) {
    const PassableRanks& ranks = *tables.ranks;
    const grid::PaddedLayout layout = grid.layout();
    const std::uint8_t* kind_of = grid.kind_of();
    const grid::TerrainKind* kinds = grid.kinds().data();
    std::array<std::int32_t, kDirectionCount> cell_step{};
    std::array<std::int32_t, kDirectionCount> padded_step{};
    for (int direction = 0; direction < kDirectionCount; ++direction) {
        cell_step[static_cast<std::size_t>(direction)] =
            kDirectionX[static_cast<std::size_t>(direction)] +
            kDirectionY[static_cast<std::size_t>(direction)] * static_cast<std::int32_t>(grid.width());
        padded_step[static_cast<std::size_t>(direction)] = best_first::direction_offset(layout, direction);
    }
    const std::uint8_t* const legal_moves = tables.legal_moves.data();
    grid::Cost cost = 0;
    std::uint64_t steps = 0;
    const std::uint64_t step_limit = ranks.count();
    // A loop is caught by Brent's method: the walk is compared with one remembered cell, which moves
    // to the walk's cell after 1, 2, 4, 8, ... steps, so a cycle is found within a few times its
    // length (a legal table never revisits a cell: every step lowers the cost still to go).
    std::uint32_t remembered = padded;
    std::uint64_t remember_at = 1;
    const std::uint32_t target = tables.position_of_rank[rank_of<kInstructions>(ranks, goal)];
    std::uint32_t rank = rank_of<kInstructions>(ranks, padded);
    [[maybe_unused]] std::size_t previous_direction = kDirectionCount;  // none yet
    while (padded != goal) {
        const auto direction = static_cast<std::size_t>(move_in_row<kInstructions>(tables, rank, target));
        const bool legal = ((legal_moves[rank] >> direction) & 1U) != 0;
        cell = static_cast<std::uint32_t>(static_cast<std::int32_t>(cell) + cell_step[direction]);
        padded = static_cast<std::uint32_t>(static_cast<std::int32_t>(padded) + padded_step[direction]);
        // Only a damaged or forged table fails here. The move is checked against the movement rule
        // (a legal move enters a passable cell of the same layer, and a diagonal has the free sides
        // the rule asks for); the remembered cell and the step count stop a loop. An illegal step
        // stays in bounds: the border ring stops a step off the map.
        if (!legal || padded == remembered || ++steps > step_limit) {
            refuse_damaged_table(steps, result);
            return;
        }
        if (steps == remember_at) {
            remembered = padded;
            remember_at *= 2;
        }
        if constexpr (kUniform) {
            cost += direction < 4 ? grid::kStraightUnits : grid::kDiagonalUnits;
        } else {
            const grid::TerrainKind& kind = kinds[kind_of[padded]];
            cost += direction < 4 ? kind.straight_units : kind.diagonal_units;
        }
        rank = rank_of<kInstructions>(ranks, padded);
        if constexpr (kPrefetch) {
            // The rows of the next cells in this direction, fetched while this step's row is searched.
            const int first_row = direction == previous_direction ? 2 : 1;
            previous_direction = direction;
            prefetch_rows_ahead<kInstructions>(tables, padded, padded_step[direction], first_row);
        }
        if (record_path) result.path.push_back(grid::CellIndex{cell});
    }
    result.counters.expanded = steps;
    result.cost_units = cost;
    result.cost = grid.to_real_cost(cost);
}

/// The reading one lookup on its own takes on `tables`: block keys where the runs take
/// kBlockLookupsFromBytes or more and the keys were made, whole rows otherwise (rows on lines too:
/// see QueryFunctions::lookup_with). The copies without block reading (kReadsBlocks) read whole rows anyway.
OracleRowReading single_row_reading_for(const OracleTables& tables) {
    return tables.runs.size_bytes() >= kBlockLookupsFromBytes && !tables.block_keys.empty()
               ? OracleRowReading::block_keys
               : OracleRowReading::whole_rows;
}

/// The reading batched lookups take on `tables` by themselves: the row entries where the rows are on
/// lines (and the block keys, for their long rows, were made), otherwise as one lookup on its own.
OracleRowReading row_reading_for(const OracleTables& tables) {
    if (!tables.row_entries.empty() && !tables.block_keys.empty()) return OracleRowReading::lines;
    return single_row_reading_for(tables);
}

/// The reading `reading` where `tables` hold what it reads, whole rows otherwise.
OracleRowReading usable_reading(OracleRowReading reading, const OracleTables& tables) {
    if (reading == OracleRowReading::lines && !tables.row_entries.empty() && !tables.block_keys.empty()) {
        return OracleRowReading::lines;
    }
    if (reading == OracleRowReading::block_keys && !tables.block_keys.empty()) return OracleRowReading::block_keys;
    return OracleRowReading::whole_rows;
}

/// Calls `lookups` (a generic lambda) with the reading `reading` as a template argument.
template <class Lookups>
void with_reading(OracleRowReading reading, const Lookups& lookups) {
    switch (reading) {
        case OracleRowReading::lines:
            lookups.template operator()<OracleRowReading::lines>();
            return;
        case OracleRowReading::block_keys:
            lookups.template operator()<OracleRowReading::block_keys>();
            return;
        default:
            lookups.template operator()<OracleRowReading::whole_rows>();
    }
}

using FollowFunction = void (*)(const grid::Grid&, const OracleTables&, std::uint32_t, std::uint32_t, std::uint32_t,
                                bool, Result&);
using LookupFunction = int (*)(const OracleTables&, std::uint32_t, std::uint32_t);

/// Every variant of follow(), lookup() and lookups() for one way of counting bits, as plain
/// functions (the always-inline bodies instantiated once each); follows are indexed [uniform][prefetch].
template <Instructions kInstructions>
struct QueryFunctions {
    template <bool kUniform, bool kPrefetch>
    static void follow_with(const grid::Grid& grid, const OracleTables& tables, std::uint32_t padded,
                            std::uint32_t goal, std::uint32_t cell, bool record_path, Result& result) {
        follow<kUniform, kInstructions, kPrefetch>(grid, tables, padded, goal, cell, record_path, result);
    }
    /// One lookup on its own reads a row on lines whole, not through its entry: the entry is one more
    /// fetch it must wait for, from an array four times the row index's size (brc202d, one call
    /// each, medians of five alternated runs: 39.9 ns through the entry, 27.5 ns the whole row).
    static int lookup_with(const OracleTables& tables, std::uint32_t source, std::uint32_t target) {
        if (kReadsBlocks<kInstructions> && single_row_reading_for(tables) == OracleRowReading::block_keys) {
            return lookup<kInstructions, OracleRowReading::block_keys>(tables, source, target);
        }
        return lookup<kInstructions>(tables, source, target);
    }
    template <OracleRowReading kReading, class Endpoints>
    static void lookups_with(const OracleTables& tables, const Endpoints& endpoints, std::int8_t* moves,
                             std::size_t count) {
        lookups<kInstructions, kReading>(tables, endpoints, moves, count);
    }
    static constexpr FollowFunction follows[2][2] = {{&follow_with<false, false>, &follow_with<false, true>},
                                                     {&follow_with<true, false>, &follow_with<true, true>}};
};

#if SWARMPATH_POPCNT_CLONE
// The POPCNT copies: each instantiates the always-inline bodies inside a function compiled for
// the instruction, where std::popcount becomes it.
template <bool kUniform, bool kPrefetch>
[[gnu::target("popcnt")]] void follow_counted(const grid::Grid& grid, const OracleTables& tables, std::uint32_t padded,
                                              std::uint32_t goal, std::uint32_t cell, bool record_path,
                                              Result& result) {
    follow<kUniform, Instructions::popcount, kPrefetch>(grid, tables, padded, goal, cell, record_path, result);
}
[[gnu::target("popcnt")]] int lookup_counted(const OracleTables& tables, std::uint32_t source, std::uint32_t target) {
    return QueryFunctions<Instructions::popcount>::lookup_with(tables, source, target);
}
template <OracleRowReading kReading, class Endpoints>
[[gnu::target("popcnt")]] void lookups_counted(const OracleTables& tables, const Endpoints& endpoints,
                                               std::int8_t* moves, std::size_t count) {
    lookups<Instructions::popcount, kReading>(tables, endpoints, moves, count);
}
constexpr FollowFunction kCountedFollows[2][2] = {{&follow_counted<false, false>, &follow_counted<false, true>},
                                                  {&follow_counted<true, false>, &follow_counted<true, true>}};

#if SWARMPATH_AVX512_CLONE
// The AVX-512 copies, as the POPCNT ones.
[[gnu::target("avx512f,bmi2,popcnt"), gnu::flatten]] int lookup_avx512(const OracleTables& tables, std::uint32_t source,
                                                                       std::uint32_t target) {
    return QueryFunctions<Instructions::avx512>::lookup_with(tables, source, target);
}
template <OracleRowReading kReading, class Endpoints>
[[gnu::target("avx512f,bmi2,popcnt"), gnu::flatten]] void lookups_avx512(const OracleTables& tables,
                                                                         const Endpoints& endpoints, std::int8_t* moves,
                                                                         std::size_t count) {
    lookups<Instructions::avx512, kReading>(tables, endpoints, moves, count);
}
bool processor_has_avx512() {
    static const bool has = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx512f") != 0 && __builtin_cpu_supports("bmi2") != 0 &&
               __builtin_cpu_supports("popcnt") != 0;
    }();
    return has;
}
#endif

bool processor_counts_bits() {
    static const bool counts = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("popcnt") != 0;
    }();
    return counts;
}
#endif

FollowFunction follow_function(bool uniform, bool prefetch) {
    // No AVX-512 copy here: following a path, the wide window was measured 4% slower than the
    // POPCNT copy's counted window of 16 (brc202d, 474-move paths: 8.90 against 8.61 µs, minima of
    // eight alternated runs), the rows ahead being fetched already.
#if SWARMPATH_POPCNT_CLONE
    if (processor_counts_bits()) return kCountedFollows[uniform ? 1 : 0][prefetch ? 1 : 0];
#endif
    return QueryFunctions<Instructions::plain>::follows[uniform ? 1 : 0][prefetch ? 1 : 0];
}

}  // namespace

int oracle_lookup_with(OracleInstructions instructions, const OracleTables& tables, std::uint32_t source,
                       std::uint32_t target) {
#if SWARMPATH_AVX512_CLONE
    if (instructions == OracleInstructions::avx512 && processor_has_avx512()) {
        return lookup_avx512(tables, source, target);
    }
#endif
#if SWARMPATH_POPCNT_CLONE
    if (instructions == OracleInstructions::popcount && processor_counts_bits()) {
        return lookup_counted(tables, source, target);
    }
#endif
    (void)instructions;
    return QueryFunctions<Instructions::plain>::lookup_with(tables, source, target);
}

int oracle_lookup(const OracleTables& tables, std::uint32_t source, std::uint32_t target) {
#if SWARMPATH_AVX512_CLONE
    if (processor_has_avx512()) return lookup_avx512(tables, source, target);
#endif
#if SWARMPATH_POPCNT_CLONE
    if (processor_counts_bits()) return lookup_counted(tables, source, target);
#endif
    return QueryFunctions<Instructions::plain>::lookup_with(tables, source, target);
}

OracleInstructions oracle_instructions() {
#if SWARMPATH_AVX512_CLONE
    if (processor_has_avx512()) return OracleInstructions::avx512;
#endif
#if SWARMPATH_POPCNT_CLONE
    if (processor_counts_bits()) return OracleInstructions::popcount;
#endif
    return OracleInstructions::plain;
}

bool processor_runs(OracleInstructions instructions) {
    switch (instructions) {
#if SWARMPATH_AVX512_CLONE
        case OracleInstructions::avx512:
            return processor_has_avx512();
#endif
#if SWARMPATH_POPCNT_CLONE
        case OracleInstructions::popcount:
            return processor_counts_bits();
#endif
        case OracleInstructions::plain:
            return true;
        default:
            return false;
    }
}

/// oracle_lookups_with and oracle_request_lookups_with, for either kind of endpoints.
template <class Endpoints>
void lookups_in_copy(OracleInstructions instructions, OracleRowReading reading, const OracleTables& tables,
                     const Endpoints& endpoints, std::int8_t* moves, std::size_t count) {
#if SWARMPATH_AVX512_CLONE
    if (instructions == OracleInstructions::avx512 && processor_has_avx512()) {
        with_reading(usable_reading(reading, tables),
                     [&]<OracleRowReading kReading>() { lookups_avx512<kReading>(tables, endpoints, moves, count); });
        return;
    }
#endif
#if SWARMPATH_POPCNT_CLONE
    if (instructions == OracleInstructions::popcount && processor_counts_bits()) {
        with_reading(usable_reading(reading, tables),
                     [&]<OracleRowReading kReading>() { lookups_counted<kReading>(tables, endpoints, moves, count); });
        return;
    }
#endif
    (void)instructions;
    with_reading(usable_reading(reading, tables), [&]<OracleRowReading kReading>() {
        QueryFunctions<Instructions::plain>::template lookups_with<kReading>(tables, endpoints, moves, count);
    });
}

void oracle_lookups_with(OracleInstructions instructions, OracleRowReading reading, const OracleTables& tables,
                         std::span<const std::uint32_t> sources, std::span<const std::uint32_t> targets,
                         std::span<std::int8_t> moves) {
    const std::size_t count = std::min({sources.size(), targets.size(), moves.size()});
    lookups_in_copy(instructions, reading, tables, CellEndpoints{sources.data(), targets.data()}, moves.data(), count);
}

void oracle_request_lookups_with(OracleInstructions instructions, OracleRowReading reading, const OracleTables& tables,
                                 grid::PaddedLayout layout, std::span<const OracleMoveRequest> requests,
                                 std::span<std::int8_t> moves) {
    const std::size_t count = std::min(requests.size(), moves.size());
    if (tables.ranks->count() == 0) {  // no passable cell: no request has an answer (and no rank 0)
        std::fill_n(moves.data(), count, std::int8_t{-1});
        return;
    }
    lookups_in_copy(instructions, reading, tables, RequestEndpoints{requests.data(), layout}, moves.data(), count);
}

void oracle_lookups(const OracleTables& tables, std::span<const std::uint32_t> sources,
                    std::span<const std::uint32_t> targets, std::span<std::int8_t> moves) {
    oracle_lookups_with(oracle_instructions(), row_reading_for(tables), tables, sources, targets, moves);
}

void oracle_request_lookups(const OracleTables& tables, grid::PaddedLayout layout,
                            std::span<const OracleMoveRequest> requests, std::span<std::int8_t> moves) {
    oracle_request_lookups_with(oracle_instructions(), row_reading_for(tables), tables, layout, requests, moves);
}

void oracle_solve(const grid::Grid& grid, const OracleTables& tables, const Query& query, bool record_path,
                  Result& result) {
    result.cost_units = 0;
    result.cost = 0;
    result.counters = {};
    result.nanoseconds = 0;
    result.path.clear();
    if (!grid.contains(query.start_x, query.start_y) || !grid.contains(query.goal_x, query.goal_y)) {
        result.status = QueryStatus::invalid;
        return;
    }
    const grid::PaddedLayout layout = grid.layout();
    const PassableRanks& ranks = *tables.ranks;
    const auto start_x = static_cast<std::uint32_t>(query.start_x);
    const auto start_y = static_cast<std::uint32_t>(query.start_y);
    const std::uint32_t start = layout.padded(start_x, start_y);
    const std::uint32_t goal =
        layout.padded(static_cast<std::uint32_t>(query.goal_x), static_cast<std::uint32_t>(query.goal_y));
    if (!ranks.passable(start)) {
        result.status = QueryStatus::start_blocked;
        return;
    }
    if (!ranks.passable(goal)) {
        result.status = QueryStatus::goal_blocked;
        return;
    }
    if (tables.component_of_rank[ranks.rank(start)] != tables.component_of_rank[ranks.rank(goal)]) {
        result.status = QueryStatus::no_path;
        return;
    }
    result.status = QueryStatus::found;
    const std::uint32_t cell = start_y * grid.width() + start_x;
    if (record_path) result.path.push_back(grid::CellIndex{cell});
    const bool prefetch = tables.runs.size_bytes() + tables.row_begin.size_bytes() > kPrefetchAboveBytes;
    follow_function(grid.uniform_cost(), prefetch)(grid, tables, start, goal, cell, record_path, result);
}

}  // namespace swarmpath::search
