// Queries as the bindings pass them across their boundary: a flat row-major array of 64-bit
// integers, four a query (start x, start y, goal x, goal y), as the C API's int64_t* and the Python
// module's (N, 4) NumPy arrays hold them; for first moves also rows of four 32-bit words, read in
// place (the C API's int32_t*, Python's int32 and uint32 arrays). Shared by engine/bindings/c and
// engine/bindings/python; header-only, not installed. The caller guarantees the arrays hold 4 * count values.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "swarmpath/batch/path_oracle.hpp"
#include "swarmpath/io/scenario_file.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::bindings {

/// The engine's queries from `count` flat rows.
inline std::vector<search::Query> queries_from_flat(const std::int64_t* values, std::size_t count) {
    std::vector<search::Query> queries(count);
    for (std::size_t index = 0; index < count; ++index) {
        const std::int64_t* row = values + 4 * index;
        queries[index] = {row[0], row[1], row[2], row[3]};
    }
    return queries;
}

/// The first-move request of one flat row: a coordinate outside 32 bits is off every map, and the
/// largest value stands for it (Oracle::first_moves answers -1 there).
inline batch::MoveRequest move_request_from_flat(const std::int64_t* row) {
    auto coordinate = [](std::int64_t value) {
        return value < 0 || value > std::int64_t{0xFFFFFFFF} ? ~std::uint32_t{0} : static_cast<std::uint32_t>(value);
    };
    return {coordinate(row[0]), coordinate(row[1]), coordinate(row[2]), coordinate(row[3])};
}

/// The oracle's first moves for `count` flat rows into `moves`, the requests made in blocks on the
/// stack: a request array of the whole batch (16 bytes a request) would be fresh memory whose first
/// touch costs more than the lookups. Never allocates.
inline void first_moves_from_flat(const batch::Oracle& oracle, const std::int64_t* values, std::size_t count,
                                  std::int8_t* moves) {
    constexpr std::size_t kBlock = 1024;
    std::array<batch::MoveRequest, kBlock> requests;
    for (std::size_t first = 0; first < count; first += kBlock) {
        const std::size_t block = std::min(kBlock, count - first);
        for (std::size_t index = 0; index < block; ++index) {
            requests[index] = move_request_from_flat(values + 4 * (first + index));
        }
        // The spans are of one length, the only thing first_moves refuses.
        (void)oracle.first_moves(std::span<const batch::MoveRequest>(requests.data(), block),
                                 std::span<std::int8_t>(moves + first, block));
    }
}

/// The oracle's first moves for `count` rows of four 32-bit words (int32 or uint32, 4-aligned) into
/// `moves`: the rows are the engine's requests as they lie, nothing copied or converted (a negative
/// int32 coordinate reads as one past 2^31, off every map, as move_request_from_flat makes it).
inline void first_moves_from_words(const batch::Oracle& oracle, const void* words, std::size_t count,
                                   std::int8_t* moves) {
    static_assert(sizeof(batch::MoveRequest) == 4 * sizeof(std::uint32_t) &&
                  alignof(batch::MoveRequest) == alignof(std::uint32_t));
    // The spans are of one length, the only thing first_moves refuses.
    (void)oracle.first_moves(std::span<const batch::MoveRequest>(static_cast<const batch::MoveRequest*>(words), count),
                             std::span<std::int8_t>(moves, count));
}

/// Writes the scenario rows' endpoints as flat rows into `values`, and, where `optimal` is not
/// null, their optimal lengths into it.
inline void write_flat_endpoints(std::span<const io::ScenarioRow> rows, std::int64_t* values, double* optimal) {
    for (std::size_t index = 0; index < rows.size(); ++index) {
        const io::ScenarioRow& row = rows[index];
        std::int64_t* flat = values + 4 * index;
        flat[0] = row.start_x;
        flat[1] = row.start_y;
        flat[2] = row.goal_x;
        flat[3] = row.goal_y;
        if (optimal != nullptr) optimal[index] = row.optimal_length;
    }
}

}  // namespace swarmpath::bindings
