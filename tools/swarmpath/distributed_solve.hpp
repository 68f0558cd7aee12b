// `swarmpath solve` over MPI. Under `mpirun -np N` (N > 1) every rank loads and checks the
// same inputs, the ranks agree that all of them succeeded before anyone solves, each rank solves its
// shard of the queries with oneTBB inside the rank, and rank 0 gathers every result (status, cost
// units, cost, counters, path) into the same per-set outcomes a single process would have computed.
// The solve command's table, summary and paths code then runs unchanged on rank 0 alone.
//
// Assumptions:
//   - Results do not depend on which other queries share a batch, except through goal fields: the
//     crowd solver (flowfield, auto) groups queries by goal, so a shard never splits a goal group of
//     a set. Queries keep their order within a set, so a group's field is charged to the same query.
//   - Every rank sees the same files (shared or replicated file system); if one rank cannot load
//     its inputs, every rank exits 2 and rank 0 prints each distinct message once. That they are the
//     same is checked, not assumed: before solving, every rank checksums (XXH64) each input it
//     read, rank 0 compares them, and a difference fails the job with exit 2 naming the file and the
//     ranks that disagree.
//   - Only the main thread of a rank calls MPI.
// Without MPI (SWARMPATH_MPI off), or outside mpirun, or with one rank, Session reports one rank and
// the command runs its single-process path unchanged.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/prepared_maps.hpp"
#include "swarmpath/batch/scenario_run.hpp"
#include "swarmpath/search/goal_bounds.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::batch {
struct OracleRows;
}

namespace swarmpath::cli::distributed {

/// Under an MPI launcher, a build of the command line without MPI replaces itself (execv) with the
/// MPI build beside it, `swarmpath-mpi` (built when SWARMPATH_MPI is on), so that ordinary runs
/// never load MPI's libraries: loading them cost every process start about 3.6 ms on the build
/// machine (a quarter of a short run on a small map). Returns when there is nothing to hand over (this
/// is the MPI build, or no launcher started the process); exits 2 when the MPI build cannot be run.
void hand_over_to_mpi_build(char** argv);

/// Exit code when a rank failed while solving (an exception, out of memory): the job produced nothing.
inline constexpr int kExitRankFailed = 3;

struct GatheredRun;

/// One input file of a run (scenario file, map, terrain or edits file, oracle), for checking that
/// every rank read the same bytes; `what` names its role in messages ("scenario file", "map").
struct InputFile {
    std::string what;
    std::string path;
};

/// This process's place in an MPI job. Joining initialises MPI only when the process was started by
/// an MPI launcher (mpirun sets OMPI_COMM_WORLD_SIZE, PMI_SIZE or PMIX_RANK); destruction finalises
/// it. Between joining and agree_on_inputs(), the stderr of a multi-rank job is held back so that
/// rank 0 can print each distinct input error once.
class Session {
public:
    Session();
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    [[nodiscard]] int rank() const { return rank_; }
    [[nodiscard]] int size() const { return size_; }
    /// True under mpirun with more than one rank.
    [[nodiscard]] bool distributed() const { return size_ > 1; }
    [[nodiscard]] bool is_root() const { return rank_ == 0; }

    /// Collective: called by every rank whose inputs loaded and checked cleanly. Returns true when
    /// every rank's did and every rank read the same bytes from each of `inputs` (the same list, in
    /// the same order, on every rank). A rank that returns early instead takes part from the
    /// destructor, as a failure. Rank 0 prints the held-back messages: its own, then any other
    /// rank's that differ; then each input whose checksum differs between ranks, naming the ranks.
    bool agree_on_inputs(const std::vector<InputFile>& inputs = {});

    /// Collective, after agree_on_inputs(): true when every rank's `ready` is true. Used per
    /// scenario file while streaming (a map that cannot be loaded, --strict rows); when some rank
    /// is not ready, rank 0 says so for `what` unless it has reported its own problem, and every
    /// rank may then leave.
    bool all_ranks_succeeded(bool ready, const std::string& what);

private:
    friend GatheredRun solve_shards(Session&, const std::vector<batch::ScenarioSet>&, const search::SearchSettings&,
                                    batch::BatchSolver&, bool,
                                    const std::function<Expected<search::SearchSettings>(const batch::ScenarioSet&)>&);
    friend std::vector<batch::OracleRows> gather_oracle_rows(Session&, batch::OracleRows&&);
    friend std::vector<search::GoalBounds::Box> gather_goal_bounds(Session&, std::vector<search::GoalBounds::Box>&&);
    void exchange_input_verdicts(bool inputs_ready);
    /// Collective: every rank checksums `inputs`; rank 0 reports differences; true when there are none.
    bool compare_input_checksums(const std::vector<InputFile>& inputs);

