// The C API's wording of the engine's errors. The engine names its settings as placeholders
// (core/settings_words.hpp); a C caller knows them as swarmpath_settings fields, enumeration
// constants and parameter names, so every message that reaches swarmpath_last_error() is worded here.
#pragma once

#include <string>
#include <string_view>

#include "swarmpath/core/error.hpp"

namespace swarmpath::bindings {

/// A setting as a C caller names it: `moves 4`, `algorithm SWARMPATH_ALGORITHM_ASTAR`, `terrain_spec`.
std::string c_setting_wording(Setting setting, std::string_view value);

/// `error` described for a C caller, its settings in C words: "file:line:column: message" for a
/// file; "origin, character N: message" for a parameter's text (a column but no line).
std::string describe_for_c(const Error& error);

}  // namespace swarmpath::bindings
