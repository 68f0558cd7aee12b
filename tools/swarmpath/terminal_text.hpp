// Text from files and file names made safe to print: control bytes, DEL, C1 controls and bytes that
// are not valid UTF-8 are shown as \xNN escapes, so nothing from an input reaches a terminal raw and
// every string is valid UTF-8 (as JSON needs). Printable ASCII and valid multi-byte UTF-8 pass as
// they are. Also CSV field quoting as RFC 4180 says.
#pragma once

#include <string>
#include <string_view>

namespace swarmpath::cli {

/// `text` with every unsafe byte escaped as \xNN (see the file comment).
std::string escape_text(std::string_view text);

/// An output's name as messages print it: "standard output" for "-", otherwise the path escaped.
std::string printable_output_name(std::string_view path);

/// `field` as one CSV field: as it is, or in double quotes (with each quote doubled) when it holds a
/// comma, a double quote, a carriage return or a line feed.
std::string csv_field(std::string_view field);

}  // namespace swarmpath::cli
