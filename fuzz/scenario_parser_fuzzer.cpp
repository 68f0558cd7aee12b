// libFuzzer target: Moving AI scenario parsing. Checks that the first-error parse and the
// problem-list parse agree, that reading the common row at once and reading every row field by
// field give the same rows (lengths bit for bit) or the same error, that every error names the file and a line inside
// the text, and that every accepted row holds what the format allows (sizes in range, a finite non-negative length,
// increasing line numbers, an agent size in range and a valid class name). Seeds: the first rows of the bundled
// scenarios (see tools/run-fuzz.sh).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "fuzz_support.hpp"
#include "io/scenario_parsing.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/movement_classes_file.hpp"
#include "swarmpath/io/scenario_file.hpp"

namespace {

using namespace swarmpath;
using fuzz::require;

constexpr std::string_view kOrigin = "folder/fuzz.map.scen";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    Expected<io::ScenarioFile> first_error = io::parse_scenario(text, kOrigin);
    std::vector<Error> problems;
    Expected<io::ScenarioFile> collected = io::parse_scenario(text, kOrigin, &problems);
    require(first_error.has_value() == collected.has_value(), "problem-list parse disagrees on success");
    Expected<io::ScenarioFile> by_field = io::parse_scenario(text, kOrigin, nullptr, io::RowReading::field_by_field);
    require(first_error.has_value() == by_field.has_value(), "the field-by-field parse disagrees on success");
    if (!first_error) {
        require(fuzz::same_error(first_error.error(), by_field.error()),
                "the field-by-field parse names another error");
    } else {
        require(first_error->rows.size() == by_field->rows.size(), "the field-by-field parse kept other rows");
        for (std::size_t index = 0; index < by_field->rows.size(); ++index) {
            const io::ScenarioRow& quick = first_error->rows[index];
            const io::ScenarioRow& slow = by_field->rows[index];
            require(quick.bucket == slow.bucket && quick.map_name == slow.map_name &&
                        quick.map_width == slow.map_width && quick.map_height == slow.map_height &&
                        quick.start_x == slow.start_x && quick.start_y == slow.start_y && quick.goal_x == slow.goal_x &&
                        quick.goal_y == slow.goal_y &&
                        std::memcmp(&quick.optimal_length, &slow.optimal_length, sizeof(double)) == 0 &&
                        quick.agent_size == slow.agent_size && quick.agent_class == slow.agent_class &&
                        quick.agent_size_given == slow.agent_size_given && quick.line == slow.line,
                    "a row reads differently field by field");
        }
    }
    require(problems.size() <= io::kMaximumProblems, "problem list exceeds its limit");
    if (!first_error) {
        require(!problems.empty(), "failed parse recorded no problem");
        require(fuzz::same_error(first_error.error(), problems.front()), "first problem differs from the error");
        const std::uint32_t line_count = fuzz::count_lines(text);
        for (const Error& problem : problems) fuzz::require_clean_error(problem, kOrigin, line_count);
        return 0;
    }
    require(problems.empty(), "successful parse recorded problems");
    require(first_error->version == "1" || first_error->version == "1.0", "accepted an unknown version");
    require(first_error->rows.size() == collected->rows.size(), "the two parses kept different rows");
    const std::uint32_t lines = fuzz::count_lines(text);
    std::uint32_t previous_line = 0;
    for (const io::ScenarioRow& row : first_error->rows) {
        require(row.line > previous_line && row.line <= lines, "row line numbers are not increasing in the text");
        previous_line = row.line;
        require(!row.map_name.empty(), "accepted an empty map name");
        require(row.map_width >= 1 && row.map_width <= io::kMaximumSide, "accepted a map width out of range");
        require(row.map_height >= 1 && row.map_height <= io::kMaximumSide, "accepted a map height out of range");
        require(std::isfinite(row.optimal_length) && row.optimal_length >= 0, "accepted a bad optimal length");
        require(row.agent_size >= 1 && row.agent_size <= io::kMaximumAgentSize, "accepted an agent size out of range");
        require(row.agent_class.empty() || io::class_name_problem(row.agent_class).empty(),
                "accepted a class name that is not a name");
        const std::string resolved = io::resolve_map_path(std::string(kOrigin), row.map_name);
        require(resolved.rfind("folder/", 0) == 0, "resolved map path left the scenario's folder");
        require(resolved.find('/', 7) == std::string::npos && resolved.find('\\') == std::string::npos,
                "resolved map path kept folders of the name");
    }
    return 0;
}
