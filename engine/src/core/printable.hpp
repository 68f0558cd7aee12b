// Showing untrusted text in an error message: every area that quotes input back (the grid's map
// checks, the io parsers, the bindings) uses this, so binary input can never put control characters on a terminal.
// Assumes nothing beyond the standard library.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace swarmpath {

/// At most `limit` bytes of `text` for an error message, each byte outside printable ASCII shown as
/// '?', followed by "..." when the text was cut.
inline std::string printable(std::string_view text, std::size_t limit) {
    std::string shown(text.substr(0, limit));
    for (char& character : shown) {
        const auto code = static_cast<unsigned char>(character);
        if (code < 32 || code >= 127) character = '?';
    }
    if (text.size() > limit) shown += "...";
    return shown;
}

/// A map or terrain letter for a message: quoted when printable, else as its byte value.
inline std::string describe_letter(char letter) {
    const auto code = static_cast<unsigned char>(letter);
    if (code < 33 || code >= 127) return "byte " + std::to_string(code);
    return std::string{'\'', letter, '\''};
}

}  // namespace swarmpath
