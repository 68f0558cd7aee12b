// Moving AI scenario parsing (see scenario_file.hpp for the accepted syntax).
#include "swarmpath/io/scenario_file.hpp"

#include <charconv>
#include <cmath>
#include <string>

#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/text_lines.hpp"

namespace swarmpath::io {
namespace {

constexpr int kFieldCount = 9;
constexpr const char* kFieldNames[kFieldCount] = {"bucket",  "map",     "map width", "map height", "start x",
                                                  "start y", "goal x",  "goal y",    "optimal length"};

struct Field {
    std::string_view text;
    std::uint32_t column = 0;
};

/// Splits a row into fields: on tabs when the row has any (so a map path may hold spaces), else on
/// runs of spaces. Returns the number of fields found (up to kFieldCount + 1).
int split_fields(std::string_view line, Field (&fields)[kFieldCount + 1]) {
    const bool tabbed = line.find('\t') != std::string_view::npos;
    int count = 0;
    std::size_t position = 0;
    while (position < line.size() && count <= kFieldCount) {
        if (tabbed) {
            std::size_t end = line.find('\t', position);
            if (end == std::string_view::npos) end = line.size();
            std::string_view raw = line.substr(position, end - position);
            std::string_view text = trim_spaces(raw);
            if (!(text.empty() && end == line.size())) {
                fields[count++] = {text, static_cast<std::uint32_t>(position + 1)};
            }
            position = end + 1;
        } else {
            while (position < line.size() && is_space(line[position])) ++position;
            if (position >= line.size()) break;
            std::size_t end = position;
            while (end < line.size() && !is_space(line[end])) ++end;
            fields[count++] = {line.substr(position, end - position), static_cast<std::uint32_t>(position + 1)};
            position = end;
        }
    }
    return count;
}

template <class Integer>
bool parse_integer(std::string_view text, Integer& value) {
    auto [position, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return !text.empty() && error == std::errc() && position == text.data() + text.size();
}

bool parse_real(std::string_view text, double& value) {
    auto [position, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return !text.empty() && error == std::errc() && position == text.data() + text.size() && std::isfinite(value);
}

}  // namespace

Expected<ScenarioFile> parse_scenario(std::string_view text, std::string_view origin, std::vector<Error>* problems) {
    ScenarioFile scenario;
    scenario.path = std::string(origin);
    // Without a problem list the first problem ends the parse. With one, every problem is recorded
    // and parsing goes on with the next row; `stop` says when it cannot (or the list is full).
    ProblemList report(origin, problems, kMaximumProblems);
    if (text.empty()) {
        report.stop(0, 0, "empty file (expected 'version 1' and scenario rows)");
        return report.first();
    }
    if (std::string problem = encoding_problem(text); !problem.empty()) {
        report.stop(1, 1, std::move(problem));
        return report.first();
    }
    TextLines lines(text);
    std::string_view line;
    bool have_version = false;
    std::uint32_t version_line = 0;
    while (lines.next(line)) {
        std::string_view content = trim_spaces(line);
        if (content.empty()) continue;
        std::string_view key = first_word(content);
        std::string_view value = trim_spaces(content.substr(key.size()));
        have_version = true;  // the first non-blank line is the version line, right or wrong
        version_line = lines.line_number();
        if (key != "version") {
            if (report.stop(lines.line_number(), 1, "missing 'version' line (a scenario starts with 'version 1')")) {
                return report.first();
            }
        } else if (value != "1" && value != "1.0") {
            if (report.stop(lines.line_number(), static_cast<std::uint32_t>(value.data() - line.data() + 1),
                            "unsupported scenario version '" + printable(value, 20) + "' (expected 1 or 1.0)")) {
                return report.first();
            }
        } else {
            scenario.version = std::string(value);
        }
        break;
    }
    if (!have_version) {
        report.stop(lines.line_number(), 0, "missing 'version' line");
        return report.first();
    }

    Field fields[kFieldCount + 1];
    while (lines.next(line)) {
        if (trim_spaces(line).empty()) continue;
        const std::uint32_t number = lines.line_number();
        if (first_word(trim_spaces(line)) == "version") {
            if (report.stop(number, 1, "duplicate 'version' line (already given on line " +
                            std::to_string(version_line) + ")")) {
                return report.first();
            }
            continue;
        }
        const int count = split_fields(line, fields);
        if (count < kFieldCount) {
            if (report.stop(number, 0, "scenario row has " + std::to_string(count) + " fields, expected 9 (missing " +
                            kFieldNames[count] + ")")) {
                return report.first();
            }
            continue;
        }
        if (count > kFieldCount) {
            if (report.stop(number, fields[kFieldCount].column, "scenario row has more than 9 fields")) {
                return report.first();
            }
            continue;
        }
        ScenarioRow row;
        row.line = number;
        bool row_ok = true;
        // Records a problem with field `index`; true when parsing must stop.
        auto bad_field = [&](int index, const std::string& message) {
            row_ok = false;
            return report.stop(number, fields[index].column, message);
        };
        auto bad_number = [&](int index, const char* kind) {
            return bad_field(index, std::string(kFieldNames[index]) + " '" + printable(fields[index].text, 30) +
                                        "' is not " + kind);
        };
        if (!parse_integer(fields[0].text, row.bucket) && bad_number(0, "a whole number")) return report.first();
        row.map_name = std::string(fields[1].text);
        if (row.map_name.empty() && bad_field(1, "map name is empty")) return report.first();
        std::int64_t* integers[6] = {&row.map_width, &row.map_height, &row.start_x,
                                     &row.start_y,   &row.goal_x,     &row.goal_y};
        bool size_numeric = true;
        for (int index = 0; index < 6; ++index) {
            if (!parse_integer(fields[index + 2].text, *integers[index])) {
                if (index < 2) size_numeric = false;
                if (bad_number(index + 2, "a whole number")) return report.first();
            }
        }
        if (size_numeric &&
            (row.map_width <= 0 || row.map_height <= 0 || row.map_width > kMaximumSide || row.map_height > kMaximumSide) &&
            bad_field(2, "map size " + std::to_string(row.map_width) + " x " + std::to_string(row.map_height) +
                             " is out of range")) {
            return report.first();
        }
        if ((!parse_real(fields[8].text, row.optimal_length) || row.optimal_length < 0) &&
            bad_number(8, "a non-negative number")) {
            return report.first();
        }
        if (row_ok) scenario.rows.push_back(std::move(row));
    }
    if (problems != nullptr && !problems->empty()) return problems->front();
    return scenario;
}

Expected<ScenarioFile> read_scenario_file(const std::string& path) {
    Expected<std::string> text = read_whole_file(path);
    if (!text) return text.error();
    return parse_scenario(*text, path);
}

std::string resolve_map_path(const std::string& scenario_path, const std::string& map_name) {
    std::size_t name_start = map_name.find_last_of("/\\");
    std::string base = name_start == std::string::npos ? map_name : map_name.substr(name_start + 1);
    std::size_t folder_end = scenario_path.find_last_of('/');
    if (folder_end == std::string::npos) return base;
    return scenario_path.substr(0, folder_end + 1) + base;
}

}  // namespace swarmpath::io
