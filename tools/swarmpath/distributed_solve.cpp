// `swarmpath solve` over MPI (see distributed_solve.hpp): the session (init, held-back stderr, the
// input agreement, finalize), the shard plan, the result wire format, and the gather on rank 0.
// Compiled with or without MPI; without it (SWARMPATH_WITH_MPI unset) a session always has one rank
// and the collective functions are never reached.
#include "distributed_solve.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <map>
#include <new>
#include <span>
#include <stdexcept>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#if defined(SWARMPATH_WITH_MPI)
#include <mpi.h>
#endif

#include "commands.hpp"
#include "provenance.hpp"
#include "swarmpath/batch/run_report.hpp"
#include "swarmpath/io/file_reading.hpp"

namespace swarmpath::cli::distributed {
namespace {

#if defined(SWARMPATH_WITH_MPI) || defined(SWARMPATH_MPI_EXECUTABLE)
/// True when an MPI launcher started this process (OpenMPI, PMI and PMIx launchers set these).
bool launched_by_mpi() {
    for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "PMI_RANK"}) {
        if (std::getenv(name) != nullptr) return true;
    }
    return false;
}
#endif

#if defined(SWARMPATH_WITH_MPI)

/// The rank named by a test hook variable, or -1.
int rank_named_by(const char* variable) {
    const char* value = std::getenv(variable);
    if (value == nullptr || *value == '\0') return -1;
    return std::atoi(value);
}

// The wire format: little-endian host values copied as bytes (all ranks run the same binary).
class Writer {
public:
    template <class Value>
    void put(Value value) {
        static_assert(std::is_trivially_copyable_v<Value>);
        const auto* bytes = reinterpret_cast<const char*>(&value);
        buffer_.append(bytes, sizeof(Value));
    }
    void put_text(std::string_view text) {
        put(static_cast<std::uint64_t>(text.size()));
        buffer_.append(text);
    }
    std::string& buffer() { return buffer_; }

private:
    std::string buffer_;
};

class Reader {
public:
    explicit Reader(std::string_view bytes) : bytes_(bytes) {}
    template <class Value>
    Value get() {
        Value value{};
        if (bytes_.size() < sizeof(Value)) throw std::runtime_error("truncated result message");
        std::memcpy(&value, bytes_.data(), sizeof(Value));
        bytes_.remove_prefix(sizeof(Value));
        return value;
    }
    std::string get_text() {
        const auto size = get<std::uint64_t>();
        if (bytes_.size() < size) throw std::runtime_error("truncated result message");
        std::string text(bytes_.substr(0, size));
        bytes_.remove_prefix(size);
        return text;
    }

private:
    std::string_view bytes_;
};

/// How a rank's shard ended.
enum class ShardVerdict : std::uint8_t { solved = 0, input_error = 1, failed = 2 };

void put_result(Writer& writer, const search::Result& result) {
    writer.put(static_cast<std::uint8_t>(result.status));
    writer.put(result.cost_units);
    writer.put(result.cost);
    writer.put(result.counters.expanded);
    writer.put(result.counters.generated);
    writer.put(result.counters.heap_pushes);
    writer.put(result.counters.heap_pops);
    writer.put(result.counters.decrease_keys);
    writer.put(result.nanoseconds);
    writer.put(static_cast<std::uint32_t>(result.path.size()));
    for (grid::CellIndex cell : result.path) writer.put(cell.value);
}

search::Result get_result(Reader& reader) {
    search::Result result;
    result.status = static_cast<search::QueryStatus>(reader.get<std::uint8_t>());
    result.cost_units = reader.get<grid::Cost>();
    result.cost = reader.get<double>();
    result.counters.expanded = reader.get<std::uint64_t>();
    result.counters.generated = reader.get<std::uint64_t>();
    result.counters.heap_pushes = reader.get<std::uint64_t>();
    result.counters.heap_pops = reader.get<std::uint64_t>();
    result.counters.decrease_keys = reader.get<std::uint64_t>();
    result.nanoseconds = reader.get<std::uint64_t>();
    result.path.resize(reader.get<std::uint32_t>());
    for (grid::CellIndex& cell : result.path) cell.value = reader.get<std::uint32_t>();
    return result;
}

