// Moving AI map parsing and whole-file I/O (see map_file.hpp for the accepted syntax and limits).
#include "swarmpath/io/map_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <string>

#include "swarmpath/io/atomic_file.hpp"
#include "swarmpath/io/text_lines.hpp"

namespace swarmpath::io {

Expected<std::string> read_whole_file(const std::string& path) {
    struct stat information {};
    if (::stat(path.c_str(), &information) != 0) {
        return Error{path, 0, 0, std::string("cannot open file: ") + std::strerror(errno)};
    }
    if (S_ISDIR(information.st_mode)) return Error{path, 0, 0, "cannot read file: it is a directory"};
    if (static_cast<std::uint64_t>(information.st_size) > kMaximumFileBytes) {
        return Error{path, 0, 0, "file is too large (" + std::to_string(information.st_size) + " bytes; the limit is " +
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
                     std::string(what) + " '" + std::string(text) + "' is not a positive whole number"};
    }
    if (error == std::errc::result_out_of_range || value > kMaximumSide) {
        return Error{std::string(origin), line, column,
                     std::string(what) + " " + std::string(text) + " exceeds the maximum of " +
                         std::to_string(kMaximumSide)};
    }
    if (value == 0) return Error{std::string(origin), line, column, std::string(what) + " must be at least 1"};
    return static_cast<std::uint32_t>(value);
}

}  // namespace

Expected<MapFile> parse_map(std::string_view text, std::string_view origin, const grid::TerrainTable& terrain) {
    TextLines lines(text);
    MapFile map;
    map.path = std::string(origin);
    auto fail = [&](std::uint32_t line, std::uint32_t column, std::string message) -> Error {
        return Error{std::string(origin), line, column, std::move(message)};
    };
    if (text.empty()) return fail(0, 0, "empty file (expected a Moving AI map: type, height, width, map)");

    bool have_type = false;
    bool have_height = false;
    bool have_width = false;
    bool have_map = false;
    std::string_view line;
    while (lines.next(line)) {
        std::string_view content = trim_spaces(line);
        if (content.empty()) continue;
        std::string_view key = first_word(content);
        std::string_view rest = trim_spaces(content.substr(key.size()));
        const std::uint32_t number = lines.line_number();
        const auto rest_column = static_cast<std::uint32_t>(rest.data() - line.data() + 1);
        if (key == "map") {
            if (!rest.empty()) return fail(number, rest_column, "unexpected text after 'map'");
            have_map = true;
            break;
        }
        if (key == "type") {
            if (rest.empty()) return fail(number, 0, "'type' needs a value (octile)");
            map.type = std::string(rest);
            have_type = true;
        } else if (key == "height" || key == "width") {
            Expected<std::uint32_t> value = parse_dimension(rest, key, origin, number, rest_column);
            if (!value) return value.error();
            (key == "height" ? map.height : map.width) = *value;
            (key == "height" ? have_height : have_width) = true;
        } else {
            std::string shown(key.substr(0, 40));
            for (char& character : shown) {
                if (static_cast<unsigned char>(character) < 32 || static_cast<unsigned char>(character) >= 127) character = '?';
            }
            return fail(number, 1, "unexpected header line starting '" + shown +
                                       "' (a map starts with type, height, width, then map)");
        }
    }
    if (!have_type) return fail(0, 0, "missing 'type' line");
    if (!have_height) return fail(0, 0, "missing 'height' line");
    if (!have_width) return fail(0, 0, "missing 'width' line");
    if (!have_map) return fail(lines.line_number(), 0, "missing 'map' line before the rows");
    const std::uint64_t cells = std::uint64_t{map.width} * map.height;
    if (cells > kMaximumCells) {
        return fail(0, 0, "map of " + std::to_string(map.width) + " x " + std::to_string(map.height) +
                              " cells exceeds the maximum of " + std::to_string(kMaximumCells) + " cells");
    }
    // The text must hold at least the rows it claims before anything is allocated for them.
    if (cells > text.size()) {
        return fail(0, 0, "file is shorter than its " + std::to_string(map.height) + " rows of " +
                              std::to_string(map.width) + " cells");
    }

    map.letters.resize(static_cast<std::size_t>(cells));
    for (std::uint32_t y = 0; y < map.height; ++y) {
        if (!lines.next(line)) {
            return fail(lines.line_number(), 0, "expected " + std::to_string(map.height) + " rows, found " +
                                                    std::to_string(y));
        }
        if (y == 0) map.first_row_line = lines.line_number();
        if (line.size() != map.width) {
            return fail(lines.line_number(), static_cast<std::uint32_t>(std::min<std::size_t>(line.size(), map.width) + 1),
                        "row " + std::to_string(y) + " has " + std::to_string(line.size()) + " cells, expected " +
                            std::to_string(map.width));
        }
        for (std::uint32_t x = 0; x < map.width; ++x) {
            const char letter = line[x];
            if (!terrain.rule(letter).defined) {
                std::string shown = (static_cast<unsigned char>(letter) >= 33 && static_cast<unsigned char>(letter) < 127)
                                        ? "'" + std::string(1, letter) + "'"
                                        : "byte " + std::to_string(static_cast<unsigned char>(letter));
                return fail(lines.line_number(), x + 1,
                            "unknown terrain letter " + shown + " (declare it with --terrain)");
            }
        }
        std::memcpy(map.letters.data() + static_cast<std::size_t>(y) * map.width, line.data(), map.width);
    }
    while (lines.next(line)) {
        if (!trim_spaces(line).empty()) {
            return fail(lines.line_number(), 1, "more rows than the height of " + std::to_string(map.height));
        }
    }
    return map;
}

Expected<MapFile> read_map_file(const std::string& path, const grid::TerrainTable& terrain) {
    Expected<std::string> text = read_whole_file(path);
    if (!text) return text.error();
    return parse_map(*text, path, terrain);
}

}  // namespace swarmpath::io
