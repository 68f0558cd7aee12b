// Map edit files: parsing `x y letter` lines into cell edits (see io/edits_file.hpp).
#include "swarmpath/io/edits_file.hpp"

#include <charconv>
#include <string>

#include "io/text_lines.hpp"
#include "swarmpath/io/file_reading.hpp"

namespace swarmpath::io {

Expected<std::vector<grid::CellEdit>> parse_edits(std::string_view text, std::string_view origin) {
    if (std::string problem = encoding_problem(text); !problem.empty()) {
        return Error{std::string(origin), 1, 1, std::move(problem)};
    }
    std::vector<grid::CellEdit> edits;
    TextLines lines(text);
    std::string_view line;
    while (lines.next(line)) {
        const std::uint32_t line_number = lines.line_number();
        if (const std::size_t comment = line.find('#'); comment != std::string_view::npos)
            line = line.substr(0, comment);
        // Split into whitespace-separated fields, remembering each field's column.
        std::string_view fields[4];
        std::uint32_t columns[4] = {};
        int count = 0;
        for (std::size_t index = 0; index < line.size();) {
            if (line[index] == ' ' || line[index] == '\t' || line[index] == '\r') {
                ++index;
                continue;
            }
            std::size_t stop = index;
            while (stop < line.size() && line[stop] != ' ' && line[stop] != '\t' && line[stop] != '\r') ++stop;
            if (count == 3) {
                return Error{std::string(origin), line_number, static_cast<std::uint32_t>(index + 1),
                             "expected `x y letter`, found an extra field"};
            }
            fields[count] = line.substr(index, stop - index);
            columns[count] = static_cast<std::uint32_t>(index + 1);
            ++count;
            index = stop;
        }
        if (count == 0) continue;
        if (count != 3) {
            return Error{std::string(origin), line_number, 1, "expected `x y letter`"};
        }
        grid::CellEdit edit;
        edit.line = line_number;
        std::uint32_t* targets[2] = {&edit.x, &edit.y};
        for (int field = 0; field < 2; ++field) {
            const char* first = fields[field].data();
            const char* last = first + fields[field].size();
            auto [stop, error] = std::from_chars(first, last, *targets[field]);
            if (error != std::errc() || stop != last) {
                return Error{std::string(origin), line_number, columns[field],
                             std::string(field == 0 ? "x" : "y") + " must be a non-negative integer, found '" +
                                 std::string(fields[field]) + "'"};
            }
        }
        if (fields[2].size() != 1) {
            return Error{std::string(origin), line_number, columns[2],
                         "the terrain letter must be one character, found '" + std::string(fields[2]) + "'"};
        }
        edit.letter = fields[2][0];
        edits.push_back(edit);
    }
    return edits;
}

Expected<std::vector<grid::CellEdit>> read_edits_file(const std::string& path, FileDigest* digest) {
    Expected<std::string> text = read_whole_file(path, digest);
    if (!text) return text.error();
    return parse_edits(*text, path);
}

}  // namespace swarmpath::io
