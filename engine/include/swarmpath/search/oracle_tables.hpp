// The path oracle's tables and queries: for every passable source cell s, the first move
// of an optimal path from s to every passable cell t, run-length encoded over a cell order (a
// "compressed path database"). Row s comes from one forward Dijkstra from s over the goal fields'
// Dial buckets with the same fixed-point costs, move rules and terrain as A* and the goal fields.
// Where several first moves are optimal, any of them may be stored ("wildcards"), and cells that
// s cannot reach take any move at all; the encoder keeps each run as long as some move fits every
// cell in it, which makes the fewest runs for the order. Rows, not columns: the first move out of
// s is the same for every target in the shadow of an obstacle, so rows have far fewer runs than
// columns towards one target (measured: docs/path-oracle.md).
//
// A run is one 32-bit word: position << 3 | direction (search/moves.hpp numbering), positions below
// 2^29 (a file stores it in 3 bytes where positions fit in 21 bits: docs/oracle-format.md; in memory
// it is always a whole word, which a lookup compares four at a time). Rows are stored by the source's rank
// (row-major order of the passable cells, found from the grid's passability bits: PassableRanks);
// row r's runs are runs[row_begin[r] .. row_begin[r + 1])
// in increasing position, the first at position 0; the move towards the target at position t is
// that of the last run starting at or before t. In memory (not in a file) every row starts on a
// 64-byte line of 16 runs and gap words (kOracleGapRun) fill its last line after its runs; an entry
// per row (OracleRowEntry) holds the first run of its second to fourth lines, so that a lookup
// reads the entry and then the one line that holds its answer. A query reads one row per step: a rank from two
// cached words, the row's bounds, and a branch-free binary search within it. Unreachable pairs are
// known without a search: their cells have different component labels.
//
// The tables are plain spans so that they can live in vectors (a build) or in a mapped file
// (batch/path_oracle.hpp, docs/oracle-format.md). Assumes square maps (octile, 4- or 8-connected).
#pragma once

#include <bit>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "swarmpath/core/bit_count.hpp"
#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/bitset.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::search {

/// The order in which a row lists target cells. Runs are longer when cells that share a first
/// move are close in the order; docs/path-oracle.md gives the measured sizes of each.
enum class CellOrder : std::uint8_t { row_major, hilbert, depth_first };
std::string_view to_string(CellOrder order);

/// Largest position a run can hold (29 bits).
inline constexpr std::uint32_t kMaximumOraclePositions = std::uint32_t{1} << 29;
/// Readable bytes that must follow the last run in memory: a lookup reads whole windows of runs.
inline constexpr std::size_t kOracleRunSlack = 64;

/// The rank of a passable cell: its index among the passable cells in row-major order, found from
/// the grid's own passability bits and a count of passable cells before each 64-bit word (4 bytes
/// per 64 padded cells, small enough to stay in cache). Rows are stored, and components kept, by rank.
class PassableRanks {
public:
    PassableRanks() = default;
    explicit PassableRanks(const grid::Grid& grid);
    /// The rank of passable padded cell `cell`.
    [[nodiscard]] std::uint32_t rank(std::uint32_t cell) const {
        return count_before(cell) + bits_set(bits_below(cell));
    }
    /// The two halves of a rank, for a caller with a bit count of its own (the oracle's queries pick
    /// the POPCNT instruction at run time): the passable cells before `cell`'s 64-bit word, and the
    /// passable bits of that word below `cell`.
    [[nodiscard]] std::uint32_t count_before(std::uint32_t cell) const { return before_[cell >> 6]; }
    [[nodiscard]] std::uint64_t bits_below(std::uint32_t cell) const {
        return words_[cell >> 6] & ((std::uint64_t{1} << (cell & 63)) - 1);
    }
    /// The number of set bits, inline (core::count_ones: a portable std::popcount is a library
    /// call, a fifth of a query step's instructions).
    [[nodiscard]] static std::uint32_t bits_set(std::uint64_t word) { return core::count_ones(word); }
    [[nodiscard]] bool passable(std::uint32_t cell) const { return ((words_[cell >> 6] >> (cell & 63)) & 1U) != 0; }
    [[nodiscard]] std::uint32_t count() const { return count_; }
    /// The grid's passability words and the count before each (one more than the words), for a
    /// caller that ranks many cells at once (the oracle's batched lookups, sixteen to a vector).
    [[nodiscard]] const std::uint64_t* words() const { return words_; }
    [[nodiscard]] const std::uint32_t* counts_before() const { return before_.data(); }
    /// Bytes of its own (the counts; the passability words are the grid's).
    [[nodiscard]] std::size_t memory_bytes() const { return before_.capacity() * sizeof(std::uint32_t); }

private:
    const std::uint64_t* words_ = nullptr;
    std::vector<std::uint32_t> before_;
    std::uint32_t count_ = 0;
};