/// The rows of `set` at `positions` (increasing), as a set of their own (same grid, same names) that
/// knows itself a part of `set`, which must outlive it (ScenarioSet::whole_queries).
batch::ScenarioSet subset(const batch::ScenarioSet& set, const std::vector<std::uint32_t>& positions) {
    batch::ScenarioSet part;
    part.scenario_path = set.scenario_path;
    part.scenario_name = set.scenario_name;
    part.map_path = set.map_path;
    part.agent_size = set.agent_size;
    part.agent_class = set.agent_class;
    part.grid = set.grid;
    part.whole_queries = set.queries;  // auto plans the part as the whole set (goal groups are not split)
    part.positions_in_whole = positions;
    part.rows.reserve(positions.size());
    part.row_indices.reserve(positions.size());
    part.queries.reserve(positions.size());
    for (std::uint32_t position : positions) {
        part.rows.push_back(set.rows[position]);
        part.row_indices.push_back(set.row_indices[position]);
        part.queries.push_back(set.queries[position]);
    }
    return part;
}

/// Solves this rank's shard into a message: verdict, then (when solved) busy and CPU seconds and,
/// per set with work, its outcome fields and its results in position order.
std::string solve_own_shard(int rank, const ShardPlan& plan, const std::vector<batch::ScenarioSet>& sets,
                            const search::SearchSettings& settings, const SetSettings& settings_for,
                            batch::BatchSolver& workers, batch::PreparedMaps& prepared) {
    Writer body;
    std::uint32_t entries = 0;
    const double cpu_before = batch::process_cpu_seconds();
    const auto wall_before = std::chrono::steady_clock::now();
    try {
        if (rank_named_by("SWARMPATH_TEST_FAIL_RANK") == rank) throw std::bad_alloc();
        for (std::size_t set_index = 0; set_index < sets.size(); ++set_index) {
            const std::vector<std::uint32_t>& positions = plan.positions[static_cast<std::size_t>(rank)][set_index];
            if (positions.empty()) continue;
            const batch::ScenarioSet part = subset(sets[set_index], positions);
            Expected<search::SearchSettings> set_settings =
                settings_for ? settings_for(sets[set_index]) : Expected<search::SearchSettings>(settings);
            Expected<batch::SetOutcome> outcome = set_settings
                                                      ? batch::solve_set(part, *set_settings, workers, prepared)
                                                      : Expected<batch::SetOutcome>(set_settings.error());
            if (!outcome) {
                Writer failure;
                failure.put(ShardVerdict::input_error);
                failure.put_text(outcome.error().describe(command_line_wording));
                return std::move(failure.buffer());
            }
            ++entries;
            body.put(static_cast<std::uint32_t>(set_index));
            body.put(static_cast<std::uint8_t>(outcome->algorithm));
            body.put(static_cast<std::uint64_t>(outcome->field_groups));
            body.put(static_cast<std::uint64_t>(outcome->field_queries));
            body.put(outcome->search_seconds);
            body.put(outcome->setup_seconds);
            body.put(outcome->preprocessing_seconds);
            body.put(static_cast<std::uint64_t>(outcome->preprocessing_bytes));
            body.put(outcome->cpu_seconds);
            body.put(outcome->setup_page_faults);
            body.put(outcome->search_page_faults);
            body.put(static_cast<std::uint8_t>(outcome->setup_reused ? 1 : 0));
            body.put(static_cast<std::uint32_t>(outcome->results.size()));
            for (const search::Result& result : outcome->results) put_result(body, result);
        }
    } catch (const std::bad_alloc&) {
        Writer failure;
        failure.put(ShardVerdict::failed);
        failure.put_text("out of memory (std::bad_alloc)");
        return std::move(failure.buffer());
    } catch (const std::exception& error) {
        Writer failure;
        failure.put(ShardVerdict::failed);
        failure.put_text(error.what());
        return std::move(failure.buffer());
    }
    Writer message;
    message.put(ShardVerdict::solved);
    message.put(std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_before).count());
    message.put(batch::process_cpu_seconds() - cpu_before);
    message.put(entries);
    message.buffer() += body.buffer();
    return std::move(message.buffer());
}

