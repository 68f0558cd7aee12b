// Moving AI scenario parsing (see scenario_file.hpp for the accepted syntax).
#include "swarmpath/io/scenario_file.hpp"
#include "swarmpath/io/file_reading.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>

#include "io/scenario_parsing.hpp"
#include "io/text_lines.hpp"
#include "swarmpath/io/map_file.hpp"
#include "swarmpath/io/movement_classes_file.hpp"

namespace swarmpath::io {
namespace {

constexpr int kFieldCount = 9;
constexpr const char* kFieldNames[kFieldCount] = {"bucket",  "map",    "map width", "map height",    "start x",
                                                  "start y", "goal x", "goal y",    "optimal length"};

struct Field {
    std::string_view text;
    std::uint32_t column = 0;
};

/// Splits a row's nine fields: on tabs when the row has any (so a map path may hold spaces), else on
/// runs of spaces. The optimal length ends at the first tab or space either way, and `rest` is set
/// to where the text after it (the optional columns) begins. Returns the number of fields found.
int split_fields(std::string_view line, Field (&fields)[kFieldCount], std::size_t& rest) {
    const bool tabbed = line.find('\t') != std::string_view::npos;
    int count = 0;
    std::size_t position = 0;
    while (position < line.size() && count < kFieldCount) {
        if (tabbed && count + 1 < kFieldCount) {
            std::size_t end = line.find('\t', position);
            if (end == std::string_view::npos) end = line.size();
            std::string_view raw = line.substr(position, end - position);
            std::string_view text = trim_spaces(raw);
            if (!(text.empty() && end == line.size())) {
                fields[count++] = {text, static_cast<std::uint32_t>(position + 1)};
            }
            position = end + 1;
            continue;
        }
        // The optimal length in a tabbed row (an empty one between two tabs stays an empty field),
        // or any field of a spaced row.
        while (position < line.size() && (tabbed ? line[position] == ' ' : is_space(line[position]))) ++position;
        if (position >= line.size()) break;
        std::size_t end = position;
        while (end < line.size() && !is_space(line[end])) ++end;
        fields[count++] = {line.substr(position, end - position), static_cast<std::uint32_t>(position + 1)};
        position = end;
    }
    rest = std::min(position, line.size());
    return count;
}

/// A whole field as a base-10 integer, as std::from_chars reads one and nothing left over: an
/// optional '-' (signed types only), then digits, within the type's range; `value` is set only on
/// success. Written out for the commonest field of a row (seven a row): past leading zeros at most
/// 19 digits are summed in 64 bits, which cannot overflow, and the range is checked once at the end
/// (the row parser 5% fewer instructions; tests/io/scenario_file_test.cpp compares the two on random
/// fields).
template <class Integer>
bool parse_integer(std::string_view text, Integer& value) {
    static_assert(std::numeric_limits<Integer>::digits < 64, "any 20-digit value is out of range");
    const char* at = text.data();
    const char* const end = at + text.size();
    bool negative = false;
    if constexpr (std::is_signed_v<Integer>) {
        if (at != end && *at == '-') {
            negative = true;
            ++at;
        }
    }
    if (at == end) return false;
    while (at != end && *at == '0') ++at;
    if (end - at > 19) return false;
    std::uint64_t magnitude = 0;
    for (; at != end; ++at) {
        const auto digit = static_cast<unsigned>(static_cast<unsigned char>(*at) - static_cast<unsigned char>('0'));
        if (digit > 9) return false;
        magnitude = magnitude * 10U + digit;
    }
    const auto largest = static_cast<std::uint64_t>(std::numeric_limits<Integer>::max());
    if (magnitude > (negative ? largest + 1U : largest)) return false;
    value = negative ? static_cast<Integer>(0U - magnitude) : static_cast<Integer>(magnitude);
    return true;
}

bool parse_real(std::string_view text, double& value) {
    auto [position, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return !text.empty() && error == std::errc() && position == text.data() + text.size() && std::isfinite(value);
}

/// An optimal length: a whole field parse_real reads, not below zero.
bool parse_length(std::string_view text, double& value) { return parse_real(text, value) && value >= 0; }

/// Whether the row's map size is one a map can have (1 to kMaximumSide each way).
bool map_size_in_range(const ScenarioRow& row) {
    return row.map_width > 0 && row.map_height > 0 && row.map_width <= kMaximumSide && row.map_height <= kMaximumSide;
}

/// Reads the digits at `at` (at least one, at most 18: no leading sign, and no overflow to check)
/// into `value`; returns where they end, or nullptr when there are none or too many.
[[gnu::always_inline]] inline const char* read_digits(const char* at, const char* end, std::uint64_t& value) {
    const char* const first = at;
    std::uint64_t number = 0;
    for (; at != end; ++at) {
        const auto digit = static_cast<unsigned>(static_cast<unsigned char>(*at) - static_cast<unsigned char>('0'));
        if (digit > 9) break;
        number = number * 10U + digit;
    }
    if (at == first || at - first > 18) return nullptr;
    value = number;
    return at;
}

/// Reads the whole number at `at` that a tab ends into `value`; returns where the next field starts,
/// or nullptr.
template <class Integer>
[[gnu::always_inline]] inline const char* read_tabbed_number(const char* at, const char* end, Integer& value) {
    std::uint64_t number = 0;
    at = read_digits(at, end, number);
    if (at == nullptr || at == end || *at != '\t' || number > std::numeric_limits<Integer>::max()) return nullptr;
    value = static_cast<Integer>(number);
    return at + 1;
}

/// The optimal length from `at` to `end`, read as parse_length reads it: plain digits with at most
/// 15 of them and at most one '.' between digits, as the quotient of the digits as a whole number
/// and a power of ten (both exact doubles, and the one division rounds correctly, as from_chars
/// rounds a decimal); any other form through parse_length. False when it is no non-negative number.
bool read_length(const char* at, const char* end, double& value) {
    static constexpr double kPowersOfTen[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                              1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
    std::uint64_t whole = 0;
    const char* const digits_end = read_digits(at, end, whole);
    if (digits_end != nullptr && digits_end - at <= 15) {
        if (digits_end == end) {
            value = static_cast<double>(whole);
            return true;
        }
        std::uint64_t fraction = 0;
        const char* const fraction_end = *digits_end == '.' ? read_digits(digits_end + 1, end, fraction) : nullptr;
        const auto fraction_digits = fraction_end == end ? end - (digits_end + 1) : 16;
        if ((digits_end - at) + fraction_digits <= 15) {
            value = static_cast<double>(whole * static_cast<std::uint64_t>(kPowersOfTen[fraction_digits]) + fraction) /
                    kPowersOfTen[fraction_digits];
            return true;
        }
    }
    return parse_length(std::string_view(at, static_cast<std::size_t>(end - at)), value);
}

/// The row nearly every scenario file holds: nine fields between single tabs, no spaces, no
/// optional columns, whole numbers without signs. Read in one pass over its bytes and set into
/// `row` whole (but its line); false for any other line, which the field-by-field parse then reads
/// with its messages, so that no line reads differently either way (tests/io/scenario_file_test.cpp
/// compares the two on random lines). A row of AR0011SR's file: 1,640 -> 740 instructions (callgrind,
/// the parser's share of each of a run's two passes, its check and its load).
bool read_common_row(std::string_view text, ScenarioRow& row) {
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    const char* at = text.data();
    const char* const end = at + text.size();
    at = read_tabbed_number(at, end, row.bucket);
    if (at == nullptr) return false;
    const auto* map_end = static_cast<const char*>(std::memchr(at, '\t', static_cast<std::size_t>(end - at)));
    if (map_end == nullptr || map_end == at || is_space(*at) || is_space(map_end[-1])) return false;
    const std::string_view map(at, static_cast<std::size_t>(map_end - at));
    at = map_end + 1;
    for (std::int64_t* number :
         {&row.map_width, &row.map_height, &row.start_x, &row.start_y, &row.goal_x, &row.goal_y}) {
        at = read_tabbed_number(at, end, *number);
        if (at == nullptr) return false;
    }
    if (!map_size_in_range(row) || !read_length(at, end, row.optimal_length)) return false;
    row.map_name.assign(map);
    row.agent_size = 1;
    row.agent_class.clear();
    row.agent_size_given = false;
    return true;
}

/// The scenario grammar fed one line at a time, so that a whole text and a file read in blocks
/// parse alike. Without a problem list the first problem ends the parse; with one, every problem is
/// recorded and parsing goes on with the next row (`stop` says when it cannot).
class ScenarioLineParser {
public:
    ScenarioLineParser(std::string_view origin, std::vector<Error>* problems,
                       RowReading reading = RowReading::common_rows_at_once)
        : report_(origin, problems, kMaximumProblems),
          common_rows_at_once_(reading == RowReading::common_rows_at_once) {}

    /// Checks the start of the file (empty, byte-order mark, CR-only ends); false when it stops there.
    bool begin(std::string_view start, bool empty) {
        if (empty) {
            report_.stop(0, 0, "empty file (expected 'version 1' and scenario rows)");
            stopped_ = true;
            return false;
        }
        if (std::string problem = encoding_problem(start); !problem.empty()) {
            report_.stop(1, 1, std::move(problem));
            stopped_ = true;
            return false;
        }
        return true;
    }

    /// Parses line `number` (without its line end). Returns false when parsing must stop; sets
    /// `produced` when the line was a valid row, now in `row`.
    bool line(std::string_view text, std::uint32_t number, ScenarioRow& row, bool& produced) {
        last_line_ = number;
        if (common_rows_at_once_ && have_version_ && read_common_row(text, row)) {
            row.line = number;
            produced = true;
            return true;
        }
        produced = false;
        if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
        const std::string_view content = trim_spaces(text);
        if (content.empty()) return true;
        if (!have_version_) return version_line(text, content, number);
        if (first_word(content) == "version") {
            return !stop(number, 1,
                         "duplicate 'version' line (already given on line " + std::to_string(version_line_) + ")");
        }
        std::size_t rest = 0;
        const int count = split_fields(text, fields_, rest);
        if (count < kFieldCount) {
            return !stop(number, 0,
                         "scenario row has " + std::to_string(count) + " fields, expected 9 (missing " +
                             kFieldNames[count] + ")");
        }
        row = ScenarioRow{};
        row.line = number;
        bool row_ok = true;
        // Records a problem with field `index`; true when parsing must stop.
        auto bad_field = [&](int index, const std::string& message) {
            row_ok = false;
            return stop(number, fields_[index].column, message);
        };
        auto bad_number = [&](int index, const char* kind) {
            return bad_field(index, std::string(kFieldNames[index]) + " '" + printable(fields_[index].text, 30) +
                                        "' is not " + kind);
        };
        if (!parse_integer(fields_[0].text, row.bucket) && bad_number(0, "a whole number")) return false;
        row.map_name.assign(fields_[1].text);
        if (row.map_name.empty() && bad_field(1, "map name is empty")) return false;
        std::int64_t* integers[6] = {&row.map_width, &row.map_height, &row.start_x,
                                     &row.start_y,   &row.goal_x,     &row.goal_y};
        bool size_numeric = true;
        for (int index = 0; index < 6; ++index) {
            if (!parse_integer(fields_[index + 2].text, *integers[index])) {
                if (index < 2) size_numeric = false;
                if (bad_number(index + 2, "a whole number")) return false;
            }
        }
        if (size_numeric && !map_size_in_range(row) &&
            bad_field(2, "map size " + std::to_string(row.map_width) + " x " + std::to_string(row.map_height) +
                             " is out of range")) {
            return false;
        }
        if (!parse_length(fields_[8].text, row.optimal_length) && bad_number(8, "a non-negative number")) {
            return false;
        }
        if (!optional_columns(text, rest, number, row, row_ok)) return false;
        produced = row_ok;
        return true;
    }

    /// After the last line: the first problem, if any, else the version found.
    Expected<std::string> finish(std::vector<Error>* problems) {
        if (!stopped_ && !have_version_) report_.stop(last_line_, 0, "missing 'version' line");
        if (stopped_ || !have_version_) return report_.first();
        if (problems != nullptr && !problems->empty()) return problems->front();
        return version_;
    }

private:
    bool stop(std::uint32_t line, std::uint32_t column, std::string message) {
        stopped_ = report_.stop(line, column, std::move(message));
        return stopped_;
    }

    /// Reads the optional `size=K` and `class=NAME` columns from `rest` of `text` into `row`; clears
    /// `row_ok` on a problem. Returns false when parsing must stop.
    bool optional_columns(std::string_view text, std::size_t rest, std::uint32_t number, ScenarioRow& row,
                          bool& row_ok) {
        std::uint32_t size_column = 0;
        std::uint32_t class_column = 0;
        std::size_t position = rest;
        while (true) {
            while (position < text.size() && is_space(text[position])) ++position;
            if (position >= text.size()) return true;
            std::size_t end = position;
            while (end < text.size() && !is_space(text[end])) ++end;
            const std::string_view column_text = text.substr(position, end - position);
            const auto column = static_cast<std::uint32_t>(position + 1);
            position = end;
            std::string problem = optional_column(column_text, column, row, size_column, class_column);
            if (!problem.empty()) {
                row_ok = false;
                if (stop(number, column, std::move(problem))) return false;
            }
        }
    }

    /// One optional column, `KEY=VALUE` at `column`; the problem with it, or empty text.
    static std::string optional_column(std::string_view text, std::uint32_t column, ScenarioRow& row,
                                       std::uint32_t& size_column, std::uint32_t& class_column) {
        const std::size_t equals = text.find('=');
        if (equals == std::string_view::npos) {
            return "scenario row has more than 9 fields: '" + printable(text, 30) +
                   "' is not an optional column (size=K or class=NAME)";
        }
        const std::string_view key = text.substr(0, equals);
        const std::string_view value = text.substr(equals + 1);
        std::uint32_t* seen = key == "size" ? &size_column : key == "class" ? &class_column : nullptr;
        if (seen == nullptr) {
            static constexpr std::string_view kKeys[] = {"size", "class"};
            std::string message = "unknown optional column '" + printable(key, 30) + "': expected size=K or class=NAME";
            if (key.size() <= 30) {
                if (const std::string_view closest = closest_name(key, kKeys); !closest.empty()) {
                    message.append(" (did you mean ").append(closest).append("?)");
                }
            }
            return message;
        }
        if (*seen != 0) {
            return "optional column '" + std::string(key) + "' is given twice (first at column " +
                   std::to_string(*seen) + ")";
        }
        *seen = column;
        if (seen == &size_column) {
            if (!parse_integer(value, row.agent_size) || row.agent_size < 1 || row.agent_size > kMaximumAgentSize) {
                return "agent size '" + printable(value, 30) + "' is not a whole number from 1 to " +
                       std::to_string(kMaximumAgentSize);
            }
            row.agent_size_given = true;
            return {};
        }
        if (std::string problem = class_name_problem(value); !problem.empty()) return "agent class: " + problem;
        row.agent_class.assign(value);
        return {};
    }

    /// The first non-blank line is the version line, right or wrong.
    bool version_line(std::string_view text, std::string_view content, std::uint32_t number) {
        have_version_ = true;
        version_line_ = number;
        const std::string_view key = first_word(content);
        const std::string_view value = trim_spaces(content.substr(key.size()));
        if (key != "version") {
            return !stop(number, 1, "missing 'version' line (a scenario starts with 'version 1')");
        }
        if (value != "1" && value != "1.0") {
            return !stop(number, static_cast<std::uint32_t>(value.data() - text.data() + 1),
                         "unsupported scenario version '" + printable(value, 20) + "' (expected 1 or 1.0)");
        }
        version_ = std::string(value);
        return true;
    }

    ProblemList report_;
    Field fields_[kFieldCount];
    bool common_rows_at_once_ = true;
    bool have_version_ = false;
    bool stopped_ = false;
    std::uint32_t version_line_ = 0;
    std::uint32_t last_line_ = 0;
    std::string version_;
};

}  // namespace

Expected<ScenarioFile> parse_scenario(std::string_view text, std::string_view origin, std::vector<Error>* problems) {
    return parse_scenario(text, origin, problems, RowReading::common_rows_at_once);
}

Expected<ScenarioFile> parse_scenario(std::string_view text, std::string_view origin, std::vector<Error>* problems,
                                      RowReading reading) {
    ScenarioFile scenario;
    scenario.path = std::string(origin);
    ScenarioLineParser parser(origin, problems, reading);
    if (parser.begin(text, text.empty())) {
        TextLines lines(text);
        std::string_view line;
        ScenarioRow row;
        bool produced = false;
        while (lines.next(line)) {
            if (!parser.line(line, lines.line_number(), row, produced)) break;
            if (produced) scenario.rows.push_back(std::move(row));
        }
    }
    Expected<std::string> version = parser.finish(problems);
    if (!version) return version.error();
    scenario.version = std::move(*version);
    return scenario;
}

Expected<ScenarioFile> read_scenario_file(const std::string& path) {
    Expected<std::string> text = read_whole_file(path);
    if (!text) return text.error();
    return parse_scenario(*text, path);
}

Status for_each_scenario_row(const std::string& path, const std::function<bool(const ScenarioRow&)>& consume,
                             std::vector<Error>* problems, FileDigest* digest) {
    ScenarioLineParser parser(path, problems);
    std::string carried;  // the start of a line that continues in the next block
    std::uint32_t number = 0;
    bool first_block = true;
    bool going = true;
    bool consumer_stopped = false;
    ScenarioRow row;
    bool produced = false;
    auto feed = [&](std::string_view line) {
        going = parser.line(line, ++number, row, produced);
        if (going && produced && !consume(row)) {
            going = false;
            consumer_stopped = true;
        }
    };
    Status read = read_file_in_blocks(
        path,
        [&](std::string_view block) {
            if (first_block) {
                first_block = false;
                going = parser.begin(block, false);
                if (!going) return false;
            }
            std::size_t position = 0;
            while (going) {
                const std::size_t end = block.find('\n', position);
                if (end == std::string_view::npos) {
                    carried.append(block.substr(position));
                    break;
                }
                if (carried.empty()) {
                    feed(block.substr(position, end - position));
                } else {
                    carried.append(block.substr(position, end - position));
                    feed(carried);
                    carried.clear();
                }
                position = end + 1;
            }
            return going;
        },
        digest);
    if (!read) return read.error();
    if (first_block) parser.begin({}, true);
    if (going && !carried.empty()) feed(carried);
    if (consumer_stopped) return Success{};
    Expected<std::string> version = parser.finish(problems);
    if (!version) return version.error();
    return Success{};
}

std::string resolve_map_path(const std::string& scenario_path, const std::string& map_name) {
    std::size_t name_start = map_name.find_last_of("/\\");
    std::string base = name_start == std::string::npos ? map_name : map_name.substr(name_start + 1);
    std::size_t folder_end = scenario_path.find_last_of('/');
    if (folder_end == std::string::npos) return base;
    return scenario_path.substr(0, folder_end + 1) + base;
}

}  // namespace swarmpath::io