/// Where the cells sit in every row, and which can reach which. Index spaces: a cell's *rank*
/// (PassableRanks) and its *position* in the cell order that rows are encoded over.
struct OracleLayout {
    std::vector<std::uint32_t> position_of_rank;    ///< per passable cell
    std::vector<std::uint32_t> component_of_rank;   ///< connected-component label per passable cell
    std::vector<std::uint32_t> padded_of_position;  ///< the cells in order (for building)
};

/// The layout of `grid` under `moves` and `rule` in `order`. Fails when the grid has more passable
/// cells than a run can address.
Expected<OracleLayout> make_oracle_layout(const grid::Grid& grid, Moves moves, DiagonalRule rule, CellOrder order);

/// Runs per block of oracle_block_keys: 64 bytes, one cache line where the runs start on one.
inline constexpr std::uint32_t kOracleBlockRuns = 16;

/// The word after a row's runs up to the end of its last line in memory: above every search key
/// (positions stay below 2^29 - 1, so a run is at most 0xFFFFFFF7), so no lookup counts it.
inline constexpr std::uint32_t kOracleGapRun = 0xFFFFFFFFU;

/// Words a row of `runs` runs takes in memory: whole lines.
[[nodiscard]] constexpr std::uint64_t oracle_lined_words(std::uint64_t runs) {
    return (runs + kOracleBlockRuns - 1) / kOracleBlockRuns * kOracleBlockRuns;
}

/// Set in OracleRowEntry::begin for a row of more than four lines.
inline constexpr std::uint32_t kOracleLongRow = 0x80000000U;

/// Where a lookup finds the line of a row that holds its answer, without reading the row: the row's
/// first word, and the first run of its second, third and fourth lines (kOracleGapRun where it has
/// none, so a search key is never at or above it). A row of more than four lines instead has
/// kOracleLongRow set in `begin` and its words in line_keys[0]: its line comes from the block keys.
struct alignas(16) OracleRowEntry {
    std::uint32_t begin = 0;
    std::uint32_t line_keys[3] = {kOracleGapRun, kOracleGapRun, kOracleGapRun};
    friend bool operator==(const OracleRowEntry&, const OracleRowEntry&) = default;
};

/// Block keys an OracleRowBlocks holds: those of up to this many blocks after a row's first.
inline constexpr std::uint32_t kOracleRowBlockKeys = 14;

/// Where a batched lookup finds the block of a row (rows back to back) that holds its answer in one
/// read, one line: the row's first and end words and the keys (oracle_block_keys) of the blocks that
/// start inside it, kOracleGapRun past the last (above every search key, so never counted). A row
/// spanning more than kOracleRowBlockKeys blocks after its first holds only gap words there: its
/// lookups read the block keys. The entry's sixteen words are compared with a search key at once.
struct alignas(64) OracleRowBlocks {
    std::uint32_t begin = 0;
    std::uint32_t end = 0;
    std::uint32_t later_keys[kOracleRowBlockKeys] = {};
};

/// Later blocks an OracleNarrowRowBlocks names.
inline constexpr std::uint32_t kOracleNarrowRowBlocks = 12;

/// Oracles of at most this many passable cells (positions below it) get OracleNarrowRowBlocks; the
/// value itself marks an entry's unused places.
inline constexpr std::uint32_t kOracleNarrowPositions = 0xFFFF;

