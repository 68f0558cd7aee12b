// Query samples from the bundled scenario files (see bundled_samples.hpp).
#include "bundled_samples.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "swarmpath/batch/scenario_run.hpp"

namespace swarmpath::bench {

std::vector<std::string> bundled_scenarios() {
    std::vector<std::string> paths;
    const std::filesystem::path root = std::filesystem::path(SWARMPATH_SOURCE_DIR) / "datasets" / "movingai";
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
        const std::string path = entry.path().string();
        if (path.find("/legacy/") != std::string::npos) continue;
        if (path.size() > 9 && path.compare(path.size() - 9, 9, ".map.scen") == 0) paths.push_back(path);
    }
    std::sort(paths.begin(), paths.end());
    return paths;
}

Expected<std::vector<Sample>> load_bundled_samples(std::size_t sample_size) {
    Expected<std::vector<batch::ScenarioSet>> sets =
        batch::load_scenario_sets(bundled_scenarios(), batch::LoadOptions{});
    if (!sets) return sets.error();
    std::vector<Sample> samples;
    for (const batch::ScenarioSet& set : *sets) {
        if (set.queries.empty()) continue;
        Sample sample;
        sample.name = set.scenario_name.substr(0, set.scenario_name.find(".map.scen"));
        sample.grid = set.grid;
        const std::size_t total = set.queries.size();
        const std::size_t count = std::min(total, sample_size);
        for (std::size_t index = 0; index < count; ++index)
            sample.queries.push_back(set.queries[index * total / count]);
        samples.push_back(std::move(sample));
    }
    return samples;
}

const std::vector<Sample>& bundled_samples_or_exit(std::size_t sample_size) {
    static std::vector<Sample> samples;
    Expected<std::vector<Sample>> loaded = load_bundled_samples(sample_size);
    if (!loaded) {
        std::fprintf(stderr, "%s\n", loaded.error().describe().c_str());
        std::exit(2);
    }
    samples = std::move(*loaded);
    return samples;
}

}  // namespace swarmpath::bench
