// Terrain specs (`LETTER=COST,...`) and terrain files (one `LETTER=COST` a line): parsing text into
// a grid::TerrainTable (see io/terrain_file.hpp). Errors name the origin, the line and the column.
#include "swarmpath/io/terrain_file.hpp"

#include <charconv>
#include <cmath>
#include <string>

#include "io/terrain_items.hpp"
#include "io/text_lines.hpp"
#include "swarmpath/io/file_reading.hpp"

namespace swarmpath::io {
namespace {

std::string_view trim(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t' || text.front() == '\r'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
    return text;
}

}  // namespace

Status apply_terrain_item(std::string_view item, grid::TerrainTable& table, std::string_view origin, std::uint32_t line,
                          std::uint32_t column, TerrainDeclarations& declarations) {
    auto fail = [&](const std::string& message) -> Status { return Error{std::string(origin), line, column, message}; };
    std::size_t equals = item.find('=');
    if (equals == std::string_view::npos) return fail("terrain item '" + printable(item, 40) + "' is not LETTER=COST");
    std::string_view letter_text = trim(item.substr(0, equals));
    std::string_view cost_text = trim(item.substr(equals + 1));
    if (letter_text.size() != 1) {
        return fail("terrain letter '" + printable(letter_text, 20) + "' must be exactly one character");
    }
    const char letter = letter_text.front();
    const auto code = static_cast<unsigned char>(letter);
    if (code <= 32 || code >= 127) return fail("terrain letter must be a printable, non-space ASCII character");
    if (const std::uint32_t first = declarations.place[code]; first != 0) {
        return fail("terrain letter '" + std::string(1, letter) + "' is declared twice (first at " +
                    (declarations.by_line ? "line " : "column ") + std::to_string(first) + ")");
    }
    declarations.place[code] = declarations.by_line ? line : column;
    if (cost_text == "inf" || cost_text == "INF" || cost_text == "blocked") {
        table.declare(letter, false, 1.0);
        return Success{};
    }
    double cost = 0;
    const char* begin = cost_text.data();
    const char* end = begin + cost_text.size();
    auto [position, error] = std::from_chars(begin, end, cost);
    if (cost_text.empty() || error != std::errc() || position != end || !std::isfinite(cost)) {
        return fail("terrain cost '" + printable(cost_text, 30) + "' for '" + std::string(1, letter) +
                    "' is not a number (use a positive number or inf)");
    }
    if (cost < grid::kMinimumCost || cost > grid::kMaximumCost) {
        return fail("terrain cost " + printable(cost_text, 30) + " for '" + std::string(1, letter) +
                    "' is out of range (it must be positive, from 1e-6 to 1e12, or inf)");
    }
    table.declare(letter, true, cost);
    return Success{};
}

Status apply_terrain_items(std::string_view items, grid::TerrainTable& table, std::string_view origin,
                           std::uint32_t line, std::uint32_t first_column, TerrainDeclarations& declarations) {
    if (trim(items).empty()) {
        return Error{std::string(origin), line, first_column, "empty terrain spec (expected LETTER=COST,...)"};
    }
    std::size_t start = 0;
    while (start <= items.size()) {
        std::size_t comma = items.find(',', start);
        if (comma == std::string_view::npos) comma = items.size();
        const auto column = static_cast<std::uint32_t>(first_column + start);
        Status status =
            apply_terrain_item(trim(items.substr(start, comma - start)), table, origin, line, column, declarations);
        if (!status) return status;
        start = comma + 1;
    }
    return Success{};
}

Expected<grid::TerrainTable> parse_terrain_spec(std::string_view spec, grid::TerrainTable base, std::string_view origin,
                                                std::uint32_t line) {
    if (trim(spec).empty()) return Error{std::string(origin), line, 0, "empty terrain spec (expected LETTER=COST,...)"};
    TerrainDeclarations declarations;
    declarations.by_line = false;
    Status status = apply_terrain_items(spec, base, origin, line, 1, declarations);
    if (!status) return status.error();
    return base;
}

Expected<grid::TerrainTable> parse_terrain_file_text(std::string_view text, grid::TerrainTable base,
                                                     std::string_view origin) {
    if (std::string problem = encoding_problem(text); !problem.empty()) {
        return Error{std::string(origin), 1, 1, std::move(problem)};
    }
    TerrainDeclarations declarations;
    TextLines lines(text);
    std::string_view line;
    while (lines.next(line)) {
        const std::uint32_t line_number = lines.line_number();
        if (std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
        line = trim(line);
        if (line.empty()) continue;
        Status status = apply_terrain_item(line, base, origin, line_number, 1, declarations);
        if (!status) return status.error();
    }
    return base;
}

Expected<grid::TerrainTable> read_terrain_file(const std::string& path, grid::TerrainTable base, FileDigest* digest) {
    Expected<std::string> text = read_whole_file(path, digest);
    if (!text) return text.error();
    return parse_terrain_file_text(*text, base, path);
}

}  // namespace swarmpath::io