/// OracleRowBlocks in half a line, for oracles of at most kOracleNarrowPositions passable cells:
/// the row's first word, its run count and its source's component, then the position (not the key:
/// a search key passes a block's first run exactly when the target's position is at or after the
/// run's) of each block that starts inside the row, kOracleNarrowPositions past the last. A row
/// spanning more than kOracleNarrowRowBlocks blocks after its first holds only
/// kOracleNarrowPositions there: its lookups read the block keys. Its sixteen 16-bit words are
/// widened and compared with a target position at once. Half the size of OracleRowBlocks, so twice
/// as many rows stay in the caches; with OracleTables::narrow_targets a lookup reads no component.
struct alignas(32) OracleNarrowRowBlocks {
    std::uint32_t begin = 0;
    std::uint16_t runs = 0;
    std::uint16_t component = 0;
    std::uint16_t later_positions[kOracleNarrowRowBlocks] = {};
};

/// Read-only views of a whole oracle, and the ranks of its grid.
struct OracleTables {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    Moves moves = Moves::eight;
    DiagonalRule diagonal = DiagonalRule::both_free;
    std::span<const std::uint32_t> position_of_rank;
    std::span<const std::uint32_t> component_of_rank;
    std::span<const std::uint32_t> row_begin;  ///< one per rank, plus the end: rows in rank order
    /// Every run, each row's runs possibly followed by gap words (kOracleGapRun, never searched for),
    /// and after the last at least kOracleRunSlack readable bytes (not in the span).
    std::span<const std::uint32_t> runs;
    /// Per rank, the directions the movement rule allows out of the cell (bit d for direction d, as
    /// the A* legal-move masks): every move a query follows is checked against it, so a forged table
    /// cannot make a path break the rule (oracle_legal_moves makes it from the grid, never the file).
    std::span<const std::uint8_t> legal_moves;
    const PassableRanks* ranks = nullptr;
    /// oracle_block_keys of `runs`, where a lookup on a large file finds the one block of a long row
    /// it must read (the AVX-512 batched lookups read them; empty: they read whole rows).
    std::span<const std::uint32_t> block_keys;
    /// One per rank where every row starts on a line (oracle_row_entries); empty where rows lie back
    /// to back, as in a file: lookups then read whole rows.
    std::span<const OracleRowEntry> row_entries;
    /// One per rank where the rows lie back to back and the AVX-512 batched lookups read the block
    /// keys (oracle_row_blocks): one fetch names a lookup's block, where the row index and then the
    /// keys took two, one after the other. Empty elsewhere: those lookups read the index and keys.
    std::span<const OracleRowBlocks> row_blocks;
    /// The same, narrow, where the oracle has at most kOracleNarrowPositions passable cells
    /// (oracle_narrow_row_blocks); then row_blocks stays empty.
    std::span<const OracleNarrowRowBlocks> narrow_row_blocks;
    /// Beside narrow_row_blocks, per rank: the cell's component << 16 | its position
    /// (oracle_narrow_targets), a lookup's target's two words in one.
    std::span<const std::uint32_t> narrow_targets;
};

/// Whether rows on lines (read through their entries: one line of runs per lookup) make lookups
/// faster than rows back to back for the rows of `row_begin`: when at most one row in sixteen has
/// more than four lines of runs. Long rows find their line through the block keys, one fetch more
/// and a branch the processor cannot foresee where they are common (measured, batched: brc202d,
/// 1.5% long rows, 13.0 -> 8.8-9.2 ns; den312d, none, 7.3 -> 6.4; Berlin_1_256, 49%, 14.7 -> 17.7;
/// AR0011SR, 78%, 28.4 -> 44.5).
bool oracle_lines_pay(std::span<const std::uint32_t> row_begin);

/// Where each row of a file's layout (`row_begin`: rows back to back) starts once every row starts
/// on a line, plus the end; empty when that would reach 2^31 words (an entry could not name it).
std::vector<std::uint32_t> oracle_lined_row_begin(std::span<const std::uint32_t> row_begin);

/// Copies the rows of `runs` (indexed by `row_begin`, back to back) to where `lined_row_begin`
/// (oracle_lined_row_begin) puts them in `lined_runs` (at least lined_row_begin.back() words), with
/// gap words after each row's runs to the end of its last line.
void line_up_oracle_rows(std::span<const std::uint32_t> row_begin, std::span<const std::uint32_t> runs,
                         std::span<const std::uint32_t> lined_row_begin, std::span<std::uint32_t> lined_runs);

