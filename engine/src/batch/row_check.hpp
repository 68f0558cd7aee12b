// Checks of a scenario row against the grid it will be solved on: the endpoints must lie on the map
// and on passable cells. These are per-query statuses for `solve` (invalid, start_blocked,
// goal_blocked: the row is answered and counted, the batch goes on), and errors under
// `solve --strict` and `validate --strict`; this header words them once for both, and a row's own
// agent class the same way for both. Header-only.
#pragma once

#include <cstdint>
#include <string>

#include "swarmpath/core/error.hpp"
#include "swarmpath/core/settings_words.hpp"
#include "swarmpath/grid/grid.hpp"
#include "swarmpath/io/scenario_file.hpp"
#include "swarmpath/search/types.hpp"

namespace swarmpath::batch {

/// `error` (about a size or class the map refuses for `row`'s agent) as the row's problem: the
/// scenario file and line, and a class the row names in its own `class=` column worded as the row
/// writes it (`class=tank`), not as the run's option.
inline Error row_agent_error(const Error& error, const io::ScenarioRow& row, const std::string& scenario_path) {
    Error problem{scenario_path, row.line, 0, error.message, error.setting, error.value};
    const std::string option = setting_placeholder(Setting::agent_class, row.agent_class);
    if (!row.agent_class.empty() && problem.message.starts_with(option)) {
        problem.message.replace(0, option.size(), "class=" + row.agent_class);
    }
    return problem;
}

/// Success when both endpoints of `row` (the query of line `line`) are on `grid` and passable;
/// otherwise an Error naming `scenario_path` and the line, saying which endpoint is off the map or
/// on which letter.
inline Status check_row_endpoints(const grid::Grid& grid, const search::Query& row, std::uint32_t line,
                                  const std::string& scenario_path) {
    auto fail = [&](std::string message) -> Status { return Error{scenario_path, line, 0, std::move(message)}; };
    const std::string size = std::to_string(grid.width()) + " x " + std::to_string(grid.height());
    auto where = [](std::int64_t x, std::int64_t y) {
        return "(" + std::to_string(x) + ", " + std::to_string(y) + ")";
    };
    if (!grid.contains(row.start_x, row.start_y)) {
        return fail("start " + where(row.start_x, row.start_y) + " is off the " + size + " map");
    }
    if (!grid.contains(row.goal_x, row.goal_y)) {
        return fail("goal " + where(row.goal_x, row.goal_y) + " is off the " + size + " map");
    }
    const auto start_x = static_cast<std::uint32_t>(row.start_x);
    const auto start_y = static_cast<std::uint32_t>(row.start_y);
    const auto goal_x = static_cast<std::uint32_t>(row.goal_x);
    const auto goal_y = static_cast<std::uint32_t>(row.goal_y);
    if (!grid.passable(start_x, start_y)) {
        return fail("start " + where(row.start_x, row.start_y) + " is on a blocked cell '" +
                    std::string(1, grid.letter(start_x, start_y)) + "'");
    }
    if (!grid.passable(goal_x, goal_y)) {
        return fail("goal " + where(row.goal_x, row.goal_y) + " is on a blocked cell '" +
                    std::string(1, grid.letter(goal_x, goal_y)) + "'");
    }
    return Success{};
}

/// The same for a parsed scenario row.
inline Status check_row_endpoints(const grid::Grid& grid, const io::ScenarioRow& row,
                                  const std::string& scenario_path) {
    return check_row_endpoints(grid, search::Query{row.start_x, row.start_y, row.goal_x, row.goal_y}, row.line,
                               scenario_path);
}

}  // namespace swarmpath::batch