/// This rank's fingerprint of each input, two values per input: 1 and the XXH64 checksum of the
/// bytes it reads now, or 0 and 0 when it cannot read the file.
std::vector<std::uint64_t> fingerprint_inputs(const std::vector<InputFile>& inputs) {
    std::vector<std::uint64_t> values;
    values.reserve(2 * inputs.size());
    for (const InputFile& input : inputs) {
        io::FileDigest digest;  // the reader checksums every block it hands over
        const Status read = io::read_file_in_blocks(
            input.path, [](std::string_view) { return true; }, &digest);
        values.push_back(read ? 1 : 0);
        values.push_back(read ? digest.checksum.value() : 0);
    }
    return values;
}

/// "rank 2" or "ranks 0, 3".
std::string name_ranks(const std::vector<std::size_t>& ranks) {
    std::string names = ranks.size() == 1 ? "rank " : "ranks ";
    for (std::size_t index = 0; index < ranks.size(); ++index)
        names += (index == 0 ? "" : ", ") + std::to_string(ranks[index]);
    return names;
}

/// Rank 0: one message per input whose fingerprints differ between ranks (`per_rank[r]` is rank r's
/// fingerprint_inputs), and one when ranks hold different numbers of inputs.
std::vector<std::string> describe_disagreements(const std::vector<InputFile>& inputs,
                                                const std::vector<std::vector<std::uint64_t>>& per_rank) {
    std::vector<std::string> problems;
    for (std::size_t input = 0; input < inputs.size(); ++input) {
        // Each distinct fingerprint, in the order ranks first show it, with the ranks that read it.
        std::vector<std::pair<std::pair<std::uint64_t, std::uint64_t>, std::vector<std::size_t>>> versions;
        for (std::size_t rank = 0; rank < per_rank.size(); ++rank) {
            if (per_rank[rank].size() < 2 * (input + 1)) continue;
            const std::pair<std::uint64_t, std::uint64_t> fingerprint{per_rank[rank][2 * input],
                                                                      per_rank[rank][2 * input + 1]};
            auto found = std::find_if(versions.begin(), versions.end(),
                                      [&](const auto& version) { return version.first == fingerprint; });
            if (found == versions.end()) {
                versions.push_back({fingerprint, {rank}});
            } else {
                found->second.push_back(rank);
            }
        }
        if (versions.size() <= 1) continue;
        std::string text = inputs[input].what + " " + inputs[input].path + " differs between ranks:";
        for (std::size_t index = 0; index < versions.size(); ++index) {
            const auto& [fingerprint, ranks] = versions[index];
            text += (index == 0 ? " " : ", ") + name_ranks(ranks) +
                    (fingerprint.first == 1 ? fmt::format(" read XXH64 {:016x}", fingerprint.second)
                                            : std::string(" could not read it"));
        }
        problems.push_back(std::move(text));
    }
    std::vector<std::size_t> other_counts;
    for (std::size_t rank = 1; rank < per_rank.size(); ++rank) {
        if (per_rank[rank].size() != per_rank[0].size()) other_counts.push_back(rank);
    }
    if (!other_counts.empty()) {
        problems.push_back(
            fmt::format("{} read a different list of input files than rank 0 ({} files: the maps "
                        "their scenario files name differ)",
                        name_ranks(other_counts), inputs.size()));
    }
    return problems;
}

constexpr int kTagSize = 81;
constexpr int kTagBytes = 82;
constexpr std::size_t kChunkBytes = std::size_t{1} << 30;  // MPI counts are int

void send_to_root(const std::string& message) {
    const auto size = static_cast<std::uint64_t>(message.size());
    MPI_Send(&size, 1, MPI_UINT64_T, 0, kTagSize, MPI_COMM_WORLD);
    for (std::size_t begin = 0; begin < message.size(); begin += kChunkBytes) {
        const std::size_t count = std::min(kChunkBytes, message.size() - begin);
        MPI_Send(message.data() + begin, static_cast<int>(count), MPI_BYTE, 0, kTagBytes, MPI_COMM_WORLD);
    }
}

