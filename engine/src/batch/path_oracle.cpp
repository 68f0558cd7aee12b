// Building, saving, loading and answering with a path oracle (batch/path_oracle.hpp); the file's
// bytes are io/oracle_file's. The build hands sources to the workers in blocks, each block's rows
// into its own buffer, and joins the buffers in source order, so the file is the same whatever the
// thread count. Loading takes the file whole into memory the oracle owns and checks, before any
// query can read it: the file's own consistency (io/oracle_file), the map, terrain and movement rule
// it was built for, and the tables' structure.
#include "swarmpath/batch/path_oracle.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstring>
#include <new>
#include <string_view>
#include <utility>

#include "core/elapsed_time.hpp"
#include "core/page_memory.hpp"
#include "core/progress_count.hpp"
#include "io/oracle_file.hpp"
#include "search/oracle_instructions.hpp"
#include "swarmpath/io/atomic_file.hpp"

namespace swarmpath::batch {

static_assert(io::kOracleMaximumPositions == search::kMaximumOraclePositions,
              "the oracle file's limit is the tables' own");

namespace {

/// Zero words kept after the last run (search::kOracleRunSlack).
constexpr std::size_t kSlackRuns = search::kOracleRunSlack / sizeof(std::uint32_t);

constexpr std::uint32_t kRowsPerTask = 64;

std::uint8_t moves_code(search::Moves moves) { return moves == search::Moves::four ? 4 : 8; }
/// The movement model a header's code names (the header check lets only 4 and 8 through).
search::Moves moves_of_code(std::uint8_t code) { return code == 4 ? search::Moves::four : search::Moves::eight; }

std::string describe_rule(std::uint8_t moves, std::uint8_t diagonal) {
    if (moves == 4) return "4-connected moves";
    const char* rules[] = {"both-free", "one-free", "any"};
    return "8-connected moves with the " + std::string(diagonal < 3 ? rules[diagonal] : "?") + " diagonal rule";
}

}  // namespace

/// What an oracle's spans point into: vectors made by a build or from a file's bytes.
struct Oracle::Storage {
    search::OracleLayout layout;
    search::PassableRanks ranks;
    std::vector<std::uint32_t> row_begin;
    /// Every row, on lines of its own with gap words after its runs where that pays
    /// (line_up_where_it_pays; search/oracle_tables.hpp), then search::kOracleRunSlack bytes of
    /// zeros; on 2 MB pages when large (random lookups over megabytes of runs miss the TLB less:
    /// measured 2-5% per lookup on brc202d).
    std::vector<std::uint32_t, core::PageAllocator<std::uint32_t>> runs;
    std::vector<std::uint8_t> legal_moves;                         ///< made from the grid, never read from a file
    std::vector<std::uint32_t> block_keys;                         ///< made from the runs (first_moves)
    std::vector<search::OracleRowEntry> row_entries;               ///< made from the runs (lookups)
    std::vector<search::OracleRowBlocks> row_blocks;               ///< made from the runs (first_moves, large files)
    std::vector<search::OracleNarrowRowBlocks> narrow_row_blocks;  ///< the same, for at most 65535 cells
    std::vector<std::uint32_t> narrow_targets;                     ///< read with narrow_row_blocks

    /// Every array's bytes (Oracle::memory_bytes).
    [[nodiscard]] std::size_t memory_bytes() const {
        auto bytes = [](const auto& array) { return array.capacity() * sizeof(array[0]); };
        return bytes(layout.position_of_rank) + bytes(layout.component_of_rank) + bytes(layout.padded_of_position) +
               ranks.memory_bytes() + bytes(row_begin) + bytes(runs) + bytes(legal_moves) + bytes(block_keys) +
               bytes(row_entries) + bytes(row_blocks) + bytes(narrow_row_blocks) + bytes(narrow_targets);
    }

