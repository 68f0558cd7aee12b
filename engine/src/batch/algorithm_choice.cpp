// `auto`'s cost model (see algorithm_choice.hpp): estimates in seconds, and the two choices made
// from them. No state, no clock: the same inputs always give the same choice.
#include "swarmpath/batch/algorithm_choice.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>

#include "swarmpath/core/bit_count.hpp"

namespace swarmpath::batch {

double mean_passable_run(const grid::Grid& grid) {
    // A run starts at a passable bit whose predecessor (the bit below it, carried across words) is
    // blocked. Rows are separated by the padding's blocked cells, so runs never join across rows.
    const grid::Bitset& passable = grid.passable_bits();
    const std::uint64_t* words = passable.words();
    std::size_t cells = 0;
    std::size_t runs = 0;
    std::uint64_t carry = 0;
    for (std::size_t index = 0; index < passable.word_count(); ++index) {
        const std::uint64_t word = words[index];
        const std::uint64_t previous = (word << 1) | carry;
        cells += core::count_ones(word);
        runs += core::count_ones(word & ~previous);
        carry = word >> 63;
    }
    return runs == 0 ? 1.0 : static_cast<double>(cells) / static_cast<double>(runs);
}

double query_seconds(search::Algorithm algorithm, const QueryWork& work, double mean_run) {
    const CostConstants& constants = kCostConstants;
    const double expansions = std::max(1.0, work.expansions);
    const double scanned = std::min(mean_run, constants.longest_run) * work.distance;
    const double jump_points = constants.jump_expansion * expansions + constants.jump_generated * work.generated +
                               constants.jump_scan * scanned;
    switch (algorithm) {
        case search::Algorithm::jps:
            return jump_points;
        case search::Algorithm::jps_plus: {
            const double clutter = std::clamp((constants.clutter_run - mean_run) / 3.0, 0.0, 1.0);
            return jump_points + (constants.table_clutter * clutter - constants.table_saving) * expansions;
        }
        default:
            return constants.astar_expansion * expansions;
    }
}

double expansions_for_seconds(search::Algorithm algorithm, double seconds, double distance, double mean_run) {
    // query_seconds is linear in the expansions beyond the first, each with the one generation
    // that put its node on the open list: the value at one expansion and the step per further
    // expansion give the count.
    const double at_one = query_seconds(algorithm, {1, 0, distance}, mean_run);
    const double step = query_seconds(algorithm, {2, 1, distance}, mean_run) - at_one;
    if (seconds <= at_one) return 1;
    if (step <= 0) return std::numeric_limits<double>::infinity();  // expansions cost nothing more
    return 1 + (seconds - at_one) / step;
}

double jump_point_seconds(const SearchWorkload& workload) {
    return static_cast<double>(workload.queries) *
           query_seconds(search::Algorithm::jps, workload.per_query, workload.mean_run);
}

double jump_table_build_seconds(std::size_t padded_cells, double mean_run) {
    const CostConstants& constants = kCostConstants;
    const auto cells = static_cast<double>(padded_cells);
    return cells * (constants.table_cell + constants.table_cell_clutter / std::max(1.0, mean_run));
}

double jump_table_seconds(const SearchWorkload& workload) {
    return jump_table_build_seconds(workload.padded_cells, workload.mean_run) +
           static_cast<double>(workload.queries) *
               query_seconds(search::Algorithm::jps_plus, workload.per_query, workload.mean_run);
}

search::Algorithm choose_jump_points(const SearchWorkload& workload) {
    return jump_table_seconds(workload) <= kCostConstants.close_call * jump_point_seconds(workload)
               ? search::Algorithm::jps_plus
               : search::Algorithm::jps;
}

bool jump_table_certain(const SearchWorkload& least) {
    const double table = jump_table_build_seconds(least.padded_cells, least.mean_run);
    return jump_point_seconds(least) - (jump_table_seconds(least) - table) >= table;
}

double field_seconds(const FieldWorkload& workload) {
    const double disc = 2.0 * workload.max_distance * workload.max_distance;
    return kCostConstants.field_cell * std::min(static_cast<double>(workload.component_cells), disc) +
           kCostConstants.field_clear * static_cast<double>(workload.map_cells);
}

bool choose_field(const FieldWorkload& workload) {
    return static_cast<double>(workload.agents) * workload.seconds_per_agent >= field_seconds(workload);
}

}  // namespace swarmpath::batch
