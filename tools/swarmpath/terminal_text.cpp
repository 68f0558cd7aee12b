// Escaping and CSV quoting (see terminal_text.hpp).
#include "terminal_text.hpp"

#include <cstdint>

namespace swarmpath::cli {
namespace {

/// Length of the valid UTF-8 sequence at the start of `text` that encodes a printable character
/// (not a C1 control, not a surrogate or overlong form), or 0.
std::size_t valid_sequence(std::string_view text) {
    const auto byte = [&](std::size_t index) { return static_cast<std::uint8_t>(text[index]); };
    const std::uint8_t lead = byte(0);
    std::size_t length = 0;
    std::uint32_t code = 0;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
        code = lead & 0x1FU;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        code = lead & 0x0FU;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        code = lead & 0x07U;
    } else {
        return 0;
    }
    if (text.size() < length) return 0;
    for (std::size_t index = 1; index < length; ++index) {
        if ((byte(index) & 0xC0U) != 0x80U) return 0;
        code = (code << 6U) | (byte(index) & 0x3FU);
    }
    const bool overlong = (length == 3 && code < 0x800) || (length == 4 && code < 0x10000);
    const bool surrogate = code >= 0xD800 && code <= 0xDFFF;
    const bool control = code >= 0x80 && code <= 0x9F;
    if (overlong || surrogate || control || code > 0x10FFFF) return 0;
    return length;
}

}  // namespace

std::string escape_text(std::string_view text) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string shown;
    shown.reserve(text.size());
    std::size_t position = 0;
    while (position < text.size()) {
        const auto code = static_cast<std::uint8_t>(text[position]);
        if (code >= 0x20 && code < 0x7F) {
            shown.push_back(static_cast<char>(code));
            ++position;
            continue;
        }
        if (const std::size_t length = code >= 0x80 ? valid_sequence(text.substr(position)) : 0; length != 0) {
            shown.append(text.substr(position, length));
            position += length;
            continue;
        }
        shown += "\\x";
        shown.push_back(kDigits[code >> 4U]);
        shown.push_back(kDigits[code & 0xFU]);
        ++position;
    }
    return shown;
}

std::string printable_output_name(std::string_view path) {
    return path == "-" ? std::string("standard output") : escape_text(path);
}

std::string csv_field(std::string_view field) {
    if (field.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(field);
    std::string quoted = "\"";
    for (char character : field) {
        if (character == '"') quoted.push_back('"');
        quoted.push_back(character);
    }
    quoted.push_back('"');
    return quoted;
}

}  // namespace swarmpath::cli