    /// Reads the rows of `file` (opened, its header checked) into row_begin and runs, the runs as
    /// whole words (a lookup compares sixteen at a time), the checksum confirmed by finish() before
    /// anything else reads them. As each piece of runs arrives, while it is in the nearer caches, the
    /// rows it completes are checked and its block keys (each sixteenth run) taken into block_keys
    /// (those of the rows as filed: derive_from_runs keeps them unless the rows are laid out anew):
    /// passes of their own read every line of the runs from memory again. Returns
    /// the file's error; the first wrong row goes to `rows_valid`, which the caller reports where the
    /// check of the rows as a whole reports it, after the map's own checks.
    Status read_rows(io::OracleFileReader& file, const std::string& path, Status& rows_valid) {
        const io::OracleFileHeader& header = file.header();
        try {
            core::assign_populated(row_begin, std::size_t{header.positions} + 1);
            runs.resize(std::size_t{header.runs} + kSlackRuns);  // zeros as allocated (core::PageAllocator)
            core::assign_populated(
                block_keys, (std::size_t{header.runs} + search::kOracleBlockRuns - 1) / search::kOracleBlockRuns);
        } catch (const std::bad_alloc&) {
            return Error{path, 0, 0, "cannot be held in memory (" + std::to_string(header.runs) + " runs)"};
        }
        if (Status read = file.read_row_begin(row_begin); !read) return read;
        const auto moves = moves_of_code(header.moves);
        const std::span<const std::uint32_t> filed_runs(runs.data(), header.runs);
        std::size_t rows_checked = 0;
        std::size_t keys_taken = 0;
        auto take_arrived = [&](std::uint64_t arrived) {
            const auto keys_ready =
                static_cast<std::size_t>((arrived + search::kOracleBlockRuns - 1) / search::kOracleBlockRuns);
            for (; keys_taken < keys_ready; ++keys_taken) {
                block_keys[keys_taken] = runs[keys_taken * search::kOracleBlockRuns];
            }
            if (!rows_valid) return;
            std::size_t last = rows_checked;
            if (arrived == header.runs) {
                last = header.positions;  // the rest, those whose index entries lie beyond the runs too
            } else {
                while (last < header.positions && row_begin[last + 1] <= arrived) ++last;
            }
            rows_valid = search::check_oracle_row_runs(row_begin, filed_runs, header.positions, moves, false,
                                                       rows_checked, last, path);
            rows_checked = last;
        };
        if (Status read = file.read_runs(runs, take_arrived); !read) return read;
        if (header.runs == 0) take_arrived(0);
        return file.finish();
    }

    /// Lays the rows, held back to back in row_begin and runs (checked), out on lines where
    /// lookups gain by it (search::oracle_lines_pay) and the index allows; keeps them otherwise.
    /// Throws std::bad_alloc when the lined copy cannot be held. True when the rows were laid out.
    bool line_up_where_it_pays() {
        if (!search::oracle_lines_pay(row_begin)) return false;
        std::vector<std::uint32_t> lined_row_begin = search::oracle_lined_row_begin(row_begin);
        if (lined_row_begin.empty()) return false;
        decltype(runs) lined_runs(std::size_t{lined_row_begin.back()} + kSlackRuns);  // zeros, unwritten
        search::line_up_oracle_rows(row_begin, runs, lined_row_begin, lined_runs);
        row_begin = std::move(lined_row_begin);
        runs = std::move(lined_runs);
        return true;
    }

    /// Tables over `row_begin_view` and `runs_view` (this storage's rows, or a file's before they are
    /// laid out) and the layout's cells; what is derived from the map and the runs is left empty,
    /// for derive_from_map and derive_from_runs.
    [[nodiscard]] search::OracleTables tables_over(std::uint32_t width, std::uint32_t height, search::Moves moves,
                                                   search::DiagonalRule diagonal,
                                                   std::span<const std::uint32_t> row_begin_view,
                                                   std::span<const std::uint32_t> runs_view) const {
        search::OracleTables tables;
        tables.width = width;
        tables.height = height;
        tables.moves = moves;
        tables.diagonal = diagonal;
        tables.position_of_rank = layout.position_of_rank;
        tables.component_of_rank = layout.component_of_rank;
        tables.row_begin = row_begin_view;
        tables.runs = runs_view;
        return tables;
    }

