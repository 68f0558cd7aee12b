// Inside the scenario parser (scenario_file.cpp; its public side is swarmpath/io/scenario_file.hpp):
// how it reads a row, so that a test and a fuzz target can read the same text both ways. Names the
// parser's types without including their header, which includes nothing of this one.
#pragma once

#include <string_view>
#include <vector>

#include "swarmpath/core/error.hpp"

namespace swarmpath::io {

struct ScenarioFile;

/// How the parser reads a row: the common one (nine tab-separated plain fields) in one pass when it
/// is one and field by field otherwise, or every row field by field.
enum class RowReading { common_rows_at_once, field_by_field };

/// parse_scenario, reading rows as `reading` says: the same result either way.
Expected<ScenarioFile> parse_scenario(std::string_view text, std::string_view origin, std::vector<Error>* problems,
                                      RowReading reading);

}  // namespace swarmpath::io
