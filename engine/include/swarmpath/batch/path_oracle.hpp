// A path oracle for one static map: built once on a BatchSolver's workers (one goal field
// per source cell, search/oracle_tables.hpp), saved as one versioned binary file
// (docs/oracle-format.md) written atomically, and loaded into memory of its own, so a game or a
// benchmark answers optimal queries by following stored first moves instead of searching.
//
// A file records the map it was built for (size, a fingerprint of its letters and of the terrain
// costs, its file name) and the movement model and diagonal rule; load() refuses a file built for
// another map, terrain or rule, and any file whose checksum or structure is wrong, naming the file.
// Assumes a little-endian host (the file is little-endian) and square maps. An Oracle refers to
// the grid it was built or loaded for, which must outlive it; copies share the tables.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/scenario_set.hpp"
#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/atomic_file.hpp"
#include "swarmpath/io/file_reading.hpp"
#include "swarmpath/search/oracle_tables.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::batch {

struct OracleSettings {
    search::Moves moves = search::Moves::eight;
    search::DiagonalRule diagonal = search::DiagonalRule::both_free;
    search::CellOrder order = search::CellOrder::hilbert;
    /// Store every run in 4 bytes in the file even where 3 hold its position (maps below 2^21
    /// passable cells): for tests and measurements of the wide form, which larger maps use.
    bool wide_runs = false;
};

/// One first-move request: a start and a goal cell (Oracle::first_moves).
using MoveRequest = search::OracleMoveRequest;

/// Called now and then during a build, from whichever worker finished a share of the rows, with
/// the rows done and the total; never from two threads at once.
using OracleProgress = void (*)(void* user, std::size_t done, std::size_t total);

/// The rows of sources [first, first + count) of a build, in order, as one rank or one thread
/// makes them: what the distributed build sends to rank 0 (Oracle::assemble).
struct OracleRows {
    std::uint32_t first = 0;
    std::vector<std::uint64_t> run_counts;  ///< one per source
    std::vector<std::uint32_t> runs;
};

/// Identifies the map an oracle belongs to.
struct OracleMapIdentity {
    std::uint64_t letters_fingerprint = 0;  ///< size and every letter
    std::uint64_t terrain_fingerprint = 0;  ///< each letter's layer and cost as the grid sees it
    [[nodiscard]] static OracleMapIdentity of(const grid::Grid& grid);
    friend bool operator==(const OracleMapIdentity&, const OracleMapIdentity&) = default;
};

class Oracle {
public:
    /// The layout every row of `grid` is indexed by (the first step of a build, and of a
    /// distributed one on every rank).
    static Expected<search::OracleLayout> layout(const grid::Grid& grid, const OracleSettings& settings);
    /// Builds the rows of sources [first, first + count) on `workers`. Once `cancel` (may be null)
    /// fires, no further row is built (each worker stops after the row it is on) and the rows
    /// returned are incomplete: the caller must look at the token.
    static OracleRows build_rows(const grid::Grid& grid, const OracleSettings& settings,
                                 const search::OracleLayout& layout, std::uint32_t first, std::uint32_t count,
                                 BatchSolver& workers, OracleProgress progress = nullptr, void* progress_user = nullptr,
                                 const search::CancelToken* cancel = nullptr);
    /// Puts a layout and the rows of every source, in order and covering all of them, together.
    static Expected<Oracle> assemble(const grid::Grid& grid, const OracleSettings& settings, std::string map_name,
                                     search::OracleLayout layout, std::span<OracleRows> rows);
    /// layout, build_rows over every source, assemble. `map_name` is recorded in the file. An Error
    /// (kBuildCancelled) when `cancel` (may be null) fired before the build was done.
    static Expected<Oracle> build(const grid::Grid& grid, const OracleSettings& settings, std::string map_name,
                                  BatchSolver& workers, OracleProgress progress = nullptr,
                                  void* progress_user = nullptr, const search::CancelToken* cancel = nullptr);
    /// Reads the file at `path` into memory of its own (a change to the file afterwards cannot reach
    /// the oracle) and checks it against `grid` and the movement model and diagonal rule of
    /// `settings` (its cell order is the file's own). With `digest`, the file's bytes are checksummed
    /// there as they are read (io/file_reading.hpp).
    static Expected<Oracle> load(const std::string& path, const grid::Grid& grid, const OracleSettings& settings,
                                 io::FileDigest* digest = nullptr);

