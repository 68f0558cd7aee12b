// Moving AI `.map.scen` scenario files: a `version 1` (or `version 1.0`) line, then one query per
// row: bucket, map, map width, map height, start x, start y, goal x, goal y, optimal length.
// Fields are separated by tabs or spaces; lines end in LF or CRLF; the last may lack a newline.
// A second `version` line, a UTF-8 byte-order mark and CR-only line ends are errors that name them.
// Coordinates are parsed as signed integers and kept as given: a coordinate off the map is a
// per-query status (`invalid`) decided by the solver, not a parse error.
// After the optimal length a row may carry optional `KEY=VALUE` columns, in any order, each at most
// once, separated by tabs or spaces: `size=K` (the agent's size, 1 to kMaximumAgentSize; the agent
// occupies the K x K block whose top-left cell is the start, then the goal) and `class=NAME` (its
// movement class, io/movement_classes_file.hpp; the name is checked here, resolved by the solver).
// A row without them is a one-cell agent of the default class: a plain Moving AI file reads as before.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "swarmpath/core/error.hpp"
#include "swarmpath/io/file_reading.hpp"

namespace swarmpath::io {

/// Largest agent size a row, an option or a query may name: a 64 x 64 block of cells.
inline constexpr std::uint32_t kMaximumAgentSize = 64;

struct ScenarioRow {
    std::uint32_t bucket = 0;
    std::string map_name;  ///< as written in the file (a path or a bare name)
    std::int64_t map_width = 0;
    std::int64_t map_height = 0;
    std::int64_t start_x = 0;
    std::int64_t start_y = 0;
    std::int64_t goal_x = 0;
    std::int64_t goal_y = 0;
    double optimal_length = 0;      ///< 0 with start != goal means "unknown"
    std::uint32_t agent_size = 1;   ///< `size=K`: the agent is the K x K block from its cell (1 to kMaximumAgentSize)
    std::string agent_class;        ///< `class=NAME`: its movement class; empty means the default class
    bool agent_size_given = false;  ///< a `size=` column is there (`size=1` too: a run's size leaves it)
    std::uint32_t line = 0;         ///< 1-based line in the file
};

struct ScenarioFile {
    std::string path;
    std::string version;  ///< "1" or "1.0"
    std::vector<ScenarioRow> rows;
};

/// Parses the text of a scenario file; `origin` names it in errors. Without `problems` the parse
/// stops at the first problem and returns it. With `problems`, every problem found is appended
/// there (up to kMaximumProblems) and parsing goes on with the next row; the return value is then
/// the same as without the list.
Expected<ScenarioFile> parse_scenario(std::string_view text, std::string_view origin,
                                      std::vector<Error>* problems = nullptr);
Expected<ScenarioFile> read_scenario_file(const std::string& path);

/// Streams a scenario file's rows to `consume`, one at a time (the row object is reused between
/// calls), reading the file in blocks: memory stays at one block and one row whatever the file's
/// size. The checks and messages are read_scenario_file's; `consume` returns false to stop early.
/// With `problems`, as for parse_scenario: every problem is recorded there, the rows that parse are
/// still handed over, and the first problem is returned at the end. With `digest`, the bytes read
/// are checksummed there as they are read (file_reading.hpp).
Status for_each_scenario_row(const std::string& path, const std::function<bool(const ScenarioRow&)>& consume,
                             std::vector<Error>* problems = nullptr, FileDigest* digest = nullptr);

/// Where a row's map lives: its base name in the scenario file's folder.
std::string resolve_map_path(const std::string& scenario_path, const std::string& map_name);

/// The docs/formats.md tolerance: |computed − expected| ≤ 1e-5·expected + 1e-6.
[[nodiscard]] inline bool length_matches(double computed, double expected) {
    double difference = computed - expected;
    if (difference < 0) difference = -difference;
    return difference <= 1e-5 * expected + 1e-6;
}

}  // namespace swarmpath::io