    /// Makes what is derived from the map rather than built or read (the legal moves, the ranks)
    /// and points `tables` at it.
    void derive_from_map(const grid::Grid& grid, search::OracleTables& tables) {
        legal_moves = search::oracle_legal_moves(grid, tables.moves, tables.diagonal);
        tables.legal_moves = legal_moves;
        ranks = search::PassableRanks(grid);
        tables.ranks = &ranks;
    }

    /// Makes what is derived from the runs as laid out (the block keys, the row entries where the
    /// rows are on lines, the row blocks where first_moves reads them) and points `tables`, already
    /// holding those runs, at it; with `block_keys_known`, block_keys already hold those runs' keys
    /// (read_rows took them, and the rows stayed as filed).
    void derive_from_runs(search::OracleTables& tables, bool block_keys_known = false) {
        if (!block_keys_known) block_keys = search::oracle_block_keys(tables.runs);
        tables.block_keys = block_keys;
        row_entries = search::oracle_row_entries(tables.row_begin, tables.runs);
        tables.row_entries = row_entries;
        // Where first_moves reads the block keys (rows back to back, the runs beyond the caches, a
        // processor that runs the AVX-512 copy), each row's keys in one line of their own: 64 bytes
        // a passable cell more for one fetch less a lookup. Where the map has at most 65535 passable
        // cells, half a line (block positions in 16 bits) and each rank's component and position in
        // one word instead: 36 bytes a passable cell (Berlin_1_256: 1.7 MB beside 14 MB of runs,
        // where 3 MB of whole lines stayed in the caches less) and three fetches a lookup, not five.
        // Not where they would take more than a quarter of the runs' memory (rows of fewer than 64
        // runs on average, which mostly fit in one or two blocks anyway).
        const std::size_t rows = tables.row_begin.empty() ? 0 : tables.row_begin.size() - 1;
        if (row_entries.empty() && tables.runs.size_bytes() >= search::kBlockLookupsFromBytes &&
            rows * sizeof(search::OracleRowBlocks) <= tables.runs.size_bytes() / 4 &&
            search::processor_runs(search::OracleInstructions::avx512)) {
            narrow_row_blocks =
                search::oracle_narrow_row_blocks(tables.row_begin, block_keys, tables.component_of_rank);
            narrow_targets = search::oracle_narrow_targets(tables.position_of_rank, tables.component_of_rank);
            if (narrow_row_blocks.empty() || narrow_targets.empty()) {
                narrow_row_blocks = {};
                narrow_targets = {};
            }
            tables.narrow_row_blocks = narrow_row_blocks;
            tables.narrow_targets = narrow_targets;
            if (narrow_row_blocks.empty()) {
                row_blocks = search::oracle_row_blocks(tables.row_begin, block_keys);
                tables.row_blocks = row_blocks;
            }
        }
    }
};

OracleMapIdentity OracleMapIdentity::of(const grid::Grid& grid) {
    OracleMapIdentity identity;
    io::Fingerprint letters;
    const std::uint32_t size[2] = {grid.width(), grid.height()};
    letters.add(size, sizeof(size));
    for (std::uint32_t y = 0; y < grid.height(); ++y) {
        for (std::uint32_t x = 0; x < grid.width(); ++x) {
            const char letter = grid.letter(x, y);
            letters.add(&letter, 1);
        }
    }
    identity.letters_fingerprint = letters.value();
    io::Fingerprint terrain;
    for (const grid::TerrainKind& kind : grid.kinds()) {
        const std::uint64_t fields[5] = {static_cast<std::uint64_t>(static_cast<unsigned char>(kind.letter)),
                                         kind.layer, kind.straight_units, kind.diagonal_units,
                                         std::bit_cast<std::uint64_t>(kind.cost)};
        terrain.add(fields, sizeof(fields));
    }
    identity.terrain_fingerprint = terrain.value();
    return identity;
}

Expected<search::OracleLayout> Oracle::layout(const grid::Grid& grid, const OracleSettings& settings) {
    if (grid.topology() != grid::Topology::square) {
        return Error{"", 0, 0,
                     "path oracles are built for octile maps only, not '" +
                         std::string(grid::topology_type_name(grid.topology())) + "'"};
    }
    return search::make_oracle_layout(grid, settings.moves, settings.diagonal, settings.order);
}

OracleRows Oracle::build_rows(const grid::Grid& grid, const OracleSettings& settings,
                              const search::OracleLayout& layout, std::uint32_t first, std::uint32_t count,
                              BatchSolver& workers, OracleProgress progress, void* progress_user,
                              const search::CancelToken* cancel) {
    const search::OracleRowBuilder builder(grid, settings.moves, settings.diagonal, layout);
    const std::size_t tasks = (std::size_t{count} + kRowsPerTask - 1) / kRowsPerTask;
    std::vector<OracleRows> blocks(tasks);
    core::ProgressCount done(progress, progress_user, count);
    workers.for_each(tasks, [&](WorkerSlot& /*slot*/, std::size_t task) {
        OracleRows& block = blocks[task];
        block.first = first + static_cast<std::uint32_t>(task * kRowsPerTask);
        const std::uint32_t end = std::min(first + count, block.first + kRowsPerTask);
        search::OracleRowScratch scratch;  // one whole-map Dijkstra per row dwarfs this allocation
        for (std::uint32_t source = block.first; source < end; ++source) {
            if (cancel != nullptr && cancel->cancelled()) return;  // the rows are abandoned
            block.run_counts.push_back(builder.build(source, scratch, block.runs));
        }
        done.add(end - block.first);
    });
    if (cancel != nullptr && cancel->cancelled()) return {};
    done.finish();
    OracleRows all;
    all.first = first;
    std::size_t total_runs = 0;
    for (const OracleRows& block : blocks) total_runs += block.runs.size();
    all.runs.reserve(total_runs);
    all.run_counts.reserve(count);
    for (OracleRows& block : blocks) {
        all.run_counts.insert(all.run_counts.end(), block.run_counts.begin(), block.run_counts.end());
        all.runs.insert(all.runs.end(), block.runs.begin(), block.runs.end());
        block = {};
    }
    return all;
}

Expected<Oracle> Oracle::assemble(const grid::Grid& grid, const OracleSettings& settings, std::string map_name,
                                  search::OracleLayout layout, std::span<OracleRows> rows) {
    auto storage = std::make_shared<Storage>();
    storage->layout = std::move(layout);
    const std::size_t positions = storage->layout.position_of_rank.size();
    std::size_t total_runs = 0;
    std::uint32_t next = 0;
    for (const OracleRows& part : rows) {
        if (part.first != next) return Error{"", 0, 0, "the oracle's rows do not follow one another"};
        next += static_cast<std::uint32_t>(part.run_counts.size());
        total_runs += part.runs.size();
    }
    if (next != positions) return Error{"", 0, 0, "the oracle's rows do not cover every source"};
    if (total_runs >= (std::uint64_t{1} << 32)) {
        return Error{"", 0, 0, "the oracle has " + std::to_string(total_runs) + " runs; a file holds fewer than 2^32"};
    }
    try {
        storage->row_begin.reserve(positions + 1);
        storage->runs.reserve(total_runs + kSlackRuns);
        storage->row_begin.push_back(0);
        for (OracleRows& part : rows) {
            for (std::uint64_t count : part.run_counts) {
                storage->row_begin.push_back(storage->row_begin.back() + static_cast<std::uint32_t>(count));
            }
            storage->runs.insert(storage->runs.end(), part.runs.begin(), part.runs.end());
            part = {};
        }
        if (storage->row_begin.back() != total_runs) {
            return Error{"", 0, 0, "the oracle's run counts do not match its runs"};
        }
        storage->runs.resize(total_runs + kSlackRuns, 0);
        storage->line_up_where_it_pays();
    } catch (const std::bad_alloc&) {
        return Error{"", 0, 0, "the oracle's " + std::to_string(total_runs) + " runs cannot be held in memory"};
    }
    const std::size_t words = storage->row_begin.back();
    Oracle oracle;
    oracle.run_count_ = total_runs;
    oracle.grid_ = &grid;
    oracle.order_ = settings.order;
    oracle.run_bytes_ = io::oracle_run_bytes(positions, settings.wide_runs);
    oracle.identity_ = OracleMapIdentity::of(grid);
    oracle.map_name_ = std::move(map_name);
    if (oracle.map_name_.size() >= io::kOracleMapNameBytes) oracle.map_name_.resize(io::kOracleMapNameBytes - 1);
    oracle.tables_ =
        storage->tables_over(grid.width(), grid.height(), settings.moves, settings.diagonal, storage->row_begin,
                             std::span<const std::uint32_t>(storage->runs).first(words));
    storage->derive_from_map(grid, oracle.tables_);
    storage->derive_from_runs(oracle.tables_);
    storage->layout.padded_of_position = {};  // only the build needs it
    oracle.storage_ = std::move(storage);
    return oracle;
}

Expected<Oracle> Oracle::build(const grid::Grid& grid, const OracleSettings& settings, std::string map_name,
                               BatchSolver& workers, OracleProgress progress, void* progress_user,
                               const search::CancelToken* cancel) {
    Expected<search::OracleLayout> cells = layout(grid, settings);
    if (!cells) return cells.error();
    const auto started = std::chrono::steady_clock::now();
    const auto positions = static_cast<std::uint32_t>(cells->position_of_rank.size());
    OracleRows rows = build_rows(grid, settings, *cells, 0, positions, workers, progress, progress_user, cancel);
    if (cancel != nullptr && cancel->cancelled()) return Error{"", 0, 0, search::kBuildCancelled};
    Expected<Oracle> oracle =
        assemble(grid, settings, std::move(map_name), std::move(*cells), std::span<OracleRows>(&rows, 1));
    if (oracle)
        oracle->preparation_seconds_ =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return oracle;
}

std::size_t Oracle::memory_bytes() const { return storage_ != nullptr ? storage_->memory_bytes() : 0; }

std::uint64_t Oracle::file_bytes() const {
    return io::OracleSections::of(tables_.position_of_rank.size(), run_count_, run_bytes_).end;
}

Status Oracle::save(const std::string& path) const {
    io::AtomicFile file(path);
    if (!file.status()) return file.status();
    if (Status written = write_to(file); !written) return written;
    return file.commit();
}

Status Oracle::write_to(io::AtomicFile& file) const {
    io::OracleFileHeader header = io::new_oracle_header();
    header.width = tables_.width;
    header.height = tables_.height;
    header.topology = 0;
    header.moves = moves_code(tables_.moves);
    header.diagonal = static_cast<std::uint8_t>(tables_.diagonal);
    header.order = static_cast<std::uint8_t>(order_);
    header.letters_fingerprint = identity_.letters_fingerprint;
    header.terrain_fingerprint = identity_.terrain_fingerprint;
    std::memcpy(header.map_name, map_name_.data(), std::min(map_name_.size(), io::kOracleMapNameBytes - 1));
    if (tables_.row_entries.empty()) {  // the rows lie back to back in memory, as in the file
        return io::write_oracle_file(file, header, {tables_.row_begin, tables_.runs, run_bytes_});
    }
    // The file holds the rows back to back, without the gap words of rows on lines.
    std::vector<std::uint32_t> file_row_begin;
    std::vector<std::uint32_t> file_runs;
    try {
        file_row_begin.reserve(tables_.row_begin.size());
        file_runs.reserve(run_count_);
        file_row_begin.push_back(0);
        for (std::uint32_t rank = 0; rank + 1 < tables_.row_begin.size(); ++rank) {
            const std::span<const std::uint32_t> row = search::oracle_row_runs(tables_, rank);
            file_runs.insert(file_runs.end(), row.begin(), row.end());
            file_row_begin.push_back(static_cast<std::uint32_t>(file_runs.size()));
        }
    } catch (const std::bad_alloc&) {
        return Error{file.path(), 0, 0, "not enough memory to write the oracle"};
    }
    return io::write_oracle_file(file, header, {file_row_begin, file_runs, run_bytes_});
}

namespace {

/// The map, terrain and movement rule the file was built for, against this run's.
Status check_built_for(const io::OracleFileHeader& header, const grid::Grid& grid, const OracleMapIdentity& identity,
                       const OracleSettings& settings, const std::string& path) {
    auto fail = [&](const std::string& message) -> Status { return Error{path, 0, 0, message}; };
    const std::string built_for(header.map_name);
    if (header.width != grid.width() || header.height != grid.height() ||
        header.letters_fingerprint != identity.letters_fingerprint) {
        return fail("was built for another map (" + built_for + ", " + std::to_string(header.width) + " x " +
                    std::to_string(header.height) + "), not this " + std::to_string(grid.width()) + " x " +
                    std::to_string(grid.height()) + " one");
    }
    if (header.terrain_fingerprint != identity.terrain_fingerprint) {
        return fail("was built for " + built_for + " with other terrain costs or layers than this run's");
    }
    if (header.moves != moves_code(settings.moves) ||
        (settings.moves == search::Moves::eight && header.diagonal != static_cast<std::uint8_t>(settings.diagonal))) {
        return fail("was built for " + describe_rule(header.moves, header.diagonal) + ", not " +
                    describe_rule(moves_code(settings.moves), static_cast<std::uint8_t>(settings.diagonal)));
    }
    return Success{};
}

}  // namespace

Expected<Oracle> Oracle::load(const std::string& path, const grid::Grid& grid, const OracleSettings& settings,
                              io::FileDigest* digest) {
    const auto started = std::chrono::steady_clock::now();
    auto fail = [&](const std::string& message) -> Error { return Error{path, 0, 0, message}; };
    if (grid.topology() != grid::Topology::square) {
        return fail("path oracles serve octile maps only; this map is of type " +
                    std::string(grid::topology_type_name(grid.topology())));
    }
    auto storage = std::make_shared<Storage>();
    Expected<io::OracleFileReader> file = io::OracleFileReader::open(path, digest);
    if (!file) return file.error();
    const io::OracleFileHeader header = file->header();
    Status rows_valid = Success{};
    if (Status read = storage->read_rows(*file, path, rows_valid); !read) return read.error();
    const auto moves = moves_of_code(header.moves);
    const std::string built_for(header.map_name);

    const OracleMapIdentity identity = OracleMapIdentity::of(grid);
    if (Status matches = check_built_for(header, grid, identity, settings, path); !matches) return matches.error();

    Oracle oracle;
    oracle.grid_ = &grid;
    oracle.order_ = static_cast<search::CellOrder>(header.order);
    oracle.identity_ = identity;
    oracle.map_name_ = built_for;
    const auto diagonal = static_cast<search::DiagonalRule>(header.diagonal);
    // The cell order and the component labels are the map's own, made here as the build made them;
    // the file holds only the rows.
    Expected<search::OracleLayout> cells = search::make_oracle_layout(grid, moves, diagonal, oracle.order_);
    if (!cells) return fail(cells.error().message);
    storage->layout = std::move(*cells);
    storage->layout.padded_of_position = {};  // only a build needs it
    if (storage->layout.position_of_rank.size() != header.positions) {
        return fail("holds rows for " + std::to_string(header.positions) + " passable cells; the map has " +
                    std::to_string(storage->layout.position_of_rank.size()));
    }
    // The rows checked as the file lays them out (the cell order and the labels were made above
    // from the map; only the rows came from the file), then laid out on lines.
    oracle.run_bytes_ = header.run_bytes;
    oracle.run_count_ = header.runs;
    try {
        search::OracleTables as_filed =
            storage->tables_over(header.width, header.height, moves, diagonal, storage->row_begin,
                                 std::span<const std::uint32_t>(storage->runs).first(header.runs));
        storage->derive_from_map(grid, as_filed);
        if (Status valid = search::check_oracle_rows(as_filed, grid, path, true); !valid) return valid.error();
        if (!rows_valid) return rows_valid.error();
        const bool lined = storage->line_up_where_it_pays();
        oracle.tables_ =
            storage->tables_over(header.width, header.height, moves, diagonal, storage->row_begin,
                                 std::span<const std::uint32_t>(storage->runs).first(storage->row_begin.back()));
        oracle.tables_.legal_moves = as_filed.legal_moves;
        oracle.tables_.ranks = as_filed.ranks;
        storage->derive_from_runs(oracle.tables_, !lined);
    } catch (const std::bad_alloc&) {
        return fail("cannot be held in memory (" + std::to_string(header.runs) + " runs)");
    }
    oracle.storage_ = std::move(storage);
    oracle.preparation_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return oracle;
}

int Oracle::first_move(std::uint32_t start_x, std::uint32_t start_y, std::uint32_t goal_x, std::uint32_t goal_y) const {
    if (!grid_->contains(start_x, start_y) || !grid_->contains(goal_x, goal_y)) return -1;
    const grid::PaddedLayout layout = grid_->layout();
    const std::uint32_t source = layout.padded(start_x, start_y);
    const std::uint32_t target = layout.padded(goal_x, goal_y);
    const search::PassableRanks& ranks = *tables_.ranks;
    if (!ranks.passable(source) || !ranks.passable(target)) return -1;
    return search::oracle_lookup(tables_, source, target);
}

Status Oracle::first_moves(std::span<const MoveRequest> requests, std::span<std::int8_t> moves) const {
    if (requests.size() != moves.size()) {
        return Error{"", 0, 0,
                     "first_moves: " + std::to_string(requests.size()) + " requests but room for " +
                         std::to_string(moves.size()) + " moves"};
    }
    // Each request is checked (on the map, both ends passable) where the lookups rank its ends.
    search::oracle_request_lookups(tables_, grid_->layout(), requests, moves);
    return Success{};
}

Expected<SetOutcome> Oracle::solve_set(const ScenarioSet& set, bool record_paths, BatchSolver& workers,
                                       ProgressCallback progress, void* progress_user, bool time_queries) const {
    if (set.grid.get() != grid_) {
        return Error{set.scenario_path, 0, 0, "the oracle was loaded for another map than this scenario's"};
    }
    SetOutcome outcome;
    outcome.algorithm = search::Algorithm::oracle;
    // Loading (or building) the oracle is its per-map set-up, as a Solver's preparation is.
    outcome.setup_seconds = preparation_seconds_;
    outcome.preprocessing_seconds = preparation_seconds_;
    outcome.preprocessing_bytes = file_bytes();
    outcome.results.resize(set.queries.size());
    const std::size_t total = set.queries.size();
    const std::size_t chunk =
        progress == nullptr ? std::max<std::size_t>(total, 1) : std::max<std::size_t>(512, total / 50);
    const std::uint64_t faults_before = process_page_faults();
    const double cpu_before = process_cpu_seconds();
    const auto wall_before = std::chrono::steady_clock::now();
    for (std::size_t begin = 0; begin < total; begin += chunk) {
        const std::size_t count = std::min(chunk, total - begin);
        (void)solve(std::span(set.queries).subspan(begin, count), std::span(outcome.results).subspan(begin, count),
                    record_paths, workers, time_queries);
        if (progress != nullptr) progress(progress_user, begin + count, total);
    }
    outcome.search_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_before).count();
    outcome.cpu_seconds = process_cpu_seconds() - cpu_before;
    outcome.search_page_faults = process_page_faults() - faults_before;
    return outcome;
}

Status Oracle::solve(std::span<const search::Query> queries, std::span<search::Result> results, bool record_paths,
                     BatchSolver& workers, bool time_queries) const {
    if (queries.size() != results.size()) {
        return Error{"", 0, 0,
                     "oracle solve: " + std::to_string(queries.size()) + " queries but " +
                         std::to_string(results.size()) + " results"};
    }
    workers.for_each(queries.size(), [&](WorkerSlot& /*slot*/, std::size_t index) {
        const auto before = time_queries ? std::chrono::steady_clock::now() : std::chrono::steady_clock::time_point{};
        search::oracle_solve(*grid_, tables_, queries[index], record_paths, results[index]);
        if (time_queries) results[index].nanoseconds = core::elapsed_nanoseconds(before);
    });
    return Success{};
}

}  // namespace swarmpath::batch
