// Moving AI map parsing and whole-file I/O (see map_file.hpp for the accepted syntax and limits).
#include "swarmpath/io/map_file.hpp"

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include "swarmpath/io/atomic_file.hpp"
#include "swarmpath/io/text_lines.hpp"

namespace swarmpath::io {

Expected<std::string> read_whole_file(const std::string& path) {
    // std::filesystem rather than POSIX stat, so the engine builds on any C++20 platform.
    // A missing or unreadable file is left to fopen below, which reports the system's reason.
    std::error_code status_error;
    const std::filesystem::file_status status = std::filesystem::status(path, status_error);
    if (std::filesystem::is_directory(status)) return Error{path, 0, 0, "cannot read file: it is a directory"};
    std::error_code size_error;
    const std::uintmax_t size = std::filesystem::is_regular_file(status) ? std::filesystem::file_size(path, size_error) : 0;
    if (!size_error && size > kMaximumFileBytes) {
        return Error{path, 0, 0, "file is too large (" + std::to_string(size) + " bytes; the limit is " +
                                     std::to_string(kMaximumFileBytes) + ")"};
    }
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (file == nullptr) return Error{path, 0, 0, std::string("cannot open file: ") + std::strerror(errno)};
    std::string contents;
    char buffer[1 << 16];
    for (;;) {
        std::size_t count = std::fread(buffer, 1, sizeof(buffer), file);
        contents.append(buffer, count);
        if (contents.size() > kMaximumFileBytes) {
            std::fclose(file);
            return Error{path, 0, 0, "file is too large"};
        }
        if (count < sizeof(buffer)) break;
    }
    bool failed = std::ferror(file) != 0;
    std::fclose(file);
    if (failed) return Error{path, 0, 0, "cannot read file"};
    return contents;
}

Status write_file_atomically(const std::string& path, std::string_view contents) {
    AtomicFile file(path);
    file.write(contents);
    return file.commit();
}

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

    bool have_type = false;
    bool have_height = false;
    bool have_width = false;
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
        if (key == "type") {
            have_type = true;
            if (rest.empty() && report.stop(number, 0, "'type' needs a value (octile)")) return report.first();
            map.type = std::string(rest);
        } else if (key == "height" || key == "width") {
            (key == "height" ? have_height : have_width) = true;
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
    if (!have_type && report.stop(header_end, 0, "missing 'type' line" + header_place)) return report.first();
    if (!have_height && report.stop(header_end, 0, "missing 'height' line" + header_place)) return report.first();
    if (!have_width && report.stop(header_end, 0, "missing 'width' line" + header_place)) return report.first();
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

Expected<MapFile> read_map_file(const std::string& path, const grid::TerrainTable& terrain) {
    Expected<std::string> text = read_whole_file(path);
    if (!text) return text.error();
    return parse_map(*text, path, terrain);
}

}  // namespace swarmpath::io
