// Query samples from the bundled Moving AI scenario files, shared by the benchmark programs: every
// bundled .map.scen below datasets/movingai (legacy/ excluded, sorted by path), each reduced to a
// fixed, evenly spread sample of its queries (every length bucket represented), so a benchmark does
// the same work in every run and timings compare across commits. Assumes SWARMPATH_SOURCE_DIR
// names the source tree (set by bench/CMakeLists.txt).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "swarmpath/core/error.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::bench {

/// One scenario file's sample: the map name without ".map.scen", its grid and the sampled queries.
struct Sample {
    std::string name;
    std::shared_ptr<const grid::Grid> grid;
    std::vector<search::Query> queries;
};

/// The bundled scenario files, sorted by path.
std::vector<std::string> bundled_scenarios();

/// Loads every bundled scenario file and samples at most `sample_size` queries from each (files
/// without queries are skipped). Fails with the loader's error (file and line).
Expected<std::vector<Sample>> load_bundled_samples(std::size_t sample_size);

/// For a benchmark program's main(): the samples of load_bundled_samples, kept for the whole run
/// (benchmarks registered with them refer to them), or the error on stderr and exit status 2.
/// Call once per program.
const std::vector<Sample>& bundled_samples_or_exit(std::size_t sample_size);

}  // namespace swarmpath::bench
