// Optimality against the real Moving AI scenario files: every row of the small bundled maps and one
// row of every bucket of the large ones (buckets span all path lengths), solved through the same
// loading and batch path as the command line, must match the file's optimal length within the
// docs/formats.md tolerance. The legacy set is excluded: its lengths do not reproduce (datasets/README.md).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "random_maps.hpp"
#include "swarmpath/batch/batch_solver.hpp"
#include "swarmpath/batch/scenario_run.hpp"

namespace swarmpath::batch {
namespace {

std::vector<std::string> bundled_scenarios() {
    std::vector<std::string> paths;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(testing::dataset_folder())) {
        const std::string path = entry.path().string();
        if (path.ends_with(".map.scen") && path.find("/legacy/") == std::string::npos) paths.push_back(path);
    }
    std::sort(paths.begin(), paths.end());
    return paths;
}

/// Keeps every row of small files; of larger ones, the rows whose position within their bucket
/// cycles with the bucket number, so each bucket (each range of path lengths) is represented.
ScenarioSet sample(const ScenarioSet& set) {
    if (set.rows.size() <= 400) return set;
    ScenarioSet sampled = set;
    sampled.rows.clear();
    sampled.row_indices.clear();
    sampled.queries.clear();
    for (std::size_t index = 0; index < set.rows.size(); ++index) {
        if (index % 10 != (index / 10) % 10) continue;
        sampled.rows.push_back(set.rows[index]);
        sampled.row_indices.push_back(set.row_indices[index]);
        sampled.queries.push_back(set.queries[index]);
    }
    return sampled;
}

TEST(ScenarioOptimalityTest, BundledScenariosMatchOptimalLengths) {
    const std::vector<std::string> paths = bundled_scenarios();
    ASSERT_GE(paths.size(), 12U);
    Expected<std::vector<ScenarioSet>> sets = load_scenario_sets(paths, LoadOptions{});
    ASSERT_TRUE(sets) << sets.error().describe();
    BatchSolver workers(2);
    std::size_t checked = 0;
    for (const ScenarioSet& full : *sets) {
        const ScenarioSet set = sample(full);
        Expected<SetOutcome> outcome =
            solve_set(set, search::SearchSettings{.algorithm = search::Algorithm::astar}, workers);
        ASSERT_TRUE(outcome) << outcome.error().describe();
        std::size_t mismatches = 0;
        for (std::size_t index = 0; index < set.rows.size(); ++index) {
            const CheckVerdict verdict = check_result(set, index, outcome->results[index], 1.0);
            if (verdict == CheckVerdict::mismatch && ++mismatches <= 3) {
                ADD_FAILURE() << set.scenario_path << ":" << set.rows[index].line << " expected "
                              << set.rows[index].optimal_length << " got "
                              << search::to_string(outcome->results[index].status) << " "
                              << outcome->results[index].cost;
            }
            if (verdict != CheckVerdict::unknown) ++checked;
        }
        EXPECT_EQ(mismatches, 0U) << set.scenario_path;
    }
    EXPECT_GT(checked, 3500U);
}

}  // namespace
}  // namespace swarmpath::batch
