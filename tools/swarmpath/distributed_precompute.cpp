// The gather of `swarmpath precompute` under MPI (distributed_solve.hpp, gather_oracle_rows):
// each rank other than 0 sends its share of the oracle's rows — first source, source count, run
// count, then the per-source run counts and the runs — and rank 0 receives them in rank order, so
// the rows it assembles are in source order. Arrays go in pieces of at most 2^27 elements (MPI
// counts are int). Without MPI the rows are returned as they are.
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

}  // namespace swarmpath::cli::distributed
