// Per-query CSV rows of `swarmpath solve`, and the reader of its paths CSV (see result_rows.hpp).
#include "result_rows.hpp"

#include <charconv>
#include <iterator>
#include <string_view>

#include <fmt/format.h>

#include "terminal_text.hpp"

namespace swarmpath::cli {

void add_path_shape_options(CLI::App& command, PathShapeOptions& options) {
    command.add_flag("--waypoints", options.waypoints,
                     "Paths as waypoints: only the cells where the direction changes (start and goal kept)");
    command.add_flag("--smooth", options.smooth,
                     "Paths smoothed by string pulling with line of sight under the diagonal rule (never across a "
                     "blocked cell, a corner the rule forbids, or costlier terrain than the cells replaced)");
}

Status check_path_shapes_apply(const PathShapeOptions& options, const grid::Grid& grid, const std::string& map_path) {
    if (!options.shaped() || grid.topology() == grid::Topology::square) return Success{};
    return Error{map_path, 0, 0,
                 fmt::format("--{} is for square maps: this map is type {}, whose paths have no straight segments",
                             options.smooth ? "smooth" : "waypoints", grid::topology_type_name(grid.topology()))};
}

std::vector<search::Point> shaped_points(const grid::Grid& grid, const search::Result& result,
                                         const PathShapeOptions& options) {
    std::vector<search::Point> points = search::to_points(grid, result.path);
    if (options.smooth) return search::smooth(grid, points, options.rules);
    if (options.waypoints) return search::waypoints(points);
    return points;
}

void append_paths_header(std::string& buffer, const PathShapeOptions& options) {
    buffer += options.shaped() ? "scenario,query,status,cost,length,path\n" : "scenario,query,status,cost,path\n";
}

void append_path_row(std::string& buffer, const batch::ScenarioSet& set, std::size_t index,
                     const search::Result& result, const PathShapeOptions& options) {
    auto out = std::back_inserter(buffer);
    fmt::format_to(out, "{},{},{},{:.8f},", csv_field(set.scenario_name), set.row_indices[index],
                   search::to_string(result.status), result.cost);
    auto append_point = [&](bool first, std::uint32_t x, std::uint32_t y) {
        if (!first) buffer.push_back(' ');
        fmt::format_to(out, "{}:{}", x, y);
    };
    if (!options.shaped()) {
        const std::uint32_t width = set.grid->width();
        for (std::size_t step = 0; step < result.path.size(); ++step) {
            append_point(step == 0, result.path[step].value % width, result.path[step].value / width);
        }
    } else {
        const std::vector<search::Point> points = shaped_points(*set.grid, result, options);
        fmt::format_to(out, "{:.8f},", search::polyline_length(points));
        for (std::size_t step = 0; step < points.size(); ++step)
            append_point(step == 0, points[step].x, points[step].y);
    }
    buffer.push_back('\n');
}

void append_stats_header(std::string& buffer) {
    buffer +=
        "scenario,query,bucket,start_x,start_y,goal_x,goal_y,status,cost,optimal,expanded,generated,"
        "heap_operations,nanoseconds\n";
}

void append_stats_row(std::string& buffer, const batch::ScenarioSet& set, std::size_t index,
                      const search::Result& result) {
    const batch::ScenarioEntry& row = set.rows[index];
    const search::Query& query = set.queries[index];
    const search::Counters& counters = result.counters;
    fmt::format_to(std::back_inserter(buffer), "{},{},{},{},{},{},{},{},{:.8f},{:.8f},{},{},{},{}\n",
                   csv_field(set.scenario_name), set.row_indices[index], row.bucket, query.start_x, query.start_y,
                   query.goal_x, query.goal_y, search::to_string(result.status), result.cost, row.optimal_length,
                   counters.expanded, counters.generated,
                   counters.heap_pushes + counters.heap_pops + counters.decrease_keys, result.nanoseconds);
}

namespace {

/// Records of CSV text as RFC 4180 writes them: fields separated by commas, a field in double
/// quotes may hold commas, line ends and doubled quotes; records end at LF or CRLF outside quotes.
class CsvRecords {
public:
    explicit CsvRecords(std::string_view text) : text_(text) {}

