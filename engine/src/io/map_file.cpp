// Moving AI map parsing (see map_file.hpp for the accepted syntax and limits).
#include "swarmpath/io/map_file.hpp"

#include <array>
#include <charconv>
#include <string>
#include <vector>

#include "core/page_memory.hpp"
#include "grid/letter_blocks.hpp"
#include "io/text_lines.hpp"
#include "swarmpath/grid/topology.hpp"
#include "swarmpath/io/file_reading.hpp"

namespace swarmpath::io {

namespace {

/// Parses a positive decimal dimension; `what` names it in messages.
Expected<std::uint32_t> parse_dimension(std::string_view text, std::string_view what, std::string_view origin,
                                        std::uint32_t line, std::uint32_t column) {
    std::uint64_t value = 0;
    auto [position, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error == std::errc::invalid_argument || position != text.data() + text.size()) {
        return Error{std::string(origin), line, column,
                     std::string(what) + " '" + printable(text, 30) + "' is not a positive whole number"};
    }
    if (error == std::errc::result_out_of_range || value > kMaximumSide) {
        return Error{
            std::string(origin), line, column,
            std::string(what) + " " + printable(text, 30) + " exceeds the maximum of " + std::to_string(kMaximumSide)};
    }
    if (value == 0) return Error{std::string(origin), line, column, std::string(what) + " must be at least 1"};
    return static_cast<std::uint32_t>(value);
}

/// One parse of a map's text, in steps: the header lines, the size checks, the rows, what follows
/// them. Each step returns false when the parse ends there (its problem is in the report).
class MapParser {
public:
    MapParser(std::string_view text, std::string_view origin, std::vector<Error>* problems)
        : text_(text), origin_(origin), lines_(text), report_(origin, problems, kMaximumProblems) {
        map_.path = std::string(origin);
    }

    /// Empty text and encoding problems end the parse before any line is read.
    bool check_text() {
        if (text_.empty()) {
            report_.stop(0, 0, "empty file (expected a Moving AI map: type, height, width, map)");
            return false;
        }
        if (std::string problem = encoding_problem(text_); !problem.empty()) {
            report_.stop(1, 1, std::move(problem));
            return false;
        }
        return true;
    }

    /// The header lines up to and including `map`.
    bool read_header() {
        std::string_view line;
        while (lines_.next(line)) {
            std::string_view content = trim_spaces(line);
            if (content.empty()) continue;
            std::string_view key = first_word(content);
            std::string_view rest = trim_spaces(content.substr(key.size()));
            const std::uint32_t number = lines_.line_number();
            header_end_ = number;
            const auto rest_column = static_cast<std::uint32_t>(rest.data() - line.data() + 1);
            if (key == "map") {
                have_map_ = true;
                return rest.empty() || !report_.stop(number, rest_column, "unexpected text after 'map'");
            }
            if (key == "type" || key == "height" || key == "width") {
                bool repeated = false;
                if (!note_first(key, rest, number, repeated)) return false;
                if (repeated) continue;
            }
            if (!read_header_value(key, rest, number, rest_column)) return false;
        }
        return true;
    }

    /// Every header line given, and a size whose rows the text can hold.
    bool check_header() {
        const std::string header_place = have_map_ ? " before the 'map' line" : " in the header";
        if (type_line_ == 0 && report_.stop(header_end_, 0, "missing 'type' line" + header_place)) return false;
        if (height_line_ == 0 && report_.stop(header_end_, 0, "missing 'height' line" + header_place)) return false;
        if (width_line_ == 0 && report_.stop(header_end_, 0, "missing 'width' line" + header_place)) return false;
        if (!have_map_ && report_.stop(lines_.line_number(), 0, "missing 'map' line before the rows")) return false;
        // Without a usable size and the `map` line, the rows cannot be read.
        if (!have_map_ || map_.width == 0 || map_.height == 0) return false;
        const std::uint64_t cells = std::uint64_t{map_.width} * map_.height;
        if (cells > kMaximumCells) {
            report_.stop(size_line_, 0,
                         "map of " + std::to_string(map_.width) + " x " + std::to_string(map_.height) +
                             " cells exceeds the maximum of " + std::to_string(kMaximumCells) + " cells");
            return false;
        }
        // The text must hold at least the rows it claims before anything is allocated for them.
        if (cells > text_.size()) {
            report_.stop(header_end_, 0,
                         "file is shorter than the " + std::to_string(map_.height) + " rows of " +
                             std::to_string(map_.width) + " cells its header promises");
            return false;
        }
        return true;
    }