    /// Writes the oracle to `path` atomically (io::AtomicFile: a temporary file, then a rename).
    [[nodiscard]] Status save(const std::string& path) const;
    /// Writes the file's bytes into `file` without committing it, for a caller that commits several
    /// outputs together.
    [[nodiscard]] Status write_to(io::AtomicFile& file) const;

    /// The stored first move (search/moves.hpp direction) from (start_x, start_y) towards
    /// (goal_x, goal_y), or -1 when there is none: an endpoint off the map or blocked, the two cells
    /// equal, or in different components.
    [[nodiscard]] int first_move(std::uint32_t start_x, std::uint32_t start_y, std::uint32_t goal_x,
                                 std::uint32_t goal_y) const;
    /// first_move for every request: moves[i] answers requests[i], -1 where first_move gives -1.
    /// Faster per request than one first_move call each where the oracle exceeds the cache
    /// (search::oracle_lookups; 1.6-1.8x measured): a crowd's next steps, asked together. On one thread; never
    /// allocates. Fails only when the spans differ in length.
    [[nodiscard]] Status first_moves(std::span<const MoveRequest> requests, std::span<std::int8_t> moves) const;
    /// Answers one query (cost, and the cell path when `record_path`), as search::oracle_solve.
    void path(const search::Query& query, bool record_path, search::Result& result) const {
        search::oracle_solve(*grid_, tables_, query, record_path, result);
    }
    /// Answers every query of `set` (whose grid must be this oracle's) on `workers`, as solve_set
    /// does with a search: the outcome names Algorithm::oracle, with the load or build time as its
    /// set-up and, with the file size, as its preprocessing. With `time_queries`, each result's
    /// `nanoseconds` holds its own answer's time (else 0), as SearchSettings::time_queries does.
    [[nodiscard]] Expected<SetOutcome> solve_set(const ScenarioSet& set, bool record_paths, BatchSolver& workers,
                                                 ProgressCallback progress = nullptr, void* progress_user = nullptr,
                                                 bool time_queries = false) const;
    /// Seconds spent loading (or building) this oracle.
    [[nodiscard]] double preparation_seconds() const { return preparation_seconds_; }

    /// Answers queries[i] into results[i] on `workers`; fails only when the spans differ in length.
    /// With `time_queries`, each result's `nanoseconds` holds its answer's time (else 0).
    Status solve(std::span<const search::Query> queries, std::span<search::Result> results, bool record_paths,
                 BatchSolver& workers, bool time_queries = false) const;

    [[nodiscard]] const search::OracleTables& tables() const { return tables_; }
    [[nodiscard]] search::CellOrder order() const { return order_; }
    [[nodiscard]] const std::string& map_name() const { return map_name_; }
    [[nodiscard]] std::size_t passable_cells() const { return tables_.position_of_rank.size(); }
    /// The runs of every row (in memory each row also fills its last cache line with gap words:
    /// search/oracle_tables.hpp; those are not counted).
    [[nodiscard]] std::size_t run_count() const { return run_count_; }
    /// Bytes per run in the file: 3 below 2^21 passable cells (unless built with wide_runs), else 4.
    [[nodiscard]] std::uint32_t run_bytes() const { return run_bytes_; }
    /// The size of the file this oracle is (or would be) saved as.
    [[nodiscard]] std::uint64_t file_bytes() const;
    /// Bytes the oracle holds in memory: its runs (4 bytes each in memory, where a file may keep 3,
    /// with the gap words of rows laid out on lines), the row index, every cell's position,
    /// component and legal moves, the rank counts, and the tables lookups read that loading makes
    /// from the runs (block keys, row entries or row blocks: search/oracle_tables.hpp). Not the
    /// grid's, which the oracle only refers to.
    [[nodiscard]] std::size_t memory_bytes() const;

private:
    struct Storage;
    const grid::Grid* grid_ = nullptr;
    search::OracleTables tables_;
    search::CellOrder order_ = search::CellOrder::depth_first;
    std::uint32_t run_bytes_ = 4;
    std::size_t run_count_ = 0;
    OracleMapIdentity identity_;
    std::string map_name_;
    double preparation_seconds_ = 0;
    std::shared_ptr<const Storage> storage_;
};

}  // namespace swarmpath::batch
