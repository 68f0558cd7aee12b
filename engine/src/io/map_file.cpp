// Moving AI map parsing (see map_file.hpp for the accepted syntax and limits).
#include "swarmpath/io/map_file.hpp"

#include <charconv>
#include <string>
#include <vector>

#include "swarmpath/grid/topology.hpp"
#include "swarmpath/io/file_reading.hpp"
#include "swarmpath/io/text_lines.hpp"

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
        return Error{std::string(origin), line, column,
                     std::string(what) + " " + printable(text, 30) + " exceeds the maximum of " +
                         std::to_string(kMaximumSide)};
    }
    if (value == 0) return Error{std::string(origin), line, column, std::string(what) + " must be at least 1"};
    return static_cast<std::uint32_t>(value);
}

/// A letter for a message: quoted when printable, else as a byte value.
std::string describe_letter(char letter) {
    const auto code = static_cast<unsigned char>(letter);
    if (code < 33 || code >= 127) return "byte " + std::to_string(code);
    std::string quoted(3, '\'');
    quoted[1] = letter;
    return quoted;
}

}  // namespace

Expected<MapFile> parse_map(std::string_view text, std::string_view origin, const grid::TerrainTable& terrain,
                            std::vector<Error>* problems) {
    TextLines lines(text);
    MapFile map;
    map.path = std::string(origin);
    // Without a problem list the first problem ends the parse. With one, every problem is recorded
    // and parsing goes on where it can; `stop` says when it cannot (or the list is full).
    ProblemList report(origin, problems, kMaximumProblems);
    if (text.empty()) {
        report.stop(0, 0, "empty file (expected a Moving AI map: type, height, width, map)");
        return report.first();
    }

    if (std::string problem = encoding_problem(text); !problem.empty()) {
        report.stop(1, 1, std::move(problem));
        return report.first();
    }

    // The line each header key was first seen on (0: not yet), so a repeat can name both lines.
    std::uint32_t type_line = 0;
    std::uint32_t height_line = 0;
    std::uint32_t width_line = 0;
    std::string_view type_value;
    std::string_view height_value;
    std::string_view width_value;
    bool have_map = false;
    std::uint32_t header_end = 1;  // the `map` line, else the last line read: where a missing header line is reported
    std::uint32_t size_line = 0;   // the later of the height and width lines: where an oversized map is reported
    std::string_view line;
    while (lines.next(line)) {
        std::string_view content = trim_spaces(line);
        if (content.empty()) continue;
        std::string_view key = first_word(content);
        std::string_view rest = trim_spaces(content.substr(key.size()));
        const std::uint32_t number = lines.line_number();
        header_end = number;
        const auto rest_column = static_cast<std::uint32_t>(rest.data() - line.data() + 1);
        if (key == "map") {
            have_map = true;
            if (!rest.empty() && report.stop(number, rest_column, "unexpected text after 'map'")) return report.first();
            break;
        }
        if (key == "type" || key == "height" || key == "width") {
            std::uint32_t& first_line = key == "type" ? type_line : key == "height" ? height_line : width_line;
            std::string_view& first_value = key == "type" ? type_value : key == "height" ? height_value : width_value;
            if (first_line != 0) {
                const std::string message =
                    rest == first_value
                        ? "duplicate '" + std::string(key) + "' line (already given on line " +
                              std::to_string(first_line) + ")"
                        : "conflicting '" + std::string(key) + "' lines: '" + printable(rest, 30) + "' here, '" +
                              printable(first_value, 30) + "' on line " + std::to_string(first_line);
                if (report.stop(number, 1, message)) return report.first();
                continue;
            }
            first_line = number;
            first_value = rest;
        }
        if (key == "type") {
            if (rest.empty()) {
                if (report.stop(number, 0, "'type' needs a value (octile, hex or triangle)")) return report.first();
            } else if (!grid::topology_from_type(rest) &&
                       report.stop(number, rest_column, "unknown map type '" + printable(rest, 30) +
                                   "' (expected octile, hex or triangle)")) {
                return report.first();
            }
            map.type = std::string(rest);
        } else if (key == "height" || key == "width") {
            size_line = number;
            Expected<std::uint32_t> value = parse_dimension(rest, key, origin, number, rest_column);
            if (!value && report.stop(value.error())) return report.first();
            if (value) (key == "height" ? map.height : map.width) = *value;
        } else {
            if (report.stop(number, 1, "unexpected header line starting '" + printable(key, 40) +
                            "' (a map starts with type, height, width, then map)")) {
                return report.first();
            }
        }
    }
    const std::string header_place = have_map ? " before the 'map' line" : " in the header";
    if (type_line == 0 && report.stop(header_end, 0, "missing 'type' line" + header_place)) return report.first();
    if (height_line == 0 && report.stop(header_end, 0, "missing 'height' line" + header_place)) return report.first();
    if (width_line == 0 && report.stop(header_end, 0, "missing 'width' line" + header_place)) return report.first();
    if (!have_map && report.stop(lines.line_number(), 0, "missing 'map' line before the rows")) return report.first();
    // Without a usable size and the `map` line, the rows cannot be read.
    if (!have_map || map.width == 0 || map.height == 0) return report.first();
    const std::uint64_t cells = std::uint64_t{map.width} * map.height;
    if (cells > kMaximumCells) {
        report.stop(size_line, 0, "map of " + std::to_string(map.width) + " x " + std::to_string(map.height) +
                    " cells exceeds the maximum of " + std::to_string(kMaximumCells) + " cells");
        return report.first();
    }
    // The text must hold at least the rows it claims before anything is allocated for them.
    if (cells > text.size()) {
        report.stop(header_end, 0, "file is shorter than the " + std::to_string(map.height) + " rows of " +
                    std::to_string(map.width) + " cells its header promises");
        return report.first();
    }

    map.letters.reserve(static_cast<std::size_t>(cells));
    for (std::uint32_t y = 0; y < map.height; ++y) {
        if (!lines.next(line)) {
            report.stop(lines.line_number(), 0,
                        "expected " + std::to_string(map.height) + " rows, found " + std::to_string(y));
            return report.first();
        }
        if (y == 0) map.first_row_line = lines.line_number();
        if (line.size() != map.width &&
            report.stop(lines.line_number(),
                        static_cast<std::uint32_t>(std::min<std::size_t>(line.size(), map.width) + 1),
                        "row " + std::to_string(y) + " has " + std::to_string(line.size()) + " cells, expected " +
                        std::to_string(map.width))) {
            return report.first();
        }
        const std::size_t usable = std::min<std::size_t>(line.size(), map.width);
        for (std::uint32_t x = 0; x < usable; ++x) {
            const char letter = line[x];
            if (terrain.rule(letter).defined) continue;
            if (report.stop(lines.line_number(), x + 1,
                            "unknown terrain letter " + describe_letter(letter) + " (declare it with --terrain)")) {
                return report.first();
            }
            break;  // one unknown letter per row is enough to report
        }
        map.letters.append(line.data(), usable);
        map.letters.append(map.width - usable, '@');
    }
    while (lines.next(line)) {
        if (!trim_spaces(line).empty()) {
            report.stop(lines.line_number(), 1, "more rows than the height of " + std::to_string(map.height));
            return report.first();
        }
    }
    if (problems != nullptr && !problems->empty()) return problems->front();
    return map;
}

Expected<MapFile> read_map_file(const std::string& path, const grid::TerrainTable& terrain, FileDigest* digest) {
    Expected<std::string> text = read_whole_file(path, digest);
    if (!text) return text.error();
    return parse_map(*text, path, terrain);
}

}  // namespace swarmpath::io