    /// The next record's fields; false at the end of the text.
    bool next(std::vector<std::string>& fields) {
        fields.clear();
        if (position_ >= text_.size()) return false;
        record_line_ = line_;
        well_formed_ = true;
        std::string field;
        bool quoted = false;
        bool field_started_quoted = false;
        while (position_ < text_.size()) {
            const char character = text_[position_++];
            if (quoted) {
                if (character == '"') {
                    if (position_ < text_.size() && text_[position_] == '"') {
                        field.push_back('"');
                        ++position_;
                    } else {
                        quoted = false;
                    }
                } else {
                    if (character == '\n') ++line_;
                    field.push_back(character);
                }
                continue;
            }
            if (character == ',') {
                fields.push_back(std::move(field));
                field.clear();
                field_started_quoted = false;
            } else if (character == '\n') {
                ++line_;
                break;
            } else if (character == '\r' && position_ < text_.size() && text_[position_] == '\n') {
                continue;
            } else if (character == '"') {
                if (!field.empty() || field_started_quoted) well_formed_ = false;
                quoted = true;
                field_started_quoted = true;
            } else {
                if (field_started_quoted) well_formed_ = false;
                field.push_back(character);
            }
        }
        if (quoted) well_formed_ = false;
        fields.push_back(std::move(field));
        return true;
    }
    /// 1-based line on which the last record began.
    [[nodiscard]] std::uint32_t line() const { return record_line_; }
    [[nodiscard]] bool well_formed() const { return well_formed_; }

private:
    std::string_view text_;
    std::size_t position_ = 0;
    std::uint32_t line_ = 1;
    std::uint32_t record_line_ = 1;
    bool well_formed_ = true;
};

bool parse_coordinate_pair(std::string_view text, std::uint32_t& x, std::uint32_t& y) {
    const std::size_t colon = text.find(':');
    if (colon == std::string_view::npos) return false;
    auto number = [](std::string_view digits, std::uint32_t& value) {
        const char* end = digits.data() + digits.size();
        auto [position, error] = std::from_chars(digits.data(), end, value);
        return !digits.empty() && error == std::errc() && position == end;
    };
    return number(text.substr(0, colon), x) && number(text.substr(colon + 1), y);
}

}  // namespace

Expected<std::vector<PathRow>> parse_path_rows(const std::string& text, const std::string& origin) {
    std::vector<PathRow> rows;
    CsvRecords records(text);
    std::vector<std::string> fields;
    while (records.next(fields)) {
        const std::uint32_t line_number = records.line();
        auto fail = [&](const std::string& message) -> Error { return Error{origin, line_number, 0, message}; };
        if (!records.well_formed())
            return fail("a quoted field is not closed, or a quote stands inside an unquoted field");
        if (fields.size() == 1 && fields[0].empty()) continue;  // a blank line
        if (line_number == 1 && (fields.size() == 5 || fields.size() == 6) && fields[0] == "scenario")
            continue;  // the header
        if (fields.size() != 5 && fields.size() != 6) {
            return fail("expected 5 fields, scenario,query,status,cost,path, or 6 with length before path");
        }
        PathRow row;
        row.has_length = fields.size() == 6;
        row.line = line_number;
        row.scenario = fields[0];
        row.status = fields[2];
        {
            const std::string& field = fields[1];
            auto [position, error] = std::from_chars(field.data(), field.data() + field.size(), row.query);
            if (field.empty() || error != std::errc() || position != field.data() + field.size()) {
                return fail("query index '" + field.substr(0, 40) + "' is not a number");
            }
        }
        {
            const std::string& field = fields[3];
            auto [position, error] = std::from_chars(field.data(), field.data() + field.size(), row.cost);
            if (field.empty() || error != std::errc() || position != field.data() + field.size()) {
                return fail("cost '" + field.substr(0, 40) + "' is not a number");
            }
        }
        if (row.has_length) {
            const std::string& field = fields[4];
            auto [position, error] = std::from_chars(field.data(), field.data() + field.size(), row.length);
            if (field.empty() || error != std::errc() || position != field.data() + field.size()) {
                return fail("length '" + field.substr(0, 40) + "' is not a number");
            }
        }
        std::string_view cells = fields.back();
        std::size_t cell_start = 0;
        while (cell_start < cells.size()) {
            std::size_t space = cells.find(' ', cell_start);
            if (space == std::string_view::npos) space = cells.size();
            std::uint32_t x = 0;
            std::uint32_t y = 0;
            if (space > cell_start) {
                if (!parse_coordinate_pair(cells.substr(cell_start, space - cell_start), x, y)) {
                    return fail("path cell '" +
                                std::string(cells.substr(cell_start, std::min<std::size_t>(space - cell_start, 40))) +
                                "' is not x:y");
                }
                row.xs.push_back(x);
                row.ys.push_back(y);
            }
            cell_start = space + 1;
        }
        rows.push_back(std::move(row));
    }
    return rows;
}

}  // namespace swarmpath::cli