/// Receives the next rank's message, whichever finishes first. Returns (rank, message).
std::pair<int, std::string> receive_from_any() {
    MPI_Status status{};
    MPI_Probe(MPI_ANY_SOURCE, kTagSize, MPI_COMM_WORLD, &status);
    const int source = status.MPI_SOURCE;
    std::uint64_t size = 0;
    MPI_Recv(&size, 1, MPI_UINT64_T, source, kTagSize, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    std::string message(size, '\0');
    for (std::size_t begin = 0; begin < message.size(); begin += kChunkBytes) {
        const std::size_t count = std::min(kChunkBytes, message.size() - begin);
        MPI_Recv(message.data() + begin, static_cast<int>(count), MPI_BYTE, source, kTagBytes, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    }
    return {source, std::move(message)};
}
#endif

}  // namespace

// ---- The MPI build ----

void hand_over_to_mpi_build(char** argv) {
#if !defined(SWARMPATH_WITH_MPI) && defined(SWARMPATH_MPI_EXECUTABLE)
    if (!launched_by_mpi()) return;
    // The MPI build is installed and built beside this executable.
    std::string self(4096, '\0');
    const ssize_t length = ::readlink("/proc/self/exe", self.data(), self.size() - 1);
    std::string path = SWARMPATH_MPI_EXECUTABLE;
    if (length > 0) {
        self.resize(static_cast<std::size_t>(length));
        path = self.substr(0, self.rfind('/') + 1) + path;
    }
    ::execv(path.c_str(), argv);
    std::fprintf(stderr, "swarmpath: started by an MPI launcher, but its MPI build %s cannot be run: %s\n",
                 path.c_str(), std::strerror(errno));
    std::exit(kExitBadInput);
#else
    (void)argv;
#endif
}

// ---- Session ----

Session::Session() {
#if defined(SWARMPATH_WITH_MPI)
    if (!launched_by_mpi()) return;
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    initialised_ = true;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
    if (size_ > 1) {
        std::fflush(stderr);
        held_errors_ = std::tmpfile();
        if (held_errors_ != nullptr) {
            saved_error_descriptor_ = ::dup(2);
            ::dup2(::fileno(held_errors_), 2);
        }
    }
#endif
}

Session::~Session() {
#if defined(SWARMPATH_WITH_MPI)
    if (!initialised_) return;
    if (size_ > 1 && !agreed_) exchange_input_verdicts(false);
    if (size_ > 1 && inputs_ready_everywhere_ && !results_exchanged_) {
        // Left between the agreement and the gather (an exception): the others would wait forever.
        std::fprintf(stderr, "swarmpath: rank %d stopped before sending its results; aborting the job\n", rank_);
        std::fflush(stderr);
        MPI_Abort(MPI_COMM_WORLD, kExitRankFailed);
    }
    MPI_Finalize();
#endif
}

bool Session::agree_on_inputs(const std::vector<InputFile>& inputs) {
    if (size_ <= 1) return true;
    exchange_input_verdicts(true);
    if (!inputs_ready_everywhere_) return false;
    return compare_input_checksums(inputs);
}

bool Session::compare_input_checksums(const std::vector<InputFile>& inputs) {
#if defined(SWARMPATH_WITH_MPI)
    const std::vector<std::uint64_t> mine = fingerprint_inputs(inputs);
    const int count = static_cast<int>(mine.size());
    std::vector<int> counts(static_cast<std::size_t>(size_));
    MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::vector<int> offsets(static_cast<std::size_t>(size_));
    int total = 0;
    for (std::size_t rank = 0; rank < counts.size(); ++rank) {
        offsets[rank] = total;
        total += counts[rank];
    }
    std::vector<std::uint64_t> everyone(static_cast<std::size_t>(rank_ == 0 ? total : 0));
    MPI_Gatherv(mine.data(), count, MPI_UINT64_T, everyone.data(), counts.data(), offsets.data(), MPI_UINT64_T, 0,
                MPI_COMM_WORLD);
    int agreed = 1;
    if (rank_ == 0) {
        std::vector<std::vector<std::uint64_t>> per_rank(counts.size());
        for (std::size_t rank = 0; rank < counts.size(); ++rank) {
            const auto begin = everyone.begin() + offsets[rank];
            per_rank[rank].assign(begin, begin + counts[rank]);
        }
        const std::vector<std::string> problems = describe_disagreements(inputs, per_rank);
        for (const std::string& problem : problems) report_error(problem);
        if (!problems.empty()) {
            report_error(
                "every rank must read the same inputs (one shared file system, or identical copies); "
                "nothing was solved and no output written");
            agreed = 0;
        }
    }
    MPI_Bcast(&agreed, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (agreed == 0) inputs_ready_everywhere_ = false;  // every rank leaves together: nothing to abort
    return agreed == 1;
#else
    (void)inputs;
    return true;
#endif
}

void Session::exchange_input_verdicts(bool inputs_ready) {
    agreed_ = true;
#if defined(SWARMPATH_WITH_MPI)
    // Take back stderr and what was written to it meanwhile.
    std::string held;
    std::fflush(stderr);
    if (held_errors_ != nullptr) {
        std::rewind(held_errors_);
        char block[4096];
        std::size_t count = 0;
        while ((count = std::fread(block, 1, sizeof block, held_errors_)) > 0) held.append(block, count);
        ::dup2(saved_error_descriptor_, 2);
        ::close(saved_error_descriptor_);
        std::fclose(held_errors_);
        held_errors_ = nullptr;
        saved_error_descriptor_ = -1;
    }
    const int mine[2] = {inputs_ready ? 1 : 0, static_cast<int>(held.size())};
    std::vector<int> everyone(static_cast<std::size_t>(2 * size_));
    MPI_Allgather(mine, 2, MPI_INT, everyone.data(), 2, MPI_INT, MPI_COMM_WORLD);
    std::vector<int> counts(static_cast<std::size_t>(size_));
    std::vector<int> offsets(static_cast<std::size_t>(size_));
    int total = 0;
    inputs_ready_everywhere_ = true;
    for (std::size_t rank = 0; rank < counts.size(); ++rank) {
        inputs_ready_everywhere_ = inputs_ready_everywhere_ && everyone[2 * rank] == 1;
        counts[rank] = everyone[2 * rank + 1];
        offsets[rank] = total;
        total += counts[rank];
    }
    std::string texts(static_cast<std::size_t>(total), '\0');
    MPI_Gatherv(held.data(), mine[1], MPI_CHAR, texts.data(), counts.data(), offsets.data(), MPI_CHAR, 0,
                MPI_COMM_WORLD);
    if (rank_ != 0) return;
    std::fputs(held.c_str(), stderr);
    for (std::size_t rank = 1; rank < counts.size(); ++rank) {
        if (everyone[2 * rank] == 1) continue;
        const std::string text =
            texts.substr(static_cast<std::size_t>(offsets[rank]), static_cast<std::size_t>(counts[rank]));
        if (text == held) continue;  // the same failure as rank 0's, printed once
        if (text.empty()) {
            report_error(fmt::format("rank {} stopped before solving", rank));
            continue;
        }
        std::fprintf(stderr, "swarmpath: rank %zu reports:\n%s", rank, text.c_str());
    }
    std::fflush(stderr);
#else
    inputs_ready_everywhere_ = inputs_ready;
#endif
}

// ---- The plan ----

double estimate_query_cost(const batch::ScenarioSet& set, std::size_t position) {
    const double cells = static_cast<double>(set.grid->width()) * static_cast<double>(set.grid->height());
    return (static_cast<double>(set.rows[position].bucket) + 1.0) * cells;
}

ShardPlan plan_shards(const std::vector<batch::ScenarioSet>& sets, int ranks) {
    struct Unit {
        double cost = 0;
        std::uint32_t set = 0;
        std::pair<std::int64_t, std::int64_t> goal;  ///< (y, x)
        std::vector<std::uint32_t> positions;
    };
    std::vector<Unit> units;
    for (std::size_t set_index = 0; set_index < sets.size(); ++set_index) {
        const batch::ScenarioSet& set = sets[set_index];
        std::map<std::pair<std::int64_t, std::int64_t>, std::size_t> unit_of_goal;
        for (std::uint32_t position = 0; position < set.queries.size(); ++position) {
            const search::Query& query = set.queries[position];
            const std::pair<std::int64_t, std::int64_t> goal{query.goal_y, query.goal_x};
            auto [found, inserted] = unit_of_goal.try_emplace(goal, units.size());
            if (inserted) units.push_back({0, static_cast<std::uint32_t>(set_index), goal, {}});
            Unit& unit = units[found->second];
            unit.cost += estimate_query_cost(set, position);
            unit.positions.push_back(position);
        }
    }
    std::sort(units.begin(), units.end(), [](const Unit& left, const Unit& right) {
        if (left.cost != right.cost) return left.cost > right.cost;
        if (left.set != right.set) return left.set < right.set;
        return left.goal < right.goal;
    });
    ShardPlan plan;
    const auto rank_count = static_cast<std::size_t>(std::max(ranks, 1));
    plan.positions.assign(rank_count, std::vector<std::vector<std::uint32_t>>(sets.size()));
    plan.estimated_load.assign(rank_count, 0.0);
    for (const Unit& unit : units) {
        const auto least = static_cast<std::size_t>(
            std::min_element(plan.estimated_load.begin(), plan.estimated_load.end()) - plan.estimated_load.begin());
        plan.estimated_load[least] += unit.cost;
        std::vector<std::uint32_t>& positions = plan.positions[least][unit.set];
        positions.insert(positions.end(), unit.positions.begin(), unit.positions.end());
    }
    for (auto& per_set : plan.positions) {
        for (auto& positions : per_set) std::sort(positions.begin(), positions.end());
    }
    return plan;
}

// ---- Solving and gathering ----

bool Session::all_ranks_succeeded(bool ready, const std::string& what) {
    if (size_ <= 1) return ready;
#if defined(SWARMPATH_WITH_MPI)
    int mine = ready ? 1 : 0;
    int everyone = 0;
    MPI_Allreduce(&mine, &everyone, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (everyone == 1) return true;
    results_exchanged_ = true;  // every rank leaves together: nothing to abort
    if (rank_ == 0 && ready) report_error("another rank could not load " + what + "; no output written");
    return false;
#else
    (void)what;
    return ready;
#endif
}

void accumulate(GatheredRun& total, const GatheredRun& round) {
    auto add = [](auto& into, const auto& from) {
        if (into.size() < from.size()) into.resize(from.size());
        for (std::size_t index = 0; index < from.size(); ++index) into[index] += from[index];
    };
    total.ranks = round.ranks;
    total.threads_per_rank = round.threads_per_rank;
    add(total.rank_busy_seconds, round.rank_busy_seconds);
    add(total.rank_cpu_seconds, round.rank_cpu_seconds);
    add(total.rank_queries, round.rank_queries);
    add(total.rank_estimated_load, round.rank_estimated_load);
    total.bytes_gathered += round.bytes_gathered;
    total.remote_queries += round.remote_queries;
    total.solve_wall_seconds += round.solve_wall_seconds;
}

#if defined(SWARMPATH_WITH_MPI)
namespace {

/// Every distinct input error once (as one process would print it) and each failed rank by number
/// and cause, from the ranks' messages of one round.
void collect_failures(const std::vector<std::string>& messages, int ranks, std::vector<std::string>& input_errors,
                      std::vector<std::string>& failures) {
    for (std::size_t rank = 0; rank < messages.size(); ++rank) {
        Reader reader(messages[rank]);
        const auto verdict = reader.get<ShardVerdict>();
        if (verdict == ShardVerdict::solved) continue;
        std::string cause = reader.get_text();
        if (verdict == ShardVerdict::input_error) {
            if (std::find(input_errors.begin(), input_errors.end(), cause) == input_errors.end())
                input_errors.push_back(cause);
        } else {
            failures.push_back(fmt::format("rank {} of {} failed while solving: {}", rank, ranks, cause));
        }
    }
}

/// Each rank's results to their positions and, per set, what solve_set over the whole set would
/// report (batch::merge_shard_outcomes, run_report.hpp: the same rules as one process).
void merge_shards(GatheredRun& run, const std::vector<std::string>& messages, const ShardPlan& plan,
                  const std::vector<batch::ScenarioSet>& sets, const search::SearchSettings& settings) {
    run.outcomes.resize(sets.size());
    std::vector<std::vector<batch::SetOutcome>> shard_outcomes(sets.size());  // figures only, no results
    for (std::size_t set_index = 0; set_index < sets.size(); ++set_index) {
        run.outcomes[set_index].results.resize(sets[set_index].queries.size());
    }
    for (std::size_t rank = 0; rank < messages.size(); ++rank) {
        Reader reader(messages[rank]);
        (void)reader.get<ShardVerdict>();
        run.rank_busy_seconds.push_back(reader.get<double>());
        run.rank_cpu_seconds.push_back(reader.get<double>());
        run.rank_estimated_load.push_back(plan.estimated_load[rank]);
        std::size_t rank_queries = 0;
        const auto entries = reader.get<std::uint32_t>();
        for (std::uint32_t entry = 0; entry < entries; ++entry) {
            const auto set_index = reader.get<std::uint32_t>();
            batch::SetOutcome& outcome = run.outcomes.at(set_index);
            batch::SetOutcome shard;
            shard.algorithm = static_cast<search::Algorithm>(reader.get<std::uint8_t>());
            shard.field_groups = reader.get<std::uint64_t>();
            shard.field_queries = reader.get<std::uint64_t>();
            shard.search_seconds = reader.get<double>();
            shard.setup_seconds = reader.get<double>();
            shard.preprocessing_seconds = reader.get<double>();
            shard.preprocessing_bytes = reader.get<std::uint64_t>();
            shard.cpu_seconds = reader.get<double>();
            shard.setup_page_faults = reader.get<std::uint64_t>();
            shard.search_page_faults = reader.get<std::uint64_t>();
            shard.setup_reused = reader.get<std::uint8_t>() != 0;
            shard_outcomes[set_index].push_back(shard);
            const std::vector<std::uint32_t>& positions = plan.positions[rank][set_index];
            const auto count = reader.get<std::uint32_t>();
            if (count != positions.size())
                throw std::runtime_error("rank " + std::to_string(rank) + " answered another shard");
            for (std::uint32_t position : positions) outcome.results[position] = get_result(reader);
            rank_queries += count;
        }
        run.rank_queries.push_back(rank_queries);
        if (rank != 0) run.remote_queries += rank_queries;
    }
    for (std::size_t set_index = 0; set_index < sets.size(); ++set_index) {
        batch::merge_shard_outcomes(run.outcomes[set_index], shard_outcomes[set_index], settings.algorithm,
                                    sets[set_index].queries.size());
    }
}

}  // namespace
#endif

GatheredRun solve_shards(Session& session, const std::vector<batch::ScenarioSet>& sets,
                         const search::SearchSettings& settings, batch::BatchSolver& workers, bool more_rounds,
                         const SetSettings& settings_for) {
    GatheredRun run;
    session.results_exchanged_ = false;
    run.ranks = session.size();
    run.threads_per_rank = workers.threads();
#if defined(SWARMPATH_WITH_MPI)
    const auto wall_before = std::chrono::steady_clock::now();
    const ShardPlan plan = plan_shards(sets, session.size());
    session.prepared_.release_unused();  // the maps of earlier rounds that no set holds any more
    std::string own = solve_own_shard(session.rank(), plan, sets, settings, settings_for, workers, session.prepared_);
    if (rank_named_by("SWARMPATH_TEST_KILL_RANK") == session.rank()) std::raise(SIGKILL);
    if (!session.is_root()) {
        send_to_root(own);
        // Rank 0's verdict on the round: with more rounds to come, a rank whose own shard was fine
        // must still stop when another failed.
        int round_verdict = kExitSuccess;
        MPI_Bcast(&round_verdict, 1, MPI_INT, 0, MPI_COMM_WORLD);
        session.results_exchanged_ = !more_rounds || round_verdict != kExitSuccess;
        run.exit_code = own.front() == static_cast<char>(ShardVerdict::solved)        ? round_verdict
                        : own.front() == static_cast<char>(ShardVerdict::input_error) ? kExitBadInput
                                                                                      : kExitRankFailed;
        return run;
    }
    std::vector<std::string> messages(static_cast<std::size_t>(session.size()));
    messages[0] = std::move(own);
    for (int received = 1; received < session.size(); ++received) {
        auto [source, message] = receive_from_any();
        run.bytes_gathered += message.size();
        messages[static_cast<std::size_t>(source)] = std::move(message);
    }
    session.results_exchanged_ = !more_rounds;

    // Failures first: every distinct input error once, and each failed rank by number and cause.
    std::vector<std::string> input_errors;
    std::vector<std::string> failures;
    collect_failures(messages, session.size(), input_errors, failures);
    int round_verdict = kExitSuccess;
    if (!failures.empty() || !input_errors.empty()) round_verdict = failures.empty() ? kExitBadInput : kExitRankFailed;
    MPI_Bcast(&round_verdict, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (round_verdict != kExitSuccess) {
        session.results_exchanged_ = true;  // every rank leaves together
        for (const std::string& cause : input_errors) report_error(cause);
        for (const std::string& failure : failures) report_error(failure);
        report_error("no output written");
        run.exit_code = round_verdict;
        return run;
    }

    merge_shards(run, messages, plan, sets, settings);
    run.solve_wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_before).count();
#else
    (void)session;
    (void)sets;
    (void)settings;
    (void)more_rounds;
    (void)settings_for;
    run.exit_code = kExitBadInput;  // unreachable: without MPI a session has one rank
#endif
    return run;
}

double imbalance(const std::vector<double>& busy_seconds) {
    if (busy_seconds.empty()) return 1.0;
    double total = 0;
    for (double seconds : busy_seconds) total += seconds;
    const double mean = total / static_cast<double>(busy_seconds.size());
    return mean > 0 ? *std::max_element(busy_seconds.begin(), busy_seconds.end()) / mean : 1.0;
}

void describe(const GatheredRun& run, nlohmann::ordered_json& summary) {
    summary["ranks"] = run.ranks;
    summary["rank_busy_seconds"] = run.rank_busy_seconds;
    summary["rank_cpu_seconds"] = run.rank_cpu_seconds;
    summary["rank_queries"] = run.rank_queries;
    summary["rank_estimated_load"] = run.rank_estimated_load;
    summary["imbalance"] = imbalance(run.rank_busy_seconds);
    summary["estimated_imbalance"] = imbalance(run.rank_estimated_load);
    summary["distributed_wall_seconds"] = run.solve_wall_seconds;
    summary["bytes_gathered"] = run.bytes_gathered;
    summary["bytes_per_remote_query"] =
        run.remote_queries > 0 ? static_cast<double>(run.bytes_gathered) / static_cast<double>(run.remote_queries)
                               : 0.0;
}

std::string table_line(const GatheredRun& run) {
    std::string busy;
    for (double seconds : run.rank_busy_seconds) busy += fmt::format(" {:.3f}", seconds);
    const double per_query = run.remote_queries > 0
                                 ? static_cast<double>(run.bytes_gathered) / static_cast<double>(run.remote_queries)
                                 : 0.0;
    return fmt::format("ranks {}: busy (s){}, imbalance {:.3f}, {:.0f} bytes per gathered query\n", run.ranks, busy,
                       imbalance(run.rank_busy_seconds), per_query);
}

}  // namespace swarmpath::cli::distributed
