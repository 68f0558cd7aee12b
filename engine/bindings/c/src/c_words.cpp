// The C API's wording of the engine's errors (see c_words.hpp): the engine writes each setting as
// a placeholder (core/settings_words.hpp); here a setting reads as its swarmpath_settings field or
// parameter name, and a value as its SWARMPATH_* constant where the C API has one.
#include "c_words.hpp"

#include <cctype>
#include <string_view>

namespace swarmpath::bindings {
namespace {

/// `prefix` + the value in capitals, `+` spelt `_PLUS` and `-` spelt `_`: "jps+" -> "..._JPS_PLUS".
std::string constant(std::string_view prefix, std::string_view value) {
    std::string text(prefix);
    for (char letter : value) {
        if (letter == '+') {
            text.append("_PLUS");
        } else if (letter == '-') {
            text.push_back('_');
        } else {
            text.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(letter))));
        }
    }
    return text;
}

}  // namespace

std::string c_setting_wording(Setting setting, std::string_view value) {
    switch (setting) {
        case Setting::algorithm:
            return value.empty() ? "algorithm" : "algorithm " + constant("SWARMPATH_ALGORITHM_", value);
        case Setting::diagonal_rule:
            return value.empty() ? "diagonal_rule" : "diagonal_rule " + constant("SWARMPATH_DIAGONAL_", value);
        case Setting::topology:
            return value.empty() ? "topology"
                                 : "topology " + constant("SWARMPATH_TOPOLOGY_", value == "octile" ? "square" : value);
        case Setting::fallback:
            // The C settings hold a flag: fallback_nearest nonzero.
            return value == "nearest" ? "fallback_nearest" : "fallback_nearest 0";
        case Setting::terrain:
            return "terrain_spec";
        case Setting::deadline:
            return value.empty() ? "deadline_ms" : "deadline_ms " + std::string(value);
        default:
            break;
    }
    std::string text(setting_key(setting));
    if (!value.empty()) text.append(" ").append(value);
    return text;
}

std::string describe_for_c(const Error& error) {
    // A parameter's text (a column but no line) is placed by character; a file by line and column.
    if (error.line == 0 && error.column != 0 && !error.file.empty()) {
        return error.file + ", character " + std::to_string(error.column) + ": " +
               word_message(error.message, c_setting_wording);
    }
    return error.describe(c_setting_wording);
}

}  // namespace swarmpath::bindings