    int rank_ = 0;
    int size_ = 1;
    bool initialised_ = false;
    bool agreed_ = false;
    bool inputs_ready_everywhere_ = false;
    bool results_exchanged_ = false;   ///< false after a good agreement: leaving now must abort the job
    int saved_error_descriptor_ = -1;  ///< the real stderr while it is held back
    std::FILE* held_errors_ = nullptr;
    /// This rank's map preparations, kept across its sets and rounds as a single process keeps them.
    batch::PreparedMaps prepared_;
};

/// The queries one rank solves: for each set, the positions (indices into the set's queries),
/// ascending. Units of work are a set's goal groups (all queries with the same goal cell).
struct ShardPlan {
    std::vector<std::vector<std::vector<std::uint32_t>>> positions;  ///< [rank][set] -> positions
    std::vector<double> estimated_load;                              ///< [rank], in estimate units
};

/// The estimated cost of one query: (bucket + 1) × map cells. The bucket is the Moving AI length
/// class (optimal length / 4), so it grows with the search's reach; larger maps cost more per node.
double estimate_query_cost(const batch::ScenarioSet& set, std::size_t position);

/// Splits the sets' queries over `ranks`: goal groups sorted by estimated cost, largest first (ties
/// by set, then goal), each given to the least-loaded rank so far (ties to the lowest rank).
/// Deterministic: every rank computes the same plan from the same inputs.
ShardPlan plan_shards(const std::vector<batch::ScenarioSet>& sets, int ranks);

/// What rank 0 gathered, and what every rank needs to know to stop.
struct GatheredRun {
    /// Set when this rank must return now: non-root ranks after sending (0, or their failure code),
    /// and every rank when some rank failed (rank 0 has printed which and why).
    std::optional<int> exit_code;
    std::vector<batch::SetOutcome> outcomes;  ///< rank 0: one per set, as solve_set would return
    int ranks = 1;
    unsigned threads_per_rank = 0;
    std::vector<double> rank_busy_seconds;    ///< wall time each rank spent solving its shard
    std::vector<double> rank_cpu_seconds;     ///< process CPU time each rank spent solving
    std::vector<std::size_t> rank_queries;    ///< queries in each rank's shard
    std::vector<double> rank_estimated_load;  ///< the plan's estimate for each shard
    std::uint64_t bytes_gathered = 0;         ///< result bytes sent to rank 0 by the other ranks
    std::size_t remote_queries = 0;           ///< queries solved by ranks other than 0
    double solve_wall_seconds = 0;            ///< rank 0: from planning to the last result received
};

/// Collective: solves this rank's shard and gathers every result on rank 0. Every rank must call
/// it after agree_on_inputs() returned true, with the same sets and settings: once per scenario
/// file when streaming, with `more_rounds` true for every file but the last (a rank that leaves
/// between rounds then aborts the job instead of leaving the others waiting).
/// Test hooks, read from the environment: SWARMPATH_TEST_FAIL_RANK=K makes rank K fail its solve as
/// if out of memory; SWARMPATH_TEST_KILL_RANK=K makes rank K kill itself (SIGKILL) before sending.
/// `settings_for`, when given, makes each set's settings from `settings` (goal bounds for its map);
/// its Error fails the round as an input error of the rank that met it.
using SetSettings = std::function<Expected<search::SearchSettings>(const batch::ScenarioSet&)>;
GatheredRun solve_shards(Session& session, const std::vector<batch::ScenarioSet>& sets,
                         const search::SearchSettings& settings, batch::BatchSolver& workers, bool more_rounds = false,
                         const SetSettings& settings_for = {});

/// Collective, after agree_on_inputs(), for `swarmpath precompute` (distributed_precompute.cpp):
/// every rank passes the rows it built; rank 0 gets every rank's, in rank order (rank r built the
/// r-th contiguous share of the sources), and the other ranks an empty list.
std::vector<batch::OracleRows> gather_oracle_rows(Session& session, batch::OracleRows&& mine);

/// Collective, after agree_on_inputs(), for `swarmpath precompute --kind goal-bounds`: every rank
/// passes the boxes of its share of the passable cells (rank r: the r-th contiguous share); rank 0
/// gets them all joined in rank order, the other ranks an empty list.
std::vector<search::GoalBounds::Box> gather_goal_bounds(Session& session, std::vector<search::GoalBounds::Box>&& mine);

/// Adds one round's per-rank figures (busy and CPU seconds, queries, estimated load, bytes) to `total`.
void accumulate(GatheredRun& total, const GatheredRun& round);

/// Busy-time imbalance: the slowest rank's busy time over the mean (1 is perfect balance).
double imbalance(const std::vector<double>& busy_seconds);

/// The summary's distribution fields: ranks, per-rank busy and CPU seconds, imbalance, bytes.
void describe(const GatheredRun& run, nlohmann::ordered_json& summary);

/// One line for the table: ranks, per-rank busy seconds, imbalance, bytes per remote query.
std::string table_line(const GatheredRun& run);

}  // namespace swarmpath::cli::distributed