    /// The rows: each as wide as the map, every letter defined by `terrain`.
    bool read_rows(const grid::TerrainTable& terrain) {
        core::reserve_populated(map_.letters, static_cast<std::size_t>(std::uint64_t{map_.width} * map_.height));
        // Which letters the table defines, looked up once per letter value rather than once per cell.
        std::array<bool, 256> defined{};
        for (int code = 0; code < 256; ++code) defined[code] = terrain.rule(static_cast<char>(code)).defined;
        grid::LetterBlocks known;  // defined letters met so far, compared sixteen cells at a time
        std::string_view line;
        for (std::uint32_t y = 0; y < map_.height; ++y) {
            if (!lines_.next(line)) {
                report_.stop(lines_.line_number(), 0,
                             "expected " + std::to_string(map_.height) + " rows, found " + std::to_string(y));
                return false;
            }
            if (y == 0) map_.first_row_line = lines_.line_number();
            if (line.size() != map_.width &&
                report_.stop(lines_.line_number(),
                             static_cast<std::uint32_t>(std::min<std::size_t>(line.size(), map_.width) + 1),
                             "row " + std::to_string(y) + " has " + std::to_string(line.size()) + " cells, expected " +
                                 std::to_string(map_.width))) {
                return false;
            }
            const std::size_t usable = std::min<std::size_t>(line.size(), map_.width);
            const std::size_t unknown = grid::first_letter_outside(line.substr(0, usable), defined, known);
            if (unknown < usable &&  // one unknown letter per row is enough to report
                report_.stop(
                    lines_.line_number(), static_cast<std::uint32_t>(unknown + 1),
                    "unknown terrain letter " + describe_letter(line[unknown]) + " (declare it with {{terrain}})")) {
                return false;
            }
            map_.letters.append(line.data(), usable);
            map_.letters.append(map_.width - usable, '@');
        }
        return true;
    }

    /// Nothing but blank lines after the rows.
    bool check_end() {
        std::string_view line;
        while (lines_.next(line)) {
            if (!trim_spaces(line).empty()) {
                report_.stop(lines_.line_number(), 1, "more rows than the height of " + std::to_string(map_.height));
                return false;
            }
        }
        return true;
    }

    /// The first problem (with a problem list: the first recorded), or the map.
    Expected<MapFile> finish(bool completed, std::vector<Error>* problems) {
        if (!completed) return report_.first();
        if (problems != nullptr && !problems->empty()) return problems->front();
        return std::move(map_);
    }

private:
    /// Records the first line of a `type`, `height` or `width` key; a repeat is reported (naming
    /// both lines) and marked `repeated`. False when the report ends the parse.
    bool note_first(std::string_view key, std::string_view rest, std::uint32_t number, bool& repeated) {
        std::uint32_t& first_line = key == "type" ? type_line_ : key == "height" ? height_line_ : width_line_;
        std::string_view& first_value = key == "type" ? type_value_ : key == "height" ? height_value_ : width_value_;
        if (first_line == 0) {
            first_line = number;
            first_value = rest;
            return true;
        }
        repeated = true;
        const std::string message =
            rest == first_value
                ? "duplicate '" + std::string(key) + "' line (already given on line " + std::to_string(first_line) + ")"
                : "conflicting '" + std::string(key) + "' lines: '" + printable(rest, 30) + "' here, '" +
                      printable(first_value, 30) + "' on line " + std::to_string(first_line);
        return !report_.stop(number, 1, message);
    }

    /// A header line's value: the map type or a dimension; any other key is a problem.
    bool read_header_value(std::string_view key, std::string_view rest, std::uint32_t number,
                           std::uint32_t rest_column) {
        if (key == "type") {
            if (rest.empty()) {
                if (report_.stop(number, 0, "'type' needs a value (octile, hex or triangle)")) return false;
            } else if (!grid::topology_from_type(rest) && report_.stop(number, rest_column,
                                                                       "unknown map type '" + printable(rest, 30) +
                                                                           "' (expected octile, hex or triangle)")) {
                return false;
            }
            map_.type = std::string(rest);
            return true;
        }
        if (key == "height" || key == "width") {
            size_line_ = number;
            Expected<std::uint32_t> value = parse_dimension(rest, key, origin_, number, rest_column);
            if (!value && report_.stop(value.error())) return false;
            if (value) (key == "height" ? map_.height : map_.width) = *value;
            return true;
        }
        return !report_.stop(number, 1,
                             "unexpected header line starting '" + printable(key, 40) +
                                 "' (a map starts with type, height, width, then map)");
    }

    std::string_view text_;
    std::string_view origin_;
    TextLines lines_;
    // Without a problem list the first problem ends the parse. With one, every problem is recorded
    // and parsing goes on where it can; `stop` says when it cannot (or the list is full).
    ProblemList report_;
    MapFile map_;
    // The line each header key was first seen on (0: not yet), so a repeat can name both lines.
    std::uint32_t type_line_ = 0;
    std::uint32_t height_line_ = 0;
    std::uint32_t width_line_ = 0;
    std::string_view type_value_;
    std::string_view height_value_;
    std::string_view width_value_;
    bool have_map_ = false;
    std::uint32_t header_end_ = 1;  // the `map` line, else the last line read: where a missing header line is reported
    std::uint32_t size_line_ = 0;   // the later of the height and width lines: where an oversized map is reported
};

}  // namespace

Expected<MapFile> parse_map(std::string_view text, std::string_view origin, const grid::TerrainTable& terrain,
                            std::vector<Error>* problems) {
    MapParser parser(text, origin, problems);
    const bool completed = parser.check_text() && parser.read_header() && parser.check_header() &&
                           parser.read_rows(terrain) && parser.check_end();
    return parser.finish(completed, problems);
}

Expected<MapFile> read_map_file(const std::string& path, const grid::TerrainTable& terrain, FileDigest* digest) {
    Expected<std::string> text = read_whole_file(path, digest);
    if (!text) return text.error();
    return parse_map(*text, path, terrain);
}

}  // namespace swarmpath::io
