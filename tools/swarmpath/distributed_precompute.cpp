// The gathers of `swarmpath precompute` under MPI (distributed_solve.hpp, gather_oracle_rows and
// gather_goal_bounds): each rank other than 0 sends its share of the oracle's rows — first source,
// source count, run count, then the per-source run counts and the runs — or of the goal bounds —
// the box count, then the boxes as 16-bit words — and rank 0 receives them in rank order, so what it
// assembles is in source order. Arrays go in pieces of at most 2^27 elements (MPI counts are int).
// Without MPI the share is returned as it is.
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#if defined(SWARMPATH_WITH_MPI)
#include <mpi.h>
#endif

#include "distributed_solve.hpp"
#include "swarmpath/batch/path_oracle.hpp"

namespace swarmpath::cli::distributed {
namespace {
#if defined(SWARMPATH_WITH_MPI)
constexpr int kTagShape = 91;
constexpr int kTagCounts = 92;
constexpr int kTagRuns = 93;
constexpr int kTagBoxCount = 94;
constexpr int kTagBoxes = 95;
constexpr std::size_t kPiece = std::size_t{1} << 27;

template <class Value>
void send_array(const std::vector<Value>& values, MPI_Datatype type, int tag) {
    for (std::size_t begin = 0; begin < values.size(); begin += kPiece) {
        const std::size_t count = std::min(kPiece, values.size() - begin);
        MPI_Send(values.data() + begin, static_cast<int>(count), type, 0, tag, MPI_COMM_WORLD);
    }
}

template <class Value>
void receive_array(std::vector<Value>& values, MPI_Datatype type, int source, int tag) {
    for (std::size_t begin = 0; begin < values.size(); begin += kPiece) {
        const std::size_t count = std::min(kPiece, values.size() - begin);
        MPI_Recv(values.data() + begin, static_cast<int>(count), type, source, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
}
#endif
}  // namespace

std::vector<batch::OracleRows> gather_oracle_rows(Session& session, batch::OracleRows&& mine) {
    std::vector<batch::OracleRows> all;
#if defined(SWARMPATH_WITH_MPI)
    if (session.distributed()) {
        if (session.is_root()) {
            all.resize(static_cast<std::size_t>(session.size()));
            all[0] = std::move(mine);
            for (int rank = 1; rank < session.size(); ++rank) {
                std::uint64_t shape[3] = {0, 0, 0};
                MPI_Recv(shape, 3, MPI_UINT64_T, rank, kTagShape, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                batch::OracleRows& part = all[static_cast<std::size_t>(rank)];
                part.first = static_cast<std::uint32_t>(shape[0]);
                part.run_counts.resize(shape[1]);
                part.runs.resize(shape[2]);
                receive_array(part.run_counts, MPI_UINT64_T, rank, kTagCounts);
                receive_array(part.runs, MPI_UINT32_T, rank, kTagRuns);
            }
        } else {
            std::uint64_t shape[3] = {mine.first, mine.run_counts.size(), mine.runs.size()};
            MPI_Send(shape, 3, MPI_UINT64_T, 0, kTagShape, MPI_COMM_WORLD);
            send_array(mine.run_counts, MPI_UINT64_T, kTagCounts);
            send_array(mine.runs, MPI_UINT32_T, kTagRuns);
        }
        session.results_exchanged_ = true;  // every rank leaves together from here
        return all;
    }
#else
    (void)session;
#endif
    all.push_back(std::move(mine));
    return all;
}

std::vector<search::GoalBounds::Box> gather_goal_bounds(Session& session, std::vector<search::GoalBounds::Box>&& mine) {
    static_assert(sizeof(search::GoalBounds::Box) == 4 * sizeof(std::uint16_t));
#if defined(SWARMPATH_WITH_MPI)
    if (session.distributed()) {
        // Boxes travel as their 16-bit words: four a box.
        auto words_of = [](std::vector<search::GoalBounds::Box>& boxes) {
            return std::vector<std::uint16_t>(reinterpret_cast<const std::uint16_t*>(boxes.data()),
                                              reinterpret_cast<const std::uint16_t*>(boxes.data() + boxes.size()));
        };
        std::vector<search::GoalBounds::Box> all;
        if (session.is_root()) {
            all = std::move(mine);
            for (int rank = 1; rank < session.size(); ++rank) {
                std::uint64_t count = 0;
                MPI_Recv(&count, 1, MPI_UINT64_T, rank, kTagBoxCount, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                std::vector<std::uint16_t> words(count * 4);
                receive_array(words, MPI_UINT16_T, rank, kTagBoxes);
                const std::size_t before = all.size();
                all.resize(before + count);
                std::memcpy(all.data() + before, words.data(), words.size() * sizeof(std::uint16_t));
            }
        } else {
            const std::uint64_t count = mine.size();
            MPI_Send(&count, 1, MPI_UINT64_T, 0, kTagBoxCount, MPI_COMM_WORLD);
            send_array(words_of(mine), MPI_UINT16_T, kTagBoxes);
        }
        session.results_exchanged_ = true;  // every rank leaves together from here
        return all;
    }
#else
    (void)session;
#endif
    return std::move(mine);
}

}  // namespace swarmpath::cli::distributed