/// The entry of every row of `runs`, whose rows start on lines (row_begin[r] a multiple of
/// kOracleBlockRuns, gap words after each row's runs). Rows starting at 2^31 words or beyond get no
/// entries (an empty result): lookups then read whole rows.
std::vector<OracleRowEntry> oracle_row_entries(std::span<const std::uint32_t> row_begin,
                                               std::span<const std::uint32_t> runs);

/// The OracleRowBlocks of every row of `row_begin` (rows back to back), from `block_keys`
/// (oracle_block_keys of the runs they index).
std::vector<OracleRowBlocks> oracle_row_blocks(std::span<const std::uint32_t> row_begin,
                                               std::span<const std::uint32_t> block_keys);

/// The OracleNarrowRowBlocks of every row of `row_begin` (rows back to back, in rank order), from
/// `block_keys` and the ranks' components; empty when a row holds kOracleNarrowPositions runs or
/// more, or a block starts at such a position, or a component label reaches it (an oracle of more
/// passable cells than narrow entries can name).
std::vector<OracleNarrowRowBlocks> oracle_narrow_row_blocks(std::span<const std::uint32_t> row_begin,
                                                            std::span<const std::uint32_t> block_keys,
                                                            std::span<const std::uint32_t> component_of_rank);

/// OracleTables::narrow_targets: component << 16 | position for every rank; empty when a position
/// or component label reaches kOracleNarrowPositions.
std::vector<std::uint32_t> oracle_narrow_targets(std::span<const std::uint32_t> position_of_rank,
                                                 std::span<const std::uint32_t> component_of_rank);

/// The runs of the row of rank `rank`, its gap words left out.
std::span<const std::uint32_t> oracle_row_runs(const OracleTables& tables, std::uint32_t rank);

/// runs[kOracleBlockRuns * b] for every block b that starts within `runs`. A lookup in a row of many
/// runs compares the keys of the blocks that start inside the row (a few words where the row's runs
/// span several lines) and then reads the one block holding the answer instead of every line of the
/// row: on a file beyond the cache, one line of runs from memory per lookup.
std::vector<std::uint32_t> oracle_block_keys(std::span<const std::uint32_t> runs);

/// The legal moves out of every passable cell of `grid`, by rank, under `moves` and `rule`: a
/// neighbour passable on the cell's layer and, for a diagonal, the side cells the rule asks for.
std::vector<std::uint8_t> oracle_legal_moves(const grid::Grid& grid, Moves moves, DiagonalRule rule);

/// Checks that `tables` are well formed for `grid` (sizes, a position for every passable cell, each
/// once, ordered runs that start at position 0, directions the movement model has, a legal-move mask
/// per passable cell), so that queries on them can never read out of bounds, and that the component labels group the
/// cells as the map's own connected areas do (they answer "unreachable" without a search). It reads every run once. The
/// error names what is wrong; `origin` prefixes it.
Status check_oracle_tables(const OracleTables& tables, const grid::Grid& grid, std::string_view origin);

/// The part of check_oracle_tables that reads the rows: sizes, the row index and every run (ordered,
/// starting at position 0, directions the movement model has, positions in range). Enough on its own
/// when the cell order and the component labels were made from the grid by make_oracle_layout, as
/// loading a file does: only the rows come from the file. `runs_checked`: every row's runs were
/// checked already by check_oracle_row_runs (as a load does while it reads them), so only the
/// sizes, the row index's ends and the row entries are.
Status check_oracle_rows(const OracleTables& tables, const grid::Grid& grid, std::string_view origin,
                         bool runs_checked = false);

/// The runs of rows [first_row, last_row) as check_oracle_rows reads them: each row's index entries
/// rising and within `runs`, its first run at position 0, every run's direction one of `moves`'s and
/// its position above the last and below `positions` (rows on lines, `lined`, may end in gap words).
/// The error names the first wrong row. The index entries up to `last_row` must lie within
/// `row_begin`; a row's runs are read only once its entries are known to lie within `runs`.
Status check_oracle_row_runs(std::span<const std::uint32_t> row_begin, std::span<const std::uint32_t> runs,
                             std::size_t positions, Moves moves, bool lined, std::size_t first_row,
                             std::size_t last_row, std::string_view origin);

/// A worker's scratch for building rows: costs, first-move sets and settled marks per padded cell,
/// the cells settled (to reset them after the row), and Dial's buckets. Sized by the first row
/// built, then reused; between rows every cost is unset and no cell settled.
struct OracleRowScratch {
    std::vector<grid::Cost> cost;
    std::vector<std::uint8_t> first_moves;
    grid::Bitset settled;
    std::vector<std::uint32_t> settled_cells;
    std::vector<std::vector<std::uint32_t>> buckets;
};

/// Builds rows, one per call, for one grid and layout; shared read-only by the workers, each with
/// its own scratch.
class OracleRowBuilder {
public:
    OracleRowBuilder(const grid::Grid& grid, Moves moves, DiagonalRule rule, const OracleLayout& layout);
    /// Appends the runs of the row of the source of rank `source` to `runs`; returns how many.
    std::size_t build(std::uint32_t source, OracleRowScratch& scratch, std::vector<std::uint32_t>& runs) const;

private:
    using RowFunction = std::size_t (*)(const OracleRowBuilder&, std::uint32_t, OracleRowScratch&,
                                        std::vector<std::uint32_t>&);
    template <class Rule, class CostModel>
    friend std::size_t build_row(const OracleRowBuilder&, std::uint32_t, OracleRowScratch&,
                                 std::vector<std::uint32_t>&);
    const grid::Grid* grid_;
    const OracleLayout* layout_;
    std::vector<std::uint32_t> padded_of_rank_;
    RowFunction function_;
};

/// A row's search alone, for other uses of its first moves (goal_bounds.hpp): the Dijkstra from
/// padded cell `source_cell` under `moves` and `rule`, leaving in `scratch` every cell it reached
/// (settled_cells, the source first) and each one's set of optimal first moves (first_moves, bit d
/// for direction d; the source's set is empty). Call reset_oracle_scratch before the next search.
void search_oracle_first_moves(const grid::Grid& grid, Moves moves, DiagonalRule rule, std::uint32_t source_cell,
                               OracleRowScratch& scratch);
/// Back to the state a search starts from, in O(cells the last search reached).
void reset_oracle_scratch(OracleRowScratch& scratch);

/// The stored first move from passable padded cell `source` towards passable padded cell `target`,
/// or -1 when they are the same cell or lie in different components.
[[nodiscard]] int oracle_lookup(const OracleTables& tables, std::uint32_t source, std::uint32_t target);

/// moves[i] = oracle_lookup(tables, sources[i], targets[i]) for every i (passable padded cells; the
/// three spans of one length). Per lookup it is faster than one call each where the tables exceed
/// the cache (1.6-1.8x on a 3.9 MB oracle: docs/path-oracle.md): the lookups go in groups, and each group's index
/// entries and rows are fetched for all of its lookups at once before any is searched.
void oracle_lookups(const OracleTables& tables, std::span<const std::uint32_t> sources,
                    std::span<const std::uint32_t> targets, std::span<std::int8_t> moves);

/// One first-move request by map coordinates: from (start_x, start_y) towards (goal_x, goal_y).
struct OracleMoveRequest {
    std::uint32_t start_x = 0;
    std::uint32_t start_y = 0;
    std::uint32_t goal_x = 0;
    std::uint32_t goal_y = 0;
};

/// moves[i]: the stored first move of requests[i] on a map of `layout`, or -1 where an endpoint is
/// off the map or blocked, the two are the same cell, or they lie in different components (the two
/// spans of one length). oracle_lookups with the requests' checks and ranks made in its first pass
/// over each group, one read of each endpoint's passability word serving both: a batch of
/// coordinates checked and turned into cells beforehand paid a third more per lookup (brc202d 10.4
/// against 7.3 ns).
void oracle_request_lookups(const OracleTables& tables, grid::PaddedLayout layout,
                            std::span<const OracleMoveRequest> requests, std::span<std::int8_t> moves);

/// Answers `query` from the oracle: `found` with the cost (and the path from start to goal when
/// `record_path`), `no_path` for endpoints in different components, `start_blocked`, `goal_blocked`
/// or `invalid` as A* does. `grid` must be the grid the tables were checked against
/// (check_oracle_tables). Counters count one expansion per step followed. Never allocates unless
/// `record_path` and the path outgrows `result.path`'s capacity.
void oracle_solve(const grid::Grid& grid, const OracleTables& tables, const Query& query, bool record_path,
                  Result& result);

}  // namespace swarmpath::search
